/*
 * preq.c - persistent requests: what each MPI_Start will move.
 *
 * MPI_Send_init and friends record (request -> peer, bytes, direction) here;
 * MPI_Start/MPI_Startall look the request up and count a message each time;
 * MPI_Request_free forgets it.  An open-addressing table under one mutex:
 * persistent requests are few and a start costs far more than the lock.
 */
#include <pthread.h>
#include <string.h>

#include "perf/prof/prof.h"

#define NSLOTS 4096u /* power of two; requests beyond it are not counted */
#define SLOT_EMPTY 0u
#define SLOT_TOMB UINT64_MAX

struct preq {
	uint64_t handle;
	MPI_Comm comm;
	int peer;
	int is_send;
	uint64_t bytes;
};

static struct preq slots[NSLOTS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static uint64_t handle_of(MPI_Request req)
{
	return prof_handle_key(&req, sizeof req);
}

/* Under lock: the slot holding h, or NULL. */
static struct preq *find(uint64_t h)
{
	unsigned i, n;

	for (i = prof_slot(h, NSLOTS), n = 0; n < NSLOTS; i = (i + 1) & (NSLOTS - 1), n++) {
		if (slots[i].handle == h)
			return &slots[i];
		if (slots[i].handle == SLOT_EMPTY)
			return NULL;
	}
	return NULL;
}

void prof_preq_add(MPI_Request req, int is_send, MPI_Comm comm, int peer, uint64_t bytes)
{
	uint64_t h = handle_of(req);
	struct preq *p;
	unsigned i, n;

	if (req == MPI_REQUEST_NULL)
		return;
	pthread_mutex_lock(&lock);
	p = find(h);
	for (i = prof_slot(h, NSLOTS), n = 0; !p && n < NSLOTS; i = (i + 1) & (NSLOTS - 1), n++)
		if (slots[i].handle == SLOT_EMPTY || slots[i].handle == SLOT_TOMB)
			p = &slots[i];
	if (p) {
		p->handle = h;
		p->comm = comm;
		p->peer = peer;
		p->is_send = is_send;
		p->bytes = bytes;
	}
	pthread_mutex_unlock(&lock);
}

void prof_preq_started(struct prof_call *c, enum prof_fn fn, MPI_Request req)
{
	struct preq copy, *p;

	pthread_mutex_lock(&lock);
	p = find(handle_of(req));
	if (p)
		copy = *p;
	pthread_mutex_unlock(&lock);
	if (!p)
		return;
	if (copy.is_send)
		prof_add_send(c, fn, copy.comm, copy.peer, copy.bytes);
	else if (copy.peer != MPI_PROC_NULL)
		prof_add_bytes(c, fn, 0, copy.bytes);
}

void prof_preq_free(MPI_Request req)
{
	struct preq *p;

	pthread_mutex_lock(&lock);
	p = find(handle_of(req));
	if (p)
		p->handle = SLOT_TOMB;
	pthread_mutex_unlock(&lock);
}
