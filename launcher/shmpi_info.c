/*
 * launcher/shmpi_info.c - shmpi_info: what this installation is and what it
 * sees, like Open MPI's ompi_info or MPICH's mpichversion.
 *
 * Prints the version, how the build was configured, the machine's topology
 * as the launcher sees it (hwloc: packages, NUMA nodes, L3 caches, cores,
 * PUs, and which cores each package and NUMA node holds) and the
 * configuration table with the values in force, which it gets by running
 * `mpirun-shm --help-config` from the same bin/ folder (the launcher owns
 * that table).  Links only hwloc, not libshmpi, so that it installs with
 * any prefix.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <hwloc.h>
#include "config.h"

static void print_build(void)
{
	printf("shmpi %s\n", PACKAGE_VERSION);
	printf("  configured with: %s\n", *SHMPI_CONFIGURE_ARGS ? SHMPI_CONFIGURE_ARGS : "(defaults)");
	printf("  built with:      %s %s\n", SHMPI_BUILD_CC, SHMPI_BUILD_CFLAGS);
	printf("  hwloc:           %s (run time API 0x%x)\n", HWLOC_API_VERSION == hwloc_get_api_version()
	       ? "same as build" : "differs from build", hwloc_get_api_version());
}

static void print_members(hwloc_topology_t t, hwloc_obj_type_t type, const char *name)
{
	int n = hwloc_get_nbobjs_by_type(t, type);
	for (int i = 0; i < n; i++) {
		hwloc_obj_t o = hwloc_get_obj_by_type(t, type, (unsigned)i);
		char pus[256] = "?";
		if (o->cpuset)
			hwloc_bitmap_list_snprintf(pus, sizeof(pus), o->cpuset);
		int cores = o->cpuset ? hwloc_get_nbobjs_inside_cpuset_by_type(t, o->cpuset,
									      HWLOC_OBJ_CORE) : 0;
		printf("  %s %d: %d cores, PUs %s\n", name, i, cores, pus);
	}
}

static int print_topology(void)
{
	hwloc_topology_t t;

	if (hwloc_topology_init(&t) < 0 || hwloc_topology_load(t) < 0) {
		printf("topology: not available (%s)\n", strerror(errno));
		return 1;
	}
	printf("topology (hwloc, as mpirun-shm binds):\n");
	printf("  packages %d, NUMA nodes %d, L3 caches %d, cores %d, PUs %d\n",
	       hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PACKAGE),
	       hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_NUMANODE),
	       hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_L3CACHE),
	       hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_CORE),
	       hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PU));
	print_members(t, HWLOC_OBJ_PACKAGE, "package");
	print_members(t, HWLOC_OBJ_NUMANODE, "NUMA node");
	hwloc_topology_destroy(t);
	return 0;
}

/* mpirun-shm beside us (bin/), or the one on PATH. */
static int print_config(void)
{
	char exe[PATH_MAX], launcher[PATH_MAX + 16] = "mpirun-shm";
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(launcher, sizeof(launcher), "%s/mpirun-shm", exe);
			if (access(launcher, X_OK) != 0)
				snprintf(launcher, sizeof(launcher), "mpirun-shm");
		}
	}
	printf("configuration (%s --help-config):\n", launcher);
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		/* Its usage error would go to stderr: keep it out. */
		if (!freopen("/dev/null", "w", stderr))
			_exit(127);
		execlp(launcher, launcher, "--help-config", (char *)NULL);
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		printf("  (this mpirun-shm has no --help-config; docs/config.md lists the "
		       "settings)\n");
		for (char **e = environ; *e; e++)
			if (strncmp(*e, "SHMPI_", 6) == 0)
				printf("  set: %s\n", *e);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("Usage: shmpi_info\nPrint the version, the build options, the machine's "
		       "topology and the configuration of shmpi.\n");
		return 0;
	}
	if (argc > 1 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))) {
		printf("shmpi %s\n", PACKAGE_VERSION);
		return 0;
	}
	if (argc > 1) {
		fprintf(stderr, "shmpi_info: unknown option '%s'\n", argv[1]);
		return 2;
	}
	print_build();
	print_topology();
	print_config();
	return 0;
}
