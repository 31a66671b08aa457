/*
 * launcher/events.c - the choice of the launcher's event back-end
 * (launcher/events.h), made once when the loop starts.
 */
#include <errno.h>
#include <stddef.h>
#include "launcher/events.h"

struct lnch_events *lnch_events_open(enum lnch_events_kind kind, unsigned inflight, int *err,
				     const char **what)
{
	struct lnch_events *ev = NULL;

	/* io_uring first: the kernel does the reads, one system call a
	 * round however many complete.  Any error sends auto to epoll:
	 * EPERM (seccomp, kernel.io_uring_disabled=2 or a group it does
	 * not allow), ENOSYS (no io_uring), EINVAL (a kernel too old for
	 * the flags), ENOMEM (locked memory). */
	if (kind != LNCH_EVENTS_EPOLL) {
		*what = "io_uring";
		ev = lnch_events_uring_open(inflight, err);
		if (ev || kind == LNCH_EVENTS_URING)
			return ev;
	}
	*what = "epoll";
	return lnch_events_epoll_open(inflight, err);
}
