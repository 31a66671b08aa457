/*
 * Description: the MPI tools interface's event sources and events.  The
 * one source is the monotonic clock in ns; p2p_unexpected_message fires
 * once per message that arrives before its receive is posted, with the
 * sender's world rank, communicator rank, tag and length readable through
 * MPI_T_event_read and MPI_T_event_copy at the displacements
 * MPI_T_event_get_info gives, a timestamp of source 0 between the send and
 * the receive; the callback of the lowest safety level at or above
 * MPI_T_CB_REQUIRE_MPI_RESTRICTED runs, told that level; a registration
 * with only an MPI_T_CB_REQUIRE_NONE callback has its events dropped and
 * its dropped handler told; after MPI_T_event_handle_free (whose free
 * callback runs once) nothing more is delivered.  core_wait_blocked fires
 * when a receive waits 200 ms for its sender: kind 2 (receive), the peer
 * and the tag.  Bad index, name, handle
 * and element: MPI_T_ERR_INVALID_INDEX, _INVALID_NAME, _INVALID_HANDLE,
 * _INVALID_ITEM.
 * np: 2
 */
#include "mpitest.h"

static int fired, fired_none, dropped, freed, wrong;
static int last_world, last_src, last_tag;
static unsigned long long last_bytes;
static MPI_Count last_ts;
static char copied[64];

static void cb(MPI_T_event_instance ev, MPI_T_event_registration reg, MPI_T_cb_safety s, void *ud)
{
	int src_index;
	(void)reg;
	fired++;
	if (s != MPI_T_CB_REQUIRE_MPI_RESTRICTED || ud != &fired)
		wrong++;
	if (MPI_T_event_read(ev, 0, &last_world) || MPI_T_event_read(ev, 1, &last_src) ||
	    MPI_T_event_read(ev, 2, &last_tag) || MPI_T_event_read(ev, 3, &last_bytes))
		wrong++;
	if (MPI_T_event_read(ev, 4, &last_tag) != MPI_T_ERR_INVALID_ITEM)
		wrong++;
	if (MPI_T_event_copy(ev, copied) || MPI_T_event_get_timestamp(ev, &last_ts))
		wrong++;
	if (MPI_T_event_get_source(ev, &src_index) || src_index != 0)
		wrong++;
}

static int blocked, blocked_kind, blocked_peer, blocked_tag;

static void cb_blocked(MPI_T_event_instance ev, MPI_T_event_registration reg, MPI_T_cb_safety s,
		       void *ud)
{
	(void)reg, (void)s, (void)ud;
	blocked++;
	if (MPI_T_event_read(ev, 0, &blocked_kind) || MPI_T_event_read(ev, 1, &blocked_peer) ||
	    MPI_T_event_read(ev, 2, &blocked_tag) ||
	    MPI_T_event_read(ev, 3, &blocked_tag) != MPI_T_ERR_INVALID_ITEM)
		wrong++;
}

/* registered for a higher level as well: must not be the one chosen */
static void cb_signal(MPI_T_event_instance ev, MPI_T_event_registration reg, MPI_T_cb_safety s,
		      void *ud)
{
	(void)ev, (void)reg, (void)s, (void)ud;
	wrong++;
}

static void cb_none(MPI_T_event_instance ev, MPI_T_event_registration reg, MPI_T_cb_safety s,
		    void *ud)
{
	(void)ev, (void)reg, (void)s, (void)ud;
	fired_none++;
}

static void on_dropped(MPI_Count count, MPI_T_event_registration reg, int source,
		       MPI_T_cb_safety s, void *ud)
{
	(void)reg, (void)s, (void)ud;
	dropped += (int)count;
	if (source != 0)
		wrong++;
}

static void on_free(MPI_T_event_registration reg, MPI_T_cb_safety s, void *ud)
{
	(void)reg, (void)s;
	if (ud == &freed)
		freed++;
}

/* rank 1 sends n messages of tag that rank 0 receives after they are all
 * unexpected */
static void unexpected(int rank, int n, int tag)
{
	int i, v = 0, flag = 0;
	if (rank == 1)
		for (i = 0; i < n; i++)
			TEST_MPI(MPI_Send(&v, 1, MPI_INT, 0, tag, MPI_COMM_WORLD));
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0) {
		while (!flag)
			TEST_MPI(MPI_Iprobe(1, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE));
		/* the rest were in the ring behind it: drain them all */
		for (i = 0; i < 1000; i++)
			TEST_MPI(MPI_Iprobe(1, tag + 100, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE));
		for (i = 0; i < n; i++)
			TEST_MPI(MPI_Recv(&v, 1, MPI_INT, 1, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
	}
	MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
	int provided, rank, n, idx, len, nel;
	char name[64];
	MPI_Count tps, maxt, t0, t1;
	MPI_T_source_order order;
	MPI_Info info;
	MPI_T_event_registration reg, reg2;

	TEST_MPI(MPI_T_init_thread(MPI_THREAD_SINGLE, &provided));
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);

	/* the source */
	TEST_MPI(MPI_T_source_get_num(&n));
	TEST_CHECK(n == 1);
	len = sizeof(name);
	TEST_MPI(MPI_T_source_get_info(0, name, &len, NULL, NULL, &order, &tps, &maxt, &info));
	TEST_CHECK(order == MPI_T_SOURCE_ORDERED && tps == 1000000000 && info == MPI_INFO_NULL);
	TEST_CHECK(MPI_T_source_get_info(1, NULL, NULL, NULL, NULL, &order, &tps, &maxt, NULL) ==
		   MPI_T_ERR_INVALID_INDEX);
	TEST_MPI(MPI_T_source_get_timestamp(0, &t0));

	/* the event */
	TEST_MPI(MPI_T_event_get_num(&n));
	TEST_CHECK(n == 2);
	TEST_MPI(MPI_T_event_get_index("p2p_unexpected_message", &idx));
	TEST_CHECK(MPI_T_event_get_index("no such event", &n) == MPI_T_ERR_INVALID_NAME);
	MPI_Datatype types[8];
	MPI_Aint disps[8];
	int bind, verb;
	nel = 8;
	len = sizeof(name);
	TEST_MPI(MPI_T_event_get_info(idx, name, &len, &verb, types, disps, &nel, NULL, NULL, NULL,
				      NULL, &bind));
	TEST_CHECK(nel == 4 && types[0] == MPI_INT && types[3] == MPI_UNSIGNED_LONG_LONG);
	TEST_CHECK(bind == MPI_T_BIND_NO_OBJECT);
	TEST_CHECK(MPI_T_event_get_info(2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
					NULL, NULL) == MPI_T_ERR_INVALID_INDEX);
	TEST_CHECK(MPI_T_event_handle_alloc(-1, NULL, MPI_INFO_NULL, &reg) == MPI_T_ERR_INVALID_INDEX);

	/* a registration with a restricted-safe callback */
	TEST_MPI(MPI_T_event_handle_alloc(idx, NULL, MPI_INFO_NULL, &reg));
	TEST_MPI(MPI_T_event_register_callback(reg, MPI_T_CB_REQUIRE_ASYNC_SIGNAL_SAFE, MPI_INFO_NULL,
					       NULL, cb_signal));
	TEST_MPI(MPI_T_event_register_callback(reg, MPI_T_CB_REQUIRE_MPI_RESTRICTED, MPI_INFO_NULL,
					       &fired, cb));
	TEST_MPI(MPI_T_event_handle_get_info(reg, &info));
	TEST_MPI(MPI_Info_free(&info));
	TEST_MPI(MPI_T_event_callback_get_info(reg, MPI_T_CB_REQUIRE_MPI_RESTRICTED, &info));
	TEST_MPI(MPI_Info_set(info, "k", "v"));
	TEST_MPI(MPI_T_event_callback_set_info(reg, MPI_T_CB_REQUIRE_MPI_RESTRICTED, info));
	TEST_MPI(MPI_T_event_handle_set_info(reg, info));
	TEST_MPI(MPI_Info_free(&info));
	TEST_CHECK(MPI_T_event_callback_get_info(reg, MPI_T_CB_REQUIRE_NONE, &info) ==
		   MPI_T_ERR_INVALID);
	/* one with only an unrestricted callback: dropped */
	TEST_MPI(MPI_T_event_handle_alloc(idx, NULL, MPI_INFO_NULL, &reg2));
	TEST_MPI(MPI_T_event_register_callback(reg2, MPI_T_CB_REQUIRE_NONE, MPI_INFO_NULL, NULL,
					       cb_none));
	TEST_MPI(MPI_T_event_set_dropped_handler(reg2, on_dropped));

	unexpected(rank, 3, 11);
	TEST_MPI(MPI_T_source_get_timestamp(0, &t1));
	TEST_CHECK(wrong == 0 && fired_none == 0);
	if (rank == 0) {
		TEST_CHECK(fired == 3 && dropped == 3);
		TEST_CHECK(last_world == 1 && last_src == 1 && last_tag == 11 &&
			   last_bytes == sizeof(int));
		TEST_CHECK(*(int *)(copied + disps[2]) == 11 &&
			   *(unsigned long long *)(copied + disps[3]) == sizeof(int));
		TEST_CHECK(last_ts >= t0 && last_ts <= t1);
	} else {
		TEST_CHECK(fired == 0);
	}

	/* freed: its free callback runs, nothing more is delivered */
	TEST_MPI(MPI_T_event_handle_free(reg, &freed, on_free));
	TEST_CHECK(freed == 1);
	TEST_CHECK(MPI_T_event_register_callback(reg, MPI_T_CB_REQUIRE_NONE, MPI_INFO_NULL, NULL,
						 cb) == MPI_T_ERR_INVALID_HANDLE);
	TEST_CHECK(MPI_T_event_handle_free(reg, NULL, NULL) == MPI_T_ERR_INVALID_HANDLE);
	fired = 0;
	unexpected(rank, 2, 12);
	TEST_CHECK(fired == 0);
	TEST_MPI(MPI_T_event_handle_free(reg2, NULL, NULL));

	/* a receive that blocks */
	int bidx;
	TEST_MPI(MPI_T_event_get_index("core_wait_blocked", &bidx));
	nel = 8;
	TEST_MPI(MPI_T_event_get_info(bidx, NULL, NULL, NULL, types, disps, &nel, NULL, NULL, NULL,
				      NULL, &bind));
	TEST_CHECK(nel == 3 && types[0] == MPI_INT && types[2] == MPI_INT);
	TEST_MPI(MPI_T_event_handle_alloc(bidx, NULL, MPI_INFO_NULL, &reg));
	TEST_MPI(MPI_T_event_register_callback(reg, MPI_T_CB_REQUIRE_THREAD_SAFE, MPI_INFO_NULL,
					       NULL, cb_blocked));
	MPI_Barrier(MPI_COMM_WORLD);
	blocked = 0;
	if (rank == 0) {
		TEST_MPI(MPI_Recv(&n, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
		TEST_CHECK(blocked >= 1 && blocked_kind == 2 && blocked_peer == 1 && blocked_tag == 5);
	} else {
		usleep(200000);
		TEST_MPI(MPI_Send(&n, 1, MPI_INT, 0, 5, MPI_COMM_WORLD));
	}
	TEST_MPI(MPI_T_event_handle_free(reg, NULL, NULL));
	TEST_CHECK(wrong == 0);

	/* instance calls outside a callback */
	TEST_CHECK(MPI_T_event_read(NULL, 0, &n) == MPI_T_ERR_INVALID_HANDLE);
	TEST_CHECK(MPI_T_event_get_source((MPI_T_event_instance)&n, &n) == MPI_T_ERR_INVALID_HANDLE);

	MPI_Finalize();
	TEST_MPI(MPI_T_finalize());
	TEST_CHECK(MPI_T_event_get_num(&n) == MPI_T_ERR_NOT_INITIALIZED);
	return 0;
}
