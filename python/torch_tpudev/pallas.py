"""JAX functions and Pallas kernels as PyTorch ops on "tpu" (TorchTPU's `jax_op`, where the
two overlap).

`jax_op("ns::name", fn)` defines the custom op `torch.ops.ns.name` computing `fn`, a JAX
function of arrays (a Pallas kernel among them, written with `interpret=True`), and returns
a callable taking and returning torch tensors. On "tpu" JAX traces `fn` for the inputs'
shapes and dtypes into StableHLO (`jax.jit(fn).lower(...).as_text()`, kept per shape and
dtype), and the device runs that program as one op (`stablehlo_call`): it is timed, deferred,
fused and captured by `torch.compile` like any other op, and its compiled program is cached
by its text and input types. On the CPU the op runs `fn` with JAX itself, which is the
reference the tests compare with. `torch.library.register_autograd` works on it as on any op.

JAX is an optional dependency (the `jax` extra); this module imports it when an op is made.
"""

import numpy as np
import torch

from . import _C, _private

__all__ = ["jax_op"]


def _jax():
    try:
        import jax
        import jax.numpy as jnp
    except ImportError as e:  # pragma: no cover - the set-up script installs JAX
        raise ImportError(
            "torch_tpudev.pallas needs JAX: pip install 'torch_tpudev[jax]' (or jax[cpu])"
        ) from e
    jax.config.update("jax_platforms", "cpu")
    return jax, jnp


def _jax_dtype(dtype):
    _, jnp = _jax()
    names = {torch.bfloat16: "bfloat16", torch.bool: "bool"}
    return jnp.dtype(names.get(dtype, str(dtype).removeprefix("torch.")))


def _torch_dtype(dtype):
    name = str(dtype)
    found = getattr(torch, name, None)
    if not isinstance(found, torch.dtype):
        raise TypeError(f"the JAX function returns {name}, which PyTorch has no dtype for")
    return found


def _to_jax(t):
    """A CPU tensor as a JAX array (bf16 through f32: NumPy has no bfloat16 of its own)."""
    _, jnp = _jax()
    t = t.detach()
    if t.dtype == torch.bfloat16:
        return jnp.asarray(t.float().numpy()).astype(jnp.bfloat16)
    return jnp.asarray(t.numpy())


def _from_jax(a):
    _, jnp = _jax()
    dtype = _torch_dtype(a.dtype)
    values = np.array(a.astype(jnp.float32) if a.dtype == jnp.bfloat16 else a)
    return torch.from_numpy(values).to(dtype)


class _JaxOp:
    """The op's implementations: StableHLO on "tpu", JAX itself on the CPU, shapes from
    `jax.eval_shape` for fake tensors."""

    def __init__(self, fn):
        self.fn = fn
        self.programs = {}

    def _specs(self, inputs):
        jax, _ = _jax()
        return [jax.ShapeDtypeStruct(tuple(t.shape), _jax_dtype(t.dtype)) for t in inputs]

    def program(self, inputs):
        key = tuple((tuple(t.shape), t.dtype) for t in inputs)
        text = self.programs.get(key)
        if text is None:
            jax, _ = _jax()
            text = jax.jit(self.fn).lower(*self._specs(inputs)).as_text()
            self.programs[key] = text
        return text

    def tpu(self, inputs):
        outs = _C.run("stablehlo_call", (self.program(inputs), list(inputs)), ())
        return [_private.new_tensor(*o) for o in outs]

    def cpu(self, inputs):
        jax, _ = _jax()
        arrays = [_to_jax(t) for t in inputs]
        return [_from_jax(o) for o in jax.tree_util.tree_leaves(jax.jit(self.fn)(*arrays))]

    def fake(self, inputs):
        jax, _ = _jax()
        shapes = jax.tree_util.tree_leaves(jax.eval_shape(self.fn, *self._specs(inputs)))
        device = inputs[0].device if inputs else torch.device("cpu")
        return [torch.empty(s.shape, dtype=_torch_dtype(s.dtype), device=device) for s in shapes]


def jax_op(name, fn, donate_argnums=()):
    """Defines the custom op `name` ("namespace::op") computing the JAX function `fn` and
    returns it as a callable of tensors: one tensor for a function with one result, a tuple
    otherwise. `donate_argnums` is accepted for TorchTPU's signature; the simulator copies
    nothing either way.

    The op is `torch.ops.<namespace>.<op>` (its schema: `(Tensor[] inputs) -> Tensor[]`), so
    `torch.library.register_autograd(name, ...)` gives it a backward, and `torch.compile`
    traces it without a graph break."""
    del donate_argnums
    namespace, _, op_name = name.partition("::")
    if not namespace or not op_name:
        raise ValueError(f"jax_op: the name must be 'namespace::op', not {name!r}")
    impl = _JaxOp(fn)
    lib = torch.library.Library(namespace, "FRAGMENT")
    lib.define(f"{op_name}(Tensor[] inputs) -> Tensor[]")
    lib.impl(op_name, impl.tpu, "PrivateUse1")
    lib.impl(op_name, impl.cpu, "CPU")
    torch.library.register_fake(name, impl.fake, lib=lib)
    packet = getattr(getattr(torch.ops, namespace), op_name)

    # Dynamo skips this package's functions; this one it must trace, to reach the op.
    @torch._dynamo.dont_skip_tracing
    def call(*tensors):
        outs = packet(list(tensors))
        return outs[0] if len(outs) == 1 else tuple(outs)

    call.op = packet.default
    call.library = lib  # the registration lives as long as this callable
    call.program = impl.program
    call.__name__ = op_name
    call.__doc__ = f"The custom op {name}, computed by {getattr(fn, '__name__', fn)!r} in JAX."
    return call
