#!/bin/sh
# Description: SHMPI_PROFILE_COUNTERS=software forces the software counter
# group (the fallback where hardware events are missing), the report says
# so, and with SHMPI_PROFILE_PERIOD=1 every call reads the counters.
. "${top_srcdir:-.}/tests/prof/lib.sh"
prog=$(prof_prog prof_ring) || skip "libshmpi lacks functions prof_ring needs"
SHMPI_PROFILE_COUNTERS=software SHMPI_PROFILE_PERIOD=1 prof_run 2 "$prog" 10 ||
	fail "job failed"
if python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["counters"]["mode"] != "none")' \
	"$json" 2>/dev/null; then
	skip "perf_event_open refused even software events here"
fi
prof_check software "$json" 2 10
grep -q "software counters" "$err" || fail "the table does not name the software fallback"
exit 0
