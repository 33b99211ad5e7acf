"""A DriftReport as one self-contained HTML page: an inline SVG of relative error by layer on a
log scale with the threshold as a line, then the report's table. No scripts, no external files."""

import html as _html
import math

STEP = 16  # px between labelled layers: a rotated 11 px label needs about 13 px across
MAX_PLOT_WIDTH = 1600
LABEL_CHARS = 40


def html(report) -> str:
    title = "tpu vs CPU float32 drift"
    summary = (f"first divergent layer: <b>{_html.escape(str(report.first_divergent))}</b>; "
               f"cause: <b>{_html.escape(str(report.cause))}</b>; threshold {report.threshold:g}")
    return (
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>" + title + "</title>\n"
        "<style>body{font-family:sans-serif;margin:1em} pre{font-size:12px}</style></head><body>\n"
        f"<h1>{title}</h1>\n<p>{summary}</p>\n{svg(report)}\n"
        f"<pre>{_html.escape(report.table())}</pre>\n</body></html>\n"
    )


def svg(report) -> str:
    rows = report.rows
    n = max(len(rows), 1)
    spacing = min(STEP, MAX_PLOT_WIDTH / n)
    every = math.ceil(STEP / spacing)  # thin the labels so that shown ones stay STEP apart
    labels = {i: _label(r.name) for i, r in enumerate(rows) if i % every == 0}
    # Labels run down and to the left of their layer at 60 degrees: room below, and at the left
    # for the first ones. About 6.5 px per character at 11 px.
    longest = max((len(t) for t in labels.values()), default=0)
    left = max([70] + [int(len(t) * 6.5 * 0.5 - spacing * (i + 0.5)) + 10 for i, t in labels.items()])
    top, height = 20, 300
    label_room = int(longest * 6.5 * math.sin(math.radians(60))) + 20
    width = left + max(int(spacing * n), 300) + 40
    lo, hi = _decades(report)

    def y(err):
        err = min(max(err, 10.0 ** lo), 10.0 ** hi)
        return top + height * (hi - math.log10(err)) / (hi - lo)

    def x(i):
        return left + spacing * (i + 0.5)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{top + height + label_room}" '
             'font-family="sans-serif" font-size="11">']
    for d in range(lo, hi + 1):  # a grid line and label per decade
        parts.append(f'<line x1="{left}" x2="{width - 30}" y1="{y(10.0 ** d):.1f}" y2="{y(10.0 ** d):.1f}" '
                     'stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y(10.0 ** d) + 4:.1f}" text-anchor="end">1e{d}</text>')
    ty = y(report.threshold)
    parts.append(f'<line x1="{left}" x2="{width - 30}" y1="{ty:.1f}" y2="{ty:.1f}" stroke="#d33" '
                 f'stroke-dasharray="6 4"/><text x="{width - 32}" y="{ty - 4:.1f}" text-anchor="end" '
                 f'fill="#d33">threshold {report.threshold:g}</text>')
    parts.append(f'<text transform="translate(14 {top + height / 2}) rotate(-90)" text-anchor="middle">'
                 'relative error (log)</text>')
    points = [(x(i), y(_finite(r.rel_err, hi))) for i, r in enumerate(rows) if r.rel_err is not None]
    if points:
        parts.append('<polyline fill="none" stroke="#36c" stroke-width="1.5" points="'
                     + " ".join(f"{px:.1f},{py:.1f}" for px, py in points) + '"/>')
    for i, r in enumerate(rows):
        if r.rel_err is not None:
            over = not r.rel_err <= report.threshold
            color = "#d33" if over else "#36c"
            radius = 5 if r.name == report.first_divergent else 3
            tip = _html.escape(f"{r.name} ({r.type}): rel_err {r.rel_err:.3g}, max_abs_err {r.max_abs_err:.3g}")
            parts.append(f'<circle cx="{x(i):.1f}" cy="{y(_finite(r.rel_err, hi)):.1f}" r="{radius}" '
                         f'fill="{color}"><title>{tip}</title></circle>')
        if i in labels:
            parts.append(f'<text transform="translate({x(i):.1f} {top + height + 12}) rotate(-60)" '
                         f'text-anchor="end">{_html.escape(labels[i])}</text>')
    parts.append(f'<rect x="{left}" y="{top}" width="{width - 30 - left}" height="{height}" fill="none" '
                 'stroke="#888"/></svg>')
    return "\n".join(parts)


def _label(name):
    return name if len(name) <= LABEL_CHARS else "\u2026" + name[-LABEL_CHARS + 1:]  # keep the leaf end


def _finite(err, hi):
    return err if math.isfinite(err) else 10.0 ** hi  # inf and NaN drawn at the top


def _decades(report):
    """The whole decades the plot spans: every finite nonzero error and the threshold; exact
    (zero) errors sit on the bottom line."""
    errs = [r.rel_err for r in report.rows if r.rel_err is not None and math.isfinite(r.rel_err) and r.rel_err > 0]
    errs.append(report.threshold)
    lo = math.floor(math.log10(min(errs))) - (1 if any(r.rel_err == 0 for r in report.rows) else 0)
    hi = max(math.ceil(math.log10(max(errs))), lo + 1)
    return lo, hi
