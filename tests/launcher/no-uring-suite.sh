#!/bin/sh
# Description: the launcher's behaviour tests once more where io_uring is
# refused (LNCH_TEST_WRAP: each runs mpirun-shm under the seccomp helper),
# so that the epoll back-end passes what the io_uring one passes.  The
# tests that install, compile or only parse options are left out: they
# test nothing of the event loop.
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
export top_builddir top_srcdir
SECCOMP=$(cd "$top_builddir/tests/launcher" && pwd)/seccomp-helper
"$SECCOMP" --check
rc=$?
[ $rc -eq 77 ] && { echo "SKIP: cannot install a seccomp filter here" >&2; exit 77; }
[ $rc -eq 0 ] || { echo "FAIL: the seccomp filter does not refuse io_uring" >&2; exit 1; }
LNCH_TEST_WRAP=$SECCOMP
export LNCH_TEST_WRAP
log=$(mktemp "${TMPDIR:-/tmp}/no-uring-suite.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT

failed=""
for t in exit-status signal timeout output-lines tag-output stdin env session \
	launcher-signal mpi-state output-kill mpmd finalize keep-going \
	stall-ask deadlock startup-signal; do
	t0=$(date +%s%N)
	sh "$top_srcdir/tests/launcher/$t.sh" >"$log" 2>&1
	rc=$?
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	case $rc in
	0) echo "PASS: $t ($ms ms)" ;;
	77) echo "SKIP: $t: $(tail -1 "$log")" ;;
	*) echo "FAIL: $t (exit $rc)"; cat "$log"; failed="$failed $t" ;;
	esac
done
[ -z "$failed" ] || { echo "FAIL under the seccomp filter:$failed"; exit 1; }
exit 0
