/*
 * launcher/mca.h - Open MPI's --mca KEY VALUE on mpirun-shm's command line.
 */
#ifndef LNCH_MCA_H
#define LNCH_MCA_H

#include <stddef.h>
#include "launcher/options.h"

/* Apply o->mca: a key with a shmpi counterpart sets it (an option of *o,
 * or a SHMPI_* variable appended to o->env for every rank, as -genv
 * would); the keys without one are listed, comma-separated, in ignored
 * (len bytes; "" when none) for main.c to report once.  Returns 0, or
 * -EINVAL with the reason in err for a value the counterpart rejects. */
int lnch_mca_apply(struct lnch_options *o, char *ignored, size_t len, char *err, size_t errlen)
	__attribute__((warn_unused_result));

#endif
