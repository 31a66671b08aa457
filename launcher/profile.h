/*
 * launcher/profile.h - what `mpirun-shm --profile[=FILE]` does to the
 * ranks' environment.
 */
#ifndef LNCH_PROFILE_H
#define LNCH_PROFILE_H

#include "launcher/options.h"

/* Set SHMPI_PROFILE (FILE made absolute) and, for a program linked against
 * the shared libshmpi, put libshmpi-prof.so first in LD_PRELOAD.  A
 * program linked statically must be linked with -lshmpi-prof itself (a
 * preload would bring in a second libshmpi); one without it gets a line
 * on stderr.  When the launcher exits after a job that wrote the report,
 * the report is drawn as an SVG beside it and one line names both.
 * Returns 0 or -errno. */
int lnch_profile_setup(const struct lnch_options *o);

#endif
