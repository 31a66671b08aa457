/*
 * lib/io/io_impl.h - private to lib/io/: the view (a filetype flattened
 * into runs), the file's block in the shared segment, and the one engine
 * every data access goes through.
 *
 * Units: the standard counts file pointers and offsets in etypes of the
 * view; the engine works in bytes of the view's data stream ("stream
 * bytes": the filetype's data bytes laid end to end, tile after tile),
 * which view_map turns into file offsets.  A stream byte is etype_size x
 * the etype offset.
 */
#ifndef MPII_IO_IMPL_H
#define MPII_IO_IMPL_H

#include <stdint.h>
#include <sys/types.h>
#include "lib/io/io.h"
#include "lib/comm/comm.h"
#include "lib/datatype/datatype.h"
#include "lib/attr/attr.h"
#include "shm/atomic.h"
#include "shm/mutex.h"

/* One contiguous piece of a filetype: off from the filetype's origin,
 * len bytes; cum is the stream bytes of the pieces before it. */
struct io_run {
	MPI_Offset off, len, cum;
};

/* A data representation: native (NULL conversions), external32, internal,
 * or one registered by MPI_Register_datarep (lib/io/datarep.c). */
struct io_datarep;

struct mpii_io_view {
	MPI_Offset disp;                 /* bytes from the file's start */
	struct mpii_datatype *etype, *filetype;  /* references held */
	MPI_Offset esize;                /* etype's data bytes in the file */
	MPI_Offset ft_size, ft_extent;   /* one filetype: data bytes, extent (file bytes) */
	int nruns;
	struct io_run *runs;             /* one filetype's pieces, merged */
	int contig;                      /* one run at 0 of ft_extent bytes: stream = file */
	const struct io_datarep *rep;    /* NULL: native */
	char repname[MPI_MAX_DATAREP_STRING];
};

/* The file's block in the segment (one per open, shared by its ranks;
 * private memory when one rank opened it).  Blocks are bump-allocated by
 * the opening communicator's rank 0 and kept with the file's communicator
 * when it closes, for the next open on the same group; when the arena is
 * full, a small POSIX shared-memory object of its own (file_open.c). */
struct mpii_io_shared {
	struct shm_mutex lock;           /* atomic mode: one access at a time */
	shm_cacheline_aligned _Atomic int64_t shared_fp;  /* etypes of the view */
};

/* A split collective between its begin and end (MPI-3.1 13.4.5): done
 * at begin, its status kept for end. */
struct mpii_io_split {
	int kind;            /* enum io_split_kind */
	const void *buf;
	MPI_Status status;
	int err;
};
enum io_split_kind { IO_SPLIT_READ_AT_ALL = 1, IO_SPLIT_WRITE_AT_ALL, IO_SPLIT_READ_ALL,
		     IO_SPLIT_WRITE_ALL, IO_SPLIT_READ_ORDERED, IO_SPLIT_WRITE_ORDERED };

/* file_view.c: the default view (disp 0, MPI_BYTE, MPI_BYTE, "native");
 * release a view; the file offset of stream byte p. */
int mpii_io_view_default(struct mpii_io_view **out);
void mpii_io_view_free(struct mpii_io_view *v);
MPI_Offset mpii_io_view_map(const struct mpii_io_view *v, MPI_Offset p, MPI_Offset *avail);

/* Counts: every internal function of lib/io/ takes MPI_Count, so that the
 * large-count (_c) entry points are one call each, as the int ones. */

/* Where an access starts. */
enum io_where { IO_AT = 0, IO_INDIV, IO_SHARED };

/* file_access.c: the engine.  Moves count x dt between buf and the file
 * at etype offset off of fh's view (write: to the file), in atomic mode
 * under the file's lock.  *moved gets the data bytes moved (in the
 * user's representation: what MPI_Get_count divides); a read stops at the
 * end of the file.  Returns an error class; the caller raises it.  No
 * library lock needed: only this rank's descriptor and memory. */
int mpii_io_rw(struct mpii_file *fh, int write, MPI_Offset off, void *buf, MPI_Count count,
	       struct mpii_datatype *dt, MPI_Count *moved);

/* The common checks of a data access call (file valid, type committed,
 * count >= 0, a whole number of etypes, the access mode allows it,
 * sequential files only through the shared pointer): MPI_SUCCESS or a
 * class, *msg saying why. */
int mpii_io_check(MPI_File fh, int write, int where, MPI_Count count, MPI_Datatype dt,
		  const char **msg);

/* One access from start to status: the checks, the offset from where
 * (explicit off, the individual pointer advanced, or the shared pointer
 * advanced), the engine, the status.  MPI_SUCCESS or a class (raised on
 * fh by this function). */
int mpii_io_access(const char *fn, MPI_File fh, int write, int where, MPI_Offset off, void *buf,
		   MPI_Count count, MPI_Datatype dt, MPI_Status *status);

/* Set a status for moved bytes. */
void mpii_io_status(MPI_Status *status, MPI_Count moved);

/* file_errh.c: MPI_FILE_NULL's error handler (a new file's first). */
struct mpii_errhandler *mpii_io_null_errh(void);

/* errno of a failed system call -> error class (MPI-3.1 13.7). */
int mpii_io_errno_class(int e);

/* Collectives on the file's communicator (the library lock taken here). */
int mpii_io_barrier(struct mpii_file *fh);
int mpii_io_agree(struct mpii_file *fh, int err);  /* the worst class of all ranks */

/* file_access.c: the etype offset of file offset end in view v (seek to
 * the end); the target of a seek from cur (a class: MPI_ERR_ARG for a bad
 * whence or a negative result). */
MPI_Offset mpii_io_view_end(const struct mpii_io_view *v, MPI_Offset end);
int mpii_io_seek_target(struct mpii_file *fh, MPI_Offset cur, MPI_Offset offset, int whence,
			MPI_Offset *out);

/* file_aggr.c: a collective write (every rank of fh calls it; count 0
 * for a rank that contributes nothing) aggregated through two-phase
 * exchange.  *done = 0: not worth it here (the caller writes
 * independently); else done, *err this rank's class.  A class. */
int mpii_io_write_aggregated(struct mpii_file *fh, MPI_Offset off, const void *buf,
			     MPI_Count count, struct mpii_datatype *dt, int *done, int *err);

/* file_shared.c: ordered access (collective) and the shared pointer. */
int mpii_io_ordered(const char *fn, MPI_File fh, int write, void *buf, MPI_Count count,
		    MPI_Datatype dt, MPI_Status *status);

/* datarep.c: find a representation by name (NULL for native, and
 * *known = 0 when no such one). */
const struct io_datarep *mpii_io_datarep_find(const char *name, int *known);
/* The file bytes of one element of dt in rep (its extent there:
 * MPI_File_get_type_extent), and of its data (size). */
int mpii_io_rep_extent(const struct io_datarep *rep, struct mpii_datatype *dt, MPI_Aint *extent,
		       MPI_Offset *size);
/* Convert count x dt between the user's buf and the file representation
 * in fbuf (flen bytes): to_file, or back.  position is the etype offset of
 * the access (user conversion functions get it).  A class. */
int mpii_io_rep_convert(const struct io_datarep *rep, int to_file, void *buf, MPI_Count count,
			struct mpii_datatype *dt, void *fbuf, MPI_Offset position);

#endif
