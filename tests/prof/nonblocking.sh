#!/bin/sh
# Description: nonblocking, persistent (Startall) and nonblocking
# collective calls are counted with their bytes and traffic.
. "${top_srcdir:-.}/tests/prof/lib.sh"
prog=$(prof_prog prof_nonblocking) || skip "libshmpi lacks functions prof_nonblocking needs"
prof_run 3 "$prog" 15 || fail "job failed"
prof_check nonblocking "$json" 3 15
exit 0
