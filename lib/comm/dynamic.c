/*
 * lib/comm/dynamic.c - dynamic processes: MPI_Comm_spawn,
 * MPI_Comm_spawn_multiple, MPI_Comm_get_parent, and a spawned rank's
 * world and parent at MPI_Init (docs/dynamic.md).
 *
 * Spawned ranks live in the job's one segment: the launcher makes it with
 * spare member slots above the first N (launcher/main.c), and forks the
 * children into them on request, as it forks the first ranks.  So a child
 * is a member like any other: its rings to every member exist from the
 * start, point-to-point, collectives, windows and the extensions need
 * nothing new, and a message sent to a child before it reaches MPI_Init
 * waits in its ring.
 *
 * The request travels over a SOCK_SEQPACKET connection to the launcher's
 * control socket (an abstract Unix name, SHMPI_LAUNCHER; the launcher
 * accepts only its own user).  The spawn's root builds the request,
 * waits for the answer (the children's first member, or an error class
 * and a reason with a code per process) and broadcasts it over the parent
 * communicator; every parent then builds the intercommunicator with the
 * same context ids.  The wire format (NUL-separated fields) is written
 * and read only here and in launcher/dynamic.c:
 *   request: "spawn" ctx nparents parent-members(comma list) ncmds, then per
 *            command: maxprocs command nargs args... wdir path soft
 *   answer:  status first nstarted nprocs codes(comma list) reason
 *
 * Context ids: the root takes three pairs from the job-wide counter: ctx
 * for the intercommunicator, ctx + 2 for its hidden local halves (each
 * side's own group), ctx + 4 for the children's MPI_COMM_WORLD.  The
 * children learn them from SHMPI_WORLD ("first:size:ctx") and
 * SHMPI_PARENT ("ctx:m0,m1,..." the parents' members in rank order),
 * which the launcher sets for them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lib/attr/attr.h"
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "lib/comm/comm.h"
#include "lib/comm/group.h"
#include "shm/config.h"

/* The children's world context id (0 for the first world). */
static uint32_t world_ctx;
/* The parent intercommunicator, with a reference of our own so that its
 * object is never reused while we point at it; NULL in the first ranks. */
static struct mpii_comm *parent_comm;
/* The connection to the launcher, opened at the first spawn; -1 before.
 * ctl_lock keeps one request and its answer together on it when threads
 * of this process spawn at once (MPI_THREAD_MULTIPLE); the big lock is not
 * held across the launcher's fork and answer. */
static int ctl_fd = -1;
static pthread_mutex_t ctl_lock = PTHREAD_MUTEX_INITIALIZER;

int mpii_dyn_world(int *base, int *size)
{
	const char *w = shm_config_env("SHMPI_WORLD");
	unsigned long b, s, c;
	char end;
	if (!w || !*w)
		return 0;
	if (sscanf(w, "%lu:%lu:%lu%c", &b, &s, &c, &end) != 3 || b > INT_MAX || s < 1 ||
	    s > INT_MAX || c > UINT32_MAX - 2)
		return -1;
	*base = (int)b;
	*size = (int)s;
	world_ctx = (uint32_t)c;
	return 0;
}

uint32_t mpii_dyn_world_ctx(void)
{
	return world_ctx;
}

int mpii_dyn_init(void)
{
	const char *p = shm_config_env("SHMPI_PARENT");
	unsigned long ctx;
	char *end;
	if (!p || !*p)
		return MPI_SUCCESS;
	ctx = strtoul(p, &end, 10);
	if (*end != ':' || ctx > UINT32_MAX - 4)
		return MPI_ERR_INTERN;
	int n = 1;
	for (const char *q = end + 1; *q; q++)
		n += *q == ',';
	struct mpii_group *remote = mpii_group_new(n);
	if (!remote)
		return MPI_ERR_NO_MEM;
	const char *q = end + 1;
	for (int i = 0; i < n; i++) {
		unsigned long m = strtoul(q, &end, 10);
		if ((*end != ',' && *end != '\0') || m >= (unsigned long)mpii_g.nmembers) {
			mpii_group_unref(remote);
			return MPI_ERR_INTERN;
		}
		remote->world[i] = (int)m;
		q = end + 1;
	}
	mpii_group_set_rank(remote);
	int rc = mpii_make_inter_of(&mpii_obj_comm_world, (uint32_t)ctx,
				    mpii_group_ref(mpii_obj_comm_world.group), remote, &parent_comm);
	if (rc)
		return rc;
	/* The name MPI-2 8.4 (MPI-4.1 11.8.2) gives it. */
	snprintf(parent_comm->name, sizeof(parent_comm->name), "MPI_COMM_PARENT");
	/* Our own reference (the top comment): MPI_Comm_get_parent hands out
	 * the other one. */
	mpii_comm_ref(parent_comm);
	return MPI_SUCCESS;
}

#pragma weak MPI_Comm_get_parent = PMPI_Comm_get_parent
int PMPI_Comm_get_parent(MPI_Comm *parent)
{
	MPII_CHECK_INIT("MPI_Comm_get_parent");
	if (!parent)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Comm_get_parent", "parent is NULL");
	/* Freed or disconnected by the program: only our reference is left,
	 * and the standard says MPI_COMM_NULL from then on.  Relaxed: a
	 * count read for this thread's own earlier free. */
	if (!parent_comm || shm_load_relaxed(&parent_comm->refcount) <= 1)
		*parent = MPI_COMM_NULL;
	else
		*parent = parent_comm;
	return MPI_SUCCESS;
}

/* ------------------------------------------------------------ the root */

/* A growing request buffer of NUL-ended fields. */
struct wbuf {
	char *p;
	size_t len, cap;
	int oom;
};

static void put(struct wbuf *b, const char *s)
{
	size_t n = strlen(s) + 1;
	if (b->oom)
		return;
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + n)
			cap *= 2;
		char *np = realloc(b->p, cap);
		if (!np) {
			b->oom = 1;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

static void putu(struct wbuf *b, unsigned long v)
{
	char num[24];
	snprintf(num, sizeof(num), "%lu", v);
	put(b, num);
}

/* What the root learned, broadcast to the other parents. */
struct outcome {
	int cls;        /* MPI_SUCCESS or an error class */
	int first;      /* the children's first member */
	int nstarted;
	int nprocs;     /* codes that follow */
	uint32_t ctx;
};

/* Is host this node?  "localhost", the loopback addresses, or our name
 * (the short or the full one). */
static int host_is_here(const char *h)
{
	char me[256] = "";
	gethostname(me, sizeof(me) - 1);
	size_t shortlen = strcspn(me, ".");
	return !strcmp(h, "localhost") || !strcmp(h, "127.0.0.1") || !strcmp(h, "::1") ||
	       !strcmp(h, me) || (strlen(h) == shortlen && !strncmp(h, me, shortlen));
}

/* The launcher's abstract socket name, once a singleton has started its
 * own. */
static char own_launcher[64];

/* A singleton's first spawn: start mpirun-shm --singleton-of for this
 * process (launcher/dynamic.c), giving it the segment (a descriptor
 * without close-on-exec) and the socket name to listen on.  Our child;
 * it serves this process's spawns from then on and ends with the last
 * of them.  0, or an error class with *why. */
static int start_launcher(const char **why)
{
	static char msg[256];
	const char *prog = shm_config_env("SHMPI_LAUNCHER_PROGRAM");
	char installed[4096];
	snprintf(installed, sizeof(installed), "%s/mpirun-shm", MPII_BINDIR);
	if (!prog)
		prog = access(installed, X_OK) == 0 ? installed : "mpirun-shm";
	uint64_t rnd = (uint64_t)getpid() * 0x9e3779b97f4a7c15ull;
	FILE *ur = fopen("/dev/urandom", "re");
	if (ur) {
		if (fread(&rnd, sizeof(rnd), 1, ur) != 1)
			rnd ^= 1;
		fclose(ur);
	}
	snprintf(own_launcher, sizeof(own_launcher), "shmpi-s%d-%016llx", (int)getpid(),
		 (unsigned long long)rnd);
	int fd = dup(mpii_g.seg.fd);  /* dup: no close-on-exec */
	if (fd < 0) {
		*why = "cannot pass the segment to a launcher";
		return MPI_ERR_SPAWN;
	}
	char spid[24], sfd[24];
	snprintf(spid, sizeof(spid), "%d", (int)getpid());
	snprintf(sfd, sizeof(sfd), "%d", fd);
	pid_t pid = fork();
	if (pid == 0) {
		execlp(prog, prog, "--singleton-of", spid, sfd, own_launcher, (char *)NULL);
		_exit(127);
	}
	close(fd);
	if (pid < 0) {
		*why = "cannot fork a launcher";
		own_launcher[0] = '\0';
		return MPI_ERR_SPAWN;
	}
	/* Wait for it to listen (or to fail), up to 10 s. */
	for (int i = 0; i < 20000; i++) {
		int st;
		if (waitpid(pid, &st, WNOHANG) == pid) {
			snprintf(msg, sizeof(msg), "a singleton spawns through mpirun-shm, and '%.150s' "
				 "did not start (set SHMPI_LAUNCHER_PROGRAM)", prog);
			*why = msg;
			own_launcher[0] = '\0';
			return MPI_ERR_SPAWN;
		}
		struct sockaddr_un sa = { .sun_family = AF_UNIX };
		size_t n = strlen(own_launcher);
		memcpy(sa.sun_path + 1, own_launcher, n);
		int s = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
		if (s >= 0 && connect(s, (struct sockaddr *)&sa,
				      (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n)) == 0) {
			ctl_fd = s;
			return 0;
		}
		if (s >= 0)
			close(s);
		usleep(500);
	}
	*why = "the launcher this singleton started does not answer";
	return MPI_ERR_SPAWN;
}

/* The connection to the launcher: 0, or an error class with *why. */
static int ctl_connect(const char **why)
{
	if (ctl_fd >= 0)
		return 0;
	const char *name = own_launcher[0] ? own_launcher : shm_config_env("SHMPI_LAUNCHER");
	if (!name || !*name) {
		/* A singleton (no segment inherited) starts a launcher. */
		if (!shm_config_env(SHM_SEG_FD_ENV))
			return start_launcher(why);
		*why = "the launcher of this job does not serve MPI_Comm_spawn";
		return MPI_ERR_SPAWN;
	}

	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	size_t n = strlen(name);
	if (n + 1 > sizeof(sa.sun_path)) {
		*why = "SHMPI_LAUNCHER is too long";
		return MPI_ERR_INTERN;
	}
	/* Abstract name: a leading NUL, not a file. */
	memcpy(sa.sun_path + 1, name, n);
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa,
			      (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n)) < 0) {
		if (fd >= 0)
			close(fd);
		*why = "cannot reach the launcher (mpirun-shm) of this job";
		return MPI_ERR_SPAWN;
	}
	ctl_fd = fd;
	return 0;
}

/* Send the request, read the answer into o, codes (o->nprocs of them,
 * malloc'd) and why (the reason, static).  Returns the class. */
static int ask_launcher(struct wbuf *req, struct outcome *o, int **codes, const char **why)
{
	static char ans[65536];
	int rc = ctl_connect(why);
	if (rc)
		return rc;
	ssize_t w;
	while ((w = send(ctl_fd, req->p, req->len, MSG_NOSIGNAL)) < 0 && errno == EINTR)
		;
	ssize_t r = -1;
	if (w == (ssize_t)req->len)
		while ((r = recv(ctl_fd, ans, sizeof(ans) - 1, 0)) < 0 && errno == EINTR)
			;
	if (r <= 0) {
		close(ctl_fd);
		ctl_fd = -1;
		*why = w == (ssize_t)req->len ? "the launcher did not answer"
					       : "the request to the launcher failed (too large?)";
		return MPI_ERR_SPAWN;
	}
	ans[r] = '\0';
	/* class first nstarted nprocs codes reason */
	char *f[6];
	char *p = ans, *endp = ans + r;
	for (int i = 0; i < 6; i++) {
		if (p >= endp) {
			*why = "the launcher's answer is malformed";
			return MPI_ERR_INTERN;
		}
		f[i] = p;
		p += strlen(p) + 1;
	}
	/* "ok", "arg" (a request it could not read), else "spawn". */
	o->cls = !strcmp(f[0], "ok") ? MPI_SUCCESS : !strcmp(f[0], "arg") ? MPI_ERR_ARG : MPI_ERR_SPAWN;
	o->first = atoi(f[1]);
	o->nstarted = atoi(f[2]);
	o->nprocs = atoi(f[3]);
	if (o->nprocs < 0 || o->nprocs > SHM_MAX_MEMBERS * 16) {
		*why = "the launcher's answer is malformed";
		return MPI_ERR_INTERN;
	}
	*codes = calloc((size_t)o->nprocs + 1, sizeof(int));
	if (!*codes)
		return MPI_ERR_NO_MEM;
	char *c = f[4];
	for (int i = 0; i < o->nprocs && *c; i++) {
		/* 0 started, else not. */
		(*codes)[i] = strtol(c, &c, 10) ? MPI_ERR_SPAWN : MPI_SUCCESS;
		if (*c == ',')
			c++;
	}
	static char reason[512];
	snprintf(reason, sizeof(reason), "%s", f[5]);
	*why = reason;
	return o->cls;
}

/* The root's part: check the arguments that only it sees, build and send
 * the request.  o->cls and *why say how it went. */
static void root_spawn(int count, char *commands[], char **argvs[], const int maxprocs[],
		       const MPI_Info infos[], struct mpii_comm *comm, struct outcome *o,
		       int **codes, const char **why)
{
	static char msg[512];
	struct wbuf b = { 0 };
	long total = 0;

	o->cls = MPI_SUCCESS;
	if (count <= 0 || !commands || !maxprocs) {
		o->cls = MPI_ERR_ARG;
		*why = count <= 0 ? "count must be positive" : "commands or maxprocs is NULL";
		return;
	}
	for (int i = 0; i < count; i++) {
		if (!commands[i] || !*commands[i]) {
			o->cls = MPI_ERR_ARG;
			*why = "a command is NULL or empty";
			return;
		}
		if (maxprocs[i] < 0 || maxprocs[i] > SHM_MAX_MEMBERS) {
			o->cls = MPI_ERR_ARG;
			snprintf(msg, sizeof(msg), "maxprocs %d of '%s' is out of range", maxprocs[i],
				 commands[i]);
			*why = msg;
			return;
		}
		total += maxprocs[i];
		MPI_Info info = infos ? infos[i] : MPI_INFO_NULL;
		if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO)) {
			o->cls = MPI_ERR_INFO;
			*why = "an info argument is not a valid info object";
			return;
		}
		const char *host = info != MPI_INFO_NULL ? mpii_info_lookup(info, "host") : NULL;
		if (host && *host && !host_is_here(host)) {
			o->cls = MPI_ERR_SPAWN;
			snprintf(msg, sizeof(msg), "info host '%.200s' is not this node: shmpi spawns "
				 "on the node of the job only", host);
			*why = msg;
			return;
		}
	}
	o->ctx = mpii_ctx_alloc(3);
	put(&b, "spawn");
	putu(&b, o->ctx);
	putu(&b, (unsigned long)comm->size);
	{
		size_t cap = (size_t)comm->size * 11 + 1, k = 0;
		char *list = malloc(cap);
		if (!list) {
			o->cls = MPI_ERR_NO_MEM;
			*why = "out of memory";
			return;
		}
		for (int i = 0; i < comm->size; i++)
			k += (size_t)snprintf(list + k, cap - k, "%s%d", i ? "," : "",
					      comm->group->world[i]);
		put(&b, list);
		free(list);
	}
	putu(&b, (unsigned long)count);
	for (int i = 0; i < count; i++) {
		MPI_Info info = infos ? infos[i] : MPI_INFO_NULL;
		char **argv = argvs ? argvs[i] : NULL;
		int nargs = 0;
		while (argv && argv[nargs])
			nargs++;
		putu(&b, (unsigned long)maxprocs[i]);
		put(&b, commands[i]);
		putu(&b, (unsigned long)nargs);
		for (int k = 0; k < nargs; k++)
			put(&b, argv[k]);
		/* The children start where the root is (as Open MPI's and
		 * MPICH's do), or in wdir taken from there: the launcher's
		 * folder may be another (-wdir), and a relative command is
		 * the root's. */
		const char *wdir = info != MPI_INFO_NULL ? mpii_info_lookup(info, "wdir") : NULL;
		char cwd[4096], where[8192];
		if (!getcwd(cwd, sizeof(cwd)))
			cwd[0] = '\0';
		if (wdir && *wdir && (wdir[0] == '/' || !cwd[0]))
			snprintf(where, sizeof(where), "%s", wdir);
		else if (wdir && *wdir)
			snprintf(where, sizeof(where), "%s/%s", cwd, wdir);
		else
			snprintf(where, sizeof(where), "%s", cwd);
		put(&b, where);
		static const char *const keys[] = { "path", "soft" };
		for (int k = 0; k < 2; k++) {
			const char *v = info != MPI_INFO_NULL ? mpii_info_lookup(info, keys[k]) : NULL;
			put(&b, v ? v : "");
		}
	}
	if (b.oom) {
		free(b.p);
		o->cls = MPI_ERR_NO_MEM;
		*why = "out of memory";
		return;
	}
	pthread_mutex_lock(&ctl_lock);
	o->cls = ask_launcher(&b, o, codes, why);
	pthread_mutex_unlock(&ctl_lock);
	free(b.p);
}

/* The arguments every rooted call of this chapter (spawn, accept,
 * connect) checks first: an intracommunicator, a root in it, and a place
 * for the new communicator (out, called name).  0, or the error class
 * already raised through the handler. */
int mpii_dyn_check_root(const char *fn, struct mpii_comm *comm, int root, const void *out,
			const char *name)
{
	int rc;

	if ((rc = mpii_comm_check(comm)))
		return mpii_err(NULL, rc, fn, "invalid communicator");
	if (comm->is_inter)
		return mpii_err(comm, MPI_ERR_COMM, fn, "comm is an intercommunicator");
	if (root < 0 || root >= comm->size)
		return mpii_err(comm, MPI_ERR_ROOT, fn, "root %d of a communicator of %d", root,
				comm->size);
	if (!out)
		return mpii_err(comm, MPI_ERR_ARG, fn, "%s is NULL", name);
	return 0;
}

/* MPI_Comm_spawn_multiple's body (MPI_Comm_spawn is count 1).  Collective
 * over comm; only the root's command arguments count. */
static int spawn(const char *fn, int count, char *commands[], char **argvs[],
		 const int maxprocs[], const MPI_Info infos[], int root, MPI_Comm comm,
		 MPI_Comm *intercomm, int errcodes[])
{
	struct outcome o = { 0 };
	int *codes = NULL;
	const char *why = "the spawn failed at its root";
	int rc;

	if ((rc = mpii_dyn_check_root(fn, comm, root, intercomm, "intercomm")))
		return rc;
	*intercomm = MPI_COMM_NULL;
	if (comm->rank == root) {
		root_spawn(count, commands, argvs, maxprocs, infos, comm, &o, &codes, &why);
		/* Refused before the launcher was asked: a code per process
		 * when maxprocs can be read, each the class. */
		if (o.cls != MPI_SUCCESS && !codes && count > 0 && count <= SHM_MAX_MEMBERS &&
		    maxprocs) {
			long total = 0;
			for (int i = 0; i < count; i++)
				total += maxprocs[i] > 0 && maxprocs[i] <= SHM_MAX_MEMBERS ? maxprocs[i] : 0;
			if ((codes = malloc(sizeof(int) * (size_t)(total + 1)))) {
				o.nprocs = (int)total;
				for (long i = 0; i < total; i++)
					codes[i] = o.cls;
			}
		}
	}
	/* The outcome, then the codes, to every parent. */
	int hdr[5] = { o.cls, o.first, o.nstarted, o.nprocs, (int)o.ctx };
	mpii_lock();
	rc = mpii_bcast(hdr, 5, MPI_INT, root, comm, NULL);
	mpii_unlock();
	if (rc) {
		free(codes);
		return mpii_err(comm, rc, fn, "cannot share the spawn's outcome");
	}
	o = (struct outcome){ hdr[0], hdr[1], hdr[2], hdr[3], (uint32_t)hdr[4] };
	if (comm->rank != root && o.nprocs > 0 && !(codes = calloc((size_t)o.nprocs, sizeof(int))))
		/* The root would wait for us in the broadcast below. */
		mpii_abort_job(MPI_ERR_NO_MEM, "MPI_Comm_spawn: out of memory for the error codes");
	if (o.nprocs > 0) {
		mpii_lock();
		rc = mpii_bcast(codes, o.nprocs, MPI_INT, root, comm, NULL);
		mpii_unlock();
		if (rc) {
			free(codes);
			return mpii_err(comm, rc, fn, "cannot share the spawn's codes");
		}
	}
	if (errcodes != MPI_ERRCODES_IGNORE)
		for (int i = 0; i < o.nprocs; i++)
			errcodes[i] = codes[i];
	free(codes);
	if (o.cls != MPI_SUCCESS)
		return mpii_err(comm, o.cls, fn, "%s",
				comm->rank == root ? why : "the spawn failed at its root");
	struct mpii_group *remote = o.nstarted > 0 ? mpii_group_new(o.nstarted) : NULL;
	if (!remote)
		return mpii_err(comm, o.nstarted > 0 ? MPI_ERR_NO_MEM : MPI_ERR_SPAWN, fn, "%s",
				o.nstarted > 0 ? "out of memory" : "no process was started");
	for (int i = 0; i < o.nstarted; i++)
		remote->world[i] = o.first + i;
	mpii_group_set_rank(remote);
	struct mpii_comm *ic;
	mpii_lock();
	rc = mpii_make_inter_of(comm, o.ctx, mpii_group_ref(comm->group), remote, &ic);
	mpii_unlock();
	if (rc)
		return mpii_err(comm, rc, fn, "cannot make the intercommunicator");
	*intercomm = ic;
	return MPI_SUCCESS;
}

#pragma weak MPI_Comm_spawn = PMPI_Comm_spawn
int PMPI_Comm_spawn(const char *command, char *argv[], int maxprocs, MPI_Info info, int root,
		    MPI_Comm comm, MPI_Comm *intercomm, int array_of_errcodes[])
{
	MPII_CHECK_INIT("MPI_Comm_spawn");
	char *cmd = (char *)command;
	char **argvs[1] = { argv };
	return spawn("MPI_Comm_spawn", 1, &cmd, argv ? argvs : NULL, &maxprocs, &info, root,
		     comm, intercomm, array_of_errcodes);
}

#pragma weak MPI_Comm_spawn_multiple = PMPI_Comm_spawn_multiple
int PMPI_Comm_spawn_multiple(int count, char *array_of_commands[], char **array_of_argv[],
			     const int array_of_maxprocs[], const MPI_Info array_of_info[],
			     int root, MPI_Comm comm, MPI_Comm *intercomm,
			     int array_of_errcodes[])
{
	MPII_CHECK_INIT("MPI_Comm_spawn_multiple");
	return spawn("MPI_Comm_spawn_multiple", count, array_of_commands, array_of_argv,
		     array_of_maxprocs, array_of_info, root, comm, intercomm, array_of_errcodes);
}

/* ports (lib/comm/port.c, namepub.c): this job's launcher name, which
 * names the job in port names; a singleton starts its launcher first.
 * NULL with *why when there is none. */
const char *mpii_dyn_launcher(const char **why)
{
	pthread_mutex_lock(&ctl_lock);
	int rc = ctl_connect(why);
	pthread_mutex_unlock(&ctl_lock);
	if (rc)
		return NULL;
	return own_launcher[0] ? own_launcher : shm_config_env("SHMPI_LAUNCHER");
}

/* ports: the launcher's name when the job has one, without starting it. */
const char *mpii_dyn_launcher_if_any(void)
{
	const char *name = own_launcher[0] ? own_launcher : shm_config_env("SHMPI_LAUNCHER");
	return name && *name ? name : NULL;
}
