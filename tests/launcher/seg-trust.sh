#!/bin/sh
# Description: a rank that rewrites its pid in the shared segment cannot
# make its peers copy to or from another process: the receiver checks the
# pid before the first single copy and ends the job naming the rank.  A
# segment configuration whose size wraps 64 bits is refused up front with
# the variables named (it used to start, and every rank crashed).  A rank
# that scribbles over a ring is reported by its peer, the job ends at once
# (it used to leave every rank asleep forever).  A rank that forges a
# protocol answer naming a request its peer never gave it is reported the
# same way (the peer used to dereference the address: SIGSEGV).
. "$(dirname "$0")/common.sh"
PROG=$top_builddir/tests/mpi/seg_trust

# expect_refused MODE LINE MS [NP]: the job of seg_trust MODE (NP ranks,
# 2 by default) fails within MS milliseconds, with LINE on stderr and no
# rank left behind.
expect_refused() {
	run -n "${4:-2}" "$PROG" "$1" "$MARK"
	[ "$status" -ne 0 ] || fail "$1: the job succeeded"
	expect_err_line "$2"
	expect_faster_than "$3"
	no_orphans
}

# Three ranks: the last one lies (ranks 0 and 1 checked each other in MPI_Init).
for mode in hostile-parent hostile-init; do
	expect_refused "$mode" \
		"shmpi: rank 0: rank 2's pid in the shared segment ([0-9]*) is not a process of this job.*" 5000 3
done
for mode in scribble-cells scribble-cons; do
	expect_refused "$mode" \
		"shmpi: rank 0: the shared segment was overwritten: the ring with rank 1 holds .*" 3000
done
expect_refused forge-fin \
	"shmpi: rank 0: the shared segment was overwritten: the ring with rank 1 holds an answer naming send request 0x1000, which this rank did not give it.*" 3000

export SHMPI_RING_CELLS=1048576 SHMPI_CELL_SIZE=16777216
run -n 1024 "$HELPER" "$MARK" finalize
unset SHMPI_RING_CELLS SHMPI_CELL_SIZE
expect_status 2
expect_err_line "mpirun-shm: SHMPI_RING_CELLS=1048576, SHMPI_CELL_SIZE=16777216 and SHMPI_ARENA_MB=16 with 1024 ranks: the segment size overflows.*"
no_orphans
exit 0
