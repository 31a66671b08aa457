/* Description: ANY / ALL / SOME handlers from single-request handlers
 * (seed 003 §4): every rank receives one value from each other rank; one
 * handler is posted on every receive with a shared extra_state.  ANY: a
 * "first called" flag, the first invocation records its source.  ALL: a
 * counter, the last invocation computes the total.  SOME: every invocation
 * adds its value (the normal case).  The main program only waits in
 * MPI_Barrier_loose and then checks, the handlers did the work.
 * np: 1 2 4
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

struct shared {
	atomic_int first_called;   /* ANY */
	int first_source;
	atomic_int remaining;      /* ALL */
	atomic_long partial;       /* SOME */
	long total;
	atomic_int all_done;
	int *vals;
};

static int set_handler(MPI_Request *request, void *extra_state)
{
	struct shared *sh = extra_state;
	MPI_Status st;
	MPI_Get_status(*request, &st);
	long v = sh->vals[st.MPI_SOURCE];
	/* SOME: the shared operation on every completion */
	atomic_fetch_add(&sh->partial, v);
	/* ANY: only the first completion */
	int zero = 0;
	if (atomic_compare_exchange_strong(&sh->first_called, &zero, 1))
		sh->first_source = st.MPI_SOURCE;
	/* ALL: the last completion */
	if (atomic_fetch_sub(&sh->remaining, 1) == 1) {
		sh->total = atomic_load(&sh->partial);
		atomic_store(&sh->all_done, 1);
	}
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (size < 1 || size > 1 << 20)
		return 1;
	struct shared sh = { .first_source = -1 };
	atomic_init(&sh.remaining, size - 1);
	sh.vals = calloc((size_t)size, sizeof(int));
	MPI_Request *reqs = calloc((size_t)size + 1, sizeof(MPI_Request));
	int n = 0;
	for (int src = 0; src < size; src++) {
		if (src == rank)
			continue;
		MPI_Irecv(&sh.vals[src], 1, MPI_INT, src, 1, MPI_COMM_WORLD, &reqs[n]);
		MPI_Post_handler(reqs[n], MPI_INFO_NULL, set_handler, &sh, MPI_HANDLER_DEFAULT);
		n++;
	}
	int mine = 10 * (rank + 1);
	MPI_Request *sends = calloc((size_t)size + 1, sizeof(MPI_Request));
	int ns = 0;
	for (int dst = 0; dst < size; dst++)
		if (dst != rank)
			MPI_Isend(&mine, 1, MPI_INT, dst, 1, MPI_COMM_WORLD, &sends[ns++]);
	MPI_Barrier_loose(MPI_COMM_WORLD);
	/* the handlers finish on their own; the waits then return at once */
	MPI_Status *sts = calloc((size_t)size + 1, sizeof(MPI_Status));
	MPI_Waitall(n, reqs, sts);
	MPI_Waitall(ns, sends, sts);
	free(sts);
	long expect = 0;
	for (int r = 0; r < size; r++)
		if (r != rank)
			expect += 10 * (r + 1);
	int ok = size == 1 || (atomic_load(&sh.all_done) && sh.total == expect &&
			       sh.first_source >= 0 && sh.first_source != rank);
	printf("rank %d: ANY first from %d, ALL total %ld (expected %ld), SOME partial %ld: %s\n",
	       rank, sh.first_source, sh.total, expect, (long)atomic_load(&sh.partial),
	       ok ? "ok" : "WRONG");
	free(reqs);
	free(sends);
	free(sh.vals);
	MPI_Finalize();
	return ok ? 0 : 1;
}
