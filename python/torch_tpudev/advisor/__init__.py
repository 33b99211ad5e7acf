"""`torch_tpudev.advise(prof)`: what slows a profiled run down on the simulated TPU, what to
change, and how much simulated time the change would save.

    with torch_tpudev.profile() as prof:
        for _ in range(3):
            train_step()
    print(torch_tpudev.advise(prof))

Each finding comes from one detector module (one idea each): recompilations and their
causes, graph breaks, host synchronizations inside the step, products whose shapes fill the
MXU poorly, f32 products that could run in bf16, memory-bound ops run one by one that would
fuse, batches too small to fill the MXU, and collectives the chip waits on. Findings are
ranked by the time they cost; each names the lines of user code where it arises and the
change that removes it, with the saving estimated by the same timing model that ran the step.
"""

import json
from dataclasses import asdict, dataclass, field

from . import _facts
from . import _fusion, _graph_breaks, _host_syncs, _mxu_shapes, _precision, _recompiles, _small_batch

DETECTORS = (
    _recompiles.find,
    _graph_breaks.find,
    _host_syncs.find,
    _mxu_shapes.find,
    _precision.find,
    _fusion.find,
    _small_batch.find,
)


@dataclass(frozen=True)
class Finding:
    """One thing to change. `saving_s` is the estimated time the change saves over the profiled
    run: simulated seconds on the advised chip, or, where `host_time` is set (compilation),
    seconds of host time measured in this process."""

    kind: str
    summary: str
    change: str
    saving_s: float
    where: tuple = ()
    detail: str = ""
    host_time: bool = False


@dataclass
class Advice:
    """The findings of one profiled run, largest saving first."""

    chip: str
    run_s: float
    findings: list = field(default_factory=list)

    def __iter__(self):
        return iter(self.findings)

    def __len__(self):
        return len(self.findings)

    def kinds(self):
        return [f.kind for f in self.findings]

    def of_kind(self, kind):
        return [f for f in self.findings if f.kind == kind]

    def to_json(self) -> str:
        return json.dumps({"chip": self.chip, "run_s": self.run_s, "findings": [asdict(f) for f in self.findings]}, indent=1)

    def __str__(self) -> str:
        from ._render import text

        return text(self)


def advise(prof, chip=None) -> Advice:
    """The findings of profiled run `prof` (a finished `torch_tpudev.profile` block), ranked by
    the time each costs. `chip` (a preset key, name or chip file) prices the products' what-ifs
    on another chip; by default, the chip that ran the profile."""
    facts = _facts.RunFacts(prof, chip)
    findings = [f for detect in DETECTORS for f in detect(facts, Finding)]
    findings.sort(key=lambda f: (-f.saving_s, f.kind, f.summary))
    return Advice(chip=facts.chip, run_s=facts.run_s, findings=findings)
