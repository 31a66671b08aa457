/*
 * launcher/foreign.h - a program linked with another MPI, started by
 * mpirun-shm.
 */
#ifndef LNCH_FOREIGN_H
#define LNCH_FOREIGN_H

#include <stddef.h>

/* When the ELF program prog (found as a rank started in wdir would find
 * it, launcher/program.h) needs another
 * MPI's library and not libshmpi, write that MPI's name and the library
 * ("Open MPI (libmpi.so.40)") into what and return 1; 0 otherwise (not
 * found, not ELF, a script, linked with shmpi or with no MPI). */
int lnch_foreign_mpi(const char *prog, const char *wdir, char *what, size_t len);

#endif
