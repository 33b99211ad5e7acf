"""Memory-bound ops run one at a time that would fuse. Op by op (the strict and debug eager
modes), every elementwise op is its own kernel: it reads its inputs from HBM and writes its
result back, and the op that reads the result loads it again. Fused (defer-and-fuse, or
`torch.compile`), a chain of such ops is one kernel. The op log says which op read which op's
result; fused with what it reads, an op saves its kernel launch and each intermediate's write
and read (at most its own whole time). Independent ops (a gradient added into each parameter) do
not fuse and are not counted, nor are links across a compiled or deferred program (the ops on
either side of a compiled graph run in different steps of the program order)."""

# Labels of events that ran as whole programs (already fused).
_PROGRAM_LABELS = ("deferred program", "compiled graph")
_PRODUCTS = ("dot_general", "convolution", "ragged_dot")
_NOT_KERNELS = ("host", "ici", "idle")


def _fusable(events):
    return bool(events) and all(
        e.op not in _PROGRAM_LABELS and e.bound in ("memory", "overhead") and not any(p in e.kernel for p in _PRODUCTS)
        for e in events
    )


def _events_by_call(facts):
    """({op call index: its kernel events} for op-by-op events, {op call index: how many
    program events ran before it})."""
    by_call, stretch, programs = {}, {}, 0
    for e in facts.events:
        i = facts.op_call_index_at(e.start_cycles)
        if e.op in _PROGRAM_LABELS:
            programs += 1
            continue
        if e.bound in _NOT_KERNELS or i is None:
            continue
        by_call.setdefault(i, []).append(e)
        stretch.setdefault(i, programs)
    return by_call, stretch


def find(facts, Finding):
    by_call, stretch = _events_by_call(facts)
    writer = {}  # buffer -> index of the op call that last wrote it
    launch_s = facts.seconds(facts.launch_cycles)
    saving, links, fused_calls, lines = 0.0, 0, set(), {}
    for i, call in enumerate(facts.ops):
        events = by_call.get(i, [])
        if _fusable(events):
            producers = {
                j for j in (writer.get(b) for b in call.inputs)
                if j is not None and j != i and stretch.get(j) == stretch.get(i) and _fusable(by_call.get(j, []))
            }
            if producers:
                produced = sum(e.bytes_written for j in producers for e in by_call[j])
                reader_s = facts.event_seconds(sum(e.cycles for e in events))
                saving += min(reader_s, launch_s + facts.hbm_seconds(2 * produced))
                links += len(producers)
                fused_calls.update(producers | {i})
                lines[call.where] = lines.get(call.where, 0) + reader_s
        for b in call.outputs:
            writer[b] = i
    if not links:
        return []
    return [
        Finding(
            kind="unfused memory-bound ops",
            summary=f"{len(fused_calls)} memory-bound ops run one at a time; {links} times one reads another's result "
            "back from HBM",
            change='run the step in defer-and-fuse (torch.tpu.eager_mode = "DEFER_AND_FUSE") or under '
            'torch.compile(backend="tpu"), so that each chain of them is one fused kernel',
            saving_s=saving,
            where=facts.user_lines(lines),
            detail="fused with the ops whose results it reads, each op saves its kernel launch and those results' "
            "HBM write and read",
        )
    ]
