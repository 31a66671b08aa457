/*
 * launcher/dynamic.h - MPI_Comm_spawn's side in the launcher: the control
 * socket the ranks send requests to, and starting the children into the
 * segment's spare member slots (docs/dynamic.md).
 */
#ifndef LNCH_DYNAMIC_H
#define LNCH_DYNAMIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "launcher/job.h"

/* Spare member slots beyond the larger of N and the universe size. */
#define LNCH_DYN_SPARE 64

/* The segment's member slots for a job of n ranks and universe size u. */
uint32_t lnch_dyn_slots(uint32_t n, uint32_t universe);

/* MPI_UNIVERSE_SIZE: --universe-size, else the CPUs the job may use, at
 * least n. */
uint32_t lnch_dyn_universe(const struct lnch_options *o, uint32_t ncpus);

/* Make the control socket (SOCK_SEQPACKET, an abstract name of our pid
 * and random bits, non-blocking, close-on-exec) and set SHMPI_LAUNCHER
 * and SHMPI_UNIVERSE_SIZE for the ranks.  Returns the listening
 * descriptor or -errno. */
int lnch_dyn_open(uint32_t universe, const char *given_name);

/* mpirun-shm --singleton-of PID FD NAME: the launcher a singleton starts
 * for itself at its first MPI_Comm_spawn (lib/comm/dynamic.c).  It adopts
 * the singleton's segment (FD, inherited) with the singleton as rank 0
 * (watched through a pidfd, not reaped: not our child), listens on NAME,
 * and serves spawns as for any job; the children's output goes where the
 * singleton's does.  Returns the exit status. */
int lnch_dyn_singleton(int argc, char **argv);

/* Whether the process at the other end of an accepted connection runs as
 * our user (only they may spawn in this job). */
bool lnch_dyn_peer_ok(int fd);

/* Serve one request of len bytes (NUL-separated fields, written by
 * lib/comm/dynamic.c): on success start the children (job->n grows by
 * *count from *first) with lnch_spawn_rank; either way write the answer
 * into ans (cap bytes) and return its length.  A child that cannot be
 * forked fails the job (the others of its world would wait for it):
 * then *failed is set and the caller takes the job down. */
size_t lnch_dyn_serve(struct lnch_job *job, char *req, size_t len, char *ans, size_t cap,
		      uint32_t *first, uint32_t *count, bool *failed);

#endif
