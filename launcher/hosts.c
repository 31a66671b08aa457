/*
 * launcher/hosts.c - the host lists of Open MPI and MPICH job scripts.
 *
 * Scripts written for a cluster name their hosts (-H a:4,b:4, --hostfile
 * with "a slots=4", MPICH's "a:4").  shmpi runs on one node, so a list that
 * names only this machine is accepted (its slot counts give the default
 * number of ranks) and any other host is refused: main.c turns -EXDEV into
 * exit 2 with the way to move the program to a cluster MPI.
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "launcher/hosts.h"
#include "launcher/options.h"

static int fail(char *err, size_t errlen, int rc, const char *fmt, const char *what)
{
	snprintf(err, errlen, fmt, what);
	return rc;
}

static bool is_this_machine(const char *name, size_t len, const char *myname)
{
	static const char *const local[] = { "localhost", "127.0.0.1", "::1",
					     "localhost.localdomain" };
	size_t mylen = strcspn(myname, ".");

	for (size_t k = 0; k < sizeof(local) / sizeof(local[0]); k++)
		if (strlen(local[k]) == len && strncmp(name, local[k], len) == 0)
			return true;
	if (strlen(myname) == len && strncmp(name, myname, len) == 0)
		return true;
	/* "node1" for "node1.example.org" and the other way round. */
	size_t short_len = strcspn(name, ".");
	if (short_len > len)
		short_len = len;
	return short_len == mylen && strncmp(name, myname, mylen) == 0;
}

/* One host word, "name", "name:N" or (hostfile) "name slots=N". */
static int add_host(const char *word, size_t len, const char *slots_s, const char *myname,
		    uint32_t *slots, char *err, size_t errlen)
{
	char name[256];
	unsigned long n = 1;

	if (len == 0 || len >= sizeof(name))
		return fail(err, errlen, -EINVAL, "invalid host '%s'", word);
	memcpy(name, word, len);
	name[len] = '\0';
	/* name:N (MPICH, Open MPI -H); "::1" has no count. */
	char *colon = strrchr(name, ':');
	if (colon && strcmp(name, "::1") != 0) {
		char *end;
		*colon = '\0';
		errno = 0;
		n = strtoul(colon + 1, &end, 10);
		if (errno || end == colon + 1 || *end || n == 0 || n > 1u << 20)
			return fail(err, errlen, -EINVAL, "invalid slot count in host '%s'", word);
	}
	if (slots_s) {
		char *end;
		errno = 0;
		n = strtoul(slots_s, &end, 10);
		if (errno || end == slots_s || n == 0 || n > 1u << 20)
			return fail(err, errlen, -EINVAL, "invalid slots in hostfile line for '%s'",
				    name);
	}
	if (!is_this_machine(name, strlen(name), myname))
		return fail(err, errlen, -EXDEV, "%s", name);
	*slots += (uint32_t)n;
	return 0;
}

static int read_hostfile(const char *path, const char *myname, uint32_t *slots, char *err,
			 size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	int rc = 0;

	if (!f) {
		snprintf(err, errlen, "cannot read hostfile '%s': %s", path, strerror(errno));
		return -EINVAL;
	}
	while (rc == 0 && fgets(line, sizeof(line), f)) {
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		char *p = line;
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			continue;
		size_t len = strcspn(p, " \t\r\n");
		/* Open MPI: "host slots=N [max_slots=M]"; other keys ignored. */
		const char *slots_s = strstr(p + len, "slots=");
		if (slots_s && slots_s > p + len && slots_s[-1] == '_')
			slots_s = NULL;  /* only max_slots= */
		rc = add_host(p, len, slots_s ? slots_s + 6 : NULL, myname, slots, err, errlen);
	}
	fclose(f);
	return rc;
}

int lnch_hosts_check(const struct lnch_options *o, const char *myname,
		     uint32_t *slots, char *err, size_t errlen)
{
	int rc;

	*slots = 0;
	for (size_t k = 0; k < o->nhosts; k++) {
		for (const char *p = o->hosts[k]; *p;) {
			size_t len = strcspn(p, ",");
			if ((rc = add_host(p, len, NULL, myname, slots, err, errlen)) < 0)
				return rc;
			p += len;
			if (*p == ',')
				p++;
		}
	}
	if (o->hostfile)
		return read_hostfile(o->hostfile, myname, slots, err, errlen);
	return 0;
}
