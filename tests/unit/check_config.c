/*
 * Description: unit tests of the configuration table and its parser
 * (shm/config.c, shm/config_table.c): size suffixes, hex, overflow,
 * negative values, garbage, range limits, powers of two and multiples,
 * durations, booleans, choices, "auto"; every row's default parses and lies
 * in its range; shm_config_get() takes a good value, and warns on stderr
 * (naming the variable and the value) before it uses the default.
 *
 * Run with --markdown it prints the table as docs/config.md carries it, and
 * with --names the variable names; tests/config-table.sh uses both.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "shm/config.h"
#include "shm/segment.h"
#include "tests/unit/unit.h"

static char err[512];

/* Parse s as `name`'s value: 0 and *out, or -EINVAL and err. */
static int parse(const char *name, const char *s, int64_t *out)
{
	const struct shm_config_var *v = shm_config_find(name);
	ck_assert_ptr_nonnull(v);
	err[0] = '\0';
	return shm_config_parse(v, s, out, err, sizeof(err));
}

static int64_t ok(const char *name, const char *s)
{
	int64_t x = -12345;
	int rc = parse(name, s, &x);
	ck_assert_msg(rc == 0, "%s=%s rejected: %s", name, s, err);
	return x;
}

/* s is rejected, with a reason that names the variable and the value. */
static void bad(const char *name, const char *s)
{
	int64_t x = -12345;
	ck_assert_msg(parse(name, s, &x) == -EINVAL, "%s=%s accepted", name, s);
	ck_assert_int_eq(x, -12345);
	ck_assert_ptr_nonnull(strstr(err, name));
	ck_assert_ptr_nonnull(strstr(err, s));
	ck_assert_ptr_nonnull(strstr(err, "accepted:"));
	ck_assert_ptr_null(strchr(err, '\n'));
}

START_TEST(sizes)
{
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "8192"), 8192);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "0"), 0);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "8k"), 8192);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "8K"), 8192);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "8KB"), 8192);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "8KiB"), 8192);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "8192B"), 8192);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "2m"), 2 << 20);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "2M"), 2 << 20);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "3g"), 3ll << 30);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "3G"), 3ll << 30);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "0x2000"), 8192);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "0x2k"), 2048);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", " 64 "), 64);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "+64"), 64);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "010"), 10);   /* no octal */
	/* perf/ep_copy sets this to turn splitting off */
	ck_assert_int_eq(ok("SHMPI_CMA_SPLIT_MIN", "1099511627776"), 1ll << 40);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "9223372036854775807"), INT64_MAX);
	ck_assert_int_eq(ok("SHMPI_EAGER_MAX", "1kib"), 1024);
}
END_TEST

START_TEST(size_errors)
{
	bad("SHMPI_EAGER_MAX", "banana");
	bad("SHMPI_EAGER_MAX", "");
	bad("SHMPI_EAGER_MAX", "k");
	bad("SHMPI_EAGER_MAX", "8x");
	bad("SHMPI_EAGER_MAX", "8kk");
	bad("SHMPI_EAGER_MAX", "8 k");
	bad("SHMPI_EAGER_MAX", "8.5k");
	bad("SHMPI_EAGER_MAX", "0x");
	bad("SHMPI_EAGER_MAX", "-1");
	bad("SHMPI_EAGER_MAX", "-8k");
	bad("SHMPI_EAGER_MAX", "99999999999999999999k");   /* strtoull overflows */
	bad("SHMPI_EAGER_MAX", "99999999999999999999");
	bad("SHMPI_EAGER_MAX", "9007199254740992k");       /* 2^53 Ki: the scaling overflows */
	bad("SHMPI_EAGER_MAX", "9223372036854775808");     /* INT64_MAX + 1 */
	bad("SHMPI_EAGER_MAX", "8589934592g");
	ck_assert_ptr_nonnull(strstr(err, "too large"));
	bad("SHMPI_CMA_SPLIT_MIN", "0");                   /* range 1 or more */
	ck_assert_ptr_nonnull(strstr(err, "out of range"));
	bad("SHMPI_COLL_SHM_SLOT", "63");
	ck_assert_int_eq(ok("SHMPI_COLL_SHM_SLOT", "64"), 64);
}
END_TEST

START_TEST(integers)
{
	ck_assert_int_eq(ok("SHMPI_THREAD_LEVEL", "0"), 0);
	ck_assert_int_eq(ok("SHMPI_THREAD_LEVEL", "3"), 3);
	bad("SHMPI_THREAD_LEVEL", "4");
	bad("SHMPI_THREAD_LEVEL", "-1");
	ck_assert_ptr_nonnull(strstr(err, "negative"));
	bad("SHMPI_THREAD_LEVEL", "1k");      /* integers take no suffix */
	bad("SHMPI_THREAD_LEVEL", "auto");
	ck_assert_int_eq(ok("SHMPI_SPIN", "auto"), -1);
	ck_assert_int_eq(ok("SHMPI_SPIN", "AUTO"), -1);
	ck_assert_int_eq(ok("SHMPI_SPIN", "-1"), -1);
	ck_assert_int_eq(ok("SHMPI_SPIN", "0"), 0);
	ck_assert_int_eq(ok("SHMPI_SPIN", "4294967294"), 4294967294ll);
	bad("SHMPI_SPIN", "4294967295");
	bad("SHMPI_SPIN", "-2");
	/* range limits, powers of two and multiples (the launcher's) */
	ck_assert_int_eq(ok("SHMPI_RING_CELLS", "2"), 2);
	ck_assert_int_eq(ok("SHMPI_RING_CELLS", "1048576"), 1 << 20);
	bad("SHMPI_RING_CELLS", "1");
	bad("SHMPI_RING_CELLS", "2097152");
	bad("SHMPI_RING_CELLS", "12");
	ck_assert_ptr_nonnull(strstr(err, "power of two"));
	ck_assert_int_eq(ok("SHMPI_CELL_SIZE", "128"), 128);
	ck_assert_int_eq(ok("SHMPI_CELL_SIZE", "16m"), 1 << 24);
	ck_assert_int_eq(ok("SHMPI_CELL_SIZE", "4k"), 4096);
	bad("SHMPI_CELL_SIZE", "64");
	bad("SHMPI_CELL_SIZE", "100");
	ck_assert_ptr_nonnull(strstr(err, "multiple"));
	bad("SHMPI_CELL_SIZE", "16777280");
	ck_assert_int_eq(ok("SHMPI_COLL_FAKE_NUMA", "0"), 0);
	ck_assert_int_eq(ok("SHMPI_COLL_FAKE_NUMA", "2"), 2);
	bad("SHMPI_COLL_FAKE_NUMA", "two");
}
END_TEST

START_TEST(durations)
{
	ck_assert_int_eq(ok("SHMPI_SLEEP_US", "100000"), 100000);
	ck_assert_int_eq(ok("SHMPI_SLEEP_US", "100000us"), 100000);
	ck_assert_int_eq(ok("SHMPI_SLEEP_US", "100ms"), 100000);
	ck_assert_int_eq(ok("SHMPI_SLEEP_US", "2s"), 2000000);
	ck_assert_int_eq(ok("SHMPI_SLEEP_US", "3000ns"), 3);
	ck_assert_int_eq(ok("SHMPI_SLEEP_US", "3600s"), 3600000000ll);
	bad("SHMPI_SLEEP_US", "3601s");
	bad("SHMPI_SLEEP_US", "1500ns");     /* not whole microseconds */
	bad("SHMPI_SLEEP_US", "5min");
	bad("SHMPI_SLEEP_US", "-5");
	bad("SHMPI_SLEEP_US", "99999999999999999999s");
	ck_assert_int_eq(ok("SHMPI_HANDLER_SPIN_US", "0"), 0);
	ck_assert_int_eq(ok("SHMPI_HANDLER_SPIN_US", "1000000"), 1000000);
}
END_TEST

START_TEST(bools_and_choices)
{
	ck_assert_int_eq(ok("SHMPI_COLL_HIER", "off"), 0);
	ck_assert_int_eq(ok("SHMPI_COLL_HIER", "OFF"), 0);
	ck_assert_int_eq(ok("SHMPI_COLL_HIER", "0"), 0);
	ck_assert_int_eq(ok("SHMPI_COLL_HIER", "no"), 0);
	ck_assert_int_eq(ok("SHMPI_COLL_HIER", "on"), 1);
	ck_assert_int_eq(ok("SHMPI_COLL_HIER", "true"), 1);
	bad("SHMPI_COLL_HIER", "maybe");
	ck_assert_int_eq(ok("SHMPI_CMA", "auto"), 0);
	ck_assert_int_eq(ok("SHMPI_CMA", "on"), 1);
	ck_assert_int_eq(ok("SHMPI_CMA", "Off"), 2);
	bad("SHMPI_CMA", "banana");
	ck_assert_ptr_nonnull(strstr(err, "auto, on, off"));
	ck_assert_int_eq(ok("SHMPI_COLL_BARRIER", "dissemination"), 3);
	ck_assert_int_eq(ok("SHMPI_COLL_BCAST", "linear"), 3);
	bad("SHMPI_COLL_ALLREDUCE", "linear");
}
END_TEST

/* Every row: a unique SHMPI_ name, a default that parses and lies in
 * range, and what the code reading it needs (choices for an enum, a
 * description and an owner). */
START_TEST(table_rows)
{
	ck_assert_uint_gt(shm_config_count, 30);
	for (size_t i = 0; i < shm_config_count; i++) {
		const struct shm_config_var *v = &shm_config_table[i];
		int64_t x;
		ck_assert_int_eq(strncmp(v->name, "SHMPI_", 6), 0);
		ck_assert_ptr_eq(shm_config_find(v->name), v);
		ck_assert_msg(v->desc && *v->desc && !strchr(v->desc, '|') && v->owner && *v->owner,
			      "%s: description or owner", v->name);
		ck_assert_msg(v->type != SHM_CONFIG_ENUM || v->choices, "%s: no choices", v->name);
		ck_assert_msg(v->min <= v->max, "%s: empty range", v->name);
		if (v->dflt && v->type != SHM_CONFIG_STRING)
			ck_assert_msg(shm_config_parse(v, v->dflt, &x, err, sizeof(err)) == 0,
				      "default: %s", err);
	}
	ck_assert_ptr_null(shm_config_find("SHMPI_NO_SUCH"));
}
END_TEST

/* The launcher's table defaults are shm_seg_default_config()'s. */
START_TEST(segment_defaults)
{
	struct shm_seg_config def;
	shm_seg_default_config(1, &def);
	ck_assert_int_eq(shm_config_get("SHMPI_RING_CELLS"), def.ring_cells);
	ck_assert_int_eq(shm_config_get("SHMPI_CELL_SIZE"), def.cell_size);
	ck_assert_int_eq(shm_config_get("SHMPI_ARENA_MB") << 20, (int64_t)def.arena_size);
}
END_TEST

/* Run shm_config_get(name) with name=value set; returns the value and
 * leaves what it wrote on stderr in out. */
static int64_t get_with(const char *name, const char *value, char *out, size_t len)
{
	char path[] = "/tmp/check_config.XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	unlink(path);
	fflush(stderr);
	int saved = dup(2);
	dup2(fd, 2);
	if (value)
		setenv(name, value, 1);
	else
		unsetenv(name);
	int64_t x = shm_config_get(name);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	ssize_t n = pread(fd, out, len - 1, 0);
	out[n > 0 ? n : 0] = '\0';
	close(fd);
	return x;
}

START_TEST(get_warns)
{
	char out[512];
	ck_assert_int_eq(get_with("SHMPI_EAGER_MAX", NULL, out, sizeof(out)), 16384);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(get_with("SHMPI_EAGER_MAX", "", out, sizeof(out)), 16384);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(get_with("SHMPI_EAGER_MAX", "8k", out, sizeof(out)), 8192);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(get_with("SHMPI_EAGER_MAX", "banana", out, sizeof(out)), 16384);
	ck_assert_ptr_nonnull(strstr(out, "warning"));
	ck_assert_ptr_nonnull(strstr(out, "SHMPI_EAGER_MAX='banana'"));
	ck_assert_ptr_nonnull(strstr(out, "default 16384"));
	ck_assert_ptr_eq(strchr(out, '\n'), out + strlen(out) - 1);   /* one line */
	ck_assert_int_eq(get_with("SHMPI_COLL_HIER", "maybe", out, sizeof(out)), 1);
	ck_assert_ptr_nonnull(strstr(out, "SHMPI_COLL_HIER"));
	ck_assert_int_eq(get_with("SHMPI_SPIN", NULL, out, sizeof(out)), -1);
}
END_TEST

START_TEST(strings)
{
	unsetenv("SHMPI_PROFILE_LIB");
	ck_assert_ptr_null(shm_config_get_string("SHMPI_PROFILE_LIB"));
	setenv("SHMPI_PROFILE_LIB", "/x/lib.so", 1);
	ck_assert_str_eq(shm_config_get_string("SHMPI_PROFILE_LIB"), "/x/lib.so");
	setenv("SHMPI_RING_CELLS", "", 1);
	ck_assert_ptr_null(shm_config_env("SHMPI_RING_CELLS"));
	setenv("SHMPI_RING_CELLS", "12", 1);
	ck_assert_str_eq(shm_config_env("SHMPI_RING_CELLS"), "12");
}
END_TEST

/* The printed table: every variable, the environment's value, invalid
 * values marked. */
START_TEST(print_table)
{
	char *buf = NULL;
	size_t len = 0;
	setenv("SHMPI_EAGER_MAX", "16k", 1);
	setenv("SHMPI_CMA", "banana", 1);
	FILE *f = open_memstream(&buf, &len);
	shm_config_print(f);
	fclose(f);
	for (size_t i = 0; i < shm_config_count; i++)
		ck_assert_ptr_nonnull(strstr(buf, shm_config_table[i].name));
	ck_assert_ptr_nonnull(strstr(buf, "16384 bytes"));
	ck_assert_ptr_nonnull(strstr(buf, "INVALID 'banana'"));
	free(buf);
}
END_TEST

static Suite *config_suite(void)
{
	Suite *s = suite_create("config");
	const TTest *parse_tests[] = {
		sizes, size_errors, integers, durations, bools_and_choices, NULL
	};
	unit_tcase(s, "parse", 30, parse_tests);
	const TTest *table_tests[] = {
		table_rows, segment_defaults, get_warns, strings, print_table, NULL
	};
	unit_tcase(s, "table", 30, table_tests);
	return s;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--markdown")) {
		shm_config_print_markdown(stdout);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--names")) {
		for (size_t i = 0; i < shm_config_count; i++)
			puts(shm_config_table[i].name);
		return 0;
	}
	return unit_run(config_suite());
}
