/* Description: errors on windows come back as their class through the
 * window's error handler, never as a crash or a hang: an RMA call outside
 * any epoch and a flush without a lock (MPI_ERR_RMA_SYNC), unlocking what
 * is not locked, locking twice, a fence inside a lock epoch, complete and
 * wait without start and post, a displacement outside the target's window
 * and a negative one (MPI_ERR_RMA_RANGE), origin and target types of
 * different sizes or kinds (MPI_ERR_TYPE), a user op in an accumulate
 * (MPI_ERR_OP), a bad rank, lock type and assertion, detach on a
 * non-dynamic window (MPI_ERR_RMA_FLAVOR), a detach of nothing
 * (MPI_ERR_RMA_ATTACH), a freed window (MPI_ERR_WIN); a user handler from
 * MPI_Win_create_errhandler gets the window and the code, also through
 * MPI_Win_call_errhandler; the window stays usable after every error.
 * np: 1 2
 */
#include "mpitest.h"

static int user_calls, user_code;
static MPI_Win user_win;

static void handler(MPI_Win *win, int *code, ...)
{
	user_calls++;
	user_code = *code;
	user_win = *win;
}

static void user_op(void *in, void *inout, int *len, MPI_Datatype *dt)
{
	(void)in; (void)inout; (void)len; (void)dt;
}

static int cls(int rc)
{
	int c;
	MPI_Error_class(rc, &c);
	return c;
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 1, &n, &w);
	int *mem, v = 1, r;
	MPI_Win win;
	TEST_MPI(MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win));
	MPI_Errhandler eh;
	TEST_MPI(MPI_Win_get_errhandler(win, &eh));
	TEST_CHECK(eh == MPI_ERRORS_ARE_FATAL);
	MPI_Errhandler_free(&eh);
	TEST_MPI(MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN));
	int t = (w + 1) % n;

	/* synchronisation errors */
	r = MPI_Put(&v, 1, MPI_INT, t, 0, 1, MPI_INT, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	r = MPI_Get(&v, 1, MPI_INT, t, 0, 1, MPI_INT, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	r = MPI_Accumulate(&v, 1, MPI_INT, t, 0, 1, MPI_INT, MPI_SUM, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	r = MPI_Win_unlock(t, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	r = MPI_Win_unlock_all(win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	r = MPI_Win_flush(t, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	r = MPI_Win_flush_all(win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	r = MPI_Win_complete(win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	r = MPI_Win_wait(win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	TEST_MPI(MPI_Win_lock(MPI_LOCK_SHARED, t, 0, win));
	r = MPI_Win_lock(MPI_LOCK_SHARED, t, 0, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	r = MPI_Win_fence(0, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	r = MPI_Win_free(&win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC && win != MPI_WIN_NULL);

	/* argument errors inside a valid epoch */
	r = MPI_Put(&v, 1, MPI_INT, t, 4, 1, MPI_INT, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_RANGE);
	r = MPI_Put(&v, 2, MPI_INT, t, 3, 2, MPI_INT, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_RANGE);
	r = MPI_Get(&v, 1, MPI_INT, t, -1, 1, MPI_INT, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_RANGE);
	r = MPI_Put(&v, 1, MPI_INT, t, 0, 1, MPI_SHORT, win);
	TEST_CHECK(cls(r) == MPI_ERR_TYPE);
	float fv = 1;
	r = MPI_Accumulate(&fv, 1, MPI_FLOAT, t, 0, 1, MPI_INT, MPI_SUM, win);
	TEST_CHECK(cls(r) == MPI_ERR_TYPE);
	/* nothing to move: the kinds need not agree */
	TEST_MPI(MPI_Accumulate(&fv, 0, MPI_FLOAT, t, 0, 0, MPI_INT, MPI_SUM, win));
	r = MPI_Accumulate(&fv, 1, MPI_FLOAT, t, 0, 1, MPI_FLOAT, MPI_BAND, win);
	TEST_CHECK(cls(r) == MPI_ERR_OP);
	MPI_Op uop;
	MPI_Op_create(user_op, 1, &uop);
	r = MPI_Accumulate(&v, 1, MPI_INT, t, 0, 1, MPI_INT, uop, win);
	TEST_CHECK(cls(r) == MPI_ERR_OP);
	MPI_Op_free(&uop);
	double dv = 1;
	r = MPI_Compare_and_swap(&dv, &dv, &dv, MPI_DOUBLE, t, 0, win);
	TEST_CHECK(cls(r) == MPI_ERR_TYPE);
	r = MPI_Put(&v, 1, MPI_INT, n, 0, 1, MPI_INT, win);
	TEST_CHECK(cls(r) == MPI_ERR_RANK);
	r = MPI_Put(&v, -1, MPI_INT, t, 0, 1, MPI_INT, win);
	TEST_CHECK(cls(r) == MPI_ERR_COUNT);
	r = MPI_Put(&v, 1, MPI_DATATYPE_NULL, t, 0, 1, MPI_INT, win);
	TEST_CHECK(cls(r) == MPI_ERR_TYPE);
	/* still usable */
	TEST_MPI(MPI_Put(&v, 1, MPI_INT, t, 0, 1, MPI_INT, win));
	TEST_MPI(MPI_Win_unlock(t, win));
	r = MPI_Win_lock(7, t, 0, win);
	TEST_CHECK(cls(r) == MPI_ERR_LOCKTYPE);
	r = MPI_Win_lock(MPI_LOCK_SHARED, n + 3, 0, win);
	TEST_CHECK(cls(r) == MPI_ERR_RANK);
	r = MPI_Win_fence(1, win);
	TEST_CHECK(cls(r) == MPI_ERR_ASSERT);
	MPI_Aint sz;
	int du;
	void *p;
	r = MPI_Win_detach(win, mem);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_FLAVOR);

	/* a user handler sees the window and the code */
	TEST_MPI(MPI_Win_create_errhandler(handler, &eh));
	TEST_MPI(MPI_Win_set_errhandler(win, eh));
	TEST_MPI(MPI_Errhandler_free(&eh));
	r = MPI_Put(&v, 1, MPI_INT, t, 0, 1, MPI_INT, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_SYNC);
	TEST_CHECK(user_calls == 1 && user_code == r && user_win == win);
	TEST_MPI(MPI_Win_call_errhandler(win, MPI_ERR_OTHER));
	TEST_CHECK(user_calls == 2 && user_code == MPI_ERR_OTHER);
	TEST_MPI(MPI_Win_free(&win));

	/* flavour errors */
	int *um = malloc(16);
	TEST_MPI(MPI_Win_create(um, 16, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win));
	TEST_MPI(MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN));
	/* not shared memory: size 0 and NULL (MPI-4.0), no error */
	TEST_MPI(MPI_Win_shared_query(win, 0, &sz, &du, &p));
	TEST_CHECK(sz == 0 && p == NULL && du == 1);
	TEST_MPI(MPI_Win_free(&win));
	TEST_MPI(MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win));
	TEST_MPI(MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN));
	r = MPI_Win_detach(win, um);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_ATTACH);
	TEST_MPI(MPI_Win_attach(win, um, 16));
	r = MPI_Win_attach(win, um + 1, 4);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_ATTACH);
	MPI_Aint a;
	MPI_Get_address(um, &a);
	TEST_MPI(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, w, 0, win));
	r = MPI_Put(&v, 1, MPI_INT, w, a + 16, 1, MPI_INT, win);
	TEST_CHECK(cls(r) == MPI_ERR_RMA_RANGE);
	TEST_MPI(MPI_Put(&v, 1, MPI_INT, w, a + 12, 1, MPI_INT, win));
	TEST_MPI(MPI_Win_unlock(w, win));
	TEST_CHECK(um[3] == 1);
	TEST_MPI(MPI_Win_detach(win, um));
	TEST_MPI(MPI_Win_free(&win));
	free(um);

	/* a freed window: MPI_COMM_WORLD's handler (MPI_ERRORS_RETURN here) */
	r = MPI_Win_fence(0, win);
	TEST_CHECK(cls(r) == MPI_ERR_WIN);
	r = MPI_Win_free(&win);
	TEST_CHECK(cls(r) == MPI_ERR_WIN);
	MPI_Finalize();
	return 0;
}
