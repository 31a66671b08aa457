/*
 * lib/datatype/type_walk.c - the typemap, element by element: every basic element
 * of a type in packed order with its kind and displacement.
 *
 * The compiled form merges elements of different kinds into byte runs, so
 * whatever needs the kinds reads the constructor arguments instead:
 * external32 conversion (lib/datatype/pack_external.c) and partial element counts
 * (MPI_Get_elements, MPI_Status_set_elements), and predefined reductions
 * on derived types of pairs (lib/coll/op_derived.c), which need the pairs
 * whole.  This is O(elements); the transport never uses it.
 *
 * The one basic kind of a derived type (mpii_type_elem_basic) is not found
 * by walking: each constructor computes it from its children's
 * (lib/datatype/type_create.c), so a reduction checks it in O(1).
 */
#include <stddef.h>
#include <wchar.h>
#include "lib/datatype/type_impl.h"

struct kind_size {
	unsigned char native, ext32;
};

static const struct kind_size sizes[MPII_B_COUNT_OF_KINDS] = {
	[MPII_B_CHAR] = { 1, 1 }, [MPII_B_SCHAR] = { 1, 1 }, [MPII_B_UCHAR] = { 1, 1 },
	[MPII_B_SHORT] = { sizeof(short), 2 }, [MPII_B_USHORT] = { sizeof(short), 2 },
	[MPII_B_INT] = { sizeof(int), 4 }, [MPII_B_UINT] = { sizeof(int), 4 },
	[MPII_B_LONG] = { sizeof(long), 4 }, [MPII_B_ULONG] = { sizeof(long), 4 },
	[MPII_B_LLONG] = { sizeof(long long), 8 }, [MPII_B_ULLONG] = { sizeof(long long), 8 },
	[MPII_B_INT8] = { 1, 1 }, [MPII_B_INT16] = { 2, 2 }, [MPII_B_INT32] = { 4, 4 },
	[MPII_B_INT64] = { 8, 8 }, [MPII_B_UINT8] = { 1, 1 }, [MPII_B_UINT16] = { 2, 2 },
	[MPII_B_UINT32] = { 4, 4 }, [MPII_B_UINT64] = { 8, 8 },
	[MPII_B_FLOAT] = { sizeof(float), 4 }, [MPII_B_DOUBLE] = { sizeof(double), 8 },
	[MPII_B_LDOUBLE] = { sizeof(long double), 16 },
	[MPII_B_CFLOAT] = { 2 * sizeof(float), 8 }, [MPII_B_CDOUBLE] = { 2 * sizeof(double), 16 },
	[MPII_B_CLDOUBLE] = { 2 * sizeof(long double), 32 },
	[MPII_B_BOOL] = { sizeof(_Bool), 1 }, [MPII_B_WCHAR] = { sizeof(wchar_t), 4 },
	[MPII_B_BYTE] = { 1, 1 }, [MPII_B_PACKED] = { 1, 1 },
	[MPII_B_AINT] = { sizeof(MPI_Aint), 8 }, [MPII_B_OFFSET] = { sizeof(MPI_Offset), 8 },
	[MPII_B_COUNT] = { sizeof(MPI_Count), 8 },
	[MPII_B_FLOAT_INT] = { sizeof(float) + sizeof(int), 8 },
	[MPII_B_DOUBLE_INT] = { sizeof(double) + sizeof(int), 12 },
	[MPII_B_LONG_INT] = { sizeof(long) + sizeof(int), 8 },
	[MPII_B_2INT] = { 2 * sizeof(int), 8 },
	[MPII_B_SHORT_INT] = { sizeof(short) + sizeof(int), 6 },
	[MPII_B_LDOUBLE_INT] = { sizeof(long double) + sizeof(int), 20 },
	[MPII_B_LOGICAL] = { sizeof(int), 4 }, [MPII_B_CHARACTER] = { 1, 1 },
	[MPII_B_2FLOAT] = { 2 * sizeof(float), 8 }, [MPII_B_2DOUBLE] = { 2 * sizeof(double), 16 },
	[MPII_B_INT128] = { 16, 16 }, [MPII_B_REAL2] = { 2, 2 },
	[MPII_B_LOGICAL1] = { 1, 1 }, [MPII_B_LOGICAL2] = { 2, 2 }, [MPII_B_LOGICAL8] = { 8, 8 },
	[MPII_B_COMPLEX4] = { 4, 4 }, [MPII_B_REAL16] = { 16, 16 }, [MPII_B_COMPLEX32] = { 32, 32 },
};

int mpii_basic_size(int basic)
{
	return basic > 0 && basic < MPII_B_COUNT_OF_KINDS ? sizes[basic].native : 0;
}

int mpii_basic_ext32(int basic)
{
	return basic > 0 && basic < MPII_B_COUNT_OF_KINDS ? sizes[basic].ext32 : 0;
}

MPI_Count mpii_type_ext32_size(MPI_Datatype dt)
{
	if (mpii_type_is_predef(dt))
		return mpii_basic_ext32(dt->basic);
	return dt->desc->ext32_size;
}

/* What one walk calls, and whether pairs reach it whole. */
struct walker {
	mpii_walk_fn fn;
	void *ctx;
	int whole;
};

/* A predefined type: pairs split into value and index unless w->whole. */
static int walk_predef(MPI_Datatype dt, MPI_Aint disp, const struct walker *w)
{
	MPI_Aint second = dt->true_extent - (MPI_Aint)sizeof(int);
	mpii_walk_fn fn = w->fn;
	void *ctx = w->ctx;
	int rc;

	switch (dt->basic) {
	case MPII_B_NONE: case MPII_B_LB: case MPII_B_UB: case MPII_B_DATATYPE:
		return 0;
	}
	if (w->whole)
		return fn(ctx, dt->basic, disp);
	switch (dt->basic) {
	case MPII_B_FLOAT_INT: rc = fn(ctx, MPII_B_FLOAT, disp); break;
	case MPII_B_DOUBLE_INT: rc = fn(ctx, MPII_B_DOUBLE, disp); break;
	case MPII_B_LONG_INT: rc = fn(ctx, MPII_B_LONG, disp); break;
	case MPII_B_2INT: rc = fn(ctx, MPII_B_INT, disp); break;
	case MPII_B_SHORT_INT: rc = fn(ctx, MPII_B_SHORT, disp); break;
	case MPII_B_LDOUBLE_INT: rc = fn(ctx, MPII_B_LDOUBLE, disp); break;
	case MPII_B_2FLOAT:
		return fn(ctx, MPII_B_FLOAT, disp) ? 1 : fn(ctx, MPII_B_FLOAT, disp + sizeof(float));
	case MPII_B_2DOUBLE:
		return fn(ctx, MPII_B_DOUBLE, disp) ? 1 : fn(ctx, MPII_B_DOUBLE, disp + sizeof(double));
	default:
		return fn(ctx, dt->basic, disp);
	}
	return rc ? rc : fn(ctx, MPII_B_INT, disp + second);
}

static int walk1(MPI_Datatype dt, MPI_Aint disp, const struct walker *w);

static int rep(MPI_Datatype t, MPI_Count n, MPI_Aint disp, const struct walker *w)
{
	int rc;
	if (t->nbasic == 0)
		return 0;
	for (MPI_Count j = 0; j < n; j++)
		if ((rc = walk1(t, disp + j * t->extent, w)))
			return rc;
	return 0;
}

static int walk1(MPI_Datatype dt, MPI_Aint disp, const struct walker *w)
{
	const struct mpii_typedesc *d = dt->desc;
	int rc = 0, n;

	if (mpii_type_is_predef(dt))
		return walk_predef(dt, disp, w);
	if (d->inner)
		return walk1(d->inner, disp, w);
	MPI_Datatype t = d->types[0];
	switch (dt->combiner) {
	case MPI_COMBINER_DUP:
	case MPI_COMBINER_RESIZED:
		return walk1(t, disp, w);
	case MPI_COMBINER_CONTIGUOUS:
		return rep(t, d->ints[0], disp, w);
	case MPI_COMBINER_VECTOR:
	case MPI_COMBINER_HVECTOR: {
		MPI_Aint stride = dt->combiner == MPI_COMBINER_VECTOR ? (MPI_Aint)d->ints[2] * t->extent
								      : d->aints[0];
		for (int i = 0; i < d->ints[0] && !rc; i++)
			rc = rep(t, d->ints[1], disp + i * stride, w);
		return rc;
	}
	case MPI_COMBINER_INDEXED:
		n = d->ints[0];
		for (int i = 0; i < n && !rc; i++)
			rc = rep(t, d->ints[1 + i], disp + (MPI_Aint)d->ints[1 + n + i] * t->extent, w);
		return rc;
	case MPI_COMBINER_HINDEXED:
		for (int i = 0; i < d->ints[0] && !rc; i++)
			rc = rep(t, d->ints[1 + i], disp + d->aints[i], w);
		return rc;
	case MPI_COMBINER_INDEXED_BLOCK:
		for (int i = 0; i < d->ints[0] && !rc; i++)
			rc = rep(t, d->ints[1], disp + (MPI_Aint)d->ints[2 + i] * t->extent, w);
		return rc;
	case MPI_COMBINER_HINDEXED_BLOCK:
		for (int i = 0; i < d->ints[0] && !rc; i++)
			rc = rep(t, d->ints[1], disp + d->aints[i], w);
		return rc;
	case MPI_COMBINER_STRUCT:
		for (int i = 0; i < d->ints[0] && !rc; i++)
			rc = rep(d->types[i], d->ints[1 + i], disp + d->aints[i], w);
		return rc;
	}
	return 0;
}

int mpii_type_walk(MPI_Datatype dt, MPI_Count count, MPI_Aint disp, mpii_walk_fn fn, void *ctx)
{
	struct walker w = { fn, ctx, 0 };
	return rep(dt, count, disp, &w);
}

int mpii_type_walk_whole(MPI_Datatype dt, MPI_Count count, mpii_walk_fn fn, void *ctx)
{
	struct walker w = { fn, ctx, 1 };
	return rep(dt, count, 0, &w);
}

int mpii_type_elem_basic(const struct mpii_datatype *dt)
{
	if (dt->flags & MPII_DT_PREDEFINED)
		return dt->basic;
	return dt->desc->elem;
}

struct sig {
	MPI_Count want, n, bytes;
	int by_bytes;
};

static int sig_step(void *ctx, int basic, MPI_Aint disp)
{
	struct sig *s = ctx;
	(void)disp;
	if (s->by_bytes ? s->bytes >= s->want : s->n >= s->want)
		return 1;
	s->n++;
	s->bytes += mpii_basic_size(basic);
	return 0;
}

MPI_Count mpii_type_sig_bytes(MPI_Datatype dt, MPI_Count nelem)
{
	struct sig s = { .want = nelem };
	if (dt->nbasic == 0)
		return -1;
	MPI_Count full = nelem / dt->nbasic;
	s.want = nelem % dt->nbasic;
	if (s.want)
		mpii_type_walk(dt, 1, 0, sig_step, &s);
	return full * dt->size + s.bytes;
}

MPI_Count mpii_type_sig_elems(MPI_Datatype dt, MPI_Count nbytes)
{
	struct sig s = { .want = nbytes, .by_bytes = 1 };
	if (nbytes == 0)
		return 0;
	mpii_type_walk(dt, 1, 0, sig_step, &s);
	return s.bytes == nbytes ? s.n : -1;
}
