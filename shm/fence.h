/*
 * shm/fence.h - an asymmetric fence for the Dekker pairs behind sleeping:
 * a waker that publishes work and then checks whether anyone sleeps needs
 * its store ordered before that load (StoreLoad), and on x86 the seq_cst
 * store or fence that gives it waits for the line of the store to arrive:
 * a broadcast root writing slot after slot spent three quarters of its
 * time in that one xchg (perf record, bcast np=2 64 B).  The waker is
 * the fast path and the sleeper the slow one, so the cost is moved:
 *
 *   waker (fast):   store work (release)      sleeper (slow):  sleepers++ (seq_cst)
 *                   shm_fence_light()                          shm_fence_heavy()
 *                   load sleepers                              re-check for work
 *
 * shm_fence_heavy() is membarrier(MEMBARRIER_CMD_GLOBAL_EXPEDITED): every
 * CPU that runs a thread of a registered process executes a full barrier
 * at some instruction P of that thread before the call returns (and a
 * thread that does not run gets one from the context switch).  If the
 * waker's store comes before P, it is visible to the re-check after the
 * call; if after P, so is the waker's load of sleepers, which then sees
 * the sleeper's increment (made before the call).  Either way no wake-up
 * is lost.  shm_fence_light() then only has to keep the compiler from
 * moving the load above the store.
 *
 * Every process of a job makes the same choice (the segment's fence_mode):
 * with light fences its sleepers call membarrier whenever the kernel
 * offers it, whether their own registration succeeded or not, because a
 * waker's may have; a process whose registration failed (or a kernel
 * before 4.16) keeps full fences on the waker side, which pair with
 * either sleeper.  With full fences nobody calls membarrier: a job with
 * more ranks than cores sleeps often, and there each sleep's IPI to the
 * other cores cost more than the fences it saves (barrier at np=4 on 2
 * cores 2.0 -> 2.7 us).
 */
#ifndef SHM_FENCE_H
#define SHM_FENCE_H

#include "shm/atomic.h"

/* Whether this process registered: its light fences are compiler fences. */
extern int shm_fence_registered;

/* light: the job's choice.  Registers the calling process for the heavy
 * fence of others; returns whether its light fences are now compiler
 * fences.  Call once per process, before it has threads and before it
 * sleeps or wakes anybody. */
int shm_fence_init(int light);

/* Waker side: orders the stores before it with the loads after it, given
 * a sleeper that calls shm_fence_heavy() between its own store and loads. */
static inline void shm_fence_light(void)
{
	if (shm_fence_registered)
		shm_compiler_fence();
	else
		shm_fence_seq_cst();
}

/* Sleeper side: a full barrier on every CPU running a registered process. */
void shm_fence_heavy(void);

#endif
