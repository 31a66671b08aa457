/*
 * lib/attr/info.h - MPI_Info objects: an ordered list of (key, value) strings
 * (lib/attr/info.c).  Other areas read hints through mpii_info_lookup and keep
 * their own copies with mpii_info_dup.
 */
#ifndef MPII_INFO_H
#define MPII_INFO_H

#include <stdint.h>
#include "mpi.h"
#include "lib/core/core.h"

struct mpii_info_entry {
	char *key, *val;
};

struct mpii_info {
	uint32_t magic;
	int n, cap;                      /* entries in insertion order */
	struct mpii_info_entry *ent;
};

/* The value of key in info (NULL info or absent key: NULL).  The pointer
 * is valid until the key is set again or the info is freed. */
const char *mpii_info_lookup(struct mpii_info *info, const char *key);

/* A new info with the same entries (src may be NULL: empty).  MPI_SUCCESS
 * or MPI_ERR_NO_MEM. */
int mpii_info_dup(struct mpii_info *src, struct mpii_info **out)
	__attribute__((warn_unused_result));

/* Free an info made by mpii_info_dup or MPI_Info_create (not MPI_INFO_ENV). */
void mpii_info_release(struct mpii_info *info);

#endif
