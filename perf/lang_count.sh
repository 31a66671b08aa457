#!/bin/sh
# perf/lang_count.sh - what the Fortran bindings cost over C (issue 17), in
# instructions, which unlike perf/lang.sh's times do not depend on the
# machine's load.  Runs perf/lang_count_c, perf/lang_count_mpi and
# perf/lang_count_f08 as one process (a singleton: no launcher) under
# valgrind's callgrind for N1 and N2 iterations; (Ir(N2) - Ir(N1)) / (N2 - N1)
# is the instructions per iteration of the loop alone:
#   pp: MPI_Isend to self + MPI_Recv + MPI_Wait of one double
#   ar: MPI_Allreduce of one double on MPI_COMM_WORLD (one process)
# and prints each with its overhead over C.
# Usage: perf/lang_count.sh [N1 [N2]]  (from the build tree, after
# `make perf/lang_count_c perf/lang_count_mpi perf/lang_count_f08`).
command -v valgrind >/dev/null || { echo "perf/lang_count.sh: needs valgrind" >&2; exit 1; }
n1=${1:-1000}
n2=${2:-3000}
tmp=${TMPDIR:-/tmp}/lang_count.$$
trap 'rm -f "$tmp".*' EXIT
# ir PROG KIND N: the instructions callgrind collected over the whole run.
ir() {
	# libtool runs the program itself, not its wrapper script, under valgrind
	./libtool --mode=execute valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"perf/$1" "$2" "$3" >/dev/null 2>"$tmp.log" || { cat "$tmp.log" >&2; exit 1; }
	sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$tmp.log" | tail -n 1
}
for kind in pp ar; do
	for p in c mpi f08; do
		a=$(ir "lang_count_$p" $kind "$n1") || exit 1
		b=$(ir "lang_count_$p" $kind "$n2") || exit 1
		echo "$kind $p $a $b"
	done
done | awk -v n1="$n1" -v n2="$n2" '
	{ per = ($4 - $3) / (n2 - n1); if ($2 == "c") c = per
	  printf "%-2s %-4s %8.1f instructions/iteration  %+6.1f%%\n", $1, $2, per, (per / c - 1) * 100 }'
