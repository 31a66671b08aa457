/*
 * launcher/events_uring.c - the launcher's event back-end on io_uring.
 *
 * Every request is one SQE; the kernel does the read or write itself and
 * posts a CQE carrying the tag.  The CQ has room for one completion per
 * request in flight, so that none waits in the kernel's overflow list; the
 * SQ is submitted whenever it fills (with thousands of ranks more requests
 * are in flight than it holds).  A cancel request's own completion carries
 * CANCEL_TAG and is not delivered.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <liburing.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include "launcher/events.h"

#define CANCEL_TAG UINT64_MAX

struct uring_events {
	struct lnch_events head;
	struct io_uring ring;
};

static struct io_uring *ring_of(struct lnch_events *ev)
{
	return &((struct uring_events *)ev)->ring;
}

static struct io_uring_sqe *get_sqe(struct io_uring *ring)
{
	struct io_uring_sqe *sqe;
	while (!(sqe = io_uring_get_sqe(ring)))
		io_uring_submit(ring);
	return sqe;
}

static void u_read(struct lnch_events *ev, int fd, void *buf, size_t len, uint64_t tag)
{
	struct io_uring_sqe *sqe = get_sqe(ring_of(ev));
	io_uring_prep_read(sqe, fd, buf, (unsigned)len, (uint64_t)-1);
	io_uring_sqe_set_data64(sqe, tag);
}

static void u_write(struct lnch_events *ev, int fd, const void *buf, size_t len, uint64_t tag)
{
	struct io_uring_sqe *sqe = get_sqe(ring_of(ev));
	io_uring_prep_write(sqe, fd, buf, (unsigned)len, (uint64_t)-1);
	io_uring_sqe_set_data64(sqe, tag);
}

static void u_poll_in(struct lnch_events *ev, int fd, uint64_t tag)
{
	struct io_uring_sqe *sqe = get_sqe(ring_of(ev));
	io_uring_prep_poll_add(sqe, fd, POLLIN);
	io_uring_sqe_set_data64(sqe, tag);
}

static void u_timer(struct lnch_events *ev, double ms, uint64_t tag)
{
	struct io_uring *ring = ring_of(ev);
	struct __kernel_timespec ts;
	struct io_uring_sqe *sqe = get_sqe(ring);

	ts.tv_sec = (long long)(ms / 1000);
	ts.tv_nsec = (long long)((ms - (double)ts.tv_sec * 1000) * 1e6);
	io_uring_prep_timeout(sqe, &ts, 0, 0);
	io_uring_sqe_set_data64(sqe, tag);
	/* The kernel copies *ts when it takes the SQE: submit while ts lives. */
	io_uring_submit(ring);
}

static void u_cancel_fd(struct lnch_events *ev, int fd)
{
	struct io_uring_sqe *sqe = get_sqe(ring_of(ev));
	io_uring_prep_cancel_fd(sqe, fd, IORING_ASYNC_CANCEL_ALL);
	io_uring_sqe_set_data64(sqe, CANCEL_TAG);
}

static int u_wait(struct lnch_events *ev, lnch_events_fn *fn, void *arg)
{
	struct io_uring *ring = ring_of(ev);
	struct io_uring_cqe *cqe;
	unsigned head, seen = 0;
	int err = io_uring_submit_and_wait(ring, 1);

	if (err < 0 && err != -EINTR && err != -EBUSY)
		return err;
	/* A handler may submit (and so reap nothing from the CQ): walking
	 * the CQ while it does is what liburing allows. */
	io_uring_for_each_cqe(ring, head, cqe) {
		uint64_t tag = io_uring_cqe_get_data64(cqe);
		if (tag != CANCEL_TAG)
			fn(arg, tag, cqe->res);
		seen++;
	}
	io_uring_cq_advance(ring, seen);
	return 0;
}

static void u_close(struct lnch_events *ev)
{
	io_uring_queue_exit(ring_of(ev));
	free(ev);
}

static const struct lnch_events_ops uring_ops = {
	.read = u_read, .write = u_write, .poll_in = u_poll_in, .timer = u_timer,
	.cancel_fd = u_cancel_fd, .wait = u_wait, .close = u_close,
};

struct lnch_events *lnch_events_uring_open(unsigned inflight, int *err)
{
	struct uring_events *u = calloc(1, sizeof(*u));
	struct io_uring_params p;
	unsigned want = inflight + 8, sq = 64;

	if (!u) {
		*err = -ENOMEM;
		return NULL;
	}
	while (sq < want && sq < 4096)
		sq *= 2;
	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_CQSIZE;
	p.cq_entries = inflight + 16 > 2 * sq ? inflight + 16 : 2 * sq;
	*err = io_uring_queue_init_params(sq, &u->ring, &p);
	if (*err < 0) {
		free(u);
		return NULL;
	}
	u->head.ops = &uring_ops;
	u->head.name = "io_uring";
	return &u->head;
}
