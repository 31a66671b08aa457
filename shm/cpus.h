/*
 * shm/cpus.h - how many CPUs a job may use.
 *
 * Batch systems and containers give a job some CPUs of the node: Slurm
 * and cgroups through the cpuset controller, a user through taskset.
 * sysconf(_SC_NPROCESSORS_ONLN) counts the node's; a job that believed it
 * would bind ranks outside its set and think itself not oversubscribed
 * when it is.  The launcher asks here once, before it binds anything, and
 * writes the answer into the segment (shm_seg_header.ncpus) for the ranks,
 * whose own affinity after binding is a single core.
 */
#ifndef SHM_CPUS_H
#define SHM_CPUS_H

/* The number of CPUs this process may run on: its affinity mask
 * (sched_getaffinity), narrowed by the cgroup cpuset (v2
 * cpuset.cpus.effective, v1 cpuset.effective_cpus) where that is
 * narrower; the online count when neither can be read.  At least 1.
 * Thread-safe. */
int shm_cpus_allowed(void);

/* The node's online CPUs (sysconf), at least 1. */
int shm_cpus_online(void);

/* The same set as a list ("1", "0-3,8") into buf; returns buf. */
const char *shm_cpus_allowed_list(char *buf, unsigned long len);

#endif
