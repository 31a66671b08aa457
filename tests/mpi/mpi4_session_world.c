/*
 * Description: MPI-4.0 sessions and the world model in one program: a
 * session opened before MPI_Init, MPI_Init_thread while it is open, a second
 * session opened after MPI_Init (its thread_level is the process's,
 * MPI_THREAD_MULTIPLE), MPI_Intercomm_create_from_groups between the two
 * halves of mpi://WORLD (remote size, messages both ways, a barrier, a
 * merge), MPI_Finalize while both sessions are open (their communicators
 * still work after it: an allreduce), the job's end at the last
 * MPI_Session_finalize, and a session opened after that (MPI-4.0 allows one
 * after MPI_Finalize) on mpi://SELF.
 * np: 2 3
 */
#include "mpitest.h"

static MPI_Comm world_comm(MPI_Session s, const char *tag)
{
	MPI_Group g;
	MPI_Comm c;
	TEST_MPI(MPI_Group_from_session_pset(s, "mpi://WORLD", &g));
	TEST_MPI(MPI_Comm_create_from_group(g, tag, MPI_INFO_NULL, MPI_ERRORS_RETURN, &c));
	TEST_MPI(MPI_Group_free(&g));
	return c;
}

static void check_allreduce(MPI_Comm comm)
{
	int rank, size, sum = -1;
	TEST_MPI(MPI_Comm_rank(comm, &rank));
	TEST_MPI(MPI_Comm_size(comm, &size));
	TEST_MPI(MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm));
	TEST_CHECK(sum == size * (size - 1) / 2);
}

int main(int argc, char **argv)
{
	MPI_Session s1, s2, s3;
	MPI_Info used;
	char val[64];
	int flag, provided, rank, size, init, fin;

	TEST_MPI(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s1));
	MPI_Comm c1 = world_comm(s1, "first");
	check_allreduce(c1);

	TEST_MPI(MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided));
	TEST_CHECK(provided == MPI_THREAD_MULTIPLE);
	TEST_MPI(MPI_Initialized(&init));
	TEST_CHECK(init);
	TEST_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
	TEST_MPI(MPI_Comm_size(MPI_COMM_WORLD, &size));
	check_allreduce(MPI_COMM_WORLD);

	TEST_MPI(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s2));
	TEST_MPI(MPI_Session_get_info(s2, &used));
	TEST_MPI(MPI_Info_get(used, "thread_level", sizeof(val) - 1, val, &flag));
	TEST_CHECK(flag && strcmp(val, "MPI_THREAD_MULTIPLE") == 0);
	TEST_MPI(MPI_Info_free(&used));
	MPI_Comm c2 = world_comm(s2, "second");
	int cmp;
	TEST_MPI(MPI_Comm_compare(c2, MPI_COMM_WORLD, &cmp));
	TEST_CHECK(cmp == MPI_CONGRUENT);

	/* an intercommunicator of the two halves, from groups alone */
	MPI_Group wg, lo, hi;
	int half = size / 2, range_lo[1][3] = { { 0, half - 1, 1 } },
	    range_hi[1][3] = { { half, size - 1, 1 } };
	TEST_MPI(MPI_Group_from_session_pset(s2, "mpi://WORLD", &wg));
	TEST_MPI(MPI_Group_range_incl(wg, 1, range_lo, &lo));
	TEST_MPI(MPI_Group_range_incl(wg, 1, range_hi, &hi));
	int mine_lo = rank < half;
	MPI_Comm ic;
	TEST_MPI(MPI_Intercomm_create_from_groups(mine_lo ? lo : hi, 0, mine_lo ? hi : lo, 0,
						  "halves", MPI_INFO_NULL, MPI_ERRORS_RETURN, &ic));
	int inter, rsize, lrank;
	TEST_MPI(MPI_Comm_test_inter(ic, &inter));
	TEST_MPI(MPI_Comm_remote_size(ic, &rsize));
	TEST_MPI(MPI_Comm_rank(ic, &lrank));
	TEST_CHECK(inter && rsize == (mine_lo ? size - half : half));
	/* local rank 0s swap their world ranks */
	if (lrank == 0) {
		int other = -1;
		TEST_MPI(MPI_Sendrecv(&rank, 1, MPI_INT, 0, 3, &other, 1, MPI_INT, 0, 3, ic,
				      MPI_STATUS_IGNORE));
		TEST_CHECK(other == (mine_lo ? half : 0));
	}
	TEST_MPI(MPI_Barrier(ic));
	MPI_Comm merged;
	TEST_MPI(MPI_Intercomm_merge(ic, !mine_lo, &merged));
	int mrank;
	TEST_MPI(MPI_Comm_rank(merged, &mrank));
	TEST_CHECK(mrank == rank);
	check_allreduce(merged);
	TEST_MPI(MPI_Comm_free(&merged));
	TEST_MPI(MPI_Comm_free(&ic));
	TEST_MPI(MPI_Group_free(&lo));
	TEST_MPI(MPI_Group_free(&hi));
	TEST_MPI(MPI_Group_free(&wg));

	/* the world model ends; the sessions go on */
	TEST_MPI(MPI_Finalize());
	TEST_MPI(MPI_Finalized(&fin));
	TEST_CHECK(fin);
	check_allreduce(c1);
	check_allreduce(c2);
	TEST_MPI(MPI_Comm_free(&c2));
	TEST_MPI(MPI_Session_finalize(&s2));
	check_allreduce(c1);
	TEST_MPI(MPI_Comm_free(&c1));
	TEST_MPI(MPI_Session_finalize(&s1));

	/* a session after everything: this process alone */
	MPI_Group self;
	MPI_Comm sc;
	int out = rank, in = -1;
	TEST_MPI(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s3));
	TEST_MPI(MPI_Group_from_session_pset(s3, "mpi://SELF", &self));
	TEST_MPI(MPI_Comm_create_from_group(self, "late", MPI_INFO_NULL, MPI_ERRORS_RETURN, &sc));
	TEST_MPI(MPI_Sendrecv(&out, 1, MPI_INT, 0, 1, &in, 1, MPI_INT, 0, 1, sc, MPI_STATUS_IGNORE));
	TEST_CHECK(in == rank);
	TEST_MPI(MPI_Comm_free(&sc));
	TEST_MPI(MPI_Group_free(&self));
	TEST_MPI(MPI_Session_finalize(&s3));
	return 0;
}
