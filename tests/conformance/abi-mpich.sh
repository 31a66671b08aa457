#!/bin/sh
# tests/conformance/abi-mpich.sh - the standard ABI's promise, user's way
# round (issue 44, docs/abi.md): one binary, built once with shmpi's
# `mpicc -mpi-abi`, runs under shmpi's mpirun-shm with shmpi's libmpi_abi
# and under MPICH's mpiexec with MPICH's libmpi_abi (LD_LIBRARY_PATH), and
# gives the same answers; and the other way, a binary built with MPICH's
# mpicc_abi runs under mpirun-shm with shmpi's libmpi_abi.  Not part of
# make check: MPICH is not in our tree (docs/abi.md says how it was built).
#
# Usage: abi-mpich.sh [--shmpi P] [--np N] MPICH_PREFIX
#   MPICH_PREFIX  an MPICH configured with --enable-mpi-abi and installed:
#                 MPICH_PREFIX/lib/libmpi_abi.so.1, MPICH_PREFIX/bin/mpiexec
#                 (and bin/mpicc_abi for the other direction).  Or an
#                 MPICH source tree after its autogen.sh (with
#                 src/binding/abi/c_binding_abi.c): then only the symbols
#                 are checked, against the functions that file and
#                 io_abi.c define, and nothing runs.
#   --shmpi P     shmpi installed under P (default: this build tree,
#                 installed with `make install prefix=` into the work folder)
#   --np N        ranks (default 4)
# Prints what it runs and "abi-mpich: PASS" or the failures; exit 0 pass,
# 1 fail, 77 when MPICH_PREFIX has no libmpi_abi.
set -u
here=$(cd "$(dirname "$0")" && pwd)
shmpi=
np=4
while [ $# -gt 1 ]; do
	case $1 in
	--shmpi) shmpi=$2; shift 2 ;;
	--np) np=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || { sed -n '2,20p' "$0" >&2; exit 2; }
mpich=$(cd "$1" && pwd) || exit 2
srcmode=no
if [ -f "$mpich/src/binding/abi/c_binding_abi.c" ]; then
	srcmode=yes
elif ! [ -e "$mpich/lib/libmpi_abi.so.1" ]; then
	echo "SKIP: no $mpich/lib/libmpi_abi.so.1" >&2
	exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/abi-mpich.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
if [ -z "$shmpi" ]; then
	top=$(cd "$here/../.." && pwd)
	(cd "$top" && ${MAKE:-make} -s install prefix="$work/shmpi") >"$work/install.log" 2>&1 ||
		{ tail -20 "$work/install.log" >&2; echo "FAIL: make install" >&2; exit 1; }
	shmpi=$work/shmpi
fi
shmpi=$(cd "$shmpi" && pwd)
failed=0
fail() {
	echo "FAIL: $*" >&2
	failed=1
}

# The program: point-to-point with statuses, nonblocking with a status
# array, a collective on a derived datatype, a user op (the ABI's callback
# signature), communicator split, an error class through
# MPI_ERRORS_RETURN, MPI_Abi_get_version; rank 0 says which library ran it.
cat >"$work/probe.c" <<'SRC'
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static void absmax(void *in, void *inout, int *len, MPI_Datatype *type)
{
	int *a = in, *b = inout;
	if (*type != MPI_INT)
		return;
	for (int i = 0; i < *len; i++) {
		int x = a[i] < 0 ? -a[i] : a[i], y = b[i] < 0 ? -b[i] : b[i];
		b[i] = x > y ? x : y;
	}
}

int main(int argc, char **argv)
{
	int rank, size, errs = 0;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int right = (rank + 1) % size, left = (rank + size - 1) % size;

	int got = -1, count = -1;
	MPI_Status st;
	MPI_Sendrecv(&rank, 1, MPI_INT, right, 7, &got, 1, MPI_INT, left, 7,
		     MPI_COMM_WORLD, &st);
	MPI_Get_count(&st, MPI_INT, &count);
	if (got != left || st.MPI_SOURCE != left || st.MPI_TAG != 7 || count != 1)
		errs++, printf("%d: sendrecv %d from %d tag %d count %d\n", rank, got,
			       st.MPI_SOURCE, st.MPI_TAG, count);

	double out[4] = {rank, rank, rank, rank}, in[4] = {0};
	MPI_Request req[2];
	MPI_Status sts[2];
	MPI_Irecv(in, 4, MPI_DOUBLE, left, 9, MPI_COMM_WORLD, &req[0]);
	MPI_Isend(out, 4, MPI_DOUBLE, right, 9, MPI_COMM_WORLD, &req[1]);
	MPI_Waitall(2, req, sts);
	MPI_Get_count(&sts[0], MPI_DOUBLE, &count);
	if (in[3] != left || sts[0].MPI_SOURCE != left || count != 4 ||
	    req[0] != MPI_REQUEST_NULL)
		errs++, printf("%d: isend/irecv\n", rank);

	double d = rank + 0.5, sum = 0;
	MPI_Allreduce(&d, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	if (sum != size * (size - 1) / 2.0 + 0.5 * size)
		errs++, printf("%d: allreduce %g\n", rank, sum);

	MPI_Datatype vec;
	int buf[6];
	MPI_Type_vector(3, 1, 2, MPI_INT, &vec);
	MPI_Type_commit(&vec);
	for (int i = 0; i < 6; i++)
		buf[i] = rank == 0 ? 10 * i : -1;
	MPI_Bcast(buf, 1, vec, 0, MPI_COMM_WORLD);
	for (int i = 0; i < 6; i++)
		if (buf[i] != (i % 2 == 0 || rank == 0 ? 10 * i : -1))
			errs++, printf("%d: bcast vector [%d] = %d\n", rank, i, buf[i]);
	MPI_Type_free(&vec);

	MPI_Op op;
	int v = rank % 2 ? -rank : rank, m = 0;
	MPI_Op_create(absmax, 1, &op);
	MPI_Allreduce(&v, &m, 1, MPI_INT, op, MPI_COMM_WORLD);
	MPI_Op_free(&op);
	if (m != size - 1)
		errs++, printf("%d: user op %d\n", rank, m);

	MPI_Comm half;
	int hsize, hrank;
	MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
	MPI_Comm_size(half, &hsize);
	MPI_Comm_rank(half, &hrank);
	if (hsize != (size + 1 - rank % 2) / 2 || hrank != hsize - 1 - rank / 2)
		errs++, printf("%d: split %d of %d\n", rank, hrank, hsize);
	MPI_Comm_free(&half);

	int rc, cls = -1;
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	rc = MPI_Send(buf, -1, MPI_INT, right, 0, MPI_COMM_WORLD);
	MPI_Error_class(rc, &cls);
	if (rc == MPI_SUCCESS || cls != MPI_ERR_COUNT)
		errs++, printf("%d: negative count gives class %d\n", rank, cls);

	int major = -1, minor = -1;
	MPI_Abi_get_version(&major, &minor);
	if (major != MPI_ABI_VERSION || minor < 0)
		errs++, printf("%d: MPI_Abi_get_version %d.%d\n", rank, major, minor);

	char lib[MPI_MAX_LIBRARY_VERSION_STRING];
	int len, total = 0;
	MPI_Get_library_version(lib, &len);
	lib[strcspn(lib, "\n")] = '\0';
	MPI_Reduce(&errs, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		printf("library: %.60s\n", lib);
		printf("abi: %d.%d\n", major, minor);
		if (total)
			printf("Found %d errors\n", total);
		else
			printf(" No Errors\n");
	}
	MPI_Finalize();
	return 0;
}
SRC

# run NAME WANT CMD...: CMD prints " No Errors" and a library line matching
# WANT (a grep -i pattern).
run() {
	name=$1 want=$2
	shift 2
	echo "== $name: $*"
	timeout -s KILL 120 "$@" >"$work/$name.out" 2>&1
	rc=$?
	sed 's/^/   /' "$work/$name.out"
	[ $rc -eq 0 ] || { fail "$name: exit status $rc"; return; }
	grep -qx ' No Errors' "$work/$name.out" || { fail "$name: errors"; return; }
	grep -i '^library:' "$work/$name.out" | grep -qi -- "$want" ||
		fail "$name: the library is not $want's"
}

echo "== compile once: $shmpi/bin/mpicc -mpi-abi -c probe.c"
"$shmpi/bin/mpicc" -mpi-abi -c "$work/probe.c" -o "$work/probe.o" ||
	{ echo "FAIL: compile" >&2; exit 1; }

# Every MPI symbol the program needs is one MPICH's libmpi_abi defines
# (from the object: this part needs no libmpi_abi of ours).
nm --undefined-only "$work/probe.o" | awk '{ print $NF }' | grep -E '^P?MPI_' |
	sort -u >"$work/need"
if [ $srcmode = yes ]; then
	# The generated bindings mark each function "Begin Profiling Symbol
	# Block for routine MPI_X"; each defines MPI_X and PMPI_X.
	grep -ho 'Profiling Symbol Block for routine [A-Za-z0-9_]*' \
		"$mpich/src/binding/abi/c_binding_abi.c" "$mpich/src/binding/abi/io_abi.c" |
		awk '{ print $NF; sub(/^MPI_/, "PMPI_", $NF); print $NF }' | sort -u >"$work/mpich-has"
	what="MPICH's src/binding/abi ($(grep -c '^MPI_' "$work/mpich-has") functions)"
else
	nm -D --defined-only "$mpich/lib/libmpi_abi.so.1" | awk '{ print $NF }' | sed 's/@.*//' |
		sort -u >"$work/mpich-has"
	what="MPICH's libmpi_abi"
fi
missing=$(comm -23 "$work/need" "$work/mpich-has")
echo "== $(wc -l <"$work/need") MPI symbols needed, all in $what: ${missing:-yes}"
[ -z "$missing" ] || fail "not in $what: $missing"
if [ $srcmode = yes ]; then
	[ $failed = 0 ] && { echo "abi-mpich: PASS (symbols only: no MPICH built)"; exit 0; }
	echo "abi-mpich: FAIL" >&2
	exit 1
fi
if ! [ -e "$shmpi/lib/libmpi_abi.so.1" ]; then
	echo "FAIL: no $shmpi/lib/libmpi_abi.so.1: nothing links" >&2
	exit 1
fi

echo "== link once: $shmpi/bin/mpicc -mpi-abi probe.o"
"$shmpi/bin/mpicc" -mpi-abi "$work/probe.o" -o "$work/probe" || { echo "FAIL: link" >&2; exit 1; }
readelf -d "$work/probe" | grep -E 'NEEDED|RUNPATH|RPATH' | sed 's/^/   /'

run shmpi shmpi "$shmpi/bin/mpirun-shm" -n "$np" "$work/probe"
run mpich mpich env LD_LIBRARY_PATH="$mpich/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
	"$mpich/bin/mpiexec" -n "$np" "$work/probe"

# The other way: built with MPICH's wrapper, run with shmpi's library.
if [ -x "$mpich/bin/mpicc_abi" ]; then
	echo "== build with MPICH: $mpich/bin/mpicc_abi probe.c"
	if "$mpich/bin/mpicc_abi" "$work/probe.c" -o "$work/probe-mpich"; then
		run mpich-built-on-shmpi shmpi env LD_LIBRARY_PATH="$shmpi/lib" \
			"$shmpi/bin/mpirun-shm" -n "$np" "$work/probe-mpich"
	else
		fail "MPICH's mpicc_abi"
	fi
fi
if [ $failed = 0 ]; then
	echo "abi-mpich: PASS"
	exit 0
fi
echo "abi-mpich: FAIL" >&2
exit 1
