/*
 * launcher/events.h - what the launcher's loop waits on, in two back-ends.
 *
 * launcher/loop.c is written against completions: it asks for a read, a
 * write, a wait for a descriptor to become readable, or a timer, each with
 * a 64-bit tag, and later gets the tag back with the result.  Two back-ends
 * give that: io_uring (launcher/events_uring.c: the kernel does the I/O)
 * and epoll (launcher/events_epoll.c: readiness, then the system call,
 * for where io_uring is refused: Docker's default seccomp profile,
 * kernel.io_uring_disabled, old kernels).  One is chosen when the loop
 * starts (SHMPI_LAUNCHER_EVENTS) and used for the whole job.
 *
 * Contract of both:
 * - at most one request per descriptor is in flight at a time (the loop
 *   never asks for two), and a descriptor is closed only after its last
 *   request completed;
 * - a buffer stays the request's until its completion is delivered;
 * - results are as read(2)/write(2) give them, negative errno on error;
 *   a poll completes with a positive event mask; a timer with -ETIME; a
 *   request ended by lnch_events_cancel_fd() with -ECANCELED (or with its
 *   ordinary result when it had completed already);
 * - completions are delivered only from lnch_events_wait(), never from a
 *   submitting call, so a handler may submit freely.
 */
#ifndef LNCH_EVENTS_H
#define LNCH_EVENTS_H

#include <stddef.h>
#include <stdint.h>

/* SHMPI_LAUNCHER_EVENTS, in the order of the table's choices. */
enum lnch_events_kind {
	LNCH_EVENTS_AUTO = 0,  /* io_uring, else epoll */
	LNCH_EVENTS_URING,
	LNCH_EVENTS_EPOLL,
};

/* Called once per completion with the request's tag and result. */
typedef void lnch_events_fn(void *arg, uint64_t tag, int res);

struct lnch_events;

/* One back-end's requests (see the contract above). */
struct lnch_events_ops {
	void (*read)(struct lnch_events *ev, int fd, void *buf, size_t len, uint64_t tag);
	void (*write)(struct lnch_events *ev, int fd, const void *buf, size_t len, uint64_t tag);
	void (*poll_in)(struct lnch_events *ev, int fd, uint64_t tag);
	void (*timer)(struct lnch_events *ev, double ms, uint64_t tag);
	void (*cancel_fd)(struct lnch_events *ev, int fd);
	int (*wait)(struct lnch_events *ev, lnch_events_fn *fn, void *arg);
	void (*close)(struct lnch_events *ev);
};

/* The head of each back-end's state. */
struct lnch_events {
	const struct lnch_events_ops *ops;
	const char *name;      /* "io_uring" or "epoll" */
};

/* Set up the back-end `kind` asks for, sized for about `inflight`
 * requests in flight at once.  AUTO takes io_uring and falls back to epoll whatever
 * io_uring's error was.  Returns the back-end, or NULL with -errno in *err
 * (AUTO: epoll's error) and the back-end that failed in *what. */
struct lnch_events *lnch_events_open(enum lnch_events_kind kind, unsigned inflight, int *err,
				     const char **what);

/* The back-ends' constructors (NULL and -errno in *err on failure). */
struct lnch_events *lnch_events_uring_open(unsigned inflight, int *err);
struct lnch_events *lnch_events_epoll_open(unsigned inflight, int *err);

/* Read up to len bytes from fd's current position into buf. */
static inline void lnch_events_read(struct lnch_events *ev, int fd, void *buf, size_t len,
				    uint64_t tag)
{
	ev->ops->read(ev, fd, buf, len, tag);
}

/* Write up to len bytes; a short write is a result like any other.  The
 * epoll back-end sets O_NONBLOCK on fd (the launcher's own pipe end). */
static inline void lnch_events_write(struct lnch_events *ev, int fd, const void *buf,
				     size_t len, uint64_t tag)
{
	ev->ops->write(ev, fd, buf, len, tag);
}

/* Complete once fd is readable (a pidfd: once its process has ended). */
static inline void lnch_events_poll_in(struct lnch_events *ev, int fd, uint64_t tag)
{
	ev->ops->poll_in(ev, fd, tag);
}

/* Complete with -ETIME ms milliseconds from now. */
static inline void lnch_events_timer(struct lnch_events *ev, double ms, uint64_t tag)
{
	ev->ops->timer(ev, ms, tag);
}

/* End the request in flight on fd, if any (it completes, see above). */
static inline void lnch_events_cancel_fd(struct lnch_events *ev, int fd)
{
	ev->ops->cancel_fd(ev, fd);
}

/* Submit what is queued, wait for at least one completion (or a signal's
 * EINTR) and deliver all that are ready to fn.  Returns 0, or -errno when
 * the back-end itself failed (the loop then gives up). */
static inline int lnch_events_wait(struct lnch_events *ev, lnch_events_fn *fn, void *arg)
{
	return ev->ops->wait(ev, fn, arg);
}

/* Free the back-end; requests still in flight are dropped.  Their buffers
 * are best left alone (the loop's are static or leaked on that path): the
 * kernel ends io_uring's requests after the ring's descriptor is closed. */
static inline void lnch_events_close(struct lnch_events *ev)
{
	ev->ops->close(ev);
}

#endif
