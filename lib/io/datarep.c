/*
 * lib/io/datarep.c - data representations (MPI-3.1 13.5): "native" (the
 * bytes as in memory), "internal" (ours: the same as native, which the
 * standard allows on one machine), "external32" (big-endian, the
 * standard's sizes), and the ones the user adds with MPI_Register_datarep
 * (conversion functions taking an int count) or MPI_Register_datarep_c
 * (taking an MPI_Count: called once for any count).
 *
 * A representation other than native converts between the user's memory
 * and a packed buffer in the file's form (mpii_io_rep_convert), and the
 * engine moves that buffer through the view like contiguous bytes.  The
 * view's layout (offsets, extents of the filetype's runs) is computed in
 * native sizes, so a representation is accepted only where the file size
 * of every element equals its native size: for external32 every type but
 * MPI_LONG, MPI_UNSIGNED_LONG (4 bytes there, 8 here), MPI_WCHAR and long
 * double (its 16 bytes there are IEEE quad, not x87); a view or access
 * with those gets MPI_ERR_UNSUPPORTED_DATAREP; for a user representation,
 * its extent function must answer the native extent of each basic type.
 *
 * external32 is native with every element's bytes reversed (this machine
 * is little-endian; a pair type or complex has each of its parts
 * reversed).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/io/io_impl.h"

struct io_datarep {
	char name[MPI_MAX_DATAREP_STRING];
	int external32;
	MPI_Datarep_conversion_function *read_fn, *write_fn;
	MPI_Datarep_conversion_function_c *read_fn_c, *write_fn_c; /* _c: instead */
	int large;           /* registered by MPI_Register_datarep_c */
	MPI_Datarep_extent_function *extent_fn;
	void *extra;
	struct io_datarep *next;
};

static struct io_datarep ext32 = { .name = "external32", .external32 = 1 };
static struct io_datarep *user_reps;

int mpii_obj_conversion_fn_null(void *userbuf, MPI_Datatype datatype, int count, void *filebuf,
				MPI_Offset position, void *extra_state)
{
	/* Never called: a representation registered with it moves the
	 * bytes as they are (compared by address). */
	(void)userbuf; (void)datatype; (void)count; (void)filebuf; (void)position;
	(void)extra_state;
	return MPI_SUCCESS;
}

int mpii_obj_conversion_fn_null_c(void *userbuf, MPI_Datatype datatype, MPI_Count count,
				  void *filebuf, MPI_Offset position, void *extra_state)
{
	/* Never called, as mpii_obj_conversion_fn_null. */
	(void)userbuf; (void)datatype; (void)count; (void)filebuf; (void)position;
	(void)extra_state;
	return MPI_SUCCESS;
}

const struct io_datarep *mpii_io_datarep_find(const char *name, int *known)
{
	*known = 1;
	if (!name || strcmp(name, "native") == 0 || strcmp(name, "internal") == 0)
		return (*known = name != NULL), NULL;
	if (strcmp(name, "external32") == 0)
		return &ext32;
	for (struct io_datarep *d = user_reps; d; d = d->next)
		if (strcmp(d->name, name) == 0)
			return d;
	*known = 0;
	return NULL;
}

/* The parts of one basic element to reverse: *parts pieces of *psize
 * bytes (a pair's two parts differ: first, second).  0: not representable
 * with the native size. */
static int ext32_parts(int basic, int *first, int *second)
{
	*second = 0;
	switch (basic) {
	case MPII_B_LONG: case MPII_B_ULONG: case MPII_B_WCHAR: case MPII_B_LDOUBLE:
	case MPII_B_CLDOUBLE: case MPII_B_LDOUBLE_INT:
		return 0;
	case MPII_B_CFLOAT: *first = 4; *second = 4; return 1;
	case MPII_B_CDOUBLE: *first = 8; *second = 8; return 1;
	case MPII_B_FLOAT_INT: case MPII_B_2INT: case MPII_B_2FLOAT: *first = 4; *second = 4; return 1;
	case MPII_B_DOUBLE_INT: *first = 8; *second = 4; return 1;
	case MPII_B_2DOUBLE: *first = 8; *second = 8; return 1;
	case MPII_B_SHORT_INT: *first = 2; *second = 4; return 1;
	case MPII_B_COMPLEX4: *first = 2; *second = 2; return 1;
	case MPII_B_COMPLEX32: case MPII_B_REAL16: case MPII_B_INT128:
		return 0;
	default:
		*first = mpii_basic_size(basic);
		return *first > 0;
	}
}

struct walk_ctx {
	unsigned char *buf;   /* NULL: only check */
	MPI_Offset pos;
};

static void reverse(unsigned char *p, int n)
{
	for (int i = 0, j = n - 1; i < j; i++, j--) {
		unsigned char t = p[i];
		p[i] = p[j];
		p[j] = t;
	}
}

static int ext32_elem(void *arg, int basic, MPI_Aint disp)
{
	struct walk_ctx *c = arg;
	(void)disp;
	int a, b;
	if (!ext32_parts(basic, &a, &b))
		return MPI_ERR_UNSUPPORTED_DATAREP;
	if (c->buf) {
		reverse(c->buf + c->pos, a);
		if (b)
			reverse(c->buf + c->pos + a, b);
	}
	c->pos += a + b;
	return 0;
}

int mpii_io_rep_extent(const struct io_datarep *rep, struct mpii_datatype *dt, MPI_Aint *extent,
		       MPI_Offset *size)
{
	*extent = dt->extent;
	*size = dt->size;
	if (!rep)
		return MPI_SUCCESS;
	if (rep->external32) {
		struct walk_ctx c = { NULL, 0 };
		int rc = mpii_type_walk_whole(dt, 1, ext32_elem, &c);
		if (rc)
			return rc;
		return c.pos == dt->size ? MPI_SUCCESS : MPI_ERR_UNSUPPORTED_DATAREP;
	}
	if (rep->extent_fn && (dt->flags & MPII_DT_PREDEFINED)) {
		MPI_Aint e = 0;
		int rc = rep->extent_fn(dt, &e, rep->extra);
		if (rc)
			return rc;
		if (e != dt->extent)
			return MPI_ERR_UNSUPPORTED_DATAREP;
	}
	return MPI_SUCCESS;
}

int mpii_io_rep_convert(const struct io_datarep *rep, int to_file, void *buf, MPI_Count count,
			struct mpii_datatype *dt, void *fbuf, MPI_Offset position)
{
	MPI_Count total = count * dt->size;
	if (rep->external32) {
		struct walk_ctx c = { fbuf, 0 };
		if (to_file)
			mpii_type_pack(dt, count, buf, 0, fbuf, total);
		/* The checking walk: every element representable. */
		struct walk_ctx chk = { NULL, 0 };
		int rc = mpii_type_walk_whole(dt, count, ext32_elem, &chk);
		if (rc)
			return rc;
		mpii_type_walk_whole(dt, count, ext32_elem, &c);
		if (!to_file)
			mpii_type_unpack(dt, count, buf, 0, fbuf, total);
		return MPI_SUCCESS;
	}
	MPI_Datarep_conversion_function *f = to_file ? rep->write_fn : rep->read_fn;
	MPI_Datarep_conversion_function_c *fc = to_file ? rep->write_fn_c : rep->read_fn_c;
	if (rep->large ? !fc || fc == MPI_CONVERSION_FN_NULL_C : !f || f == MPI_CONVERSION_FN_NULL) {
		if (to_file)
			mpii_type_pack(dt, count, buf, 0, fbuf, total);
		else
			mpii_type_unpack(dt, count, buf, 0, fbuf, total);
		return MPI_SUCCESS;
	}
	if (rep->large)
		return fc(buf, dt, count, fbuf, position, rep->extra) ? MPI_ERR_CONVERSION
								      : MPI_SUCCESS;
	if (count > INT32_MAX)
		return MPI_ERR_COUNT;
	int rc = f(buf, dt, (int)count, fbuf, position, rep->extra);
	return rc ? MPI_ERR_CONVERSION : MPI_SUCCESS;
}

/* Both registrations: the int functions (large 0) or the MPI_Count ones
 * (large 1: read_c, write_c). */
static int register_rep(const char *fn, const char *datarep, int large,
			MPI_Datarep_conversion_function *read_conversion_fn,
			MPI_Datarep_conversion_function *write_conversion_fn,
			MPI_Datarep_conversion_function_c *read_c,
			MPI_Datarep_conversion_function_c *write_c,
			MPI_Datarep_extent_function *dtype_file_extent_fn, void *extra_state)
{
	int known;
	if (!datarep || !*datarep || strlen(datarep) >= MPI_MAX_DATAREP_STRING)
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_ARG, fn, "bad datarep name");
	if (!dtype_file_extent_fn)
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_ARG, fn, "dtype_file_extent_fn is NULL");
	mpii_lock();
	mpii_io_datarep_find(datarep, &known);
	struct io_datarep *d = known ? NULL : calloc(1, sizeof(*d));
	if (d) {
		strcpy(d->name, datarep);
		d->read_fn = read_conversion_fn;
		d->write_fn = write_conversion_fn;
		d->read_fn_c = read_c;
		d->write_fn_c = write_c;
		d->large = large;
		d->extent_fn = dtype_file_extent_fn;
		d->extra = extra_state;
		d->next = user_reps;
		user_reps = d;
	}
	mpii_unlock();
	if (known)
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_DUP_DATAREP, fn,
				     "\"%s\" is already defined", datarep);
	if (!d)
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_NO_MEM, fn, "out of memory");
	return MPI_SUCCESS;
}

int mpii_Register_datarep(const char *fn, const char *datarep,
			  MPI_Datarep_conversion_function *read_conversion_fn,
			  MPI_Datarep_conversion_function *write_conversion_fn,
			  MPI_Datarep_extent_function *dtype_file_extent_fn, void *extra_state)
{
	return register_rep(fn, datarep, 0, read_conversion_fn, write_conversion_fn, NULL, NULL,
			    dtype_file_extent_fn, extra_state);
}

int mpii_Register_datarep_c(const char *fn, const char *datarep,
			    MPI_Datarep_conversion_function_c *read_conversion_fn,
			    MPI_Datarep_conversion_function_c *write_conversion_fn,
			    MPI_Datarep_extent_function *dtype_file_extent_fn, void *extra_state)
{
	return register_rep(fn, datarep, 1, NULL, NULL, read_conversion_fn, write_conversion_fn,
			    dtype_file_extent_fn, extra_state);
}
