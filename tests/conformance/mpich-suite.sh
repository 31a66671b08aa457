#!/bin/bash
# tests/conformance/mpich-suite.sh - build and run the MPICH project's MPI
# test suite (test/mpi of pmodels/mpich) against an installed MPI and print
# per-directory pass/fail counts and the list of failures.  Not part of
# make check (the suite is not in our tree); docs/testing.md says how to
# get it and run it.
#
# Usage: mpich-suite.sh [OPTION]... SUITE [DIR]...
#   SUITE             the test/mpi directory of an MPICH source tree
#   DIR               suite directories to run (default: attr basic coll
#                     comm datatype errhan group info init pt2pt topo threads)
#   --prefix P        the MPI installed under P: P/bin/mpicc, P/bin/mpirun-shm
#                     (shmpi; the default is the shmpi of this build's
#                     configure --prefix)
#   --mpich           MPICH from Debian's mpich package (mpicc.mpich,
#                     mpiexec.mpich)
#   --mpicc CMD, --mpiexec CMD   any other MPI (mpiexec takes -n N)
#   --name NAME       label of the results (default: shmpi, mpich or mpi)
#   --timeout S       per-test limit in seconds unless the testlist gives a
#                     timeLimit (default 120)
#   --max-np N        skip entries with more ranks (default 16)
#   --skip DIR/NAME   skip a test (repeatable; also DIR/NAME@NP)
#   --only DIR/NAME   run only this test (repeatable)
#   --work W          build and results directory (default /tmp/mpich-suite-NAME)
#   --compare A B     print two results files (W/results.tsv) side by side
#
# The suite's own configure machinery is not used: each test is compiled
# with mpicc from its sources (the testlist name, or NAME_SOURCES and
# NAME_CPPFLAGS of the directory's Makefile.am) plus the suite's util/
# library (mtest.c and friends, dtypes.c, dtpools) and a generated
# mpitestconf.h whose HAVE_ macros are probed with the same mpicc.
#
# A test passes as the suite's runtests decides: by default exit status 0
# and output of only "No Errors" (or "Test Skipped"); resultTest=TestStatus
# or TestErrFatal: a nonzero status; TestStatusNoErrors: "No Errors" and a
# nonzero status; TestBench and TestAllowWarnings: status 0 (and "No
# Errors" for the latter).  Entries that need a newer MPI (mpiversion=)
# than the one tested, GPUs, or more ranks than --max-np are skipped;
# tests that do not compile are counted apart ("nobuild": mostly MPI-4
# interfaces).  Results: W/results.tsv (dir, test, np, args, result,
# seconds), W/logs/ (build and run output).
set -u

SUITE= PREFIX= MPICC= MPIEXEC= NAME= WORK= TIMEOUT=120 MAXNP=16 COMPARE=
SKIPS=() ONLY=() DIRS=()
DEFAULT_DIRS="attr basic coll comm datatype errhan group info init pt2pt topo threads"

usage() { sed -n '2,40p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }

while [ $# -gt 0 ]; do
	case "$1" in
	--prefix) PREFIX=$2; shift 2 ;;
	--mpich) MPICC=mpicc.mpich MPIEXEC=mpiexec.mpich NAME=${NAME:-mpich}; shift ;;
	--mpicc) MPICC=$2; shift 2 ;;
	--mpiexec) MPIEXEC=$2; shift 2 ;;
	--name) NAME=$2; shift 2 ;;
	--timeout) TIMEOUT=$2; shift 2 ;;
	--max-np) MAXNP=$2; shift 2 ;;
	--skip) SKIPS+=("$2"); shift 2 ;;
	--only) ONLY+=("$2"); shift 2 ;;
	--work) WORK=$2; shift 2 ;;
	--compare) COMPARE="$2 $3"; shift 3 ;;
	-h|--help) usage 0 ;;
	-*) echo "mpich-suite.sh: unknown option $1" >&2; usage ;;
	*) if [ -z "$SUITE" ]; then SUITE=$1; else DIRS+=("$1"); fi; shift ;;
	esac
done

# ---- --compare: two results files side by side, per directory
if [ -n "$COMPARE" ]; then
	set -- $COMPARE
	awk -F'\t' -v A="$1" -v B="$2" '
		FNR == 1 { f++ }
		{ key = $1 "\t" $2 "\t" $3 "\t" $4; r[f, key] = $5; keys[key] = $1
		  if (f == 1) n1[$1, $5]++; else n2[$1, $5]++; dirs[$1] = 1 }
		END {
			printf "%-10s %26s   %26s\n", "", A, B
			printf "%-10s %6s %5s %7s %6s   %6s %5s %7s %6s\n", "dir", "pass", "fail", "nobuild", "skip", "pass", "fail", "nobuild", "skip"
			for (d in dirs) {
				printf "%-10s %6d %5d %7d %6d   %6d %5d %7d %6d\n", d, n1[d, "pass"], n1[d, "fail"], n1[d, "nobuild"], n1[d, "skip"], n2[d, "pass"], n2[d, "fail"], n2[d, "nobuild"], n2[d, "skip"]
				P1 += n1[d, "pass"]; F1 += n1[d, "fail"]; N1 += n1[d, "nobuild"]; S1 += n1[d, "skip"]
				P2 += n2[d, "pass"]; F2 += n2[d, "fail"]; N2 += n2[d, "nobuild"]; S2 += n2[d, "skip"]
			}
			printf "%-10s %6d %5d %7d %6d   %6d %5d %7d %6d\n", "total", P1, F1, N1, S1, P2, F2, N2, S2
			print ""
			print "fail in " A " but pass in " B ":"
			for (k in keys) if (r[1, k] != "pass" && r[2, k] == "pass") { s = k; gsub("\t", " ", s); print "  " s " (" r[1, k] ")" }
		}' "$1" "$2"
	exit 0
fi

[ -n "$SUITE" ] && [ -f "$SUITE/util/mtest.c" ] || { echo "mpich-suite.sh: SUITE must be MPICH's test/mpi directory" >&2; usage; }
SUITE=$(cd "$SUITE" && pwd)
if [ -z "$MPICC" ]; then
	if [ -z "$PREFIX" ]; then
		# the prefix this build was configured with
		here=$(cd "$(dirname "$0")/../.." && pwd)
		PREFIX=$(sed -n "s/^prefix = //p" "$here/Makefile" 2>/dev/null)
	fi
	[ -x "$PREFIX/bin/mpicc" ] || { echo "mpich-suite.sh: no $PREFIX/bin/mpicc (configure --prefix=DIR && make install)" >&2; exit 2; }
	MPICC=$PREFIX/bin/mpicc MPIEXEC=$PREFIX/bin/mpirun-shm NAME=${NAME:-shmpi}
fi
[ -n "$MPIEXEC" ] || { echo "mpich-suite.sh: --mpiexec is needed with --mpicc" >&2; exit 2; }
NAME=${NAME:-mpi}
WORK=${WORK:-/tmp/mpich-suite-$NAME}
[ ${#DIRS[@]} -gt 0 ] || DIRS=($DEFAULT_DIRS)
mkdir -p "$WORK/include" "$WORK/lib" "$WORK/bin" "$WORK/logs"
RESULTS=$WORK/results.tsv
CFLAGS="-g -O1 -w -I$WORK/include -I$SUITE/include -I$WORK/dtpools/include"

# ---- mpitestconf.h: the macros the suite's configure would define
probe() { # probe NAME CODE: define HAVE_NAME when CODE compiles and links
	printf '#include <mpi.h>\nint main(int c, char **v) { MPI_Init(&c, &v); %s; MPI_Finalize(); return 0; }\n' "$2" >"$WORK/probe.c"
	if $MPICC -w -o "$WORK/probe" "$WORK/probe.c" >/dev/null 2>&1; then echo "#define $1 1"; fi
}
{
	echo "/* generated by tests/conformance/mpich-suite.sh for $MPICC */"
	for h in STDLIB_H STRING_H UNISTD_H STDARG_H STDINT_H MEMORY_H SYS_TIME_H SYS_RESOURCE_H PTHREAD_H GETRUSAGE LONG_DOUBLE LONG_LONG; do
		echo "#define HAVE_$h 1"
	done
	echo "#define THREAD_PACKAGE_NAME THREAD_PACKAGE_POSIX"
	echo "#define USE_STRICT_MPI 1"
	echo "#define USE_LONG_DOUBLE_COMPLEX 1"
	probe HAVE_MPI_INTEGER16 'MPI_Datatype t = MPI_INTEGER16; (void)t'
	probe HAVE_MPI_REAL16 'MPI_Datatype t = MPI_REAL16; (void)t'
	probe HAVE_MPI_COMPLEX32 'MPI_Datatype t = MPI_COMPLEX32; (void)t'
	probe HAVE_MPI_WIN_CREATE 'MPI_Win w; MPI_Win_create(0, 0, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w)'
	probe HAVE_MPI_IO 'MPI_File f; MPI_File_open(MPI_COMM_WORLD, "x", 0, MPI_INFO_NULL, &f)'
	probe HAVE_MPI_SPAWN 'MPI_Comm c; MPI_Comm_spawn("x", 0, 1, MPI_INFO_NULL, 0, MPI_COMM_SELF, &c, 0)'
} >"$WORK/include/mpitestconf.h"
# MPIX_ names of upcoming functions: empty outside MPICH (as the suite's
# autogen.sh does)
: >"$WORK/include/mtest_mpix.h"
MPIVER=$(printf '#include <mpi.h>\nMPI_VERSION.MPI_SUBVERSION\n' | $MPICC -E -P - 2>/dev/null | tr -d ' ' | grep -E '^[0-9]+\.[0-9]+$' | tail -1)
MPIVER=${MPIVER:-3.1}

# ---- the suite's support libraries, once per MPI
build_lib() { # build_lib NAME FLAGS SOURCES...
	local lib=$WORK/lib/lib$1.a flags=$2 o objs=()
	shift 2
	[ -f "$lib" ] && return 0
	for s in "$@"; do
		o=$WORK/lib/$(basename "$s" .c)-$(basename "$lib" .a).o
		$MPICC $CFLAGS $flags -c "$s" -o "$o" >>"$WORK/logs/libs.log" 2>&1 || { echo "cannot build $s (see $WORK/logs/libs.log)" >&2; return 1; }
		objs+=("$o")
	done
	ar rcs "$lib" "${objs[@]}"
}
build_lib mtest "" "$SUITE/util/mtest.c" "$SUITE/util/mtest_common.c" || exit 1
# tests written as run(args) (the suite's multi-test form) get its main
build_lib run_mpitests "" "$SUITE/util/run_mpitests.c" || exit 1
build_lib mtest_single "" "$SUITE/util/mtest_single.c" || exit 1
build_lib mtest_thread "-DMTEST_USE_THREAD" "$SUITE/util/mtest_thread.c" || exit 1
build_lib dtypes "" "$SUITE/util/dtypes.c" || exit 1
# dtpools includes "../dtpoolsconf.h": a copy with that header beside it
rm -rf "$WORK/dtpools" && mkdir -p "$WORK/dtpools" && cp -r "$SUITE/dtpools/include" "$SUITE/dtpools/src" "$WORK/dtpools/"
printf '/* generated by mpich-suite.sh */\n#include "mpitestconf.h"\n' >"$WORK/dtpools/dtpoolsconf.h"
build_lib dtpools "" "$WORK"/dtpools/src/*.c || echo "dtpools did not build: the tests that use it will not" >&2

# Value of VAR (NAME_SOURCES, ...) in a Makefile.am, continuation lines
# joined, $(AM_CPPFLAGS) and friends dropped.
mkvar() {
	awk -v v="$2" '
		{ line = line $0 }
		/\\$/ { sub(/\\$/, "", line); next }
		{ if (match(line, "^[ \t]*" v "[ \t]*\\+?=")) { sub("^[^=]*=", "", line); out = out " " line } line = "" }
		END { print out }' "$1" | sed 's/\$([A-Za-z_]*)//g; s/@[A-Za-z_]*@//g'
}

skipped() { # skipped DIR NAME NP: listed with --skip, or not with --only
	local s
	for s in "${SKIPS[@]+"${SKIPS[@]}"}"; do
		[ "$s" = "$1/$2" ] || [ "$s" = "$1/$2@$3" ] && return 0
	done
	[ ${#ONLY[@]} -eq 0 ] && return 1
	for s in "${ONLY[@]}"; do [ "$s" = "$1/$2" ] && return 1; done
	return 0
}

# Build test NAME of suite directory DIR; prints the executable's path.
build_test() {
	local dir=$1 name=$2 src=$SUITE/$1 exe=$WORK/bin/$1/$2 mk=$SUITE/$1/Makefile.am
	local log=$WORK/logs/$(echo "$1/$2" | tr / _).build
	if [ -x "$exe" ]; then echo "$exe"; return 0; fi
	[ -f "$log" ] && return 1   # failed before
	mkdir -p "$(dirname "$exe")"
	local var=$(echo "$name" | tr -c 'A-Za-z0-9_\n' _)
	local srcs=$(mkvar "$mk" "${var}_SOURCES") flags=$(mkvar "$mk" "${var}_CPPFLAGS")
	local libs=() s files=()
	[ -n "$srcs" ] || srcs=$name.c
	for s in $srcs; do case $s in *.c) files+=("$src/$s") ;; esac; done
	case "$(grep -h '^include' "$mk")" in
	*Makefile_threads.mtest*) flags="$flags -DMTEST_USE_THREAD"; libs+=("$WORK/lib/libmtest_thread.a") ;;
	*Makefile_single.mtest*) libs+=("$WORK/lib/libmtest_single.a") ;;
	esac
	# dtypes.c comes in through $(LDADDDATA), which mkvar drops: always
	# offer it (an archive member is linked only when needed)
	libs+=("$WORK/lib/libdtypes.a")
	grep -q -E '(^|[^A-Za-z_])main[[:space:]]*\(' "${files[@]}" || libs+=("$WORK/lib/librun_mpitests.a")
	libs+=("$WORK/lib/libmtest.a")
	[ -f "$WORK/lib/libdtpools.a" ] && libs+=("$WORK/lib/libdtpools.a")
	if $MPICC $CFLAGS -I"$src" $flags -o "$exe" "${files[@]}" -Wl,--start-group "${libs[@]}" -Wl,--end-group -lm -lpthread >"$log" 2>&1; then
		rm -f "$log"
		echo "$exe"
		return 0
	fi
	return 1
}

# Entries of DIR's testlist ("name np key=val..."), subdirectories expanded
# into "subdir/name ...", @conditional@ lines and comments dropped.
entries() {
	local dir=$1 list=
	for list in "$SUITE/$dir/testlist" "$SUITE/$dir/testlist.in"; do [ -f "$list" ] && break; done
	if [ ! -f "$list" ]; then
		# no testlist (basic): every program of the Makefile.am at np 2,
		# without the benchmarks
		for p in $(mkvar "$SUITE/$dir/Makefile.am" noinst_PROGRAMS); do
			case $p in netpipe|adapt) ;; *) echo "$dir $p 2" ;; esac
		done
		return
	fi
	sed -e 's/#.*//' -e '/@/d' -e '/^[[:space:]]*$/d' "$list" | while read -r first rest; do
		if [ -z "$rest" ] && [ -d "$SUITE/$dir/$first" ]; then
			entries "$dir/$first"
		else
			echo "$dir $first $rest"
		fi
	done
}

ver_gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 > b + 0) }'; }

: >"$RESULTS.new"
declare -A NPASS NFAIL NNOB NSKIP
FAILS=()
for top in "${DIRS[@]}"; do
	NPASS[$top]=0 NFAIL[$top]=0 NNOB[$top]=0 NSKIP[$top]=0
	while read -r dir name np opts; do
		args= envs= limit=$TIMEOUT result= mpiargs= rtest= xfail= needver=
		for o in $opts; do
			case $o in
			arg=*) args="$args ${o#arg=}" ;;
			env=*) envs="$envs ${o#env=}" ;;
			mpiexecarg=*) mpiargs="$mpiargs ${o#mpiexecarg=}" ;;
			timeLimit=*) limit=${o#timeLimit=} ;;
			resultTest=*) rtest=${o#resultTest=} ;;
			xfail=*) xfail=1 ;;
			mpiversion=*) needver=${o#mpiversion=} ;;
			hasgpu=*|memtype=*) result=skip ;;
			esac
		done
		args=${args# }
		if [ -n "$needver" ] && ver_gt "$needver" "$MPIVER"; then result=skip; fi
		[ "$np" -gt "$MAXNP" ] 2>/dev/null && result=skip
		skipped "$dir" "$name" "$np" && continue
		t0=$(date +%s.%N)
		if [ -z "$result" ]; then
			if ! exe=$(build_test "$dir" "$name"); then
				result=nobuild
			else
				log=$WORK/logs/$(echo "$dir/$name" | tr / _).np$np$(echo "$args" | tr -c 'A-Za-z0-9=\n' _).out
				(cd "$SUITE/$dir" && env $envs timeout -k 10 "$limit" $MPIEXEC -n "$np" $mpiargs "$exe" $args) >"$log" 2>&1 </dev/null
				rc=$?
				noerr=$(grep -c -E '^[[:space:]]*No [Ee]rrors[[:space:]]*$' "$log")
				skipmsg=$(grep -c -E '^[[:space:]]*Test Skipped[[:space:]]*$' "$log")
				stray=$(grep -v -c -E '^[[:space:]]*(No [Ee]rrors|Test Skipped)[[:space:]]*$' "$log")
				case $rtest in
				# a nonzero status, the timeLimit's included (runtests
				# passes it to mpiexec, which then fails the job)
				TestStatus|TestErrFatal) ok=$([ $rc -ne 0 ] && echo 1) ;;
				TestStatusNoErrors) ok=$([ $rc -ne 0 ] && [ "$noerr" -gt 0 ] && echo 1) ;;
				TestBench) ok=$([ $rc -eq 0 ] && echo 1) ;;
				TestAllowWarnings) ok=$([ $rc -eq 0 ] && [ $((noerr + skipmsg)) -gt 0 ] && echo 1) ;;
				*) ok=$([ $rc -eq 0 ] && [ $((noerr + skipmsg)) -gt 0 ] && [ "$stray" -eq 0 ] && echo 1) ;;
				esac
				result=$([ -n "$ok" ] && echo pass || echo fail)
				[ $rc -eq 124 ] && [ -z "$ok" ] && result=fail
				if [ "$result" = fail ]; then
					why=$([ $rc -eq 124 ] && echo "timeout ${limit}s" || echo "status $rc")
					FAILS+=("$dir/$name np=$np${args:+ $args}${envs:+ env$envs}${xfail:+ (xfail)}: $why, $(grep -v -E '^[[:space:]]*$' "$log" | head -1 | cut -c1-100)")
				fi
			fi
		fi
		t1=$(date +%s.%N)
		secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$top" "$dir/$name" "$np" "$args" "$result" "$secs" >>"$RESULTS.new"
		case $result in
		pass) NPASS[$top]=$((NPASS[$top] + 1)) ;;
		fail) NFAIL[$top]=$((NFAIL[$top] + 1)) ;;
		nobuild) NNOB[$top]=$((NNOB[$top] + 1)) ;;
		skip) NSKIP[$top]=$((NSKIP[$top] + 1)) ;;
		esac
		printf '%-40s np=%-3s %-8s %6ss\n' "$dir/$name${args:+ $args}" "$np" "$result" "$secs" >&2
	done < <(entries "$top")
done
mv "$RESULTS.new" "$RESULTS"

echo "MPICH suite $SUITE with $MPICC / $MPIEXEC (MPI $MPIVER), max np $MAXNP"
printf '%-10s %6s %6s %8s %6s\n' dir pass fail nobuild skip
tp=0 tf=0 tn=0 ts=0
for top in "${DIRS[@]}"; do
	printf '%-10s %6d %6d %8d %6d\n' "$top" "${NPASS[$top]}" "${NFAIL[$top]}" "${NNOB[$top]}" "${NSKIP[$top]}"
	tp=$((tp + NPASS[$top])) tf=$((tf + NFAIL[$top])) tn=$((tn + NNOB[$top])) ts=$((ts + NSKIP[$top]))
done
printf '%-10s %6d %6d %8d %6d\n' total $tp $tf $tn $ts
if [ ${#FAILS[@]} -gt 0 ]; then
	echo
	echo "failures:"
	printf '  %s\n' "${FAILS[@]}"
fi
echo
echo "results: $RESULTS; logs: $WORK/logs (*.build: compiler output of the tests that did not build)"
[ $tf -eq 0 ]
