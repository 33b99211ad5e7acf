"""Results on the tpu have the strides PyTorch gives them on CPU and CUDA: elementwise ops lay
their result out like their inputs (TensorIterator's rule), copies keep a dense layout
(`clone`, `.to()` with preserve_format, in both directions), so code that views a result
(`(x.t() * 2).t().view(-1)`) works as it does there."""

import pytest
import torch

from conftest import assert_close

LAYOUTS = {
    "transposed": lambda: torch.randn(5, 4).t(),
    "channels_last": lambda: torch.randn(2, 3, 4, 5).to(memory_format=torch.channels_last),
    "permuted_3d": lambda: torch.randn(3, 4, 5).permute(2, 0, 1),
    "sliced": lambda: torch.randn(4, 10)[:, ::2],
    "expanded": lambda: torch.randn(4, 1).expand(4, 5),
}

ELEMENTWISE = {
    "mul_scalar": lambda a: a * 2,
    "add_self": lambda a: a + a,
    "relu": torch.relu,
    "gelu": torch.nn.functional.gelu,
    "compare": lambda a: a > 0,
    "where": lambda a: torch.where(a > 0, a, 0.0),
    "add_broadcast_row": lambda a: a + a.reshape(-1)[: a.shape[-1]],
    "add_contiguous": lambda a: a + torch.ones_like(a).contiguous(),
    "clone": lambda a: a.clone(),
    "contiguous": lambda a: a.contiguous(),
    "to_bf16": lambda a: a.to(torch.bfloat16),
}


@pytest.mark.parametrize("op", sorted(ELEMENTWISE))
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_elementwise_strides_match_cpu(layout, op):
    x = LAYOUTS[layout]()
    want = ELEMENTWISE[op](x)
    got = ELEMENTWISE[op](x.to("tpu"))
    assert got.stride() == want.stride()
    assert_close(got, want)


def test_view_of_a_transposed_result_works_as_on_cpu():
    x = torch.randn(4, 5)
    want = (x.t() * 2).t().view(-1)
    got = (x.to("tpu").t() * 2).t().view(-1)
    assert_close(got, want)


@pytest.mark.parametrize("layout", ["transposed", "channels_last", "permuted_3d"])
def test_copies_between_devices_keep_dense_layouts(layout):
    x = LAYOUTS[layout]()
    on_tpu = x.to("tpu")
    assert on_tpu.stride() == x.stride()
    back = on_tpu.cpu()
    assert back.stride() == x.stride()
    assert torch.equal(back, x)


def test_copies_of_strided_views_become_contiguous_as_on_cpu():
    x = LAYOUTS["sliced"]()
    on_tpu = x.to("tpu")
    assert on_tpu.stride() == x.clone().stride() and on_tpu.is_contiguous()
    assert torch.equal(on_tpu.cpu(), x)


def test_contiguous_inputs_give_contiguous_results_in_defer_mode():
    x = torch.randn(2, 3, 4, 5).to(memory_format=torch.channels_last).to("tpu")
    with torch.tpu.set_eager_mode(torch.tpu.EagerMode.DEFER_AND_FUSE):
        y = torch.relu(x) * 3
        assert y.stride() == x.stride()
        z = y.contiguous()
    assert z.is_contiguous()
    assert_close(z, (torch.relu(x.cpu()) * 3).contiguous())
