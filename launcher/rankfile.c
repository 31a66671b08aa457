/*
 * launcher/rankfile.c - Open MPI's --rankfile on one node.
 *
 * A rankfile pins each rank to cores by hand: "rank 0=node1 slot=0:0-1"
 * (package 0, its cores 0 and 1) or "rank 1=node1 slot=2" (core 2).  Job
 * scripts written for Open MPI carry them; here every host must be this
 * machine, and the numbers are hwloc's logical ones, as Open MPI reads
 * them by default.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "launcher/rankfile.h"

static bool local_host(const char *h)
{
	char me[256] = "";
	gethostname(me, sizeof(me) - 1);
	size_t l = strcspn(me, ".");
	return !strcmp(h, "localhost") || !strcmp(h, "+n0") || !strcmp(h, me) ||
	       (strlen(h) == l && !strncmp(h, me, l));
}

/* Add the cores of a list ("0-2,5") to set: those of package pkg (its
 * cores in order) when pkg >= 0, else the machine's.  0 or -EINVAL. */
static int add_cores(const struct lnch_topo *t, int pkg, const char *list, hwloc_bitmap_t set,
		     int *first)
{
	hwloc_obj_t p = pkg >= 0 ? hwloc_get_obj_by_type(t->topo, HWLOC_OBJ_PACKAGE, (unsigned)pkg)
				 : NULL;
	if (pkg >= 0 && !p)
		return -EINVAL;
	while (*list) {
		char *end;
		long a = strtol(list, &end, 10), b = a;
		if (end == list || a < 0)
			return -EINVAL;
		if (*end == '-') {
			list = end + 1;
			b = strtol(list, &end, 10);
			if (end == list || b < a)
				return -EINVAL;
		}
		for (long c = a; c <= b; c++) {
			hwloc_obj_t core = p ? hwloc_get_obj_inside_cpuset_by_type(t->topo, p->cpuset,
										 t->unit, (unsigned)c)
					     : hwloc_get_obj_by_type(t->topo, t->unit, (unsigned)c);
			if (!core)
				return -EINVAL;
			if (*first < 0)
				*first = (int)core->logical_index;
			hwloc_bitmap_or(set, set, core->cpuset);
		}
		list = end;
		if (*list == ',')
			list++;
		else if (*list)
			return -EINVAL;
	}
	return 0;
}

/* One "rank N=HOST slot=SPEC" line into place; 0, 1 (blank), -EINVAL. */
static int parse_line(const struct lnch_topo *t, char *line, uint32_t n, struct lnch_place *place,
		      const char **why)
{
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	char *s = line;
	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return 1;
	unsigned long r;
	char host[256], slot[256];
	if (sscanf(s, "rank %lu = %255s slot = %255s", &r, host, slot) != 3) {
		*why = "not \"rank N=HOST slot=SPEC\"";
		return -EINVAL;
	}
	if (r >= n) {
		*why = "a rank beyond the job's";
		return -EINVAL;
	}
	if (!local_host(host)) {
		*why = "a host that is not this machine (shmpi runs on one node)";
		return -EINVAL;
	}
	hwloc_bitmap_t set = hwloc_bitmap_alloc();
	int first = -1;
	if (!set)
		return -ENOMEM;
	/* "S:CORES" packages, or "CORES"; several S:CORES joined by ';'. */
	for (char *part = strtok(slot, ";"); part; part = strtok(NULL, ";")) {
		char *colon = strchr(part, ':');
		int rc = colon ? (*colon = '\0', add_cores(t, atoi(part), colon + 1, set, &first))
			       : add_cores(t, -1, part, set, &first);
		if (rc < 0 || (colon && !isdigit((unsigned char)part[0]))) {
			hwloc_bitmap_free(set);
			*why = "a slot that names no core of this machine";
			return -EINVAL;
		}
	}
	if (place[r].set)
		hwloc_bitmap_free(place[r].set);
	place[r].set = set;
	place[r].core = first;
	return 0;
}

int lnch_rankfile_apply(const struct lnch_topo *t, const char *path, uint32_t n,
			struct lnch_place *place, char *err, size_t errlen)
{
	FILE *f = fopen(path, "re");
	if (!f) {
		int e = errno;
		snprintf(err, errlen, "cannot read --rankfile '%s': %s", path, strerror(e));
		return -e;
	}
	char line[1024];
	unsigned lineno = 0;
	uint8_t *seen = calloc(n, 1);
	int rc = seen ? 0 : -ENOMEM;
	while (rc == 0 && fgets(line, sizeof(line), f)) {
		const char *why = "";
		unsigned long r = 0;
		lineno++;
		sscanf(line, " rank %lu", &r);
		rc = parse_line(t, line, n, place, &why);
		if (rc < 0)
			snprintf(err, errlen, "--rankfile %s:%u: %s", path, lineno, why);
		else if (rc == 0)
			seen[r] = 1;
		if (rc > 0)
			rc = 0;
	}
	fclose(f);
	for (uint32_t i = 0; rc == 0 && i < n; i++)
		if (!seen[i]) {
			snprintf(err, errlen, "--rankfile %s: no line for rank %u", path, i);
			rc = -EINVAL;
		}
	free(seen);
	return rc;
}
