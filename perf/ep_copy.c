/*
 * perf/ep_copy.c - joined endpoint threads share the copying of large
 * messages (seed 004).
 *
 *   mpirun-shm -n 2 --bind-to none perf/ep_copy [-h HELPERS] [-m MIN:MAX] [-r ROUNDS] [-n MSGS]
 *
 * Rank 0 sends multi-MiB messages; rank 1 receives them on its main thread
 * in timed batches of MSGS messages (default 8).  Each round times two
 * batches, in alternating order: "alone", while the HELPERS other threads
 * (default 1) wait outside MPI on a pthread barrier, and "lent", while
 * they have joined (MPI_Endpoint_join) and wait inside MPI_Endpoint_leave
 * for the main thread, so that they can take chunks of its copies.  Rank 1
 * prints, per size (-m, default 1M:16M, powers of two, K/M suffixes), the
 * median receive bandwidth of each mode over ROUNDS rounds (-r, default 9)
 * and the ratio lent / alone:
 *
 *     # ep_copy MB/s helpers 1 rounds 9 msgs 8
 *     <size> <alone MB/s> <lent MB/s> <ratio>
 *
 * So that only rank 1 copies, the sender's half of a split copy is turned
 * off (the program sets SHMPI_CMA_SPLIT_MIN beyond every size), and rank 0
 * waits for its sends in an MPI_Testall loop that sleeps 1 ms between
 * tests: it leaves the second core to rank 1.  Run it with --bind-to none:
 * with the launcher's default binding (one core per rank when there are
 * enough) rank 1's threads share one core and nothing can run in parallel.
 * Each batch starts only once all its rendezvous headers are in rank 1's
 * queue (a marker message sent after them), so the time is the copying and
 * the protocol around it, not rank 0 waking up.  MB/s is 10^6 bytes/s.
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { TAG_READY = 1, TAG_MARK, TAG_DATA };

static int helpers = 1, rounds = 9, msgs = 8;
static size_t min_size = 1 << 20, max_size = 16 << 20;
static char *buf;
static MPI_Status *statuses;   /* of rank 0's sends (ignored) */

/* Helper threads of rank 1: each "lent" batch opens the start barrier,
 * then they join, meet the main thread, and wait in leave until it leaves
 * too.  quit (set before the last opening) ends them. */
static pthread_barrier_t start, joined;
static int quit;

static void *helper(void *arg)
{
	(void)arg;
	for (;;) {
		pthread_barrier_wait(&start);
		if (quit)
			return NULL;
		MPI_Endpoint_join();
		pthread_barrier_wait(&joined);
		MPI_Endpoint_leave();
	}
}

static void die(const char *msg)
{
	fprintf(stderr, "ep_copy: %s\n", msg);
	MPI_Abort(MPI_COMM_WORLD, 2);
}

static size_t parse_size(const char *s, char **end)
{
	size_t v = strtoul(s, end, 10);
	if (**end == 'K' || **end == 'k')
		v <<= 10, (*end)++;
	else if (**end == 'M' || **end == 'm')
		v <<= 20, (*end)++;
	return v;
}

static void options(int argc, char **argv)
{
	int c;
	char *end;
	while ((c = getopt(argc, argv, "h:m:r:n:")) != -1) {
		switch (c) {
		case 'h': helpers = atoi(optarg); break;
		case 'r': rounds = atoi(optarg); break;
		case 'n': msgs = atoi(optarg); break;
		case 'm':
			min_size = max_size = parse_size(optarg, &end);
			if (*end == ':')
				max_size = parse_size(end + 1, &end);
			if (*end)
				min_size = 0;
			break;
		default:
			min_size = 0;
		}
	}
	if (helpers < 0 || helpers > 64 || rounds < 1 || msgs < 1 || !min_size || max_size < min_size) {
		fprintf(stderr, "usage: %s [-h HELPERS] [-m MIN:MAX] [-r ROUNDS] [-n MSGS]\n", argv[0]);
		exit(2);
	}
}

/* Rank 0 waits without using a core: test, sleep 1 ms, test again. */
static void sleepy_wait(int n, MPI_Request *reqs)
{
	struct timespec nap = { 0, 1000000 };
	int flag = 0;
	for (;;) {
		MPI_Testall(n, reqs, &flag, statuses);
		if (flag)
			return;
		nanosleep(&nap, NULL);
	}
}

/* Rank 0: one batch of msgs messages of size bytes. */
static void send_batch(size_t size, MPI_Request *reqs)
{
	char b = 0;
	MPI_Irecv(&b, 1, MPI_CHAR, 1, TAG_READY, MPI_COMM_WORLD, &reqs[0]);
	sleepy_wait(1, reqs);
	for (int i = 0; i < msgs; i++)
		MPI_Isend(buf, (int)size, MPI_CHAR, 1, TAG_DATA, MPI_COMM_WORLD, &reqs[i]);
	MPI_Send(&b, 1, MPI_CHAR, 1, TAG_MARK, MPI_COMM_WORLD);
	sleepy_wait(msgs, reqs);
}

/* Rank 1: one batch, alone or with the helpers lent.  Returns MB/s. */
static double recv_batch(size_t size, int lent)
{
	char b = 0;
	if (lent)
		pthread_barrier_wait(&start);
	MPI_Endpoint_join();
	if (lent) {
		pthread_barrier_wait(&joined);
		usleep(2000);   /* let them reach MPI_Endpoint_leave */
	}
	MPI_Send(&b, 1, MPI_CHAR, 0, TAG_READY, MPI_COMM_WORLD);
	MPI_Recv(&b, 1, MPI_CHAR, 0, TAG_MARK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	double t = MPI_Wtime();
	for (int i = 0; i < msgs; i++)
		MPI_Recv(buf, (int)size, MPI_CHAR, 0, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	t = MPI_Wtime() - t;
	MPI_Endpoint_leave();
	return (double)size * msgs / t / 1e6;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Rank 1: the rounds of one size; prints its line. */
static void measure(size_t size, double *alone, double *lent)
{
	recv_batch(size, 0);   /* warm-up: page tables, both code paths */
	recv_batch(size, 1);
	for (int r = 0; r < rounds; r++) {
		int first_lent = r % 2;
		double x = recv_batch(size, first_lent);
		double y = recv_batch(size, !first_lent);
		alone[r] = first_lent ? y : x;
		lent[r] = first_lent ? x : y;
	}
	double a = median(alone, rounds), l = median(lent, rounds);
	printf("%zu %.1f %.1f %.2f\n", size, a, l, l / a);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	int provided, rank, size;
	options(argc, argv);
	setenv("SHMPI_CMA_SPLIT_MIN", "1099511627776", 1);
	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (size != 2 || provided != MPI_THREAD_MULTIPLE)
		die("needs 2 ranks and MPI_THREAD_MULTIPLE");
	buf = malloc(max_size);
	MPI_Request *reqs = malloc((size_t)msgs * sizeof(*reqs));
	statuses = malloc((size_t)msgs * sizeof(*statuses));
	double *alone = malloc((size_t)rounds * sizeof(double));
	double *lent = malloc((size_t)rounds * sizeof(double));
	if (!buf || !reqs || !statuses || !alone || !lent)
		die("out of memory");
	memset(buf, rank, max_size);
	pthread_t th[64];
	if (rank == 1) {
		pthread_barrier_init(&start, NULL, (unsigned)helpers + 1);
		pthread_barrier_init(&joined, NULL, (unsigned)helpers + 1);
		for (int i = 0; i < helpers; i++)
			pthread_create(&th[i], NULL, helper, NULL);
		printf("# ep_copy MB/s helpers %d rounds %d msgs %d\n", helpers, rounds, msgs);
	}
	for (size_t s = min_size; s <= max_size; s *= 2) {
		if (rank == 0)
			for (int i = 0; i < 2 + 2 * rounds; i++)
				send_batch(s, reqs);
		else
			measure(s, alone, lent);
	}
	if (rank == 1) {
		quit = 1;
		pthread_barrier_wait(&start);
		for (int i = 0; i < helpers; i++)
			pthread_join(th[i], NULL);
	}
	MPI_Finalize();
	return 0;
}
