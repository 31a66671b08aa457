/*
 * lib/core/session.c - MPI-4.0 sessions (11.3): MPI_Session_init/finalize,
 * their info, error handlers and Fortran integers, and the process sets
 * (psets) a session offers: their names, sizes and groups.
 *
 * A session is a user of the library, as the world model is: the first
 * one joins the job, and the library stays usable while one is open
 * (lib/core/env.c, mpii_env_up/down).  So sessions and MPI_Init may come
 * in either order, several sessions may be open at once, from several
 * threads, and a session may follow the last one's end or MPI_Finalize.
 * Communicators come from a session's groups through
 * MPI_Comm_create_from_group (lib/comm/comm_from_group.c), which needs no
 * MPI_COMM_WORLD from the user.
 *
 * The process sets (docs/STATUS.md lists them):
 *   mpi://WORLD          every member of the job (MPI_COMM_WORLD's ranks)
 *   mpi://SELF           this process
 *   shmpi://numa/N       the members on NUMA node N (the node each member
 *                        published at its start, lib/coll/numa.c: the one
 *                        of the cores the launcher bound it to, 0 when
 *                        unbound; SHMPI_COLL_FAKE_NUMA fakes them)
 *   shmpi://package/P    the members whose NUMA node is in package P
 *                        (hwloc's logical index of the package, lib/core/
 *                        hwtopo.c; 0 where hwloc does not say)
 * Names compare without regard to case (MPICH's tests spell mpi://world).
 * A node or package appears only if some member is on it.  The table is
 * built once per process, at the first query that needs the members'
 * nodes; it waits until every member has started (a member's node is
 * published before it says RUNNING, lib/core/env.c), so every process
 * sees the same sets.
 *
 * Errors go to the session's handler (the one MPI_Session_init was
 * given, or set later); an invalid session has none, and its error goes
 * to MPI_COMM_SELF's (mpii_err_session).  Freed sessions are poisoned and
 * kept in a pool, so a freed handle gets MPI_ERR_SESSION.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lib/attr/attr.h"
#include "lib/comm/comm.h"
#include "lib/core/core.h"
#include "lib/core/env.h"
#include "lib/core/hwtopo.h"
#include "shm/config.h"

struct mpii_session {
	uint32_t magic;
	struct mpii_errhandler *errh;
	int thread_level;          /* what MPI_Session_get_info says */
	struct mpii_info *info;    /* the hints given at init, with thread_level */
	struct mpii_bsend_buf *bsend; /* MPI_Session_attach_buffer's (lib/p2p) */
};

static struct mpii_pool session_pool = MPII_POOL_INIT(struct mpii_session);

static const char *const level_names[] = { "MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED",
					   "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE" };

static int valid(MPI_Session s)
{
	return MPII_VALID(s, MPII_MAGIC_SESSION);
}

struct mpii_bsend_buf **mpii_session_bsend(MPI_Session s)
{
	return valid(s) ? &s->bsend : NULL;
}

int mpii_session_raise(MPI_Session s, int errcode, const char *fn, const char *detail)
{
	return mpii_err_session(s, valid(s) ? s->errh : NULL, errcode, fn, "%s", detail);
}

/* ------------------------------------------------------- process sets */

struct pset {
	char name[40];
	int n;
	int *world;     /* world ranks, increasing */
};

static pthread_mutex_t pset_mu = PTHREAD_MUTEX_INITIALIZER;
static struct pset *psets;      /* built once (build_psets), never freed */
static int npsets;

/* Every member has started (or is gone): its node is published.
 * Acquire: pairs with the member's release of RUNNING, made after its
 * numa_node store. */
static int all_started(void *arg)
{
	(void)arg;
	for (int i = 0; i < mpii_g.size; i++) {
		struct shm_member *m = shm_seg_member(&mpii_g.seg, (uint32_t)i);
		if (shm_load_acquire(&m->state) == SHM_MEMBER_UNSTARTED &&
		    !shm_load_seq_cst(&shm_seg_bell(&mpii_g.seg, (uint32_t)i)->gone))
			return 0;
	}
	return 1;
}

/* Append the set of the members whose key is k (key[i], i a world rank). */
static int add_keyed(struct pset *t, int *nt, const char *what, const int *key, int k)
{
	struct pset *p = &t[*nt];
	p->world = malloc(sizeof(int) * (size_t)mpii_g.size);
	if (!p->world)
		return MPI_ERR_NO_MEM;
	p->n = 0;
	for (int i = 0; i < mpii_g.size; i++)
		if (key[i] == k)
			p->world[p->n++] = i;
	snprintf(p->name, sizeof(p->name), "shmpi://%s/%d", what, k);
	(*nt)++;
	return MPI_SUCCESS;
}

/* Append one set per distinct key value, in increasing order. */
static int add_by_key(struct pset *t, int *nt, const char *what, const int *key)
{
	int last = -1;
	for (;;) {
		int next = -1;
		for (int i = 0; i < mpii_g.size; i++)
			if (key[i] > last && (next < 0 || key[i] < next))
				next = key[i];
		if (next < 0)
			return MPI_SUCCESS;
		int rc = add_keyed(t, nt, what, key, next);
		if (rc)
			return rc;
		last = next;
	}
}

/* Build the table (once; pset_mu held).  MPI_SUCCESS or MPI_ERR_NO_MEM. */
static int build_psets(void)
{
	if (psets)
		return MPI_SUCCESS;
	int n = mpii_g.size;
	mpii_lock();
	mpii_progress_wait(all_started, NULL, -1);
	mpii_unlock();
	/* at most WORLD, SELF, one node and one package per member */
	struct pset *t = calloc((size_t)(2 + 2 * n), sizeof(*t));
	int *node = malloc(sizeof(int) * (size_t)n), *pkg = malloc(sizeof(int) * (size_t)n);
	int nt = 0, rc = MPI_ERR_NO_MEM;
	if (!t || !node || !pkg)
		goto out;
	for (int i = 0; i < n; i++) {
		int32_t v = shm_seg_member(&mpii_g.seg, (uint32_t)i)->numa_node;
		node[i] = v < 0 ? 0 : v;
		pkg[i] = mpii_hw_node_package(node[i]);
	}
	t[0].world = malloc(sizeof(int) * (size_t)n);
	t[1].world = malloc(sizeof(int));
	if (!t[0].world || !t[1].world)
		goto out;
	snprintf(t[0].name, sizeof(t[0].name), "mpi://WORLD");
	t[0].n = n;
	for (int i = 0; i < n; i++)
		t[0].world[i] = i;
	snprintf(t[1].name, sizeof(t[1].name), "mpi://SELF");
	t[1].n = 1;
	t[1].world[0] = mpii_g.rank;
	nt = 2;
	if ((rc = add_by_key(t, &nt, "numa", node)) || (rc = add_by_key(t, &nt, "package", pkg)))
		goto out;
	psets = t;
	npsets = nt;
	t = NULL;
out:
	if (t) {
		for (int i = 0; i < 2 + 2 * n; i++)
			free(t[i].world);
		free(t);
	}
	free(node);
	free(pkg);
	return rc;
}

/* The set named name, or NULL; *rc an error class when the table could
 * not be built. */
static const struct pset *find_pset(const char *name, int *rc)
{
	const struct pset *p = NULL;
	pthread_mutex_lock(&pset_mu);
	*rc = build_psets();
	for (int i = 0; !*rc && i < npsets; i++)
		if (strcasecmp(psets[i].name, name) == 0)
			p = &psets[i];
	pthread_mutex_unlock(&pset_mu);
	return p;
}

static int count_psets(int *n)
{
	pthread_mutex_lock(&pset_mu);
	int rc = build_psets();
	*n = npsets;
	pthread_mutex_unlock(&pset_mu);
	return rc;
}

/* ------------------------------------------------------ init, finalize */

/* The thread level asked for by the info key "thread_level" (MPI-4.0
 * 11.3.1: one of the MPI_THREAD_* names), or the default of MPI_Init
 * (SHMPI_THREAD_LEVEL) without it; -1 for a value that names none. */
static int asked_level(MPI_Info info)
{
	const char *v = mpii_info_lookup(info, "thread_level");
	if (!v)
		return (int)shm_config_get("SHMPI_THREAD_LEVEL");
	for (int i = 0; i < 4; i++)
		if (strcasecmp(v, level_names[i]) == 0)
			return i;
	return -1;
}

int mpii_Session_init(const char *fn, MPI_Info info, MPI_Errhandler errhandler,
		      MPI_Session *session)
{
	struct mpii_errhandler *eh = mpii_errhandler_valid(errhandler) ? errhandler : NULL;
	if (!eh)
		return mpii_err_session(MPI_SESSION_NULL, NULL, MPI_ERR_ARG, fn,
					"invalid error handler");
	if (!session)
		return mpii_err_session(MPI_SESSION_NULL, eh, MPI_ERR_ARG, fn, "session is NULL");
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_err_session(MPI_SESSION_NULL, eh, MPI_ERR_INFO, fn, "invalid info");
	int level = asked_level(info);
	if (level < 0)
		return mpii_err_session(MPI_SESSION_NULL, eh, MPI_ERR_ARG, fn,
					"thread_level \"%s\" names no thread level",
					mpii_info_lookup(info, "thread_level"));
	struct mpii_session *s = mpii_pool_get(&session_pool);
	struct mpii_info *kept = NULL;
	if (!s || mpii_info_dup(info, &kept) != MPI_SUCCESS) {
		if (s)
			mpii_pool_put(&session_pool, s);
		return mpii_err_session(MPI_SESSION_NULL, eh, MPI_ERR_NO_MEM, fn, "out of memory");
	}
	int provided;
	if (mpii_env_up(level, &provided, 0) != MPI_SUCCESS) {
		mpii_info_release(kept);
		mpii_pool_put(&session_pool, s);
		return mpii_err_session(MPI_SESSION_NULL, eh, MPI_ERR_OTHER, fn, "cannot join the job");
	}
	s->thread_level = provided;
	s->info = kept;
	s->errh = eh;
	mpii_errhandler_ref(eh);
	/* Set last: until now the object is nobody's. */
	s->magic = MPII_MAGIC_SESSION;
	/* The info the session reports: the hints, thread_level the level
	 * the process provides (MPI-4.0 11.3.1). */
	if (mpii_Info_set(fn, kept, "thread_level", level_names[provided]) != MPI_SUCCESS) {
		mpii_Session_finalize(fn, &s);
		return mpii_err_session(MPI_SESSION_NULL, eh, MPI_ERR_NO_MEM, fn, "out of memory");
	}
	*session = s;
	return MPI_SUCCESS;
}

int mpii_Session_finalize(const char *fn, MPI_Session *session)
{
	if (!session || !valid(*session))
		return mpii_err_session(MPI_SESSION_NULL, NULL, MPI_ERR_SESSION, fn,
					"invalid session");
	struct mpii_session *s = *session;
	s->magic = MPII_MAGIC_FREED;
	mpii_errhandler_unref(s->errh);
	s->errh = NULL;
	mpii_info_release(s->info);
	s->info = NULL;
	mpii_pool_put(&session_pool, s);
	*session = MPI_SESSION_NULL;
	/* Objects made from the session stay the user's to free (MPI-4.0
	 * 11.3.1): nothing else to drop here. */
	mpii_env_down(0);
	return MPI_SUCCESS;
}

int mpii_Session_get_info(const char *fn, MPI_Session session, MPI_Info *info_used)
{
	if (!valid(session))
		return mpii_err_session(session, NULL, MPI_ERR_SESSION, fn, "invalid session");
	if (!info_used)
		return mpii_err_session(session, session->errh, MPI_ERR_ARG, fn, "info_used is NULL");
	if (mpii_info_dup(session->info, info_used) != MPI_SUCCESS)
		return mpii_err_session(session, session->errh, MPI_ERR_NO_MEM, fn, "out of memory");
	return MPI_SUCCESS;
}

/* --------------------------------------------------------- the psets */

int mpii_Session_get_num_psets(const char *fn, MPI_Session session, MPI_Info info,
			       int *npset_names)
{
	(void)info;   /* no selection by info: every set is offered */
	if (!valid(session))
		return mpii_err_session(session, NULL, MPI_ERR_SESSION, fn, "invalid session");
	if (!npset_names)
		return mpii_err_session(session, session->errh, MPI_ERR_ARG, fn,
					"npset_names is NULL");
	int rc = count_psets(npset_names);
	if (rc)
		return mpii_err_session(session, session->errh, rc, fn, "out of memory");
	return MPI_SUCCESS;
}

/* MPI-4.0 11.3.2: *pset_len 0 asks for the length (the name's with its
 * terminator, pset_name may then be NULL); otherwise at most *pset_len - 1
 * characters and the terminator are copied, and *pset_len says the
 * name's length with its terminator. */
int mpii_Session_get_nth_pset(const char *fn, MPI_Session session, MPI_Info info, int n,
			      int *pset_len, char *pset_name)
{
	(void)info;
	if (!valid(session))
		return mpii_err_session(session, NULL, MPI_ERR_SESSION, fn, "invalid session");
	struct mpii_errhandler *eh = session->errh;
	if (!pset_len || *pset_len < 0)
		return mpii_err_session(session, eh, MPI_ERR_ARG, fn, "invalid pset_len");
	int count, rc = count_psets(&count);
	if (rc)
		return mpii_err_session(session, eh, rc, fn, "out of memory");
	if (n < 0 || n >= count)
		return mpii_err_session(session, eh, MPI_ERR_ARG, fn,
					"n = %d: there are %d process sets", n, count);
	const char *name = psets[n].name;
	int len = (int)strlen(name) + 1;
	if (*pset_len == 0) {
		*pset_len = len;
		return MPI_SUCCESS;
	}
	if (!pset_name)
		return mpii_err_session(session, eh, MPI_ERR_ARG, fn, "pset_name is NULL");
	int copy = *pset_len - 1 < len - 1 ? *pset_len - 1 : len - 1;
	memcpy(pset_name, name, (size_t)copy);
	pset_name[copy] = 0;
	*pset_len = len;
	return MPI_SUCCESS;
}

/* The set named pset_name, or an error raised on session (a name that
 * names no set: MPI_ERR_ARG, as MPICH answers; the standard names no
 * class). */
static const struct pset *lookup(const char *fn, MPI_Session session, const char *pset_name,
				 int *rc)
{
	*rc = MPI_SUCCESS;
	if (!valid(session)) {
		*rc = mpii_err_session(session, NULL, MPI_ERR_SESSION, fn, "invalid session");
		return NULL;
	}
	if (!pset_name) {
		*rc = mpii_err_session(session, session->errh, MPI_ERR_ARG, fn, "pset_name is NULL");
		return NULL;
	}
	const struct pset *p = find_pset(pset_name, rc);
	if (*rc)
		*rc = mpii_err_session(session, session->errh, *rc, fn, "out of memory");
	else if (!p)
		*rc = mpii_err_session(session, session->errh, MPI_ERR_ARG, fn,
				       "no process set is named \"%s\"", pset_name);
	return p;
}

int mpii_Session_get_pset_info(const char *fn, MPI_Session session, const char *pset_name,
			       MPI_Info *info)
{
	int rc;
	const struct pset *p = lookup(fn, session, pset_name, &rc);
	if (!p)
		return rc;
	if (!info)
		return mpii_err_session(session, session->errh, MPI_ERR_ARG, fn, "info is NULL");
	char size[16];
	snprintf(size, sizeof(size), "%d", p->n);
	if (mpii_info_dup(NULL, info) != MPI_SUCCESS)
		return mpii_err_session(session, session->errh, MPI_ERR_NO_MEM, fn, "out of memory");
	/* MPI-4.0 11.3.2: mpi_size, the number of processes in the set */
	rc = mpii_Info_set(fn, *info, "mpi_size", size);
	if (rc) {
		mpii_info_release(*info);
		*info = MPI_INFO_NULL;
		return mpii_err_session(session, session->errh, rc, fn, "out of memory");
	}
	return MPI_SUCCESS;
}

int mpii_Group_from_session_pset(const char *fn, MPI_Session session, const char *pset_name,
				 MPI_Group *newgroup)
{
	int rc;
	const struct pset *p = lookup(fn, session, pset_name, &rc);
	if (!p)
		return rc;
	if (!newgroup)
		return mpii_err_session(session, session->errh, MPI_ERR_ARG, fn, "newgroup is NULL");
	struct mpii_group *g = mpii_group_new(p->n);
	if (!g)
		return mpii_err_session(session, session->errh, MPI_ERR_NO_MEM, fn, "out of memory");
	memcpy(g->world, p->world, sizeof(int) * (size_t)p->n);
	mpii_group_set_rank(g);
	g->session = session;   /* its communicators' buffered sends may use ours */
	*newgroup = g;
	return MPI_SUCCESS;
}

/* ----------------------------------------------------- error handlers */

int mpii_Session_create_errhandler(const char *fn, MPI_Session_errhandler_function *f,
				   MPI_Errhandler *errhandler)
{
	/* One kind of handler object for every kind of handle: errors.c
	 * calls comm_fn with the session (mpii_err_session). */
	return mpii_Comm_create_errhandler(fn, (MPI_Comm_errhandler_function *)(void (*)(void))f,
					   errhandler);
}

int mpii_Session_set_errhandler(const char *fn, MPI_Session session, MPI_Errhandler errhandler)
{
	if (!valid(session))
		return mpii_err_session(session, NULL, MPI_ERR_SESSION, fn, "invalid session");
	if (!mpii_errhandler_valid(errhandler))
		return mpii_err_session(session, session->errh, MPI_ERR_ARG, fn,
					"invalid error handler");
	mpii_errhandler_ref(errhandler);
	mpii_lock();
	struct mpii_errhandler *old = session->errh;
	session->errh = errhandler;
	mpii_unlock();
	mpii_errhandler_unref(old);
	return MPI_SUCCESS;
}

int mpii_Session_get_errhandler(const char *fn, MPI_Session session, MPI_Errhandler *errhandler)
{
	if (!valid(session))
		return mpii_err_session(session, NULL, MPI_ERR_SESSION, fn, "invalid session");
	if (!errhandler)
		return mpii_err_session(session, session->errh, MPI_ERR_ARG, fn,
					"errhandler is NULL");
	mpii_lock();
	*errhandler = session->errh;
	mpii_errhandler_ref(*errhandler);   /* the caller frees what it gets */
	mpii_unlock();
	return MPI_SUCCESS;
}

int mpii_Session_call_errhandler(const char *fn, MPI_Session session, int errorcode)
{
	if (!valid(session))
		return mpii_err_session(session, NULL, MPI_ERR_SESSION, fn, "invalid session");
	mpii_err_session(session, session->errh, errorcode, fn, "error raised by the user");
	return MPI_SUCCESS;   /* the handler was called and returned */
}
