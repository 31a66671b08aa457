/*
 * lib/io/file_open.c - opening and closing files: MPI_File_open, close,
 * delete, the access modes, the file object and its block in the segment.
 *
 * MPI_File_open is collective over comm.  Rank 0 opens first (creating the
 * file when MPI_MODE_CREATE, exclusively when MPI_MODE_EXCL), then the
 * others open the file that now exists, without O_CREAT or O_EXCL (so
 * EXCL fails only where the file existed before the call).  Every rank
 * then learns the worst outcome: the call succeeds everywhere or fails
 * everywhere, each failing rank with its own class (a rank whose own open
 * worked reports the class another rank got).  The amode must be the same
 * on every rank (MPI_ERR_NOT_SAME otherwise).
 *
 * The file gets a private communicator (a fresh context id, like windows)
 * for its collectives, and a block in the segment holding its shared file
 * pointer and its atomic-mode lock (struct mpii_io_shared).  The segment's
 * arena is bump-allocated and never gives memory back, and a communicator's
 * first collectives take their scratch from it (lib/coll/shm.c: up to a
 * few MiB), so a closed file's communicator and block are kept, on every
 * member, and a later open on a communicator of the same group takes them
 * again: a program that opens and closes files in a loop, as HDF5 does,
 * uses the arena once per group instead of once per open (it ran out
 * after a few dozen opens, and the next open on another group failed with
 * MPI_ERR_NO_MEM: HDF5's testphdf5 at np 4, tests/mpi/io_reopen).
 *
 * MPI_MODE_DELETE_ON_CLOSE: rank 0 unlinks the file at close, after every
 * rank has closed its descriptor.  MPI_MODE_UNIQUE_OPEN is a promise we
 * do not need.  MPI_MODE_APPEND puts both file pointers at the end of the
 * file.  MPI_MODE_SEQUENTIAL allows only the shared pointer (file_access.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/io/io_impl.h"
#include "lib/coll/coll.h"

static struct mpii_file *free_files;        /* poisoned objects for reuse */

/* The communicators (and segment blocks) of closed files, each kept by
 * every member of its group.  A kept communicator is quiet: its file was
 * closed collectively (a barrier), so no message of it is in flight, and
 * every member ran the same collectives on it, so their sequence numbers
 * agree when it is taken again.  Used under mpii_lock. */
static struct kept_comm {
	struct mpii_comm *comm;
	uint64_t sh_off;          /* its block (0: none yet, or one rank) */
	struct kept_comm *next;
} *kept;

/* Take out the kept communicator over the same members, in the same order,
 * as g (rank 0's lookup), or with context id ctx (the others'); NULL if
 * there is none. */
static struct kept_comm *kept_take(const struct mpii_group *g, uint32_t ctx)
{
	for (struct kept_comm **p = &kept; *p; p = &(*p)->next) {
		struct mpii_comm *c = (*p)->comm;
		if (g ? c->group->size == g->size &&
				!memcmp(c->group->world, g->world, sizeof(int) * (size_t)g->size)
		      : c->ctx == ctx) {
			struct kept_comm *k = *p;
			*p = k->next;
			return k;
		}
	}
	return NULL;
}

/* Keep f's communicator and block for a later open (every member of its
 * group does, at the same point of a collective close or failed open). */
static void kept_put(struct mpii_file *f)
{
	struct kept_comm *k = malloc(sizeof(*k));
	mpii_lock();
	if (k) {
		k->comm = f->comm;
		k->sh_off = f->sh_off;
		k->next = kept;
		kept = k;
	} else {
		/* No memory for the record: let it go (its scratch stays in the
		 * arena, as before there was a list). */
		mpii_coll_state_free(f->comm);
		mpii_comm_unref(f->comm);
	}
	mpii_unlock();
	f->comm = NULL;
}

int mpii_io_barrier(struct mpii_file *fh)
{
	if (fh->comm->size == 1)
		return MPI_SUCCESS;
	mpii_lock();
	int rc = mpii_barrier(fh->comm, NULL);
	mpii_unlock();
	return rc;
}

int mpii_io_agree(struct mpii_file *fh, int err)
{
	if (fh->comm->size == 1)
		return err;
	int all = err;
	mpii_lock();
	int rc = mpii_allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_MAX, fh->comm, NULL);
	mpii_unlock();
	if (rc)
		return rc;
	return err ? err : all;
}

static struct mpii_file *file_new(void)
{
	struct mpii_file *f = free_files;
	if (f) {
		free_files = f->free_next;
		memset(f, 0, sizeof(*f));
	} else {
		f = calloc(1, sizeof(*f));
	}
	if (f)
		f->fd = -1;
	return f;
}

static void file_release(struct mpii_file *f)
{
	if (f->fd >= 0)
		close(f->fd);
	if (f->view)
		mpii_io_view_free(f->view);
	if (f->info)
		mpii_info_release(f->info);
	if (f->errh)
		mpii_errhandler_unref(f->errh);
	if (f->sh_mapped)
		munmap(f->sh, sizeof(struct mpii_io_shared));
	else if (f->sh && !f->sh_off)
		free(f->sh);
	if (f->comm)
		kept_put(f);
	free(f->path);
	f->magic = MPII_MAGIC_FREED;
	f->free_next = free_files;
	free_files = f;
}

static int amode_check(int amode, const char **msg)
{
	int rw = amode & (MPI_MODE_RDONLY | MPI_MODE_WRONLY | MPI_MODE_RDWR);
	const int all = MPI_MODE_CREATE | MPI_MODE_RDONLY | MPI_MODE_WRONLY | MPI_MODE_RDWR |
			MPI_MODE_DELETE_ON_CLOSE | MPI_MODE_UNIQUE_OPEN | MPI_MODE_EXCL |
			MPI_MODE_APPEND | MPI_MODE_SEQUENTIAL;
	*msg = NULL;
	if (amode & ~all)
		*msg = "unknown bits in amode";
	else if (rw != MPI_MODE_RDONLY && rw != MPI_MODE_WRONLY && rw != MPI_MODE_RDWR)
		*msg = "amode needs exactly one of MPI_MODE_RDONLY, MPI_MODE_WRONLY, MPI_MODE_RDWR";
	else if (rw == MPI_MODE_RDONLY && (amode & (MPI_MODE_CREATE | MPI_MODE_EXCL)))
		*msg = "MPI_MODE_RDONLY with MPI_MODE_CREATE or MPI_MODE_EXCL";
	else if (rw == MPI_MODE_RDWR && (amode & MPI_MODE_SEQUENTIAL))
		*msg = "MPI_MODE_SEQUENTIAL with MPI_MODE_RDWR";
	return *msg ? MPI_ERR_AMODE : MPI_SUCCESS;
}

/* open(2) of path for amode on this rank (first: rank 0, which may
 * create).  The descriptor or -1 with errno set. */
static int open_fd(const char *path, int amode, int first)
{
	int fl = O_CLOEXEC;
	if (amode & MPI_MODE_RDONLY)
		fl |= O_RDONLY;
	else if (amode & MPI_MODE_WRONLY)
		fl |= O_WRONLY;
	else
		fl |= O_RDWR;
	if (first && (amode & MPI_MODE_CREATE))
		fl |= O_CREAT;
	if (first && (amode & MPI_MODE_EXCL))
		fl |= O_EXCL | O_CREAT;
	int fd;
	do
		fd = open(path, fl, 0666);
	while (fd < 0 && errno == EINTR);
	if (fd >= 0) {
		struct stat st;
		if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
			close(fd);
			errno = EISDIR;
			return -1;
		}
	}
	return fd;
}

/* The block of a file opened by more than one rank: rank 0 takes one
 * (its communicator's kept one, or a new one from the arena), clears it
 * and broadcasts its offset.  When the arena is full (lib/coll's scratch
 * of freed communicators is never returned to it, and HDF5 dups a
 * communicator or two per open: docs/collectives.md, Known limits), rank 0
 * makes a POSIX shared-memory object instead, the others map it, and it is
 * unlinked once all have: an open does not fail for want of a hundred
 * bytes of the segment.  A class, the same on all. */
static int shared_block(struct mpii_file *f)
{
	struct mpii_comm *c = f->comm;
	if (c->size == 1) {
		void *p = NULL;
		if (posix_memalign(&p, SHM_CACHELINE, sizeof(struct mpii_io_shared)))
			return MPI_ERR_NO_MEM;
		memset(p, 0, sizeof(struct mpii_io_shared));
		f->sh = p;
		shm_mutex_init(&f->sh->lock);
		return MPI_SUCCESS;
	}
	static unsigned map_seq;   /* names this process's objects */
	uint64_t msg[2] = { f->sh_off, 0 };   /* the offset, or 0 and the object's name */
	char name[64];
	void *map = MAP_FAILED;
	if (c->rank == 0) {
		if (!msg[0])
			msg[0] = shm_seg_alloc(&mpii_g.seg, sizeof(struct mpii_io_shared));
		if (msg[0]) {
			struct mpii_io_shared *s = shm_seg_ptr(&mpii_g.seg, msg[0]);
			memset(s, 0, sizeof(*s));
			shm_mutex_init(&s->lock);
		} else {
			unsigned seq = ++map_seq;
			snprintf(name, sizeof(name), "/shmpi-io.%d.%u", (int)getpid(), seq);
			int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
			if (fd >= 0) {
				if (ftruncate(fd, sizeof(struct mpii_io_shared)) == 0)
					map = mmap(NULL, sizeof(struct mpii_io_shared),
						   PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
				close(fd);
				if (map == MAP_FAILED)
					shm_unlink(name);
			}
			if (map != MAP_FAILED) {
				/* Zeroed by ftruncate: the lock needs its init. */
				shm_mutex_init(&((struct mpii_io_shared *)map)->lock);
				msg[1] = (uint64_t)(uint32_t)getpid() << 32 | seq;
			}
		}
	}
	mpii_lock();
	int rc = mpii_bcast(msg, 2, MPI_UINT64_T, 0, c, NULL);
	mpii_unlock();
	if (rc)
		return rc;
	if (msg[0]) {
		f->sh_off = msg[0];
		f->sh = shm_seg_ptr(&mpii_g.seg, msg[0]);
		return MPI_SUCCESS;
	}
	if (!msg[1])
		return MPI_ERR_NO_MEM;
	int err = MPI_SUCCESS;
	snprintf(name, sizeof(name), "/shmpi-io.%d.%u", (int)(msg[1] >> 32), (unsigned)msg[1]);
	if (c->rank != 0) {
		int fd = shm_open(name, O_RDWR | O_CLOEXEC, 0);
		if (fd >= 0) {
			map = mmap(NULL, sizeof(struct mpii_io_shared), PROT_READ | PROT_WRITE,
				   MAP_SHARED, fd, 0);
			close(fd);
		}
		if (map == MAP_FAILED)
			err = MPI_ERR_NO_MEM;
	}
	/* Everybody has mapped it (or failed to): the name can go. */
	err = mpii_io_agree(f, err);
	if (c->rank == 0)
		shm_unlink(name);
	if (err) {
		if (map != MAP_FAILED)
			munmap(map, sizeof(struct mpii_io_shared));
		return err;
	}
	f->sh = map;
	f->sh_mapped = 1;
	return MPI_SUCCESS;
}

int mpii_File_open(const char *fn, MPI_Comm comm, const char *filename, int amode, MPI_Info info,
		   MPI_File *fh)
{
	const char *msg;
	if (mpii_comm_check(comm))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_COMM, fn, "invalid communicator");
	if (comm->is_inter)
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_COMM, fn,
				     "files are opened on intracommunicators");
	if (!fh)
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_ARG, fn, "fh is NULL");
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_INFO, fn, "invalid info");
	/* From here every rank takes part in the agreement below, so that a
	 * rank with a bad argument fails together with the others. */
	int err = MPI_SUCCESS, sys = 0;
	msg = NULL;
	if (!filename) {
		err = MPI_ERR_BAD_FILE;
		msg = "filename is NULL";
	} else {
		err = amode_check(amode, &msg);
	}
	/* A "prefix:" as ROMIO takes (ufs:, nfs:...) names the file system:
	 * one kind here, so it is skipped. */
	const char *path = filename;
	if (path && strchr(path, ':')) {
		const char *colon = strchr(path, ':');
		if (colon - path > 1 && !memchr(path, '/', (size_t)(colon - path)))
			path = colon + 1;
	}
	struct mpii_file *f = file_new();
	if (!f)
		mpii_abort_job(MPI_ERR_NO_MEM, "MPI_File_open: out of memory");
	f->amode = amode;
	f->errh = mpii_io_null_errh();
	mpii_errhandler_ref(f->errh);

	/* A private communicator for the file's collectives: a kept one over
	 * the same group (rank 0 chooses it, the others find it by its
	 * context id), or a new one. */
	uint32_t ctx[2] = { 0, 0 };   /* context id, taken from the kept list */
	struct kept_comm *k = NULL;
	mpii_lock();
	if (comm->rank == 0) {
		k = kept_take(comm->group, 0);
		ctx[0] = k ? k->comm->ctx : mpii_ctx_alloc(1);
		ctx[1] = k != NULL;
	}
	int rc = comm->size > 1 ? mpii_bcast(ctx, 2, MPI_UINT32_T, 0, comm, NULL) : MPI_SUCCESS;
	if (!rc && ctx[1] && comm->rank != 0)
		k = kept_take(NULL, ctx[0]);
	/* The same amode everywhere, and the kept communicator on every rank
	 * (it always is: every member kept it at the same close). */
	int modes[3] = { amode, ~amode, k != NULL };
	if (!rc && comm->size > 1)
		rc = mpii_allreduce(MPI_IN_PLACE, modes, 3, MPI_INT, MPI_BAND, comm, NULL);
	if (!rc && ctx[1] && !modes[2]) {
		/* Not kept everywhere: a new one (the ranks that had it keep it). */
		if (k) {
			k->next = kept;
			kept = k;
			k = NULL;
		}
		if (comm->rank == 0)
			ctx[0] = mpii_ctx_alloc(1);
		rc = mpii_bcast(ctx, 1, MPI_UINT32_T, 0, comm, NULL);
	}
	if (!rc && k) {
		f->comm = k->comm;
		f->sh_off = k->sh_off;
		free(k);
	} else if (!rc) {
		f->comm = mpii_comm_new(ctx[0], mpii_group_ref(comm->group), NULL);
		if (!f->comm)
			rc = MPI_ERR_NO_MEM;
	}
	mpii_unlock();
	if (rc)
		mpii_abort_job(rc, "MPI_File_open: set-up messages failed");
	if (!err && (modes[0] != amode || modes[1] != ~amode)) {
		err = MPI_ERR_NOT_SAME;
		msg = "the ranks passed different amodes";
	}

	/* Rank 0 opens (and maybe creates) first. */
	int first_err = err;
	if (comm->rank == 0 && !err) {
		f->fd = open_fd(path, amode, 1);
		if (f->fd < 0) {
			sys = errno;
			first_err = err = mpii_io_errno_class(sys);
		}
	}
	if (comm->size > 1) {
		mpii_lock();
		rc = mpii_bcast(&first_err, 1, MPI_INT, 0, comm, NULL);
		mpii_unlock();
		if (rc)
			mpii_abort_job(rc, "MPI_File_open: set-up messages failed");
	}
	if (comm->rank != 0 && !err && !first_err) {
		f->fd = open_fd(path, amode, 0);
		if (f->fd < 0) {
			sys = errno;
			err = mpii_io_errno_class(sys);
		}
	}
	if (!err) {
		f->path = strdup(path);
		if (!f->path || mpii_io_view_default(&f->view) ||
		    (info != MPI_INFO_NULL && mpii_info_dup(info, &f->info)))
			err = MPI_ERR_NO_MEM;
	}
	int all = mpii_io_agree(f, err ? err : first_err);
	if (!all)
		all = shared_block(f);
	if (all) {
		if (!err)
			err = all;
		if (comm->rank == 0 && !first_err && f->fd >= 0 && (amode & MPI_MODE_CREATE) &&
		    (amode & MPI_MODE_EXCL))
			unlink(path);   /* we made it: leave nothing behind */
		file_release(f);
		if (!msg)
			msg = sys ? strerror(sys) : "another rank failed to open the file";
		return mpii_file_err(MPI_FILE_NULL, err, fn, "%s: %s", filename ? filename : "(null)",
				     msg);
	}
	f->magic = MPII_MAGIC_FILE;
	if (amode & MPI_MODE_APPEND) {
		/* Both pointers at the end (the default view counts bytes). */
		off_t end = lseek(f->fd, 0, SEEK_END);
		f->fp = end > 0 ? end : 0;
		if (comm->rank == 0)
			/* Relaxed: the barrier below publishes it. */
			shm_store_relaxed(&f->sh->shared_fp, (int64_t)f->fp);
		mpii_io_barrier(f);
	}
	*fh = f;
	return MPI_SUCCESS;
}

int mpii_File_close(const char *fn, MPI_File *fh)
{
	if (!fh || mpii_file_check(*fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	struct mpii_file *f = *fh;
	if (f->split)
		return mpii_file_err(f, MPI_ERR_OTHER, fn,
				     "a split collective is still in progress (call its _end)");
	int err = MPI_SUCCESS;
	if (f->fd >= 0 && close(f->fd) < 0 && errno != EINTR)
		err = mpii_io_errno_class(errno);
	f->fd = -1;
	/* Everybody has closed before the file goes, and nobody uses the
	 * block any more when rank 0 keeps it; the agreement after the
	 * unlink makes the file gone when close returns on any rank. */
	int rc = mpii_io_barrier(f);
	if (!err)
		err = rc;
	if (f->comm->rank == 0 && (f->amode & MPI_MODE_DELETE_ON_CLOSE) && unlink(f->path) < 0 &&
	    !err)
		err = mpii_io_errno_class(errno);
	err = mpii_io_agree(f, err);
	file_release(f);
	*fh = MPI_FILE_NULL;
	if (err)
		return mpii_file_err(MPI_FILE_NULL, err, fn, "closing the file");
	return MPI_SUCCESS;
}

int mpii_File_delete(const char *fn, const char *filename, MPI_Info info)
{
	if (!filename)
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_BAD_FILE, fn, "filename is NULL");
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_INFO, fn, "invalid info");
	const char *path = filename, *colon = strchr(filename, ':');
	if (colon && colon - path > 1 && !memchr(path, '/', (size_t)(colon - path)))
		path = colon + 1;
	if (unlink(path) < 0) {
		int e = errno;
		return mpii_file_err(MPI_FILE_NULL, e == EISDIR ? MPI_ERR_BAD_FILE
							       : mpii_io_errno_class(e),
				     fn, "%s: %s", filename, strerror(e));
	}
	return MPI_SUCCESS;
}
