#!/bin/sh
# Description: an allreduce loop plus Sendrecv in a named split
# communicator, with the profiler linked in statically (-lshmpi-prof before
# -lshmpi, no LD_PRELOAD): exact call counts and bytes, and the
# communicator's matrix mapped back to world ranks.
. "${top_srcdir:-.}/tests/prof/lib.sh"
prog=$(prof_prog prof_allreduce_linked) || skip "libshmpi lacks functions prof_allreduce needs"
PROF_PRELOAD=0 prof_run 4 "$prog" 20 || fail "job failed"
prof_check allreduce "$json" 4 20
exit 0
