# lib/io/: MPI-IO (issue 39): files, views, data access.  See
# lib/io/README.md and docs/io.md.
libshmpi_la_SOURCES += \
	lib/io/io.h lib/io/io_impl.h \
	lib/io/file_open.c lib/io/file_manage.c lib/io/file_errh.c \
	lib/io/file_view.c lib/io/datarep.c lib/io/file_access.c \
	lib/io/file_coll.c lib/io/file_aggr.c lib/io/file_shared.c
EXTRA_DIST += lib/io/README.md
# nonblocking access through io_uring (lib/io/file_nb.c)
libshmpi_la_SOURCES += lib/io/file_nb.c
libshmpi_la_CFLAGS += $(URING_CFLAGS)
libshmpi_la_LIBADD += $(URING_LIBS)
