/*
 * launcher/dynamic.c - MPI_Comm_spawn in the launcher (docs/dynamic.md).
 *
 * The segment is made with member slots for the universe and
 * LNCH_DYN_SPARE more (lnch_dyn_slots); the first N ranks take the first
 * slots and each spawn takes the next free ones, never reused in a job.
 * The ranks reach us through one listening SOCK_SEQPACKET socket with an
 * abstract name (SHMPI_LAUNCHER): one packet a request, one an answer.
 * Abstract names have no file permissions, so a connection is served only
 * when its peer runs as our user (SO_PEERCRED).
 *
 * A request names the parents (members), the context ids the root took
 * and, per command, maxprocs, the program, its arguments and the info
 * keys wdir, path and soft (lib/comm/dynamic.c checks host).  Every
 * command is checked before anything starts: a program that cannot be
 * executed or a wdir that does not exist fails the whole spawn with a
 * reason and a code per process (the processes of the bad command
 * "spawn", the others "not started"), so a bad command never leaves half
 * a world waiting.  Children are started as the first ranks are
 * (lnch_spawn_rank: fork, pipes, pidfd, session) and become ordinary
 * ranks of the job for the loop: output forwarded and tagged with their
 * member number, and a failure takes the job down.  They are bound as
 * the first ranks are (place_children): the launcher's --map-by and
 * --bind-to continue over the members, so member m of the job gets the
 * place rank m of a job of that size would have.
 *
 * Answer fields: status ("ok", "arg" for a malformed request, "spawn"),
 * first member, processes started, processes asked for, the codes (0
 * started, 1 not) as a comma list, a one-line reason.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/random.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include "launcher/dynamic.h"
#include "launcher/loop.h"
#include "launcher/program.h"
#include "launcher/spawn.h"
#include "shm/config.h"

uint32_t lnch_dyn_slots(uint32_t n, uint32_t universe)
{
	uint64_t s = (uint64_t)(universe > n ? universe : n) + LNCH_DYN_SPARE;
	return s > SHM_MAX_MEMBERS ? (n > SHM_MAX_MEMBERS ? n : SHM_MAX_MEMBERS) : (uint32_t)s;
}

uint32_t lnch_dyn_universe(const struct lnch_options *o, uint32_t ncpus)
{
	if (o->universe)
		return o->universe;
	/* The variable, for scripts that cannot add an option (the MPICH
	 * suite's spawn tests want a universe larger than their worlds). */
	uint32_t env = (uint32_t)shm_config_get("SHMPI_UNIVERSE_SIZE");
	if (env)
		return env > o->nranks ? env : o->nranks;
	return ncpus > o->nranks ? ncpus : o->nranks;
}

int lnch_dyn_open(uint32_t universe, const char *given_name)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	uint64_t rnd = 0;
	char name[64], num[16];

	if (getrandom(&rnd, sizeof(rnd), GRND_NONBLOCK) != sizeof(rnd))
		rnd ^= (uint64_t)getpid() * 0x9e3779b97f4a7c15ull;
	snprintf(name, sizeof(name), "shmpi-%d-%016llx", (int)getpid(), (unsigned long long)rnd);
	if (given_name)
		snprintf(name, sizeof(name), "%s", given_name);
	size_t n = strlen(name);
	memcpy(sa.sun_path + 1, name, n);
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&sa, (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n)) < 0 ||
	    listen(fd, 64) < 0) {
		int e = -errno;
		close(fd);
		return e;
	}
	snprintf(num, sizeof(num), "%u", universe);
	if (setenv("SHMPI_LAUNCHER", name, 1) < 0 || setenv("SHMPI_UNIVERSE_SIZE", num, 1) < 0) {
		int e = -errno;
		close(fd);
		return e;
	}
	return fd;
}

bool lnch_dyn_peer_ok(int fd)
{
	struct ucred cr;
	socklen_t len = sizeof(cr);
	return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) == 0 && cr.uid == getuid();
}

/* The fields of a request, read in order. */
struct rd {
	char *p, *end;
	bool bad;
};

static const char *field(struct rd *r)
{
	if (r->bad || r->p >= r->end) {
		r->bad = true;
		return "";
	}
	const char *f = r->p;
	char *z = memchr(r->p, '\0', (size_t)(r->end - r->p));
	if (!z) {
		r->bad = true;
		return "";
	}
	r->p = z + 1;
	return f;
}

static unsigned long num_field(struct rd *r, unsigned long max)
{
	const char *f = field(r);
	char *end;
	unsigned long v = strtoul(f, &end, 10);
	if (!*f || *end || v > max)
		r->bad = true;
	return v;
}

/* One command of a request. */
struct cmd {
	uint32_t maxprocs, n;   /* asked for, to start */
	const char *prog;
	char **argv;            /* prog's path, the arguments, NULL */
	const char *wdir, *path, *soft;
	char exe[4096];
};

/* The largest count the soft key allows that is at most limit, or -1.
 * Soft is a comma list of a, a:b or a:b:c (from a to b by c), as the
 * standard writes it. */
static long soft_pick(const char *soft, uint32_t limit)
{
	long best = -1;
	const char *p = soft;
	while (*p) {
		char *end;
		long a = strtol(p, &end, 10), b = a, c = 1;
		if (end == p)
			return -2;
		if (*end == ':') {
			p = end + 1;
			b = strtol(p, &end, 10);
			if (end == p)
				return -2;
			if (*end == ':') {
				p = end + 1;
				c = strtol(p, &end, 10);
				if (end == p || c == 0)
					return -2;
			}
		}
		for (long v = a; c > 0 ? v <= b : v >= b; v += c)
			if (v >= 0 && v <= (long)limit && v > best)
				best = v;
		if (*end != ',' && *end != '\0')
			return -2;
		p = *end ? end + 1 : end;
	}
	return best;
}

/* Where cmd's program is: a name without '/' on the path key's folders,
 * then on PATH, then in the working folder (as Open MPI's spawn looks);
 * a relative path from wdir.  0 or -errno. */
static int find_program(struct cmd *c)
{
	if (!strchr(c->prog, '/') && c->path && *c->path) {
		for (const char *p = c->path; *p;) {
			const char *end = strchrnul(p, ':');
			snprintf(c->exe, sizeof(c->exe), "%.*s/%s", (int)(end - p), p, c->prog);
			if (access(c->exe, X_OK) == 0)
				return 0;
			p = *end ? end + 1 : end;
		}
	}
	int e = lnch_program_path(c->prog, c->wdir, c->exe, sizeof(c->exe));
	if (e == -ENOENT && !strchr(c->prog, '/')) {
		snprintf(c->exe, sizeof(c->exe), "%s/%s", c->wdir ? c->wdir : ".", c->prog);
		if (access(c->exe, X_OK) == 0)
			return 0;
	}
	return e;
}

/* Bind children base..base+total-1 as the first ranks are bound: the same
 * --map-by, --map-by X:PE=n and --bind-to, planned for a job of
 * base + total ranks, whose first places are those of the first ranks
 * (the plan deals in order), so the children take the places after them,
 * wrapping onto used cores when --bind-to asks for more than there are.
 * The default policy (core when N x PE <= cores, else none) is asked of
 * the members after the spawn: past the cores the children are not bound
 * (the first ranks stay as they are).  Nothing when the first ranks are
 * not bound, under a rankfile (it names the first ranks only) and in a
 * singleton's launcher (no topology).  Returns the children's places
 * (total of them, the caller frees the array; the sets go to the ranks
 * and live as long as the job), or NULL: not bound. */
static struct lnch_place *place_children(struct lnch_job *job, uint32_t base, uint32_t total)
{
	const struct lnch_options *o = job->opt;
	bool bound = false;
	for (uint32_t i = 0; i < o->nranks && i < job->n; i++)
		bound = bound || job->ranks[i].set;
	if (!job->topo || o->rankfile || !bound)
		return NULL;
	struct lnch_place *place = calloc((size_t)base + total, sizeof(*place));
	if (!place || lnch_topo_plan(job->topo, o->map, o->pe ? o->pe : 1, o->ppr, o->bind,
				     base + total, place) < 0) {
		fprintf(stderr, "mpirun-shm: warning: spawned ranks %u-%u not bound: out of memory\n",
			base, base + total - 1);
		if (place)
			lnch_topo_unplace(base + total, place);
		free(place);
		return NULL;
	}
	lnch_topo_unplace(base, place);
	memmove(place, place + base, sizeof(*place) * total);
	for (uint32_t k = 0; k < total && o->report_bindings; k++) {
		char where[256];
		if (!place[k].set)
			continue;
		lnch_topo_describe(job->topo, place[k].set, o->bind == LNCH_BIND_SOCKET ||
				   o->bind == LNCH_BIND_NUMA, where, sizeof(where));
		fprintf(stderr, "mpirun-shm: spawned rank %u bound to %s\n", base + k, where);
	}
	return place;
}

/* Write the answer. */
static size_t answer(char *ans, size_t cap, const char *status, uint32_t first,
		     uint32_t started, const struct cmd *cmds, uint32_t ncmds, const char *reason)
{
	size_t o = 0, asked = 0;
	for (uint32_t i = 0; i < ncmds; i++)
		asked += cmds[i].maxprocs;
	o += (size_t)snprintf(ans + o, cap - o, "%s", status) + 1;
	o += (size_t)snprintf(ans + o, cap - o, "%u", first) + 1;
	o += (size_t)snprintf(ans + o, cap - o, "%u", started) + 1;
	o += (size_t)snprintf(ans + o, cap - o, "%zu", asked) + 1;
	/* Codes: 0 for each process started; 1 for those of the command
	 * that failed (and of all when bad_cmd is -1 and none started) or
	 * cut by soft. */
	for (uint32_t i = 0; i < ncmds && o + 16 < cap; i++)
		for (uint32_t k = 0; k < cmds[i].maxprocs && o + 16 < cap; k++) {
			int code = started ? k >= cmds[i].n : 1;
			o += (size_t)snprintf(ans + o, cap - o, "%s%d", i || k ? "," : "", code);
		}
	ans[o++] = '\0';
	if (o < cap)
		o += (size_t)snprintf(ans + o, cap - o, "%s", reason) + 1;
	return o < cap ? o : cap;
}

size_t lnch_dyn_serve(struct lnch_job *job, char *req, size_t len, char *ans, size_t cap,
		      uint32_t *first, uint32_t *count, bool *failed)
{
	struct rd r = { req, req + len, false };
	struct lnch_place *places = NULL;  /* the children's, or NULL: unbound */
	char reason[512];
	*first = job->n;
	*count = 0;
	*failed = false;

	if (strcmp(field(&r), "spawn") != 0)
		return answer(ans, cap, "arg", 0, 0, NULL, 0, "unknown request");
	unsigned long ctx = num_field(&r, UINT32_MAX - 6);
	unsigned long nparents = num_field(&r, job->slots);
	const char *parents = field(&r);
	unsigned long ncmds = num_field(&r, 4096);
	if (r.bad || !ncmds || !nparents)
		return answer(ans, cap, "arg", 0, 0, NULL, 0, "malformed spawn request");
	struct cmd *cmds = calloc(ncmds, sizeof(*cmds));
	if (!cmds)
		return answer(ans, cap, "spawn", 0, 0, NULL, 0, "the launcher is out of memory");
	uint64_t total = 0;
	size_t out = 0;
	for (unsigned long i = 0; i < ncmds && !r.bad; i++) {
		struct cmd *c = &cmds[i];
		c->maxprocs = (uint32_t)num_field(&r, SHM_MAX_MEMBERS);
		c->n = c->maxprocs;
		c->prog = field(&r);
		unsigned long nargs = num_field(&r, 1u << 20);
		if (r.bad)
			break;
		c->argv = calloc(nargs + 2, sizeof(char *));
		if (!c->argv) {
			out = answer(ans, cap, "spawn", 0, 0, cmds, (uint32_t)i,
				     "the launcher is out of memory");
			goto done;
		}
		for (unsigned long k = 0; k < nargs; k++)
			c->argv[k + 1] = (char *)field(&r);
		c->wdir = field(&r);
		c->path = field(&r);
		c->soft = field(&r);
		if (!*c->wdir)
			c->wdir = NULL;
	}
	if (r.bad) {
		out = answer(ans, cap, "arg", 0, 0, NULL, 0, "malformed spawn request");
		goto done;
	}
	/* Every program and folder before anything starts. */
	for (unsigned long i = 0; i < ncmds; i++) {
		struct cmd *c = &cmds[i];
		struct stat st;
		if (c->wdir && (stat(c->wdir, &st) < 0 || !S_ISDIR(st.st_mode))) {
			snprintf(reason, sizeof(reason), "cannot use wdir '%.300s': %s", c->wdir,
				 errno ? strerror(errno) : "not a directory");
			out = answer(ans, cap, "spawn", 0, 0, cmds, (uint32_t)ncmds, reason);
			goto done;
		}
		int e = find_program(c);
		if (e < 0) {
			snprintf(reason, sizeof(reason), "cannot execute '%.300s': %s", c->prog,
				 e == -ENOENT && !strchr(c->prog, '/') ? "command not found"
								       : strerror(-e));
			out = answer(ans, cap, "spawn", 0, 0, cmds, (uint32_t)ncmds, reason);
			goto done;
		}
		c->argv[0] = c->exe;
	}
	/* Room: soft commands shrink to what fits, in order. */
	uint32_t room = job->slots - job->n;
	for (unsigned long i = 0; i < ncmds; i++)
		total += cmds[i].n;
	for (unsigned long i = 0; i < ncmds; i++) {
		struct cmd *c = &cmds[i];
		if (!*c->soft)
			continue;
		uint64_t others = total - c->n;
		uint32_t limit = c->maxprocs;
		if (total > room)
			limit = others >= room ? 0 : (uint32_t)(room - others) < limit
							      ? (uint32_t)(room - others) : limit;
		long pick = soft_pick(c->soft, limit);
		if (pick == -2) {
			snprintf(reason, sizeof(reason), "info soft '%.200s' is not a list of a, a:b "
				 "or a:b:c", c->soft);
			out = answer(ans, cap, "spawn", 0, 0, cmds, (uint32_t)ncmds, reason);
			goto done;
		}
		total -= c->n;
		c->n = pick < 0 ? 0 : (uint32_t)pick;
		total += c->n;
	}
	if (total > room || total == 0) {
		if (total == 0)
			snprintf(reason, sizeof(reason), "no process to start");
		else
			snprintf(reason, sizeof(reason), "no room for %llu more processes: the job has "
				 "%u member slots and %u are taken (mpirun-shm --universe-size sets "
				 "the room: docs/dynamic.md)", (unsigned long long)total, job->slots,
				 job->n);
		out = answer(ans, cap, "spawn", 0, 0, cmds, (uint32_t)ncmds, reason);
		goto done;
	}

	/* Each command's program: its argv, and the variables that name the
	 * new world and its parents (set in the child after ours). */
	uint32_t base = job->n;
	char *world = NULL, *parent = NULL, *size = NULL, *osize = NULL, *olsize = NULL,
	     *pmisize = NULL, *nranks = NULL;
	if (asprintf(&world, "SHMPI_WORLD=%u:%llu:%lu", base, (unsigned long long)total, ctx + 4) < 0 ||
	    asprintf(&parent, "SHMPI_PARENT=%lu:%s", ctx, parents) < 0 ||
	    asprintf(&size, "SHMPI_SIZE=%llu", (unsigned long long)total) < 0 ||
	    asprintf(&osize, "OMPI_COMM_WORLD_SIZE=%llu", (unsigned long long)total) < 0 ||
	    asprintf(&olsize, "OMPI_COMM_WORLD_LOCAL_SIZE=%llu", (unsigned long long)total) < 0 ||
	    asprintf(&pmisize, "PMI_SIZE=%llu", (unsigned long long)total) < 0 ||
	    asprintf(&nranks, "MPI_LOCALNRANKS=%llu", (unsigned long long)total) < 0) {
		out = answer(ans, cap, "spawn", 0, 0, cmds, (uint32_t)ncmds,
			     "the launcher is out of memory");
		goto done;
	}
	const char *envs[] = { world, parent, size, osize, olsize, pmisize, nranks };
	places = place_children(job, base, (uint32_t)total);
	/* Counted before any child can reach MPI_Finalize, and before the
	 * parents hear of the children (segment.h). */
	shm_store_seq_cst(&job->seg.hdr->started, base + (uint32_t)total);
	for (unsigned long i = 0; i < ncmds; i++) {
		struct cmd *c = &cmds[i];
		/* Kept for the job's life: the ranks refer to it. */
		struct lnch_app *app = calloc(1, sizeof(*app));
		const char **env = malloc(sizeof(envs));
		if (!app || !env) {
			free(app);
			free(env);
			lnch_job_fail(job, 1, -1, "cannot spawn: the launcher is out of memory");
			*failed = true;
			out = answer(ans, cap, "spawn", 0, 0, cmds, (uint32_t)ncmds,
				     "the launcher is out of memory");
			goto done;
		}
		memcpy(env, envs, sizeof(envs));
		app->nranks = c->n;
		app->env = env;
		app->nenv = sizeof(envs) / sizeof(envs[0]);
		app->wdir = c->wdir ? strdup(c->wdir) : NULL;
		/* The request buffer is the loop's: copy what the child uses. */
		size_t na = 0;
		while (c->argv[na])
			na++;
		app->argv = calloc(na + 1, sizeof(char *));
		for (size_t k = 0; app->argv && k < na; k++)
			app->argv[k] = strdup(c->argv[k]);
		for (uint32_t k = 0; k < c->n; k++) {
			uint32_t m = job->n;
			struct lnch_rank *rk = &job->ranks[m];
			memset(rk, 0, sizeof(*rk));
			rk->pidfd = -1;
			rk->out.fd = rk->err.fd = -1;
			rk->out.file_fd = rk->err.file_fd = -1;
			rk->core = -1;
			rk->app = (uint32_t)i;
			rk->prog = app;
			rk->world_first = base;
			rk->set = places ? places[m - base].set : NULL;
			rk->core = rk->set ? places[m - base].core : -1;
			int e = app->argv ? lnch_spawn_rank(job, m, false) : -ENOMEM;
			if (e < 0) {
				lnch_job_fail(job, 1, -1, "cannot start spawned rank %u (%s): %s", m,
					      c->prog, strerror(-e));
				*failed = true;
				out = answer(ans, cap, "spawn", 0, 0, cmds, (uint32_t)ncmds,
					     "cannot fork a child");
				goto done;
			}
			job->n++;
		}
	}
	*first = base;
	*count = (uint32_t)total;
	out = answer(ans, cap, "ok", base, (uint32_t)total, cmds, (uint32_t)ncmds, "");
done:
	for (unsigned long i = 0; i < ncmds; i++)
		free(cmds[i].argv);
	free(cmds);
	free(places);
	return out;
}

int lnch_dyn_singleton(int argc, char **argv)
{
	static struct lnch_options opt;
	static struct lnch_job job;
	char *end;
	(void)argc;
	long pid = strtol(argv[2], &end, 10);
	long fd = *end ? -1 : strtol(argv[3], &end, 10);
	if (pid <= 0 || fd < 0 || *end)
		return 2;
	/* No death signal: the singleton's end is seen through its pidfd
	 * (the loop's rank 0), and an end after MPI_Finalize is a clean one
	 * (its children finished MPI_Finalize with it) where a signal would
	 * read as a take-down. */
	if (getppid() != (pid_t)pid)
		return 1;
	opt.nranks = 1;
	opt.rank_sessions = 0;
	memset(&job, 0, sizeof(job));
	job.opt = &opt;
	job.stdin_w = -1;
	job.msg_rank = -1;
	if (shm_seg_attach((int)fd, &job.seg) < 0)
		return 1;
	job.n = 1;
	job.slots = job.seg.geo.nmembers;
	job.ranks = calloc(job.slots, sizeof(*job.ranks));
	if (!job.ranks)
		return 1;
	struct lnch_rank *r = &job.ranks[0];
	r->pid = (pid_t)pid;
	r->pidfd = (int)syscall(SYS_pidfd_open, (pid_t)pid, 0);
	r->out.fd = r->err.fd = r->out.file_fd = r->err.file_fd = -1;
	r->core = -1;
	if (r->pidfd < 0)
		return 1;
	job.live = 1;
	job.ctl_fd = lnch_dyn_open(lnch_dyn_universe(&opt, shm_seg_cpus(&job.seg)), argv[4]);
	if (job.ctl_fd < 0)
		return 1;
	char num[24];
	snprintf(num, sizeof(num), "%ld", fd);
	setenv("SHMPI_SEG_FD", num, 1);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	int sigfd = signalfd(-1, &set, SFD_CLOEXEC);
	if (sigfd < 0)
		return 1;
	lnch_output_style(LNCH_TAG_NONE, false);
	if (lnch_loop_run(&job, sigfd, -1) < 0)
		return 1;
	return job.failed ? job.status : job.spared_status;
}
