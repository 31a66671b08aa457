#!/bin/sh
# Description: a rank that scribbles the collective area (issue 40, item
# 4) ends the job with a message instead of a silent wrong result
# (tests/mpi/coll_scribble).  A forged flag that lets the readers of a
# large MPI_Bcast or MPI_Allreduce in before the writer is caught by the
# area's stamps, always; bytes overwritten after the writer announced them
# are caught under SHMPI_COLL_CHECKSUM=1, which names the collective, the
# communicator, the contributing rank and the reader.  Before: every rank
# returned MPI_SUCCESS, with the last operation's bytes or the scribble.
. "$(dirname "$0")/common.sh"
PROG=$top_builddir/tests/mpi/coll_scribble

# The program alone (no scribble) computes right.
run -n 3 "$PROG"
expect_status 0
no_orphans

S="shmpi: rank [12]: the shared segment was overwritten"
for c in Bcast Allreduce; do
	m=$(echo "$c" | tr 'A-Z' 'a-z')
	run -n 3 "$PROG" "$m-flag" "$MARK"
	[ "$status" -ne 0 ] || fail "$m-flag: the job succeeded"
	expect_err_line "$S: MPI_$c on MPI_COMM_WORLD: the contribution of rank 0, read by rank [12], is stamped sequence [0-9]* by rank [-0-9]*, not sequence [0-9]* by rank 0 (a scribbled stamp, or a scribbled flag that let the reader in early)"
	grep -q "wrong result" "$tmp/out" && fail "$m-flag: a wrong result was returned"
	no_orphans

	SHMPI_COLL_CHECKSUM=1
	export SHMPI_COLL_CHECKSUM
	run -n 3 "$PROG" "$m-data" "$MARK"
	unset SHMPI_COLL_CHECKSUM
	[ "$status" -ne 0 ] || fail "$m-data: the job succeeded"
	expect_err_line "shmpi: rank [12]: SHMPI_COLL_CHECKSUM: MPI_$c on MPI_COMM_WORLD: the contribution of rank 0, read by rank [12], does not match its checksum (16384 bytes; the shared segment was overwritten)"
	grep -q "wrong result" "$tmp/out" && fail "$m-data: a wrong result was returned under SHMPI_COLL_CHECKSUM=1"
	no_orphans

	# Without the debug mode the overwritten bytes are used: the program
	# sees it (what the mode is for).
	run -n 3 "$PROG" "$m-data" "$MARK"
	grep -q "wrong result" "$tmp/out" || fail "$m-data without the checksum: expected a wrong result"
	no_orphans
done

# The small paths through each member's part of the area (segment
# version 10): rank 0's contribution overwritten through a second
# mapping after it announced it.  Caught under SHMPI_COLL_CHECKSUM=1 (the
# mode covers them since issue 40's last part; before, the result was
# wrong under the mode too), a wrong result without it.
for m in slot-data:Allreduce:1024 stamped-data:Allreduce:256 sbcast-data:Bcast:1024; do
	mode=${m%%:*} c=${m#*:} c=${c%%:*} bytes=${m##*:}
	SHMPI_COLL_CHECKSUM=1 SHMPI_COLL_BCAST=shm
	export SHMPI_COLL_CHECKSUM SHMPI_COLL_BCAST
	run -n 3 "$PROG" "$mode" "$MARK"
	unset SHMPI_COLL_CHECKSUM
	[ "$status" -ne 0 ] || fail "$mode: the job succeeded"
	# Any rank may be the first to read the overwritten part, rank 0
	# itself included (its fold reads its own part back from the segment).
	expect_err_line "shmpi: rank [012]: SHMPI_COLL_CHECKSUM: MPI_$c on MPI_COMM_WORLD: the contribution of rank 0, read by rank [012], does not match its checksum ($bytes bytes; the shared segment was overwritten)"
	grep -q "wrong result" "$tmp/out" && fail "$mode: a wrong result was returned under SHMPI_COLL_CHECKSUM=1"
	no_orphans
	run -n 3 "$PROG" "$mode" "$MARK"
	unset SHMPI_COLL_BCAST
	grep -q "wrong result" "$tmp/out" || fail "$mode without the checksum: expected a wrong result"
	no_orphans
done

# A stray write into rank 0's flag through the library's own mapping: the
# flag is in rank 0's pages, read-only in rank 2 (segment version 10), so
# rank 2 faults and the launcher names the owner.  Before: the write went
# through (and the stamps above caught its effect at best).
run -n 3 "$PROG" wild-flag "$MARK"
[ "$status" -ne 0 ] || fail "wild-flag: the job succeeded"
expect_err_line "mpirun-shm: rank 2 (pid [0-9]*) killed by signal 11 (Segmentation fault): it wrote into rank 0's part of the collective area of communicator context 0 (MPI_COMM_WORLD) (segment offset 0x[0-9a-f]*), another rank's part of the shared segment"
grep -q "FAIL" "$tmp/out" && fail "wild-flag: the write went through"
no_orphans
exit 0
