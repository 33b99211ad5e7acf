"""Bounded dynamic shapes for `torch.compile(backend="tpu")`: shape buckets.

`torch._dynamo.mark_dynamic(t, dim, min=..., max=...)` makes Dynamo trace that size as a
symbol with a range (Dynamo also does so by itself for a size that changed between calls).
Rather than one program per value, a value L is rounded up to its bucket B (the next multiple
of 128, capped at the range's upper bound); the inputs are padded to B with zeros and the
bucket's program runs with L as an input, masking the padding where an op would mix it into
valid positions (`_padded_ops`). Outputs are cut back to L. Outputs that the backward graph
reads again (saved activations) keep their padded form in `_PADDED`, so the backward pass
starts from it instead of padding them again.
"""

import math
import weakref

import torch

from . import _private
from ._padded_ops import PaddedInterpreter, Unsupported, atoms_of, padded

BUCKET = 128

# id(tensor handed out) -> (weak reference to it, the padded tensor (None: itself), its layout)
_PADDED = {}


def bucket_size(value, upper):
    """The bucket of a dynamic size `value` whose range ends at `upper` (None: unbounded)."""
    size = -(-value // BUCKET) * BUCKET
    if upper is not None and value <= upper < size:
        return upper
    return size


class Signature:
    """What a graph's placeholders and outputs say about its dynamic sizes."""

    def __init__(self, gm):
        self.placeholders = []  # per placeholder: the fake value (FakeTensor, SymInt or other)
        self.symbols = {}  # name -> (sympy symbol, upper bound or None)
        for n in gm.graph.nodes:
            if n.op == "placeholder":
                val = n.meta.get("val")
                self.placeholders.append(val)
                for expr in _exprs(val):
                    for sym in expr.free_symbols:
                        self.symbols[str(sym)] = (sym, _private.symbol_upper_bound(val, sym))
        output = next(n for n in gm.graph.nodes if n.op == "output")
        self.outputs = [n.meta.get("val") if isinstance(n, torch.fx.Node) else n for n in _flat(output.args[0])]

    @property
    def dynamic(self):
        return bool(self.symbols)

    def values(self, args):
        """Each symbol's value in this call, read from the placeholders that are a bare symbol."""
        values = {}
        for val, arg in zip(self.placeholders, args):
            if isinstance(val, torch.SymInt) and _private.symint_expr(val).is_Symbol:
                values[str(_private.symint_expr(val))] = int(arg)
            elif isinstance(val, torch.Tensor):
                for size, n in zip(val.shape, arg.shape):
                    if isinstance(size, torch.SymInt) and _private.symint_expr(size).is_Symbol:
                        values[str(_private.symint_expr(size))] = n
        missing = set(self.symbols) - set(values)
        if missing:
            raise Unsupported(f"the sizes {sorted(missing)} are not the size of any input")
        return values

    def buckets(self, values):
        return {name: bucket_size(v, self.symbols[name][1]) for name, v in values.items()}

    def evaluate(self, size, values):
        """A size (int or SymInt) at the given symbol values."""
        if not isinstance(size, torch.SymInt):
            return size
        expr = _private.symint_expr(size)
        return int(expr.xreplace({self.symbols[k][0]: v for k, v in values.items()}))


def _exprs(val):
    if isinstance(val, torch.SymInt):
        yield _private.symint_expr(val)
    elif isinstance(val, torch.Tensor):
        for size in val.shape:
            if isinstance(size, torch.SymInt):
                yield _private.symint_expr(size)


def _flat(x):
    if isinstance(x, (list, tuple)):
        for y in x:
            yield from _flat(y)
    else:
        yield x


def pad_input(sig, val, arg, buckets, values):
    """(padded tensor, layout) for a tensor placeholder whose fake value is `val`."""
    want = tuple(sig.evaluate(s, buckets) for s in val.shape)
    entry = _PADDED.get(id(arg))
    if entry is not None and entry[0]() is arg:
        source = arg if entry[1] is None else entry[1]
        layout = _renamed(entry[2], val, sig) if tuple(source.shape) == want else None
        if layout is not None:
            return source, layout
    layout = []
    for size, n in zip(val.shape, want):
        expr = _private.symint_expr(size) if isinstance(size, torch.SymInt) else None
        if expr is None or not expr.free_symbols:
            layout.append(None)
        elif expr.is_Symbol:
            layout.append(((n, str(expr)),))
        else:
            raise Unsupported(f"an input with a dimension of size {expr} that was not produced by this backend")
    layout = tuple(layout)
    if tuple(arg.shape) == want:
        return arg, layout
    out = arg.new_zeros(want)
    view = out
    for d, n in enumerate(arg.shape):
        view = view.narrow(d, 0, n)
    view.copy_(arg)
    return out, layout


def _renamed(layout, val, sig):
    """A remembered padded layout in this graph's symbol names, or None when its dimensions are
    not this placeholder's. The graph that made the padded tensor (another Dynamo frame, or the
    forward of this backward) may name the same size differently, or use the name for another."""
    mapping = {}
    for dim, size in zip(layout, val.shape):
        symbols = [sym for _, sym in dim or () if sym is not None]
        expr = _private.symint_expr(size) if isinstance(size, torch.SymInt) else None
        if len(symbols) == 1 and expr is not None and len(expr.free_symbols) == 1:
            new = next(iter(expr.free_symbols))
            if mapping.setdefault(symbols[0], new) != new:
                return None
    renamed = []
    for dim, size in zip(layout, val.shape):
        expr = _private.symint_expr(size) if isinstance(size, torch.SymInt) else size
        if dim is None:
            if getattr(expr, "free_symbols", None):
                return None
            renamed.append(None)
            continue
        if any(sym is not None and sym not in mapping for _, sym in dim):
            return None
        if math.prod(mapping[sym] if sym is not None else n for n, sym in dim) - expr != 0:
            return None
        renamed.append(tuple((n, None if sym is None else str(mapping[sym])) for n, sym in dim))
    if any(str(sym) not in sig.symbols for sym in mapping.values()):
        return None
    return tuple(renamed)


def compact(t, layout, values):
    """The valid part of a padded output, shaped as its true sizes."""
    if not padded(layout):
        return t
    if all(values[sym] == size for dim in layout if dim for size, sym in dim if sym is not None):
        _remember(t, None, layout)  # nothing to cut: a view here would be a needless alias
        return t
    dims = atoms_of(layout, t.shape)
    atoms = [a for dim in dims for a in dim]
    final = [math.prod(values[sym] if sym is not None else size for size, sym in dim) for dim in dims]
    x = t.reshape([a for a, _ in atoms])
    for j, (_, sym) in enumerate(atoms):
        if sym is not None:
            x = x.narrow(j, 0, values[sym])
    x = x.reshape(final)
    _remember(x, t, layout)
    return x


def _remember(compacted, padded_tensor, layout):
    key = id(compacted)
    _PADDED[key] = (weakref.ref(compacted, lambda _: _PADDED.pop(key, None)), padded_tensor, layout)


def lengths(values, device):
    """Each symbol's true value as a 0-d int64 tensor on the device: a program input."""
    return {name: torch.tensor(v, dtype=torch.int64, device=device) for name, v in sorted(values.items())}


def interpret(gm, args, layouts, length_tensors):
    """Runs `gm` on padded `args` (recording, in defer-and-fuse mode); returns its outputs
    and each output's layout."""
    interp = PaddedInterpreter(gm, layouts, length_tensors)
    result = interp.run(*args)
    output = next(n for n in gm.graph.nodes if n.op == "output")
    nodes = list(_flat(output.args[0]))
    out_layouts = [interp.layouts.get(n) if isinstance(n, torch.fx.Node) else None for n in nodes]
    return result, out_layouts
