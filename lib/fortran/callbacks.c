/*
 * lib/fortran/callbacks.c - Fortran procedures called back by the library:
 * user ops (MPI_Op_create), attribute copy and delete functions
 * (MPI_Comm/Type/Win_create_keyval, MPI_Keyval_create), error handlers
 * (MPI_Comm/Win_create_errhandler, MPI_Errhandler_create), generalized
 * requests (MPI_Grequest_start), and seed 002's keyvals on any handle
 * (MPI_Handle_keyval_create), request handlers (MPI_Post_handler) and meta
 * requests (MPI_Meta_request_create, MPI_Request_init), data
 * representations (MPI_Register_datarep); the
 * predefined Fortran procedures MPI_COMM_NULL_COPY_FN, MPI_COMM_DUP_FN,
 * MPI_NULL_DELETE_FN, MPI_HANDLE_DUP_FN, ...
 *
 * The generated glue (f77_glue.c) calls mpii_f_<function> here in place of
 * MPI_<function>, with the Fortran procedure as a plain function pointer.
 * Each C callback below is a trampoline: it converts the C arguments to
 * Fortran ones (handles to MPI_Fint, attribute values to MPI_Aint, flags
 * to LOGICAL) and calls the procedure with every argument by reference,
 * as gfortran calls any procedure that is not BIND(C).  The mpi_f08
 * abstract interfaces (TYPE(MPI_Comm), TYPE(C_PTR), VALUE for a user op's
 * vectors) have the same calling sequence, so one trampoline serves mpif.h,
 * `use mpi` and `use mpi_f08`.
 *
 * Where the procedure is kept: keyvals and generalized requests have an
 * extra_state, which here points to a box holding the procedures and the
 * user's own extra_state (for a generalized request, the address of the
 * caller's EXTRA_STATE variable, which its procedures get).  A keyval's box
 * is never freed: attributes may outlive MPI_Comm_free_keyval and still
 * need their delete procedure.
 * Ops and error handlers have none: libshmpi keeps the procedure with the
 * object (mpii_lang_op_create, mpii_lang_errhandler_create).  A handler's
 * box is kept for the rest of the run (a handler may stay attached to a
 * persistent request across restarts, and nothing says when it is
 * detached), one box per procedure and extra_state, so posting again does
 * not grow memory.
 */
#include <pthread.h>
#include "lib/fortran/fortran.h"

/* ------------------------------------------------------------------ ops */

typedef void f_user_fn(void *invec, void *inoutvec, MPI_Fint *len, MPI_Fint *datatype);

static void op_call(void *in, void *inout, int *len, MPI_Datatype *datatype, void (*proc)(void))
{
	MPI_Fint flen = *len;
	MPI_Fint ftype = MPI_Type_c2f(*datatype);

	((f_user_fn *)proc)(in, inout, &flen, &ftype);
}

int mpii_f_op_create(void (*user_fn)(void), int commute, MPI_Op *op)
{
	return mpii_lang_op_create(op_call, user_fn, commute, op);
}

/* ----------------------------------------------------------- error handlers */

typedef void f_errhandler_fn(MPI_Fint *obj, MPI_Fint *errcode);

static void eh_call(int is_win, void *obj, int *errcode, void (*proc)(void))
{
	MPI_Fint fobj = is_win == 2 ? MPI_Session_c2f(*(MPI_Session *)obj)
			: is_win    ? MPI_Win_c2f(*(MPI_Win *)obj)
				    : MPI_Comm_c2f(*(MPI_Comm *)obj);
	MPI_Fint code = *errcode;

	((f_errhandler_fn *)proc)(&fobj, &code);
}

int mpii_f_errhandler_create(void (*fn)(void), MPI_Errhandler *errhandler)
{
	return mpii_lang_errhandler_create(eh_call, fn, errhandler);
}

/* ------------------------------------------------------------- keyvals */

/* MPI-2: SUBROUTINE COPY(OLDOBJ, KEYVAL, EXTRA_STATE, ATTRIBUTE_VAL_IN,
 * ATTRIBUTE_VAL_OUT, FLAG, IERROR) with INTEGER(KIND=MPI_ADDRESS_KIND)
 * values; MPI-1 (MPI_Keyval_create): the same with INTEGER values. */
typedef void f_copy_fn(MPI_Fint *oldobj, MPI_Fint *keyval, void *extra_state, void *in,
		       void *out, MPI_Fint *flag, MPI_Fint *ierror);
typedef void f_delete_fn(MPI_Fint *obj, MPI_Fint *keyval, void *value, void *extra_state,
			 MPI_Fint *ierror);

struct keyval_box {
	f_copy_fn *copy;
	f_delete_fn *del;
	int mpi1;          /* INTEGER values and extra_state (MPI_Keyval_create) */
	MPI_Fint extra1;   /* the MPI-1 extra_state */
	MPI_Aint extra;    /* the MPI-2 extra_state */
};

static int copy_call(struct keyval_box *b, MPI_Fint obj, int keyval, void *in, void *out,
		     int *flag)
{
	MPI_Fint fkey = keyval, fflag = 0, ierr = MPI_SUCCESS;

	if (b->mpi1) {
		MPI_Fint vin = (MPI_Fint)(intptr_t)in, vout = 0;
		b->copy(&obj, &fkey, &b->extra1, &vin, &vout, &fflag, &ierr);
		if (ierr == MPI_SUCCESS && fflag)
			*(void **)out = (void *)(intptr_t)vout;
	} else {
		MPI_Aint vin = (MPI_Aint)(intptr_t)in, vout = 0;
		b->copy(&obj, &fkey, &b->extra, &vin, &vout, &fflag, &ierr);
		if (ierr == MPI_SUCCESS && fflag)
			*(void **)out = (void *)(intptr_t)vout;
	}
	*flag = ierr == MPI_SUCCESS && fflag;
	return ierr;
}

static int delete_call(struct keyval_box *b, MPI_Fint obj, int keyval, void *value)
{
	MPI_Fint fkey = keyval, ierr = MPI_SUCCESS;

	if (b->mpi1) {
		MPI_Fint v = (MPI_Fint)(intptr_t)value;
		b->del(&obj, &fkey, &v, &b->extra1, &ierr);
	} else {
		MPI_Aint v = (MPI_Aint)(intptr_t)value;
		b->del(&obj, &fkey, &v, &b->extra, &ierr);
	}
	return ierr;
}

static int comm_copy(MPI_Comm old, int keyval, void *extra, void *in, void *out, int *flag)
{
	return copy_call(extra, MPI_Comm_c2f(old), keyval, in, out, flag);
}

static int comm_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
	return delete_call(extra, MPI_Comm_c2f(comm), keyval, value);
}

static int type_copy(MPI_Datatype old, int keyval, void *extra, void *in, void *out, int *flag)
{
	return copy_call(extra, MPI_Type_c2f(old), keyval, in, out, flag);
}

static int type_delete(MPI_Datatype type, int keyval, void *value, void *extra)
{
	return delete_call(extra, MPI_Type_c2f(type), keyval, value);
}

static int win_copy(MPI_Win old, int keyval, void *extra, void *in, void *out, int *flag)
{
	return copy_call(extra, MPI_Win_c2f(old), keyval, in, out, flag);
}

static int win_delete(MPI_Win win, int keyval, void *value, void *extra)
{
	return delete_call(extra, MPI_Win_c2f(win), keyval, value);
}

/* Seed 002 6.7, keyvals on any handle: SUBROUTINE HANDLE_COPY_FUNCTION(
 * HANDLE, HANDLE_TYPE, KEYVAL, EXTRA_STATE, ATTRIBUTE_VAL_IN,
 * ATTRIBUTE_VAL_OUT, FLAG, IERR) and HANDLE_DELETE_FUNCTION(HANDLE,
 * HANDLE_TYPE, KEYVAL, ATTRIBUTE_VAL, EXTRA_STATE, IERR): INTEGERs, the
 * handle the Fortran integer of its type. */
typedef void f_handle_copy_fn(MPI_Fint *handle, MPI_Fint *type, MPI_Fint *keyval,
			      MPI_Fint *extra_state, MPI_Fint *in, MPI_Fint *out, MPI_Fint *flag,
			      MPI_Fint *ierror);
typedef void f_handle_delete_fn(MPI_Fint *handle, MPI_Fint *type, MPI_Fint *keyval,
				MPI_Fint *value, MPI_Fint *extra_state, MPI_Fint *ierror);

static int handle_copy(MPI_Handle *handle, MPI_Handletype type, int keyval, void *extra,
		       void *in, void *out, int *flag)
{
	struct keyval_box *b = extra;
	MPI_Fint fh = mpii_f_handle_c2f(handle, type), ftype = type, fkey = keyval;
	MPI_Fint vin = (MPI_Fint)(intptr_t)in, vout = 0, fflag = 0, ierr = MPI_SUCCESS;
	f_handle_copy_fn *copy = (f_handle_copy_fn *)(void (*)(void))b->copy;

	copy(&fh, &ftype, &fkey, &b->extra1, &vin, &vout, &fflag, &ierr);
	*flag = ierr == MPI_SUCCESS && fflag;
	if (*flag)
		*(void **)out = (void *)(intptr_t)vout;
	return ierr;
}

static int handle_delete(MPI_Handle *handle, MPI_Handletype type, int keyval, void *value,
			 void *extra)
{
	struct keyval_box *b = extra;
	MPI_Fint fh = mpii_f_handle_c2f(handle, type), ftype = type, fkey = keyval;
	MPI_Fint v = (MPI_Fint)(intptr_t)value, ierr = MPI_SUCCESS;
	f_handle_delete_fn *del = (f_handle_delete_fn *)(void (*)(void))b->del;

	del(&fh, &ftype, &fkey, &v, &b->extra1, &ierr);
	return ierr;
}

int mpii_f_keyval_create(enum mpii_f_keyval_kind kind, void (*copy)(void), void (*del)(void),
			 int *keyval, MPI_Aint extra_state)
{
	struct keyval_box *b = malloc(sizeof(*b));
	int rc;

	if (!b)
		return MPI_ERR_NO_MEM;
	b->copy = (f_copy_fn *)copy;
	b->del = (f_delete_fn *)del;
	b->mpi1 = kind == MPII_F_KEYVAL_COMM1 || kind == MPII_F_KEYVAL_HANDLE;
	b->extra1 = (MPI_Fint)extra_state;
	b->extra = extra_state;
	switch (kind) {
	case MPII_F_KEYVAL_TYPE:
		rc = MPI_Type_create_keyval(type_copy, type_delete, keyval, b);
		break;
	case MPII_F_KEYVAL_WIN:
		rc = MPI_Win_create_keyval(win_copy, win_delete, keyval, b);
		break;
	case MPII_F_KEYVAL_HANDLE:
		rc = MPI_Handle_keyval_create(handle_copy, handle_delete, keyval, b);
		break;
	default:
		rc = MPI_Comm_create_keyval(comm_copy, comm_delete, keyval, b);
		break;
	}
	if (rc != MPI_SUCCESS) {
		free(b);
		return rc;
	}
	/* Its procedures take the integers Fortran set, not C's pointers
	 * to them (lib/attr/attr.h, enum mpii_attr_how). */
	return mpii_lang_keyval_fortran(*keyval);
}

/* The predefined copy and delete procedures, with gfortran's names: what
 * a Fortran program passes is a Fortran procedure, called through the
 * trampolines above like the user's own. */

void mpi_comm_null_copy_fn_(MPI_Fint *oldobj, MPI_Fint *keyval, MPI_Aint *extra_state,
			    MPI_Aint *in, MPI_Aint *out, MPI_Fint *flag, MPI_Fint *ierror)
{
	(void)oldobj, (void)keyval, (void)extra_state, (void)in, (void)out;
	*flag = 0;
	*ierror = MPI_SUCCESS;
}

void mpi_comm_dup_fn_(MPI_Fint *oldobj, MPI_Fint *keyval, MPI_Aint *extra_state, MPI_Aint *in,
		      MPI_Aint *out, MPI_Fint *flag, MPI_Fint *ierror)
{
	(void)oldobj, (void)keyval, (void)extra_state;
	*out = *in;
	*flag = 1; /* .TRUE. */
	*ierror = MPI_SUCCESS;
}

void mpi_comm_null_delete_fn_(MPI_Fint *obj, MPI_Fint *keyval, MPI_Aint *value,
			      MPI_Aint *extra_state, MPI_Fint *ierror)
{
	(void)obj, (void)keyval, (void)value, (void)extra_state;
	*ierror = MPI_SUCCESS;
}

/* The type and window ones take the same arguments (the object as an
 * MPI_Fint): aliases. */
void mpi_type_null_copy_fn_(MPI_Fint *, MPI_Fint *, MPI_Aint *, MPI_Aint *, MPI_Aint *,
			    MPI_Fint *, MPI_Fint *) __attribute__((alias("mpi_comm_null_copy_fn_")));
void mpi_win_null_copy_fn_(MPI_Fint *, MPI_Fint *, MPI_Aint *, MPI_Aint *, MPI_Aint *,
			   MPI_Fint *, MPI_Fint *) __attribute__((alias("mpi_comm_null_copy_fn_")));
void mpi_type_dup_fn_(MPI_Fint *, MPI_Fint *, MPI_Aint *, MPI_Aint *, MPI_Aint *,
		      MPI_Fint *, MPI_Fint *) __attribute__((alias("mpi_comm_dup_fn_")));
void mpi_win_dup_fn_(MPI_Fint *, MPI_Fint *, MPI_Aint *, MPI_Aint *, MPI_Aint *,
		     MPI_Fint *, MPI_Fint *) __attribute__((alias("mpi_comm_dup_fn_")));
void mpi_type_null_delete_fn_(MPI_Fint *, MPI_Fint *, MPI_Aint *, MPI_Aint *, MPI_Fint *)
	__attribute__((alias("mpi_comm_null_delete_fn_")));
void mpi_win_null_delete_fn_(MPI_Fint *, MPI_Fint *, MPI_Aint *, MPI_Aint *, MPI_Fint *)
	__attribute__((alias("mpi_comm_null_delete_fn_")));

/* MPI-1's (MPI_Keyval_create): INTEGER values, which the null procedures
 * never touch (aliases); MPI_DUP_FN copies an INTEGER. */
void mpi_null_copy_fn_(MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *,
		       MPI_Fint *) __attribute__((alias("mpi_comm_null_copy_fn_")));
void mpi_null_delete_fn_(MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *)
	__attribute__((alias("mpi_comm_null_delete_fn_")));

void mpi_dup_fn_(MPI_Fint *oldobj, MPI_Fint *keyval, MPI_Fint *extra_state, MPI_Fint *in,
		 MPI_Fint *out, MPI_Fint *flag, MPI_Fint *ierror)
{
	(void)oldobj, (void)keyval, (void)extra_state;
	*out = *in;
	*flag = 1;
	*ierror = MPI_SUCCESS;
}

/* ------------------------------------------------- generalized requests */

typedef void f_query_fn(MPI_Aint *extra_state, MPI_Fint *status, MPI_Fint *ierror);
typedef void f_free_fn(MPI_Aint *extra_state, MPI_Fint *ierror);
typedef void f_cancel_fn(MPI_Aint *extra_state, MPI_Fint *complete, MPI_Fint *ierror);

struct greq_box {
	f_query_fn *query;
	f_free_fn *free;
	f_cancel_fn *cancel;
	MPI_Aint *extra; /* the caller's EXTRA_STATE variable */
};

static int greq_query(void *extra, MPI_Status *status)
{
	struct greq_box *b = extra;
	MPI_Fint fstatus[MPII_F_STATUS_SIZE], ierr = MPI_SUCCESS;

	MPI_Status_c2f(status, fstatus);
	b->query(b->extra, fstatus, &ierr);
	MPI_Status_f2c(fstatus, status);
	return ierr;
}

/* Called once, when the request is freed: the box goes with it. */
static int greq_free(void *extra)
{
	struct greq_box *b = extra;
	MPI_Fint ierr = MPI_SUCCESS;

	b->free(b->extra, &ierr);
	free(b);
	return ierr;
}

static int greq_cancel(void *extra, int complete)
{
	struct greq_box *b = extra;
	MPI_Fint fcomplete = complete != 0, ierr = MPI_SUCCESS;

	b->cancel(b->extra, &fcomplete, &ierr);
	return ierr;
}

int mpii_f_grequest_start(void (*query)(void), void (*free_fn)(void), void (*cancel)(void),
			  MPI_Aint *extra_state, MPI_Request *request)
{
	struct greq_box *b = malloc(sizeof(*b));
	int rc;

	if (!b)
		return MPI_ERR_NO_MEM;
	b->query = (f_query_fn *)query;
	b->free = (f_free_fn *)free_fn;
	b->cancel = (f_cancel_fn *)cancel;
	b->extra = extra_state;
	rc = MPI_Grequest_start(greq_query, greq_free, greq_cancel, b, request);
	if (rc != MPI_SUCCESS)
		free(b);
	return rc;
}

/* --------------------------- seed 002: predefined handle keyval procedures */

/* MPI_HANDLE_NULL_COPY_FN and MPI_HANDLE_DELETE_FN do nothing, as the
 * communicator ones (whose arguments they share up to their last
 * pointers: aliases); MPI_HANDLE_DUP_FN copies the INTEGER value. */
void mpi_handle_null_copy_fn_(MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *,
			      MPI_Fint *, MPI_Fint *, MPI_Fint *);
void mpi_handle_delete_fn_(MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *,
			   MPI_Fint *);

void mpi_handle_null_copy_fn_(MPI_Fint *handle, MPI_Fint *type, MPI_Fint *keyval,
			      MPI_Fint *extra_state, MPI_Fint *in, MPI_Fint *out, MPI_Fint *flag,
			      MPI_Fint *ierror)
{
	(void)handle, (void)type, (void)keyval, (void)extra_state, (void)in, (void)out;
	*flag = 0;
	*ierror = MPI_SUCCESS;
}

void mpi_handle_dup_fn_(MPI_Fint *handle, MPI_Fint *type, MPI_Fint *keyval,
			MPI_Fint *extra_state, MPI_Fint *in, MPI_Fint *out, MPI_Fint *flag,
			MPI_Fint *ierror)
{
	(void)handle, (void)type, (void)keyval, (void)extra_state;
	*out = *in;
	*flag = 1;
	*ierror = MPI_SUCCESS;
}

void mpi_handle_delete_fn_(MPI_Fint *handle, MPI_Fint *type, MPI_Fint *keyval,
			   MPI_Fint *value, MPI_Fint *extra_state, MPI_Fint *ierror)
{
	(void)handle, (void)type, (void)keyval, (void)value, (void)extra_state;
	*ierror = MPI_SUCCESS;
}

/* ------------------------------------ seed 002: request handlers (6.12.3) */

/* SUBROUTINE MPI_REQUEST_HANDLER(REQUEST, EXTRA_STATE, IERR): INTEGERs. */
typedef void f_handler_fn(MPI_Fint *request, MPI_Fint *extra_state, MPI_Fint *ierror);

struct handler_box {
	f_handler_fn *proc;
	MPI_Fint extra;
	struct handler_box *next;
};

static struct handler_box *handler_boxes;
static pthread_mutex_t handler_boxes_lock = PTHREAD_MUTEX_INITIALIZER;

/* The request as a Fortran integer; what the procedure leaves in it (it
 * may free the request or start it again) goes back to C. */
static int handler_call(MPI_Request *request, void *extra)
{
	struct handler_box *b = extra;
	MPI_Fint freq = MPI_Request_c2f(*request), fextra = b->extra, ierr = MPI_SUCCESS;

	b->proc(&freq, &fextra, &ierr);
	*request = MPI_Request_f2c(freq);
	return ierr;
}

static struct handler_box *handler_box(f_handler_fn *proc, MPI_Fint extra)
{
	struct handler_box *b;

	pthread_mutex_lock(&handler_boxes_lock);
	for (b = handler_boxes; b; b = b->next)
		if (b->proc == proc && b->extra == extra)
			break;
	if (!b) {
		b = malloc(sizeof(*b));
		if (b) {
			b->proc = proc;
			b->extra = extra;
			b->next = handler_boxes;
			handler_boxes = b;
		}
	}
	pthread_mutex_unlock(&handler_boxes_lock);
	return b;
}

int mpii_f_post_handler(MPI_Request request, MPI_Info handler_attr, void (*handler)(void),
			MPI_Aint extra_state, int handler_type)
{
	struct handler_box *b;

	if (!handler)
		return MPI_Post_handler(request, handler_attr, MPI_HANDLER_NULL, NULL,
					handler_type);
	b = handler_box((f_handler_fn *)handler, (MPI_Fint)extra_state);
	if (!b)
		return MPI_ERR_NO_MEM;
	return MPI_Post_handler(request, handler_attr, handler_call, b, handler_type);
}

/* --------------------------------------- seed 002: meta requests (6.2) */

/* SUBROUTINE REQUEST_INIT_FN(META_REQ, EXTRA_STATE, REQUEST, IERR) and
 * REQUEST_START_FN(EXTRA_STATE, REQUEST, IERR), the same for complete,
 * free and cancel: INTEGERs.  init_fn may change EXTRA_STATE, which the
 * others then get (the seed: it may return the request's state there). */
typedef void f_req_init_fn(MPI_Fint *metareq, MPI_Fint *extra_state, MPI_Fint *request,
			   MPI_Fint *ierror);
typedef void f_req_fn(MPI_Fint *extra_state, MPI_Fint *request, MPI_Fint *ierror);

struct meta_procs {
	f_req_init_fn *init;
	f_req_fn *start, *complete, *free, *cancel;
};

/* The Fortran integers of meta requests: entry i - 1 is integer i.  procs
 * is set for the ones created from Fortran; a meta request C created keeps
 * its C callbacks, and MPI_Request_init from Fortran passes its INTEGER
 * extra_state to them as the pointer's value.  A freed one's entry stays,
 * emptied (its integer is not reused). */
struct meta_entry {
	MPI_Metarequest c;
	struct meta_procs procs;
	int fortran;
};

static struct meta_entry *metas;
static int nmetas, capmetas;
static pthread_mutex_t metas_lock = PTHREAD_MUTEX_INITIALIZER;

/* With metas_lock held: the integer of c, entered if new (0 on no memory). */
static MPI_Fint meta_enter(MPI_Metarequest c)
{
	for (int i = 0; i < nmetas; i++)
		if (metas[i].c == c)
			return i + 1;
	if (nmetas == capmetas) {
		int cap = capmetas ? 2 * capmetas : 16;
		struct meta_entry *m = realloc(metas, cap * sizeof(*m));
		if (!m)
			return 0;
		metas = m;
		capmetas = cap;
	}
	metas[nmetas] = (struct meta_entry){ .c = c };
	return ++nmetas;
}

MPI_Fint mpii_f_metareq_c2f(MPI_Metarequest metareq)
{
	MPI_Fint f;

	if (metareq == MPI_METAREQUEST_NULL)
		return 0;
	pthread_mutex_lock(&metas_lock);
	f = meta_enter(metareq);
	pthread_mutex_unlock(&metas_lock);
	return f;
}

MPI_Metarequest mpii_f_metareq_f2c(MPI_Fint metareq)
{
	MPI_Metarequest c = MPI_METAREQUEST_NULL;

	pthread_mutex_lock(&metas_lock);
	if (metareq >= 1 && metareq <= nmetas)
		c = metas[metareq - 1].c;
	pthread_mutex_unlock(&metas_lock);
	return c;
}

/* One request's state: the procedures (a copy: the meta request may be
 * freed before its requests), its meta request's integer and the
 * user's EXTRA_STATE.  Freed after free_fn. */
struct meta_box {
	struct meta_procs procs;
	MPI_Fint metareq;
	MPI_Fint extra;
};

static int meta_init(MPI_Metarequest metareq, void *extra, MPI_Request request)
{
	struct meta_box *b = extra;
	MPI_Fint freq = MPI_Request_c2f(request), ierr = MPI_SUCCESS;

	(void)metareq;
	b->procs.init(&b->metareq, &b->extra, &freq, &ierr);
	return ierr;
}

static int meta_call(f_req_fn *proc, struct meta_box *b, MPI_Request request)
{
	MPI_Fint freq = MPI_Request_c2f(request), ierr = MPI_SUCCESS;

	proc(&b->extra, &freq, &ierr);
	return ierr;
}

static int meta_start(void *extra, MPI_Request request)
{
	return meta_call(((struct meta_box *)extra)->procs.start, extra, request);
}

static int meta_complete(void *extra, MPI_Request request)
{
	return meta_call(((struct meta_box *)extra)->procs.complete, extra, request);
}

static int meta_cancel(void *extra, MPI_Request request)
{
	return meta_call(((struct meta_box *)extra)->procs.cancel, extra, request);
}

static int meta_free(void *extra, MPI_Request request)
{
	int rc = meta_call(((struct meta_box *)extra)->procs.free, extra, request);

	free(extra);
	return rc;
}

int mpii_f_meta_request_create(void (*init_fn)(void), void (*start_fn)(void),
			       void (*complete_fn)(void), void (*free_fn)(void),
			       void (*cancel_fn)(void), MPI_Metarequest *metareq)
{
	int rc = MPI_Meta_request_create(meta_init, meta_start, meta_complete, meta_free,
					 meta_cancel, metareq);
	MPI_Fint f;

	if (rc != MPI_SUCCESS)
		return rc;
	pthread_mutex_lock(&metas_lock);
	f = meta_enter(*metareq);
	if (f) {
		metas[f - 1].procs = (struct meta_procs){
			(f_req_init_fn *)init_fn, (f_req_fn *)start_fn, (f_req_fn *)complete_fn,
			(f_req_fn *)free_fn, (f_req_fn *)cancel_fn };
		metas[f - 1].fortran = 1;
	}
	pthread_mutex_unlock(&metas_lock);
	if (!f) {
		MPI_Meta_request_free(metareq);
		return MPI_ERR_NO_MEM;
	}
	return MPI_SUCCESS;
}

int mpii_f_meta_request_free(MPI_Metarequest *metareq)
{
	MPI_Metarequest c = *metareq;
	int rc = MPI_Meta_request_free(metareq);

	if (rc != MPI_SUCCESS)
		return rc;
	pthread_mutex_lock(&metas_lock);
	for (int i = 0; i < nmetas; i++)
		if (metas[i].c == c)
			metas[i] = (struct meta_entry){ .c = MPI_METAREQUEST_NULL };
	pthread_mutex_unlock(&metas_lock);
	return MPI_SUCCESS;
}

int mpii_f_request_init(MPI_Metarequest metareq, MPI_Aint extra_state, MPI_Request *request)
{
	struct meta_box *b = NULL;
	int fortran = 0;

	pthread_mutex_lock(&metas_lock);
	for (int i = 0; i < nmetas; i++) {
		if (metareq != MPI_METAREQUEST_NULL && metas[i].c == metareq && metas[i].fortran) {
			fortran = 1;
			b = malloc(sizeof(*b));
			if (b)
				*b = (struct meta_box){ metas[i].procs, i + 1, (MPI_Fint)extra_state };
		}
	}
	pthread_mutex_unlock(&metas_lock);
	if (!fortran)
		return MPI_Request_init(metareq, (void *)(intptr_t)extra_state, request);
	if (!b)
		return MPI_ERR_NO_MEM;
	/* b is not freed on failure: whether free_fn ran for a request whose
	 * init_fn failed is the library's business. */
	return MPI_Request_init(metareq, b, request);
}

/* ------------------------------- data representations (MPI_Register_datarep)
 *
 * The representation keeps the box as its extra_state: the three
 * procedures and the user's EXTRA_STATE value, which each procedure gets
 * by reference (MPI-3.1 13.5.3).  A representation cannot be removed, so
 * the box lives for the rest of the run.  MPI_CONVERSION_FN_NULL, the
 * predefined Fortran procedure, becomes C's (the bytes moved as they are):
 * it is never called. */

typedef void f_conversion_fn(void *userbuf, MPI_Fint *datatype, MPI_Fint *count, void *filebuf,
			     MPI_Offset *position, MPI_Aint *extra_state, MPI_Fint *ierror);
typedef void f_extent_fn(MPI_Fint *datatype, MPI_Aint *extent, MPI_Aint *extra_state,
			 MPI_Fint *ierror);

struct datarep_box {
	void (*read_fn)(void), (*write_fn)(void), (*extent_fn)(void);
	MPI_Aint extra_state;
};

static int conversion_call(void (*proc)(void), void *userbuf, MPI_Datatype datatype, int count,
			   void *filebuf, MPI_Offset position, struct datarep_box *b)
{
	MPI_Fint ftype = MPI_Type_c2f(datatype), fcount = count, ierror = MPI_SUCCESS;
	((f_conversion_fn *)proc)(userbuf, &ftype, &fcount, filebuf, &position, &b->extra_state,
				  &ierror);
	return ierror;
}

static int datarep_read(void *userbuf, MPI_Datatype datatype, int count, void *filebuf,
			MPI_Offset position, void *extra_state)
{
	struct datarep_box *b = extra_state;
	return conversion_call(b->read_fn, userbuf, datatype, count, filebuf, position, b);
}

static int datarep_write(void *userbuf, MPI_Datatype datatype, int count, void *filebuf,
			 MPI_Offset position, void *extra_state)
{
	struct datarep_box *b = extra_state;
	return conversion_call(b->write_fn, userbuf, datatype, count, filebuf, position, b);
}

static int datarep_extent(MPI_Datatype datatype, MPI_Aint *file_extent, void *extra_state)
{
	struct datarep_box *b = extra_state;
	MPI_Fint ftype = MPI_Type_c2f(datatype), ierror = MPI_SUCCESS;
	((f_extent_fn *)b->extent_fn)(&ftype, file_extent, &b->extra_state, &ierror);
	return ierror;
}

void mpi_conversion_fn_null_(void *userbuf, MPI_Fint *datatype, MPI_Fint *count, void *filebuf,
			     MPI_Offset *position, MPI_Aint *extra_state, MPI_Fint *ierror)
{
	(void)userbuf, (void)datatype, (void)count, (void)filebuf, (void)position;
	(void)extra_state;
	*ierror = MPI_SUCCESS;   /* never called: replaced by C's (above) */
}

int mpii_f_register_datarep(const char *datarep, void (*read_fn)(void), void (*write_fn)(void),
			    void (*extent_fn)(void), MPI_Aint extra_state)
{
	void (*null_fn)(void) = (void (*)(void))mpi_conversion_fn_null_;
	struct datarep_box *b = malloc(sizeof(*b));
	if (!b)
		return MPI_ERR_NO_MEM;
	*b = (struct datarep_box){ read_fn, write_fn, extent_fn, extra_state };
	int rc = MPI_Register_datarep(datarep,
				      read_fn == null_fn ? MPI_CONVERSION_FN_NULL : datarep_read,
				      write_fn == null_fn ? MPI_CONVERSION_FN_NULL : datarep_write,
				      datarep_extent, b);
	if (rc != MPI_SUCCESS)
		free(b);   /* not registered: nobody holds it */
	return rc;
}
