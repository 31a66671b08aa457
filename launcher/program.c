/*
 * launcher/program.c - find a program as the ranks' exec will: shared by
 * the checks made before any fork (main.c: it can run; foreign.c: which
 * MPI it links) and by --profile (profile.c: which libshmpi it needs).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "launcher/program.h"

int lnch_program_path(const char *name, const char *wdir, char *buf, size_t len)
{
	if (!strchr(name, '/')) {
		const char *path = getenv("PATH");
		for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
			const char *end = strchrnul(p, ':');
			snprintf(buf, len, "%.*s/%s", (int)(end - p), p, name);
			if (access(buf, X_OK) == 0)
				return 0;
			p = *end ? end + 1 : end;
		}
		return -ENOENT;
	}
	if (name[0] != '/' && wdir)
		snprintf(buf, len, "%s/%s", wdir, name);
	else
		snprintf(buf, len, "%s", name);
	return access(buf, X_OK) == 0 ? 0 : -errno;
}
