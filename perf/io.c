/*
 * perf/io.c - MPI-IO benchmarks of issue 39 (a plain MPI program: builds
 * with our mpicc, mpicc.openmpi and mpicc.mpich; perf/io.sh runs it under
 * the three and next to dd).
 *
 *   io -k subarray [-s BYTES] [-H KEY=VAL]  a 2-D array of doubles, block-
 *       distributed over a MPI_Dims_create grid of the ranks, written
 *       collectively (MPI_File_write_all) through a subarray view into a
 *       fresh file; BYTES in all (default 256 MiB).  MB/s of the
 *       write_all (barrier to barrier; open and close not timed).
 *   io -k write|read [-s BYTES] [-b BLOCK]  each rank writes (reads) its
 *       own contiguous BYTES (default 1 GiB) in BLOCK pieces (default
 *       1 MiB) with MPI_File_write (read) on the individual pointer, into
 *       a file of its own, as `dd bs=BLOCK` does: MB/s from open to
 *       close.  read reads the file write left (run write first).
 *   io -k overlap [-s BYTES] [-c MS]  MPI_File_iwrite_at of BYTES (default
 *       64 MiB) alone, MS ms of computation alone (default 50), and both
 *       overlapped (start, compute, wait): prints the three times in ms and
 *       both / max(alone).
 *
 * Common: -d DIR (default $TMPDIR or /tmp), -r REPS (default 5: the median
 * is printed), -H KEY=VAL an info hint for the open (repeatable).  The
 * writes go to the page cache (no sync is timed); the caller states the
 * cache's state.  Rank 0 prints "# io KIND np" and one result line.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *kind = "subarray", *dir;
static long long bytes = -1, block = 1 << 20;
static int reps = 5, compute_ms = 50, rank, np, tag;
static MPI_Info info;

static double median(double *v, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static long long parse_size(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 10);
	if (*end == 'K' || *end == 'k')
		v <<= 10;
	else if (*end == 'M' || *end == 'm')
		v <<= 20;
	else if (*end == 'G' || *end == 'g')
		v <<= 30;
	return v;
}

static void path(char *out, size_t len, const char *name, int r)
{
	snprintf(out, len, "%s/shmpi-perf-io-%d.%s.%d", dir, tag, name, r);
}

/* A fresh file: rank 0 deletes what an earlier rep left. */
static void fresh(const char *p, MPI_Comm comm)
{
	int r;
	MPI_Comm_rank(comm, &r);
	if (r == 0)
		unlink(p);
	MPI_Barrier(comm);
}

static void subarray(void)
{
	/* rows x cols doubles, cols a multiple of 8 so every split is whole */
	long long elems = bytes / 8;
	int dims[2] = { 0, 0 }, periods[2] = { 0, 0 }, coords[2];
	MPI_Dims_create(np, 2, dims);
	int rows = 1;
	while ((long long)rows * rows * 2 < elems)
		rows *= 2;
	int cols = (int)(elems / rows);
	int gsizes[2] = { rows, cols }, lsizes[2], starts[2];
	MPI_Comm cart;
	MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
	MPI_Cart_coords(cart, rank, 2, coords);
	for (int d = 0; d < 2; d++) {
		lsizes[d] = gsizes[d] / dims[d];
		starts[d] = coords[d] * lsizes[d];
		if (coords[d] == dims[d] - 1)
			lsizes[d] = gsizes[d] - starts[d];
	}
	MPI_Datatype ft;
	MPI_Type_create_subarray(2, gsizes, lsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &ft);
	MPI_Type_commit(&ft);
	long long n = (long long)lsizes[0] * lsizes[1];
	double *a = malloc((size_t)n * sizeof(double));
	for (long long i = 0; i < n; i++)
		a[i] = (double)rank * 1e9 + (double)i;
	char p[512];
	path(p, sizeof(p), "sub", 0);
	double t[64];
	for (int k = 0; k < reps; k++) {
		MPI_File fh;
		fresh(p, MPI_COMM_WORLD);
		MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, info, &fh);
		MPI_File_set_view(fh, 0, MPI_DOUBLE, ft, "native", info);
		MPI_Barrier(MPI_COMM_WORLD);
		double t0 = MPI_Wtime();
		MPI_File_write_all(fh, a, (int)n, MPI_DOUBLE, MPI_STATUS_IGNORE);
		MPI_Barrier(MPI_COMM_WORLD);
		t[k] = MPI_Wtime() - t0;
		MPI_File_close(&fh);
	}
	fresh(p, MPI_COMM_WORLD);
	if (rank == 0)
		printf("# io subarray np=%d %dx%d doubles, grid %dx%d\n%lld %.1f MB/s\n", np, rows,
		       cols, dims[0], dims[1], (long long)rows * cols * 8,
		       (double)rows * cols * 8 / median(t, reps) / 1e6);
	free(a);
	MPI_Type_free(&ft);
	MPI_Comm_free(&cart);
}

static void contig(int write)
{
	char *buf = malloc((size_t)block);
	memset(buf, 'x', (size_t)block);
	char p[512];
	/* Not named after the job: read reads what an earlier write job
	 * left. */
	snprintf(p, sizeof(p), "%s/shmpi-perf-io.contig.%d", dir, rank);
	double t[64];
	for (int k = 0; k < reps; k++) {
		MPI_File fh;
		if (write)
			unlink(p);
		MPI_Barrier(MPI_COMM_WORLD);
		double t0 = MPI_Wtime();
		if (MPI_File_open(MPI_COMM_SELF, p, write ? MPI_MODE_CREATE | MPI_MODE_WRONLY
							  : MPI_MODE_RDONLY, info, &fh) != MPI_SUCCESS) {
			fprintf(stderr, "io: cannot open %s (read needs a write first)\n", p);
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
		for (long long done = 0; done < bytes; done += block) {
			if (write)
				MPI_File_write(fh, buf, (int)block, MPI_BYTE, MPI_STATUS_IGNORE);
			else
				MPI_File_read(fh, buf, (int)block, MPI_BYTE, MPI_STATUS_IGNORE);
		}
		MPI_File_close(&fh);
		double dt = MPI_Wtime() - t0, mx;
		MPI_Reduce(&dt, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
		t[k] = mx;
	}
	if (!write)
		unlink(p);
	if (rank == 0)
		printf("# io %s np=%d block %lld\n%lld %.1f MB/s\n", write ? "write" : "read", np,
		       block, bytes, (double)bytes * np / median(t, reps) / 1e6);
	free(buf);
}

static void compute(double sec)
{
	double t0 = MPI_Wtime();
	volatile double x = 1;
	while (MPI_Wtime() - t0 < sec)
		for (int i = 0; i < 1000; i++)
			x = x * 1.0000001 + 1e-9;
}

static void overlap(void)
{
	char *buf = malloc((size_t)bytes);
	memset(buf, 'y', (size_t)bytes);
	char p[512];
	path(p, sizeof(p), "ov", rank);
	double tio[64], tc[64], tb[64];
	for (int k = 0; k < reps; k++) {
		MPI_File fh;
		MPI_Request req;
		for (int mode = 0; mode < 3; mode++) {
			unlink(p);
			MPI_File_open(MPI_COMM_SELF, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, info, &fh);
			MPI_Barrier(MPI_COMM_WORLD);
			double t0 = MPI_Wtime();
			if (mode != 1)
				MPI_File_iwrite_at(fh, 0, buf, (int)bytes, MPI_BYTE, &req);
			if (mode != 0)
				compute(compute_ms / 1e3);
			if (mode != 1)
				MPI_Wait(&req, MPI_STATUS_IGNORE);
			double dt = MPI_Wtime() - t0;
			(mode == 0 ? tio : mode == 1 ? tc : tb)[k] = dt;
			MPI_File_close(&fh);
		}
	}
	unlink(p);
	double io = median(tio, reps), c = median(tc, reps), b = median(tb, reps);
	if (rank == 0)
		printf("# io overlap np=%d: iwrite_at alone, compute alone, both (ms); both/max\n"
		       "%lld %.1f %.1f %.1f %.2f\n", np, bytes, io * 1e3, c * 1e3, b * 1e3,
		       b / (io > c ? io : c));
	free(buf);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &np);
	MPI_Info_create(&info);
	tag = (int)getpid();   /* rank 0's names the files */
	MPI_Bcast(&tag, 1, MPI_INT, 0, MPI_COMM_WORLD);
	dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	int c;
	while ((c = getopt(argc, argv, "k:s:b:d:r:c:H:")) != -1) {
		switch (c) {
		case 'k': kind = optarg; break;
		case 's': bytes = parse_size(optarg); break;
		case 'b': block = parse_size(optarg); break;
		case 'd': dir = optarg; break;
		case 'r': reps = atoi(optarg) > 64 ? 64 : atoi(optarg); break;
		case 'c': compute_ms = atoi(optarg); break;
		case 'H': {
			char *eq = strchr(optarg, '=');
			if (eq) {
				*eq = 0;
				MPI_Info_set(info, optarg, eq + 1);
			}
			break;
		}
		default:
			if (rank == 0)
				fprintf(stderr, "usage: io -k subarray|write|read|overlap [-s BYTES] "
						"[-b BLOCK] [-d DIR] [-r REPS] [-c MS] [-H KEY=VAL]\n");
			MPI_Abort(MPI_COMM_WORLD, 2);
		}
	}
	if (reps < 1)
		reps = 1;
	if (!strcmp(kind, "subarray")) {
		if (bytes < 0)
			bytes = 256LL << 20;
		subarray();
	} else if (!strcmp(kind, "write") || !strcmp(kind, "read")) {
		if (bytes < 0)
			bytes = 1LL << 30;
		contig(kind[0] == 'w');
	} else if (!strcmp(kind, "overlap")) {
		if (bytes < 0)
			bytes = 64LL << 20;
		overlap();
	} else if (rank == 0) {
		fprintf(stderr, "io: unknown kind %s\n", kind);
	}
	MPI_Info_free(&info);
	MPI_Finalize();
	return 0;
}
