/*
 * lib/datatype/pack_dtype.c - the binary description of a datatype that MPI_Pack
 * writes for MPI_DATATYPE on an ordinary communicator (seed 002 6.5.2: a
 * homogeneous environment may use an internal representation).
 *
 * Layout (host byte order: the reader is a process of the same node):
 *     u32 magic "SDT1", u32 total bytes, then one node:
 *     node := u8 0, u16 index           predefined type (mpii_type_predef_table)
 *           | u8 2, u32 id              derived type described earlier
 *           | u8 1, u8 combiner, u32 ni, u32 na, u32 nd,
 *             ni x i32, na x i64, nd x node          a derived type (next id)
 * i.e. the constructor arguments of MPI_Type_get_contents, each distinct
 * type once.  Decoding checks every count and argument as the constructor
 * entry points do, so a corrupt or hostile buffer gives an error, never a
 * crash; the rebuilt type has the same constructors, hence the same type
 * map, and is committed.
 *
 * The transport sends the same description with a typed rendezvous (the
 * peer reads or writes our buffer through iovecs of our type,
 * lib/p2p/p2p_cma_typed.c): mpii_type_wire encodes a type once and keeps the
 * bytes with it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/datatype/type_impl.h"

#define MAGIC 0x31544453u /* "SDT1" */

struct enc {
	char *p;
	size_t n, cap;
	int nomem;
	MPI_Datatype *seen;
	int nseen, capseen;
};

static void put(struct enc *e, const void *v, size_t n)
{
	if (e->nomem)
		return;
	if (e->n + n > e->cap) {
		size_t cap = e->cap ? e->cap : 256;
		while (cap < e->n + n)
			cap *= 2;
		char *p = realloc(e->p, cap);
		if (!p) {
			e->nomem = 1;
			return;
		}
		e->p = p;
		e->cap = cap;
	}
	memcpy(e->p + e->n, v, n);
	e->n += n;
}

static void put8(struct enc *e, uint8_t v) { put(e, &v, 1); }
static void put16(struct enc *e, uint16_t v) { put(e, &v, 2); }
static void put32(struct enc *e, uint32_t v) { put(e, &v, 4); }

static void enc_node(struct enc *e, MPI_Datatype t)
{
	if (mpii_type_is_predef(t)) {
		put8(e, 0);
		put16(e, (uint16_t)mpii_type_predef_index(t));
		return;
	}
	for (int i = 0; i < e->nseen; i++)
		if (e->seen[i] == t) {
			put8(e, 2);
			put32(e, (uint32_t)i);
			return;
		}
	if (e->nseen == e->capseen) {
		int cap = e->capseen ? 2 * e->capseen : 16;
		MPI_Datatype *s = realloc(e->seen, sizeof(*s) * (size_t)cap);
		if (!s) {
			e->nomem = 1;
			return;
		}
		e->seen = s;
		e->capseen = cap;
	}
	e->seen[e->nseen++] = t;
	const struct mpii_typedesc *d = t->desc;
	put8(e, 1);
	put8(e, (uint8_t)t->combiner);
	put32(e, (uint32_t)d->ni);
	put32(e, (uint32_t)d->na);
	put32(e, (uint32_t)d->nd);
	for (int i = 0; i < d->ni; i++) {
		int32_t v = d->ints[i];
		put(e, &v, 4);
	}
	for (int i = 0; i < d->na; i++) {
		int64_t v = d->aints[i];
		put(e, &v, 8);
	}
	for (int i = 0; i < d->nd; i++)
		enc_node(e, d->types[i]);
}

int mpii_dtdesc_encode(MPI_Datatype dt, char **buf, size_t *len)
{
	struct enc e = { 0 };
	put32(&e, MAGIC);
	put32(&e, 0);
	enc_node(&e, dt);
	free(e.seen);
	if (e.nomem) {
		free(e.p);
		return MPI_ERR_NO_MEM;
	}
	uint32_t total = (uint32_t)e.n;
	memcpy(e.p + 4, &total, 4);
	*buf = e.p;
	*len = e.n;
	return MPI_SUCCESS;
}

/* ------------------------------------------------------------ decoding */

struct dec {
	const char *p;
	size_t n, pos;
	int bad;            /* MPI_ERR_ARG (corrupt) or MPI_ERR_NO_MEM */
	MPI_Datatype *ids;
	int nids, capids;
	int depth;
};

static int get(struct dec *d, void *v, size_t n)
{
	if (d->bad || d->n - d->pos < n) {
		if (!d->bad)
			d->bad = MPI_ERR_ARG;
		memset(v, 0, n);
		return -1;
	}
	memcpy(v, d->p + d->pos, n);
	d->pos += n;
	return 0;
}

static int nonneg(const int *v, int n)
{
	for (int i = 0; i < n; i++)
		if (v[i] < 0)
			return 0;
	return 1;
}

/* ni == k * c + m, computed without overflow: a forged count c near
 * INT_MAX/k must not wrap the product onto a small ni (issue 40: c =
 * 1431655766 gave 3*c+2 == 4, then the subarray check read c entries of a
 * 4-int array).  c and ni are at most INT_MAX, so the long long product
 * cannot overflow. */
static int has_ints(int ni, int c, int k, int m)
{
	return c >= 0 && (long long)ni == (long long)k * c + m;
}

/* Rebuild one type from constructor arguments; MPI_ERR_ARG when they are
 * not what that constructor accepts.  Every count is checked against the
 * array lengths (ni, na, nd, which the caller bounded by the bytes read)
 * before an element at an index derived from it is touched. */
static int rebuild(int comb, int ni, const int *in, int na, const MPI_Aint *an, int nd, MPI_Datatype *ty,
		   MPI_Datatype *out)
{
	int c = ni > 0 ? in[0] : -1;
	for (int i = 0; i < nd; i++)
		if (ty[i]->basic == MPII_B_DATATYPE)
			return MPI_ERR_ARG;
	switch (comb) {
	case MPI_COMBINER_DUP:
		if (ni || na || nd != 1)
			return MPI_ERR_ARG;
		return mpii_type_dup(ty[0], out);
	case MPI_COMBINER_CONTIGUOUS:
		if (ni != 1 || na || nd != 1 || c < 0)
			return MPI_ERR_ARG;
		return mpii_type_contiguous(c, ty[0], out);
	case MPI_COMBINER_VECTOR:
		if (ni != 3 || na || nd != 1 || c < 0 || in[1] < 0)
			return MPI_ERR_ARG;
		return mpii_type_vector(c, in[1], in[2], ty[0], out);
	case MPI_COMBINER_HVECTOR:
		if (ni != 2 || na != 1 || nd != 1 || c < 0 || in[1] < 0)
			return MPI_ERR_ARG;
		return mpii_type_hvector(c, in[1], an[0], ty[0], out);
	case MPI_COMBINER_INDEXED:
		if (!has_ints(ni, c, 2, 1) || na || nd != 1 || !nonneg(in + 1, c))
			return MPI_ERR_ARG;
		return mpii_type_indexed(c, in + 1, in + 1 + c, ty[0], out);
	case MPI_COMBINER_HINDEXED:
		if (!has_ints(ni, c, 1, 1) || na != c || nd != 1 || !nonneg(in + 1, c))
			return MPI_ERR_ARG;
		return mpii_type_hindexed(c, in + 1, an, ty[0], out);
	case MPI_COMBINER_INDEXED_BLOCK:
		if (!has_ints(ni, c, 1, 2) || na || nd != 1 || in[1] < 0)
			return MPI_ERR_ARG;
		return mpii_type_indexed_block(c, in[1], in + 2, ty[0], out);
	case MPI_COMBINER_HINDEXED_BLOCK:
		if (ni != 2 || c < 0 || na != c || nd != 1 || in[1] < 0)
			return MPI_ERR_ARG;
		return mpii_type_hindexed_block(c, in[1], an, ty[0], out);
	case MPI_COMBINER_STRUCT:
		if (!has_ints(ni, c, 1, 1) || na != c || nd != c || !nonneg(in + 1, c))
			return MPI_ERR_ARG;
		return mpii_type_struct(c, in + 1, an, ty, out);
	case MPI_COMBINER_RESIZED:
		if (ni || na != 2 || nd != 1)
			return MPI_ERR_ARG;
		return mpii_type_resized(ty[0], an[0], an[1], out);
	case MPI_COMBINER_SUBARRAY:
		if (c <= 0 || !has_ints(ni, c, 3, 2) || na || nd != 1 ||
		    mpii_type_subarray_bad(c, in + 1, in + 1 + c, in + 1 + 2 * c, in[1 + 3 * c]))
			return MPI_ERR_ARG;
		return mpii_type_subarray(c, in + 1, in + 1 + c, in + 1 + 2 * c, in[1 + 3 * c], ty[0], out);
	case MPI_COMBINER_F90_REAL:
	case MPI_COMBINER_F90_COMPLEX:
	case MPI_COMBINER_F90_INTEGER: {
		int want = comb == MPI_COMBINER_F90_INTEGER ? 1 : 2;
		if (ni != want || na || nd || mpii_type_f90(comb, in[0], want == 2 ? in[1] : 0, out))
			return MPI_ERR_ARG;
		mpii_type_ref(*out); /* the caller owns what it rebuilt */
		return MPI_SUCCESS;
	}
	case MPI_COMBINER_DARRAY: {
		int nd_ = ni >= 3 ? in[2] : -1;
		if (nd_ <= 0 || !has_ints(ni, nd_, 4, 4) || na || nd != 1 ||
		    mpii_type_darray_bad(in[0], in[1], nd_, in + 3, in + 3 + nd_, in + 3 + 2 * nd_,
					 in + 3 + 3 * nd_, in[3 + 4 * nd_]))
			return MPI_ERR_ARG;
		return mpii_type_darray(in[0], in[1], nd_, in + 3, in + 3 + nd_, in + 3 + 2 * nd_,
					in + 3 + 3 * nd_, in[3 + 4 * nd_], ty[0], out);
	}
	}
	return MPI_ERR_ARG;
}

static MPI_Datatype dec_node(struct dec *d)
{
	uint8_t tag = 0;
	if (get(d, &tag, 1))
		return NULL;
	if (tag == 0) {
		uint16_t idx;
		if (get(d, &idx, 2))
			return NULL;
		/* MPI_DATATYPE describes descriptions: MPI_Pack refuses to
		 * describe it, so no description names it (the fuzzer found
		 * one that rebuilt a type MPI_Pack then refused). */
		if (idx >= mpii_type_predef_count || mpii_type_predef_table[idx]->basic == MPII_B_DATATYPE) {
			d->bad = MPI_ERR_ARG;
			return NULL;
		}
		return mpii_type_predef_table[idx];
	}
	if (tag == 2) {
		uint32_t id;
		if (get(d, &id, 4))
			return NULL;
		if (id >= (uint32_t)d->nids || !d->ids[id]) { /* unknown, or a cycle */
			d->bad = MPI_ERR_ARG;
			return NULL;
		}
		mpii_type_ref(d->ids[id]);
		return d->ids[id];
	}
	if (tag != 1 || ++d->depth > 1024) {
		d->bad = MPI_ERR_ARG;
		return NULL;
	}
	/* reserve the id before the children, as the encoder numbered it */
	if (d->nids == d->capids) {
		int cap = d->capids ? 2 * d->capids : 16;
		MPI_Datatype *v = realloc(d->ids, sizeof(*v) * (size_t)cap);
		if (!v) {
			d->bad = MPI_ERR_NO_MEM;
			return NULL;
		}
		d->ids = v;
		d->capids = cap;
	}
	int myid = d->nids++;
	d->ids[myid] = NULL;

	uint8_t comb;
	uint32_t ni, na, nd;
	get(d, &comb, 1);
	get(d, &ni, 4);
	get(d, &na, 4);
	get(d, &nd, 4);
	size_t left = d->n - d->pos;
	if (d->bad || ni > left / 4 || na > left / 8 || nd > left) {
		d->bad = d->bad ? d->bad : MPI_ERR_ARG;
		return NULL;
	}
	int *in = malloc(sizeof(int) * (ni + 1));
	MPI_Aint *an = malloc(sizeof(MPI_Aint) * (na + 1));
	MPI_Datatype *ty = calloc(nd + 1, sizeof(MPI_Datatype));
	MPI_Datatype out = NULL;
	uint32_t got = 0;
	if (!in || !an || !ty) {
		d->bad = MPI_ERR_NO_MEM;
		goto out;
	}
	for (uint32_t i = 0; i < ni; i++) {
		int32_t v;
		get(d, &v, 4);
		in[i] = v;
	}
	for (uint32_t i = 0; i < na; i++) {
		int64_t v;
		get(d, &v, 8);
		an[i] = (MPI_Aint)v;
	}
	for (; got < nd && !d->bad; got++)
		if (!(ty[got] = dec_node(d)))
			break;
	if (!d->bad) {
		int rc = rebuild(comb, (int)ni, in, (int)na, an, (int)nd, ty, &out);
		if (rc) {
			d->bad = rc == MPI_ERR_NO_MEM ? rc : MPI_ERR_ARG;
			out = NULL;
		}
	}
out:
	for (uint32_t i = 0; i < got && ty; i++)
		mpii_type_release(&ty[i]);
	free(in);
	free(an);
	free(ty);
	d->depth--;
	if (out) {
		d->ids[myid] = out;
		mpii_type_ref(out); /* the id table's reference */
	}
	return out;
}

int mpii_dtdesc_decode(const char *buf, size_t avail, size_t *used, MPI_Datatype *newtype)
{
	uint32_t magic, total;
	if (avail < 8)
		return MPI_ERR_TRUNCATE;
	memcpy(&magic, buf, 4);
	memcpy(&total, buf + 4, 4);
	if (magic != MAGIC || total < 8)
		return MPI_ERR_ARG;
	if (total > avail)
		return MPI_ERR_TRUNCATE;
	struct dec d = { .p = buf, .n = total, .pos = 8 };
	MPI_Datatype t = dec_node(&d);
	for (int i = 0; i < d.nids; i++)
		if (d.ids[i])
			mpii_type_release(&d.ids[i]);
	free(d.ids);
	if (!d.bad && d.pos != d.n)
		d.bad = MPI_ERR_ARG;
	if (!d.bad && mpii_type_is_predef(t)) { /* always hand out a new type */
		MPI_Datatype n;
		int rc = mpii_type_dup(t, &n);
		if (rc)
			return rc;
		t = n;
	}
	if (!d.bad)
		d.bad = mpii_type_commit(t);
	if (d.bad) {
		if (t)
			mpii_type_release(&t);
		return d.bad;
	}
	*used = total;
	*newtype = t;
	return MPI_SUCCESS;
}

/* ------------------------------------------------------------ the transport's copy */

int mpii_type_wire(struct mpii_datatype *dt, const void **desc, size_t *len)
{
	struct mpii_typedesc *d = dt->desc;
	/* Acquire: pairs with the release of the CAS below, so the bytes of
	 * a description another thread published are complete. */
	char *w = shm_load_acquire(&d->wire);
	if (!w) {
		char *mine;
		size_t n;
		int rc = mpii_dtdesc_encode(dt, &mine, &n);
		if (rc)
			return rc;
		/* Release publishes our bytes; when another thread won, acquire
		 * (the failure order) gives us its bytes and we drop ours. */
		if (shm_cas_acq_rel(&d->wire, &w, mine))
			w = mine;
		else
			free(mine);
	}
	uint32_t total;
	memcpy(&total, w + 4, 4);
	*desc = w;
	*len = total;
	return MPI_SUCCESS;
}

int mpii_type_from_wire(const void *desc, size_t len, struct mpii_datatype **dt)
{
	size_t used;
	int rc = mpii_dtdesc_decode(desc, len, &used, dt);
	if (rc == MPI_SUCCESS && used != len) {
		mpii_type_release(dt);
		return MPI_ERR_ARG;
	}
	return rc;
}
