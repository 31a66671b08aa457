/*
 * report_text.c - the human-readable report rank 0 prints to stderr: the
 * functions that took the most time (all ranks together, with the spread
 * between ranks), each rank's MPI time split into wait / data / other, and
 * the point-to-point traffic matrix.
 */
#include <stdlib.h>
#include <string.h>

#include "perf/prof/prof.h"

#define TOP_FUNCTIONS 20
#define MATRIX_MAX 16 /* larger jobs print the busiest pairs instead */

static const char *fmt_time(char *b, size_t n, double ns)
{
	if (ns < 1e3)
		snprintf(b, n, "%.0fns", ns);
	else if (ns < 1e6)
		snprintf(b, n, "%.1fus", ns / 1e3);
	else if (ns < 1e9)
		snprintf(b, n, "%.1fms", ns / 1e6);
	else
		snprintf(b, n, "%.2fs", ns / 1e9);
	return b;
}

static const char *fmt_bytes(char *b, size_t n, double v)
{
	static const char unit[] = "BKMGTP";
	int u = 0;

	while (v >= 1024 && u < 5) {
		v /= 1024;
		u++;
	}
	snprintf(b, n, u ? "%.1f%c" : "%.0f%c", v, unit[u]);
	return b;
}

/* Short column titles for the counters. */
static const char *short_name(int i)
{
	static const char *const hw[PROF_NCTRS] = { "cycles", "instr", "cache-miss", "br-miss" };
	static const char *const sw[PROF_NCTRS] = { "cpu-ns", "ctx-sw", "pg-fault", "migr" };

	return prof_ctr_mode() == PROF_CTR_HARDWARE ? hw[i] : sw[i];
}

struct fn_total {
	int fn;
	struct prof_fstat s;
	double max_rank_ns, mean_rank_ns;
};

static int by_time(const void *a, const void *b)
{
	const struct fn_total *x = a, *y = b;

	return x->s.ns < y->s.ns ? 1 : x->s.ns > y->s.ns ? -1 : x->fn - y->fn;
}

static void print_functions(FILE *f, const struct prof_job *job, double mpi_ns)
{
	struct fn_total t[PROF_NFUNCS];
	char b[6][32];
	int n = job->n, nt = 0, fn, r, i;

	for (fn = 0; fn < PROF_NFUNCS; fn++) {
		struct fn_total *x = &t[nt];

		memset(x, 0, sizeof *x);
		x->fn = fn;
		for (r = 0; r < n; r++) {
			const struct prof_fstat *s = &job->fn[(size_t)r * PROF_NFUNCS + fn];

			x->s.calls += s->calls;
			x->s.ns += s->ns;
			x->s.max_ns = s->max_ns > x->s.max_ns ? s->max_ns : x->s.max_ns;
			x->s.bytes_sent += s->bytes_sent;
			x->s.bytes_recv += s->bytes_recv;
			x->s.sampled += s->sampled;
			for (i = 0; i < PROF_NCTRS; i++)
				x->s.ctr[i] += s->ctr[i];
			if ((double)s->ns > x->max_rank_ns)
				x->max_rank_ns = (double)s->ns;
		}
		x->mean_rank_ns = (double)x->s.ns / n;
		if (x->s.calls)
			nt++;
	}
	qsort(t, (size_t)nt, sizeof t[0], by_time);

	fprintf(f, "\nTop MPI functions by time (all ranks; imbal = slowest rank / mean)\n");
	fprintf(f, "%-26s %5s %10s %9s %5s %8s %8s %5s %9s %9s", "function", "class", "calls",
		"time", "%MPI", "avg", "max", "imbal", "sent", "recv");
	if (job->mode != PROF_CTR_NONE)
		for (i = 0; i < PROF_NCTRS; i++)
			fprintf(f, " %10s", short_name(i));
	fputc('\n', f);
	for (i = 0; i < nt && i < TOP_FUNCTIONS; i++) {
		const struct fn_total *x = &t[i];
		int c;

		fprintf(f, "%-26s %5s %10llu %9s %5.1f %8s %8s %5.2f %9s %9s",
			prof_fns[x->fn].name, prof_class_names[prof_fns[x->fn].cls],
			(unsigned long long)x->s.calls, fmt_time(b[0], 32, (double)x->s.ns),
			mpi_ns > 0 ? 100.0 * (double)x->s.ns / mpi_ns : 0.0,
			fmt_time(b[1], 32, (double)x->s.ns / (double)x->s.calls),
			fmt_time(b[2], 32, (double)x->s.max_ns),
			x->mean_rank_ns > 0 ? x->max_rank_ns / x->mean_rank_ns : 0.0,
			fmt_bytes(b[3], 32, (double)x->s.bytes_sent),
			fmt_bytes(b[4], 32, (double)x->s.bytes_recv));
		if (job->mode != PROF_CTR_NONE)
			for (c = 0; c < PROF_NCTRS; c++) {
				if (x->s.sampled)
					fprintf(f, " %10.1f", (double)x->s.ctr[c] / (double)x->s.sampled);
				else
					fprintf(f, " %10s", "-");
			}
		fputc('\n', f);
	}
	if (nt > TOP_FUNCTIONS)
		fprintf(f, "(%d more functions in the JSON file)\n", nt - TOP_FUNCTIONS);
	if (job->mode != PROF_CTR_NONE)
		fprintf(f, "counters are per call, averaged over the sampled calls\n");
}

static void print_ranks(FILE *f, const struct prof_job *job, const double *rank_ns,
			const double *cls_ns)
{
	double sum = 0, max = 0, wait = 0, data = 0;
	int n = job->n, r, fn, rmax = 0;
	char b[8][32];

	fprintf(f, "\nPer rank (wait = blocked on peers: Wait*, Test*, Recv, Probe, Barrier;"
		" data = sends, collectives)\n");
	fprintf(f, "%5s %9s %9s %6s %9s %9s %9s %9s %9s\n", "rank", "wall", "MPI", "%MPI",
		"wait", "data", "other", "sent", "recv");
	for (r = 0; r < n; r++) {
		uint64_t sent = 0, recv = 0;

		for (fn = 0; fn < PROF_NFUNCS; fn++) {
			sent += job->fn[(size_t)r * PROF_NFUNCS + fn].bytes_sent;
			recv += job->fn[(size_t)r * PROF_NFUNCS + fn].bytes_recv;
		}
		fprintf(f, "%5d %9s %9s %6.1f %9s %9s %9s %9s %9s\n", r,
			fmt_time(b[0], 32, job->wall_s[r] * 1e9), fmt_time(b[1], 32, rank_ns[r]),
			job->wall_s[r] > 0 ? 100.0 * rank_ns[r] / (job->wall_s[r] * 1e9) : 0.0,
			fmt_time(b[2], 32, cls_ns[r * PROF_NCLASSES + PROF_CLASS_WAIT]),
			fmt_time(b[3], 32, cls_ns[r * PROF_NCLASSES + PROF_CLASS_DATA]),
			fmt_time(b[4], 32, cls_ns[r * PROF_NCLASSES + PROF_CLASS_OTHER]),
			fmt_bytes(b[5], 32, (double)sent), fmt_bytes(b[6], 32, (double)recv));
		sum += rank_ns[r];
		wait += cls_ns[r * PROF_NCLASSES + PROF_CLASS_WAIT];
		data += cls_ns[r * PROF_NCLASSES + PROF_CLASS_DATA];
		if (rank_ns[r] > max) {
			max = rank_ns[r];
			rmax = r;
		}
	}
	fprintf(f, "MPI time imbalance: slowest rank %d / mean = %.2f; of all MPI time %.1f%% "
		"is waiting, %.1f%% moving data\n", rmax, sum > 0 ? max / (sum / n) : 0.0,
		sum > 0 ? 100.0 * wait / sum : 0.0, sum > 0 ? 100.0 * data / sum : 0.0);
}

static void print_matrix(FILE *f, const struct prof_job *job)
{
	int n = job->n, r, c;
	uint64_t total = 0;
	char b[32];

	for (r = 0; r < n * n; r++)
		total += job->msgs[r];
	fprintf(f, "\nPoint-to-point traffic (world ranks, row = sender): %llu messages\n",
		(unsigned long long)total);
	if (!total)
		return;
	if (n <= MATRIX_MAX) {
		fprintf(f, "%8s", "bytes");
		for (c = 0; c < n; c++)
			fprintf(f, " %7d", c);
		fputc('\n', f);
		for (r = 0; r < n; r++) {
			fprintf(f, "%8d", r);
			for (c = 0; c < n; c++)
				fprintf(f, " %7s", job->msgs[(size_t)r * n + c] ?
					fmt_bytes(b, 32, (double)job->bytes[(size_t)r * n + c]) : ".");
			fputc('\n', f);
		}
	} else {
		fprintf(f, "(%d ranks: matrix in the JSON file; render it with perf/prof/render)\n", n);
	}
	for (c = 0; c < job->ncomms; c++) {
		const struct prof_job_comm *pc = &job->comms[c];
		uint64_t m = 0, by = 0;

		for (r = 0; r < n * n; r++) {
			m += pc->msgs[r];
			by += pc->bytes[r];
		}
		if (pc->name[0])
			fprintf(f, "  communicator %-20s", pc->name);
		else
			fprintf(f, "  communicator #%-19llu", (unsigned long long)pc->key);
		fprintf(f, " size %4d: %llu messages, %s\n", pc->size, (unsigned long long)m,
			fmt_bytes(b, 32, (double)by));
	}
}

void prof_report_text(FILE *f, const struct prof_job *job)
{
	int n = job->n, r, fn;
	double *rank_ns = calloc((size_t)n, sizeof *rank_ns);
	double *cls_ns = calloc((size_t)n * PROF_NCLASSES, sizeof *cls_ns);
	double mpi_ns = 0, ovh = 0, run = 0;
	char b[32];

	if (!rank_ns || !cls_ns)
		goto out;
	for (r = 0; r < n; r++) {
		for (fn = 0; fn < PROF_NFUNCS; fn++) {
			double ns = (double)job->fn[(size_t)r * PROF_NFUNCS + fn].ns;

			rank_ns[r] += ns;
			cls_ns[r * PROF_NCLASSES + prof_fns[fn].cls] += ns;
		}
		mpi_ns += rank_ns[r];
		ovh += job->overhead_ns[r] / n;
		run += job->ctr_running[r] / n;
	}
	fprintf(f, "\n==== shmpi profile: %d ranks, %s wall (rank 0)\n", n,
		fmt_time(b, 32, job->wall_s[0] * 1e9));
	fprintf(f, "counters: %s\n", job->note);
	if (job->mode != PROF_CTR_NONE)
		fprintf(f, "counters read around 1 in %u calls on average (SHMPI_PROFILE_PERIOD)%s\n",
			job->period, run > 0 && run < 0.99 ? "; multiplexed, values are partial" : "");
	fprintf(f, "profiler cost: about %.0f ns per recorded call (measured at the end, "
		"included in the times)\n", ovh);
	print_functions(f, job, mpi_ns);
	print_ranks(f, job, rank_ns, cls_ns);
	print_matrix(f, job);
	fflush(f);
out:
	free(rank_ns);
	free(cls_ns);
}
