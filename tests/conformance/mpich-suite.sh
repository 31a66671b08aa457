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
#                     comm datatype errhan group info init pt2pt topo
#                     threads); also f77 f90 f08 (Fortran), errors, rma, ...
#   --prefix P        the MPI installed under P: P/bin/mpicc, P/bin/mpifort,
#                     P/bin/mpirun-shm (shmpi; the default is the shmpi of
#                     this build's configure --prefix)
#   --mpich           MPICH from Debian's mpich package (mpicc.mpich,
#                     mpifort.mpich, mpiexec.mpich)
#   --openmpi         Open MPI from Debian's openmpi-bin (mpicc.openmpi,
#                     mpifort.openmpi, mpirun.openmpi --oversubscribe: the
#                     suite runs up to 16 ranks on fewer cores; allowed as
#                     root)
#   --mpicc CMD, --mpifort CMD, --mpiexec CMD   any other MPI (mpiexec
#                     takes -n N; without --mpifort no Fortran tests build);
#                     --mpiexec alone with shmpi: another launcher command,
#                     e.g. "P/bin/mpirun-shm --rank-sessions=yes"
#   --name NAME       label of the results (default: shmpi, mpich, openmpi or mpi)
#   --timeout S       per-test limit in seconds unless the testlist gives a
#                     timeLimit (default 120)
#   --max-np N        skip entries with more ranks (default 16)
#   --skip DIR/NAME   skip a test (repeatable; also DIR/NAME@NP, or a whole
#                     suite directory such as f90/io)
#   --only DIR/NAME   run only this test (repeatable)
#   --work W          build and results directory (default /tmp/mpich-suite-NAME)
#   --compare A B     print two results files (W/results.tsv) side by side
#
# The suite's own autogen.sh and configure are not used; instead the suite
# is copied to W/suite and prepared there as they would prepare it: f90/
# (and errors/f90/) generated from f77/ by the suite's maint/f77tof90 (perl),
# the files that Makefile.am rules copy or sed from elsewhere, the MPI-IO
# write tests of */io by maint/testmerge, the f77 *.h from their .h.in
# (MPI_Aint and MPI_Offset as integer*N, N probed), mpitestconf.h, and each
# testlist from its testlist.in with @iodir@, @rmadir@, @spawndir@,
# @f77profile@, ... set as configure would set them for this MPI (probed
# with its compilers: a directory the MPI cannot build is left out, and
# said so; unknown @...@ lines are dropped).  Each test is compiled with
# mpicc / mpifort from its sources (the testlist name with the directory's
# AM_DEFAULT_SOURCE_EXT, or NAME_SOURCES and NAME_CPPFLAGS of its
# Makefile.am) and linked with the suite's util/ library: mtest.c and
# friends, dtypes.c and dtpools for C, mtest_f77.f, mtest_f90.f90 or
# mtest_f08.f90 for the Fortran directories.
#
# A test passes as the suite's runtests decides: by default exit status 0
# and output of only "No Errors" (or "Test Skipped"); resultTest=TestStatus
# or TestErrFatal: a nonzero status; TestStatusNoErrors: "No Errors" and a
# nonzero status; TestBench and TestAllowWarnings: status 0 (and "No
# Errors" for the latter).  The directory basic has no testlist: each of its
# programs but the two benchmarks runs at np 2 (self at np 1) and passes on
# exit status 0 (they print nothing).  A testlist's mpiexecarg= goes to the launcher
# before the program, env= to the environment.  Entries that need a newer
# MPI (mpiversion=) than the one tested, GPUs, or more ranks than --max-np
# are skipped; tests that do not compile are counted apart ("nobuild":
# mostly MPI-4 interfaces and Fortran bindings the MPI lacks).  Results:
# W/results.tsv (dir, test, np, args, result, seconds), W/logs/ (build and
# run output).
set -u

SUITE= PREFIX= MPICC= MPIFC= MPIEXEC= NAME= WORK= TIMEOUT=120 MAXNP=16 COMPARE=
SKIPS=() ONLY=() DIRS=()
DEFAULT_DIRS="attr basic coll comm datatype errhan group info init pt2pt topo threads"

usage() { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit "${1:-2}"; }

while [ $# -gt 0 ]; do
	case "$1" in
	--prefix) PREFIX=$2; shift 2 ;;
	--mpich) MPICC=mpicc.mpich MPIFC=mpifort.mpich MPIEXEC=mpiexec.mpich NAME=${NAME:-mpich}; shift ;;
	--openmpi) MPICC=mpicc.openmpi MPIFC=mpifort.openmpi
		MPIEXEC="mpirun.openmpi --oversubscribe"
		export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
		NAME=${NAME:-openmpi}; shift ;;
	--mpicc) MPICC=$2; shift 2 ;;
	--mpifort) MPIFC=$2; shift 2 ;;
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
			nd = 0
			for (d in dirs) list[++nd] = d
			for (i = 2; i <= nd; i++)   # sorted by name
				for (j = i; j > 1 && list[j - 1] > list[j]; j--) { t = list[j]; list[j] = list[j - 1]; list[j - 1] = t }
			printf "%-10s %-29s   %s\n", "", A, B
			printf "%-10s %6s %5s %7s %6s   %6s %5s %7s %6s\n", "dir", "pass", "fail", "nobuild", "skip", "pass", "fail", "nobuild", "skip"
			for (i = 1; i <= nd; i++) {
				d = list[i]
				printf "%-10s %6d %5d %7d %6d   %6d %5d %7d %6d\n", d, n1[d, "pass"], n1[d, "fail"], n1[d, "nobuild"], n1[d, "skip"], n2[d, "pass"], n2[d, "fail"], n2[d, "nobuild"], n2[d, "skip"]
				P1 += n1[d, "pass"]; F1 += n1[d, "fail"]; N1 += n1[d, "nobuild"]; S1 += n1[d, "skip"]
				P2 += n2[d, "pass"]; F2 += n2[d, "fail"]; N2 += n2[d, "nobuild"]; S2 += n2[d, "skip"]
			}
			printf "%-10s %6d %5d %7d %6d   %6d %5d %7d %6d\n", "total", P1, F1, N1, S1, P2, F2, N2, S2
			print ""
			print "fail in " A " but pass in " B ":"
			for (k in keys) if (r[1, k] != "pass" && r[2, k] == "pass") { s = k; gsub("\t", " ", s); print "  " s " (" (r[1, k] == "" ? "not run" : r[1, k]) ")" | "sort" }
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
	MPICC=$PREFIX/bin/mpicc MPIEXEC=${MPIEXEC:-$PREFIX/bin/mpirun-shm} NAME=${NAME:-shmpi}
	[ -x "$PREFIX/bin/mpifort" ] && MPIFC=$PREFIX/bin/mpifort
fi
[ -n "$MPIEXEC" ] || { echo "mpich-suite.sh: --mpiexec is needed with --mpicc" >&2; exit 2; }
NAME=${NAME:-mpi}
WORK=${WORK:-/tmp/mpich-suite-$NAME}
[ ${#DIRS[@]} -gt 0 ] || DIRS=($DEFAULT_DIRS)
mkdir -p "$WORK/lib" "$WORK/bin" "$WORK/logs" "$WORK/obj"
WORK=$(cd "$WORK" && pwd)
RESULTS=$WORK/results.tsv
S=$WORK/suite   # the prepared copy of the suite
CFLAGS="-g -O1 -w -I$S/include -I$WORK/dtpools/include"
FFLAGS="-g -O1 -w"
NOTES=()        # what the preparation left out, printed with the results

# ---- probes: what the MPI has, as the suite's configure asks it
probe() { # probe CODE: whether C CODE compiles and links
	printf '#include <mpi.h>\nint main(int c, char **v) { MPI_Init(&c, &v); %s; MPI_Finalize(); return 0; }\n' "$1" >"$WORK/probe.c"
	$MPICC -w -o "$WORK/probe" "$WORK/probe.c" >/dev/null 2>&1 </dev/null
}
fprobe() { # fprobe EXT FLAGS [link]: whether the Fortran source on stdin compiles (and links)
	[ -n "$MPIFC" ] || return 1
	cat >"$WORK/probe.$1"
	(cd "$WORK" && $MPIFC -w $2 $([ -z "${3:-}" ] && echo -c) -o probe.out "probe.$1") >/dev/null 2>&1 </dev/null
}
sizeof() { # sizeof TYPE: its size in bytes (4, 8 or 16), found at compile time
	local n
	for n in 4 8 16; do
		printf '#include <mpi.h>\nchar probe[sizeof(%s) == %d ? 1 : -1];\n' "$1" $n >"$WORK/probe.c"
		$MPICC -w -c -o "$WORK/probe.o" "$WORK/probe.c" >/dev/null 2>&1 </dev/null && { echo $n; return; }
	done
	echo 8
}
HAVE_IO= HAVE_RMA= HAVE_SPAWN=
probe 'MPI_File f; MPI_File_open(MPI_COMM_WORLD, "x", 0, MPI_INFO_NULL, &f)' && HAVE_IO=1
probe 'MPI_Win w; MPI_Win_create(0, 0, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w)' && HAVE_RMA=1
probe 'MPI_Comm ic; MPI_Comm_spawn("x", 0, 1, MPI_INFO_NULL, 0, MPI_COMM_SELF, &ic, 0)' && HAVE_SPAWN=1
# Fortran: mpif.h, the mpi and mpi_f08 modules; gfortran 10+ refuses calls
# of one routine with different argument types (mpif.h declares no
# interfaces) unless told -fallow-argument-mismatch, which MPICH's own
# wrapper adds
HAVE_F77= HAVE_F90= HAVE_F08=
if [ -n "$MPIFC" ]; then
	printf '      program p\n      end\n' | fprobe f -fallow-argument-mismatch && FFLAGS="$FFLAGS -fallow-argument-mismatch"
	printf '      program p\n      include "mpif.h"\n      integer ierr\n      call mpi_init(ierr)\n      call mpi_finalize(ierr)\n      end\n' | fprobe f "$FFLAGS" link && HAVE_F77=1
	printf 'program p\nuse mpi\ninteger ierr\ncall mpi_init(ierr)\ncall mpi_finalize(ierr)\nend\n' | fprobe f90 "$FFLAGS" link && HAVE_F90=1
	printf 'program p\nuse mpi_f08\ninteger ierr\ncall mpi_init(ierr)\ncall mpi_finalize(ierr)\nend\n' | fprobe f90 "$FFLAGS" link && HAVE_F08=1
fi
AINT=$(sizeof MPI_Aint) OFFSET=$(sizeof MPI_Offset)

# configure's substitutions in testlist.in and *.h.in: "#" comments a line
# out, "" keeps it
declare -A SUBST=(
	[iodir]=$([ -n "$HAVE_IO" ] && echo io || echo '#')
	[rmadir]=$([ -n "$HAVE_RMA" ] && echo rma || echo '#')
	[spawndir]=$([ -n "$HAVE_SPAWN" ] && echo spawn || echo '#')
	[namepub_tests]=$([ -n "$HAVE_SPAWN" ] && echo '' || echo '#')
	[f77dir]=$([ -n "$HAVE_F77" ] && echo f77 || echo '#')
	[f90dir]=$([ -n "$HAVE_F90" ] && echo f90 || echo '#')
	[f08dir]=$([ -n "$HAVE_F08" ] && echo f08 || echo '#')
	[cxxdir]='#' [faultsdir]='#' [ftdir]='#' [ckpointdir]='#' [perfdir]='#'
	[coll_error]='#' [comm_overlap]=''
	[F77_MPI_ADDRESS]="integer*$AINT" [F77_MPI_OFFSET]="integer*$OFFSET"
	[f77profile]='#' [f90profile]='#' [ALLOCMEMF]='' [ALLOCMEMFC]=''
	[F77SPAWNARGTEST]='#' [F03SPAWNARGTEST]='#'
)
if [ -n "$HAVE_F77" ]; then
	# f77/profile: a program may define MPI_SEND itself and call PMPI_SEND
	fprobe f "$FFLAGS" link <<'F' && SUBST[f77profile]=profile
      program main
      integer ierr
      integer msg(1)
      call mpi_init(ierr)
      call mpi_send(msg, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, ierr)
      call mpi_finalize(ierr)
      end
      subroutine mpi_send(msg, count, dtype, dest, tag, comm, ierr)
      include "mpif.h"
      integer count, dtype, dest, tag, comm, ierr
      integer msg(count)
      call pmpi_send(msg, count, dtype, dest, tag, comm, ierr)
      return
      end
F
	printf '      program p\n      character*64 s\n      integer i\n      i = iargc()\n      call getarg(i, s)\n      end\n' | fprobe f "$FFLAGS" link && SUBST[F77SPAWNARGTEST]=''
	# allocmemf: Cray pointers
	printf '      program p\n      real a\n      pointer (pa, a)\n      end\n' | fprobe f "$FFLAGS -fcray-pointer" &&
		SUBST[ALLOCMEMF]='allocmemf 1' FFLAGS="$FFLAGS -fcray-pointer"
fi
if [ -n "$HAVE_F90" ]; then
	printf 'program p\nuse mpi, skip_mpi_send => mpi_send\nend\n' | fprobe f90 "$FFLAGS" && SUBST[f90profile]=profile
	printf 'program p\ncharacter*64 s\ninteger i\ni = command_argument_count()\ncall get_command_argument(i, s)\nend\n' | fprobe f90 "$FFLAGS" link && SUBST[F03SPAWNARGTEST]=''
	[ -n "${SUBST[ALLOCMEMF]}" ] && SUBST[ALLOCMEMFC]='allocmemf90 1'
fi
rm -f "$WORK"/probe*

# subst FILE.in: FILE with configure's substitutions; a line with an
# unknown @NAME@ is dropped
subst() {
	local sed_args=() k
	for k in "${!SUBST[@]}"; do sed_args+=(-e "s|@$k@|${SUBST[$k]}|g"); done
	sed "${sed_args[@]}" -e '/@[A-Za-z_][A-Za-z0-9_]*@/d' "$1" >"${1%.in}"
}

# ---- the suite, prepared in W/suite as autogen.sh and configure would
prepare_suite() {
	local d leaf mk
	rm -rf "$S" && cp -r "$SUITE" "$S" || return 1
	: >"$WORK/logs/prepare.log"
	if [ -d "$S/f77" ] && ! command -v perl >/dev/null; then
		NOTES+=("no perl: f90/ not generated from f77/, io write tests not merged")
	elif [ -d "$S/f77" ]; then
		# f90/ from f77/ (autogen.sh)
		for d in f77 errors/f77; do
			[ -d "$S/$d" ] || continue
			for leaf in "$S/$d"/*/; do
				leaf=$(basename "$leaf")
				mkdir -p "$S/${d%77}90/$leaf"
				(cd "$S" && perl maint/f77tof90 "$d/$leaf" "${d%77}90/$leaf" Makefile.am Makefile.ap) >>"$WORK/logs/prepare.log" 2>&1 </dev/null
			done
		done
	fi
	# Makefile.am rules "FILE: $(srcdir)/OTHER" that copy or sed a source
	# from another directory (f90/ext, f90/io, f08/io, ...)
	for mk in "$S"/f77/*/Makefile.am "$S"/f90/*/Makefile.am "$S"/f08/*/Makefile.am "$S"/errors/f*/*/Makefile.am; do
		[ -f "$mk" ] || continue
		d=$(dirname "$mk")
		awk '
			/^[^ \t#$]*[^ \t:]*:[ \t]*\$\(srcdir\)\/[^ \t]+[ \t]*$/ && $1 !~ /Makefile/ { inrule = 1; next }
			inrule && /^\t/ { line = $0; sub(/^\t/, "", line); gsub(/\$\(srcdir\)/, ".", line); print line; next }
			{ inrule = 0 }' "$mk" | (cd "$d" && sh) >>"$WORK/logs/prepare.log" 2>&1
	done
	# the MPI-IO write tests from their harness (maint/testmerge)
	command -v perl >/dev/null && sed "s|@PERL@|$(command -v perl)|" "$S/maint/testmerge.in" >"$S/maint/testmerge"
	for d in "$S"/f77/io "$S"/f90/io "$S"/f08/io; do
		[ -f "$d/ioharness.defn" ] && [ -f "$d/ioharness.tlt" ] && command -v perl >/dev/null || continue
		(cd "$d" && perl "$S/maint/testmerge" -defn="$S/maint/common.defn" ioharness.defn ioharness.tlt) >>"$WORK/logs/prepare.log" 2>&1 </dev/null
	done
	# *.h.in and testlist.in (configure); a testlist already there wins
	find "$S" -name '*.h.in' | while read -r f; do subst "$f"; done
	find "$S" -name testlist.in | while read -r f; do [ -f "${f%.in}" ] || subst "$f"; done
	# mpitestconf.h: the macros the suite's configure would define
	{
		echo "/* generated by tests/conformance/mpich-suite.sh for $MPICC */"
		for h in STDLIB_H STRING_H UNISTD_H STDARG_H STDINT_H MEMORY_H SYS_TIME_H SYS_RESOURCE_H PTHREAD_H GETRUSAGE LONG_DOUBLE LONG_LONG; do
			echo "#define HAVE_$h 1"
		done
		echo "#define THREAD_PACKAGE_NAME THREAD_PACKAGE_POSIX"
		echo "#define USE_STRICT_MPI 1"
		echo "#define USE_LONG_DOUBLE_COMPLEX 1"
		# gfortran's external names: lower case and one underscore
		echo "#define F77_NAME_LOWER_USCORE 1"
		probe 'MPI_Datatype t = MPI_INTEGER16; (void)t' && echo "#define HAVE_MPI_INTEGER16 1"
		probe 'MPI_Datatype t = MPI_REAL16; (void)t' && echo "#define HAVE_MPI_REAL16 1"
		probe 'MPI_Datatype t = MPI_COMPLEX32; (void)t' && echo "#define HAVE_MPI_COMPLEX32 1"
		[ -n "$HAVE_RMA" ] && echo "#define HAVE_MPI_WIN_CREATE 1"
		[ -n "$HAVE_IO" ] && echo "#define HAVE_MPI_IO 1"
		[ -n "$HAVE_SPAWN" ] && echo "#define HAVE_MPI_SPAWN 1"
	} >"$S/include/mpitestconf.h"
	rm -f "$WORK"/probe*
	# MPIX_ names of upcoming functions: empty outside MPICH (as the suite's
	# autogen.sh does)
	: >"$S/include/mtest_mpix.h"
}
prepare_suite || { echo "mpich-suite.sh: cannot copy $SUITE to $S" >&2; exit 1; }
ran() { # ran TOP...: whether one of the directories run is (under) one of these
	local d t
	for d in "${DIRS[@]}"; do for t in "$@"; do case "$d/" in "$t"/*) return 0 ;; esac; done; done
	return 1
}
FORTRAN_DIRS="f77 f90 f08 errors"
if ran $FORTRAN_DIRS; then
	[ -n "$MPIFC" ] || NOTES+=("no Fortran compiler (--mpifort): the Fortran tests do not build")
	[ "${SUBST[f77profile]}" = profile ] || NOTES+=("f77/profile left out: a Fortran MPI_SEND of the program's own cannot call PMPI_SEND")
	[ "${SUBST[f90profile]}" = profile ] || NOTES+=("f90/profile left out: 'use mpi, skip_mpi_send => mpi_send' does not compile")
fi
ran io $FORTRAN_DIRS && [ -z "$HAVE_IO" ] && NOTES+=("io directories left out: no MPI_File_open")
ran spawn $FORTRAN_DIRS && [ -z "$HAVE_SPAWN" ] && NOTES+=("spawn directories and name publishing tests left out: no MPI_Comm_spawn")
MPIVER=$(printf '#include <mpi.h>\nMPI_VERSION.MPI_SUBVERSION\n' | $MPICC -E -P - 2>/dev/null | tr -d ' ' | grep -E '^[0-9]+\.[0-9]+$' | tail -1)
MPIVER=${MPIVER:-3.1}

# ---- the suite's support libraries, built afresh each run (the MPI may
# have changed since the last)
rm -rf "$WORK/lib" "$WORK/bin" "$WORK/obj" && mkdir -p "$WORK/lib" "$WORK/bin" "$WORK/obj"
for top in "${DIRS[@]}"; do rm -f "$WORK/logs/$(echo "$top" | tr / _)_"*; done
: >"$WORK/logs/libs.log"
build_lib() { # build_lib NAME COMPILER FLAGS SOURCES...
	local lib=$WORK/lib/lib$1.a cc=$2 flags=$3 o objs=()
	shift 3
	for s in "$@"; do
		o=$WORK/lib/$(basename "${s%.*}")-$(basename "$lib" .a).o
		(cd "$WORK/lib" && $cc $flags -c "$s" -o "$o") >>"$WORK/logs/libs.log" 2>&1 </dev/null || { echo "cannot build $s (see $WORK/logs/libs.log)" >&2; return 1; }
		objs+=("$o")
	done
	ar rcs "$lib" "${objs[@]}"
}
build_lib mtest "$MPICC" "$CFLAGS" "$S/util/mtest.c" "$S/util/mtest_common.c" || exit 1
# tests written as run(args) (the suite's multi-test form) get its main
build_lib run_mpitests "$MPICC" "$CFLAGS" "$S/util/run_mpitests.c" || exit 1
build_lib mtest_single "$MPICC" "$CFLAGS" "$S/util/mtest_single.c" || exit 1
build_lib mtest_thread "$MPICC" "$CFLAGS -DMTEST_USE_THREAD" "$S/util/mtest_thread.c" || exit 1
build_lib dtypes "$MPICC" "$CFLAGS" "$S/util/dtypes.c" || exit 1
# dtpools includes "../dtpoolsconf.h"
printf '/* generated by mpich-suite.sh */\n#include "mpitestconf.h"\n' >"$S/dtpools/dtpoolsconf.h"
CFLAGS="$CFLAGS -I$S/dtpools/include"
build_lib dtpools "$MPICC" "$CFLAGS" "$S"/dtpools/src/*.c || echo "dtpools did not build: the tests that use it will not" >&2
# the Fortran MTest (MTest_Init, MTest_Finalize, ... for mpif.h, use mpi
# and use mpi_f08 programs)
[ -n "$HAVE_F77" ] && { build_lib mtest_f77 "$MPIFC" "$FFLAGS" "$S/util/mtest_f77.f" || NOTES+=("util/mtest_f77.f did not build"); }
[ -n "$HAVE_F90" ] && { build_lib mtest_f90 "$MPIFC" "$FFLAGS" "$S/util/mtest_f90.f90" || NOTES+=("util/mtest_f90.f90 did not build"); }
[ -n "$HAVE_F08" ] && { build_lib mtest_f08 "$MPIFC" "$FFLAGS" "$S/util/mtest_f08.f90" || NOTES+=("util/mtest_f08.f90 did not build"); }

# Value of VAR (NAME_SOURCES, ...) in a Makefile.am, continuation lines
# joined, += included, $(AM_CPPFLAGS) and friends dropped.
mkvar() {
	awk -v v="$2" '
		{ line = line $0 }
		/\\$/ { sub(/\\$/, "", line); next }
		{ if (match(line, "^[ \t]*" v "[ \t]*\\+?=")) { sub("^[^=]*=", "", line); out = out " " line } line = "" }
		END { print out }' "$1" | sed 's/\$([A-Za-z_]*)//g; s/@[A-Za-z_]*@//g'
}

skipped() { # skipped DIR NAME NP: listed with --skip (or its directory), or not with --only
	local s
	for s in "${SKIPS[@]+"${SKIPS[@]}"}"; do
		[ "$s" = "$1/$2" ] || [ "$s" = "$1/$2@$3" ] && return 0
		case "$1/" in "${s%/}"/*) return 0 ;; esac
	done
	[ ${#ONLY[@]} -eq 0 ] && return 1
	for s in "${ONLY[@]}"; do [ "$s" = "$1/$2" ] && return 1; done
	return 0
}

# Build test NAME of suite directory DIR; prints the executable's path.
# C sources go through mpicc, Fortran ones through mpifort (a source that
# defines a module first); the program links with mpifort when it has
# Fortran in it.
build_test() {
	local dir=$1 name=$2 src=$S/$1 exe=$WORK/bin/$1/$2 mk=$S/$1/Makefile.am obj=$WORK/obj/$1/$2
	local log=$WORK/logs/$(echo "$1/$2" | tr / _).build
	if [ -x "$exe" ]; then echo "$exe"; return 0; fi
	[ -f "$log" ] && return 1   # failed before
	mkdir -p "$(dirname "$exe")" "$obj"
	local var=$(echo "$name" | tr -c 'A-Za-z0-9_\n' _)
	local srcs="$(mkvar "$mk" "${var}_SOURCES") $(mkvar "$mk" "nodist_${var}_SOURCES")"
	local flags=$(mkvar "$mk" "${var}_CPPFLAGS") fflags="$(mkvar "$mk" AM_FFLAGS) $(mkvar "$mk" AM_FCFLAGS)"
	local ext=$(mkvar "$mk" AM_DEFAULT_SOURCE_EXT | tr -d ' ') e s kind=c
	local cfiles=() ffiles=() libs=()
	if [ -z "${srcs// /}" ]; then
		srcs=$name${ext:-.c}
		for e in $ext .c .f .f90 .F .F90; do [ -f "$src/$name$e" ] && { srcs=$name$e; break; }; done
	fi
	for s in $srcs; do
		case $s in
		*.c) cfiles+=("$s") ;;
		*.f|*.F|*.f90|*.F90)
			if grep -q -i -E '^[[:space:]]*module[[:space:]]+[a-z_][a-z0-9_]*[[:space:]]*(!.*)?$' "$src/$s" 2>/dev/null </dev/null; then
				ffiles=("$s" "${ffiles[@]+"${ffiles[@]}"}")
			else
				ffiles+=("$s")
			fi ;;
		esac
	done
	case "$(grep -h '^include' "$mk" </dev/null)" in
	*Makefile_threads.mtest*) flags="$flags -DMTEST_USE_THREAD"; libs+=("$WORK/lib/libmtest_thread.a") ;;
	*Makefile_single.mtest*) libs+=("$WORK/lib/libmtest_single.a") ;;
	*Makefile_f77.mtest*) kind=f77 ;;
	*Makefile_f90.mtest*) kind=f90 ;;
	*Makefile_f08.mtest*) kind=f08 ;;
	esac
	local linker=$MPICC
	if [ ${#ffiles[@]} -gt 0 ]; then
		[ -n "$MPIFC" ] || { echo "no Fortran compiler (--mpifort)" >"$log"; return 1; }
		[ $kind = c ] && kind=f77
		linker=$MPIFC
		libs+=("$WORK/lib/libmtest_$kind.a")
	elif [ $kind != c ]; then
		libs+=("$WORK/lib/libmtest_single.a")   # a C program among Fortran ones
	fi
	# dtypes.c comes in through $(LDADDDATA), which mkvar drops: always
	# offer it (an archive member is linked only when needed)
	libs+=("$WORK/lib/libdtypes.a")
	[ ${#ffiles[@]} -eq 0 ] && ! (cd "$src" && grep -q -E '(^|[^A-Za-z_])main[[:space:]]*\(' /dev/null "${cfiles[@]+"${cfiles[@]}"}") </dev/null &&
		libs+=("$WORK/lib/librun_mpitests.a")
	libs+=("$WORK/lib/libmtest.a")
	[ -f "$WORK/lib/libdtpools.a" ] && libs+=("$WORK/lib/libdtpools.a")
	if (
		cd "$src" || exit 1
		objs=()
		for s in "${cfiles[@]+"${cfiles[@]}"}"; do
			$MPICC $CFLAGS -I"$src" $flags -c "$s" -o "$obj/${s%.*}.o" || exit 1
			objs+=("$obj/${s%.*}.o")
		done
		for s in "${ffiles[@]+"${ffiles[@]}"}"; do
			$MPIFC $FFLAGS -I"$src" $fflags -J"$obj" -I"$obj" -c "$s" -o "$obj/${s%.*}.o" || exit 1
			objs+=("$obj/${s%.*}.o")
		done
		$linker -o "$exe" "${objs[@]}" -Wl,--start-group "${libs[@]}" -Wl,--end-group -lm -lpthread
	) >"$log" 2>&1 </dev/null; then
		rm -f "$log"
		echo "$exe"
		return 0
	fi
	return 1
}

# Entries of DIR's testlist ("name np key=val..."), subdirectories expanded
# into "subdir/name ...", lines commented out by configure's substitutions
# and comments dropped.
entries() {
	local dir=$1 list=$S/$1/testlist
	if [ ! -f "$list" ]; then
		# no testlist (basic): every program of the Makefile.am at np 2
		# (self at np 1: it sends to rank 0 and waits for rank 0, which
		# only rank 0 can do), without the benchmarks, judged by exit
		# status
		for p in $(mkvar "$S/$dir/Makefile.am" noinst_PROGRAMS); do
			case $p in
			netpipe|adapt) ;;
			self) echo "$dir $p 1 resultTest=ExitStatus" ;;
			*) echo "$dir $p 2 resultTest=ExitStatus" ;;
			esac
		done
		return
	fi
	sed -e 's/#.*//' -e '/@/d' -e '/^[[:space:]]*$/d' "$list" | while read -r first rest; do
		if [ -z "$rest" ] && [ -d "$S/$dir/$first" ]; then
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
				# spawn/ (and f77/spawn ...) spawn "./name": run where
				# the binaries are, as the suite's own runtests does.
				run_in=$S/$dir
				case $dir in spawn | */spawn) run_in=$(dirname "$exe") ;; esac
				(cd "$run_in" && env $envs timeout -k 10 "$limit" $MPIEXEC -n "$np" $mpiargs "$exe" $args) >"$log" 2>&1 </dev/null
				rc=$?
				noerr=$(grep -c -E '^[[:space:]]*No [Ee]rrors[[:space:]]*$' "$log")
				skipmsg=$(grep -c -E '^[[:space:]]*Test Skipped[[:space:]]*$' "$log")
				stray=$(grep -v -c -E '^[[:space:]]*(No [Ee]rrors|Test Skipped)[[:space:]]*$' "$log")
				case $rtest in
				# a nonzero status, the timeLimit's included (runtests
				# passes it to mpiexec, which then fails the job)
				TestStatus|TestErrFatal) ok=$([ $rc -ne 0 ] && echo 1) ;;
				TestStatusNoErrors) ok=$([ $rc -ne 0 ] && [ "$noerr" -gt 0 ] && echo 1) ;;
				TestBench|ExitStatus) ok=$([ $rc -eq 0 ] && echo 1) ;;
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
# results.tsv keeps the other directories' lines of earlier runs, so that
# directories run one at a time add up to one file
if [ -f "$RESULTS" ]; then
	awk -F'\t' -v run="${DIRS[*]}" 'BEGIN { n = split(run, d, " "); for (i = 1; i <= n; i++) ran[d[i]] = 1 } !($1 in ran)' "$RESULTS" >"$RESULTS.old"
	cat "$RESULTS.old" "$RESULTS.new" >"$RESULTS" && rm -f "$RESULTS.old" "$RESULTS.new"
else
	mv "$RESULTS.new" "$RESULTS"
fi

echo "MPICH suite $SUITE with $MPICC / $MPIEXEC (MPI $MPIVER), max np $MAXNP"
printf '%-10s %6s %6s %8s %6s\n' dir pass fail nobuild skip
tp=0 tf=0 tn=0 ts=0
for top in "${DIRS[@]}"; do
	printf '%-10s %6d %6d %8d %6d\n' "$top" "${NPASS[$top]}" "${NFAIL[$top]}" "${NNOB[$top]}" "${NSKIP[$top]}"
	tp=$((tp + NPASS[$top])) tf=$((tf + NFAIL[$top])) tn=$((tn + NNOB[$top])) ts=$((ts + NSKIP[$top]))
done
printf '%-10s %6d %6d %8d %6d\n' total $tp $tf $tn $ts
if [ ${#NOTES[@]} -gt 0 ]; then
	echo
	printf 'note: %s\n' "${NOTES[@]}"
fi
if [ ${#FAILS[@]} -gt 0 ]; then
	echo
	echo "failures:"
	printf '  %s\n' "${FAILS[@]}"
fi
echo
echo "results: $RESULTS; logs: $WORK/logs (*.build: compiler output of the tests that did not build)"
[ $tf -eq 0 ]
