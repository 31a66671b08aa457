/*
 * launcher/rankfile.h - Open MPI's --rankfile: where each rank runs.
 */
#ifndef LNCH_RANKFILE_H
#define LNCH_RANKFILE_H

#include <stddef.h>
#include <stdint.h>
#include "launcher/topo.h"

/* Read the rankfile at path and bind rank i to the cores its line names,
 * replacing place[i] (n ranks).  Lines: "rank N=HOST slot=SPEC", HOST this
 * machine (its name, localhost, or +n0), SPEC a list of core numbers
 * ("1", "0-2,5": cores in hwloc's logical order) or of SOCKET:CORES
 * ("1:0-1": cores of package 1), "#" starts a comment.  Every rank needs a
 * line.  Returns 0, or -EINVAL / -errno with the reason (file and line)
 * in err. */
int lnch_rankfile_apply(const struct lnch_topo *t, const char *path, uint32_t n,
			struct lnch_place *place, char *err, size_t errlen)
	__attribute__((warn_unused_result));

#endif
