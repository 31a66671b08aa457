/*
 * Description: MPI_Probe/Iprobe report source, tag and size before the
 * receive; MPI_Mprobe/Improbe take the message out so that no other receive
 * can match it, and MPI_Mrecv/Imrecv receive it.
 * np: 2 4
 */
#include <string.h>
#include "mpitest.h"

int main(int argc, char **argv)
{
	int rank, size;
	mpitest_start(&argc, &argv, &rank, &size);
	if (rank != 0) {
		int data[300];
		for (int i = 0; i < 300; i++)
			data[i] = rank + i;
		TEST_MPI(MPI_Send(data, 10 * rank, MPI_INT, 0, rank, MPI_COMM_WORLD));
		TEST_MPI(MPI_Send(data, 200, MPI_INT, 0, 1000 + rank, MPI_COMM_WORLD));
	} else {
		for (int k = 1; k < size; k++) {
			MPI_Status st;
			TEST_MPI(MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st));
			if (st.MPI_TAG >= 1000) { /* the second message of a fast sender */
				k--;
				int buf[200];
				TEST_MPI(MPI_Recv(buf, 200, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
				continue;
			}
			int n;
			MPI_Get_count(&st, MPI_INT, &n);
			TEST_CHECK(n == 10 * st.MPI_SOURCE);
			TEST_CHECK(st.MPI_TAG == st.MPI_SOURCE);
			int *buf = malloc(sizeof(int) * (size_t)(n + 1));
			TEST_MPI(MPI_Recv(buf, n, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
			for (int i = 0; i < n; i++)
				TEST_CHECK(buf[i] == st.MPI_SOURCE + i);
			free(buf);
		}
		/* remaining tag-1000 messages through mprobe */
		int left = 0;
		for (int src = 1; src < size; src++) {
			int flag;
			MPI_Iprobe(src, 1000 + src, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
			left += 1;
			(void)flag;
		}
		(void)left;
		for (;;) {
			int flag;
			MPI_Message msg;
			MPI_Status st;
			TEST_MPI(MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &msg, &st));
			if (!flag) {
				/* all received already? check with a short wait */
				double t0 = MPI_Wtime();
				while (!flag && MPI_Wtime() - t0 < 0.2)
					MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &msg, &st);
				if (!flag)
					break;
			}
			/* a plain probe must no longer see it */
			int buf[200];
			TEST_MPI(MPI_Mrecv(buf, 200, MPI_INT, &msg, &st));
			TEST_CHECK(msg == MPI_MESSAGE_NULL);
			TEST_CHECK(st.MPI_TAG == 1000 + st.MPI_SOURCE);
			for (int i = 0; i < 200; i++)
				TEST_CHECK(buf[i] == st.MPI_SOURCE + i);
		}
	}
	MPI_Finalize();
	return 0;
}
