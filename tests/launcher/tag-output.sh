#!/bin/sh
# Description: MPICH's -l prefixes every line with "[rank] ", Open MPI's
# --tag-output with "[1,rank]<stdout>:" or "<stderr>:", on stdout and
# stderr, and a partial last line ends with a newline; --timestamp-output
# starts each line with the time as Open MPI does; with
# --merge-stderr-to-stdout the ranks' stderr comes out on stdout.
. "$(dirname "$0")/common.sh"

run -n 3 -l "$HELPER" "$MARK" lines 5
expect_status 0
for stream in out err; do
	f=$tmp/$stream
	for r in 0 1 2; do
		n=$(grep -c "^\[$r\] $stream $r [0-9] [a-z]*\$" "$f")
		[ "$n" -eq 5 ] || fail "-l: $stream: rank $r has $n tagged lines, expected 5"
		grep -qx "\[$r\] $stream $r end" "$f" || fail "-l: $stream: rank $r partial line"
	done
	[ "$(wc -l <"$f")" -eq 18 ] || fail "-l: $stream: not 18 lines"
done

run -n 3 --tag-output "$HELPER" "$MARK" lines 5
expect_status 0
for stream in out err; do
	f=$tmp/$stream
	for r in 0 1 2; do
		n=$(grep -c "^\[1,$r\]<std$stream>:$stream $r [0-9] [a-z]*\$" "$f")
		[ "$n" -eq 5 ] || fail "--tag-output: $stream: rank $r has $n tagged lines, expected 5"
		grep -qx "\[1,$r\]<std$stream>:$stream $r end" "$f" ||
			fail "--tag-output: $stream: rank $r partial line"
	done
	[ "$(wc -l <"$f")" -eq 18 ] || fail "--tag-output: $stream: not 18 lines"
done

run -n 2 --timestamp-output "$HELPER" "$MARK" lines 1
expect_status 0
n=$(grep -cE "^[A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} [0-9]{4}<stdout>:out [01] " "$tmp/out")
[ "$n" -eq 4 ] || fail "--timestamp-output: $n stamped lines, expected 4 (a line and the end, 2 ranks)"

run -n 2 --merge-stderr-to-stdout "$HELPER" "$MARK" lines 2
expect_status 0
[ ! -s "$tmp/err" ] || fail "--merge-stderr-to-stdout: stderr not empty"
[ "$(grep -o "err [01] [0-9e]" "$tmp/out" | wc -l)" -eq 6 ] || fail "--merge-stderr-to-stdout: stderr lines missing"
exit 0
