"""Graph breaks: Dynamo ended a graph early (a print, a `.item()`, an unsupported call), so the
function runs as several compiled programs with the break's own code between them. The
activations crossing the break are written to HBM by one program and read back by the next,
instead of staying in the fused kernels of one."""


def find(facts, Finding):
    ran = dict((id(g), calls) for g, calls in facts.prof.graphs_run)
    graphs = [g for g, _ in facts.prof.graphs_run] + [g for g in facts.compiles if id(g) not in ran]
    # A graph that follows a break starts where the break was; its inputs cross the break.
    by_break = {}
    for g in graphs:
        if g.graph_break:
            by_break.setdefault((g.break_where, g.graph_break), []).append(g)
    findings = []
    for (where, reason), breaking in by_break.items():
        # Dynamo names the code after a break at line L of `fn` "torch_dynamo_resume_in_fn_at_L".
        file, line = where.rsplit(":", 1) if ":" in where else (where, "")
        resumed = [g for g in graphs if g.code.startswith(f"{file}:torch_dynamo_resume_in_") and g.code.endswith(f"_at_{line}")]
        crossing = sum(g.activation_bytes * ran.get(id(g), 0) for g in resumed)
        # Written once by the graph before the break and read once by the one after it.
        saving = facts.hbm_seconds(2 * crossing)
        calls = sum(ran.get(id(g), 0) for g in breaking)
        findings.append(
            Finding(
                kind="graph break",
                summary=f"graph break at {where}: {reason}",
                change="remove or move the call out of the compiled code (log after the step, keep values on the "
                "device, use torch._dynamo.config settings the hint names), so the function is one graph",
                saving_s=saving,
                where=(where,),
                detail=f"{len(breaking)} graph(s) end here ({calls} call(s) in the profile); "
                f"{crossing / 1e6:.3f} MB of activations cross the break through HBM (the estimate; a backward "
                "pass's gradients crossing back and the extra kernel launches come on top)",
            )
        )
    return findings
