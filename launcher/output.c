/*
 * launcher/output.c - line-preserving forwarding of rank output.
 *
 * The launcher is the only writer of its stdout and stderr, and it writes
 * only whole lines of one stream at a time, so lines of different ranks
 * never mix.  A line longer than MAX_LINE is cut (written in pieces) so that
 * a rank that never prints a newline cannot grow the launcher without bound.
 * A partial last line is written at EOF as it is; a tagged stream ends it
 * with a newline so that the next tagged line starts at the left margin.
 * Tags: MPICH's "[rank] " (-l), Open MPI's "[1,rank]<stdout>:" or
 * "<stderr>:" (--tag-output), and Open MPI's time stamp
 * (--timestamp-output), which is made when the line is written.
 *
 * With --output-filename each stream is also (or, with :nocopy, only)
 * written, untagged, to its file.
 *
 * If the launcher's own output is gone (EPIPE, e.g. `| head`), that
 * stream's data is dropped and the job goes on: the ranks must not block
 * on a full pipe nobody reads.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "launcher/output.h"

#define MIN_READ 4096
#define START_CAP 16384
#define MAX_LINE (1u << 20)

static bool out_broken[3];  /* by out_fd: writes failed for good */
static char *scratch;       /* tagged lines are assembled here */
static size_t scratch_cap;

static void write_all(int fd, const char *p, size_t n)
{
	while (n && !out_broken[fd]) {
		ssize_t w = write(fd, p, n);
		if (w >= 0) {
			p += w;
			n -= (size_t)w;
		} else if (errno == EAGAIN) {
			/* Our stdout may be a shared non-blocking tty or pipe. */
			struct pollfd pfd = { .fd = fd, .events = POLLOUT };
			poll(&pfd, 1, -1);
		} else if (errno != EINTR) {
			out_broken[fd] = true;
		}
	}
}

static enum lnch_tag_style tag_style;
static bool tag_stamp;

void lnch_output_style(enum lnch_tag_style style, bool stamp)
{
	tag_style = style;
	tag_stamp = stamp;
}

int lnch_stream_init(struct lnch_stream *s, int fd, int source, int out_fd, unsigned rank)
{
	const char *src = source == 2 ? "<stderr>:" : "<stdout>:";

	s->fd = fd;
	s->out_fd = out_fd;
	s->file_fd = -1;
	s->to_terminal = true;
	s->len = 0;
	s->cap = START_CAP;
	s->buf = malloc(s->cap);
	if (!s->buf)
		return -ENOMEM;
	s->stamp = tag_stamp;
	s->tag[0] = '\0';
	if (tag_style == LNCH_TAG_RANK)
		snprintf(s->tag, sizeof(s->tag), "[%u] ", rank);
	else if (tag_style == LNCH_TAG_OMPI)
		snprintf(s->tag, sizeof(s->tag), "[1,%u]%s", rank, src);
	else if (tag_stamp)
		snprintf(s->tag, sizeof(s->tag), "%s", src);  /* Open MPI's stamp alone */
	s->taglen = strlen(s->tag);
	return 0;
}

size_t lnch_stream_space(struct lnch_stream *s)
{
	if (s->cap - s->len < MIN_READ && s->cap < MAX_LINE + MIN_READ) {
		size_t cap = s->cap * 2;
		char *b = realloc(s->buf, cap);
		if (b) {
			s->buf = b;
			s->cap = cap;
		}
	}
	return s->cap - s->len;
}

/* Write buf[0..n) which ends at a line boundary (or is a cut piece). */
static void emit(struct lnch_stream *s, size_t n, bool add_newline)
{
	if (n == 0)
		return;
	for (size_t off = 0; s->file_fd >= 0 && off < n;) {
		ssize_t w = write(s->file_fd, s->buf + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			lnch_stream_close_file(s);  /* disk full: keep the job going */
			break;
		}
		off += (size_t)w;
	}
	if (!s->to_terminal)
		return;
	if (s->taglen == 0) {
		write_all(s->out_fd, s->buf, n);
		return;
	}
	/* The time stamp, made now (ctime's form without its newline). */
	char stamp[32] = "";
	size_t stamplen = 0;
	if (s->stamp) {
		time_t now = time(NULL);
		struct tm tm;
		if (localtime_r(&now, &tm))
			stamplen = strftime(stamp, sizeof(stamp), "%a %b %e %H:%M:%S %Y", &tm);
	}
	size_t lines = 1;
	for (size_t k = 0; k + 1 < n; k++)
		lines += s->buf[k] == '\n';
	size_t need = n + lines * (stamplen + s->taglen) + 1;
	if (need > scratch_cap) {
		char *b = realloc(scratch, need);
		if (!b) {  /* untagged beats lost */
			write_all(s->out_fd, s->buf, n);
			return;
		}
		scratch = b;
		scratch_cap = need;
	}
	size_t o = 0;
	bool at_start = true;
	for (size_t k = 0; k < n; k++) {
		if (at_start) {
			memcpy(scratch + o, stamp, stamplen);
			o += stamplen;
			memcpy(scratch + o, s->tag, s->taglen);
			o += s->taglen;
		}
		scratch[o++] = s->buf[k];
		at_start = s->buf[k] == '\n';
	}
	if (add_newline && !at_start)
		scratch[o++] = '\n';
	write_all(s->out_fd, scratch, o);
}

void lnch_stream_feed(struct lnch_stream *s, size_t n)
{
	size_t old = s->len, end = 0;

	s->len += n;
	/* Only the new bytes can hold the last newline. */
	for (size_t k = s->len; k > old; k--) {
		if (s->buf[k - 1] == '\n') {
			end = k;
			break;
		}
	}
	if (end == 0 && s->len >= MAX_LINE)
		end = s->len;  /* cut an overlong line */
	if (end == 0)
		return;
	emit(s, end, false);
	memmove(s->buf, s->buf + end, s->len - end);
	s->len -= end;
}

void lnch_stream_close(struct lnch_stream *s)
{
	if (s->buf)
		emit(s, s->len, true);
	free(s->buf);
	s->buf = NULL;
	s->len = s->cap = 0;
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	lnch_stream_close_file(s);
}

void lnch_stream_close_file(struct lnch_stream *s)
{
	if (s->file_fd >= 0)
		close(s->file_fd);
	s->file_fd = -1;
}
