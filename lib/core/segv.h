/*
 * lib/core/segv.h - naming a rank's wild write into another rank's part
 * of the segment (issue 40, single writer; see segv.c).
 */
#ifndef MPII_CORE_SEGV_H
#define MPII_CORE_SEGV_H

/* Map the other ranks' single-writer parts of the segment read-only
 * (shm_seg_protect) and install the SIGSEGV handler that names the writer
 * and the owner of the address when a write there faults.  Called once by
 * MPI_Init after the segment is joined and before the rings are used. */
void mpii_segv_init(void);

#endif
