#!/bin/sh
# Description: a rank that writes into another rank's part of the shared
# segment (issue 40, single-writer shared memory) faults in the writer; the
# launcher's line names the writer killed by SIGSEGV, the owner of the
# address and what it is (tests/mpi/wild_write): the writer's handler
# records the address in its own control block and the launcher decodes
# it with the segment's layout.  Before segment version 8 the ring writes
# went through silently, before version 10 the control block's; before
# this version the line came from the dying writer itself.  A write into
# the rank's own ring is allowed.
. "$(dirname "$0")/common.sh"
PROG=$top_builddir/tests/mpi/wild_write
L="mpirun-shm: rank 1 (pid [0-9]*) killed by signal 11 (Segmentation fault): it wrote into"
T="(segment offset 0x[0-9a-f]*), another rank's part of the shared segment"

run -n 3 "$PROG" own "$MARK"
expect_status 0
no_orphans

run -n 3 "$PROG" ring "$MARK"
[ "$status" -ne 0 ] || fail "ring: the job succeeded"
expect_err_line "$L rank 2's ring to rank 0 $T"
grep -q "FAIL" "$tmp/err" && fail "ring: the write went through"
no_orphans

run -n 3 "$PROG" cons "$MARK"
[ "$status" -ne 0 ] || fail "cons: the job succeeded"
expect_err_line "$L rank 0's consumer index of the ring from rank 2 $T"
grep -q "FAIL" "$tmp/err" && fail "cons: the write went through"
no_orphans

run -n 3 "$PROG" member "$MARK"
[ "$status" -ne 0 ] || fail "member: the job succeeded"
expect_err_line "$L rank 0's control block $T"
grep -q "FAIL" "$tmp/err" && fail "member: the write went through"
no_orphans
exit 0
