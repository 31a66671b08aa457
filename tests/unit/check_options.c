/*
 * Description: unit tests of the launcher's pure parts: command-line
 * parsing and segment settings (launcher/options.c) and the exit report
 * (launcher/report.c).
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "launcher/hosts.h"
#include "launcher/options.h"
#include "launcher/report.h"
#include "shm/segment.h"
#include "tests/unit/unit.h"

static struct lnch_options o;
static char err[256];

/* Parse a NULL-ended list of words (argv[0] is added). */
static int parse(const char *first, ...)
{
	static char *argv[64];
	va_list ap;
	int argc = 0;

	argv[argc++] = "mpirun-shm";
	va_start(ap, first);
	for (const char *a = first; a; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc] = NULL;
	lnch_options_free(&o);
	err[0] = '\0';
	return lnch_options_parse(argc, argv, &o, err, sizeof(err));
}

static void teardown(void)
{
	lnch_options_free(&o);
}

START_TEST(defaults)
{
	ck_assert_int_eq(parse("prog", NULL), 0);
	ck_assert_int_eq(o.action, LNCH_RUN);
	ck_assert_uint_eq(o.nranks, 1);
	ck_assert_int_eq(o.bind, LNCH_BIND_DEFAULT);
	ck_assert(!o.tag_output && !o.report_bindings && !o.oversubscribe);
	ck_assert(!o.keep_going);
	ck_assert(o.timeout_s == 0);
	ck_assert(o.deadlock_s == 0);
	ck_assert_ptr_null(o.deadlock_arg);
	ck_assert_ptr_null(o.profile);
	ck_assert_uint_eq(o.nenv, 0);
	ck_assert_str_eq(o.prog_argv[0], "prog");
	ck_assert_ptr_null(o.prog_argv[1]);
}
END_TEST

/* The other MPIs' everyday options (issue 43). */
START_TEST(peer_options)
{
	ck_assert_int_eq(parse("-ppn", "3", "--mca", "btl", "self", "-l", "--timestamp-output",
			       "--merge-stderr-to-stdout", "--bind-to", "hwthread",
			       "--use-hwthread-cpus", "--display-map", "--rankfile", "rf",
			       "-outfile-pattern", "o.%r", "-launcher", "ssh", "prog", NULL), 0);
	ck_assert_uint_eq(o.nranks, 3);
	ck_assert_uint_eq(o.nmca, 1);
	ck_assert_str_eq(o.mca[0], "btl=self");
	ck_assert(o.tag_output && !o.tag_ompi && o.timestamp && o.merge_stderr);
	ck_assert_int_eq(o.bind, LNCH_BIND_HWTHREAD);
	ck_assert(o.hwthread_cpus && o.display_map);
	ck_assert_str_eq(o.rankfile, "rf");
	ck_assert_str_eq(o.outfile_pattern, "o.%r");
	ck_assert_str_eq(o.prog_argv[0], "prog");
	lnch_options_free(&o);
	ck_assert_int_eq(parse("--map-by", "ppr:2:socket", "--tag-output", "prog", NULL), 0);
	ck_assert_uint_eq(o.ppr, 2);
	ck_assert_int_eq(o.ppr_map, LNCH_MAP_SOCKET);
	ck_assert(o.tag_output && o.tag_ompi);
	lnch_options_free(&o);
	ck_assert_int_eq(parse("--map-by", "ppr:0:core", "prog", NULL), -EINVAL);
	lnch_options_free(&o);
	ck_assert_int_eq(parse("-n", "4", "-N", "2", "prog", NULL), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "need 2 nodes"));
	lnch_options_free(&o);
	ck_assert_int_eq(parse("--mca", "btl", NULL), -EINVAL);
}
END_TEST

START_TEST(all_options)
{
	ck_assert_int_eq(parse("-np", "4", "--bind-to", "none", "--report-bindings",
			       "--tag-output", "--timeout", "2.5", "-x", "A=1", "-x", "B",
			       "--oversubscribe", "--profile=p.txt", "--deadlock-timeout", "1.5",
			       "prog", "arg", NULL), 0);
	ck_assert_uint_eq(o.nranks, 4);
	ck_assert_int_eq(o.bind, LNCH_BIND_NONE);
	ck_assert(o.report_bindings && o.tag_output && o.oversubscribe);
	ck_assert(o.timeout_s == 2.5);
	ck_assert_str_eq(o.timeout_arg, "2.5");
	ck_assert(o.deadlock_s == 1.5);
	ck_assert_str_eq(o.deadlock_arg, "1.5");
	ck_assert_uint_eq(o.nenv, 0);
	ck_assert_uint_eq(o.napps, 1);
	ck_assert_uint_eq(o.apps[0].nenv, 2);
	ck_assert_str_eq(o.apps[0].env[0], "A=1");
	ck_assert_str_eq(o.apps[0].env[1], "B");
	ck_assert_str_eq(o.profile, "p.txt");
	ck_assert_str_eq(o.prog_argv[0], "prog");
	ck_assert_str_eq(o.prog_argv[1], "arg");
}
END_TEST

/* A failed rank does not end the job: hydra's, its double-dash and Open
 * MPI's spellings (issue 38). */
START_TEST(keep_going)
{
	const char *spellings[] = { "-disable-auto-cleanup", "--disable-auto-cleanup",
				    "--enable-recovery" };
	for (int k = 0; k < 3; k++) {
		ck_assert_int_eq(parse("-n", "2", spellings[k], "prog", NULL), 0);
		ck_assert(o.keep_going);
		ck_assert_uint_eq(o.nranks, 2);
		ck_assert_str_eq(o.prog_argv[0], "prog");
	}
	/* after the program it is the program's */
	ck_assert_int_eq(parse("prog", "-disable-auto-cleanup", NULL), 0);
	ck_assert(!o.keep_going);
}
END_TEST

START_TEST(equals_forms)
{
	ck_assert_int_eq(parse("--np=3", "--bind-to=core", "--timeout=1", "--deadlock-timeout=0.5",
			       "--profile", "p", NULL), 0);
	ck_assert_uint_eq(o.nranks, 3);
	ck_assert_int_eq(o.bind, LNCH_BIND_CORE);
	ck_assert(o.timeout_s == 1);
	ck_assert(o.deadlock_s == 0.5);
	ck_assert_str_eq(o.deadlock_arg, "0.5");
	ck_assert_str_eq(o.profile, "1");
	/* --profile takes no separate value: "p" is the program. */
	ck_assert_str_eq(o.prog_argv[0], "p");
}
END_TEST

START_TEST(program_options_are_the_programs)
{
	ck_assert_int_eq(parse("-n", "2", "prog", "-n", "5", "--help", NULL), 0);
	ck_assert_uint_eq(o.nranks, 2);
	ck_assert_int_eq(o.action, LNCH_RUN);
	ck_assert_str_eq(o.prog_argv[1], "-n");
	ck_assert_str_eq(o.prog_argv[3], "--help");

	ck_assert_int_eq(parse("-n", "2", "--", "-dashprog", "x", NULL), 0);
	ck_assert_str_eq(o.prog_argv[0], "-dashprog");
}
END_TEST

START_TEST(mpmd)
{
	ck_assert_int_eq(parse("-genv", "G", "1", "-n", "1", "-x", "A=1", "-wdir", "/tmp", "a", "x",
			       ":", "-c", "2", "-env", "B", "two words", "--map-by",
			       "socket:PE=2", "b", ":", "c", NULL), 0);
	ck_assert_uint_eq(o.napps, 3);
	ck_assert_uint_eq(o.nranks, 4);
	ck_assert_uint_eq(o.apps[0].nranks, 1);
	ck_assert_uint_eq(o.apps[1].nranks, 2);
	ck_assert_uint_eq(o.apps[2].nranks, 0);  /* not given: one rank */
	ck_assert_str_eq(o.apps[0].argv[0], "a");
	ck_assert_str_eq(o.apps[0].argv[1], "x");
	ck_assert_ptr_null(o.apps[0].argv[2]);
	ck_assert_str_eq(o.apps[0].wdir, "/tmp");
	ck_assert_ptr_null(o.apps[1].wdir);
	ck_assert_str_eq(o.apps[0].env[0], "A=1");
	ck_assert_str_eq(o.apps[1].env[0], "B=two words");
	ck_assert_uint_eq(o.apps[2].nenv, 0);
	ck_assert_uint_eq(o.nenv, 1);
	ck_assert_str_eq(o.env[0], "G=1");
	ck_assert_int_eq(o.map, LNCH_MAP_SOCKET);
	ck_assert_uint_eq(o.pe, 2);
	ck_assert_str_eq(o.apps[2].argv[0], "c");
	ck_assert_ptr_eq(o.prog_argv, o.apps[0].argv);

	ck_assert_int_eq(parse("-n", "1", "a", ":", NULL), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "after ':'"));
	ck_assert_int_eq(parse("-n", "4000", "a", ":", "-n", "97", "b", NULL), -EINVAL);
}
END_TEST

START_TEST(job_options)
{
	ck_assert_int_eq(parse("--bind-to", "numa", "--map-by", "l3cache", "-H", "localhost:2",
			       "--hostfile", "hf", "--output-filename", "out:nocopy",
			       "--wd", "d", "p", NULL), 0);
	ck_assert_int_eq(o.bind, LNCH_BIND_NUMA);
	ck_assert_int_eq(o.map, LNCH_MAP_L3);
	ck_assert_uint_eq(o.pe, 1);
	ck_assert_uint_eq(o.nhosts, 1);
	ck_assert_str_eq(o.hosts[0], "localhost:2");
	ck_assert_str_eq(o.hostfile, "hf");
	ck_assert_str_eq(o.output_dir, "out");
	ck_assert(!o.output_copy);
	ck_assert_str_eq(o.apps[0].wdir, "d");
	ck_assert_int_eq(parse("--bind-to=socket", "--output-filename=o", "p", NULL), 0);
	ck_assert_int_eq(o.bind, LNCH_BIND_SOCKET);
	ck_assert(o.output_copy);

	/* MPIEXEC_TIMEOUT only when --timeout is not given. */
	ck_assert_int_eq(parse("p", NULL), 0);
	ck_assert_int_eq(lnch_options_env_timeout(&o, "3", err, sizeof(err)), 0);
	ck_assert(o.timeout_s == 3);
	ck_assert_int_eq(parse("--timeout", "1", "p", NULL), 0);
	ck_assert_int_eq(lnch_options_env_timeout(&o, "3", err, sizeof(err)), 0);
	ck_assert(o.timeout_s == 1);
	ck_assert_int_eq(parse("p", NULL), 0);
	ck_assert_int_eq(lnch_options_env_timeout(&o, "soon", err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "MPIEXEC_TIMEOUT"));
}
END_TEST

START_TEST(hosts)
{
	uint32_t slots;

	ck_assert_int_eq(parse("-H", "localhost:2,node7", "-H", "node7.example.org:3", "p", NULL), 0);
	ck_assert_int_eq(lnch_hosts_check(&o, "node7.example.org", &slots, err, sizeof(err)), 0);
	ck_assert_uint_eq(slots, 6);
	ck_assert_int_eq(lnch_hosts_check(&o, "node7", &slots, err, sizeof(err)), 0);
	ck_assert_int_eq(parse("-H", "localhost,node8", "p", NULL), 0);
	ck_assert_int_eq(lnch_hosts_check(&o, "node7", &slots, err, sizeof(err)), -EXDEV);
	ck_assert_str_eq(err, "node8");
	ck_assert_int_eq(parse("-H", "localhost:x", "p", NULL), 0);
	ck_assert_int_eq(lnch_hosts_check(&o, "node7", &slots, err, sizeof(err)), -EINVAL);

	char path[] = "/tmp/check_options_hf.XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	static const char text[] = "# cluster\nlocalhost slots=4 max_slots=8\n\nnode7:2\n";
	ck_assert_int_eq(write(fd, text, sizeof(text) - 1), (ssize_t)sizeof(text) - 1);
	close(fd);
	ck_assert_int_eq(parse("--hostfile", path, "p", NULL), 0);
	ck_assert_int_eq(lnch_hosts_check(&o, "node7", &slots, err, sizeof(err)), 0);
	ck_assert_uint_eq(slots, 6);
	ck_assert_int_eq(lnch_hosts_check(&o, "node9", &slots, err, sizeof(err)), -EXDEV);
	ck_assert_str_eq(err, "node7");
	unlink(path);
	ck_assert_int_eq(parse("-f", path, "p", NULL), 0);
	ck_assert_int_eq(lnch_hosts_check(&o, "node7", &slots, err, sizeof(err)), -EINVAL);
}
END_TEST

START_TEST(help_and_version)
{
	ck_assert_int_eq(parse("--help", NULL), 0);
	ck_assert_int_eq(o.action, LNCH_HELP);
	ck_assert_int_eq(parse("-n", "2", "--version", NULL), 0);
	ck_assert_int_eq(o.action, LNCH_VERSION);
}
END_TEST

START_TEST(errors)
{
	static const char *bad[][3] = {
		{ "-n", NULL }, { "-n", "0" }, { "-n", "-1" }, { "-n", "2x" },
		{ "-n", "4097" }, { "--bind-to", "board" }, { "--bind-to", NULL },
		{ "--map-by", "node" }, { "--map-by", "core:PE=0" }, { "--map-by", "socket:X=2" },
		{ "-c", "0" }, { "-wdir", NULL }, { "-H", NULL }, { "-env", "1A" },
		{ "--timeout", "0" }, { "--timeout", "-3" }, { "--timeout", "nan" },
		{ "--timeout", "1s" }, { "--deadlock-timeout", "0" },
		{ "--deadlock-timeout", "-1" }, { "--deadlock-timeout", "inf" },
		{ "--deadlock-timeout", NULL }, { "-x", "=v" }, { "-x", "1A" }, { "-x", "A-B=1" },
		{ "--profile=", "prog" }, { "--bogus", "prog" }, { "-n4", "prog" },
	};
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		ck_assert_msg(parse(bad[k][0], bad[k][1], bad[k][1] ? "prog" : NULL, NULL) == -EINVAL,
			      "accepted %s %s", bad[k][0], bad[k][1] ? bad[k][1] : "");
		ck_assert_msg(err[0] != '\0', "no reason for %s", bad[k][0]);
		ck_assert_ptr_null(strchr(err, '\n'));
	}
	ck_assert_int_eq(parse("-n", "2", NULL), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "no program"));
	ck_assert_int_eq(parse("--frob", NULL), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "--frob"));
}
END_TEST

START_TEST(seg_config)
{
	struct shm_seg_config def, cfg;

	shm_seg_default_config(8, &def);
	ck_assert_int_eq(lnch_seg_config(8, NULL, "", NULL, &cfg, err, sizeof(err)), 0);
	ck_assert_uint_eq(cfg.ring_cells, def.ring_cells);
	ck_assert_uint_eq(cfg.cell_size, def.cell_size);
	ck_assert_uint_eq(cfg.arena_size, def.arena_size);

	ck_assert_int_eq(lnch_seg_config(8, "16", "1024", "4", &cfg, err, sizeof(err)), 0);
	ck_assert_uint_eq(cfg.ring_cells, 16);
	ck_assert_uint_eq(cfg.cell_size, 1024);
	ck_assert_uint_eq(cfg.arena_size, 4ull << 20);

	ck_assert_int_eq(lnch_seg_config(8, "12", NULL, NULL, &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "SHMPI_RING_CELLS"));
	ck_assert_int_eq(lnch_seg_config(8, "1", NULL, NULL, &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(lnch_seg_config(8, NULL, "100", NULL, &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "SHMPI_CELL_SIZE"));
	ck_assert_int_eq(lnch_seg_config(8, NULL, "64", NULL, &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(lnch_seg_config(8, NULL, NULL, "0", &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "SHMPI_ARENA_MB"));
}
END_TEST

START_TEST(report_causes)
{
	char msg[256];
	int st = -1;
	bool late;

	ck_assert(!lnch_report_exit(0, 10, CLD_EXITED, 0, SHM_MEMBER_UNSTARTED, 0, msg, sizeof(msg), &st, &late));
	ck_assert(!lnch_report_exit(0, 10, CLD_EXITED, 0, SHM_MEMBER_DONE, 0, msg, sizeof(msg), &st, &late));

	ck_assert(lnch_report_exit(3, 1234, CLD_KILLED, SIGSEGV, SHM_MEMBER_RUNNING, 0, msg, sizeof(msg), &st, &late));
	ck_assert_str_eq(msg, "rank 3 (pid 1234) killed by signal 11 (Segmentation fault)");
	ck_assert_int_eq(st, 139);

	ck_assert(!late);
	ck_assert(lnch_report_exit(3, 1234, CLD_DUMPED, SIGABRT, SHM_MEMBER_DONE, 0, msg, sizeof(msg), &st, &late));
	ck_assert_int_eq(st, 134);
	ck_assert(late);
	ck_assert_str_eq(msg, "rank 3 (pid 1234) killed by signal 6 (Aborted) after MPI_Finalize");
	/* A non-zero status after MPI_Finalize fails the job without a
	 * take-down (issue 38). */
	ck_assert(lnch_report_exit(0, 5, CLD_EXITED, 1, SHM_MEMBER_DONE, 0, msg, sizeof(msg), &st, &late));
	ck_assert_str_eq(msg, "rank 0 (pid 5) exited with status 1 after MPI_Finalize");
	ck_assert_int_eq(st, 1);
	ck_assert(late);

	ck_assert(lnch_report_exit(2, 77, CLD_EXITED, 4, SHM_MEMBER_UNSTARTED, 0, msg, sizeof(msg), &st, &late));
	ck_assert_str_eq(msg, "rank 2 (pid 77) exited with status 4");
	ck_assert_int_eq(st, 4);
	ck_assert(!late);

	ck_assert(lnch_report_exit(2, 77, CLD_EXITED, 0, SHM_MEMBER_RUNNING, 0, msg, sizeof(msg), &st, &late));
	ck_assert_str_eq(msg, "rank 2 (pid 77) exited without calling MPI_Finalize");
	ck_assert_int_eq(st, 1);

	ck_assert(lnch_report_exit(1, 99, CLD_EXITED, 5, SHM_MEMBER_ABORTED, 5, msg, sizeof(msg), &st, &late));
	ck_assert_str_eq(msg, "rank 1 (pid 99) called MPI_Abort with error code 5");
	ck_assert_int_eq(st, 5);
	/* MPI_Abort(comm, 0) still fails the job. */
	ck_assert(lnch_report_exit(1, 99, CLD_EXITED, 0, SHM_MEMBER_ABORTED, 0, msg, sizeof(msg), &st, &late));
	ck_assert_int_eq(st, 1);
}
END_TEST

static Suite *launcher_suite(void)
{
	Suite *s = suite_create("launcher");
	const TTest *options_tests[] = {
		defaults, all_options, peer_options, keep_going, equals_forms, program_options_are_the_programs, mpmd,
		job_options, hosts, help_and_version, errors, seg_config, NULL
	};
	tcase_add_checked_fixture(unit_tcase(s, "options", 30, options_tests), NULL, teardown);
	const TTest *report_tests[] = { report_causes, NULL };
	unit_tcase(s, "report", 30, report_tests);
	return s;
}

int main(void)
{
	return unit_run(launcher_suite());
}
