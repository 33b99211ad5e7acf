"""Collectives the chip waits on. A blocking collective (`dist.all_reduce(t)` without
`async_op`) stops the chip until the ICI transfer ends; issued asynchronously (DDP's bucketed
all-reduce during the backward pass, FSDP's gathers, `async_op=True`), it runs on the ICI
beside the kernels and only the work that needs its result waits. The finding measures how
much ICI time of blocking collectives no kernel ran beside. The saving is that time less the
last collective's (issued after the last gradient, it has nothing left to hide behind), and at
most two thirds of the kernels' time: a gradient's all-reduce can hide behind the rest of the
backward pass, which takes about twice the forward's FLOPs. Asynchronous collectives that
still leave the chip waiting mean the ICI itself is the bottleneck: the finding then says how
to move fewer bytes."""

_KERNEL_BOUNDS = ("compute", "memory", "overhead", "host")


def _exposed(transfer, kernels):
    """Cycles of `transfer` during which no kernel ran (kernels sorted by start)."""
    start, end = transfer.start_cycles, transfer.start_cycles + transfer.cycles
    covered, at = 0, start
    for k in kernels:
        k_start, k_end = max(k.start_cycles, at), min(k.start_cycles + k.cycles, end)
        if k_end > k_start:
            covered += k_end - k_start
            at = k_end
    return transfer.cycles - covered


def find(facts, Finding):
    transfers = [e for e in facts.events if e.bound == "ici"]
    if len(transfers) < 2:
        return []
    kernels = sorted((e for e in facts.events if e.bound in _KERNEL_BOUNDS), key=lambda e: e.start_cycles)
    exposed = [_exposed(t, kernels) for t in transfers]
    compute = sum(k.cycles for k in kernels)
    blocking = [x for t, x in zip(transfers, exposed) if not t.kernel.endswith("(async)")]
    if len(blocking) < 2:
        return _ici_bound(facts, Finding, transfers, exposed, compute)
    saving = min(sum(blocking) - max(blocking), 2 * compute // 3)
    if saving <= 0:
        return []
    lines = {}
    for call in facts.ops:
        if call.op.startswith("collective:"):
            lines[call.where] = lines.get(call.where, 0) + 1
    return [
        Finding(
            kind="collective without overlap",
            summary=f"{len(blocking)} of {len(transfers)} collective(s) block the chip: "
            f"{facts.event_seconds(sum(blocking)) * 1e6:.1f} us of ICI time no kernel runs beside",
            change="issue them asynchronously so that they overlap compute: wrap the model in "
            "DistributedDataParallel (its bucketed all-reduce runs during the backward pass) or FSDP, or "
            "`work = dist.all_reduce(t, async_op=True)` as soon as `t` is ready and use `t` only after `work.wait()`",
            saving_s=facts.event_seconds(saving),
            where=facts.user_lines(lines),
            detail=f"the collectives take {facts.event_seconds(sum(t.cycles for t in transfers)) * 1e6:.1f} us on the ICI; "
            f"the step's kernels take {facts.event_seconds(compute) * 1e6:.1f} us",
        )
    ]


def _ici_bound(facts, Finding, transfers, exposed, compute):
    """Asynchronous collectives the chip still waits for: more ICI time than compute to hide it."""
    waited = sum(exposed) - max(exposed)
    if waited <= 0.05 * compute:
        return []
    return [
        Finding(
            kind="collective without overlap",
            summary=f"asynchronous collectives still leave {facts.event_seconds(waited) * 1e6:.1f} us of ICI time "
            "with no kernel beside: the ICI is the bottleneck",
            change="move fewer bytes per step: all-reduce bf16 gradients (DDP's bf16_compress_hook), more samples "
            "per chip per step, or shard the model (FSDP) so that each chip reduces only its part",
            saving_s=facts.event_seconds(waited),
            detail=f"the collectives take {facts.event_seconds(sum(t.cycles for t in transfers)) * 1e6:.1f} us on the "
            f"ICI; the step's kernels take {facts.event_seconds(compute) * 1e6:.1f} us",
        )
    ]
