#!/bin/sh
# Description: an error is reported under the name of the function the user
# called, also when the library implements it with another entry point:
# MPI_Mrecv (on top of MPI_Imrecv) and MPI_Comm_disconnect (on top of
# MPI_Comm_free).  Runs tests/mpi/err_fn_name under the launcher with the
# default fatal handler and looks for "FN: CLASS" on stderr.
# Exit 0 pass, 1 fail.
top_builddir=${top_builddir:-.}
mpirun="$top_builddir/launcher/mpirun-shm --timeout 20"
prog="$top_builddir/tests/mpi/err_fn_name"
err=$(mktemp "${TMPDIR:-/tmp}/err_fn_name.XXXXXX") || exit 1
trap 'rm -f "$err"' EXIT
failed=0

# expect CASE FN CLASS: the job fails and stderr has "FN: CLASS".
expect() {
	$mpirun -n 1 "$prog" "$1" >/dev/null 2>"$err"
	rc=$?
	if [ "$rc" -eq 0 ]; then
		echo "FAIL: $1: the erroneous call returned"
		failed=1
	elif ! grep -q "$2: $3" "$err"; then
		echo "FAIL: $1: no \"$2: $3\" on stderr:"
		cat "$err"
		failed=1
	else
		echo "ok: $1: $(grep "$2: $3" "$err" | head -n 1)"
	fi
}

expect mrecv MPI_Mrecv MPI_ERR_REQUEST
expect imrecv MPI_Imrecv MPI_ERR_REQUEST
expect disconnect MPI_Comm_disconnect MPI_ERR_COMM
exit $failed
