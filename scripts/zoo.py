"""The model zoo: which public architectures run on the simulated TPU, and how exactly.

Every model is built from a tiny config in code (random weights, dropout off, no downloads),
then run forward + one SGD step on CPU and on "tpu" in strict, defer-and-fuse and
torch.compile(backend="tpu") modes from the same initial weights and inputs. Tier 1: the step
runs. Tier 2: outputs and updated parameters match CPU (tolerance: scripts/zoo/zoo_check.py).
Results go to a JSON file (resumable) and to docs/zoo.md.

    .venv/bin/python scripts/zoo.py --all --jobs 2           # the full zoo
    .venv/bin/python scripts/zoo.py --family timm --modes strict
    .venv/bin/python scripts/zoo.py --model hf/llama --force
    .venv/bin/python scripts/zoo.py --list
"""

import argparse
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "zoo"))

import zoo_catalog  # noqa: E402
import zoo_report  # noqa: E402
from zoo_check import MODES, check_model  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "docs", "zoo_results.json")
DEFAULT_MD = os.path.join(ROOT, "docs", "zoo.md")


def all_specs():
    return zoo_catalog.specs()


def spec_by_name(name):
    return zoo_catalog.by_name()[name]


def check(name, modes=MODES):
    """One model's records by mode ("cpu" first), in this process: what the tests assert on."""
    return dict(check_model(spec_by_name(name), modes))


# --- worker: runs models in its own process, one JSON line per mode --------------------------


def worker_main():
    """Read model names from stdin; for each, write one JSON line per mode and a "done" line.
    Anything the models print goes to stderr, so stdout carries only results."""
    results = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    import warnings

    warnings.filterwarnings("ignore")
    specs = zoo_catalog.by_name()
    for line in sys.stdin:
        request = json.loads(line)
        for mode, record in check_model(specs[request["model"]], request["modes"]):
            results.write(json.dumps({"mode": mode, "record": record}) + "\n")
        results.write(json.dumps({"done": True}) + "\n")


class Worker:
    """A worker process; replaced by a fresh one when a model exceeds its time limit."""

    def __init__(self, log_path, script=__file__):
        self.process = None
        self.log_path = log_path  # the models' own prints and warnings
        self.script = os.path.abspath(script)  # run with --worker; it speaks worker_main's protocol

    def start(self):
        command = [sys.executable, self.script, "--worker"]
        with open(self.log_path, "a") as log:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=log, text=True, bufsize=1)
        # A thread moves stdout lines to a queue: a timed get() can then wait for the next line
        # (select() on the pipe would miss lines already in the file object's buffer).
        self.lines = queue.Queue()
        threading.Thread(target=self.forward_lines, args=(self.process.stdout, self.lines), daemon=True).start()

    @staticmethod
    def forward_lines(stream, lines):
        for line in stream:
            lines.put(line)
        lines.put(None)  # end of stream: the process exited

    def run(self, name, modes, timeout):
        """Records per mode for one model; modes unfinished at the deadline get a timeout record."""
        if self.process is None or self.process.poll() is not None:
            self.start()
        self.process.stdin.write(json.dumps({"model": name, "modes": list(modes)}) + "\n")
        self.process.stdin.flush()
        records, deadline = {}, time.monotonic() + timeout
        while True:
            line = self.read_line(deadline)
            if line is None:
                return self.abandon(records, modes, timeout)
            message = json.loads(line)
            if message.get("done"):
                return records
            records[message["mode"]] = message["record"]

    def read_line(self, deadline):
        """The next stdout line, or None at the deadline or if the process died."""
        try:
            return self.lines.get(timeout=max(deadline - time.monotonic(), 0.001))
        except queue.Empty:
            return None

    def abandon(self, records, modes, timeout):
        died = self.process.poll() is not None
        self.stop()
        failure = {"tier1": False, "tier2": False, "error_type": "WorkerCrashed" if died else "Timeout",
                   "error": "the worker process died" if died else f"no result within {timeout} s", "aten_op": None}
        for mode in ("cpu",) + tuple(modes):
            records.setdefault(mode, dict(failure))
        return records

    def stop(self):
        if self.process is not None:
            self.process.kill()  # our own child, by its handle
            self.process.wait()
            self.process = None


# --- results file ------------------------------------------------------------------------------


def load_results(path):
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    return {"models": {}}


def save_results(results, path):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    os.replace(tmp, path)


def is_done(entry, modes):
    return entry is not None and all(m in entry["modes"] for m in ("cpu",) + tuple(modes))


def run_zoo(specs, modes, jobs, out, timeout, force, md_path, command):
    results = load_results(out)
    results["command"] = command
    pending = [s for s in specs if force or not is_done(results["models"].get(s.name), modes)]
    print(f"{len(specs)} models selected, {len(pending)} to run, {jobs} job(s)", flush=True)
    lock = threading.Lock()
    todo = list(reversed(pending))

    def drain():
        worker = Worker(os.path.join(tempfile.gettempdir(), "zoo_workers.log"))  # models' own output
        while True:
            with lock:
                if not todo:
                    break
                spec = todo.pop()
            started = time.monotonic()
            records = worker.run(spec.name, modes, timeout)
            with lock:
                entry = results["models"].setdefault(spec.name, {"family": spec.family, "modes": {}})
                entry["family"] = spec.family
                entry["modes"].update(records)
                entry["seconds"] = round(time.monotonic() - started, 1)
                save_results(results, out)
                print(f"{spec.name:45s} {one_line(records, modes)}  ({entry['seconds']} s)", flush=True)
        worker.stop()

    threads = [threading.Thread(target=drain) for _ in range(max(1, min(jobs, 2)))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    zoo_report.write(results, md_path, known=[s.name for s in all_specs()])
    print(f"wrote {out} and {md_path}")


def one_line(records, modes):
    def tier(record):
        if record is None:
            return "-"
        return "T2" if record.get("tier2") else ("T1" if record.get("tier1") else "x")

    cpu = records.get("cpu", {})
    if not cpu.get("tier1"):
        return f"cpu failed: {cpu.get('error_type')}: {cpu.get('error', '')[:80]}"
    return " ".join(f"{m}={tier(records.get(m))}" for m in modes)


def select_specs(args):
    specs = all_specs()
    if args.family:
        families = set(args.family.split(","))
        specs = [s for s in specs if s.family in families]
    if args.model:
        names = args.model.split(",")
        specs = [s for s in specs if any(s.name == n or s.name.endswith("/" + n) for n in names)]
    if args.failed:
        models = load_results(args.out)["models"]
        specs = [s for s in specs if s.name in models and not all(r.get("tier2", True) for r in models[s.name]["modes"].values())]
    return specs


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--all", action="store_true", help="every model of the zoo")
    parser.add_argument("--family", help="comma-separated families (see --list)")
    parser.add_argument("--model", help="comma-separated model names, e.g. hf/llama or llama")
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated of strict,fuse,compile")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (at most 2)")
    parser.add_argument("--out", default=DEFAULT_OUT, help="results JSON (resumable)")
    parser.add_argument("--md", default=DEFAULT_MD, help="the Markdown report to write")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per model, all modes")
    parser.add_argument("--force", action="store_true", help="rerun models already in the results")
    parser.add_argument("--failed", action="store_true", help="(re)run only the models that missed Tier 2 in some mode")
    parser.add_argument("--list", action="store_true", help="list the models and exit")
    parser.add_argument("--report-only", action="store_true", help="rewrite the Markdown from the JSON")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    if args.worker:
        return worker_main()
    if args.report_only:
        zoo_report.write(load_results(args.out), args.md, known=[s.name for s in all_specs()])
        return
    specs = select_specs(args)
    if args.list:
        for s in specs:
            print(f"{s.family:22s} {s.name}")
        print(f"{len(specs)} models")
        return
    if not (args.all or args.family or args.model or args.failed):
        sys.exit("choose models: --all, --family or --model (--list shows them)")
    modes = [m for m in args.modes.split(",") if m]
    unknown = set(modes) - set(MODES)
    if unknown:
        sys.exit(f"unknown modes {sorted(unknown)}; choose from {MODES}")
    command = "python scripts/zoo.py " + " ".join(argv if argv is not None else sys.argv[1:])
    run_zoo(specs, modes, args.jobs, args.out, args.timeout, args.force or args.failed, args.md, command)


if __name__ == "__main__":
    main()
