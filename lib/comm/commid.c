/*
 * lib/comm/commid.c - seed 002, 6.3: MPI_Communicator_id.
 *
 * The id is the communicator's point-to-point context id (comm->ctx).
 * Context ids come from the job-wide counter in the segment (lib/comm/comm.h,
 * mpii_ctx_alloc): MPI_COMM_WORLD has 0, each process's MPI_COMM_SELF its
 * own, every other communicator the one its members agreed on, so an id
 * names one communicator across the whole job and is not reused at once
 * after a free.  Hence MPI_COMM_ID_IS_UNIQUE says MPI_COMM_ID_UNIQUE
 * (lib/attr/attr_api.c).  The counter steps by 2 (ctx + 1 is the collective
 * context), so ids are even; the seed asks only for uniqueness.
 */
#include "lib/comm/comm.h"
#include "lib/core/core.h"

int mpii_Communicator_id(const char *fn, MPI_Comm comm, int *id)
{
	if (!id)
		return mpii_err(comm, MPI_ERR_ARG, fn, "id is NULL");
	/* seed 6.3: past INT_MAX values wrap, only after all were used */
	*id = (int)(comm->ctx & 0x7fffffffu);
	return MPI_SUCCESS;
}
