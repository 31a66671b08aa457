/*
 * lib/datatype/pack_external.c - the "external32" representation (MPI-3.1 13.5.2):
 * big-endian, IEEE formats, standard sizes (long and unsigned long are 4
 * bytes, long double is IEEE binary128, MPI_AINT/OFFSET/COUNT 8), no
 * padding.  MPI_Pack_external, MPI_Unpack_external, MPI_Pack_external_size,
 * and the seed's MPI_COMM_UNIVERSAL packing (lib/datatype/pack.c) share it: SPEC 5
 * fixes the canonical XDR encoding to external32's bytes.
 *
 * Conversion walks the typemap (lib/datatype/type_walk.c); each basic element is
 * converted on its own.  Unpacking a 4-byte long sign-extends (unsigned
 * long zero-extends); packing a long truncates to its low 32 bits, as
 * external32 requires.
 */
#include <float.h>
#include <stdint.h>
#include <string.h>
#include "lib/core/core.h"
#include "lib/datatype/type_impl.h"

/* n bytes from src to dst in reversed order on a little-endian host. */
static void be_copy(unsigned char *dst, const unsigned char *src, int n)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (int i = 0; i < n; i++)
		dst[i] = src[n - 1 - i];
#else
	memcpy(dst, src, (size_t)n);
#endif
}

static void put_be64(unsigned char *p, uint64_t v)
{
	for (int i = 7; i >= 0; i--, v >>= 8)
		p[i] = (unsigned char)v;
}

static uint64_t get_be64(const unsigned char *p)
{
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

/* long double <-> IEEE binary128, big-endian. */
static void ld_to_ext(unsigned char *out, const unsigned char *in)
{
#if LDBL_MANT_DIG == 64
	uint64_t m;
	uint16_t se;
	memcpy(&m, in, 8);
	memcpy(&se, in + 8, 2);
	put_be64(out, (uint64_t)se << 48 | (m & ~(1ULL << 63)) >> 15);
	put_be64(out + 8, m << 49);
#elif LDBL_MANT_DIG == 113
	be_copy(out, in, 16);
#else
	/* long double is double: widen through the bit layout of binary64 */
	uint64_t b;
	double x;
	memcpy(&x, in, sizeof(x));
	memcpy(&b, &x, 8);
	uint64_t sign = b >> 63, exp = (b >> 52) & 0x7ff, frac = b & ((1ULL << 52) - 1);
	if (exp == 0x7ff)
		exp = 0x7fff;
	else if (exp != 0)
		exp = exp - 1023 + 16383;
	put_be64(out, sign << 63 | exp << 48 | frac >> 4);
	put_be64(out + 8, frac << 60);
#endif
}

static void ld_from_ext(unsigned char *out, const unsigned char *in)
{
#if LDBL_MANT_DIG == 64
	uint64_t hi = get_be64(in), lo = get_be64(in + 8);
	uint16_t se = (uint16_t)(hi >> 48);
	uint64_t m = (hi & 0xffffffffffffULL) << 15 | lo >> 49;
	if (se & 0x7fff)
		m |= 1ULL << 63; /* explicit integer bit of normal numbers */
	memset(out, 0, sizeof(long double));
	memcpy(out, &m, 8);
	memcpy(out + 8, &se, 2);
#elif LDBL_MANT_DIG == 113
	be_copy(out, in, 16);
#else
	uint64_t hi = get_be64(in), lo = get_be64(in + 8);
	uint64_t sign = hi >> 63, exp = (hi >> 48) & 0x7fff, frac = (hi & 0xffffffffffffULL) << 4 | lo >> 60;
	if (exp == 0x7fff)
		exp = 0x7ff;
	else if (exp != 0)
		exp = exp - 16383 + 1023;
	uint64_t b = sign << 63 | exp << 52 | frac;
	double x;
	memcpy(&x, &b, 8);
	memcpy(out, &x, sizeof(x));
#endif
}

/* One basic element between native (mem) and external32 (ext). */
static void conv(int basic, unsigned char *mem, unsigned char *ext, int unpack)
{
	int n = mpii_basic_ext32(basic);

	switch (basic) {
	case MPII_B_LONG:
	case MPII_B_ULONG:
		if (unpack) {
			int32_t v;
			be_copy((unsigned char *)&v, ext, 4);
			long l = basic == MPII_B_LONG ? (long)v : (long)(uint32_t)v;
			memcpy(mem, &l, sizeof(l));
		} else {
			long l;
			memcpy(&l, mem, sizeof(l));
			uint32_t v = (uint32_t)l;
			be_copy(ext, (unsigned char *)&v, 4);
		}
		return;
	case MPII_B_LDOUBLE:
		if (unpack)
			ld_from_ext(mem, ext);
		else
			ld_to_ext(ext, mem);
		return;
	case MPII_B_CFLOAT:
	case MPII_B_CDOUBLE:
	case MPII_B_COMPLEX4:
	case MPII_B_COMPLEX32:
		n /= 2;
		if (unpack) {
			be_copy(mem, ext, n);
			be_copy(mem + n, ext + n, n);
		} else {
			be_copy(ext, mem, n);
			be_copy(ext + n, mem + n, n);
		}
		return;
	case MPII_B_CLDOUBLE:
		if (unpack) {
			ld_from_ext(mem, ext);
			ld_from_ext(mem + sizeof(long double), ext + 16);
		} else {
			ld_to_ext(ext, mem);
			ld_to_ext(ext + 16, mem + sizeof(long double));
		}
		return;
	default:
		if (unpack)
			be_copy(mem, ext, n);
		else
			be_copy(ext, mem, n);
	}
}

struct xctx {
	unsigned char *mem, *ext;
	int unpack;
};

static int step(void *p, int basic, MPI_Aint disp)
{
	struct xctx *x = p;
	conv(basic, x->mem + disp, x->ext, x->unpack);
	x->ext += mpii_basic_ext32(basic);
	return 0;
}

void mpii_ext32_pack(MPI_Datatype dt, MPI_Count count, const void *in, void *out)
{
	struct xctx x = { (unsigned char *)in, out, 0 };
	mpii_type_walk(dt, count, 0, step, &x);
}

void mpii_ext32_unpack(MPI_Datatype dt, MPI_Count count, void *out, const void *in)
{
	struct xctx x = { out, (unsigned char *)in, 1 };
	mpii_type_walk(dt, count, 0, step, &x);
}

/* ------------------------------------------------------------ entry points */

/* The checks every external32 call for fn starts with: datarep and the
 * count.  Returns MPI_SUCCESS or the error class (the handler called). */
static int rep_args(const char *fn, const char *datarep, int count)
{
	MPII_CHECK_INIT(fn);
	if (!datarep || strcmp(datarep, "external32") != 0)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "datarep must be \"external32\"");
	if (count < 0)
		return mpii_err(NULL, MPI_ERR_COUNT, fn, "negative count %d", count);
	return MPI_SUCCESS;
}

/* The checks MPI_Pack_external (packing) and MPI_Unpack_external for fn
 * share: count elements of datatype to or from the external32 buffer of
 * size bytes at *position.  Sets *need to the bytes they take.  Returns
 * MPI_SUCCESS or the error class (the handler called). */
static int ext32_args(const char *fn, int packing, const char *datarep, const void *inbuf,
		      const void *outbuf, int count, MPI_Datatype datatype, MPI_Aint size,
		      const MPI_Aint *position, MPI_Count *need)
{
	int rc = rep_args(fn, datarep, count);
	if (rc)
		return rc;
	if (mpii_type_check_comm(datatype))
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid or uncommitted datatype");
	if (!position)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "position is NULL");
	MPI_Count per = mpii_type_ext32_size(datatype);
	if (mpii_type_count_check(count, datatype, per))
		return mpii_err(NULL, MPI_ERR_COUNT, fn, "%d elements of this datatype overflow the "
				"addressable size", count);
	*need = (MPI_Count)count * per;
	if (*position < 0 || *position > size || *need > size - *position)
		return mpii_err(NULL, MPI_ERR_TRUNCATE, fn, "%lld bytes %s at position %ld of %ld",
				*need, packing ? "do not fit" : "not available", (long)*position,
				(long)size);
	if (*need && !(packing ? outbuf : inbuf))
		return mpii_err(NULL, MPI_ERR_BUFFER, fn, "%s is NULL", packing ? "outbuf" : "inbuf");
	return MPI_SUCCESS;
}

#pragma weak MPI_Pack_external = PMPI_Pack_external
int PMPI_Pack_external(const char datarep[], const void *inbuf, int incount, MPI_Datatype datatype,
		       void *outbuf, MPI_Aint outsize, MPI_Aint *position)
{
	MPI_Count need;
	int rc = ext32_args("MPI_Pack_external", 1, datarep, inbuf, outbuf, incount, datatype,
			    outsize, position, &need);
	if (rc)
		return rc;
	mpii_ext32_pack(datatype, incount, inbuf, (char *)outbuf + *position);
	*position += need;
	return MPI_SUCCESS;
}

#pragma weak MPI_Unpack_external = PMPI_Unpack_external
int PMPI_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position,
			 void *outbuf, int outcount, MPI_Datatype datatype)
{
	MPI_Count need;
	int rc = ext32_args("MPI_Unpack_external", 0, datarep, inbuf, outbuf, outcount, datatype,
			    insize, position, &need);
	if (rc)
		return rc;
	mpii_ext32_unpack(datatype, outcount, outbuf, (const char *)inbuf + *position);
	*position += need;
	return MPI_SUCCESS;
}

#pragma weak MPI_Pack_external_size = PMPI_Pack_external_size
int PMPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype datatype, MPI_Aint *size)
{
	static const char fn[] = "MPI_Pack_external_size";
	int rc = rep_args(fn, datarep, incount);
	if (rc)
		return rc;
	if (!mpii_type_valid(datatype) || datatype->basic == MPII_B_DATATYPE)
		return mpii_err(NULL, MPI_ERR_TYPE, fn, "invalid datatype");
	if (!size)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "size is NULL");
	MPI_Count total;
	if (__builtin_mul_overflow((MPI_Count)incount, mpii_type_ext32_size(datatype), &total))
		return mpii_err(NULL, MPI_ERR_COUNT, fn, "%d elements pack into more bytes than an "
				"MPI_Aint holds", incount);
	*size = (MPI_Aint)total;
	return MPI_SUCCESS;
}
