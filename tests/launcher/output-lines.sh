#!/bin/sh
# Description: 4 ranks each write 1000 lines to stdout and to stderr; every
# line arrives whole, none is lost, each rank's lines keep their order, and
# the partial last line is flushed at EOF.
. "$(dirname "$0")/common.sh"

run -n 4 "$HELPER" "$MARK" lines 1000
expect_status 0
for stream in out err; do
	# A partial last line is written as is, so the next rank's line may
	# follow it on the same line: split there first.
	f=$tmp/$stream.split
	sed "s/\($stream [0-3] end\)/\1\n/g" "$tmp/$stream" | grep -v '^$' >"$f"
	for r in 0 1 2 3; do
		c=$(printf "%0199d" 0 | tr 0 "$(printf "\\$(printf %o $((97 + r)))")")
		n=$(grep -c "^$stream $r [0-9]* $c\$" "$f")
		[ "$n" -eq 1000 ] || fail "$stream: rank $r has $n whole lines, expected 1000"
		grep "^$stream $r [0-9]" "$f" | awk -v want=0 '$3 != want++ { exit 1 }' ||
			fail "$stream: rank $r lines out of order"
		grep -qx "$stream $r end" "$f" || fail "$stream: rank $r partial line lost"
	done
	total=$(grep -c "^$stream [0-3] [0-9]* [a-d]*\$" "$f")
	[ "$total" -eq 4000 ] || fail "$stream: $total whole lines, expected 4000"
	[ "$(wc -l <"$f")" -eq 4004 ] || fail "$stream: stray lines"
done
exit 0
