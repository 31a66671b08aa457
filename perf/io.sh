#!/bin/bash
# perf/io.sh - the MPI-IO comparison of issue 39 (perf/RESULTS.md, MPI-IO):
# perf/io.c built with shmpi's mpicc, mpicc.openmpi and mpicc.mpich, run
# in rounds (each round every case under each MPI in turn, the order
# rotating), next to dd for the contiguous cases; prints every result line
# as "round impl case value..." on stdout, for the medians to be taken.
#
# Usage: perf/io.sh PREFIX [ROUNDS] [DIR]
#   PREFIX  shmpi installed there (PREFIX/bin/mpicc, PREFIX/bin/mpirun-shm)
#   ROUNDS  default 3; DIR the file system tested (default /tmp)
# Environment: CASES (default "sub2 sub4 sub4agg write read dd_write
# dd_read overlap"), SIZE_CONTIG (1G), SIZE_SUB (256M), REPS (3), BIND
# (none: shmpi's and Open MPI's binding of ranks to cores, given to both;
# on a machine loaded by other jobs a rank bound to a busy core waits,
# which MPICH's launcher, binding nothing, does not).
set -u
PREFIX=$1 ROUNDS=${2:-3} DIR=${3:-/tmp}
HERE=$(cd "$(dirname "$0")" && pwd)
W=$(mktemp -d /tmp/shmpi-perf-io.XXXXXX)
trap 'rm -rf "$W"' EXIT
CASES=${CASES:-"sub2 sub4 sub4agg write read dd_write dd_read overlap"}
SC=${SIZE_CONTIG:-1G} SS=${SIZE_SUB:-256M} REPS=${REPS:-3} BIND=${BIND:-none}

"$PREFIX/bin/mpicc" -O2 -o "$W/io.shmpi" "$HERE/io.c" || exit 1
mpicc.openmpi -O2 -o "$W/io.openmpi" "$HERE/io.c" || exit 1
mpicc.mpich -O2 -o "$W/io.mpich" "$HERE/io.c" || exit 1

run() { # run IMPL NP ARGS...
	local impl=$1 np=$2
	shift 2
	case $impl in
	shmpi) "$PREFIX/bin/mpirun-shm" --bind-to "$BIND" -n "$np" "$W/io.shmpi" -d "$DIR" -r "$REPS" "$@" ;;
	openmpi) mpirun.openmpi --allow-run-as-root --oversubscribe --bind-to "$BIND" -n "$np" "$W/io.openmpi" -d "$DIR" -r "$REPS" "$@" ;;
	mpich) mpiexec.mpich -n "$np" "$W/io.mpich" -d "$DIR" -r "$REPS" "$@" ;;
	esac 2>&1 | grep -v '^#'
}

# dd with the same block size: 1 MiB blocks, SIZE_CONTIG in all, through
# the page cache (no sync), as perf/io -k write/read; MB/s as dd prints
# it (10^6 bytes).
dd_mbs() { # dd_mbs write|read
	local f=$DIR/shmpi-perf-io-dd.$$ n=$(( $(numfmt --from=iec "$SC") >> 20 )) out
	if [ "$1" = write ]; then
		rm -f "$f"
		out=$(dd if=/dev/zero of="$f" bs=1M count=$n 2>&1)
	else
		[ -f "$f" ] || dd if=/dev/zero of="$f" bs=1M count=$n 2>/dev/null
		out=$(dd if="$f" of=/dev/null bs=1M count=$n 2>&1)
		rm -f "$f"
	fi
	echo "$out" | awk '/bytes/ { for (i = 1; i <= NF; i++) if ($i ~ /^s,$/) t = $(i - 1); print $1, $1 / t / 1e6, "MB/s" }'
}

impls=(shmpi openmpi mpich)
for ((r = 0; r < ROUNDS; r++)); do
	for c in $CASES; do
		for ((k = 0; k < 3; k++)); do
			impl=${impls[$(( (k + r) % 3 ))]}
			case $c in
			sub2) out=$(run "$impl" 2 -k subarray -s "$SS") ;;
			sub4) out=$(run "$impl" 4 -k subarray -s "$SS") ;;
			sub4agg) out=$(run "$impl" 4 -k subarray -s "$SS" -H romio_cb_write=enable) ;;
			sub2agg) out=$(run "$impl" 2 -k subarray -s "$SS" -H romio_cb_write=enable) ;;
			write) out=$(run "$impl" 1 -k write -s "$SC") ;;
			read) out=$(run "$impl" 1 -k write -s "$SC" -r 1 >/dev/null; run "$impl" 1 -k read -s "$SC") ;;
			overlap) out=$(run "$impl" 1 -k overlap) ;;
			dd_write) [ "$impl" = shmpi ] && out=$(dd_mbs write) || continue ;;
			dd_read) [ "$impl" = shmpi ] && out=$(dd_mbs read) || continue ;;
			esac
			[ "${c#dd_}" != "$c" ] && impl=dd
			echo "$r $impl $c $out"
		done
	done
done
