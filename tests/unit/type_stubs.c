/*
 * tests/unit/type_stubs.c - the few core services the type engine calls,
 * for unit tests and the fuzz target that link the engine's sources
 * without the rest of the library (no MPI_Init, no segment).
 *
 * mpii_err records the last error class and message (type_stub_last_*)
 * and returns the class, as MPI_ERRORS_RETURN would.
 */
#include <stdarg.h>
#include <stdio.h>
#include "lib/attr/attr.h"
#include "lib/comm/comm.h"
#include "lib/core/errors.h"
#include "lib/core/global.h"
#include "lib/core/lock.h"

struct mpii_global mpii_g = { .initialized = 1 };
pthread_mutex_t mpii_big_lock = PTHREAD_MUTEX_INITIALIZER;
__thread struct mpii_stuck_note mpii_stuck __attribute__((tls_model("initial-exec")));
static _Atomic uint64_t stub_calls;
_Atomic uint64_t *mpii_stuck_calls = &stub_calls;
struct mpii_comm mpii_obj_comm_world = { .magic = MPII_MAGIC_COMM };
struct mpii_comm mpii_obj_comm_self = { .magic = MPII_MAGIC_COMM };
struct mpii_comm mpii_obj_comm_universal = { .magic = MPII_MAGIC_COMM };

int type_stub_last_class;
char type_stub_last_msg[512];

int mpii_err(MPI_Comm comm, int errcode, const char *fn, const char *detail, ...)
{
	va_list ap;
	int n = snprintf(type_stub_last_msg, sizeof(type_stub_last_msg), "%s: ", fn);
	va_start(ap, detail);
	vsnprintf(type_stub_last_msg + n, sizeof(type_stub_last_msg) - (size_t)n, detail, ap);
	va_end(ap);
	type_stub_last_class = errcode;
	return errcode;
}

int mpii_err_init(const char *fn)
{
	return mpii_err(NULL, MPI_ERR_OTHER, fn, "called outside MPI_Init..MPI_Finalize");
}

int mpii_attr_copy_type(struct mpii_datatype *old, struct mpii_datatype *new)
{
	return MPI_SUCCESS;
}

int mpii_attr_delete_all_type(struct mpii_datatype *dt)
{
	return MPI_SUCCESS;
}
