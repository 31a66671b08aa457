/*
 * lib/coll/op.c - MPI_Op objects: MPI_Op_create/free/commutative,
 * MPI_Op_create_c, MPI_Reduce_local, and mpii_op_apply, which every reduction of the
 * library (collectives, later accumulate) calls.
 *
 * A user op is freed when its handle is freed and no operation in flight
 * still holds it (nonblocking collectives take a reference).  Freed objects
 * keep MPII_MAGIC_FREED and are never returned to malloc: they wait in a
 * pool (lib/core/pool.h) before reuse, so a stale handle fails the check
 * instead of crashing, and creating and freeing ops does not grow memory.
 */
#include <limits.h>
#include <stdlib.h>
#include "lib/coll/op.h"
#include "lib/core/core.h"

int mpii_op_check(MPI_Op op)
{
	return MPII_VALID(op, MPII_MAGIC_OP) ? MPI_SUCCESS : MPI_ERR_OP;
}

/* mpii_op_known (lib/coll/op.h): asking mpii_op_predefined_apply's tables
 * costs ~90 instructions, as much as a zero-byte reduction's every other
 * check, and every predefined type asks the same few questions again and
 * again.  Relaxed: each thread computes the same answer from constant
 * tables, so a race only computes it twice, and no other memory is
 * published with it. */
_Atomic unsigned char mpii_op_known[MPII_OP_NO_OP + 1][MPII_B_COUNT_OF_KINDS];

int mpii_op_check_type_slow(const struct mpii_op *op, const struct mpii_datatype *dt)
{
	if (op->kind == MPII_OP_USER)
		return MPI_SUCCESS;
	if (op->kind == MPII_OP_REPLACE || op->kind == MPII_OP_NO_OP)
		return MPI_ERR_OP; /* one-sided only */
	int basic = mpii_type_elem_basic(dt);
	if (basic == MPII_B_NONE && !(dt->flags & MPII_DT_PREDEFINED))
		return MPI_SUCCESS; /* no elements: nothing to combine */
	if (basic < 0)
		return MPI_ERR_OP;  /* a derived type mixing kinds */
	/* A zero-length run answers whether the (op, kind) pair exists. */
	int rc = mpii_op_predefined_apply(op->kind, basic, NULL, NULL, 0);
	_Atomic unsigned char *known = mpii_op_known_slot(op, dt);
	if (known)
		/* Relaxed: see above. */
		shm_store_relaxed(known, (unsigned char)(rc + 1));
	return rc;
}

void mpii_op_apply(const struct mpii_op *op, const void *in, void *inout, MPI_Count count,
		   struct mpii_datatype *dt)
{
	if (op->kind != MPII_OP_USER) {
		if (dt->flags & MPII_DT_PREDEFINED)
			(void)mpii_op_predefined_apply(op->kind, dt->basic, in, inout, count);
		else
			mpii_op_apply_derived(op->kind, in, inout, count, dt);
		return;
	}
	MPI_Datatype t = dt;
	if (op->user_fn_c) {
		/* MPI_Op_create_c: the whole count in one call. */
		MPI_Count len = count;
		op->user_fn_c((void *)in, inout, &len, &t);
		return;
	}
	/* The user function takes an int count: feed it in chunks. */
	while (count > 0) {
		int len = count > INT_MAX ? INT_MAX : (int)count;
		if (op->lang_call)
			op->lang_call((void *)in, inout, &len, &t, op->lang_proc);
		else
			op->user_fn((void *)in, inout, &len, &t);
		in = (const char *)in + (MPI_Aint)len * dt->extent;
		inout = (char *)inout + (MPI_Aint)len * dt->extent;
		count -= len;
	}
}

void mpii_op_ref(struct mpii_op *op)
{
	/* Relaxed: the caller holds a reference; only the decrement that
	 * poisons needs ordering (acq_rel in mpii_op_unref). */
	if (op->kind == MPII_OP_USER)
		shm_fetch_add_relaxed(&op->refcount, 1);
}

/* Freed user operations wait here to be reused (lib/core/pool.h). */
static struct mpii_pool op_pool = MPII_POOL_INIT(struct mpii_op);

void mpii_op_unref(struct mpii_op *op)
{
	if (op->kind != MPII_OP_USER)
		return;
	/* acq_rel: the last dropper sees every use before it poisons. */
	if (shm_fetch_sub_acq_rel(&op->refcount, 1) == 1) {
		op->magic = MPII_MAGIC_FREED;
		/* Reused only after others wait: a stale handle fails cleanly. */
		mpii_pool_put(&op_pool, op);
	}
}

/* A user op that calls user_fn (int len), user_fn_c (MPI_Count len), or,
 * for another language's binding, call with proc (exactly one of the three
 * is set); fn is the name errors are reported under. */
static int op_create(const char *fn, MPI_User_function *user_fn, MPI_User_function_c *user_fn_c,
		     mpii_lang_op_call *call, void (*proc)(void), int commute, MPI_Op *op)
{
	MPII_CHECK_INIT(fn);
	if ((!user_fn && !user_fn_c && (!call || !proc)) || !op)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "user_fn or op is NULL");
	struct mpii_op *o = mpii_pool_get(&op_pool);
	if (!o)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	o->magic = MPII_MAGIC_OP;
	/* Relaxed: not shared until the handle is returned. */
	shm_store_relaxed(&o->refcount, 1);
	o->kind = MPII_OP_USER;
	o->commute = commute != 0;
	o->user_fn = user_fn;
	o->user_fn_c = user_fn_c;
	o->lang_call = call;
	o->lang_proc = proc;
	*op = o;
	return MPI_SUCCESS;
}

#pragma weak MPI_Op_create = PMPI_Op_create
int PMPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op)
{
	return op_create("MPI_Op_create", user_fn, NULL, NULL, NULL, commute, op);
}

#pragma weak MPI_Op_create_c = PMPI_Op_create_c
int PMPI_Op_create_c(MPI_User_function_c *user_fn, int commute, MPI_Op *op)
{
	return op_create("MPI_Op_create_c", NULL, user_fn, NULL, NULL, commute, op);
}

int mpii_lang_op_create(mpii_lang_op_call *call, void (*proc)(void), int commute, MPI_Op *op)
{
	return op_create("MPI_Op_create", NULL, NULL, call, proc, commute, op);
}

int mpii_Op_free(const char *fn, MPI_Op *op)
{
	if (!op || mpii_op_check(*op))
		return mpii_err(NULL, MPI_ERR_OP, fn, "invalid op");
	if ((*op)->kind != MPII_OP_USER)
		return mpii_err(NULL, MPI_ERR_OP, fn, "cannot free a predefined op");
	mpii_lock();
	mpii_op_unref(*op);
	mpii_unlock();
	*op = MPI_OP_NULL;
	return MPI_SUCCESS;
}

int mpii_Op_commutative(const char *fn, MPI_Op op, int *commute)
{
	if (mpii_op_check(op))
		return mpii_err(NULL, MPI_ERR_OP, fn, "invalid op");
	if (!commute)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "commute is NULL");
	*commute = op->commute;
	return MPI_SUCCESS;
}

int mpii_Reduce_local(const char *fn, const void *inbuf, void *inoutbuf, int count,
		      MPI_Datatype datatype, MPI_Op op)
{
	if (mpii_op_check(op))
		return mpii_err(NULL, MPI_ERR_OP, fn, "invalid op");
	if (mpii_type_check_comm(datatype))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	if (count < 0)
		return mpii_err(NULL, MPI_ERR_COUNT, fn, "negative count");
	if (mpii_op_check_type(op, datatype))
		return mpii_err(NULL, MPI_ERR_OP, fn, "%s not defined on %s", "op",
				datatype->predef_name ? datatype->predef_name : "a derived type");
	if (count > 0 && (!inbuf || !inoutbuf || inbuf == MPI_IN_PLACE || inoutbuf == MPI_IN_PLACE))
		return mpii_err(NULL, MPI_ERR_BUFFER, fn, "invalid buffer");
	/* buffers of no bytes (a zero-size type) overlap nothing */
	if ((MPI_Count)count * datatype->size > 0 && inbuf == inoutbuf)
		return mpii_err(NULL, MPI_ERR_BUFFER, fn, "inbuf and inoutbuf alias");
	mpii_op_apply(op, inbuf, inoutbuf, count, datatype);
	return MPI_SUCCESS;
}
