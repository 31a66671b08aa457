/*
 * launcher/options.h - what the user asked of mpirun-shm.
 *
 * The command line and the SHMPI_* segment settings are parsed here by pure
 * functions (no printing, no exiting, no global state) so that the unit
 * tests can drive them with argument vectors and strings.
 */
#ifndef LNCH_OPTIONS_H
#define LNCH_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct shm_seg_config;

enum lnch_bind {
	LNCH_BIND_DEFAULT = 0,  /* core when N <= cores, else none */
	LNCH_BIND_CORE,
	LNCH_BIND_NONE,
	LNCH_BIND_SOCKET,       /* the package of the rank's first core */
	LNCH_BIND_NUMA,         /* the NUMA node of the rank's first core */
	LNCH_BIND_HWTHREAD,     /* one hardware thread (PU) of the rank's core */
};

/* --map-by: the domains ranks are dealt round-robin to (core: in order). */
enum lnch_map {
	LNCH_MAP_CORE = 0,
	LNCH_MAP_SOCKET,
	LNCH_MAP_NUMA,
	LNCH_MAP_L3,
};

/* One program of an MPMD command line (`-n 1 a : -n 2 b`); a plain command
 * line has one.  Its ranks follow those of the programs before it. */
struct lnch_app {
	uint32_t nranks;           /* -n / -np / -c; 0 when not given (1) */
	const char **env;          /* -x, -env: "VAR" or "VAR=VAL" */
	size_t nenv;
	const char *wdir;          /* -wdir / --wd, NULL: the launcher's */
	char **argv;               /* the program and its arguments, NULL-ended */
};

enum lnch_action {
	LNCH_RUN = 0,
	LNCH_HELP,
	LNCH_VERSION,
	LNCH_HELP_CONFIG,  /* --help-config: print the SHMPI_* table (shm/config.h) */
};

struct lnch_options {
	enum lnch_action action;
	uint32_t nranks;           /* all programs together */
	enum lnch_bind bind;
	enum lnch_map map;
	uint32_t pe;               /* --map-by X:PE=n, cores per rank (1) */
	const char *output_dir;    /* --output-filename DIR */
	bool output_copy;          /* also to our stdout/stderr (no :nocopy) */
	const char **hosts;        /* -H / --host lists, as written */
	size_t nhosts;
	const char *hostfile;      /* --hostfile / -f */
	bool report_bindings;
	bool display_map;          /* --display-map: the plan, before the start */
	bool tag_output;           /* tag each line: "[rank] " (-l) ... */
	bool tag_ompi;             /* ... or "[1,rank]<stdout>:" (--tag-output) */
	bool timestamp;            /* --timestamp-output */
	bool merge_stderr;         /* --merge-stderr-to-stdout */
	const char *outfile_pattern;  /* -outfile-pattern: %r rank, %h host, %% */
	const char *errfile_pattern;  /* -errfile-pattern */
	bool hwthread_cpus;        /* --use-hwthread-cpus: PUs are the slots */
	uint32_t ppn;              /* -ppn, --npernode, -N: ranks on this node */
	uint32_t universe;         /* --universe-size: MPI_UNIVERSE_SIZE (0: the
				    * CPUs, at least N; launcher/dynamic.c) */
	uint32_t ppr;              /* --map-by ppr:N:core|socket: N per ... */
	enum lnch_map ppr_map;     /* ... core (LNCH_MAP_CORE) or socket */
	const char *rankfile;      /* --rankfile FILE */
	const char **mca;          /* --mca KEY VALUE pairs as "KEY=VALUE"
				    * (launcher/mca.c applies them) */
	size_t nmca;
	bool oversubscribe;        /* accepted for compatibility; no effect */
	bool keep_going;           /* -disable-auto-cleanup, --enable-recovery:
				    * a failed rank does not end the job */
	int rank_sessions;         /* --rank-sessions=yes|no: 1 / 0; -1 auto
				    * (launcher/spawn.c) */
	double timeout_s;          /* 0: no timeout */
	const char *timeout_arg;   /* as the user wrote it, for the message */
	double deadlock_s;         /* --deadlock-timeout; 0: no deadlock watch */
	const char *deadlock_arg;  /* as the user wrote it, for the message */
	const char *profile;       /* NULL, "1" (--profile) or the FILE */
	const char **env;          /* -genv for every program: "VAR=VALUE" */
	size_t nenv;
	struct lnch_app *apps;     /* napps programs, in rank order */
	size_t napps;
	char **prog_argv;          /* apps[0].argv */
	char **owned;              /* strings made by the parser (-env A B) */
	size_t nowned;
};

/* Parse argv[1..argc-1] into *o.  A lone ":" ends one program and its
 * arguments and starts the next (MPMD).  Strings in *o point into argv or
 * are owned by *o; the lists are allocated (release with
 * lnch_options_free).  Returns 0, or -EINVAL with a
 * one-line reason (no program name, no newline) in err, or -ENOMEM. */
int lnch_options_parse(int argc, char **argv, struct lnch_options *o,
		       char *err, size_t errlen) __attribute__((warn_unused_result));

void lnch_options_free(struct lnch_options *o);

/* MPIEXEC_TIMEOUT (seconds), honoured when --timeout was not given; NULL or
 * "" = not set.  Returns 0, or -EINVAL with a reason in err. */
int lnch_options_env_timeout(struct lnch_options *o, const char *val,
			     char *err, size_t errlen) __attribute__((warn_unused_result));

/* Segment geometry for n ranks: the defaults of shm_seg_default_config()
 * overridden by the values of SHMPI_RING_CELLS, SHMPI_CELL_SIZE and
 * SHMPI_ARENA_MB (NULL or "" = not set), passed in so that callers read the
 * environment once.  Returns 0, or -EINVAL with a reason in err. */
int lnch_seg_config(uint32_t n, const char *ring_cells, const char *cell_size,
		    const char *arena_mb, struct shm_seg_config *cfg,
		    char *err, size_t errlen) __attribute__((warn_unused_result));

#endif
