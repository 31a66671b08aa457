/*
 * lib/p2p/p2p_progress.c - what the progress engine (lib/core/progress.c)
 * asks of point-to-point, through lib/p2p/p2p.h: one pass over the rings,
 * whether a waiter must stay awake, and the waiting threads' share of the
 * large single copies.  The engine knows nothing of the tx queues or the
 * shared copy jobs behind these calls.
 *
 * All run with the library lock held (mpii_p2p_help_copy drops it around
 * the copies).
 */
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

int mpii_p2p_progress(int hint_peer, int copy_shared)
{
	int did = mpii_p2p_poll_incoming(hint_peer);
	if (mpii_p2p.ntx_active)
		did |= mpii_p2p_push();
	if (mpii_cma_share_busy())
		did |= mpii_cma_share_progress(copy_shared);
	return did;
}

int mpii_p2p_tx_pending(void)
{
	return mpii_p2p.ntx_active != 0;
}

int mpii_p2p_busy(void)
{
	return mpii_p2p.ntx_active || mpii_cma_share_busy();
}

int mpii_p2p_help_copy(void)
{
	if (!mpii_cma_share_busy() || !mpii_cma_share_claimable())
		return 0;
	mpii_unlock();
	while (mpii_cma_share_help())
		;
	mpii_lock();
	return 1;
}
