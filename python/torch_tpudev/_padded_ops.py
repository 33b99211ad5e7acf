"""Running an ATen graph on tensors padded along their dynamic dimensions, with masking.

A graph traced with dynamic sizes (`torch._dynamo.mark_dynamic`) is run on inputs padded up
to a bucket size B; each dynamic size's true value L arrives as a 0-d tensor, so one program
serves every L in the bucket. Positions at or past L along a dynamic dimension hold garbage
that must never reach a valid position. Elementwise ops and views keep it where it is; ops
that combine positions along a dimension (reductions, softmax, contractions, losses,
index_put) would not, so their operands are masked first: the padding is replaced by the
operation's identity (0 for a sum, -inf for a max, the ignore index for a loss target).

Each tensor value carries a *layout*: per dimension, `None` when it has no padding, else the
tuple of atoms `(size, symbol)` the dimension is made of, outermost first (`symbol` None for
a dense atom). A dimension that merges a padded one with others (`[2, B] -> [2B]`) has two
atoms; its valid positions are where every padded atom's index is below its length. An op
this module cannot mask raises `Unsupported`, and the graph is compiled for exact sizes.
"""

import math
import operator

import torch
import torch.fx

aten = torch.ops.aten


class Unsupported(Exception):
    """The graph cannot run padded; the message names the op and why."""


def _ints(t) -> bool:
    """Whether a schema type holds sizes (int, int[], int?): a symbol there shapes tensors."""
    name = str(t)
    for wrapper in ("Optional[", "List["):
        while name.startswith(wrapper):
            name = name[len(wrapper) : -1]
    return name == "int"


def atoms_of(layout, shape):
    """Every dimension's atoms (dense dimensions as one dense atom)."""
    return [dim if dim is not None else ((n, None),) for dim, n in zip(layout, shape)]


def regroup(layout, in_shape, out_shape):
    """The layout of a view of `in_shape` as `out_shape` (view, reshape, squeeze, unsqueeze)."""
    queue = [a for dim in atoms_of(layout, in_shape) for a in dim if a[0] != 1]
    out = []
    for n in out_shape:
        got, size = [], 1
        while size < n:
            if not queue:
                raise Unsupported(f"a view of {tuple(in_shape)} as {tuple(out_shape)}")
            a_size, sym = queue.pop(0)
            need = n // size
            if a_size <= need and need % a_size == 0:
                got.append((a_size, sym))
                size *= a_size
            elif sym is None and a_size % need == 0:
                got.append((need, None))
                queue.insert(0, (a_size // need, None))
                size *= need
            else:
                raise Unsupported(f"a view that splits a dynamic dimension ({tuple(in_shape)} as {tuple(out_shape)})")
        out.append(tuple(got) if any(s is not None for _, s in got) else None)
    if queue:
        raise Unsupported(f"a view of {tuple(in_shape)} as {tuple(out_shape)}")
    return tuple(out)


def broadcast(out_shape, pairs):
    """The layout of an elementwise result from its operands' (layout, shape) pairs."""
    out = [None] * len(out_shape)
    for layout, shape in pairs:
        if layout is None:
            continue
        offset = len(out_shape) - len(shape)
        for i, dim in enumerate(layout):
            if dim is None or shape[i] != out_shape[offset + i]:
                continue
            if out[offset + i] not in (None, dim):
                raise Unsupported("two differently padded operands meet in one dimension")
            out[offset + i] = dim
    return tuple(out)


def padded(layout) -> bool:
    return layout is not None and any(d is not None for d in layout)


def _fill(kind, dtype):
    """The identity of a reduction `kind` ("zero", "one", "low", "high") in `dtype`."""
    if dtype == torch.bool:
        return kind in ("one", "high")
    if kind in ("zero", "one"):
        return 0 if kind == "zero" else 1
    if dtype.is_floating_point:
        return -math.inf if kind == "low" else math.inf
    info = torch.iinfo(dtype)
    return info.min if kind == "low" else info.max


class PaddedInterpreter(torch.fx.Interpreter):
    """Runs a graph on padded inputs (see the module's docstring), recording layouts.

    `layouts` gives each placeholder's layout (None for a size), `lengths` each symbol's true
    size as a 0-d int64 tensor; the placeholders' values are already padded to the bucket."""

    def __init__(self, gm, layouts, lengths):
        super().__init__(gm)
        self.layouts = {}
        self._placeholder_layouts = iter(layouts)
        self.lengths = lengths
        self._masks = {}

    # ------------------------------------------------------------------ plumbing
    def layout(self, arg):
        return self.layouts.get(arg) if isinstance(arg, torch.fx.Node) else None

    def run_node(self, n):
        if n.op == "placeholder":
            result = super().run_node(n)
            self.layouts[n] = next(self._placeholder_layouts)
            return result
        if n.op == "call_function" and n.target is operator.getitem:
            source, index = n.args
            layout = self.layouts.get(source)
            if isinstance(layout, list):
                self.layouts[n] = layout[index]
            return super().run_node(n)
        if n.op == "call_function" and isinstance(n.target, torch._ops.OpOverload):
            with self._set_current_node(n):
                args, kwargs = self.fetch_args_kwargs_from_env(n)
                result, layout = self._call_op(n, args, kwargs)
            self.layouts[n] = layout
            return result
        return super().run_node(n)

    def _bound(self, n, args, kwargs):
        """The op's arguments by name, as values and as graph nodes."""
        schema = n.target._schema
        values, nodes = {}, {}
        for i, a in enumerate(schema.arguments):
            if i < len(args):
                values[a.name], nodes[a.name] = args[i], n.args[i]
            elif a.name in kwargs:
                values[a.name], nodes[a.name] = kwargs[a.name], n.kwargs[a.name]
            elif a.has_default_value():
                values[a.name], nodes[a.name] = a.default_value, None
        return schema, values, nodes

    def _check_sizes_are_shapes(self, n, schema, nodes):
        """A dynamic size may shape tensors but not enter arithmetic: its value differs from
        the bucket size the program is built with."""
        if n.target.overloadpacket is aten.arange:  # its bounds are a length: B gives B positions
            return
        for a in schema.arguments:
            if _ints(a.type):
                continue
            found = []
            torch.fx.node.map_arg(nodes.get(a.name), found.append)
            for node in found:
                val = node.meta.get("val")
                if isinstance(val, torch.SymInt) and val.node.expr.free_symbols:
                    raise Unsupported(f"{n.target} uses a dynamic size as a value")

    def mask(self, layout, shape):
        """A bool tensor, broadcastable to `shape`, true at the valid positions."""
        key = (layout, tuple(shape))
        if key not in self._masks:
            result = None
            for d, dim in enumerate(layout):
                if dim is None:
                    continue
                sizes = [a for a, _ in dim]
                vec = None
                for k, (size, sym) in enumerate(dim):
                    if sym is None:
                        continue
                    view = [1] * len(dim)
                    view[k] = size
                    part = (torch.arange(size, device=self.lengths[sym].device) < self.lengths[sym]).view(view)
                    vec = part if vec is None else vec & part
                vec = vec.expand(sizes).reshape(-1)
                view = [1] * len(shape)
                view[d] = shape[d]
                vec = vec.view(view)
                result = vec if result is None else result & vec
            self._masks[key] = result
        return self._masks[key]

    def masked(self, t, layout, kind):
        if not padded(layout):
            return t
        return torch.where(self.mask(layout, t.shape), t, _fill(kind, t.dtype))

    # ------------------------------------------------------------------ ops
    def _call_op(self, n, args, kwargs):
        schema, values, nodes = self._bound(n, args, kwargs)
        self._check_sizes_are_shapes(n, schema, nodes)
        inputs = []
        torch.fx.node.map_arg((n.args, n.kwargs), inputs.append)
        if not any(padded(self.layouts.get(i)) for i in inputs):
            try:
                result = n.target(*args, **kwargs)
            except RuntimeError as error:
                # A size at its bucket value where the op needs the true one (the split sizes
                # of a dense dimension must sum to it): this graph cannot be padded.
                if any(_dynamic(node) for node in inputs):
                    raise Unsupported(f"{n.target} needs the true value of a dynamic size") from error
                raise
            return result, self._fresh_layout(n, result)
        name = n.target.overloadpacket.__name__
        rule = _RULES.get(name)
        if rule is None and torch.Tag.pointwise in n.target.tags:
            rule = _pointwise
        if rule is None:
            raise Unsupported(f"{n.target} on a tensor with a dynamic dimension")
        return rule(self, n, values, nodes, args, kwargs)

    def _fresh_layout(self, n, result):
        """A result computed from unpadded operands: padded where its size is a symbol
        (`arange(s)`, `full([2, s])`, `expand` of a size-1 dimension)."""
        val = n.meta.get("val")
        if isinstance(result, torch.Tensor) and isinstance(val, torch.Tensor):
            return _layout_from_meta(val, result.shape)
        if isinstance(result, (tuple, list)) and isinstance(val, (tuple, list)):
            return [
                _layout_from_meta(v, r.shape) if isinstance(r, torch.Tensor) and isinstance(v, torch.Tensor) else None
                for r, v in zip(result, val)
            ]
        return None


def _dynamic(node):
    val = node.meta.get("val") if isinstance(node, torch.fx.Node) else None
    return isinstance(val, torch.SymInt) and bool(val.node.expr.free_symbols)


def _layout_from_meta(val, shape):
    """Layout of a tensor whose fake value has sizes `val.shape`: a bare symbol is one padded
    atom; a static size is dense; any other expression has no known layout."""
    dims = []
    for size, n in zip(val.shape, shape):
        if isinstance(size, torch.SymInt) and size.node.expr.free_symbols:
            expr = size.node.expr
            if not expr.is_Symbol:
                raise Unsupported(f"a dimension of size {expr} whose padding layout is unknown")
            dims.append(((n, str(expr)),))
        else:
            dims.append(None)
    return tuple(dims)


def _pointwise(interp, n, values, nodes, args, kwargs):
    result = n.target(*args, **kwargs)
    pairs = [(interp.layout(nodes[k]), values[k].shape) for k in values if isinstance(values[k], torch.Tensor)]
    return result, broadcast(result.shape, pairs)


def _same(interp, n, values, nodes, args, kwargs):
    """clone, _to_copy, alias...: the layout of the first tensor argument."""
    first = next(k for k in values if isinstance(values[k], torch.Tensor))
    return n.target(*args, **kwargs), interp.layout(nodes[first])


def _view(interp, n, values, nodes, args, kwargs):
    x = values["self"]
    result = n.target(*args, **kwargs)
    return result, regroup(interp.layout(nodes["self"]), x.shape, result.shape)


def _permute(interp, n, values, nodes, args, kwargs):
    layout = interp.layout(nodes["self"])
    result = n.target(*args, **kwargs)
    rank = len(layout)
    if n.target.overloadpacket is aten.permute:
        order = [d % rank for d in values["dims"]]
    elif n.target.overloadpacket is aten.t:
        order = list(reversed(range(rank)))
    else:
        order = list(range(rank))
        a, b = values["dim0"] % rank, values["dim1"] % rank
        order[a], order[b] = order[b], order[a]
    return result, tuple(layout[d] for d in order)


def _expand(interp, n, values, nodes, args, kwargs):
    x, layout = values["self"], interp.layout(nodes["self"])
    result = n.target(*args, **kwargs)
    fresh = _layout_from_meta(n.meta["val"], result.shape)
    offset = result.dim() - x.dim()
    out = list(fresh)
    for i, dim in enumerate(layout):
        if dim is not None:
            out[offset + i] = dim
    return result, tuple(out)


def _slice(interp, n, values, nodes, args, kwargs):
    x, layout = values["self"], interp.layout(nodes["self"])
    dim = values["dim"] % x.dim()
    result = n.target(*args, **kwargs)
    if layout[dim] is not None and result.shape[dim] != x.shape[dim]:
        raise Unsupported(f"{n.target} along a dynamic dimension")
    return result, layout


def _select(interp, n, values, nodes, args, kwargs):
    x, layout = values["self"], interp.layout(nodes["self"])
    dim = values["dim"] % x.dim()
    if layout[dim] is not None:
        raise Unsupported(f"{n.target} along a dynamic dimension")
    return n.target(*args, **kwargs), layout[:dim] + layout[dim + 1 :]


def _reduced_dims(values, rank):
    dims = values.get("dim")
    if dims is None or (isinstance(dims, (list, tuple)) and len(dims) == 0):
        return list(range(rank))
    if isinstance(dims, int):
        return [dims % max(rank, 1)]
    return [d % max(rank, 1) for d in dims]


def _after_reduction(layout, dims, keepdim):
    if keepdim:
        return tuple(None if i in dims else d for i, d in enumerate(layout))
    return tuple(d for i, d in enumerate(layout) if i not in dims)


_IDENTITY = {
    "sum": "zero",
    "any": "zero",
    "prod": "one",
    "all": "one",
    "amax": "low",
    "argmax": "low",
    "max": "low",
    "amin": "high",
    "argmin": "high",
    "min": "high",
}


def _reduction(interp, n, values, nodes, args, kwargs):
    x, layout = values["self"], interp.layout(nodes["self"])
    name = n.target.overloadpacket.__name__
    dims = _reduced_dims(values, x.dim())
    keepdim = bool(values.get("keepdim", False))
    if any(layout[d] is not None for d in dims):
        masked = interp.masked(x, layout, _IDENTITY[name])
        args = (masked,) + tuple(args[1:])
    result = n.target(*args, **kwargs)
    out = _after_reduction(layout, dims, keepdim)
    if isinstance(result, tuple):
        return result, [out] * len(result)
    return result, out


def _mean(interp, n, values, nodes, args, kwargs):
    x, layout = values["self"], interp.layout(nodes["self"])
    dims = _reduced_dims(values, x.dim())
    keepdim = bool(values.get("keepdim", False))
    out = _after_reduction(layout, dims, keepdim)
    if not any(layout[d] is not None for d in dims):
        return n.target(*args, **kwargs), out
    dtype = values.get("dtype") or x.dtype
    mask = interp.mask(layout, x.shape).expand(x.shape)
    total = torch.sum(interp.masked(x, layout, "zero"), dims, keepdim, dtype=dtype)
    count = torch.sum(mask, dims, keepdim, dtype=dtype)
    return total / count, out


def _softmax(interp, n, values, nodes, args, kwargs):
    x, layout = values["self"], interp.layout(nodes["self"])
    if layout[values["dim"] % x.dim()] is not None:
        args = (interp.masked(x, layout, "low"),) + tuple(args[1:])
    return n.target(*args, **kwargs), layout


def _softmax_backward(interp, n, values, nodes, args, kwargs):
    grad, out = values["grad_output"], values["output"]
    g_layout, o_layout = interp.layout(nodes["grad_output"]), interp.layout(nodes["output"])
    layout = broadcast(grad.shape, [(g_layout, grad.shape), (o_layout, out.shape)])
    if layout[values["dim"] % grad.dim()] is not None:
        grad = interp.masked(grad, g_layout, "zero")
        if n.target.overloadpacket is aten._softmax_backward_data:
            out = interp.masked(out, o_layout, "zero")
        args = (grad, out) + tuple(args[2:])
    return n.target(*args, **kwargs), layout


def _contraction(interp, n, values, nodes, args, kwargs):
    """mm, bmm and addmm: a padded contraction dimension is zeroed in both operands."""
    a, b = values["mat1" if "mat1" in values else "self"], values["mat2"]
    ka = "mat1" if "mat1" in values else "self"
    la, lb = interp.layout(nodes[ka]), interp.layout(nodes["mat2"])
    la = la or (None,) * a.dim()
    lb = lb or (None,) * b.dim()
    if la[-1] is not None or lb[-2] is not None:
        a, b = interp.masked(a, la, "zero"), interp.masked(b, lb, "zero")
        if ka == "mat1":
            args = (args[0], a, b) + tuple(args[3:])
        else:
            args = (a, b) + tuple(args[2:])
    result = n.target(*args, **kwargs)
    if a.dim() == 3:
        batch = broadcast((a.shape[0],), [(la[:1], a.shape[:1]), (lb[:1], b.shape[:1])])
        out = batch + (la[1], lb[2])
    else:
        out = (la[0], lb[1])
    if ka == "mat1":
        bias = values["self"]
        out = broadcast(result.shape, [(out, result.shape), (interp.layout(nodes["self"]), bias.shape)])
    return result, out


def _embedding(interp, n, values, nodes, args, kwargs):
    if padded(interp.layout(nodes["weight"])):
        raise Unsupported("an embedding table with a dynamic dimension")
    result = n.target(*args, **kwargs)
    return result, tuple(interp.layout(nodes["indices"]) or (None,) * values["indices"].dim()) + (None,)


def _embedding_backward(interp, n, values, nodes, args, kwargs):
    grad = interp.masked(values["grad_output"], interp.layout(nodes["grad_output"]), "zero")
    return n.target(grad, *args[1:], **kwargs), None


def _index_put(interp, n, values, nodes, args, kwargs):
    layout = interp.layout(nodes["self"])
    if padded(layout):
        raise Unsupported("index_put into a tensor with a dynamic dimension")
    v_layout = interp.layout(nodes["values"])
    if not values["accumulate"] or not padded(v_layout):
        raise Unsupported("index_put with dynamic indices and no values to mask")
    vals = interp.masked(values["values"], v_layout, "zero")
    return n.target(args[0], args[1], vals, *args[3:], **kwargs), layout


def _gather(interp, n, values, nodes, args, kwargs):
    return n.target(*args, **kwargs), interp.layout(nodes["index"])


def _scatter(interp, n, values, nodes, args, kwargs):
    x = values["self"]
    index_layout = interp.layout(nodes["index"]) or (None,) * x.dim()
    if index_layout[values["dim"] % x.dim()] is not None:
        raise Unsupported("scatter along a dynamic dimension")
    layout = interp.layout(nodes["self"]) or (None,) * x.dim()
    return n.target(*args, **kwargs), layout


def _nll_loss(interp, n, values, nodes, args, kwargs):
    target = values["target"]
    t_layout = interp.layout(nodes["target"])
    if padded(t_layout):
        target = torch.where(interp.mask(t_layout, target.shape), target, values["ignore_index"])
    index = list(n.target._schema.arguments).index(next(a for a in n.target._schema.arguments if a.name == "target"))
    args = tuple(target if i == index else a for i, a in enumerate(args))
    result = n.target(*args, **kwargs)
    if n.target.overloadpacket is aten.nll_loss_backward:
        return result, interp.layout(nodes["self"])
    out = t_layout if values["reduction"] == 0 else ()
    return result, [out, None]


def _layer_norm(interp, n, values, nodes, args, kwargs):
    x, layout = values["input"], interp.layout(nodes["input"])
    k = len(values["normalized_shape"])
    if any(d is not None for d in layout[x.dim() - k :]):
        raise Unsupported("layer norm over a dynamic dimension")
    stats = layout[: x.dim() - k] + (None,) * k
    return n.target(*args, **kwargs), [layout, stats, stats]


def _layer_norm_backward(interp, n, values, nodes, args, kwargs):
    grad, x = values["grad_out"], values["input"]
    layout = broadcast(grad.shape, [(interp.layout(nodes["grad_out"]), grad.shape), (interp.layout(nodes["input"]), x.shape)])
    k = len(values["normalized_shape"])
    if any(d is not None for d in layout[x.dim() - k :]):
        raise Unsupported("layer norm over a dynamic dimension")
    stats = layout[: x.dim() - k] + (None,) * k
    args = list(args)
    names = [a.name for a in n.target._schema.arguments]
    for name, lay in (("grad_out", layout), ("input", layout), ("mean", stats), ("rstd", stats)):
        i = names.index(name)
        args[i] = interp.masked(args[i], lay, "zero")
    result = n.target(*args, **kwargs)
    return result, [layout, None, None]


def _cumulative(interp, n, values, nodes, args, kwargs):
    x, layout = values["self"], interp.layout(nodes["self"])
    dim = layout[values["dim"] % x.dim()]
    if dim is not None and (len(dim) != 1):
        raise Unsupported(f"{n.target} along a merged dynamic dimension")
    return n.target(*args, **kwargs), layout


def _split(interp, n, values, nodes, args, kwargs):
    x, layout = values["self"], interp.layout(nodes["self"])
    if layout[values.get("dim", 0) % x.dim()] is not None:
        raise Unsupported(f"{n.target} along a dynamic dimension")
    result = n.target(*args, **kwargs)
    return result, [layout] * len(result)


def _cat(interp, n, values, nodes, args, kwargs):
    tensors, dim = values["tensors"], values["dim"]
    layouts = [interp.layout(t) for t in nodes["tensors"]]
    rank = tensors[0].dim()
    if any(lay is not None and lay[dim % rank] is not None for lay in layouts):
        raise Unsupported("cat along a dynamic dimension")
    result = n.target(*args, **kwargs)
    pairs = [(lay, t.shape) for lay, t in zip(layouts, tensors)]
    shape = list(result.shape)
    pairs = [(lay, tuple(shape[i] if i == dim % rank else s for i, s in enumerate(sh))) for lay, sh in pairs]
    return result, broadcast(result.shape, pairs)


_RULES = {
    **{name: _same for name in ("clone", "_to_copy", "alias", "detach", "contiguous", "lift_fresh_copy", "full_like", "zeros_like", "ones_like", "empty_like")},
    **{name: _view for name in ("view", "_unsafe_view", "reshape", "squeeze", "unsqueeze")},
    **{name: _permute for name in ("permute", "transpose", "t")},
    "expand": _expand,
    "slice": _slice,
    "select": _select,
    **{name: _reduction for name in _IDENTITY},
    "mean": _mean,
    **{name: _softmax for name in ("_softmax", "_log_softmax")},
    **{name: _softmax_backward for name in ("_softmax_backward_data", "_log_softmax_backward_data")},
    **{name: _contraction for name in ("mm", "bmm", "addmm")},
    "embedding": _embedding,
    "embedding_dense_backward": _embedding_backward,
    "index_put": _index_put,
    "gather": _gather,
    "scatter": _scatter,
    **{name: _nll_loss for name in ("nll_loss_forward", "nll_loss_backward")},
    "native_layer_norm": _layer_norm,
    "native_layer_norm_backward": _layer_norm_backward,
    **{name: _cumulative for name in ("cumsum", "cumprod")},
    "cat": _cat,
    **{name: _split for name in ("split", "split_with_sizes", "chunk")},
}
