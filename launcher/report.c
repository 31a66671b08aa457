/*
 * launcher/report.c - explain how a rank ended.
 *
 * The process status alone cannot tell "returned 0 from main without
 * MPI_Finalize" from a clean end, nor MPI_Abort from an ordinary exit, so
 * the rank's life-cycle state in the segment (written by lib/) decides
 * first, then the status:
 *
 *   state ABORTED            -> failure, "called MPI_Abort with error code C"
 *   killed by a signal       -> failure, 128 + signal
 *   exit status != 0         -> failure, that status
 *   exit 0, state RUNNING    -> failure, status 1 ("without MPI_Finalize")
 *   exit 0, UNSTARTED/DONE   -> clean (UNSTARTED: a program without MPI)
 *
 * An aborting rank's job status is its own process status (lib/ exits with
 * the error code), or 1 when that status is 0: a job that aborted never
 * reports success.  A signal or a non-zero status after MPI_Finalize
 * (state DONE) fails the job too, "after MPI_Finalize", but *after_finalize
 * tells the caller that the rank had left MPI cleanly: MPI_Finalize is
 * collective, so every other rank is in or past it and none needs taking
 * down (issue 38: mpi4py's runner exits 1 after a failed test).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include "launcher/report.h"
#include "shm/segment.h"

bool lnch_report_exit(uint32_t rank, pid_t pid, int why, int value,
		      int state, int abort_code, char *msg, size_t msglen,
		      int *job_status, bool *after_finalize)
{
	bool signaled = why == CLD_KILLED || why == CLD_DUMPED;
	int status = signaled ? 128 + value : value & 0xff;
	const char *late = state == SHM_MEMBER_DONE ? " after MPI_Finalize" : "";

	*after_finalize = state == SHM_MEMBER_DONE;

	if (state == SHM_MEMBER_ABORTED) {
		snprintf(msg, msglen, "rank %u (pid %d) called MPI_Abort with error code %d",
			 rank, (int)pid, abort_code);
		*job_status = status ? status : 1;
		return true;
	}
	if (signaled) {
		const char *name = strsignal(value);
		snprintf(msg, msglen, "rank %u (pid %d) killed by signal %d (%s)%s",
			 rank, (int)pid, value, name ? name : "unknown", late);
		*job_status = status;
		return true;
	}
	if (status != 0) {
		snprintf(msg, msglen, "rank %u (pid %d) exited with status %d%s",
			 rank, (int)pid, status, late);
		*job_status = status;
		return true;
	}
	if (state == SHM_MEMBER_RUNNING) {
		snprintf(msg, msglen, "rank %u (pid %d) exited without calling MPI_Finalize",
			 rank, (int)pid);
		*job_status = 1;
		return true;
	}
	return false;
}

bool lnch_report_fault(const struct shm_seg *seg, uint32_t rank, char *msg, size_t msglen)
{
	const struct shm_member *m = shm_seg_member(seg, rank);
	/* Acquire: pairs with the handler's release of the kind, after the
	 * other words (the rank's exit, which we saw, orders them anyway). */
	uint32_t kind = shm_load_acquire(&m->fault_kind);
	uint64_t off = shm_load_relaxed(&m->fault_off);
	size_t len = strlen(msg);
	uint32_t owner, peer;
	const char *what;

	if (len >= msglen)
		return false;
	if (kind == SHM_FAULT_LAYOUT && shm_seg_owner(seg, off, &owner, &peer, &what)) {
		if (strcmp(what, "cells") == 0)
			snprintf(msg + len, msglen - len,
				 ": it wrote into rank %u's ring to rank %u (segment offset %#llx), another "
				 "rank's part of the shared segment", owner, peer, (unsigned long long)off);
		else if (strcmp(what, "cons") == 0)
			snprintf(msg + len, msglen - len,
				 ": it wrote into rank %u's consumer index of the ring from rank %u (segment "
				 "offset %#llx), another rank's part of the shared segment", owner, peer,
				 (unsigned long long)off);
		else
			snprintf(msg + len, msglen - len,
				 ": it wrote into rank %u's control block (segment offset %#llx), another "
				 "rank's part of the shared segment", owner, (unsigned long long)off);
		return true;
	}
	int32_t who = shm_load_relaxed(&m->fault_owner);
	uint64_t ctx = shm_load_relaxed(&m->fault_obj);
	if (kind == SHM_FAULT_COLL && who >= 0 && (uint32_t)who < seg->geo.nmembers &&
	    off >= seg->geo.arena_off && off < seg->size) {
		snprintf(msg + len, msglen - len,
			 ": it wrote into rank %d's part of the collective area of communicator context "
			 "%llu%s (segment offset %#llx), another rank's part of the shared segment", who,
			 (unsigned long long)ctx, ctx == 0 ? " (MPI_COMM_WORLD)" : "", (unsigned long long)off);
		return true;
	}
	return false;
}
