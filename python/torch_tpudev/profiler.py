"""`torch_tpudev.profile`: what ran on the simulated TPU inside a block, on the simulated clock.

    with torch_tpudev.profile("trace.json") as prof:
        y = model(x)
    print(prof.table())

Every kernel the device runs inside the block (and every host transfer) is logged with its
start and duration in simulated time, its FLOPs, the bytes it moved and what bounds it. On
exit, the trace is written as Chrome trace-event JSON (open it in ui.perfetto.dev or
chrome://tracing) when a path was given, and `prof.summary()` groups the kernels by the ATen
op they belong to. Sync points inside the block (where defer-and-fuse had to run what it had
recorded: a `.item()`, a print, a data-dependent shape) are kept in `prof.sync_points` with the
line of user code that caused each, shown under the table and as instant events on their own
track of the trace. The block synchronizes on entry and on exit, so that in defer-and-fuse it
times exactly the work recorded inside it. Each op call is logged with its line of user code
(`prof.op_calls`), and the graphs `torch.compile` compiled and ran inside the block are kept
(`prof.compiles`, `prof.graphs_run`), for the performance advisor (`torch_tpudev.advise`).
Nothing here reads the wall clock: the same program gives the same trace.
"""

import json
from dataclasses import dataclass

from . import _C, _compile_log, _op_log, _sync_points


# Ops whose kernels are a matrix product plus the work of their scales.
_SCALED_PRODUCTS = ("_scaled_mm", "_scaled_mm_v2", "_scaled_grouped_mm")


@dataclass(frozen=True)
class KernelEvent:
    """One kernel (or host transfer) on the simulated timeline of chip `device` (tpu:N of
    this process). Times in cycles of the chip's clock since the device was created."""

    op: str
    kernel: str
    start_cycles: int
    cycles: int
    flops: int
    bytes_read: int
    bytes_written: int
    bound: str
    device: int = 0

    @property
    def bytes(self) -> int:
        return self.bytes_read + self.bytes_written


@dataclass(frozen=True)
class SyncPoint:
    """A point where defer-and-fuse had to run its pending program (`torch.tpu.sync_points`):
    why, the line of user code that asked, and the simulated time the program it ran ends."""

    reason: str
    where: str
    cycles: int


@dataclass(frozen=True)
class OpSummary:
    """The kernels of one op, added up. `time_s` is simulated seconds; `share` is this op's
    part of the profiled kernel time; `mfu` is achieved FLOP/s over the chip's peak bf16
    FLOP/s; `bound` is what limits the kernels that take most of the op's time."""

    op: str
    count: int
    time_s: float
    share: float
    flops: int
    bytes: int
    flops_per_s: float
    mfu: float
    bound: str

    def cells(self):
        """The row as `Profile.table()` (and the report page) shows it, under `TABLE_HEAD`."""
        return (
            self.op,
            str(self.count),
            f"{self.time_s * 1e6:.3f}",
            f"{self.share * 100:.1f}%",
            f"{self.flops / 1e9:.3f}",
            f"{self.bytes / 1e6:.3f}",
            f"{self.flops_per_s / 1e12:.2f}",
            f"{self.mfu * 100:.1f}%",
            self.bound,
        )


TABLE_HEAD = ("op", "count", "time us", "share", "GFLOP", "MB", "TFLOP/s", "MFU", "bound")


class Profile:
    """The result of a `profile` block (filled in when the block exits)."""

    def __init__(self, path=None):
        self.path = path
        self.events = []
        self.sync_points = []
        # Every op call with its line of user code (`_op_log.OpCall`); the graphs
        # `torch.compile` compiled (`_compile_log.GraphCompile`) and those that ran, with their
        # calls, inside the block.
        self.op_calls = []
        self.compiles = []
        self.graphs_run = []
        props = _C.properties()
        self.chip = props["name"]
        self.chip_key = props["chip"]
        self.clock_hz = props["clock_hz"]
        self.peak_flops = props["peak_bf16_flops"]
        self.hbm_bw = props["hbm_bw_bytes_per_s"]
        self._start = None
        self._programs = None

    def __enter__(self):
        self._sync_log = []
        # Work deferred before the block runs now, outside it; work deferred inside runs at
        # its end, inside it (a defer-and-fuse block would otherwise time nothing it records).
        _C.synchronize()
        _sync_points.listen(self._sync_log)
        _op_log.listen(self.op_calls)
        self._compile_mark = _compile_log.mark()
        self._start = _C.profile_start()
        return self

    def __exit__(self, *exc):
        _sync_points.unlisten(self._sync_log)
        _C.synchronize()
        self._programs = _C.profile_programs(self._start)
        raw = _C.profile_stop(self._start)
        _op_log.unlisten(self.op_calls)
        self.compiles, self.graphs_run = _compile_log.since(self._compile_mark)
        self.events = [KernelEvent(*e) for e in raw]
        self.sync_points = [SyncPoint(*p) for p in self._sync_log]
        if self.path is not None:
            self.export_chrome_trace(self.path)
        return False

    def _seconds(self, cycles) -> float:
        return cycles / self.clock_hz

    @property
    def total_time_s(self) -> float:
        """Simulated seconds from the first profiled kernel or transfer to the end of the last.
        Kernels and host transfers run one after another; an asynchronous collective runs on
        the ICI beside them, so the events' own times can add up to more than this."""
        if not self.events:
            return 0.0
        start = min(e.start_cycles for e in self.events)
        return self._seconds(max(e.start_cycles + e.cycles for e in self.events) - start)

    def on_chip(self, chip):
        """The profiled run on another chip (a preset key such as "v6e", a name, or a chip
        file), timed by the same engine from the same programs: (simulated seconds, MFU on
        that chip). Host transfers are timed over that chip's host link."""
        info = _C.chip_info(chip)
        host = [e.bytes for e in self.events if e.bound == "host"]
        cycles, clock_hz, flops = self._programs.time_on(chip, host)
        seconds = cycles / clock_hz
        mfu = flops / seconds / info["peak_bf16_flops"] if seconds else 0.0
        return seconds, mfu

    def summary(self):
        """Per-op totals, longest first (ties by name), as a list of `OpSummary`."""
        total = sum(e.cycles for e in self.events)
        groups = {}
        for e in self.events:
            groups.setdefault(e.op, []).append(e)
        rows = []
        for op, evs in groups.items():
            cycles = sum(e.cycles for e in evs)
            flops = sum(e.flops for e in evs)
            time_s = self._seconds(cycles)
            by_bound = {}
            for e in evs:
                by_bound[e.bound] = by_bound.get(e.bound, 0) + e.cycles
            bound = max(sorted(by_bound), key=lambda b: by_bound[b])
            rate = flops / time_s if time_s > 0 else 0.0
            rows.append(
                OpSummary(
                    op=op,
                    count=len(evs),
                    time_s=time_s,
                    share=cycles / total if total else 0.0,
                    flops=flops,
                    bytes=sum(e.bytes for e in evs),
                    flops_per_s=rate,
                    mfu=rate / self.peak_flops if self.peak_flops else 0.0,
                    bound=bound,
                )
            )
        rows.sort(key=lambda r: (-r.time_s, r.op))
        return rows

    def table(self) -> str:
        """The summary as an aligned text table."""
        head = TABLE_HEAD
        rows = [r.cells() for r in self.summary()]
        rows.append(("total", str(len(self.events)), f"{self.total_time_s * 1e6:.3f}", "100.0%", "", "", "", "", ""))
        widths = [max(len(x[i]) for x in [head, *rows]) for i in range(len(head))]
        lines = [f"simulated on {self.chip} at {self.clock_hz / 1e6:.0f} MHz"]
        for row in [head, *rows]:
            cells = [c.ljust(w) if i == 0 or i == len(head) - 1 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
            lines.append("  ".join(cells).rstrip())
        lines.extend(self._scaled_product_lines())
        lines.extend(self._sync_point_lines())
        return "\n".join(lines)

    def _scaled_product_lines(self):
        """How much of each scaled product's time is not its matrix product: scaling and, for
        MX and NVFP4 block scales, the dequantization no TPU matrix unit does itself."""
        lines = []
        for op in _SCALED_PRODUCTS:
            evs = [e for e in self.events if e.op == op]
            other = sum(e.cycles for e in evs if "dot_general" not in e.kernel and "ragged_dot" not in e.kernel)
            if other:
                total = sum(e.cycles for e in evs)
                lines.append(
                    f"note: {op}: {self._seconds(other) * 1e6:.3f} of its {self._seconds(total) * 1e6:.3f} us run "
                    "outside the matrix product (scales; for MX/NVFP4 block scales, dequantizing the operands on "
                    "the VPU, since no TPU matrix unit takes block scales or 4-bit values)"
                )
        return lines

    def _sync_point_lines(self):
        """Where defer-and-fuse stopped recording inside the block, by reason and line."""
        if not self.sync_points:
            return []
        counts = {}
        for p in self.sync_points:
            counts[(p.reason, p.where)] = counts.get((p.reason, p.where), 0) + 1
        lines = [f"sync points: {len(self.sync_points)} (each runs the program recorded so far)"]
        for (reason, where), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"  {n:4d} x {reason:14s} {where}")
        return lines

    def __str__(self) -> str:
        return self.table()

    def chrome_trace(self) -> dict:
        """The events as a Chrome trace-event object (`traceEvents`, times in microseconds
        of simulated time)."""
        devices = sorted({0} | {e.device for e in self.events})
        pids = {}
        trace = []
        for d in devices:
            pid, name = _chip_identity(self.chip, d)
            pids[d] = pid
            trace += [
                {"ph": "M", "pid": pid, "tid": 0, "name": "process_name", "args": {"name": name}},
                {"ph": "M", "pid": pid, "tid": 0, "name": "process_sort_index", "args": {"sort_index": pid}},
                {"ph": "M", "pid": pid, "tid": 0, "name": "thread_name", "args": {"name": "kernels"}},
                {"ph": "M", "pid": pid, "tid": 1, "name": "thread_name", "args": {"name": "host transfers"}},
                {"ph": "M", "pid": pid, "tid": 2, "name": "thread_name", "args": {"name": "ICI (collectives)"}},
                {"ph": "M", "pid": pid, "tid": 3, "name": "thread_name", "args": {"name": "sync points"}},
            ]
        pid = pids[0]
        for p in self.sync_points:
            trace.append({"ph": "i", "s": "t", "pid": pid, "tid": 3, "name": p.reason,
                          "ts": self._seconds(p.cycles) * 1e6, "args": {"where": p.where}})
        for e in self.events:
            trace.append(
                {
                    "ph": "X",
                    "pid": pids[e.device],
                    "tid": _TRACK.get(e.bound, 0),
                    "name": e.op,
                    "cat": e.kernel,
                    "ts": self._seconds(e.start_cycles) * 1e6,
                    "dur": self._seconds(e.cycles) * 1e6,
                    "args": {
                        "kernel": e.kernel,
                        "cycles": e.cycles,
                        "flops": e.flops,
                        "bytes_read": e.bytes_read,
                        "bytes_written": e.bytes_written,
                        "bound": e.bound,
                    },
                }
            )
        return {
            "traceEvents": trace,
            "displayTimeUnit": "ns",
            "otherData": {"chip": self.chip, "clock_hz": self.clock_hz, "time": "simulated"},
        }

    def roofline(self, path=None) -> str:
        """A roofline plot of the per-op summary as an SVG image (see `roofline.py`); written
        to `path` when given, and returned as text."""
        from .roofline import roofline_svg

        svg = roofline_svg(self.summary(), self.peak_flops, self.hbm_bw, self.chip)
        if path is not None:
            with open(path, "w") as f:
                f.write(svg)
        return svg

    def report_html(self, path, drift=None) -> None:
        """Writes one self-contained HTML page of the profiled step (see `_step_report.py`):
        chip, simulated step time, MFU and bound mix; the roofline; the op table; a timeline of
        the kernels with the sync points; the same step on v5e, v5p, v6e and v7x; the
        performance advisor's findings (`torch_tpudev.advise`); and, given a
        `torch_tpudev.drift(...)` report as `drift`, its table."""
        from . import _step_report

        with open(path, "w", encoding="utf-8") as f:
            f.write(_step_report.html(self, drift))

    def export_chrome_trace(self, path) -> None:
        with open(path, "w") as f:
            json.dump(self.chrome_trace(), f, indent=1)


_TRACK = {"host": 1, "ici": 2, "idle": 2}


def _chip_identity(chip, device=0):
    """(trace process id, name) of chip tpu:`device` of this process: in a job of several
    processes, the process's index in the slice, so that the traces of all ranks can be merged
    (`merge_traces`) into one timeline; in one process holding a slice, the device's index."""
    from .distributed import _slice

    topo = _slice.joined()
    if topo is not None:
        index = _slice.chip_index()
    else:
        topo = _slice.configured()
        if topo is None or topo.chips != _C.device_count():
            return device, f"tpu:{device} ({chip}, simulated)"
        index = device
    coords = ",".join(str(c) for c in topo.coords(index))
    return index, f"chip {index} ({coords}) of {topo.spec} ({chip}, simulated)"


def merge_traces(paths, out_path) -> None:
    """Writes one Chrome trace holding the traces of several ranks (each rank's chip is its own
    process in it, on the shared simulated timeline)."""
    events = []
    for p in paths:
        with open(p) as f:
            events.extend(json.load(f)["traceEvents"])
    with open(out_path, "w") as f:
        json.dump({"traceEvents": events, "displayTimeUnit": "ns", "otherData": {"time": "simulated"}}, f)


def profile(path=None) -> Profile:
    """Context manager profiling the block on the simulated clock; writes a Chrome/Perfetto
    trace to `path` on exit when given. Blocks may nest; each sees the kernels run inside it."""
    return Profile(path)
