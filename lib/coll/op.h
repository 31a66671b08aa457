/*
 * lib/coll/op.h - reduction operations (MPI_Op): the predefined ones, user
 * functions from MPI_Op_create, and the one entry point every reduction in
 * the library goes through.
 *
 * Semantics of every apply: inout[i] = in[i] op inout[i], element by
 * element, so a caller that wants a0 op a1 op ... op an-1 for a
 * non-commutative op folds from the right (acc = a_{n-1}; acc = a_j op acc).
 *
 * Owner: lib/coll/op.c (objects, public functions), lib/coll/op_predefined.c (the
 * kernels for every basic kind of lib/datatype/datatype.h), lib/coll/op_derived.c
 * (predefined ops over the layout of a derived type).
 */
#ifndef MPII_OP_H
#define MPII_OP_H

#include "mpi.h"
#include "lib/datatype/datatype.h"
#include "lib/core/core.h"

enum mpii_op_kind {
	MPII_OP_USER = 0,
	MPII_OP_MAX, MPII_OP_MIN, MPII_OP_SUM, MPII_OP_PROD,
	MPII_OP_LAND, MPII_OP_BAND, MPII_OP_LOR, MPII_OP_BOR,
	MPII_OP_LXOR, MPII_OP_BXOR, MPII_OP_MAXLOC, MPII_OP_MINLOC,
	MPII_OP_REPLACE, MPII_OP_NO_OP,
};

/* How a user op written in another language is called (mpii_lang_op_create). */
typedef void mpii_lang_op_call(void *in, void *inout, int *len, MPI_Datatype *datatype,
			       void (*proc)(void));

struct mpii_op {
	uint32_t magic;
	_Atomic int refcount;       /* user handle + operations in flight */
	int kind;                   /* enum mpii_op_kind */
	int commute;                /* non-zero when commutative */
	MPI_User_function *user_fn; /* MPII_OP_USER (MPI_Op_create) */
	MPI_User_function_c *user_fn_c; /* MPII_OP_USER (MPI_Op_create_c): len
					 * is an MPI_Count, so one call */
	mpii_lang_op_call *lang_call; /* non-NULL: user_fn is lang_proc, */
	void (*lang_proc)(void);      /* another language's procedure */
};

/* MPI_Op_create for another language's user function (the Fortran
 * bindings, lib/fortran/callbacks.c): each application of the op calls
 * call(in, inout, &len, &datatype, proc), and call converts the arguments
 * and calls proc.  Returns MPI_SUCCESS or an error class (the handler
 * called), as MPI_Op_create.  Exported for libshmpi_fortran only. */
MPII_API int mpii_lang_op_create(mpii_lang_op_call *call, void (*proc)(void), int commute,
				 MPI_Op *op);

/* Check an op handle.  MPI_SUCCESS or MPI_ERR_OP. */
int mpii_op_check(MPI_Op op);

/* Whether predefined op kind k is defined on basic kind b, as calls have
 * asked: 0 not yet known, else the answer (MPI_SUCCESS or MPI_ERR_OP) + 1.
 * Filled by mpii_op_check_type_slow (lib/coll/op.c says why). */
extern _Atomic unsigned char mpii_op_known[MPII_OP_NO_OP + 1][MPII_B_COUNT_OF_KINDS];

/* Where mpii_op_known keeps the answer for (op, dt): a predefined
 * reducing op on a predefined type of one basic kind; NULL for any other
 * pair, which is asked about every time. */
static inline _Atomic unsigned char *mpii_op_known_slot(const struct mpii_op *op,
							 const struct mpii_datatype *dt)
{
	if (op->kind > MPII_OP_USER && op->kind < MPII_OP_REPLACE &&
	    (dt->flags & MPII_DT_PREDEFINED) && dt->basic > MPII_B_NONE &&
	    dt->basic < MPII_B_COUNT_OF_KINDS)
		return &mpii_op_known[op->kind][dt->basic];
	return NULL;
}

int mpii_op_check_type_slow(const struct mpii_op *op, const struct mpii_datatype *dt);

/* Check that op may reduce elements of dt (a predefined op needs a type
 * whose elements are all of one predefined type the standard allows for
 * it; a derived type without elements passes).  MPI_SUCCESS or MPI_ERR_OP.
 * Inline for a predefined op on a predefined type already asked about:
 * every reduction checks its op. */
static inline int mpii_op_check_type(const struct mpii_op *op, const struct mpii_datatype *dt)
{
	_Atomic unsigned char *known = mpii_op_known_slot(op, dt);
	/* Relaxed: see mpii_op_known. */
	int k = known ? shm_load_relaxed(known) : 0;
	return k ? k - 1 : mpii_op_check_type_slow(op, dt);
}

/* inout = in op inout on count elements of dt laid out as in a user buffer.
 * Arguments were checked with mpii_op_check_type.  No errors. */
void mpii_op_apply(const struct mpii_op *op, const void *in, void *inout, MPI_Count count,
		   struct mpii_datatype *dt);

/* A predefined op (kind) on count elements of a derived type whose
 * elements are all of one kind the op allows (lib/coll/op_derived.c). */
void mpii_op_apply_derived(int kind, const void *in, void *inout, MPI_Count count,
			   struct mpii_datatype *dt);

/* The kernel of a predefined op on count contiguous elements of basic
 * kind; returns MPI_ERR_OP when the pair is not allowed (nothing done). */
int mpii_op_predefined_apply(int kind, int basic, const void *in, void *inout, MPI_Count count);

/* Take and drop a reference (operations in flight keep a user op alive). */
void mpii_op_ref(struct mpii_op *op);
void mpii_op_unref(struct mpii_op *op);

#endif
