/*
 * Description: the MPI tools interface's performance variables and
 * categories.  Rank 1 sends 10 eager messages that arrive before rank 0
 * posts their receives: rank 0's p2p_unexpected_msgs counts 10, the queue
 * length reads 10 then 0, the high-water mark at least 10; rank 1's
 * p2p_eager_msgs and p2p_eager_bytes count them; a rendezvous message of
 * 1 MiB counts in p2p_rndv_*; an allreduce in coll_shm_calls; a put in
 * rma_puts.  The wait timer measures a receive that waits 50 ms and
 * nothing while stopped; start/stop of a continuous variable is
 * MPI_T_ERR_PVAR_NO_STARTSTOP, a reset or write of a level
 * MPI_T_ERR_PVAR_NO_WRITE; readreset, reset, write of a counter; a bad
 * session MPI_T_ERR_INVALID_SESSION, a handle of another session or freed
 * MPI_T_ERR_INVALID_HANDLE, a bad index MPI_T_ERR_INVALID_INDEX, a name of
 * the wrong class MPI_T_ERR_INVALID_NAME.  Every variable and category is
 * found by name and every variable is in exactly one category.
 * np: 2
 */
#include <stdlib.h>
#include "mpitest.h"

static MPI_T_pvar_session ses;

static MPI_T_pvar_handle pvar(const char *name, int cls)
{
	int i, count;
	MPI_T_pvar_handle h;
	TEST_MPI(MPI_T_pvar_get_index(name, cls, &i));
	TEST_MPI(MPI_T_pvar_handle_alloc(ses, i, NULL, &h, &count));
	TEST_CHECK(count == 1);
	return h;
}

static unsigned long long rd(MPI_T_pvar_handle h)
{
	unsigned long long v;
	TEST_MPI(MPI_T_pvar_read(ses, h, &v));
	return v;
}

static void categories(void)
{
	int ncat, ncv, npv, i, j, len, idx, tot_cv = 0, tot_pv = 0, nsub, ne, tot_ev = 0;
	char name[64];
	int ncvars, npvars, nevents;
	TEST_MPI(MPI_T_cvar_get_num(&ncvars));
	TEST_MPI(MPI_T_pvar_get_num(&npvars));
	TEST_MPI(MPI_T_event_get_num(&nevents));
	int *seen_cv = calloc(ncvars, sizeof(int)), *seen_pv = calloc(npvars, sizeof(int));
	TEST_MPI(MPI_T_category_get_num(&ncat));
	TEST_CHECK(ncat >= 6);
	for (i = 0; i < ncat; i++) {
		len = sizeof(name);
		TEST_MPI(MPI_T_category_get_info(i, name, &len, NULL, NULL, &ncv, &npv, &nsub));
		TEST_MPI(MPI_T_category_get_index(name, &idx));
		TEST_CHECK(idx == i && nsub == 0);
		TEST_MPI(MPI_T_category_get_num_events(i, &ne));
		int *ix = malloc(sizeof(int) * (ncv + npv + ne + 1));
		TEST_MPI(MPI_T_category_get_cvars(i, ncv, ix));
		for (j = 0; j < ncv; j++)
			seen_cv[ix[j]]++;
		TEST_MPI(MPI_T_category_get_pvars(i, npv, ix));
		for (j = 0; j < npv; j++)
			seen_pv[ix[j]]++;
		TEST_MPI(MPI_T_category_get_events(i, ne, ix));
		TEST_MPI(MPI_T_category_get_categories(i, 0, ix));
		free(ix);
		tot_cv += ncv;
		tot_pv += npv;
		tot_ev += ne;
	}
	TEST_CHECK(tot_cv == ncvars && tot_pv == npvars && tot_ev == nevents);
	for (i = 0; i < ncvars; i++)
		TEST_CHECK(seen_cv[i] == 1);
	for (i = 0; i < npvars; i++)
		TEST_CHECK(seen_pv[i] == 1);
	free(seen_cv);
	free(seen_pv);
	TEST_CHECK(MPI_T_category_get_info(ncat, NULL, NULL, NULL, NULL, &ncv, &npv, &nsub) ==
		   MPI_T_ERR_INVALID_INDEX);
	TEST_CHECK(MPI_T_category_get_index("no such category", &idx) == MPI_T_ERR_INVALID_NAME);
	TEST_MPI(MPI_T_category_changed(&idx));
}

int main(int argc, char **argv)
{
	int provided, rank, i, n, buf[10];
	MPI_T_pvar_session other;
	char *big = calloc(1, 1 << 20);

	TEST_MPI(MPI_T_init_thread(MPI_THREAD_SINGLE, &provided));
	/* sessions and handles work before MPI_Init */
	TEST_MPI(MPI_T_pvar_session_create(&ses));
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	categories();

	/* every variable by name */
	TEST_MPI(MPI_T_pvar_get_num(&n));
	for (i = 0; i < n; i++) {
		char name[64];
		int len = sizeof(name), cls, idx, ro, cont, atomic;
		MPI_Datatype dt;
		TEST_MPI(MPI_T_pvar_get_info(i, name, &len, NULL, &cls, &dt, NULL, NULL, NULL, NULL,
					     &ro, &cont, &atomic));
		TEST_MPI(MPI_T_pvar_get_index(name, cls, &idx));
		TEST_CHECK(idx == i);
		TEST_CHECK(MPI_T_pvar_get_index(name, MPI_T_PVAR_CLASS_GENERIC, &idx) ==
			   MPI_T_ERR_INVALID_NAME);
		TEST_CHECK(dt == (cls == MPI_T_PVAR_CLASS_TIMER ? MPI_DOUBLE : MPI_UNSIGNED_LONG_LONG));
	}
	TEST_CHECK(MPI_T_pvar_get_info(n, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
				       NULL, NULL, NULL) == MPI_T_ERR_INVALID_INDEX);
	MPI_T_pvar_handle hh;
	TEST_CHECK(MPI_T_pvar_handle_alloc(ses, n, NULL, &hh, &i) == MPI_T_ERR_INVALID_INDEX);

	MPI_T_pvar_handle unexp = pvar("p2p_unexpected_msgs", MPI_T_PVAR_CLASS_COUNTER);
	MPI_T_pvar_handle qlen = pvar("p2p_unexpected_queue_length", MPI_T_PVAR_CLASS_LEVEL);
	MPI_T_pvar_handle hwm = pvar("p2p_unexpected_queue_hwm", MPI_T_PVAR_CLASS_HIGHWATERMARK);
	MPI_T_pvar_handle emsgs = pvar("p2p_eager_msgs", MPI_T_PVAR_CLASS_COUNTER);
	MPI_T_pvar_handle ebytes = pvar("p2p_eager_bytes", MPI_T_PVAR_CLASS_COUNTER);
	MPI_T_pvar_handle rmsgs = pvar("p2p_rndv_msgs", MPI_T_PVAR_CLASS_COUNTER);
	MPI_T_pvar_handle rbytes = pvar("p2p_rndv_bytes", MPI_T_PVAR_CLASS_COUNTER);
	MPI_T_pvar_handle coll = pvar("coll_shm_calls", MPI_T_PVAR_CLASS_COUNTER);
	MPI_T_pvar_handle puts = pvar("rma_puts", MPI_T_PVAR_CLASS_COUNTER);
	MPI_T_pvar_handle wait = pvar("core_wait_time", MPI_T_PVAR_CLASS_TIMER);

	/* counters count from their allocation */
	TEST_CHECK(rd(unexp) == 0 && rd(emsgs) == 0);
	if (rank == 1) {
		for (i = 0; i < 10; i++)
			TEST_MPI(MPI_Send(&i, 1, MPI_INT, 0, 7, MPI_COMM_WORLD));
		TEST_CHECK(rd(emsgs) >= 10);
		TEST_CHECK(rd(ebytes) >= 10 * sizeof(int));
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) {
		/* they are all here, unexpected */
		int flag = 0;
		while (!flag)
			TEST_MPI(MPI_Iprobe(1, 7, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE));
		for (;;) {
			TEST_MPI(MPI_Iprobe(MPI_ANY_SOURCE, 8, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE));
			if (rd(qlen) >= 10)
				break;
		}
		TEST_CHECK(rd(unexp) == 10 && rd(qlen) == 10 && rd(hwm) >= 10);
		for (i = 0; i < 10; i++)
			TEST_MPI(MPI_Recv(&buf[i], 1, MPI_INT, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		TEST_CHECK(rd(qlen) == 0 && rd(hwm) >= 10);
		/* readreset, reset, write */
		unsigned long long v;
		TEST_MPI(MPI_T_pvar_readreset(ses, unexp, &v));
		TEST_CHECK(v == 10 && rd(unexp) == 0);
		v = 5;
		TEST_MPI(MPI_T_pvar_write(ses, unexp, &v));
		TEST_CHECK(rd(unexp) == 5);
		TEST_MPI(MPI_T_pvar_reset(ses, unexp));
		TEST_CHECK(rd(unexp) == 0);
	}

	/* rendezvous */
	if (rank == 0)
		TEST_MPI(MPI_Send(big, 1 << 20, MPI_CHAR, 1, 9, MPI_COMM_WORLD));
	else
		TEST_MPI(MPI_Recv(big, 1 << 20, MPI_CHAR, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
	if (rank == 0)
		TEST_CHECK(rd(rmsgs) == 1 && rd(rbytes) == 1 << 20);

	/* a collective through the segment */
	unsigned long long c0 = rd(coll);
	MPI_Allreduce(MPI_IN_PLACE, &i, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
	TEST_CHECK(rd(coll) > c0);

	/* one-sided */
	MPI_Win win;
	int *base;
	TEST_MPI(MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win));
	MPI_Win_fence(0, win);
	TEST_MPI(MPI_Put(&rank, 1, MPI_INT, 1 - rank, 0, 1, MPI_INT, win));
	MPI_Win_fence(0, win);
	TEST_CHECK(rd(puts) == 1);
	MPI_Win_free(&win);

	/* the timer: a receive that waits 50 ms, measured only while started */
	double t;
	TEST_MPI(MPI_T_pvar_read(ses, wait, &t));
	TEST_CHECK(t == 0);
	TEST_MPI(MPI_T_pvar_start(ses, wait));
	if (rank == 0) {
		TEST_MPI(MPI_Recv(&i, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
	} else {
		usleep(50000);
		TEST_MPI(MPI_Send(&i, 1, MPI_INT, 0, 3, MPI_COMM_WORLD));
	}
	TEST_MPI(MPI_T_pvar_stop(ses, wait));
	TEST_MPI(MPI_T_pvar_read(ses, wait, &t));
	if (rank == 0)
		TEST_CHECK(t >= 0.02 && t < 60);
	double t2;
	MPI_Barrier(MPI_COMM_WORLD);
	usleep(20000);
	MPI_Barrier(MPI_COMM_WORLD);
	TEST_MPI(MPI_T_pvar_read(ses, wait, &t2));
	TEST_CHECK(t2 == t);
	TEST_MPI(MPI_T_pvar_readreset(ses, wait, &t2));
	TEST_MPI(MPI_T_pvar_read(ses, wait, &t2));
	TEST_CHECK(t2 == 0);
	TEST_MPI(MPI_T_pvar_start(ses, MPI_T_PVAR_ALL_HANDLES));
	TEST_MPI(MPI_T_pvar_stop(ses, MPI_T_PVAR_ALL_HANDLES));
	TEST_MPI(MPI_T_pvar_reset(ses, MPI_T_PVAR_ALL_HANDLES));

	/* errors */
	unsigned long long v = 1;
	TEST_CHECK(MPI_T_pvar_start(ses, unexp) == MPI_T_ERR_PVAR_NO_STARTSTOP);
	TEST_CHECK(MPI_T_pvar_stop(ses, unexp) == MPI_T_ERR_PVAR_NO_STARTSTOP);
	TEST_CHECK(MPI_T_pvar_reset(ses, qlen) == MPI_T_ERR_PVAR_NO_WRITE);
	TEST_CHECK(MPI_T_pvar_write(ses, hwm, &v) == MPI_T_ERR_PVAR_NO_WRITE);
	TEST_CHECK(MPI_T_pvar_readreset(ses, qlen, &v) == MPI_T_ERR_PVAR_NO_WRITE);
	TEST_CHECK(MPI_T_pvar_read(ses, MPI_T_PVAR_ALL_HANDLES, &v) == MPI_T_ERR_INVALID_HANDLE);
	TEST_MPI(MPI_T_pvar_session_create(&other));
	TEST_CHECK(MPI_T_pvar_read(other, unexp, &v) == MPI_T_ERR_INVALID_HANDLE);
	TEST_CHECK(MPI_T_pvar_handle_free(other, &unexp) == MPI_T_ERR_INVALID_HANDLE);
	TEST_CHECK(MPI_T_pvar_read(MPI_T_PVAR_SESSION_NULL, unexp, &v) == MPI_T_ERR_INVALID_SESSION);
	TEST_CHECK(MPI_T_pvar_read((MPI_T_pvar_session)&v, unexp, &v) == MPI_T_ERR_INVALID_SESSION);
	TEST_MPI(MPI_T_pvar_handle_free(ses, &puts));
	TEST_CHECK(puts == MPI_T_PVAR_HANDLE_NULL);
	MPI_T_pvar_handle gone = emsgs;
	TEST_MPI(MPI_T_pvar_handle_free(ses, &emsgs));
	TEST_CHECK(MPI_T_pvar_read(ses, gone, &v) == MPI_T_ERR_INVALID_HANDLE);
	TEST_MPI(MPI_T_pvar_session_free(&other));
	TEST_CHECK(other == MPI_T_PVAR_SESSION_NULL);
	TEST_CHECK(MPI_T_pvar_session_free(&other) == MPI_T_ERR_INVALID_SESSION);

	MPI_Finalize();
	/* after MPI_Finalize the counters still read */
	(void)rd(unexp);
	TEST_MPI(MPI_T_pvar_session_free(&ses));
	TEST_MPI(MPI_T_finalize());
	TEST_CHECK(MPI_T_pvar_session_create(&ses) == MPI_T_ERR_NOT_INITIALIZED);
	free(big);
	return 0;
}
