/*
 * lib/datatype/pack.c - MPI_Pack, MPI_Unpack, MPI_Pack_size, with the seed's
 * extensions (002 6.5):
 *
 *  - comm = MPI_COMM_UNIVERSAL packs and unpacks the canonical encoding,
 *    which is external32's bytes exactly (SPEC 5; lib/datatype/pack_external.c);
 *  - datatype = MPI_DATATYPE packs datatype descriptions: the buffer is an
 *    array of incount MPI_Datatype handles.  On an ordinary communicator
 *    each is the binary description of lib/datatype/pack_dtype.c; on
 *    MPI_COMM_UNIVERSAL it is the character representation (6.4.2) as a
 *    4-byte big-endian length followed by that many characters.  Unpacked
 *    types are new, committed handles the caller frees.
 *
 * On an ordinary communicator data is packed in native representation
 * straight through the type engine (no header), so a packed buffer can be
 * sent as MPI_PACKED and received with the original type.  MPI_Pack_size
 * for MPI_DATATYPE is the bound of SPEC 5 (any type of up to 64 levels and
 * 4096 blocks a level), and MPI_Pack returns MPI_ERR_TRUNCATE when a
 * description or the data does not fit.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/comm/comm.h"
#include "lib/core/core.h"
#include "lib/datatype/type_impl.h"

static int universal(MPI_Comm comm)
{
	return comm == MPI_COMM_UNIVERSAL;
}

/* The communicator errors are reported on (the universal constant has no
 * handler of its own: MPI_COMM_WORLD's is used). */
static MPI_Comm errcomm(MPI_Comm comm)
{
	return universal(comm) ? NULL : comm;
}

static int check_comm(MPI_Comm comm)
{
	return universal(comm) ? MPI_SUCCESS : mpii_comm_check(comm);
}

/* One description (binary or character) into a malloc'ed buffer. */
static int describe(MPI_Datatype t, int univ, char **buf, size_t *len)
{
	if (!univ)
		return mpii_dtdesc_encode(t, buf, len);
	char *s;
	size_t n;
	int rc = mpii_typestr_format(t, &s, &n);
	if (rc)
		return rc;
	char *b = malloc(n + 4);
	if (!b) {
		free(s);
		return MPI_ERR_NO_MEM;
	}
	b[0] = (char)(n >> 24);
	b[1] = (char)(n >> 16);
	b[2] = (char)(n >> 8);
	b[3] = (char)n;
	memcpy(b + 4, s, n);
	free(s);
	*buf = b;
	*len = n + 4;
	return MPI_SUCCESS;
}

static int pack_types(const char *fn, const MPI_Datatype *types, int n, char *out, int outsize, int *position,
		      MPI_Comm comm)
{
	int pos = *position;
	for (int i = 0; i < n; i++)
		if (!mpii_type_valid(types[i]) || types[i]->basic == MPII_B_DATATYPE)
			return mpii_err(errcomm(comm), MPI_ERR_TYPE, fn, "invalid datatype %d in the buffer", i);
	for (int i = 0; i < n; i++) {
		char *b;
		size_t len;
		if (describe(types[i], universal(comm), &b, &len))
			return mpii_err(errcomm(comm), MPI_ERR_NO_MEM, fn, "out of memory");
		if (len > (size_t)(outsize - pos)) {
			free(b);
			return mpii_err(errcomm(comm), MPI_ERR_TRUNCATE, fn,
					"description of datatype %d needs %zu bytes, %d left", i, len, outsize - pos);
		}
		memcpy(out + pos, b, len);
		pos += (int)len;
		free(b);
	}
	*position = pos;
	return MPI_SUCCESS;
}

static int unpack_types(const char *fn, const char *in, int insize, int *position, MPI_Datatype *types, int n,
			MPI_Comm comm)
{
	int pos = *position, rc = MPI_SUCCESS, i;
	size_t errpos = 0;
	const char *why = "";

	for (i = 0; i < n; i++) {
		size_t used;
		if (universal(comm)) {
			if (insize - pos < 4) {
				rc = MPI_ERR_TRUNCATE;
				break;
			}
			const unsigned char *u = (const unsigned char *)in + pos;
			size_t len = (size_t)u[0] << 24 | (size_t)u[1] << 16 | (size_t)u[2] << 8 | u[3];
			if (len > (size_t)(insize - pos - 4)) {
				rc = MPI_ERR_TRUNCATE;
				break;
			}
			rc = mpii_typestr_parse(in + pos + 4, len, &types[i], &errpos, &why);
			used = len + 4;
		} else {
			rc = mpii_dtdesc_decode(in + pos, (size_t)(insize - pos), &used, &types[i]);
		}
		if (rc)
			break;
		pos += (int)used;
	}
	if (rc) {
		while (i-- > 0)
			mpii_type_release(&types[i]);
		if (rc == MPI_ERR_TYPE_STRING)
			return mpii_err(errcomm(comm), rc, fn, "malformed type string at position %zu: %s",
					errpos, why);
		return mpii_err(errcomm(comm), rc, fn,
				rc == MPI_ERR_TRUNCATE ? "buffer ends inside a datatype description"
				: rc == MPI_ERR_NO_MEM ? "out of memory" : "corrupt datatype description");
	}
	*position = pos;
	return MPI_SUCCESS;
}

/* The checks MPI_Pack (packing) and MPI_Unpack for fn share: count
 * elements of datatype to or from the packed buffer of size bytes at
 * *position.  Sets *need to the packed bytes they take, -1 for
 * MPI_DATATYPE (descriptions of types, sized as they are written).
 * Returns MPI_SUCCESS or the error class (the handler called). */
static int pack_args(const char *fn, int packing, const void *inbuf, const void *outbuf,
		     int count, MPI_Datatype datatype, int size, const int *position, MPI_Comm comm,
		     MPI_Count *need)
{
	MPII_CHECK_INIT(fn);
	if (check_comm(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (count < 0)
		return mpii_err(errcomm(comm), MPI_ERR_COUNT, fn, "negative count %d", count);
	if (!position || size < 0 || *position < 0 || *position > size)
		return mpii_err(errcomm(comm), MPI_ERR_ARG, fn, "bad position or %s",
				packing ? "outsize" : "insize");
	if (datatype == MPI_DATATYPE) {
		if (count > 0 && (!inbuf || !outbuf))
			return mpii_err(errcomm(comm), MPI_ERR_BUFFER, fn, "NULL buffer");
		*need = -1;
		return MPI_SUCCESS;
	}
	if (mpii_type_check_comm(datatype))
		return mpii_err(errcomm(comm), MPI_ERR_TYPE, fn, "invalid or uncommitted datatype");
	/* Bytes of one element as packed: external32 for MPI_COMM_UNIVERSAL. */
	MPI_Count per = universal(comm) ? mpii_type_ext32_size(datatype) : datatype->size;
	if (mpii_type_count_check(count, datatype, per))
		return mpii_err(errcomm(comm), MPI_ERR_COUNT, fn, "%d elements of this datatype overflow the "
				"addressable size", count);
	*need = count * per;
	if (*need > size - *position)
		return mpii_err(errcomm(comm), MPI_ERR_TRUNCATE, fn, "%lld bytes %s, %d left", *need,
				packing ? "do not fit" : "wanted", size - *position);
	if (*need && !(packing ? outbuf : inbuf))
		return mpii_err(errcomm(comm), MPI_ERR_BUFFER, fn, "%s is NULL",
				packing ? "outbuf" : "inbuf");
	return MPI_SUCCESS;
}

/* MPI_Pack (packing: inbuf to the packed outbuf) and MPI_Unpack (the packed
 * inbuf to outbuf) for fn; size is the packed buffer's. */
static int pack_call(const char *fn, int packing, const void *inbuf, void *outbuf, int count,
		     MPI_Datatype datatype, int size, int *position, MPI_Comm comm)
{
	MPI_Count need;
	int rc = pack_args(fn, packing, inbuf, outbuf, count, datatype, size, position, comm, &need);
	if (rc)
		return rc;
	if (need < 0)
		return packing ? pack_types(fn, inbuf, count, outbuf, size, position, comm)
			       : unpack_types(fn, inbuf, size, position, outbuf, count, comm);
	if (packing && universal(comm))
		mpii_ext32_pack(datatype, count, inbuf, (char *)outbuf + *position);
	else if (packing)
		mpii_type_pack(datatype, count, inbuf, 0, (char *)outbuf + *position, need);
	else if (universal(comm))
		mpii_ext32_unpack(datatype, count, outbuf, (const char *)inbuf + *position);
	else
		mpii_type_unpack(datatype, count, outbuf, 0, (const char *)inbuf + *position, need);
	*position += (int)need;
	return MPI_SUCCESS;
}

#pragma weak MPI_Pack = PMPI_Pack
int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize, int *position,
	      MPI_Comm comm)
{
	return pack_call("MPI_Pack", 1, inbuf, outbuf, incount, datatype, outsize, position, comm);
}

#pragma weak MPI_Unpack = PMPI_Unpack
int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype datatype,
		MPI_Comm comm)
{
	return pack_call("MPI_Unpack", 0, inbuf, outbuf, outcount, datatype, insize, position, comm);
}

#pragma weak MPI_Pack_size = PMPI_Pack_size
int PMPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size)
{
	static const char fn[] = "MPI_Pack_size";
	MPI_Count per, total;

	MPII_CHECK_INIT(fn);
	if (check_comm(comm))
		return mpii_err(NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (incount < 0)
		return mpii_err(errcomm(comm), MPI_ERR_COUNT, fn, "negative count %d", incount);
	if (!mpii_type_valid(datatype))
		return mpii_err(errcomm(comm), MPI_ERR_TYPE, fn, "invalid datatype");
	if (!size)
		return mpii_err(errcomm(comm), MPI_ERR_ARG, fn, "size is NULL");
	if (datatype == MPI_DATATYPE)
		per = MPII_DTDESC_BOUND + (universal(comm) ? 4 : 0);
	else
		per = universal(comm) ? mpii_type_ext32_size(datatype) : datatype->size;
	if (__builtin_mul_overflow(per, (MPI_Count)incount, &total) || total > INT_MAX)
		return mpii_err(errcomm(comm), MPI_ERR_COUNT, fn,
				"%d elements pack into more bytes than an int holds", incount);
	*size = (int)total;
	return MPI_SUCCESS;
}
