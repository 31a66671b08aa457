#!/bin/sh
# perf/check-perf.sh - `make check` for perf/: runs every benchmark once at a
# tiny size under the build tree's launcher and checks that each prints its
# "# name unit" header and one "size value" line per size.  It proves the
# programs work; it asserts nothing about speed.  Exit 0 pass, 1 fail.
#
# Environment: top_builddir (default .); PERF_BINDIR, where the programs are
# (default $top_builddir/perf); PERF_MPIRUN, the launcher command (default
# "$top_builddir/launcher/mpirun-shm --timeout 20"), so that the same check
# can run against another MPI:
#   PERF_BINDIR=/tmp/ompi PERF_MPIRUN='mpirun.openmpi --oversubscribe' perf/check-perf.sh
top_builddir=${top_builddir:-.}
bindir=${PERF_BINDIR:-$top_builddir/perf}
mpirun=${PERF_MPIRUN:-"$top_builddir/launcher/mpirun-shm --timeout 20"}
tiny="-t 0.01 -w 2 -i 20"
out=${TMPDIR:-/tmp}/check-perf.$$
failed=0
trap 'rm -f "$out"' EXIT

# run NP NAME LINES PROGRAM ARGS...: NAME is the expected header name, LINES
# the expected number of "size value" lines.
run() {
	np=$1 name=$2 lines=$3 prog=$4
	shift 4
	$mpirun -n "$np" "$bindir/$prog" $tiny "$@" >"$out" 2>&1
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "FAIL: -n $np $prog $*: exit status $rc"
		cat "$out"
		failed=1
		return
	fi
	header=$(head -n 1 "$out")
	got=$(grep -Ec '^[0-9]+ [0-9]+\.[0-9]+$' "$out")
	case $header in
	"# $name "*) ;;
	*) got=bad-header ;;
	esac
	if [ "$got" != "$lines" ]; then
		echo "FAIL: -n $np $prog $*: expected header '# $name' and $lines lines"
		cat "$out"
		failed=1
		return
	fi
	echo "ok: -n $np $prog $*"
}

run 2 pingpong 5 pingpong -m 0:8
run 2 pingpong_mt 2 pingpong -T -m 1:2
run 2 bw 2 bw -m 1K:2K -W 4
run 2 bibw 2 bibw -m 1K:2K -W 4
run 2 ddt_vector 1 ddt -k vector -m 4K
run 2 ddt_contig 1 ddt -k contig -m 4K
run 4 mpair 2 mpair -m 0:1
for kind in put get put_fence get_fence put_bw get_bw acc; do
	run 2 rma_$kind 2 rma -k $kind -m 8:16 -W 4
done
for kind in fence fop cas; do
	run 2 rma_$kind 1 rma -k $kind
done
run 2 rma_put_create 1 rma -k put/create -m 64
run 4 msgrate 2 msgrate -m 1:2 -W 4
run 2 ring 2 exchange -k ring -m 1K:2K
run 3 nbx 2 exchange -k nbx -m 1K:2K
for coll in barrier bcast reduce allreduce allgather alltoall gather scatter reduce_scatter; do
	lines=2
	[ $coll = barrier ] && lines=1
	run 3 $coll $lines coll -k $coll -m 4:8
done

# perf/ep_copy (shmpi only: endpoints) prints "size alone lent ratio"
# lines; one size, one round of one message.
if [ -x "$bindir/ep_copy" ]; then
	if $mpirun -n 2 --bind-to none "$bindir/ep_copy" -m 2M -r 1 -n 1 >"$out" 2>&1 &&
	   head -n 1 "$out" | grep -q '^# ep_copy MB/s ' &&
	   [ "$(grep -Ec '^2097152 [0-9]+\.[0-9] [0-9]+\.[0-9] [0-9]+\.[0-9]+$' "$out")" = 1 ]; then
		echo "ok: -n 2 ep_copy"
	else
		echo "FAIL: -n 2 ep_copy -m 2M -r 1 -n 1"
		cat "$out"
		failed=1
	fi
fi

if ! $mpirun -n 2 "$bindir/startup" >"$out" 2>&1; then
	echo "FAIL: -n 2 startup"
	cat "$out"
	failed=1
else
	echo "ok: -n 2 startup"
fi
exit $failed
