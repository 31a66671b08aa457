/*
 * lib/ext/endpoint.c - endpoints, seed 004 option 1: MPI_Endpoint_join and
 * MPI_Endpoint_leave.
 *
 * A thread joins the active group of its process (join is non-blocking: a
 * counter under the library lock).  Leave blocks until every endpoint active
 * in the process has called leave and the process's queued communication
 * has drained (nothing left in the transmit queue); a thread that joins
 * while others are leaving holds them until it leaves too.  The group then
 * dissolves (a generation number moves on) and the threads may join again.
 * While a leaver waits it drives progress through mpii_progress_wait, so it
 * serves the other endpoints' communication ("lends itself"): with the one
 * library lock every waiting thread does that, joined or not.  A joined
 * thread that waits in MPI (in leave or in any other wait) is also counted
 * as a lender (mpii_progress_set_lender; the progress engine counts the
 * lenders inside its waits): while there is one, a large copy made by
 * another thread is cut into chunks that the waiting threads copy in
 * parallel (lib/p2p/p2p_cma_share.c).
 *
 * Errors (MPI_ERR_THREAD): join below MPI_THREAD_MULTIPLE, a second join
 * by the same thread, leave without join.
 */
#include "lib/core/core.h"
#include "lib/p2p/p2p.h"

/* Protected by the library lock. */
static int ep_active;         /* joined and not yet released */
static int ep_leaving;        /* of those, inside leave */
static unsigned ep_generation;

/* The calling thread has joined (read only by join and leave). */
static __thread int ep_joined;

int mpii_Endpoint_join(const char *fn)
{
	if (!mpii_g.multi)
		return mpii_err(NULL, MPI_ERR_THREAD, fn,
				"endpoints require MPI_THREAD_MULTIPLE");
	if (ep_joined)
		return mpii_err(NULL, MPI_ERR_THREAD, fn, "this thread has already joined");
	mpii_lock();
	ep_active++;
	mpii_unlock();
	ep_joined = 1;
	mpii_progress_set_lender(1);
	return MPI_SUCCESS;
}

static int leave_done(void *arg)
{
	unsigned gen = *(unsigned *)arg;
	return ep_generation != gen && !mpii_p2p_tx_pending();
}

int mpii_Endpoint_leave(const char *fn)
{
	if (!ep_joined)
		return mpii_err(NULL, MPI_ERR_THREAD, fn,
				"the calling thread has not joined (MPI_Endpoint_join)");
	mpii_lock();
	unsigned gen = ep_generation;
	if (++ep_leaving == ep_active) {
		/* The last one: the group dissolves, release the others. */
		ep_active = ep_leaving = 0;
		ep_generation++;
		mpii_progress_wake_local();
	}
	mpii_progress_wait(leave_done, &gen, -1);
	mpii_unlock();
	ep_joined = 0;
	mpii_progress_set_lender(0);
	return MPI_SUCCESS;
}
