/*
 * lib/core/segv.h - naming a rank's wild write into another rank's part
 * of the segment (issue 40, single writer; see segv.c).
 */
#ifndef MPII_CORE_SEGV_H
#define MPII_CORE_SEGV_H

#include <stdint.h>

/* Map the other ranks' single-writer parts of the segment read-only
 * (shm_seg_protect) and install the SIGSEGV handler that records the
 * owner of the address for the launcher when a write there faults.
 * Called once by MPI_Init after the segment is joined and before the
 * rings are used. */
void mpii_segv_init(void);

/* The same for an area of the arena made of n parts of `part` bytes (page
 * multiples, page-aligned at segment offset off), part r written by member
 * r alone, whose world rank is world[r], on the communicator of context
 * ctx: every part but this rank's (`self`) becomes read-only here.  Does
 * nothing when the segment is not protected (mpii_segv_init failed) or
 * the area cannot be; the area works either way.  Called by every member
 * once the area is shared, before it is used. */
void mpii_segv_protect_parts(uint64_t off, uint64_t part, int n, int self, const int *world,
			     uint64_t ctx);

#endif
