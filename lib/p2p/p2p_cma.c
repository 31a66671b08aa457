/*
 * lib/p2p/p2p_cma.c - single-copy rendezvous with process_vm_readv/writev
 * (cross-memory attach).
 *
 * The receiver of an RTS reads the sender's data straight into its buffer
 * and answers FIN.  Either side may be laid out by a non-contiguous type
 * of large pieces (a TYPED RTS carries the sender's type; the iovecs are
 * made in lib/p2p/p2p_cma_typed.c).  For large messages the copy is split so
 * that both cores work: the receiver first sends CTS+SPLIT with its
 * buffer's address (and its type, TYPED, when not contiguous), then reads
 * the lower half while the sender, on CTS+SPLIT, writes the upper half
 * with process_vm_writev and answers WDONE.  The send completes at FIN
 * (the receiver no longer reads the sender's buffer); the receive
 * completes when its own half is read and WDONE arrived.
 *
 * A part of several MiB may instead be copied in chunks by all the threads
 * that wait in MPI when joined endpoint threads are among them
 * (lib/p2p/p2p_cma_share.c); mpii_cma_pulled ends the pull either way.
 *
 * The kernel may refuse cross-memory attach (ptrace policy, seccomp): the
 * first refusal of a plain read switches the process to the ring for good.
 * Splitting is only used once a plain read has succeeded, so a refusal in
 * the middle of a split copy means the policy changed under a running job:
 * that ends the job with a message rather than guessing.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>
#include "lib/core/core.h"
#include "lib/p2p/p2p_impl.h"
#include "shm/config.h"

static int cma_proven;      /* a plain read has worked in this process */
static size_t split_min;    /* SHMPI_CMA_SPLIT_MIN, bytes */

static size_t split_threshold(void)
{
	if (!split_min) {
		/* 32 KiB by default (shm/config_table.c says why). */
		split_min = (size_t)shm_config_get("SHMPI_CMA_SPLIT_MIN");
	}
	return split_min;
}

/* Peers' pids as verified by this process: 0 = not checked yet.  The pid
 * in a member block is in memory every member can write, so a rank could
 * point it at a process outside the job and have its peers copy to or from
 * there.  Before the first copy with a peer we check that the process with
 * that pid holds the job's segment open at the same descriptor (each rank
 * keeps it open, close-on-exec, until MPI_Finalize), then keep the pid
 * privately. */
static pid_t *verified_pid;

static int holds_our_segment(pid_t pid)
{
	char path[64];
	struct stat mine, theirs;
	snprintf(path, sizeof(path), "/proc/%d/fd/%d", (int)pid, mpii_g.seg.fd);
	/* The launcher holds the segment too, but is never a rank. */
	return pid > 0 && pid != getppid() && fstat(mpii_g.seg.fd, &mine) == 0 && stat(path, &theirs) == 0 &&
	       mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino;
}

static pid_t pid_of(int world)
{
	if (!verified_pid && !(verified_pid = calloc((size_t)mpii_g.nmembers, sizeof(*verified_pid))))
		mpii_abort_job(MPI_ERR_NO_MEM, "out of memory for the peers' pids");
	if (verified_pid[world])
		return verified_pid[world];
	pid_t pid = shm_seg_member(&mpii_g.seg, (uint32_t)world)->pid;
	if (!holds_our_segment(pid)) {
		char why[160];
		snprintf(why, sizeof(why),
			 "rank %d's pid in the shared segment (%d) is not a process of this job: "
			 "refusing a single copy with it", world, (int)pid);
		mpii_abort_job(MPI_ERR_INTERN, why);
	}
	return verified_pid[world] = pid;
}

int mpii_cma_read(int world, void *dst, uintptr_t src, size_t n)
{
	struct iovec l = { dst, n }, r = { (void *)src, n };
	return process_vm_readv(pid_of(world), &l, 1, &r, 1, 0) == (ssize_t)n ? 0 : -1;
}

void mpii_cma_pids_release(void)
{
	free(verified_pid);
	verified_pid = NULL;
}

/* The lower part the receiver reads; page-aligned so that neither side
 * pins a page the other also touches (in a typed buffer the offset is one
 * of the message's bytes, and the pieces decide where pages split). */
static MPI_Count split_point(MPI_Count n)
{
	return (n / 2) & ~(MPI_Count)4095;
}

/* A header carrying the envelope of a split receive to its completion. */
static void finish_split(struct mpii_request *req, int world_src)
{
	struct mpii_msg_hdr h = { .type = MPII_MSG_DATA, .len = (uint64_t)req->bytes };
	mpii_p2p_finish_recv(req, &h, world_src);
}

/* Our side of a copy: the request's buffer. */
static struct mpii_cma_side own_side(const struct mpii_request *req)
{
	struct mpii_cma_side s = { req->dt, req->count, (uintptr_t)req->buf };
	return s;
}

/* Ask the sender of rts to write bytes [split_point(n), n) of the message
 * into our buffer: CTS+SPLIT with its address, and with our type's
 * description when it is not contiguous.  0 (nothing sent) when that
 * description does not fit the cell. */
static int offer_split(struct mpii_request *req, const struct mpii_msg_hdr *rts, MPI_Count n,
		       int world_src)
{
	struct mpii_datatype *dt = req->dt;
	struct mpii_msg_hdr cts = { .type = MPII_MSG_CTS, .flags = MPII_MSGF_SPLIT, .len = (uint64_t)n,
				    .sreq = rts->sreq, .rreq = (uint64_t)(uintptr_t)req };
	const void *desc = NULL;
	if (dt->flags & MPII_DT_CONTIG) {
		cts.raddr = (uint64_t)(uintptr_t)((char *)req->buf + dt->true_lb);
	} else {
		size_t len;
		if (mpii_type_wire(dt, &desc, &len) != MPI_SUCCESS || !mpii_extra_fits(len))
			return 0;
		cts.flags |= MPII_MSGF_TYPED;
		cts.extra = (uint16_t)len;
		cts.raddr = (uint64_t)(uintptr_t)req->buf;
	}
	mpii_given_add(req, world_src, MPII_GIVEN_RECV);
	mpii_p2p_send_hdr(world_src, &cts, desc);
	return 1;
}

int mpii_cma_pull(struct mpii_request *req, const struct mpii_msg_hdr *h, const void *desc,
		  int world_src)
{
	int typed = (h->flags & MPII_MSGF_TYPED) != 0;
	if (!mpii_g.cma_ok || !(h->raddr || typed) || !mpii_cma_iov_worth(req->dt))
		return 0;
	MPI_Count cap = req->count * req->dt->size;
	MPI_Count n = (MPI_Count)h->len < cap ? (MPI_Count)h->len : cap;
	struct mpii_cma_side local = own_side(req), remote;
	if (mpii_cma_peer_side(h, desc, world_src, n, &remote) != MPI_SUCCESS)
		return 0; /* the sender's type cannot be rebuilt: the ring can do without */
	/* Split only when no peer is reading our own data: then the sender's
	 * core is likely idle.  When traffic goes both ways (bidirectional
	 * bandwidth, exchanges) both cores already copy, and a split adds a
	 * CTS+SPLIT, a WDONE and a wait for them (perf/bibw 64 KiB, np=2,
	 * interleaved: 3.98-7.9 GB/s split, 4.2-15.7 not split).  With more
	 * ranks than cores, not either when the sender said it is BUSY (it
	 * has receives posted or other data out): its half would wait for
	 * its turn on a core while we could copy it (perf/ab.sh -p 4 on 2
	 * cores: exchange 64 KiB-1 MiB 1.0-1.4x the bandwidth, scatter
	 * 0.75-0.79x of the time, alltoall 0.69-0.94x; a gather's senders
	 * only wait, are not BUSY, and split as before). */
	int proven_peer = cma_proven && world_src != mpii_g.rank;
	int can_split = proven_peer && (size_t)n >= split_threshold() && mpii_p2p.rts_out == 0 &&
			!(mpii_g.oversubscribed && (h->flags & MPII_MSGF_BUSY));
	int contig = !typed && (req->dt->flags & MPII_DT_CONTIG);
	/* Several messages from this sender waiting: one read for them all
	 * (lib/p2p/p2p_cma_batch.c) beats splitting each up to a size. */
	int batch = proven_peer && contig && mpii_cma_batch_fits(world_src, (size_t)n, can_split);
	MPI_Count lower = n;
	if (!batch && can_split && offer_split(req, h, n, world_src))
		lower = split_point(n);
	int split = lower != n;
	/* Chunks shared among threads are plain ranges: both sides contiguous. */
	char *dst = (char *)req->buf + req->dt->true_lb;
	if (cma_proven && contig &&
	    mpii_cma_share_post(req, h, world_src, pid_of(world_src), dst, (size_t)lower, split)) {
		req->proto = MPII_P_COPYING;
		return 1;
	}
	if (batch) {
		mpii_cma_batch_add(req, h, pid_of(world_src), dst, (size_t)n);
		return 1;
	}
	if (mpii_cma_copy(pid_of(world_src), 0, &local, &remote, 0, lower) != 0) {
		if (split)
			mpii_abort_job(MPI_ERR_INTERN, "process_vm_readv refused in the middle of a job");
		/* EPERM/ENOSYS or a short read: use the ring from now on (it
		 * sends every byte again, so a partial typed read is harmless). */
		mpii_g.cma_ok = 0;
		return 0;
	}
	cma_proven = 1;
	/* WDONE cannot have been handled yet: it is read from the ring by
	 * the drain that called us, after we return. */
	mpii_cma_pulled(req, h, world_src, split);
	return 1;
}

void mpii_cma_pulled(struct mpii_request *req, const struct mpii_msg_hdr *rts, int world_src,
		     int await_wdone)
{
	/* The sender's buffer is no longer read: its send completes. */
	mpii_p2p_send_ctl(world_src, MPII_MSG_FIN, rts->sreq, 0);
	mpii_p2p_ctr.cma_msgs++;
	mpii_p2p_ctr.cma_bytes += rts->len;
	if (await_wdone)
		req->proto = MPII_P_WAIT_HALF;
	else
		mpii_p2p_finish_recv(req, rts, world_src);
}

void mpii_cma_on_split_cts(const struct mpii_msg_hdr *h, const void *desc, int world_src)
{
	/* FIN follows: the address stays given. */
	struct mpii_request *req = mpii_given_answer(h->sreq, world_src, MPII_GIVEN_SEND, 0);
	MPI_Count n = (MPI_Count)h->len, lower = split_point(n);
	struct mpii_cma_side local = own_side(req), remote;
	/* The receiver is blocked on our WDONE: there is no way back. */
	if (mpii_cma_peer_side(h, desc, world_src, n, &remote) != MPI_SUCCESS)
		mpii_abort_job(MPI_ERR_NO_MEM, "cannot rebuild the receiver's datatype");
	if (mpii_cma_copy(pid_of(world_src), 1, &local, &remote, lower, n - lower) != 0)
		mpii_abort_job(MPI_ERR_INTERN, "process_vm_writev refused in the middle of a job");
	/* Our request completes at FIN, which follows in the ring. */
	mpii_p2p_send_ctl(world_src, MPII_MSG_WDONE, 0, h->rreq);
}

void mpii_cma_on_wdone(const struct mpii_msg_hdr *h, int world_src)
{
	struct mpii_request *req = mpii_given_answer(h->rreq, world_src, MPII_GIVEN_RECV, 1);
	/* Our own half, when copied in chunks, may not be in place yet: the
	 * job then completes the receive when it is.  Otherwise it was read
	 * in mpii_cma_pull before this could be seen. */
	if (req->proto == MPII_P_COPYING)
		mpii_cma_share_wdone(req);
	else
		finish_split(req, world_src);
}
