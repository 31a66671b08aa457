#!/bin/sh
# Description: every function declared in include/mpi.h is exported by
# libshmpi.so both as MPI_X and as PMPI_X (a function that does not work
# must still exist and return MPI_ERR_UNSUPPORTED_OPERATION), and the
# library exports nothing else but the mpii_obj_* predefined objects.
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
lib="$top_builddir/.libs/libshmpi.so"
[ -f "$lib" ] || { echo "no $lib"; exit 77; }
declared=$(sed -n 's/^MPII_API [A-Za-z_ *]*[ *]\(MPI_[A-Za-z0-9_]*\)(.*/\1/p' "$top_srcdir/include/mpi.h" | sort -u)
exported=$(nm -D --defined-only "$lib" | awk '{print $3}' | sort -u)
missing=0
for f in $declared; do
	for name in "$f" "P$f"; do
		if ! echo "$exported" | grep -qx "$name"; then
			echo "missing: $name"
			missing=$((missing + 1))
		fi
	done
done
extra=$(echo "$exported" | grep -v -e '^MPI_' -e '^PMPI_' -e '^mpii_obj_' -e '^_' | grep -v -x -e '' || true)
if [ -n "$extra" ]; then
	echo "exported but not public:"; echo "$extra"
	missing=$((missing + 1))
fi
echo "$(echo "$declared" | wc -l) functions declared, $missing problems"
[ "$missing" -eq 0 ]
