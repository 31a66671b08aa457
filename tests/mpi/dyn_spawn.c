/*
 * Description: MPI_Comm_spawn of 3 copies of this program from 2 parents:
 * every errcode MPI_SUCCESS, the intercommunicator's remote group has 3
 * ranks; the children see MPI_Comm_get_parent (with the 2 parents as its
 * remote group, named MPI_COMM_PARENT), a world of their own of 3,
 * MPI_APPNUM 0 and an
 * MPI_UNIVERSE_SIZE; point-to-point both ways on the intercommunicator,
 * MPI_Bcast from a parent (MPI_ROOT) to the children, MPI_Allreduce on
 * MPI_Intercomm_merge's result (parents low), a barrier on the children's
 * own world, and a shared window across parents and children.
 * np: 2
 */
#include "mpitest.h"

/* This program's own file: spawned by its path, since "/proc/self/exe"
 * would name the launcher in the process that runs it. */
static char *self_exe(void)
{
	static char *me;
	if (!me)
		me = realpath("/proc/self/exe", NULL);
	return me;
}

#define NKIDS 3

static void both(MPI_Comm inter, int am_child)
{
	int rank, rsize;
	MPI_Comm_rank(inter, &rank);
	MPI_Comm_remote_size(inter, &rsize);
	TEST_CHECK(rsize == (am_child ? 2 : NKIDS));

	/* Point-to-point: parent 0 sends to each child, each answers. */
	if (!am_child && rank == 0) {
		for (int k = 0; k < NKIDS; k++) {
			int v = 100 + k, back = -1;
			MPI_Send(&v, 1, MPI_INT, k, 5, inter);
			MPI_Recv(&back, 1, MPI_INT, k, 6, inter, MPI_STATUS_IGNORE);
			TEST_CHECK(back == 200 + k);
		}
	} else if (am_child) {
		int v = -1;
		MPI_Status st;
		MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 5, inter, &st);
		TEST_CHECK(v == 100 + rank && st.MPI_SOURCE == 0);
		v = 200 + rank;
		MPI_Send(&v, 1, MPI_INT, 0, 6, inter);
	}

	/* Bcast over the intercommunicator from parent 1. */
	int b = am_child ? -1 : 77;
	if (am_child)
		MPI_Bcast(&b, 1, MPI_INT, 1, inter);
	else
		MPI_Bcast(&b, 1, MPI_INT, rank == 1 ? MPI_ROOT : MPI_PROC_NULL, inter);
	TEST_CHECK(b == 77);

	/* Merge: parents first, then the children. */
	MPI_Comm merged;
	int mr, ms, sum = 0;
	MPI_Intercomm_merge(inter, am_child, &merged);
	MPI_Comm_rank(merged, &mr);
	MPI_Comm_size(merged, &ms);
	TEST_CHECK(ms == 2 + NKIDS);
	TEST_CHECK(am_child ? mr == 2 + rank : mr == rank);
	MPI_Allreduce(&mr, &sum, 1, MPI_INT, MPI_SUM, merged);
	TEST_CHECK(sum == (ms - 1) * ms / 2);

	/* A window across parents and children: each puts its rank into
	 * slot mr of merged rank 0's window. */
	int *base = NULL;
	MPI_Win win;
	MPI_Win_allocate(mr == 0 ? (MPI_Aint)(ms * sizeof(int)) : 0, sizeof(int), MPI_INFO_NULL,
			 merged, &base, &win);
	MPI_Win_fence(0, win);
	MPI_Put(&mr, 1, MPI_INT, 0, mr, 1, MPI_INT, win);
	MPI_Win_fence(0, win);
	if (mr == 0)
		for (int i = 0; i < ms; i++)
			TEST_CHECK(base[i] == i);
	MPI_Win_free(&win);
	MPI_Comm_free(&merged);
}

int main(int argc, char **argv)
{
	MPI_Comm parent, inter;
	int *flag, ok, size, rank;
	void *v;

	MPI_Init(&argc, &argv);
	MPI_Comm_get_parent(&parent);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, &v, &ok);
	TEST_CHECK(ok && *(int *)v >= 1);
	if (parent == MPI_COMM_NULL) {
		int codes[NKIDS] = { -1, -1, -1 };
		char *args[] = { "child", NULL };
		TEST_CHECK(size == 2);
		MPI_Comm_spawn(self_exe(), args, NKIDS, MPI_INFO_NULL, 0, MPI_COMM_WORLD,
			       &inter, codes);
		for (int i = 0; i < NKIDS; i++)
			TEST_CHECK(codes[i] == MPI_SUCCESS);
		both(inter, 0);
		MPI_Comm_free(&inter);
		if (rank == 0)
			printf("PASS\n");
	} else {
		TEST_CHECK(argc == 2 && strcmp(argv[1], "child") == 0);
		TEST_CHECK(size == NKIDS);
		MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &flag, &ok);
		TEST_CHECK(ok && *flag == 0);
		int inter_flag, len;
		char name[MPI_MAX_OBJECT_NAME];
		MPI_Comm_test_inter(parent, &inter_flag);
		TEST_CHECK(inter_flag);
		MPI_Comm_get_name(parent, name, &len);
		TEST_CHECK(strcmp(name, "MPI_COMM_PARENT") == 0);
		both(parent, 1);
		MPI_Barrier(MPI_COMM_WORLD);
		MPI_Comm_free(&parent);
		MPI_Comm_get_parent(&parent);
		TEST_CHECK(parent == MPI_COMM_NULL);
	}
	MPI_Finalize();
	return 0;
}
