/*
 * launcher/output.h - forward one rank's output stream line by line.
 */
#ifndef LNCH_OUTPUT_H
#define LNCH_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

/* One pipe from a rank to the launcher's stdout or stderr.  The event loop
 * reads into buf + len (at most lnch_stream_space() bytes), then calls
 * lnch_stream_feed(); whole lines leave at once, a partial line waits. */
struct lnch_stream {
	int fd;            /* read end of the pipe, -1 once at EOF */
	int out_fd;        /* 1 or 2 */
	char *buf;
	size_t len, cap;
	char tag[48];      /* "[rank] " (-l), "[1,rank]<stdout>:" (--tag-output), or "" */
	size_t taglen;
	bool stamp;        /* --timestamp-output: each line starts with the time */
	int file_fd;       /* --output-filename: a copy goes here, else -1 */
	bool to_terminal;  /* write to out_fd (false with :nocopy) */
};

/* How tagged lines look (set once, before the first stream): */
enum lnch_tag_style {
	LNCH_TAG_NONE = 0,
	LNCH_TAG_RANK,    /* "[3] line": MPICH's -l, -prepend-rank */
	LNCH_TAG_OMPI,    /* "[1,3]<stdout>:line": Open MPI's --tag-output */
};
/* The style of every stream set up after this call; stamp prefixes each
 * line with the time as Open MPI's --timestamp-output does ("Mon Dec  7
 * 19:44:03 2026<stdout>:line", before an Open MPI tag). */
void lnch_output_style(enum lnch_tag_style style, bool stamp);

/* Set up a stream reading fd (the rank's stdout when source is 1, its
 * stderr when 2) and writing to out_fd (1 or 2: stderr goes to 1 with
 * --merge-stderr-to-stdout), tagged in the style set above.  Returns 0 or
 * -ENOMEM. */
int lnch_stream_init(struct lnch_stream *s, int fd, int source, int out_fd, unsigned rank)
	__attribute__((warn_unused_result));

/* Make room for the next read; returns the free bytes at buf + len. */
size_t lnch_stream_space(struct lnch_stream *s);

/* n bytes were read into buf + len: write out every complete line. */
void lnch_stream_feed(struct lnch_stream *s, size_t n);

/* EOF or error: write out the partial last line, close fd and file_fd,
 * free buf. */
void lnch_stream_close(struct lnch_stream *s);

/* Close file_fd only (a rank that could not be started). */
void lnch_stream_close_file(struct lnch_stream *s);

#endif
