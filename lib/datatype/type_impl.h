/*
 * lib/datatype/type_impl.h - inside the type engine (lib/datatype/type_*.c, typestr*.c,
 * pack*.c).  Nothing outside those files includes this.
 *
 * A datatype carries two descriptions:
 *
 *  - its constructor arguments (combiner, ints, aints, types) exactly as
 *    MPI_Type_get_contents returns them.  Decoding, the character
 *    representation, the binary description packed with MPI_DATATYPE and
 *    the typemap walk (external32, MPI_Get_elements) all read these.
 *    Subarray and darray are also built as an equivalent type out of the
 *    simpler constructors (desc->inner) which the engine uses instead.
 *
 *  - its compiled form (desc->root), built at commit: a tree of nodes
 *      RUN  size bytes at disp
 *      VEC  count copies of child, copy i at disp + i*stride
 *      SEQ  entries one after the other in the packed stream
 *    normalised so that contiguous pieces merge into one RUN, repeated
 *    runs become a VEC and nested single entries disappear.  Every node
 *    knows its packed size, so any byte range of the packed stream is
 *    found by division (VEC) or binary search (SEQ) level by level:
 *    O(depth * log n) to seek, then straight copying.  Nodes are immutable
 *    and shared between types by reference counts.
 */
#ifndef MPII_TYPE_IMPL_H
#define MPII_TYPE_IMPL_H

#include <stddef.h>
#include "lib/datatype/datatype.h"

enum mpii_tnode_kind { MPII_N_RUN = 1, MPII_N_VEC, MPII_N_SEQ };

/* Reference count of nodes that live in static storage (predefined types). */
#define MPII_TNODE_STATIC (1 << 30)

struct mpii_tnode;

struct mpii_tent {
	struct mpii_tnode *node;
	MPI_Count start;          /* offset of this entry in the parent's packed stream */
};

struct mpii_tnode {
	_Atomic int refs;
	int kind;                 /* enum mpii_tnode_kind */
	MPI_Aint disp;            /* shift of the whole node */
	MPI_Count size;           /* packed bytes */
	MPI_Count count;          /* VEC */
	MPI_Aint stride;          /* VEC */
	struct mpii_tnode *child; /* VEC */
	int n;                    /* SEQ */
	struct mpii_tent *ent;    /* SEQ */
};

struct mpii_typedesc {
	struct mpii_tnode *root;  /* compiled form; NULL when the type has no data */
	int compiled;             /* root is valid */
	int ni, na, nd;           /* constructor arguments (MPI_Type_get_contents) */
	int *ints;
	MPI_Aint *aints;
	MPI_Datatype *types;      /* each holds a reference */
	struct mpii_datatype *inner; /* equivalent type (subarray, darray), or NULL */
	MPI_Count ext32_size;     /* bytes of one element in external32 */
	int elem;                 /* mpii_type_elem_basic(), set by the constructor */
	int depth;                /* nesting depth (predefined: 0) */
	_Atomic(char *) wire;     /* binary description for the transport
				   * (mpii_type_wire), NULL until first asked */
};

/* ---- objects (type_core.c) */

/* A zeroed derived type object with one reference and a desc, or NULL. */
struct mpii_datatype *mpii_type_alloc(void);

/* dt takes from's size, bounds, count of basic elements, alignment and
 * sticky-bound flags: a dup, or a type that only wraps another. */
void mpii_type_copy_layout(struct mpii_datatype *dt, const struct mpii_datatype *from);

/* Free a derived type whose last reference went away (children unref'd). */
void mpii_type_destroy(struct mpii_datatype *dt);

/* Valid handle of a live datatype (predefined or derived). */
static inline int mpii_type_valid(MPI_Datatype dt)
{
	return MPII_VALID(dt, MPII_MAGIC_DATATYPE);
}

static inline int mpii_type_is_predef(MPI_Datatype dt)
{
	return (dt->flags & MPII_DT_PREDEFINED) != 0;
}

/* ---- compiled form (type_compile.c) */

/* Compile dt (and its children) if not yet done; returns MPI_SUCCESS or
 * MPI_ERR_NO_MEM.  Sets MPII_DT_COMMITTED and MPII_DT_CONTIG. */
int mpii_type_commit(struct mpii_datatype *dt);
void mpii_tnode_unref(struct mpii_tnode *n);

/* ---- constructors (type_create.c, type_array.c).  Each returns an MPI
 * error class and, on success, a new uncommitted type in *newtype.
 * Arguments are assumed checked for validity of handles and signs. */
int mpii_type_contiguous(int count, MPI_Datatype old, MPI_Datatype *newtype);
int mpii_type_vector(int count, int blocklen, int stride, MPI_Datatype old, MPI_Datatype *newtype);
int mpii_type_hvector(int count, int blocklen, MPI_Aint stride, MPI_Datatype old, MPI_Datatype *newtype);
int mpii_type_indexed(int count, const int *blocklens, const int *disps, MPI_Datatype old,
		      MPI_Datatype *newtype);
int mpii_type_hindexed(int count, const int *blocklens, const MPI_Aint *disps, MPI_Datatype old,
		       MPI_Datatype *newtype);
int mpii_type_indexed_block(int count, int blocklen, const int *disps, MPI_Datatype old,
			    MPI_Datatype *newtype);
int mpii_type_hindexed_block(int count, int blocklen, const MPI_Aint *disps, MPI_Datatype old,
			     MPI_Datatype *newtype);
int mpii_type_struct(int count, const int *blocklens, const MPI_Aint *disps, const MPI_Datatype *types,
		     MPI_Datatype *newtype);
int mpii_type_resized(MPI_Datatype old, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype);
int mpii_type_dup(MPI_Datatype old, MPI_Datatype *newtype);
int mpii_type_subarray(int ndims, const int *sizes, const int *subsizes, const int *starts, int order,
		       MPI_Datatype old, MPI_Datatype *newtype);
int mpii_type_darray(int size, int rank, int ndims, const int *gsizes, const int *distribs,
		     const int *dargs, const int *psizes, int order, MPI_Datatype old,
		     MPI_Datatype *newtype);

/* Argument checks of subarray and darray: NULL when valid, else why not. */
const char *mpii_type_subarray_bad(int ndims, const int *sizes, const int *subsizes, const int *starts,
				   int order);
const char *mpii_type_darray_bad(int size, int rank, int ndims, const int *gsizes, const int *distribs,
				 const int *dargs, const int *psizes, int order);

/* Drop the user's reference of a type (MPI_Type_free without checks). */
static inline void mpii_type_release(MPI_Datatype *dt)
{
	if (*dt && !mpii_type_is_predef(*dt))
		mpii_type_unref(*dt);
	*dt = MPI_DATATYPE_NULL;
}

/* ---- predefined types (type_predefined.c) */

/* Table of every predefined datatype in a fixed order (the binary
 * description refers to predefined types by index). */
extern struct mpii_datatype *const mpii_type_predef_table[];
extern const int mpii_type_predef_count;
int mpii_type_predef_index(MPI_Datatype dt); /* -1 if not predefined */

/* ---- typemap walk (type_walk.c) */

/* mpii_type_walk_whole (lib/datatype/datatype.h) with pairs split in their parts
 * and every displacement shifted by disp. */
int mpii_type_walk(MPI_Datatype dt, MPI_Count count, MPI_Aint disp, mpii_walk_fn fn, void *ctx);

/* External32 size of a basic kind (the native one: lib/datatype/datatype.h). */
int mpii_basic_ext32(int basic);

/* Bytes of the first nelem basic elements of the signature of (count=inf,
 * dt); -1 if dt has no basic elements. */
MPI_Count mpii_type_sig_bytes(MPI_Datatype dt, MPI_Count nelem);
/* Basic elements wholly within the first nbytes of the packed stream of
 * one element; -1 if nbytes does not end on an element boundary. */
MPI_Count mpii_type_sig_elems(MPI_Datatype dt, MPI_Count nbytes);

/* ---- external32 (pack_external.c) */
MPI_Count mpii_type_ext32_size(MPI_Datatype dt);

/* The type MPI_Type_create_f90_real/complex/integer returns for (p, r)
 * (combiner MPI_COMBINER_F90_*; for F90_INTEGER p is the range and r is
 * 0): made once and kept by the library, not a new reference
 * (type_f90.c).  MPI_ERR_ARG when no Fortran kind fits. */
int mpii_type_f90(int combiner, int p, int r, MPI_Datatype *out);
void mpii_ext32_pack(MPI_Datatype dt, MPI_Count count, const void *in, void *out);
void mpii_ext32_unpack(MPI_Datatype dt, MPI_Count count, void *out, const void *in);

/* ---- character representation (typestr.c, typestr_parse.c) */

/* The representation of dt into a malloc'ed NUL-terminated string
 * (*len excludes the NUL).  MPI_SUCCESS or MPI_ERR_NO_MEM. */
int mpii_typestr_format(MPI_Datatype dt, char **str, size_t *len);

/* Parse str[0..len) into a new committed type.  MPI_SUCCESS, or
 * MPI_ERR_TYPE_STRING with *errpos the offending offset and *why a static
 * message, or MPI_ERR_NO_MEM. */
int mpii_typestr_parse(const char *str, size_t len, MPI_Datatype *newtype, size_t *errpos,
		       const char **why);

/* ---- binary description (pack_dtype.c) */

/* Upper bound of one packed description, binary or character (SPEC 5: any
 * type of up to 64 levels and 4096 blocks a level; 80 bytes cover a block
 * with its displacement, block length, type reference and share of the
 * headers of the type it defines at the next level). */
#define MPII_DTDESC_MAX_LEVELS 64
#define MPII_DTDESC_MAX_BLOCKS 4096
#define MPII_DTDESC_BOUND ((MPI_Count)8 + (MPI_Count)MPII_DTDESC_MAX_LEVELS * MPII_DTDESC_MAX_BLOCKS * 80)

int mpii_dtdesc_encode(MPI_Datatype dt, char **buf, size_t *len);
int mpii_dtdesc_decode(const char *buf, size_t avail, size_t *used, MPI_Datatype *newtype);

#endif
