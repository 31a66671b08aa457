#!/bin/sh
# perf/p2p_count.sh - instructions per message on the point-to-point paths
# (perf/p2p_count.c: a window of 64 Isend/Irecv, Send+Recv, Sendrecv,
# Isend+Recv+Wait, one process to itself) for one or more shmpi build trees,
# side by side: before/after figures that the machine's load does not move.
# Each tree gets its own copy of the program, compiled against its
# include/ and .libs/ (so a tree built before this script works too).
# (Ir(N2) - Ir(N1)) / (N2 - N1) under callgrind is the cost of one
# iteration alone; win's is divided by its 64 messages.
# Usage: perf/p2p_count.sh [-s SIZE] [BUILD...]   (default: .)
command -v valgrind >/dev/null || { echo "perf/p2p_count.sh: needs valgrind" >&2; exit 1; }
size=8
while getopts s: o; do
	case $o in
	s) size=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- .
src=$(cd "$(dirname "$0")" && pwd)/p2p_count.c
tmp=${TMPDIR:-/tmp}/p2p_count.$$
mkdir -p "$tmp" && trap 'rm -rf "$tmp"' EXIT
ir() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>"$tmp/log" >/dev/null ||
		{ cat "$tmp/log" >&2; exit 1; }
	sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$tmp/log" | tail -n 1
}
printf '%-40s %8s %8s %8s %8s\n' "build (size $size B)" win sr sx pp
i=0
for b in "$@"; do
	b=$(cd "$b" && pwd) || exit 1
	i=$((i + 1))
	exe=$tmp/p2p_count.$i
	${CC:-cc} -O2 -I"$b/include" -o "$exe" "$src" -L"$b/.libs" -lshmpi -Wl,-rpath,"$b/.libs" ||
		exit 1
	line=$(printf '%-40s' "$b")
	for k in win sr sx pp; do
		n1=200 n2=600
		[ $k = win ] && n1=20 n2=60
		a=$(ir "$exe" $k $n1 "$size") || exit 1
		c=$(ir "$exe" $k $n2 "$size") || exit 1
		per=$(( (c - a) / (n2 - n1) ))
		[ $k = win ] && per=$((per / 64))
		line="$line $(printf '%8d' "$per")"
	done
	echo "$line"
done
