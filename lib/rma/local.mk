# lib/rma/: one-sided communication (issue 16): windows, RMA operations and
# their synchronisation.  See lib/rma/README.md and docs/rma.md.
libshmpi_la_SOURCES += \
	lib/rma/rma.h lib/rma/rma_impl.h lib/rma/rma_atomic.h \
	lib/rma/win_create.c lib/rma/win_api.c lib/rma/win_sync.c \
	lib/rma/rma_put.c lib/rma/rma_acc.c lib/rma/rma_atomic.c
EXTRA_DIST += lib/rma/README.md
