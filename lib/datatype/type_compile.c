/*
 * lib/datatype/type_compile.c - MPI_Type_commit's work: turn the constructor
 * description of a type into its compact compiled form (lib/datatype/type_impl.h).
 *
 * Normalisation keeps the tree small and the copy loops long:
 *   - a repeat of a RUN whose stride equals its length is one longer RUN;
 *   - a repeat of a repeat whose outer stride continues the inner one is
 *     one repeat (vector of contiguous blocks of a vector ...);
 *   - a repeat of one copy is the child itself;
 *   - in a sequence, empty entries vanish, small nested sequences are
 *     inlined, adjacent RUNs merge, and three or more RUNs of equal length
 *     at a constant step become one VEC (indexed types that are really
 *     vectors, struct-built arrays);
 *   - a sequence of one entry is that entry.
 * Nodes are immutable once built; shifting one copies only its top.
 *
 * Commit compiles children first (they need not be committed by the user)
 * under one mutex, so two threads committing types that share children
 * never race.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "lib/datatype/type_impl.h"

static pthread_mutex_t compile_lock = PTHREAD_MUTEX_INITIALIZER;

/* Largest nested sequence copied into its parent. */
#define INLINE_MAX 16

static struct mpii_tnode *tref(struct mpii_tnode *n)
{
	/* Relaxed: the caller holds a reference, so the count cannot reach
	 * 0 meanwhile; only the decrement that frees needs ordering.  Static
	 * nodes (MPII_TNODE_STATIC, never written) are not counted. */
	if (n && shm_load_relaxed(&n->refs) < MPII_TNODE_STATIC)
		shm_fetch_add_relaxed(&n->refs, 1);
	return n;
}

void mpii_tnode_unref(struct mpii_tnode *n)
{
	/* Relaxed: a static node's count never changes. */
	if (!n || shm_load_relaxed(&n->refs) >= MPII_TNODE_STATIC)
		return;
	/* acq_rel: the last dropper sees every use before it frees. */
	if (shm_fetch_sub_acq_rel(&n->refs, 1) != 1)
		return;
	if (n->kind == MPII_N_VEC)
		mpii_tnode_unref(n->child);
	if (n->kind == MPII_N_SEQ) {
		for (int i = 0; i < n->n; i++)
			mpii_tnode_unref(n->ent[i].node);
		free(n->ent);
	}
	free(n);
}

static struct mpii_tnode *tnew(int kind, MPI_Aint disp, MPI_Count size)
{
	struct mpii_tnode *n = calloc(1, sizeof(*n));
	if (!n)
		return NULL;
	/* Relaxed: the node is not shared yet (published by whoever links it). */
	shm_store_relaxed(&n->refs, 1);
	n->kind = kind;
	n->disp = disp;
	n->size = size;
	return n;
}

/* x moved by d (a new reference).  NULL stays NULL. */
static struct mpii_tnode *shift(struct mpii_tnode *x, MPI_Aint d, int *nomem)
{
	if (!x || d == 0)
		return tref(x);
	struct mpii_tnode *n = tnew(x->kind, x->disp + d, x->size);
	if (!n)
		goto fail;
	if (x->kind == MPII_N_VEC) {
		n->count = x->count;
		n->stride = x->stride;
		n->child = tref(x->child);
	} else if (x->kind == MPII_N_SEQ) {
		n->ent = malloc(sizeof(*n->ent) * (size_t)x->n);
		if (!n->ent) {
			free(n);
			goto fail;
		}
		memcpy(n->ent, x->ent, sizeof(*n->ent) * (size_t)x->n);
		n->n = x->n;
		for (int i = 0; i < n->n; i++)
			tref(n->ent[i].node);
	}
	return n;
fail:
	*nomem = 1;
	return NULL;
}

/* count copies of ch, copy i at i*stride (a new reference). */
static struct mpii_tnode *vec(MPI_Count count, MPI_Aint stride, struct mpii_tnode *ch, int *nomem)
{
	struct mpii_tnode *n;

	if (!ch || count <= 0)
		return NULL;
	if (count == 1)
		return tref(ch);
	if (ch->kind == MPII_N_RUN && stride == ch->size)
		n = tnew(MPII_N_RUN, ch->disp, count * ch->size);
	else if (ch->kind == MPII_N_VEC && stride == ch->count * ch->stride) {
		n = tnew(MPII_N_VEC, ch->disp, count * ch->size);
		if (n) {
			n->count = count * ch->count;
			n->stride = ch->stride;
			n->child = tref(ch->child);
		}
	} else {
		n = tnew(MPII_N_VEC, 0, count * ch->size);
		if (n) {
			n->count = count;
			n->stride = stride;
			n->child = tref(ch);
		}
	}
	if (!n)
		*nomem = 1;
	return n;
}

/* Sequence builder: entries are appended in packed order. */
struct seqb {
	struct mpii_tnode **v;
	int n, cap;
	int nomem;
};

static void seq_push(struct seqb *b, struct mpii_tnode *x) /* takes the reference */
{
	if (!x)
		return;
	if (b->n == b->cap) {
		int cap = b->cap ? 2 * b->cap : 8;
		struct mpii_tnode **v = realloc(b->v, sizeof(*v) * (size_t)cap);
		if (!v) {
			b->nomem = 1;
			mpii_tnode_unref(x);
			return;
		}
		b->v = v;
		b->cap = cap;
	}
	/* merge with a preceding adjacent RUN */
	if (x->kind == MPII_N_RUN && b->n > 0) {
		struct mpii_tnode *p = b->v[b->n - 1];
		if (p->kind == MPII_N_RUN && p->disp + p->size == x->disp) {
			struct mpii_tnode *m = tnew(MPII_N_RUN, p->disp, p->size + x->size);
			mpii_tnode_unref(x);
			if (!m) {
				b->nomem = 1;
				return;
			}
			mpii_tnode_unref(p);
			b->v[b->n - 1] = m;
			return;
		}
	}
	b->v[b->n++] = x;
}

/* Add x (borrowed) placed at d. */
static void seq_add(struct seqb *b, struct mpii_tnode *x, MPI_Aint d)
{
	if (!x)
		return;
	if (x->kind == MPII_N_SEQ && x->n <= INLINE_MAX) {
		for (int i = 0; i < x->n; i++)
			seq_push(b, shift(x->ent[i].node, d + x->disp, &b->nomem));
		return;
	}
	seq_push(b, shift(x, d, &b->nomem));
}

/* Replace runs of >= 3 equal-length RUNs at a constant step by a VEC. */
static void seq_fold(struct seqb *b)
{
	int out = 0;
	for (int i = 0; i < b->n;) {
		struct mpii_tnode *a = b->v[i];
		int j = i + 1;
		if (a->kind == MPII_N_RUN && i + 2 < b->n && b->v[i + 1]->kind == MPII_N_RUN &&
		    b->v[i + 1]->size == a->size) {
			MPI_Aint step = b->v[i + 1]->disp - a->disp;
			while (j < b->n && b->v[j]->kind == MPII_N_RUN && b->v[j]->size == a->size &&
			       b->v[j]->disp - b->v[j - 1]->disp == step)
				j++;
		}
		if (j - i >= 3) {
			struct mpii_tnode *run = tnew(MPII_N_RUN, 0, a->size);
			struct mpii_tnode *v = tnew(MPII_N_VEC, a->disp, (MPI_Count)(j - i) * a->size);
			if (!run || !v) {
				free(run);
				free(v);
				b->nomem = 1;
				for (int k = i; k < j; k++)
					b->v[out++] = b->v[k];
				i = j;
				continue;
			}
			v->count = j - i;
			v->stride = b->v[i + 1]->disp - a->disp;
			v->child = run;
			for (int k = i; k < j; k++)
				mpii_tnode_unref(b->v[k]);
			b->v[out++] = v;
			i = j;
		} else {
			b->v[out++] = a;
			i++;
		}
	}
	b->n = out;
}

static struct mpii_tnode *seq_finish(struct seqb *b)
{
	struct mpii_tnode *n = NULL;

	if (b->nomem)
		goto out;
	seq_fold(b);
	if (b->nomem || b->n == 0)
		goto out;
	if (b->n == 1) {
		n = b->v[0];
		b->n = 0;
		goto out;
	}
	n = tnew(MPII_N_SEQ, 0, 0);
	if (!n || !(n->ent = malloc(sizeof(*n->ent) * (size_t)b->n))) {
		free(n);
		n = NULL;
		b->nomem = 1;
		goto out;
	}
	for (int i = 0; i < b->n; i++) {
		n->ent[i].node = b->v[i];
		n->ent[i].start = n->size;
		n->size += b->v[i]->size;
	}
	n->n = b->n;
	b->n = 0;
out:
	for (int i = 0; i < b->n; i++)
		mpii_tnode_unref(b->v[i]);
	free(b->v);
	return n;
}

static int compile(struct mpii_datatype *dt);

/* Pieces of x: one per RUN, a VEC's child's times its count (saturated:
 * only the average piece matters, and a type that large has tiny ones). */
static MPI_Count count_pieces(const struct mpii_tnode *x)
{
	const MPI_Count most = (MPI_Count)1 << 62;
	if (!x)
		return 0;
	switch (x->kind) {
	case MPII_N_RUN:
		return 1;
	case MPII_N_VEC: {
		MPI_Count c = count_pieces(x->child);
		return c > most / x->count ? most : c * x->count;
	}
	case MPII_N_SEQ: {
		MPI_Count sum = 0;
		for (int i = 0; i < x->n && sum < most; i++)
			sum += count_pieces(x->ent[i].node);
		return sum < most ? sum : most;
	}
	}
	return 0;
}

static struct mpii_tnode *root_of(MPI_Datatype t, int *nomem)
{
	if (compile(t) != MPI_SUCCESS) {
		*nomem = 1;
		return NULL;
	}
	return t->desc ? t->desc->root : NULL;
}

/* count blocks: block i is bl[i] copies of t (extent-spaced) at byte disp[i]. */
static struct mpii_tnode *blocks(int count, const int *bl, int bl1, const MPI_Aint *disp,
				 const int *idisp, MPI_Aint unit, MPI_Datatype *types, int ntypes, int *nomem)
{
	struct seqb b = { 0 };
	for (int i = 0; i < count && !b.nomem; i++) {
		MPI_Datatype t = types[ntypes > 1 ? i : 0];
		int n = bl ? bl[i] : bl1;
		MPI_Aint d = disp ? disp[i] : (MPI_Aint)idisp[i] * unit;
		struct mpii_tnode *r = root_of(t, &b.nomem);
		struct mpii_tnode *v = vec(n, t->extent, r, &b.nomem);
		seq_add(&b, v, d);
		mpii_tnode_unref(v);
	}
	struct mpii_tnode *n = seq_finish(&b);
	if (b.nomem)
		*nomem = 1;
	return n;
}

static int compile(struct mpii_datatype *dt)
{
	struct mpii_typedesc *d = dt->desc;
	struct mpii_tnode *root = NULL, *r, *v;
	int nomem = 0;

	if (!d || d->compiled)
		return MPI_SUCCESS;
	if (d->inner) {
		root = tref(root_of(d->inner, &nomem));
		goto done;
	}
	MPI_Datatype t0 = d->nd > 0 ? d->types[0] : NULL;
	switch (dt->combiner) {
	case MPI_COMBINER_DUP:
	case MPI_COMBINER_RESIZED:
		root = tref(root_of(t0, &nomem));
		break;
	case MPI_COMBINER_CONTIGUOUS:
		root = vec(d->ints[0], t0->extent, root_of(t0, &nomem), &nomem);
		break;
	case MPI_COMBINER_VECTOR:
	case MPI_COMBINER_HVECTOR:
	case MPI_COMBINER_HVECTOR_INTEGER: {
		MPI_Aint stride = dt->combiner == MPI_COMBINER_VECTOR ? (MPI_Aint)d->ints[2] * t0->extent
			: dt->combiner == MPI_COMBINER_HVECTOR ? d->aints[0] : (MPI_Aint)d->ints[2];
		r = root_of(t0, &nomem);
		v = vec(d->ints[1], t0->extent, r, &nomem);
		root = vec(d->ints[0], stride, v, &nomem);
		mpii_tnode_unref(v);
		break;
	}
	case MPI_COMBINER_INDEXED:
		root = blocks(d->ints[0], d->ints + 1, 0, NULL, d->ints + 1 + d->ints[0], t0->extent,
			      d->types, 1, &nomem);
		break;
	case MPI_COMBINER_HINDEXED:
		root = blocks(d->ints[0], d->ints + 1, 0, d->aints, NULL, 1, d->types, 1, &nomem);
		break;
	case MPI_COMBINER_INDEXED_BLOCK:
		root = blocks(d->ints[0], NULL, d->ints[1], NULL, d->ints + 2, t0->extent, d->types, 1,
			      &nomem);
		break;
	case MPI_COMBINER_HINDEXED_BLOCK:
		root = blocks(d->ints[0], NULL, d->ints[1], d->aints, NULL, 1, d->types, 1, &nomem);
		break;
	case MPI_COMBINER_STRUCT:
		root = blocks(d->ints[0], d->ints + 1, 0, d->aints, NULL, 1, d->types, d->ints[0], &nomem);
		break;
	default:
		break;
	}
done:
	if (nomem) {
		mpii_tnode_unref(root);
		return MPI_ERR_NO_MEM;
	}
	d->root = root;
	d->compiled = 1;
	dt->pieces = count_pieces(root);
	if (dt->size == 0 || (root && root->kind == MPII_N_RUN && root->size == dt->size &&
			      dt->size == dt->extent && root->disp == dt->true_lb))
		dt->flags |= MPII_DT_CONTIG;
	return MPI_SUCCESS;
}

int mpii_type_commit(struct mpii_datatype *dt)
{
	int rc;

	if (dt->flags & MPII_DT_COMMITTED)
		return MPI_SUCCESS;
	pthread_mutex_lock(&compile_lock);
	rc = compile(dt);
	if (rc == MPI_SUCCESS)
		dt->flags |= MPII_DT_COMMITTED;
	pthread_mutex_unlock(&compile_lock);
	return rc;
}
