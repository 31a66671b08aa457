/*
 * tests/mpi/thr_common.h - helpers of the threads tests: a p2p barrier
 * (no collectives needed), a tiny PRNG, a shared scratch region made with
 * shm_open (ranks are separate processes: rank 0 creates it, the others
 * learn its name by message), thread level check, a mutex held by one
 * rank.
 */
#ifndef THR_COMMON_H
#define THR_COMMON_H

#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "mpitest.h"

#define THR_TAG_BARRIER 32000

static inline void thr_barrier(void)
{
	int rank, size;
	char b = 0;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (rank == 0) {
		for (int r = 1; r < size; r++)
			TEST_MPI(MPI_Recv(&b, 1, MPI_CHAR, r, THR_TAG_BARRIER, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		for (int r = 1; r < size; r++)
			TEST_MPI(MPI_Send(&b, 1, MPI_CHAR, r, THR_TAG_BARRIER, MPI_COMM_WORLD));
	} else {
		TEST_MPI(MPI_Send(&b, 1, MPI_CHAR, 0, THR_TAG_BARRIER, MPI_COMM_WORLD));
		TEST_MPI(MPI_Recv(&b, 1, MPI_CHAR, 0, THR_TAG_BARRIER, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
	}
}

static inline uint64_t thr_rand(uint64_t *s)
{
	/* xorshift64* */
	uint64_t x = *s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

static inline void thr_init_multiple(int *argc, char ***argv)
{
	int provided = -1;
	TEST_MPI(MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided));
	TEST_CHECK(provided == MPI_THREAD_MULTIPLE);
}

/* The set-up of the tests of a mutex's owner: MPI_THREAD_MULTIPLE, a
 * mutex over MPI_COMM_WORLD that world rank owner holds, and this rank in
 * *rank; returns once every rank has it. */
static inline MPI_Mutex thr_mutex_held_by(int owner, int *argc, char ***argv, int *rank)
{
	MPI_Mutex m;
	thr_init_multiple(argc, argv);
	MPI_Comm_rank(MPI_COMM_WORLD, rank);
	TEST_MPI(MPI_Mutex_create(MPI_COMM_WORLD, MPI_INFO_NULL, &m));
	if (*rank == owner)
		TEST_MPI(MPI_Mutex_lock(m));
	thr_barrier();
	return m;
}

/* A region of len bytes shared by every rank of MPI_COMM_WORLD, zeroed.
 * *name receives the shm_open name (rank 0 unlinks it in thr_shared_done). */
static inline void *thr_shared(size_t len, char name[64])
{
	int rank, size;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int fd;
	if (rank == 0) {
		snprintf(name, 64, "/shmpi-test-%ld", (long)getpid());
		fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
		TEST_CHECK(fd >= 0);
		TEST_CHECK(ftruncate(fd, (off_t)len) == 0);
		for (int r = 1; r < size; r++)
			TEST_MPI(MPI_Send(name, 64, MPI_CHAR, r, THR_TAG_BARRIER + 1, MPI_COMM_WORLD));
	} else {
		TEST_MPI(MPI_Recv(name, 64, MPI_CHAR, 0, THR_TAG_BARRIER + 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		fd = shm_open(name, O_RDWR, 0600);
		TEST_CHECK(fd >= 0);
	}
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	TEST_CHECK(p != MAP_FAILED);
	close(fd);
	thr_barrier();
	return p;
}

static inline void thr_shared_done(void *p, size_t len, const char *name)
{
	int rank;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	thr_barrier();
	munmap(p, len);
	if (rank == 0)
		shm_unlink(name);
}

#endif
