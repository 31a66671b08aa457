/*
 * launcher/foreign.c - is the program linked with another MPI?
 *
 * A program built with Open MPI's or MPICH's mpicc and started by
 * mpirun-shm finds no launcher of its own MPI: each rank would initialize
 * as a job of one process and the "job" would be N unrelated runs.  Before
 * it starts anything, the launcher reads the program's dynamic section
 * (DT_NEEDED: the libraries the loader will bring in) and, when one is
 * another MPI's and none is libshmpi, refuses with one line naming it
 * (launcher/main.c).  Programs that load MPI later (python3 with mpi4py)
 * or statically linked ones cannot be told apart this way and start as
 * before; lib/core/foreign.c catches the reverse case at MPI_Init.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "launcher/foreign.h"
#include "launcher/program.h"

/* The library names (prefixes of the soname) of the others. */
static const struct {
	const char *prefix, *mpi;
} others[] = {
	{ "libmpi.so.", "Open MPI" },   /* 40: Open MPI 3-5; MPICH calls its libmpi.so.12 */
	{ "libmpi_mpifh.so", "Open MPI" },
	{ "libmpi_usempif08.so", "Open MPI" },
	{ "libopen-pal.so", "Open MPI" },
	{ "libmpich.so", "MPICH" },
	{ "libmpichfort.so", "MPICH" },
	{ "libmpifort.so", "MPICH" },
	{ "libmpicxx.so", "MPICH" },
};

/* Call fn on each DT_NEEDED name of the 64-bit ELF image m; every offset
 * is checked against len before it is read. */
static void each_needed(const unsigned char *m, size_t len,
			void (*fn)(const char *name, void *arg), void *arg)
{
	if (len < sizeof(Elf64_Ehdr) || memcmp(m, ELFMAG, SELFMAG) != 0 ||
	    m[EI_CLASS] != ELFCLASS64)
		return;
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)m;
	if (eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shoff > len ||
	    (len - eh->e_shoff) / sizeof(Elf64_Shdr) < eh->e_shnum)
		return;
	const Elf64_Shdr *sh = (const Elf64_Shdr *)(m + eh->e_shoff);
	for (unsigned i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type != SHT_DYNAMIC || sh[i].sh_link >= eh->e_shnum)
			continue;
		const Elf64_Shdr *str = &sh[sh[i].sh_link];
		if (sh[i].sh_offset > len || sh[i].sh_size > len - sh[i].sh_offset ||
		    str->sh_offset > len || str->sh_size > len - str->sh_offset)
			return;
		const Elf64_Dyn *d = (const Elf64_Dyn *)(m + sh[i].sh_offset);
		size_t n = sh[i].sh_size / sizeof(Elf64_Dyn);
		for (size_t k = 0; k < n && d[k].d_tag != DT_NULL; k++) {
			if (d[k].d_tag != DT_NEEDED || d[k].d_un.d_val >= str->sh_size)
				continue;
			const char *s = (const char *)m + str->sh_offset + d[k].d_un.d_val;
			if (memchr(s, '\0', str->sh_size - d[k].d_un.d_val))
				fn(s, arg);
		}
		return;
	}
}

struct verdict {
	bool shmpi;
	char other[128];
};

static void judge(const char *name, void *arg)
{
	struct verdict *v = arg;
	if (strncmp(name, "libshmpi", 8) == 0) {
		v->shmpi = true;
		return;
	}
	for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		if (!v->other[0] && strncmp(name, others[i].prefix, strlen(others[i].prefix)) == 0)
			snprintf(v->other, sizeof(v->other), "%s (%s)", others[i].mpi, name);
}

int lnch_foreign_mpi(const char *prog, const char *wdir, char *what, size_t len)
{
	char path[PATH_MAX];
	struct stat st;
	struct verdict v = { false, "" };

	if (lnch_program_path(prog, wdir, path, sizeof(path)) < 0)
		return 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (m != MAP_FAILED) {
			each_needed(m, (size_t)st.st_size, judge, &v);
			munmap(m, (size_t)st.st_size);
		}
	}
	close(fd);
	if (v.shmpi || !v.other[0])
		return 0;
	snprintf(what, len, "%s", v.other);
	return 1;
}
