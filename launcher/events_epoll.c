/*
 * launcher/events_epoll.c - the launcher's event back-end on epoll, for
 * where io_uring is refused (a seccomp profile, kernel.io_uring_disabled,
 * a kernel without it).
 *
 * It gives the completions of launcher/events.h from readiness: a request
 * arms its descriptor in the epoll set for one event (EPOLLONESHOT, so a
 * descriptor nobody reads, such as stdin while rank 0's pipe is full, does
 * not wake the loop); when the event comes the read or write is done here
 * and its result delivered.  The request is kept in a table indexed by
 * descriptor (the loop has at most one in flight per descriptor).  Timers
 * are a short list (the loop has at most five) that bounds epoll_wait's
 * timeout.
 *
 * Descriptors epoll cannot watch (a regular file or /dev/null as stdin:
 * EPERM) are always ready: the I/O is done when the request is made and
 * its completion queued, as are requests that failed to arm and cancelled
 * ones; the next wait delivers them without sleeping.
 *
 * A descriptor stays in the epoll set, disarmed, after its event, and its
 * entry leaves the set when the loop closes it.  A new descriptor with the
 * same number is then a new entry: arming tries MOD or ADD by what this
 * table remembers and the other one when the kernel disagrees.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>
#include "launcher/events.h"

#define MAX_EVENTS 64

enum req_kind { REQ_NONE = 0, REQ_READ, REQ_WRITE, REQ_POLL };

struct ep_req {
	enum req_kind kind;
	bool in_set;           /* added to the epoll set (perhaps disarmed) */
	void *buf;
	size_t len;
	uint64_t tag;
};

struct ep_done {
	uint64_t tag;
	int res;
};

struct ep_timer {
	double at;             /* CLOCK_MONOTONIC, ms */
	uint64_t tag;
};

struct epoll_events {
	struct lnch_events head;
	int epfd;
	int failed;            /* -errno once memory ran out: wait() fails */
	struct ep_req *req;    /* indexed by descriptor */
	size_t nreq;
	struct ep_done *done;  /* completed, to deliver at the next wait */
	size_t ndone, cap_done;
	struct ep_timer *timer;
	size_t ntimer, cap_timer;
	struct epoll_event evs[MAX_EVENTS];
};

static struct epoll_events *ep_of(struct lnch_events *ev)
{
	return (struct epoll_events *)ev;
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000 + (double)ts.tv_nsec / 1e6;
}

/* Grow *arr (of *cap elements of size sz) to hold `need`; false on ENOMEM. */
static bool grow(void **arr, size_t *cap, size_t need, size_t sz)
{
	size_t n = *cap ? *cap : 16;
	void *p;

	if (need <= *cap)
		return true;
	while (n < need)
		n *= 2;
	p = realloc(*arr, n * sz);
	if (!p)
		return false;
	memset((char *)p + *cap * sz, 0, (n - *cap) * sz);
	*arr = p;
	*cap = n;
	return true;
}

static void push_done(struct epoll_events *e, uint64_t tag, int res)
{
	if (!grow((void **)&e->done, &e->cap_done, e->ndone + 1, sizeof(*e->done))) {
		e->failed = -ENOMEM;
		return;
	}
	e->done[e->ndone].tag = tag;
	e->done[e->ndone].res = res;
	e->ndone++;
}

/* The request slot of fd, NULL (and the back-end failed) on ENOMEM. */
static struct ep_req *req_of(struct epoll_events *e, int fd)
{
	if (fd < 0)
		return NULL;
	if (!grow((void **)&e->req, &e->nreq, (size_t)fd + 1, sizeof(*e->req))) {
		e->failed = -ENOMEM;
		return NULL;
	}
	return &e->req[fd];
}

/* Do r's I/O now (fd is ready); the result, -errno on error. */
static int do_io(struct ep_req *r, int fd, uint32_t revents)
{
	ssize_t n;

	if (r->kind == REQ_POLL)
		return (int)revents;
	do
		n = r->kind == REQ_READ ? read(fd, r->buf, r->len) : write(fd, r->buf, r->len);
	while (n < 0 && errno == EINTR);
	return n < 0 ? -errno : (int)n;
}

/* Arm fd for one event; 0 or -errno. */
static int arm(struct epoll_events *e, int fd, struct ep_req *r)
{
	struct epoll_event ev;
	int op = r->in_set ? EPOLL_CTL_MOD : EPOLL_CTL_ADD;

	memset(&ev, 0, sizeof(ev));
	ev.events = (r->kind == REQ_WRITE ? EPOLLOUT : EPOLLIN) | EPOLLONESHOT;
	ev.data.fd = fd;
	if (epoll_ctl(e->epfd, op, fd, &ev) < 0) {
		if (errno != (op == EPOLL_CTL_MOD ? ENOENT : EEXIST))
			return -errno;
		op = op == EPOLL_CTL_MOD ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
		if (epoll_ctl(e->epfd, op, fd, &ev) < 0)
			return -errno;
	}
	r->in_set = true;
	return 0;
}

/* Finish r with res: its completion waits for the next wait. */
static void finish_later(struct epoll_events *e, struct ep_req *r, int res)
{
	r->kind = REQ_NONE;
	push_done(e, r->tag, res);
}

static void submit(struct epoll_events *e, int fd, enum req_kind kind, void *buf, size_t len,
		   uint64_t tag)
{
	struct ep_req *r = req_of(e, fd);
	int err;

	if (!r) {
		if (fd < 0)
			push_done(e, tag, -EBADF);
		return;
	}
	r->kind = kind;
	r->buf = buf;
	r->len = len;
	r->tag = tag;
	err = arm(e, fd, r);
	if (err == -EPERM)
		/* A regular file or /dev/null: always ready. */
		finish_later(e, r, do_io(r, fd, POLLIN));
	else if (err < 0)
		finish_later(e, r, err);
}

static void e_read(struct lnch_events *ev, int fd, void *buf, size_t len, uint64_t tag)
{
	submit(ep_of(ev), fd, REQ_READ, buf, len, tag);
}

static void e_write(struct lnch_events *ev, int fd, const void *buf, size_t len, uint64_t tag)
{
	int fl = fcntl(fd, F_GETFL);

	/* Writable means room for some bytes, not for len: a blocking write
	 * of the rest would stall the whole loop on a rank that reads
	 * slowly.  The descriptor is the launcher's own pipe end. */
	if (fl >= 0 && !(fl & O_NONBLOCK))
		(void)fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	submit(ep_of(ev), fd, REQ_WRITE, (void *)buf, len, tag);
}

static void e_poll_in(struct lnch_events *ev, int fd, uint64_t tag)
{
	submit(ep_of(ev), fd, REQ_POLL, NULL, 0, tag);
}

static void e_timer(struct lnch_events *ev, double ms, uint64_t tag)
{
	struct epoll_events *e = ep_of(ev);

	if (!grow((void **)&e->timer, &e->cap_timer, e->ntimer + 1, sizeof(*e->timer))) {
		e->failed = -ENOMEM;
		return;
	}
	e->timer[e->ntimer].at = now_ms() + ms;
	e->timer[e->ntimer].tag = tag;
	e->ntimer++;
}

static void e_cancel_fd(struct lnch_events *ev, int fd)
{
	struct epoll_events *e = ep_of(ev);
	struct ep_req *r;

	if (fd < 0 || (size_t)fd >= e->nreq || e->req[fd].kind == REQ_NONE)
		return;
	r = &e->req[fd];
	if (r->in_set)
		(void)epoll_ctl(e->epfd, EPOLL_CTL_DEL, fd, NULL);
	r->in_set = false;
	finish_later(e, r, -ECANCELED);
}

/* epoll_wait's timeout: 0 with completions queued, else until the first
 * timer (rounded up, so that it has expired when we wake), else none. */
static int wait_ms(const struct epoll_events *e)
{
	double first = INFINITY, d;

	if (e->ndone > 0)
		return 0;
	for (size_t i = 0; i < e->ntimer; i++)
		if (e->timer[i].at < first)
			first = e->timer[i].at;
	if (first == INFINITY)
		return -1;
	d = ceil(first - now_ms());
	return d <= 0 ? 0 : d >= INT_MAX ? INT_MAX : (int)d;
}

/* Deliver the timers that are due (a handler may add more). */
static void expire_timers(struct epoll_events *e, lnch_events_fn *fn, void *arg)
{
	double now = now_ms();

	for (size_t i = 0; i < e->ntimer;) {
		if (e->timer[i].at > now) {
			i++;
			continue;
		}
		uint64_t tag = e->timer[i].tag;
		e->timer[i] = e->timer[--e->ntimer];
		fn(arg, tag, -ETIME);
		i = 0;
	}
}

/* Deliver the completions queued before this call (handlers may queue
 * more: those wait for the next call, which then does not sleep). */
static void deliver_done(struct epoll_events *e, lnch_events_fn *fn, void *arg)
{
	size_t n = e->ndone;

	for (size_t i = 0; i < n; i++)
		fn(arg, e->done[i].tag, e->done[i].res);
	/* (No move when nothing is left: e->done may still be NULL.) */
	if (e->ndone > n)
		memmove(e->done, e->done + n, (e->ndone - n) * sizeof(*e->done));
	e->ndone -= n;
}

static int e_wait(struct lnch_events *ev, lnch_events_fn *fn, void *arg)
{
	struct epoll_events *e = ep_of(ev);
	int n;

	if (e->failed)
		return e->failed;
	n = epoll_wait(e->epfd, e->evs, MAX_EVENTS, wait_ms(e));
	if (n < 0 && errno != EINTR)
		return -errno;
	for (int i = 0; i < n; i++) {
		int fd = e->evs[i].data.fd;
		struct ep_req *r;
		int res;

		/* Cancelled since (by a handler of this batch): skip. */
		if (fd < 0 || (size_t)fd >= e->nreq || e->req[fd].kind == REQ_NONE)
			continue;
		r = &e->req[fd];
		res = do_io(r, fd, e->evs[i].events);
		if (res == -EAGAIN) {
			/* Someone else took the data or the room: wait again. */
			res = arm(e, fd, r);
			if (res == 0)
				continue;
		}
		r->kind = REQ_NONE;
		fn(arg, r->tag, res);
	}
	expire_timers(e, fn, arg);
	deliver_done(e, fn, arg);
	return e->failed;
}

static void e_close(struct lnch_events *ev)
{
	struct epoll_events *e = ep_of(ev);

	close(e->epfd);
	free(e->req);
	free(e->done);
	free(e->timer);
	free(e);
}

static const struct lnch_events_ops epoll_ops = {
	.read = e_read, .write = e_write, .poll_in = e_poll_in, .timer = e_timer,
	.cancel_fd = e_cancel_fd, .wait = e_wait, .close = e_close,
};

struct lnch_events *lnch_events_epoll_open(unsigned inflight, int *err)
{
	struct epoll_events *e = calloc(1, sizeof(*e));

	if (!e) {
		*err = -ENOMEM;
		return NULL;
	}
	e->epfd = epoll_create1(EPOLL_CLOEXEC);
	/* The descriptors come in order from the lowest free: about
	 * `inflight` of them above the standard ones. */
	if (e->epfd < 0 || !grow((void **)&e->req, &e->nreq, inflight + 16, sizeof(*e->req))) {
		*err = e->epfd < 0 ? -errno : -ENOMEM;
		if (e->epfd >= 0)
			close(e->epfd);
		free(e);
		return NULL;
	}
	e->head.ops = &epoll_ops;
	e->head.name = "epoll";
	return &e->head;
}
