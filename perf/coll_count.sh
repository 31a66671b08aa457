#!/bin/sh
# perf/coll_count.sh - instructions per collective call, waiting left out,
# for one or more shmpi build trees side by side: before/after figures the
# machine's load does not move (perf/ab.sh's times do, on a busy machine).
# Each rank runs perf/coll_count.c under callgrind, collecting only inside
# the collective's PMPI function; the instructions of mpii_progress_wait
# (the spin, yield and sleep while others are late: the load decides how
# many) are subtracted, and (Ir(N2) - Ir(N1)) / (N2 - N1) leaves one call's
# own work, averaged over the ranks.  Each tree gets its own copy of the
# program, compiled against its include/ and .libs/, so a tree built
# before this script works too.
# Usage: perf/coll_count.sh [-p NP] [-k KINDS] [-m SIZES] [BUILD...]
#   perf/coll_count.sh -p 4 -k "barrier allreduce" -m "8 4096" /tmp/old .
command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null ||
	{ echo "perf/coll_count.sh: needs valgrind" >&2; exit 1; }
np=2 kinds="barrier allreduce" sizes="8 64 1024 4096"
while getopts p:k:m: o; do
	case $o in
	p) np=$OPTARG ;;
	k) kinds=$OPTARG ;;
	m) sizes=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- .
src=$(cd "$(dirname "$0")" && pwd)/coll_count.c
tmp=${TMPDIR:-/tmp}/coll_count.$$
mkdir -p "$tmp" && trap 'rm -rf "$tmp"' EXIT

fn() { # KIND -> the PMPI function collected
	case $1 in
	barrier) echo PMPI_Barrier ;; bcast) echo PMPI_Bcast ;;
	reduce) echo PMPI_Reduce ;; *) echo PMPI_Allreduce ;;
	esac
}
# BUILD EXE KIND SIZE N: the instructions of N calls on every rank, less
# their waits, summed over the ranks
ir() {
	rm -f "$tmp"/cg.*
	"$1/launcher/mpirun-shm" -n "$np" valgrind --tool=callgrind --toggle-collect="$(fn "$3")" \
		--callgrind-out-file="$tmp/cg.%p" "$2" "$3" "$4" "$5" >/dev/null 2>"$tmp/log" ||
		{ cat "$tmp/log" >&2; exit 1; }
	t=0
	for f in "$tmp"/cg.*; do
		all=$(callgrind_annotate --inclusive=yes "$f" 2>/dev/null |
		      awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }')
		wait=$(callgrind_annotate --inclusive=yes "$f" 2>/dev/null |
		       awk '/:mpii_progress_wait( |$)/ { gsub(",", "", $1); print $1; exit }')
		t=$((t + ${all:-0} - ${wait:-0}))
	done
	echo "$t"
}
printf '%-32s %3s %-10s' "build" np kind
for s in $sizes; do printf ' %8s' "${s}B"; done
echo
i=0
for b in "$@"; do
	b=$(cd "$b" && pwd) || exit 1
	i=$((i + 1))
	exe=$tmp/coll_count.$i
	${CC:-cc} -O2 -I"$b/include" -o "$exe" "$src" -L"$b/.libs" -lshmpi -Wl,-rpath,"$b/.libs" ||
		exit 1
	for k in $kinds; do
		line=$(printf '%-32s %3s %-10s' "$b" "$np" "$k")
		for s in $sizes; do
			[ "$k" = barrier ] && [ "$s" != "$(echo $sizes | cut -d' ' -f1)" ] &&
				{ line="$line $(printf ' %8s' -)"; continue; }
			n1=100 n2=300
			a=$(ir "$b" "$exe" "$k" "$s" $n1) || exit 1
			c=$(ir "$b" "$exe" "$k" "$s" $n2) || exit 1
			line="$line $(printf ' %8d' $(( (c - a) / (n2 - n1) / np )))"
		done
		echo "$line"
	done
done
