# lib/core/: init and finalize, the environment, errors and error handlers, requests, the progress engine and completion (wait/test), handle conversion, the unsupported-function stubs, the generated entry points and large-count forms.
# See lib/core/README.md for what it owns and what it may use.
libshmpi_la_SOURCES += \
	lib/core/core.h lib/core/errhandler.h lib/core/errors.h lib/core/global.h lib/core/lock.h \
	lib/core/object.h lib/core/pool.h lib/core/progress.h lib/core/request.h lib/core/stuck.h lib/core/env.c \
	lib/core/errhandler.c lib/core/errors.c lib/core/handle_f2c.c lib/core/pool.c lib/core/progress.c \
	lib/core/request.c lib/core/segv.c lib/core/segv.h lib/core/stuck.c lib/core/unsupported.c lib/core/wait_api.c \
	lib/core/foreign.c lib/core/env.h lib/core/session.c lib/core/session.h lib/core/hwtopo.c lib/core/hwtopo.h \
	lib/core/entry.c lib/core/entry.h lib/core/large.c lib/core/large.h lib/core/large_util.c
EXTRA_DIST += lib/core/README.md

# lib/core/entry.c and entry.h are generated from api/mpi.api like the files
# of api/local.mk (written into the source tree, shipped, not tracked); that
# file is included after this one, hence the paths spelled out here.
BUILT_SOURCES += $(srcdir)/lib/core/entry.c $(srcdir)/lib/core/entry.h $(srcdir)/lib/core/large.c
$(srcdir)/lib/core/entry.c: $(srcdir)/api/mpi.api $(srcdir)/api/gen-api.py
	$(AM_V_GEN)$(PYTHON3) $(srcdir)/api/gen-api.py $(srcdir)/api/mpi.api entry.c >$@-t && mv -f $@-t $@
$(srcdir)/lib/core/entry.h: $(srcdir)/api/mpi.api $(srcdir)/api/gen-api.py
	$(AM_V_GEN)$(PYTHON3) $(srcdir)/api/gen-api.py $(srcdir)/api/mpi.api entry.h >$@-t && mv -f $@-t $@
$(srcdir)/lib/core/large.c: $(srcdir)/api/mpi.api $(srcdir)/api/gen-api.py
	$(AM_V_GEN)$(PYTHON3) $(srcdir)/api/gen-api.py $(srcdir)/api/mpi.api large.c >$@-t && mv -f $@-t $@
