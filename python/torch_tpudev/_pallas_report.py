"""What the simulator measured for each Pallas kernel of an op, or what its model prices
without running it, beside what its author estimated (`pl.CostEstimate`): the table a kernel
author tunes block sizes with."""

import dataclasses

import torch

from . import _C, profiler


@dataclasses.dataclass(frozen=True)
class KernelTiming:
    """One kernel run: its description (`_pallas_grid.KernelInfo`) and the simulator's figures."""

    info: object
    seconds: float
    flops: int
    bytes: int
    bound: str = ""

    def row(self):
        est = self.info.estimate
        author = "-" if est is None else f"{est.flops / 1e9:.3f} GFLOP, {est.bytes_accessed / 2**20:.2f} MiB"
        grid = "x".join(map(str, self.info.grid)) or "1"
        return (
            f"{self.info.name:24s} {grid:>10s} {self.info.vmem / 2**20:9.2f} {self.bytes / 2**20:10.2f} "
            f"{self.flops / 1e9:9.3f} {self.seconds * 1e6:12.2f}   {author}"
        )


class KernelTimings(list):
    """`KernelTiming`s, printed as a table."""

    def __str__(self):
        head = (
            f"{'kernel':24s} {'grid':>10s} {'VMEM MiB':>9s} {'HBM MiB':>10s} {'GFLOP':>9s} {'simulated us':>12s}"
            "   author's pl.CostEstimate"
        )
        return "\n".join([head, *(t.row() for t in self)])


def time_kernels(run, infos):
    """Runs `run()` under the profiler and pairs each described kernel with its event, in order."""
    if torch.tpu.backend() != "sim":
        raise RuntimeError("kernel timings are the simulator's: unset TPUDEV_BACKEND=hw to get them")
    torch.tpu.synchronize()
    with profiler.profile() as prof:
        run()
        torch.tpu.synchronize()
    events = [e for e in prof.events if e.kernel.startswith("pallas[")]
    timings = KernelTimings()
    for info in infos:
        match = next((e for e in events if e.kernel == f"pallas[{info.name}]"), None)
        if match is None:
            continue  # a kernel the compiler removed (its result unused)
        events.remove(match)
        timings.append(KernelTiming(info, match.cycles / prof.clock_hz, match.flops, match.bytes, match.bound))
    return timings


def price_kernels(infos, chip):
    """Each described kernel priced by the timing model on `chip`, without running anything."""
    timings = KernelTimings()
    for info in infos:
        cost = _C.pallas_kernel_cost(info.attribute(), chip)
        seconds = cost["cycles"] / cost["clock_hz"]
        timings.append(KernelTiming(info, seconds, cost["flops"], cost["bytes_read"] + cost["bytes_written"], cost["bound"]))
    return timings
