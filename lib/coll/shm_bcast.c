/*
 * lib/coll/shm_bcast.c - broadcast of messages too large for the parity
 * buffers of lib/coll/shm.c, through the large-message area of the
 * segment (mpii_shm_big: n + 1 pieces).
 *
 * The message goes in pieces; piece k has the next flag sequence number
 * s0 + k and area buffer k mod (n + 1).  The root packs piece k into its
 * buffer once every member announced s0 + k - n - 1 (it has read the
 * piece that last used the buffer), then announces s0 + k and rings; a reader
 * waits for the root's flag to reach s0 + k, unpacks, announces.  So the
 * root runs up to n + 1 pieces ahead and a reader copies each byte once:
 * on 8 ranks sharing 2 cores this replaces the binomial tree's three
 * rounds of rendezvous (and their context switches) with one pass.
 *
 * Before the first piece every member must be done with the operations
 * before this bcast (another large bcast or allreduce may still be read
 * out of the area): one wait on the flags, free in a loop of large
 * broadcasts except for the root, which waits for its slowest reader.
 */
#include "lib/coll/coll.h"
#include "lib/core/core.h"

int mpii_shm_bcast_large(void *buf, MPI_Count count, struct mpii_datatype *dt, int root,
			 struct mpii_comm *c)
{
	struct mpii_coll_state *cs = mpii_shm_ready(c);
	if (!cs || !mpii_shm_big(c, cs))
		return MPII_SHM_DECLINED;
	int n = c->size, me = c->rank;
	MPI_Count bytes = count * dt->size, piece = (MPI_Count)cs->big_piece;
	uint64_t s0 = cs->seq + 1;
	if (me == root)
		mpii_shm_wait_all(cs, n, cs->seq);
	for (MPI_Count off = 0, k = 0; off < bytes; off += piece, k++) {
		MPI_Count len = bytes - off < piece ? bytes - off : piece;
		uint64_t s = ++cs->seq;
		char *area = (char *)cs->big + (size_t)(k % (n + 1)) * cs->big_piece;
		if (me == root) {
			/* Buffer k mod (n + 1) was last read for piece k - n - 1,
			 * or, for k = n (the allreduce's result buffer), before
			 * this bcast: everybody reading piece 0 shows that. */
			if (k >= n)
				mpii_shm_wait_all(cs, n, k == n ? s0 : s - (uint64_t)n - 1);
			mpii_type_pack(dt, count, buf, off, area, len);
			mpii_shm_stamp(cs, n, (int)(k % (n + 1)), s, root, area, (size_t)len);
			mpii_shm_announce(cs, n, me, s, 1);
		} else {
			mpii_shm_wait_one(cs, n, root, s);
			mpii_shm_check(c, cs, (int)(k % (n + 1)), s, root, area, (size_t)len);
			mpii_type_unpack(dt, count, buf, off, area, len);
			mpii_shm_announce(cs, n, me, s, 0);
		}
	}
	return MPI_SUCCESS;
}
