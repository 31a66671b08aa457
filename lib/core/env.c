/*
 * lib/core/env.c - the environment: MPI_Init/Init_thread/Finalize/Abort and the
 * small queries around them (version, processor name, wall clock, memory).
 *
 * MPI_Init joins the job: it maps the segment the launcher passed down (or
 * creates a private one: a singleton of size 1), marks this member RUNNING
 * so the launcher knows an exit from now on must go through MPI_Finalize,
 * reads the configuration once and sets up communicators and transport.
 * MPI_Finalize is collective over every member of the job (finalize_wait),
 * which marks the member DONE once it has counted itself in.
 *
 * Sessions (MPI-4.0 11.3, lib/core/session.c) are users of the library
 * too: mpii_env_up/down count them and the world model, join the job at
 * the first and end it once (lib/core/env.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lib/attr/attr.h"
#include "lib/comm/comm.h"
#include "lib/core/env.h"
#include "lib/core/errors.h"
#include "lib/core/global.h"
#include "lib/ext/ext.h"
#include "lib/core/lock.h"
#include "lib/coll/coll.h"
#include "lib/io/io.h"
#include "lib/p2p/p2p.h"
#include "lib/core/progress.h"
#include "lib/core/segv.h"
#include "lib/core/stuck.h"
#include "shm/config.h"
#include "shm/doorbell.h"
#include "shm/fence.h"

struct mpii_global mpii_g = { .rank = 0, .size = 1 };
pthread_mutex_t mpii_big_lock = PTHREAD_MUTEX_INITIALIZER;

/* Read every configuration variable once (shm/config_table.c has their
 * types, defaults and ranges; docs/config.md the measurements behind them). */
static void read_config(struct mpii_config *cfg)
{
	cfg->eager_max = (size_t)shm_config_get("SHMPI_EAGER_MAX");
	/* The table's choices are auto, on, off: MPII_CMA_* in that order. */
	cfg->cma = (int)shm_config_get("SHMPI_CMA");
	cfg->cma_iov_min = (size_t)shm_config_get("SHMPI_CMA_IOV_MIN");
	cfg->spin_polls = (unsigned)shm_config_get("SHMPI_SPIN");  /* auto: -1 */
	cfg->yield_polls = (unsigned)shm_config_get("SHMPI_YIELD");
	cfg->sleep_ns = shm_config_get("SHMPI_SLEEP_US") * 1000;
}

/* Light fences (shm/fence.h) where no more ranks than cores run: there
 * ranks spin rather than sleep, and a waker's seq_cst store waited for
 * its line (bcast np=2 64 B 0.125 -> 0.081 us, scatter 0.26 -> 0.14 us);
 * oversubscribed, ranks sleep often and each sleep's membarrier cost more
 * (barrier np=4 on 2 cores 2.0 -> 2.7 us).  The first rank to get here
 * chooses for the job, so that every sleeper pairs with every waker.
 * After mpii_progress_init (which judges oversubscription), before we
 * wake or sleep on anyone's doorbell. */
static void choose_fences(void)
{
	uint32_t want = mpii_g.oversubscribed ? 1 : 2, mode = 0;
	/* Acq_rel: the choice is the only thing published; a loser reads the
	 * winner's choice from the failed exchange. */
	if (shm_cas_acq_rel(&mpii_g.seg.hdr->fence_mode, &mode, want))
		mode = want;
	shm_fence_init(mode == 2);
}

/* Map the job's segment (or make a singleton's).  0, or -errno with *why
 * saying what was wrong with an inherited segment. */
static int join_segment(const char **why)
{
	const char *fd_s = shm_config_env(SHM_SEG_FD_ENV);
	int rc;
	*why = NULL;
	if (fd_s) {
		int64_t fd;
		char msg[128];
		if (shm_config_parse(shm_config_find(SHM_SEG_FD_ENV), fd_s, &fd, msg, sizeof(msg)) < 0 ||
		    fd < 0) {
			*why = "SHMPI_SEG_FD is not a descriptor number";
			return -EINVAL;
		}
		rc = shm_seg_attach_why((int)fd, &mpii_g.seg, why);
		if (rc)
			return rc;
		mpii_g.rank = (int)shm_config_get("SHMPI_RANK");
		mpii_g.nmembers = (int)mpii_g.seg.geo.nmembers;
		/* The first ranks' world is members 0..SHMPI_SIZE-1; a spawned
		 * rank's is the one SHMPI_WORLD names (lib/comm/dynamic.c). */
		mpii_g.world_base = 0;
		mpii_g.size = (int)shm_config_get("SHMPI_SIZE");
		if (mpii_dyn_world(&mpii_g.world_base, &mpii_g.size) < 0) {
			*why = "SHMPI_WORLD is malformed";
			return -EINVAL;
		}
		if (mpii_g.rank < 0 || mpii_g.rank >= mpii_g.nmembers || mpii_g.size < 1 ||
		    mpii_g.world_base < 0 || mpii_g.size > mpii_g.nmembers - mpii_g.world_base ||
		    mpii_g.rank < mpii_g.world_base || mpii_g.rank >= mpii_g.world_base + mpii_g.size) {
			*why = "SHMPI_RANK is not a member of the segment";
			return -EINVAL;
		}
	} else {
		struct shm_seg_config cfg;
		mpii_foreign_launcher_check();
		shm_seg_default_config(1, &cfg);
		/* Spare slots for the processes it may spawn (a launcher it
		 * starts then serves them: lib/comm/dynamic.c); untouched until
		 * used, so they cost no start-up time (docs/dynamic.md). */
		rc = shm_seg_create(1 + MPII_SINGLETON_SPARE, &cfg, &mpii_g.seg);
		if (rc)
			return rc;
		/* Before anyone else can see the segment: only we started. */
		shm_store_relaxed(&mpii_g.seg.hdr->started, 1);
		mpii_g.rank = 0;
		mpii_g.size = 1;
		mpii_g.world_base = 0;
		mpii_g.nmembers = (int)mpii_g.seg.geo.nmembers;
	}
	/* Programs this process starts must not inherit the job's memory: the
	 * launcher leaves the descriptor open across exec for us only. */
	fcntl(mpii_g.seg.fd, F_SETFD, FD_CLOEXEC);
	/* The other ranks' rings read-only here, before they are used. */
	mpii_segv_init();
	mpii_g.me = shm_seg_member(&mpii_g.seg, (uint32_t)mpii_g.rank);
	mpii_g.bell = shm_seg_bell(&mpii_g.seg, (uint32_t)mpii_g.rank);
	mpii_g.me->pid = getpid();
	mpii_stuck_calls = &mpii_g.me->calls;
	/* Before RUNNING: a session's process sets read every member's node
	 * once it has started (lib/core/session.c). */
	mpii_numa_publish();
	/* Release: the launcher that reads RUNNING sees the pid, a member
	 * that reads it the NUMA node. */
	shm_store_release(&mpii_g.me->state, SHM_MEMBER_RUNNING);
	return 0;
}

/* Join the job: map the segment, start the transport (the first user of
 * the library, mpii_env_up).  Fatal on failure: without the segment
 * nothing else can work. */
static void join_job(int required)
{
	read_config(&mpii_g.cfg);
	/* Before join_segment says RUNNING: from then on the launcher may
	 * send the stuck signal, whose default action would end us. */
	mpii_stuck_init();
	const char *why;
	int jrc = join_segment(&why);
	if (jrc != 0) {
		char msg[256];
		snprintf(msg, sizeof(msg), "MPI_Init: cannot map the job's shared segment: %s",
			 why ? why : strerror(-jrc));
		mpii_abort_job(MPI_ERR_INTERN, msg);
	}
	mpii_g.thread_level = required < MPI_THREAD_SINGLE ? MPI_THREAD_SINGLE
			      : required > MPI_THREAD_MULTIPLE ? MPI_THREAD_MULTIPLE
							       : required;
	mpii_g.multi = mpii_g.thread_level == MPI_THREAD_MULTIPLE;
	mpii_g.main_thread = pthread_self();
	mpii_progress_init();
	choose_fences();
	if (mpii_comm_init_predefined() != MPI_SUCCESS || mpii_p2p_init() != MPI_SUCCESS)
		mpii_abort_job(MPI_ERR_INTERN, "MPI_Init: out of memory");
	/* The request kinds and attachments of the folders above core
	 * (lib/core/request.h; p2p's came with mpii_p2p_init). */
	mpii_ext_init();
	mpii_attr_init();
	mpii_coll_init();
	mpii_io_init();
	/* A spawned rank's parent intercommunicator (lib/comm/dynamic.c). */
	if (mpii_dyn_init() != MPI_SUCCESS)
		mpii_abort_job(MPI_ERR_INTERN, "MPI_Init: cannot make the parent intercommunicator "
			       "(SHMPI_PARENT malformed, or out of memory)");
	/* SHMPI_EAGER_MAX unset: measured for the machine where no more ranks
	 * than cores run (8 KiB until known); the table's 16 KiB otherwise. */
	mpii_eager_calibrate();
}

/* The users of the library (MPI-4.0 11.2, 11.3): the world model between
 * MPI_Init and MPI_Finalize counts one, each open session one.  The job is
 * joined once per process, by the first of them; the job-wide end
 * (job_end) happens once too, at the MPI_Finalize that leaves nobody, at
 * the last MPI_Session_finalize after an MPI_Finalize that left sessions
 * open, or, for a program that used sessions only, at its exit (atexit):
 * MPI_Init or a new session may follow the last session's end, and the
 * launcher must see the member count itself out however the program
 * ends.  A session opened after the job-wide end (MPI-4.0 allows one after
 * MPI_Finalize) reuses the mapped transport; the member stays counted out,
 * so its communication is with members that have not ended yet.
 * env_mutex orders the users of several threads (sessions may be opened
 * concurrently: MPICH's threads/init/mult_session). */
static pthread_mutex_t env_mutex = PTHREAD_MUTEX_INITIALIZER;
static int env_users;     /* the world model (0 or 1) + open sessions */
static int env_sessions;  /* open sessions */
static int env_joined;    /* join_job done */
static int env_ended;     /* job_end done */
static int env_atexit;    /* end_at_exit registered */

static void job_end(void);

/* A program that used sessions and never finalized the world model ends
 * its part of the job when it exits, if every session was finalized (one
 * still open is an exit without finalize, which the launcher reports). */
static void end_at_exit(void)
{
	pthread_mutex_lock(&env_mutex);
	int end = env_joined && !env_ended && env_users == 0;
	if (end)
		env_ended = 1;
	pthread_mutex_unlock(&env_mutex);
	if (end)
		job_end();
}

int mpii_env_up(int required, int *provided, int world)
{
	pthread_mutex_lock(&env_mutex);
	if (world && mpii_g.world != 0) {
		pthread_mutex_unlock(&env_mutex);
		return MPI_ERR_OTHER;
	}
	if (!env_joined) {
		join_job(required);
		env_joined = 1;
	} else if (required > mpii_g.thread_level && mpii_g.thread_level < MPI_THREAD_MULTIPLE) {
		/* A later user asks for more: the ones before it promised
		 * less concurrency, so the lock may start locking now (as
		 * the first MPI_Post_handler does, lib/ext/handler.c). */
		mpii_g.thread_level = required > MPI_THREAD_MULTIPLE ? MPI_THREAD_MULTIPLE : required;
		if (mpii_g.thread_level == MPI_THREAD_MULTIPLE)
			mpii_g.multi = 1;
	}
	if (!world && !env_atexit) {
		env_atexit = 1;
		atexit(end_at_exit);
	}
	env_users++;
	if (world)
		mpii_g.world = 1;
	else
		env_sessions++;
	mpii_g.finalized = 0;
	mpii_g.initialized = 1;
	if (provided)
		*provided = mpii_g.thread_level;
	pthread_mutex_unlock(&env_mutex);
	return MPI_SUCCESS;
}

int mpii_env_sessions(void)
{
	pthread_mutex_lock(&env_mutex);
	int n = env_sessions;
	pthread_mutex_unlock(&env_mutex);
	return n;
}

void mpii_env_down(int world)
{
	pthread_mutex_lock(&env_mutex);
	env_users--;
	if (world)
		mpii_g.world = 2;
	else
		env_sessions--;
	int end = env_users == 0 && !env_ended && mpii_g.world == 2;
	if (end)
		env_ended = 1;
	pthread_mutex_unlock(&env_mutex);
	if (end)
		job_end();
	pthread_mutex_lock(&env_mutex);
	if (env_users == 0) {
		mpii_g.initialized = 0;
		mpii_g.finalized = 1;
	}
	pthread_mutex_unlock(&env_mutex);
}

static int init_common(int required, int *provided)
{
	if (mpii_env_up(required, provided, 1) != MPI_SUCCESS)
		return mpii_err(NULL, MPI_ERR_OTHER, "MPI_Init",
				mpii_g.world == 2 ? "MPI_Init called after MPI_Finalize"
						  : "MPI_Init called twice");
	return MPI_SUCCESS;
}

#pragma weak MPI_Init = PMPI_Init
int PMPI_Init(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return init_common((int)shm_config_get("SHMPI_THREAD_LEVEL"), NULL);
}

#pragma weak MPI_Init_thread = PMPI_Init_thread
int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
	(void)argc;
	(void)argv;
	if (!provided)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Init_thread", "provided is NULL");
	return init_common(required, provided);
}

#pragma weak MPI_Initialized = PMPI_Initialized
int PMPI_Initialized(int *flag)
{
	if (!flag)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Initialized", "flag is NULL");
	*flag = mpii_g.world != 0;  /* the world model (MPI-4.0 11.2.1) */
	return MPI_SUCCESS;
}

#pragma weak MPI_Finalized = PMPI_Finalized
int PMPI_Finalized(int *flag)
{
	if (!flag)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Finalized", "flag is NULL");
	*flag = mpii_g.world == 2;
	return MPI_SUCCESS;
}

/* Every member entered MPI_Finalize or ended without it (seq_cst: F of
 * the doorbell's Dekker pair, shm/doorbell.h).  A job going down (a rank
 * died) is not a reason to leave: the launcher kills the waiters. */
static int all_finalizing(void *arg)
{
	struct shm_seg_header *h = arg;
	return shm_load_seq_cst(&h->finalizing) + shm_load_seq_cst(&h->ended) >=
	       shm_load_seq_cst(&h->started);
}

/* MPI_Finalize is collective over the connected processes (MPI-3.1 8.7):
 * a rank leaves it only when every member of the job has entered it, so a
 * rank that finalizes and then exits non-zero (mpi4py's runner after a
 * failed test) or stops its process does so when the others are done
 * communicating; the launcher then reports its status without taking the
 * job down (docs/launcher.md).  The connected processes are taken to be
 * every member the job started: the first ranks and all they spawned
 * (the header's `started`; docs/dynamic.md).
 *
 * A counter in the segment header rather than a barrier of messages: a
 * member that never joins (a program without MPI in an MPMD job) or dies
 * cannot send, and the launcher counts it in `ended` when it reaps it, so
 * nobody waits for it.  The wait is mpii_progress_wait: this rank keeps
 * serving communication meanwhile (a peer's message still in flight to
 * or from it, a loose barrier or a generalized request another member
 * waits for), and the handler thread, stopped only after the wait, keeps
 * running handlers.  It runs after the attribute callbacks, which may
 * still communicate.  Cost: one atomic add; the last member to arrive
 * rings the doorbells of those asleep. */
static void finalize_wait(void)
{
	struct shm_seg_header *h = mpii_g.seg.hdr;
	uint32_t n = shm_load_seq_cst(&h->started);
	if (n <= 1)
		return;
	/* G of the Dekker pair: the add, then the other counter, both
	 * seq_cst, so of this add and the launcher's add to ended the later
	 * one sees the sum complete and rings. */
	uint32_t f = shm_fetch_add_seq_cst(&h->finalizing, 1) + 1;
	/* Counted, so nobody waits for this rank any more: it is DONE for
	 * the launcher (an end from now on does not take the job down) and
	 * for the members that watch it (an MPI_Mutex it holds is abandoned:
	 * lib/ext/mutex.c).  Release: pairs with their acquire of the state. */
	shm_store_release(&mpii_g.me->state, SHM_MEMBER_DONE);
	if (f + shm_load_seq_cst(&h->ended) >= n)
		for (uint32_t i = 0; i < n && i < (uint32_t)mpii_g.nmembers; i++)
			shm_doorbell_ring_if_sleeping(shm_seg_bell(&mpii_g.seg, i));
	mpii_stuck.call = "MPI_Finalize";
	mpii_stuck_coll(&mpii_obj_comm_world);
	mpii_lock();
	mpii_progress_wait(all_finalizing, h, -1);
	mpii_unlock();
}

/* The job-wide end: collective over the job, then the transport drained
 * (mpii_env_down or end_at_exit decided it is time, once). */
static void job_end(void)
{
	finalize_wait();        /* collective over the job */
	mpii_handler_finalize(); /* stop the handler thread (lib/ext/handler.c) */
	mpii_lock();
	/* Deliver what is still queued (control answers, buffered sends). */
	mpii_p2p_finalize();
	mpii_comm_finalize_predefined();
	mpii_unlock();
	fflush(stdout);
	fflush(stderr);
	/* Release: pairs with the launcher's acquire of the state. */
	shm_store_release(&mpii_g.me->state, SHM_MEMBER_DONE);
}

#pragma weak MPI_Finalize = PMPI_Finalize
int PMPI_Finalize(void)
{
	MPII_CHECK_INIT("MPI_Finalize");
	if (mpii_g.world != 1)
		return mpii_err(NULL, MPI_ERR_OTHER, "MPI_Finalize", "MPI_Init was not called");
	mpii_attr_finalize();   /* seed 002 6.11: SELF's then WORLD's delete callbacks */
	/* The job-wide end now, or at the last session's end if sessions
	 * are still open (MPI-4.0 11.3: they stay usable). */
	mpii_env_down(1);
	return MPI_SUCCESS;
}

/* Under -disable-auto-cleanup (the segment's keep_going) MPI_Abort ends
 * the processes of comm's group, not the job (MPI-3.1 8.7: "a best
 * attempt to abort all tasks in the group of comm"; MPICH's hydra does so
 * with that option, its errors/comm/subcomm_abort tests): this rank kills
 * the others with SIGKILL (their pids are in their control blocks) and
 * the launcher, which then spares failures, keeps the rest of the job
 * running.  A group that is all of MPI_COMM_WORLD, or an invalid comm,
 * still ends the job: job_aborting asks the launcher to take it down.
 * Without the option the launcher takes the job down at any abort. */
void mpii_abort_group(MPI_Comm comm, int code)
{
	struct shm_seg_header *h = mpii_g.seg.hdr;
	if (!h || !h->keep_going)
		return;
	if (mpii_g.me) {
		/* Before any kill: the launcher may reap a victim first, and
		 * takes the abort's code from here (launcher/loop.c spare).
		 * Relaxed code, published by the release of the state. */
		shm_store_relaxed(&mpii_g.me->exit_code, code ? code : 1);
		shm_store_release(&mpii_g.me->state, SHM_MEMBER_ABORTED);
	}
	if (mpii_comm_check(comm) || comm->size >= mpii_g.size) {
		/* Release: the launcher's acquire at this rank's end. */
		shm_store_release(&h->job_aborting, 1);
		return;
	}
	for (int r = 0; r < comm->size; r++) {
		int w = comm->group->world[r];
		if (w == mpii_g.rank)
			continue;
		struct shm_member *m = shm_seg_member(&mpii_g.seg, (uint32_t)w);
		/* Acquire: pairs with the member's release of RUNNING, which
		 * publishes its pid.  A member gone already (reaped) may have
		 * a pid that names another process by now. */
		int st = shm_load_acquire(&m->state);
		if (st != SHM_MEMBER_UNSTARTED && m->pid > 0 &&
		    !shm_load_seq_cst(&shm_seg_bell(&mpii_g.seg, (uint32_t)w)->gone))
			kill(m->pid, SIGKILL);
	}
}

#pragma weak MPI_Abort = PMPI_Abort
int PMPI_Abort(MPI_Comm comm, int errorcode)
{
	char why[128];
	snprintf(why, sizeof(why), "MPI_Abort called with error code %d", errorcode);
	if (mpii_g.initialized && !mpii_g.finalized)
		mpii_abort_group(comm, errorcode);
	mpii_abort_job(errorcode, why);
}

int mpii_Query_thread(const char *fn, int *provided)
{
	if (!provided)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "provided is NULL");
	*provided = mpii_g.thread_level;
	return MPI_SUCCESS;
}

int mpii_Is_thread_main(const char *fn, int *flag)
{
	if (!flag)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "flag is NULL");
	*flag = pthread_equal(pthread_self(), mpii_g.main_thread);
	return MPI_SUCCESS;
}

#pragma weak MPI_Get_processor_name = PMPI_Get_processor_name
int PMPI_Get_processor_name(char *name, int *resultlen)
{
	if (!name || !resultlen)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Get_processor_name", "NULL argument");
	if (gethostname(name, MPI_MAX_PROCESSOR_NAME) != 0)
		snprintf(name, MPI_MAX_PROCESSOR_NAME, "localhost");
	name[MPI_MAX_PROCESSOR_NAME - 1] = 0;
	*resultlen = (int)strlen(name);
	return MPI_SUCCESS;
}

#pragma weak MPI_Get_version = PMPI_Get_version
int PMPI_Get_version(int *version, int *subversion)
{
	if (!version || !subversion)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Get_version", "NULL argument");
	*version = MPI_VERSION;
	*subversion = MPI_SUBVERSION;
	return MPI_SUCCESS;
}

#pragma weak MPI_Get_library_version = PMPI_Get_library_version
int PMPI_Get_library_version(char *version, int *resultlen)
{
	if (!version || !resultlen)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Get_library_version", "NULL argument");
	snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING,
		 "shmpi %s (shared-memory MPI, MPI %d.%d)", SHMPI_VERSION, MPI_VERSION, MPI_SUBVERSION);
	*resultlen = (int)strlen(version);
	return MPI_SUCCESS;
}

/* CLOCK_MONOTONIC is one clock for every process of the node, so
 * MPI_WTIME_IS_GLOBAL holds. */
#pragma weak MPI_Wtime = PMPI_Wtime
double PMPI_Wtime(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#pragma weak MPI_Wtick = PMPI_Wtick
double PMPI_Wtick(void)
{
	struct timespec ts;
	clock_getres(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#pragma weak MPI_Alloc_mem = PMPI_Alloc_mem
int PMPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr)
{
	(void)info;
	if (size < 0 || !baseptr)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Alloc_mem", "invalid size or baseptr");
	void *p = NULL;
	if (posix_memalign(&p, 64, size ? (size_t)size : 1) != 0)
		return mpii_err(NULL, MPI_ERR_NO_MEM, "MPI_Alloc_mem", "%ld bytes", (long)size);
	*(void **)baseptr = p;
	return MPI_SUCCESS;
}

#pragma weak MPI_Free_mem = PMPI_Free_mem
int PMPI_Free_mem(void *base)
{
	free(base);
	return MPI_SUCCESS;
}

#pragma weak MPI_Pcontrol = PMPI_Pcontrol
int PMPI_Pcontrol(const int level, ...)
{
	(void)level;
	return MPI_SUCCESS;
}
