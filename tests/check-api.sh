#!/bin/sh
# Description: the files generated from api/mpi.api are what the generator
# writes from it now (nobody edited a generated file, none is stale), and
# the generator rejects a broken description with the line at fault: an
# unknown kind, a handle kind on the wrong C type, a profiler rule naming
# no argument, a function described twice.
top_srcdir=${top_srcdir:-.}
py=${PYTHON3:-python3}
command -v "$py" >/dev/null 2>&1 || { echo "no $py: the generator is not run"; exit 77; }
gen="$top_srcdir/api/gen-api.py"
desc="$top_srcdir/api/mpi.api"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0

while read -r out file; do
	if ! "$py" "$gen" "$desc" "$out" >"$tmp/out"; then
		echo "FAIL: gen-api.py $out failed"
		fail=1
	elif ! cmp -s "$tmp/out" "$top_srcdir/$file"; then
		echo "FAIL: $file differs from what api/mpi.api gives (edited by hand, or stale):"
		diff "$top_srcdir/$file" "$tmp/out" | head -n 10
		fail=1
	fi
done <<'EOL'
mpi_proto.h include/mpi_proto.h
unsupported.c lib/core/unsupported.c
mpi.sym api/mpi.sym
prof_fn.h perf/prof/prof_fn.h
functions.c perf/prof/functions.c
wrap_mpi.c perf/prof/wrap_mpi.c
wrap_shmpi.c perf/prof/wrap_shmpi.c
stubs_test.c tests/mpi/api_stubs.c
entry.c lib/core/entry.c
entry.h lib/core/entry.h
EOL

# broken SED-EXPRESSION MESSAGE: the generator must fail on line LINE of the
# edited copy with MESSAGE
broken() {
	sed "$1" "$desc" >"$tmp/bad.api"
	line=$(cmp "$desc" "$tmp/bad.api" 2>/dev/null | sed -n 's/.* line \([0-9]*\).*/\1/p')
	if "$py" "$gen" "$tmp/bad.api" mpi.sym >/dev/null 2>"$tmp/err"; then
		echo "FAIL: accepted a description with $2"
		fail=1
	elif ! grep -q "bad.api:$line: .*$2" "$tmp/err"; then
		echo "FAIL: for $2 at line $line it said: $(cat "$tmp/err")"
		fail=1
	fi
}
broken '/^MPI_Send /,/^MPI_/s/^\(\tcount  *\)count /\1counter/' "unknown kind"
broken '/^MPI_Recv /,/^MPI_/s/^\(\tcomm  *comm  *in  *\)MPI_Comm/\1MPI_Group/' "wants a MPI_Comm type"
broken 's/^\(MPI_Bsend .*send(comm,\)dest,/\1peer,/' "not an argument"
broken 's/^MPI_Rsend /MPI_Ssend /' "already described"
exit $fail
