/*
 * lib/datatype/type_create.c - the type constructors: contiguous, vector, hvector,
 * indexed, hindexed, indexed_block, hindexed_block, struct, resized, dup.
 *
 * Each records its arguments (for MPI_Type_get_contents and everything
 * that re-reads a type) and computes size, bounds and counts from its
 * children's; compilation waits for commit (lib/datatype/type_compile.c).
 *
 * Bounds follow MPICH's reading of the standard: a block of n copies of t
 * at d spans [d + t.lb, d + (n-1)*ext + t.ub] (either way round for a
 * negative extent).  MPI_LB/MPI_UB markers and resized types are "sticky"
 * (MPI-1): when any child carries a sticky lb the type's lb is the least
 * sticky one, and likewise for ub.  Struct types without a sticky ub get
 * their extent rounded up to the strictest alignment of their basic
 * elements, as a C struct would be.  Empty blocks and children without
 * data or markers do not count; they do not count either when the blocks'
 * basic kinds are folded into the type's one kind (mpii_type_elem_basic,
 * for predefined reductions).  Every product is checked for overflow:
 * a type whose sizes do not fit MPI_Count/MPI_Aint is refused (MPI_ERR_ARG).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/datatype/type_impl.h"

struct bounds {
	int any, slb_any, sub_any, tany;
	MPI_Aint lb, ub, slb, sub, tlb, tub;
	MPI_Count size, nbasic, ext32;
	int align, depth;
	int elem;   /* the one basic kind so far: MPII_B_NONE none yet, -1 mixed */
	int overflow;
};

static MPI_Aint mul(struct bounds *b, MPI_Aint x, MPI_Aint y)
{
	MPI_Aint r;
	if (__builtin_mul_overflow(x, y, &r))
		b->overflow = 1;
	return r;
}

static MPI_Aint add(struct bounds *b, MPI_Aint x, MPI_Aint y)
{
	MPI_Aint r;
	if (__builtin_add_overflow(x, y, &r))
		b->overflow = 1;
	return r;
}

static void lo(int *any, MPI_Aint *v, MPI_Aint x)
{
	if (!*any || x < *v)
		*v = x;
	*any = 1;
}

static void hi(int *any, MPI_Aint *v, MPI_Aint x)
{
	if (!*any || x > *v)
		*v = x;
	*any = 1;
}

/* Fold kind k (an mpii_type_elem_basic answer) into the type's one kind. */
static int same_kind(int elem, int k)
{
	if (k == MPII_B_NONE)
		return elem;
	if (elem == MPII_B_NONE)
		return k;
	return elem == k ? elem : -1;
}

/* n copies of t (spaced by its extent) at displacement d. */
static void block(struct bounds *b, MPI_Datatype t, MPI_Count n, MPI_Aint d)
{
	if (n <= 0)
		return;
	MPI_Aint span = mul(b, (MPI_Aint)(n - 1), t->extent);
	MPI_Aint first = d, last = add(b, d, span);
	MPI_Aint a = first < last ? first : last, z = first < last ? last : first;
	MPI_Count s, e;

	if (__builtin_mul_overflow(n, t->size, &s) || __builtin_add_overflow(b->size, s, &b->size))
		b->overflow = 1;
	if (__builtin_mul_overflow(n, t->nbasic, &e) || __builtin_add_overflow(b->nbasic, e, &b->nbasic))
		b->overflow = 1;
	if (__builtin_mul_overflow(n, mpii_type_ext32_size(t), &e) ||
	    __builtin_add_overflow(b->ext32, e, &b->ext32))
		b->overflow = 1;
	if (t->desc && t->desc->depth + 1 > b->depth)
		b->depth = t->desc->depth + 1;
	if (b->depth < 1)
		b->depth = 1;
	if (t->basic == MPII_B_LB) {
		lo(&b->slb_any, &b->slb, d);
		return;
	}
	if (t->basic == MPII_B_UB) {
		hi(&b->sub_any, &b->sub, d);
		return;
	}
	b->elem = same_kind(b->elem, mpii_type_elem_basic(t));
	if (t->size == 0 && !(t->flags & (MPII_DT_STICKY_LB | MPII_DT_STICKY_UB)))
		return;
	if (t->flags & MPII_DT_STICKY_LB)
		lo(&b->slb_any, &b->slb, add(b, a, t->lb));
	else
		lo(&b->any, &b->lb, add(b, a, t->lb));
	if (t->flags & MPII_DT_STICKY_UB)
		hi(&b->sub_any, &b->sub, add(b, z, add(b, t->lb, t->extent)));
	else
		hi(&b->any, &b->ub, add(b, z, add(b, t->lb, t->extent)));
	if (t->size > 0) {
		lo(&b->tany, &b->tlb, add(b, a, t->true_lb));
		hi(&b->tany, &b->tub, add(b, z, add(b, t->true_lb, t->true_extent)));
	}
	if (t->align > b->align)
		b->align = t->align;
}

/* A new type from accumulated bounds, or an error class. */
static int finish(struct bounds *b, int is_struct, struct mpii_datatype **out)
{
	MPI_Aint lb = b->slb_any ? b->slb : b->any ? b->lb : 0;
	MPI_Aint ub = b->sub_any ? b->sub : b->any ? b->ub : 0;
	MPI_Aint ext, true_ext = 0;
	/* Bounds at opposite ends of the address range: the extent would not
	 * fit an MPI_Aint (it used to wrap, undefined behaviour). */
	if (b->overflow || __builtin_sub_overflow(ub, lb, &ext) ||
	    (b->tany && __builtin_sub_overflow(b->tub, b->tlb, &true_ext)))
		return MPI_ERR_ARG;
	if (is_struct && !b->sub_any && b->align > 1) {
		MPI_Aint r = ext % b->align;
		if (r && (__builtin_add_overflow(ub, b->align - (r < 0 ? r + b->align : r), &ub) ||
			  __builtin_sub_overflow(ub, lb, &ext)))
			return MPI_ERR_ARG;
	}
	struct mpii_datatype *dt = mpii_type_alloc();
	if (!dt)
		return MPI_ERR_NO_MEM;
	dt->size = b->size;
	dt->lb = lb;
	dt->extent = ext;
	dt->true_lb = b->tany ? b->tlb : 0;
	dt->true_extent = true_ext;
	dt->nbasic = b->nbasic;
	dt->align = b->align > 0 ? b->align : 1;
	dt->flags = (b->slb_any ? MPII_DT_STICKY_LB : 0) | (b->sub_any ? MPII_DT_STICKY_UB : 0);
	dt->desc->ext32_size = b->ext32;
	dt->desc->depth = b->depth;
	dt->desc->elem = b->elem;
	*out = dt;
	return MPI_SUCCESS;
}

/* Record the constructor arguments; takes references on derived types. */
static int record(struct mpii_datatype *dt, int combiner, int ni, const int *ints, int na,
		  const MPI_Aint *aints, int nd, const MPI_Datatype *types)
{
	struct mpii_typedesc *d = dt->desc;

	dt->combiner = combiner;
	if ((ni && !(d->ints = malloc(sizeof(int) * (size_t)ni))) ||
	    (na && !(d->aints = malloc(sizeof(MPI_Aint) * (size_t)na))) ||
	    (nd && !(d->types = malloc(sizeof(MPI_Datatype) * (size_t)nd)))) {
		mpii_type_destroy(dt);
		return MPI_ERR_NO_MEM;
	}
	if (ni)
		memcpy(d->ints, ints, sizeof(int) * (size_t)ni);
	if (na)
		memcpy(d->aints, aints, sizeof(MPI_Aint) * (size_t)na);
	for (int i = 0; i < nd; i++) {
		d->types[i] = types[i];
		mpii_type_ref(types[i]);
	}
	d->ni = ni;
	d->na = na;
	d->nd = nd;
	return MPI_SUCCESS;
}

/* finish() + record() for constructors whose ints array the caller built. */
static int make(struct bounds *b, int is_struct, int combiner, int ni, const int *ints, int na,
		const MPI_Aint *aints, int nd, const MPI_Datatype *types, MPI_Datatype *newtype)
{
	struct mpii_datatype *dt;
	int rc = finish(b, is_struct, &dt);
	if (rc)
		return rc;
	rc = record(dt, combiner, ni, ints, na, aints, nd, types);
	if (rc)
		return rc;
	*newtype = dt;
	return MPI_SUCCESS;
}

int mpii_type_contiguous(int count, MPI_Datatype old, MPI_Datatype *newtype)
{
	struct bounds b = { 0 };
	block(&b, old, count, 0);
	return make(&b, 0, MPI_COMBINER_CONTIGUOUS, 1, &count, 0, NULL, 1, &old, newtype);
}

static int hvec(int combiner, int count, int blocklen, MPI_Aint stride_bytes, const int *ints, int ni,
		const MPI_Aint *aints, int na, MPI_Datatype old, MPI_Datatype *newtype)
{
	struct bounds b = { 0 };
	if (count > 0 && blocklen > 0) {
		block(&b, old, blocklen, 0);
		if (count > 1) {
			/* the last block bounds the other end; sizes count every block */
			struct bounds last = { 0 };
			block(&last, old, blocklen, mul(&b, (MPI_Aint)(count - 1), stride_bytes));
			if (last.overflow)
				b.overflow = 1;
			if (last.any) { lo(&b.any, &b.lb, last.lb); hi(&b.any, &b.ub, last.ub); }
			if (last.slb_any) lo(&b.slb_any, &b.slb, last.slb);
			if (last.sub_any) hi(&b.sub_any, &b.sub, last.sub);
			if (last.tany) { lo(&b.tany, &b.tlb, last.tlb); hi(&b.tany, &b.tub, last.tub); }
			if (__builtin_mul_overflow(b.size, (MPI_Count)count, &b.size) ||
			    __builtin_mul_overflow(b.nbasic, (MPI_Count)count, &b.nbasic) ||
			    __builtin_mul_overflow(b.ext32, (MPI_Count)count, &b.ext32))
				b.overflow = 1;
		}
	}
	return make(&b, 0, combiner, ni, ints, na, aints, 1, &old, newtype);
}

int mpii_type_vector(int count, int blocklen, int stride, MPI_Datatype old, MPI_Datatype *newtype)
{
	int ints[3] = { count, blocklen, stride };
	MPI_Aint s;
	if (__builtin_mul_overflow((MPI_Aint)stride, old->extent, &s))
		return MPI_ERR_ARG;
	return hvec(MPI_COMBINER_VECTOR, count, blocklen, s, ints, 3, NULL, 0, old, newtype);
}

int mpii_type_hvector(int count, int blocklen, MPI_Aint stride, MPI_Datatype old, MPI_Datatype *newtype)
{
	int ints[2] = { count, blocklen };
	return hvec(MPI_COMBINER_HVECTOR, count, blocklen, stride, ints, 2, &stride, 1, old, newtype);
}

/* The block constructors: count blocks, block i of blocklens[i] (blocklens
 * NULL: blocklen each) elements of types[i] (ntypes 1: types[0] for all)
 * at idisps[i] extents of its type (idisps NULL: adisps[i] bytes).  The
 * envelope's integers are count, the length(s), then idisps, in the order
 * MPI_Type_get_contents returns them. */
static int blocks(int combiner, int count, const int *blocklens, int blocklen, const int *idisps,
		  const MPI_Aint *adisps, int ntypes, const MPI_Datatype *types,
		  MPI_Datatype *newtype)
{
	struct bounds b = { 0 };
	size_t nlens = blocklens ? (size_t)count : 1;
	size_t ni = 1 + nlens + (idisps ? (size_t)count : 0);
	int *ints = malloc(sizeof(int) * ni);
	if (!ints)
		return MPI_ERR_NO_MEM;
	ints[0] = count;
	if (!blocklens)
		ints[1] = blocklen;
	for (int i = 0; i < count; i++) {
		MPI_Datatype t = types[ntypes > 1 ? i : 0];
		if (blocklens)
			ints[1 + i] = blocklens[i];
		if (idisps)
			ints[1 + nlens + i] = idisps[i];
		block(&b, t, blocklens ? blocklens[i] : blocklen,
		      idisps ? mul(&b, idisps[i], t->extent) : adisps[i]);
	}
	int rc = make(&b, combiner == MPI_COMBINER_STRUCT, combiner, (int)ni, ints,
		      idisps ? 0 : count, idisps ? NULL : adisps, ntypes, types, newtype);
	free(ints);
	return rc;
}

int mpii_type_indexed(int count, const int *blocklens, const int *disps, MPI_Datatype old,
		      MPI_Datatype *newtype)
{
	return blocks(MPI_COMBINER_INDEXED, count, blocklens, 0, disps, NULL, 1, &old, newtype);
}

int mpii_type_hindexed(int count, const int *blocklens, const MPI_Aint *disps, MPI_Datatype old,
		       MPI_Datatype *newtype)
{
	return blocks(MPI_COMBINER_HINDEXED, count, blocklens, 0, NULL, disps, 1, &old, newtype);
}

int mpii_type_indexed_block(int count, int blocklen, const int *disps, MPI_Datatype old,
			    MPI_Datatype *newtype)
{
	return blocks(MPI_COMBINER_INDEXED_BLOCK, count, NULL, blocklen, disps, NULL, 1, &old,
		      newtype);
}

int mpii_type_hindexed_block(int count, int blocklen, const MPI_Aint *disps, MPI_Datatype old,
			     MPI_Datatype *newtype)
{
	return blocks(MPI_COMBINER_HINDEXED_BLOCK, count, NULL, blocklen, NULL, disps, 1, &old,
		      newtype);
}

int mpii_type_struct(int count, const int *blocklens, const MPI_Aint *disps, const MPI_Datatype *types,
		     MPI_Datatype *newtype)
{
	return blocks(MPI_COMBINER_STRUCT, count, blocklens, 0, NULL, disps, count, types, newtype);
}

int mpii_type_resized(MPI_Datatype old, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype)
{
	struct bounds b = { 0 };
	MPI_Aint ab[2] = { lb, extent };
	block(&b, old, 1, 0);
	b.slb_any = b.sub_any = 1;
	b.slb = lb;
	b.sub = add(&b, lb, extent);
	return make(&b, 0, MPI_COMBINER_RESIZED, 0, NULL, 2, ab, 1, &old, newtype);
}

int mpii_type_dup(MPI_Datatype old, MPI_Datatype *newtype)
{
	struct mpii_datatype *dt = mpii_type_alloc();
	if (!dt)
		return MPI_ERR_NO_MEM;
	mpii_type_copy_layout(dt, old);
	dt->desc->ext32_size = mpii_type_ext32_size(old);
	dt->desc->depth = (old->desc ? old->desc->depth : 0) + 1;
	dt->desc->elem = mpii_type_elem_basic(old);
	int rc = record(dt, MPI_COMBINER_DUP, 0, NULL, 0, NULL, 1, &old);
	if (rc)
		return rc;
	/* MPI: the duplicate of a committed type is committed. */
	if (old->flags & MPII_DT_COMMITTED) {
		rc = mpii_type_commit(dt);
		if (rc) {
			mpii_type_unref(dt);
			return rc;
		}
	}
	*newtype = dt;
	return MPI_SUCCESS;
}
