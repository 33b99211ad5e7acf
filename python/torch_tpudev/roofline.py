"""A roofline plot of a profile, as an SVG image (no plotting library needed).

Each op of `Profile.summary()` is a point: arithmetic intensity (FLOPs per byte of HBM
traffic) across, achieved FLOP/s up, both on log scales. The roof is the chip's limit,
min(peak FLOP/s, intensity x HBM bandwidth); its knee is the critical intensity. A point far
below the roof is held back by something the roof does not show (kernel launch, fill and
drain, VMEM tiling); a point at the slanted part is memory-bound, at the flat part
compute-bound. Ops without FLOPs (copies, gathers) have no intensity and are left out.

No two labels overlap: tick labels are thinned to fit, and op labels go where they fit around
their point (`TextLayout`, also used by the step report's timeline) or are left to its hover title.
"""

import math
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 760, 480
LEFT, RIGHT, TOP, BOTTOM = 80, 200, 40, 60
FONT = 11  # px, the plot's default font size
COLORS = {"compute": "#d62728", "memory": "#1f77b4", "ici": "#2ca02c", "overhead": "#7f7f7f"}
OTHER_COLOR = "#9467bd"
MAX_OP_LABELS = 12
CHAR_W = 0.62  # estimated advance of one sans-serif glyph, in font sizes (a little over the average)


def text_box(x, y, text, size=FONT, anchor="start", rotate=False, pad=1.0):
    """The estimated box (x0, y0, x1, y1) of an SVG text at (x, y): baseline at y, width
    CHAR_W x size per character, ascent 0.85 and descent 0.25 of the size. `rotate`: turned
    by -90 degrees about (x, y), as the y-axis title is."""
    w = CHAR_W * size * len(text)
    start = {"start": 0.0, "middle": -w / 2, "end": -w}[anchor]
    if rotate:  # the text runs upwards from (x, y); its ascent is to the left
        return (x - 0.85 * size - pad, y - start - w - pad, x + 0.25 * size + pad, y - start + pad)
    return (x + start - pad, y - 0.85 * size - pad, x + start + w + pad, y + 0.25 * size + pad)


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class TextLayout:
    """Greedy placement of labels that must not overlap: each label takes the first of its
    candidate positions whose box stays inside `bounds` and clear of every box taken so far,
    or is left out (a hover title still names it)."""

    def __init__(self, bounds):
        self.bounds = bounds
        self.boxes = []

    def free(self, box):
        x0, y0, x1, y1 = self.bounds
        inside = box[0] >= x0 and box[1] >= y0 and box[2] <= x1 and box[3] <= y1
        return inside and not any(_overlap(box, b) for b in self.boxes)

    def block(self, box):
        """Marks a box (a point, a fixed label) as taken."""
        self.boxes.append(box)

    def place(self, text, candidates, size=FONT):
        """The first candidate (x, y, anchor) where `text` fits, now taken; None if none does."""
        for x, y, anchor in candidates:
            box = text_box(x, y, text, size, anchor)
            if self.free(box):
                self.boxes.append(box)
                return x, y, anchor
        return None


def text_el(x, y, text, anchor="start", size=None, extra=""):
    attrs = f' text-anchor="{anchor}"' if anchor != "start" else ""
    attrs += f' font-size="{size}"' if size is not None else ""
    return f'<text x="{x:.1f}" y="{y:.1f}"{attrs}{extra}>{escape(text)}</text>'


def _decades(lo, hi):
    return range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1)


def _every(spacing, room):
    """k, to keep one decade label in k: the fewest that leaves `room` px per shown label."""
    return max(1, math.ceil(room / spacing))


def roof(intensity, peak_flops, hbm_bw):
    """The most FLOP/s a kernel of this arithmetic intensity can reach."""
    return min(peak_flops, intensity * hbm_bw)


def roofline_svg(summary, peak_flops, hbm_bw, chip):
    """The SVG text of a roofline plot for `summary` (a list of `OpSummary`). No two labels
    overlap: tick labels are thinned, and op labels are placed around their point where they
    fit (see `TextLayout`) or left to the point's hover title."""
    points = [r for r in summary if r.flops > 0 and r.bytes > 0 and r.time_s > 0]
    knee = peak_flops / hbm_bw
    xs = [r.flops / r.bytes for r in points] + [knee]
    ys = [r.flops_per_s for r in points] + [peak_flops]
    x_lo, x_hi = 10 ** math.floor(math.log10(min(xs) / 2)), 10 ** math.ceil(math.log10(max(xs) * 4))
    y_lo, y_hi = 10 ** math.floor(math.log10(min(ys) / 2)), 10 ** math.ceil(math.log10(peak_flops * 1.5))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x):
        return LEFT + plot_w * (math.log10(x) - math.log10(x_lo)) / (math.log10(x_hi) - math.log10(x_lo))

    def py(y):
        return TOP + plot_h * (1 - (math.log10(y) - math.log10(y_lo)) / (math.log10(y_hi) - math.log10(y_lo)))

    layout = TextLayout((0, 0, WIDTH, HEIGHT))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="{FONT}">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
    ]
    texts = []

    def fixed(x, y, text, anchor="start", size=None):
        layout.block(text_box(x, y, text, size or FONT, anchor))
        texts.append(text_el(x, y, text, anchor, size))

    fixed(LEFT, 22, f"Roofline, {chip} (simulated)", size=14)
    fixed(LEFT + plot_w / 2, HEIGHT - 16, "FLOPs per HBM byte", "middle")
    cy = TOP + plot_h / 2
    layout.block(text_box(18, cy, "FLOP/s", FONT, "middle", rotate=True))
    texts.append(f'<text x="18" y="{cy}" text-anchor="middle" transform="rotate(-90 18 {cy})">FLOP/s</text>')
    legend_x = WIDTH - RIGHT + 20
    for k, (bound, color) in enumerate(COLORS.items()):
        y = TOP + 16 * k
        out.append(f'<circle cx="{legend_x}" cy="{y}" r="5" fill="{color}"/>')
        layout.block((legend_x - 5, y - 5, legend_x + 5, y + 5))
        fixed(legend_x + 10, y + 4, f"{bound}-bound")

    xd, yd = list(_decades(x_lo, x_hi)), list(_decades(y_lo, y_hi))
    x_room = max(CHAR_W * FONT * len(f"1e{d}") for d in xd) + 8
    x_every = _every(plot_w / max(len(xd) - 1, 1), x_room)
    for i, d in enumerate(xd):
        x = px(10.0**d)
        out.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" stroke="#eee"/>')
        if i % x_every == 0 and layout.place(f"1e{d}", [(x, TOP + plot_h + 16, "middle")]):
            texts.append(text_el(x, TOP + plot_h + 16, f"1e{d}", "middle"))
    y_every = _every(plot_h / max(len(yd) - 1, 1), 1.1 * FONT + 4)
    for i, d in enumerate(yd):
        y = py(10.0**d)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#eee"/>')
        if i % y_every == 0 and layout.place(f"1e{d}", [(LEFT - 6, y + 4, "end")]):
            texts.append(text_el(LEFT - 6, y + 4, f"1e{d}", "end"))

    roof_pts = f"{px(x_lo):.1f},{py(x_lo * hbm_bw):.1f} {px(knee):.1f},{py(peak_flops):.1f} {px(x_hi):.1f},{py(peak_flops):.1f}"
    out.append(f'<polyline points="{roof_pts}" fill="none" stroke="black" stroke-width="2"/>')

    # The points first, so that no label covers one; then the labels, longest op first.
    marks = []
    for r in points:
        x, y = px(r.flops / r.bytes), py(r.flops_per_s)
        marks.append((r, x, y))
        layout.block((x - 5, y - 5, x + 5, y + 5))
        label = f"{r.op}: {r.flops_per_s / 1e12:.2f} TFLOP/s, {r.share * 100:.1f}% of time, {r.bound}-bound"
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{COLORS.get(r.bound, OTHER_COLOR)}"><title>{escape(label)}</title></circle>')
    kx, ky = px(knee), py(peak_flops)
    peak = f"peak {peak_flops / 1e12:.0f} TFLOP/s, knee {knee:.0f} FLOP/B"
    spot = layout.place(peak, [(kx + 6, ky - 6, "start"), (kx + 6, ky + 14, "start"), (kx - 6, ky - 6, "end"),
                               (kx - 6, ky + 14, "end")])
    if spot:
        texts.append(text_el(*spot[:2], peak, spot[2]))
    for r, x, y in marks[:MAX_OP_LABELS]:  # the summary is sorted by time: label the ops that take most
        name = r.op[:28]
        spot = layout.place(name, [(x + 8, y + 4, "start"), (x - 8, y + 4, "end"), (x, y - 8, "middle"),
                                   (x, y + 16, "middle"), (x + 6, y - 6, "start"), (x - 6, y - 6, "end"),
                                   (x + 6, y + 14, "start"), (x - 6, y + 14, "end")])
        if spot:
            texts.append(text_el(*spot[:2], name, spot[2]))
    out.extend(texts)
    out.append("</svg>")
    return "\n".join(out) + "\n"
