"""Defer-and-fuse against strict mode on every model of the zoo: wall time and peak device
memory of one training step, in one run.

    .venv/bin/python benches/zoo_defer.py --all              # every model (about an hour)
    .venv/bin/python benches/zoo_defer.py --model hf/llama,torch/encoder_layers
    .venv/bin/python benches/zoo_defer.py --report-only      # rewrite the table from the JSON

Each model (scripts/zoo: tiny configs, random weights) is moved to "tpu" once and trained with
AdamW; a step is zero_grad, forward, the zoo's loss, backward, optimizer step and `loss.item()`
(a training loop that logs its loss). The two modes take turns step by step on the same model
in the same process, so a spell of load on the machine falls on both alike; the first
WARMUP_ROUNDS rounds (compilation, optimizer state) are not timed. A mode's figures are the
median wall time of its timed steps, the peak device memory of its steps (each step's peak
after resetting the peak at its start: the weights, gradients and optimizer state are the same
for both modes), and the simulated device time per step. Results go to
benches/results/zoo_defer.json (resumable) and the summary to stdout, for docs/benchmarks.md.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "scripts", "zoo"))

import zoo  # noqa: E402
import zoo_catalog  # noqa: E402

DEFAULT_OUT = os.path.join(HERE, "results", "zoo_defer.json")
MODES = ("strict", "fuse")
WARMUP_ROUNDS, TIMED_ROUNDS = 2, 5


def measure(spec, rounds=TIMED_ROUNDS, warmup=WARMUP_ROUNDS):
    """{mode: {"step_s", "peak", "sim_s", "flushes"}} for one model; the modes alternate."""
    import torch
    from zoo_spec import map_tensors

    torch.manual_seed(0)
    model = spec.build().to("tpu")
    model.train()
    inputs = map_tensors(spec.make_inputs(), lambda t: t.to("tpu"))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    mode_of = {"strict": torch.tpu.EagerMode.DEFER_NEVER, "fuse": torch.tpu.EagerMode.DEFER_AND_FUSE}
    seen = {mode: {"times": [], "peaks": [], "sim": [], "flushes": []} for mode in MODES}

    def step():
        optimizer.zero_grad(set_to_none=True)
        loss = spec.loss(model(**inputs))
        loss.backward()
        optimizer.step()
        return loss.item()

    for round_ in range(warmup + rounds):
        order = MODES if round_ % 2 == 0 else MODES[::-1]
        for mode in order:
            with torch.tpu.set_eager_mode(mode_of[mode]):
                torch.tpu.synchronize()
                torch.tpu.reset_peak_memory_stats()
                flushes, sim = torch.tpu.runtime_stats()["flushes"], torch.tpu.simulated_time()
                start = time.perf_counter()
                step()
                elapsed = time.perf_counter() - start
                torch.tpu.synchronize()
                if round_ >= warmup:
                    figures = seen[mode]
                    figures["times"].append(elapsed)
                    figures["peaks"].append(torch.tpu.max_memory_allocated())
                    figures["sim"].append(torch.tpu.simulated_time() - sim)
                    figures["flushes"].append(torch.tpu.runtime_stats()["flushes"] - flushes)
    return {mode: {"step_s": statistics.median(f["times"]), "peak": max(f["peaks"]),
                   "sim_s": statistics.median(f["sim"]), "flushes": statistics.median(f["flushes"])}
            for mode, f in seen.items()}


def worker_main():
    """zoo.Worker's protocol: model names on stdin, one JSON line per mode and a "done" line."""
    results = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # the models' own prints go to the log, not the results
    import warnings

    warnings.filterwarnings("ignore")
    specs = zoo_catalog.by_name()
    for line in sys.stdin:
        request = json.loads(line)
        try:
            records = measure(specs[request["model"]])
        except Exception as error:  # a model that cannot train on tpu: recorded, not measured
            records = {mode: {"error": f"{type(error).__name__}: {str(error)[:300]}"} for mode in MODES}
        for mode, record in records.items():
            results.write(json.dumps({"mode": mode, "record": record}) + "\n")
        results.write(json.dumps({"done": True}) + "\n")


def run(specs, out, timeout, force):
    results = zoo.load_results(out)
    pending = [s for s in specs if force or s.name not in results["models"]]
    print(f"{len(specs)} models selected, {len(pending)} to run", flush=True)
    worker = zoo.Worker(os.path.join(tempfile.gettempdir(), "zoo_defer_workers.log"), script=__file__)
    for spec in pending:
        records = worker.run(spec.name, MODES, timeout)
        records.pop("cpu", None)
        results["models"][spec.name] = {"family": spec.family, "modes": records}
        zoo.save_results(results, out)
        print(f"{spec.name:45s} {one_line(records)}", flush=True)
    worker.stop()


def one_line(records):
    strict, fuse = records.get("strict", {}), records.get("fuse", {})
    if "step_s" not in strict or "step_s" not in fuse:
        return f"not measured: {(strict.get('error') or fuse.get('error') or '')[:100]}"
    return (f"strict {strict['step_s'] * 1e3:7.1f} ms {strict['peak'] / 2**20:7.2f} MiB | "
            f"fuse {fuse['step_s'] * 1e3:7.1f} ms {fuse['peak'] / 2**20:7.2f} MiB | "
            f"{strict['step_s'] / fuse['step_s']:.2f}x, {fuse['flushes']:.0f} flushes")


def summary(results):
    """The distribution of defer-and-fuse's speed-up and peak memory over strict's."""
    rows = []
    for name, entry in sorted(results["models"].items()):
        strict, fuse = entry["modes"].get("strict", {}), entry["modes"].get("fuse", {})
        if "step_s" in strict and "step_s" in fuse:
            rows.append((name, strict["step_s"] / fuse["step_s"], fuse["peak"] / strict["peak"],
                         strict["sim_s"] / fuse["sim_s"] if fuse["sim_s"] else float("nan"), fuse["flushes"]))
    if not rows:
        return "no model measured"
    speed = sorted(r[1] for r in rows)
    memory = sorted(r[2] for r in rows)
    sim = sorted(r[3] for r in rows)
    no_slower = sum(r[1] >= 1.0 for r in rows)
    no_larger = sum(r[2] <= 1.0 for r in rows)
    both = sum(r[1] >= 1.0 and r[2] <= 1.0 for r in rows)
    quantile = lambda xs, q: xs[min(len(xs) - 1, int(q * len(xs)))]  # noqa: E731
    lines = [f"{len(rows)} models measured ({len(results['models']) - len(rows)} not measured)",
             "| figure (defer-and-fuse against strict) | worst | 10th percentile | median | best |",
             "| --- | ---: | ---: | ---: | ---: |",
             f"| wall-time speed-up | {speed[0]:.2f}x | {quantile(speed, 0.1):.2f}x | {statistics.median(speed):.2f}x | {speed[-1]:.2f}x |",
             f"| peak memory, fraction of strict's | {memory[-1]:.3f} | {quantile(memory[::-1], 0.1):.3f} | {statistics.median(memory):.3f} | {memory[0]:.3f} |",
             f"| simulated device time speed-up | {sim[0]:.2f}x | {quantile(sim, 0.1):.2f}x | {statistics.median(sim):.2f}x | {sim[-1]:.2f}x |",
             "",
             f"no slower: {no_slower}/{len(rows)} ({100 * no_slower / len(rows):.1f}%); no larger peak: "
             f"{no_larger}/{len(rows)} ({100 * no_larger / len(rows):.1f}%); both: {both}/{len(rows)} "
             f"({100 * both / len(rows):.1f}%)",
             "slowest and largest:"]
    for name, speedup, mem, sim_speedup, flushes in sorted(rows, key=lambda r: r[1])[:8]:
        lines.append(f"  {name:45s} {speedup:.2f}x wall, {sim_speedup:.2f}x simulated, peak {mem:.3f}, {flushes:.0f} flushes/step")
    for name, speedup, mem, sim_speedup, flushes in sorted(rows, key=lambda r: -r[2])[:5]:
        if mem > 1.0:
            lines.append(f"  {name:45s} peak {mem:.3f} of strict's")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--all", action="store_true", help="every model of the zoo")
    parser.add_argument("--family", help="comma-separated families")
    parser.add_argument("--model", help="comma-separated model names")
    parser.add_argument("--out", default=DEFAULT_OUT, help="results JSON (resumable)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per model")
    parser.add_argument("--force", action="store_true", help="rerun models already in the results")
    parser.add_argument("--report-only", action="store_true", help="print the summary from the JSON")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker_main()
    if not args.report_only:
        args.failed, args.list = False, False
        if not (args.all or args.family or args.model):
            sys.exit("choose models: --all, --family or --model (scripts/zoo.py --list shows them)")
        os.makedirs(os.path.dirname(args.out), exist_ok=True)
        run(zoo.select_specs(args), args.out, args.timeout, args.force)
    print(summary(zoo.load_results(args.out)))


if __name__ == "__main__":
    main()
