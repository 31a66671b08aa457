/*
 * lib/core/pool.c - per-kind queues of freed objects (see pool.h).
 *
 * The link of a waiting object lives at offset 8, after the magic word
 * that stale-handle checks read: nothing else of a freed object is read.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/core/pool.h"

static void **link_of(void *obj)
{
	return (void **)((char *)obj + sizeof(uint64_t));
}

void *mpii_pool_get(struct mpii_pool *p)
{
	void *obj = NULL;
	pthread_mutex_lock(&p->lock);
	if (p->waiting > MPII_POOL_KEEP) {
		obj = p->head;
		p->head = *link_of(obj);
		if (!p->head)
			p->tail = NULL;
		p->waiting--;
	}
	pthread_mutex_unlock(&p->lock);
	if (!obj)
		return calloc(1, p->size);
	memset(obj, 0, p->size);
	return obj;
}

void mpii_pool_put(struct mpii_pool *p, void *obj)
{
	*link_of(obj) = NULL;
	pthread_mutex_lock(&p->lock);
	if (p->tail)
		*link_of(p->tail) = obj;
	else
		p->head = obj;
	p->tail = obj;
	p->waiting++;
	pthread_mutex_unlock(&p->lock);
}
