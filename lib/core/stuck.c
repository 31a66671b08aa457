/*
 * lib/core/stuck.c - the "where do I wait" report (see stuck.h).
 *
 * Each thread that blocks takes a slot of a small process-wide table and
 * copies its note there; the signal handler, on whichever thread the
 * signal lands, writes one line for each slot in use (a rank whose main
 * thread waits in MPI_Handler_lock and whose handler thread waits in
 * MPI_Recv shows both).  More than MPII_STUCK_SLOTS blocked threads: the
 * others are counted, not shown.  The handler formats with snprintf into
 * a stack buffer and writes each line with one write(2): no locks, no
 * allocation.
 *
 * The thread that blocks also publishes what it waits for in the member
 * block (shm_member.wait_*), for the launcher's summary: the world rank it
 * waits for (a message's peer, a mutex's or window lock's holder, a post's
 * target), so that a cycle of waits can be named, and a collective's call
 * and context, so that ranks in different collectives can.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "lib/comm/comm.h"
#include "lib/core/core.h"
#include "shm/cond.h"
#include "shm/mutex.h"
#include "shm/rwlock.h"

__thread struct mpii_stuck_note mpii_stuck __attribute__((tls_model("initial-exec")));

/* Before the rank joins the segment (and in a process without one) the
 * count goes here. */
static _Atomic uint64_t calls_private;
_Atomic uint64_t *mpii_stuck_calls = &calls_private;

/* One blocked thread's note.  Written by the blocking thread, read by the
 * signal handler: relaxed atomics, a torn report is harmless. */
#define MPII_STUCK_SLOTS 8
struct slot {
	_Atomic int used;
	_Atomic int tid;
	_Atomic(const char *) call;
	_Atomic(const char *) thread;
	_Atomic(const struct mpii_comm *) comm;
	_Atomic int peer, tag, kind, obj_kind, obj_rank, obj_peer, obj_n;
	_Atomic(const void *) obj;
	_Atomic(const char *) obj_name;
	_Atomic unsigned long long obj_off;
	_Atomic(const void *) obj2;
	_Atomic unsigned long long obj2_off;
};
static struct slot slots[MPII_STUCK_SLOTS];
static _Atomic int nblocked;

/* This thread's slot while it is blocked (-1: none, or the table was
 * full), and whether it blocked in a wait on an object
 * (mpii_stuck_object_slept). */
static __thread int my_slot = -1;
static __thread int obj_blocked;

/* The holder's world rank of a mutex or window lock, from its shared
 * words now; -1 when none or not a rank of the job (relaxed: a diagnosis). */
static int holder(int obj_kind, const void *obj)
{
	int r = -1;
	if (obj_kind == MPII_STUCK_MUTEX && obj) {
		uint64_t owner = shm_load_relaxed(&((struct shm_mutex *)obj)->owner);
		r = owner ? (int)(owner >> 32) - 1 : -1;
	} else if (obj_kind == MPII_STUCK_WINLOCK && obj) {
		uint32_t wr = shm_load_relaxed(&((struct shm_rwlock *)obj)->writer);
		r = wr ? (int)wr - 1 : -1;
	}
	return r >= 0 && r < mpii_g.size ? r : -1;
}

/* The world rank that signalled condition obj last, -1 when none or not
 * a rank of the job (relaxed: a diagnosis). */
static int signaller(const void *obj)
{
	uint64_t id = obj ? shm_load_relaxed(&((struct shm_cond *)obj)->signaller) : 0;
	int r = id ? (int)(id >> 32) - 1 : -1;
	return r >= 0 && r < mpii_g.size ? r : -1;
}

/* "its mutex (arena offset M) held by world rank R (thread T), last
 * signalled by ..." for a condition wait's line: who can signal. */
static int cond_who(char *buf, size_t len, const void *cond, const void *mutex, unsigned long long moff)
{
	uint64_t owner = mutex ? shm_load_relaxed(&((struct shm_mutex *)mutex)->owner) : 0;
	uint64_t sig = cond ? shm_load_relaxed(&((struct shm_cond *)cond)->signaller) : 0;
	int n = 0;
	if (!mutex)
		n = snprintf(buf, len, "%s", "");
	else if (owner)
		n = snprintf(buf, len, ": its mutex (arena offset %llu) held by world rank %d (thread %u)", moff,
			     (int)(owner >> 32) - 1, (unsigned)owner);
	else
		n = snprintf(buf, len, ": its mutex (arena offset %llu) free", moff);
	if (n < 0 || (size_t)n >= len)
		return n;
	if (sig)
		n += snprintf(buf + n, len - (size_t)n, "%slast signalled by world rank %d (thread %u)",
			      mutex ? ", " : ": ", (int)(sig >> 32) - 1, (unsigned)sig);
	else
		n += snprintf(buf + n, len - (size_t)n, "%snever signalled", mutex ? ", " : ": ");
	return n;
}

/* Publish the calling thread's note in the member block (shm.h's
 * shm_wait_kind).  Relaxed stores: the launcher reads them once it has
 * seen every rank blocked for seconds; a torn or stale value only makes
 * its summary less precise. */
static void publish(void)
{
	struct shm_member *m = mpii_g.me;
	const struct mpii_stuck_note *n = &mpii_stuck;
	uint32_t k = SHM_WAIT_NONE;
	int32_t rank = -1, arg = 0;
	uint64_t obj = 0;
	if (!m)
		return;
	switch (n->kind) {
	case 1:
	case 2:
		k = n->kind == 1 ? SHM_WAIT_SEND : SHM_WAIT_RECV;
		if (n->comm && n->peer >= 0 && n->peer < mpii_comm_peer_size(n->comm))
			rank = mpii_comm_peer_world(n->comm, n->peer);
		arg = n->tag;
		break;
	case 3:
		k = SHM_WAIT_COLL;
		obj = n->comm ? n->comm->ctx : 0;
		break;
	case 4:
		switch (n->obj_kind) {
		case MPII_STUCK_MUTEX:
			k = SHM_WAIT_MUTEX;
			obj = n->obj_off;
			rank = holder(n->obj_kind, n->obj);
			break;
		case MPII_STUCK_COND:
			/* Who can end the wait: the mutex's holder (it can
			 * signal now), else whoever signalled last. */
			k = SHM_WAIT_COND;
			obj = n->obj_off;
			rank = holder(MPII_STUCK_MUTEX, n->obj2);
			if (rank < 0)
				rank = signaller(n->obj);
			break;
		case MPII_STUCK_WINLOCK:
			k = SHM_WAIT_WINLOCK;
			rank = holder(n->obj_kind, n->obj);
			arg = n->obj_rank;
			break;
		case MPII_STUCK_FENCE:
			k = SHM_WAIT_COLL;
			obj = n->comm ? n->comm->ctx : 0;
			break;
		case MPII_STUCK_POST:
			k = SHM_WAIT_POST;
			rank = n->obj_peer;
			arg = n->obj_rank;
			break;
		case MPII_STUCK_COMPLETE:
			k = SHM_WAIT_COMPLETE;
			arg = n->obj_n;
			break;
		case MPII_STUCK_LOOSE:
			k = SHM_WAIT_LOOSE;
			rank = n->obj_peer;
			obj = n->comm ? n->comm->ctx : 0;
			arg = n->obj_n;
			break;
		case MPII_STUCK_HANDLER:
			k = SHM_WAIT_HANDLER;
			arg = n->obj_n;
			break;
		}
		break;
	}
	char name[8 * SHM_WAIT_CALL_WORDS];
	memset(name, 0, sizeof(name));
	for (size_t i = 0; n->call && i < sizeof(name) && n->call[i]; i++)
		name[i] = n->call[i];
	for (int w = 0; w < SHM_WAIT_CALL_WORDS; w++) {
		uint64_t v;
		memcpy(&v, name + 8 * w, 8);
		shm_store_relaxed(&m->wait_call[w], v);
	}
	shm_store_relaxed(&m->wait_rank, rank);
	shm_store_relaxed(&m->wait_arg, arg);
	shm_store_relaxed(&m->wait_obj, obj);
	shm_store_relaxed(&m->wait_kind, k);
}

static void fill_slot(struct slot *s)
{
	const struct mpii_stuck_note *n = &mpii_stuck;
	/* Relaxed: a diagnostic snapshot; nothing is ordered by it. */
	shm_store_relaxed(&s->call, n->call);
	shm_store_relaxed(&s->thread, n->thread);
	shm_store_relaxed(&s->comm, n->comm);
	shm_store_relaxed(&s->peer, n->peer);
	shm_store_relaxed(&s->tag, n->tag);
	shm_store_relaxed(&s->kind, n->kind);
	shm_store_relaxed(&s->obj_kind, n->obj_kind);
	shm_store_relaxed(&s->obj, n->obj);
	shm_store_relaxed(&s->obj_off, n->obj_off);
	shm_store_relaxed(&s->obj2, n->obj2);
	shm_store_relaxed(&s->obj2_off, n->obj2_off);
	shm_store_relaxed(&s->obj_name, n->obj_name);
	shm_store_relaxed(&s->obj_rank, n->obj_rank);
	shm_store_relaxed(&s->obj_peer, n->obj_peer);
	shm_store_relaxed(&s->obj_n, n->obj_n);
}

void mpii_stuck_block(void)
{
	if (my_slot < 0) {
		for (int i = 0; i < MPII_STUCK_SLOTS; i++) {
			int z = 0;
			/* Relaxed: the slot's fields are read racily anyway;
			 * the exchange only keeps two threads out of one slot. */
			if (shm_cas_relaxed(&slots[i].used, &z, 1)) {
				my_slot = i;
				break;
			}
		}
	}
	if (my_slot >= 0) {
		fill_slot(&slots[my_slot]);
		shm_store_relaxed(&slots[my_slot].tid, (int)syscall(SYS_gettid));
	}
	publish();
	if (shm_fetch_add_relaxed(&nblocked, 1) == 0 && mpii_g.me)
		/* Relaxed: the launcher samples it every tenth of a second. */
		shm_store_relaxed(&mpii_g.me->blocked, 1);
}

void mpii_stuck_unblock(void)
{
	if (my_slot >= 0) {
		/* Relaxed: see mpii_stuck_block. */
		shm_store_relaxed(&slots[my_slot].used, 0);
		my_slot = -1;
	}
	if (shm_fetch_add_relaxed(&nblocked, -1) == 1 && mpii_g.me) {
		shm_store_relaxed(&mpii_g.me->wait_kind, SHM_WAIT_NONE);
		shm_store_relaxed(&mpii_g.me->blocked, 0);
	}
	if (mpii_g.me)
		/* Relaxed: a counter the launcher compares between samples. */
		shm_fetch_add_relaxed(&mpii_g.me->heartbeat, 1);
}

void mpii_stuck_object_slept(void)
{
	if (!mpii_stuck.in_obj_wait)
		return;
	if (obj_blocked) {
		publish(); /* the holder may have changed */
		return;
	}
	obj_blocked = 1;
	mpii_stuck_block();
}

void mpii_stuck_object_done(void)
{
	mpii_stuck.in_obj_wait = 0;
	if (!obj_blocked)
		return;
	obj_blocked = 0;
	mpii_stuck_unblock();
}

static const char *comm_name(const struct mpii_comm *c, char *buf, size_t len)
{
	if (!c)
		return "an unknown communicator";
	if (c == &mpii_obj_comm_world)
		return "MPI_COMM_WORLD";
	if (c == &mpii_obj_comm_self)
		return "MPI_COMM_SELF";
	if (c->name[0]) {
		snprintf(buf, len, "communicator \"%s\"", c->name);
		return buf;
	}
	snprintf(buf, len, "a communicator of %d ranks (context %u)", c->size, (unsigned)c->ctx);
	return buf;
}

/* What an object or epoch wait is about, with a holder as the shared
 * words say now (relaxed loads: a diagnosis).  pre is "shmpi: rank R:
 * waiting in CALL". */
static int object_line(char *line, size_t len, const char *pre, const struct slot *s)
{
	int k = shm_load_relaxed(&s->obj_kind), rank = shm_load_relaxed(&s->obj_rank);
	int peer = shm_load_relaxed(&s->obj_peer), n = shm_load_relaxed(&s->obj_n);
	const void *obj = shm_load_relaxed(&s->obj);
	unsigned long long off = shm_load_relaxed(&s->obj_off);
	const char *name = shm_load_relaxed(&s->obj_name);
	const char *wname = name && name[0] ? name : "(unnamed)";
	char cname[192];
	const char *cn = comm_name(shm_load_relaxed(&s->comm), cname, sizeof(cname));
	switch (k) {
	case MPII_STUCK_MUTEX:
		if (obj) {
			struct shm_mutex *m = (struct shm_mutex *)obj;
			uint64_t owner = shm_load_relaxed(&m->owner);
			uint32_t state = shm_load_relaxed(&m->state);
			if (owner)
				return snprintf(line, len, "%s: MPI_Mutex at arena offset %llu, held by world rank %d "
						"(thread %u)", pre, off, (int)(owner >> 32) - 1, (unsigned)owner);
			return snprintf(line, len, "%s: MPI_Mutex at arena offset %llu, state %u, no owner recorded",
					pre, off, state);
		}
		break;
	case MPII_STUCK_COND: {
		char who[160];
		cond_who(who, sizeof(who), obj, shm_load_relaxed(&s->obj2), shm_load_relaxed(&s->obj2_off));
		return snprintf(line, len, "%s: MPI_Cond at arena offset %llu, for a signal%s", pre, off, who);
	}
	case MPII_STUCK_WINLOCK:
		if (obj) {
			struct shm_rwlock *l = (struct shm_rwlock *)obj;
			uint32_t v = shm_load_relaxed(&l->word), wr = shm_load_relaxed(&l->writer);
			if (wr)
				return snprintf(line, len, "%s: the lock of window %s at rank %d, held exclusive by "
						"world rank %u", pre, wname, rank, wr - 1);
			return snprintf(line, len, "%s: the lock of window %s at rank %d, held by %u reader(s)%s",
					pre, wname, rank, v & ~SHM_RWLOCK_WRITER,
					v & SHM_RWLOCK_WRITER ? " and a writer" : "");
		}
		break;
	case MPII_STUCK_FENCE:
		return snprintf(line, len, "%s: the barrier of window %s, a collective on %s", pre, wname, cn);
	case MPII_STUCK_POST:
		return snprintf(line, len, "%s: for the MPI_Win_post of rank %d (world rank %d) of window %s",
				pre, rank, peer, wname);
	case MPII_STUCK_COMPLETE:
		return snprintf(line, len, "%s: for MPI_Win_complete from %d of the %d origin(s) of window %s",
				pre, n, rank, wname);
	case MPII_STUCK_LOOSE:
		return snprintf(line, len, "%s: round %d, for rank %d (world rank %d) on %s", pre, n, rank,
				peer, cn);
	case MPII_STUCK_HANDLER:
		return snprintf(line, len, "%s: for %d handler(s) still running on the handler thread", pre, n);
	}
	return snprintf(line, len, "%s", pre);
}

/* One blocked thread's line, with its newline; many says whether to name
 * the thread (several are blocked). */
static int slot_line(char *line, size_t len, const struct slot *s, int many)
{
	char pre[160], cname[192], who[64] = "";
	const char *call = shm_load_relaxed(&s->call);
	const char *thread = shm_load_relaxed(&s->thread);
	int kind = shm_load_relaxed(&s->kind);
	if (many || thread)
		snprintf(who, sizeof(who), " (%s %d)", thread ? thread : "thread",
			 shm_load_relaxed(&s->tid));
	snprintf(pre, sizeof(pre), "shmpi: rank %d%s: waiting in %s", mpii_g.rank, who, call ? call : "MPI");
	int n;
	if (kind == 1 || kind == 2) {
		int peer = shm_load_relaxed(&s->peer);
		char p[32];
		if (peer == MPI_ANY_SOURCE)
			snprintf(p, sizeof(p), "any rank");
		else
			snprintf(p, sizeof(p), "rank %d", peer);
		n = snprintf(line, len, "%s: %s %s, tag %d, on %s", pre, kind == 1 ? "to" : "from", p,
			     shm_load_relaxed(&s->tag), comm_name(shm_load_relaxed(&s->comm), cname, sizeof(cname)));
	} else if (kind == 4) {
		n = object_line(line, len, pre, s);
	} else if (kind == 3) {
		n = snprintf(line, len, "%s: a collective on %s", pre,
			     comm_name(shm_load_relaxed(&s->comm), cname, sizeof(cname)));
	} else {
		n = snprintf(line, len, "%s", pre);
	}
	if (n < 0)
		return 0;
	if ((size_t)n > len - 2)
		n = (int)len - 2;
	line[n++] = '\n';
	line[n] = 0;
	return n;
}

/* si_value of the launcher's signal: for how many milliseconds this
 * rank's call count has not moved (launcher/stall.c), -1 unknown. */
static void report(int sig, siginfo_t *si, void *uc)
{
	char line[512];
	int saved = errno;
	(void)sig;
	(void)uc;
	int still_ms = si && si->si_code == SI_QUEUE ? si->si_value.sival_int : -1;
	int nb = shm_load_relaxed(&nblocked), shown = 0;
	if (nb > 0) {
		for (int i = 0; i < MPII_STUCK_SLOTS; i++) {
			if (!shm_load_relaxed(&slots[i].used))
				continue;
			int n = slot_line(line, sizeof(line), &slots[i], nb > 1);
			if (n > 0)
				(void)!write(STDERR_FILENO, line, (size_t)n);
			shown++;
		}
		if (shown < nb) {
			int n = snprintf(line, sizeof(line), "shmpi: rank %d: and %d more thread(s) waiting in MPI\n",
					 mpii_g.rank, nb - shown);
			if (n > 0)
				(void)!write(STDERR_FILENO, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
		}
	} else {
		const char *call = mpii_stuck.call;
		int n;
		if (still_ms >= 200)
			n = snprintf(line, sizeof(line), "shmpi: rank %d: not in MPI for %.1f s (no call since %s)\n",
				     mpii_g.rank, still_ms / 1000.0, call ? call : "MPI_Init");
		else if (still_ms >= 0)
			n = snprintf(line, sizeof(line), "shmpi: rank %d: not waiting in MPI, but calling it (last "
				     "call: %s)\n", mpii_g.rank, call ? call : "none");
		else
			n = snprintf(line, sizeof(line), "shmpi: rank %d: not waiting in MPI (last call: %s)\n",
				     mpii_g.rank, call ? call : "none");
		if (n > 0)
			(void)!write(STDERR_FILENO, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
	}
	errno = saved;
}

void mpii_stuck_init(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = report;
	sa.sa_flags = SA_RESTART | SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(MPII_STUCK_SIGNAL, &sa, NULL);
}
