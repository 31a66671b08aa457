/*
 * lib/ext/endpoint.h - what the rest of lib/ needs to know about endpoints
 * (seed 004, lib/ext/endpoint.c): which joined threads wait in MPI and can
 * lend a hand with a large copy (lib/p2p/p2p_cma_share.c).
 *
 * All three are called with the library lock held.
 */
#ifndef MPII_ENDPOINT_H
#define MPII_ENDPOINT_H

/* The calling thread enters / leaves mpii_progress_wait (outermost level);
 * counted while inside if it has joined. */
void mpii_endpoint_wait_begin(void);
void mpii_endpoint_wait_end(void);

/* Joined threads of this process waiting in MPI, not counting the caller. */
int mpii_endpoint_lenders(void);

#endif
