/*
 * lib/rma/rma_atomic.c - accumulates on mapped window memory, element-wise
 * atomic (see rma_atomic.h) one of two ways:
 *
 *   atomic instructions (the default): SUM on integers is a fetch-and-add,
 *   the bitwise operations fetch-and-or/and/xor, MPI_REPLACE an exchange;
 *   every other (op, kind) pair loops on compare-and-swap around the
 *   arithmetic, so floating-point sums and MAX/MIN are atomic as well.
 *   Relaxed: MPI only promises element-wise atomicity of concurrent
 *   accumulates; what an origin's accumulates look like to others is
 *   ordered by the synchronisation that ends its epoch.
 *
 *   stripe locks (windows created with the MPI-4.1 info key
 *   mpi_accumulate_granularity): the elements of each 4 KiB stripe are
 *   reduced by lib/coll/op.h's kernel under that stripe's spin lock.  The
 *   lock is held for at most one stripe; acquire on taking it, release on
 *   giving it back, so the next holder sees the elements as the last one
 *   left them; a waiter that has spun for a while yields its core (an
 *   oversubscribed job may have preempted the holder).
 */
#include <sched.h>
#include <string.h>
#include "lib/coll/coll.h"
#include "shm/atomic.h"
#include "lib/rma/rma_atomic.h"

int mpii_rma_atomic_ok(int basic, int size, const void *addr)
{
	if (basic >= MPII_B_FLOAT_INT && basic <= MPII_B_LDOUBLE_INT)
		return 0;
	if (basic == MPII_B_2FLOAT || basic == MPII_B_2DOUBLE || basic == MPII_B_NONE)
		return 0;
	if (size != 1 && size != 2 && size != 4 && size != 8)
		return 0;
	return ((uintptr_t)addr & (uintptr_t)(size - 1)) == 0;
}

static int is_integer(int basic)
{
	switch (basic) {
	case MPII_B_CHAR: case MPII_B_SCHAR: case MPII_B_UCHAR: case MPII_B_SHORT:
	case MPII_B_USHORT: case MPII_B_INT: case MPII_B_UINT: case MPII_B_LONG:
	case MPII_B_ULONG: case MPII_B_LLONG: case MPII_B_ULLONG: case MPII_B_INT8:
	case MPII_B_INT16: case MPII_B_INT32: case MPII_B_INT64: case MPII_B_UINT8:
	case MPII_B_UINT16: case MPII_B_UINT32: case MPII_B_UINT64: case MPII_B_WCHAR:
	case MPII_B_AINT: case MPII_B_OFFSET: case MPII_B_COUNT: case MPII_B_BYTE:
		return 1;
	default:
		return 0;
	}
}

/* One width of the operation; T the unsigned type of that width.  Integer
 * addition and the bitwise ops are the same on signed and unsigned bits. */
#define APPLY_WIDTH(T)                                                               \
	do {                                                                        \
		_Atomic T *t = (_Atomic T *)target;                                 \
		T v = 0, prev;                                                      \
		if (in)                                                             \
			memcpy(&v, in, sizeof(T));                                  \
		if (op == MPII_OP_REPLACE) {                                        \
			prev = shm_exchange_relaxed(t, v);                          \
		} else if (op == MPII_OP_NO_OP) {                                   \
			prev = shm_load_relaxed(t);                                 \
		} else if (integer && op == MPII_OP_SUM) {                          \
			prev = shm_fetch_add_relaxed(t, v);                         \
		} else if (integer && op == MPII_OP_BOR) {                          \
			prev = shm_fetch_or_relaxed(t, v);                          \
		} else if (integer && op == MPII_OP_BAND) {                         \
			prev = shm_fetch_and_relaxed(t, v);                         \
		} else if (integer && op == MPII_OP_BXOR) {                         \
			prev = shm_fetch_xor_relaxed(t, v);                         \
		} else {                                                            \
			prev = shm_load_relaxed(t);                                 \
			T next;                                                     \
			do {                                                        \
				next = prev;                                        \
				mpii_op_predefined_apply(op, basic, &v, &next, 1);  \
			} while (!shm_cas_relaxed(t, &prev, next));                 \
		}                                                                   \
		if (old)                                                            \
			memcpy(old, &prev, sizeof(T));                              \
	} while (0)

void mpii_rma_atomic_apply(int op, int basic, int size, void *target, const void *in, void *old)
{
	int integer = is_integer(basic);

	switch (size) {
	case 1: APPLY_WIDTH(uint8_t); break;
	case 2: APPLY_WIDTH(uint16_t); break;
	case 4: APPLY_WIDTH(uint32_t); break;
	default: APPLY_WIDTH(uint64_t); break;
	}
}

/* Floating point of type F stored as the unsigned U of its width: a CAS
 * loop per element around the arithmetic itself.  The operand order is
 * the kernel's (lib/coll/op_predefined.c: in op inout). */
#define FLOAT_LOOP(F, U)                                                             \
	do {                                                                        \
		_Atomic U *t = (_Atomic U *)target;                                 \
		for (size_t i = 0; i < n; i++) {                                    \
			F v, a, r;                                                  \
			U prev = shm_load_relaxed(&t[i]), next;                     \
			memcpy(&v, (const char *)in + i * sizeof(F), sizeof(F));    \
			do {                                                        \
				memcpy(&a, &prev, sizeof(F));                       \
				r = op == MPII_OP_SUM    ? v + a                    \
				    : op == MPII_OP_PROD ? v * a                    \
				    : op == MPII_OP_MAX  ? (v > a ? v : a)          \
							 : (v < a ? v : a);         \
				memcpy(&next, &r, sizeof(F));                       \
			} while (!shm_cas_relaxed(&t[i], &prev, next));             \
			if (old)                                                    \
				memcpy((char *)old + i * sizeof(F), &prev, sizeof(F)); \
		}                                                                   \
	} while (0)

/* Integer SUM, REPLACE and NO_OP of width U: one instruction an element. */
#define PLAIN_LOOP(U)                                                                \
	do {                                                                        \
		_Atomic U *t = (_Atomic U *)target;                                 \
		for (size_t i = 0; i < n; i++) {                                    \
			U v = 0, prev;                                              \
			if (op != MPII_OP_NO_OP)                                    \
				memcpy(&v, (const char *)in + i * sizeof(U), sizeof(U)); \
			prev = op == MPII_OP_SUM       ? shm_fetch_add_relaxed(&t[i], v) \
			       : op == MPII_OP_REPLACE ? shm_exchange_relaxed(&t[i], v)  \
						       : shm_load_relaxed(&t[i]);        \
			if (old)                                                    \
				memcpy((char *)old + i * sizeof(U), &prev, sizeof(U)); \
		}                                                                   \
	} while (0)

void mpii_rma_atomic_apply_n(int op, int basic, int size, void *target, const void *in, void *old,
			     size_t n)
{
	int fp_op = op == MPII_OP_SUM || op == MPII_OP_PROD || op == MPII_OP_MAX || op == MPII_OP_MIN;
	int plain = op == MPII_OP_REPLACE || op == MPII_OP_NO_OP || (op == MPII_OP_SUM && is_integer(basic));
	if (basic == MPII_B_DOUBLE && fp_op) {
		FLOAT_LOOP(double, uint64_t);
	} else if (basic == MPII_B_FLOAT && fp_op) {
		FLOAT_LOOP(float, uint32_t);
	} else if (plain && size == 8) {
		PLAIN_LOOP(uint64_t);
	} else if (plain && size == 4) {
		PLAIN_LOOP(uint32_t);
	} else {
		for (size_t i = 0; i < n; i++)
			mpii_rma_atomic_apply(op, basic, size, (char *)target + i * (size_t)size,
					      in ? (const char *)in + i * (size_t)size : NULL,
					      old ? (char *)old + i * (size_t)size : NULL);
	}
}

#define CAS_WIDTH(T)                                                                 \
	do {                                                                        \
		T e, v;                                                             \
		memcpy(&e, compare, sizeof(T));                                     \
		memcpy(&v, in, sizeof(T));                                          \
		shm_cas_relaxed((_Atomic T *)target, &e, v);                        \
		memcpy(old, &e, sizeof(T)); /* the value found either way */       \
	} while (0)

void mpii_rma_atomic_cas(int size, void *target, const void *in, const void *compare, void *old)
{
	switch (size) {
	case 1: CAS_WIDTH(uint8_t); break;
	case 2: CAS_WIDTH(uint16_t); break;
	case 4: CAS_WIDTH(uint32_t); break;
	default: CAS_WIDTH(uint64_t); break;
	}
}

/* ------------------------------------------------------- stripe locks */

static _Atomic uint32_t *stripe_lock(struct mpii_rma_stripes *locks, uintptr_t off)
{
	_Atomic uint32_t *w = &locks->lock[(off / MPII_RMA_STRIPE_BYTES) % MPII_RMA_STRIPES].word;
	unsigned spins = 0;
	/* Acquire: pairs with the release in stripe_unlock. */
	while (shm_exchange_acquire(w, 1)) {
		/* Relaxed: only watching for the word to clear; the exchange
		 * above is what orders. */
		while (shm_load_relaxed(w)) {
			shm_cpu_relax();
			if (++spins >= 256) {
				sched_yield();
				spins = 0;
			}
		}
	}
	return w;
}

static void stripe_unlock(_Atomic uint32_t *w)
{
	/* Release: the elements written under the lock are seen by the next
	 * holder (its acquire exchange). */
	shm_store_release(w, 0);
}

/* Copy one element of size bytes: constant sizes, so no call to memcpy
 * on the single-element path (fetch-and-op, compare-and-swap). */
static inline void copy1(void *d, const void *s, int size)
{
	switch (size) {
	case 8: memcpy(d, s, 8); break;
	case 4: memcpy(d, s, 4); break;
	case 2: memcpy(d, s, 2); break;
	default: memcpy(d, s, 1); break;
	}
}

/* The elements themselves, plain: the caller holds their stripe. */
static void apply_plain(int op, int basic, int size, char *t, const char *in, char *old, size_t n)
{
	if (n == 1) {
		if (old)
			copy1(old, t, size);
		if (op == MPII_OP_NO_OP)
			return;
		if (op == MPII_OP_REPLACE) {
			copy1(t, in, size);
			return;
		}
		if (size == 8 && op == MPII_OP_SUM &&
		    (basic == MPII_B_LONG || basic == MPII_B_INT64 || basic == MPII_B_LLONG)) {
			/* the counter every benchmark measures, without the
			 * kernel's dispatch */
			uint64_t a, b;
			memcpy(&a, t, 8);
			memcpy(&b, in, 8);
			a += b;
			memcpy(t, &a, 8);
			return;
		}
		mpii_op_predefined_apply(op, basic, in, t, 1);
		return;
	}
	size_t bytes = n * (size_t)size;
	if (old)
		memcpy(old, t, bytes);
	if (op == MPII_OP_REPLACE)
		memcpy(t, in, bytes);
	else if (op != MPII_OP_NO_OP)
		mpii_op_predefined_apply(op, basic, in, t, (MPI_Count)n);
}

void mpii_rma_stripe_apply_n(struct mpii_rma_stripes *locks, uintptr_t base, int op, int basic,
			     int size, void *target, const void *in, void *old, size_t n)
{
	char *t = target;
	const char *i = in;
	char *o = old;
	while (n > 0) {
		uintptr_t off = (uintptr_t)t - base;
		/* elements left in this stripe: a shift, size being a power of 2 */
		size_t k = (MPII_RMA_STRIPE_BYTES - off % MPII_RMA_STRIPE_BYTES) >>
			   __builtin_ctz((unsigned)size);
		if (k > n)
			k = n;
		_Atomic uint32_t *w = locks ? stripe_lock(locks, off) : NULL;
		apply_plain(op, basic, size, t, i, o, k);
		if (w)
			stripe_unlock(w);
		size_t bytes = k * (size_t)size;
		t += bytes;
		if (i)
			i += bytes;
		if (o)
			o += bytes;
		n -= k;
	}
}

void mpii_rma_stripe_cas(struct mpii_rma_stripes *locks, uintptr_t base, int size, void *target,
			 const void *in, const void *compare, void *old)
{
	uint64_t cur = 0, cmp = 0;
	copy1(&cmp, compare, size);
	_Atomic uint32_t *w = locks ? stripe_lock(locks, (uintptr_t)target - base) : NULL;
	copy1(&cur, target, size);
	if (cur == cmp)
		copy1(target, in, size);
	if (w)
		stripe_unlock(w);
	copy1(old, &cur, size);
}
