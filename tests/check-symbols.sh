#!/bin/sh
# Description: the libraries agree with the API description api/mpi.api
# (through api/mpi.sym, generated from it): libshmpi.so exports every
# described function as a weak MPI_X and a strong PMPI_X (a stub too: it
# must exist and return MPI_ERR_UNSUPPORTED_OPERATION), no other MPI_ or
# PMPI_ symbol, and nothing else but the mpii_obj_* predefined objects and
# the language bindings' hooks mpii_lang_* (lib/fortran/README.md);
# include/mpi.h declares no function by hand and mpi_proto.h declares the
# described ones; libshmpi-prof.so exports exactly the MPI_X the description
# marks prof= and nothing else.
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
lib="$top_builddir/.libs/libshmpi.so"
prof="$top_builddir/.libs/libshmpi-prof.so"
sym="$top_srcdir/api/mpi.sym"
[ -f "$lib" ] || { echo "no $lib"; exit 77; }
[ -f "$sym" ] || { echo "no $sym: make writes it from api/mpi.api"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
problems=0

# report TITLE FILE: one problem per line of FILE
report() {
	if [ -s "$2" ]; then
		echo "$1:"
		sed 's/^/  /' "$2"
		problems=$((problems + $(wc -l <"$2")))
	fi
}

awk '!/^#/ { print $1 }' "$sym" | sort >"$tmp/described"
awk '!/^#/ { print $1; print "P" $1 }' "$sym" | sort >"$tmp/wanted"
awk '!/^#/ && $3 == "prof" { print $1 }' "$sym" | sort >"$tmp/wrapped"
nm -D --defined-only "$lib" | awk '{ print $3, $2 }' | sort -u >"$tmp/exported"
awk '{ print $1 }' "$tmp/exported" | sort -u >"$tmp/names"

comm -23 "$tmp/wanted" "$tmp/names" >"$tmp/missing"
report "described in api/mpi.api but not exported by libshmpi.so" "$tmp/missing"
grep -e '^MPI_' -e '^PMPI_' "$tmp/names" | comm -13 "$tmp/wanted" - >"$tmp/extra"
report "exported by libshmpi.so but not in api/mpi.api" "$tmp/extra"
grep -v -e '^MPI_' -e '^PMPI_' -e '^mpii_obj_' -e '^mpii_lang_' -e '^_' "$tmp/names" \
	>"$tmp/private"
report "exported by libshmpi.so but not public" "$tmp/private"
# MPI_X is the weak alias a profiler overrides; PMPI_X the definition
awk '/^MPI_/ && $2 != "W" || /^PMPI_/ && $2 != "T"' "$tmp/exported" >"$tmp/binding"
report "MPI_X not weak or PMPI_X not defined" "$tmp/binding"

grep -E '^MPII_API .*[^A-Za-z0-9_]P?MPI_[A-Za-z0-9_]+\(' "$top_srcdir/include/mpi.h" >"$tmp/byhand"
report "declared by hand in include/mpi.h (add them to api/mpi.api)" "$tmp/byhand"
sed -n 's/^MPII_API .*[^A-Za-z0-9_]\(MPI_[A-Za-z0-9_]*\)(.*/\1/p' \
	"$top_srcdir/include/mpi_proto.h" | sort >"$tmp/declared"
if ! cmp -s "$tmp/declared" "$tmp/described"; then
	diff "$tmp/declared" "$tmp/described" >"$tmp/stale"
	report "include/mpi_proto.h is stale (make remakes it)" "$tmp/stale"
fi

if [ -f "$prof" ]; then
	nm -D --defined-only "$prof" | awk '$3 !~ /^_/ { print $3 }' | sort -u >"$tmp/prof"
	comm -3 "$tmp/wrapped" "$tmp/prof" >"$tmp/profdiff"
	report "libshmpi-prof.so exports (right column) other than the prof= functions (left)" \
		"$tmp/profdiff"
fi

echo "$(wc -l <"$tmp/described") functions described ($(grep -c ' stub ' "$sym") stubs," \
	"$(wc -l <"$tmp/wrapped") profiled), $problems problems"
[ "$problems" -eq 0 ]
