"""The advisor's findings as text (for the terminal) and as an HTML section (for the step
report page)."""

import html as _html
import textwrap


def _saving(f) -> str:
    if f.host_time:
        return f"{f.saving_s:.2f} s host"
    return f"{f.saving_s * 1e6:.1f} us"


def text(advice) -> str:
    where = f"on {advice.chip}" if advice.profiled_chip in ("", advice.chip) else f"on {advice.chip} (profiled on {advice.profiled_chip})"
    lines = [f"advisor: {len(advice.findings)} finding(s) {where}, profiled run {advice.run_s * 1e6:.1f} us simulated"]
    for i, f in enumerate(advice.findings, 1):
        lines.append(f"{i}. [{f.kind}] saves ~{_saving(f)}: {f.summary}")
        for w in f.where[:4]:
            lines.append(f"     at {w}")
        if len(f.where) > 4:
            lines.append(f"     ... and {len(f.where) - 4} more")
        lines.extend(textwrap.wrap("change: " + f.change, 100, initial_indent="   ", subsequent_indent="     "))
        if f.detail:
            lines.extend(textwrap.wrap(f.detail, 100, initial_indent="   (", subsequent_indent="    "))
            lines[-1] += ")"
    if not advice.findings:
        lines.append("nothing to change: no finding")
    if advice.omitted:
        lines.append(f"({advice.omitted} smaller finding(s), each under {advice.min_share:.0%} of the run, left out)")
    return "\n".join(lines)


def html(advice) -> str:
    e = _html.escape
    if not advice.findings:
        body = "<p>No finding.</p>"
    else:
        rows = [
            "<tr><th>#</th><th>finding</th><th>saves</th><th>where</th><th>change</th></tr>",
            *(
                f"<tr><td class=n>{i}</td><td><b>{e(f.kind)}</b>: {e(f.summary)}<br><small>{e(f.detail)}</small></td>"
                f"<td class=n>{e(_saving(f))}</td><td>{'<br>'.join(e(w) for w in f.where[:4])}</td><td>{e(f.change)}</td></tr>"
                for i, f in enumerate(advice.findings, 1)
            ),
        ]
        body = '<table id="advisor-table">' + "".join(rows) + "</table>"
    return f'<section id="advisor"><h2>Advisor findings ({e(advice.chip)})</h2>{body}</section>'
