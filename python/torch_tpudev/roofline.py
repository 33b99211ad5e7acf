"""A roofline plot of a profile, as an SVG image (no plotting library needed).

Each op of `Profile.summary()` is a point: arithmetic intensity (FLOPs per byte of HBM
traffic) across, achieved FLOP/s up, both on log scales. The roof is the chip's limit,
min(peak FLOP/s, intensity x HBM bandwidth); its knee is the critical intensity. A point far
below the roof is held back by something the roof does not show (kernel launch, fill and
drain, VMEM tiling); a point at the slanted part is memory-bound, at the flat part
compute-bound. Ops without FLOPs (copies, gathers) have no intensity and are left out.
"""

import math
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 760, 480
LEFT, RIGHT, TOP, BOTTOM = 80, 200, 40, 60
COLORS = {"compute": "#d62728", "memory": "#1f77b4", "ici": "#2ca02c", "overhead": "#7f7f7f"}


def _decades(lo, hi):
    return range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1)


def roof(intensity, peak_flops, hbm_bw):
    """The most FLOP/s a kernel of this arithmetic intensity can reach."""
    return min(peak_flops, intensity * hbm_bw)


def roofline_svg(summary, peak_flops, hbm_bw, chip):
    """The SVG text of a roofline plot for `summary` (a list of `OpSummary`)."""
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

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="11">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT}" y="22" font-size="14">Roofline, {escape(chip)} (simulated)</text>',
    ]
    for d in _decades(x_lo, x_hi):
        x = px(10.0**d)
        out.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" stroke="#eee"/>')
        out.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">1e{d}</text>')
    for d in _decades(y_lo, y_hi):
        y = py(10.0**d)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#eee"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">1e{d}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 16}" text-anchor="middle">FLOPs per HBM byte</text>')
    out.append(
        f'<text x="18" y="{TOP + plot_h / 2}" text-anchor="middle" transform="rotate(-90 18 {TOP + plot_h / 2})">FLOP/s</text>'
    )
    roof = f"{px(x_lo):.1f},{py(x_lo * hbm_bw):.1f} {px(knee):.1f},{py(peak_flops):.1f} {px(x_hi):.1f},{py(peak_flops):.1f}"
    out.append(f'<polyline points="{roof}" fill="none" stroke="black" stroke-width="2"/>')
    out.append(
        f'<text x="{px(knee) + 6:.1f}" y="{py(peak_flops) - 6:.1f}">peak {peak_flops / 1e12:.0f} TFLOP/s, knee {knee:.0f} FLOP/B</text>'
    )
    for i, r in enumerate(points):
        color = COLORS.get(r.bound, "#9467bd")
        x, y = px(r.flops / r.bytes), py(r.flops_per_s)
        label = f"{r.op}: {r.flops_per_s / 1e12:.2f} TFLOP/s, {r.share * 100:.1f}% of time, {r.bound}-bound"
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{color}"><title>{escape(label)}</title></circle>')
        if i < 12:  # label the ops that take most of the time (the summary is sorted that way)
            out.append(f'<text x="{x + 7:.1f}" y="{y + 4:.1f}">{escape(r.op[:28])}</text>')
    legend_x = WIDTH - RIGHT + 20
    for k, (bound, color) in enumerate(COLORS.items()):
        y = TOP + 16 * k
        out.append(f'<circle cx="{legend_x}" cy="{y}" r="5" fill="{color}"/>')
        out.append(f'<text x="{legend_x + 10}" y="{y + 4}">{bound}-bound</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
