/*
 * counters.c - perf_event_open counter groups, one per thread.
 *
 * The event set is chosen once per process (prof_ctr_setup): hardware
 * (cycles, instructions, cache misses, branch misses) when the machine has a
 * PMU that counts, else software (task-clock, context switches, page faults,
 * cpu migrations), else none.  Every thread then opens the same set as one
 * group (PERF_FORMAT_GROUP), counting only itself (pid 0, cpu -1), so a
 * single read(2) returns all values and the times the group was enabled and
 * running.  Kernel work is counted where allowed (the futex waits and copies
 * of an MPI call happen there); where perf_event_paranoid forbids it the
 * group falls back to user-only counting and the note says so.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "perf/prof/prof.h"

struct event {
	uint32_t type;
	uint64_t config;
	const char *name;
};

static const struct event hw_events[PROF_NCTRS] = {
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cycles" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, "instructions" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES, "cache-misses" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES, "branch-misses" },
};

static const struct event sw_events[PROF_NCTRS] = {
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "task-clock-ns" },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, "context-switches" },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, "page-faults" },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS, "cpu-migrations" },
};

/* Written once by prof_ctr_setup() before any other thread records. */
static enum prof_ctr_mode mode = PROF_CTR_NONE;
static const struct event *events;
static int exclude_kernel;
static char note[256] = "counters off";

static int open_event(const struct event *ev, int group, int excl_kernel)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = ev->type;
	a.config = ev->config;
	a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
			PERF_FORMAT_TOTAL_TIME_RUNNING;
	a.exclude_kernel = excl_kernel;
	a.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, group, PERF_FLAG_FD_CLOEXEC);
}

/* Opens set as one group into fds; returns 0 or -errno of the first
 * failure (*failed names the event that failed; nothing stays open). */
static int open_group(const struct event *set, int excl_kernel, int *fds, const char **failed)
{
	int i, err;

	for (i = 0; i < PROF_NCTRS; i++) {
		fds[i] = open_event(&set[i], i ? fds[0] : -1, excl_kernel);
		if (fds[i] < 0) {
			err = -errno;
			*failed = set[i].name;
			goto fail_close;
		}
	}
	return 0;

fail_close:
	while (i-- > 0)
		close(fds[i]);
	fds[0] = -1;
	return err;
}

/* Hardware groups can open and still never run (a VM without a virtual PMU,
 * or all PMU slots taken): check that the group ran while we did some work. */
static int group_runs(int fd)
{
	struct prof_ctr_sample s;
	volatile unsigned x = 0;
	int i;

	for (i = 0; i < 100000; i++)
		x += i;
	if (prof_ctr_read(fd, &s) < 0)
		return 0;
	return s.time_running > 0 && s.value[0] > 0;
}

/* Tries set with kernel counting, then user-only.  Returns 0 (fds open)
 * or -errno. */
static int try_set(const struct event *set, int check_runs, int *fds, const char **failed)
{
	int excl, r = -ENOENT;

	for (excl = 0; excl <= 1; excl++) {
		r = open_group(set, excl, fds, failed);
		if (r == -EACCES || r == -EPERM)
			continue;
		if (r < 0)
			return r;
		if (check_runs && !group_runs(fds[0])) {
			prof_ctr_close(fds);
			*failed = set[0].name;
			return -ENODATA;
		}
		exclude_kernel = excl;
		return 0;
	}
	return r;
}

enum prof_ctr_mode prof_ctr_setup(const char *want, int *fds)
{
	const char *failed = "";
	char hwwhy[160] = "";
	int r;

	fds[0] = -1;
	if (!strcmp(want, "none")) {
		snprintf(note, sizeof note, "counters off (SHMPI_PROFILE_COUNTERS=none)");
		return mode = PROF_CTR_NONE;
	}
	if (strcmp(want, "software")) {
		r = try_set(hw_events, 1, fds, &failed);
		if (r == 0) {
			events = hw_events;
			snprintf(note, sizeof note, "hardware counters%s",
				 exclude_kernel ? " (user space only: perf_event_paranoid)" : "");
			return mode = PROF_CTR_HARDWARE;
		}
		snprintf(hwwhy, sizeof hwwhy, "hardware events not supported here (%s: %s)",
			 failed, strerror(-r));
	} else {
		snprintf(hwwhy, sizeof hwwhy, "hardware counters not tried (SHMPI_PROFILE_COUNTERS=software)");
	}
	r = try_set(sw_events, 0, fds, &failed);
	if (r == 0) {
		events = sw_events;
		snprintf(note, sizeof note, "software counters%s; %s",
			 exclude_kernel ? " (user space only)" : "", hwwhy);
		return mode = PROF_CTR_SOFTWARE;
	}
	snprintf(note, sizeof note, "no counters: %s; software events failed too (%s: %s)",
		 hwwhy, failed, strerror(-r));
	return mode = PROF_CTR_NONE;
}

int prof_ctr_open(int *fds)
{
	const char *failed;

	fds[0] = -1;
	if (mode == PROF_CTR_NONE)
		return -1;
	return open_group(events, exclude_kernel, fds, &failed) < 0 ? -1 : 0;
}

int prof_ctr_read(int fd, struct prof_ctr_sample *s)
{
	ssize_t n = read(fd, s, sizeof *s);

	return n == (ssize_t)sizeof *s && s->nr == PROF_NCTRS ? 0 : -1;
}

void prof_ctr_close(int *fds)
{
	int i;

	if (fds[0] < 0)
		return;
	for (i = PROF_NCTRS - 1; i >= 0; i--)
		close(fds[i]);
	fds[0] = -1;
}

enum prof_ctr_mode prof_ctr_mode(void)
{
	return mode;
}

const char *prof_ctr_name(int i)
{
	return events && i >= 0 && i < PROF_NCTRS ? events[i].name : NULL;
}

const char *prof_ctr_note(void)
{
	return note;
}
