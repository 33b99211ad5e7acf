"""Comparing a new snapshot with the stored one: the program part exactly (a unified diff),
the numbers with tolerances (a table of old, new and delta, and the kernels that moved)."""

import difflib
from dataclasses import dataclass, field

from . import _report


@dataclass
class Comparison:
    same: bool  # bodies identical
    program_diff: str = ""  # empty when the program parts match
    regressions: list = field(default_factory=list)  # metric names beyond tolerance (worse)
    improvements: list = field(default_factory=list)  # metric names beyond tolerance (better)
    table: str = ""  # metric table and moved kernels, when any number changed

    @property
    def fails(self) -> bool:
        return bool(self.program_diff or self.regressions)


def _fmt_delta(old, new) -> str:
    if old is None or new is None:
        return "n/a"
    if old == 0:
        return "+0.00%" if new == 0 else "new"
    return f"{100.0 * (new - old) / old:+.2f}%"


def _table(head, rows):
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    return [
        "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()
        for r in [head, *rows]
    ]


def compare(old_body: str, new_body: str, time_tolerance: float, memory_tolerance: float) -> Comparison:
    old_body, new_body = old_body.rstrip(), new_body.rstrip()
    if old_body == new_body:
        return Comparison(same=True)
    c = Comparison(same=False)
    old_prog, new_prog = _report.program_text(old_body), _report.program_text(new_body)
    if old_prog != new_prog:
        c.program_diff = "\n".join(
            difflib.unified_diff(old_prog.split("\n"), new_prog.split("\n"), "stored snapshot", "this run", lineterm="", n=2)
        )
    old, new = _report.metrics(old_body), _report.metrics(new_body)
    rows = []
    # (label, old, new, tolerance or None: reported only)
    checks = [
        ("step time (cycles)", old.step_cycles, new.step_cycles, time_tolerance),
        ("peak HBM (bytes)", old.peak_bytes, new.peak_bytes, memory_tolerance),
        ("flops", old.flops, new.flops, None),
        ("bytes moved", old.bytes, new.bytes, None),
    ]
    for label, a, b, tol in checks:
        verdict = ""
        if tol is not None:
            if a is None or b is None:
                verdict = "unreadable"
                c.regressions.append(label)
            elif b > a * (1 + tol):
                verdict = "REGRESSED"
                c.regressions.append(label)
            elif b < a * (1 - tol):
                verdict = "improved"
                c.improvements.append(label)
            elif a != b:
                verdict = "within tolerance"
        rows.append((label, "?" if a is None else a, "?" if b is None else b, _fmt_delta(a, b),
                     "" if tol is None else f"{100 * tol:.2f}%", verdict))
    moved = []
    for name in sorted(set(old.kernels) | set(new.kernels)):
        a, b = old.kernels.get(name, 0), new.kernels.get(name, 0)
        if a != b:
            moved.append((name, a, b, b - a))
    if not moved and all(a == b for _, a, b, _ in checks):
        return c  # no number changed: nothing to tabulate
    lines = _table(("metric", "old", "new", "delta", "tolerance", ""), rows)
    if moved:
        moved.sort(key=lambda r: (-abs(r[3]), r[0]))
        shown = moved[:12]
        lines += ["", "kernels that moved (cycles per call of the function, most first):"]
        lines += _table(("kernel", "old", "new", "delta"),
                        [(n, a, b, f"{d:+d} ({_fmt_delta(a, b)})") for n, a, b, d in shown])
        if len(moved) > len(shown):
            lines.append(f"... and {len(moved) - len(shown)} more")
    c.table = "\n".join(lines)
    return c
