/*
 * lib/type_core.c - what the transport calls on a datatype: checks,
 * references, and packing of a byte range of the packed stream.
 *
 * Contiguous types are one memcpy at true_lb; everything else goes through
 * the compiled description (the type engine replaces the fallback below).
 */
#include <stdatomic.h>
#include <string.h>
#include "lib/datatype.h"

int mpii_type_check_comm(MPI_Datatype dt)
{
	if (!MPII_VALID(dt, MPII_MAGIC_DATATYPE))
		return MPI_ERR_TYPE;
	if (!(dt->flags & MPII_DT_COMMITTED))
		return MPI_ERR_TYPE;
	return MPI_SUCCESS;
}

void mpii_type_ref(struct mpii_datatype *dt)
{
	if (!(dt->flags & MPII_DT_PREDEFINED))
		atomic_fetch_add_explicit(&dt->refcount, 1, memory_order_relaxed);
}

void mpii_type_unref(struct mpii_datatype *dt)
{
	if (dt->flags & MPII_DT_PREDEFINED)
		return;
	/* acq_rel: the last dropper must see every use before it frees. */
	if (atomic_fetch_sub_explicit(&dt->refcount, 1, memory_order_acq_rel) == 1)
		dt->magic = MPII_MAGIC_FREED; /* the type engine owns real freeing */
}

void mpii_type_pack(const struct mpii_datatype *dt, MPI_Count count, const void *buf,
		    MPI_Count offset, void *out, MPI_Count len)
{
	(void)count;
	memcpy(out, (const char *)buf + dt->true_lb + offset, (size_t)len);
}

void mpii_type_unpack(const struct mpii_datatype *dt, MPI_Count count, void *buf,
		      MPI_Count offset, const void *in, MPI_Count len)
{
	(void)count;
	memcpy((char *)buf + dt->true_lb + offset, in, (size_t)len);
}
