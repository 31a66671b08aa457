# lib/ext/: the seeds' extensions: request handlers, meta and generalized requests, request types, the loose barrier, global mutexes and condition variables, endpoints.
# See lib/ext/README.md for what it owns and what it may use.
libshmpi_la_SOURCES += \
	lib/ext/ext.h lib/ext/greq.h lib/ext/handler.h lib/ext/sync.h \
	lib/ext/barrier_loose.c lib/ext/cond.c lib/ext/endpoint.c lib/ext/greq.c \
	lib/ext/handler.c lib/ext/metareq.c lib/ext/mutex.c lib/ext/reqtype.c
EXTRA_DIST += lib/ext/README.md
