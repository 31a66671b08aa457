#!/bin/sh
# Description: the options job scripts written for Open MPI and MPICH use
# every day run under mpirun-shm with their meaning: --mca (a key with a
# shmpi counterpart applied, the others said once and ignored), -ppn /
# --npernode / -N, --bind-to hwthread, --use-hwthread-cpus, --map-by
# ppr:N:core|socket, --rankfile, --display-map, -outfile-pattern /
# -errfile-pattern, -launcher.
. "$(dirname "$0")/common.sh"
ncores=$(nproc)

# --mca: eager limit applied, btl and pml ignored in one line.
run -n 2 --mca btl self,vader --mca btl_vader_eager_limit 4096 --mca pml ob1 \
	"$HELPER" "$MARK" env SHMPI_EAGER_MAX
expect_status 0
grep -qx "0 SHMPI_EAGER_MAX=4096" "$tmp/out" || fail "--mca btl_vader_eager_limit not applied"
[ "$(grep -c "ignoring --mca btl, pml" "$tmp/err")" = 1 ] || fail "ignored keys not said once"
run -n 1 --mca btl_vader_eager_limit lots "$HELPER" "$MARK" env X
expect_status 2
run -n 2 --mca hwloc_base_binding_policy none --report-bindings "$HELPER" "$MARK" env X
expect_status 0
[ "$(grep -c "not bound" "$tmp/err")" = 2 ] || fail "--mca hwloc_base_binding_policy none"

# Ranks per node: one node, so the count is the job's.
for opt in -ppn --npernode -N; do
	run $opt 2 "$HELPER" "$MARK" env X
	expect_status 0
	[ "$(grep -c "X unset" "$tmp/out")" = 2 ] || fail "$opt 2: not 2 ranks"
done
run -n 4 -ppn 2 "$HELPER" "$MARK" env X
expect_status 2
grep -q "need 2 nodes" "$tmp/err" || fail "-n 4 -ppn 2: no word about nodes"

# One hardware thread each; PUs as slots.
run -n 1 --bind-to hwthread --report-bindings "$HELPER" "$MARK" cpus
expect_status 0
grep -q "bound to PU 0\|bound to core 0 (PUs 0)" "$tmp/err" || fail "--bind-to hwthread: $(cat "$tmp/err")"
grep -qx "0 cpus [0-9]* on 0" "$tmp/out" || fail "--bind-to hwthread: not on PU 0"
run -n 1 --use-hwthread-cpus "$HELPER" "$MARK" env X
expect_status 0

# ppr: N per core without -n gives N x cores ranks; blocks of N a core.
run --map-by ppr:1:core "$HELPER" "$MARK" env X
expect_status 0
[ "$(grep -c "X unset" "$tmp/out")" = "$ncores" ] || fail "ppr:1:core: not $ncores ranks"
if [ "$ncores" -ge 2 ]; then
	run -n 4 --map-by ppr:2:core --bind-to core --report-bindings "$HELPER" "$MARK" cpus
	expect_status 0
	for r in 0 1; do grep -qx "$r cpus [0-9]* on 0" "$tmp/out" || fail "ppr:2:core: rank $r"; done
	for r in 2 3; do grep -qx "$r cpus [0-9]* on 1" "$tmp/out" || fail "ppr:2:core: rank $r"; done
	run --map-by ppr:1:socket "$HELPER" "$MARK" env X
	expect_status 0
	# --rankfile: rank 0 on core 1, rank 1 on core 0.
	printf '# a comment\nrank 0=localhost slot=1\nrank 1=+n0 slot=0:0\n' >"$tmp/rf"
	run -n 2 --rankfile "$tmp/rf" --display-map "$HELPER" "$MARK" cpus
	expect_status 0
	grep -qx "0 cpus [0-9]* on 1" "$tmp/out" || fail "--rankfile: rank 0 not on core 1"
	grep -qx "1 cpus [0-9]* on 0" "$tmp/out" || fail "--rankfile: rank 1 not on core 0"
	grep -q "rank 0: .*core 1" "$tmp/err" || fail "--display-map: rank 0"
	printf 'rank 0=otherhost slot=1\nrank 1=localhost slot=0\n' >"$tmp/rf"
	run -n 2 --rankfile "$tmp/rf" "$HELPER" "$MARK" cpus
	expect_status 2
	grep -q "rf:1: a host that is not this machine" "$tmp/err" || fail "--rankfile: other host"
fi

# MPICH's per-rank files; -launcher accepted.
run -n 2 -launcher ssh -outfile-pattern "$tmp/o.%r" -errfile-pattern "$tmp/e.%r.txt" \
	"$HELPER" "$MARK" lines 1
expect_status 0
[ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] || fail "-outfile-pattern: output on the terminal"
for r in 0 1; do
	grep -q "^out $r 0 " "$tmp/o.$r" || fail "-outfile-pattern: no $tmp/o.$r"
	grep -q "^err $r 0 " "$tmp/e.$r.txt" || fail "-errfile-pattern: no $tmp/e.$r.txt"
done
no_orphans
exit 0
