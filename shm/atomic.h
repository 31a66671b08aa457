/*
 * shm/atomic.h - named atomic operations for everything that lives in the
 * shared segment.
 *
 * Every ordering in the tree is spelled through one of these wrappers so that
 * `grep shm_load_acquire` finds every acquire.  Each call site carries a
 * comment naming the operation it pairs with (or, for relaxed ones, why no
 * ordering is needed).  Plain C11 <stdatomic.h> underneath; the segment is
 * mapped MAP_SHARED so the same rules hold across processes as across
 * threads.  The same wrappers serve process-private atomics in lib/
 * (reference counts, request completion flags).
 *
 * tests/check-atomics.sh (make check) fails on an atomic operation spelled
 * any other way outside this file: a C11 atomic_* call, a GCC __atomic_* or
 * __sync_* builtin, or ++, --, = or op= on an _Atomic object (each of which
 * is an implicit seq_cst operation).  An _Atomic object that is not yet
 * shared (just allocated) is initialised with shm_store_relaxed.
 */
#ifndef SHM_ATOMIC_H
#define SHM_ATOMIC_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define SHM_CACHELINE 64
#define shm_cacheline_aligned _Alignas(SHM_CACHELINE)

#define shm_load_relaxed(p)      atomic_load_explicit((p), memory_order_relaxed)
#define shm_load_acquire(p)      atomic_load_explicit((p), memory_order_acquire)
#define shm_load_seq_cst(p)      atomic_load_explicit((p), memory_order_seq_cst)
#define shm_store_relaxed(p, v)  atomic_store_explicit((p), (v), memory_order_relaxed)
#define shm_store_release(p, v)  atomic_store_explicit((p), (v), memory_order_release)
#define shm_store_seq_cst(p, v)  atomic_store_explicit((p), (v), memory_order_seq_cst)
#define shm_fetch_add_relaxed(p, v) atomic_fetch_add_explicit((p), (v), memory_order_relaxed)
#define shm_fetch_add_release(p, v) atomic_fetch_add_explicit((p), (v), memory_order_release)
#define shm_fetch_add_acq_rel(p, v) atomic_fetch_add_explicit((p), (v), memory_order_acq_rel)
#define shm_fetch_add_seq_cst(p, v) atomic_fetch_add_explicit((p), (v), memory_order_seq_cst)
#define shm_fetch_sub_acq_rel(p, v) atomic_fetch_sub_explicit((p), (v), memory_order_acq_rel)
#define shm_fetch_or_seq_cst(p, v)  atomic_fetch_or_explicit((p), (v), memory_order_seq_cst)
#define shm_fetch_and_acq_rel(p, v) atomic_fetch_and_explicit((p), (v), memory_order_acq_rel)
#define shm_exchange_acq_rel(p, v)  atomic_exchange_explicit((p), (v), memory_order_acq_rel)
#define shm_exchange_seq_cst(p, v)  atomic_exchange_explicit((p), (v), memory_order_seq_cst)
#define shm_exchange_acquire(p, v)  atomic_exchange_explicit((p), (v), memory_order_acquire)
#define shm_cas_acquire(p, e, v) \
	atomic_compare_exchange_strong_explicit((p), (e), (v), memory_order_acquire, memory_order_relaxed)
#define shm_cas_acq_rel(p, e, v) \
	atomic_compare_exchange_strong_explicit((p), (e), (v), memory_order_acq_rel, memory_order_acquire)
#define shm_fence_seq_cst()      atomic_thread_fence(memory_order_seq_cst)
/* Orders nothing between CPUs: keeps the compiler from moving memory
 * accesses across it (the light half of shm/fence.h). */
#define shm_compiler_fence()     atomic_signal_fence(memory_order_seq_cst)

/* Busy-wait hint: lets the sibling hyperthread run and saves power. */
static inline void shm_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield" ::: "memory");
#endif
}

/* Ask for a line in exclusive state ahead of a write.  PREFETCHW exists on
 * x86-64 cores of the last decade (and executes as a NOP where it does
 * not); GCC only emits it with -mprfchw, hence the asm. */
static inline void shm_prefetch_write(const void *p)
{
#if defined(__x86_64__)
	__asm__ __volatile__("prefetchw %0" : : "m"(*(const char *)p));
#else
	__builtin_prefetch(p, 1, 3);
#endif
}

/* Ask for a line in shared state ahead of a read. */
static inline void shm_prefetch_read(const void *p)
{
	__builtin_prefetch(p, 0, 3);
}

/* The same for every line of [p, p + bytes), p at a line's start. */
static inline void shm_prefetch_write_lines(const void *p, size_t bytes)
{
	for (size_t off = 0; off < bytes; off += SHM_CACHELINE)
		shm_prefetch_write((const char *)p + off);
}

static inline void shm_prefetch_read_lines(const void *p, size_t bytes)
{
	for (size_t off = 0; off < bytes; off += SHM_CACHELINE)
		shm_prefetch_read((const char *)p + off);
}

/* Added for lib/rma/ (one-sided accumulates and the window lock): relaxed
 * read-modify-writes on window memory, where each accumulate only needs its
 * element updated atomically and the ordering towards other ranks comes from
 * the epoch's synchronisation (an unlock's release, a fence's barrier), and
 * the release flavours the window lock's unlock uses. */
#define shm_cas_relaxed(p, e, v) \
	atomic_compare_exchange_strong_explicit((p), (e), (v), memory_order_relaxed, memory_order_relaxed)
#define shm_exchange_relaxed(p, v)  atomic_exchange_explicit((p), (v), memory_order_relaxed)
#define shm_fetch_or_relaxed(p, v)  atomic_fetch_or_explicit((p), (v), memory_order_relaxed)
#define shm_fetch_and_relaxed(p, v) atomic_fetch_and_explicit((p), (v), memory_order_relaxed)
#define shm_fetch_xor_relaxed(p, v) atomic_fetch_xor_explicit((p), (v), memory_order_relaxed)
#define shm_fetch_sub_seq_cst(p, v) atomic_fetch_sub_explicit((p), (v), memory_order_seq_cst)
#define shm_fetch_and_seq_cst(p, v) atomic_fetch_and_explicit((p), (v), memory_order_seq_cst)
#define shm_fence_release()      atomic_thread_fence(memory_order_release)
#define shm_cas_seq_cst(p, e, v) \
	atomic_compare_exchange_strong_explicit((p), (e), (v), memory_order_seq_cst, memory_order_seq_cst)

#endif
