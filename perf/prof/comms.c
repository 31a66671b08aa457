/*
 * comms.c - the communicators the profiler has seen and their traffic rows.
 *
 * Each communicator gets a struct prof_comm with the MPI_COMM_WORLD rank of
 * every rank it can send to (translated once with groups), its name, and a
 * row of messages and bytes sent per world rank.  Entries are found by
 * handle in an open-addressing table: lookups are lock-free (a slot's key is
 * published with a release store after its entry is complete), inserts and
 * deletes take a mutex.  A freed handle's slot becomes a tombstone, so a
 * reused handle value gets a fresh entry; entries themselves live until the
 * report.
 *
 * The key that matches one communicator across ranks is shmpi's
 * MPI_Communicator_id (unique across the job); with other MPIs it is the
 * order of creation by the wrapped calls (WORLD 0, SELF 1, then 2, 3, ...),
 * the same on all members when they create communicators in the same order,
 * as collective creation requires.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "perf/prof/prof.h"

#define NSLOTS 4096u /* power of two; live communicators beyond it go unrecorded */
#define SLOT_EMPTY 0u
#define SLOT_TOMB UINT64_MAX
#define KEY_LAZY (1ull << 40) /* first seen by a send, not by its creation */

struct slot {
	uint64_t handle;
	struct prof_comm *pc;
};

static struct slot slots[NSLOTS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct prof_comm *all;
static int world_size, world_rank;
static MPI_Group world_group = MPI_GROUP_NULL;
static uint64_t next_seq = 2, next_lazy = KEY_LAZY;
static int use_id; /* MPI_Communicator_id works */

static uint64_t handle_of(MPI_Comm comm)
{
	return prof_handle_key(&comm, sizeof comm);
}

/* Lock-free: the acquire load of handle pairs with the release store in
 * insert(), so pc is complete when the handle matches. */
static struct prof_comm *lookup(uint64_t h)
{
	unsigned i, n;

	for (i = prof_slot(h, NSLOTS), n = 0; n < NSLOTS; i = (i + 1) & (NSLOTS - 1), n++) {
		uint64_t k = __atomic_load_n(&slots[i].handle, __ATOMIC_ACQUIRE);

		if (k == h)
			return slots[i].pc;
		if (k == SLOT_EMPTY)
			return NULL;
	}
	return NULL;
}

/* Under lock. */
static void insert(uint64_t h, struct prof_comm *pc)
{
	unsigned i, n;

	for (i = prof_slot(h, NSLOTS), n = 0; n < NSLOTS; i = (i + 1) & (NSLOTS - 1), n++) {
		uint64_t k = slots[i].handle;

		if (k == SLOT_EMPTY || k == SLOT_TOMB || k == h) {
			slots[i].pc = pc;
			/* pairs with the acquire load in lookup() */
			__atomic_store_n(&slots[i].handle, h, __ATOMIC_RELEASE);
			return;
		}
	}
}

/* Builds the entry of comm (PMPI queries); under lock.  NULL on failure. */
static struct prof_comm *comm_new(MPI_Comm comm, uint64_t key)
{
	struct prof_comm *pc = calloc(1, sizeof *pc);
	MPI_Group g = MPI_GROUP_NULL;
	int inter = 0, len = 0, i, *ranks = NULL;

	if (!pc)
		return NULL;
	if (PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS)
		goto fail_free;
	if ((inter ? PMPI_Comm_remote_group(comm, &g) : PMPI_Comm_group(comm, &g)) != MPI_SUCCESS)
		goto fail_free;
	if (PMPI_Group_size(g, &pc->size) != MPI_SUCCESS || pc->size < 0)
		goto fail_group;
	pc->world = malloc((size_t)(pc->size ? pc->size : 1) * sizeof *pc->world);
	ranks = malloc((size_t)(pc->size ? pc->size : 1) * sizeof *ranks);
	pc->msgs = calloc((size_t)world_size, sizeof *pc->msgs);
	pc->bytes = calloc((size_t)world_size, sizeof *pc->bytes);
	if (!pc->world || !ranks || !pc->msgs || !pc->bytes)
		goto fail_group;
	for (i = 0; i < pc->size; i++)
		ranks[i] = i;
	if (PMPI_Group_translate_ranks(g, pc->size, ranks, world_group, pc->world) != MPI_SUCCESS)
		goto fail_group;
	for (i = 0; i < pc->size; i++)
		if (pc->world[i] == MPI_UNDEFINED || pc->world[i] >= world_size)
			pc->world[i] = -1;
#ifdef SHMPI
	if (use_id) {
		int id;

		if (PMPI_Communicator_id(comm, &id) == MPI_SUCCESS)
			key = (uint64_t)(unsigned)id;
	}
#endif
	pc->key = key;
	if (PMPI_Comm_get_name(comm, pc->name, &len) != MPI_SUCCESS)
		pc->name[0] = '\0';
	free(ranks);
	PMPI_Group_free(&g);
	pc->next = all;
	all = pc;
	return pc;

fail_group:
	PMPI_Group_free(&g);
fail_free:
	free(ranks);
	free(pc->world);
	free(pc->msgs);
	free(pc->bytes);
	free(pc);
	return NULL;
}

/* shmpi's extension may be missing from a partial build: try it once on
 * MPI_COMM_WORLD with errors returned, not fatal. */
static int communicator_id_works(void)
{
#ifdef SHMPI
	MPI_Errhandler eh;
	int id, rc;

	if (PMPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh) != MPI_SUCCESS)
		return 0;
	PMPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	rc = PMPI_Communicator_id(MPI_COMM_WORLD, &id);
	PMPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
	PMPI_Errhandler_free(&eh);
	return rc == MPI_SUCCESS;
#else
	return 0;
#endif
}

int prof_comm_init(void)
{
	struct prof_comm *w, *s;

	if (PMPI_Comm_size(MPI_COMM_WORLD, &world_size) != MPI_SUCCESS ||
	    PMPI_Comm_rank(MPI_COMM_WORLD, &world_rank) != MPI_SUCCESS ||
	    PMPI_Comm_group(MPI_COMM_WORLD, &world_group) != MPI_SUCCESS)
		return -1;
	use_id = communicator_id_works();
	pthread_mutex_lock(&lock);
	w = comm_new(MPI_COMM_WORLD, 0);
	s = comm_new(MPI_COMM_SELF, 1);
	if (w)
		insert(handle_of(MPI_COMM_WORLD), w);
	if (s)
		insert(handle_of(MPI_COMM_SELF), s);
	pthread_mutex_unlock(&lock);
	return w ? 0 : -1;
}

void prof_comm_created(MPI_Comm comm, int ready)
{
	struct prof_comm *pc;
	uint64_t seq;

	if (!world_size)
		return;
	pthread_mutex_lock(&lock);
	/* every caller counts, members or not, to keep the order aligned */
	seq = next_seq++;
	if (comm != MPI_COMM_NULL && ready) {
		pc = comm_new(comm, seq);
		if (pc)
			insert(handle_of(comm), pc);
	}
	pthread_mutex_unlock(&lock);
}

void prof_comm_freed(MPI_Comm comm)
{
	uint64_t h = handle_of(comm);
	unsigned i, n;

	pthread_mutex_lock(&lock);
	for (i = prof_slot(h, NSLOTS), n = 0; n < NSLOTS; i = (i + 1) & (NSLOTS - 1), n++) {
		if (slots[i].handle == h) {
			__atomic_store_n(&slots[i].handle, SLOT_TOMB, __ATOMIC_RELEASE);
			break;
		}
		if (slots[i].handle == SLOT_EMPTY)
			break;
	}
	pthread_mutex_unlock(&lock);
}

void prof_comm_named(MPI_Comm comm, const char *name)
{
	struct prof_comm *pc = prof_comm_get(comm);

	if (!pc)
		return;
	pthread_mutex_lock(&lock);
	snprintf(pc->name, sizeof pc->name, "%s", name ? name : "");
	pthread_mutex_unlock(&lock);
}

struct prof_comm *prof_comm_get(MPI_Comm comm)
{
	uint64_t h = handle_of(comm);
	struct prof_comm *pc;

	if (comm == MPI_COMM_NULL || !world_size)
		return NULL;
	pc = lookup(h);
	if (pc)
		return pc;
	pthread_mutex_lock(&lock);
	pc = lookup(h);
	if (!pc) {
		pc = comm_new(comm, next_lazy++);
		if (pc)
			insert(h, pc);
	}
	pthread_mutex_unlock(&lock);
	return pc;
}

struct prof_comm *prof_comm_list(void)
{
	return all;
}

int prof_world_size(void)
{
	return world_size;
}

int prof_world_rank(void)
{
	return world_rank;
}
