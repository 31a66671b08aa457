/*
 * lib/tools/mpit_pvar.c - performance variables: the library's own
 * counters (struct mpii_*_counters of lib/p2p, lib/coll, lib/rma, lib/io,
 * the handler runs of lib/ext, the wait timer of lib/core), sessions and
 * handles.
 *
 * The counters are per-process plain increments that always count (one
 * add on a line the path writes anyway: they cost nothing measurable,
 * docs/mpit.md has the pingpong), so every variable but the timer is
 * continuous: active from its handle's allocation, never started or
 * stopped (MPI_T_ERR_PVAR_NO_STARTSTOP).  A handle keeps a base, and a
 * COUNTER reads as the library's count minus the base: it counts from
 * the allocation, a reset moves the base to now, a write to now minus
 * the value written.  LEVEL and HIGHWATERMARK variables read the
 * library's value and are read-only (reset, write: MPI_T_ERR_PVAR_NO_WRITE).
 *
 * The wait timer, core_wait_time, is the one variable that costs time
 * (a few clock reads per blocking wait, none on its way out:
 * lib/core/progress.c): it is not continuous, and only
 * while some handle of it is started does lib/core read the clock
 * (mpii_g.time_waits, under the library lock).  It reads in seconds, as
 * an MPI_DOUBLE.
 *
 * readreset reads the library's value once and moves the base to it, so
 * that nothing counted between the two is lost: it is atomic in that
 * sense for every writable variable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#include "lib/tools/tools.h"
#include "lib/core/core.h"
#include "lib/p2p/p2p.h"
#include "lib/coll/coll.h"
#include "lib/ext/ext.h"
#include "lib/rma/rma.h"
#include "lib/io/io.h"

#define MPII_T_MAGIC_SESSION 0x54534553u
#define MPII_T_MAGIC_PVAR 0x54505648u

/* Readers of the library's values.  The counters are written under the
 * library lock (or, for RMA's lock-free paths, by the calling thread):
 * reading them under it gives a value some instant had. */
static uint64_t r_eager_msgs(void) { return mpii_p2p_ctr.eager_msgs; }
static uint64_t r_eager_bytes(void) { return mpii_p2p_ctr.eager_bytes; }
static uint64_t r_rndv_msgs(void) { return mpii_p2p_ctr.rndv_msgs; }
static uint64_t r_rndv_bytes(void) { return mpii_p2p_ctr.rndv_bytes; }
static uint64_t r_cma_msgs(void) { return mpii_p2p_ctr.cma_msgs; }
static uint64_t r_cma_bytes(void) { return mpii_p2p_ctr.cma_bytes; }
static uint64_t r_unexp_msgs(void) { return mpii_p2p_ctr.unexp_msgs; }
static uint64_t r_unexp_len(void) { return mpii_p2p_ctr.unexp_len; }
static uint64_t r_unexp_hwm(void) { return mpii_p2p_ctr.unexp_hwm; }
static uint64_t r_coll_calls(void) { return mpii_coll_ctr.shm_calls; }
static uint64_t r_coll_bytes(void) { return mpii_coll_ctr.shm_bytes; }
static uint64_t r_handler_runs(void) { return mpii_handler_runs; }
/* The wait timer's clock (lib/core/progress.h, mpii_wait_clock): the TSC
 * where the CPU says it is invariant (CPUID 0x80000007 EDX bit 8: same
 * rate in every P- and C-state) and the kernel keeps time by it (its
 * clock source is "tsc", so it found the counters of the cores in step),
 * calibrated against CLOCK_MONOTONIC over 2 ms at the first start of the
 * timer (each end bracketed by two clock reads, retried when preempted in
 * between); elsewhere the monotonic clock, 1 tick = 1 ns.  Chosen once,
 * before any wait is timed: under the library lock, time_waits 0. */
static double ns_per_tick = 1.0;
static int clock_chosen;

#if defined(__x86_64__) || defined(__i386__)
static int tsc_usable(void)
{
	unsigned a, b, c, d;
	if (!__get_cpuid(0x80000007, &a, &b, &c, &d) || !(d & (1u << 8)))
		return 0;
	char src[32] = "";
	FILE *f = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r");
	if (!f)
		return 0;
	int ok = fgets(src, sizeof(src), f) && strncmp(src, "tsc", 3) == 0 &&
		 (src[3] == '\n' || src[3] == 0);
	fclose(f);
	return ok;
}

/* One (ns, tick) pair read close together: 0 when preempted between. */
static int clock_pair(int64_t *ns, uint64_t *tick)
{
	for (int i = 0; i < 20; i++) {
		int64_t a = mpii_now_ns();
		uint64_t t = __rdtsc();
		int64_t b = mpii_now_ns();
		if (b - a < 1000) {
			*ns = a + (b - a) / 2;
			*tick = t;
			return 1;
		}
	}
	return 0;
}
#endif

static void clock_choose(void)
{
	if (clock_chosen)
		return;
	clock_chosen = 1;
#if defined(__x86_64__) || defined(__i386__)
	int64_t n0, n1;
	uint64_t t0, t1;
	if (!tsc_usable() || !clock_pair(&n0, &t0))
		return;
	while (mpii_now_ns() - n0 < 2000000)
		;
	if (!clock_pair(&n1, &t1) || t1 <= t0)
		return;
	ns_per_tick = (double)(n1 - n0) / (double)(t1 - t0);
	mpii_g.wait_tsc = 1;
#endif
}

static uint64_t r_wait_ns(void) { return (uint64_t)((double)mpii_g.wait_ticks * ns_per_tick); }
static uint64_t r_rma_puts(void) { return mpii_rma_ctr.puts; }
static uint64_t r_rma_gets(void) { return mpii_rma_ctr.gets; }
static uint64_t r_rma_accs(void) { return mpii_rma_ctr.accs; }
static uint64_t r_rma_cas(void) { return mpii_rma_ctr.cas; }
static uint64_t r_rma_bytes(void) { return mpii_rma_ctr.bytes; }
static uint64_t r_io_read(void) { return mpii_io_ctr.bytes_read; }
static uint64_t r_io_written(void) { return mpii_io_ctr.bytes_written; }

struct pvar {
	const char *name;
	int cls;                     /* MPI_T_PVAR_CLASS_* */
	enum mpii_t_cat cat;
	int verbosity;
	uint64_t (*read)(void);
	const char *desc;
};

#define C MPI_T_PVAR_CLASS_COUNTER
static const struct pvar pvars[] = {
	{ "p2p_eager_msgs", C, MPII_T_CAT_P2P, MPI_T_VERBOSITY_USER_BASIC, r_eager_msgs,
	  "messages this process sent eagerly through the ring (user and collective traffic)" },
	{ "p2p_eager_bytes", C, MPII_T_CAT_P2P, MPI_T_VERBOSITY_USER_BASIC, r_eager_bytes,
	  "bytes of the messages sent eagerly" },
	{ "p2p_rndv_msgs", C, MPII_T_CAT_P2P, MPI_T_VERBOSITY_USER_BASIC, r_rndv_msgs,
	  "messages this process sent by rendezvous (RTS: single copy or through the ring)" },
	{ "p2p_rndv_bytes", C, MPII_T_CAT_P2P, MPI_T_VERBOSITY_USER_BASIC, r_rndv_bytes,
	  "bytes of the messages sent by rendezvous" },
	{ "p2p_single_copy_msgs", C, MPII_T_CAT_P2P, MPI_T_VERBOSITY_USER_BASIC, r_cma_msgs,
	  "messages this process received by single copy (process_vm_readv, split or not)" },
	{ "p2p_single_copy_bytes", C, MPII_T_CAT_P2P, MPI_T_VERBOSITY_USER_BASIC, r_cma_bytes,
	  "bytes of the messages received by single copy" },
	{ "p2p_unexpected_msgs", C, MPII_T_CAT_P2P, MPI_T_VERBOSITY_USER_BASIC, r_unexp_msgs,
	  "messages that arrived before a matching receive was posted" },
	{ "p2p_unexpected_queue_length", MPI_T_PVAR_CLASS_LEVEL, MPII_T_CAT_P2P,
	  MPI_T_VERBOSITY_USER_BASIC, r_unexp_len,
	  "messages in the unexpected queue now" },
	{ "p2p_unexpected_queue_hwm", MPI_T_PVAR_CLASS_HIGHWATERMARK, MPII_T_CAT_P2P,
	  MPI_T_VERBOSITY_USER_BASIC, r_unexp_hwm,
	  "the longest the unexpected queue has been since MPI_Init" },
	{ "coll_shm_calls", C, MPII_T_CAT_COLL, MPI_T_VERBOSITY_TUNER_BASIC, r_coll_calls,
	  "entries into a shared-memory collective algorithm of the segment (a two-level algorithm counts each level)" },
	{ "coll_shm_bytes", C, MPII_T_CAT_COLL, MPI_T_VERBOSITY_TUNER_DETAIL, r_coll_bytes,
	  "bytes this process put into the segment's per-member collective slots" },
	{ "ext_handler_runs", C, MPII_T_CAT_EXT, MPI_T_VERBOSITY_USER_BASIC, r_handler_runs,
	  "request handlers run (MPI_Post_handler), by the handler thread or inline" },
	{ "core_wait_time", MPI_T_PVAR_CLASS_TIMER, MPII_T_CAT_CORE, MPI_T_VERBOSITY_USER_BASIC,
	  r_wait_ns,
	  "seconds the process's threads spent blocked in MPI (the progress engine's waits) while the handle was started" },
	{ "rma_puts", C, MPII_T_CAT_RMA, MPI_T_VERBOSITY_USER_BASIC, r_rma_puts,
	  "MPI_Put and MPI_Rput operations issued" },
	{ "rma_gets", C, MPII_T_CAT_RMA, MPI_T_VERBOSITY_USER_BASIC, r_rma_gets,
	  "MPI_Get and MPI_Rget operations issued" },
	{ "rma_accumulates", C, MPII_T_CAT_RMA, MPI_T_VERBOSITY_USER_BASIC, r_rma_accs,
	  "accumulate, get-accumulate and fetch-and-op operations issued" },
	{ "rma_compare_and_swaps", C, MPII_T_CAT_RMA, MPI_T_VERBOSITY_USER_BASIC, r_rma_cas,
	  "compare-and-swap operations issued" },
	{ "rma_bytes", C, MPII_T_CAT_RMA, MPI_T_VERBOSITY_USER_DETAIL, r_rma_bytes,
	  "bytes moved by puts and gets" },
	{ "io_bytes_read", C, MPII_T_CAT_IO, MPI_T_VERBOSITY_USER_BASIC, r_io_read,
	  "bytes this process read from files (MPI-IO)" },
	{ "io_bytes_written", C, MPII_T_CAT_IO, MPI_T_VERBOSITY_USER_BASIC, r_io_written,
	  "bytes this process wrote to files (MPI-IO, the aggregators' writes included)" },
};
#undef C
#define NPVARS ((int)(sizeof(pvars) / sizeof(pvars[0])))

int mpii_t_pvar_count(void)
{
	return NPVARS;
}

enum mpii_t_cat mpii_t_pvar_cat(int i)
{
	return pvars[i].cat;
}

static int is_timer(const struct pvar *p)
{
	return p->cls == MPI_T_PVAR_CLASS_TIMER;
}

static int is_readonly(const struct pvar *p)
{
	return p->cls == MPI_T_PVAR_CLASS_LEVEL || p->cls == MPI_T_PVAR_CLASS_HIGHWATERMARK;
}

static int is_continuous(const struct pvar *p)
{
	return !is_timer(p);
}

struct mpii_t_pvar_handle {
	uint32_t magic;
	int index;
	int started;        /* timers only */
	uint64_t base;      /* counters: the library's value at allocation/reset */
	uint64_t acc;       /* timers: ns accumulated over stopped intervals */
	uint64_t t0;        /* timers, started: the library's value at start */
	struct mpii_t_pvar_handle *next;
};

struct mpii_t_pvar_session {
	uint32_t magic;
	struct mpii_t_pvar_handle *handles;
	struct mpii_t_pvar_session *next;
};

static struct mpii_t_pvar_session *sessions;

static uint64_t lib_value(const struct pvar *p)
{
	mpii_lock();
	uint64_t v = p->read();
	mpii_unlock();
	return v;
}

static struct mpii_t_pvar_session **find_session(MPI_T_pvar_session s)
{
	for (struct mpii_t_pvar_session **p = &sessions; *p; p = &(*p)->next)
		if (*p == s)
			return p;
	return NULL;
}

static struct mpii_t_pvar_handle **find_handle(struct mpii_t_pvar_session *s, MPI_T_pvar_handle h)
{
	for (struct mpii_t_pvar_handle **p = &s->handles; *p; p = &(*p)->next)
		if (*p == h)
			return p;
	return NULL;
}

/* Stop a started timer handle: fold its interval in, and let lib/core stop
 * reading the clock when it was the last. */
static void timer_stop(struct mpii_t_pvar_handle *h)
{
	mpii_lock();
	h->acc += r_wait_ns() - h->t0;
	mpii_g.time_waits--;
	mpii_unlock();
	h->started = 0;
}

static void timer_start(struct mpii_t_pvar_handle *h)
{
	mpii_lock();
	if (!mpii_g.time_waits)
		clock_choose();
	mpii_g.time_waits++;
	h->t0 = r_wait_ns();
	mpii_unlock();
	h->started = 1;
}

static void handle_release(struct mpii_t_pvar_handle *h)
{
	if (h->started)
		timer_stop(h);
	h->magic = 0;
	free(h);
}

#pragma weak MPI_T_pvar_get_num = PMPI_T_pvar_get_num
int PMPI_T_pvar_get_num(int *num_pvar)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!num_pvar)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	*num_pvar = NPVARS;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_pvar_get_info = PMPI_T_pvar_get_info
int PMPI_T_pvar_get_info(int pvar_index, char *name, int *name_len, int *verbosity,
			 int *var_class, MPI_Datatype *datatype, MPI_T_enum *enumtype, char *desc,
			 int *desc_len, int *bind, int *readonly, int *continuous, int *atomic)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (pvar_index < 0 || pvar_index >= NPVARS)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	const struct pvar *p = &pvars[pvar_index];
	mpii_t_str(name, name_len, p->name);
	mpii_t_str(desc, desc_len, p->desc);
	if (verbosity)
		*verbosity = p->verbosity;
	if (var_class)
		*var_class = p->cls;
	if (datatype)
		*datatype = is_timer(p) ? MPI_DOUBLE : MPI_UNSIGNED_LONG_LONG;
	if (enumtype)
		*enumtype = MPI_T_ENUM_NULL;
	if (bind)
		*bind = MPI_T_BIND_NO_OBJECT;
	if (readonly)
		*readonly = is_readonly(p);
	if (continuous)
		*continuous = is_continuous(p);
	if (atomic)
		*atomic = !is_readonly(p);
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_pvar_get_index = PMPI_T_pvar_get_index
int PMPI_T_pvar_get_index(const char *name, int var_class, int *pvar_index)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!name || !pvar_index)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	for (int i = 0; i < NPVARS; i++)
		if (pvars[i].cls == var_class && !strcmp(pvars[i].name, name)) {
			*pvar_index = i;
			return mpii_t_leave(MPI_SUCCESS);
		}
	return mpii_t_leave(MPI_T_ERR_INVALID_NAME);
}

#pragma weak MPI_T_pvar_session_create = PMPI_T_pvar_session_create
int PMPI_T_pvar_session_create(MPI_T_pvar_session *session)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!session)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	struct mpii_t_pvar_session *s = calloc(1, sizeof(*s));
	if (!s)
		return mpii_t_leave(MPI_T_ERR_MEMORY);
	s->magic = MPII_T_MAGIC_SESSION;
	s->next = sessions;
	sessions = s;
	*session = s;
	return mpii_t_leave(MPI_SUCCESS);
}

static void session_release(struct mpii_t_pvar_session *s)
{
	while (s->handles) {
		struct mpii_t_pvar_handle *h = s->handles;
		s->handles = h->next;
		handle_release(h);
	}
	s->magic = 0;
	free(s);
}

#pragma weak MPI_T_pvar_session_free = PMPI_T_pvar_session_free
int PMPI_T_pvar_session_free(MPI_T_pvar_session *session)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	struct mpii_t_pvar_session **p = session ? find_session(*session) : NULL;
	if (!p)
		return mpii_t_leave(MPI_T_ERR_INVALID_SESSION);
	struct mpii_t_pvar_session *s = *p;
	*p = s->next;
	session_release(s);
	*session = MPI_T_PVAR_SESSION_NULL;
	return mpii_t_leave(MPI_SUCCESS);
}

void mpii_t_pvar_drop_all(void)
{
	while (sessions) {
		struct mpii_t_pvar_session *s = sessions;
		sessions = s->next;
		session_release(s);
	}
}

#pragma weak MPI_T_pvar_handle_alloc = PMPI_T_pvar_handle_alloc
int PMPI_T_pvar_handle_alloc(MPI_T_pvar_session session, int pvar_index, void *obj_handle,
			     MPI_T_pvar_handle *handle, int *count)
{
	(void)obj_handle; /* every variable binds to no object */
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!find_session(session))
		return mpii_t_leave(MPI_T_ERR_INVALID_SESSION);
	if (pvar_index < 0 || pvar_index >= NPVARS)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	if (!handle || !count)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	struct mpii_t_pvar_handle *h = calloc(1, sizeof(*h));
	if (!h)
		return mpii_t_leave(MPI_T_ERR_MEMORY);
	h->magic = MPII_T_MAGIC_PVAR;
	h->index = pvar_index;
	if (!is_timer(&pvars[pvar_index]))
		h->base = lib_value(&pvars[pvar_index]);
	h->next = session->handles;
	session->handles = h;
	*handle = h;
	*count = 1;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_pvar_handle_free = PMPI_T_pvar_handle_free
int PMPI_T_pvar_handle_free(MPI_T_pvar_session session, MPI_T_pvar_handle *handle)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!find_session(session))
		return mpii_t_leave(MPI_T_ERR_INVALID_SESSION);
	struct mpii_t_pvar_handle **p = handle ? find_handle(session, *handle) : NULL;
	if (!p)
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	struct mpii_t_pvar_handle *h = *p;
	*p = h->next;
	handle_release(h);
	*handle = MPI_T_PVAR_HANDLE_NULL;
	return mpii_t_leave(MPI_SUCCESS);
}

/* The session and handle of a call that takes both, checked; *all set for
 * MPI_T_PVAR_ALL_HANDLES.  MPI_SUCCESS or the class to return. */
static int check(MPI_T_pvar_session session, MPI_T_pvar_handle handle, int all_ok, int *all)
{
	if (!find_session(session))
		return MPI_T_ERR_INVALID_SESSION;
	*all = handle == MPI_T_PVAR_ALL_HANDLES;
	if (*all)
		return all_ok ? MPI_SUCCESS : MPI_T_ERR_INVALID_HANDLE;
	return find_handle(session, handle) ? MPI_SUCCESS : MPI_T_ERR_INVALID_HANDLE;
}

enum op { OP_START, OP_STOP, OP_RESET };

/* start, stop or reset one handle.  With all, handles the operation does
 * not apply to are skipped instead of failing (MPI-4.1 15.3.7). */
static int apply(struct mpii_t_pvar_handle *h, enum op op, int all)
{
	const struct pvar *p = &pvars[h->index];
	switch (op) {
	case OP_START:
	case OP_STOP:
		if (is_continuous(p))
			return all ? MPI_SUCCESS : MPI_T_ERR_PVAR_NO_STARTSTOP;
		if (op == OP_START && !h->started)
			timer_start(h);
		else if (op == OP_STOP && h->started)
			timer_stop(h);
		return MPI_SUCCESS;
	case OP_RESET:
		if (is_readonly(p))
			return all ? MPI_SUCCESS : MPI_T_ERR_PVAR_NO_WRITE;
		if (is_timer(p)) {
			h->acc = 0;
			if (h->started)
				h->t0 = lib_value(p);
		} else {
			h->base = lib_value(p);
		}
		return MPI_SUCCESS;
	}
	return MPI_T_ERR_INVALID;
}

static int apply_call(MPI_T_pvar_session session, MPI_T_pvar_handle handle, enum op op)
{
	int all, rc = mpii_t_enter();
	if (rc)
		return rc;
	if ((rc = check(session, handle, 1, &all)) != MPI_SUCCESS)
		return mpii_t_leave(rc);
	if (!all)
		return mpii_t_leave(apply(handle, op, 0));
	for (struct mpii_t_pvar_handle *h = session->handles; h; h = h->next)
		apply(h, op, 1);
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_pvar_start = PMPI_T_pvar_start
int PMPI_T_pvar_start(MPI_T_pvar_session session, MPI_T_pvar_handle handle)
{
	return apply_call(session, handle, OP_START);
}

#pragma weak MPI_T_pvar_stop = PMPI_T_pvar_stop
int PMPI_T_pvar_stop(MPI_T_pvar_session session, MPI_T_pvar_handle handle)
{
	return apply_call(session, handle, OP_STOP);
}

#pragma weak MPI_T_pvar_reset = PMPI_T_pvar_reset
int PMPI_T_pvar_reset(MPI_T_pvar_session session, MPI_T_pvar_handle handle)
{
	return apply_call(session, handle, OP_RESET);
}

/* The handle's value into buf; with reset, the base moves to the library
 * value read for it (one read: nothing between is lost). */
static void read_value(struct mpii_t_pvar_handle *h, void *buf, int reset)
{
	const struct pvar *p = &pvars[h->index];
	uint64_t now = lib_value(p);
	if (is_timer(p)) {
		uint64_t ns = h->acc + (h->started ? now - h->t0 : 0);
		*(double *)buf = (double)ns * 1e-9;
		if (reset) {
			h->acc = 0;
			h->t0 = now;
		}
		return;
	}
	if (is_readonly(p)) {
		*(unsigned long long *)buf = now;
		return;
	}
	*(unsigned long long *)buf = now - h->base;
	if (reset)
		h->base = now;
}

#pragma weak MPI_T_pvar_read = PMPI_T_pvar_read
int PMPI_T_pvar_read(MPI_T_pvar_session session, MPI_T_pvar_handle handle, void *buf)
{
	int all, rc = mpii_t_enter();
	if (rc)
		return rc;
	if ((rc = check(session, handle, 0, &all)) != MPI_SUCCESS)
		return mpii_t_leave(rc);
	if (!buf)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	read_value(handle, buf, 0);
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_pvar_readreset = PMPI_T_pvar_readreset
int PMPI_T_pvar_readreset(MPI_T_pvar_session session, MPI_T_pvar_handle handle, void *buf)
{
	int all, rc = mpii_t_enter();
	if (rc)
		return rc;
	if ((rc = check(session, handle, 0, &all)) != MPI_SUCCESS)
		return mpii_t_leave(rc);
	if (is_readonly(&pvars[handle->index]))
		return mpii_t_leave(MPI_T_ERR_PVAR_NO_WRITE);
	if (!buf)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	read_value(handle, buf, 1);
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_pvar_write = PMPI_T_pvar_write
int PMPI_T_pvar_write(MPI_T_pvar_session session, MPI_T_pvar_handle handle, const void *buf)
{
	int all, rc = mpii_t_enter();
	if (rc)
		return rc;
	if ((rc = check(session, handle, 0, &all)) != MPI_SUCCESS)
		return mpii_t_leave(rc);
	const struct pvar *p = &pvars[handle->index];
	if (is_readonly(p))
		return mpii_t_leave(MPI_T_ERR_PVAR_NO_WRITE);
	if (!buf)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	uint64_t now = lib_value(p);
	if (is_timer(p)) {
		double s = *(const double *)buf;
		if (!(s >= 0))
			return mpii_t_leave(MPI_T_ERR_INVALID);
		handle->acc = (uint64_t)(s * 1e9);
		handle->t0 = now;
	} else {
		handle->base = now - *(const unsigned long long *)buf;
	}
	return mpii_t_leave(MPI_SUCCESS);
}
