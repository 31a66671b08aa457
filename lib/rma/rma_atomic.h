/*
 * lib/rma/rma_atomic.h - one element of an accumulate done with the CPU's
 * atomic instructions on window memory that this process maps.  Kept free
 * of windows so the unit test (tests/unit/check_rma_atomic.c) can drive it
 * from threads.
 */
#ifndef MPII_RMA_ATOMIC_H
#define MPII_RMA_ATOMIC_H

#include <stdint.h>

/* True when elements of basic kind (enum mpii_basic) at addr can be
 * updated by one atomic instruction: a non-pair kind of 1, 2, 4 or 8
 * bytes, naturally aligned.  size is mpii_basic_size(basic). */
int mpii_rma_atomic_ok(int basic, int size, const void *addr);

/* *target = in op *target as one atomic step (op an enum mpii_op_kind,
 * MPII_OP_REPLACE and MPII_OP_NO_OP included); the previous value goes to
 * old when old is not NULL.  in may be NULL for MPII_OP_NO_OP.  The pair
 * was checked (mpii_rma_atomic_ok, mpii_op_check_type).  Relaxed: orders
 * nothing but the element itself. */
void mpii_rma_atomic_apply(int op, int basic, int size, void *target, const void *in, void *old);

/* n contiguous elements of the same (op, kind), each one atomic step as
 * above: in, target and old advance by size bytes an element.  The common
 * pairs (floating-point SUM/PROD/MAX/MIN, integer SUM, REPLACE, NO_OP)
 * loop without a call per element. */
void mpii_rma_atomic_apply_n(int op, int basic, int size, void *target, const void *in, void *old,
			     size_t n);

/* Compare-and-swap one element: if *target equals *compare, *target =
 * *in; the previous value goes to old.  Relaxed, as above. */
void mpii_rma_atomic_cas(int size, void *target, const void *in, const void *compare, void *old);

#endif
