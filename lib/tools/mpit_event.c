/*
 * lib/tools/mpit_event.c - event sources and events (MPI-4.1 15.3.8).
 *
 * One source, "monotonic_clock": CLOCK_MONOTONIC in nanoseconds, ordered
 * (events of one process are delivered in the order they happened).  Two
 * events: "p2p_unexpected_message", a message joined the unexpected queue
 * (it arrived before a matching receive was posted), with its sender's
 * world rank, its communicator rank, its tag and its length; and
 * "core_wait_blocked", a user thread's wait stopped spinning (the moment
 * the stalled-job report, lib/core/stuck.h, counts the rank as blocked),
 * with what it waits for: kind (1 send, 2 receive, 3 collective, 0 other),
 * peer and tag (-1 when not point-to-point).
 *
 * Delivery is immediate: p2p calls mpii_p2p_unexp_hook and lib/core
 * mpii_wait_blocked_hook, which this file sets while some registration of
 * the event has a callback, from inside the library with the library lock
 * held.  That context requires
 * MPI_T_CB_REQUIRE_MPI_RESTRICTED: of a registration's callbacks the one
 * registered for the lowest safety level at or above it runs, told that
 * level.  A registration whose only callback is for MPI_T_CB_REQUIRE_NONE
 * cannot run there: its events are dropped and its dropped handler (if
 * set) is told at once, in the same restricted context.  Without the hook
 * (no callbacks anywhere) each path pays one test of a NULL pointer.
 *
 * The registrations list is changed under mpii_t_lock and the library
 * lock both, and walked by the hook under the library lock alone; the
 * instance lives on the stack of the thread that fires the event and is
 * valid only during the callback, which is all MPI_T_event_read, copy,
 * get_timestamp and get_source may use it for.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lib/tools/tools.h"
#include "lib/core/core.h"
#include "lib/attr/attr.h"
#include "lib/p2p/p2p.h"

#define MPII_T_MAGIC_REG 0x54524547u
#define MPII_T_MAGIC_INST 0x54494e53u
#define NSAFETY 4

MPI_Count mpii_t_clock(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (MPI_Count)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ------------------------------------------------------------ sources */

#pragma weak MPI_T_source_get_num = PMPI_T_source_get_num
int PMPI_T_source_get_num(int *num_sources)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!num_sources)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	*num_sources = 1;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_source_get_info = PMPI_T_source_get_info
int PMPI_T_source_get_info(int source_index, char *name, int *name_len, char *desc, int *desc_len,
			   MPI_T_source_order *ordering, MPI_Count *ticks_per_second,
			   MPI_Count *max_ticks, MPI_Info *info)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (source_index != 0)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	mpii_t_str(name, name_len, "monotonic_clock");
	mpii_t_str(desc, desc_len,
		   "CLOCK_MONOTONIC of this process in nanoseconds; events in the order they happened");
	if (ordering)
		*ordering = MPI_T_SOURCE_ORDERED;
	if (ticks_per_second)
		*ticks_per_second = 1000000000;
	if (max_ticks)
		*max_ticks = INT64_MAX;
	if (info)
		*info = MPI_INFO_NULL;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_source_get_timestamp = PMPI_T_source_get_timestamp
int PMPI_T_source_get_timestamp(int source_index, MPI_Count *timestamp)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (source_index != 0)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	if (!timestamp)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	*timestamp = mpii_t_clock();
	return mpii_t_leave(MPI_SUCCESS);
}

/* ------------------------------------------------------------- events */

/* The data of each event, as MPI_T_event_copy writes it. */
struct unexp_data {
	int world_source;
	int source;
	int tag;
	unsigned long long bytes;
};

struct blocked_data {
	int kind;
	int peer;
	int tag;
};

#define NEVENTS 2
#define MAX_ELEMS 4
enum { EV_UNEXP, EV_BLOCKED };

static const char *const event_names[NEVENTS] = { "p2p_unexpected_message", "core_wait_blocked" };

static const struct event_desc {
	enum mpii_t_cat cat;
	int nel;
	size_t size;                 /* of the data */
	MPI_Aint disps[MAX_ELEMS];
	size_t sizes[MAX_ELEMS];
	const char *desc;
} events[NEVENTS] = {
	{ MPII_T_CAT_P2P, 4, sizeof(struct unexp_data),
	  { offsetof(struct unexp_data, world_source), offsetof(struct unexp_data, source),
	    offsetof(struct unexp_data, tag), offsetof(struct unexp_data, bytes) },
	  { sizeof(int), sizeof(int), sizeof(int), sizeof(unsigned long long) },
	  "a message arrived before a matching receive was posted and joined the unexpected "
	  "queue; elements: sender's world rank, sender's rank in the communicator, tag, bytes" },
	{ MPII_T_CAT_CORE, 3, sizeof(struct blocked_data),
	  { offsetof(struct blocked_data, kind), offsetof(struct blocked_data, peer),
	    offsetof(struct blocked_data, tag) },
	  { sizeof(int), sizeof(int), sizeof(int) },
	  "a thread's wait in MPI stopped spinning: the rank is blocked (as the stalled-job report "
	  "counts it); elements: what it waits for (1 send, 2 receive, 3 collective, 0 other), "
	  "the peer's rank in the communicator and the tag (-1 unless a send or receive)" },
};

/* The element types: event e's element i (MPI_Datatype handles are not
 * constant expressions). */
static MPI_Datatype elem_type(int e, int i)
{
	return e == EV_UNEXP && i == 3 ? MPI_UNSIGNED_LONG_LONG : MPI_INT;
}

int mpii_t_event_count(void)
{
	return NEVENTS;
}

enum mpii_t_cat mpii_t_event_cat(int i)
{
	return events[i].cat;
}

struct mpii_t_event_instance {
	uint32_t magic;
	int event;
	MPI_Count timestamp;
	union {
		struct unexp_data unexp;
		struct blocked_data blocked;
	} data;
};

struct cb {
	MPI_T_event_cb_function *fn;
	void *user_data;
	struct mpii_info *info;
};

struct mpii_t_event_registration {
	uint32_t magic;
	int event;
	struct mpii_info *info;                   /* as set; NULL: none */
	struct cb cb[NSAFETY];                    /* by MPI_T_cb_safety */
	MPI_T_event_dropped_cb_function *dropped;
	struct mpii_t_event_registration *next;
};

static struct mpii_t_event_registration *regs;

static struct mpii_t_event_registration **find_reg(MPI_T_event_registration r)
{
	for (struct mpii_t_event_registration **p = &regs; *p; p = &(*p)->next)
		if (*p == r)
			return p;
	return NULL;
}

static void fire_unexp(int world_src, int src, int tag, uint64_t bytes);
static void fire_blocked(void);

/* Library lock held: a hook is on while a registration of its event can
 * take events. */
static void update_hook(void)
{
	int on[NEVENTS] = { 0 };
	for (struct mpii_t_event_registration *r = regs; r; r = r->next)
		for (int s = 0; s < NSAFETY; s++)
			on[r->event] |= r->cb[s].fn != NULL;
	mpii_p2p_unexp_hook = on[EV_UNEXP] ? fire_unexp : NULL;
	mpii_wait_blocked_hook = on[EV_BLOCKED] ? fire_blocked : NULL;
}

/* Deliver inst to every registration of its event (library lock held). */
static void deliver(struct mpii_t_event_instance *inst)
{
	for (struct mpii_t_event_registration *r = regs; r; r = r->next) {
		if (r->event != inst->event)
			continue;
		int s = MPI_T_CB_REQUIRE_MPI_RESTRICTED;
		while (s < NSAFETY && !r->cb[s].fn)
			s++;
		if (s < NSAFETY) {
			r->cb[s].fn(inst, r, MPI_T_CB_REQUIRE_MPI_RESTRICTED, r->cb[s].user_data);
		} else if (r->cb[MPI_T_CB_REQUIRE_NONE].fn && r->dropped) {
			r->dropped(1, r, 0, MPI_T_CB_REQUIRE_MPI_RESTRICTED,
				   r->cb[MPI_T_CB_REQUIRE_NONE].user_data);
		}
	}
	inst->magic = 0;
}

/* The hooks: library lock held, inside the transport or a wait. */
static void fire_unexp(int world_src, int src, int tag, uint64_t bytes)
{
	if (!mpii_t_initialized())
		return;
	struct mpii_t_event_instance inst = {
		.magic = MPII_T_MAGIC_INST,
		.event = EV_UNEXP,
		.timestamp = mpii_t_clock(),
		.data.unexp = { world_src, src, tag, bytes },
	};
	deliver(&inst);
}

static void fire_blocked(void)
{
	if (!mpii_t_initialized())
		return;
	int kind = mpii_stuck.kind >= 1 && mpii_stuck.kind <= 3 ? mpii_stuck.kind : 0;
	int p2p = kind == 1 || kind == 2;
	struct mpii_t_event_instance inst = {
		.magic = MPII_T_MAGIC_INST,
		.event = EV_BLOCKED,
		.timestamp = mpii_t_clock(),
		.data.blocked = { kind, p2p ? mpii_stuck.peer : -1, p2p ? mpii_stuck.tag : -1 },
	};
	deliver(&inst);
}

static int info_ok(MPI_Info info)
{
	return info == MPI_INFO_NULL || MPII_VALID(info, MPII_MAGIC_INFO);
}

/* A copy of info for keeping (NULL for MPI_INFO_NULL); 0 or a class. */
static int keep_info(MPI_Info info, struct mpii_info **out)
{
	*out = NULL;
	if (info == MPI_INFO_NULL)
		return MPI_SUCCESS;
	return mpii_info_dup(info, out) == MPI_SUCCESS ? MPI_SUCCESS : MPI_T_ERR_MEMORY;
}

/* A new info object for the user (a copy of kept, or empty). */
static int give_info(struct mpii_info *kept, MPI_Info *out)
{
	struct mpii_info *i;
	if (mpii_info_dup(kept, &i) != MPI_SUCCESS)
		return MPI_T_ERR_MEMORY;
	*out = i;
	return MPI_SUCCESS;
}

#pragma weak MPI_T_event_get_num = PMPI_T_event_get_num
int PMPI_T_event_get_num(int *num_events)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!num_events)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	*num_events = NEVENTS;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_event_get_info = PMPI_T_event_get_info
int PMPI_T_event_get_info(int event_index, char *name, int *name_len, int *verbosity,
			  MPI_Datatype array_of_datatypes[], MPI_Aint array_of_displacements[],
			  int *num_elements, MPI_T_enum *enumtype, MPI_Info *info, char *desc,
			  int *desc_len, int *bind)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (event_index < 0 || event_index >= NEVENTS)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	const struct event_desc *ev = &events[event_index];
	mpii_t_str(name, name_len, event_names[event_index]);
	mpii_t_str(desc, desc_len, ev->desc);
	if (verbosity)
		*verbosity = MPI_T_VERBOSITY_USER_DETAIL;
	if (num_elements) {
		int n = *num_elements < ev->nel ? *num_elements : ev->nel;
		for (int i = 0; i < n; i++) {
			if (array_of_datatypes)
				array_of_datatypes[i] = elem_type(event_index, i);
			if (array_of_displacements)
				array_of_displacements[i] = ev->disps[i];
		}
		*num_elements = ev->nel;
	}
	if (enumtype)
		*enumtype = MPI_T_ENUM_NULL;
	if (info)
		*info = MPI_INFO_NULL;
	if (bind)
		*bind = MPI_T_BIND_NO_OBJECT;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_event_get_index = PMPI_T_event_get_index
int PMPI_T_event_get_index(const char *name, int *event_index)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!name || !event_index)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	int i = mpii_t_find(event_names, NEVENTS, name);
	if (i < 0)
		return mpii_t_leave(MPI_T_ERR_INVALID_NAME);
	*event_index = i;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_event_handle_alloc = PMPI_T_event_handle_alloc
int PMPI_T_event_handle_alloc(int event_index, void *obj_handle, MPI_Info info,
			      MPI_T_event_registration *event_registration)
{
	(void)obj_handle; /* the event binds to no object */
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (event_index < 0 || event_index >= NEVENTS)
		return mpii_t_leave(MPI_T_ERR_INVALID_INDEX);
	if (!event_registration || !info_ok(info))
		return mpii_t_leave(MPI_T_ERR_INVALID);
	struct mpii_t_event_registration *r = calloc(1, sizeof(*r));
	if (!r)
		return mpii_t_leave(MPI_T_ERR_MEMORY);
	if ((rc = keep_info(info, &r->info)) != MPI_SUCCESS) {
		free(r);
		return mpii_t_leave(rc);
	}
	r->magic = MPII_T_MAGIC_REG;
	r->event = event_index;
	mpii_lock();
	r->next = regs;
	regs = r;
	mpii_unlock();
	*event_registration = r;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_event_handle_set_info = PMPI_T_event_handle_set_info
int PMPI_T_event_handle_set_info(MPI_T_event_registration event_registration, MPI_Info info)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!find_reg(event_registration))
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	if (!info_ok(info))
		return mpii_t_leave(MPI_T_ERR_INVALID);
	struct mpii_info *kept;
	if ((rc = keep_info(info, &kept)) != MPI_SUCCESS)
		return mpii_t_leave(rc);
	/* No hint is known: the info is kept to be given back. */
	if (event_registration->info)
		mpii_info_release(event_registration->info);
	event_registration->info = kept;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_event_handle_get_info = PMPI_T_event_handle_get_info
int PMPI_T_event_handle_get_info(MPI_T_event_registration event_registration, MPI_Info *info_used)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!find_reg(event_registration))
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	if (!info_used)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	return mpii_t_leave(give_info(event_registration->info, info_used));
}

static int safety_ok(MPI_T_cb_safety s)
{
	return (int)s >= MPI_T_CB_REQUIRE_NONE && (int)s < NSAFETY;
}

#pragma weak MPI_T_event_register_callback = PMPI_T_event_register_callback
int PMPI_T_event_register_callback(MPI_T_event_registration event_registration,
				   MPI_T_cb_safety cb_safety, MPI_Info info, void *user_data,
				   MPI_T_event_cb_function *event_cb_function)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!find_reg(event_registration))
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	if (!safety_ok(cb_safety) || !info_ok(info))
		return mpii_t_leave(MPI_T_ERR_INVALID);
	struct mpii_info *kept;
	if ((rc = keep_info(info, &kept)) != MPI_SUCCESS)
		return mpii_t_leave(rc);
	struct cb *c = &event_registration->cb[cb_safety];
	struct mpii_info *old = c->info;
	/* A NULL function removes the callback of that level. */
	mpii_lock();
	c->fn = event_cb_function;
	c->user_data = user_data;
	c->info = kept;
	update_hook();
	mpii_unlock();
	if (old)
		mpii_info_release(old);
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_event_callback_set_info = PMPI_T_event_callback_set_info
int PMPI_T_event_callback_set_info(MPI_T_event_registration event_registration,
				   MPI_T_cb_safety cb_safety, MPI_Info info)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!find_reg(event_registration))
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	if (!safety_ok(cb_safety) || !info_ok(info))
		return mpii_t_leave(MPI_T_ERR_INVALID);
	struct cb *c = &event_registration->cb[cb_safety];
	if (!c->fn)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	struct mpii_info *kept;
	if ((rc = keep_info(info, &kept)) != MPI_SUCCESS)
		return mpii_t_leave(rc);
	if (c->info)
		mpii_info_release(c->info);
	c->info = kept;
	return mpii_t_leave(MPI_SUCCESS);
}

#pragma weak MPI_T_event_callback_get_info = PMPI_T_event_callback_get_info
int PMPI_T_event_callback_get_info(MPI_T_event_registration event_registration,
				   MPI_T_cb_safety cb_safety, MPI_Info *info_used)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!find_reg(event_registration))
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	if (!safety_ok(cb_safety) || !info_used)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	struct cb *c = &event_registration->cb[cb_safety];
	if (!c->fn)
		return mpii_t_leave(MPI_T_ERR_INVALID);
	return mpii_t_leave(give_info(c->info, info_used));
}

/* Unlink r (both locks) and free what it holds but r itself. */
static void reg_unlink(struct mpii_t_event_registration **p)
{
	struct mpii_t_event_registration *r = *p;
	mpii_lock();
	*p = r->next;
	update_hook();
	mpii_unlock();
	for (int s = 0; s < NSAFETY; s++)
		if (r->cb[s].info)
			mpii_info_release(r->cb[s].info);
	if (r->info)
		mpii_info_release(r->info);
	r->magic = 0;
}

#pragma weak MPI_T_event_handle_free = PMPI_T_event_handle_free
int PMPI_T_event_handle_free(MPI_T_event_registration event_registration, void *user_data,
			     MPI_T_event_free_cb_function *free_cb_function)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	struct mpii_t_event_registration **p = find_reg(event_registration);
	if (!p)
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	reg_unlink(p);
	mpii_t_leave(MPI_SUCCESS);
	/* No callback of it can be running now (the hook runs under the
	 * library lock, which reg_unlink took): the free callback is the last
	 * word, in an unrestricted context. */
	if (free_cb_function)
		free_cb_function(event_registration, MPI_T_CB_REQUIRE_NONE, user_data);
	free(event_registration);
	return MPI_SUCCESS;
}

#pragma weak MPI_T_event_set_dropped_handler = PMPI_T_event_set_dropped_handler
int PMPI_T_event_set_dropped_handler(MPI_T_event_registration event_registration,
				     MPI_T_event_dropped_cb_function *dropped_cb_function)
{
	int rc = mpii_t_enter();
	if (rc)
		return rc;
	if (!find_reg(event_registration))
		return mpii_t_leave(MPI_T_ERR_INVALID_HANDLE);
	mpii_lock();
	event_registration->dropped = dropped_cb_function;
	mpii_unlock();
	return mpii_t_leave(MPI_SUCCESS);
}

void mpii_t_event_drop_all(void)
{
	while (regs) {
		struct mpii_t_event_registration *r = regs;
		reg_unlink(&regs);
		free(r);
	}
}

/* The instance calls: inside a callback only, without mpii_t_lock (the
 * firing thread holds the library lock; see the top of the file). */
static int inst_ok(MPI_T_event_instance i)
{
	return i && i->magic == MPII_T_MAGIC_INST;
}

#pragma weak MPI_T_event_read = PMPI_T_event_read
int PMPI_T_event_read(MPI_T_event_instance event_instance, int element_index, void *buffer)
{
	if (!mpii_t_initialized())
		return MPI_T_ERR_NOT_INITIALIZED;
	if (!inst_ok(event_instance))
		return MPI_T_ERR_INVALID_HANDLE;
	const struct event_desc *ev = &events[event_instance->event];
	if (element_index < 0 || element_index >= ev->nel)
		return MPI_T_ERR_INVALID_ITEM;
	if (!buffer)
		return MPI_T_ERR_INVALID;
	memcpy(buffer, (const char *)&event_instance->data + ev->disps[element_index],
	       ev->sizes[element_index]);
	return MPI_SUCCESS;
}

#pragma weak MPI_T_event_copy = PMPI_T_event_copy
int PMPI_T_event_copy(MPI_T_event_instance event_instance, void *buffer)
{
	if (!mpii_t_initialized())
		return MPI_T_ERR_NOT_INITIALIZED;
	if (!inst_ok(event_instance))
		return MPI_T_ERR_INVALID_HANDLE;
	if (!buffer)
		return MPI_T_ERR_INVALID;
	memcpy(buffer, &event_instance->data, events[event_instance->event].size);
	return MPI_SUCCESS;
}

#pragma weak MPI_T_event_get_timestamp = PMPI_T_event_get_timestamp
int PMPI_T_event_get_timestamp(MPI_T_event_instance event_instance, MPI_Count *event_timestamp)
{
	if (!mpii_t_initialized())
		return MPI_T_ERR_NOT_INITIALIZED;
	if (!inst_ok(event_instance))
		return MPI_T_ERR_INVALID_HANDLE;
	if (!event_timestamp)
		return MPI_T_ERR_INVALID;
	*event_timestamp = event_instance->timestamp;
	return MPI_SUCCESS;
}

#pragma weak MPI_T_event_get_source = PMPI_T_event_get_source
int PMPI_T_event_get_source(MPI_T_event_instance event_instance, int *source_index)
{
	if (!mpii_t_initialized())
		return MPI_T_ERR_NOT_INITIALIZED;
	if (!inst_ok(event_instance))
		return MPI_T_ERR_INVALID_HANDLE;
	if (!source_index)
		return MPI_T_ERR_INVALID;
	*source_index = 0;
	return MPI_SUCCESS;
}
