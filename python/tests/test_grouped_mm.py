"""`torch._grouped_mm` (mixture-of-experts products) on the tpu: one ragged matrix product whose
group offsets stay on the device, against PyTorch's CPU kernel, forward and backward."""

import pytest
import torch

DEFER = torch.tpu.EagerMode.DEFER_AND_FUSE

OFFS = [4, 4, 10]  # an empty group, and rows 10.. past the last one


def _offs(device):
    return torch.tensor(OFFS, dtype=torch.int32, device=device)


def _grads(fn, args, device):
    """fn's result and the gradients of a weighted sum of it, on `device`."""
    xs = [a.detach().to(device).requires_grad_() for a in args]
    out = fn(*xs, device)
    weight = torch.linspace(-1, 1, out.numel()).reshape(out.shape).to(device)
    (out * weight).sum().backward()
    return out.detach().cpu(), [x.grad.cpu() for x in xs]


def _whole(t):
    return t


FORMS = {
    # 2-D x 3-D: token rows grouped by expert, the MoE forward. PyTorch leaves the rows past
    # the last group (and their gradient) unwritten, so only the grouped rows are compared.
    "rows": (
        (12, 8), (3, 8, 16), lambda x, w, d: torch._grouped_mm(x, w, offs=_offs(d))[:10], (lambda g: g[:10], _whole)
    ),
    # 3-D x 2-D: the columns of the 2-D operand grouped.
    "columns": (
        (3, 6, 8), (8, 12), lambda a, b, d: torch._grouped_mm(a, b, offs=_offs(d))[:, :10], (_whole, lambda g: g[:, :10])
    ),
    # 3-D x 3-D, no offsets: a batched product.
    "batched": ((3, 6, 8), (3, 8, 4), lambda a, b, d: torch._grouped_mm(a, b), (_whole, _whole)),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_grouped_mm_forward_and_backward_match_the_cpu(form):
    sa, sb, fn, trims = FORMS[form]
    torch.manual_seed(0)
    args = [torch.randn(sa), torch.randn(sb)]
    want, want_grads = _grads(fn, args, "cpu")
    got, got_grads = _grads(fn, args, "tpu")
    torch.testing.assert_close(got, want)
    for trim, g, w in zip(trims, got_grads, want_grads):
        torch.testing.assert_close(trim(g), trim(w))


def test_the_weight_gradient_form_groups_the_contracted_dim():
    # 2-D x 2-D: each group contracts over its own slice (the experts' weight gradient).
    torch.manual_seed(0)
    a, b = torch.randn(6, 12), torch.randn(12, 8)
    want = torch._grouped_mm(a, b, offs=_offs("cpu"))
    got = torch._grouped_mm(a.to("tpu"), b.to("tpu"), offs=_offs("tpu")).cpu()
    assert got.shape == (3, 6, 8)
    torch.testing.assert_close(got, want)
    assert torch.count_nonzero(got[1]) == 0  # the empty group


def test_rows_past_the_last_group_are_zero_and_bf16_matches_the_cpu():
    torch.manual_seed(0)
    x, w = torch.randn(12, 8).bfloat16(), torch.randn(3, 8, 16).bfloat16()
    got = torch._grouped_mm(x.to("tpu"), w.to("tpu"), offs=_offs("tpu")).cpu()
    assert got.dtype == torch.bfloat16
    torch.testing.assert_close(got[:10], torch._grouped_mm(x, w, offs=_offs("cpu"))[:10])
    assert torch.count_nonzero(got[10:]) == 0


def test_routing_stays_on_the_device_deferred():
    # The offsets are a device value: no sync to read them, and a step whose routing changes
    # runs the same compiled program (from the third step: the first creates the gradients,
    # the second accumulates into them).
    torch.manual_seed(0)
    x = torch.randn(12, 8, device="tpu", requires_grad=True)
    w = torch.randn(3, 8, 16, device="tpu", requires_grad=True)
    with torch.tpu.set_eager_mode(DEFER):
        results = []
        for offs in ([4, 4, 10], [1, 7, 12], [0, 12, 12], [6, 6, 6]):
            o = torch.tensor(offs, dtype=torch.int32).to("tpu")
            torch.tpu.synchronize()
            before = torch.tpu.runtime_stats()
            y = torch._grouped_mm(x, w, offs=o)
            y.square().sum().backward()
            mid = torch.tpu.runtime_stats()
            assert mid["flushes"] == before["flushes"], "recording the step needs no sync"
            results.append((y.detach().cpu(), offs))
            torch.tpu.synchronize()
            after = torch.tpu.runtime_stats()
            if len(results) > 2:
                assert after["compilations"] == before["compilations"], "new routing, same program"
    for y, offs in results:
        cpu_offs = torch.tensor(offs, dtype=torch.int32)
        want = torch._grouped_mm(x.detach().cpu(), w.detach().cpu(), offs=cpu_offs)
        torch.testing.assert_close(y[: offs[-1]], want[: offs[-1]])


def test_bad_grouped_mm_input_names_the_problem():
    x, w = torch.randn(12, 8, device="tpu"), torch.randn(3, 8, 16, device="tpu")
    with pytest.raises(RuntimeError, match="offs"):
        torch._grouped_mm(x, w, offs=torch.tensor([4, 10], dtype=torch.int32, device="tpu"))
    with pytest.raises(RuntimeError, match="same dtype"):  # as the CPU kernel, autocast or not
        torch._grouped_mm(x.bfloat16(), w, offs=_offs("tpu"))
    with pytest.raises(RuntimeError, match="bias"):
        torch._grouped_mm(x, w, offs=_offs("tpu"), bias=torch.zeros(3, 16, device="tpu"))
    assert torch._grouped_mm(x, w, offs=_offs("tpu")).shape == (12, 16)  # still usable
