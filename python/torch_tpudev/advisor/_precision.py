"""f32 products that could run in bf16. The MXU multiplies bf16: an f32 product at
"highest" precision (PyTorch's default) takes six bf16 passes, at "high" three, and its
operands move twice the bytes. Under `torch.autocast("tpu", dtype=torch.bfloat16)` (or with
bf16 weights and activations) each product is one pass over half the bytes; the loss of
precision is what `torch_tpudev.drift` measures."""

_PRECISION = {6: "highest", 3: "high", 1: "medium"}


def find(facts, Finding):
    f32 = [p for p in facts.products if max(p.lhs_bytes, p.rhs_bytes) >= 4]
    if not f32:
        return []
    cycles = sum(p.cycles for p in f32)
    saving = sum(p.cycles - facts.product_cycles(p, bf16=True) for p in f32)
    if saving <= 0:
        return []
    lines = {}
    for p in f32:
        for line in facts.product_lines(p):
            lines[line] = lines.get(line, 0) + p.cycles
    passes = sorted({p.passes for p in f32}, reverse=True)
    precision = ", ".join(f"{_PRECISION.get(n, n)} ({n} pass{'es' if n > 1 else ''})" for n in passes)
    return [
        Finding(
            kind="f32 work",
            summary=f"{len(f32)} f32 matrix product(s) at {precision} take {facts.seconds(cycles) * 1e6:.1f} us",
            change='run the step under torch.autocast("tpu", dtype=torch.bfloat16) (or keep weights and '
            "activations in bf16); check the numerics with torch_tpudev.drift",
            saving_s=facts.seconds(saving),
            where=facts.user_lines(lines),
            detail=f"in bf16 they would take {facts.seconds(cycles - saving) * 1e6:.1f} us; run op by op, autocast's "
            "casts are kernels of their own (fused, they cost little)",
        )
    ]
