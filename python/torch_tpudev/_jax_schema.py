"""The schema of a `torch_tpudev.pallas` op, from its JAX function's signature: array
parameters are tensors, and `int`, `float`, `bool` and `str` parameters (by annotation or by
default value) are static arguments, passed to the function as Python values."""

import inspect
import re
import typing
from collections.abc import Sequence

import numpy as np
import torch

from ._jax_bridge import _jax

_SCALARS = {bool: "bool", int: "int", float: "float", str: "str"}
_ARRAY_NAMES = {"Array", "ArrayLike", "ndarray", "Tensor", "ArrayImpl"}
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")


class _Param(typing.NamedTuple):
    """One argument of the op: its name, its schema type ("Tensor", "Tensor?", "Tensor[]",
    "int", "float", "bool", "str", "int[]", ... with "?" where None is allowed), its default
    (`inspect.Parameter.empty` for none) and whether Python takes it by keyword only."""

    name: str
    kind: str
    default: object
    keyword_only: bool

    @property
    def is_static(self):
        return not self.kind.startswith("Tensor")

    def schema(self):
        text = f"{self.kind} {self.name}"
        if self.default is not inspect.Parameter.empty:
            text += f"={_schema_default(self.default)}"
        return text


def _schema_default(value):
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "[" + ", ".join(_schema_default(v) for v in value) + "]"


def _is_array_type(ann):
    jax, _ = _jax()
    if isinstance(ann, str):
        return ann.rsplit(".", 1)[-1] in _ARRAY_NAMES
    return isinstance(ann, type) and issubclass(ann, (jax.Array, np.ndarray, torch.Tensor))


def _annotation_kind(ann):
    """The schema type an annotation asks for, or None where it names none we know."""
    if isinstance(ann, str):
        ann = ann.strip()
        for py, name in _SCALARS.items():
            if ann == py.__name__:
                return name
        return "Tensor" if _is_array_type(ann) else None
    if ann in _SCALARS:
        return _SCALARS[ann]
    if _is_array_type(ann):
        return "Tensor"
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    if origin is typing.Union or type(ann).__name__ == "UnionType":
        members = [a for a in args if a is not type(None)]
        if any(_is_array_type(a) for a in members):  # jax.typing.ArrayLike among others
            kind = "Tensor"
        elif len(members) == 1:
            kind = _annotation_kind(members[0])
        else:
            return None
        if kind is not None and type(None) in args and not kind.endswith("?"):
            kind += "?"
        return kind
    if origin in (list, tuple, Sequence, typing.Sequence) or (
        isinstance(origin, type) and issubclass(origin, Sequence) and origin is not str
    ):
        elements = {a for a in args if a is not Ellipsis}
        if len(elements) != 1:
            return None
        kind = _annotation_kind(elements.pop())
        if kind in ("Tensor", "int", "float", "bool"):
            return kind + "[]"
    return None


def _default_kind(value):
    if value is None:
        return "Tensor?"
    for py, name in _SCALARS.items():  # bool before int: a bool is an int
        if isinstance(value, py):
            return name
    if isinstance(value, (tuple, list)) and value:
        kinds = {_default_kind(v) for v in value}
        if len(kinds) == 1 and (kind := kinds.pop()) in ("int", "float", "bool"):
            return kind + "[]"
    return None


def _signature(fn):
    try:
        return inspect.signature(fn, eval_str=True)
    except (NameError, SyntaxError, TypeError, AttributeError):
        pass
    try:
        return inspect.signature(fn)
    except (TypeError, ValueError):
        return None


def _params_of(fn):
    """The op's arguments from `fn`'s signature, or None where it has none to read or takes
    `*args` (then the op takes one list of tensors, `(Tensor[] inputs)`)."""
    sig = _signature(fn)
    if sig is None:
        return None
    params = []
    for p in sig.parameters.values():
        if p.kind is p.VAR_POSITIONAL:
            return None
        if p.kind is p.VAR_KEYWORD:
            continue
        if p.annotation is not p.empty:
            kind = _annotation_kind(p.annotation)
            if kind is None and p.default is not p.empty:
                kind = _default_kind(p.default)
        elif p.default is not p.empty:
            kind = _default_kind(p.default)
        else:
            kind = "Tensor"
        if kind is None:
            raise TypeError(
                f"jax_op: cannot tell what parameter {p.name!r} of {getattr(fn, '__name__', fn)!r} is "
                f"(annotation {p.annotation!r}, default {p.default!r}): annotate it as an array "
                "(jax.Array), a list of arrays, or a static int, float, bool or str"
            )
        if p.default is None and not kind.endswith("?"):
            kind += "?"
        if not _NAME.match(p.name):
            raise TypeError(f"jax_op: parameter name {p.name!r} cannot be a schema argument")
        params.append(_Param(p.name, kind, p.default, p.kind is p.KEYWORD_ONLY))
    return params


def _schema(op_name, params):
    parts, starred = [], False
    for p in params:
        if p.keyword_only and not starred:
            parts.append("*")
            starred = True
        parts.append(p.schema())
    return f"{op_name}({', '.join(parts)}) -> Tensor[]"


def _static_value(kind, value):
    """A static argument as the Python value `fn` gets (hashable, so programs can be kept per
    value; a SymInt from a symbolic trace is made concrete, which specializes on it)."""
    if value is None:
        return None
    base = kind.rstrip("?")
    if base.endswith("[]"):
        return tuple(_static_value(base[:-2], v) for v in value)
    return {"int": int, "float": float, "bool": bool, "str": str}[base](value)
