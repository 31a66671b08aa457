# lib/core/: init and finalize, the environment, errors and error handlers, requests, the progress engine and completion (wait/test), handle conversion, the unsupported-function stubs.
# See lib/core/README.md for what it owns and what it may use.
libshmpi_la_SOURCES += \
	lib/core/errhandler.h lib/core/errors.h lib/core/global.h lib/core/lock.h \
	lib/core/object.h lib/core/progress.h lib/core/request.h lib/core/env.c \
	lib/core/errhandler.c lib/core/errors.c lib/core/handle_f2c.c lib/core/progress.c \
	lib/core/request.c lib/core/unsupported.c lib/core/wait_api.c
