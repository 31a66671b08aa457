/*
 * lib/ext/ext.h - what lib/ext/ (the seeds' extensions) offers the rest of
 * lib/: the one header other folders include from here.
 *
 * handler.h  request handlers and the handler thread (seed 002 6.12.3, seed 003)
 * greq.h     generalized and meta requests
 */
#ifndef MPII_EXT_H
#define MPII_EXT_H

#include "lib/ext/handler.h"
#include "lib/ext/greq.h"

/* MPI_Init: register the generalized and meta requests' ops and the
 * handlers' hooks with lib/core/ (lib/ext/greq.c). */
void mpii_ext_init(void);

#endif
