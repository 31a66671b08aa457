/*
 * lib/coll/op_derived.c - a predefined op on a derived datatype.  MPI-3.1
 * 5.9.2 allows it when every basic element of the type is of the one
 * predefined type the op accepts (a vector of MPI_DOUBLE for MPI_SUM, a
 * contiguous of MPI_2INT for MPI_MINLOC).  The type engine keeps that kind
 * on the type (mpii_type_elem_basic), so lib/coll/op.c checks it in O(1); here
 * the kernel of lib/coll/op_predefined.c runs over the type's layout:
 *
 *  - plain kinds: the memory pieces of the typemap (mpii_type_iov) are
 *    runs of whole elements, and the two buffers have the same pieces at
 *    the same offsets (same type, same count), so the kernel runs once per
 *    piece pair in place: no copy, long loops for vectors of blocks;
 *  - pairs (MAXLOC, MINLOC): the data of a pair is not its C struct
 *    (MPI_DOUBLE_INT holds 12 bytes in a 16-byte struct, MPI_SHORT_INT has
 *    a hole between value and index), so pieces do not line up with the
 *    kernel's elements; the typemap is walked pair by pair instead and the
 *    kernel runs on each pair in place (it writes the two fields only, not
 *    the padding, which may belong to another element of the type).
 */
#include <sys/uio.h>
#include "lib/coll/op.h"

/* Pieces fetched at a time: enough to amortise the seek of each batch. */
#define PIECES 64

static void by_pieces(int kind, int basic, const void *in, void *inout, MPI_Count count,
		      const struct mpii_datatype *dt)
{
	struct iovec a[PIECES], b[PIECES];
	MPI_Count total = count * dt->size, off = 0, covered, unused;
	MPI_Count size = mpii_basic_size(basic);

	while (off < total) {
		int n = mpii_type_iov(dt, count, in, off, total - off, a, PIECES, &covered);
		mpii_type_iov(dt, count, inout, off, total - off, b, PIECES, &unused);
		if (covered <= 0)
			return; /* cannot happen: a batch holds at least one piece */
		for (int i = 0; i < n; i++)
			(void)mpii_op_predefined_apply(kind, basic, a[i].iov_base, b[i].iov_base,
						       (MPI_Count)a[i].iov_len / size);
		off += covered;
	}
}

struct pairs {
	int kind;
	const char *in;
	char *inout;
};

static int pair_step(void *ctx, int basic, MPI_Aint disp)
{
	const struct pairs *p = ctx;
	(void)mpii_op_predefined_apply(p->kind, basic, p->in + disp, p->inout + disp, 1);
	return 0;
}

static int is_pair(int basic)
{
	return basic >= MPII_B_FLOAT_INT && basic <= MPII_B_LDOUBLE_INT;
}

void mpii_op_apply_derived(int kind, const void *in, void *inout, MPI_Count count,
			   struct mpii_datatype *dt)
{
	int basic = mpii_type_elem_basic(dt);

	if (basic <= MPII_B_NONE || count <= 0)
		return; /* no elements (a mixed type was refused by the check) */
	if (is_pair(basic)) {
		struct pairs p = { kind, in, inout };
		mpii_type_walk_whole(dt, count, pair_step, &p);
		return;
	}
	by_pieces(kind, basic, in, inout, count, dt);
}
