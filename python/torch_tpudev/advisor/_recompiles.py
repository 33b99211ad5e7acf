"""Recompilations: one function compiled again because its inputs changed shape or dtype. Each
recompile costs host compile time (on a TPU VM, XLA's compile of the new program; here, the
same tracing and tpudev's lowering, measured), and varying sizes recompile until Dynamo
traces them as unbounded symbols."""


def find(facts, Finding):
    by_code = {}
    for g in facts.compiles:
        by_code.setdefault((g.code, g.first_line), []).append(g)
    findings = []
    for (code, first_line), graphs in by_code.items():
        if len(graphs) < 2:
            continue
        causes, dims = [], []
        for before, after in zip(graphs, graphs[1:]):
            cause, changed = _cause(before.inputs, after.inputs)
            causes.append(cause)
            dims.extend(changed)
        extra = graphs[1:]
        fn = code.rsplit(":", 1)[-1]
        where = tuple(dict.fromkeys([first_line, *(g.where for g in graphs)]))
        if dims:
            marks = "; ".join(f"torch._dynamo.mark_dynamic({name}, {d}, min=..., max=...)" for name, d in dict.fromkeys(dims))
            change = (
                f"mark the varying size dynamic before the first call ({marks}): one graph for every size, "
                "and tpudev compiles one program per bucket of 128 up to the bound"
            )
        else:
            change = "pass the same dtypes (and devices) on every call, so that one compiled graph serves them all"
        if any(g.dynamic for g in extra):
            change += "; Dynamo's own fallback (a recompile, then unbounded symbolic sizes) compiles twice and pads nothing"
        findings.append(
            Finding(
                kind="recompilation",
                summary=f"{fn} compiled {len(graphs)} times: " + "; ".join(dict.fromkeys(causes)),
                change=change,
                saving_s=sum(g.seconds for g in extra),
                where=where,
                detail=f"{len(extra)} recompilation(s) took {sum(g.seconds for g in extra):.2f} s of host time here",
                host_time=True,
            )
        )
    return findings


def _cause(before, after):
    """What changed between two compiles' inputs: (text, [(input name, dim)] of sizes that changed)."""
    old = {name: (shape, dtype) for name, shape, dtype in before}
    parts, dims = [], []
    for name, shape, dtype in after:
        if name not in old:
            continue
        shape0, dtype0 = old[name]
        if dtype0 != dtype:
            parts.append(f"{name} dtype {dtype0} -> {dtype}")
        elif len(shape0) != len(shape):
            parts.append(f"{name} rank {len(shape0)} -> {len(shape)}")
        else:
            for d, (a, b) in enumerate(zip(shape0, shape)):
                if a != b:
                    parts.append(f"{name} size {d} {a} -> {b}")
                    dims.append((name, d))
    if not parts:
        parts.append("inputs changed (" + (", ".join(sorted(set(n for n, _, _ in after) ^ set(old))) or "guards") + ")")
    return ", ".join(parts), dims
