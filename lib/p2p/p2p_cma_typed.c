/*
 * lib/p2p/p2p_cma_typed.c - single copies between buffers of any datatype:
 * process_vm_readv/writev of a byte range of a message whose sender or
 * receiver (or both) lays it out in several pieces, and the datatypes of
 * peers rebuilt from the descriptions they send.
 *
 * A side of a copy is (datatype, count, base address) in the memory of its
 * process.  The iovecs of a byte range of the message come from
 * mpii_type_iov, at most IOV_MAX a side and system call: the remote side's
 * batch is cut to the bytes the local side's batch covers, so that every
 * call moves the same bytes on both sides and the next batch starts where
 * it ended.
 *
 * Why a threshold.  The kernel pins the pages of each remote iovec in a
 * pass of its own (about 0.2 us per remote iovec on the development VM,
 * 30 ns per local one), so a type of small pieces is much slower copied
 * this way than packed through the ring (8-byte pieces: milliseconds for
 * 1 MiB).  Only contiguous types and types whose pieces average at least
 * SHMPI_CMA_IOV_MIN bytes take this path (mpii_cma_iov_worth); the sender
 * offers its address only for those, the receiver reads only into those.
 *
 * The peer's type.  A TYPED RTS (or CTS+SPLIT) carries the binary
 * description of the sender's (receiver's) datatype.  Rebuilding one
 * allocates and commits a type, so each peer keeps the last type rebuilt
 * from its RTS and the last from its CTS, keyed by the description's
 * bytes: a loop of sends of one type rebuilds it once.  A rebuilt type is
 * only used inside the handler of the message that named it (the copy is
 * made there), so replacing it never pulls a type from under a copy.  The
 * library lock protects the caches.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

int mpii_cma_iov_worth(const struct mpii_datatype *dt)
{
	if (dt->flags & MPII_DT_CONTIG)
		return 1;
	return dt->pieces > 0 && dt->size / dt->pieces >= (MPI_Count)mpii_g.cfg.cma_iov_min;
}

/* Keep the first `bytes` bytes of the n iovecs; returns how many remain. */
static int cut(struct iovec *iov, int n, MPI_Count bytes)
{
	for (int i = 0; i < n; i++) {
		if ((MPI_Count)iov[i].iov_len >= bytes) {
			iov[i].iov_len = (size_t)bytes;
			return i + 1;
		}
		bytes -= (MPI_Count)iov[i].iov_len;
	}
	return n;
}

static int iov_of(const struct mpii_cma_side *s, MPI_Count off, MPI_Count len, struct iovec *iov,
		  MPI_Count *covered)
{
	return mpii_type_iov(s->dt, s->count, (const void *)s->base, off, len, iov, IOV_MAX, covered);
}

int mpii_cma_copy(pid_t pid, int write, const struct mpii_cma_side *local,
		  const struct mpii_cma_side *remote, MPI_Count off, MPI_Count len)
{
	struct iovec liov[IOV_MAX], riov[IOV_MAX];
	while (len > 0) {
		MPI_Count rcov, lcov;
		int nr = iov_of(remote, off, len, riov, &rcov);
		int nl = iov_of(local, off, rcov, liov, &lcov);
		if (lcov <= 0)
			mpii_abort_job(MPI_ERR_INTERN, "a single copy beyond the end of a buffer");
		nr = cut(riov, nr, lcov);
		ssize_t done = write ? process_vm_writev(pid, liov, (unsigned long)nl, riov, (unsigned long)nr, 0)
				     : process_vm_readv(pid, liov, (unsigned long)nl, riov, (unsigned long)nr, 0);
		if (done != (ssize_t)lcov)
			return -1;
		off += lcov;
		len -= lcov;
	}
	return 0;
}

static void forget(struct mpii_peer_type *c)
{
	if (c->dt)
		mpii_type_unref(c->dt);
	free(c->desc);
	c->desc = NULL;
	c->len = 0;
	c->dt = NULL;
}

/* The type described by desc[0..len), rebuilt at most once in a row. */
static int peer_type(struct mpii_peer_type *c, const void *desc, size_t len, const struct mpii_datatype **dt)
{
	if (c->dt && c->len == len && memcmp(c->desc, desc, len) == 0) {
		*dt = c->dt;
		return MPI_SUCCESS;
	}
	char *copy = malloc(len);
	struct mpii_datatype *t;
	if (!copy)
		return MPI_ERR_NO_MEM;
	int rc = mpii_type_from_wire(desc, len, &t);
	if (rc) {
		free(copy);
		return rc;
	}
	memcpy(copy, desc, len);
	forget(c);
	c->desc = copy;
	c->len = len;
	c->dt = t;
	*dt = t;
	return MPI_SUCCESS;
}

int mpii_cma_peer_side(const struct mpii_msg_hdr *h, const void *desc, int world_src, MPI_Count bytes,
		       struct mpii_cma_side *side)
{
	side->base = (uintptr_t)h->raddr;
	if (!(h->flags & MPII_MSGF_TYPED)) {
		/* Contiguous: the bytes start at raddr. */
		side->dt = MPI_BYTE;
		side->count = bytes;
		return MPI_SUCCESS;
	}
	struct mpii_peer *p = &mpii_p2p.peers[world_src];
	struct mpii_peer_type *c = h->type == MPII_MSG_RTS ? &p->rts_type : &p->cts_type;
	int rc = peer_type(c, desc, h->extra, &side->dt);
	if (rc)
		return rc;
	/* The elements that hold the first `bytes` bytes: all the sender's
	 * (len is count * size), or as many of the receiver's as the message
	 * fills. */
	MPI_Count size = side->dt->size;
	side->count = size > 0 ? (bytes + size - 1) / size : 0;
	return MPI_SUCCESS;
}

void mpii_cma_types_release(void)
{
	for (int i = 0; i < mpii_g.nmembers; i++) {
		forget(&mpii_p2p.peers[i].rts_type);
		forget(&mpii_p2p.peers[i].cts_type);
	}
}
