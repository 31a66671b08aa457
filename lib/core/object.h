/*
 * lib/core/object.h - what every MPI object has in common: a magic word that
 * tells its kind (and poisoned on free), so that a bad or stale handle gets
 * an error class instead of a crash.
 *
 * Objects are never returned to malloc while a handle may still point at
 * them by mistake: freed objects keep MPII_MAGIC_FREED and go to a per-kind
 * queue for reuse (lib/core/pool.h).
 */
#ifndef MPII_OBJECT_H
#define MPII_OBJECT_H

#include <stdint.h>

enum mpii_magic {
	MPII_MAGIC_COMM = 0x4d436f6d,
	MPII_MAGIC_GROUP = 0x4d477270,
	MPII_MAGIC_DATATYPE = 0x4d547970,
	MPII_MAGIC_REQUEST = 0x4d526571,
	MPII_MAGIC_OP = 0x4d4f7020,
	MPII_MAGIC_ERRHANDLER = 0x4d457268,
	MPII_MAGIC_INFO = 0x4d496e66,
	MPII_MAGIC_MESSAGE = 0x4d4d7367,
	MPII_MAGIC_METAREQ = 0x4d4d7271,
	MPII_MAGIC_MUTEX = 0x4d4d7478,
	MPII_MAGIC_COND = 0x4d436e64,
	MPII_MAGIC_WIN = 0x4d57696e,
	MPII_MAGIC_FILE = 0x4d46696c,
	MPII_MAGIC_SESSION = 0x4d536573,
	MPII_MAGIC_FREED = 0x46524545,
};

/* True when p is non-NULL and carries the magic m.  A wild pointer can
 * still fault; every pointer the library itself handed out is safe. */
#define MPII_VALID(p, m) ((p) != NULL && (p)->magic == (m))

#endif
