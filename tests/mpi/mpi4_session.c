/*
 * Description: MPI-4.0 sessions without MPI_Init: MPI_Session_init with the
 * thread_level hint and MPI_Session_get_info; the process sets (mpi://WORLD,
 * mpi://SELF, shmpi://numa/N and shmpi://package/P, here with faked NUMA
 * nodes too): their number, names (the length protocol of
 * MPI_Session_get_nth_pset), mpi_size and groups; MPI_Comm_create_from_group
 * on WORLD, on a subgroup (MPI_GROUP_EMPTY gives MPI_COMM_NULL) and on SELF,
 * and communication on them; session error handlers (create, set, get,
 * call, a user handler called with the session); MPI_Session_c2f/f2c.  Bad
 * arguments are error classes through the session's handler: a pset name
 * that does not exist and n out of range (MPI_ERR_ARG), a NULL pset_name
 * after a length was given (MPI_ERR_ARG), an invalid thread_level (through
 * MPI_Session_init's errhandler argument); a freed session is
 * MPI_ERR_SESSION through MPI_COMM_SELF's handler; NULL newcomm goes to
 * MPI_Comm_create_from_group's errhandler.  MPI_Initialized stays false.
 * np: 1 2 4
 * env: SHMPI_TEST_DEFAULT=1
 * env: SHMPI_COLL_FAKE_NUMA=2
 */
#include "mpitest.h"

static int ses_calls, ses_last;
static MPI_Session ses_seen;
static void on_session(MPI_Session *s, int *code, ...)
{
	ses_calls++;
	ses_last = *code;
	ses_seen = *s;
}

static int comm_calls;
static void on_comm(MPI_Comm *c, int *code, ...)
{
	(void)code;
	TEST_CHECK(*c == MPI_COMM_NULL);
	comm_calls++;
}

static void check_class(int rc, int cls)
{
	int c = -1;
	TEST_CHECK(rc != MPI_SUCCESS);
	MPI_Error_class(rc, &c);
	TEST_CHECK(c == cls);
}

/* The sum of the ranks of comm, checked by an allreduce. */
static void check_allreduce(MPI_Comm comm)
{
	int rank, size, sum = -1;
	TEST_MPI(MPI_Comm_rank(comm, &rank));
	TEST_MPI(MPI_Comm_size(comm, &size));
	TEST_MPI(MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm));
	TEST_CHECK(sum == size * (size - 1) / 2);
}

int main(void)
{
	MPI_Session s, s2;
	MPI_Info info, used;
	MPI_Errhandler eh, got;
	MPI_Group world, self, sub;
	MPI_Comm comm, subcomm, selfcomm;
	char val[MPI_MAX_INFO_VAL], name[MPI_MAX_PSET_NAME_LEN];
	int flag, n, len, wrank, wsize, init;

	TEST_MPI(MPI_Session_create_errhandler(on_session, &eh));
	TEST_MPI(MPI_Info_create(&info));
	/* an invalid thread level: through the errhandler argument */
	TEST_MPI(MPI_Info_set(info, "thread_level", "MPI_THREAD_NONSENSE"));
	ses_calls = 0;
	s = MPI_SESSION_NULL;
	check_class(MPI_Session_init(info, eh, &s), MPI_ERR_ARG);
	TEST_CHECK(ses_calls == 1 && s == MPI_SESSION_NULL);
	TEST_MPI(MPI_Info_set(info, "thread_level", "MPI_THREAD_MULTIPLE"));
	TEST_MPI(MPI_Session_init(info, MPI_ERRORS_RETURN, &s));
	TEST_MPI(MPI_Info_free(&info));
	TEST_CHECK(s != MPI_SESSION_NULL);
	TEST_MPI(MPI_Initialized(&init));
	TEST_CHECK(!init);
	TEST_MPI(MPI_Session_get_info(s, &used));
	TEST_MPI(MPI_Info_get(used, "thread_level", sizeof(val) - 1, val, &flag));
	TEST_CHECK(flag && strcmp(val, "MPI_THREAD_MULTIPLE") == 0);
	TEST_MPI(MPI_Info_free(&used));

	/* the process sets */
	TEST_MPI(MPI_Session_get_num_psets(s, MPI_INFO_NULL, &n));
	TEST_CHECK(n >= 4);   /* WORLD, SELF, a node, a package */
	int seen_world = 0, seen_self = 0, seen_numa = 0, seen_pkg = 0, in_numa = 0;
	for (int i = 0; i < n; i++) {
		len = 0;
		TEST_MPI(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, NULL));
		TEST_CHECK(len > 1 && len <= MPI_MAX_PSET_NAME_LEN);
		int want = len;
		TEST_MPI(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, name));
		TEST_CHECK(len == want && (int)strlen(name) + 1 == len);
		MPI_Info pi;
		TEST_MPI(MPI_Session_get_pset_info(s, name, &pi));
		TEST_MPI(MPI_Info_get(pi, "mpi_size", sizeof(val) - 1, val, &flag));
		TEST_CHECK(flag && atoi(val) >= 1);
		TEST_MPI(MPI_Info_free(&pi));
		MPI_Group g;
		int gsize, grank;
		TEST_MPI(MPI_Group_from_session_pset(s, name, &g));
		TEST_MPI(MPI_Group_size(g, &gsize));
		TEST_MPI(MPI_Group_rank(g, &grank));
		TEST_CHECK(gsize == atoi(val));
		if (strcmp(name, "mpi://WORLD") == 0)
			seen_world = 1;
		if (strcmp(name, "mpi://SELF") == 0) {
			seen_self = 1;
			TEST_CHECK(gsize == 1 && grank == 0);
		}
		if (strncmp(name, "shmpi://numa/", 13) == 0) {
			seen_numa++;
			in_numa += grank != MPI_UNDEFINED;
		}
		if (strncmp(name, "shmpi://package/", 16) == 0)
			seen_pkg++;
		TEST_MPI(MPI_Group_free(&g));
	}
	TEST_CHECK(seen_world && seen_self && seen_numa >= 1 && seen_pkg >= 1);
	TEST_CHECK(in_numa == 1);   /* each process is on exactly one node */
	/* a shorter buffer: truncated, with the terminator */
	len = 5;
	TEST_MPI(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 0, &len, name));
	TEST_CHECK(strlen(name) == 4 && len > 5);

	/* communicators from groups (the case of the name is not looked at) */
	TEST_MPI(MPI_Group_from_session_pset(s, "mpi://world", &world));
	TEST_MPI(MPI_Group_size(world, &wsize));
	TEST_MPI(MPI_Group_rank(world, &wrank));
	TEST_MPI(MPI_Comm_create_from_group(world, "org.shmpi.test.world", MPI_INFO_NULL,
					    MPI_ERRORS_RETURN, &comm));
	check_allreduce(comm);
	if (wsize > 1) {
		int excl = wsize - 1;
		TEST_MPI(MPI_Group_excl(world, 1, &excl, &sub));
		if (wrank == excl) {
			TEST_MPI(MPI_Comm_create_from_group(MPI_GROUP_EMPTY, "sub", MPI_INFO_NULL,
							    MPI_ERRORS_RETURN, &subcomm));
			TEST_CHECK(subcomm == MPI_COMM_NULL);
		} else {
			TEST_MPI(MPI_Comm_create_from_group(sub, "sub", MPI_INFO_NULL,
							    MPI_ERRORS_RETURN, &subcomm));
			check_allreduce(subcomm);
			TEST_MPI(MPI_Comm_free(&subcomm));
		}
		TEST_MPI(MPI_Group_free(&sub));
	}
	/* the same stringtag again, the first communicator still alive */
	MPI_Comm again;
	TEST_MPI(MPI_Comm_create_from_group(world, "org.shmpi.test.world", MPI_INFO_NULL,
					    MPI_ERRORS_RETURN, &again));
	check_allreduce(again);
	int c1, c2;
	TEST_MPI(MPI_Comm_compare(comm, again, &c1));
	TEST_CHECK(c1 == MPI_CONGRUENT);
	TEST_MPI(MPI_Comm_free(&again));
	TEST_MPI(MPI_Group_from_session_pset(s, "mpi://SELF", &self));
	TEST_MPI(MPI_Comm_create_from_group(self, "self", MPI_INFO_NULL, MPI_ERRORS_RETURN,
					    &selfcomm));
	TEST_MPI(MPI_Comm_size(selfcomm, &c2));
	TEST_CHECK(c2 == 1);
	int out = 42, in = 0;
	MPI_Request r;
	TEST_MPI(MPI_Irecv(&in, 1, MPI_INT, 0, 7, selfcomm, &r));
	TEST_MPI(MPI_Send(&out, 1, MPI_INT, 0, 7, selfcomm));
	TEST_MPI(MPI_Wait(&r, MPI_STATUS_IGNORE));
	TEST_CHECK(in == 42);
	/* the errhandler argument: the new communicator's, and called
	 * (with MPI_COMM_NULL) for an error of the call */
	MPI_Errhandler ceh;
	TEST_MPI(MPI_Comm_create_errhandler(on_comm, &ceh));
	comm_calls = 0;
	check_class(MPI_Comm_create_from_group(self, "self", MPI_INFO_NULL, ceh, NULL), MPI_ERR_ARG);
	TEST_CHECK(comm_calls == 1);
	TEST_MPI(MPI_Comm_free(&selfcomm));
	TEST_MPI(MPI_Comm_create_from_group(self, "self", MPI_INFO_NULL, ceh, &selfcomm));
	TEST_MPI(MPI_Comm_get_errhandler(selfcomm, &got));
	TEST_CHECK(got == ceh);
	TEST_MPI(MPI_Errhandler_free(&got));
	TEST_MPI(MPI_Comm_free(&selfcomm));
	TEST_MPI(MPI_Errhandler_free(&ceh));
	TEST_MPI(MPI_Group_free(&self));

	/* error handlers: the session's own */
	TEST_MPI(MPI_Session_set_errhandler(s, eh));
	TEST_MPI(MPI_Session_get_errhandler(s, &got));
	TEST_CHECK(got == eh);
	TEST_MPI(MPI_Errhandler_free(&got));
	ses_calls = 0;
	MPI_Group bad = MPI_GROUP_NULL;
	check_class(MPI_Group_from_session_pset(s, "mpi://NOWHERE", &bad), MPI_ERR_ARG);
	TEST_CHECK(ses_calls == 1 && ses_last == MPI_ERR_ARG && ses_seen == s);
	TEST_CHECK(bad == MPI_GROUP_NULL);
	MPI_Info bi = MPI_INFO_NULL;
	check_class(MPI_Session_get_pset_info(s, "does-not-exist", &bi), MPI_ERR_ARG);
	TEST_CHECK(ses_calls == 2 && bi == MPI_INFO_NULL);
	len = 0;
	check_class(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, n, &len, NULL), MPI_ERR_ARG);
	len = 10;
	check_class(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 0, &len, NULL), MPI_ERR_ARG);
	TEST_CHECK(ses_calls == 4);
	TEST_MPI(MPI_Session_call_errhandler(s, MPI_ERR_OTHER));
	TEST_CHECK(ses_calls == 5 && ses_last == MPI_ERR_OTHER && ses_seen == s);

	/* Fortran integers */
	MPI_Fint f = MPI_Session_c2f(s);
	TEST_CHECK(f != 0 && MPI_Session_f2c(f) == s);
	TEST_CHECK(MPI_Session_c2f(MPI_SESSION_NULL) == 0);

	/* a second session at once; then a freed one is MPI_ERR_SESSION
	 * through MPI_COMM_SELF's handler */
	TEST_MPI(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s2));
	MPI_Session stale = s2;
	TEST_MPI(MPI_Session_finalize(&s2));
	TEST_CHECK(s2 == MPI_SESSION_NULL);
	TEST_CHECK(MPI_Session_f2c(MPI_Session_c2f(stale)) == MPI_SESSION_NULL);
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));
	check_class(MPI_Session_get_num_psets(stale, MPI_INFO_NULL, &n), MPI_ERR_SESSION);
	check_class(MPI_Session_finalize(&stale), MPI_ERR_SESSION);
	TEST_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ARE_FATAL));
	/* s is still usable */
	TEST_MPI(MPI_Session_get_num_psets(s, MPI_INFO_NULL, &n));

	TEST_MPI(MPI_Comm_free(&comm));
	TEST_MPI(MPI_Group_free(&world));
	TEST_MPI(MPI_Errhandler_free(&eh));
	TEST_MPI(MPI_Session_finalize(&s));
	TEST_MPI(MPI_Initialized(&init));
	TEST_CHECK(!init);
	return 0;
}
