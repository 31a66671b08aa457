#!/bin/sh
# perf/ab.sh - before/after: one benchmark of perf/ run under two shmpi build
# trees in turn (the order alternating between rounds, so drift of the
# machine cancels), the median of each per size, and their ratio.
#
#   perf/ab.sh [-n ROUNDS] [-p NP] OLD_BUILD NEW_BUILD PROGRAM [ARGS...]
#   perf/ab.sh -n 15 /tmp/base . pingpong -m 8:256 -t 0.2
#
# Each build tree needs its launcher/mpirun-shm and perf/PROGRAM (make, then
# `make perf/PROGRAM` where make check has not built it).
#
# With -i the two arguments are install prefixes instead (make install
# --prefix=P, or two installed versions): PROGRAM.c and bench.c of this
# tree's perf/ are compiled with each prefix's bin/mpicc and run with its
# bin/mpirun-shm, so the same source measures both libraries:
#
#   perf/ab.sh -i -n 15 /tmp/shmpi-old /tmp/shmpi-new pingpong -m 8:4M
#
# With -e the two arguments are environments instead (lists of NAME=VALUE,
# "" for none) and both runs use the build tree in the current directory:
# a setting's before and after, say an old default set explicitly against
# the new one:
#
#   perf/ab.sh -e -n 7 -p 4 "SHMPI_EAGER_MAX=64k" "" exchange -m 32K:1M
#
# With -a the two arguments are left out: the native program perf/PROGRAM
# (libshmpi, our mpi.h) is "old" and perf/PROGRAM-abi (the same source
# compiled against the standard ABI's include/abi/mpi.h, linked with
# libmpi_abi: perf/abi.mk, make perf/PROGRAM-abi) is "new", both of the
# build tree in the current directory (issue 44, docs/abi.md):
#
#   perf/ab.sh -a -n 15 pingpong -m 8:8 -t 0.2
#
# The ratio is new / old: below 1 is faster for times, slower for rates.  Quote it with
# the load average printed at the end: the figures mean little when other
# programs keep the cores busy.
rounds=7
np=2
envs=
abi=
prefixes=
while getopts aein:p: o; do
	case $o in
	a) abi=1 ;;
	e) envs=1 ;;
	i) prefixes=1 ;;
	n) rounds=$OPTARG ;;
	p) np=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$abi" ] && set -- . . "$@"
[ $# -ge 3 ] || { echo "usage: $0 [-n ROUNDS] [-p NP] OLD_BUILD NEW_BUILD PROGRAM [ARGS...]" >&2
		  echo "       $0 -i [-n ROUNDS] [-p NP] OLD_PREFIX NEW_PREFIX PROGRAM [ARGS...]" >&2
		  echo "       $0 -e [-n ROUNDS] [-p NP] OLD_ENV NEW_ENV PROGRAM [ARGS...]" >&2; exit 2; }
old=$1 new=$2 prog=$3
shift 3
if [ -n "$envs" ]; then
	old_dir=. new_dir=. old_env=$old new_env=$new
else
	old_dir=$old new_dir=$new old_env='' new_env=''
fi
if [ -n "$prefixes" ]; then
	# A build-tree look-alike per prefix: launcher/mpirun-shm and
	# perf/PROGRAM, compiled here with the prefix's mpicc.
	perf_src=$(cd "$(dirname "$0")" && pwd)
	tmp=${TMPDIR:-/tmp}/ab.$$
	trap 'rm -rf "$tmp"' EXIT
	for tag in old new; do
		if [ $tag = old ]; then p=$old; else p=$new; fi
		[ -x "$p/bin/mpirun-shm" ] && [ -x "$p/bin/mpicc" ] ||
			{ echo "$0: $p has no bin/mpirun-shm or bin/mpicc" >&2; exit 2; }
		mkdir -p "$tmp/$tag/launcher" "$tmp/$tag/perf"
		ln -s "$p/bin/mpirun-shm" "$tmp/$tag/launcher/mpirun-shm"
		"$p/bin/mpicc" -O2 -I"$perf_src" -o "$tmp/$tag/perf/$prog" "$perf_src/$prog.c" \
			"$perf_src/bench.c" || exit 2
	done
	old_dir=$tmp/old new_dir=$tmp/new
fi
old_prog=$prog new_prog=$prog
[ -n "$abi" ] && new_prog=$prog-abi
for b in "$old_dir:$old_prog" "$new_dir:$new_prog"; do
	[ -x "${b%%:*}/launcher/mpirun-shm" ] && [ -x "${b%%:*}/perf/${b#*:}" ] ||
		{ echo "$0: ${b%%:*} has no launcher/mpirun-shm or perf/${b#*:}" >&2; exit 2; }
done

one() { # TAG BUILD ENV ARGS...: the benchmark's "size value" lines, tagged
	tag=$1 dir=$2 vars=$3
	shift 3
	p=$old_prog
	[ "$tag" = new ] && p=$new_prog
	# shellcheck disable=SC2086 # vars is a list of NAME=VALUE words
	(cd "$dir" && env $vars ./launcher/mpirun-shm -n "$np" "perf/$p" "$@" 2>/dev/null) |
		grep -v '^#' | sed "s/^/$tag /"
}
[ -n "$envs" ] && echo "# old: '$old_env', new: '$new_env'"
[ -n "$abi" ] && echo "# old: perf/$old_prog (libshmpi), new: perf/$new_prog (libmpi_abi)"
echo "# perf/ab.sh $prog $* (np $np, $rounds rounds; load at start: $(cut -d' ' -f1 /proc/loadavg))"
r=1
while [ "$r" -le "$rounds" ]; do
	if [ $((r % 2)) -eq 1 ]; then
		one old "$old_dir" "$old_env" "$@"; one new "$new_dir" "$new_env" "$@"
	else
		one new "$new_dir" "$new_env" "$@"; one old "$old_dir" "$old_env" "$@"
	fi
	r=$((r + 1))
done | awk '
	{ key = $2; v[$1, key, ++n[$1, key]] = $3; sizes[key] = 1 }
	function median(tag, key,   k, m, a, i, j, t) {
		m = n[tag, key]
		for (i = 1; i <= m; i++) a[i] = v[tag, key, i]
		for (i = 2; i <= m; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
	}
	END {
		printf "%10s %12s %12s %8s\n", "size", "old", "new", "new/old"
		for (key in sizes) order[++k] = key + 0
		for (i = 2; i <= k; i++)
			for (j = i; j > 1 && order[j - 1] > order[j]; j--) { t = order[j]; order[j] = order[j - 1]; order[j - 1] = t }
		for (i = 1; i <= k; i++) {
			o = median("old", order[i]); w = median("new", order[i])
			printf "%10d %12.4g %12.4g %8.2f\n", order[i], o, w, o ? w / o : 0
		}
	}'
echo "# load at end: $(cut -d' ' -f1 /proc/loadavg)"
