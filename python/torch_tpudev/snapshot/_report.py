"""The snapshot body: a run's programs and their simulated performance on one chip, as text a
reviewer can read, and the numbers read back from such a text for tolerance comparisons.

Sections (`== title ==` lines) split the body. "performance", "breakdown" and "programs"
hold numbers, compared with tolerances; every other section (the chip line, each program's
ATen ops and IR) must match exactly. Everything is in cycles and bytes of the simulated chip,
integers or fixed-precision decimals computed from them, in a fixed order: nothing depends on
the machine, the wall clock or the order tests ran in.
"""

from dataclasses import dataclass, field

from .. import _C

PERF_SECTIONS = ("performance", "breakdown", "programs")


@dataclass
class Kernel:
    program: int
    name: str
    cycles: int
    flops: int
    bytes_read: int
    bytes_written: int
    bound: str


@dataclass
class ProgramReport:
    index: int
    graph: int
    kind: str
    calls: int
    aten_ops: dict
    ir: str | None
    cycles: int = 0
    peak_bytes: int = 0
    input_bytes: int = 0
    arena_bytes: int = 0
    kernels: list = field(default_factory=list)
    not_captured: str | None = None
    bucketed: bool = False


@dataclass
class Report:
    """A run's simulated performance on one chip (what the snapshot body shows)."""

    name: str
    chip_key: str
    chip_name: str
    clock_hz: int
    peak_flops: float
    programs: list

    @property
    def step_cycles(self) -> int:
        """Simulated cycles of one call of the function: each program times its calls."""
        return sum(p.calls * p.cycles for p in self.programs)

    @property
    def step_time_s(self) -> float:
        return self.step_cycles / self.clock_hz

    @property
    def flops(self) -> int:
        return sum(p.calls * k.flops for p in self.programs for k in p.kernels)

    @property
    def bytes_read(self) -> int:
        return sum(p.calls * k.bytes_read for p in self.programs for k in p.kernels)

    @property
    def bytes_written(self) -> int:
        return sum(p.calls * k.bytes_written for p in self.programs for k in p.kernels)

    @property
    def peak_bytes(self) -> int:
        """Peak HBM of the step: the largest program's inputs plus temporaries and outputs."""
        return max((p.peak_bytes for p in self.programs), default=0)

    def bound_cycles(self) -> dict:
        out = {}
        for p in self.programs:
            for k in p.kernels:
                out[k.bound] = out.get(k.bound, 0) + p.calls * k.cycles
        return out

    @property
    def bound(self) -> str:
        """What limits the step: the bound of the kernels that take most of its cycles."""
        by = self.bound_cycles()
        return max(sorted(by), key=lambda b: by[b]) if by else "none"

    def breakdown(self):
        """Per kernel name (an IR op such as dot_general, or a fusion of row ops): count, cycles,
        FLOPs, bytes and the bound of most of its cycles; most cycles first, ties by name."""
        rows = {}
        for p in self.programs:
            for k in p.kernels:
                r = rows.setdefault(k.name, {"count": 0, "cycles": 0, "flops": 0, "bytes": 0, "bounds": {}})
                r["count"] += p.calls
                r["cycles"] += p.calls * k.cycles
                r["flops"] += p.calls * k.flops
                r["bytes"] += p.calls * (k.bytes_read + k.bytes_written)
                r["bounds"][k.bound] = r["bounds"].get(k.bound, 0) + p.calls * k.cycles
        out = []
        for name, r in rows.items():
            bound = max(sorted(r["bounds"]), key=lambda b: r["bounds"][b])
            out.append((name, r["count"], r["cycles"], r["flops"], r["bytes"], bound))
        out.sort(key=lambda r: (-r[2], r[0]))
        return out


def build(name, graphs, chip) -> Report:
    """The report of captured graphs (`_capture.CapturedGraph`) on `chip`."""
    programs = []
    info = None
    for g in graphs:
        p = ProgramReport(g.index, g.graph, g.kind, g.calls, g.aten_ops, None, not_captured=g.not_captured,
                          bucketed=g.bucketed)
        if g.program is not None:
            r = _C.program_report(g.program, chip)
            info = r
            p.ir = r["ir"]
            p.cycles = r["cycles"]
            p.peak_bytes, p.input_bytes, p.arena_bytes = r["peak_bytes"], r["input_bytes"], r["arena_bytes"]
            p.kernels = [Kernel(g.index, k[0], k[1], k[5], k[6], k[7], k[8]) for k in r["kernels"]]
        programs.append(p)
    if info is None:  # nothing ran on the device: the chip's figures still head the report
        info = _C.chip_info(chip)
    return Report(name, info["chip_key"], info["chip_name"], info["clock_hz"], info["peak_bf16_flops"], programs)


def _us(cycles, clock_hz) -> str:
    return f"{cycles * 1e6 / clock_hz:.3f} us"


def _pct(part, whole) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "0.0%"


def _table(head, rows, left=(0,)):
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    lines = []
    for r in [head, *rows]:
        cells = [str(c).ljust(w) if i in left else str(c).rjust(w) for i, (c, w) in enumerate(zip(r, widths))]
        lines.append("  ".join(cells).rstrip())
    return lines


def _wrap(head, items, width=100):
    """`head` and comma-separated items, on lines of at most `width` characters (one item
    longer than that gets a line of its own), continuation lines indented by two spaces."""
    lines, line = [], head.rstrip()
    for i, item in enumerate(items):
        piece = item + ("," if i + 1 < len(items) else "")
        if len(line) + 1 + len(piece) > width and line.strip() and line != head.rstrip():
            lines.append(line)
            line = "  " + piece
        else:
            line = f"{line} {piece}"
    lines.append(line)
    return lines


def render(report: Report, program: bool = True) -> str:
    """The body; `program=False` leaves out each program's ATen ops, kernels and IR."""
    r = report
    out = [
        f"tpudev snapshot: {r.name}",
        f"chip: {r.chip_name} ({r.chip_key}), simulated",
        "",
        "== performance ==",
    ]
    cycles = r.step_cycles
    mfu = (r.flops / r.step_time_s / r.peak_flops) if cycles and r.peak_flops else 0.0
    by = r.bound_cycles()
    shares = ", ".join(f"{b} {_pct(by[b], cycles)}" for b in sorted(by))
    n_kernels = sum(p.calls * len(p.kernels) for p in r.programs)
    kinds = {}
    for p in r.programs:
        kinds[p.kind] = kinds.get(p.kind, 0) + 1
    out += [
        f"step time: {cycles} cycles = {_us(cycles, r.clock_hz)} at {r.clock_hz // 1_000_000} MHz",
        f"flops: {r.flops}",
        f"bytes moved: {r.bytes_read + r.bytes_written} (read {r.bytes_read}, written {r.bytes_written})",
        f"peak HBM: {r.peak_bytes} bytes",
        f"bound: {r.bound} ({shares})" if by else "bound: none",
        f"MFU: {100.0 * mfu:.2f}%",
        f"programs: {len(r.programs)} ({', '.join(f'{v} {k}' for k, v in sorted(kinds.items()))}), "
        f"{n_kernels} kernels per call",
        "",
        "== breakdown ==",
    ]
    rows = [(n, c, cy, _pct(cy, cycles), f, b, bound) for n, c, cy, f, b, bound in r.breakdown()]
    out += _table(("kernel", "count", "cycles", "share", "flops", "bytes", "bound"), rows, left=(0, 6))
    out += ["", "== programs =="]
    prow = [
        (p.index, f"{p.kind} {p.graph}", p.calls, p.cycles, len(p.kernels), p.input_bytes, p.arena_bytes, p.peak_bytes)
        for p in r.programs
    ]
    out += _table(("program", "graph", "calls", "cycles/call", "kernels", "input B", "temp+out B", "peak B"),
                  prow, left=(1,))
    for p in r.programs if program else ():
        bucket = ", padded to a shape bucket" if p.bucketed else ""
        out += ["", f"== program {p.index}: {p.kind} graph {p.graph}{bucket} =="]
        out += _wrap("aten ops: ", [f"{k} x{v}" for k, v in p.aten_ops.items()])
        if p.ir is None:
            out.append(f"not captured: {p.not_captured}; it ran op by op and is not in the step time")
            continue
        out += _wrap("kernels: ", [k.name for k in p.kernels])
        out.append("ir:")
        out += p.ir.rstrip("\n").split("\n")
    return "\n".join(out) + "\n"


def sections(body: str) -> dict:
    """Section title -> its lines ("" for the lines before the first title)."""
    out = {"": []}
    current = ""
    for line in body.split("\n"):
        if line.startswith("== ") and line.endswith(" =="):
            current = line[3:-3]
            out[current] = []
        else:
            out[current].append(line)
    return {k: "\n".join(v).strip("\n") for k, v in out.items()}


def program_text(body: str) -> str:
    """The body without its number sections: what must match exactly."""
    s = sections(body)
    return "\n\n".join(f"== {k} ==\n{v}" if k else v for k, v in s.items() if k not in PERF_SECTIONS)


@dataclass
class Metrics:
    step_cycles: int | None = None
    clock_hz: int | None = None
    flops: int | None = None
    bytes: int | None = None
    peak_bytes: int | None = None
    kernels: dict = field(default_factory=dict)  # name -> cycles


def _int(s):
    try:
        return int(s)
    except (TypeError, ValueError):
        return None


def metrics(body: str) -> Metrics:
    """The numbers of a body written by `render` (None for what it lacks)."""
    s = sections(body)
    m = Metrics()
    for line in s.get("performance", "").split("\n"):
        key, _, value = line.partition(": ")
        words = value.split()
        first = _int(words[0]) if words else None
        if key == "step time":
            m.step_cycles = first
            if len(words) >= 2 and words[-1] == "MHz":
                mhz = _int(words[-2])
                m.clock_hz = mhz * 1_000_000 if mhz else None
        elif key == "flops":
            m.flops = first
        elif key == "bytes moved":
            m.bytes = first
        elif key == "peak HBM":
            m.peak_bytes = first
    for line in s.get("breakdown", "").split("\n")[1:]:
        words = line.split()
        if len(words) >= 3 and _int(words[2]) is not None:
            m.kernels[words[0]] = _int(words[2])
    return m
