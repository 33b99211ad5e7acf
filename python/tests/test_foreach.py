"""In-place `_foreach_*_` ops on the device: each is one program over the whole tensor list
(PyTorch's CompositeExplicitAutograd kernel would run one op per tensor), with the results
PyTorch computes on the CPU."""

import pytest
import torch

SHAPES = [(3, 4), (5,), (2, 3, 2), ()]


def lists(seed, n=3):
    g = torch.Generator().manual_seed(seed)
    return [[torch.rand(s, generator=g) + 0.5 for s in SHAPES] for _ in range(n)]


CALLS = {
    "mul_.Scalar": lambda xs, ys, zs: torch._foreach_mul_(xs, 0.75),
    "mul_.List": lambda xs, ys, zs: torch._foreach_mul_(xs, ys),
    "mul_.Tensor": lambda xs, ys, zs: torch._foreach_mul_(xs, zs[3]),
    "add_.Scalar": lambda xs, ys, zs: torch._foreach_add_(xs, 2.0),
    "add_.List": lambda xs, ys, zs: torch._foreach_add_(xs, ys, alpha=-0.5),
    "add_.Tensor": lambda xs, ys, zs: torch._foreach_add_(xs, zs[3], alpha=2.0),
    "add_.ScalarList": lambda xs, ys, zs: torch._foreach_add_(xs, [1.0, 2.0, 3.0, 4.0]),
    "sub_.List": lambda xs, ys, zs: torch._foreach_sub_(xs, ys),
    "div_.List": lambda xs, ys, zs: torch._foreach_div_(xs, ys),
    "lerp_.Scalar": lambda xs, ys, zs: torch._foreach_lerp_(xs, ys, 0.1),
    "addcmul_.Scalar": lambda xs, ys, zs: torch._foreach_addcmul_(xs, ys, zs, value=0.001),
    "addcdiv_.ScalarList": lambda xs, ys, zs: torch._foreach_addcdiv_(xs, ys, zs, [0.1, 0.2, 0.3, 0.4]),
    "sqrt_": lambda xs, ys, zs: torch._foreach_sqrt_(xs),
    "exp_": lambda xs, ys, zs: torch._foreach_exp_(xs),
    "maximum_.List": lambda xs, ys, zs: torch._foreach_maximum_(xs, ys),
    "clamp_max_.Scalar": lambda xs, ys, zs: torch._foreach_clamp_max_(xs, 1.0),
    "zero_": lambda xs, ys, zs: torch._foreach_zero_(xs),
    "copy_": lambda xs, ys, zs: torch._foreach_copy_(xs, ys),
}


@pytest.mark.parametrize("name", CALLS, ids=str)
def test_inplace_foreach_matches_cpu_in_one_program(name):
    cpu = lists(0)
    tpu = [[t.to("tpu") for t in ts] for ts in cpu]
    ids = [id(t) for t in tpu[0]]
    CALLS[name](*cpu)
    before = torch.tpu.runtime_stats()
    CALLS[name](*tpu)
    after = torch.tpu.runtime_stats()
    ran = (after["ops_executed"] - before["ops_executed"]) + (after["ops_deferred"] - before["ops_deferred"])
    assert ran == 1, f"_foreach_{name} ran as {ran} device ops, not one"
    assert [id(t) for t in tpu[0]] == ids
    for got, want in zip(tpu[0], cpu[0]):
        torch.testing.assert_close(got.cpu(), want, rtol=1e-6, atol=1e-6)


def test_inplace_foreach_in_defer_and_fuse_mode_matches_strict():
    strict = [[t.to("tpu") for t in ts] for ts in lists(1)]
    torch._foreach_lerp_(strict[0], strict[1], 0.25)
    torch._foreach_addcdiv_(strict[0], strict[1], strict[2], 0.5)
    torch.tpu.eager_mode = torch.tpu.EagerMode.DEFER_AND_FUSE
    try:
        deferred = [[t.to("tpu") for t in ts] for ts in lists(1)]
        torch._foreach_lerp_(deferred[0], deferred[1], 0.25)
        torch._foreach_addcdiv_(deferred[0], deferred[1], deferred[2], 0.5)
        got = [t.cpu() for t in deferred[0]]
    finally:
        torch.tpu.eager_mode = torch.tpu.EagerMode.DEFER_NEVER
    for g, s in zip(got, strict[0]):
        assert torch.equal(g, s.cpu())


def test_inplace_foreach_bad_input_names_the_cause_and_writes_nothing():
    xs = [torch.ones(2, device="tpu"), torch.ones(3, device="tpu")]
    with pytest.raises(RuntimeError, match="same number of tensors, got 2 and 1"):
        torch._foreach_add_(xs, [torch.ones(2, device="tpu")])
    with pytest.raises(RuntimeError, match=r"_foreach_add\.List: shapes \[2\] and \[3\] cannot be broadcast"):
        torch._foreach_add_(xs, [torch.ones(3, device="tpu"), torch.ones(3, device="tpu")])
    assert [t.cpu().tolist() for t in xs] == [[1.0, 1.0], [1.0, 1.0, 1.0]]
    torch._foreach_add_(xs, 1.0)
    assert [t.cpu().tolist() for t in xs] == [[2.0, 2.0], [2.0, 2.0, 2.0]]
