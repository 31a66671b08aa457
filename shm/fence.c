/*
 * shm/fence.c - the heavy side of the asymmetric fence (fence.h) through
 * membarrier(2).
 */
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "shm/fence.h"

int shm_fence_registered;

/* Whether sleepers call membarrier: the job uses light fences and the
 * kernel offers the command.  Set once by shm_fence_init(), before the
 * process has other threads. */
static int heavy_on;

static long membarrier(int cmd)
{
	return syscall(__NR_membarrier, cmd, 0, 0);
}

int shm_fence_init(int light)
{
	long cmds = light ? membarrier(MEMBARRIER_CMD_QUERY) : 0;
	heavy_on = cmds > 0 && (cmds & MEMBARRIER_CMD_GLOBAL_EXPEDITED) &&
		   (cmds & MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED);
	if (heavy_on && membarrier(MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED) == 0)
		shm_fence_registered = 1;
	return shm_fence_registered;
}

void shm_fence_heavy(void)
{
	/* Our own stores and loads around the call: the kernel's own barriers
	 * order them, and this fence covers the fallback. */
	shm_fence_seq_cst();
	if (heavy_on)
		(void)membarrier(MEMBARRIER_CMD_GLOBAL_EXPEDITED);
}
