# lib/tools/: the MPI tools interface (MPI_T): control variables over the configuration table, performance variables over the library's counters, categories, event sources and events.
# See lib/tools/README.md for what it owns and what it may use.
libshmpi_la_SOURCES += \
	lib/tools/tools.h lib/tools/mpit_env.c lib/tools/mpit_cvar.c lib/tools/mpit_pvar.c \
	lib/tools/mpit_category.c lib/tools/mpit_event.c
EXTRA_DIST += lib/tools/README.md
