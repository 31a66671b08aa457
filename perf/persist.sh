#!/bin/sh
# perf/persist.sh - issue 41's persistent-collective targets side by side
# with MPICH: perf/persist built here (shmpi) and built again with
# mpicc.mpich (MPICH 4.x, which has MPI_Allreduce_init), each kind run at
# np 2 by each MPI in turn, ROUNDS rounds (the order alternating between
# rounds, so drift of the machine hits both alike), and the median of each.
# Targets: shmpi's allreduce_init (MPI_Start + MPI_Wait, 8 B) at most 0.8x
# shmpi's MPI_Allreduce and at most 0.5x MPICH's allreduce_init;
# pingpong_init no slower than pingpong.  Quote the load average printed
# at the end: on a busy machine the figures mean little.
#
#   perf/persist.sh [-n ROUNDS] [-m MIN:MAX] [KIND...]
#
# Run from the build tree after `make perf/persist`; KINDs default to
# allreduce allreduce_init pingpong pingpong_init.  MPICC and MPIEXEC name
# the other MPI (default mpicc.mpich, mpiexec.mpich); the other build is
# made in $TMPDIR.
rounds=7
sizes=8:8
while getopts n:m: o; do
	case $o in
	n) rounds=$OPTARG ;;
	m) sizes=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
kinds=${*:-allreduce allreduce_init pingpong pingpong_init}
mpicc=${MPICC:-mpicc.mpich}
mpiexec=${MPIEXEC:-mpiexec.mpich}
src=$(dirname "$0")
tmp=${TMPDIR:-/tmp}/persist.$$
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp" || exit 1
[ -x launcher/mpirun-shm ] && [ -x perf/persist ] ||
	{ echo "$0: run from the build tree after make perf/persist" >&2; exit 2; }
"$mpicc" -O2 -o "$tmp/persist" "$src/persist.c" "$src/bench.c" -lpthread ||
	{ echo "$0: $mpicc could not build perf/persist.c" >&2; exit 2; }

one() { # TAG KIND: the "size value" lines of one run, tagged "TAG KIND"
	case $1 in
	shmpi) launcher/mpirun-shm -n 2 perf/persist -k "$2" -m "$sizes" 2>/dev/null ;;
	mpich) "$mpiexec" -n 2 "$tmp/persist" -k "$2" -m "$sizes" 2>/dev/null ;;
	esac | grep -v '^#' | sed "s/^/$1 $2 /"
}
echo "# perf/persist.sh (np 2, $rounds rounds, $mpicc; load at start: $(cut -d' ' -f1 /proc/loadavg))"
r=1
while [ "$r" -le "$rounds" ]; do
	for k in $kinds; do
		if [ $((r % 2)) -eq 1 ]; then
			one shmpi "$k"; one mpich "$k"
		else
			one mpich "$k"; one shmpi "$k"
		fi
	done
	r=$((r + 1))
done >"$tmp/all"
# median per (mpi, kind, size); then the ratios of the targets
awk '{ k = $1 " " $2 " " $3; v[k, ++n[k]] = $4 }
     END { for (k in n) { m = n[k]; for (i = 1; i <= m; i++) a[i] = v[k, i];
	     for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	     print k, (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 } }' "$tmp/all" |
	sort -k3,3n -k1,1 -k2,2 >"$tmp/med"
echo "mpi   kind             size   median_us"
awk '{ printf "%-5s %-16s %-6s %9.3f\n", $1, $2, $3, $4 }' "$tmp/med"
awk '{ m[$1 " " $2 " " $3] = $4; s[$3] = 1 }
     function ratio(what, a, b, size, target) {
	     if ((a " " size) in m && (b " " size) in m && m[b " " size] > 0)
		     printf "%-52s %6.2fx (target %s)\n", what " " size " B", m[a " " size] / m[b " " size], target }
     END { for (z in s) {
	     ratio("shmpi allreduce_init / shmpi allreduce", "shmpi allreduce_init", "shmpi allreduce", z, "<= 0.8x")
	     ratio("shmpi allreduce_init / MPICH allreduce_init", "shmpi allreduce_init", "mpich allreduce_init", z, "<= 0.5x")
	     ratio("shmpi allreduce / MPICH allreduce", "shmpi allreduce", "mpich allreduce", z, "")
	     ratio("shmpi pingpong_init / shmpi pingpong", "shmpi pingpong_init", "shmpi pingpong", z, "<= 1x") } }' "$tmp/med"
echo "# load at end: $(cut -d' ' -f1 /proc/loadavg)"
