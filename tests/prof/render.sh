#!/bin/sh
# Description: perf/prof/render turns a report into a well-formed SVG with
# one cell per rank pair (all communicators and one named communicator).
. "${top_srcdir:-.}/tests/prof/lib.sh"
prog=$(prof_prog prof_ring) || skip "libshmpi lacks functions prof_ring needs"
prof_run 3 "$prog" 5 || fail "job failed"
svg=$work/render.svg
python3 "$top_srcdir/perf/prof/render" -o "$svg" "$json" || fail "render failed"
python3 "$top_srcdir/perf/prof/render" -m -c MPI_COMM_WORLD "$json" >"$svg.2" ||
	fail "render -c failed"
python3 - "$svg" "$svg.2" <<'PY' || fail "bad SVG"
import sys, xml.dom.minidom
for path in sys.argv[1:]:
    doc = xml.dom.minidom.parse(path)
    cells = [t for t in doc.getElementsByTagName("title") if "->" in t.firstChild.data]
    assert len(cells) == 9, (path, len(cells))
PY
rm -f "$svg" "$svg.2"
exit 0
