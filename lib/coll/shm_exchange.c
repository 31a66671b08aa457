/*
 * lib/coll/shm_exchange.c - every member's contribution to every member:
 * the exchange under small allreduce, reduce_scatter, allgather and
 * alltoall, with contributions of 25 to MPII_STAMPED_MAX bytes in lines
 * that carry their own stamps.
 *
 * Through the parity buffers of lib/coll/shm.c a member writes its
 * contribution, announces s on its flag line and waits for every flag; a
 * reader then reads the data, so a contribution that does not fit the
 * flag line (24 bytes) costs two line transfers one after the other: the
 * flag's, then the data's (allreduce np=2 32-256 B 0.76-0.78 us, 8 B 0.43;
 * Open MPI 0.58-0.66).
 *
 * Here each member has, per parity, MPII_STAMPED_LINES lines of
 * SHM_CACHELINE - 8 data bytes after an 8-byte stamp:
 *
 *   writer: every member has started s - 1 (so all have read s - 2, the
 *           last use of this parity), else wait for flags >= s - 1; for
 *           each line: data, then stamp = s (S: release); announce s on
 *           the flag line (others wait on flags) and ring every sleeping
 *           member.
 *   reader: wait until the lines it reads of every member (all, or
 *           those of its own block for alltoall and reduce_scatter)
 *           hold stamp s (T: seq_cst loads, so a sleeper's re-check
 *           pairs with the last announcer's ring as in lib/coll/shm.c);
 *           copy them out.
 *
 * A reader's loads of the lines are independent, so their transfers
 * overlap: one transfer's latency whatever the size.  Seeing every
 * member's stamp s also says every member has started s, which is the
 * next exchange's condition (started_seen), so back-to-back exchanges
 * read no flag.  The lines are in each member's part of the area of
 * lib/coll/shm.c (fresh memory at set-up, zero: a stale stamp is always
 * older than s, never equal), so they are single-writer like the flags.
 */
#include <string.h>
#include "lib/coll/coll.h"
#include "lib/core/core.h"

#define LINE_DATA (SHM_CACHELINE - sizeof(uint64_t))

struct stamped_line {
	shm_cacheline_aligned _Atomic uint64_t stamp;
	char data[LINE_DATA];
};
_Static_assert(sizeof(struct stamped_line) == SHM_CACHELINE, "a stamp per line");
_Static_assert(MPII_STAMPED_MAX == MPII_STAMPED_LINES * LINE_DATA, "coll.h agrees");

static size_t nlines(size_t bytes)
{
	return (bytes + LINE_DATA - 1) / LINE_DATA;
}

/* The bytes of a contribution of `bytes` that the line at `off` holds. */
static size_t line_bytes(size_t bytes, size_t off)
{
	return bytes - off < LINE_DATA ? bytes - off : LINE_DATA;
}

/* Member r's lines for exchange s, in its part of the area (written by
 * it alone, lib/coll/shm.c). */
static struct stamped_line *lines_of(struct mpii_coll_state *cs, int n, uint64_t s, int r)
{
	(void)n;
	return (struct stamped_line *)(cs->parts + (size_t)r * cs->part + MPII_SHM_STAMPED_OFF) +
	       (size_t)(s & 1) * MPII_STAMPED_LINES;
}

/* Whether exchange of `bytes` goes stamped; the same answer on every
 * member (sizes alike; the lines are in every part of the area). */
static int stamped_ready(struct mpii_comm *c, struct mpii_coll_state *cs, size_t bytes)
{
	(void)cs;
	return bytes > MPII_SHM_INLINE_MAX && bytes <= MPII_STAMPED_MAX && c->size <= MPII_STAMPED_MEMBERS;
}

struct stamp_wait {
	struct mpii_coll_state *cs;
	int n, next;            /* members below next are known to be in */
	size_t first, lines;    /* the lines of each member we read */
	uint64_t s;
};

static int stamps_in(void *arg)
{
	struct stamp_wait *w = arg;
	for (; w->next < w->n; w->next++) {
		struct stamped_line *l = lines_of(w->cs, w->n, w->s, w->next);
		for (size_t i = w->first; i < w->first + w->lines; i++)
			/* T: seq_cst, pairs with S (the data of a line is there
			 * once its stamp is) and with the doorbell's F. */
			if (shm_load_seq_cst(&l[i].stamp) != w->s)
				return 0;
	}
	return 1;
}

static void stamped_exchange(struct mpii_comm *c, struct mpii_coll_state *cs, const char *from,
			     struct mpii_shm_xchg *x)
{
	int n = c->size, me = c->rank;
	uint64_t s = x->s;
	size_t bytes = x->bytes, k = nlines(bytes);
	if (cs->started_seen < s - 1)
		mpii_shm_wait_all(cs, n, s - 1);
	struct stamped_line *l = lines_of(cs, n, s, me);
	for (size_t i = 0, off = 0; i < k; i++, off += LINE_DATA) {
		size_t len = line_bytes(bytes, off);
		/* A whole line with a constant size: a few vector moves, where
		 * the bounded variable size became a loop of 8-byte moves
		 * (~50 instructions a line, callgrind).  `from` may be the
		 * caller's buffer: nothing past its end is read. */
		if (len == LINE_DATA)
			memcpy(l[i].data, from + off, LINE_DATA);
		else
			memcpy(l[i].data, from + off, len);
		/* S: release, after the line's data (and, for the first line,
		 * after the sum below). */
		if (i == 0 && mpii_coll_cfg.checksum)
			shm_store_relaxed(mpii_shm_sum_of(cs, s, me), mpii_shm_sum(from, bytes));
		shm_store_release(&l[i].stamp, s);
	}
	/* Announce s for the protocols that wait on flags, and ring whoever
	 * sleeps (on our stamps or our flag) without reading the others'
	 * flags: that load missed on every exchange (their announce of the
	 * last one moved the line), a transfer on the way. */
	mpii_shm_announce_ring(cs, n, me, s);
	/* Only the lines that hold the part we read: an alltoall's or
	 * reduce_scatter's block of every member (np=2 alltoall 256 B blocks:
	 * 5-6 of each member's 10 lines).  At least one line of every member,
	 * so that its stamp says it started s: with nothing to read, the
	 * first (an empty block's offset may lie past the last line, which
	 * no member stamps). */
	size_t first = x->want_len ? x->want_off / LINE_DATA : 0;
	size_t last = x->want_len ? (x->want_off + x->want_len - 1) / LINE_DATA : 0;
	struct stamp_wait w = { cs, n, 0, first, last - first + 1, s };
	if (!stamps_in(&w))
		mpii_progress_wait(stamps_in, &w, -1);
	cs->started_seen = s;
	/* Every member has started s, so has read its lines of s - 1: ask
	 * for ours of that parity (the next exchange's) in exclusive state
	 * now, so that the seq_cst store of its announce does not wait for
	 * their transfers. */
	shm_prefetch_write_lines(lines_of(cs, n, s + 1, me), k * sizeof(struct stamped_line));
	/* Whole lines (constant size, as above): a member's last line may
	 * spill up to LINE_DATA - 1 bytes of padding past its part, into the
	 * next member's, written after it, or into buf's slack. */
	for (int r = 0; r < n; r++) {
		struct stamped_line *in = lines_of(cs, n, s, r);
		for (size_t i = first, off = first * LINE_DATA; i <= last; i++, off += LINE_DATA)
			memcpy(x->buf + (size_t)r * bytes + off, in[i].data, LINE_DATA);
	}
	x->local = x->buf;
	/* Only a reader that copied every line can check a sum of them all. */
	if (mpii_coll_cfg.checksum && first == 0 && last == k - 1)
		mpii_shm_xchg_check(c, cs, x);
}

void mpii_shm_xchg_check(struct mpii_comm *c, struct mpii_coll_state *cs, struct mpii_shm_xchg *x)
{
	int n = c->size;
	/* Our own part too: the fold reads it back from the segment, where
	 * another rank may have overwritten it after we wrote it (checking
	 * only the others' let this rank return the scribble while they
	 * caught it). */
	for (int r = 0; r < n; r++)
		/* Relaxed: after the seq_cst loads of r's stamps or flag, which
		 * its sum precedes (our own: program order). */
		mpii_shm_sum_check(c, r, shm_load_relaxed(mpii_shm_sum_of(cs, x->s, r)),
				   mpii_shm_xchg_part(cs, n, x, r), x->bytes);
}

void mpii_shm_exchange(struct mpii_comm *c, struct mpii_coll_state *cs, const void *src,
		       MPI_Count count, struct mpii_datatype *dt, size_t bytes, size_t want_off,
		       size_t want_len, struct mpii_shm_xchg *x)
{
	int n = c->size, me = c->rank;
	x->s = ++cs->seq;
	x->bytes = bytes;
	x->want_off = want_off;
	x->want_len = want_len;
	x->local = NULL;
	if (stamped_ready(c, cs, bytes)) {
		char packed[MPII_STAMPED_MAX];
		if (dt)
			mpii_type_pack(dt, count, src, 0, packed, (MPI_Count)bytes);
		stamped_exchange(c, cs, dt ? packed : src, x);
		return;
	}
	if (!mpii_shm_put(cs, n, me, x->s, src, count, dt, bytes))
		mpii_shm_wait_all(cs, n, x->s);
	if (mpii_coll_cfg.checksum)
		mpii_shm_xchg_check(c, cs, x);
}
