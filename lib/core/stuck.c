/*
 * lib/core/stuck.c - the "where do I wait" report (see stuck.h).
 *
 * The handler runs on whichever thread the signal lands on and reports the
 * note of the thread that blocked last (a process-wide copy taken when a
 * thread starts to block): enough for the usual one-thread-per-rank job.
 * It formats with snprintf into a stack buffer and writes it with one
 * write(2): no locks, no allocation.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "lib/comm/comm.h"
#include "lib/core/core.h"
#include "shm/mutex.h"
#include "shm/rwlock.h"

__thread struct mpii_stuck_note mpii_stuck __attribute__((tls_model("initial-exec")));

/* The note of the thread that blocked last, and how many threads block.
 * Written by the blocking thread, read by the signal handler: relaxed
 * atomics, a torn report is harmless. */
static _Atomic(const char *) last_call;
static _Atomic(const struct mpii_comm *) last_comm;
static _Atomic int last_peer, last_tag, last_kind, nblocked;
static _Atomic int last_obj_kind, last_obj_rank;
static _Atomic(const void *) last_obj;
static _Atomic(const char *) last_obj_name;
static _Atomic unsigned long long last_obj_off;

/* This thread blocked in a wait on an object (mpii_stuck_object_slept). */
static __thread int obj_blocked;

void mpii_stuck_block(void)
{
	/* Relaxed: a diagnostic snapshot; nothing is ordered by it. */
	shm_store_relaxed(&last_call, mpii_stuck.call);
	shm_store_relaxed(&last_comm, mpii_stuck.comm);
	shm_store_relaxed(&last_peer, mpii_stuck.peer);
	shm_store_relaxed(&last_tag, mpii_stuck.tag);
	shm_store_relaxed(&last_kind, mpii_stuck.kind);
	shm_store_relaxed(&last_obj_kind, mpii_stuck.obj_kind);
	shm_store_relaxed(&last_obj, mpii_stuck.obj);
	shm_store_relaxed(&last_obj_off, mpii_stuck.obj_off);
	shm_store_relaxed(&last_obj_name, mpii_stuck.obj_name);
	shm_store_relaxed(&last_obj_rank, mpii_stuck.obj_rank);
	if (shm_fetch_add_relaxed(&nblocked, 1) == 0 && mpii_g.me)
		/* Relaxed: the launcher samples it every tenth of a second. */
		shm_store_relaxed(&mpii_g.me->blocked, 1);
}

void mpii_stuck_unblock(void)
{
	if (shm_fetch_add_relaxed(&nblocked, -1) == 1 && mpii_g.me)
		shm_store_relaxed(&mpii_g.me->blocked, 0);
	if (mpii_g.me)
		/* Relaxed: a counter the launcher compares between samples. */
		shm_fetch_add_relaxed(&mpii_g.me->heartbeat, 1);
}

void mpii_stuck_object_slept(void)
{
	if (obj_blocked || !mpii_stuck.in_obj_wait)
		return;
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

/* What an object wait is about, with its holder as the shared words say
 * now (relaxed loads: a diagnosis). */
static int object_line(char *line, size_t len, const char *call)
{
	int k = shm_load_relaxed(&last_obj_kind), rank = shm_load_relaxed(&last_obj_rank);
	const void *obj = shm_load_relaxed(&last_obj);
	unsigned long long off = shm_load_relaxed(&last_obj_off);
	const char *name = shm_load_relaxed(&last_obj_name);
	if (k == MPII_STUCK_MUTEX && obj) {
		struct shm_mutex *m = (struct shm_mutex *)obj;
		uint64_t owner = shm_load_relaxed(&m->owner);
		uint32_t state = shm_load_relaxed(&m->state);
		if (owner)
			return snprintf(line, len, "shmpi: rank %d: waiting in %s: MPI_Mutex at arena offset %llu, "
					"held by world rank %d (thread %u)\n", mpii_g.rank, call, off,
					(int)(owner >> 32) - 1, (unsigned)owner);
		return snprintf(line, len, "shmpi: rank %d: waiting in %s: MPI_Mutex at arena offset %llu, "
				"state %u, no owner recorded\n", mpii_g.rank, call, off, state);
	}
	if (k == MPII_STUCK_COND)
		return snprintf(line, len, "shmpi: rank %d: waiting in %s: MPI_Cond at arena offset %llu, for a "
				"signal\n", mpii_g.rank, call, off);
	if (k == MPII_STUCK_WINLOCK && obj) {
		struct shm_rwlock *l = (struct shm_rwlock *)obj;
		uint32_t v = shm_load_relaxed(&l->word), wr = shm_load_relaxed(&l->writer);
		const char *wname = name && name[0] ? name : "(unnamed)";
		if (wr)
			return snprintf(line, len, "shmpi: rank %d: waiting in %s: the lock of window %s at rank %d, "
					"held exclusive by world rank %u\n", mpii_g.rank, call, wname, rank, wr - 1);
		return snprintf(line, len, "shmpi: rank %d: waiting in %s: the lock of window %s at rank %d, "
				"held by %u reader(s)%s\n", mpii_g.rank, call, wname, rank,
				v & ~SHM_RWLOCK_WRITER, v & SHM_RWLOCK_WRITER ? " and a writer" : "");
	}
	return snprintf(line, len, "shmpi: rank %d: waiting in %s\n", mpii_g.rank, call);
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

static void report(int sig)
{
	char line[512], cname[192];
	int saved = errno;
	(void)sig;
	const char *call = shm_load_relaxed(&last_call);
	int blocked = shm_load_relaxed(&nblocked) > 0;
	const struct mpii_comm *comm = shm_load_relaxed(&last_comm);
	int kind = shm_load_relaxed(&last_kind), peer = shm_load_relaxed(&last_peer);
	int tag = shm_load_relaxed(&last_tag);
	int n;
	if (!blocked)
		n = snprintf(line, sizeof(line), "shmpi: rank %d: not waiting in MPI (last blocking call: %s)\n",
			     mpii_g.rank, call ? call : "none");
	else if (kind == 1 || kind == 2)
		n = snprintf(line, sizeof(line), "shmpi: rank %d: waiting in %s: %s rank %d, tag %d, on %s\n",
			     mpii_g.rank, call ? call : "MPI", kind == 1 ? "to" : "from", peer, tag,
			     comm_name(comm, cname, sizeof(cname)));
	else if (kind == 4)
		n = object_line(line, sizeof(line), call ? call : "MPI");
	else if (kind == 3)
		n = snprintf(line, sizeof(line), "shmpi: rank %d: waiting in %s: a collective on %s\n",
			     mpii_g.rank, call ? call : "MPI", comm_name(comm, cname, sizeof(cname)));
	else
		n = snprintf(line, sizeof(line), "shmpi: rank %d: waiting in %s\n", mpii_g.rank,
			     call ? call : "MPI");
	if (n > 0)
		(void)!write(STDERR_FILENO, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
	errno = saved;
}

void mpii_stuck_init(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = report;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(MPII_STUCK_SIGNAL, &sa, NULL);
}
