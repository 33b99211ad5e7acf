"""A profiled step as one self-contained HTML page (`Profile.report_html`): a header (chip,
simulated step time, MFU, what bounds the time), the roofline, the per-op table, a timeline of the
kernels over simulated time with the sync points, the same step timed on other chips, the
performance advisor's findings and, given one, a drift report's table. No scripts, no external
files: inline SVG and one <style>."""

import html as _html
import math

from . import _C
from .advisor import _render, advise
from .profiler import TABLE_HEAD
from .roofline import COLORS, FONT, OTHER_COLOR, TextLayout, text_box, text_el

OTHER_CHIPS = ("v5e", "v5p", "v6e", "v7x")
TRACKS = ("kernels", "host transfers", "ICI (collectives)")  # rows of the timeline, as in the trace
_TRACK = {"host": 1, "ici": 2, "idle": 2}
BOUND_COLORS = {**COLORS, "host": "#ff7f0e", "idle": "#cccccc"}
TIMELINE_W, LANE_H, ROW_H = 1200, 16, 26
TIMELINE_LEFT, TIMELINE_RIGHT = 120, 20
MAX_TIMELINE_LABELS = 10

STYLE = (
    "body{font-family:sans-serif;margin:1.2em;color:#222} h1{font-size:1.5em} h2{font-size:1.15em;margin-top:1.6em}"
    " table{border-collapse:collapse;font-size:13px} th,td{padding:2px 8px;border-bottom:1px solid #ddd}"
    " td.n{text-align:right;font-variant-numeric:tabular-nums} th{text-align:left;background:#f3f3f3}"
    " .over{color:#c00;font-weight:bold} .swatch{display:inline-block;width:10px;height:10px;margin-right:4px}"
)


def _e(x) -> str:
    return _html.escape(str(x))


def html(prof, drift=None) -> str:
    summary = prof.summary()
    parts = [
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">',
        f"<title>Step report, {_e(prof.chip)} (simulated)</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>Step report: {_e(prof.chip)} (simulated)</h1>",
        _header(prof, summary),
        '<section id="roofline"><h2>Roofline</h2>',
        prof.roofline() if any(r.flops > 0 and r.bytes > 0 for r in summary) else "<p>No op with FLOPs.</p>",
        "</section>",
        _op_table(prof, summary),
        _timeline(prof, summary),
        _other_chips(prof),
        _render.html(advise(prof)),
    ]
    if drift is not None:
        parts.append(_drift(drift))
    parts.append("</body></html>\n")
    return "\n".join(parts)


def bound_mix(prof):
    """Share of the profiled time by what bounds it, largest first: [(bound, share)]."""
    total = sum(e.cycles for e in prof.events)
    by = {}
    for e in prof.events:
        by[e.bound] = by.get(e.bound, 0) + e.cycles
    return sorted(((b, c / total) for b, c in by.items() if total), key=lambda bc: (-bc[1], bc[0]))


def step_mfu(prof, summary):
    seconds = prof.total_time_s
    return sum(r.flops for r in summary) / seconds / prof.peak_flops if seconds and prof.peak_flops else 0.0


def _header(prof, summary):
    mix = ", ".join(
        f'<span class="swatch" style="background:{BOUND_COLORS.get(b, OTHER_COLOR)}"></span>{_e(b)} {s * 100:.1f}%'
        for b, s in bound_mix(prof)
    )
    return (
        '<section id="header"><table>'
        f"<tr><th>chip</th><td>{_e(prof.chip)} at {prof.clock_hz / 1e6:.0f} MHz (simulated)</td></tr>"
        f'<tr><th>simulated step time</th><td id="step-time">{prof.total_time_s * 1e6:.3f} us</td></tr>'
        f'<tr><th>MFU</th><td id="mfu">{step_mfu(prof, summary) * 100:.1f}%</td></tr>'
        f"<tr><th>kernels</th><td>{len(prof.events)}</td></tr>"
        f'<tr><th>bound mix</th><td id="bound-mix">{mix or "no kernels"}</td></tr>'
        "</table></section>"
    )


def _op_table(prof, summary):
    rows = ["".join(f"<th>{_e(h)}</th>" for h in TABLE_HEAD)]
    for r in summary:
        cells = r.cells()
        rows.append(f"<td>{_e(cells[0])}</td>" + "".join(f'<td class="n">{_e(c)}</td>' for c in cells[1:-1])
                    + f"<td>{_e(cells[-1])}</td>")
    return ('<section id="ops"><h2>Ops</h2><table id="op-table">'
            + "".join(f"<tr>{r}</tr>" for r in rows) + "</table></section>")


def _timeline(prof, summary):
    """An SVG of the kernels over simulated time, one row per track, coloured by bound; the ops
    with the largest share labelled above their longest kernel where the label fits; sync points
    as black ticks; then the sync points listed with their line of user code."""
    events = prof.events
    body = ['<section id="timeline"><h2>Timeline</h2>']
    if not events:
        body.append("<p>No kernels ran in the profiled block.</p>")
    else:
        body.append(timeline_svg(prof, summary))
    if prof.sync_points:
        counts = {}
        for p in prof.sync_points:
            counts[(p.reason, p.where)] = counts.get((p.reason, p.where), 0) + 1
        items = "".join(f"<li>{n} x <b>{_e(reason)}</b> at <code>{_e(where)}</code></li>"
                        for (reason, where), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
        body.append(f'<div id="sync-points"><p>{len(prof.sync_points)} sync points (each runs the program '
                    f"recorded so far):</p><ul>{items}</ul></div>")
    else:
        body.append('<div id="sync-points"><p>No sync points in the profiled block.</p></div>')
    body.append("</section>")
    return "\n".join(body)


def timeline_svg(prof, summary):
    events = prof.events
    t0 = min(e.start_cycles for e in events)
    t1 = max([e.start_cycles + e.cycles for e in events] + [p.cycles for p in prof.sync_points if p.cycles >= t0])
    span = max(t1 - t0, 1)
    rows = sorted({_TRACK.get(e.bound, 0) for e in events})
    lanes = 3  # label lanes above the bars
    top = 24 + lanes * LANE_H
    row_y = {t: top + i * (ROW_H + 6) for i, t in enumerate(rows)}
    axis_y = top + len(rows) * (ROW_H + 6) + 4
    height = axis_y + 60
    plot_w = TIMELINE_W - TIMELINE_LEFT - TIMELINE_RIGHT

    def x(cycles):
        return TIMELINE_LEFT + plot_w * (cycles - t0) / span

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" id="timeline-svg" width="{TIMELINE_W}" height="{height}" '
           f'font-family="sans-serif" font-size="{FONT}">', f'<rect width="{TIMELINE_W}" height="{height}" fill="white"/>']
    layout = TextLayout((0, 0, TIMELINE_W, height))
    texts = []

    def fixed(tx, ty, text, anchor="start"):
        if layout.place(text, [(tx, ty, anchor)]):
            texts.append(text_el(tx, ty, text, anchor))

    fixed(TIMELINE_LEFT, 16, f"{prof.total_time_s * 1e6:.1f} us of kernels over {span / prof.clock_hz * 1e6:.1f} us "
          "of simulated time")
    for t in rows:
        fixed(TIMELINE_LEFT - 8, row_y[t] + ROW_H / 2 + 4, TRACKS[t], "end")
    # One rect per run of kernels of the same bound that touch at this scale (thousands of tiny
    # kernels would otherwise make the page heavy); a single kernel keeps its own hover title.
    runs = {t: [] for t in rows}
    for e in sorted(events, key=lambda e: e.start_cycles):
        t = _TRACK.get(e.bound, 0)
        x0, x1 = x(e.start_cycles), x(e.start_cycles + e.cycles)
        last = runs[t][-1] if runs[t] else None
        if last and last["bound"] == e.bound and x0 <= last["x1"] + 0.5:
            last["x1"], last["n"] = max(last["x1"], x1), last["n"] + 1
        else:
            runs[t].append({"bound": e.bound, "x0": x0, "x1": x1, "n": 1, "e": e})
    for t in rows:
        y = row_y[t]
        for run in runs[t]:
            e = run["e"]
            title = (f"{e.op} ({e.kernel}): {e.cycles / prof.clock_hz * 1e6:.3f} us, {e.bound}-bound" if run["n"] == 1
                     else f"{run['n']} kernels, {run['bound']}-bound")
            out.append(f'<rect x="{run["x0"]:.2f}" y="{y}" width="{max(run["x1"] - run["x0"], 0.5):.2f}" height="{ROW_H}" '
                       f'fill="{BOUND_COLORS.get(run["bound"], OTHER_COLOR)}"><title>{_e(title)}</title></rect>')
    for p in prof.sync_points:
        if p.cycles >= t0:
            sx = x(p.cycles)
            out.append(f'<line x1="{sx:.2f}" x2="{sx:.2f}" y1="{top - 4}" y2="{axis_y - 4}" stroke="black" '
                       f'stroke-width="1.5"><title>{_e(p.reason)} at {_e(p.where)}</title></line>')
    # The time axis: about ten ticks at round microsecond steps.
    span_us = span / prof.clock_hz * 1e6
    step = _nice_step(span_us / 10)
    out.append(f'<line x1="{TIMELINE_LEFT}" x2="{TIMELINE_LEFT + plot_w}" y1="{axis_y}" y2="{axis_y}" stroke="#555"/>')
    k = 0
    while k * step <= span_us * 1.0001:
        tx = TIMELINE_LEFT + plot_w * (k * step) / span_us
        out.append(f'<line x1="{tx:.1f}" x2="{tx:.1f}" y1="{axis_y}" y2="{axis_y + 4}" stroke="#555"/>')
        fixed(tx, axis_y + 16, f"{k * step:g}", "middle")
        k += 1
    fixed(TIMELINE_LEFT + plot_w / 2, axis_y + 32, "simulated us since the block began", "middle")
    # The legend, on one line.
    lx = TIMELINE_LEFT
    for bound in sorted({e.bound for e in events}, key=lambda b: list(BOUND_COLORS).index(b) if b in BOUND_COLORS else 99):
        out.append(f'<rect x="{lx}" y="{axis_y + 42}" width="10" height="10" fill="{BOUND_COLORS.get(bound, OTHER_COLOR)}"/>')
        layout.block((lx, axis_y + 42, lx + 10, axis_y + 52))
        fixed(lx + 14, axis_y + 51, f"{bound}-bound")
        lx += 14 + text_box(0, 0, f"{bound}-bound")[2] + 16
    # Labels of the ops with the largest share, over their longest kernel.
    for r in summary[:MAX_TIMELINE_LABELS]:
        evs = [e for e in events if e.op == r.op]
        longest = max(evs, key=lambda e: (e.cycles, -e.start_cycles))
        cx = (x(longest.start_cycles) + x(longest.start_cycles + longest.cycles)) / 2
        name = f"{r.op[:24]} {r.share * 100:.0f}%"
        base = row_y[_TRACK.get(longest.bound, 0)]
        # A lane of labels above the bars; the leader down to the bar must not cross a label either.
        for ly, anchor in [(top - 8 - lane * LANE_H, a) for lane in range(lanes) for a in ("middle", "start", "end")]:
            box, leader = text_box(cx, ly, name, FONT, anchor), (cx - 1, ly + 3, cx + 1, top - 2)
            if layout.free(box) and layout.free(leader):
                layout.block(box)
                layout.block(leader)
                break
        else:
            continue
        out.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{ly + 3:.1f}" y2="{base}" stroke="#333" '
                   'stroke-dasharray="2 2"/>')
        texts.append(text_el(cx, ly, name, anchor))
    out.extend(texts)
    out.append("</svg>")
    return "\n".join(out)


def _nice_step(raw):
    if raw <= 0:
        return 1.0
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return m * mag
    return 10 * mag


def _other_chips(prof):
    cells = []
    for chip in OTHER_CHIPS:
        seconds, mfu = prof.on_chip(chip)
        name = _C.chip_info(chip)["chip_name"]
        cells.append(f'<li data-chip="{_e(chip)}"><b>{_e(name)}</b>: {seconds * 1e6:.1f} us, MFU {mfu * 100:.1f}%</li>')
    return ('<section id="other-chips"><h2>The same step on other chips</h2>'
            "<p>The profiled programs timed by the same engine on each chip (host transfers over its host link):</p>"
            f'<ul>{"".join(cells)}</ul></section>')


def _fmt(v):
    return "" if v is None else f"{v:.3g}"


def _drift(report):
    head = ("layer", "type", "rel err", "max abs err", "grad rel err")
    rows = ["".join(f"<th>{h}</th>" for h in head)]
    for r in report.rows:
        over = r.rel_err is not None and r.rel_err > report.threshold
        cls = ' class="over"' if r.name == report.first_divergent else ""
        rows.append(f"<td{cls}>{_e(r.name)}</td><td>{_e(r.type)}</td>"
                    f'<td class="n{" over" if over else ""}">{_fmt(r.rel_err)}</td>'
                    f'<td class="n">{_fmt(r.max_abs_err)}</td><td class="n">{_fmt(r.grad_rel_err)}</td>')
    return ('<section id="drift"><h2>Drift against CPU float32</h2>'
            f"<p>first divergent layer: <b>{_e(report.first_divergent)}</b>; cause: <b>{_e(report.cause)}</b>; "
            f"threshold {report.threshold:g}</p>"
            '<table id="drift-table">' + "".join(f"<tr>{r}</tr>" for r in rows) + "</table></section>")
