/* Description: the non-blocking allgather of seed 002 6.2.4, built from a
 * meta request whose start_fn starts a persistent send and receive with
 * handlers; the handlers run one shift per round and the last one marks
 * the meta request complete.  Fixed from the seed: the mutex is released
 * on every path (the seed returned with it held), the handlers' extra_state
 * is the info structure (not its address or a status), the received value
 * goes to a[(i - round + p) % p], one rank completes at once, and the
 * process-local mutex is a pthread mutex (MPI_Mutex on MPI_COMM_SELF, from
 * the threads area, does the same job).  The request is run three times to
 * show that a completed meta request can be restarted.
 * np: 1 2 3 4 8
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

struct info {
	MPI_Comm comm;
	int p, i;
	pthread_mutex_t mutex;
	MPI_Request request, req_recv, req_send;
	double ar, as, *a;
	int num_completed, num_done;
};

static int handler_fn(MPI_Request *request, void *extra_state);

static int init_fn(MPI_Metarequest meta_req, void *extra_state, MPI_Request request)
{
	struct info *extra = extra_state;
	(void)meta_req;
	MPI_Comm_size(extra->comm, &extra->p);
	MPI_Comm_rank(extra->comm, &extra->i);
	extra->a = malloc(sizeof(double) * (size_t)extra->p);
	if (extra->a == NULL)
		return MPI_ERR_NO_MEM;
	pthread_mutex_init(&extra->mutex, NULL);
	extra->request = request;
	int from = (extra->i + extra->p - 1) % extra->p;
	MPI_Recv_init(&extra->ar, 1, MPI_DOUBLE, from, 13, extra->comm, &extra->req_recv);
	int to = (extra->i + 1) % extra->p;
	MPI_Send_init(&extra->as, 1, MPI_DOUBLE, to, 13, extra->comm, &extra->req_send);
	return MPI_SUCCESS;
}

static int start_fn(void *extra_state, MPI_Request request)
{
	struct info *extra = extra_state;
	(void)request;
	for (int j = 0; j < extra->p; j++)
		extra->a[j] = 0;
	extra->a[extra->i] = extra->i;
	extra->as = extra->a[extra->i];
	extra->num_completed = 0;
	extra->num_done = 0;
	if (extra->p == 1)
		return MPI_Request_mark_complete(&extra->request);
	MPI_Start(&extra->req_recv);
	MPI_Post_handler(extra->req_recv, MPI_INFO_NULL, handler_fn, extra, MPI_HANDLER_DEFAULT);
	MPI_Start(&extra->req_send);
	MPI_Post_handler(extra->req_send, MPI_INFO_NULL, handler_fn, extra, MPI_HANDLER_DEFAULT);
	return MPI_SUCCESS;
}

/* Runs each time the send or the receive of a round completes. */
static int handler_fn(MPI_Request *request, void *extra_state)
{
	struct info *extra = extra_state;
	(void)request;
	pthread_mutex_lock(&extra->mutex);
	extra->num_completed++;
	if (extra->num_completed != 2) {
		pthread_mutex_unlock(&extra->mutex);
		return MPI_SUCCESS;
	}
	extra->num_completed = 0;
	pthread_mutex_unlock(&extra->mutex);
	/* both the send and the receive of this round completed */
	extra->num_done++;
	extra->a[(extra->i - extra->num_done + extra->p) % extra->p] = extra->ar;
	if (extra->num_done == extra->p - 1)
		return MPI_Request_mark_complete(&extra->request);
	extra->as = extra->ar;
	/* the handlers stay attached to the persistent requests */
	MPI_Start(&extra->req_recv);
	MPI_Start(&extra->req_send);
	return MPI_SUCCESS;
}

static int complete_fn(void *extra_state, MPI_Request request)
{
	(void)extra_state;
	(void)request;
	return MPI_SUCCESS;
}

static int free_fn(void *extra_state, MPI_Request request)
{
	struct info *extra = extra_state;
	(void)request;
	MPI_Request_free(&extra->req_recv);
	MPI_Request_free(&extra->req_send);
	pthread_mutex_destroy(&extra->mutex);
	free(extra->a);
	return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
	MPI_Metarequest meta_req;
	MPI_Request request;
	MPI_Status status;
	struct info info;
	int bad = 0;
	MPI_Init(&argc, &argv);
	MPI_Meta_request_create(init_fn, start_fn, complete_fn, free_fn, MPI_CANCEL_ERROR, &meta_req);
	info.comm = MPI_COMM_WORLD;
	MPI_Request_init(meta_req, &info, &request);
	for (int run = 0; run < 3; run++) {
		MPI_Start(&request);
		/* other work could go on here */
		MPI_Wait(&request, &status);
		for (int j = 0; j < info.p; j++)
			if (info.a[j] != j) {
				fprintf(stderr, "rank %d run %d: a[%d] = %g\n", info.i, run, j, info.a[j]);
				bad = 1;
			}
		MPI_Barrier_loose(MPI_COMM_WORLD);
	}
	if (info.i == 0 && !bad)
		printf("nb_allgather: %d ranks, a[j] == j everywhere\n", info.p);
	MPI_Request_free(&request);
	MPI_Meta_request_free(&meta_req);
	MPI_Finalize();
	return bad;
}
