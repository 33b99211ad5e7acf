"""JAX for the torch_tpudev.pallas bridge: imported on first use (JAX is the optional `jax`
extra), and tensors and dtypes moved between PyTorch and JAX on the CPU."""

import numpy as np
import torch


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
