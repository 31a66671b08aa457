/*
 * report_json.c - the machine-readable report (format documented in
 * docs/profiling.md): job facts, per rank and per function statistics,
 * the job traffic matrix and one matrix per communicator.  Counter totals
 * are extrapolated from the sampled calls; the raw sums are kept beside
 * them so tools can redo the arithmetic.
 */
#include <string.h>

#include "perf/prof/prof.h"

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static void json_matrix(FILE *f, const uint64_t *m, int n)
{
	int r, c;

	fputc('[', f);
	for (r = 0; r < n; r++) {
		fprintf(f, "%s[", r ? ",\n      " : "");
		for (c = 0; c < n; c++)
			fprintf(f, "%s%llu", c ? "," : "", (unsigned long long)m[(size_t)r * n + c]);
		fputc(']', f);
	}
	fputc(']', f);
}

static void json_counters(FILE *f, const struct prof_fstat *s)
{
	int i;

	fprintf(f, ", \"counters_sampled\": %llu, \"counters\": {", (unsigned long long)s->sampled);
	for (i = 0; i < PROF_NCTRS && prof_ctr_name(i); i++) {
		double est = s->sampled ? (double)s->ctr[i] * (double)s->calls / (double)s->sampled : 0;

		fprintf(f, "%s", i ? ", " : "");
		json_string(f, prof_ctr_name(i));
		fprintf(f, ": {\"sampled_sum\": %llu, \"estimated_total\": %.0f}",
			(unsigned long long)s->ctr[i], est);
	}
	fputc('}', f);
}

static void json_fstat(FILE *f, const struct prof_fstat *s)
{
	fprintf(f, "\"calls\": %llu, \"time_s\": %.9f, \"max_s\": %.9f, "
		"\"bytes_sent\": %llu, \"bytes_recv\": %llu",
		(unsigned long long)s->calls, (double)s->ns * 1e-9, (double)s->max_ns * 1e-9,
		(unsigned long long)s->bytes_sent, (unsigned long long)s->bytes_recv);
	json_counters(f, s);
}

static void json_ranks(FILE *f, const struct prof_job *job)
{
	int r, fn;

	fprintf(f, "  \"ranks\": [\n");
	for (r = 0; r < job->n; r++) {
		const struct prof_fstat *s = &job->fn[(size_t)r * PROF_NFUNCS];
		double cls[PROF_NCLASSES] = { 0 }, mpi = 0;
		uint64_t sent = 0, recv = 0;

		for (fn = 0; fn < PROF_NFUNCS; fn++) {
			cls[prof_fns[fn].cls] += (double)s[fn].ns * 1e-9;
			mpi += (double)s[fn].ns * 1e-9;
			sent += s[fn].bytes_sent;
			recv += s[fn].bytes_recv;
		}
		fprintf(f, "    {\"rank\": %d, \"wall_s\": %.9f, \"mpi_s\": %.9f, \"wait_s\": %.9f, "
			"\"data_s\": %.9f, \"other_s\": %.9f, \"bytes_sent\": %llu, "
			"\"bytes_recv\": %llu, \"profiler_overhead_ns\": %.1f, "
			"\"counters_running\": %.4f}%s\n",
			r, job->wall_s[r], mpi, cls[PROF_CLASS_WAIT], cls[PROF_CLASS_DATA],
			cls[PROF_CLASS_OTHER], (unsigned long long)sent, (unsigned long long)recv,
			job->overhead_ns[r], job->ctr_running[r], r + 1 < job->n ? "," : "");
	}
	fprintf(f, "  ],\n");
}

static void json_functions(FILE *f, const struct prof_job *job)
{
	int fn, r, first = 1;

	fprintf(f, "  \"functions\": [");
	for (fn = 0; fn < PROF_NFUNCS; fn++) {
		struct prof_fstat t = { 0 };
		int i;

		for (r = 0; r < job->n; r++) {
			const struct prof_fstat *s = &job->fn[(size_t)r * PROF_NFUNCS + fn];

			t.calls += s->calls;
			t.ns += s->ns;
			t.max_ns = s->max_ns > t.max_ns ? s->max_ns : t.max_ns;
			t.bytes_sent += s->bytes_sent;
			t.bytes_recv += s->bytes_recv;
			t.sampled += s->sampled;
			for (i = 0; i < PROF_NCTRS; i++)
				t.ctr[i] += s->ctr[i];
		}
		if (!t.calls)
			continue;
		fprintf(f, "%s\n    {\"name\": \"%s\", \"class\": \"%s\", ", first ? "" : ",",
			prof_fns[fn].name, prof_class_names[prof_fns[fn].cls]);
		json_fstat(f, &t);
		fprintf(f, ",\n     \"per_rank\": [");
		for (r = 0; r < job->n; r++) {
			fprintf(f, "%s\n       {\"rank\": %d, ", r ? "," : "", r);
			json_fstat(f, &job->fn[(size_t)r * PROF_NFUNCS + fn]);
			fputc('}', f);
		}
		fprintf(f, "]}");
		first = 0;
	}
	fprintf(f, "\n  ],\n");
}

int prof_report_json(const char *path, const struct prof_job *job)
{
	static const char *const modes[] = { "none", "software", "hardware" };
	FILE *f = fopen(path, "w");
	int i;

	if (!f)
		return -1;
	fprintf(f, "{\n  \"format\": \"shmpi-profile\",\n  \"version\": 1,\n  \"nranks\": %d,\n",
		job->n);
	fprintf(f, "  \"counters\": {\"mode\": \"%s\", \"period\": %u, \"note\": ",
		modes[job->mode], job->period);
	json_string(f, job->note);
	fprintf(f, ", \"names\": [");
	for (i = 0; i < PROF_NCTRS && prof_ctr_name(i); i++) {
		fprintf(f, "%s", i ? ", " : "");
		json_string(f, prof_ctr_name(i));
	}
	fprintf(f, "]},\n");
	json_ranks(f, job);
	json_functions(f, job);
	fprintf(f, "  \"traffic\": {\"messages\": ");
	json_matrix(f, job->msgs, job->n);
	fprintf(f, ",\n    \"bytes\": ");
	json_matrix(f, job->bytes, job->n);
	fprintf(f, "},\n  \"communicators\": [");
	for (i = 0; i < job->ncomms; i++) {
		const struct prof_job_comm *c = &job->comms[i];

		fprintf(f, "%s\n    {\"key\": %llu, \"name\": ", i ? "," : "",
			(unsigned long long)c->key);
		json_string(f, c->name);
		fprintf(f, ", \"size\": %d,\n     \"messages\": ", c->size);
		json_matrix(f, c->msgs, job->n);
		fprintf(f, ",\n     \"bytes\": ");
		json_matrix(f, c->bytes, job->n);
		fputc('}', f);
	}
	fprintf(f, "\n  ]\n}\n");
	return fclose(f) == 0 ? 0 : -1;
}
