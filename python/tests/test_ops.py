"""Every supported op, run on the tpu and compared with PyTorch on CPU (forward, and backward
where the case asks for it)."""

import pytest
import torch

from conftest import assert_close, to_tpu
from op_cases import CASES


def _options(case):
    return case[3] if len(case) > 3 else {}


def _grad_inputs(inputs):
    return [x for x in inputs if isinstance(x, torch.Tensor) and x.is_floating_point()]


def _flat(out):
    if isinstance(out, (list, tuple)):
        return [t for o in out for t in _flat(o)]
    return [out] if isinstance(out, torch.Tensor) else []


def run_case(case):
    _, fn, make = case[:3]
    opts = _options(case)
    rtol, atol = opts.get("tol", (1e-5, 1e-5))
    torch.manual_seed(0)
    cpu_inputs = list(make())
    grad = opts.get("grad", False)
    if grad:
        chosen = grad if isinstance(grad, list) else range(len(cpu_inputs))
        for i in chosen:
            x = cpu_inputs[i]
            if isinstance(x, torch.Tensor) and x.is_floating_point():
                x.requires_grad_()
    tpu_inputs = [x.detach().to("tpu").requires_grad_(x.requires_grad) if isinstance(x, torch.Tensor) else x
                  for x in cpu_inputs]
    cpu_out = fn(*cpu_inputs)
    tpu_out = fn(*tpu_inputs)
    assert_close(tpu_out, cpu_out, rtol=rtol, atol=atol)
    if grad:
        cpu_flat = [t for t in _flat(cpu_out) if t.requires_grad]
        tpu_flat = [t for t in _flat(tpu_out) if t.requires_grad]
        weights = [torch.randn(t.shape) for t in cpu_flat]
        sum(((t * w).sum() for t, w in zip(cpu_flat, weights)), torch.zeros(())).backward()
        sum(((t * to_tpu(w)).sum() for t, w in zip(tpu_flat, weights)), torch.zeros((), device="tpu")).backward()
        for c, t in zip(_grad_inputs(cpu_inputs), _grad_inputs(tpu_inputs)):
            if not c.requires_grad:
                continue
            if c.grad is None:
                assert t.grad is None
            else:
                assert_close(t.grad, c.grad, rtol=max(rtol, 1e-4), atol=max(atol, 1e-4))


# Cases whose result on the hardware backend differs for a documented reason (docs/hardware.md).
HW_DIFFERS = {
    "interpolate_bilinear_aa": "XLA's CPU compiler contracts a multiply and an add into one FMA, which moves "
    "the antialias window's bound (a truncated float) across an integer for one output row",
}


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, marks=[pytest.mark.hw_differs(HW_DIFFERS[c[0]])] if c[0] in HW_DIFFERS else []) for c in CASES],
    ids=[c[0] for c in CASES],
)
def test_op_matches_cpu(case):
    run_case(case)


def test_ops_doc_is_current():
    import pathlib
    import subprocess
    import sys

    root = pathlib.Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, str(root / "scripts" / "gen_ops_doc.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
