/*
 * lib/rma/rma_atomic.h - accumulates on window memory that this process
 * maps, element-wise atomic (MPI-3.1 11.7.1).  Kept free of windows so
 * the unit test (tests/unit/check_rma.c) can drive it from threads.
 *
 * Two ways, one per window (docs/rma.md "Accumulate atomicity"):
 *  - atomic instructions, one per element (the default: the fastest
 *    single element, for fetch-and-op and compare-and-swap);
 *  - stripe locks (MPI-4.1's info key mpi_accumulate_granularity at
 *    creation): the memory of a target is cut into 4 KiB stripes (by
 *    offset in the window's mapping, the same in every process), stripe i
 *    guarded by lock i % MPII_RMA_STRIPES of that target, each stripe's
 *    elements one vectorised kernel call under its lock (runs of elements
 *    5-6x faster, a single element about 10 ns slower).
 * Elements are naturally aligned (mpii_rma_atomic_ok), so none straddles
 * two stripes.
 */
#ifndef MPII_RMA_ATOMIC_H
#define MPII_RMA_ATOMIC_H

#include <stddef.h>
#include <stdint.h>
#include "shm/atomic.h"

#define MPII_RMA_STRIPES 16
#define MPII_RMA_STRIPE_BYTES 4096

/* The stripe locks of one target, in the window's shared control area
 * (zero: all free).  One line each: origins working on different stripes
 * do not pass a line between them. */
struct mpii_rma_stripes {
	struct {
		shm_cacheline_aligned _Atomic uint32_t word;
	} lock[MPII_RMA_STRIPES];
};

/* True when elements of basic kind (enum mpii_basic) at addr take one of
 * these ways: a non-pair kind of 1, 2, 4 or 8 bytes, naturally aligned.
 * size is mpii_basic_size(basic).  Others take the target's accumulate
 * mutex (lib/rma/rma_acc.c). */
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

/* The same two under stripe locks: base is the address of offset 0 of the
 * memory the stripes cut (the mapping's start); locks NULL when nothing
 * else can touch the elements (an exclusive lock, one thread): then a run
 * is plain kernel calls whichever way the window takes. */
void mpii_rma_stripe_apply_n(struct mpii_rma_stripes *locks, uintptr_t base, int op, int basic,
			     int size, void *target, const void *in, void *old, size_t n);
void mpii_rma_stripe_cas(struct mpii_rma_stripes *locks, uintptr_t base, int size, void *target,
			 const void *in, const void *compare, void *old);

#endif
