/*
 * shm/config.h - the configuration table: every SHMPI_* environment
 * variable, named once, and the one parser that reads them.
 *
 * Why here: lib/ and the launcher both read SHMPI_* variables and both link
 * libshm, while shm/ is below both in the layering (include/ -> lib/ ->
 * shm/, launcher -> shm/).  A table of names, types and ranges and a number
 * parser are not MPI, so they fit shm/'s rule; the table's descriptions
 * mention MPI concepts as text only.  The module has no mutable state: a
 * lookup reads the environment each time, and each owner reads its
 * variables once (at MPI_Init, at the first collective, or before the
 * launcher creates the segment) and keeps the values.  The tools interface
 * (lib/tools) changes a variable before MPI_Init by setting the environment,
 * and the few SHM_CONFIG_LIVE ones after it through their owners' state.
 *
 * The table (shm/config_table.c) is the reference: docs/config.md's table
 * is generated from it (make check compares them), `mpirun-shm
 * --help-config` prints it with the values the environment sets, and the
 * MPI tools interface will expose it as control variables.
 */
#ifndef SHM_CONFIG_H
#define SHM_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum shm_config_type {
	SHM_CONFIG_SIZE,      /* bytes; suffix k, m, g (x1024 each), optional B/iB */
	SHM_CONFIG_INT,       /* a plain integer (decimal or 0x hex) */
	SHM_CONFIG_BOOL,      /* 1/0, on/off, yes/no, true/false */
	SHM_CONFIG_ENUM,      /* one of choices[], case-insensitive; value = index */
	SHM_CONFIG_DURATION,  /* a time in the variable's unit; suffix ns, us, ms, s */
	SHM_CONFIG_STRING,    /* any text (a path, a program); not parsed */
};

/* flags */
#define SHM_CONFIG_AUTO     0x01u  /* "auto" is accepted and reads as -1 */
#define SHM_CONFIG_POW2     0x02u  /* the value must be a power of two */
#define SHM_CONFIG_INTERNAL 0x04u  /* set by the launcher for the ranks, not by users */
#define SHM_CONFIG_TESTING  0x08u  /* a testing aid, or read by tests/ only */
#define SHM_CONFIG_PERF     0x10u  /* read by perf/ tools only */
#define SHM_CONFIG_SCRIPT   0x20u  /* read by a shell or Python script, not by C code */
#define SHM_CONFIG_LIVE     0x40u  /* the owner reads the value in force at each use, so the
					* tools interface may change it after MPI_Init */

/* How the MPI tools interface (lib/tools, docs/mpit.md) shows a variable as
 * a control variable: who may set it and when.  shm/ knows no MPI, so these
 * are its own names; lib/tools maps them to MPI_T_SCOPE_*.  Variables the
 * library reads once (at MPI_Init or the first collective) may be written
 * through MPI_T before MPI_Init only; SHM_CONFIG_LIVE ones at any time. */
enum shm_config_scope {
	SHM_CONFIG_SCOPE_READONLY = 0, /* read by another program (launcher, scripts): a rank
					* cannot change what it does */
	SHM_CONFIG_SCOPE_CONSTANT,     /* fixed for the life of the process (set by the launcher) */
	SHM_CONFIG_SCOPE_LOCAL,        /* each process may set its own */
	SHM_CONFIG_SCOPE_ALL_EQ,       /* every process of the job must set the same value */
};

/* Who the variable is for and how much detail it is (MPI_T_VERBOSITY_*):
 * audience user, tuner or library developer, times basic, detail, all. */
enum shm_config_verbosity {
	SHM_CONFIG_USER_BASIC = 0, SHM_CONFIG_USER_DETAIL, SHM_CONFIG_USER_ALL,
	SHM_CONFIG_TUNER_BASIC, SHM_CONFIG_TUNER_DETAIL, SHM_CONFIG_TUNER_ALL,
	SHM_CONFIG_DEV_BASIC, SHM_CONFIG_DEV_DETAIL, SHM_CONFIG_DEV_ALL,
};

struct shm_config_var {
	const char *name;
	enum shm_config_type type;
	const char *dflt;      /* default as written in docs; NULL: unset */
	const char *unit;      /* "bytes", "us", "polls", "MiB", ... or "" */
	int64_t min, max;      /* accepted range (numeric types) */
	int64_t multiple;      /* the value must be a multiple of this (0: any) */
	unsigned flags;
	const char *const *choices;  /* SHM_CONFIG_ENUM: NULL-ended */
	const char *owner;     /* the folder that reads it: "lib/p2p", "launcher", ... */
	const char *desc;      /* one line */
	enum shm_config_scope scope;          /* as a control variable (MPI_T) */
	enum shm_config_verbosity verbosity;  /* as a control variable (MPI_T) */
};

extern const struct shm_config_var shm_config_table[];
extern const size_t shm_config_count;

/* The table row of `name`, or NULL when the table has no such variable. */
const struct shm_config_var *shm_config_find(const char *name);

/* Parse `s` as a value of v into *out (enum: the choice's index; bool: 0 or
 * 1; duration: in v->unit).  Returns 0, or -EINVAL with a one-line reason
 * naming the variable, the value and what is accepted in err (no newline).
 * Not for SHM_CONFIG_STRING.  Pure: thread-safe. */
int shm_config_parse(const struct shm_config_var *v, const char *s, int64_t *out,
		     char *err, size_t errlen) __attribute__((warn_unused_result));

/* The value the environment sets for `name` (a numeric, bool or enum
 * variable of the table): the parsed value when it is set and valid, the
 * default when unset or empty, and the default after a one-line warning on
 * stderr when it is malformed or out of range.  A name missing from the
 * table is a programming error: it aborts.  Thread-safe as getenv is. */
int64_t shm_config_get(const char *name);

/* The text the environment holds for `name` (any type), NULL when unset or
 * empty: for callers that parse with shm_config_parse() and fail on a bad
 * value instead of warning (the launcher's segment settings).  Aborts on a
 * name not in the table. */
const char *shm_config_env(const char *name);

/* SHM_CONFIG_STRING variables: the environment's value, else the default
 * (NULL when the default is unset).  Aborts on a name not in the table. */
const char *shm_config_get_string(const char *name);

/* What v accepts, as one phrase ("a size in bytes, 0 or more, with an
 * optional suffix k, m or g"), into buf.  Returns buf. */
const char *shm_config_accepted(const struct shm_config_var *v, char *buf, size_t len);

/* Where the value in force comes from. */
enum shm_config_source {
	SHM_CONFIG_FROM_DEFAULT,      /* unset or empty: the default */
	SHM_CONFIG_FROM_ENV,          /* the environment's value */
	SHM_CONFIG_FROM_INVALID_ENV,  /* set but not accepted: the default */
};
/* The value v takes in this environment as the user would read it back
 * ("16384 bytes", "auto", "on", a string) into val, and where it comes
 * from; *env is the environment's text, NULL when unset.  Prints nothing
 * (shm_config_get warns).  Thread-safe as getenv is. */
enum shm_config_source shm_config_value(const struct shm_config_var *v, char *val, size_t len,
					const char **env);
/* Print the table with the values the environment sets, three lines per
 * variable, to f (mpirun-shm --help-config, shmpi_info). */
void shm_config_print(FILE *f);

/* Print the table as the markdown rows docs/config.md carries. */
void shm_config_print_markdown(FILE *f);

#endif
