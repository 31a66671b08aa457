/*
 * lib/datatype/datatype.h - the datatype object and what the transport needs from
 * the type engine: size, extent, contiguity, and packing of any byte range
 * of the packed stream (so that a message can be packed straight into ring
 * cells one cell at a time, and unpacked straight out of them).
 *
 * Owner: the type engine (lib/type_*.c).  The core only uses the fields and
 * functions below.
 */
#ifndef MPII_DATATYPE_H
#define MPII_DATATYPE_H

#include <limits.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "mpi.h"
#include "lib/core/core.h"

/* Basic element kinds: reductions, external32 and the character
 * representation dispatch on these. */
enum mpii_basic {
	MPII_B_NONE = 0,
	MPII_B_CHAR, MPII_B_SCHAR, MPII_B_UCHAR, MPII_B_SHORT, MPII_B_USHORT,
	MPII_B_INT, MPII_B_UINT, MPII_B_LONG, MPII_B_ULONG, MPII_B_LLONG, MPII_B_ULLONG,
	MPII_B_INT8, MPII_B_INT16, MPII_B_INT32, MPII_B_INT64,
	MPII_B_UINT8, MPII_B_UINT16, MPII_B_UINT32, MPII_B_UINT64,
	MPII_B_FLOAT, MPII_B_DOUBLE, MPII_B_LDOUBLE,
	MPII_B_CFLOAT, MPII_B_CDOUBLE, MPII_B_CLDOUBLE,
	MPII_B_BOOL, MPII_B_WCHAR, MPII_B_BYTE, MPII_B_PACKED,
	MPII_B_AINT, MPII_B_OFFSET, MPII_B_COUNT,
	/* pair types for MAXLOC/MINLOC */
	MPII_B_FLOAT_INT, MPII_B_DOUBLE_INT, MPII_B_LONG_INT, MPII_B_2INT,
	MPII_B_SHORT_INT, MPII_B_LDOUBLE_INT,
	/* Fortran-named types map to their C twins by size, except these */
	MPII_B_LOGICAL, MPII_B_CHARACTER,
	/* Fortran pairs of reals and opaque sizes without a C twin */
	MPII_B_2FLOAT, MPII_B_2DOUBLE, MPII_B_INT128, MPII_B_REAL2,
	/* LOGICAL(KIND=1/2/8) (LOGICAL4 is MPII_B_LOGICAL); COMPLEX(KIND=2): two
	 * REAL2, transfers only (no 2-byte real arithmetic: reductions MPI_ERR_OP) */
	MPII_B_LOGICAL1, MPII_B_LOGICAL2, MPII_B_LOGICAL8, MPII_B_COMPLEX4,
	/* REAL(16), COMPLEX(16): gfortran's IEEE binary128, not long double */
	MPII_B_REAL16, MPII_B_COMPLEX32,
	MPII_B_LB, MPII_B_UB, MPII_B_DATATYPE,
	MPII_B_COUNT_OF_KINDS
};

enum mpii_dt_flags {
	MPII_DT_PREDEFINED = 1 << 0,
	MPII_DT_COMMITTED = 1 << 1,
	MPII_DT_CONTIG = 1 << 2,   /* count elements are one run of count*size bytes at true_lb */
	MPII_DT_STICKY_LB = 1 << 3, /* lb set by an MPI_LB marker or a resize (MPI-1 rules) */
	MPII_DT_STICKY_UB = 1 << 4, /* ub likewise */
	MPII_DT_KEPT = 1 << 5,      /* from MPI_Type_create_f90_*: the library
				     * keeps it, the user may not free it */
};

struct mpii_typedesc;  /* compiled form, owned by the type engine */
struct mpii_attr_list;

struct mpii_datatype {
	uint32_t magic;
	uint32_t flags;          /* enum mpii_dt_flags */
	_Atomic int refcount;    /* user handle + pending operations + parents */
	int basic;               /* enum mpii_basic for predefined types, else MPII_B_NONE */
	MPI_Count size;          /* bytes of data in one element */
	MPI_Aint lb, extent;
	MPI_Aint true_lb, true_extent;
	const char *predef_name; /* "MPI_INT" ... for predefined types */
	char *name;              /* set by MPI_Type_set_name, NULL if unset */
	struct mpii_typedesc *desc;
	struct mpii_attr_list *attrs;
	MPI_Count pieces;        /* contiguous pieces of one element, set at commit: an
				  * upper bound (pieces that happen to touch count twice)
				  * for choosing between iovecs and packing */
	/* type engine (lib/datatype/type_impl.h); the core does not use these */
	MPI_Count nbasic;        /* basic elements in one element (MPI_Get_elements) */
	int align;               /* strictest alignment of its basic elements */
	int combiner;            /* MPI_COMBINER_* */
};

/* Validate a datatype handle for communication: valid, committed, not
 * MPI_DATATYPE (only MPI_Pack/Unpack take that one).  Returns MPI_SUCCESS
 * or MPI_ERR_TYPE.  Inline: every communicating call checks its types. */
static inline int mpii_type_check_comm(MPI_Datatype dt)
{
	if (!MPII_VALID(dt, MPII_MAGIC_DATATYPE) || !(dt->flags & MPII_DT_COMMITTED) ||
	    dt->basic == MPII_B_DATATYPE)
		return MPI_ERR_TYPE;
	return MPI_SUCCESS;
}

/* Whether count elements of dt (a valid type) can be moved: their packed
 * bytes (count x size) and the span of memory they cover ((count - 1) x
 * extent + true extent, from the true lower bound) fit an MPI_Count, so no
 * size or address computed from them wraps.  MPI_SUCCESS, or
 * MPI_ERR_COUNT.  per_elem, when not 0, replaces dt->size (the external32
 * size of MPI_Pack_external). */
/* Whether bytes of the packed form of dt end on a boundary between basic
 * elements (a message of that length matches dt's type signature as far
 * as it goes; MPI_Get_elements is then defined). */
int mpii_type_bytes_whole(const struct mpii_datatype *dt, MPI_Count bytes);

int mpii_type_count_check_slow(MPI_Count count, const struct mpii_datatype *dt, MPI_Count per_elem);
static inline int mpii_type_count_check(MPI_Count count, const struct mpii_datatype *dt,
					MPI_Count per_elem)
{
	/* An int count of a type whose size, extent and bounds are below
	 * 2^31 spans less than 2^63: nothing to compute (the common case). */
	const MPI_Count lim = (MPI_Count)1 << 31;
	if (count <= INT32_MAX && per_elem == 0 && dt->size < lim && dt->extent < lim &&
	    dt->extent > -lim && dt->true_extent < lim && dt->true_lb < lim && dt->true_lb > -lim)
		return MPI_SUCCESS;
	return mpii_type_count_check_slow(count, dt, per_elem);
}

/* Copy bytes [offset, offset+len) of the packed form of (buf, count, dt)
 * into out.  offset+len <= count*size.  No errors: arguments were checked. */
void mpii_type_pack(const struct mpii_datatype *dt, MPI_Count count, const void *buf,
		    MPI_Count offset, void *out, MPI_Count len);

/* The reverse: bytes [offset, offset+len) of the packed form go to buf. */
void mpii_type_unpack(const struct mpii_datatype *dt, MPI_Count count, void *buf,
		      MPI_Count offset, const void *in, MPI_Count len);

/* The first len bytes of the packed form of (sbuf, scount, st) into those
 * of (rbuf, rcount, rt), without the packed form where either side is
 * contiguous (one copy); len is at most both sides' packed size. */
void mpii_type_copy(const struct mpii_datatype *st, MPI_Count scount, const void *sbuf,
		    const struct mpii_datatype *rt, MPI_Count rcount, void *rbuf, MPI_Count len);

/* The memory pieces of bytes [offset, offset+len) of the packed form of
 * (buf, count, dt), in packed order, adjacent pieces merged: up to max
 * iovecs (for process_vm_readv/writev straight between user buffers).
 * Returns the number filled; *covered gets the bytes they hold (less than
 * len when max ran out: continue at offset + *covered). */
struct iovec;
int mpii_type_iov(const struct mpii_datatype *dt, MPI_Count count, const void *buf, MPI_Count offset,
		  MPI_Count len, struct iovec *iov, int max, MPI_Count *covered);

/* The binary description of dt (lib/datatype/pack_dtype.c), from which
 * mpii_type_from_wire rebuilds the same type map in another process of
 * the job: encoded at the first call and kept with the type, so *desc
 * stays valid while dt lives.  MPI_SUCCESS or MPI_ERR_NO_MEM.  Any thread
 * may call it at any time. */
int mpii_type_wire(struct mpii_datatype *dt, const void **desc, size_t *len);

/* A new committed type from the len bytes of a description made by
 * mpii_type_wire; drop it with mpii_type_unref.  MPI_SUCCESS, MPI_ERR_ARG
 * (corrupt) or MPI_ERR_NO_MEM. */
int mpii_type_from_wire(const void *desc, size_t len, struct mpii_datatype **dt);

/* The one basic kind (enum mpii_basic, pairs whole) of every element of
 * dt's typemap: dt->basic for a predefined type; for a derived one
 * MPII_B_NONE when it has no elements, -1 when it mixes kinds.  A
 * predefined op accepts a derived type of one kind it allows (MPI-3.1
 * 5.9.2).  O(1): the constructors keep it. */
int mpii_type_elem_basic(const struct mpii_datatype *dt);

/* Bytes of data in one element of a basic kind (a pair: value + index,
 * without the padding of its C struct); 0 for none. */
int mpii_basic_size(int basic);

/* Called for every element of the typemap of (count, dt) in order, with
 * its kind (pairs whole) and displacement from the buffer's start.  A
 * non-zero return stops the walk and is what mpii_type_walk_whole
 * returns.  O(elements). */
typedef int (*mpii_walk_fn)(void *ctx, int basic, MPI_Aint disp);
int mpii_type_walk_whole(MPI_Datatype dt, MPI_Count count, mpii_walk_fn fn, void *ctx);

/* The counted halves of mpii_type_ref/unref (lib/datatype/type_core.c). */
void mpii_type_ref_counted(struct mpii_datatype *dt);
void mpii_type_unref_counted(struct mpii_datatype *dt);

/* Take and drop a reference (pending operations keep their type alive).
 * Predefined types live as long as the process: no count, and inline, so
 * that a message of one makes no call for it. */
static inline void mpii_type_ref(struct mpii_datatype *dt)
{
	if (!(dt->flags & MPII_DT_PREDEFINED))
		mpii_type_ref_counted(dt);
}

static inline void mpii_type_unref(struct mpii_datatype *dt)
{
	if (!(dt->flags & MPII_DT_PREDEFINED))
		mpii_type_unref_counted(dt);
}

/* Large counts (lib/datatype/type_large.c, for the MPI_X_c forms).
 * mpii_type_large: a new uncommitted type of count elements of old (a
 * contiguous type, or for count > INT_MAX chunks of 2^30 in a struct);
 * MPI_ERR_COUNT when count x extent overflows.  mpii_large_type: for a
 * call's (count, datatype) pair, *n and *dt such that the int form moves
 * the same data: count itself when it fits an int (inline: a comparison),
 * else 1 element of a new committed type (the caller frees it with
 * mpii_large_type_done once the call has returned); an invalid type or
 * negative count is left for the int form to report.  An error class
 * (MPI_ERR_COUNT, MPI_ERR_NO_MEM) when the type cannot be made. */
int mpii_type_large(MPI_Count count, MPI_Datatype old, MPI_Datatype *newtype);
int mpii_large_type_slow(MPI_Count count, int *n, MPI_Datatype *dt);
void mpii_large_type_free(MPI_Datatype dt);
static inline int mpii_large_type(MPI_Count count, int *n, MPI_Datatype *dt)
{
	if (count <= INT_MAX && count >= INT_MIN) {
		*n = (int)count;
		return MPI_SUCCESS;
	}
	return mpii_large_type_slow(count, n, dt);
}
/* For the reductions that move a large count by successive int calls
 * (api/mpi.api's ":split"): whether count elements of dt can be split so
 * (an invalid type, or a count whose bytes overflow, is left to
 * mpii_large_type and the int form to report) and dt's extent, the stride
 * of the buffers. */
static inline int mpii_large_split(MPI_Count count, MPI_Datatype dt, MPI_Aint *ext)
{
	if (mpii_type_check_comm(dt) || mpii_type_count_check(count, dt, 0))
		return 0;
	*ext = dt->extent;
	return 1;
}
static inline void mpii_large_type_done(MPI_Datatype given, MPI_Datatype used)
{
	if (used != given)
		mpii_large_type_free(used);
}

#endif
