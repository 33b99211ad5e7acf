"""Compiled graphs that hold collectives (DTensor's and functional collectives traced by
`torch.compile`): the graph is split at every collective, as TorchTPU does. The stretches
between collectives are compiled as programs; each collective (with the `wait_tensor` and
`getitem` that belong to it) runs eagerly through the process group's backend, which moves the
data between the chips' processes and times it on the ICI model. A program cannot hold a
collective itself: the chips are separate processes, and recording is synchronous.
"""

import operator

import torch
from torch.fx.passes.split_module import split_module

_COLLECTIVE_NAMESPACES = ("_c10d_functional::", "_c10d_functional_autograd::", "c10d::", "_dtensor::")


def _schema_name(node):
    return getattr(getattr(node.target, "_schema", None), "name", "") if node.op == "call_function" else ""


def _is_collective(node) -> bool:
    return _schema_name(node).startswith(_COLLECTIVE_NAMESPACES)


def has_collectives(gm) -> bool:
    return any(_is_collective(n) for n in gm.graph.nodes)


class _Compiled(torch.nn.Module):
    """A stretch between collectives, run by the compiled-graph wrapper `compile_part` made."""

    def __init__(self, run):
        super().__init__()
        self.run = run

    def forward(self, *args):
        return self.run(*args)


def split_at_collectives(gm, compile_part):
    """`gm` as a graph of parts: stretches compiled with `compile_part(submodule)` and
    collectives left eager."""
    part, collective_part, eager_parts = 0, {}, set()
    last_was_collective = False

    def assign(node):
        nonlocal part, last_was_collective
        producers = [a for a in node.all_input_nodes if a in collective_part]
        if producers and (_is_collective(node) or node.target is operator.getitem):
            # A wait_tensor or getitem of a collective's result stays with it.
            collective_part[node] = collective_part[producers[0]]
            return collective_part[node]
        if _is_collective(node):
            part += 1
            collective_part[node] = part
            eager_parts.add(part)
            last_was_collective = True
            return part
        if last_was_collective:
            part += 1
            last_was_collective = False
        return part

    split = split_module(gm, None, assign, keep_original_order=True)
    for name, sub in list(split.named_children()):
        index = int(name.rsplit("_", 1)[1])
        if index not in eager_parts:
            setattr(split, name, _Compiled(compile_part(sub)))
    return split

