/*
 * launcher/main.c - mpirun-shm: start N ranks of a program on this node.
 *
 * The order matters: options and settings are checked before anything is
 * created (a usage error leaves nothing behind and exits 2); the segment
 * exists before the first fork so that every rank inherits it; the
 * environment common to all ranks is set once in the launcher; the signals
 * the loop handles are blocked before the segment is made so that none is
 * lost before the loop, and one that ends the job stops the forks at once.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <unistd.h>
#include "config.h"
#include "launcher/dynamic.h"
#include "launcher/hosts.h"
#include "launcher/loop.h"
#include "launcher/options.h"
#include "launcher/foreign.h"
#include "launcher/mca.h"
#include "launcher/output.h"
#include "launcher/rankfile.h"
#include "launcher/profile.h"
#include "launcher/program.h"
#include "shm/cpus.h"
#include "launcher/spawn.h"
#include "shm/config.h"

#define EXIT_USAGE 2
#define EXIT_LAUNCH 1   /* the launcher itself could not start the job */

static const char usage[] =
	"Usage: mpirun-shm [OPTION]... [--] PROGRAM [ARGUMENT]... [: [OPTION]... PROGRAM ...]\n"
	"Run N copies (ranks) of PROGRAM as one MPI job on this node; programs\n"
	"separated by ':' share one MPI_COMM_WORLD (MPMD).  Also installed as\n"
	"mpiexec and mpirun.\n"
	"\n"
	"Options of one program (before it):\n"
	"  -n, -np, -c N        number of ranks (default 1)\n"
	"  -x VAR[=VALUE]       pass VAR (with VALUE) to the ranks\n"
	"  -env VAR VALUE       set VAR=VALUE in the ranks\n"
	"  -wdir, --wd DIR      run the ranks in DIR\n"
	"Options of the job:\n"
	"  -genv VAR VALUE      set VAR=VALUE in the ranks of every program\n"
	"      --map-by core|socket|numa|l3cache[:PE=n]  deal ranks to these\n"
	"                       (round-robin), n cores each (default core:PE=1)\n"
	"      --bind-to core|socket|numa|none  bind each rank to its cores, or\n"
	"                       their package or NUMA node (default: core when\n"
	"                       N x PE <= cores, else none)\n"
	"      --map-by ppr:N:core|socket  N ranks per core (package), in blocks\n"
	"      --bind-to hwthread  one hardware thread each\n"
	"      --use-hwthread-cpus  hardware threads are the slots, not cores\n"
	"      --rankfile FILE  bind each rank as \"rank N=HOST slot=CORES\" says\n"
	"      --report-bindings  print where each rank is bound, on stderr\n"
	"      --display-map    print where each rank will run, before the start\n"
	"  -ppn, --npernode, -N N  ranks per node (one node: the job's count)\n"
	"      --mca KEY VALUE  Open MPI's settings: applied where shmpi has one\n"
	"  -l, -prepend-rank    prefix each output line with \"[rank] \"\n"
	"      --tag-output     prefix each output line with \"[1,rank]<stdout>:\"\n"
	"      --timestamp-output  start each output line with the time\n"
	"      --merge-stderr-to-stdout  the ranks' stderr on our stdout\n"
	"  -outfile-pattern, -errfile-pattern PAT  each rank's stdout (stderr)\n"
	"                       only to the file PAT names (%r rank, %h host)\n"
	"  -launcher NAME       accepted (hydra's ssh, fork, ...): ranks are forked\n"
	"      --output-filename DIR[:nocopy]  also write rank N's output to\n"
	"                       DIR/1/rank.N/stdout and stderr\n"
	"      --timeout S      kill the job after S seconds (exit status 124);\n"
	"                       MPIEXEC_TIMEOUT=S does the same\n"
	"      --deadlock-timeout S  when every rank has waited in MPI for S\n"
	"                       seconds with no progress, print where each waits\n"
	"                       and kill the job (exit status 124)\n"
	"  -H, --host LIST      hosts, this machine only (localhost or its name,\n"
	"                       NAME:SLOTS); without -n one program gets the slots\n"
	"  -f, --hostfile FILE  the same from a file (\"NAME slots=N\" or NAME:N)\n"
	"      --universe-size N  MPI_UNIVERSE_SIZE, the processes the job expects\n"
	"                       to run with those it spawns (default: the CPUs, at\n"
	"                       least N); the job has room for 64 processes more\n"
	"                       than that (docs/dynamic.md)\n"
	"      --oversubscribe  accepted; more ranks than cores always works\n"
	"      -disable-auto-cleanup, --disable-auto-cleanup, --enable-recovery\n"
	"                       a failed rank does not end the job: the others go\n"
	"                       on, and a receive from it fails (MPI_ERR_OTHER)\n"
	"      --rank-sessions=yes|no|auto  each rank in a session (scheduling group)\n"
	"                       of its own; auto: unless niced or more ranks than CPUs\n"
	"      --profile[=FILE] profile MPI calls (SHMPI_PROFILE in the ranks)\n"
	"  -h, --help           show this help\n"
	"      --help-config    list the SHMPI_* variables with their values here\n"
	"  -V, --version        show the version\n"
	"\n"
	"SIGUSR1 to mpirun-shm makes every rank print where it waits in MPI; the\n"
	"job goes on.\n"
	"\n"
	"The exit status is 0 when every rank exits 0; otherwise that of the first\n"
	"rank to fail (128+N for signal N), 124 on timeout or deadlock, 128+N when\n"
	"the launcher gets signal N, 2 on a usage error.  See docs/launcher.md.\n";

/* A closed 0, 1 or 2 would be taken by the segment or a pipe and then
 * clobbered by the ranks' dup2. */
static void ensure_std_fds(void)
{
	for (int fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 &&
		    open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) < 0)
			_exit(EXIT_LAUNCH);
}

/* Each rank costs the launcher three descriptors. */
static void raise_fd_limit(void)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/* Forward stdin unless we run in the background of a terminal, where a
 * read would stop the launcher with SIGTTIN. */
static bool can_forward_stdin(void)
{
	if (fcntl(0, F_GETFD) < 0)
		return false;
	if (isatty(0) && tcgetpgrp(0) != getpgrp())
		return false;
	return true;
}

/* The job's size under the names of shmpi, Open MPI and MPICH (one node:
 * the local size is the size); the rank's own numbers are set in
 * spawn.c. */
static int set_common_env(const struct lnch_options *o, int segfd)
{
	static const char *const size_names[] = {
		"SHMPI_SIZE", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_SIZE",
		"OMPI_UNIVERSE_SIZE", "PMI_SIZE", "MPI_LOCALNRANKS",
	};
	char num[16];

	snprintf(num, sizeof(num), "%d", segfd);
	if (setenv("SHMPI_SEG_FD", num, 1) < 0)
		return -errno;
	snprintf(num, sizeof(num), "%u", o->nranks);
	for (size_t k = 0; k < sizeof(size_names) / sizeof(size_names[0]); k++)
		if (setenv(size_names[k], num, 1) < 0)
			return -errno;
	int rc = lnch_profile_setup(o);
	if (rc < 0)
		return rc;
	/* -genv VAR=VALUE for every program (-x and -env are per program). */
	for (size_t k = 0; k < o->nenv; k++) {
		const char *eq = strchr(o->env[k], '=');
		if (!eq)
			continue;
		char *name = strndup(o->env[k], (size_t)(eq - o->env[k]));
		if (!name)
			return -ENOMEM;
		int rc = setenv(name, eq + 1, 1);
		free(name);
		if (rc < 0)
			return -errno;
	}
	return 0;
}

/* The signals that take the job down go in *stop; they and SIGUSR1 (ask
 * the ranks where they wait) are blocked and read from the signalfd
 * returned, or -errno. */
static int setup_signals(sigset_t *stop)
{
	sigset_t set;

	sigemptyset(stop);
	sigaddset(stop, SIGINT);
	sigaddset(stop, SIGTERM);
	sigaddset(stop, SIGHUP);
	sigaddset(stop, SIGQUIT);
	set = *stop;
	sigaddset(&set, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &set, NULL) < 0)
		return -errno;
	/* A rank's output may outlive our stdout (`| head`): EPIPE, not death. */
	signal(SIGPIPE, SIG_IGN);
	int fd = signalfd(-1, &set, SFD_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/* The checks that read the machine (hosts, directories, MPIEXEC_TIMEOUT)
 * and the rank counts that depend on them.  Returns 0, or -EXDEV / -EINVAL
 * with the reason in err. */
static int check_job(struct lnch_options *o, char *err, size_t errlen)
{
	char myname[256] = "localhost";
	uint32_t slots;
	int rc;

	if ((rc = lnch_options_env_timeout(o, getenv("MPIEXEC_TIMEOUT"), err, errlen)) < 0)
		return rc;
	if (o->nhosts || o->hostfile) {
		gethostname(myname, sizeof(myname) - 1);
		if ((rc = lnch_hosts_check(o, myname, &slots, err, errlen)) < 0)
			return rc;
		if (o->napps == 1 && o->apps[0].nranks == 0 && slots > 0) {
			if (slots > SHM_MAX_MEMBERS) {
				snprintf(err, errlen, "too many slots (%u; at most %d ranks)", slots,
					 SHM_MAX_MEMBERS);
				return -EINVAL;
			}
			o->apps[0].nranks = o->nranks = slots;
		}
	}
	for (size_t a = 0; a < o->napps; a++) {
		struct stat st;
		const char *d = o->apps[a].wdir;
		if (d && (stat(d, &st) < 0 || !S_ISDIR(st.st_mode))) {
			snprintf(err, errlen, "cannot use -wdir '%s': %s", d,
				 errno ? strerror(errno) : "not a directory");
			return -EINVAL;
		}
	}
	return 0;
}

/* A program linked with another MPI would run as N one-rank jobs: say so
 * and start nothing (EXIT_USAGE); 0 when every program is fine. */
static int refuse_foreign(const struct lnch_options *o)
{
	char what[160];

	for (size_t a = 0; a < o->napps; a++) {
		const char *prog = o->apps[a].argv ? o->apps[a].argv[0] : NULL;
		if (!prog || !lnch_foreign_mpi(prog, o->apps[a].wdir, what, sizeof(what)))
			continue;
		fprintf(stderr, "mpirun-shm: %s is linked with %s, not shmpi: started here its "
				"ranks would be separate one-rank jobs; rebuild it with shmpi's "
				"mpicc (or mpifort), or start it with that MPI's mpiexec\n",
			prog, what);
		return EXIT_USAGE;
	}
	return 0;
}

/* The other MPIs' habits: --mca pairs (the ignored ones said once),
 * ppr:N:X without -n (N per domain), and a program that cannot run (one
 * line, status 127, instead of one line per rank).  0, or the exit
 * status. */
static int apply_compat(struct lnch_options *o)
{
	char ignored[512], err[256];

	if (lnch_mca_apply(o, ignored, sizeof(ignored), err, sizeof(err)) < 0) {
		fprintf(stderr, "mpirun-shm: %s\n", err);
		return EXIT_USAGE;
	}
	if (*ignored)
		fprintf(stderr, "mpirun-shm: ignoring --mca %s (Open MPI settings with no shmpi "
				"counterpart)\n", ignored);
	for (size_t a = 0; a < o->napps; a++) {
		char path[8192];
		int e = lnch_program_path(o->apps[a].argv[0], o->apps[a].wdir, path, sizeof(path));
		if (e < 0) {
			fprintf(stderr, "mpirun-shm: cannot execute %s: %s\n", o->apps[a].argv[0],
				e == -ENOENT && !strchr(o->apps[a].argv[0], '/') ? "command not found"
										: strerror(-e));
			return 127;
		}
	}
	if (o->ppr && o->napps == 1 && o->apps[0].nranks == 0) {
		struct lnch_topo t;
		if (lnch_topo_load(&t) == 0) {
			if (o->hwthread_cpus)
				lnch_topo_use_pus(&t);
			uint64_t n = (uint64_t)o->ppr * lnch_topo_domains(&t, o->ppr_map);
			lnch_topo_free(&t);
			if (n > SHM_MAX_MEMBERS) {
				fprintf(stderr, "mpirun-shm: --map-by ppr: too many ranks (%llu)\n",
					(unsigned long long)n);
				return EXIT_USAGE;
			}
			o->apps[0].nranks = o->nranks = (uint32_t)n;
		}
	}
	return 0;
}

/* --display-map: where each rank will run, before any starts. */
static void display_map(const struct lnch_job *job, struct lnch_topo *topo)
{
	char where[160];

	fprintf(stderr, "mpirun-shm: map of %u ranks:\n", job->n);
	for (uint32_t i = 0; i < job->n; i++) {
		if (job->ranks[i].set)
			lnch_topo_describe(topo, job->ranks[i].set, false, where, sizeof(where));
		else
			snprintf(where, sizeof(where), "not bound");
		fprintf(stderr, "mpirun-shm:   rank %u: %s %s\n", i,
			job->opt->apps[job->ranks[i].app].argv[0], where);
	}
}

/* Each rank's program, place and empty streams; *bind tells whether any
 * rank is bound.  cores[i] is rank i's first core (-1: not bound). */
static void init_ranks(struct lnch_job *job, const struct lnch_place *place, int *cores,
		       bool *bind)
{
	const struct lnch_options *opt = job->opt;

	*bind = false;
	for (uint32_t i = 0, app = 0, first = 0; i < job->n; i++) {
		while (i >= first + (opt->apps[app].nranks ? opt->apps[app].nranks : 1))
			first += opt->apps[app].nranks ? opt->apps[app].nranks : 1, app++;
		job->ranks[i].app = app;
		job->ranks[i].pidfd = -1;
		job->ranks[i].out.fd = job->ranks[i].err.fd = -1;
		job->ranks[i].out.file_fd = job->ranks[i].err.file_fd = -1;
		job->ranks[i].core = job->topo ? place[i].core : -1;
		job->ranks[i].set = job->topo ? place[i].set : NULL;
		if (!job->ranks[i].set)
			job->ranks[i].core = -1;
		cores[i] = job->ranks[i].core;
		*bind = *bind || job->ranks[i].set;
	}
}

/* --report-bindings: one line per rank. */
static void report_bindings(const struct lnch_job *job, struct lnch_topo *topo)
{
	char where[160], allowed[100];

	for (uint32_t i = 0; i < job->n; i++) {
		if (job->ranks[i].set)
			lnch_topo_describe(topo, job->ranks[i].set,
					   job->opt->bind == LNCH_BIND_SOCKET ||
					   job->opt->bind == LNCH_BIND_NUMA, where, sizeof(where));
		else if (shm_seg_cpus(&job->seg) < (uint32_t)shm_cpus_online())
			/* Unbound under a CPU set: the set it inherits. */
			snprintf(where, sizeof(where), "the job's CPUs %s (not to one core)",
				 shm_cpus_allowed_list(allowed, sizeof(allowed)));
		else
			snprintf(where, sizeof(where), "nothing (not bound)");
		fprintf(stderr, "mpirun-shm: rank %u (pid %d) bound to %s\n", i,
			(int)job->ranks[i].pid, where);
	}
}

/* Fork every rank, then run the loop to the job's end.  A signal that
 * ends the job stops the forks; the loop reads it and takes down what was
 * started, as it does later in the job. */
static void run_job(struct lnch_job *job, struct lnch_topo *topo, int sigfd,
		    const sigset_t *stop)
{
	uint32_t bad = 0;
	int e = lnch_spawn_all(job, stop, can_forward_stdin(), &bad);

	if (e < 0 && e != -EINTR)
		/* The loop takes down the ranks already started. */
		lnch_job_fail(job, EXIT_LAUNCH, -1, "cannot start rank %u: %s", bad,
			      strerror(-e));
	if (job->opt->report_bindings && e == 0)
		report_bindings(job, topo);
	e = lnch_loop_run(job, sigfd, 0);
	if (e < 0 && !job->failed)
		lnch_job_fail(job, EXIT_LAUNCH, -1, "cannot set up io_uring: %s", strerror(-e));
}

int main(int argc, char **argv)
{
	struct lnch_options opt;
	struct shm_seg_config cfg;
	struct lnch_topo topo;
	struct lnch_job job;
	sigset_t stop;
	char err[256];
	int rc, sigfd;

	ensure_std_fds();
	if (argc == 5 && strcmp(argv[1], "--singleton-of") == 0)
		return lnch_dyn_singleton(argc, argv);
	rc = lnch_options_parse(argc, argv, &opt, err, sizeof(err));
	if (rc == -ENOMEM) {
		fprintf(stderr, "mpirun-shm: out of memory\n");
		return EXIT_LAUNCH;
	}
	if (rc < 0) {
		fprintf(stderr, "mpirun-shm: %s\nTry 'mpirun-shm --help' for more information.\n", err);
		lnch_options_free(&opt);
		return EXIT_USAGE;
	}
	if (opt.action == LNCH_HELP_CONFIG) {
		shm_config_print(stdout);
		lnch_options_free(&opt);
		return 0;
	}
	if (opt.action != LNCH_RUN) {
		fputs(opt.action == LNCH_HELP ? usage : "mpirun-shm (" PACKAGE_NAME ") " PACKAGE_VERSION "\n",
		      stdout);
		lnch_options_free(&opt);
		return 0;
	}
	if ((rc = check_job(&opt, err, sizeof(err))) == -EXDEV) {
		fprintf(stderr, "mpirun-shm: host '%s' is not this machine: shmpi runs on one node; "
			"to run on several, build the same program with MPICH's or Open MPI's "
			"mpicc and start it with their mpiexec (no code change)\n", err);
		lnch_options_free(&opt);
		return EXIT_USAGE;
	} else if (rc < 0) {
		fprintf(stderr, "mpirun-shm: %s\n", err);
		lnch_options_free(&opt);
		return EXIT_USAGE;
	}
	if ((rc = refuse_foreign(&opt)) != 0 || (rc = apply_compat(&opt)) != 0) {
		lnch_options_free(&opt);
		return rc;
	}
	if (lnch_seg_config(opt.nranks, shm_config_env("SHMPI_RING_CELLS"),
			    shm_config_env("SHMPI_CELL_SIZE"), shm_config_env("SHMPI_ARENA_MB"),
			    &cfg, err, sizeof(err)) < 0) {
		fprintf(stderr, "mpirun-shm: %s\n", err);
		lnch_options_free(&opt);
		return EXIT_USAGE;
	}
	raise_fd_limit();

	memset(&job, 0, sizeof(job));
	job.opt = &opt;
	job.n = opt.nranks;
	job.stdin_w = -1;
	job.ctl_fd = -1;
	job.msg_rank = -1;
	/* Member slots for the ranks MPI_Comm_spawn may add (launcher/dynamic.c;
	 * their rings are not touched until used, so the spare slots cost
	 * address space, not start-up time: docs/dynamic.md). */
	uint32_t universe = lnch_dyn_universe(&opt, (uint32_t)shm_cpus_allowed());
	job.slots = lnch_dyn_slots(job.n, universe);
	rc = EXIT_LAUNCH;

	/* From here a ^C is held until the first fork checks for it. */
	sigfd = setup_signals(&stop);
	if (sigfd < 0) {
		fprintf(stderr, "mpirun-shm: cannot set up signals: %s\n", strerror(-sigfd));
		lnch_options_free(&opt);
		return EXIT_LAUNCH;
	}

	/* Binding is a hint: without a topology the job still runs. */
	if (opt.bind != LNCH_BIND_NONE || opt.report_bindings || opt.display_map || opt.rankfile) {
		int e = lnch_topo_load(&topo);
		if (e < 0) {
			fprintf(stderr, "mpirun-shm: warning: no topology (%s), ranks not bound\n",
				strerror(-e));
		} else {
			job.topo = &topo;
			if (opt.hwthread_cpus)
				lnch_topo_use_pus(&topo);
		}
	}

	int e = shm_seg_create(job.slots, &cfg, &job.seg);
	if (e < 0) {
		fprintf(stderr, "mpirun-shm: cannot create the shared segment (%zu bytes): %s\n",
			shm_seg_size(job.slots, &cfg), strerror(-e));
		goto fail_topo;
	}
	/* Before the forks: every member reads them from then on. */
	job.seg.hdr->keep_going = opt.keep_going;
	shm_store_seq_cst(&job.seg.hdr->started, job.n);
	job.ranks = calloc(job.slots, sizeof(*job.ranks));
	int *cores = calloc(job.slots, sizeof(*cores));
	struct lnch_place *place = calloc(job.n, sizeof(*place));
	if (!job.ranks || !cores || !place ||
	    (job.topo && lnch_topo_plan(&topo, opt.map, opt.pe, opt.ppr, opt.bind, job.n, place) < 0)) {
		fprintf(stderr, "mpirun-shm: out of memory\n");
		goto fail_ranks;
	}
	if (opt.rankfile && job.topo &&
	    lnch_rankfile_apply(&topo, opt.rankfile, job.n, place, err, sizeof(err)) < 0) {
		fprintf(stderr, "mpirun-shm: %s\n", err);
		rc = EXIT_USAGE;
		goto fail_ranks;
	}
	bool bind;
	init_ranks(&job, place, cores, &bind);
	for (uint32_t i = job.n; i < job.slots; i++)
		cores[i] = -1;
	if (bind && (e = lnch_topo_place_rings(&topo, &job.seg, cores)) < 0)
		fprintf(stderr, "mpirun-shm: warning: NUMA placement of rings failed: %s\n",
			strerror(-e));
	job.ctl_fd = lnch_dyn_open(universe, NULL);
	if (job.ctl_fd < 0)
		/* The job runs; MPI_Comm_spawn in it will say it cannot reach us. */
		job.ctl_fd = -1;
	if ((e = set_common_env(&opt, job.seg.fd)) < 0) {
		fprintf(stderr, "mpirun-shm: cannot set the environment: %s\n", strerror(-e));
		goto fail_ranks;
	}

	if (opt.display_map)
		display_map(&job, &topo);
	lnch_output_style(opt.tag_ompi ? LNCH_TAG_OMPI : opt.tag_output ? LNCH_TAG_RANK
									  : LNCH_TAG_NONE,
			  opt.timestamp);
	run_job(&job, &topo, sigfd, &stop);
	rc = job.failed ? job.status : job.spared_status;

fail_ranks:
	if (job.topo)
		lnch_topo_unplace(opt.nranks, place);  /* job.n grew with spawns */
	free(place);
	free(cores);
	free(job.ranks);
	if (job.ctl_fd >= 0)
		close(job.ctl_fd);
	shm_seg_detach(&job.seg);
fail_topo:
	if (job.topo)
		lnch_topo_free(&topo);
	close(sigfd);
	lnch_options_free(&opt);
	return rc;
}
