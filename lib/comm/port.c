/*
 * lib/comm/port.c - MPI_Open_port, MPI_Close_port, MPI_Comm_accept,
 * MPI_Comm_connect and MPI_Comm_join (docs/dynamic.md, "Ports").
 *
 * The ranks of a job share one segment, so accept and connect only have
 * to meet: the roots ask the launcher that owns the port (its control
 * socket, launcher/ports.c), which pairs an accept with a connect and
 * tells each root the other side's members and the context ids the
 * accepting root took from the job-wide counter (two pairs: ctx for the
 * intercommunicator, ctx + 2 for its hidden local halves, as spawn takes
 * them).  Each root broadcasts that over its communicator and every
 * member builds an ordinary intercommunicator on the rings that already
 * join all members.
 *
 * A port name is "shmpi-port:LAUNCHER:NUM:COOKIE": the launcher's
 * abstract control socket name (shmpi-PID-RANDOM, which names the job),
 * the port's number in the launcher's table and 64 random bits (hex) that
 * the launcher checks, so a stale or guessed name is MPI_ERR_PORT.  Each
 * accept and connect opens its own connection to the launcher (blocking
 * until the partner comes) so that it never holds up the process's spawn
 * connection; a launcher that is gone (the port's job ended) refuses the
 * connection at once: MPI_ERR_PORT, not a hang.
 *
 * MPI_Comm_join exchanges each side's job and member number over the
 * given socket; the lower member takes the context ids and writes them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include "lib/attr/attr.h"
#include "lib/coll/coll.h"
#include "lib/core/core.h"
#include "lib/comm/comm.h"
#include "lib/comm/group.h"

#define PORT_PREFIX "shmpi-port:"

/* A launcher's answer: NUL-ended fields. */
struct answer {
	char buf[65536];
	char *f[8];
	int nf;
};

/* Ask the launcher named name (an abstract socket name) one request of
 * len bytes on a connection of its own, and wait for the answer.  Returns
 * MPI_SUCCESS with a->f[0] "ok", else an error class and *why. */
static int ask(const char *name, const char *req, size_t len, struct answer *a,
	       const char **why)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	size_t n = strlen(name);
	if (!n || n + 1 > sizeof(sa.sun_path)) {
		*why = "the port name's job part is malformed";
		return MPI_ERR_PORT;
	}
	memcpy(sa.sun_path + 1, name, n);  /* abstract: a leading NUL */
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		*why = "cannot make a socket";
		return MPI_ERR_OTHER;
	}
	if (connect(fd, (struct sockaddr *)&sa,
		    (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n)) < 0) {
		close(fd);
		*why = "the job of this port is gone (its launcher does not answer)";
		return MPI_ERR_PORT;
	}
	ssize_t w, r = -1;
	while ((w = send(fd, req, len, MSG_NOSIGNAL)) < 0 && errno == EINTR)
		;
	if (w == (ssize_t)len)
		while ((r = recv(fd, a->buf, sizeof(a->buf) - 1, 0)) < 0 && errno == EINTR)
			;
	close(fd);
	if (r <= 0) {
		*why = "the job of this port went away before answering";
		return MPI_ERR_PORT;
	}
	a->buf[r] = '\0';
	a->nf = 0;
	for (char *p = a->buf; p < a->buf + r && a->nf < 8; p += strlen(p) + 1)
		a->f[a->nf++] = p;
	if (a->nf < 1) {
		*why = "the launcher's answer is malformed";
		return MPI_ERR_INTERN;
	}
	if (!strcmp(a->f[0], "ok"))
		return MPI_SUCCESS;
	static __thread char reason[256];
	snprintf(reason, sizeof(reason), "%s", a->nf > 1 ? a->f[1] : "refused by the launcher");
	*why = reason;
	return !strcmp(a->f[0], "port") ? MPI_ERR_PORT
	       : !strcmp(a->f[0], "arg") ? MPI_ERR_ARG : MPI_ERR_INTERN;
}

/* A port name's parts: the launcher (into job, cap bytes), number and
 * cookie (as text, hex).  0, or -1 when it is not one of ours. */
static int parse_port(const char *name, char *job, size_t cap, char *num, char *cookie)
{
	if (!name || strncmp(name, PORT_PREFIX, strlen(PORT_PREFIX)) != 0)
		return -1;
	const char *p = name + strlen(PORT_PREFIX);
	const char *c1 = strchr(p, ':');
	const char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
	if (!c2 || (size_t)(c1 - p) + 1 > cap || c2 - c1 - 1 > 10 || c2 - c1 - 1 < 1 ||
	    strlen(c2 + 1) != 16 || strchr(c2 + 1, ':'))
		return -1;
	memcpy(job, p, (size_t)(c1 - p));
	job[c1 - p] = '\0';
	memcpy(num, c1 + 1, (size_t)(c2 - c1 - 1));
	num[c2 - c1 - 1] = '\0';
	strcpy(cookie, c2 + 1);
	return 0;
}

int mpii_Open_port(const char *fn, MPI_Info info, char *port_name)
{
	const char *why;
	struct answer *a;
	if (!port_name)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "port_name is NULL");
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_err(NULL, MPI_ERR_INFO, fn, "info is not a valid info object");
	const char *job = mpii_dyn_launcher(&why);
	if (!job)
		return mpii_err(NULL, MPI_ERR_PORT, fn, "%s", why);
	if (!(a = malloc(sizeof(*a))))
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	static const char req[] = "port-open";
	int rc = ask(job, req, sizeof(req), a, &why);
	if (!rc && a->nf < 3) {
		rc = MPI_ERR_INTERN;
		why = "the launcher's answer is malformed";
	}
	if (!rc)
		snprintf(port_name, MPI_MAX_PORT_NAME, PORT_PREFIX "%s:%s:%s", job, a->f[1], a->f[2]);
	free(a);
	if (rc)
		return mpii_err(NULL, rc, fn, "%s", why);
	return MPI_SUCCESS;
}

int mpii_Close_port(const char *fn, const char *port_name)
{
	char job[128], num[16], cookie[24], req[192];
	const char *why;
	if (parse_port(port_name, job, sizeof(job), num, cookie))
		return mpii_err(NULL, MPI_ERR_PORT, fn, "'%.100s' is not a port name of shmpi",
				port_name ? port_name : "(null)");
	int len = snprintf(req, sizeof(req), "port-close%c%s%c%s", 0, num, 0, cookie) + 1;
	struct answer *a = malloc(sizeof(*a));
	if (!a)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	int rc = ask(job, req, (size_t)len, a, &why);
	free(a);
	if (rc)
		return mpii_err(NULL, rc, fn, "%s", why);
	return MPI_SUCCESS;
}

/* The root's part of accept (ctx taken here) or connect: ask the port's
 * launcher and wait for the partner.  hdr = {class, ctx, remote size};
 * *remote (malloc'd) gets the remote members. */
static void root_meet(bool accept, const char *port_name, struct mpii_comm *comm, int hdr[3],
		      int **remote, const char **why)
{
	char job[128], num[16], cookie[24];
	const char *me;
	hdr[0] = MPI_SUCCESS;
	if (parse_port(port_name, job, sizeof(job), num, cookie)) {
		hdr[0] = MPI_ERR_PORT;
		*why = "not a port name of shmpi (MPI_Open_port makes them)";
		return;
	}
	if (!(me = mpii_dyn_launcher(why))) {
		hdr[0] = MPI_ERR_PORT;
		return;
	}
	size_t cap = (size_t)comm->size * 11 + 512, len = 0;
	char *req = malloc(cap);
	struct answer *a = malloc(sizeof(*a));
	if (!req || !a) {
		free(req);
		free(a);
		hdr[0] = MPI_ERR_NO_MEM;
		*why = "out of memory";
		return;
	}
	uint32_t ctx = accept ? mpii_ctx_alloc(2) : 0;
	len += (size_t)snprintf(req + len, cap - len, "%s", accept ? "port-accept" : "port-connect") + 1;
	len += (size_t)snprintf(req + len, cap - len, "%s", num) + 1;
	len += (size_t)snprintf(req + len, cap - len, "%s", cookie) + 1;
	if (accept)
		len += (size_t)snprintf(req + len, cap - len, "%u", ctx) + 1;
	len += (size_t)snprintf(req + len, cap - len, "%d", comm->size) + 1;
	for (int i = 0; i < comm->size; i++)
		len += (size_t)snprintf(req + len, cap - len, "%s%d", i ? "," : "",
					comm->group->world[i]);
	len++;
	len += (size_t)snprintf(req + len, cap - len, "%s", me) + 1;
	hdr[0] = ask(job, req, len, a, why);
	free(req);
	if (!hdr[0] && a->nf < 5) {
		hdr[0] = MPI_ERR_INTERN;
		*why = "the launcher's answer is malformed";
	}
	if (hdr[0]) {
		free(a);
		return;
	}
	/* ok ctx n members job */
	long n = strtol(a->f[2], NULL, 10);
	hdr[1] = (int)strtoul(a->f[1], NULL, 10);
	hdr[2] = (int)n;
	*remote = n > 0 && n <= mpii_g.nmembers ? malloc(sizeof(int) * (size_t)n) : NULL;
	if (!*remote) {
		hdr[0] = n > 0 && n <= mpii_g.nmembers ? MPI_ERR_NO_MEM : MPI_ERR_INTERN;
		*why = "the launcher's answer is malformed or memory is short";
		free(a);
		return;
	}
	char *c = a->f[3];
	for (long i = 0; i < n; i++) {
		long m = strtol(c, &c, 10);
		if (m < 0 || m >= mpii_g.nmembers || (i + 1 < n && *c != ',')) {
			hdr[0] = MPI_ERR_INTERN;
			*why = "the launcher's answer is malformed";
			break;
		}
		(*remote)[i] = (int)m;
		c++;
	}
	free(a);
}

/* MPI_Comm_accept and MPI_Comm_connect: collective over comm; the port
 * name counts at root only. */
static int meet(const char *fn, bool accept, const char *port_name, MPI_Info info, int root,
		MPI_Comm comm, MPI_Comm *newcomm)
{
	int hdr[3] = { MPI_SUCCESS, 0, 0 }, *remote = NULL, rc;
	const char *why = "it failed at the root";

	if ((rc = mpii_dyn_check_root(fn, comm, root, newcomm, "newcomm")))
		return rc;
	*newcomm = MPI_COMM_NULL;
	if (comm->rank == root) {
		if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO)) {
			hdr[0] = MPI_ERR_INFO;
			why = "info is not a valid info object";
		} else {
			root_meet(accept, port_name, comm, hdr, &remote, &why);
		}
	}
	/* The outcome, then the remote members, to every member of comm. */
	mpii_lock();
	rc = mpii_bcast(hdr, 3, MPI_INT, root, comm, NULL);
	mpii_unlock();
	if (rc) {
		free(remote);
		return mpii_err(comm, rc, fn, "cannot share the outcome");
	}
	if (hdr[0]) {
		free(remote);
		return mpii_err(comm, hdr[0], fn, "%s", why);
	}
	struct mpii_group *rg = mpii_group_new(hdr[2]);
	if (!rg) /* the root would wait for us in the broadcast below */
		mpii_abort_job(MPI_ERR_NO_MEM, "MPI_Comm_accept/connect: out of memory");
	if (comm->rank == root)
		memcpy(rg->world, remote, sizeof(int) * (size_t)hdr[2]);
	free(remote);
	mpii_lock();
	rc = mpii_bcast(rg->world, hdr[2], MPI_INT, root, comm, NULL);
	mpii_unlock();
	if (rc) {
		mpii_group_unref(rg);
		return mpii_err(comm, rc, fn, "cannot share the remote group");
	}
	mpii_group_set_rank(rg);
	struct mpii_comm *ic;
	mpii_lock();
	rc = mpii_make_inter_of(comm, (uint32_t)hdr[1], mpii_group_ref(comm->group), rg, &ic);
	mpii_unlock();
	if (rc)
		return mpii_err(comm, rc, fn, "cannot make the intercommunicator");
	*newcomm = ic;
	return MPI_SUCCESS;
}

int mpii_Comm_accept(const char *fn, const char *port_name, MPI_Info info, int root,
		     MPI_Comm comm, MPI_Comm *newcomm)
{
	return meet(fn, true, port_name, info, root, comm, newcomm);
}

int mpii_Comm_connect(const char *fn, const char *port_name, MPI_Info info, int root,
		      MPI_Comm comm, MPI_Comm *newcomm)
{
	return meet(fn, false, port_name, info, root, comm, newcomm);
}

/* ------------------------------------------------------------- join */

/* What each side of MPI_Comm_join writes first: a fixed-size record. */
#define JOIN_REC 192

/* Write or read exactly n bytes of a stream socket (the user's: it may
 * be non-blocking).  0, or -1 on an error or the end. */
static int xfer(int fd, char *p, size_t n, bool wr)
{
	while (n) {
		ssize_t k = wr ? send(fd, p, n, MSG_NOSIGNAL) : recv(fd, p, n, 0);
		if (k < 0 && (errno == EINTR))
			continue;
		if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			struct pollfd pf = { fd, (short)(wr ? POLLOUT : POLLIN), 0 };
			poll(&pf, 1, -1);
			continue;
		}
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

int mpii_Comm_join(const char *fn, int fd, MPI_Comm *intercomm)
{
	char mine[JOIN_REC] = { 0 }, theirs[JOIN_REC] = { 0 };
	const char *why;
	if (!intercomm)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "intercomm is NULL");
	*intercomm = MPI_COMM_NULL;
	/* Our job: the launcher's name; a singleton without one yet is a
	 * job of its own, named by its pid. */
	const char *job = mpii_dyn_launcher_if_any();
	char self[32];
	if (!job) {
		snprintf(self, sizeof(self), "singleton-%d", (int)getpid());
		job = self;
	}
	snprintf(mine, sizeof(mine), "shmpi-join %d %.150s", mpii_g.rank, job);
	if (xfer(fd, mine, sizeof(mine), true) || xfer(fd, theirs, sizeof(theirs), false))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "fd %d is not a connected socket to a "
				"process calling MPI_Comm_join", fd);
	theirs[JOIN_REC - 1] = '\0';
	int peer = -1, off = 0;
	if (sscanf(theirs, "shmpi-join %d %n", &peer, &off) != 1 || !off)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "the other end of fd %d is not shmpi's "
				"MPI_Comm_join", fd);
	int rc = MPI_SUCCESS;
	if (strcmp(theirs + off, job) != 0) {
		rc = MPI_ERR_PORT;
		why = "the other process is of another job started by a separate mpirun-shm: "
		      "joining two jobs is not supported yet (docs/dynamic.md)";
	} else if (peer < 0 || peer >= mpii_g.nmembers || peer == mpii_g.rank) {
		rc = MPI_ERR_ARG;
		why = "the other end of the socket is this process";
	}
	/* Both sides reached the same verdict from the same two records. */
	if (rc)
		return mpii_err(NULL, rc, fn, "%s", why);
	/* The lower member takes the context ids and sends them. */
	char cx[16] = { 0 };
	if (mpii_g.rank < peer) {
		snprintf(cx, sizeof(cx), "%u", mpii_ctx_alloc(2));
		rc = xfer(fd, cx, sizeof(cx), true);
	} else {
		rc = xfer(fd, cx, sizeof(cx), false);
	}
	cx[sizeof(cx) - 1] = '\0';
	if (rc)
		return mpii_err(NULL, MPI_ERR_OTHER, fn, "the socket closed during MPI_Comm_join");
	struct mpii_group *rg = mpii_group_new(1);
	if (!rg)
		return mpii_err(NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	rg->world[0] = peer;
	mpii_group_set_rank(rg);
	struct mpii_comm *ic;
	mpii_lock();
	rc = mpii_make_inter_of(&mpii_obj_comm_self, (uint32_t)strtoul(cx, NULL, 10),
				mpii_group_ref(mpii_obj_comm_self.group), rg, &ic);
	mpii_unlock();
	if (rc)
		return mpii_err(NULL, rc, fn, "cannot make the intercommunicator");
	*intercomm = ic;
	return MPI_SUCCESS;
}
