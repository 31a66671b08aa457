/*
 * lib/fortran/support.c - the helpers of the generated glue: memory for
 * converted arrays, strings with lengths, attribute values, and
 * MPI_F_SYNC_REG.
 */
#include <string.h>
#include "lib/fortran/fortran.h"

void *mpii_f_alloc(int n, size_t size)
{
	return malloc((n > 0 ? (size_t)n : 1) * size);
}

char *mpii_f_str_in(const char *s, size_t len)
{
	while (len > 0 && s[len - 1] == ' ')
		len--;
	char *c = malloc(len + 1);
	if (!c)
		return NULL;
	memcpy(c, s, len);
	c[len] = '\0';
	return c;
}

char *mpii_f_str_in_info(const char *s, size_t len)
{
	while (len > 0 && s[0] == ' ') {
		s++;
		len--;
	}
	return mpii_f_str_in(s, len);
}

void mpii_f_str_out(const char *c, char *f, size_t len)
{
	size_t n = strlen(c);
	if (n > len)
		n = len;
	memcpy(f, c, n);
	memset(f + n, ' ', len - n);
}

/* Is element a[0..len) all blanks?  (A zero-length element is: the
 * list's end.) */
static int blank(const char *a, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (a[i] != ' ')
			return 0;
	return 1;
}

/* n elements at a, stride stride (in elements of len), NULL-ended. */
static char **strs_at(const char *a, size_t len, size_t n, size_t stride)
{
	char **v = calloc(n + 1, sizeof(char *));
	if (!v)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (!(v[i] = mpii_f_str_in_info(a + i * stride * len, len))) {
			mpii_f_strs_free(v);
			return NULL;
		}
	return v;
}

/* Elements before the first blank one, stride apart. */
static size_t list_len(const char *a, size_t len, size_t stride)
{
	size_t n = 0;
	while (!blank(a + n * stride * len, len))
		n++;
	return n;
}

int mpii_f_argv_in(const char *a, size_t len, char ***out)
{
	*out = NULL;
	if (a == mpii_obj_f_argv_null_)
		return MPI_SUCCESS;
	*out = strs_at(a, len, list_len(a, len, 1), 1);
	return *out ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

int mpii_f_strs_in(const char *a, size_t len, int count, char ***out)
{
	*out = strs_at(a, len, count > 0 ? (size_t)count : 0, 1);
	return *out ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

int mpii_f_argvs_in(const char *a, size_t len, int count, char ****out)
{
	*out = NULL;
	if (a == mpii_obj_f_argvs_null_ || count <= 0)
		return MPI_SUCCESS;
	char ***v = calloc((size_t)count, sizeof(char **));
	if (!v)
		return MPI_ERR_NO_MEM;
	/* Column-major: element (i, j) is at (i + j * count) * len. */
	for (int i = 0; i < count; i++) {
		const char *row = a + (size_t)i * len;
		if (!(v[i] = strs_at(row, len, list_len(row, len, (size_t)count), (size_t)count))) {
			mpii_f_argvs_free(v, count);
			return MPI_ERR_NO_MEM;
		}
	}
	*out = v;
	return MPI_SUCCESS;
}

void mpii_f_strs_free(char **v)
{
	for (size_t i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

void mpii_f_argvs_free(char ***v, int count)
{
	for (int i = 0; v && i < count; i++)
		mpii_f_strs_free(v[i]);
	free(v);
}

int mpii_f_aint_to_int(MPI_Aint v, MPI_Fint *f)
{
	*f = (MPI_Fint)v;
	if ((MPI_Aint)*f == v)
		return MPI_SUCCESS;
	MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_ARG);
	return MPI_ERR_ARG;
}

MPI_Aint mpii_f_attr_value(char object, int keyval, void *v)
{
	if (object == 'w') {
		if (keyval == MPI_WIN_BASE)
			return (MPI_Aint)v;
		if (keyval == MPI_WIN_SIZE)
			return *(MPI_Aint *)v;
		if (keyval == MPI_WIN_DISP_UNIT || keyval == MPI_WIN_CREATE_FLAVOR ||
		    keyval == MPI_WIN_MODEL)
			return *(int *)v;
		return (MPI_Aint)v;
	}
	if (object == 'c' && keyval >= MPI_TAG_UB && keyval <= MPI_THREADS)
		return *(int *)v;
	return (MPI_Aint)v;
}

int mpii_f_attr_get(int which, void *obj, int keyval, MPI_Aint *value, int *flag)
{
	int how = 0;
	int rc = mpii_lang_attr_get(which, obj, keyval, value, &how, flag);

	if (rc == MPI_SUCCESS && *flag && how == 0)
		*value = mpii_f_attr_value(which == MPII_LANG_ATTR_WIN ? 'w' :
					   which == MPII_LANG_ATTR_TYPE ? 't' : 'c',
					   keyval, (void *)*value);
	return rc;
}

/* MPI_F_SYNC_REG(buf): does nothing, but as an external call the compiler
 * must assume it reads and writes buf, so buf is not kept in a register
 * across a nonblocking call's completion (MPI-3.1 17.1.17). */
MPII_API void mpi_f_sync_reg_(void *buf);
void mpi_f_sync_reg_(void *buf)
{
	(void)buf;
}

int mpii_f_coll_len(MPI_Fint comm, int which)
{
	MPI_Comm c = MPI_Comm_f2c(comm);
	int n = 0, topo = MPI_UNDEFINED, inter = 0, rank, indeg, outdeg, weighted;

	if (MPI_Topo_test(c, &topo) != MPI_SUCCESS)
		return 0; /* an invalid communicator: the call reports it */
	if (which == 0) {
		MPI_Comm_test_inter(c, &inter);
		if (inter)
			MPI_Comm_remote_size(c, &n);
		else
			MPI_Comm_size(c, &n);
		return n;
	}
	switch (topo) {
	case MPI_CART:
		MPI_Cartdim_get(c, &n);
		return 2 * n;
	case MPI_GRAPH:
		MPI_Comm_rank(c, &rank);
		MPI_Graph_neighbors_count(c, rank, &n);
		return n;
	case MPI_DIST_GRAPH:
		MPI_Dist_graph_neighbors_count(c, &indeg, &outdeg, &weighted);
		return which == 1 ? indeg : outdeg;
	default:
		return 0; /* no topology: the call reports it */
	}
}

void *mpii_f_handle_f2c(MPI_Fint h, int type)
{
	switch (type) {
	case MPI_HANDLE_COMM: return MPI_Comm_f2c(h);
	case MPI_HANDLE_DATATYPE: return MPI_Type_f2c(h);
	case MPI_HANDLE_GROUP: return MPI_Group_f2c(h);
	case MPI_HANDLE_PREQUEST: return MPI_Request_f2c(h);
	default: return NULL;
	}
}

MPI_Fint mpii_f_handle_c2f(const MPI_Handle *h, int type)
{
	switch (type) {
	case MPI_HANDLE_COMM: return MPI_Comm_c2f(*(const MPI_Comm *)h);
	case MPI_HANDLE_DATATYPE: return MPI_Type_c2f(*(const MPI_Datatype *)h);
	case MPI_HANDLE_GROUP: return MPI_Group_c2f(*(const MPI_Group *)h);
	case MPI_HANDLE_PREQUEST: return MPI_Request_c2f(*(const MPI_Request *)h);
	default: return -1;
	}
}

#ifdef MPII_F_REQ_CACHE
_Atomic uint64_t mpii_f_req_cache[MPII_F_REQ_CACHE];
#endif

MPI_Fint mpii_f_request_c2f_slow(MPI_Request request)
{
	MPI_Fint i = MPI_Request_c2f(request);
#ifdef MPII_F_REQ_CACHE
	uintptr_t p = (uintptr_t)request;
	if (p >> 48 == 0 && i > 0 && i < 0x10000)
		/* Relaxed: the pair is true whenever a reader sees it (pairs
		 * with the relaxed load in mpii_f_request_c2f). */
		shm_store_relaxed(&mpii_f_req_cache[mpii_f_req_slot(p)],
				  (uint64_t)p << 16 | (uint64_t)i);
#endif
	return i;
}
