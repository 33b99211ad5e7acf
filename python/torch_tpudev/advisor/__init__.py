"""`torch_tpudev.advise(prof)`: what slows a profiled run down on the simulated TPU, what to
change, and how much simulated time the change would save.

    with torch_tpudev.profile() as prof:
        for _ in range(3):
            train_step()
    print(torch_tpudev.advise(prof))

Each finding comes from one detector module (one idea each): recompilations and their
causes, graph breaks, host synchronizations inside the step, products whose shapes fill the
MXU poorly, f32 products that could run in bf16, memory-bound ops run one by one that would
fuse, batches too small to fill the MXU, and collectives that do not overlap compute. Findings are
ranked by the time they cost; each names the lines of user code where it arises and the
change that removes it, with the saving estimated by the same timing model that ran the step.
"""

import json
from dataclasses import asdict, dataclass, field

from . import _facts
from . import _collectives, _fusion, _graph_breaks, _host_syncs, _mxu_shapes, _precision, _recompiles, _small_batch

DETECTORS = (
    _recompiles.find,
    _graph_breaks.find,
    _host_syncs.find,
    _mxu_shapes.find,
    _precision.find,
    _fusion.find,
    _small_batch.find,
    _collectives.find,
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
    """The findings of one profiled run, largest saving first, priced on `chip`; `run_s` is the
    run's simulated time there, `profiled_chip` the chip that ran it."""

    chip: str
    run_s: float
    findings: list = field(default_factory=list)
    profiled_chip: str = ""
    # Findings left out for saving less than `min_share` of the run.
    omitted: int = 0
    min_share: float = 0.01

    def __iter__(self):
        return iter(self.findings)

    def __len__(self):
        return len(self.findings)

    def kinds(self):
        return [f.kind for f in self.findings]

    def of_kind(self, kind):
        return [f for f in self.findings if f.kind == kind]

    def to_json(self) -> str:
        return json.dumps(
            {
                "chip": self.chip,
                "profiled_chip": self.profiled_chip,
                "run_s": self.run_s,
                "findings": [asdict(f) for f in self.findings],
                "omitted": self.omitted,
            },
            indent=1,
        )

    def __str__(self) -> str:
        from ._render import text

        return text(self)


def advise(prof, chip=None, min_share=0.01) -> Advice:
    """The findings of profiled run `prof` (a finished `torch_tpudev.profile` block), ranked by
    the time each costs. `chip` (a preset key, name or chip file) prices the findings on another
    chip; by default, the chip that ran the profile. Findings that would save less than
    `min_share` of the run's simulated time are left out (counted in `Advice.omitted`);
    recompilations, which cost host time, are always kept."""
    facts = _facts.RunFacts(prof, chip)
    found = [f for detect in DETECTORS for f in detect(facts, Finding)]
    kept = [f for f in found if f.host_time or f.saving_s >= min_share * facts.run_s]
    kept.sort(key=lambda f: (-f.saving_s, f.kind, f.summary))
    return Advice(
        chip=facts.chip,
        run_s=facts.run_s,
        findings=kept,
        profiled_chip=facts.profiled_chip,
        omitted=len(found) - len(kept),
        min_share=min_share,
    )
