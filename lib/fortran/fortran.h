/*
 * lib/fortran/fortran.h - what the generated Fortran glue (f77_glue.c,
 * f08_glue.c) needs beyond mpi.h: the sentinels by address, strings with
 * lengths, the buffers of mpi_f08 as descriptors.
 *
 * The glue is a client of the public API (it calls MPI_X, never lib/
 * internals), built into its own library, libshmpi_fortran, only when
 * configure finds a Fortran compiler.
 */
#ifndef MPII_FORTRAN_H
#define MPII_FORTRAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "mpi.h"
#include "lib/fortran/sentinels.h"
#include "shm/atomic.h"

/* Integers in a Fortran status; the C status has the same layout. */
#define MPII_F_STATUS_SIZE 6
/* status(MPI_ERROR), 0-based (MPI_SOURCE, MPI_TAG, MPI_ERROR are 1, 2, 3). */
#define MPII_F_STATUS_ERROR 2
/* Room a C string out-argument gets beyond the Fortran variable's length:
 * more than any MPI_MAX_* length plus its NUL, so that the C function
 * never writes past the buffer whatever the Fortran length. */
#define MPII_F_STRBUF (MPI_MAX_INFO_VAL + 1)

/* The C address for a Fortran choice argument: MPI_BOTTOM and
 * MPI_IN_PLACE arrive as the addresses of their common blocks. */
static inline void *mpii_f_buf(const void *buf)
{
	if (buf == &mpii_obj_f_bottom_)
		return MPI_BOTTOM;
	if (buf == &mpii_obj_f_in_place_)
		return MPI_IN_PLACE;
	return (void *)buf;
}

static inline int mpii_f_status_ignored(const MPI_Fint *status)
{
	return status == MPI_F_STATUS_IGNORE;
}

static inline int mpii_f_statuses_ignored(const MPI_Fint *statuses)
{
	return statuses == MPI_F_STATUSES_IGNORE || statuses == MPI_F_STATUS_IGNORE;
}

static inline const int *mpii_f_weights(const MPI_Fint *weights)
{
	if (weights == mpii_obj_f_unweighted_)
		return MPI_UNWEIGHTED;
	if (weights == mpii_obj_f_weights_empty_)
		return MPI_WEIGHTS_EMPTY;
	return weights;
}

/* Weights a call fills in (MPI_Dist_graph_neighbors): MPI_UNWEIGHTED
 * from Fortran means "do not return them". */
static inline int *mpii_f_weights_out(MPI_Fint *weights)
{
	return weights == mpii_obj_f_unweighted_ ? (int *)MPI_UNWEIGHTED : weights;
}

static inline int *mpii_f_errcodes(MPI_Fint *errcodes)
{
	return errcodes == mpii_obj_f_errcodes_ignore_ ? MPI_ERRCODES_IGNORE : errcodes;
}

/* Requests: the glue converts one or two on every nonblocking call and
 * every wait, and MPI_Request_c2f takes the library lock and a hash probe.
 * A request's integer never changes once given (lib/core/handle_f2c.c
 * keeps each pointer's index for the life of the process), so a small
 * cache of (pointer, integer) pairs answers c2f without a call: each
 * entry is one 64-bit word, the pointer shifted left by 16 bits over the
 * integer, read and written whole (relaxed atomics of shm/atomic.h: any
 * entry a thread sees is a true pair), filled only for pointers below 2^48
 * and integers below 2^16; anything else takes MPI_Request_c2f.  f2c has no such
 * cache: MPI_Request_f2c also checks that the object is still a request.
 * The null request is 0 both ways without a call. */
MPI_Fint mpii_f_request_c2f_slow(MPI_Request request);
#if UINTPTR_MAX == UINT64_MAX && defined(__GNUC__)
#define MPII_F_REQ_CACHE 64 /* 2^6: the slot is the top 6 bits of a 32-bit hash */
__attribute__((visibility("hidden"))) extern _Atomic uint64_t mpii_f_req_cache[MPII_F_REQ_CACHE];
/* Fibonacci hashing of the pointer's low 32 bits (one multiplication and
 * one shift): requests a few hundred bytes apart land in different slots. */
static inline unsigned mpii_f_req_slot(uintptr_t p)
{
	return ((uint32_t)p * 2654435761u) >> (32 - 6);
}
#endif

static inline MPI_Fint mpii_f_request_c2f(MPI_Request request)
{
	if (request == MPI_REQUEST_NULL)
		return 0;
#ifdef MPII_F_REQ_CACHE
	uintptr_t p = (uintptr_t)request;
	/* Relaxed: an entry is a whole (pointer, integer) pair, true forever,
	 * and nothing else is read through it (pairs with the relaxed store
	 * in mpii_f_request_c2f_slow). */
	uint64_t e = shm_load_relaxed(&mpii_f_req_cache[mpii_f_req_slot(p)]);
	if ((e >> 16) == p)
		return (MPI_Fint)(e & 0xffff);
#endif
	return mpii_f_request_c2f_slow(request);
}

static inline MPI_Request mpii_f_request_f2c(MPI_Fint request)
{
	return request == 0 ? MPI_REQUEST_NULL : MPI_Request_f2c(request);
}

/* The slow twin of a generated glue function with a fast half
 * (api/gen-fortran.py, glue_function_pair): kept out of line, and with
 * GCC also out of its interprocedural changes (noipa), so that it takes the
 * very arguments the fast half got and the hand-over is a plain jump that
 * saves no register. */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
#define MPII_F_SLOW static __attribute__((noipa))
#elif defined(__GNUC__)
#define MPII_F_SLOW static __attribute__((noinline))
#else
#define MPII_F_SLOW static
#endif

/* n elements of size bytes (at least one, so that NULL means no memory). */
void *mpii_f_alloc(int n, size_t size);
/* A NUL-terminated copy of a Fortran string without its trailing blanks;
 * NULL when out of memory.  The caller frees it. */
char *mpii_f_str_in(const char *s, size_t len);
/* The same without its leading blanks either (info keys and values). */
char *mpii_f_str_in_info(const char *s, size_t len);
/* Copies C string c into the Fortran variable f of length len, padded
 * with blanks (truncated if longer). */
void mpii_f_str_out(const char *c, char *f, size_t len);
/* The CHARACTER arrays of MPI_COMM_SPAWN(_MULTIPLE) (MPI-4.1 11.8.2-3),
 * elements of len characters each, copied into NUL-ended C strings
 * without their leading and trailing blanks (as MPICH does: its
 * f77/spawn/spawnargvf passes " Ss" and expects "Ss"); each returns MPI_SUCCESS or
 * MPI_ERR_NO_MEM, and *out is freed by mpii_f_strs_free (count: the
 * number of lists for argvs, else ignored).
 *   argv:  ARGV(*), the list ending at the first blank element; the
 *          sentinel MPI_ARGV_NULL gives NULL (C's MPI_ARGV_NULL);
 *   strs:  ARRAY_OF_COMMANDS(*), count elements, a NULL after them;
 *   argvs: ARRAY_OF_ARGV(COUNT,*), command i's list being row i (the
 *          elements (i, 1), (i, 2), ... up to a blank one); the sentinel
 *          MPI_ARGVS_NULL gives NULL. */
int mpii_f_argv_in(const char *a, size_t len, char ***out);
int mpii_f_strs_in(const char *a, size_t len, int count, char ***out);
int mpii_f_argvs_in(const char *a, size_t len, int count, char ****out);
void mpii_f_strs_free(char **v);
void mpii_f_argvs_free(char ***v, int count);
/* MPI-1's INTEGER displacements and addresses (api/gen-fortran.py,
 * INT_AINT): stores v's low bits in *f; MPI_ERR_ARG, through
 * MPI_COMM_WORLD's error handler, when they are not all of v. */
int mpii_f_aint_to_int(MPI_Aint v, MPI_Fint *f);
/* The Fortran value of attribute v that MPI_X_get_attr returned under
 * keyval on a communicator ('c'), datatype ('t') or window ('w'): the
 * predefined attributes are integers C returns by address (MPI-3.1 6.7.1),
 * the others are the value itself. */
MPI_Aint mpii_f_attr_value(char object, int keyval, void *v);
/* Seed 002's MPI_Handle: the C handle (a pointer, as every handle here)
 * of Fortran handle h of handletype type (MPI_HANDLE_COMM, ...), NULL for
 * an unknown type; and back, from the address of a C handle variable. */
void *mpii_f_handle_f2c(MPI_Fint h, int type);
MPI_Fint mpii_f_handle_c2f(const MPI_Handle *h, int type);

/* ------------------------------------------------ mpi_f08 choice buffers */
#include <ISO_Fortran_binding.h>

enum {
	MPII_F08_IN = 1,          /* the call reads the buffer */
	MPII_F08_OUT = 2,         /* the call writes it */
	MPII_F08_INOUT = 3,
	MPII_F08_NONBLOCKING = 4, /* the buffer outlives the call: no copies */
	MPII_F08_KEEP_TYPE = 8,   /* the (count, datatype) pair stays as it is */
	MPII_F08_TYPED = 16,      /* a reduction: sections only by the element type */
};

/* A TYPE(*), DIMENSION(..) argument as the C call sees it. */
struct mpii_f08_buf {
	void *addr;           /* what the C function gets */
	int count;            /* its count and datatype (a section: 1 and made) */
	MPI_Datatype type;
	MPI_Datatype made;    /* a datatype made for a section, freed by put */
	void *tmp;            /* a contiguous copy of a section, or NULL */
	CFI_cdesc_t *desc;
	int flags;
};

/* The out-of-line halves of get and put below (f08_buffer.c): a
 * descriptor that is not a scalar or a contiguous vector, and a b that
 * holds a made datatype or a copy. */
int mpii_f08_buf_section(struct mpii_f08_buf *b, CFI_cdesc_t *d, int count, MPI_Datatype type,
			 int flags);
void mpii_f08_buf_release(struct mpii_f08_buf *b, int rc);

/* Whether descriptor d is used in place whatever the call: a scalar or a
 * contiguous vector (an unallocated one included: its NULL base address
 * passes through).  The generated glue's fast halves test it before
 * passing mpii_f_buf(d->base_addr) with the call's own count and type. */
static inline int mpii_f08_buf_plain(const CFI_cdesc_t *d)
{
	return d->rank == 0 || (d->rank == 1 && (d->dim[0].sm == (CFI_index_t)d->elem_len ||
						 d->dim[0].extent <= 1));
}

/* Fills b for descriptor d described by (count, type), flags as above.
 * A contiguous array is used in place; a section becomes count 1 of a
 * derived datatype when (count, type) covers exactly its elements, else a
 * contiguous copy (blocking calls only).  Returns MPI_SUCCESS or
 * MPI_ERR_BUFFER (a nonblocking call on a section no datatype can
 * describe), MPI_ERR_NO_MEM.  Inline for the common case (plain above),
 * which takes no call and no loop. */
static inline int mpii_f08_buf_get(struct mpii_f08_buf *b, CFI_cdesc_t *d, int count,
				   MPI_Datatype type, int flags)
{
	b->count = count;
	b->type = type;
	b->made = MPI_DATATYPE_NULL;
	b->tmp = NULL;
	if (mpii_f08_buf_plain(d)) {
		b->addr = mpii_f_buf(d->base_addr);
		return MPI_SUCCESS;
	}
	return mpii_f08_buf_section(b, d, count, type, flags);
}
/* After the call (rc its result): copies a written copy back, frees what
 * get made.  Harmless on a zeroed b. */
static inline void mpii_f08_buf_put(struct mpii_f08_buf *b, int rc)
{
	if (b->tmp || b->made != MPI_DATATYPE_NULL)
		mpii_f08_buf_release(b, rc);
}
/* Reports code for function fn through comm's error handler (the C
 * function was not called); returns code. */
int mpii_f08_buf_error(MPI_Comm comm, int code, const char *fn);

/* The length of a per-process array of a collective on Fortran
 * communicator comm: which 0, one per process of the group (the remote
 * group of an intercommunicator); 1 and 2, one per source and per
 * destination neighbour of its topology.  0 for an invalid communicator
 * or one without a topology (the C call then reports the error). */
int mpii_f_coll_len(MPI_Fint comm, int which);

/* ------------------------------------------------ callbacks (callbacks.c)
 * The calls the glue makes in place of MPI_X for functions taking Fortran
 * procedures: the same arguments, the procedures as function pointers,
 * extra_state by value.  Same returns as MPI_X. */
int mpii_f_op_create(void (*user_fn)(void), int commute, MPI_Op *op);
/* MPI_Comm/Win_create_errhandler and MPI_Errhandler_create alike. */
int mpii_f_errhandler_create(void (*fn)(void), MPI_Errhandler *errhandler);
/* MPI_Comm/Type/Win_create_keyval, MPI_Keyval_create (COMM1: INTEGER
 * values and extra_state) and MPI_Handle_keyval_create (HANDLE: the same). */
enum mpii_f_keyval_kind {
	MPII_F_KEYVAL_COMM, MPII_F_KEYVAL_COMM1, MPII_F_KEYVAL_TYPE, MPII_F_KEYVAL_WIN,
	MPII_F_KEYVAL_HANDLE
};
int mpii_f_keyval_create(enum mpii_f_keyval_kind kind, void (*copy)(void), void (*del)(void),
			 int *keyval, MPI_Aint extra_state);
/* MPI_Register_datarep: the conversion procedures (or the predefined
 * MPI_CONVERSION_FN_NULL) and the extent procedure. */
int mpii_f_register_datarep(const char *datarep, void (*read_fn)(void), void (*write_fn)(void),
			    void (*extent_fn)(void), MPI_Aint extra_state);
/* extra_state: the address of the caller's EXTRA_STATE variable, which
 * the procedures get (api/gen-fortran.py, EXTRA_STATE_BY_ADDRESS). */
int mpii_f_grequest_start(void (*query)(void), void (*free_fn)(void), void (*cancel)(void),
			  MPI_Aint *extra_state, MPI_Request *request);
int mpii_f_post_handler(MPI_Request request, MPI_Info handler_attr, void (*handler)(void),
			MPI_Aint extra_state, int handler_type);
int mpii_f_meta_request_create(void (*init_fn)(void), void (*start_fn)(void),
			       void (*complete_fn)(void), void (*free_fn)(void),
			       void (*cancel_fn)(void), MPI_Metarequest *metareq);
int mpii_f_meta_request_free(MPI_Metarequest *metareq);
int mpii_f_request_init(MPI_Metarequest metareq, MPI_Aint extra_state, MPI_Request *request);
/* Seed 002's meta requests have no Fortran integers in libshmpi: these
 * number them (0 is MPI_METAREQUEST_NULL; an unknown integer gives
 * MPI_METAREQUEST_NULL, which the C call rejects). */
MPI_Fint mpii_f_metareq_c2f(MPI_Metarequest metareq);
MPI_Metarequest mpii_f_metareq_f2c(MPI_Fint metareq);

/* libshmpi's two hooks for procedures of another language, which the
 * public API has no place for (a user op and an error handler have no
 * extra_state): defined in lib/coll/op.c and lib/core/errhandler.c,
 * declared again here because the glue includes nothing of lib/ but this
 * folder (the types must match lib/coll/op.h and lib/core/errors.h). */
typedef void mpii_lang_op_call(void *in, void *inout, int *len, MPI_Datatype *datatype,
			       void (*proc)(void));
typedef void mpii_lang_eh_call(int is_win, void *obj, int *errcode, void (*proc)(void));
int mpii_lang_op_create(mpii_lang_op_call *call, void (*proc)(void), int commute, MPI_Op *op);
int mpii_lang_errhandler_create(mpii_lang_eh_call *call, void (*proc)(void),
				MPI_Errhandler *errhandler);

/* libshmpi's attribute hooks (lib/attr/attr.h, which the glue does not
 * include: the enum must match): set and get from Fortran, the value an
 * integer; get also says how the value was set (0: from C, a pointer).
 * The glue calls set directly and get through mpii_f_attr_get. */
enum { MPII_LANG_ATTR_COMM, MPII_LANG_ATTR_TYPE, MPII_LANG_ATTR_WIN, MPII_LANG_ATTR_MPI1 };
int mpii_lang_attr_set(int which, void *obj, int keyval, MPI_Aint value);
int mpii_lang_attr_get(int which, void *obj, int keyval, MPI_Aint *value, int *how, int *flag);
int mpii_lang_keyval_fortran(int keyval);
/* MPI_COMM_GET_ATTR and the others from Fortran: *value the integer
 * Fortran set, or for a value C set (a pointer) mpii_f_attr_value's. */
int mpii_f_attr_get(int which, void *obj, int keyval, MPI_Aint *value, int *flag);

#endif
