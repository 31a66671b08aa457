#!/bin/bash
# tests/conformance/mpi4py.sh - build mpi4py (the Python bindings, from a
# source tree) against an installed MPI and run its test suite, module by
# module (test/test_*.py) at several process counts and/or the whole suite
# in one process tree, each run with a time bound; print per-module counts
# (tests run, failures, errors, skips) and a summary.  Not part of make
# check (mpi4py is not in our tree); docs/testing.md says how to get
# mpi4py and a Cython new enough to build it.
#
# Usage: mpi4py.sh [OPTION]... SRC [MODULE]...
#   SRC               an mpi4py source tree (setup.py, src/, test/)
#   MODULE            test modules to run (default: every test/test_*.py),
#                     as test_foo or test_foo.py
#   --prefix P        shmpi installed under P: P/bin/mpicc, P/bin/mpirun-shm
#                     (the default is the shmpi of this build's configure
#                     --prefix)
#   --mpich           Debian's mpich package (mpicc.mpich, mpiexec.mpich)
#   --openmpi         Debian's openmpi (mpicc.openmpi, mpiexec.openmpi
#                     --oversubscribe, allowed to run as root)
#   --mpicc CMD, --mpiexec CMD   any other MPI (mpiexec takes -n N)
#   --name NAME       label of the results (default: shmpi, mpich, openmpi
#                     or mpi)
#   --python PY       the Python to build and test with (default
#                     /usr/bin/python3: Debian's, with python3-dev and
#                     python3-setuptools)
#   --cython DIR      a directory holding a Cython package (e.g. a cython
#                     source tree): put on PYTHONPATH for the build
#   --np "N..."       process counts of the per-module runs (default "1 2 3")
#   --timeout S       bound on one module run, in seconds (default 300)
#   --whole NP        also run the whole suite in one process tree at NP
#                     ranks (test/main.py, as mpi4py's CI does)
#   --whole-timeout S bound on the whole-suite run (default 3600)
#   --no-modules      skip the per-module runs (with --whole)
#   --args "A..."     more arguments for test/main.py (e.g. "-x testFoo")
#   --no-spawn        tell mpi4py's tests that MPI_Comm_spawn does not work
#                     (MPI4PY_TEST_SPAWN=0: test_spawn and the spawning
#                     pools of test_util_pool skip).  Without it, under
#                     shmpi test_spawn ends in errors and test_util_pool at
#                     np 1 hangs: mpi4py.futures' pool waits forever on
#                     workers its manager thread failed to spawn.
#   --work W          build and results directory (default /tmp/mpi4py-NAME)
#   --rebuild         rebuild mpi4py even if W already holds a build
#   --table W...      print the results of work directories side by side
#                     (markdown: per module and np, "run/fail/error/skip
#                     status" of each), then exit
#
# The build: SRC is copied to W/src and built in place there
# (setup.py build_ext --inplace, the compiler being the MPI's mpicc through
# MPICC), so builds against different MPIs do not mix.  The tests run
# with W/src/src first on PYTHONPATH, each rank through W/rankrun.py, which
# imports mpi4py.MPI (initializing MPI), sends the rank's stdout and stderr
# to its own log and then runs test/main.py -v: W/logs/MOD.npN.R.log for
# rank R of a module run, W/logs/whole.npN.R.log for the whole suite.
#
# Counts are read from unittest's verbose lines ("name (module.Class.name)
# ... ok|FAIL|ERROR|skipped"): run and skip from rank 0, failures and
# errors the largest over the ranks.  A run's status: ok; fail (a failure
# or an error on some rank); timeout (killed at its bound: the last test
# each rank started is printed); notimpl (the module did not load because
# mpi4py raised NotImplementedError: a function missing from the MPI
# library, e.g. MPI_Open_port in test_dynproc's import); crash (a nonzero exit with no failure
# reported, or a rank that printed no summary).  Results: W/results.tsv
# (module, np, run, fail, error, skip, status, seconds); the whole-suite run
# is also split per module into W/whole.tsv.
set -u

SRC= PREFIX= MPICC= MPIEXEC= NAME= WORK= TIMEOUT=300 WHOLE= WHOLE_TIMEOUT=3600
NPS="1 2 3" PY=/usr/bin/python3 CYTHON= MODULES_RUN=1 EXTRA= REBUILD=0
MODS=() TABLE=()

# the header comment above is the usage text
usage() { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit "${1:-2}"; }

while [ $# -gt 0 ]; do
	case "$1" in
	--prefix) PREFIX=$2; shift 2 ;;
	--mpich) MPICC=mpicc.mpich MPIEXEC=mpiexec.mpich NAME=${NAME:-mpich}; shift ;;
	--openmpi) MPICC=mpicc.openmpi
		MPIEXEC="mpiexec.openmpi --oversubscribe"
		export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
		NAME=${NAME:-openmpi}; shift ;;
	--mpicc) MPICC=$2; shift 2 ;;
	--mpiexec) MPIEXEC=$2; shift 2 ;;
	--name) NAME=$2; shift 2 ;;
	--python) PY=$2; shift 2 ;;
	--cython) CYTHON=$2; shift 2 ;;
	--np) NPS=$2; shift 2 ;;
	--timeout) TIMEOUT=$2; shift 2 ;;
	--whole) WHOLE=$2; shift 2 ;;
	--whole-timeout) WHOLE_TIMEOUT=$2; shift 2 ;;
	--no-modules) MODULES_RUN=0; shift ;;
	--args) EXTRA=$2; shift 2 ;;
	--no-spawn) export MPI4PY_TEST_SPAWN=0; shift ;;
	--work) WORK=$2; shift 2 ;;
	--rebuild) REBUILD=1; shift ;;
	--table) shift; TABLE=("$@"); break ;;
	-h|--help) usage 0 ;;
	-*) echo "mpi4py.sh: unknown option $1" >&2; usage ;;
	*) if [ -z "$SRC" ]; then SRC=$1; else MODS+=("${1%.py}"); fi; shift ;;
	esac
done

# ---- --table: results.tsv of several work directories side by side
if [ ${#TABLE[@]} -gt 0 ]; then
	for w in "${TABLE[@]}"; do
		[ -f "$w/results.tsv" ] || { echo "mpi4py.sh: no $w/results.tsv" >&2; exit 2; }
	done
	awk -F'\t' '
		FNR == 1 { f++; name[f] = FILENAME; sub(/\/results.tsv$/, "", name[f]); sub(/.*\//, "", name[f]) }
		{ key = $1 "\t" $2; if (!(key in seen)) { seen[key] = 1; keys[++n] = key }
		  cell[f, key] = $3 "/" $4 "/" $5 "/" $6 " " $7 }
		END {
			printf "| module | np |"; for (i = 1; i <= f; i++) printf " %s |", name[i]; printf "\n"
			printf "|---|---|"; for (i = 1; i <= f; i++) printf "---|"; printf "\n"
			for (k = 1; k <= n; k++) {
				split(keys[k], a, "\t"); printf "| %s | %s |", a[1], a[2]
				for (i = 1; i <= f; i++) printf " %s |", ((i, keys[k]) in cell) ? cell[i, keys[k]] : "-"
				printf "\n" } }' $(for w in "${TABLE[@]}"; do echo "$w/results.tsv"; done)
	exit 0
fi

[ -n "$SRC" ] || usage
SRC=$(cd "$SRC" && pwd) || exit 2
[ -f "$SRC/setup.py" ] && [ -d "$SRC/test" ] || {
	echo "mpi4py.sh: $SRC is not an mpi4py source tree" >&2; exit 2; }

# ---- which MPI: shmpi of PREFIX unless --mpicc/--mpich/--openmpi said
if [ -z "$MPICC" ]; then
	if [ -z "$PREFIX" ]; then
		# the configure --prefix of the build this script belongs to
		top=$(cd "$(dirname "$0")/../.." && pwd)
		PREFIX=$(sed -n 's/^prefix = //p' "$top/Makefile" 2>/dev/null)
	fi
	[ -x "$PREFIX/bin/mpicc" ] || {
		echo "mpi4py.sh: no shmpi installed under '$PREFIX' (--prefix)" >&2; exit 2; }
	MPICC=$PREFIX/bin/mpicc MPIEXEC=$PREFIX/bin/mpirun-shm NAME=${NAME:-shmpi}
fi
[ -n "$MPIEXEC" ] || { echo "mpi4py.sh: --mpicc needs --mpiexec" >&2; exit 2; }
NAME=${NAME:-mpi}
WORK=${WORK:-/tmp/mpi4py-$NAME}
mkdir -p "$WORK/logs" || exit 2
WORK=$(cd "$WORK" && pwd)
[ -n "$CYTHON" ] && export PYTHONPATH=$(cd "$CYTHON" && pwd)${PYTHONPATH:+:$PYTHONPATH}

# ---- build (once per work directory)
if [ "$REBUILD" = 1 ] || ! ls "$WORK"/src/src/mpi4py/MPI.*so >/dev/null 2>&1; then
	rm -rf "$WORK/src"
	cp -a "$SRC" "$WORK/src" || exit 2
	echo "building mpi4py ($SRC) with $MPICC into $WORK/src (log: $WORK/logs/build.log)"
	if ! (cd "$WORK/src" && MPICC=$MPICC nice "$PY" setup.py build_ext --inplace) \
			> "$WORK/logs/build.log" 2>&1; then
		tail -20 "$WORK/logs/build.log"
		echo "mpi4py.sh: the build failed (Cython >= 3 on PYTHONPATH? see --cython)" >&2
		exit 1
	fi
fi
export PYTHONPATH=$WORK/src/src${PYTHONPATH:+:$PYTHONPATH}
export PYTHONDONTWRITEBYTECODE=1

# Each rank's output to its own file: mpiexec's merged output would
# interleave the ranks' unittest lines.
cat > "$WORK/rankrun.py" <<'EOF'
# Run mpi4py's test/main.py with this rank's stdout and stderr in LOG.RANK.
# Usage: rankrun.py LOG TESTDIR [main.py arguments...]
# Only as the script: a worker that mpi4py.futures spawns re-runs the
# parent's main script under the name __worker__.
import os
import sys


def run():
    log, testdir = sys.argv[1], sys.argv[2]
    from mpi4py import MPI

    rank = MPI.COMM_WORLD.Get_rank()
    fd = os.open(f"{log}.{rank}.log", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    sys.stdout.flush()
    sys.stderr.flush()
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    sys.argv = [os.path.join(testdir, "main.py")] + sys.argv[3:]
    sys.path.insert(0, testdir)
    sys.dont_write_bytecode = True
    from main import main

    main(module=None)


if __name__ == "__main__":
    run()
EOF

TESTDIR=$WORK/src/test
# for the workers mpi4py.futures spawns: they unpickle test functions
export PYTHONPATH=$TESTDIR:$PYTHONPATH
if [ ${#MODS[@]} -eq 0 ]; then
	for f in "$TESTDIR"/test_*.py; do MODS+=("$(basename "$f" .py)"); done
fi

# counts LOGBASE NP: "run fail error skip ranks_with_summary" from the
# verbose lines of each rank's log
counts() {
	local base=$1 np=$2 r
	for ((r = 0; r < np; r++)); do
		[ -f "$base.$r.log" ] || { echo "$r 0 0 0 0 0"; continue; }
		awk -v r="$r" '
			/ \.\.\. ok$/ || / \.\.\. ok \(/ { run++ }
			/ \.\.\. (expected failure|unexpected success)/ { run++ }
			/ \.\.\. FAIL$/ { run++; fail++ }
			/ \.\.\. ERROR$/ { run++; err++ }
			/ \.\.\. skipped/ { run++; skip++ }
			/^(OK|FAILED)( \(|$)/ { summ = 1 }
			# a test with a docstring prints its result on the next line
			/^(ok|FAIL|ERROR)$/ { run++; if ($0 == "FAIL") fail++; if ($0 == "ERROR") err++ }
			/^skipped / { run++; skip++ }
			END { printf "%d %d %d %d %d %d\n", r, run, fail, err, skip, summ }' "$base.$r.log"
	done | awk '
		$1 == 0 { run = $2; skip = $5 }
		{ if ($3 > fail) fail = $3; if ($4 > err) err = $4; summ += $6 }
		END { printf "%d %d %d %d %d\n", run, fail, err, skip, summ }'
}

# lasttest LOGBASE NP: the test each rank was in when it stopped
lasttest() {
	local base=$1 np=$2 r
	for ((r = 0; r < np; r++)); do
		printf '    rank %d: %s\n' "$r" \
			"$(grep -E '^test.* \(test_' "$base.$r.log" 2>/dev/null | tail -1)"
	done
}

# run_one LABEL NP BOUND ARGS...: one bounded run; prints its result line
run_one() {
	local label=$1 np=$2 bound=$3 base rc t0 t1 c status
	shift 3
	base=$WORK/logs/$label.np$np
	rm -f "$base".*.log
	t0=$(date +%s)
	# timeout signals its whole process group; -k: SIGKILL if a rank
	# ignores the SIGTERM
	timeout -k 20 "$bound" $MPIEXEC -n "$np" "$PY" "$WORK/rankrun.py" \
		"$base" "$TESTDIR" -v $EXTRA "$@" > "$base.out" 2>&1 < /dev/null
	rc=$?
	t1=$(date +%s)
	c=$(counts "$base" "$np")
	set -- $c
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then status=timeout
	elif [ "$3" -gt 0 ] || [ "$2" -gt 0 ]; then status=fail
	elif [ "$1" = 0 ] && grep -qs '^NotImplementedError' "$base".*.log; then
		# the module did not load: a missing MPI function (mpi4py
		# raises NotImplementedError for one its build did not find)
		status=notimpl
	elif [ "$rc" != 0 ] || [ "$5" -lt "$np" ]; then status=crash
	else status=ok
	fi
	printf '%s\t%d\t%d\t%d\t%d\t%d\t%s\t%d\n' "$label" "$np" "$1" "$2" "$3" "$4" \
		"$status" "$((t1 - t0))"
	if [ "$status" = timeout ] || [ "$status" = crash ]; then
		{ echo "  $label np $np: $status (exit $rc); last test started:"
		  lasttest "$base" "$np"; } >&2
	fi
}

echo "mpi4py: $(cd "$WORK/src" && "$PY" -c 'import mpi4py; print(mpi4py.__version__)' 2>&1) built with $MPICC; mpiexec: $MPIEXEC"
: > "$WORK/results.tsv"
if [ "$MODULES_RUN" = 1 ]; then
	printf '%-24s %3s %5s %5s %5s %5s  %-8s %5s\n' module np run fail error skip status sec
	for m in "${MODS[@]}"; do
		for np in $NPS; do
			line=$(run_one "$m" "$np" "$TIMEOUT" "$m")
			echo "$line" >> "$WORK/results.tsv"
			echo "$line" | awk -F'\t' '{ printf "%-24s %3d %5d %5d %5d %5d  %-8s %5d\n", $1, $2, $3, $4, $5, $6, $7, $8 }'
		done
	done
	awk -F'\t' '{ runs++; n[$7]++; t += $3; f += $4; e += $5; s += $6 }
		END { printf "summary: %d module runs: %d ok, %d fail, %d timeout, %d crash or notimpl; tests %d, failures %d, errors %d, skipped %d\n",
			runs, n["ok"], n["fail"], n["timeout"], n["crash"] + n["notimpl"], t, f, e, s }' "$WORK/results.tsv"
	# the failing tests, named (from every rank's log)
	for m in "${MODS[@]}"; do
		for np in $NPS; do
			grep -hE '^(FAIL|ERROR): ' "$WORK/logs/$m.np$np".*.log 2>/dev/null |
				sort -u | sed "s/^/  np $np: /"
		done
	done
fi

if [ -n "$WHOLE" ]; then
	echo "whole suite at np $WHOLE (bound ${WHOLE_TIMEOUT}s):"
	line=$(run_one whole "$WHOLE" "$WHOLE_TIMEOUT")
	echo "$line" | awk -F'\t' '{ printf "whole suite np %d: run %d, failures %d, errors %d, skipped %d: %s in %ds\n", $2, $3, $4, $5, $6, $7, $8 }'
	echo "$line" >> "$WORK/results.tsv"
	# per module, from rank 0's verbose lines
	awk '
		/^test.* \(test_[A-Za-z0-9_]+\./ {
			s = $0; sub(/^[^(]*\(/, "", s); sub(/\..*/, "", s); mod = s }
		/ \.\.\. (ok|FAIL|ERROR|skipped|expected failure|unexpected success)/ || /^(ok|FAIL|ERROR)$/ || /^skipped / {
			if ($0 ~ /FAIL$/) f[mod]++
			else if ($0 ~ /ERROR$/) e[mod]++
			else if ($0 ~ /skipped/) s[mod]++
			n[mod]++; mods[mod] = 1 }
		END { for (m in mods) printf "%s\t%d\t%d\t%d\t%d\n", m, n[m], f[m], e[m], s[m] }' \
		"$WORK/logs/whole.np$WHOLE.0.log" 2>/dev/null | sort > "$WORK/whole.tsv"
	grep -hE '^(FAIL|ERROR): ' "$WORK"/logs/whole.np"$WHOLE".*.log 2>/dev/null | sort | uniq -c | sed 's/^/  /'
fi
exit 0
