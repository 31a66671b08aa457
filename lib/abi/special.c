/* lib/abi/special.c - the hand-written part of libmpi_abi.so.1: the
 * layer's helpers (the reverse map of predefined handles, status arrays,
 * handle and integer arrays, Alltoallw's peers, predefined attributes),
 * the functions that take callbacks (their trampolines give the user's
 * procedure ABI handles and codes), and the ABI chapter's own functions
 * (MPI_Abi_*, MPI_X_toint / MPI_X_fromint).  docs/abi.md, "How the library
 * is made"; lib/abi/layer.c is the generated rest.
 *
 * libshmpi's functions are called by their renamed names (mpiabi_n_PMPI_X,
 * lib/abi/local.mk), declared here with void * for every native handle:
 * this file sees only the ABI's header, never libshmpi's.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "mpi.h"   /* the ABI's: include/abi/ (libmpi_abi_la_CPPFLAGS) */
#ifndef MPI_ABI_VERSION
#error "lib/abi/ is built against include/abi/mpi.h"
#endif
#include "lib/abi/abimap.h"

#pragma GCC diagnostic ignored "-Wcast-qual"
#pragma GCC diagnostic ignored "-Wcast-function-type"

/* libshmpi's functions this file calls (renamed), and its hooks for
 * procedures of another language (lib/coll/op.h, lib/core/errors.h: the
 * same signatures with void * for the native handles). */
int mpiabi_n_PMPI_Comm_test_inter(void *comm, int *flag);
int mpiabi_n_PMPI_Comm_size(void *comm, int *size);
int mpiabi_n_PMPI_Comm_remote_size(void *comm, int *size);
int mpiabi_n_PMPI_Comm_rank(void *comm, int *rank);
int mpiabi_n_PMPI_Topo_test(void *comm, int *status);
int mpiabi_n_PMPI_Cartdim_get(void *comm, int *ndims);
int mpiabi_n_PMPI_Graph_neighbors_count(void *comm, int rank, int *n);
int mpiabi_n_PMPI_Dist_graph_neighbors_count(void *comm, int *in, int *out, int *weighted);
int mpiabi_n_PMPI_Type_get_envelope(void *datatype, int *ni, int *na, int *nd, int *combiner);
int mpiabi_n_PMPI_Info_create(void **info);
int mpiabi_n_PMPI_Info_set(void *info, const char *key, const char *value);
int mpiabi_n_PMPI_Info_dup(void *info, void **newinfo);
int mpiabi_n_PMPI_Info_free(void **info);
int mpiabi_n_PMPI_Grequest_start(void *query, void *free_fn, void *cancel, void *extra,
				 void **request);
int mpiabi_n_PMPI_Pcontrol(const int level, ...);
int mpiabi_n_PMPI_Register_datarep(const char *datarep, void *read_fn, void *write_fn,
				   void *extent_fn, void *extra_state);
int mpiabi_n_PMPI_T_event_register_callback(void *reg, MPI_T_cb_safety s, void *info,
					     void *user_data, void *fn);
int mpiabi_n_PMPI_T_event_handle_free(void *reg, void *user_data, void *fn);
int mpiabi_n_PMPI_T_event_set_dropped_handler(void *reg, void *fn);
int mpii_obj_conversion_fn_null(void *userbuf, void *datatype, int count, void *filebuf,
				MPI_Offset position, void *extra_state);
int mpiabi_n_PMPI_Comm_create_keyval(void *copy, void *del, int *keyval, void *extra);
int mpiabi_n_PMPI_Type_create_keyval(void *copy, void *del, int *keyval, void *extra);
int mpiabi_n_PMPI_Win_create_keyval(void *copy, void *del, int *keyval, void *extra);
int mpiabi_n_PMPI_Keyval_create(void *copy, void *del, int *keyval, void *extra);
typedef void mpiabi_lang_op_call(void *in, void *inout, int *len, void **datatype,
				 void (*proc)(void));
typedef void mpiabi_lang_eh_call(int is_win, void *obj, int *errcode, void (*proc)(void));
int mpii_lang_op_create(mpiabi_lang_op_call *call, void (*proc)(void), int commute, void **op);
int mpii_lang_errhandler_create(mpiabi_lang_eh_call *call, void (*proc)(void),
				void **errhandler);
/* libshmpi's predefined attribute callbacks (include/mpi.h's MPI_X_FN) */
int mpii_obj_null_copy_fn(void *, int, void *, void *, void *, int *);
int mpii_obj_dup_fn(void *, int, void *, void *, void *, int *);
int mpii_obj_null_delete_fn(void *, int, void *, void *);
int mpii_obj_type_null_copy_fn(void *, int, void *, void *, void *, int *);
int mpii_obj_type_dup_fn(void *, int, void *, void *, void *, int *);
int mpii_obj_type_null_delete_fn(void *, int, void *, void *);
int mpii_obj_win_null_copy_fn(void *, int, void *, void *, void *, int *);
int mpii_obj_win_dup_fn(void *, int, void *, void *, void *, int *);
int mpii_obj_win_null_delete_fn(void *, int, void *, void *);

/* ------------------------------------------ predefined handles, reverse */
/* The native predefined objects sorted by address, with their ABI values:
 * mpiabi_n2a_slow searches it for an output handle inside [lo, hi]. */
struct rev { uintptr_t n; uintptr_t a; };
static struct rev rev_tab[MPIABI_HMAX];
static int rev_len;
uintptr_t mpiabi_pre_lo = 1, mpiabi_pre_hi = 0;   /* empty until the constructor */

static int rev_cmp(const void *x, const void *y)
{
	const struct rev *a = x, *b = y;
	return a->n < b->n ? -1 : a->n > b->n;
}

/* At load time, before any call can need it (a constructor runs before
 * the program's main and before dlopen returns). */
__attribute__((constructor)) static void rev_init(void)
{
	for (uintptr_t h = 0; h < MPIABI_HMAX; h++) {
		if (!mpiabi_h2n[h])
			continue;
		int dup = 0;
		for (int i = 0; i < rev_len; i++)
			dup |= rev_tab[i].n == (uintptr_t)mpiabi_h2n[h];
		if (!dup)
			rev_tab[rev_len++] = (struct rev){ (uintptr_t)mpiabi_h2n[h], h };
	}
	qsort(rev_tab, rev_len, sizeof(rev_tab[0]), rev_cmp);
	if (rev_len) {
		mpiabi_pre_lo = rev_tab[0].n;
		mpiabi_pre_hi = rev_tab[rev_len - 1].n;
	}
}

void *mpiabi_n2a_slow(void *n)
{
	int lo = 0, hi = rev_len - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (rev_tab[mid].n == (uintptr_t)n)
			return (void *)rev_tab[mid].a;
		if (rev_tab[mid].n < (uintptr_t)n)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return n;   /* a user object that lies between two predefined ones */
}

/* ------------------------------------------------------------- arrays */
void *mpiabi_sts_tmp(int n, char *buf)
{
	if (n <= MPIABI_NSTATUS_STACK)
		return buf;
	return malloc((size_t)n * MPIABI_N_STATUS_BYTES);
}

void mpiabi_sts_free(void *p, char *buf)
{
	if (p != buf)
		free(p);
}

void mpiabi_statuses_n2a(MPI_Status *s, const void *ns, int n, int rc)
{
	int in_status = mpiabi_err_n2a(rc) == MPI_ERR_IN_STATUS;   /* rc is libshmpi's */
	for (int i = 0; i < n; i++) {
		const int *f = (const int *)((const char *)ns + (size_t)i * MPIABI_N_STATUS_BYTES);
		s[i].MPI_SOURCE = mpiabi_rank_n2a(f[0]);
		s[i].MPI_TAG = mpiabi_tag_n2a(f[1]);
		if (in_status)
			s[i].MPI_ERROR = mpiabi_err_n2a(f[2]);
		/* the rest (cancelled, count) as libshmpi keeps them: MPI_Get_count
		 * and MPI_Test_cancelled read them in place */
		memcpy(s[i].MPI_internal, f + 3, MPIABI_N_STATUS_BYTES - 3 * sizeof(int));
	}
}

void **mpiabi_harr_a2n(const void *a, int n, void **buf, int nbuf)
{
	void *const *in = a;
	void **out = buf && n <= nbuf ? buf : malloc((size_t)(n > 0 ? n : 1) * sizeof(*out));
	if (!out)
		return NULL;
	for (int i = 0; i < n; i++)
		out[i] = mpiabi_a2n(in[i]);
	return out;
}

void mpiabi_harr_free(void **p, void **buf)
{
	if (p != buf)
		free(p);
}

/* Requests in place: the array is the caller's (inout), and only
 * MPI_REQUEST_NULL differs (no other request is predefined). */
void mpiabi_reqs_a2n(void *a, int n)
{
	MPI_Request *r = a;
	for (int i = 0; r && i < n; i++)
		if (r[i] == MPI_REQUEST_NULL)
			r[i] = NULL;
}

void mpiabi_reqs_n2a(void *a, int n)
{
	MPI_Request *r = a;
	for (int i = 0; r && i < n; i++)
		if (!r[i])
			r[i] = MPI_REQUEST_NULL;
}

int *mpiabi_iarr_a2n(const int *a, int n, int (*map)(int), int *buf, int nbuf)
{
	int *out = n <= nbuf ? buf : malloc((size_t)(n > 0 ? n : 1) * sizeof(*out));
	if (!out)
		return NULL;
	for (int i = 0; i < n; i++)
		out[i] = map(a[i]);
	return out;
}

void mpiabi_iarr_n2a(int *a, int n, int (*map)(int))
{
	for (int i = 0; i < n; i++)
		a[i] = map(a[i]);
}

void mpiabi_iarr_free(int *p, int *buf)
{
	if (p != buf)
		free(p);
}

/* How many datatypes Alltoallw's arrays hold: the group's size (the
 * remote group's for an intercommunicator); neighbor 1 (send) / 2 (recv):
 * the topology's out / in neighbors.  0 when the communicator is invalid
 * (libshmpi then reports it). */
int mpiabi_peers(void *ncomm, int neighbor)
{
	int n = 0, flag = 0;
	if (!neighbor) {
		if (mpiabi_n_PMPI_Comm_test_inter(ncomm, &flag) != 0)
			return 0;
		if (flag ? mpiabi_n_PMPI_Comm_remote_size(ncomm, &n)
			 : mpiabi_n_PMPI_Comm_size(ncomm, &n))
			return 0;
		return n;
	}
	int topo = 0;
	if (mpiabi_n_PMPI_Topo_test(ncomm, &topo) != 0)
		return 0;
	topo = mpiabi_topo_n2a(topo);
	if (topo == MPI_CART) {
		if (mpiabi_n_PMPI_Cartdim_get(ncomm, &n) != 0)
			return 0;
		return 2 * n;
	}
	if (topo == MPI_GRAPH) {
		int rank = 0;
		if (mpiabi_n_PMPI_Comm_rank(ncomm, &rank) != 0 ||
		    mpiabi_n_PMPI_Graph_neighbors_count(ncomm, rank, &n) != 0)
			return 0;
		return n;
	}
	if (topo == MPI_DIST_GRAPH) {
		int in = 0, out = 0, w = 0;
		if (mpiabi_n_PMPI_Dist_graph_neighbors_count(ncomm, &in, &out, &w) != 0)
			return 0;
		return neighbor == 1 ? out : in;
	}
	return 0;
}

/* MPI_Type_get_contents' integers (MPI-4.1 5.1.13): a subarray's are
 * ndims, sizes, subsizes, starts, order (the _c form: ndims, order); a
 * darray's size, rank, ndims, gsizes, distribs, dargs, psizes, order (the
 * _c form without gsizes).  Only what fits in max is mapped. */
void mpiabi_contents_n2a(void *ndt, int *ints, MPI_Count max, int large)
{
	int ni, na, nd, comb;
	if (!ints || mpiabi_n_PMPI_Type_get_envelope(ndt, &ni, &na, &nd, &comb) != 0)
		return;
	comb = mpiabi_combiner_n2a(comb);
	if (ni > max)
		ni = (int)max;
	if (comb == MPI_COMBINER_SUBARRAY && ni >= 2) {
		int order = large ? 1 : 1 + 3 * ints[0];
		if (order < ni)
			ints[order] = mpiabi_order_n2a(ints[order]);
	} else if (comb == MPI_COMBINER_DARRAY && ni >= 3) {
		int n = ints[2], d = large ? 3 : 3 + n;
		for (int i = 0; i < n && d + n + i < ni; i++) {
			ints[d + i] = mpiabi_distrib_n2a(ints[d + i]);
			ints[d + n + i] = mpiabi_darg_n2a(ints[d + n + i]);
		}
		int order = d + 3 * n;
		if (order < ni)
			ints[order] = mpiabi_order_n2a(ints[order]);
	}
}

/* The predefined attributes whose values are constants that differ
 * between the headers: the value becomes a pointer to the ABI's (one
 * static int each: the values never change within a job). */
void mpiabi_attr_n2a(int keyval, void *attribute_val, int *flag)
{
	static int host, io, lastcode;
	static const int flavor[] = { 0, MPI_WIN_FLAVOR_CREATE, MPI_WIN_FLAVOR_ALLOCATE,
				      MPI_WIN_FLAVOR_DYNAMIC, MPI_WIN_FLAVOR_SHARED };
	static int flavor_abi, model_abi;
	if (!flag || !*flag || !attribute_val)
		return;
	int **slot = attribute_val;
	int *v = *slot;
	switch (keyval) {
	case MPI_HOST:
		host = mpiabi_rank_n2a(*v);
		*slot = &host;
		break;
	case MPI_IO:
		io = mpiabi_rank_n2a(*v);
		*slot = &io;
		break;
	case MPI_LASTUSEDCODE:
		lastcode = mpiabi_err_n2a(*v);
		*slot = &lastcode;
		break;
	case MPI_WIN_CREATE_FLAVOR:
		/* per window in principle; the value is read at once by callers */
		flavor_abi = mpiabi_flavor_n2a(*v);
		(void)flavor;
		*slot = &flavor_abi;
		break;
	case MPI_WIN_MODEL:
		model_abi = mpiabi_model_n2a(*v);
		*slot = &model_abi;
		break;
	default:
		break;
	}
}

/* ---------------------------------------------------- user operations */
/* libshmpi calls a user op of another language with its procedure: here
 * the ABI's MPI_User_function, given the datatype as an ABI handle. */
static void op_call(void *in, void *inout, int *len, void **ndt, void (*proc)(void))
{
	MPI_Datatype dt = mpiabi_n2a_datatype(*ndt);
	((MPI_User_function *)proc)(in, inout, len, &dt);
}

int PMPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op)
{
	if (!user_fn)
		return MPI_ERR_ARG;
	int rc = mpii_lang_op_create(op_call, (void (*)(void))user_fn, commute, (void **)op);
	return rc == 0 ? 0 : mpiabi_err_n2a(rc);
}
#pragma weak MPI_Op_create = PMPI_Op_create

/* ----------------------------------------------------- error handlers */
/* is_win 0: a communicator's handler, 1: a window's or a file's (a file
 * error before one is open is on MPI_FILE_NULL), 2: a session's.  The
 * message libshmpi passes its own C handlers after the code is not known
 * here: a handler that reads a third argument gets NULL, not garbage. */
static void eh_call(int is_win, void *obj, int *errcode, void (*proc)(void))
{
	int code = mpiabi_err_n2a(*errcode);
	void *n = *(void **)obj;
	if (is_win == 0) {
		MPI_Comm c = mpiabi_n2a_comm(n);
		((MPI_Comm_errhandler_function *)proc)(&c, &code, (const char *)NULL);
	} else if (is_win == 1) {
		void *h = n ? n : (void *)MPI_FILE_NULL;
		((MPI_Win_errhandler_function *)proc)((MPI_Win *)&h, &code, (const char *)NULL);
	} else {
		MPI_Session s = n ? (MPI_Session)n : MPI_SESSION_NULL;
		((MPI_Session_errhandler_function *)proc)(&s, &code, (const char *)NULL);
	}
}

static int eh_create(void (*fn)(void), MPI_Errhandler *errhandler)
{
	if (!fn || !errhandler)
		return MPI_ERR_ARG;
	int rc = mpii_lang_errhandler_create(eh_call, fn, (void **)errhandler);
	return rc == 0 ? 0 : mpiabi_err_n2a(rc);
}

int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *errhandler)
{
	return eh_create((void (*)(void))fn, errhandler);
}
#pragma weak MPI_Comm_create_errhandler = PMPI_Comm_create_errhandler

int PMPI_Win_create_errhandler(MPI_Win_errhandler_function *fn, MPI_Errhandler *errhandler)
{
	return eh_create((void (*)(void))fn, errhandler);
}
#pragma weak MPI_Win_create_errhandler = PMPI_Win_create_errhandler

int PMPI_File_create_errhandler(MPI_File_errhandler_function *fn, MPI_Errhandler *errhandler)
{
	return eh_create((void (*)(void))fn, errhandler);
}
#pragma weak MPI_File_create_errhandler = PMPI_File_create_errhandler

int PMPI_Session_create_errhandler(MPI_Session_errhandler_function *fn,
				   MPI_Errhandler *errhandler)
{
	return eh_create((void (*)(void))fn, errhandler);
}
#pragma weak MPI_Session_create_errhandler = PMPI_Session_create_errhandler

/* ------------------------------------------------------------ keyvals */
/* A keyval with a user callback gets trampolines and this record as its
 * extra_state (never freed: a freed keyval's attributes may still call
 * their delete callback; one record per keyval the program creates). */
struct kv_rec {
	void (*copy)(void);
	void (*del)(void);
	void *extra;
};

typedef int kv_copy_fn(void *obj, int keyval, void *extra, void *in, void *out, int *flag);
typedef int kv_del_fn(void *obj, int keyval, void *val, void *extra);

static int kv_copy_comm(void *o, int k, void *x, void *in, void *out, int *flag)
{
	struct kv_rec *r = x;
	int rc = ((MPI_Comm_copy_attr_function *)r->copy)(mpiabi_n2a_comm(o), mpiabi_kv_n2a(k),
							   r->extra, in, out, flag);
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

static int kv_del_comm(void *o, int k, void *v, void *x)
{
	struct kv_rec *r = x;
	int rc = ((MPI_Comm_delete_attr_function *)r->del)(mpiabi_n2a_comm(o), mpiabi_kv_n2a(k),
							    v, r->extra);
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

static int kv_copy_type(void *o, int k, void *x, void *in, void *out, int *flag)
{
	struct kv_rec *r = x;
	int rc = ((MPI_Type_copy_attr_function *)r->copy)(mpiabi_n2a_datatype(o),
							   mpiabi_kv_n2a(k), r->extra, in, out,
							   flag);
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

static int kv_del_type(void *o, int k, void *v, void *x)
{
	struct kv_rec *r = x;
	int rc = ((MPI_Type_delete_attr_function *)r->del)(mpiabi_n2a_datatype(o),
							    mpiabi_kv_n2a(k), v, r->extra);
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

static int kv_copy_win(void *o, int k, void *x, void *in, void *out, int *flag)
{
	struct kv_rec *r = x;
	int rc = ((MPI_Win_copy_attr_function *)r->copy)(mpiabi_n2a_win(o), mpiabi_kv_n2a(k),
							  r->extra, in, out, flag);
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

static int kv_del_win(void *o, int k, void *v, void *x)
{
	struct kv_rec *r = x;
	int rc = ((MPI_Win_delete_attr_function *)r->del)(mpiabi_n2a_win(o), mpiabi_kv_n2a(k),
							   v, r->extra);
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

/* One kind of object's keyvals: the trampolines and libshmpi's predefined
 * callbacks for the ABI's 0 (MPI_X_NULL_COPY_FN, MPI_X_NULL_DELETE_FN) and
 * 1 (MPI_X_DUP_FN). */
struct kv_kind {
	int (*create)(void *copy, void *del, int *keyval, void *extra);
	kv_copy_fn *copy_tramp, *null_copy, *dup;
	kv_del_fn *del_tramp, *null_del;
};

static int kv_create(const struct kv_kind *kk, void (*copy)(void), void (*del)(void),
		     int *keyval, void *extra)
{
	void *ncopy, *ndel, *nextra = extra;
	int user_copy = (uintptr_t)copy > 1, user_del = del != NULL;
	if (!keyval)
		return MPI_ERR_ARG;
	if (user_copy || user_del) {
		struct kv_rec *r = malloc(sizeof(*r));
		if (!r)
			return MPI_ERR_NO_MEM;
		*r = (struct kv_rec){ copy, del, extra };
		nextra = r;
	}
	/* with a record as extra_state, libshmpi's own callbacks never see it */
	ncopy = user_copy ? (void *)kk->copy_tramp : copy ? (void *)kk->dup : (void *)kk->null_copy;
	ndel = user_del ? (void *)kk->del_tramp : (void *)kk->null_del;
	int rc = kk->create(ncopy, ndel, keyval, nextra);
	if (rc == 0)
		*keyval = mpiabi_kv_n2a(*keyval);
	else if (nextra != extra)
		free(nextra);
	return rc == 0 ? 0 : mpiabi_err_n2a(rc);
}

static const struct kv_kind kv_comm = {
	mpiabi_n_PMPI_Comm_create_keyval, kv_copy_comm, mpii_obj_null_copy_fn, mpii_obj_dup_fn,
	kv_del_comm, mpii_obj_null_delete_fn
};
static const struct kv_kind kv_mpi1 = {
	mpiabi_n_PMPI_Keyval_create, kv_copy_comm, mpii_obj_null_copy_fn, mpii_obj_dup_fn,
	kv_del_comm, mpii_obj_null_delete_fn
};
static const struct kv_kind kv_type = {
	mpiabi_n_PMPI_Type_create_keyval, kv_copy_type, mpii_obj_type_null_copy_fn,
	mpii_obj_type_dup_fn, kv_del_type, mpii_obj_type_null_delete_fn
};
static const struct kv_kind kv_win = {
	mpiabi_n_PMPI_Win_create_keyval, kv_copy_win, mpii_obj_win_null_copy_fn,
	mpii_obj_win_dup_fn, kv_del_win, mpii_obj_win_null_delete_fn
};

int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *copy, MPI_Comm_delete_attr_function *del,
			    int *keyval, void *extra_state)
{
	return kv_create(&kv_comm, (void (*)(void))copy, (void (*)(void))del, keyval, extra_state);
}
#pragma weak MPI_Comm_create_keyval = PMPI_Comm_create_keyval

int PMPI_Keyval_create(MPI_Copy_function *copy, MPI_Delete_function *del, int *keyval,
		       void *extra_state)
{
	return kv_create(&kv_mpi1, (void (*)(void))copy, (void (*)(void))del, keyval, extra_state);
}
#pragma weak MPI_Keyval_create = PMPI_Keyval_create

int PMPI_Type_create_keyval(MPI_Type_copy_attr_function *copy, MPI_Type_delete_attr_function *del,
			    int *keyval, void *extra_state)
{
	return kv_create(&kv_type, (void (*)(void))copy, (void (*)(void))del, keyval, extra_state);
}
#pragma weak MPI_Type_create_keyval = PMPI_Type_create_keyval

int PMPI_Win_create_keyval(MPI_Win_copy_attr_function *copy, MPI_Win_delete_attr_function *del,
			   int *keyval, void *extra_state)
{
	return kv_create(&kv_win, (void (*)(void))copy, (void (*)(void))del, keyval, extra_state);
}
#pragma weak MPI_Win_create_keyval = PMPI_Win_create_keyval

/* ------------------------------------------------ generalized requests */
struct greq_rec {
	MPI_Grequest_query_function *query;
	MPI_Grequest_free_function *free_fn;
	MPI_Grequest_cancel_function *cancel;
	void *extra;
};

/* The user fills an ABI status (32 bytes, ABI values) of its own; libshmpi
 * gets the native 24 bytes back with native source and tag. */
static int greq_query(void *x, void *nstatus)
{
	struct greq_rec *g = x;
	MPI_Status s;
	memset(&s, 0, sizeof(s));
	int native = nstatus && nstatus != (void *)1;
	if (native) {
		memcpy(&s, nstatus, MPIABI_N_STATUS_BYTES);
		mpiabi_status_n2a(&s);
	}
	int rc = g->query(g->extra, &s);
	if (native) {
		mpiabi_status_a2n(&s);
		s.MPI_ERROR = mpiabi_err_a2n(s.MPI_ERROR);
		memcpy(nstatus, &s, MPIABI_N_STATUS_BYTES);
	}
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

static int greq_free(void *x)
{
	struct greq_rec *g = x;
	int rc = g->free_fn(g->extra);
	free(g);
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

static int greq_cancel(void *x, int complete)
{
	struct greq_rec *g = x;
	int rc = g->cancel(g->extra, complete);
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

int PMPI_Grequest_start(MPI_Grequest_query_function *query_fn,
			MPI_Grequest_free_function *free_fn,
			MPI_Grequest_cancel_function *cancel_fn, void *extra_state,
			MPI_Request *request)
{
	if (!query_fn || !free_fn || !cancel_fn || !request)
		return MPI_ERR_ARG;
	struct greq_rec *g = malloc(sizeof(*g));
	if (!g)
		return MPI_ERR_NO_MEM;
	*g = (struct greq_rec){ query_fn, free_fn, cancel_fn, extra_state };
	int rc = mpiabi_n_PMPI_Grequest_start((void *)greq_query, (void *)greq_free,
					      (void *)greq_cancel, g, (void **)request);
	if (rc != 0)
		free(g);
	return rc == 0 ? 0 : mpiabi_err_n2a(rc);
}
#pragma weak MPI_Grequest_start = PMPI_Grequest_start

/* -------------------------------------------------- data representations */
/* A record per registered representation (never freed: a representation
 * stays registered until MPI_Finalize). */
struct datarep_rec {
	MPI_Datarep_conversion_function *read_fn, *write_fn;
	MPI_Datarep_extent_function *extent_fn;
	void *extra;
};

static int datarep_read(void *userbuf, void *ndt, int count, void *filebuf, MPI_Offset pos,
			void *x)
{
	struct datarep_rec *d = x;
	int rc = d->read_fn(userbuf, mpiabi_n2a_datatype(ndt), count, filebuf, pos, d->extra);
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

static int datarep_write(void *userbuf, void *ndt, int count, void *filebuf, MPI_Offset pos,
			 void *x)
{
	struct datarep_rec *d = x;
	int rc = d->write_fn(userbuf, mpiabi_n2a_datatype(ndt), count, filebuf, pos, d->extra);
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

static int datarep_extent(void *ndt, MPI_Aint *extent, void *x)
{
	struct datarep_rec *d = x;
	int rc = d->extent_fn(mpiabi_n2a_datatype(ndt), extent, d->extra);
	return rc == 0 ? 0 : mpiabi_err_a2n(rc);
}

int PMPI_Register_datarep(const char *datarep, MPI_Datarep_conversion_function *read_fn,
			  MPI_Datarep_conversion_function *write_fn,
			  MPI_Datarep_extent_function *extent_fn, void *extra_state)
{
	if (!extent_fn)
		return MPI_ERR_ARG;
	struct datarep_rec *d = malloc(sizeof(*d));
	if (!d)
		return MPI_ERR_NO_MEM;
	*d = (struct datarep_rec){ read_fn, write_fn, extent_fn, extra_state };
	/* the ABI's MPI_CONVERSION_FN_NULL (0) is libshmpi's own */
	int rc = mpiabi_n_PMPI_Register_datarep(
		datarep, read_fn ? (void *)datarep_read : (void *)mpii_obj_conversion_fn_null,
		write_fn ? (void *)datarep_write : (void *)mpii_obj_conversion_fn_null,
		(void *)datarep_extent, d);
	if (rc != 0)
		free(d);
	return rc == 0 ? 0 : mpiabi_err_n2a(rc);
}
#pragma weak MPI_Register_datarep = PMPI_Register_datarep

/* ------------------------------------------------ MPI_T event callbacks */
/* A callback's record, the user_data libshmpi hands back (never freed: a
 * registration may call it until freed, and a dropped handler gets the
 * MPI_T_CB_REQUIRE_NONE one's). */
struct tev_rec {
	void (*fn)(void);
	void *user_data;
};

static void tev_call(void *inst, void *reg, int s, void *x)
{
	struct tev_rec *r = x;
	((MPI_T_event_cb_function *)r->fn)((MPI_T_event_instance)inst,
					   (MPI_T_event_registration)reg,
					   (MPI_T_cb_safety)mpiabi_cbsafety_n2a(s), r->user_data);
}

int PMPI_T_event_register_callback(MPI_T_event_registration reg, MPI_T_cb_safety cb_safety,
				   MPI_Info info, void *user_data,
				   MPI_T_event_cb_function *event_cb_function)
{
	struct tev_rec *r = NULL;
	if (event_cb_function) {
		if (!(r = malloc(sizeof(*r))))
			return MPI_T_ERR_MEMORY;
		*r = (struct tev_rec){ (void (*)(void))event_cb_function, user_data };
	}
	int rc = mpiabi_n_PMPI_T_event_register_callback(
		reg, (MPI_T_cb_safety)mpiabi_cbsafety_a2n((int)cb_safety), mpiabi_a2n(info),
		r ? (void *)r : user_data, r ? (void *)tev_call : NULL);
	if (rc != 0)
		free(r);
	return rc == 0 ? 0 : mpiabi_err_n2a(rc);
}
#pragma weak MPI_T_event_register_callback = PMPI_T_event_register_callback

static void tev_free_call(void *reg, int s, void *x)
{
	struct tev_rec *r = x;
	((MPI_T_event_free_cb_function *)r->fn)((MPI_T_event_registration)reg,
						(MPI_T_cb_safety)mpiabi_cbsafety_n2a(s),
						r->user_data);
	free(r);
}

int PMPI_T_event_handle_free(MPI_T_event_registration reg, void *user_data,
			     MPI_T_event_free_cb_function *free_cb_function)
{
	struct tev_rec *r = NULL;
	if (free_cb_function) {
		if (!(r = malloc(sizeof(*r))))
			return MPI_T_ERR_MEMORY;
		*r = (struct tev_rec){ (void (*)(void))free_cb_function, user_data };
	}
	int rc = mpiabi_n_PMPI_T_event_handle_free(reg, r ? (void *)r : user_data,
						   r ? (void *)tev_free_call : NULL);
	if (rc != 0)
		free(r);
	return rc == 0 ? 0 : mpiabi_err_n2a(rc);
}
#pragma weak MPI_T_event_handle_free = PMPI_T_event_handle_free

/* The dropped handlers, by registration (a short list: one per
 * registration that sets one; the mutex: any thread may set or drop). */
struct tev_dropped {
	void *reg;
	MPI_T_event_dropped_cb_function *fn;
	struct tev_dropped *next;
};
static struct tev_dropped *dropped_list;
static pthread_mutex_t dropped_mu = PTHREAD_MUTEX_INITIALIZER;

static void tev_dropped_call(MPI_Count count, void *reg, int source_index, int s, void *x)
{
	MPI_T_event_dropped_cb_function *fn = NULL;
	pthread_mutex_lock(&dropped_mu);
	for (struct tev_dropped *d = dropped_list; d; d = d->next)
		if (d->reg == reg) {
			fn = d->fn;
			break;
		}
	pthread_mutex_unlock(&dropped_mu);
	/* x: the MPI_T_CB_REQUIRE_NONE callback's record (tev_call's) */
	if (fn)
		fn(count, (MPI_T_event_registration)reg, source_index,
		   (MPI_T_cb_safety)mpiabi_cbsafety_n2a(s), x ? ((struct tev_rec *)x)->user_data : NULL);
}

int PMPI_T_event_set_dropped_handler(MPI_T_event_registration reg,
				     MPI_T_event_dropped_cb_function *dropped_cb_function)
{
	struct tev_dropped *d = malloc(sizeof(*d));
	if (!d)
		return MPI_T_ERR_MEMORY;
	int rc = mpiabi_n_PMPI_T_event_set_dropped_handler(
		reg, dropped_cb_function ? (void *)tev_dropped_call : NULL);
	if (rc != 0) {
		free(d);
		return mpiabi_err_n2a(rc);
	}
	*d = (struct tev_dropped){ reg, dropped_cb_function, NULL };
	pthread_mutex_lock(&dropped_mu);
	d->next = dropped_list;   /* the newest first: it wins */
	dropped_list = d;
	pthread_mutex_unlock(&dropped_mu);
	return MPI_SUCCESS;
}
#pragma weak MPI_T_event_set_dropped_handler = PMPI_T_event_set_dropped_handler

int PMPI_Pcontrol(const int level, ...)
{
	return mpiabi_n_PMPI_Pcontrol(level);
}
#pragma weak MPI_Pcontrol = PMPI_Pcontrol

/* ------------------------------------------ the ABI chapter's functions */
int PMPI_Abi_get_version(int *abi_major, int *abi_minor)
{
	if (!abi_major || !abi_minor)
		return MPI_ERR_ARG;
	*abi_major = MPI_ABI_VERSION;
	*abi_minor = MPI_ABI_SUBVERSION;
	return MPI_SUCCESS;
}
#pragma weak MPI_Abi_get_version = PMPI_Abi_get_version

/* The sizes of the integer types the ABI leaves to the platform. */
int PMPI_Abi_get_info(MPI_Info *info)
{
	static const struct { const char *key; int size; } keys[] = {
		{ "mpi_aint_size", (int)sizeof(MPI_Aint) },
		{ "mpi_count_size", (int)sizeof(MPI_Count) },
		{ "mpi_offset_size", (int)sizeof(MPI_Offset) },
	};
	void *n;
	if (!info)
		return MPI_ERR_ARG;
	int rc = mpiabi_n_PMPI_Info_create(&n);
	for (size_t i = 0; rc == 0 && i < sizeof(keys) / sizeof(keys[0]); i++) {
		char v[16];
		v[0] = (char)('0' + keys[i].size % 10);
		v[1] = '\0';
		rc = mpiabi_n_PMPI_Info_set(n, keys[i].key, v);
	}
	if (rc != 0)
		return mpiabi_err_n2a(rc);
	*info = (MPI_Info)n;
	return MPI_SUCCESS;
}
#pragma weak MPI_Abi_get_info = PMPI_Abi_get_info

/* The Fortran library (libmpi_abi_fortran) says what its types are: kept
 * here, given back as copies.  Set once at its start, before other threads
 * ask (the standard lets only the Fortran library set them). */
static void *fortran_info;
static struct {
	int size;
	unsigned char t[16], f[16];
} fortran_bools;

int PMPI_Abi_set_fortran_info(MPI_Info info)
{
	void *n = NULL;
	if (info == MPI_INFO_NULL)
		return MPI_ERR_INFO;
	int rc = mpiabi_n_PMPI_Info_dup(mpiabi_a2n(info), &n);
	if (rc != 0)
		return mpiabi_err_n2a(rc);
	if (fortran_info)
		mpiabi_n_PMPI_Info_free(&fortran_info);
	fortran_info = n;
	return MPI_SUCCESS;
}
#pragma weak MPI_Abi_set_fortran_info = PMPI_Abi_set_fortran_info

int PMPI_Abi_get_fortran_info(MPI_Info *info)
{
	void *n = NULL;
	if (!info)
		return MPI_ERR_ARG;
	int rc = fortran_info ? mpiabi_n_PMPI_Info_dup(fortran_info, &n)
			      : mpiabi_n_PMPI_Info_create(&n);
	if (rc != 0)
		return mpiabi_err_n2a(rc);
	*info = (MPI_Info)n;
	return MPI_SUCCESS;
}
#pragma weak MPI_Abi_get_fortran_info = PMPI_Abi_get_fortran_info

int PMPI_Abi_set_fortran_booleans(int logical_size, void *logical_true, void *logical_false)
{
	if (logical_size < 1 || logical_size > 16 || !logical_true || !logical_false)
		return MPI_ERR_ARG;
	memcpy(fortran_bools.t, logical_true, (size_t)logical_size);
	memcpy(fortran_bools.f, logical_false, (size_t)logical_size);
	fortran_bools.size = logical_size;
	return MPI_SUCCESS;
}
#pragma weak MPI_Abi_set_fortran_booleans = PMPI_Abi_set_fortran_booleans

int PMPI_Abi_get_fortran_booleans(int logical_size, void *logical_true, void *logical_false,
				  int *is_set)
{
	if (!is_set || logical_size < 1)
		return MPI_ERR_ARG;
	*is_set = fortran_bools.size == logical_size;
	if (*is_set) {
		if (!logical_true || !logical_false)
			return MPI_ERR_ARG;
		memcpy(logical_true, fortran_bools.t, (size_t)logical_size);
		memcpy(logical_false, fortran_bools.f, (size_t)logical_size);
	}
	return MPI_SUCCESS;
}
#pragma weak MPI_Abi_get_fortran_booleans = PMPI_Abi_get_fortran_booleans
