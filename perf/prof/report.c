/*
 * report.c - the end of the job: every rank packs its tables into one
 * buffer, rank 0 gathers them (PMPI_Gather + PMPI_Gatherv of bytes on
 * MPI_COMM_WORLD, so the gathering is not itself profiled), merges the
 * communicators by key into per-communicator and job traffic matrices, and
 * hands the result to the text (stderr) and JSON writers.
 *
 * Buffer of one rank: struct blob_hdr, PROF_NFUNCS struct prof_fstat, then
 * for each communicator with traffic a struct blob_comm followed by two rows
 * of n uint64_t (messages, bytes).  All ranks run the same binary layout.
 */
#include <stdlib.h>
#include <string.h>

#include "perf/prof/prof.h"

#define BLOB_MAGIC 0x70726f66u /* "prof" */

struct blob_hdr {
	uint32_t magic;
	int32_t rank;
	int32_t nfuncs;
	int32_t ncomms;
	double wall_s;
	double overhead_ns;
	uint64_t ctr_enabled_ns;
	uint64_t ctr_running_ns;
};

struct blob_comm {
	uint64_t key;
	int32_t size;
	int32_t pad;
	char name[MPI_MAX_OBJECT_NAME];
};

static int has_traffic(const struct prof_comm *pc, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (pc->msgs[i])
			return 1;
	return 0;
}

/* Packs this rank's data; returns the buffer (malloc) and its size. */
static char *pack(int n, double wall_s, double overhead_ns, int *len)
{
	struct blob_hdr h = { .magic = BLOB_MAGIC, .nfuncs = PROF_NFUNCS };
	size_t row = (size_t)n * sizeof(uint64_t), size;
	struct prof_comm *pc;
	char *buf, *p;

	h.rank = prof_world_rank();
	h.wall_s = wall_s;
	h.overhead_ns = overhead_ns;
	for (pc = prof_comm_list(); pc; pc = pc->next)
		h.ncomms += has_traffic(pc, n);
	size = sizeof h + PROF_NFUNCS * sizeof(struct prof_fstat) +
	       (size_t)h.ncomms * (sizeof(struct blob_comm) + 2 * row);
	buf = malloc(size);
	if (!buf)
		return NULL;
	p = buf + sizeof h;
	prof_sum_threads((struct prof_fstat *)p, &h.ctr_enabled_ns, &h.ctr_running_ns);
	memcpy(buf, &h, sizeof h);
	p += PROF_NFUNCS * sizeof(struct prof_fstat);
	for (pc = prof_comm_list(); pc; pc = pc->next) {
		struct blob_comm bc = { .key = pc->key, .size = pc->size };

		if (!has_traffic(pc, n))
			continue;
		memcpy(bc.name, pc->name, sizeof bc.name);
		bc.name[sizeof bc.name - 1] = '\0';
		memcpy(p, &bc, sizeof bc);
		p += sizeof bc;
		memcpy(p, pc->msgs, row);
		p += row;
		memcpy(p, pc->bytes, row);
		p += row;
	}
	*len = (int)size;
	return buf;
}

static struct prof_job_comm *find_comm(struct prof_job *job, uint64_t key, int n)
{
	struct prof_job_comm *c;
	int i;

	for (i = 0; i < job->ncomms; i++)
		if (job->comms[i].key == key)
			return &job->comms[i];
	c = realloc(job->comms, (size_t)(job->ncomms + 1) * sizeof *c);
	if (!c)
		return NULL;
	job->comms = c;
	c = &job->comms[job->ncomms];
	memset(c, 0, sizeof *c);
	c->key = key;
	c->msgs = calloc((size_t)n * n, sizeof *c->msgs);
	c->bytes = calloc((size_t)n * n, sizeof *c->bytes);
	if (!c->msgs || !c->bytes) {
		free(c->msgs);
		free(c->bytes);
		return NULL;
	}
	job->ncomms++;
	return c;
}

/* Rank 0: unpacks all buffers into job.  Returns 0 or -1 (bad data, memory). */
static int unpack(struct prof_job *job, const char *all, const int *lens, const int *displs)
{
	int n = job->n, r, k, j;

	for (r = 0; r < n; r++) {
		const char *p = all + displs[r];
		struct blob_hdr h;

		memcpy(&h, p, sizeof h);
		if (h.magic != BLOB_MAGIC || h.nfuncs != PROF_NFUNCS || h.rank != r)
			return -1;
		p += sizeof h;
		job->wall_s[r] = h.wall_s;
		job->overhead_ns[r] = h.overhead_ns;
		job->ctr_running[r] = h.ctr_enabled_ns ?
			(double)h.ctr_running_ns / (double)h.ctr_enabled_ns : 0;
		memcpy(&job->fn[(size_t)r * PROF_NFUNCS], p, PROF_NFUNCS * sizeof(struct prof_fstat));
		p += PROF_NFUNCS * sizeof(struct prof_fstat);
		for (k = 0; k < h.ncomms; k++) {
			struct blob_comm bc;
			struct prof_job_comm *c;
			uint64_t v;

			memcpy(&bc, p, sizeof bc);
			p += sizeof bc;
			c = find_comm(job, bc.key, n);
			if (!c)
				return -1;
			c->size = bc.size;
			if (!c->name[0] && bc.name[0])
				memcpy(c->name, bc.name, sizeof c->name);
			for (j = 0; j < n; j++) {
				memcpy(&v, p + (size_t)j * sizeof v, sizeof v);
				c->msgs[(size_t)r * n + j] += v;
				job->msgs[(size_t)r * n + j] += v;
			}
			p += (size_t)n * sizeof v;
			for (j = 0; j < n; j++) {
				memcpy(&v, p + (size_t)j * sizeof v, sizeof v);
				c->bytes[(size_t)r * n + j] += v;
				job->bytes[(size_t)r * n + j] += v;
			}
			p += (size_t)n * sizeof v;
		}
		if (p != all + displs[r] + lens[r])
			return -1;
	}
	return 0;
}

static void job_free(struct prof_job *job)
{
	int i;

	for (i = 0; i < job->ncomms; i++) {
		free(job->comms[i].msgs);
		free(job->comms[i].bytes);
	}
	free(job->comms);
	free(job->wall_s);
	free(job->overhead_ns);
	free(job->ctr_running);
	free(job->fn);
	free(job->msgs);
	free(job->bytes);
}

static void write_reports(struct prof_job *job, char *all, int *lens, int *displs)
{
	if (unpack(job, all, lens, displs) != 0) {
		fprintf(stderr, "shmpi-prof: inconsistent data from the ranks, no report\n");
		return;
	}
	prof_report_text(stderr, job);
	if (prof_report_json(prof_cfg.file, job) == 0)
		fprintf(stderr, "shmpi-prof: wrote %s\n", prof_cfg.file);
	else
		fprintf(stderr, "shmpi-prof: cannot write %s\n", prof_cfg.file);
}

void prof_report(void)
{
	struct prof_job job = { 0 };
	int n = prof_world_size(), rank = prof_world_rank(), len = 0, total = 0, i, ok;
	int *lens = NULL, *displs = NULL;
	char *mine, *all = NULL;
	double wall_s = prof_elapsed();

	if (n <= 0)
		return;
	mine = pack(n, wall_s, prof_calibrate(), &len);
	if (rank == 0) {
		lens = malloc((size_t)n * sizeof *lens);
		displs = malloc((size_t)n * sizeof *displs);
	}
	/* every rank takes part even without memory: a short buffer is refused */
	PMPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (rank == 0 && lens && displs) {
		for (i = 0; i < n; i++) {
			displs[i] = total;
			total += lens[i];
		}
		all = malloc(total ? (size_t)total : 1);
	}
	PMPI_Gatherv(mine ? mine : "", len, MPI_BYTE, all, lens, displs, MPI_BYTE, 0,
		     MPI_COMM_WORLD);
	free(mine);
	if (rank != 0)
		return;
	job.n = n;
	job.mode = prof_ctr_mode();
	job.note = prof_ctr_note();
	job.period = prof_cfg.period;
	job.wall_s = calloc((size_t)n, sizeof *job.wall_s);
	job.overhead_ns = calloc((size_t)n, sizeof *job.overhead_ns);
	job.ctr_running = calloc((size_t)n, sizeof *job.ctr_running);
	job.fn = calloc((size_t)n * PROF_NFUNCS, sizeof *job.fn);
	job.msgs = calloc((size_t)n * n, sizeof *job.msgs);
	job.bytes = calloc((size_t)n * n, sizeof *job.bytes);
	ok = all && job.wall_s && job.overhead_ns && job.ctr_running && job.fn && job.msgs &&
	     job.bytes;
	for (i = 0; ok && i < n; i++)
		ok = lens[i] > 0;
	if (ok)
		write_reports(&job, all, lens, displs);
	else
		fprintf(stderr, "shmpi-prof: out of memory, no report\n");
	job_free(&job);
	free(all);
	free(lens);
	free(displs);
}
