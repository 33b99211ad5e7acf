"""Products whose sizes fill the MXU poorly. The MXU is a weight-stationary array
(128x128, or 256x256 on v6e and v7x): a contracted size or an output width past a multiple of
its side costs a whole further pass, mostly padding (130 takes the MXU passes 256 does). The finding
names the size, the products it is in, and the time spent on the padding: what the multiple
below saves (at most the padding's share, since it also drops real work), or what the multiple
above gives for free."""


def _aligned_down(d, side):
    return d - d % side if d > side and d % side else d


def _up(d, side):
    return -(-d // side) * side


def find(facts, Finding):
    rows, cols = facts.mxu_rows, facts.mxu_cols
    by_size = {}
    for p in facts.products:
        n, k = _aligned_down(p.n, cols), _aligned_down(p.k, rows)
        if (n, k) == (p.n, p.k):
            continue
        # The share of the passes that the misaligned sizes pad (a size under the side is a
        # small product, not a misfit).
        padding = 1 - (p.n / _up(p.n, cols) if n != p.n else 1) * (p.k / _up(p.k, rows) if k != p.k else 1)
        saving = min(p.cycles - facts.product_cycles(p, n=n, k=k), p.cycles * padding)
        if saving <= 0:
            continue
        for size, aligned in ((p.n, n), (p.k, k)):
            if size != aligned:
                entry = by_size.setdefault(size, [0, 0, set(), set()])
                entry[0] += saving / (2 if (p.n != n and p.k != k) else 1)
                entry[1] += p.cycles
                entry[2].add(p.dims)
                entry[3].update(facts.product_lines(p))
    findings = []
    side = f"{rows}x{cols}"
    for size, (saving, cycles, shapes, lines) in by_size.items():
        down, up = size - size % cols, size - size % cols + cols
        options = [f"{down} (no partial pass)", f"{up} (the same time, {100 * (up - size) / size:.0f}% more width for free)"]
        if up - size < size - down:
            options.reverse()
        findings.append(
            Finding(
                kind="MXU shape",
                summary=f"size {size} is not a multiple of the MXU's {cols}: it pads to {up} on the {side} MXU "
                f"({100 * (up - size) / up:.0f}% of those passes are padding)",
                change=f"make it {options[0]} or {options[1]}",
                saving_s=facts.seconds(saving),
                where=tuple(sorted(lines)),
                detail=f"{len(shapes)} product shape(s) (batch, m, n, k): "
                + ", ".join(str(s) for s in sorted(shapes)[:4])
                + f"; they take {facts.seconds(cycles) * 1e6:.1f} us",
            )
        )
    return findings
