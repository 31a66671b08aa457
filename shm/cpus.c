/*
 * shm/cpus.c - the CPUs a job may use (shm/cpus.h): the affinity mask,
 * narrowed by the cgroup cpuset.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "shm/cpus.h"

/* Large enough for any node shmpi runs on (CPU_SETSIZE is 1024). */
#define MAX_CPUS 4096

int shm_cpus_online(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

/* Parse a kernel CPU list ("0-3,8,10-11") into set; returns 0 or -EINVAL. */
static int parse_list(const char *s, cpu_set_t *set, size_t size)
{
	CPU_ZERO_S(size, set);
	while (*s && *s != '\n') {
		char *end;
		unsigned long a = strtoul(s, &end, 10), b = a;
		if (end == s)
			return -EINVAL;
		if (*end == '-') {
			s = end + 1;
			b = strtoul(s, &end, 10);
			if (end == s || b < a)
				return -EINVAL;
		}
		for (unsigned long c = a; c <= b && c < MAX_CPUS; c++)
			CPU_SET_S(c, size, set);
		s = end;
		if (*s == ',')
			s++;
		else if (*s && *s != '\n')
			return -EINVAL;
	}
	return 0;
}

/* The cgroup path of the controller (v1: a line "N:cpuset:/path"; v2:
 * "0::/path") from /proc/self/cgroup, into path. */
static int cgroup_path(const char *controller, char *path, size_t len)
{
	FILE *f = fopen("/proc/self/cgroup", "re");
	char line[4096];
	int found = -ENOENT;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		if (!c2)
			continue;
		*c2 = '\0';
		if (strcmp(c1 + 1, controller) != 0)
			continue;
		c2[strcspn(c2 + 1, "\n") + 1] = '\0';
		snprintf(path, len, "%s", c2 + 1);
		found = 0;
		break;
	}
	fclose(f);
	return found;
}

/* The cgroup's cpuset into set: 0, or -errno when there is none to read. */
static int cgroup_cpuset(cpu_set_t *set, size_t size)
{
	static const struct {
		const char *controller, *fmt;
	} where[] = {
		{ "", "/sys/fs/cgroup%s/cpuset.cpus.effective" },      /* v2 */
		{ "cpuset", "/sys/fs/cgroup/cpuset%s/cpuset.effective_cpus" }, /* v1 */
	};
	char path[2048], file[2200], list[8192];

	for (size_t i = 0; i < sizeof(where) / sizeof(where[0]); i++) {
		if (cgroup_path(where[i].controller, path, sizeof(path)) < 0)
			continue;
		snprintf(file, sizeof(file), where[i].fmt, strcmp(path, "/") ? path : "");
		FILE *f = fopen(file, "re");
		if (!f)
			continue;
		char *ok = fgets(list, sizeof(list), f);
		fclose(f);
		/* An empty effective set means "the parent's": not narrower. */
		if (ok && list[0] != '\n' && list[0] && parse_list(list, set, size) == 0)
			return 0;
	}
	return -ENOENT;
}

/* The allowed set into set (size bytes); 0 or -errno. */
static int allowed_set(cpu_set_t *set, size_t size)
{
	if (sched_getaffinity(0, size, set) < 0)
		return -errno;
	cpu_set_t *cg = CPU_ALLOC(MAX_CPUS);
	if (!cg)
		return 0;
	if (cgroup_cpuset(cg, size) == 0) {
		cpu_set_t *both = CPU_ALLOC(MAX_CPUS);
		if (both) {
			CPU_AND_S(size, both, set, cg);
			/* A cpuset that shares nothing with the mask is stale
			 * or misread: the kernel runs us on the mask. */
			if (CPU_COUNT_S(size, both) > 0)
				memcpy(set, both, size);
			CPU_FREE(both);
		}
	}
	CPU_FREE(cg);
	return 0;
}

int shm_cpus_allowed(void)
{
	size_t size = CPU_ALLOC_SIZE(MAX_CPUS);
	cpu_set_t *set = CPU_ALLOC(MAX_CPUS);
	int n = 0;

	if (set && allowed_set(set, size) == 0)
		n = CPU_COUNT_S(size, set);
	if (set)
		CPU_FREE(set);
	return n > 0 ? n : shm_cpus_online();
}

const char *shm_cpus_allowed_list(char *buf, unsigned long len)
{
	size_t size = CPU_ALLOC_SIZE(MAX_CPUS);
	cpu_set_t *set = CPU_ALLOC(MAX_CPUS);
	size_t used = 0;

	buf[0] = '\0';
	if (!set || allowed_set(set, size) < 0) {
		if (set)
			CPU_FREE(set);
		snprintf(buf, len, "0-%d", shm_cpus_online() - 1);
		return buf;
	}
	for (int c = 0; c < MAX_CPUS && used < len; c++) {
		if (!CPU_ISSET_S(c, size, set))
			continue;
		int e = c;
		while (e + 1 < MAX_CPUS && CPU_ISSET_S(e + 1, size, set))
			e++;
		int w = e > c ? snprintf(buf + used, len - used, "%s%d-%d", used ? "," : "", c, e)
			      : snprintf(buf + used, len - used, "%s%d", used ? "," : "", c);
		if (w < 0)
			break;
		used += (size_t)w;
		c = e;
	}
	CPU_FREE(set);
	return buf;
}
