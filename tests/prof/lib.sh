# tests/prof/lib.sh - shared by the profiler tests (sourced).
#
# prof_run NP PROG ARGS...  runs PROG under the launcher with the profiler on
# (SHMPI_PROFILE=$json) and leaves the report in $json and stderr in $err.
# PROF_PRELOAD=1 (default) preloads libshmpi-prof.so; 0 for programs linked
# with it.  The programs are EXTRA_PROGRAMS built here on demand: while lib/
# lacks functions they need (collectives, groups), the test skips (77)
# instead of breaking the build of every other test.
#
# Overrides for running the same tests against another MPI by hand:
# PROF_BINDIR (the test programs), PROF_LIB (the preloaded library),
# PROF_MPIEXEC (launcher command, given "-n NP PROG ARGS").
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
name=$(basename "$0" .sh)
work=${top_builddir}/tests/prof
json=$work/$name.json
err=$work/$name.err
rm -f "$json" "$err"

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; [ -f "$err" ] && sed 's/^/  | /' "$err"; exit 1; }

command -v python3 >/dev/null 2>&1 || skip "python3 not found"

prof_prog() {
	if [ -n "$PROF_BINDIR" ]; then
		echo "$PROF_BINDIR/$1"
		return
	fi
	# tests run in parallel: one build at a time (flock where available)
	lock=""
	command -v flock >/dev/null 2>&1 && lock="flock $(cd "$work" && pwd)/.build.lock"
	if ! (cd "$top_builddir" && $lock ${MAKE:-make} -s "tests/prof/$1") >"$work/$1.build.log" 2>&1; then
		echo "cannot build tests/prof/$1 against libshmpi yet:" >&2
		grep -o "undefined reference to \`[A-Za-z_]*'" "$work/$1.build.log" | sort -u | head >&2
		return 1
	fi
	echo "$top_builddir/tests/prof/$1"
}

prof_run() {
	np=$1
	shift
	lib=${PROF_LIB:-$top_builddir/.libs/libshmpi-prof.so}
	if [ "${PROF_PRELOAD:-1}" = 1 ]; then
		[ -f "$lib" ] || skip "$lib not built"
		preload="LD_PRELOAD=$lib${LD_PRELOAD:+:$LD_PRELOAD}"
	else
		preload="PROF_NO_PRELOAD=1"
	fi
	if [ -n "$PROF_MPIEXEC" ]; then
		env SHMPI_PROFILE="$json" "$preload" timeout 60 $PROF_MPIEXEC -n "$np" "$@" 2>"$err"
	else
		env SHMPI_PROFILE="$json" "$preload" \
			"$top_builddir/launcher/mpirun-shm" -n "$np" --timeout 30 "$@" 2>"$err"
	fi
}

prof_check() {
	python3 "$top_srcdir/tests/prof/check_report.py" "$@" || fail "report check failed"
}
