#!/bin/sh
# Description: a rank that writes into another rank's part of the shared
# segment (issue 40, single-writer shared memory) faults in the writer; the
# job ends with a line naming the writer, the owner of the address and
# the ring, and the launcher's line naming the rank killed by SIGSEGV
# (tests/mpi/wild_write).  Before segment version 8 the write went
# through silently.  A write into the rank's own ring is allowed.
. "$(dirname "$0")/common.sh"
PROG=$top_builddir/tests/mpi/wild_write

run -n 3 "$PROG" own "$MARK"
expect_status 0
no_orphans

run -n 3 "$PROG" ring "$MARK"
[ "$status" -ne 0 ] || fail "ring: the job succeeded"
expect_err_line "shmpi: rank 1 wrote into rank 2's ring to rank 0 (address 0x[0-9a-f]*, segment offset 0x[0-9a-f]*): another rank's part of the shared segment"
grep -q "rank 1 (pid [0-9]*) killed by signal 11" "$tmp/err" || fail "ring: the launcher did not name rank 1's SIGSEGV"
grep -q "FAIL" "$tmp/err" && fail "ring: the write went through"
no_orphans

run -n 3 "$PROG" cons "$MARK"
[ "$status" -ne 0 ] || fail "cons: the job succeeded"
expect_err_line "shmpi: rank 1 wrote into rank 0's consumer index of the ring from rank 2 (address 0x[0-9a-f]*, segment offset 0x[0-9a-f]*): another rank's part of the shared segment"
grep -q "FAIL" "$tmp/err" && fail "cons: the write went through"
no_orphans
exit 0
