# lib/attr/: caching (keyvals and attributes on every handle kind), names, info objects.
# See lib/attr/README.md for what it owns and what it may use.
libshmpi_la_SOURCES += \
	lib/attr/attr.h lib/attr/info.h lib/attr/attr.c lib/attr/attr_api.c \
	lib/attr/attr_handle.c lib/attr/attr_predefined.c lib/attr/attr_win.c lib/attr/info.c \
	lib/attr/name.c
EXTRA_DIST += lib/attr/README.md
