#!/bin/sh
# Description: --tag-output prefixes every line with "[rank] ", on stdout
# and stderr, and ends a partial last line with a newline.
. "$(dirname "$0")/common.sh"

run -n 3 --tag-output "$HELPER" "$MARK" lines 5
expect_status 0
for stream in out err; do
	f=$tmp/$stream
	for r in 0 1 2; do
		n=$(grep -c "^\[$r\] $stream $r [0-9] [a-z]*\$" "$f")
		[ "$n" -eq 5 ] || fail "$stream: rank $r has $n tagged lines, expected 5"
		grep -qx "\[$r\] $stream $r end" "$f" || fail "$stream: rank $r partial line"
	done
	[ "$(wc -l <"$f")" -eq 18 ] || fail "$stream: not 18 lines"
done
exit 0
