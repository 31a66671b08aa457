/*
 * launcher/options.c - parse the command line and the segment settings.
 *
 * Options come first; the first argument that is not an option (or the one
 * after "--") is the program, and everything after it belongs to the
 * program, so `mpirun-shm -n 2 prog -n 5` passes "-n 5" to prog.  Every
 * error is reported as a value with a one-line reason; main.c prints it
 * and exits 2.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int lnch_options_parse(int argc, char **argv, struct lnch_options *o,
		       char *err, size_t errlen)
{
	const char *val;
	int i;

	memset(o, 0, sizeof(*o));
	o->nranks = 1;
	/* At most one -x per argument: argc bounds the list. */
	o->env = calloc((size_t)(argc > 0 ? argc : 1), sizeof(*o->env));
	if (!o->env)
		return -ENOMEM;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--") == 0) {
			i++;
			break;
		}
		if (a[0] != '-' || a[1] == '\0')
			break;  /* the program ("-" alone is a file name) */

		if (match_value(argc, argv, &i, "-n", &val) ||
		    match_value(argc, argv, &i, "-np", &val) ||
		    match_value(argc, argv, &i, "--np", &val)) {
			if (!val)
				goto missing;
			if (parse_u32(val, 1, SHM_MAX_MEMBERS, &o->nranks) < 0)
				return fail(err, errlen,
					    "invalid number of ranks '%s' (1 to %d)",
					    val, SHM_MAX_MEMBERS);
		} else if (match_value(argc, argv, &i, "--bind-to", &val)) {
			if (!val)
				goto missing;
			if (strcmp(val, "core") == 0)
				o->bind = LNCH_BIND_CORE;
			else if (strcmp(val, "none") == 0)
				o->bind = LNCH_BIND_NONE;
			else
				return fail(err, errlen,
					    "invalid --bind-to '%s' (core or none)", val);
		} else if (match_value(argc, argv, &i, "--timeout", &val)) {
			char *end;
			if (!val)
				goto missing;
			errno = 0;
			double t = strtod(val, &end);
			/* Upper bound keeps the timespec conversion exact. */
			if (errno || end == val || *end || !isfinite(t) || t <= 0 ||
			    t > 1e9)
				return fail(err, errlen,
					    "invalid --timeout '%s' (seconds > 0)", val);
			o->timeout_s = t;
			o->timeout_arg = val;
		} else if (match_value(argc, argv, &i, "-x", &val)) {
			if (!val)
				goto missing;
			const char *eq = strchr(val, '=');
			size_t len = eq ? (size_t)(eq - val) : strlen(val);
			if (!valid_env_name(val, len))
				return fail(err, errlen,
					    "invalid -x '%s' (VAR or VAR=VALUE)", val);
			o->env[o->nenv++] = val;
		} else if (strcmp(a, "--profile") == 0) {
			o->profile = "1";
		} else if (strncmp(a, "--profile=", 10) == 0) {
			if (a[10] == '\0')
				return fail(err, errlen, "--profile= needs a file name");
			o->profile = a + 10;
		} else if (strcmp(a, "--report-bindings") == 0) {
			o->report_bindings = true;
		} else if (strcmp(a, "--tag-output") == 0) {
			o->tag_output = true;
		} else if (strcmp(a, "--oversubscribe") == 0) {
			o->oversubscribe = true;
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

	if (i >= argc)
		return fail(err, errlen, "no program given");
	o->prog_argv = argv + i;
	return 0;
}

void lnch_options_free(struct lnch_options *o)
{
	free(o->env);
	o->env = NULL;
	o->nenv = 0;
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
	return 0;
}
