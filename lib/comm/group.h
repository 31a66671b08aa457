/*
 * lib/comm/group.h - group helpers shared by the communicator and topology code
 * (lib/comm/group.c).
 */
#ifndef MPII_GROUP_H
#define MPII_GROUP_H

#include "lib/comm/comm.h"

/* Take a reference to g for a new handle; returns g. */
struct mpii_group *mpii_group_ref(struct mpii_group *g);

/* MPI_IDENT, MPI_SIMILAR or MPI_UNEQUAL; -1 when out of memory. */
int mpii_group_compare(const struct mpii_group *a, const struct mpii_group *b);

/* An intercommunicator of local and remote (references taken over) with
 * parent's error handler and context ids ctx and ctx + 2 (its hidden local
 * communicator): lib/comm/intercomm.c. */
int mpii_make_inter_of(struct mpii_comm *parent, uint32_t ctx, struct mpii_group *local,
		       struct mpii_group *remote, struct mpii_comm **out);

#endif
