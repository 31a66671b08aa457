/*
 * shm/config.c - the one parser of SHMPI_* values, and the table's printers.
 *
 * Every numeric value is read the same way: optional spaces, an optional
 * sign, decimal digits or 0x and hex digits (no octal: 010 is ten), then
 * what the type allows: sizes a suffix k, m or g (powers of 1024, as
 * today's most liberal reader, the collectives', took k and m) with an
 * optional B or iB; durations ns, us, ms or s; integers nothing.  The
 * result must fit int64_t and lie in the row's range.  A bad value is
 * never taken silently: shm_config_parse() says why, shm_config_get()
 * warns on stderr and uses the default.  See shm/config.h for why this
 * lives in shm/.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "shm/config.h"

#define RANGE_ANY INT64_MAX

const struct shm_config_var *shm_config_find(const char *name)
{
	for (size_t i = 0; i < shm_config_count; i++)
		if (!strcmp(shm_config_table[i].name, name))
			return &shm_config_table[i];
	return NULL;
}

static const struct shm_config_var *must_find(const char *name)
{
	const struct shm_config_var *v = shm_config_find(name);
	if (!v) {
		/* A caller names a variable the table lacks: a bug, not input. */
		fprintf(stderr, "shmpi: internal error: %s is not in shm/config_table.c\n", name);
		abort();
	}
	return v;
}

static void range_text(const struct shm_config_var *v, char *buf, size_t len)
{
	if (v->max == RANGE_ANY)
		snprintf(buf, len, "%lld or more", (long long)v->min);
	else
		snprintf(buf, len, "%lld..%lld", (long long)v->min, (long long)v->max);
}

const char *shm_config_accepted(const struct shm_config_var *v, char *buf, size_t len)
{
	char range[64], extra[64] = "";
	size_t off;

	range_text(v, range, sizeof(range));
	if (v->multiple)
		snprintf(extra, sizeof(extra), ", a multiple of %lld", (long long)v->multiple);
	else if (v->flags & SHM_CONFIG_POW2)
		snprintf(extra, sizeof(extra), ", a power of two");
	switch (v->type) {
	case SHM_CONFIG_SIZE:
		snprintf(buf, len, "a size in bytes, %s%s, with an optional suffix k, m or g",
			 range, extra);
		break;
	case SHM_CONFIG_INT:
		snprintf(buf, len, "an integer in %s%s%s%s%s", range, *v->unit ? " " : "", v->unit,
			 extra, v->flags & SHM_CONFIG_AUTO ? ", or auto" : "");
		break;
	case SHM_CONFIG_DURATION:
		snprintf(buf, len, "a duration in %s %s, with an optional suffix ns, us, ms or s",
			 range, v->unit);
		break;
	case SHM_CONFIG_BOOL:
		snprintf(buf, len, "1, 0, on, off, yes, no, true or false");
		break;
	case SHM_CONFIG_ENUM:
		off = (size_t)snprintf(buf, len, "one of");
		for (size_t i = 0; v->choices[i] && off < len; i++)
			off += (size_t)snprintf(buf + off, len - off, "%s %s", i ? "," : "",
						v->choices[i]);
		break;
	case SHM_CONFIG_STRING:
		snprintf(buf, len, "any text");
		break;
	}
	return buf;
}

static int reject(const struct shm_config_var *v, const char *s, const char *why,
		  char *err, size_t errlen)
{
	char acc[192];
	if (errlen)
		snprintf(err, errlen, "%s='%s': %s; accepted: %s", v->name, s, why,
			 shm_config_accepted(v, acc, sizeof(acc)));
	return -EINVAL;
}

/* Multiplier of a size suffix (k, m, g, each optionally followed by B or
 * iB; a bare B), or 0 when `p` is not one.  An empty suffix is 1. */
static uint64_t size_suffix(const char *p)
{
	uint64_t m = 1;
	if (*p == 'k' || *p == 'K')
		m = 1ull << 10;
	else if (*p == 'm' || *p == 'M')
		m = 1ull << 20;
	else if (*p == 'g' || *p == 'G')
		m = 1ull << 30;
	if (m > 1) {
		p++;
		if (*p == 'i' || *p == 'I')
			p++;
		else if (*p == '\0')
			return m;
	}
	if (*p == 'b' || *p == 'B')
		p++;
	return *p == '\0' ? m : 0;
}

/* Nanoseconds per unit ("ns", "us", "ms", "s"), or 0 when not a unit. */
static uint64_t time_unit_ns(const char *p)
{
	if (!strcasecmp(p, "ns"))
		return 1;
	if (!strcasecmp(p, "us"))
		return 1000;
	if (!strcasecmp(p, "ms"))
		return 1000000;
	if (!strcasecmp(p, "s"))
		return 1000000000;
	return 0;
}

static bool is_pow2(int64_t x)
{
	return x > 0 && (x & (x - 1)) == 0;
}

/* The numeric part: [spaces][sign](digits | 0x hexdigits), then the suffix
 * with trailing spaces cut into `suffix`.  Returns a reason, or NULL. */
static const char *split_number(const char *s, bool *neg, uint64_t *mag, char *suffix,
				size_t suflen)
{
	const char *p = s;
	char *end;
	int base = 10;

	while (*p == ' ' || *p == '\t')
		p++;
	*neg = *p == '-';
	if (*p == '-' || *p == '+')
		p++;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		base = 16, p += 2;
	if (!(base == 16 ? strchr("0123456789abcdefABCDEF", *p) && *p : *p >= '0' && *p <= '9'))
		return "not a number";
	errno = 0;
	*mag = strtoull(p, &end, base);
	if (errno == ERANGE)
		return "too large";
	size_t n = strlen(end);
	while (n && (end[n - 1] == ' ' || end[n - 1] == '\t'))
		n--;
	if (n >= suflen)
		return "not a number";
	memcpy(suffix, end, n);
	suffix[n] = '\0';
	return NULL;
}

static int parse_bool(const struct shm_config_var *v, const char *s, int64_t *out,
		      char *err, size_t errlen)
{
	static const char *const yes[] = { "1", "on", "yes", "true" };
	static const char *const no[] = { "0", "off", "no", "false" };
	for (size_t i = 0; i < 4; i++) {
		if (!strcasecmp(s, yes[i]))
			return *out = 1, 0;
		if (!strcasecmp(s, no[i]))
			return *out = 0, 0;
	}
	return reject(v, s, "not a boolean", err, errlen);
}

static int parse_enum(const struct shm_config_var *v, const char *s, int64_t *out,
		      char *err, size_t errlen)
{
	for (int64_t i = 0; v->choices[i]; i++)
		if (!strcasecmp(s, v->choices[i]))
			return *out = i, 0;
	return reject(v, s, "not one of the choices", err, errlen);
}

int shm_config_parse(const struct shm_config_var *v, const char *s, int64_t *out,
		     char *err, size_t errlen)
{
	char suffix[8];
	uint64_t mag, mult = 1;
	bool neg;

	if (v->type == SHM_CONFIG_BOOL)
		return parse_bool(v, s, out, err, errlen);
	if (v->type == SHM_CONFIG_ENUM)
		return parse_enum(v, s, out, err, errlen);
	if (v->type == SHM_CONFIG_STRING)
		return reject(v, s, "a string has no numeric value", err, errlen);
	if ((v->flags & SHM_CONFIG_AUTO) && !strcasecmp(s, "auto"))
		return *out = -1, 0;

	const char *why = split_number(s, &neg, &mag, suffix, sizeof(suffix));
	if (why)
		return reject(v, s, why, err, errlen);
	if (v->type == SHM_CONFIG_SIZE) {
		mult = size_suffix(suffix);
		if (!mult)
			return reject(v, s, "unknown suffix", err, errlen);
	} else if (v->type == SHM_CONFIG_DURATION && *suffix) {
		uint64_t ns = time_unit_ns(suffix), unit_ns = time_unit_ns(v->unit);
		if (!ns)
			return reject(v, s, "unknown unit", err, errlen);
		/* Scale to the variable's unit; a finer unit must divide. */
		if (ns >= unit_ns) {
			mult = ns / unit_ns;
		} else {
			if (mag % (unit_ns / ns))
				return reject(v, s, "not a whole number of the unit", err, errlen);
			mag /= unit_ns / ns;
		}
	} else if (*suffix) {
		return reject(v, s, "not an integer", err, errlen);
	}
	if (mag > (uint64_t)INT64_MAX / mult)
		return reject(v, s, "too large", err, errlen);
	int64_t x = (int64_t)(mag * mult);
	if (neg)
		x = -x;
	if (neg && x != 0 && v->min >= 0)
		return reject(v, s, "negative", err, errlen);
	if (x < v->min || x > v->max)
		return reject(v, s, "out of range", err, errlen);
	if (v->multiple && x % v->multiple)
		return reject(v, s, "not a multiple", err, errlen);
	if ((v->flags & SHM_CONFIG_POW2) && !is_pow2(x))
		return reject(v, s, "not a power of two", err, errlen);
	*out = x;
	return 0;
}

/* The row's default as a value; a row whose default does not parse is
 * caught by tests/unit/check_config. */
static int64_t default_of(const struct shm_config_var *v)
{
	int64_t x = 0;
	if (v->dflt && shm_config_parse(v, v->dflt, &x, NULL, 0) != 0)
		x = 0;
	return x;
}

int64_t shm_config_get(const char *name)
{
	const struct shm_config_var *v = must_find(name);
	const char *s = getenv(name);
	char err[320];
	int64_t x;

	if (!s || !*s)
		return default_of(v);
	if (shm_config_parse(v, s, &x, err, sizeof(err)) == 0)
		return x;
	fprintf(stderr, "shmpi: warning: %s; using the default %s\n", err,
		v->dflt ? v->dflt : "(unset)");
	return default_of(v);
}

const char *shm_config_env(const char *name)
{
	must_find(name);
	const char *s = getenv(name);
	return s && *s ? s : NULL;
}

const char *shm_config_get_string(const char *name)
{
	const struct shm_config_var *v = must_find(name);
	const char *s = getenv(name);
	return s && *s ? s : v->dflt;
}

/* A value as the user would read it back. */
static void value_text(const struct shm_config_var *v, int64_t x, char *buf, size_t len)
{
	if (v->type == SHM_CONFIG_ENUM)
		snprintf(buf, len, "%s", v->choices[x]);
	else if (v->type == SHM_CONFIG_BOOL)
		snprintf(buf, len, "%s", x ? "on" : "off");
	else if ((v->flags & SHM_CONFIG_AUTO) && x == -1)
		snprintf(buf, len, "auto");
	else
		snprintf(buf, len, "%lld%s%s", (long long)x, *v->unit ? " " : "", v->unit);
}

enum shm_config_source shm_config_value(const struct shm_config_var *v, char *val, size_t len,
					const char **env)
{
	const char *s = getenv(v->name);
	int64_t x;
	bool set = s && *s;

	*env = set ? s : NULL;
	if (v->type == SHM_CONFIG_STRING || (v->flags & SHM_CONFIG_SCRIPT)) {
		snprintf(val, len, "%s", set ? s : v->dflt ? v->dflt : "unset");
		return set ? SHM_CONFIG_FROM_ENV : SHM_CONFIG_FROM_DEFAULT;
	}
	if (set && shm_config_parse(v, s, &x, NULL, 0) == 0) {
		value_text(v, x, val, len);
		return SHM_CONFIG_FROM_ENV;
	}
	value_text(v, default_of(v), val, len);
	return set ? SHM_CONFIG_FROM_INVALID_ENV : SHM_CONFIG_FROM_DEFAULT;
}

void shm_config_print(FILE *f)
{
	char val[64], acc[192], how[128];

	fprintf(f, "SHMPI_* variables: the value each takes in this environment\n"
		   "(docs/config.md).\n\n");
	for (size_t i = 0; i < shm_config_count; i++) {
		const struct shm_config_var *v = &shm_config_table[i];
		const char *s;

		switch (shm_config_value(v, val, sizeof(val), &s)) {
		case SHM_CONFIG_FROM_DEFAULT:
			snprintf(how, sizeof(how), "default");
			break;
		case SHM_CONFIG_FROM_ENV:
			if (v->type == SHM_CONFIG_STRING || (v->flags & SHM_CONFIG_SCRIPT))
				snprintf(how, sizeof(how), "environment");
			else
				snprintf(how, sizeof(how), "environment: %s", s);
			break;
		case SHM_CONFIG_FROM_INVALID_ENV:
			snprintf(how, sizeof(how), "INVALID '%.64s' in the environment, default", s);
			break;
		}
		fprintf(f, "%-28s %-14s (%s)\n    %s: %s%s%s\n    accepts %s\n", v->name, val, how,
			v->owner, v->desc,
			v->flags & SHM_CONFIG_INTERNAL ? " [set by the launcher]" : "",
			v->flags & SHM_CONFIG_TESTING ? " [testing aid]" : "",
			shm_config_accepted(v, acc, sizeof(acc)));
	}
}

void shm_config_print_markdown(FILE *f)
{
	char acc[192];

	fprintf(f, "| variable | default | accepted | read by | meaning |\n"
		   "| --- | --- | --- | --- | --- |\n");
	for (size_t i = 0; i < shm_config_count; i++) {
		const struct shm_config_var *v = &shm_config_table[i];
		const char *who = v->flags & SHM_CONFIG_INTERNAL ? " (set by the launcher)"
				  : v->flags & SHM_CONFIG_PERF	  ? " (perf only)"
				  : v->flags & SHM_CONFIG_TESTING ? " (testing aid)"
								  : "";
		fprintf(f, "| `%s` | %s | %s | %s | %s%s |\n", v->name, v->dflt ? v->dflt : "unset",
			shm_config_accepted(v, acc, sizeof(acc)), v->owner, v->desc, who);
	}
}
