/*
 * launcher/shmpi_info.c - shmpi_info: what this installation is and what it
 * sees, like Open MPI's ompi_info or MPICH's mpichversion.
 *
 * Prints the MPI version the headers declare and the library's version,
 * the language bindings built, the compilers and flags of the build and
 * those the wrappers run, the install paths (found from where this program
 * lies, as mpicc finds them, so a moved tree reports its real place), the
 * machine's topology as the launcher sees it (hwloc) and every SHMPI_*
 * setting with the value in force and where it comes from (the table of
 * shm/config_table.c, read directly through libshm).  `--parsable` prints
 * the same as one `key:value` per line, in the manner of `ompi_info
 * --parsable`, for scripts and Spack; `--all` adds the settings that only
 * the launcher, the tests or the benchmarks use.  Links hwloc and libshm
 * (a convenience library, linked in), not libshmpi, so that it installs
 * with any prefix.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <hwloc.h>
#include "config.h"
#include "include/mpi.h"
#include "shm/config.h"

/* Set by launcher/local.mk from configure's directories. */
#ifndef LNCH_CONF_PREFIX
#define LNCH_CONF_PREFIX "/usr/local"
#define LNCH_CONF_BINDIR LNCH_CONF_PREFIX "/bin"
#define LNCH_CONF_LIBDIR LNCH_CONF_PREFIX "/lib"
#define LNCH_CONF_INCLUDEDIR LNCH_CONF_PREFIX "/include"
#define LNCH_CONF_MANDIR LNCH_CONF_PREFIX "/share/man"
#define LNCH_CONF_DOCDIR LNCH_CONF_PREFIX "/share/doc/shmpi"
#endif

#ifdef HAVE_FORTRAN_BINDINGS
#define FORTRAN_BOUND "yes"
#else
#define FORTRAN_BOUND "no"
#endif

static bool parsable, all;

/* One fact: "key:value" when parsable, "  label value" otherwise. */
static void fact(const char *key, const char *label, const char *value)
{
	if (parsable)
		printf("%s:%s\n", key, value);
	else if (label)
		printf("  %-22s %s\n", label, value);
}

static void heading(const char *text)
{
	if (!parsable)
		printf("%s\n", text);
}

static void print_versions(void)
{
	char v[32];

	if (!parsable)
		printf("shmpi %s\n", PACKAGE_VERSION);
	fact("package", NULL, "shmpi " PACKAGE_VERSION);
	snprintf(v, sizeof(v), "%d.%d", MPI_VERSION, MPI_SUBVERSION);
	fact("version:mpi", "MPI standard:", v);
	fact("version:shmpi", "library version:", PACKAGE_VERSION);
}

/* C++ programs use the C API (mpi.h is C++-clean): the MPI-2 C++ classes
 * were removed in MPI-3.0, and neither Open MPI 5 nor MPICH 4 builds them
 * by default. */
static void print_bindings(void)
{
	heading("bindings:");
	fact("bindings:c", "C (mpi.h):", "yes");
	fact("bindings:cxx", "C++ (mpi.h):",
	     parsable ? "yes" : "yes (the C API; no MPI-2 C++ classes)");
	fact("bindings:mpif.h", "Fortran mpif.h:", FORTRAN_BOUND);
	fact("bindings:use_mpi", "Fortran use mpi:", FORTRAN_BOUND);
	fact("bindings:use_mpi_f08", "Fortran use mpi_f08:", FORTRAN_BOUND);
	fact("bindings:abi", "MPI-5 ABI:", "no");
}

static void print_build(void)
{
	heading("build:");
	fact("configure:args", "configured with:", *SHMPI_CONFIGURE_ARGS ? SHMPI_CONFIGURE_ARGS
								      : "(defaults)");
	fact("compiler:c:command", "C compiler (mpicc):", SHMPI_BUILD_CC);
	fact("compiler:c:flags", "C flags of the build:", SHMPI_BUILD_CFLAGS);
	fact("compiler:cxx:command", "C++ compiler (mpicxx):", SHMPI_BUILD_CXX);
	fact("compiler:cxx:flags", "C++ flags:", SHMPI_BUILD_CXXFLAGS);
	fact("compiler:fortran:command", "Fortran (mpifort):", *SHMPI_BUILD_FC ? SHMPI_BUILD_FC
									   : "(none)");
	fact("compiler:fortran:flags", "Fortran flags:", SHMPI_BUILD_FCFLAGS);
	char hw[64];
	snprintf(hw, sizeof(hw), "%s (run time API 0x%x)",
		 HWLOC_API_VERSION == hwloc_get_api_version() ? "same as build"
							      : "differs from build",
		 hwloc_get_api_version());
	fact("hwloc:version", "hwloc:", hw);
}

/* The prefix: the folder above this program's bin/ when it holds
 * include/mpi.h (a moved or `make install prefix=DIR` tree), else the
 * configured one.  Writes "" when the configured one holds. */
static void found_prefix(char *out, size_t len)
{
	char exe[PATH_MAX], probe[PATH_MAX + 32];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	out[0] = '\0';
	if (n <= 0)
		return;
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash || slash - exe < 4 || strncmp(slash - 4, "/bin", 4) != 0)
		return;
	slash[-4] = '\0';
	snprintf(probe, sizeof(probe), "%s/include/mpi.h", exe);
	if (access(probe, R_OK) == 0)
		snprintf(out, len, "%s", exe);
}

/* A configured directory, moved with the prefix when it lies under it. */
static void path_fact(const char *key, const char *label, const char *conf, const char *prefix)
{
	char buf[PATH_MAX * 2];
	size_t pl = strlen(LNCH_CONF_PREFIX);

	if (*prefix && strncmp(conf, LNCH_CONF_PREFIX, pl) == 0 &&
	    (conf[pl] == '/' || conf[pl] == '\0'))
		snprintf(buf, sizeof(buf), "%s%s", prefix, conf + pl);
	else
		snprintf(buf, sizeof(buf), "%s", conf);
	fact(key, label, buf);
}

static void print_paths(void)
{
	char prefix[PATH_MAX];

	found_prefix(prefix, sizeof(prefix));
	heading("paths:");
	fact("path:prefix", "prefix:", *prefix ? prefix : LNCH_CONF_PREFIX);
	path_fact("path:bindir", "bindir:", LNCH_CONF_BINDIR, prefix);
	path_fact("path:libdir", "libdir:", LNCH_CONF_LIBDIR, prefix);
	path_fact("path:incdir", "includedir:", LNCH_CONF_INCLUDEDIR, prefix);
	path_fact("path:mandir", "mandir:", LNCH_CONF_MANDIR, prefix);
	path_fact("path:docdir", "docdir:", LNCH_CONF_DOCDIR, prefix);
	char pc[PATH_MAX * 2];
	snprintf(pc, sizeof(pc), "%s/pkgconfig", LNCH_CONF_LIBDIR);
	path_fact("path:pkgconfigdir", "pkgconfigdir:", pc, prefix);
}

static void print_members(hwloc_topology_t t, hwloc_obj_type_t type, const char *name,
			  const char *key)
{
	int n = hwloc_get_nbobjs_by_type(t, type);
	for (int i = 0; i < n; i++) {
		hwloc_obj_t o = hwloc_get_obj_by_type(t, type, (unsigned)i);
		char pus[256] = "?";
		if (o->cpuset)
			hwloc_bitmap_list_snprintf(pus, sizeof(pus), o->cpuset);
		int cores = o->cpuset ? hwloc_get_nbobjs_inside_cpuset_by_type(t, o->cpuset,
									      HWLOC_OBJ_CORE) : 0;
		if (parsable)
			printf("topology:%s:%d:cores:%d\ntopology:%s:%d:pus:%s\n", key, i, cores,
			       key, i, pus);
		else
			printf("  %s %d: %d cores, PUs %s\n", name, i, cores, pus);
	}
}

static int print_topology(void)
{
	hwloc_topology_t t;
	static const struct {
		hwloc_obj_type_t type;
		const char *key;
	} counts[] = {
		{ HWLOC_OBJ_PACKAGE, "packages" }, { HWLOC_OBJ_NUMANODE, "numa_nodes" },
		{ HWLOC_OBJ_L3CACHE, "l3_caches" }, { HWLOC_OBJ_CORE, "cores" },
		{ HWLOC_OBJ_PU, "pus" },
	};

	if (hwloc_topology_init(&t) < 0 || hwloc_topology_load(t) < 0) {
		fact("topology:error", "topology:", strerror(errno));
		return 1;
	}
	if (parsable) {
		for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
			printf("topology:%s:%d\n", counts[i].key,
			       hwloc_get_nbobjs_by_type(t, counts[i].type));
	} else {
		printf("topology (hwloc, as mpirun-shm binds):\n");
		printf("  packages %d, NUMA nodes %d, L3 caches %d, cores %d, PUs %d\n",
		       hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PACKAGE),
		       hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_NUMANODE),
		       hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_L3CACHE),
		       hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_CORE),
		       hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PU));
	}
	print_members(t, HWLOC_OBJ_PACKAGE, "package", "package");
	print_members(t, HWLOC_OBJ_NUMANODE, "NUMA node", "numa_node");
	hwloc_topology_destroy(t);
	return 0;
}

/* Settings users set; --all adds the launcher's, the tests' and the
 * benchmarks' own. */
static bool shown(const struct shm_config_var *v)
{
	return all || !(v->flags & (SHM_CONFIG_INTERNAL | SHM_CONFIG_TESTING | SHM_CONFIG_PERF));
}

static void print_config_parsable(void)
{
	static const char *const source[] = {
		[SHM_CONFIG_FROM_DEFAULT] = "default",
		[SHM_CONFIG_FROM_ENV] = "environment",
		[SHM_CONFIG_FROM_INVALID_ENV] = "default (invalid value in the environment)",
	};
	char val[128], acc[192];

	for (size_t i = 0; i < shm_config_count; i++) {
		const struct shm_config_var *v = &shm_config_table[i];
		const char *env;
		if (!shown(v))
			continue;
		enum shm_config_source src = shm_config_value(v, val, sizeof(val), &env);
		printf("config:%s:value:%s\n", v->name, val);
		printf("config:%s:source:%s\n", v->name, source[src]);
		printf("config:%s:default:%s\n", v->name, v->dflt ? v->dflt : "unset");
		printf("config:%s:owner:%s\n", v->name, v->owner);
		printf("config:%s:accepts:%s\n", v->name, shm_config_accepted(v, acc, sizeof(acc)));
		printf("config:%s:help:%s\n", v->name, v->desc);
	}
}

/* The human form: one line a setting, with --all shm_config_print's three. */
static void print_config(void)
{
	char val[128];

	if (parsable) {
		print_config_parsable();
		return;
	}
	if (all) {
		printf("configuration:\n");
		shm_config_print(stdout);
		return;
	}
	printf("configuration (SHMPI_* variables, docs/config.md; --all for every one "
	       "and what each accepts):\n");
	for (size_t i = 0; i < shm_config_count; i++) {
		const struct shm_config_var *v = &shm_config_table[i];
		const char *env;
		if (!shown(v))
			continue;
		enum shm_config_source src = shm_config_value(v, val, sizeof(val), &env);
		printf("  %-28s %-16s %s\n", v->name, val,
		       src == SHM_CONFIG_FROM_ENV ? "(environment)"
		       : src == SHM_CONFIG_FROM_DEFAULT ? "(default)"
						       : "(default: the environment's value is invalid)");
	}
}

static void usage(FILE *f)
{
	fprintf(f, "Usage: shmpi_info [--parsable] [--all] | --version | --help\n"
		   "Print the MPI and library versions, the bindings, compilers and paths,\n"
		   "the machine's topology and the SHMPI_* settings in force.\n"
		   "  --parsable, -p   one key:value per line (as ompi_info --parsable)\n"
		   "  --all, -a        also the launcher's, tests' and benchmarks' settings,\n"
		   "                   and what each setting accepts\n");
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(a, "--version") || !strcmp(a, "-V")) {
			printf("shmpi %s\n", PACKAGE_VERSION);
			return 0;
		} else if (!strcmp(a, "--parsable") || !strcmp(a, "--parseable") ||
			   !strcmp(a, "-p")) {
			parsable = true;
		} else if (!strcmp(a, "--all") || !strcmp(a, "-a")) {
			all = true;
		} else {
			fprintf(stderr, "shmpi_info: unknown option '%s'\n", a);
			usage(stderr);
			return 2;
		}
	}
	print_versions();
	print_bindings();
	print_build();
	print_paths();
	print_topology();
	print_config();
	return 0;
}
