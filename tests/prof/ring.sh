#!/bin/sh
# Description: a ring of blocking messages profiled through LD_PRELOAD; the
# JSON report has exactly the calls, bytes and traffic matrix of the
# program, and rank 0 printed the table to stderr.
. "${top_srcdir:-.}/tests/prof/lib.sh"
prog=$(prof_prog prof_ring) || skip "libshmpi lacks functions prof_ring needs"
prof_run 4 "$prog" 25 || fail "job failed"
prof_check ring "$json" 4 25
grep -q "Top MPI functions by time" "$err" || fail "no table on stderr"
grep -q "MPI_Recv" "$err" || fail "no MPI_Recv row"
exit 0
