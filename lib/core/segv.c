/*
 * lib/core/segv.c - the rank's own SIGSEGV handler for wild writes into
 * the segment (issue 40, single writer).
 *
 * shm_seg_protect maps what every other rank writes alone (its control
 * block, its consumer lines, the cells of the rings it sends on) read-only
 * in this process, and mpii_segv_protect_parts does the same for the
 * per-member parts lib/coll lays out in the arena (the flags, inline data
 * and parity slots of a communicator's collective area); a store there (a
 * wild pointer, a buffer overrun in the program or in the library) faults
 * here, in the writer, before a reader can see a wrong value.
 *
 * The handler does not print: it records the fault in the rank's own
 * control block (shm_member.fault_*: the segment offset, and for an arena
 * part the owner's world rank and the communicator's context), a few
 * stores, and the launcher, which reaps the rank killed by the fault,
 * names the writer and the owner (launcher/report.c):
 *
 *   mpirun-shm: rank 1 (pid P) killed by signal 11 (Segmentation fault):
 *   it wrote into rank 3's ring to rank 0 (segment offset 0x...), ...
 *
 * Then it puts back the action that was there before (or the default) and
 * returns: the store faults again and the process dies of SIGSEGV, which
 * ends the job.  A fault anywhere else goes to that previous action
 * unchanged.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/core/core.h"
#include "lib/core/segv.h"
#include "shm/segment.h"

static struct sigaction previous;

/* A protected per-member area of the arena, for the handler to name the
 * owner of an address in it.  Entries are never freed (the arena only
 * grows, and a freed communicator's area stays protected); a new one is
 * pushed at the head with a release store, and the handler walks the list
 * with acquire loads, so it never sees a half-made entry. */
struct parts {
	struct parts *next;
	uint64_t off, part, ctx;
	int n;
	int world[];     /* world rank of each part's owner */
};
static struct parts *_Atomic parts_head;

/* The owner of segment offset `off` in a protected arena area: 1 with
 * its world rank and the area's context, or 0. */
static int parts_owner(uint64_t off, int32_t *owner, uint64_t *ctx)
{
	/* Acquire: pairs with the release in mpii_segv_protect_parts. */
	for (struct parts *p = shm_load_acquire(&parts_head); p; p = p->next)
		if (off >= p->off && off - p->off < p->part * (uint64_t)p->n) {
			*owner = p->world[(off - p->off) / p->part];
			*ctx = p->ctx;
			return 1;
		}
	return 0;
}

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	int saved = errno;
	uint64_t off = si ? shm_seg_offset(&mpii_g.seg, si->si_addr) : UINT64_MAX;
	if (si && si->si_code == SEGV_ACCERR && off != UINT64_MAX && mpii_g.me) {
		uint32_t owner, peer;
		const char *what;
		int32_t world = -1;
		uint64_t ctx = 0;
		uint32_t kind = SHM_FAULT_NONE;
		if (shm_seg_owner(&mpii_g.seg, off, &owner, &peer, &what))
			kind = SHM_FAULT_LAYOUT;
		else if (parts_owner(off, &world, &ctx))
			kind = SHM_FAULT_COLL;
		if (kind != SHM_FAULT_NONE) {
			/* Our own control block, in our own pages.  Relaxed
			 * stores, then the kind with release: the launcher
			 * reads it with acquire after it reaped us (the exit
			 * orders it anyway). */
			shm_store_relaxed(&mpii_g.me->fault_owner, world);
			shm_store_relaxed(&mpii_g.me->fault_obj, ctx);
			shm_store_relaxed(&mpii_g.me->fault_off, off);
			shm_store_release(&mpii_g.me->fault_kind, kind);
		}
	}
	/* Not ours, or recorded: the previous action takes the fault, now or
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

static int protecting;

void mpii_segv_init(void)
{
	/* Best effort: a kernel or page size that refuses leaves the segment
	 * writable everywhere, as before segment version 8. */
	if (shm_seg_protect(&mpii_g.seg, (uint32_t)mpii_g.rank) < 0)
		return;
	protecting = 1;
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	/* SA_ONSTACK: a program's alternate stack, if it set one, serves
	 * here too. */
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &previous);
}

void mpii_segv_protect_parts(uint64_t off, uint64_t part, int n, int self, const int *world,
			     uint64_t ctx)
{
	if (!protecting || n < 2)
		return;
	struct parts *p = malloc(sizeof(*p) + sizeof(int) * (size_t)n);
	/* Without the entry a fault there would go unnamed: then leave the
	 * area writable, as it was. */
	if (!p)
		return;
	if (shm_seg_protect_parts(&mpii_g.seg, off, part, (uint32_t)n, (uint32_t)self) < 0) {
		free(p);
		return;
	}
	p->off = off;
	p->part = part;
	p->ctx = ctx;
	p->n = n;
	memcpy(p->world, world, sizeof(int) * (size_t)n);
	/* Callers hold the library lock (a collective's set-up), but the
	 * handler may run in any thread: release publishes the entry. */
	p->next = shm_load_relaxed(&parts_head);
	shm_store_release(&parts_head, p);
}
