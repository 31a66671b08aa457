/*
 * shm/futex.h - thin wrappers over the futex system call on words in the
 * shared segment.  Shared (not FUTEX_PRIVATE) futexes, since waiter and
 * waker are usually different processes.
 */
#ifndef SHM_FUTEX_H
#define SHM_FUTEX_H

#include <stdint.h>

/* Sleep while *word == expected, at most timeout_ns (negative: forever).
 * Returns 0 when woken, -EAGAIN if *word had changed, -ETIMEDOUT, -EINTR. */
int shm_futex_wait(_Atomic uint32_t *word, uint32_t expected, int64_t timeout_ns);

/* Wake up to n sleepers on word.  Returns the number woken or -errno. */
int shm_futex_wake(_Atomic uint32_t *word, int n);

#endif
