/*
 * lib/io/io.h - what lib/io/ (MPI-IO: files, views, data access) offers the
 * rest of lib/: the file object as handle conversion and caching see it,
 * and the one way to raise an error on a file.  Design: docs/io.md.
 */
#ifndef MPII_IO_H
#define MPII_IO_H

#include <stdarg.h>
#include "mpi.h"
#include "lib/core/core.h"

struct mpii_comm;
struct mpii_datatype;
struct mpii_info;
struct mpii_io_view;     /* lib/io/io_impl.h */
struct mpii_io_shared;   /* lib/io/io_impl.h: the file's block in the segment */
struct mpii_io_split;    /* lib/io/io_impl.h: a split collective in progress */

struct mpii_file {
	uint32_t magic;          /* MPII_MAGIC_FILE */
	int fd;                  /* this rank's descriptor of the file */
	int amode;               /* MPI_MODE_* as opened */
	int atomic;              /* MPI_File_set_atomicity */
	struct mpii_comm *comm;  /* private duplicate of the opening communicator */
	struct mpii_errhandler *errh;
	struct mpii_info *info;  /* hints as set (NULL: none) */
	char *path;              /* the name it was opened with (delete on close) */
	struct mpii_io_view *view;
	MPI_Offset fp;           /* individual file pointer, in etypes of the view */
	struct mpii_io_shared *sh;  /* shared pointer and atomic-mode lock */
	uint64_t sh_off;         /* its segment offset (0: private, one rank, or mapped) */
	int sh_mapped;           /* sh is a mapping of its own (the arena was full) */
	struct mpii_io_split *split;  /* the pending split collective, or NULL */
	struct mpii_file *free_next;  /* freed objects are kept for reuse */
};

/* Bytes this process read from and wrote to files (every access path:
 * pread/pwrite, the aggregators' writes, io_uring), read by the tools
 * interface (lib/tools: io_bytes_*).  Plain per-process increments. */
struct mpii_io_counters {
	uint64_t bytes_read, bytes_written;
};
extern struct mpii_io_counters mpii_io_ctr;

/* Check a file handle.  MPI_SUCCESS or MPI_ERR_FILE. */
int mpii_file_check(MPI_File fh);

/* Report errcode raised by fn on fh through the file's error handler
 * (MPI_FILE_NULL's when fh is MPI_FILE_NULL or not a valid file: the
 * errors of MPI_File_open and MPI_File_delete, MPI-3.1 13.7); detail is
 * printf-style.  Returns errcode if the handler returns. */
int mpii_file_err(MPI_File fh, int errcode, const char *fn, const char *detail, ...)
	__attribute__((format(printf, 4, 5)));

/* Register the nonblocking file accesses' request kind (MPII_REQ_FILE,
 * lib/io/file_nb.c: their errors raised on their file); MPI_Init. */
void mpii_io_init(void);

#endif
