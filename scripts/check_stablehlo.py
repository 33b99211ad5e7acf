#!/usr/bin/env python3
"""Checks printed StableHLO against a real StableHLO parser (jaxlib's MLIR bindings).

Usage: TPUDEV_STABLEHLO_DUMP=/tmp/shlo cargo test -p tpudev-core stablehlo
       python scripts/check_stablehlo.py /tmp/shlo [--compile]

Needs `jax` and `jaxlib` in the interpreter that runs it (a scratch venv; they are not project
requirements). Prints one line per file: OK, or REJECTED with the parser's first diagnostic.
With --compile, also compiles each accepted module with jax's CPU backend (XLA). Exit status 1
if a file other than the expected `tpudev.*` custom calls was rejected.
"""
import pathlib
import sys

from jax._src.interpreters import mlir
from jax._src.lib.mlir import ir


def compile_cpu(text):
    """Compiles a module with jax's CPU backend (XLA), returning the loaded executable."""
    import jax.extend.backend
    from jax._src.lib import xla_client as xc

    backend = jax.extend.backend.get_backend("cpu")
    devices = xc.DeviceList(tuple(backend.devices()[:1]))
    return backend.compile_and_load(text, devices, xc.CompileOptions())


def run_cpu(exe, inputs):
    """Runs a compiled module on numpy inputs; returns numpy outputs."""
    import jax
    import numpy as np

    out = exe.execute_sharded([jax.device_put(x) for x in inputs])
    return [np.asarray(o[0]) for o in out.disassemble_into_single_device_arrays()]


def main() -> int:
    folder = pathlib.Path(sys.argv[1])
    compile_too = "--compile" in sys.argv
    ctx = mlir.make_ir_context()
    bad = 0
    for path in sorted(folder.glob("*.mlir")):
        text = path.read_text()
        custom = "@tpudev." in text
        try:
            with ctx:
                module = ir.Module.parse(text)
        except Exception as e:  # the parser's diagnostic
            msg = str(e).replace("\n", " ")[:300]
            print(f"REJECTED {path.name}: {msg}")
            bad += 1
            continue
        status = "OK (parsed)"
        if compile_too:
            try:
                compile_cpu(text)
                status = "OK (parsed, compiled by XLA)"
            except Exception as e:
                msg = str(e).replace("\n", " ")[:200]
                status = f"OK (parsed); XLA compile failed{' as expected (tpudev custom call)' if custom else ''}: {msg}"
                if not custom:
                    bad += 1
        print(f"{status} {path.name}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
