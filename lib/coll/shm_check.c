/*
 * lib/coll/shm_check.c - trust in the large-message area of the segment
 * (mpii_shm_big: n + 1 pieces, used by the large bcast, allreduce, reduce
 * and allgather), which every rank can write.
 *
 * Always on, and cheap (a line store per piece written, a line load per
 * piece read, against 64 KiB copied): each buffer of the area, and each
 * chunk of the allreduce's result, has a stamp line after the pieces: the
 * sequence number of the operation that last wrote it and the rank that
 * wrote it.  The writer stamps after its bytes and before the flag
 * announce that releases them; a reader, after the flag it waited for,
 * checks that the stamp names the sequence and the writer it expects.  A
 * scribbled flag that let a reader in before the writer (the stamp is
 * still the last operation's) or a scribbled stamp ends the job with a
 * message naming the collective, the communicator, the writer and the
 * reader, instead of a silent wrong result.
 *
 * SHMPI_COLL_CHECKSUM=1 (a debug mode): the writer also stores a checksum
 * of its bytes in the stamp, and every reader verifies it before using
 * them, so that a scribble over the data itself is caught too.  It costs a
 * pass over each piece by its writer and by each reader.  The same mode
 * checksums the contributions of the small paths that go through each
 * member's own part of the collective area (lib/coll/shm.c: the flag
 * line's inline data, the parity slots, the stamped lines of
 * shm_exchange.c) and of the persistent plans (coll_persist_shm.c):
 * mpii_shm_sum and mpii_shm_sum_check.  What it does not cover: the
 * queues (shm_queue.c, shm_rqueue.c), written by whichever member is the
 * root; see docs/reliability.md.
 */
#include <stdio.h>
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/comm/comm.h"
#include "lib/core/core.h"

struct mpii_shm_stamp {
	shm_cacheline_aligned _Atomic uint64_t seq;
	_Atomic uint64_t owner;         /* the writer's rank in the communicator + 1 */
	_Atomic uint64_t sum;           /* SHMPI_COLL_CHECKSUM: of the bytes */
};
_Static_assert(sizeof(struct mpii_shm_stamp) == SHM_CACHELINE, "a stamp per line");

size_t mpii_shm_stamps_bytes(int n)
{
	return (size_t)(2 * n + 1) * sizeof(struct mpii_shm_stamp);
}

/* A Fletcher-style sum of 64-bit words: order-sensitive, so a swap of
 * two words counts too. */
static uint64_t checksum(const void *p, size_t len)
{
	const unsigned char *b = p;
	uint64_t a = 0x9e3779b97f4a7c15ULL, c = (uint64_t)len;
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, b + i, 8);
		a += w;
		c += a;
	}
	uint64_t t = 0;
	memcpy(&t, b + i, len - i);
	a += t;
	c += a;
	return a ^ (c << 1 | c >> 63);
}

uint64_t mpii_shm_sum(const void *p, size_t len)
{
	return checksum(p, len);
}

static struct mpii_shm_stamp *stamp_of(struct mpii_coll_state *cs, int n, int buf)
{
	return (struct mpii_shm_stamp *)((char *)cs->big + (size_t)(n + 1) * cs->big_piece) + buf;
}

void mpii_shm_stamp(struct mpii_coll_state *cs, int n, int buf, uint64_t seq, int owner, const void *p,
		    size_t len)
{
	struct mpii_shm_stamp *st = stamp_of(cs, n, buf);
	/* Relaxed: the flag announce after it (seq_cst) releases the stamp
	 * with the bytes; the reader reads it after its acquire of the flag. */
	if (mpii_coll_cfg.checksum)
		shm_store_relaxed(&st->sum, checksum(p, len));
	shm_store_relaxed(&st->owner, (uint64_t)owner + 1);
	shm_store_relaxed(&st->seq, seq);
}

static const char *comm_name(const struct mpii_comm *c, char *buf, size_t len);

void mpii_shm_sum_check(struct mpii_comm *c, int owner, uint64_t sum, const void *p, size_t len)
{
	if (sum == checksum(p, len))
		return;
	char why[512], cname[192];
	const char *call = mpii_stuck.call ? mpii_stuck.call : "a collective";
	snprintf(why, sizeof(why), "SHMPI_COLL_CHECKSUM: %s on %s: the contribution of rank %d, read "
		 "by rank %d, does not match its checksum (%zu bytes; the shared segment was "
		 "overwritten)", call, comm_name(c, cname, sizeof(cname)), owner, c->rank, len);
	mpii_abort_job(MPI_ERR_INTERN, why);
}

static const char *comm_name(const struct mpii_comm *c, char *buf, size_t len)
{
	if (c == &mpii_obj_comm_world)
		return "MPI_COMM_WORLD";
	if (c == &mpii_obj_comm_self)
		return "MPI_COMM_SELF";
	if (c->name[0])
		snprintf(buf, len, "communicator \"%s\"", c->name);
	else
		snprintf(buf, len, "a communicator of %d ranks (context %u)", c->size, (unsigned)c->ctx);
	return buf;
}

void mpii_shm_check(struct mpii_comm *c, struct mpii_coll_state *cs, int buf, uint64_t seq, int owner,
		    const void *p, size_t len)
{
	int n = c->size;
	struct mpii_shm_stamp *st = stamp_of(cs, n, buf);
	/* Relaxed: after the acquire of the writer's flag (see _stamp). */
	uint64_t s = shm_load_relaxed(&st->seq), o = shm_load_relaxed(&st->owner);
	char why[512], cname[192];
	const char *call = mpii_stuck.call ? mpii_stuck.call : "a collective";
	if (s != seq || o != (uint64_t)owner + 1) {
		snprintf(why, sizeof(why), "the shared segment was overwritten: %s on %s: the contribution of "
			 "rank %d, read by rank %d, is stamped sequence %llu by rank %lld, not sequence %llu by "
			 "rank %d (a scribbled stamp, or a scribbled flag that let the reader in early)",
			 call, comm_name(c, cname, sizeof(cname)), owner, c->rank, (unsigned long long)s,
			 (long long)o - 1, (unsigned long long)seq, owner);
		mpii_abort_job(MPI_ERR_INTERN, why);
	}
	if (mpii_coll_cfg.checksum && shm_load_relaxed(&st->sum) != checksum(p, len)) {
		snprintf(why, sizeof(why), "SHMPI_COLL_CHECKSUM: %s on %s: the contribution of rank %d, read "
			 "by rank %d, does not match its checksum (%zu bytes; the shared segment was "
			 "overwritten)", call, comm_name(c, cname, sizeof(cname)), owner, c->rank, len);
		mpii_abort_job(MPI_ERR_INTERN, why);
	}
}
