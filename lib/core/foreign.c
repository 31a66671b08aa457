/*
 * lib/core/foreign.c - a program built with shmpi but started by another
 * MPI's launcher.
 *
 * `mpirun.openmpi -n 4 ./prog`, `mpiexec.mpich -n 4 ./prog` or `srun -n 4
 * ./prog` start four processes that each find no shmpi segment and would
 * each run as a job of one rank, silently, and exit 0: users lost hours to
 * it.  Joining such a job would need the other launcher's process manager
 * (PMIx, PMI-1/2 over a socket), which a node-local MPI has no use for, so
 * shmpi chooses to stop instead: MPI_Init of a process without a shmpi
 * segment that sees another launcher's job of more than one process prints
 * one line (from that job's rank 0 only) naming the launcher and the
 * command to use, and every such process exits with status 1, which the
 * foreign launcher reports as a failed job.  SHMPI_ALLOW_FOREIGN=1 keeps
 * the old behaviour (independent singletons, for task farms).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/core/core.h"
#include "shm/config.h"

/* A launcher we know by the variables it gives its processes. */
struct foreign {
	const char *name;     /* for the message */
	const char *size;     /* the job's size */
	const char *rank;     /* the process's rank in it */
	const char *guard;    /* must also be set (NULL: nothing more) */
	const char *command;  /* how that MPI's own launcher is started */
};

static const struct foreign launchers[] = {
	{ "Open MPI's mpirun", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK", NULL,
	  "mpirun.openmpi" },
	/* Slurm's job steps (srun), not the batch script itself, which has
	 * SLURM_NTASKS of the allocation but no step size. */
	{ "Slurm's srun", "SLURM_STEP_NUM_TASKS", "SLURM_PROCID", "SLURM_STEP_ID", "srun" },
	{ "MPICH's mpiexec (hydra)", "PMI_SIZE", "PMI_RANK", NULL, "mpiexec.mpich" },
	{ "a PMIx launcher", "PMIX_SIZE", "PMIX_RANK", NULL, "that launcher" },
};

static long env_long(const char *name)
{
	const char *s = name ? getenv(name) : NULL;
	char *end;
	if (!s || !*s)
		return -1;
	long v = strtol(s, &end, 10);
	return *end ? -1 : v;
}

/* Our own launcher beside this library (PREFIX/lib/../bin), for the
 * message; "mpiexec" when it cannot be found. */
static void own_launcher(char *buf, size_t len)
{
	Dl_info info;
	snprintf(buf, len, "mpiexec");
	if (!dladdr((void *)own_launcher, &info) || !info.dli_fname)
		return;
	char dir[PATH_MAX];
	snprintf(dir, sizeof(dir), "%s", info.dli_fname);
	char *slash = strrchr(dir, '/');
	if (!slash)
		return;
	*slash = '\0';
	char path[PATH_MAX + 32];
	snprintf(path, sizeof(path), "%s/../bin/mpiexec", dir);
	char *real = realpath(path, NULL);
	if (real) {
		snprintf(buf, len, "%s", real);
		free(real);
	}
}

void mpii_foreign_launcher_check(void)
{
	if (shm_config_get("SHMPI_ALLOW_FOREIGN"))
		return;
	for (size_t i = 0; i < sizeof(launchers) / sizeof(launchers[0]); i++) {
		const struct foreign *f = &launchers[i];
		long size = env_long(f->size), rank = env_long(f->rank);
		if (size <= 1 || (f->guard && !getenv(f->guard)))
			continue;
		if (rank <= 0) {
			char ours[PATH_MAX + 64];
			own_launcher(ours, sizeof(ours));
			fprintf(stderr, "shmpi: this program was started by %s as one of %ld "
					"processes (%s=%ld), but it is built with shmpi, which "
					"cannot join that job (each process would run alone); start "
					"it with shmpi's launcher, `%s -n %ld %s`, or rebuild it "
					"with the other MPI's compiler and use %s "
					"(SHMPI_ALLOW_FOREIGN=1 runs independent singletons)\n",
				f->name, size, f->size, size, ours, size,
				program_invocation_name ? program_invocation_name : "PROGRAM",
				f->command);
		}
		exit(1);
	}
}
