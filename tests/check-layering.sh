#!/bin/sh
# Description: the folder boundaries of docs/HACKING.md and lib/README.md
# hold in the sources.
#  - A file in lib/X/ includes from another folder lib/Y/ only lib/Y/Y.h,
#    that folder's public header, and only when lib/README.md's table lets
#    X use Y (the "may use" column of the row of X), or when the table of
#    files (between the layering-files markers) lets that one file use Y:
#    the few uses that point down-up, such as MPI_Init setting up every
#    folder, are named there file by file, not given to the whole folder.
#  - Quoted includes name a path from the top of the tree ("lib/p2p/p2p.h",
#    "shm/ring.h"), so that the rules above see every one ("mpi.h" and
#    "config.h" excepted).
#  - Nothing in shm/ includes lib/ or mpi.h (shm/ knows no MPI).
#  - Nothing in launcher/ includes a lib/ header.
# Prints one line per violation.  Exit 0 pass, 1 fail.
#
# Usage: tests/check-layering.sh [SRCDIR]  (default: $top_srcdir or .)
top_srcdir=${1:-${top_srcdir:-.}}
cd "$top_srcdir" || exit 1
[ -f lib/README.md ] || { echo "no lib/README.md"; exit 1; }

# The table of lib/README.md: rows "| `X` | ... | ... | Y, Z |" between the
# markers; prints "X Y Z" per folder.
matrix=$(sed -n '/<!-- layering: begin -->/,/<!-- layering: end -->/p' lib/README.md |
	awk -F'|' '$2 ~ /`[a-z0-9_]+`/ {
		f = $2; gsub(/[ `]/, "", f)
		u = $(NF - 1); gsub(/[`,]/, " ", u)
		print f, u
	}')
[ -n "$matrix" ] || { echo "lib/README.md: no layering table between the markers"; exit 1; }

# The table of files: rows "| `lib/X/f.c` | Y, Z | why |"; prints
# "lib/X/f.c Y Z" per file.
files=$(sed -n '/<!-- layering-files: begin -->/,/<!-- layering-files: end -->/p' lib/README.md |
	awk -F'|' '$2 ~ /`lib\/[a-z0-9_]+\/[a-z0-9_.]+`/ {
		f = $2; gsub(/[ `]/, "", f)
		u = $3; gsub(/[`,]/, " ", u)
		print f, u
	}')

bad=0
report() {
	echo "$1"
	bad=$((bad + 1))
}

# Every folder of lib/ has a row, and every row a folder.
for d in lib/*/; do
	f=$(basename "$d")
	echo "$matrix" | awk -v f="$f" '$1 == f { found = 1 } END { exit !found }' || report "lib/$f/: no row in lib/README.md's layering table"
done
for f in $(echo "$matrix" | awk '{print $1}'); do
	[ -d "lib/$f" ] || report "lib/README.md: row for lib/$f/, which does not exist"
done
for f in $(echo "$files" | awk '{print $1}'); do
	[ -f "$f" ] || report "lib/README.md: row for $f, which does not exist"
done

# file:line:included-path for every quoted include under a folder.
includes() {
	find "$1" -name '*.[ch]' | sort | xargs grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' |
		sed 's/^\([^:]*:[0-9]*\):.*include[[:space:]]*"\([^"]*\)".*/\1 \2/'
}

tmp=${TMPDIR:-/tmp}/check-layering.$$
trap 'rm -f "$tmp"' EXIT

includes lib >"$tmp"
while read -r where path; do
	file=${where%%:*}
	from=$(echo "$file" | cut -d/ -f2)
	case "$path" in
	mpi.h | config.h | shm/*) continue ;;
	lib/*/*) ;;
	*)
		report "$where: \"$path\": include from the top of the tree (lib/<folder>/..., shm/...)"
		continue
		;;
	esac
	to=$(echo "$path" | cut -d/ -f2)
	name=$(echo "$path" | cut -d/ -f3-)
	[ "$to" = "$from" ] && continue
	if [ "$name" != "$to.h" ]; then
		report "$where: \"$path\" is private to lib/$to/ (use lib/$to/$to.h)"
		continue
	fi
	uses=$(echo "$matrix" | awk -v f="$from" '$1 == f { $1 = ""; print }')
	uses="$uses $(echo "$files" | awk -v f="$file" '$1 == f { $1 = ""; print }')"
	case " $uses " in
	*" $to "*) ;;
	*) report "$where: lib/$from/ may not use lib/$to/ (lib/README.md: $from may use:$uses)" ;;
	esac
done <"$tmp"

includes shm >"$tmp"
while read -r where path; do
	case "$path" in
	lib/* | mpi.h) report "$where: \"$path\": shm/ knows nothing of MPI" ;;
	esac
done <"$tmp"
find shm -name '*.[ch]' | xargs grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*<mpi\.h>' |
	while read -r l; do echo "$l: shm/ knows nothing of MPI"; done | grep . && bad=$((bad + 1))

includes launcher >"$tmp"
while read -r where path; do
	case "$path" in
	lib/*) report "$where: \"$path\": the launcher uses shm/, never lib/" ;;
	esac
done <"$tmp"

echo "$bad layering problems"
[ "$bad" -eq 0 ]
