/*
 * launcher/profile.c - --profile: turn the PMPI profiler (perf/prof) on in
 * the ranks, and say at the end where its report and picture are.
 *
 * The profiler library is found next to the launcher: <bin>/../lib in an
 * installation, <builddir>/.libs in the build tree, or where
 * SHMPI_PROFILE_LIB says.  Whether the program uses the shared libshmpi is
 * read from its dynamic string table (the name "libshmpi.so" appears in it
 * exactly when the program needs that library; a libtool wrapper script
 * of the build tree names libshmpi.la instead).  A statically linked ELF
 * program cannot take a preloaded profiler: unless the profiler is linked
 * into it (its SHMPI_PROFILE_COUNTERS string is there) the launcher says
 * so in one line instead of leaving the user without a report.
 *
 * When the job ends (atexit, so the launcher's exit paths need not know),
 * a report file that the job wrote is drawn as an SVG beside it by
 * shmpi-prof-render (perf/prof/render, installed on PATH), and one line
 * names both files; without the renderer (no python3) the line says how
 * to draw it later.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <elf.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "launcher/profile.h"
#include "launcher/program.h"
#include "shm/config.h"

/* What the program's file says about profiling it. */
enum prog_link {
	PROG_UNKNOWN,       /* not found, not ELF, or dynamic without libshmpi */
	PROG_SHARED,        /* needs the shared libshmpi: preload the profiler */
	PROG_STATIC_PROF,   /* static, the profiler linked in */
	PROG_STATIC_BARE,   /* static, no profiler: no report will come */
};

/* A static ELF executable has no PT_INTERP program header. */
static int elf_is_static(const unsigned char *m, size_t len)
{
	if (len < sizeof(Elf64_Ehdr) || memcmp(m, ELFMAG, SELFMAG) != 0 ||
	    m[EI_CLASS] != ELFCLASS64)
		return 0;
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)m;
	if (eh->e_phentsize != sizeof(Elf64_Phdr) || eh->e_phoff > len ||
	    (len - eh->e_phoff) / sizeof(Elf64_Phdr) < eh->e_phnum)
		return 0;
	const Elf64_Phdr *ph = (const Elf64_Phdr *)(m + eh->e_phoff);
	for (unsigned i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_INTERP)
			return 0;
	return eh->e_type == ET_EXEC || eh->e_type == ET_DYN;
}

static enum prog_link program_link(const char *prog, const char *wdir)
{
	char path[PATH_MAX];
	if (lnch_program_path(prog, wdir, path, sizeof(path)) < 0)
		return PROG_UNKNOWN;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return PROG_UNKNOWN;
	struct stat st;
	enum prog_link link = PROG_UNKNOWN;
	if (fstat(fd, &st) == 0 && st.st_size > 0) {
		size_t len = (size_t)st.st_size;
		void *m = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
		if (m != MAP_FAILED) {
			if (memmem(m, len, "libshmpi.so", 11) || memmem(m, len, "libshmpi.la", 11))
				link = PROG_SHARED;
			else if (elf_is_static(m, len))
				link = memmem(m, len, "SHMPI_PROFILE_COUNTERS", 22) ? PROG_STATIC_PROF
										   : PROG_STATIC_BARE;
			munmap(m, len);
		}
	}
	close(fd);
	return link;
}

/* The launcher's own folder (bin/, or launcher/ of the build tree). */
static int own_dir(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	char *slash = strrchr(buf, '/');
	if (!slash)
		return -1;
	*slash = 0;
	return 0;
}

/* libshmpi-prof.so beside the launcher, or NULL. */
static char *find_profiler(void)
{
	const char *env = shm_config_get_string("SHMPI_PROFILE_LIB");
	if (env && *env)
		return strdup(env);
	char exe[PATH_MAX];
	if (own_dir(exe, sizeof(exe)) < 0)
		return NULL;
	static const char *const rel[] = { "../lib/libshmpi-prof.so", "../.libs/libshmpi-prof.so" };
	char buf[PATH_MAX + 64];
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		snprintf(buf, sizeof(buf), "%s/%s", exe, rel[i]);
		if (access(buf, R_OK) == 0)
			return realpath(buf, NULL);
	}
	return NULL;
}

/* The report the job is to write (absolute), and when the job started. */
static char report_path[PATH_MAX + 256];
static time_t job_start;

/* shmpi-prof-render beside the launcher (bin/), or the build tree's
 * perf/prof/render; NULL when neither is there. */
static char *find_renderer(void)
{
	char dir[PATH_MAX], buf[PATH_MAX + 64];
	if (own_dir(dir, sizeof(dir)) < 0)
		return NULL;
	static const char *const rel[] = { "shmpi-prof-render", "../perf/prof/render" };
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		snprintf(buf, sizeof(buf), "%s/%s", dir, rel[i]);
		if (access(buf, X_OK) == 0)
			return realpath(buf, NULL);
	}
	return NULL;
}

/* Run the renderer on the report: 0 when it drew the picture. */
static int render(const char *renderer, const char *json, const char *svg)
{
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		/* Its complaints (no python3, a broken report) stay out of the
		 * user's output: the line below says how to draw it by hand. */
		if (!freopen("/dev/null", "w", stderr) || !freopen("/dev/null", "w", stdout))
			_exit(127);
		execl(renderer, renderer, json, "-o", svg, (char *)NULL);
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* atexit: name the report and its picture, drawing the picture first. */
static void report_where(void)
{
	struct stat st;
	if (stat(report_path, &st) < 0 || st.st_mtime < job_start)
		return;
	char svg[sizeof(report_path) + 8];
	size_t n = strlen(report_path);
	if (n > 5 && strcmp(report_path + n - 5, ".json") == 0)
		snprintf(svg, sizeof(svg), "%.*s.svg", (int)(n - 5), report_path);
	else
		snprintf(svg, sizeof(svg), "%s.svg", report_path);
	char *renderer = find_renderer();
	if (renderer && render(renderer, report_path, svg) == 0)
		fprintf(stderr, "mpirun-shm: profile: %s (report), %s (picture: traffic, time "
				"per function and rank)\n", report_path, svg);
	else
		fprintf(stderr, "mpirun-shm: profile: %s (report); draw it with "
				"shmpi-prof-render %s -o %s%s\n", report_path, report_path, svg,
			renderer ? " (python3 is needed)" : "");
	free(renderer);
}

/* SHMPI_PROFILE for the ranks (a relative FILE made absolute; "1" stays,
 * the profiler's shmpi-profile.json in rank 0's folder), and the path the
 * report will have. */
static int set_profile_file(const struct lnch_options *o, const char *file)
{
	char cwd[PATH_MAX];
	const char *wdir = o->napps ? o->apps[0].wdir : NULL;

	if (!getcwd(cwd, sizeof(cwd)))
		return -errno;
	if (!strcmp(file, "1")) {
		if (wdir && wdir[0] == '/')
			snprintf(report_path, sizeof(report_path), "%s/shmpi-profile.json", wdir);
		else if (wdir)
			snprintf(report_path, sizeof(report_path), "%s/%s/shmpi-profile.json", cwd,
				 wdir);
		else
			snprintf(report_path, sizeof(report_path), "%s/shmpi-profile.json", cwd);
		return setenv("SHMPI_PROFILE", file, 1) < 0 ? -errno : 0;
	}
	if (file[0] == '/')
		snprintf(report_path, sizeof(report_path), "%s", file);
	else
		snprintf(report_path, sizeof(report_path), "%s/%s", cwd, file);
	return setenv("SHMPI_PROFILE", report_path, 1) < 0 ? -errno : 0;
}

int lnch_profile_setup(const struct lnch_options *o)
{
	if (!o->profile)
		return 0;
	int rc = set_profile_file(o, o->profile);
	if (rc < 0)
		return rc;
	job_start = time(NULL);
	atexit(report_where);
	enum prog_link link = o->prog_argv && o->prog_argv[0] ? program_link(o->prog_argv[0], o->apps[0].wdir)
							     : PROG_UNKNOWN;
	if (link == PROG_STATIC_BARE)
		fprintf(stderr, "mpirun-shm: --profile: %s is linked statically without the "
				"profiler, so no profile will be written: link it with "
				"`mpicc ... -lshmpi-prof -lshmpi -static`, or without -static\n",
			o->prog_argv[0]);
	if (link != PROG_SHARED)
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
