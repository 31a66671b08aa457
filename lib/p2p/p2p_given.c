/*
 * lib/p2p/p2p_given.c - the requests whose address this process has given
 * a peer.
 *
 * The rendezvous and synchronous protocols name requests by address: an
 * RTS or synchronous EAGER carries the sender's request (sreq), a CTS the
 * receiver's (rreq), and the answer (CTS, DATA, FIN, ACK, WDONE) brings
 * the address back to be dereferenced (lib/p2p/p2p_proto.h).  The answer
 * comes through the shared segment, which every rank can write, so the
 * address is checked before use: it must be one this process gave that
 * peer, as that kind of request, and not yet answered for good.  A forged
 * or scribbled address ends the job naming the peer (issue 18), instead of
 * completing or writing through an arbitrary pointer.
 *
 * A private open-addressing table (linear probing, deletion by shifting
 * back), touched only under the library lock like the rest of the
 * protocol's state.  Only rendezvous and synchronous messages pass here:
 * a few table operations next to a process_vm_readv or a round trip.
 */
#include <stdint.h>
#include <stdlib.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"

struct given {
	uintptr_t addr;   /* 0: free slot */
	int32_t peer;     /* the world rank it was given to */
	int32_t kind;     /* enum mpii_given_kind */
};

static struct given *table;
static size_t cap, used;

static size_t slot_of(uintptr_t addr)
{
	/* Requests are malloc'd: the low bits are alignment. */
	return (size_t)(((addr >> 4) * 0x9e3779b97f4a7c15ull) >> 20) & (cap - 1);
}

static void put(struct given g)
{
	size_t i = slot_of(g.addr);
	while (table[i].addr && table[i].addr != g.addr)
		i = (i + 1) & (cap - 1);
	if (!table[i].addr)
		used++;
	table[i] = g;
}

static void grow(void)
{
	struct given *old = table;
	size_t oldcap = cap;
	cap = cap ? cap * 2 : 64;
	table = calloc(cap, sizeof(*table));
	if (!table)
		mpii_abort_job(MPI_ERR_NO_MEM, "out of memory for the rendezvous table");
	used = 0;
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].addr)
			put(old[i]);
	free(old);
}

void mpii_given_add(struct mpii_request *req, int world_peer, enum mpii_given_kind kind)
{
	if ((used + 1) * 2 > cap)
		grow();
	put((struct given){ (uintptr_t)req, world_peer, kind });
}

/* Remove slot i, shifting back the entries of its probe run. */
static void remove_at(size_t i)
{
	size_t j = i;
	for (;;) {
		j = (j + 1) & (cap - 1);
		if (!table[j].addr)
			break;
		size_t home = slot_of(table[j].addr);
		/* Entry j may fill the hole at i when its home is not in (i, j]. */
		if (((j - home) & (cap - 1)) >= ((j - i) & (cap - 1))) {
			table[i] = table[j];
			i = j;
		}
	}
	table[i].addr = 0;
	used--;
}

static const char *kind_name(enum mpii_given_kind kind)
{
	return kind == MPII_GIVEN_SEND ? "send" : "receive";
}

struct mpii_request *mpii_given_answer(uint64_t addr, int world_peer, enum mpii_given_kind kind,
				       int last)
{
	if (cap && addr) {
		size_t i = slot_of((uintptr_t)addr);
		while (table[i].addr) {
			if (table[i].addr == (uintptr_t)addr) {
				if (table[i].peer != world_peer || table[i].kind != (int32_t)kind)
					break;
				if (last)
					remove_at(i);
				return (struct mpii_request *)(uintptr_t)addr;
			}
			i = (i + 1) & (cap - 1);
		}
	}
	mpii_p2p_corrupt(world_peer, "an answer naming %s request %#llx, which this rank did not give it",
			 kind_name(kind), (unsigned long long)addr);
}

void mpii_given_free(void)
{
	free(table);
	table = NULL;
	cap = used = 0;
}
