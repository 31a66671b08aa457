/*
 * lib/core/core.h - what lib/core/ offers the rest of lib/: the one header
 * other folders include from here.
 *
 * object.h   the common head of every MPI object (magic words)
 * global.h   mpii_g, the process-wide state (rank, size, segment, config)
 * lock.h     the library lock (a no-op below MPI_THREAD_MULTIPLE)
 * errors.h   error classes and mpii_err(), the one place errors are raised
 * errhandler.h  error handler objects
 * request.h  requests: the pool, completion, polled operations
 * progress.h the progress engine and mpii_progress_wait(), the one way to block
 * pool.h     freed objects kept for reuse, so stale handles fail cleanly
 * hwtopo.h   the node's hardware (hwloc) for psets and hardware split types
 * session.h  a session's buffered-send buffer and its errors
 * stuck.h    where each thread waits, for the report of a stalled job
 */
#ifndef MPII_CORE_H
#define MPII_CORE_H

#include "lib/core/object.h"
#include "lib/core/global.h"
#include "lib/core/lock.h"
#include "lib/core/errors.h"
#include "lib/core/errhandler.h"
#include "lib/core/request.h"
#include "lib/core/progress.h"
#include "lib/core/pool.h"
#include "lib/core/stuck.h"
#include "lib/core/entry.h"
#include "lib/core/hwtopo.h"
#include "lib/core/session.h"
#include "lib/core/segv.h"

#endif
