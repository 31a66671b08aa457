/*
 * launcher/options.c - parse the command line and the segment settings.
 *
 * Options come first; the first argument that is not an option (or the one
 * after "--") is the program, and everything after it up to a lone ":"
 * belongs to the program, so `mpirun-shm -n 2 prog -n 5` passes "-n 5" to
 * prog.  After ":" the next program's options and words follow (MPMD).  Every
 * error is reported as a value with a one-line reason; main.c prints it
 * and exits 2.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "launcher/options.h"
#include "shm/config.h"
#include "shm/segment.h"

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (errlen)
		vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* Does argv[*i] name option `name`?  Accepts "name VALUE" and, for options
 * spelled with "--", "name=VALUE".  On a match *val is the value (NULL when
 * it is missing) and *i is advanced past a separate value. */
static bool match_value(int argc, char **argv, int *i, const char *name,
			const char **val)
{
	const char *a = argv[*i];
	size_t len = strlen(name);

	if (strncmp(a, name, len) != 0)
		return false;
	if (a[len] == '=' && name[1] == '-') {
		*val = a + len + 1;
		return true;
	}
	if (a[len] != '\0')
		return false;
	*val = *i + 1 < argc ? argv[++*i] : NULL;
	return true;
}

static int parse_u32(const char *s, uint32_t min, uint32_t max, uint32_t *out)
{
	char *end;
	unsigned long long v;

	if (!s || !*s || *s == '-' || *s == '+')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -EINVAL;
	*out = (uint32_t)v;
	return 0;
}

static bool valid_env_name(const char *s, size_t len)
{
	if (len == 0 || (s[0] >= '0' && s[0] <= '9'))
		return false;
	for (size_t k = 0; k < len; k++) {
		char c = s[k];
		if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9')))
			return false;
	}
	return true;
}

/* The seconds of --timeout, --deadlock-timeout or MPIEXEC_TIMEOUT; -EINVAL when not a number
 * in (0, 1e9] (the upper bound keeps the timespec conversion exact). */
static int parse_seconds(const char *val, double *out)
{
	char *end;

	errno = 0;
	double t = strtod(val, &end);
	if (errno || end == val || *end || !isfinite(t) || t <= 0 || t > 1e9)
		return -EINVAL;
	*out = t;
	return 0;
}

/* --map-by core|socket|numa|l3cache[:PE=n] (Open MPI's spelling; slot and
 * package are accepted for core and socket). */
static int parse_map(const char *val, struct lnch_options *o)
{
	if (strncasecmp(val, "ppr:", 4) == 0) {
		/* Open MPI's processes per resource: ppr:N:core|socket. */
		char *end;
		unsigned long n = strtoul(val + 4, &end, 10);
		if (end == val + 4 || *end != ':' || n == 0 || n > SHM_MAX_MEMBERS)
			return -EINVAL;
		if (strcasecmp(end + 1, "core") == 0)
			o->ppr_map = LNCH_MAP_CORE;
		else if (strcasecmp(end + 1, "socket") == 0 || strcasecmp(end + 1, "package") == 0)
			o->ppr_map = LNCH_MAP_SOCKET;
		else
			return -EINVAL;
		o->ppr = (uint32_t)n;
		o->map = o->ppr_map;
		return 0;
	}
	const char *colon = strchr(val, ':');
	size_t len = colon ? (size_t)(colon - val) : strlen(val);
	static const struct { const char *name; enum lnch_map map; } names[] = {
		{ "core", LNCH_MAP_CORE }, { "slot", LNCH_MAP_CORE },
		{ "socket", LNCH_MAP_SOCKET }, { "package", LNCH_MAP_SOCKET },
		{ "numa", LNCH_MAP_NUMA }, { "l3cache", LNCH_MAP_L3 },
	};
	size_t k;

	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (strlen(names[k].name) == len && strncasecmp(val, names[k].name, len) == 0)
			break;
	if (k == sizeof(names) / sizeof(names[0]))
		return -EINVAL;
	o->map = names[k].map;
	o->pe = 1;
	if (colon) {
		if (strncasecmp(colon + 1, "PE=", 3) != 0 ||
		    parse_u32(colon + 4, 1, 1u << 16, &o->pe) < 0)
			return -EINVAL;
	}
	return 0;
}

/* Remember a string the parser made, so that lnch_options_free frees it. */
static const char *own(struct lnch_options *o, char *str)
{
	if (str)
		o->owned[o->nowned++] = str;
	return str;
}

int lnch_options_parse(int argc, char **argv, struct lnch_options *o,
		       char *err, size_t errlen)
{
	const char *val;
	struct lnch_app *app;
	int i = 1;

	memset(o, 0, sizeof(*o));
	o->pe = 1;
	o->rank_sessions = -1;
	o->output_copy = true;
	/* Each list gains at most one entry per argument: argc bounds them. */
	size_t cap = (size_t)(argc > 0 ? argc : 1);
	o->env = calloc(cap, sizeof(*o->env));
	o->hosts = calloc(cap, sizeof(*o->hosts));
	o->owned = calloc(cap, sizeof(*o->owned));
	o->apps = calloc(cap, sizeof(*o->apps));
	o->mca = calloc(cap, sizeof(*o->mca));
	if (!o->env || !o->hosts || !o->owned || !o->apps || !o->mca)
		return -ENOMEM;

next_app:
	app = &o->apps[o->napps++];
	app->env = calloc(cap, sizeof(*app->env));
	if (!app->env)
		return -ENOMEM;
	for (; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--") == 0) {
			i++;
			break;
		}
		if (a[0] != '-' || a[1] == '\0')
			break;  /* the program ("-" alone is a file name) */

		if (match_value(argc, argv, &i, "-n", &val) ||
		    match_value(argc, argv, &i, "-np", &val) ||
		    match_value(argc, argv, &i, "--np", &val) ||
		    match_value(argc, argv, &i, "-c", &val)) {
			if (!val)
				goto missing;
			if (parse_u32(val, 1, SHM_MAX_MEMBERS, &app->nranks) < 0)
				return fail(err, errlen,
					    "invalid number of ranks '%s' (1 to %d)",
					    val, SHM_MAX_MEMBERS);
		} else if (match_value(argc, argv, &i, "--bind-to", &val) ||
			   match_value(argc, argv, &i, "-bind-to", &val)) {
			if (!val)
				goto missing;
			if (strcmp(val, "core") == 0)
				o->bind = LNCH_BIND_CORE;
			else if (strcmp(val, "none") == 0)
				o->bind = LNCH_BIND_NONE;
			else if (strcmp(val, "socket") == 0 || strcmp(val, "package") == 0)
				o->bind = LNCH_BIND_SOCKET;
			else if (strcmp(val, "numa") == 0)
				o->bind = LNCH_BIND_NUMA;
			else if (strcmp(val, "hwthread") == 0)
				o->bind = LNCH_BIND_HWTHREAD;
			else
				return fail(err, errlen,
					    "invalid --bind-to '%s' (core, hwthread, socket, numa or none)",
					    val);
		} else if (match_value(argc, argv, &i, "--map-by", &val) ||
			   match_value(argc, argv, &i, "-map-by", &val)) {
			if (!val)
				goto missing;
			if (parse_map(val, o) < 0)
				return fail(err, errlen, "invalid --map-by '%s' "
					    "(core, socket, numa or l3cache, optionally :PE=n; "
					    "or ppr:N:core|socket)", val);
		} else if (match_value(argc, argv, &i, "--timeout", &val)) {
			if (!val)
				goto missing;
			if (parse_seconds(val, &o->timeout_s) < 0)
				return fail(err, errlen,
					    "invalid --timeout '%s' (seconds > 0)", val);
			o->timeout_arg = val;
		} else if (match_value(argc, argv, &i, "--deadlock-timeout", &val)) {
			if (!val)
				goto missing;
			if (parse_seconds(val, &o->deadlock_s) < 0)
				return fail(err, errlen,
					    "invalid --deadlock-timeout '%s' (seconds > 0)", val);
			o->deadlock_arg = val;
		} else if (match_value(argc, argv, &i, "-x", &val)) {
			if (!val)
				goto missing;
			const char *eq = strchr(val, '=');
			size_t len = eq ? (size_t)(eq - val) : strlen(val);
			if (!valid_env_name(val, len))
				return fail(err, errlen,
					    "invalid -x '%s' (VAR or VAR=VALUE)", val);
			app->env[app->nenv++] = val;
		} else if (strcmp(a, "-env") == 0 || strcmp(a, "-genv") == 0 ||
			   strcmp(a, "--genv") == 0) {
			/* MPICH: -env VAR VALUE (this program), -genv VAR VALUE
			 * (all); VAR=VALUE in one word is taken too. */
			const char *name = i + 1 < argc ? argv[++i] : NULL, *def;
			if (!name)
				goto missing;
			const char *eq = strchr(name, '=');
			if (eq) {
				def = name;
			} else {
				if (i + 1 >= argc)
					goto missing;
				char *s;
				if (asprintf(&s, "%s=%s", name, argv[++i]) < 0)
					return -ENOMEM;
				def = own(o, s);
			}
			if (!valid_env_name(def, (size_t)(strchr(def, '=') - def)))
				return fail(err, errlen, "invalid %s '%s' (VAR VALUE)", a, name);
			if (a[1] == 'e')
				app->env[app->nenv++] = def;
			else
				o->env[o->nenv++] = def;
		} else if (match_value(argc, argv, &i, "-wdir", &val) ||
			   match_value(argc, argv, &i, "--wdir", &val) ||
			   match_value(argc, argv, &i, "--wd", &val) ||
			   match_value(argc, argv, &i, "-wd", &val)) {
			if (!val || !*val)
				goto missing;
			app->wdir = val;
		} else if (match_value(argc, argv, &i, "-H", &val) ||
			   match_value(argc, argv, &i, "--host", &val) ||
			   match_value(argc, argv, &i, "-host", &val) ||
			   match_value(argc, argv, &i, "-hosts", &val)) {
			if (!val || !*val)
				goto missing;
			o->hosts[o->nhosts++] = val;
		} else if (match_value(argc, argv, &i, "--hostfile", &val) ||
			   match_value(argc, argv, &i, "-hostfile", &val) ||
			   match_value(argc, argv, &i, "--machinefile", &val) ||
			   match_value(argc, argv, &i, "-machinefile", &val) ||
			   match_value(argc, argv, &i, "-f", &val)) {
			if (!val || !*val)
				goto missing;
			o->hostfile = val;
		} else if (match_value(argc, argv, &i, "--output-filename", &val) ||
			   match_value(argc, argv, &i, "-output-filename", &val)) {
			if (!val || !*val)
				goto missing;
			const char *q = strrchr(val, ':');
			o->output_dir = val;
			if (q && strcmp(q, ":nocopy") == 0) {
				o->output_copy = false;
				o->output_dir = own(o, strndup(val, (size_t)(q - val)));
				if (!o->output_dir)
					return -ENOMEM;
			}
		} else if (match_value(argc, argv, &i, "--mca", &val) ||
			   match_value(argc, argv, &i, "-mca", &val) ||
			   match_value(argc, argv, &i, "--gmca", &val) ||
			   match_value(argc, argv, &i, "-gmca", &val)) {
			/* Open MPI: --mca KEY VALUE */
			if (!val || i + 1 >= argc)
				goto missing;
			char *kv;
			if (asprintf(&kv, "%s=%s", val, argv[++i]) < 0)
				return -ENOMEM;
			o->mca[o->nmca++] = own(o, kv);
		} else if (match_value(argc, argv, &i, "-ppn", &val) ||
			   match_value(argc, argv, &i, "--ppn", &val) ||
			   match_value(argc, argv, &i, "--npernode", &val) ||
			   match_value(argc, argv, &i, "-npernode", &val) ||
			   match_value(argc, argv, &i, "-N", &val)) {
			/* MPICH's and Open MPI's ranks per node: one node here */
			if (!val)
				goto missing;
			if (parse_u32(val, 1, SHM_MAX_MEMBERS, &o->ppn) < 0)
				return fail(err, errlen, "invalid %s '%s' (1 to %d)", a, val,
					    SHM_MAX_MEMBERS);
		} else if (match_value(argc, argv, &i, "--universe-size", &val) ||
			   match_value(argc, argv, &i, "-universe-size", &val) ||
			   match_value(argc, argv, &i, "-usize", &val)) {
			/* MPI_UNIVERSE_SIZE (docs/dynamic.md); MPICH's -usize */
			if (!val)
				goto missing;
			if (parse_u32(val, 1, SHM_MAX_MEMBERS, &o->universe) < 0)
				return fail(err, errlen, "invalid %s '%s' (1 to %d)", a, val,
					    SHM_MAX_MEMBERS);
		} else if (strcmp(a, "-l") == 0 || strcmp(a, "-prepend-rank") == 0 ||
			   strcmp(a, "--prepend-rank") == 0) {
			/* MPICH: "[rank] " before each line */
			o->tag_output = true;
		} else if (strcmp(a, "--timestamp-output") == 0 ||
			   strcmp(a, "-timestamp-output") == 0) {
			o->timestamp = true;
		} else if (strcmp(a, "--merge-stderr-to-stdout") == 0 ||
			   strcmp(a, "-merge-stderr-to-stdout") == 0) {
			o->merge_stderr = true;
		} else if (strcmp(a, "--use-hwthread-cpus") == 0 ||
			   strcmp(a, "-use-hwthread-cpus") == 0) {
			o->hwthread_cpus = true;
		} else if (strcmp(a, "--display-map") == 0 || strcmp(a, "-display-map") == 0) {
			o->display_map = true;
		} else if (match_value(argc, argv, &i, "--rankfile", &val) ||
			   match_value(argc, argv, &i, "-rankfile", &val) ||
			   match_value(argc, argv, &i, "-rf", &val)) {
			if (!val || !*val)
				goto missing;
			o->rankfile = val;
		} else if (match_value(argc, argv, &i, "-outfile-pattern", &val) ||
			   match_value(argc, argv, &i, "--outfile-pattern", &val)) {
			if (!val || !*val)
				goto missing;
			o->outfile_pattern = val;
		} else if (match_value(argc, argv, &i, "-errfile-pattern", &val) ||
			   match_value(argc, argv, &i, "--errfile-pattern", &val)) {
			if (!val || !*val)
				goto missing;
			o->errfile_pattern = val;
		} else if (match_value(argc, argv, &i, "-launcher", &val) ||
			   match_value(argc, argv, &i, "--launcher", &val) ||
			   match_value(argc, argv, &i, "-bootstrap", &val)) {
			/* MPICH hydra's ssh/rsh/fork/slurm/...: on one node the
			 * ranks are always forked */
			if (!val)
				goto missing;
		} else if (strcmp(a, "--profile") == 0) {
			o->profile = "1";
		} else if (strncmp(a, "--profile=", 10) == 0) {
			if (a[10] == '\0')
				return fail(err, errlen, "--profile= needs a file name");
			o->profile = a + 10;
		} else if (strcmp(a, "--report-bindings") == 0 ||
			   strcmp(a, "-report-bindings") == 0) {
			o->report_bindings = true;
		} else if (strcmp(a, "--tag-output") == 0 || strcmp(a, "-tag-output") == 0) {
			/* Open MPI's spelling, Open MPI's "[1,rank]<stdout>:" */
			o->tag_output = o->tag_ompi = true;
		} else if (strcmp(a, "--oversubscribe") == 0) {
			o->oversubscribe = true;
		} else if (strcmp(a, "-disable-auto-cleanup") == 0 ||
			   strcmp(a, "--disable-auto-cleanup") == 0 ||
			   strcmp(a, "--enable-recovery") == 0) {
			/* MPICH hydra's and Open MPI's spellings */
			o->keep_going = true;
		} else if (strncmp(a, "--rank-sessions=", 16) == 0) {
			if (strcmp(a + 16, "yes") == 0)
				o->rank_sessions = 1;
			else if (strcmp(a + 16, "no") == 0)
				o->rank_sessions = 0;
			else if (strcmp(a + 16, "auto") == 0)
				o->rank_sessions = -1;
			else
				return fail(err, errlen, "--rank-sessions takes yes, no or auto, not '%s'",
					    a + 16);
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			o->action = LNCH_HELP;
			return 0;
		} else if (strcmp(a, "--help-config") == 0) {
			o->action = LNCH_HELP_CONFIG;
			return 0;
		} else if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
			o->action = LNCH_VERSION;
			return 0;
		} else {
			return fail(err, errlen, "unknown option '%s'", a);
		}
		continue;
missing:
		return fail(err, errlen, "option '%s' needs a value", a);
	}

	if (i >= argc || strcmp(argv[i], ":") == 0)
		return fail(err, errlen, o->napps > 1 ? "no program after ':'"
						      : "no program given");
	int end = i;
	while (end < argc && strcmp(argv[end], ":") != 0)
		end++;
	app->argv = calloc((size_t)(end - i + 1), sizeof(*app->argv));
	if (!app->argv)
		return -ENOMEM;
	memcpy(app->argv, argv + i, (size_t)(end - i) * sizeof(*app->argv));
	/* Without -n a program gets one rank (main.c may give a lone program
	 * the slots of its host list or its ppr: instead), or -ppn's count. */
	if (o->ppn && app->nranks > o->ppn)
		return fail(err, errlen, "%u ranks at %u per node need %u nodes; shmpi runs on "
			    "one node", app->nranks, o->ppn, (app->nranks + o->ppn - 1) / o->ppn);
	if (o->ppn && !app->nranks)
		app->nranks = o->ppn;
	uint32_t n = app->nranks ? app->nranks : 1;
	if ((uint64_t)o->nranks + n > SHM_MAX_MEMBERS)
		return fail(err, errlen, "too many ranks (at most %d in all)", SHM_MAX_MEMBERS);
	o->nranks += n;
	if (end < argc) {
		i = end + 1;
		goto next_app;
	}
	o->prog_argv = o->apps[0].argv;
	return 0;
}

void lnch_options_free(struct lnch_options *o)
{
	for (size_t k = 0; o->apps && k < o->napps; k++) {
		free(o->apps[k].env);
		free(o->apps[k].argv);
	}
	for (size_t k = 0; o->owned && k < o->nowned; k++)
		free(o->owned[k]);
	free(o->apps);
	free(o->owned);
	free(o->hosts);
	free(o->env);
	free(o->mca);
	memset(o, 0, sizeof(*o));
}

int lnch_options_env_timeout(struct lnch_options *o, const char *val,
			     char *err, size_t errlen)
{
	if (o->timeout_s > 0 || !val || !*val)
		return 0;
	if (parse_seconds(val, &o->timeout_s) < 0)
		return fail(err, errlen, "invalid MPIEXEC_TIMEOUT '%s' (seconds > 0)", val);
	o->timeout_arg = val;
	return 0;
}

/* One segment setting through the configuration table's parser: 0 and
 * *out untouched when s is unset or empty, else the parsed value or
 * -EINVAL with the parser's reason. */
static int seg_setting(const char *name, const char *s, int64_t *out, char *err, size_t errlen)
{
	if (!s || !*s)
		return 0;
	return shm_config_parse(shm_config_find(name), s, out, err, errlen);
}

int lnch_seg_config(uint32_t n, const char *ring_cells, const char *cell_size,
		    const char *arena_mb, struct shm_seg_config *cfg,
		    char *err, size_t errlen)
{
	int64_t cells, size, mb;

	shm_seg_default_config(n, cfg);
	cells = cfg->ring_cells;
	size = cfg->cell_size;
	mb = (int64_t)(cfg->arena_size >> 20);
	if (seg_setting("SHMPI_RING_CELLS", ring_cells, &cells, err, errlen) < 0 ||
	    seg_setting("SHMPI_CELL_SIZE", cell_size, &size, err, errlen) < 0 ||
	    seg_setting("SHMPI_ARENA_MB", arena_mb, &mb, err, errlen) < 0)
		return -EINVAL;
	cfg->ring_cells = (uint32_t)cells;
	cfg->cell_size = (uint32_t)size;
	cfg->arena_size = (uint64_t)mb << 20;
	/* Each value may be in range while their product is not: n^2 rings of
	 * ring_cells x cell_size plus the arena must fit in 64 bits. */
	const char *why = shm_seg_config_problem(n, cfg);
	if (why)
		return fail(err, errlen,
			    "SHMPI_RING_CELLS=%u, SHMPI_CELL_SIZE=%u and SHMPI_ARENA_MB=%llu with %u ranks: %s",
			    cfg->ring_cells, cfg->cell_size, (unsigned long long)(cfg->arena_size >> 20), n, why);
	return 0;
}
