#!/bin/sh
# perf/envab.sh - before/after of a setting: one benchmark of perf/ run in
# one build tree under two environments in turn (the order alternating
# between rounds, so drift of the machine cancels), the median of each per
# size, and their ratio B/A.  perf/ab.sh compares two builds; this one
# compares, say, a SHMPI_* variable set and unset.
#
#   perf/envab.sh [-n ROUNDS] [-p NP] "ENV_A" "ENV_B" PROGRAM [ARGS...]
#   perf/envab.sh -n 7 -p 4 "SHMPI_EAGER_MAX=64k" "" exchange -m 32K:1M -t 0.05
#
# ENV_A and ENV_B are lists of NAME=VALUE ("" for none).  Run from the top
# of the build tree.  Below 1 is faster for times, slower for rates.
rounds=7
np=2
while getopts n:p: o; do
	case $o in
	n) rounds=$OPTARG ;;
	p) np=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || { echo "usage: $0 [-n ROUNDS] [-p NP] ENV_A ENV_B PROGRAM [ARGS...]" >&2; exit 2; }
ea=$1 eb=$2 prog=$3
shift 3
[ -x launcher/mpirun-shm ] && [ -x "perf/$prog" ] ||
	{ echo "$0: run from a build tree with launcher/mpirun-shm and perf/$prog" >&2; exit 2; }

one() { # TAG ENV: the benchmark's "size value" lines, tagged
	# shellcheck disable=SC2086 # ENV is a list of words
	env $2 ./launcher/mpirun-shm -n "$np" "perf/$prog" "$@" 2>/dev/null | grep -v '^#' | sed "s/^/$1 /"
}
echo "# perf/envab.sh $prog $* (np $np, $rounds rounds; A: '$ea', B: '$eb'; load at start: $(cut -d' ' -f1 /proc/loadavg))"
r=1
while [ "$r" -le "$rounds" ]; do
	if [ $((r % 2)) -eq 1 ]; then
		one A "$ea" "$@"; one B "$eb" "$@"
	else
		one B "$eb" "$@"; one A "$ea" "$@"
	fi
	r=$((r + 1))
done | awk '
	{ v[$1, $2, ++n[$1, $2]] = $3; sizes[$2] = 1 }
	function median(t, k,   m, a, i, j, x) {
		m = n[t, k]
		for (i = 1; i <= m; i++) a[i] = v[t, k, i]
		for (i = 2; i <= m; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) { x = a[j]; a[j] = a[j - 1]; a[j - 1] = x }
		return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
	}
	END {
		for (k in sizes) o[++c] = k + 0
		for (i = 2; i <= c; i++)
			for (j = i; j > 1 && o[j - 1] > o[j]; j--) { x = o[j]; o[j] = o[j - 1]; o[j - 1] = x }
		printf "%10s %12s %12s %8s\n", "size", "A", "B", "B/A"
		for (i = 1; i <= c; i++) {
			a = median("A", o[i]); b = median("B", o[i])
			printf "%10s %12.4g %12.4g %8.3f\n", o[i], a, b, (a > 0 ? b / a : 0)
		}
	}'
echo "# load at end: $(cut -d' ' -f1 /proc/loadavg)"
