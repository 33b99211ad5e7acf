"""docs/zoo.md from the results JSON: totals per mode, per-family tables, failures by cause."""

import collections
import datetime
import re

from zoo_catalog import FAMILIES
from zoo_check import MODES, OUTPUT_ATOL, OUTPUT_RTOL, PARAM_ATOL, REORDERING_FACTOR, SENSITIVITY_FACTOR, UPDATE_RTOL

MODE_TITLES = {"strict": "strict", "fuse": "defer-and-fuse", "compile": "torch.compile"}


def tier(record):
    if record is None:
        return "—"
    if record.get("tier2"):
        return {None: "2", "float64": "2 (float64)"}.get(record.get("tier2_by"), "2 (sensitivity)")
    if record.get("tier1"):
        verdict = record.get("float64", {}).get("verdict", "")
        return "1 (reordering)" if verdict == "reordering" else "1"
    return "✗"


def cpu_ok(entry):
    return entry["modes"].get("cpu", {}).get("tier1", False)


def fmt(x):
    return "—" if x is None else ("inf" if x == float("inf") else f"{x:.1e}")


def totals(models, modes):
    counted = [e for e in models.values() if cpu_ok(e)]
    lines = ["| mode | models | Tier 1 | Tier 2 | of which within the model's float32 sensitivity | "
             "of which closer to float64 than CPU | not counted: Dynamo fails on CPU too |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for mode in modes:
        records = [e["modes"][mode] for e in counted if mode in e["modes"]]
        # A model Dynamo cannot compile on CPU either has no CPU reference in this mode.
        uncompilable = sum(r.get("compiles_on_cpu") is False for r in records)
        records = [r for r in records if r.get("compiles_on_cpu") is not False]
        t1 = sum(r.get("tier1", False) for r in records)
        t2 = sum(r.get("tier2", False) for r in records)
        by = collections.Counter(r.get("tier2_by") for r in records if r.get("tier2"))
        n = max(len(records), 1)
        lines.append(f"| {MODE_TITLES[mode]} | {len(records)} | {t1} ({100 * t1 / n:.1f}%) | {t2} ({100 * t2 / n:.1f}%) "
                     f"| {by['float32 sensitivity']} | {by['float64']} | {uncompilable} |")
    return lines


def family_table(names, models, modes):
    head = "| model | params | " + " | ".join(MODE_TITLES[m] for m in modes) + " | max param diff |"
    lines = [head, "| --- | ---: | " + " | ".join("---" for _ in modes) + " | ---: |"]
    for name in names:
        entry = models[name]
        cpu = entry["modes"].get("cpu", {})
        if not cpu.get("tier1"):
            cells = [name, "—", f"CPU reference failed: {cpu.get('error_type')}"] + [""] * len(modes)
            lines.append("| " + " | ".join(cells) + " |")
            continue
        diffs = [entry["modes"][m].get("max_param_diff") for m in modes if m in entry["modes"]]
        diffs = [d for d in diffs if d is not None]
        tiers = " | ".join(tier(entry["modes"].get(m)) for m in modes)
        lines.append(f"| {name} | {cpu.get('params', 0):,} | {tiers} | {fmt(max(diffs) if diffs else None)} |")
    return lines


def failure_cause(record):
    """Exception type and first line, numbers (sizes, counts) folded so that one cause groups."""
    message = record.get("error", "") or f"(no message; raised at {record.get('where', '?')})"
    if len(message) > 100 and ". " in message:  # keep the first sentence, not the boilerplate after it
        message = message[: message.index(". ") + 1]
    message = re.sub(r"\b\d+\b", "N", message[:200])
    dynamo = " [fails under Dynamo on CPU too]" if record.get("compiles_on_cpu") is False else ""
    return f"{record.get('error_type')}: {message}{dynamo}"


def failures_by_cause(models, modes):
    causes = collections.defaultdict(lambda: collections.defaultdict(list))
    ops = collections.defaultdict(set)
    for name, entry in models.items():
        if not cpu_ok(entry):
            continue
        for mode in modes:
            record = entry["modes"].get(mode)
            if record is not None and not record.get("tier1"):
                causes[failure_cause(record)][mode].append(name)
                if record.get("aten_op"):
                    ops[failure_cause(record)].add(record["aten_op"])
    ranked = sorted(causes.items(), key=lambda kv: -len({n for names in kv[1].values() for n in names}))
    lines = []
    for cause, per_mode in ranked:
        distinct = sorted({n for names in per_mode.values() for n in names})
        counts = ", ".join(f"{MODE_TITLES[m]} {len(per_mode[m])}" for m in modes if per_mode.get(m))
        named = f" — ATen op: {', '.join(f'`aten::{o}`' for o in sorted(ops[cause]))}" if ops[cause] else ""
        lines.append(f"- **{len(distinct)} model{'s' if len(distinct) > 1 else ''}** ({counts}): `{cause}`{named}  ")
        lines.append(f"  {', '.join(distinct)}")
    return lines or ["None."]


def op_counts(models, modes):
    """How many models each ATen op named in an error stops (any mode)."""
    per_op = collections.defaultdict(set)
    for name, entry in models.items():
        for mode in modes:
            record = entry["modes"].get(mode) or {}
            if cpu_ok(entry) and not record.get("tier1", True) and record.get("aten_op"):
                per_op[record["aten_op"]].add(name)
    rows = sorted(per_op.items(), key=lambda kv: -len(kv[1]))
    return ["| ATen op | models |", "| --- | ---: |"] + [f"| `{op}` | {len(names)} |" for op, names in rows]


def tier2_misses(models, modes):
    lines = ["| model | mode | max output diff | max param diff | CPU f32 vs f64 (out rel / param) | tpu vs f64 (out rel / param) | verdict | worst parameter |",
             "| --- | --- | ---: | ---: | ---: | ---: | --- | --- |"]
    for name, entry in sorted(models.items()):
        for mode in modes:
            r = entry["modes"].get(mode) or {}
            if r.get("tier1") and not r.get("tier2"):
                f = r.get("float64", {})
                lines.append(f"| {name} | {MODE_TITLES[mode]} | {fmt(r.get('max_output_diff'))} | {fmt(r.get('max_param_diff'))} | "
                             f"{fmt(f.get('cpu_vs_f64_output_rel'))} / {fmt(f.get('cpu_vs_f64_param'))} | "
                             f"{fmt(f.get('tpu_vs_f64_output_rel'))} / {fmt(f.get('tpu_vs_f64_param'))} | {f.get('verdict', '—')} | "
                             f"`{r.get('worst_param')}` |")
    return lines if len(lines) > 2 else ["None."]


HEADER = """# Model zoo

Which public model architectures run on the simulated TPU, and how closely they match PyTorch on
CPU. Every model is built from a tiny config in code (random weights, dropout and other random
training-time features off, no downloads), then runs a forward pass and one training step
(`torch.optim.SGD`, one step; the loss is the model's own with labels, cross-entropy for
classifiers, else the mean of squares of the outputs) on CPU and on `"tpu"` in three modes from
identical initial weights and inputs: strict (`EagerMode.DEFER_NEVER`, the default),
defer-and-fuse (`EagerMode.DEFER_AND_FUSE`) and `torch.compile(model, backend="tpu")`.

- **Tier 1**: the training step runs.
- **Tier 2**: the forward outputs and the parameters after the step match the CPU's, per tensor:
  outputs within {orel:g} × max|CPU output| + {oabs:g}; parameters within {urel:g} × max|CPU update| +
  {pabs:g} (the update, lr × gradient, must agree to 0.1% of its size). Float32 rounds each op to
  ~6e-8 relative; a different summation order (blocked matmuls, tree reductions, fused kernels)
  moves a sum of K terms by up to ~K × 6e-8 of its magnitude, which a tiny model's few layers and
  the backward pass compound to ~1e-5 at worst, so the tolerance leaves ~100× margin while a
  wrong op moves results by percents. The tpu's f32 matmuls run at "highest" precision (f32
  accuracy), so differences should be reordering only.
- **2 (sensitivity)**: the fixed tolerance missed, but the model amplifies rounding: moving its
  parameters by 2^-20 relative (a few ulps) moves the CPU's own step about as far, and the tpu's
  step is within {sfactor:g}× that spread of the CPU's (`scripts/zoo/zoo_check.py`, counted apart
  in the totals). Those models are ill-conditioned in float32 (batch norm over a batch of 2); no
  float32 implementation that sums in another order can match them closer.
- **2 (float64)**: both of the above missed, and a float64 CPU run decides: every output and
  parameter of the tpu's step is as close to the float64 result as the CPU's (give or take the
  Tier 2 allowance), so the CPU is the less exact of the two (counted apart in the totals).
- **Not counted** in torch.compile: a model whose step Dynamo cannot compile on CPU either
  (`torch.compile(backend="eager")`) has no reference in that mode; it is listed under the
  failures, marked so.
- **1 (reordering)**: Tier 2 missed, but a float64 CPU run shows the tpu is as close to the exact
  result as the float32 CPU is (within {factor:g}×): the miss is float32 reordering amplified by the
  model (e.g. batch norm over 2 values), not an error. A plain **1** is further from float64
  than the CPU: a real difference.

Regenerate (under an hour on 2 cores; resumable: models already in the JSON are skipped,
`--force` reruns them, `--failed` reruns those that missed Tier 2):

```bash
.venv/bin/python scripts/zoo.py --all --jobs 2
.venv/bin/python scripts/zoo.py --failed --jobs 2   # after an op fix: rerun what failed
```

The last command that updated these results: `{command}`.

`--family`, `--model` and `--modes strict,fuse,compile` select a subset; `--report-only` rewrites
this page from the JSON; `python/tests/test_zoo.py` runs a sample in CI.
Results: `{results}`. Generated {date}.
"""


def write(results, path, known):
    models = {n: e for n, e in results["models"].items() if n in set(known)}
    modes = [m for m in MODES if any(m in e["modes"] for e in models.values())]
    command = results.get("command", "python scripts/zoo.py --all --jobs 2")
    lines = [HEADER.format(orel=OUTPUT_RTOL, oabs=OUTPUT_ATOL, urel=UPDATE_RTOL, pabs=PARAM_ATOL, factor=REORDERING_FACTOR, sfactor=SENSITIVITY_FACTOR,
                           command=command, results="docs/zoo_results.json",
                           date=datetime.date.today().isoformat())]
    cpu_failed = sorted(n for n, e in models.items() if not cpu_ok(e))
    lines += ["## Totals", "", f"{len(models) - len(cpu_failed)} models ran on CPU (the reference); "
              f"percentages are of those.", ""] + totals(models, modes) + [""]
    lines += ["## Failures by cause", "", "Tier 1 failures, grouped by exception type, the ATen op it names and the "
              "first line of its message; the most common first.", ""] + failures_by_cause(models, modes) + [""]
    lines += ["### ATen ops named by failures", ""] + op_counts(models, modes) + [""]
    lines += ["## Tier 2 misses and the float64 check", "", "Max differences are absolute (outputs: of the "
              "worst tensor; f64 output columns relative to its scale).", ""] + tier2_misses(models, modes) + [""]
    lines += ["## Per family", ""]
    for family in FAMILIES:
        names = sorted(n for n, e in models.items() if e["family"] == family)
        if names:
            lines += [f"### {family} ({len(names)})", ""] + family_table(names, models, modes) + [""]
    if cpu_failed:
        lines += ["## Not counted", "", "Models whose CPU reference run failed (a zoo config problem, not the tpu's):", "",
                  ", ".join(cpu_failed), ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))
