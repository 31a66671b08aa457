/*
 * lib/core/segv.c - the rank's own SIGSEGV handler for wild writes into
 * the segment (issue 40, single writer).
 *
 * shm_seg_protect maps the cells of every ring another rank writes, and
 * the consumer lines other ranks write, read-only in this process; a
 * store there (a wild pointer, a buffer overrun in the program or in the
 * library) faults here, in the writer, before a reader can see a wrong
 * value.  The handler writes one line naming this rank, the owner of the
 * address and what it is, e.g.
 *
 *   shmpi: rank 1 wrote into rank 3's ring to rank 0 (address 0x..., segment offset 0x...)
 *
 * then puts back the action that was there before (or the default) and
 * returns: the store faults again and the process dies of SIGSEGV, which
 * the launcher reports as ever ("killed by signal 11") and which ends the
 * job.  A fault anywhere else goes to that previous action unchanged.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "lib/core/core.h"
#include "lib/core/segv.h"
#include "shm/segment.h"

static struct sigaction previous;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	uint32_t owner, peer;
	const char *what;
	int saved = errno;
	if (si && si->si_code == SEGV_ACCERR &&
	    shm_seg_owner(&mpii_g.seg, si->si_addr, &owner, &peer, &what)) {
		char line[256];
		int n;
		uint64_t off = (uint64_t)((uintptr_t)si->si_addr - (uintptr_t)mpii_g.seg.base);
		if (strcmp(what, "cells") == 0)
			n = snprintf(line, sizeof(line),
				     "shmpi: rank %d wrote into rank %u's ring to rank %u (address %p, segment "
				     "offset %#llx): another rank's part of the shared segment\n",
				     mpii_g.rank, owner, peer, si->si_addr, (unsigned long long)off);
		else
			n = snprintf(line, sizeof(line),
				     "shmpi: rank %d wrote into rank %u's consumer index of the ring from rank %u "
				     "(address %p, segment offset %#llx): another rank's part of the shared "
				     "segment\n",
				     mpii_g.rank, owner, peer, si->si_addr, (unsigned long long)off);
		if (n > 0)
			(void)!write(STDERR_FILENO, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
	}
	/* Not ours, or told: the previous action takes the fault, now or
	 * when the store is retried on return. */
	if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction) {
		errno = saved;
		previous.sa_sigaction(sig, si, uc);
		return;
	}
	if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN && previous.sa_handler) {
		errno = saved;
		previous.sa_handler(sig);
		return;
	}
	signal(SIGSEGV, SIG_DFL);
	/* A fault comes back when the instruction is retried; a SIGSEGV that
	 * was sent (kill, raise: si_code <= 0) must be sent again, and is
	 * delivered, to the default action, when the handler returns. */
	if (!si || si->si_code <= 0)
		raise(sig);
	errno = saved;
}

void mpii_segv_init(void)
{
	/* Best effort: a kernel or page size that refuses leaves the segment
	 * writable everywhere, as before segment version 8. */
	if (shm_seg_protect(&mpii_g.seg, (uint32_t)mpii_g.rank) < 0)
		return;
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	/* SA_ONSTACK: a program's alternate stack, if it set one, serves
	 * here too. */
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &previous);
}
