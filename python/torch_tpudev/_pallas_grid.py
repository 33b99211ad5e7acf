"""Chip-independent descriptions of the Pallas kernels in a JAX function, for the device's
Pallas timing model.

In interpret mode a `pallas_call` lowers to a while loop over its grid, which is not what a
TPU runs. `annotated_program` lowers the function so that every `pallas_call` becomes its
own private function `tpudev_pallas_<k>` whose signature carries the string attribute
`tpudev.pallas`: the kernel's grid, the bytes its pipeline moves between HBM and VMEM, the
VMEM it holds and the MXU/VPU/EUP work of its body over the whole grid (see
`KernelInfo.attribute` for the format, which the Rust parser reads as is).

Only kernels reached through call-like primitives (jit, closed_call, custom_jvp/vjp,
checkpoint) are described; one nested inside a cond/while/scan of the outer function is left
as it is (its trip count is not the kernel's business) and keeps the simulator's loop timing.
"""

import collections
import dataclasses
import math
import re
import warnings

import numpy as np

from . import _jax_bridge

PREFIX = "tpudev_pallas_"
ATTRIBUTE = "tpudev.pallas"

# Primitives whose body runs once per binding with the same operands: their kernels are
# found, and inlined when annotating.
_CALLS = {
    "jit", "pjit", "closed_call", "core_call", "custom_jvp_call", "custom_vjp_call",
    "custom_vjp_call_jaxpr", "remat2", "checkpoint", "remat", "custom_lin",
}

# Memory spaces a BlockSpec leaves in place: the kernel gets the whole array, no block DMA.
_UNBLOCKED = {"any", "hbm", "host"}
_VMEM = {"default", "vmem"}

# Work on the EUP (transcendental unit), counted by elements produced.
_TRANSCENDENTAL = {
    "exp", "exp2", "log", "log1p", "expm1", "tanh", "logistic", "sin", "cos", "tan",
    "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "erf", "erfc",
    "erf_inv", "pow", "rsqrt", "sqrt", "cbrt", "atan2", "lgamma", "digamma", "reciprocal",
}
# Reductions cost their input elements, not their (small) output.
_REDUCTIONS = {
    "reduce_sum", "reduce_max", "reduce_min", "reduce_prod", "reduce_and", "reduce_or",
    "reduce_xor", "argmax", "argmin", "reduce", "cumsum", "cumprod", "cummax", "cummin",
    "cumlogsumexp",
}
# Memory traffic, layout changes (XLU, not VPU) and bookkeeping: no vector-unit work.
_FREE = {
    "get", "swap", "masked_load", "masked_swap", "load", "reshape", "squeeze",
    "expand_dims", "bitcast_convert_type", "bitcast", "transpose", "slice", "dynamic_slice",
    "dynamic_update_slice", "concatenate", "pad", "rev", "copy", "copy_p", "device_put",
    "program_id", "num_programs", "multiple_of", "dma_start", "dma_wait", "semaphore_read",
    "semaphore_signal", "semaphore_wait", "delay", "optimization_barrier", "roll", "gather",
    "touch", "add_dependency", "trace_value", "run_state", "pvary", "broadcast_to_vma",
}

# A while loop whose trip count takes longer than this to count is counted once.
_MAX_TRIPS = 10_000

_PRECISIONS = ("DEFAULT", "HIGH", "HIGHEST")


@dataclasses.dataclass(frozen=True)
class Dot:
    """`count` executions of one dot_general shape over the whole grid."""

    count: int
    batch: int
    m: int
    n: int
    k: int
    lhs: str
    rhs: str
    out: str
    precision: str

    def text(self):
        return (f"dot={self.count}*{self.batch}x{self.m}x{self.n}x{self.k}"
                f":{self.lhs}:{self.rhs}:{self.out}:{self.precision}")


@dataclasses.dataclass(frozen=True)
class KernelInfo:
    """What one pallas_call does over its whole grid, independent of the chip."""

    name: str
    grid: tuple
    semantics: tuple | None
    bytes_in: int
    bytes_out: int
    first_load: int
    last_store: int
    vmem: int
    vmem_limit: int | None
    vpu: int
    transcendentals: int
    dots: tuple
    estimate: object | None  # the author's pl.CostEstimate
    # Why Mosaic, the TPU compiler, refuses the kernel (its lowering for a TPU, run here), or
    # None: a kernel interpret mode runs may still not compile for a TPU.
    tpu_problem: str | None = None

    @property
    def flops(self):
        """FLOPs of the kernel's matrix products over the grid."""
        return sum(2 * d.count * d.batch * d.m * d.n * d.k for d in self.dots)

    def attribute(self):
        """The `tpudev.pallas` string: space-separated key=value in a fixed order."""
        est = self.estimate
        fields = [
            f"name={self.name}",
            "grid=" + ("x".join(map(str, self.grid)) or "1"),
            "semantics=" + (",".join(self.semantics) if self.semantics else "none"),
            f"bytes_in={self.bytes_in}",
            f"bytes_out={self.bytes_out}",
            f"first_load={self.first_load}",
            f"last_store={self.last_store}",
            f"vmem={self.vmem}",
            f"vmem_limit={'none' if self.vmem_limit is None else self.vmem_limit}",
            f"vpu={self.vpu}",
            f"transcendentals={self.transcendentals}",
            *(d.text() for d in self.dots),
            "estimate=" + ("none" if est is None else ":".join(
                str(int(x)) for x in (est.flops, est.transcendentals, est.bytes_accessed))),
        ]
        return " ".join(fields)


def _jax():
    return _jax_bridge._jax()[0]


# ----------------------------------------------------------------------------- finding

def _call_body(eqn):
    """(jaxpr, consts) of a call-like equation, whose invars are the equation's; else None."""
    if eqn.primitive.name not in _CALLS:
        return None
    for key in ("jaxpr", "call_jaxpr", "fun_jaxpr"):
        sub = eqn.params.get(key)
        if sub is None:
            continue
        if hasattr(sub, "consts"):  # a ClosedJaxpr
            return sub.jaxpr, list(sub.consts)
        if hasattr(sub, "eqns") and not sub.constvars:
            return sub, []
    return None


def _pallas_eqns(jaxpr):
    """The pallas_call equations reachable through call-like primitives, each once, in
    order of first appearance."""
    found = {}

    def walk(j):
        for eqn in j.eqns:
            if eqn.primitive.name == "pallas_call":
                found.setdefault(id(eqn), eqn)
            elif (body := _call_body(eqn)) is not None:
                walk(body[0])

    walk(jaxpr)
    return list(found.values())


def _described(closed):
    """(equation, KernelInfo) for every kernel of a closed jaxpr that can be described; the
    index in this list is the k of `tpudev_pallas_<k>`."""
    out = []
    for eqn in _pallas_eqns(closed.jaxpr):
        try:
            out.append((eqn, _describe(eqn)))
        except NotImplementedError:  # a dynamic grid: left to the simulator's loop timing
            continue
    return out


def describe_kernels(fn, arg_specs):
    """KernelInfo of every pallas_call in `fn` for `arg_specs` (jax.ShapeDtypeStruct)."""
    closed = _jax().make_jaxpr(fn)(*arg_specs)
    return [info for _, info in _described(closed)]


# ----------------------------------------------------------------------------- annotating

def annotated_program(fn, arg_specs):
    """The StableHLO text of `fn`, each pallas_call in its own `tpudev_pallas_<k>` function
    carrying the `tpudev.pallas` attribute. Values are those of `fn`."""
    jax = _jax()
    program, attributes = _split_program(fn, arg_specs)
    if not attributes:
        return jax.jit(fn).lower(*arg_specs).as_text()
    return _annotate(jax.jit(program).lower(*arg_specs).as_text(), attributes)


def _split_program(fn, arg_specs):
    """`fn` re-evaluated from its jaxpr with each described kernel in a jitted function of
    its own name, and {name: attribute}; (fn, {}) when there is no kernel."""
    jax = _jax()
    closed, out_shape = jax.make_jaxpr(fn, return_shape=True)(*arg_specs)
    kernels = _described(closed)
    if not kernels:
        return fn, {}
    for _, info in kernels:
        if info.tpu_problem:
            warnings.warn(
                f"the Pallas kernel `{info.name}` would not compile for a TPU, which refuses it: "
                f"{info.tpu_problem} (interpret mode runs it here)",
                stacklevel=2,
            )
    wrappers = {id(eqn): jax.jit(_kernel_function(eqn, PREFIX + str(k)))
                for k, (eqn, _) in enumerate(kernels)}
    out_tree = jax.tree_util.tree_structure(out_shape)

    def program(*args):
        flat = jax.tree_util.tree_leaves(args)
        outs = _inline_eval(closed.jaxpr, closed.consts, flat, wrappers)
        return jax.tree_util.tree_unflatten(out_tree, outs)

    return program, {PREFIX + str(k): info.attribute() for k, (_, info) in enumerate(kernels)}


def _kernel_function(eqn, name, **changed):
    """A function binding exactly this pallas_call, with `changed` params: jitted, JAX lowers
    it to a private function named after it."""
    params = {**eqn.primitive.get_bind_params(eqn.params), **changed}

    def kernel(*args):
        return eqn.primitive.bind(*args, **params)

    kernel.__name__ = kernel.__qualname__ = name
    return kernel


def _holds_kernel(jaxpr, wrappers):
    return any(id(e) in wrappers for e in _pallas_eqns(jaxpr))


def _inline_eval(jaxpr, consts, args, wrappers):
    """Evaluates `jaxpr` under the current trace, calling the wrappers for the kernels and
    inlining the calls that hold one (so that each kernel is bound by its wrapper); every
    other equation is bound as JAX's own eval_jaxpr would."""
    from jax.extend.core import Literal

    env = dict(zip(jaxpr.constvars, consts))
    env.update(zip(jaxpr.invars, args))

    def read(v):
        return v.val if isinstance(v, Literal) else env[v]

    for eqn in jaxpr.eqns:
        invals = [read(v) for v in eqn.invars]
        body = _call_body(eqn)
        if id(eqn) in wrappers:
            outs = wrappers[id(eqn)](*invals)
        elif body is not None and _holds_kernel(body[0], wrappers):
            outs = _inline_eval(body[0], body[1], invals, wrappers)
        else:
            with eqn.ctx.manager:
                outs = eqn.primitive.bind(*invals, **eqn.primitive.get_bind_params(eqn.params))
            if not eqn.primitive.multiple_results:
                outs = [outs]
        env.update(zip(eqn.outvars, outs))
    return [read(v) for v in jaxpr.outvars]


def _annotate(text, attributes):
    """Adds `tpudev.pallas = "..."` to the signature line of each named private function."""
    pattern = re.compile(r"^\s*func\.func private @([A-Za-z0-9_.$-]+)\(")
    lines = text.split("\n")
    seen = set()
    for i, line in enumerate(lines):
        m = pattern.match(line)
        if not m or m.group(1) not in attributes:
            continue
        entry = f'{ATTRIBUTE} = "{attributes[m.group(1)]}"'
        if " attributes {" in line:  # JAX printed a dict of its own: join it
            lines[i] = line.replace(" attributes {", " attributes {" + entry + ", ", 1)
        elif line.endswith(" {"):
            lines[i] = line[:-2] + " attributes {" + entry + "} {"
        else:
            continue
        seen.add(m.group(1))
    missing = set(attributes) - seen
    if missing:
        raise RuntimeError(f"no private function found for the kernels {sorted(missing)}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- describing

def _bits(dtype):
    try:
        from jax._src import dtypes

        return dtypes.itemsize_bits(dtype)
    except Exception:  # pragma: no cover - older JAX
        return np.dtype(dtype).itemsize * 8


def _nbytes(shape, dtype):
    return (math.prod(shape) * _bits(dtype) + 7) // 8


def _hlo_type(dtype):
    """StableHLO's name of an element type (f32, bf16, i1, ui8, f8E4M3FN, ...)."""
    name = np.dtype(dtype).name
    if name == "bool":
        return "i1"
    if name == "bfloat16":
        return "bf16"
    if m := re.fullmatch(r"(u?)int(\d+)", name):
        return f"{m.group(1) and 'u'}i{m.group(2)}"
    if m := re.fullmatch(r"float(\d+)(?:_(\w+))?", name):
        return f"f{m.group(1)}{(m.group(2) or '').upper()}"
    return re.sub(r"[^A-Za-z0-9_.]", "_", name)


def _memory_space(aval):
    """The memory space of a Ref aval (or TransformedRef) as a lower-case string."""
    ref = getattr(aval, "ref", aval)
    return str(getattr(ref, "memory_space", "default")).lower()


def _grid_points(grid):
    """The program ids of every grid point, row-major (the last axis fastest): one int32
    array per axis."""
    steps = math.prod(grid)
    return list(np.indices(grid, dtype=np.int32).reshape(len(grid), steps))


def _describe(eqn):
    params = eqn.params
    gm = params["grid_mapping"]
    grid = tuple(gm.grid)
    if not all(isinstance(d, int) for d in grid):
        raise NotImplementedError("a dynamic grid")
    ctx = _Grid(grid, _grid_points(grid))
    steps = ctx.steps
    ins = gm.block_mappings[: gm.num_inputs]
    outs = gm.block_mappings[gm.num_inputs: gm.num_inputs + gm.num_outputs]
    ins = [bm for bm in ins if _memory_space(bm.transformed_block_aval) not in _UNBLOCKED]
    outs = [bm for bm in outs if _memory_space(bm.transformed_block_aval) not in _UNBLOCKED]

    work = _Work()
    kernel = params["jaxpr"]
    _walk(kernel, [None] * len(kernel.constvars), [None] * len(kernel.invars),
          np.ones(steps, np.int64), ctx, work)

    compiler_params = _mosaic_params(params.get("compiler_params"))
    first = steps > 0
    return KernelInfo(
        name=_kernel_name(params),
        grid=grid,
        semantics=_semantics(compiler_params, len(grid)),
        bytes_in=sum(_transfers(bm, ctx) * _block_bytes(bm) for bm in ins) + work.bytes_in,
        bytes_out=sum(_transfers(bm, ctx) * _block_bytes(bm) for bm in outs) + work.bytes_out,
        first_load=first * sum(_block_bytes(bm) for bm in ins),
        last_store=first * sum(_block_bytes(bm) for bm in outs),
        vmem=_vmem(ins + outs, gm.scratch_avals) + _scoped_vmem(kernel),
        vmem_limit=getattr(compiler_params, "vmem_limit_bytes", None),
        vpu=work.vpu,
        transcendentals=work.transcendentals,
        dots=tuple(Dot(c, *key) for key, c in work.dots.items() if c),
        estimate=params.get("cost_estimate"),
        tpu_problem=_mosaic_problem(eqn),
    )


# JAX's name of each simulated chip, and its TensorCores per JAX device (Megacore on v4, v5p).
_CHIP_VERSIONS = {"v4": ("v4", 2), "v5e": ("v5e", 1), "v5p": ("v5p", 2), "v6e": ("v6e", 1), "v7x": ("7x", 1)}


def _simulated_chip():
    try:
        import torch

        if torch.tpu.backend() == "sim":
            return torch.tpu.get_device_properties().chip
    except Exception:  # noqa: BLE001 - no device yet: the default chip
        pass
    return "v5e"


def _target_simulated_chip():
    """Mosaic asks JAX about the TPU it compiles for, by the default device's kind ("cpu"
    here); JAX's registry of device kinds lets the simulated chip answer, as Helion does for
    its CPU runs. False where this JAX has no such registry."""
    try:
        from jax._src.pallas.mosaic import tpu_info
    except ImportError:  # pragma: no cover - a JAX without Mosaic
        return False
    registry = getattr(tpu_info, "registry", None)
    if registry is None:
        return False
    if "cpu" not in registry:
        version, cores = _CHIP_VERSIONS.get(_simulated_chip(), ("v5e", 1))
        chip = tpu_info.ChipVersion(version)
        registry["cpu"] = lambda: tpu_info.get_tpu_info_for_chip(chip, cores)
    return True


def _mosaic_problem(eqn):
    """The first line of the error Mosaic raises lowering this kernel for a TPU (as
    `jax.export(..., platforms=["tpu"])` does it on any machine), or None; None too where the
    lowering needs a TPU to ask about and none can be named."""
    jax = _jax()
    targeted = _target_simulated_chip()
    kernel = _kernel_function(eqn, "mosaic_kernel", interpret=False)
    avals = [jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype) for v in eqn.invars]
    try:
        jax.export.export(jax.jit(kernel), platforms=["tpu"])(*avals)
    except Exception as e:  # noqa: BLE001 - any refusal is the answer
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        if not targeted and "device kind" in first:
            return None
        return first
    return None


def _kernel_name(params):
    name = params.get("name") or getattr(params.get("name_and_src_info"), "name", None)
    if not name:
        debug = getattr(params["jaxpr"], "debug_info", None)
        name = getattr(debug, "func_name", None)
    return re.sub(r"[^A-Za-z0-9_.]", "_", str(name or "kernel"))


def _mosaic_params(compiler_params):
    """The TPU compiler params: older JAX keys them by backend ("mosaic") in a dict."""
    if isinstance(compiler_params, dict):
        return compiler_params.get("mosaic") or next(iter(compiler_params.values()), None)
    return compiler_params


def _semantics(compiler_params, ndim):
    """'parallel'/'arbitrary' per grid axis; core/subcore-parallel axes are parallel too."""
    dims = getattr(compiler_params, "dimension_semantics", None)
    if dims is None or len(dims) != ndim or ndim == 0:
        return None
    names = (str(getattr(d, "value", d)).lower() for d in dims)
    return tuple("parallel" if "parallel" in n else "arbitrary" for n in names)


def _block_bytes(bm):
    """Bytes of one block: squeezed dims count 1, other dims their block size."""
    shape = [getattr(d, "block_size", 1) for d in bm.block_shape]
    return _nbytes(shape, bm.array_aval.dtype)


def _buffers(bm):
    return getattr(bm.pipeline_mode, "buffer_count", None) or 2


def _vmem(blocked, scratch_avals):
    """Pipeline buffers of the VMEM blocks plus VMEM scratch (SMEM, semaphores excluded)."""
    blocks = sum(_buffers(bm) * _block_bytes(bm) for bm in blocked
                 if _memory_space(bm.transformed_block_aval) in _VMEM)
    scratch = sum(_nbytes(a.shape, a.dtype) for a in scratch_avals
                  if _memory_space(a) == "vmem")
    return blocks + scratch


def _scoped_vmem(jaxpr):
    """Peak VMEM of pl.run_scoped allocations: sequential scopes reuse it, nested add up."""
    from jax.extend.core import jaxprs_in_params

    peak = 0
    for eqn in jaxpr.eqns:
        here = max(map(_scoped_vmem, jaxprs_in_params(eqn.params)), default=0)
        if eqn.primitive.name == "run_scoped":
            body = eqn.params["jaxpr"]
            here += sum(_nbytes(v.aval.shape, v.aval.dtype) for v in body.invars
                        if _memory_space(v.aval) == "vmem")
        peak = max(peak, here)
    return peak


def _transfers(bm, ctx):
    """How many times the pipeline moves this block: at step 0 and whenever the block index
    differs from the previous step's (for outputs: runs of one index, each written once)."""
    if ctx.steps == 0:
        return 0
    closed = bm.index_map_jaxpr
    ids = [ctx.points[a] for a in range(len(ctx.grid))]
    args = ids + [None] * (len(closed.jaxpr.invars) - len(ids))  # scalar prefetch: unknown
    indices = _eval_scalars(closed.jaxpr, [_const(c) for c in closed.consts], args, ctx)
    if any(x is None for x in indices):
        # The index reads scalar-prefetch data: assume the block changes every step.
        return ctx.steps
    if not indices:
        return 1
    table = np.stack([np.broadcast_to(x, (ctx.steps,)) for x in indices])
    return 1 + int(np.count_nonzero((table[:, 1:] != table[:, :-1]).any(axis=0)))


# ----------------------------------------------------------------------------- grid scalars

@dataclasses.dataclass(frozen=True)
class _Grid:
    grid: tuple
    points: list  # one int32 array per axis, over the grid points

    @property
    def steps(self):
        return math.prod(self.grid)


def _const(c):
    """A rank-0 constant as a known grid value; anything else unknown."""
    try:
        return np.asarray(c) if np.ndim(c) == 0 else None
    except Exception:
        return None


def _is_scalar(v):
    from jax.core import ShapedArray

    return isinstance(v.aval, ShapedArray) and v.aval.shape == ()


def _read(env, v):
    from jax.extend.core import Literal

    if isinstance(v, Literal):
        return _const(v.val)
    return env.get(v)


def _scalar_eqn(eqn, invals, ctx):
    """The values of a rank-0 equation at every grid point (arrays over the points, or
    scalars where constant), or None per output where they depend on data. Primitives are
    bound on arrays of grid points: lax's elementwise rules work on any shape."""
    name = eqn.primitive.name
    none = [None] * len(eqn.outvars)
    if name == "program_id":
        return [ctx.points[eqn.params["axis"]]]
    if name == "num_programs":
        return [np.int32(ctx.grid[eqn.params["axis"]])]
    if (body := _call_body(eqn)) is not None:
        return _eval_scalars(body[0], [_const(c) for c in body[1]], invals, ctx)
    if (eqn.effects or eqn.primitive.multiple_results or any(x is None for x in invals)
            or not all(_is_scalar(v) for v in eqn.outvars)):
        return none
    shape = (ctx.steps,) if any(np.ndim(x) for x in invals) else ()
    try:
        jax = _jax()
        with jax.ensure_compile_time_eval():
            args = [np.broadcast_to(x, shape) for x in invals]
            out = eqn.primitive.bind(*args, **eqn.params)
        return [np.asarray(out)]
    except Exception:  # a primitive without a rule for arrays: treat as data
        return none


def _eval_scalars(jaxpr, consts, args, ctx):
    """The rank-0 values of `jaxpr`'s outputs over the grid (None where unknown); control
    flow inside is not followed."""
    env = {v: x for v, x in zip(jaxpr.constvars, consts) if x is not None}
    env.update((v, x) for v, x in zip(jaxpr.invars, args) if x is not None)
    for eqn in jaxpr.eqns:
        outs = _scalar_eqn(eqn, [_read(env, v) for v in eqn.invars], ctx)
        env.update((v, x) for v, x in zip(eqn.outvars, outs) if x is not None)
    return [_read(env, v) for v in jaxpr.outvars]


def _trip_counts(eqn, known, ctx):
    """Iterations of a while loop at every grid point, run on its scalar carries; None when
    the condition depends on data (or the loop runs past _MAX_TRIPS)."""
    p = eqn.params
    cond, body = p["cond_jaxpr"], p["body_jaxpr"]
    nc, nb = p["cond_nconsts"], p["body_nconsts"]
    cconsts, bconsts, carry = known[:nc], known[nc: nc + nb], list(known[nc + nb:])
    cclosed = [_const(c) for c in cond.consts]
    bclosed = [_const(c) for c in body.consts]
    trips = np.zeros(ctx.steps, np.int64)
    active = np.ones(ctx.steps, bool)
    for _ in range(_MAX_TRIPS):
        (pred,) = _eval_scalars(cond.jaxpr, cclosed, cconsts + carry, ctx)
        if pred is None:
            return None
        active &= np.broadcast_to(pred, (ctx.steps,))
        if not active.any():
            return trips
        trips += active
        new = _eval_scalars(body.jaxpr, bclosed, bconsts + carry, ctx)
        carry = [None if n is None or c is None else np.where(active, n, c)
                 for n, c in zip(new, carry)]
    return None


# ----------------------------------------------------------------------------- body work

@dataclasses.dataclass
class _Work:
    vpu: int = 0
    transcendentals: int = 0
    bytes_in: int = 0
    bytes_out: int = 0
    dots: collections.Counter = dataclasses.field(default_factory=collections.Counter)

    def add(self, other):
        self.vpu += other.vpu
        self.transcendentals += other.transcendentals
        self.bytes_in += other.bytes_in
        self.bytes_out += other.bytes_out
        self.dots.update(other.dots)

    def size(self):
        """A rough scalar of cost, to pick the dearer branch of a data-dependent cond."""
        flops = sum(2 * c * b * m * n * k for (b, m, n, k, *_), c in self.dots.items())
        return flops + self.vpu + self.transcendentals + self.bytes_in + self.bytes_out


def _walk(jaxpr, consts, args, weights, ctx, work):
    """Adds to `work` what `jaxpr` does when it runs `weights[p]` times at grid point p;
    returns the known scalar values of its outputs."""
    env = {v: x for v, x in zip(jaxpr.constvars, consts) if x is not None}
    env.update((v, x) for v, x in zip(jaxpr.invars, args) if x is not None)
    for eqn in jaxpr.eqns:
        known = [_read(env, v) for v in eqn.invars]
        outs = _eqn_work(eqn, known, weights, ctx, work)
        env.update((v, x) for v, x in zip(eqn.outvars, outs) if x is not None)
    return [_read(env, v) for v in jaxpr.outvars]


def _eqn_work(eqn, known, weights, ctx, work):
    name = eqn.primitive.name
    none = [None] * len(eqn.outvars)
    if name == "cond":
        _cond_work(eqn, known, weights, ctx, work)
        return none
    if name == "scan":
        # The carried loop index is not followed: guards on it count as always taken.
        p, sub = eqn.params, eqn.params["jaxpr"]
        loop_consts = known[: p["num_consts"]]
        _walk(sub.jaxpr, [_const(c) for c in sub.consts],
              loop_consts + [None] * (len(known) - len(loop_consts)),
              weights * p["length"], ctx, work)
        return none
    if name == "while":
        _while_work(eqn, known, weights, ctx, work)
        return none
    if name == "run_scoped":
        body = eqn.params["jaxpr"]
        _walk(body, known, [None] * len(body.invars), weights, ctx, work)
        return none
    if (body := _call_body(eqn)) is not None:
        return _walk(body[0], [_const(c) for c in body[1]], known, weights, ctx, work)
    _leaf_work(eqn, int(weights.sum()), work)
    return _scalar_eqn(eqn, known, ctx)


def _cond_work(eqn, known, weights, ctx, work):
    """pl.when and lax.cond: each branch at the grid points that take it; where the index
    depends on data, the dearer branch everywhere."""
    branches = eqn.params["branches"]
    index, operands = known[0], known[1:]
    if index is not None:
        index = np.clip(np.broadcast_to(index, (ctx.steps,)), 0, len(branches) - 1)
        for b, br in enumerate(branches):
            _walk(br.jaxpr, [_const(c) for c in br.consts], operands,
                  weights * (index == b), ctx, work)
        return
    costs = []
    for br in branches:
        w = _Work()
        _walk(br.jaxpr, [_const(c) for c in br.consts], operands, weights, ctx, w)
        costs.append(w)
    work.add(max(costs, key=_Work.size))


def _while_work(eqn, known, weights, ctx, work):
    """fori_loops with bounds the grid decides are counted exactly; others once."""
    p = eqn.params
    trips = _trip_counts(eqn, known, ctx)
    trips = np.ones(ctx.steps, np.int64) if trips is None else trips
    nc, nb = p["cond_nconsts"], p["body_nconsts"]
    cond, body = p["cond_jaxpr"], p["body_jaxpr"]
    carry = [None] * (len(known) - nc - nb)
    _walk(cond.jaxpr, [_const(c) for c in cond.consts], known[:nc] + carry,
          weights * (trips + 1), ctx, work)
    _walk(body.jaxpr, [_const(c) for c in body.consts], known[nc: nc + nb] + carry,
          weights * trips, ctx, work)


def _elements(vars_):
    """Elements of the array (not Ref, not rank-0) values among `vars_`."""
    from jax.core import ShapedArray

    return sum(math.prod(v.aval.shape) for v in vars_
               if isinstance(v.aval, ShapedArray) and v.aval.shape != ())


def _leaf_work(eqn, times, work):
    """One primitive executed `times` times over the grid."""
    if times == 0:
        return
    name = eqn.primitive.name
    if name == "dot_general":
        work.dots[_dot_key(eqn)] += times
    elif name == "dma_start":
        _dma_work(eqn, times, work)
    elif name in _TRANSCENDENTAL:
        work.transcendentals += times * _elements(eqn.outvars)
    elif name in _REDUCTIONS:
        work.vpu += times * _elements(eqn.invars[:1])
    elif name == "addupdate":  # ref += value: an add per element of the value
        work.vpu += times * _elements(eqn.invars[-1:])
    elif name not in _FREE:
        work.vpu += times * _elements(eqn.outvars)


def _dot_key(eqn):
    """(batch, m, n, k, lhs, rhs, out, precision) of a dot_general."""
    (lc, rc), (lb, rb) = eqn.params["dimension_numbers"]
    lhs, rhs = eqn.invars[0].aval, eqn.invars[1].aval
    batch = math.prod(lhs.shape[d] for d in lb)
    k = math.prod(lhs.shape[d] for d in lc)
    m = math.prod(s for d, s in enumerate(lhs.shape) if d not in lc and d not in lb)
    n = math.prod(s for d, s in enumerate(rhs.shape) if d not in rc and d not in rb)
    out = eqn.params.get("preferred_element_type") or eqn.outvars[0].aval.dtype
    return (batch, m, n, k, _hlo_type(lhs.dtype), _hlo_type(rhs.dtype), _hlo_type(out),
            _precision(eqn.params.get("precision")))


def _precision(precision):
    """DEFAULT/HIGH/HIGHEST: the higher of an operand pair; algorithm presets by the passes
    they make (bf16 x3 ~ HIGH, x6/x9 and f32 ~ HIGHEST)."""
    if precision is None:
        return "DEFAULT"
    if isinstance(precision, (tuple, list)):
        return max((_precision(p) for p in precision), key=_PRECISIONS.index,
                   default="DEFAULT")
    name = str(getattr(precision, "name", precision)).upper()
    if name in _PRECISIONS:
        return name
    if "X3" in name or "TF32" in name:
        return "HIGH"
    if "X6" in name or "X9" in name or "F32_F32_F32" in name:
        return "HIGHEST"
    return "DEFAULT"


def _dma_work(eqn, times, work):
    """A DMA the kernel starts itself (pltpu.async_copy): HBM->VMEM counts in, VMEM->HBM
    out, HBM->HBM both; a copy between local memories moves no HBM bytes."""
    src, dst = eqn.params["tree"].unflatten([v.aval for v in eqn.invars])[:2]
    nbytes = times * _nbytes(src.shape, src.dtype)
    src_hbm = _memory_space(src) in _UNBLOCKED
    dst_hbm = _memory_space(dst) in _UNBLOCKED
    if src_hbm:
        work.bytes_in += nbytes
    if dst_hbm:
        work.bytes_out += nbytes
