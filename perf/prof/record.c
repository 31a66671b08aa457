/*
 * record.c - configuration, the per-thread tables and the enter/leave pair
 * every wrapper runs around its PMPI call.
 *
 * Each thread records into its own struct prof_thread (found through a
 * thread-local pointer, created on the thread's first recorded call and
 * linked into a list that only grows), so the hot path takes no lock.  Time
 * is taken with clock_gettime (vDSO); the counter group is read on a random
 * sample of calls (mean period SHMPI_PROFILE_PERIOD) because each group read
 * is a system call that costs several hundred ns on a VM, more than the
 * whole overhead budget.  The configuration is read through the MPI tools
 * interface (cvar_text).  Nested MPI calls (a library calling MPI_X inside
 * PMPI_Y) are not recorded: depth counts the wrappers a thread is in.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "perf/prof/prof.h"

struct prof_config prof_cfg = { .counters = "auto", .period = 32 };

static int on;           /* recording; set by prof_init, cleared by prof_stop */
static uint64_t start_ns;
static pthread_mutex_t threads_lock = PTHREAD_MUTEX_INITIALIZER;
static struct prof_thread *threads; /* every table ever created */
static pthread_key_t thread_key;    /* closes a thread's counters at its exit */
static __thread struct prof_thread *self __attribute__((tls_model("initial-exec")));

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Calls until the next counter read: uniform in [1, 2 * period - 1], so the
 * mean is period and periodic call patterns are not sampled in phase. */
static uint32_t next_countdown(struct prof_thread *th)
{
	uint32_t x = th->rng;

	if (prof_cfg.period <= 1)
		return 1;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	th->rng = x;
	return 1 + x % (2 * prof_cfg.period - 1);
}

static void thread_exit(void *arg)
{
	struct prof_thread *th = arg;

	prof_ctr_close(th->ctr_fd);
}

/* Creates the calling thread's table; fds is its counter group or NULL to
 * open one.  Returns NULL when out of memory (the thread is not recorded). */
static struct prof_thread *thread_new(const int *fds)
{
	struct prof_thread *th = calloc(1, sizeof *th);

	if (!th)
		return NULL;
	if (fds)
		memcpy(th->ctr_fd, fds, sizeof th->ctr_fd);
	else
		prof_ctr_open(th->ctr_fd);
	th->rng = 0x9e3779b9u ^ (uint32_t)(uintptr_t)th;
	th->countdown = next_countdown(th);
	pthread_mutex_lock(&threads_lock);
	th->next = threads;
	threads = th;
	pthread_mutex_unlock(&threads_lock);
	pthread_setspecific(thread_key, th);
	self = th;
	return th;
}

/* The text of control variable name, read through the MPI tools interface
 * into buf (len >= 4096, the count of shmpi's string variables): the
 * profiler's three variables are rows of shmpi's configuration table, so
 * it reads them as any tool would, before PMPI_Init.  The library then
 * parses them (a malformed value gets the library's one-line warning and
 * reads as the default, as for every SHMPI_* variable) and a value a tool
 * wrote with MPI_T_cvar_write before MPI_Init counts.  An enumeration
 * reads as its item's name, an integer in decimal.  Built against another
 * MPI, which has no such variable, this is the environment's text. */
static const char *cvar_text(const char *name, char *buf, int len)
{
	int prov, i, count, val, n = len;
	MPI_Datatype dt;
	MPI_T_enum e;
	MPI_T_cvar_handle h;
	const char *r = NULL;

	if (PMPI_T_init_thread(MPI_THREAD_SINGLE, &prov) != MPI_SUCCESS)
		return getenv(name);
	if (PMPI_T_cvar_get_index(name, &i) != MPI_SUCCESS ||
	    PMPI_T_cvar_get_info(i, NULL, NULL, NULL, &dt, &e, NULL, NULL, NULL, NULL) != MPI_SUCCESS ||
	    PMPI_T_cvar_handle_alloc(i, NULL, &h, &count) != MPI_SUCCESS) {
		PMPI_T_finalize();
		return getenv(name);
	}
	if (dt == MPI_CHAR && count <= len) {
		if (PMPI_T_cvar_read(h, buf) == MPI_SUCCESS)
			r = buf;
	} else if (dt == MPI_INT && count == 1 && PMPI_T_cvar_read(h, &val) == MPI_SUCCESS) {
		if (e == MPI_T_ENUM_NULL)
			snprintf(buf, (size_t)len, "%d", val);
		else if (PMPI_T_enum_get_item(e, val, &val, buf, &n) != MPI_SUCCESS)
			buf[0] = 0;
		r = buf;
	}
	PMPI_T_cvar_handle_free(&h);
	PMPI_T_finalize();
	return r;
}

/* "1" means the default file; anything else but "" and "0" is the file. */
static void parse_env(void)
{
	static char vbuf[4096], cbuf[4096], pbuf[4096];
	const char *v = cvar_text("SHMPI_PROFILE", vbuf, sizeof vbuf);
	const char *c = cvar_text("SHMPI_PROFILE_COUNTERS", cbuf, sizeof cbuf);
	const char *p = cvar_text("SHMPI_PROFILE_PERIOD", pbuf, sizeof pbuf);

	prof_cfg.enabled = v && *v && strcmp(v, "0");
	if (!prof_cfg.enabled)
		return;
	if (!strcmp(v, "1"))
		v = "shmpi-profile.json";
	snprintf(prof_cfg.file, sizeof prof_cfg.file, "%s", v);
	if (c && (!strcmp(c, "auto") || !strcmp(c, "hardware") || !strcmp(c, "software") ||
		  !strcmp(c, "none")))
		snprintf(prof_cfg.counters, sizeof prof_cfg.counters, "%s", c);
	else if (c && *c)
		fprintf(stderr, "shmpi-prof: SHMPI_PROFILE_COUNTERS=%s unknown, using auto\n", c);
	if (p && *p) {
		long n = strtol(p, NULL, 10);

		prof_cfg.period = n >= 1 && n <= 1000000 ? (unsigned)n : 32;
	}
}

int prof_init(void)
{
	int fds[PROF_NCTRS];

	parse_env();
	if (!prof_cfg.enabled)
		return 0;
	if (pthread_key_create(&thread_key, thread_exit) != 0)
		goto fail;
	prof_ctr_setup(prof_cfg.counters, fds);
	if (!thread_new(fds)) {
		prof_ctr_close(fds);
		goto fail;
	}
	on = 1;
	start_ns = now_ns();
	return 1;

fail:
	fprintf(stderr, "shmpi-prof: cannot start, profiling off\n");
	prof_cfg.enabled = 0;
	return 0;
}

void prof_start(void)
{
	if (!on)
		return;
	if (prof_comm_init() != 0) {
		fprintf(stderr, "shmpi-prof: cannot read MPI_COMM_WORLD, profiling off\n");
		on = 0;
		prof_cfg.enabled = 0;
	}
}

void prof_stop(void)
{
	on = 0;
}

void prof_enter(struct prof_call *c)
{
	struct prof_thread *th = self;

	c->th = NULL;
	if (!on)
		return;
	if (!th && !(th = thread_new(NULL)))
		return;
	c->th = th;
	c->outer = th->depth++ == 0;
	if (!c->outer)
		return;
	c->sampled = 0;
	if (th->ctr_fd[0] >= 0 && --th->countdown == 0) {
		th->countdown = next_countdown(th);
		c->sampled = prof_ctr_read(th->ctr_fd[0], &c->c0) == 0;
	}
	c->t0 = now_ns();
}

int prof_leave(struct prof_call *c, enum prof_fn fn)
{
	struct prof_thread *th = c->th;
	struct prof_ctr_sample s;
	struct prof_fstat *f;
	uint64_t d;
	int i;

	if (!th)
		return 0;
	th->depth--;
	if (!c->outer) {
		c->th = NULL;
		return 0;
	}
	d = now_ns() - c->t0;
	f = &th->fn[fn];
	f->calls++;
	f->ns += d;
	if (d > f->max_ns)
		f->max_ns = d;
	if (c->sampled && prof_ctr_read(th->ctr_fd[0], &s) == 0) {
		f->sampled++;
		for (i = 0; i < PROF_NCTRS; i++)
			f->ctr[i] += s.value[i] - c->c0.value[i];
		th->ctr_enabled_ns = s.time_enabled;
		th->ctr_running_ns = s.time_running;
	}
	return 1;
}

uint64_t prof_bytes(MPI_Count count, MPI_Datatype type)
{
	MPI_Count size;

	/* MPI_Count: the large-count forms (MPI_X_c) pass theirs whole */
	if (count <= 0 || type == MPI_DATATYPE_NULL)
		return 0;
	if (PMPI_Type_size_x(type, &size) != MPI_SUCCESS || size <= 0)
		return 0;
	return (uint64_t)count * (uint64_t)size;
}

void prof_add_bytes(struct prof_call *c, enum prof_fn fn, uint64_t sent, uint64_t recvd)
{
	c->th->fn[fn].bytes_sent += sent;
	c->th->fn[fn].bytes_recv += recvd;
}

void prof_add_io(struct prof_call *c, enum prof_fn fn, struct prof_io io)
{
	prof_add_bytes(c, fn, io.sent, io.recv);
}

void prof_add_send(struct prof_call *c, enum prof_fn fn, MPI_Comm comm, int peer, uint64_t bytes)
{
	struct prof_comm *pc;
	int w;

	if (peer < 0) /* MPI_PROC_NULL */
		return;
	c->th->fn[fn].bytes_sent += bytes;
	pc = prof_comm_get(comm);
	if (!pc || peer >= pc->size)
		return;
	w = pc->world[peer];
	if (w < 0)
		return;
	/* rows are per process and threads may share a communicator */
	__atomic_fetch_add(&pc->msgs[w], 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&pc->bytes[w], bytes, __ATOMIC_RELAXED);
}

void prof_add_recv_status(struct prof_call *c, enum prof_fn fn, const MPI_Status *st)
{
	int n;

	if (st->MPI_SOURCE == MPI_PROC_NULL)
		return;
	if (PMPI_Get_count(st, MPI_BYTE, &n) == MPI_SUCCESS && n > 0)
		c->th->fn[fn].bytes_recv += (uint64_t)n;
}

void prof_sum_threads(struct prof_fstat *out, uint64_t *enabled_ns, uint64_t *running_ns)
{
	struct prof_thread *th;
	int f, i;

	memset(out, 0, PROF_NFUNCS * sizeof *out);
	*enabled_ns = *running_ns = 0;
	pthread_mutex_lock(&threads_lock);
	for (th = threads; th; th = th->next) {
		for (f = 0; f < PROF_NFUNCS; f++) {
			out[f].calls += th->fn[f].calls;
			out[f].ns += th->fn[f].ns;
			if (th->fn[f].max_ns > out[f].max_ns)
				out[f].max_ns = th->fn[f].max_ns;
			out[f].bytes_sent += th->fn[f].bytes_sent;
			out[f].bytes_recv += th->fn[f].bytes_recv;
			out[f].sampled += th->fn[f].sampled;
			for (i = 0; i < PROF_NCTRS; i++)
				out[f].ctr[i] += th->fn[f].ctr[i];
		}
		*enabled_ns += th->ctr_enabled_ns;
		*running_ns += th->ctr_running_ns;
	}
	pthread_mutex_unlock(&threads_lock);
}

double prof_elapsed(void)
{
	return (double)(now_ns() - start_ns) * 1e-9;
}

double prof_calibrate(void)
{
	enum { N = 20000 };
	struct prof_thread *th = self;
	struct prof_fstat saved;
	struct prof_call c;
	uint64_t t0, t1;
	int was_on = on, i;

	if (!th)
		return 0;
	saved = th->fn[PROF_FN_COMM_RANK];
	on = 1;
	t0 = now_ns();
	for (i = 0; i < N; i++) {
		prof_enter(&c);
		prof_leave(&c, PROF_FN_COMM_RANK);
	}
	t1 = now_ns();
	on = was_on;
	th->fn[PROF_FN_COMM_RANK] = saved;
	return (double)(t1 - t0) / N;
}
