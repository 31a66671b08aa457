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
};

enum lnch_action {
	LNCH_RUN = 0,
	LNCH_HELP,
	LNCH_VERSION,
	LNCH_HELP_CONFIG,  /* --help-config: print the SHMPI_* table (shm/config.h) */
};

struct lnch_options {
	enum lnch_action action;
	uint32_t nranks;           /* -n / -np, default 1 */
	enum lnch_bind bind;
	bool report_bindings;
	bool tag_output;
	bool oversubscribe;        /* accepted for compatibility; no effect */
	double timeout_s;          /* 0: no timeout */
	const char *timeout_arg;   /* as the user wrote it, for the message */
	const char *profile;       /* NULL, "1" (--profile) or the FILE */
	const char **env;          /* -x arguments: "VAR" or "VAR=VAL" */
	size_t nenv;
	char **prog_argv;          /* the program and its arguments, NULL-ended */
};

/* Parse argv[1..argc-1] into *o.  Strings in *o point into argv; o->env is
 * allocated (release with lnch_options_free).  Returns 0, or -EINVAL with a
 * one-line reason (no program name, no newline) in err, or -ENOMEM. */
int lnch_options_parse(int argc, char **argv, struct lnch_options *o,
		       char *err, size_t errlen) __attribute__((warn_unused_result));

void lnch_options_free(struct lnch_options *o);

/* Segment geometry for n ranks: the defaults of shm_seg_default_config()
 * overridden by the values of SHMPI_RING_CELLS, SHMPI_CELL_SIZE and
 * SHMPI_ARENA_MB (NULL or "" = not set), passed in so that callers read the
 * environment once.  Returns 0, or -EINVAL with a reason in err. */
int lnch_seg_config(uint32_t n, const char *ring_cells, const char *cell_size,
		    const char *arena_mb, struct shm_seg_config *cfg,
		    char *err, size_t errlen) __attribute__((warn_unused_result));

#endif
