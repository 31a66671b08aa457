/*
 * lib/datatype/type_core.c - datatype objects and what the transport calls on them:
 * checks, references, and packing of a byte range of the packed stream.
 *
 * Lifetime: a derived type holds one reference for the user's handle, one
 * for every parent type built on it and one for every pending operation
 * (mpii_type_ref/unref around a request).  MPI_Type_free drops the user's;
 * the last drop destroys the type.  Freed objects keep MPII_MAGIC_FREED and
 * wait in a pool (lib/core/pool.h), never back to malloc, so a stale handle
 * gets MPI_ERR_TYPE rather than a crash, and keeps getting it until 256
 * more types were freed (a free list reused the object at the next
 * creation: a stale handle then named the new type).
 *
 * Packing walks the compiled form (lib/datatype/type_impl.h): a byte range starts
 * with one division or binary search per level, then copies straight; the
 * innermost strided loop is specialised for the common element sizes.
 * Contiguous types never get here: they are one memcpy at true_lb.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include "lib/core/core.h"
#include "lib/datatype/type_impl.h"

static struct mpii_pool type_pool = MPII_POOL_INIT(struct mpii_datatype);

struct mpii_datatype *mpii_type_alloc(void)
{
	struct mpii_typedesc *d = calloc(1, sizeof(*d));
	struct mpii_datatype *dt = NULL;

	if (!d)
		return NULL;
	dt = mpii_pool_get(&type_pool);
	if (!dt) {
		free(d);
		return NULL;
	}
	dt->magic = MPII_MAGIC_DATATYPE;
	/* Relaxed: not shared until the handle is returned. */
	shm_store_relaxed(&dt->refcount, 1);
	dt->basic = MPII_B_NONE;
	dt->desc = d;
	dt->align = 1;
	return dt;
}

void mpii_type_copy_layout(struct mpii_datatype *dt, const struct mpii_datatype *from)
{
	dt->size = from->size;
	dt->lb = from->lb;
	dt->extent = from->extent;
	dt->true_lb = from->true_lb;
	dt->true_extent = from->true_extent;
	dt->nbasic = from->nbasic;
	dt->align = from->align;
	dt->flags = from->flags & (MPII_DT_STICKY_LB | MPII_DT_STICKY_UB);
}

void mpii_type_destroy(struct mpii_datatype *dt)
{
	struct mpii_typedesc *d = dt->desc;

	/* Attributes were deleted by MPI_Type_free (lib/attr/attr.h); the name is
	 * the malloc'd copy of lib/attr/name.c. */
	free(dt->name);
	dt->name = NULL;
	if (d) {
		for (int i = 0; i < d->nd; i++)
			if (d->types[i] && !mpii_type_is_predef(d->types[i]))
				mpii_type_unref(d->types[i]);
		if (d->inner)
			mpii_type_unref(d->inner);
		if (d->root)
			mpii_tnode_unref(d->root);
		/* Relaxed: the last reference is gone (acq_rel in unref), no
		 * thread can be encoding. */
		free(shm_load_relaxed(&d->wire));
		free(d->ints);
		free(d->aints);
		free(d->types);
		free(d);
	}
	dt->magic = MPII_MAGIC_FREED;
	mpii_pool_put(&type_pool, dt);
}

int mpii_type_count_check_slow(MPI_Count count, const struct mpii_datatype *dt, MPI_Count per_elem)
{
	MPI_Count bytes, steps, span, end;
	MPI_Count ext = dt->extent < 0 ? -(MPI_Count)dt->extent : dt->extent;
	if (count <= 0)
		return MPI_SUCCESS;
	if (__builtin_mul_overflow(count, per_elem ? per_elem : dt->size, &bytes))
		return MPI_ERR_COUNT;
	if (__builtin_mul_overflow(count - 1, ext, &steps) ||
	    __builtin_add_overflow(steps, (MPI_Count)dt->true_extent, &span) ||
	    __builtin_add_overflow(span, dt->true_lb < 0 ? -(MPI_Count)dt->true_lb : (MPI_Count)dt->true_lb, &end))
		return MPI_ERR_COUNT;
	return MPI_SUCCESS;
}

void mpii_type_ref_counted(struct mpii_datatype *dt)
{
	/* Relaxed: the caller holds a reference; only the decrement that
	 * frees needs ordering (acq_rel in mpii_type_unref_counted). */
	shm_fetch_add_relaxed(&dt->refcount, 1);
}

void mpii_type_unref_counted(struct mpii_datatype *dt)
{
	/* acq_rel: the last dropper must see every use before it frees. */
	if (shm_fetch_sub_acq_rel(&dt->refcount, 1) == 1)
		mpii_type_destroy(dt);
}

/* ------------------------------------------------------------ copying */

/* len bytes, len < 256, without a call: a call to memcpy per block costs
 * more than copying a few cache lines (a vector of 64-byte blocks packed
 * 40% slower than one of 8-byte blocks before this). */
static inline void copy_short(char *to, const char *from, size_t len)
{
	for (; len >= 32; len -= 32, to += 32, from += 32)
		memcpy(to, from, 32);
	if (len >= 16) {
		memcpy(to, from, 16);
		to += 16, from += 16, len -= 16;
	}
	if (len >= 8) {
		memcpy(to, from, 8);
		to += 8, from += 8, len -= 8;
	}
	for (; len; len--)
		*to++ = *from++;
}

/* n elements of len bytes, element i at mem + i*stride, to/from the dense
 * buffer buf.  The switch lets the compiler turn each memcpy into one move. */
static void strided(char *mem, MPI_Aint stride, MPI_Count len, MPI_Count n, char *buf, int unpack)
{
	if (len < 256 && len != 1 && len != 2 && len != 4 && len != 8 && len != 12 && len != 16 && len != 24 &&
	    len != 32) {
		for (MPI_Count i = 0; i < n; i++, mem += stride, buf += len)
			copy_short(unpack ? mem : buf, unpack ? buf : mem, (size_t)len);
		return;
	}
#define STRIDED_LOOP(L)                                                           \
	do {                                                                      \
		if (unpack)                                                       \
			for (MPI_Count i_ = 0; i_ < n; i_++, mem += stride, buf += (L)) \
				memcpy(mem, buf, (L));                            \
		else                                                              \
			for (MPI_Count i_ = 0; i_ < n; i_++, mem += stride, buf += (L)) \
				memcpy(buf, mem, (L));                            \
	} while (0)
	switch (len) {
	case 1: STRIDED_LOOP(1); break;
	case 2: STRIDED_LOOP(2); break;
	case 4: STRIDED_LOOP(4); break;
	case 8: STRIDED_LOOP(8); break;
	case 12: STRIDED_LOOP(12); break;
	case 16: STRIDED_LOOP(16); break;
	case 24: STRIDED_LOOP(24); break;
	case 32: STRIDED_LOOP(32); break;
	default: STRIDED_LOOP((size_t)len); break;
	}
#undef STRIDED_LOOP
}

/* Copy bytes [off, off + min(len, size - off)) of node x placed at base;
 * returns the bytes copied. */
/* The last entry of the sequence node x that starts at or before off
 * (binary search). */
static int seq_entry(const struct mpii_tnode *x, MPI_Count off)
{
	int lo = 0, hi = x->n - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (x->ent[mid].start <= off)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

static MPI_Count copy(const struct mpii_tnode *x, char *base, MPI_Count off, char *buf, MPI_Count len,
		      int unpack)
{
	base += x->disp;
	if (len > x->size - off)
		len = x->size - off;
	switch (x->kind) {
	case MPII_N_RUN:
		if (unpack)
			memcpy(base + off, buf, (size_t)len);
		else
			memcpy(buf, base + off, (size_t)len);
		return len;
	case MPII_N_VEC: {
		const struct mpii_tnode *ch = x->child;
		MPI_Count cs = ch->size, i = off / cs, r = off % cs, done = 0;
		if (r) {
			done = copy(ch, base + i * x->stride, r, buf, len, unpack);
			i++;
		}
		MPI_Count whole = (len - done) / cs;
		if (ch->kind == MPII_N_RUN) {
			strided(base + i * x->stride + ch->disp, x->stride, cs, whole, buf + done, unpack);
			done += whole * cs;
			i += whole;
		} else {
			for (MPI_Count k = 0; k < whole; k++, i++)
				done += copy(ch, base + i * x->stride, 0, buf + done, cs, unpack);
		}
		if (done < len)
			done += copy(ch, base + i * x->stride, 0, buf + done, len - done, unpack);
		return done;
	}
	case MPII_N_SEQ: {
		int lo = seq_entry(x, off);
		MPI_Count done = 0;
		for (int j = lo; j < x->n && done < len; j++) {
			MPI_Count o = off + done - x->ent[j].start;
			done += copy(x->ent[j].node, base, o, buf + done, len - done, unpack);
		}
		return done;
	}
	}
	return 0;
}

static void range(const struct mpii_datatype *dt, MPI_Count count, char *mem, MPI_Count offset, char *buf,
		  MPI_Count len, int unpack)
{
	if (len <= 0)
		return;
	if (dt->flags & MPII_DT_CONTIG) {
		if (unpack)
			memcpy(mem + dt->true_lb + offset, buf, (size_t)len);
		else
			memcpy(buf, mem + dt->true_lb + offset, (size_t)len);
		return;
	}
	const struct mpii_tnode *root = dt->desc ? dt->desc->root : NULL;
	if (!root)
		return;
	struct mpii_tnode top = { .kind = MPII_N_VEC, .size = count * root->size, .count = count,
				  .stride = dt->extent, .child = (struct mpii_tnode *)root };
	copy(&top, mem, offset, buf, len, unpack);
}

void mpii_type_pack(const struct mpii_datatype *dt, MPI_Count count, const void *buf,
		    MPI_Count offset, void *out, MPI_Count len)
{
	range(dt, count, (char *)buf, offset, out, len, 0);
}

void mpii_type_unpack(const struct mpii_datatype *dt, MPI_Count count, void *buf,
		      MPI_Count offset, const void *in, MPI_Count len)
{
	range(dt, count, buf, offset, (char *)in, len, 1);
}

void mpii_type_copy(const struct mpii_datatype *st, MPI_Count scount, const void *sbuf,
		    const struct mpii_datatype *rt, MPI_Count rcount, void *rbuf, MPI_Count len)
{
	if (len <= 0)
		return;
	if (st->flags & MPII_DT_CONTIG) {
		mpii_type_unpack(rt, rcount, rbuf, 0, (const char *)sbuf + st->true_lb, len);
	} else if (rt->flags & MPII_DT_CONTIG) {
		mpii_type_pack(st, scount, sbuf, 0, (char *)rbuf + rt->true_lb, len);
	} else {
		/* Neither side is one piece: through a bounce buffer, a chunk
		 * at a time. */
		char chunk[4096];
		for (MPI_Count off = 0; off < len; off += (MPI_Count)sizeof(chunk)) {
			MPI_Count n = len - off < (MPI_Count)sizeof(chunk) ? len - off
									   : (MPI_Count)sizeof(chunk);
			mpii_type_pack(st, scount, sbuf, off, chunk, n);
			mpii_type_unpack(rt, rcount, rbuf, off, chunk, n);
		}
	}
}

/* ------------------------------------------------------------ iovecs */

struct iovsink {
	struct iovec *iov;
	int n, max;
};

/* Emit a piece; 0 when the sink is full. */
static int emit(struct iovsink *s, char *p, MPI_Count len)
{
	if (len <= 0)
		return 1;
	if (s->n > 0 && (char *)s->iov[s->n - 1].iov_base + s->iov[s->n - 1].iov_len == p) {
		s->iov[s->n - 1].iov_len += (size_t)len;
		return 1;
	}
	if (s->n == s->max)
		return 0;
	s->iov[s->n].iov_base = p;
	s->iov[s->n++].iov_len = (size_t)len;
	return 1;
}

/* Like copy(), emitting pieces; returns the bytes covered. */
static MPI_Count pieces(const struct mpii_tnode *x, char *base, MPI_Count off, MPI_Count len, struct iovsink *s)
{
	base += x->disp;
	if (len > x->size - off)
		len = x->size - off;
	switch (x->kind) {
	case MPII_N_RUN:
		return emit(s, base + off, len) ? len : 0;
	case MPII_N_VEC: {
		const struct mpii_tnode *ch = x->child;
		MPI_Count cs = ch->size, i = off / cs, r = off % cs, done = 0;
		while (done < len && i < x->count) {
			MPI_Count want = len - done < cs - r ? len - done : cs - r;
			MPI_Count k = pieces(ch, base + i * x->stride, r, want, s);
			done += k;
			if (k < want)
				break;
			r = 0;
			i++;
		}
		return done;
	}
	case MPII_N_SEQ: {
		int lo = seq_entry(x, off);
		MPI_Count done = 0;
		for (int j = lo; j < x->n && done < len; j++) {
			MPI_Count o = off + done - x->ent[j].start;
			MPI_Count want = x->ent[j].node->size - o < len - done ? x->ent[j].node->size - o : len - done;
			MPI_Count k = pieces(x->ent[j].node, base, o, want, s);
			done += k;
			if (k < want)
				break;
		}
		return done;
	}
	}
	return 0;
}

int mpii_type_iov(const struct mpii_datatype *dt, MPI_Count count, const void *buf, MPI_Count offset,
		  MPI_Count len, struct iovec *iov, int max, MPI_Count *covered)
{
	struct iovsink s = { iov, 0, max };
	*covered = 0;
	if (len <= 0)
		return 0;
	if (dt->flags & MPII_DT_CONTIG) {
		if (max < 1)
			return 0;
		*covered = emit(&s, (char *)buf + dt->true_lb + offset, len) ? len : 0;
		return s.n;
	}
	const struct mpii_tnode *root = dt->desc ? dt->desc->root : NULL;
	if (!root)
		return 0;
	struct mpii_tnode top = { .kind = MPII_N_VEC, .size = count * root->size, .count = count,
				  .stride = dt->extent, .child = (struct mpii_tnode *)root };
	*covered = pieces(&top, (char *)buf, offset, len, &s);
	return s.n;
}
