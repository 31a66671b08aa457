"""perf/plot.py - a small SVG line-chart writer for perf/compare.

One function, line_chart(): log-scaled axes (base 2 for sizes, base 10 for
values), one polyline per series, a legend.  No dependencies beyond the
standard library, so the harness runs on a bare Debian.  Points with x <= 0
or y <= 0 cannot sit on a log axis and are left out.
"""
import math
from xml.sax.saxutils import escape

W, H = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 80, 150, 40, 60
COLORS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e"]


def size_label(x):
    """4096 -> '4K', 1048576 -> '1M'."""
    for unit, shift in (("M", 20), ("K", 10)):
        if x >= 1 << shift and x % (1 << shift) == 0:
            return "%d%s" % (x >> shift, unit)
    return "%d" % x


def _ticks10(lo, hi):
    """Powers of ten covering [lo, hi], with 2 and 5 between if few."""
    ticks = []
    for e in range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1):
        for m in (1, 2, 5):
            v = m * 10.0 ** e
            if lo <= v <= hi:
                ticks.append(v)
    if len([t for t in ticks if math.log10(t).is_integer()]) > 3:
        ticks = [t for t in ticks if math.log10(t).is_integer()]
    return ticks


def line_chart(path, title, xlabel, ylabel, series):
    """Writes an SVG chart to path.  series: list of (name, [(x, y), ...],
    color or None).  Returns False (and writes nothing) with no point to draw."""
    pts = [(x, y) for _, s, _ in series for x, y in s if x > 0 and y > 0]
    if not pts:
        return False
    xlo, xhi = min(p[0] for p in pts), max(p[0] for p in pts)
    ylo, yhi = min(p[1] for p in pts), max(p[1] for p in pts)
    if xhi == xlo:
        xlo, xhi = xlo / 2, xhi * 2
    ylo, yhi = ylo / 1.2, yhi * 1.2
    lx0, lx1 = math.log2(xlo), math.log2(xhi)
    ly0, ly1 = math.log10(ylo), math.log10(yhi)
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def px(x):
        return LEFT + (math.log2(x) - lx0) / (lx1 - lx0) * pw

    def py(y):
        return TOP + ph - (math.log10(y) - ly0) / (ly1 - ly0) * ph

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="12">' % (W, H),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="24" font-size="15">%s</text>' % (LEFT, escape(title)),
           '<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>'
           % (LEFT, TOP, pw, ph)]
    # x ticks: every power of two, labelled sparsely when crowded
    exps = range(math.ceil(lx0), math.floor(lx1) + 1)
    step = max(1, math.ceil(len(exps) / 12))
    for e in exps:
        x = px(2 ** e)
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>'
                   % (x, TOP, x, TOP + ph))
        if (e - exps[0]) % step == 0:
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                       % (x, TOP + ph + 16, size_label(2 ** e)))
    for v in _ticks10(ylo, yhi):
        y = py(v)
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>'
                   % (LEFT, y, LEFT + pw, y))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%g</text>'
                   % (LEFT - 6, y + 4, v))
    out.append('<text x="%d" y="%d" text-anchor="middle">%s</text>'
               % (LEFT + pw // 2, H - 18, escape(xlabel)))
    out.append('<text transform="translate(20,%d) rotate(-90)" '
               'text-anchor="middle">%s</text>' % (TOP + ph // 2, escape(ylabel)))
    for i, (name, s, color) in enumerate(series):
        color = color or COLORS[i % len(COLORS)]
        good = sorted((x, y) for x, y in s if x > 0 and y > 0)
        if good:
            coords = " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in good)
            out.append('<polyline fill="none" stroke="%s" stroke-width="2" '
                       'points="%s"/>' % (color, coords))
            for x, y in good:
                out.append('<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>'
                           % (px(x), py(y), color))
        ly = TOP + 16 + 20 * i
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" '
                   'stroke-width="3"/>' % (W - RIGHT + 12, ly - 4, W - RIGHT + 36,
                                           ly - 4, color))
        out.append('<text x="%d" y="%d">%s</text>' % (W - RIGHT + 42, ly, escape(name)))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    return True
