/*
 * launcher/profile.c - --profile: turn the PMPI profiler (perf/prof) on in
 * the ranks.
 *
 * The profiler library is found next to the launcher: <bin>/../lib in an
 * installation, <builddir>/.libs in the build tree, or where
 * SHMPI_PROFILE_LIB says.  Whether the program uses the shared libshmpi is
 * read from its dynamic string table (the name "libshmpi.so" appears in it
 * exactly when the program needs that library; a libtool wrapper script
 * of the build tree names libshmpi.la instead).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "launcher/profile.h"
#include "shm/config.h"

/* The program's path as execvp would find it; NULL if not found. */
static char *find_program(const char *name)
{
	if (strchr(name, '/'))
		return strdup(name);
	const char *path = getenv("PATH");
	if (!path)
		path = "/usr/bin:/bin";
	char buf[PATH_MAX];
	for (const char *p = path; *p;) {
		const char *end = strchrnul(p, ':');
		snprintf(buf, sizeof(buf), "%.*s/%s", (int)(end - p), p, name);
		if (access(buf, X_OK) == 0)
			return strdup(buf);
		p = *end ? end + 1 : end;
	}
	return NULL;
}

static int needs_shared_libshmpi(const char *prog)
{
	char *path = find_program(prog);
	if (!path)
		return 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	free(path);
	if (fd < 0)
		return 0;
	struct stat st;
	int found = 0;
	if (fstat(fd, &st) == 0 && st.st_size > 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (m != MAP_FAILED) {
			found = memmem(m, (size_t)st.st_size, "libshmpi.so", 11) != NULL ||
				memmem(m, (size_t)st.st_size, "libshmpi.la", 11) != NULL;
			munmap(m, (size_t)st.st_size);
		}
	}
	close(fd);
	return found;
}

/* libshmpi-prof.so beside the launcher, or NULL. */
static char *find_profiler(void)
{
	const char *env = shm_config_get_string("SHMPI_PROFILE_LIB");
	if (env && *env)
		return strdup(env);
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return NULL;
	exe[n] = 0;
	char *slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = 0;
	static const char *const rel[] = { "../lib/libshmpi-prof.so", "../.libs/libshmpi-prof.so" };
	char buf[PATH_MAX + 64];
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		snprintf(buf, sizeof(buf), "%s/%s", exe, rel[i]);
		if (access(buf, R_OK) == 0)
			return realpath(buf, NULL);
	}
	return NULL;
}

static int set_profile_file(const char *file)
{
	if (!strcmp(file, "1") || file[0] == '/')
		return setenv("SHMPI_PROFILE", file, 1) < 0 ? -errno : 0;
	char cwd[PATH_MAX], abs[PATH_MAX + 256];
	if (!getcwd(cwd, sizeof(cwd)))
		return -errno;
	snprintf(abs, sizeof(abs), "%s/%s", cwd, file);
	return setenv("SHMPI_PROFILE", abs, 1) < 0 ? -errno : 0;
}

int lnch_profile_setup(const struct lnch_options *o)
{
	if (!o->profile)
		return 0;
	int rc = set_profile_file(o->profile);
	if (rc < 0)
		return rc;
	if (!o->prog_argv || !o->prog_argv[0] || !needs_shared_libshmpi(o->prog_argv[0]))
		return 0;
	char *lib = find_profiler();
	if (!lib) {
		fprintf(stderr, "mpirun-shm: --profile: libshmpi-prof.so not found "
				"(set SHMPI_PROFILE_LIB)\n");
		return 0;
	}
	const char *old = getenv("LD_PRELOAD");
	char *val;
	if (asprintf(&val, "%s%s%s", lib, old && *old ? ":" : "", old && *old ? old : "") < 0) {
		free(lib);
		return -ENOMEM;
	}
	rc = setenv("LD_PRELOAD", val, 1) < 0 ? -errno : 0;
	free(val);
	free(lib);
	return rc;
}
