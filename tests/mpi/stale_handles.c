/*
 * Description: a freed handle used again gets an error class, and stays
 * detectable after the program creates new objects of its kind: the
 * stale handle never reads freed memory (AddressSanitizer in the
 * --enable-sanitizers build; issue 40 item 7) and never aliases a newer
 * object.  For each kind (info, mutex, condition variable, window,
 * datatype, error handler, metarequest, communicator, group, operation,
 * request, message): create one, keep a copy of the handle, free it,
 * create a few more of that kind (which malloc or a free list used to
 * place at the freed address), then use the copy under MPI_ERRORS_RETURN.
 * Before: MPI_Info_get on a freed info and MPI_Mutex_free twice were heap
 * uses after free, and the copy of a freed info, mutex, window, datatype
 * or error handler named the next object created (MPI_SUCCESS).
 * np: 2
 */
#include <stdio.h>
#include <stdlib.h>
#include "mpitest.h"

static int failures;

static void expect_error(int rc, const char *what)
{
	if (rc == MPI_SUCCESS) {
		fprintf(stderr, "FAIL: %s on a freed handle returned MPI_SUCCESS\n", what);
		failures++;
	}
}

static void noop_eh(MPI_Comm *c, int *e, ...)
{
	(void)c;
	(void)e;
}

static int noop_op_called;
static void noop_op(void *in, void *inout, int *len, MPI_Datatype *dt)
{
	(void)in;
	(void)inout;
	(void)len;
	(void)dt;
	noop_op_called++;
}

#define NEW 4 /* objects created after the free */

int main(int argc, char **argv)
{
	int rank, flag, size;
	char val[16];
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

	/* info */
	MPI_Info info, stale_info, infos[NEW];
	MPI_Info_create(&info);
	MPI_Info_set(info, "k", "v");
	stale_info = info;
	MPI_Info_free(&info);
	for (int i = 0; i < NEW; i++) {
		MPI_Info_create(&infos[i]);
		MPI_Info_set(infos[i], "k", "new");
	}
	expect_error(MPI_Info_get(stale_info, "k", sizeof(val), val, &flag), "MPI_Info_get");
	expect_error(MPI_Info_free(&stale_info), "MPI_Info_free");
	for (int i = 0; i < NEW; i++)
		MPI_Info_free(&infos[i]);

	/* mutex and condition variable (collective create and free) */
	MPI_Mutex mx, stale_mx, mxs[NEW];
	MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, &mx);
	stale_mx = mx;
	MPI_Mutex_free(&mx);
	for (int i = 0; i < NEW; i++)
		MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, &mxs[i]);
	expect_error(MPI_Mutex_lock(stale_mx), "MPI_Mutex_lock");
	expect_error(MPI_Mutex_free(&stale_mx), "MPI_Mutex_free");
	for (int i = 0; i < NEW; i++)
		MPI_Mutex_free(&mxs[i]);
	MPI_Cond cv, stale_cv, cvs[NEW];
	MPI_Cond_create(MPI_COMM_WORLD, MPI_INFO_NULL, &cv);
	stale_cv = cv;
	MPI_Cond_free(&cv);
	for (int i = 0; i < NEW; i++)
		MPI_Cond_create(MPI_COMM_WORLD, MPI_INFO_NULL, &cvs[i]);
	expect_error(MPI_Cond_signal(stale_cv), "MPI_Cond_signal");
	expect_error(MPI_Cond_free(&stale_cv), "MPI_Cond_free");
	for (int i = 0; i < NEW; i++)
		MPI_Cond_free(&cvs[i]);

	/* window */
	MPI_Win win, stale_win, wins[NEW];
	int buf[4];
	MPI_Win_create(buf, sizeof(buf), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
	stale_win = win;
	MPI_Win_free(&win);
	for (int i = 0; i < NEW; i++) {
		MPI_Win_create(buf, sizeof(buf), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &wins[i]);
		MPI_Win_set_errhandler(wins[i], MPI_ERRORS_RETURN);
	}
	MPI_Aint wsize;
	int *wflag;
	expect_error(MPI_Win_get_attr(stale_win, MPI_WIN_SIZE, &wflag, &flag), "MPI_Win_get_attr");
	(void)wsize;
	for (int i = 0; i < NEW; i++)
		MPI_Win_free(&wins[i]);

	/* datatype */
	MPI_Datatype t, stale_t, ts[NEW];
	MPI_Type_contiguous(3, MPI_INT, &t);
	MPI_Type_commit(&t);
	stale_t = t;
	MPI_Type_free(&t);
	for (int i = 0; i < NEW; i++) {
		MPI_Type_contiguous(5, MPI_INT, &ts[i]);
		MPI_Type_commit(&ts[i]);
	}
	expect_error(MPI_Type_size(stale_t, &size), "MPI_Type_size");
	expect_error(MPI_Type_free(&stale_t), "MPI_Type_free");
	for (int i = 0; i < NEW; i++)
		MPI_Type_free(&ts[i]);

	/* error handler */
	MPI_Errhandler eh, stale_eh, ehs[NEW];
	MPI_Comm_create_errhandler(noop_eh, &eh);
	stale_eh = eh;
	MPI_Errhandler_free(&eh);
	for (int i = 0; i < NEW; i++)
		MPI_Comm_create_errhandler(noop_eh, &ehs[i]);
	expect_error(MPI_Errhandler_free(&stale_eh), "MPI_Errhandler_free");
	for (int i = 0; i < NEW; i++)
		MPI_Errhandler_free(&ehs[i]);

	/* metarequest */
	MPI_Metarequest mr, stale_mr, mrs[NEW];
	MPI_Meta_request_create(NULL, NULL, NULL, NULL, NULL, &mr);
	stale_mr = mr;
	MPI_Meta_request_free(&mr);
	for (int i = 0; i < NEW; i++)
		MPI_Meta_request_create(NULL, NULL, NULL, NULL, NULL, &mrs[i]);
	expect_error(MPI_Meta_request_free(&stale_mr), "MPI_Meta_request_free");
	for (int i = 0; i < NEW; i++)
		MPI_Meta_request_free(&mrs[i]);

	/* communicator, group, operation (pooled before this test) */
	MPI_Comm c, stale_c;
	MPI_Comm_dup(MPI_COMM_WORLD, &c);
	stale_c = c;
	MPI_Comm_free(&c);
	expect_error(MPI_Comm_size(stale_c, &size), "MPI_Comm_size");
	MPI_Group g, stale_g;
	MPI_Comm_group(MPI_COMM_WORLD, &g);
	stale_g = g;
	MPI_Group_free(&g);
	expect_error(MPI_Group_size(stale_g, &size), "MPI_Group_size");
	MPI_Op op, stale_op;
	MPI_Op_create(noop_op, 1, &op);
	stale_op = op;
	MPI_Op_free(&op);
	expect_error(MPI_Op_free(&stale_op), "MPI_Op_free");

	/* request */
	MPI_Request r, stale_r;
	int x = 0;
	MPI_Irecv(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);
	MPI_Request_free(&r);
	stale_r = r; /* MPI_REQUEST_NULL: the handle itself was reset */
	MPI_Send_init(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);
	MPI_Request keep = r;
	MPI_Request_free(&r);
	stale_r = keep;
	expect_error(MPI_Start(&stale_r), "MPI_Start");

	/* message: a matched message handle used twice */
	if (rank == 0)
		MPI_Send(&x, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
	else {
		MPI_Message m, stale_m;
		MPI_Mprobe(0, 7, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE);
		stale_m = m;
		MPI_Mrecv(&x, 1, MPI_INT, &m, MPI_STATUS_IGNORE);
		expect_error(MPI_Mrecv(&x, 1, MPI_INT, &stale_m, MPI_STATUS_IGNORE), "MPI_Mrecv");
	}

	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Finalize();
	if (failures)
		return 1;
	if (rank == 0)
		printf("stale handles: every use failed cleanly\n");
	return 0;
}
