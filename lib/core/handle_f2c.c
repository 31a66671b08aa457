/*
 * lib/core/handle_f2c.c - MPI_X_c2f / MPI_X_f2c: integer names for handles.
 *
 * Handles are pointers; Fortran (and C code that stores handles in ints)
 * needs small integers.  A per-process table gives each handle converted
 * with c2f an index (0 is the null handle) and keeps it for the life of the
 * process; a hash of the pointer finds an existing index in O(1).  f2c
 * checks the object's kind, so a wrong or stale integer yields the null
 * handle rather than a wrong object.  Protected by the library lock.
 *
 * The predefined handles come first, at fixed indices (handle_fixed.c, the
 * order of mpi.h): Fortran names them as PARAMETERs (MPI_COMM_WORLD is 1
 * in mpif.h), so their integers must be known before any c2f.  f2c of a
 * fixed index reads the constant table without the lock: the Fortran
 * bindings convert MPI_COMM_WORLD and MPI_INTEGER on every call.
 */
#include <stdint.h>
#include <stdlib.h>
#include "lib/comm/comm.h"
#include "lib/datatype/datatype.h"
#include "lib/core/errors.h"
#include "lib/core/handle_fixed.h"
#include "lib/core/lock.h"
#include "lib/core/object.h"
#include "lib/core/request.h"

static void **names;          /* index -> handle; names[0] unused (null) */
static int nnames, cap_names;
static int *slots;            /* open-addressing hash: handle -> index */
static int nslots;

static unsigned hash_ptr(const void *p)
{
	uintptr_t x = (uintptr_t)p;
	x ^= x >> 17;
	x *= 0xed5ad4bbu;
	x ^= x >> 11;
	return (unsigned)x;
}

static int grow_slots(void)
{
	int n = nslots ? nslots * 2 : 256;
	int *s = calloc((size_t)n, sizeof(int));
	if (!s)
		return -1;
	for (int i = 1; i < nnames; i++) {
		unsigned h = hash_ptr(names[i]) & (unsigned)(n - 1);
		while (s[h])
			h = (h + 1) & (unsigned)(n - 1);
		s[h] = i;
	}
	free(slots);
	slots = s;
	nslots = n;
	return 0;
}

/* The index of handle h, assigning one on first use; 0 for NULL or when
 * out of memory.  Called with the lock held. */
static MPI_Fint enter(const void *h)
{
	MPI_Fint idx = 0;
	if (nslots == 0 || nnames * 2 >= nslots)
		if (grow_slots() < 0)
			return 0;
	unsigned s = hash_ptr(h) & (unsigned)(nslots - 1);
	while (slots[s]) {
		if (names[slots[s]] == h)
			return slots[s];
		s = (s + 1) & (unsigned)(nslots - 1);
	}
	if (nnames == 0)
		nnames = 1; /* index 0 stays the null handle */
	if (nnames >= cap_names) {
		int c = cap_names ? cap_names * 2 : 256;
		void **n = realloc(names, sizeof(void *) * (size_t)c);
		if (!n)
			return 0;
		names = n;
		cap_names = c;
	}
	names[nnames] = (void *)h;
	slots[s] = nnames;
	idx = nnames++;
	return idx;
}

/* Enters the predefined handles at their fixed indices 1..nfixed, once.
 * Called with the lock held. */
static int enter_fixed(void)
{
	for (int i = 0; i < mpii_handle_nfixed; i++)
		if (enter(mpii_handle_fixed[i]) != i + 1)
			return -1;
	return 0;
}

static MPI_Fint to_int(void *h)
{
	MPI_Fint idx = 0;

	if (!h)
		return 0;
	mpii_lock();
	if (nnames > 0 || enter_fixed() == 0)
		idx = enter(h);
	mpii_unlock();
	return idx;
}

/* The entered handle named i if it is an object of kind magic, else NULL.
 * Called with the lock held. */
static void *entered(MPI_Fint i, uint32_t magic)
{
	return i > 0 && i < nnames && *(uint32_t *)names[i] == magic ? names[i] : NULL;
}

/* entered() under the lock, out of line: the lock's calls need saved
 * registers that the path without threads should not pay for. */
static __attribute__((noinline)) void *entered_locked(MPI_Fint i, uint32_t magic)
{
	void *h;
	mpii_lock();
	h = entered(i, magic);
	mpii_unlock();
	return h;
}

/* The handle named i if it is an object of kind magic, else NULL.  Without
 * threads (mpii_lock would not lock) the table is read directly (the
 * Fortran bindings convert a request on every MPI_Wait). */
static inline void *from_int(MPI_Fint i, uint32_t magic)
{
	void *h;
	if (i > 0 && i <= mpii_handle_nfixed) {
		h = (void *)mpii_handle_fixed[i - 1];
		return *(uint32_t *)h == magic ? h : NULL;
	}
	if (!mpii_g.multi)
		return entered(i, magic);
	return entered_locked(i, magic);
}

#pragma weak MPI_Comm_c2f = PMPI_Comm_c2f
MPI_Fint PMPI_Comm_c2f(MPI_Comm comm) { return to_int(comm); }
#pragma weak MPI_Comm_f2c = PMPI_Comm_f2c
MPI_Comm PMPI_Comm_f2c(MPI_Fint comm) { return from_int(comm, MPII_MAGIC_COMM); }
#pragma weak MPI_Type_c2f = PMPI_Type_c2f
MPI_Fint PMPI_Type_c2f(MPI_Datatype datatype) { return to_int(datatype); }
#pragma weak MPI_Type_f2c = PMPI_Type_f2c
MPI_Datatype PMPI_Type_f2c(MPI_Fint datatype) { return from_int(datatype, MPII_MAGIC_DATATYPE); }
#pragma weak MPI_Group_c2f = PMPI_Group_c2f
MPI_Fint PMPI_Group_c2f(MPI_Group group) { return to_int(group); }
#pragma weak MPI_Group_f2c = PMPI_Group_f2c
MPI_Group PMPI_Group_f2c(MPI_Fint group) { return from_int(group, MPII_MAGIC_GROUP); }
#pragma weak MPI_Request_c2f = PMPI_Request_c2f
MPI_Fint PMPI_Request_c2f(MPI_Request request) { return to_int(request); }
#pragma weak MPI_Request_f2c = PMPI_Request_f2c
MPI_Request PMPI_Request_f2c(MPI_Fint request) { return from_int(request, MPII_MAGIC_REQUEST); }
#pragma weak MPI_Message_c2f = PMPI_Message_c2f
MPI_Fint PMPI_Message_c2f(MPI_Message message) { return to_int(message); }
#pragma weak MPI_Message_f2c = PMPI_Message_f2c
MPI_Message PMPI_Message_f2c(MPI_Fint message) { return from_int(message, MPII_MAGIC_MESSAGE); }
#pragma weak MPI_Op_c2f = PMPI_Op_c2f
MPI_Fint PMPI_Op_c2f(MPI_Op op) { return to_int(op); }
#pragma weak MPI_Op_f2c = PMPI_Op_f2c
MPI_Op PMPI_Op_f2c(MPI_Fint op) { return from_int(op, MPII_MAGIC_OP); }
#pragma weak MPI_Info_c2f = PMPI_Info_c2f
MPI_Fint PMPI_Info_c2f(MPI_Info info) { return to_int(info); }
#pragma weak MPI_Info_f2c = PMPI_Info_f2c
MPI_Info PMPI_Info_f2c(MPI_Fint info) { return from_int(info, MPII_MAGIC_INFO); }
#pragma weak MPI_Win_c2f = PMPI_Win_c2f
MPI_Fint PMPI_Win_c2f(MPI_Win win) { return to_int(win); }
#pragma weak MPI_Win_f2c = PMPI_Win_f2c
MPI_Win PMPI_Win_f2c(MPI_Fint win) { return from_int(win, MPII_MAGIC_WIN); }
#pragma weak MPI_File_c2f = PMPI_File_c2f
MPI_Fint PMPI_File_c2f(MPI_File fh) { return to_int(fh); }
#pragma weak MPI_File_f2c = PMPI_File_f2c
MPI_File PMPI_File_f2c(MPI_Fint fh) { return from_int(fh, MPII_MAGIC_FILE); }
/* MPI-4.0 sessions (lib/core/session.c): freed ones are poisoned and kept,
 * so f2c of a stale integer answers MPI_SESSION_NULL. */
#pragma weak MPI_Session_c2f = PMPI_Session_c2f
MPI_Fint PMPI_Session_c2f(MPI_Session session) { return to_int(session); }
#pragma weak MPI_Session_f2c = PMPI_Session_f2c
MPI_Session PMPI_Session_f2c(MPI_Fint session) { return from_int(session, MPII_MAGIC_SESSION); }
/* The seed's mutexes and condition variables (seed 002 6.12.4), for its
 * Fortran bindings.  Unlike the kinds above, a freed mutex or cond goes
 * back to malloc (lib/ext/mutex.c, cond.c): f2c of a stale integer reads
 * freed memory instead of answering the null handle. */
#pragma weak MPI_Mutex_c2f = PMPI_Mutex_c2f
MPI_Fint PMPI_Mutex_c2f(MPI_Mutex mutex) { return to_int(mutex); }
#pragma weak MPI_Mutex_f2c = PMPI_Mutex_f2c
MPI_Mutex PMPI_Mutex_f2c(MPI_Fint mutex) { return from_int(mutex, MPII_MAGIC_MUTEX); }
#pragma weak MPI_Cond_c2f = PMPI_Cond_c2f
MPI_Fint PMPI_Cond_c2f(MPI_Cond cond) { return to_int(cond); }
#pragma weak MPI_Cond_f2c = PMPI_Cond_f2c
MPI_Cond PMPI_Cond_f2c(MPI_Fint cond) { return from_int(cond, MPII_MAGIC_COND); }
#pragma weak MPI_Errhandler_c2f = PMPI_Errhandler_c2f
MPI_Fint PMPI_Errhandler_c2f(MPI_Errhandler errhandler) { return to_int(errhandler); }
#pragma weak MPI_Errhandler_f2c = PMPI_Errhandler_f2c
MPI_Errhandler PMPI_Errhandler_f2c(MPI_Fint errhandler)
{
	return from_int(errhandler, MPII_MAGIC_ERRHANDLER);
}
