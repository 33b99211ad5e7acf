"""`torch.Generator(device="tpu")`: random ops given one draw from its state, reproducibly
and without touching the device's own random state; a CPU generator is refused as CUDA
refuses it (it used to be ignored silently)."""

import pytest
import torch

DRAWS = {
    "randn": lambda g: torch.randn(2, 3, device="tpu", generator=g),
    "rand": lambda g: torch.rand(5, device="tpu", generator=g),
    "randint": lambda g: torch.randint(0, 100, (6,), device="tpu", generator=g),
    "normal_": lambda g: torch.empty(4, device="tpu").normal_(generator=g),
    "uniform_": lambda g: torch.empty(4, device="tpu").uniform_(generator=g),
    "bernoulli": lambda g: torch.bernoulli(torch.full((8,), 0.5, device="tpu"), generator=g),
    "multinomial": lambda g: torch.multinomial(torch.ones(6, device="tpu"), 3, generator=g),
    "randperm": lambda g: torch.randperm(7, device="tpu", generator=g),
}


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_same_seed_same_values_and_the_generator_advances(name):
    draw = DRAWS[name]
    g1 = torch.Generator(device="tpu").manual_seed(123)
    g2 = torch.Generator(device="tpu").manual_seed(123)
    first = draw(g1).cpu()
    assert torch.equal(first, draw(g2).cpu())
    assert g1.get_state()[8:].view(torch.int64).item() > 0, "the generator's offset did not advance"
    state = g1.get_state()
    again = draw(g1).cpu()
    g1.set_state(state)
    assert torch.equal(again, draw(g1).cpu())


def test_the_device_state_is_left_alone():
    torch.manual_seed(0)
    before = torch.tpu.get_rng_state()
    torch.randn(10, device="tpu", generator=torch.Generator(device="tpu").manual_seed(5))
    assert torch.equal(torch.tpu.get_rng_state(), before)
    torch.manual_seed(0)
    plain = torch.randn(10, device="tpu").cpu()
    torch.manual_seed(0)
    torch.randn(10, device="tpu", generator=torch.Generator(device="tpu").manual_seed(5))
    assert torch.equal(torch.randn(10, device="tpu").cpu(), plain)


def test_generator_properties():
    g = torch.Generator(device="tpu")
    assert g.device == torch.device("tpu", 0)
    assert g.manual_seed(7).initial_seed() == 7
    with pytest.raises(RuntimeError, match="16 uint8 values"):
        g.set_state(torch.zeros(3, dtype=torch.uint8))


def test_a_cpu_generator_is_refused():
    with pytest.raises(RuntimeError, match="expected a 'tpu' device type for generator but found 'cpu'"):
        torch.randn(3, device="tpu", generator=torch.Generator())

