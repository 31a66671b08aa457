/* Description: windows of every flavour (MPI_Win_create, MPI_Win_allocate,
 * MPI_Win_allocate_shared, MPI_Win_create_dynamic with attach/detach, an
 * access running across two regions attached end to end) move
 * data with MPI_Put and MPI_Get between fences, each rank writing its
 * neighbour; the predefined attributes, MPI_Win_get_group, names, info,
 * caching with a delete callback at MPI_Win_free and MPI_Win_c2f/f2c work.
 * np: 1 2 4
 */
#include <string.h>
#include "mpitest.h"

#define N 1000

static int deleted;

static int del_fn(MPI_Win win, int keyval, void *val, void *extra)
{
	(void)win; (void)keyval; (void)extra;
	TEST_CHECK(val == &deleted);
	deleted++;
	return MPI_SUCCESS;
}

/* Ring exchange on win whose memory at this rank is mem[N] ints. */
static void ring(MPI_Win win, int *mem, int n, int w, MPI_Aint base_disp)
{
	int right = (w + 1) % n, left = (w + n - 1) % n;
	int src[N], back[N];
	for (int i = 0; i < N; i++) {
		src[i] = w * 100000 + i;
		mem[i] = -1;
	}
	TEST_MPI(MPI_Win_fence(MPI_MODE_NOPRECEDE, win));
	TEST_MPI(MPI_Put(src, N, MPI_INT, right, base_disp, N, MPI_INT, win));
	TEST_MPI(MPI_Win_fence(0, win));
	for (int i = 0; i < N; i++)
		TEST_CHECK(mem[i] == left * 100000 + i);
	memset(back, 0, sizeof(back));
	TEST_MPI(MPI_Get(back, N, MPI_INT, left, base_disp, N, MPI_INT, win));
	TEST_MPI(MPI_Win_fence(MPI_MODE_NOSUCCEED, win));
	/* left's memory holds what left-1 wrote */
	int ll = (left + n - 1) % n;
	for (int i = 0; i < N; i++)
		TEST_CHECK(back[i] == ll * 100000 + i);
}

static void attrs(MPI_Win win, void *base, MPI_Aint size, int du, int flavor)
{
	void *v;
	int flag;
	TEST_MPI(MPI_Win_get_attr(win, MPI_WIN_BASE, &v, &flag));
	TEST_CHECK(flag && v == base);
	TEST_MPI(MPI_Win_get_attr(win, MPI_WIN_SIZE, &v, &flag));
	TEST_CHECK(flag && *(MPI_Aint *)v == size);
	TEST_MPI(MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &v, &flag));
	TEST_CHECK(flag && *(int *)v == du);
	TEST_MPI(MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &v, &flag));
	TEST_CHECK(flag && *(int *)v == flavor);
	TEST_MPI(MPI_Win_get_attr(win, MPI_WIN_MODEL, &v, &flag));
	TEST_CHECK(flag && *(int *)v == MPI_WIN_UNIFIED);
}

int main(int argc, char **argv)
{
	int n, w;
	mpitest_init(&argc, &argv, 1, &n, &w);
	MPI_Win win;

	/* MPI_Win_create over user memory (single copy between ranks) */
	int *mem = malloc(N * sizeof(int));
	TEST_MPI(MPI_Win_create(mem, N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win));
	attrs(win, mem, N * sizeof(int), sizeof(int), MPI_WIN_FLAVOR_CREATE);
	ring(win, mem, n, w, 0);
	TEST_MPI(MPI_Win_set_name(win, "ring window"));
	char name[MPI_MAX_OBJECT_NAME];
	int len;
	TEST_MPI(MPI_Win_get_name(win, name, &len));
	TEST_CHECK(!strcmp(name, "ring window") && len == 11);
	MPI_Group g, wg;
	int cmp;
	TEST_MPI(MPI_Win_get_group(win, &g));
	MPI_Comm_group(MPI_COMM_WORLD, &wg);
	MPI_Group_compare(g, wg, &cmp);
	TEST_CHECK(cmp == MPI_IDENT);
	MPI_Group_free(&g);
	MPI_Group_free(&wg);
	TEST_CHECK(MPI_Win_f2c(MPI_Win_c2f(win)) == win);
	int kv;
	TEST_MPI(MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, del_fn, &kv, NULL));
	TEST_MPI(MPI_Win_set_attr(win, kv, &deleted));
	void *got;
	int flag;
	TEST_MPI(MPI_Win_get_attr(win, kv, &got, &flag));
	TEST_CHECK(flag && got == &deleted);
	TEST_MPI(MPI_Win_free(&win));
	TEST_CHECK(win == MPI_WIN_NULL && deleted == 1);
	TEST_MPI(MPI_Win_free_keyval(&kv));
	free(mem);

	/* MPI_Win_allocate with an info hint */
	MPI_Info info;
	MPI_Info_create(&info);
	MPI_Info_set(info, "no_locks", "true");
	int *amem;
	TEST_MPI(MPI_Win_allocate(N * sizeof(int), sizeof(int), info, MPI_COMM_WORLD, &amem, &win));
	MPI_Info_free(&info);
	attrs(win, amem, N * sizeof(int), sizeof(int), MPI_WIN_FLAVOR_ALLOCATE);
	ring(win, amem, n, w, 0);
	MPI_Info used;
	char val[MPI_MAX_INFO_VAL + 1];
	TEST_MPI(MPI_Win_get_info(win, &used));
	MPI_Info_get(used, "no_locks", MPI_MAX_INFO_VAL, val, &flag);
	TEST_CHECK(flag && !strcmp(val, "true"));
	MPI_Info_free(&used);
	TEST_MPI(MPI_Win_free(&win));

	/* MPI_Win_allocate_shared: memory contiguous across ranks */
	int *smem;
	TEST_MPI(MPI_Win_allocate_shared(N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
					 &smem, &win));
	attrs(win, smem, N * sizeof(int), sizeof(int), MPI_WIN_FLAVOR_SHARED);
	ring(win, smem, n, w, 0);
	MPI_Aint qsize;
	int qdu;
	int *q0;
	TEST_MPI(MPI_Win_shared_query(win, 0, &qsize, &qdu, &q0));
	TEST_CHECK(qsize == N * sizeof(int) && qdu == sizeof(int));
	TEST_CHECK(q0 + (size_t)w * N == smem);
	TEST_MPI(MPI_Win_free(&win));

	/* dynamic window: addresses travel as MPI_Aint */
	TEST_MPI(MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win));
	int *dmem = malloc(N * sizeof(int));
	/* two regions end to end: every put and get below runs across both
	 * (MPICH's win_dynamic_rma_flush_get) */
	TEST_MPI(MPI_Win_attach(win, dmem, N / 2 * sizeof(int)));
	TEST_MPI(MPI_Win_attach(win, dmem + N / 2, (N - N / 2) * sizeof(int)));
	MPI_Aint mine, *addrs = malloc(sizeof(MPI_Aint) * n);
	MPI_Get_address(dmem, &mine);
	MPI_Allgather(&mine, 1, MPI_AINT, addrs, 1, MPI_AINT, MPI_COMM_WORLD);
	/* every rank's region is at a different address: put to the right
	 * one (the neighbours' addresses), get from the left one */
	int right = (w + 1) % n, left = (w + n - 1) % n, src[N], back[N];
	for (int i = 0; i < N; i++) {
		src[i] = w + 7 * i;
		dmem[i] = -1;
	}
	TEST_MPI(MPI_Win_fence(0, win));
	TEST_MPI(MPI_Put(src, N, MPI_INT, right, addrs[right], N, MPI_INT, win));
	TEST_MPI(MPI_Win_fence(0, win));
	for (int i = 0; i < N; i++)
		TEST_CHECK(dmem[i] == left + 7 * i);
	TEST_MPI(MPI_Get(back, N, MPI_INT, left, addrs[left], N, MPI_INT, win));
	TEST_MPI(MPI_Win_fence(0, win));
	int ll = (left + n - 1) % n;
	for (int i = 0; i < N; i++)
		TEST_CHECK(back[i] == ll + 7 * i);
	TEST_MPI(MPI_Win_detach(win, dmem));
	TEST_MPI(MPI_Win_detach(win, dmem + N / 2));
	TEST_MPI(MPI_Win_free(&win));
	free(dmem);
	free(addrs);

	MPI_Finalize();
	return 0;
}
