/*
 * lib/ext/barrier_loose.c - MPI_Barrier_loose (seed 003 §5): returns after every
 * member of comm entered it, and while it waits it keeps serving
 * communication and handlers, including requests that handlers create.
 *
 * Dissemination barrier: ceil(log2 n) rounds; in round k a member sends an
 * empty message to rank + 2^k and receives one from rank - 2^k.  Messages
 * use the collective context (comm->ctx + 1) with the private tags
 * MPII_BARRIER_LOOSE_TAG + k (0x7ff00000 and up, above anything the
 * collectives use), so they never match user or collective traffic; FIFO
 * matching keeps successive barriers apart.  Waiting is
 * mpii_progress_wait, which drops the library lock between polls: the
 * handler thread (lib/ext/handler.c) and other threads keep running handlers
 * and the requests they start.
 */
#include "lib/comm/comm.h"
#include "lib/core/core.h"
#include "lib/p2p/p2p.h"

#define MPII_BARRIER_LOOSE_TAG 0x7ff00000

struct pair {
	struct mpii_request *s, *r;
};

static int pair_done(void *arg)
{
	struct pair *p = arg;
	/* Acquire: pairs with the release in mpii_request_complete. */
	return shm_load_acquire(&p->s->done) &&
	       shm_load_acquire(&p->r->done);
}

int mpii_Barrier_loose(const char *fn, MPI_Comm comm)
{
	int n = comm->size, me = comm->rank;
	int rc = MPI_SUCCESS;
	mpii_lock();
	for (int k = 0, d = 1; d < n && !rc; k++, d <<= 1) {
		struct pair p = { NULL, NULL };
		int tag = MPII_BARRIER_LOOSE_TAG + k;
		rc = mpii_irecv(NULL, 0, MPI_BYTE, (me - d + n) % n, tag, comm, comm->ctx + 1, &p.r);
		if (rc)
			break;
		rc = mpii_isend(NULL, 0, MPI_BYTE, (me + d) % n, tag, comm, comm->ctx + 1,
				MPII_MODE_STANDARD, &p.s);
		if (rc) {
			mpii_wait(p.r, MPI_STATUS_IGNORE);
			break;
		}
		int from = (me - d + n) % n;
		mpii_stuck_epoch(MPII_STUCK_LOOSE, comm, NULL, from, mpii_comm_peer_world(comm, from), k + 1);
		mpii_progress_wait(pair_done, &p, -1);
		mpii_wait(p.s, MPI_STATUS_IGNORE);
		mpii_wait(p.r, MPI_STATUS_IGNORE);
	}
	mpii_unlock();
	return rc ? mpii_err(comm, rc, fn, "barrier failed") : MPI_SUCCESS;
}
