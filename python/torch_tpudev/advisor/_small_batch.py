"""Batches too small to fill the MXU. The MXU holds a block of weights and streams the rows of
the other operand through it; loading the next block takes as long as streaming as many rows
as the array is high (128, or 256 on v6e and v7x). A product with fewer rows than that waits
on its weights: more rows (a bigger batch, or more tokens per step) cost almost nothing more.
Kernels that are bound by their launch cost (the elementwise work of a small batch) cost about
the same per step whatever the batch, so fewer, larger steps save most of their time too. The
saving is the time the same number of samples would take in batches that fill the array."""

_PRODUCTS = ("dot_general", "convolution", "ragged_dot")


def find(facts, Finding):
    rows = facts.mxu_rows
    small = [p for p in facts.products if 0 < p.m < rows]
    if not small:
        return []
    saving, cycles, lines, ms = 0.0, 0, {}, set()
    for p in small:
        grow = rows / p.m
        filled = facts.product_cycles(p, m=rows)
        saving += p.cycles - filled / grow
        cycles += p.cycles
        ms.add(p.m)
        for line in facts.product_lines(p):
            lines[line] = lines.get(line, 0) + p.cycles
    if saving <= 0:
        return []
    overhead = sum(e.cycles for e in facts.events if e.bound == "overhead")
    total = sum(e.cycles for e in facts.events) or 1
    m = min(ms)
    # Launch-bound kernels other than the products: the same per step, in 1/grow as many steps.
    launch_bound = sum(
        e.cycles for e in facts.events if e.bound == "overhead" and not any(k in e.kernel for k in _PRODUCTS)
    )
    saving = facts.seconds(saving) + facts.event_seconds(launch_bound) * (1 - m / rows)
    return [
        Finding(
            kind="small batch",
            summary=f"{len(small)} product(s) stream only {m}-{max(ms)} rows through the {rows}-high MXU, "
            "which then waits on its weights",
            change=f"grow the batch (or tokens per step) toward {rows} rows per product, e.g. {rows // m}x: "
            "each step then costs about the same and does that much more work (scale the learning rate to match)",
            saving_s=saving,
            where=facts.user_lines(lines),
            detail=f"these products take {facts.seconds(cycles) * 1e6:.1f} us; kernels bound by their launch cost "
            f"take {100 * overhead / total:.0f}% of the run",
        )
    ]
