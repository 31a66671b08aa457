/*
 * Description: the MPI tools interface's environment and control
 * variables.  Every MPI_T call (all 50) before MPI_T_init_thread answers
 * MPI_T_ERR_NOT_INITIALIZED; init and finalize are reference counted and
 * work before MPI_Init and after MPI_Finalize.  Every row of the
 * configuration table is a control variable whose name gives back its
 * index; strings follow MPI_T's length rules; a write before MPI_Init
 * reaches the library (SHMPI_EAGER_MAX written as 4096 is the limit in
 * force after MPI_Init); while MPI is initialized a variable read at
 * MPI_Init reads as MPI_T_SCOPE_READONLY and refuses writes
 * (MPI_T_ERR_CVAR_SET_NOT_NOW), a live one (SHMPI_SLEEP_US) takes them; a
 * read-only or constant one answers MPI_T_ERR_CVAR_SET_NEVER; a value the
 * table refuses (not a choice, out of range, not a power of two) is
 * MPI_T_ERR_INVALID; a bad index MPI_T_ERR_INVALID_INDEX, an unknown name
 * MPI_T_ERR_INVALID_NAME, a freed handle MPI_T_ERR_INVALID_HANDLE;
 * enumerations list their choices; the MPI_T error classes have strings.
 * np: 1
 */
#include <stdlib.h>
#include "mpitest.h"

static int cvar(const char *name, MPI_T_cvar_handle *h)
{
	int i, count;
	TEST_MPI(MPI_T_cvar_get_index(name, &i));
	TEST_MPI(MPI_T_cvar_handle_alloc(i, NULL, h, &count));
	return i;
}

static int scope_of(int i)
{
	int scope;
	TEST_MPI(MPI_T_cvar_get_info(i, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, &scope));
	return scope;
}

#define NI(call) TEST_CHECK((call) == MPI_T_ERR_NOT_INITIALIZED)

static void not_initialized(void)
{
	int n, i;
	char s[16];
	MPI_Count c;
	MPI_Datatype dt;
	MPI_Aint d;
	MPI_Info info;
	MPI_T_enum e = MPI_T_ENUM_NULL;
	MPI_T_cvar_handle ch = MPI_T_CVAR_HANDLE_NULL;
	MPI_T_pvar_session ps = MPI_T_PVAR_SESSION_NULL;
	MPI_T_pvar_handle ph = MPI_T_PVAR_HANDLE_NULL;
	MPI_T_event_registration er = NULL;
	MPI_T_event_instance ei = NULL;
	MPI_T_source_order o;

	NI(MPI_T_finalize());
	NI(MPI_T_enum_get_info(e, &n, s, &i));
	NI(MPI_T_enum_get_item(e, 0, &n, s, &i));
	NI(MPI_T_cvar_get_num(&n));
	NI(MPI_T_cvar_get_info(0, s, &i, &n, &dt, &e, s, &i, &n, &n));
	NI(MPI_T_cvar_get_index("SHMPI_SPIN", &n));
	NI(MPI_T_cvar_handle_alloc(0, NULL, &ch, &n));
	NI(MPI_T_cvar_handle_free(&ch));
	NI(MPI_T_cvar_read(ch, &n));
	NI(MPI_T_cvar_write(ch, &n));
	NI(MPI_T_pvar_get_num(&n));
	NI(MPI_T_pvar_get_info(0, s, &i, &n, &n, &dt, &e, s, &i, &n, &n, &n, &n));
	NI(MPI_T_pvar_get_index("p2p_eager_msgs", MPI_T_PVAR_CLASS_COUNTER, &n));
	NI(MPI_T_pvar_session_create(&ps));
	NI(MPI_T_pvar_session_free(&ps));
	NI(MPI_T_pvar_handle_alloc(ps, 0, NULL, &ph, &n));
	NI(MPI_T_pvar_handle_free(ps, &ph));
	NI(MPI_T_pvar_start(ps, ph));
	NI(MPI_T_pvar_stop(ps, ph));
	NI(MPI_T_pvar_reset(ps, ph));
	NI(MPI_T_pvar_read(ps, ph, &c));
	NI(MPI_T_pvar_write(ps, ph, &c));
	NI(MPI_T_pvar_readreset(ps, ph, &c));
	NI(MPI_T_category_get_num(&n));
	NI(MPI_T_category_get_info(0, s, &i, s, &i, &n, &n, &n));
	NI(MPI_T_category_get_num_events(0, &n));
	NI(MPI_T_category_get_index("core", &n));
	NI(MPI_T_category_get_cvars(0, 1, &n));
	NI(MPI_T_category_get_pvars(0, 1, &n));
	NI(MPI_T_category_get_events(0, 1, &n));
	NI(MPI_T_category_get_categories(0, 1, &n));
	NI(MPI_T_category_changed(&n));
	NI(MPI_T_source_get_num(&n));
	NI(MPI_T_source_get_info(0, s, &i, s, &i, &o, &c, &c, &info));
	NI(MPI_T_source_get_timestamp(0, &c));
	NI(MPI_T_event_get_num(&n));
	NI(MPI_T_event_get_info(0, s, &i, &n, &dt, &d, &n, &e, &info, s, &i, &n));
	NI(MPI_T_event_get_index("p2p_unexpected_message", &n));
	NI(MPI_T_event_handle_alloc(0, NULL, MPI_INFO_NULL, &er));
	NI(MPI_T_event_handle_set_info(er, MPI_INFO_NULL));
	NI(MPI_T_event_handle_get_info(er, &info));
	NI(MPI_T_event_register_callback(er, MPI_T_CB_REQUIRE_NONE, MPI_INFO_NULL, NULL, NULL));
	NI(MPI_T_event_callback_set_info(er, MPI_T_CB_REQUIRE_NONE, MPI_INFO_NULL));
	NI(MPI_T_event_callback_get_info(er, MPI_T_CB_REQUIRE_NONE, &info));
	NI(MPI_T_event_handle_free(er, NULL, NULL));
	NI(MPI_T_event_set_dropped_handler(er, NULL));
	NI(MPI_T_event_read(ei, 0, &n));
	NI(MPI_T_event_copy(ei, s));
	NI(MPI_T_event_get_timestamp(ei, &c));
	NI(MPI_T_event_get_source(ei, &n));
}

int main(int argc, char **argv)
{
	int provided, n, i, len, idx, v;
	char name[128], desc[1024];
	MPI_T_cvar_handle h, h2;
	MPI_T_enum e;
	MPI_Datatype dt;
	unsigned long long ull;

	/* not initialized: every call but MPI_T_init_thread */
	not_initialized();
	TEST_CHECK(MPI_T_init_thread(42, &provided) == MPI_T_ERR_INVALID);

	TEST_MPI(MPI_T_init_thread(MPI_THREAD_SINGLE, &provided));
	TEST_MPI(MPI_T_init_thread(MPI_THREAD_MULTIPLE, &provided));
	TEST_CHECK(provided == MPI_THREAD_MULTIPLE);

	/* every variable: its name gives its index; the string rules */
	TEST_MPI(MPI_T_cvar_get_num(&n));
	TEST_CHECK(n >= 40);
	for (i = 0; i < n; i++) {
		int bind, scope, verb, full;
		len = sizeof(name);
		int dlen = sizeof(desc);
		TEST_MPI(MPI_T_cvar_get_info(i, name, &len, &verb, &dt, &e, desc, &dlen, &bind, &scope));
		TEST_CHECK(len == (int)strlen(name) + 1 && strncmp(name, "SHMPI_", 6) == 0);
		TEST_CHECK(bind == MPI_T_BIND_NO_OBJECT);
		TEST_CHECK(verb >= MPI_T_VERBOSITY_USER_BASIC && verb <= MPI_T_VERBOSITY_MPIDEV_ALL);
		TEST_CHECK(dt == MPI_INT || dt == MPI_COUNT || dt == MPI_UNSIGNED_LONG_LONG ||
			   dt == MPI_CHAR);
		TEST_MPI(MPI_T_cvar_get_index(name, &idx));
		TEST_CHECK(idx == i);
		full = 0;
		TEST_MPI(MPI_T_cvar_get_info(i, NULL, &full, NULL, NULL, NULL, NULL, NULL, NULL, NULL));
		TEST_CHECK(full == len);
		full = 4;
		TEST_MPI(MPI_T_cvar_get_info(i, name, &full, NULL, NULL, NULL, NULL, NULL, NULL, NULL));
		TEST_CHECK(full == 4 && strlen(name) == 3);
		/* every variable reads */
		int count;
		TEST_MPI(MPI_T_cvar_handle_alloc(i, NULL, &h, &count));
		void *buf = malloc(count * 8 > 8 ? (size_t)count * 8 : 8);
		TEST_MPI(MPI_T_cvar_read(h, buf));
		free(buf);
		TEST_MPI(MPI_T_cvar_handle_free(&h));
		TEST_CHECK(h == MPI_T_CVAR_HANDLE_NULL);
	}
	TEST_CHECK(MPI_T_cvar_get_info(n, name, &len, NULL, NULL, NULL, NULL, NULL, NULL, NULL) ==
		   MPI_T_ERR_INVALID_INDEX);
	TEST_CHECK(MPI_T_cvar_get_info(-1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL) ==
		   MPI_T_ERR_INVALID_INDEX);
	TEST_CHECK(MPI_T_cvar_handle_alloc(n, NULL, &h, &len) == MPI_T_ERR_INVALID_INDEX);
	TEST_CHECK(MPI_T_cvar_get_index("NO_SUCH_VARIABLE", &idx) == MPI_T_ERR_INVALID_NAME);

	/* an enumeration */
	i = cvar("SHMPI_CMA", &h);
	TEST_MPI(MPI_T_cvar_get_info(i, NULL, NULL, NULL, &dt, &e, NULL, NULL, NULL, NULL));
	TEST_CHECK(dt == MPI_INT && e != MPI_T_ENUM_NULL);
	len = sizeof(name);
	TEST_MPI(MPI_T_enum_get_info(e, &n, name, &len));
	TEST_CHECK(n == 3 && strcmp(name, "SHMPI_CMA") == 0);
	len = sizeof(name);
	TEST_MPI(MPI_T_enum_get_item(e, 2, &v, name, &len));
	TEST_CHECK(v == 2 && strcmp(name, "off") == 0);
	TEST_CHECK(MPI_T_enum_get_item(e, 3, &v, name, &len) == MPI_T_ERR_INVALID_ITEM);
	TEST_CHECK(MPI_T_enum_get_info((MPI_T_enum)&n, &n, NULL, NULL) == MPI_T_ERR_INVALID_HANDLE);
	/* a value that is not a choice */
	v = 7;
	TEST_CHECK(MPI_T_cvar_write(h, &v) == MPI_T_ERR_INVALID);
	TEST_MPI(MPI_T_cvar_handle_free(&h));

	/* before MPI_Init: a write reaches MPI_Init */
	i = cvar("SHMPI_EAGER_MAX", &h);
	TEST_CHECK(scope_of(i) == MPI_T_SCOPE_LOCAL);
	ull = 4096;
	TEST_MPI(MPI_T_cvar_write(h, &ull));
	ull = 0;
	TEST_MPI(MPI_T_cvar_read(h, &ull));
	TEST_CHECK(ull == 4096);
	ull = ~0ull;
	TEST_CHECK(MPI_T_cvar_write(h, &ull) == MPI_T_ERR_INVALID);
	i = cvar("SHMPI_COLL_HIER", &h2);
	TEST_CHECK(scope_of(i) == MPI_T_SCOPE_ALL_EQ);
	v = 0;
	TEST_MPI(MPI_T_cvar_write(h2, &v));

	/* never writable */
	MPI_T_cvar_handle hr;
	cvar("SHMPI_RING_CELLS", &hr);
	v = 128;
	TEST_CHECK(MPI_T_cvar_write(hr, &v) == MPI_T_ERR_CVAR_SET_NEVER);
	TEST_MPI(MPI_T_cvar_handle_free(&hr));
	i = cvar("SHMPI_RANK", &hr);
	TEST_CHECK(scope_of(i) == MPI_T_SCOPE_CONSTANT);
	TEST_CHECK(MPI_T_cvar_write(hr, &v) == MPI_T_ERR_CVAR_SET_NEVER);
	TEST_MPI(MPI_T_cvar_handle_free(&hr));

	MPI_Init(&argc, &argv);
	/* the write before MPI_Init is the limit in force */
	ull = 0;
	TEST_MPI(MPI_T_cvar_read(h, &ull));
	TEST_CHECK(ull == 4096);
	/* live: takes writes now */
	ull = 8192;
	TEST_MPI(MPI_T_cvar_write(h, &ull));
	TEST_MPI(MPI_T_cvar_read(h, &ull));
	TEST_CHECK(ull == 8192);
	/* read at init: read-only while MPI is initialized */
	i = cvar("SHMPI_COLL_HIER", &hr);
	TEST_CHECK(scope_of(i) == MPI_T_SCOPE_READONLY);
	v = 1;
	TEST_CHECK(MPI_T_cvar_write(h2, &v) == MPI_T_ERR_CVAR_SET_NOT_NOW);
	TEST_MPI(MPI_T_cvar_read(h2, &v));
	TEST_CHECK(v == 0);
	TEST_MPI(MPI_T_cvar_handle_free(&hr));
	i = cvar("SHMPI_SLEEP_US", &hr);
	TEST_CHECK(scope_of(i) == MPI_T_SCOPE_LOCAL);
	ull = 5000;
	TEST_MPI(MPI_T_cvar_write(hr, &ull));
	ull = 0;
	TEST_MPI(MPI_T_cvar_read(hr, &ull));
	TEST_CHECK(ull == 5000);
	TEST_MPI(MPI_T_cvar_handle_free(&hr));
	/* a string variable */
	i = cvar("SHMPI_PROFILE_LIB", &hr);
	TEST_MPI(MPI_T_cvar_get_info(i, NULL, NULL, NULL, &dt, NULL, NULL, NULL, NULL, NULL));
	TEST_CHECK(dt == MPI_CHAR);
	char sbuf[4096];
	TEST_MPI(MPI_T_cvar_read(hr, sbuf));
	TEST_CHECK(MPI_T_cvar_write(hr, "x") == MPI_T_ERR_CVAR_SET_NEVER);
	TEST_MPI(MPI_T_cvar_handle_free(&hr));

	/* freed and bogus handles */
	TEST_CHECK(MPI_T_cvar_read(hr, &v) == MPI_T_ERR_INVALID_HANDLE);
	TEST_CHECK(MPI_T_cvar_read((MPI_T_cvar_handle)&v, &v) == MPI_T_ERR_INVALID_HANDLE);
	TEST_CHECK(MPI_T_cvar_handle_free(&hr) == MPI_T_ERR_INVALID_HANDLE);

	/* the error classes have their strings */
	static const int classes[] = {
		MPI_T_ERR_MEMORY, MPI_T_ERR_NOT_INITIALIZED, MPI_T_ERR_CANNOT_INIT,
		MPI_T_ERR_INVALID_INDEX, MPI_T_ERR_INVALID_ITEM, MPI_T_ERR_INVALID_HANDLE,
		MPI_T_ERR_OUT_OF_HANDLES, MPI_T_ERR_OUT_OF_SESSIONS, MPI_T_ERR_INVALID_SESSION,
		MPI_T_ERR_CVAR_SET_NOT_NOW, MPI_T_ERR_CVAR_SET_NEVER, MPI_T_ERR_PVAR_NO_STARTSTOP,
		MPI_T_ERR_PVAR_NO_WRITE, MPI_T_ERR_PVAR_NO_ATOMIC, MPI_T_ERR_INVALID_NAME,
		MPI_T_ERR_INVALID, MPI_T_ERR_NOT_ACCESSIBLE, MPI_T_ERR_NOT_SUPPORTED,
	};
	for (i = 0; i < (int)(sizeof(classes) / sizeof(classes[0])); i++) {
		char s[MPI_MAX_ERROR_STRING];
		int cls;
		TEST_CHECK(classes[i] <= MPI_ERR_LASTCODE);
		TEST_MPI(MPI_Error_class(classes[i], &cls));
		TEST_CHECK(cls == classes[i]);
		TEST_MPI(MPI_Error_string(classes[i], s, &len));
		TEST_CHECK(strncmp(s, "MPI_T_ERR_", 10) == 0);
	}
	MPI_Finalize();

	/* after MPI_Finalize: still usable, writable again */
	v = 1;
	TEST_MPI(MPI_T_cvar_write(h2, &v));
	TEST_MPI(MPI_T_cvar_handle_free(&h2));
	TEST_MPI(MPI_T_cvar_handle_free(&h));
	cvar("SHMPI_SPIN", &h);
	TEST_MPI(MPI_T_finalize());
	TEST_MPI(MPI_T_cvar_get_num(&n));
	TEST_MPI(MPI_T_finalize());
	TEST_CHECK(MPI_T_cvar_get_num(&n) == MPI_T_ERR_NOT_INITIALIZED);
	/* a handle of an earlier initialization is gone */
	TEST_MPI(MPI_T_init_thread(MPI_THREAD_SINGLE, &provided));
	TEST_CHECK(MPI_T_cvar_read(h, &v) == MPI_T_ERR_INVALID_HANDLE);
	TEST_MPI(MPI_T_finalize());
	return 0;
}
