"""Host synchronizations inside the step: a `.item()`, a print, `.cpu()`, a data-dependent
shape. Each makes the host wait for the device: the chip finishes what it was given, the value
crosses the host link, and only then does the host issue more work. In defer-and-fuse each also
runs the program recorded so far, cutting the step's program in two (what comes before cannot
fuse with what comes after). Read once after the loop (or every N steps), the values cost one
transfer; the saving is the others."""

# Sync points the user's code causes; the others come from tpudev itself (a graph capture, a
# mode switch, the program size limit).
_USER_REASONS = ("host read", "host write", "synchronize")


def find(facts, Finding):
    reads = {}
    for call in facts.ops:
        if call.op == "device_to_host" and not call.where.startswith("("):
            reads.setdefault(call.where, []).append(call)
    transfers = [e for e in facts.events if e.op == "device_to_host"]
    # The reads and the device_to_host transfers are logged in the same order.
    read_calls = [c for c in facts.ops if c.op == "device_to_host"]
    cycles_of = {id(c): e.cycles for c, e in zip(read_calls, transfers)}
    cuts = {}
    for p in facts.sync_points:
        if p.reason in _USER_REASONS and not p.where.startswith("("):
            cuts.setdefault(p.where, []).append(p)
    findings = []
    for where in sorted(set(reads) | set(cuts)):
        calls, points = reads.get(where, []), cuts.get(where, [])
        count = max(len(calls), len(points))
        if count < 2:
            continue  # one read (the value after the loop) is what the fix leaves
        spent = sum(cycles_of.get(id(c), 0) for c in calls)
        saving = facts.event_seconds(spent) * (count - 1) / count
        cut = f"; each ran the deferred program recorded so far ({points[0].reason})" if points else ""
        findings.append(
            Finding(
                kind="host sync",
                summary=f"{count} host synchronization(s) at {where}: the host waits for the device "
                f"and reads the value{cut}",
                change="keep the value on the device inside the step (accumulate losses and metrics as tensors, "
                "`total += loss.detach()`) and read it once after the loop or every N steps",
                saving_s=saving,
                where=(where,),
                detail=f"the {len(calls)} read(s) take {facts.event_seconds(spent) * 1e6:.1f} us of host-link time",
            )
        )
    return findings
