/*
 * lib/rma/rma.h - what lib/rma/ (one-sided communication: windows, RMA
 * operations, their synchronisation) offers the rest of lib/: the window
 * object as caching, names and handle conversion see it, and the one way
 * to raise an error on a window.  Design: docs/rma.md.
 */
#ifndef MPII_RMA_H
#define MPII_RMA_H

#include "mpi.h"
#include "lib/core/core.h"

struct mpii_attr_list;
struct mpii_comm;
struct mpii_win_state;   /* lib/rma/rma_impl.h */

struct mpii_win {
	uint32_t magic;          /* MPII_MAGIC_WIN */
	int flavor;              /* MPI_WIN_FLAVOR_* */
	int model;               /* MPI_WIN_UNIFIED */
	void *base;              /* this rank's window memory (NULL: dynamic) */
	MPI_Aint size;           /* this rank's window size in bytes */
	int disp_unit;
	struct mpii_comm *comm;  /* private duplicate of the creating communicator */
	struct mpii_errhandler *errh;
	char name[MPI_MAX_OBJECT_NAME];
	struct mpii_attr_list *attrs;
	MPI_Info info;           /* hints as set (NULL: none) */
	struct mpii_win_state *st;
};

/* One-sided operations this process issued, read by the tools interface
 * (lib/tools: rma_*).  Plain per-process increments: the latency paths
 * take no lock, so under MPI_THREAD_MULTIPLE two threads' operations at
 * the same instant may be counted once (a statistic, not a protocol). */
struct mpii_rma_counters {
	uint64_t puts, gets;       /* MPI_Put, MPI_Get and their request forms */
	uint64_t accs;             /* accumulates, get-accumulates, fetch-and-op */
	uint64_t cas;              /* compare-and-swap */
	uint64_t bytes;            /* moved by puts and gets */
};
extern struct mpii_rma_counters mpii_rma_ctr;

/* Check a window handle.  MPI_SUCCESS or MPI_ERR_WIN. */
int mpii_win_check(MPI_Win win);

/* Report errcode raised by fn on win through the window's error handler
 * (MPI_COMM_WORLD's when win is not a valid window); detail is printf-style.
 * Returns errcode if the handler returns. */
int mpii_win_err(MPI_Win win, int errcode, const char *fn, const char *detail, ...)
	__attribute__((format(printf, 4, 5)));

/* The predefined window attributes (MPI_WIN_BASE, MPI_WIN_SIZE,
 * MPI_WIN_DISP_UNIT, MPI_WIN_CREATE_FLAVOR, MPI_WIN_MODEL): *flag = 1 and
 * *(void **)val set for one of them, *flag = 0 for any other key. */
void mpii_win_attr_predefined(struct mpii_win *win, int keyval, void *val, int *flag);

#endif
