/*
 * launcher/ports.c - the port table of a job and the rendezvous of
 * MPI_Comm_accept with MPI_Comm_connect (docs/dynamic.md, "Ports").
 *
 * A port is a number and 64 random bits (the cookie) in this table; its
 * name, made by lib/comm/port.c, adds our control socket's name, so a
 * connecting root knows whom to ask.  Requests arrive on the control
 * socket (launcher/loop.c hands us those that start with "port-"), one
 * packet each, NUL-separated fields:
 *   port-open                                  -> ok num cookie
 *   port-close num cookie                      -> ok
 *   port-accept num cookie ctx n members job   -> ok ctx n members job
 *   port-connect num cookie n members job      -> ok ctx n members job
 * members is the comma list of the side's members in rank order, job the
 * asker's launcher name.  An accept and a connect wait (the answer is
 * deferred) until their partner comes, first come first matched per
 * port; each then gets the other side's members and job, and the context
 * ids the accepting root took.  An error is "port" and a reason (a port
 * that is not open, a cookie that does not match, a port closed while
 * an accept or connect waited on it, the job going down), or "arg" for a malformed request.
 *
 * Both sides must be of this job: a connect from another job is refused
 * with a reason (connecting two jobs is not done yet: docs/dynamic.md).
 * The connections themselves are separate from a rank's spawn connection
 * (lib/comm/port.c opens one per accept or connect), so a waiting accept
 * never holds up another request of the same process.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>
#include "launcher/ports.h"
#include "shm/config.h"
#include "shm/names.h"

struct port {
	uint64_t cookie;
	bool open;
};

/* An accept or a connect waiting for its partner. */
struct waiter {
	int fd;            /* -1: free entry */
	bool accept;
	uint32_t num;      /* the port */
	uint32_t ctx;      /* the accepting root's context ids */
	char *members;     /* comma list */
	uint32_t n;
	char *job;         /* the asker's launcher name */
};

static struct port *ports;
static uint32_t nports;
static struct waiter *waiters;
static uint32_t nwaiters;

bool lnch_ports_request(const char *req, size_t len)
{
	return len > 5 && !memcmp(req, "port-", 5);
}

/* Fields of a request, in order (as launcher/dynamic.c reads them). */
struct rd {
	const char *p, *end;
	bool bad;
};

static const char *field(struct rd *r)
{
	if (r->bad || r->p >= r->end) {
		r->bad = true;
		return "";
	}
	const char *f = r->p;
	const char *z = memchr(r->p, '\0', (size_t)(r->end - r->p));
	if (!z) {
		r->bad = true;
		return "";
	}
	r->p = z + 1;
	return f;
}

static unsigned long long num_field(struct rd *r, unsigned long long max, int base)
{
	const char *f = field(r);
	char *end;
	unsigned long long v = strtoull(f, &end, base);
	if (!*f || *end || v > max)
		r->bad = true;
	return v;
}

/* An answer of NUL-ended fields; returns its length. */
static size_t answer(char *ans, size_t cap, int nf, const char *const f[])
{
	size_t o = 0;
	for (int i = 0; i < nf; i++) {
		size_t n = strlen(f[i]) + 1;
		if (o + n > cap)
			break;
		memcpy(ans + o, f[i], n);
		o += n;
	}
	return o;
}

static size_t refuse(char *ans, size_t cap, const char *cls, const char *why)
{
	const char *f[] = { cls, why };
	return answer(ans, cap, 2, f);
}

/* Send an answer to a waiting asker (blocking: it is in its receive, and
 * an answer is small, as the loop sends them). */
static void send_to(int fd, const char *ans, size_t n)
{
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0 && (fl & O_NONBLOCK))
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	while (send(fd, ans, n, MSG_NOSIGNAL) < 0 && errno == EINTR)
		;
}

/* "ok ctx n members job": what the asker learns of the other side. */
static size_t partner_answer(char *ans, size_t cap, uint32_t ctx, const struct waiter *other)
{
	char sctx[16], sn[16];
	snprintf(sctx, sizeof(sctx), "%u", ctx);
	snprintf(sn, sizeof(sn), "%u", other->n);
	const char *f[] = { "ok", sctx, sn, other->members, other->job };
	return answer(ans, cap, 5, f);
}

static void drop(struct waiter *w)
{
	free(w->members);
	free(w->job);
	*w = (struct waiter){ .fd = -1 };
}

static struct waiter *new_waiter(void)
{
	for (uint32_t i = 0; i < nwaiters; i++)
		if (waiters[i].fd < 0)
			return &waiters[i];
	struct waiter *nw = realloc(waiters, (nwaiters + 8) * sizeof(*nw));
	if (!nw)
		return NULL;
	waiters = nw;
	for (uint32_t i = nwaiters; i < nwaiters + 8; i++)
		waiters[i] = (struct waiter){ .fd = -1 };
	nwaiters += 8;
	return &waiters[nwaiters - 8];
}

/* The first waiter of the other kind on port num. */
static struct waiter *partner(uint32_t num, bool accept)
{
	for (uint32_t i = 0; i < nwaiters; i++)
		if (waiters[i].fd >= 0 && waiters[i].num == num && waiters[i].accept != accept)
			return &waiters[i];
	return NULL;
}

static const char *own_job(void)
{
	const char *j = shm_config_env("SHMPI_LAUNCHER");
	return j ? j : "";
}

size_t lnch_ports_serve(struct lnch_job *job, int fd, const char *req, size_t len, char *ans,
			size_t cap, bool down)
{
	struct rd r = { req, req + len, false };
	const char *kind = field(&r);
	(void)job;

	if (down)
		return refuse(ans, cap, "port", "the job of this port is going down");
	if (!strcmp(kind, "port-open")) {
		struct port *np = realloc(ports, (nports + 1) * sizeof(*np));
		if (!np)
			return refuse(ans, cap, "intern", "the launcher is out of memory");
		ports = np;
		uint64_t c = 0;
		if (getrandom(&c, sizeof(c), GRND_NONBLOCK) != sizeof(c))
			c = (uint64_t)getpid() * 0x9e3779b97f4a7c15ull ^ nports;
		ports[nports] = (struct port){ c, true };
		char snum[16], scookie[24];
		snprintf(snum, sizeof(snum), "%u", nports);
		snprintf(scookie, sizeof(scookie), "%016llx", (unsigned long long)c);
		nports++;
		const char *f[] = { "ok", snum, scookie };
		return answer(ans, cap, 3, f);
	}
	unsigned long long num = num_field(&r, UINT32_MAX, 10);
	unsigned long long cookie = num_field(&r, UINT64_MAX, 16);
	if (r.bad)
		return refuse(ans, cap, "arg", "malformed port request");
	if (num >= nports || ports[num].cookie != cookie)
		return refuse(ans, cap, "port", "no such port in its job");
	if (!ports[num].open)
		return refuse(ans, cap, "port", "the port is closed");

	if (!strcmp(kind, "port-close")) {
		ports[num].open = false;
		/* Whoever waits on it (connects, or an accept of another
		 * thread or rank) would wait forever: refuse them now. */
		for (uint32_t i = 0; i < nwaiters; i++)
			if (waiters[i].fd >= 0 && waiters[i].num == num) {
				char a[128];
				send_to(waiters[i].fd, a, refuse(a, sizeof(a), "port",
								  "the port was closed"));
				drop(&waiters[i]);
			}
		const char *f[] = { "ok" };
		return answer(ans, cap, 1, f);
	}
	bool accept = !strcmp(kind, "port-accept");
	if (!accept && strcmp(kind, "port-connect") != 0)
		return refuse(ans, cap, "arg", "unknown port request");
	uint32_t ctx = accept ? (uint32_t)num_field(&r, UINT32_MAX - 4, 10) : 0;
	uint32_t n = (uint32_t)num_field(&r, SHM_MAX_MEMBERS, 10);
	const char *members = field(&r);
	const char *asker = field(&r);
	if (r.bad || !n)
		return refuse(ans, cap, "arg", "malformed port request");
	if (strcmp(asker, own_job()) != 0)
		return refuse(ans, cap, "port", "the port belongs to another job started by a "
				"separate mpirun-shm: connecting two jobs is not supported yet "
				"(docs/dynamic.md)");
	struct waiter *w = new_waiter();
	if (!w)
		return refuse(ans, cap, "intern", "the launcher is out of memory");
	*w = (struct waiter){ fd, accept, (uint32_t)num, ctx, strdup(members), n, strdup(asker) };
	if (!w->members || !w->job) {
		drop(w);
		return refuse(ans, cap, "intern", "the launcher is out of memory");
	}
	struct waiter *p = partner((uint32_t)num, accept);
	if (!p)
		return 0;  /* deferred until the partner comes */
	struct waiter *acc = accept ? w : p, *con = accept ? p : w;
	char a[65536];
	/* The partner's answer first, then ours is returned to the loop. */
	send_to(p->fd, a, partner_answer(a, sizeof(a), acc->ctx, w));
	size_t out = partner_answer(ans, cap, acc->ctx, p);
	(void)con;
	drop(p);
	drop(w);
	return out;
}

void lnch_ports_closed(int fd)
{
	for (uint32_t i = 0; i < nwaiters; i++)
		if (waiters[i].fd == fd)
			drop(&waiters[i]);
}

void lnch_ports_end(void)
{
	for (uint32_t i = 0; i < nwaiters; i++)
		if (waiters[i].fd >= 0) {
			char a[128];
			send_to(waiters[i].fd, a, refuse(a, sizeof(a), "port",
							  "the job of this port ended"));
			drop(&waiters[i]);
		}
	free(waiters);
	waiters = NULL;
	nwaiters = 0;
	free(ports);
	ports = NULL;
	nports = 0;

	/* Our published names (shm/names.h): second line is our job. */
	const char *me = own_job();
	char dir[64];
	snprintf(dir, sizeof(dir), SHM_NAMES_DIR_FMT, (unsigned)getuid());
	DIR *d = *me ? opendir(dir) : NULL;
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char buf[1024];
		int fd = openat(dirfd(d), e->d_name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
		if (fd < 0)
			continue;
		ssize_t k = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (k <= 0)
			continue;
		buf[k] = '\0';
		char *job = strchr(buf, '\n');
		if (!job)
			continue;
		job++;
		job[strcspn(job, "\n")] = '\0';
		if (!strcmp(job, me))
			unlinkat(dirfd(d), e->d_name, 0);
	}
	closedir(d);
	/* Fails while another job's names are there, as it should. */
	rmdir(dir);
}
