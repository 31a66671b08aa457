/*
 * lib/fortran/f08_buffer.c - choice buffers of mpi_f08: TYPE(*),
 * DIMENSION(..) arrives as a CFI descriptor, possibly of a non-contiguous
 * section (a(1:n:2), b(i,:)), which the compiler does not copy
 * (MPI_SUBARRAYS_SUPPORTED = .TRUE., MPI-3.1 17.1.12).
 *
 * A contiguous array (the common case) is passed in place: a scalar or a
 * contiguous vector by the inline mpii_f08_buf_get of fortran.h, another
 * rank here.  A section is, in order of preference:
 *  1. count 1 of a derived datatype made from the descriptor's strides:
 *     nested hvectors of the element type, when (count, type) is exactly
 *     the section's elements, either a predefined type of the element's
 *     size (any call, reductions included) or, outside reductions, a type
 *     without holes (then the elements are bytes);
 *  2. a contiguous copy, read before and written back after the call:
 *     blocking calls only, since a nonblocking one would use the copy
 *     after we free it;
 *  3. else MPI_ERR_BUFFER through the communicator's error handler: a
 *     nonblocking call whose datatype does not fit the section's elements
 *     (docs/STATUS.md; copy the section to a contiguous array first).
 */
#include <string.h>
#include "lib/fortran/fortran.h"

static size_t nelems(const CFI_cdesc_t *d)
{
	size_t n = 1;
	for (int r = 0; r < d->rank; r++)
		n *= (size_t)d->dim[r].extent;
	return n;
}

/* CFI_is_contiguous without the call into libgfortran: each dimension's
 * stride is the size of the ones before it. */
static int contiguous(const CFI_cdesc_t *d)
{
	CFI_index_t want = (CFI_index_t)d->elem_len;
	for (int r = 0; r < d->rank; r++) {
		if (d->dim[r].extent == 0)
			return 1;
		if (d->dim[r].extent != 1 && d->dim[r].sm != want)
			return 0;
		want *= d->dim[r].extent;
	}
	return 1;
}

/* Nested hvectors of elem over the section's dimensions, committed. */
static int section_type(const CFI_cdesc_t *d, MPI_Datatype elem, MPI_Datatype *out)
{
	MPI_Datatype t = elem, n;
	int rc = MPI_SUCCESS;

	for (int r = 0; r < d->rank && rc == MPI_SUCCESS; r++) {
		rc = MPI_Type_create_hvector((int)d->dim[r].extent, 1, (MPI_Aint)d->dim[r].sm, t, &n);
		if (t != elem)
			MPI_Type_free(&t);
		t = n;
	}
	if (rc == MPI_SUCCESS)
		rc = MPI_Type_commit(&t);
	*out = t;
	return rc;
}

/* Copies between the section and a contiguous buffer, element by element
 * in array element order (to_section: tmp -> section). */
static void copy_section(const CFI_cdesc_t *d, char *tmp, int to_section)
{
	CFI_index_t idx[CFI_MAX_RANK] = { 0 };
	size_t n = nelems(d), len = d->elem_len;

	for (size_t i = 0; i < n; i++) {
		char *p = d->base_addr;
		for (int r = 0; r < d->rank; r++)
			p += idx[r] * d->dim[r].sm;
		if (to_section)
			memcpy(p, tmp + i * len, len);
		else
			memcpy(tmp + i * len, p, len);
		for (int r = 0; r < d->rank && ++idx[r] == d->dim[r].extent; r++)
			idx[r] = 0;
	}
}

/* Whether type is a predefined type (MPI_COMBINER_NAMED). */
static int named(MPI_Datatype type)
{
	int ni, na, nd, combiner;
	return MPI_Type_get_envelope(type, &ni, &na, &nd, &combiner) == MPI_SUCCESS &&
	       combiner == MPI_COMBINER_NAMED;
}

/* The element type a section made of (count, type) can be described by,
 * or MPI_DATATYPE_NULL: see the file's comment, case 1. */
static MPI_Datatype element_type(const CFI_cdesc_t *d, int count, MPI_Datatype type, int flags,
				 MPI_Datatype *made)
{
	int size;
	MPI_Aint lb, extent, tlb, textent;

	*made = MPI_DATATYPE_NULL;
	if (type == MPI_DATATYPE_NULL || MPI_Type_size(type, &size) != MPI_SUCCESS || size <= 0 ||
	    (size_t)count * (size_t)size != nelems(d) * d->elem_len)
		return MPI_DATATYPE_NULL;
	if ((size_t)size == d->elem_len && named(type))
		return type;
	if (flags & MPII_F08_TYPED)
		return MPI_DATATYPE_NULL;
	if (MPI_Type_get_extent(type, &lb, &extent) != MPI_SUCCESS ||
	    MPI_Type_get_true_extent(type, &tlb, &textent) != MPI_SUCCESS ||
	    lb != 0 || tlb != 0 || extent != size || textent != size)
		return MPI_DATATYPE_NULL;
	if (MPI_Type_contiguous((int)d->elem_len, MPI_BYTE, made) != MPI_SUCCESS)
		return MPI_DATATYPE_NULL;
	return *made;
}

/* mpii_f08_buf_get (fortran.h) past its inline case, which set addr,
 * count, type, made and tmp. */
int mpii_f08_buf_section(struct mpii_f08_buf *b, CFI_cdesc_t *d, int count, MPI_Datatype type,
			 int flags)
{
	MPI_Datatype elem, bytes;
	int rc;

	b->desc = d;
	b->flags = flags;
	/* An unallocated array or a disassociated pointer (its descriptor
	 * holds nothing else to trust): NULL, which is right where the buffer
	 * is not significant (a gather's receive buffer at a non-root, as
	 * course codes pass it) and an error for the C call elsewhere. */
	if (!d->base_addr) {
		b->addr = NULL;
		return MPI_SUCCESS;
	}
	if (d->rank == 0 || contiguous(d)) {
		b->addr = mpii_f_buf(d->base_addr);
		return MPI_SUCCESS;
	}
	if (!(flags & MPII_F08_KEEP_TYPE)) {
		elem = element_type(d, count, type, flags, &bytes);
		if (elem != MPI_DATATYPE_NULL) {
			rc = section_type(d, elem, &b->made);
			if (bytes != MPI_DATATYPE_NULL)
				MPI_Type_free(&bytes);
			if (rc != MPI_SUCCESS)
				return rc;
			b->addr = d->base_addr;
			b->count = 1;
			b->type = b->made;
			return MPI_SUCCESS;
		}
	}
	if (flags & MPII_F08_NONBLOCKING)
		return MPI_ERR_BUFFER;
	b->tmp = malloc(nelems(d) * d->elem_len + 1);
	if (!b->tmp)
		return MPI_ERR_NO_MEM;
	/* Read even an output buffer: with MPI_IN_PLACE in the other buffer
	 * argument it is the input too, and a short receive leaves the rest of
	 * the section as it was. */
	copy_section(d, b->tmp, 0);
	b->addr = b->tmp;
	return MPI_SUCCESS;
}

void mpii_f08_buf_release(struct mpii_f08_buf *b, int rc)
{
	if (b->tmp) {
		if (rc == MPI_SUCCESS && (b->flags & MPII_F08_OUT))
			copy_section(b->desc, b->tmp, 1);
		free(b->tmp);
		b->tmp = NULL;
	}
	if (b->made != MPI_DATATYPE_NULL)
		MPI_Type_free(&b->made);
}

int mpii_f08_buf_error(MPI_Comm comm, int code, const char *fn)
{
	(void)fn;
	MPI_Comm_call_errhandler(comm, code);
	return code;
}
