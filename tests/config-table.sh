#!/bin/sh
# Description: the configuration table (shm/config_table.c) is the one list
# of SHMPI_* variables.  Fails when docs/config.md's generated table differs
# from it (a variable missing on either side, a default or range changed),
# when a SHMPI_* name used anywhere in the tree is not in it, when a row
# names a variable nothing uses, or when lib/ or the launcher read a
# SHMPI_* variable with getenv instead of through the table.
# Exit 0 pass, 1 fail.
: "${top_srcdir:=.}" "${top_builddir:=.}"
dump=$top_builddir/tests/unit/check_config
tmp=$(mktemp -d "${TMPDIR:-/tmp}/config-table.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
rc=0
fail() { echo "FAIL: $*" >&2; rc=1; }

# 1. docs/config.md carries the table between its two markers.
"$dump" --markdown >"$tmp/want" || fail "$dump --markdown"
sed -n '/^<!-- config-table begin/,/^<!-- config-table end/p' "$top_srcdir/docs/config.md" |
	sed '1d;$d' >"$tmp/doc"
if ! cmp -s "$tmp/want" "$tmp/doc"; then
	diff -u "$tmp/doc" "$tmp/want" >&2
	fail "docs/config.md's table differs from shm/config_table.c" \
		"(regenerate: tests/unit/check_config --markdown)"
fi

# 2. Every SHMPI_* name in the tree is a row (header guards, the version
# macro and name prefixes such as SHMPI_COLL_ aside) ...
"$dump" --names | sort >"$tmp/names"
# Sources only: an in-tree build leaves objects, logs and Makefiles there.
src_grep() {
	(cd "$top_srcdir" && grep -rI --exclude='*.log' --exclude='*.trs' --exclude='Makefile*' \
		--exclude-dir=.deps --exclude-dir=.libs "$@")
}
src_grep -hoE 'SHMPI_[A-Z0-9_]+' lib launcher shm perf tests include examples docs README.md | grep -v '_$' |
	grep -vxE 'SHMPI_(MPI_H|MPI_PROTO_H|PROF_H|PROF_FN_H|VERSION|NO_SUCH|BUILD_[A-Z]+|CONFIGURE_ARGS)' | sort -u >"$tmp/used"
missing=$(comm -23 "$tmp/used" "$tmp/names")
[ -z "$missing" ] || fail "used but not in shm/config_table.c:" $missing

# ... and every row is used outside the table, its test and the docs.
for v in $(cat "$tmp/names"); do
	src_grep -qw -- "$v" lib launcher shm/segment.h perf tests/run-test.sh \
		tests/mpi tests/launcher tests/config-warn.sh || fail "$v: in the table, used nowhere"
done

# 3. lib/ and the launcher read SHMPI_* variables only through the table.
bare=$(src_grep -nE 'getenv\((SHM_SEG_FD_ENV|"SHMPI_)' lib launcher)
[ -z "$bare" ] || fail "getenv of a SHMPI_* variable outside shm/config.c:
$bare"
exit $rc
