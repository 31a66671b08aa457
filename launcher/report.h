/*
 * launcher/report.h - why a rank ended, in one line, and what the job's
 * exit status becomes when that rank is the first to fail.
 */
#ifndef LNCH_REPORT_H
#define LNCH_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Classify the end of rank `rank` (process `pid`).  why and value are the
 * si_code (CLD_EXITED, CLD_KILLED or CLD_DUMPED) and si_status of
 * waitid(); state and abort_code from the rank's control block in the segment.
 * Returns true when the end is a failure of the job: then msg holds the
 * cause ("rank 3 (pid 1234) killed by signal 11 (Segmentation fault)",
 * without program name or newline) and *job_status the exit status the
 * launcher must return.  Returns false for a clean end.  *after_finalize:
 * the rank had finished MPI_Finalize (a failure then needs no take-down:
 * the others are in or past MPI_Finalize, which is collective). */
bool lnch_report_exit(uint32_t rank, pid_t pid, int why, int value,
		      int state, int abort_code, char *msg, size_t msglen,
		      int *job_status, bool *after_finalize);

/* What member `rank`'s SIGSEGV handler recorded of a wild write into
 * another member's pages (shm_member.fault_*, lib/core/segv.c): appends
 * ": it wrote into rank 3's ring to rank 0 (segment offset 0x...), another
 * rank's part of the shared segment" to msg, decoding the offset with the
 * segment's layout.  Returns false, msg unchanged, when nothing was
 * recorded or what was is not a fault the layout can name (the words are
 * in memory the rank writes). */
struct shm_seg;
bool lnch_report_fault(const struct shm_seg *seg, uint32_t rank, char *msg, size_t msglen);

#endif
