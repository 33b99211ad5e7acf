"""Per-op overhead of the PyTorch path on the hardware backend against calling the same PJRT
executable directly, in one run.

    .venv/bin/python benches/hw_op_overhead.py [--repeats 5] [--calls 2000]

For each size, a child process on the hardware backend (TPUDEV_BACKEND=hw; without libtpu the
XLA CPU PJRT plugin that scripts/setup.sh installs) times `torch.add(a, b, out=c)` and `a + b`
on device-resident tensors (best of `repeats` loops of `calls` ops, each loop ending with a
synchronize), with TPUDEV_DUMP_PROGRAMS set so that the runtime writes the StableHLO program
it compiled for the add. Then `tpudev run PROGRAM --backend hw --repeat N` executes that very
program directly through the plugin on inputs uploaded once (median of N). The difference is
what tpudev's PyTorch path adds per op: the PrivateUse1 dispatch, argument conversion, the
dispatcher's program lookup, view layout and buffer bookkeeping. docs/benchmarks.md records its
figures.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import sysconfig
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

CHILD = r"""
import json, sys, time
import torch
n, calls, repeats = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
assert torch.tpu.backend() == "hw", torch.tpu.backend()
a = torch.randn(n).to("tpu")
b = torch.randn(n).to("tpu")
c = torch.empty(n, device="tpu")

def best(fn):
    fn()  # compile, and warm the caches
    out = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        torch.tpu.synchronize()
        out = min(out, time.perf_counter() - start)
    return out / calls

out_form = best(lambda: torch.add(a, b, out=c))
assert torch.equal(c.cpu(), a.cpu() + b.cpu())
print(json.dumps({"out": out_form, "alloc": best(lambda: a + b)}))
"""


def cli_env():
    """The CLI finds libtpu by itself; the XLA CPU plugin (what the Python runtime falls back
    to without libtpu) is named for it."""
    env = dict(os.environ)
    plugin = os.path.join(sysconfig.get_paths()["purelib"], "xla_plugins", "xla_cpu_pjrt", "xla_cpu_pjrt.so")
    if "TPUDEV_PJRT_PLUGIN" not in env and os.path.isfile(plugin):
        env["TPUDEV_PJRT_PLUGIN"] = plugin
    return env


def tpudev(*args):
    cmd = ["cargo", "run", "--release", "--quiet", "--bin", "tpudev", "--", *args]
    p = subprocess.run(cmd, cwd=ROOT, env=cli_env(), capture_output=True, text=True, timeout=1800)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{p.stderr}")
    return p.stdout


def measure(n, calls, repeats):
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, TPUDEV_BACKEND="hw", TPUDEV_CACHE="off", TPUDEV_DUMP_PROGRAMS=tmp)
        p = subprocess.run([sys.executable, "-c", CHILD, str(n), str(calls), str(repeats)], env=env,
                           capture_output=True, text=True, timeout=1800)
        if p.returncode != 0:
            sys.exit(f"child failed:\n{p.stderr}")
        torch_path = json.loads(p.stdout.strip().splitlines()[-1])
        programs = glob.glob(os.path.join(tmp, "*.mlir"))
        # Both forms of the add write a whole buffer from two whole buffers: one program.
        if len(programs) != 1:
            sys.exit(f"expected one dumped program for the add, found {len(programs)}: {programs}")
        # The program takes the two input buffers as bytes (ui8); feed it the bytes of normal
        # f32 values, as the PyTorch run had (random bytes would be denormals, slow on a CPU).
        files = []
        for k in range(2):
            path = os.path.join(tmp, f"in{k}.npy")
            np.save(path, np.random.default_rng(k).standard_normal(n, dtype=np.float32).view(np.uint8))
            files.append(path)
        direct = json.loads(tpudev("run", programs[0], "--backend", "hw", "--inputs", ",".join(files), "--json",
                                   "--repeat", str(calls)))
    return torch_path, direct["execute_seconds"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--calls", type=int, default=2000)
    args = ap.parse_args()
    tpudev("--version")  # build the CLI before timing anything
    print(f"{'elements':>10}{'direct (us)':>14}{'out= (us)':>12}{'a + b (us)':>12}{'overhead out= (us)':>20}"
          f"{'ratio out=':>12}")
    for n in [4, 4096, 1 << 20]:
        calls = args.calls if n < (1 << 20) else max(args.calls // 20, 20)
        torch_path, direct = measure(n, calls, args.repeats)
        us = lambda s: s * 1e6  # noqa: E731
        print(f"{n:>10}{us(direct):>14.1f}{us(torch_path['out']):>12.1f}{us(torch_path['alloc']):>12.1f}"
              f"{us(torch_path['out'] - direct):>20.1f}{torch_path['out'] / direct:>12.2f}")


if __name__ == "__main__":
    main()
