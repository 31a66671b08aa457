#!/bin/sh
# Description: what Open MPI and MPICH job scripts rely on: the rank
# variables of both (OMPI_COMM_WORLD_*, PMI_*, MPI_LOCALRANKID), -c, -genv
# and -env, -wdir/--wd, -H/--hostfile naming only this machine (slots give
# the default rank count; another host: exit 2 and one line saying how to
# move), --output-filename, --map-by/--bind-to/--report-bindings on a
# synthetic two-package topology, and MPMD with per-program -x and -wdir.
. "$(dirname "$0")/common.sh"

run -c 2 -genv LNCH_G global -env LNCH_E "two words" "$HELPER" "$MARK" env \
	OMPI_COMM_WORLD_RANK OMPI_COMM_WORLD_SIZE OMPI_COMM_WORLD_LOCAL_RANK \
	OMPI_COMM_WORLD_LOCAL_SIZE PMI_RANK PMI_SIZE MPI_LOCALRANKID LNCH_G LNCH_E
expect_status 0
for r in 0 1; do
	for want in OMPI_COMM_WORLD_RANK=$r OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_LOCAL_RANK=$r \
		OMPI_COMM_WORLD_LOCAL_SIZE=2 PMI_RANK=$r PMI_SIZE=2 MPI_LOCALRANKID=$r \
		LNCH_G=global "LNCH_E=two words"; do
		grep -qx "$r $want" "$tmp/out" || fail "rank $r lacks $want"
	done
done

# Hosts: this machine under its names, with slot counts.
printf '# one node\nlocalhost slots=2\n%s:1\n' "$(hostname)" >"$tmp/hosts"
run --hostfile "$tmp/hosts" "$HELPER" "$MARK" env SHMPI_SIZE
expect_status 0
[ "$(grep -c "SHMPI_SIZE=3" "$tmp/out")" -eq 3 ] || fail "hostfile slots: $(cat "$tmp/out")"
run -H "localhost,$(hostname)" -n 1 "$HELPER" "$MARK" env SHMPI_SIZE
expect_status 0
grep -qx "0 SHMPI_SIZE=1" "$tmp/out" || fail "-n beats the slots"
run -H localhost,node-elsewhere-42 -n 2 "$HELPER" "$MARK" sleep
expect_status 2
[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "not one line"
grep -q "node-elsewhere-42.*one node.*MPICH.*Open MPI" "$tmp/err" || fail "host message"
[ -s "$tmp/out" ] && fail "a rank ran"
printf 'node-elsewhere-42 slots=4\n' >"$tmp/hosts"
run -f "$tmp/hosts" "$HELPER" "$MARK" sleep
expect_status 2

# Working directory; a missing one is a usage error.
mkdir -p "$tmp/wd"
wd=$(cd "$tmp/wd" && pwd -P)
helper=$(cd "$(dirname "$HELPER")" && pwd -P)/lnch-helper
run -n 2 -wdir "$tmp/wd" "$helper" "$MARK" cwd
expect_status 0
grep -qx "1 cwd $wd" "$tmp/out" || fail "-wdir"
run -n 1 --wd "$tmp/none" "$helper" "$MARK" cwd
expect_status 2

# MPMD: one job of 3 ranks, -x and -wdir per program.
run -n 1 -x LNCH_P=a "$helper" "$MARK" env LNCH_P SHMPI_SIZE SHMPI_APPNUM : \
	-n 2 -x LNCH_P=b -wdir "$tmp/wd" "$helper" "$MARK" cwd
expect_status 0
for want in "0 LNCH_P=a" "0 SHMPI_SIZE=3" "0 SHMPI_APPNUM=0" "1 cwd $wd" "2 cwd $wd"; do
	grep -qx "$want" "$tmp/out" || fail "MPMD: no '$want'"
done

# --output-filename: Open MPI's layout, and a copy on our output.
run -n 2 --output-filename "$tmp/of" "$HELPER" "$MARK" lines 2
expect_status 0
grep -q "^out 1 1 b" "$tmp/of/1/rank.1/stdout" || fail "no stdout file"
grep -q "^err 0 0 a" "$tmp/of/1/rank.0/stderr" || fail "no stderr file"
grep -q "out 1 1 b" "$tmp/out" || fail "no copy on stdout"
run -n 1 --output-filename "$tmp/of2:nocopy" "$HELPER" "$MARK" lines 1
grep -q "^out 0 0 a" "$tmp/of2/1/rank.0/stdout" || fail ":nocopy: no file"
[ -s "$tmp/out" ] && fail ":nocopy: copied"

# Mapping and binding on 2 packages x 2 cores x 2 PUs (hwloc's synthetic
# topology: binding itself may fail here, the plan is what is checked).
HWLOC_SYNTHETIC="pack:2 core:2 pu:2"
export HWLOC_SYNTHETIC
run -n 4 --map-by socket --report-bindings true
grep -q "rank 0 (pid [0-9]*) bound to core 0 (PUs 0-1)" "$tmp/err" || fail "map-by socket 0"
grep -q "rank 1 (pid [0-9]*) bound to core 2 (PUs 4-5)" "$tmp/err" || fail "map-by socket 1"
grep -q "rank 2 (pid [0-9]*) bound to core 1 (PUs 2-3)" "$tmp/err" || fail "map-by socket 2"
run -n 2 --map-by core:PE=2 --report-bindings true
grep -q "rank 1 (pid [0-9]*) bound to cores 2,3 (PUs 4-7)" "$tmp/err" || fail "PE=2"
run -n 2 --bind-to socket --report-bindings true
grep -q "rank 1 (pid [0-9]*) bound to package 0 (PUs 0-3)" "$tmp/err" || fail "bind-to socket"
run -n 2 --map-by socket --bind-to numa --report-bindings true
grep -q "rank 1 (pid [0-9]*) bound to NUMA node 0 (PUs 0-7)" "$tmp/err" || fail "bind-to numa"
unset HWLOC_SYNTHETIC
no_orphans
exit 0
