"""The simulated clock: torch.tpu.Event, torch.tpu.simulated_time, torch_tpudev.profile and
timing-only mode. Simulated time depends only on the programs run, never on the wall clock."""

import json

import pytest
import torch

import torch_tpudev


def _timed(fn):
    start = torch.tpu.Event(enable_timing=True)
    end = torch.tpu.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end)


def _matmul(n):
    a = torch.ones(n, n, device="tpu", dtype=torch.bfloat16)
    b = torch.ones(n, n, device="tpu", dtype=torch.bfloat16)
    return lambda: a @ b


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_event_measures_positive_deterministic_time():
    mm = _matmul(256)
    first = _timed(mm)
    second = _timed(mm)
    assert first > 0
    assert first == second  # bit-identical, not merely close


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_bigger_matmul_takes_longer():
    small, large = _timed(_matmul(256)), _timed(_matmul(1024))
    assert large > small
    # A 64x larger product is compute-bound and much slower, though its launch cost is shared.
    assert large > 8 * small


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_event_errors_and_protocol():
    e = torch.tpu.Event(enable_timing=True)
    assert e.query()
    with pytest.raises(RuntimeError, match="recorded"):
        e.elapsed_time(torch.tpu.Event(enable_timing=True))
    no_timing = torch.tpu.Event()
    no_timing.record()
    e.record()
    with pytest.raises(RuntimeError, match="enable_timing"):
        no_timing.elapsed_time(e)
    e2 = torch.tpu.Event(enable_timing=True)
    e2.record(torch.tpu.current_stream() if hasattr(torch.tpu, "current_stream") else None)
    assert e.elapsed_time(e2) == 0.0


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_simulated_time_advances_with_work_and_transfers():
    t0, c0 = torch.tpu.simulated_time(), torch.tpu.simulated_cycles()
    x = torch.arange(1 << 16, dtype=torch.float32).to("tpu")
    t1 = torch.tpu.simulated_time()
    assert t1 > t0 and torch.tpu.simulated_cycles() > c0
    (x * 2).sum().item()
    assert torch.tpu.simulated_time() > t1
    # Host work does not move it.
    t2 = torch.tpu.simulated_cycles()
    torch.ones(1000) * 3
    assert torch.tpu.simulated_cycles() == t2


def _workload():
    torch.manual_seed(0)
    x = torch.randn(32, 256, device="tpu")
    w = torch.randn(128, 256, device="tpu")
    y = torch.nn.functional.linear(x, w).relu()
    return torch.softmax(y, dim=-1).cpu()


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_identical_runs_give_identical_times():
    assert _timed(_workload) == _timed(_workload)


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_profile_writes_trace_and_summary(tmp_path):
    path = tmp_path / "trace.json"
    before = torch.tpu.simulated_cycles()
    with torch_tpudev.profile(path) as prof:
        _workload()
    elapsed = torch.tpu.simulated_cycles() - before
    trace = json.loads(path.read_text())
    kernels = [e for e in trace["traceEvents"] if e["ph"] == "X"]
    names = {e["name"] for e in kernels}
    assert {"mm", "relu", "_softmax", "device_to_host"} <= names, names
    for e in kernels:
        assert e["dur"] > 0 and e["ts"] >= 0
        assert {"flops", "bytes_read", "bytes_written", "bound"} <= set(e["args"])
    mm = next(e for e in kernels if e["name"] == "mm")
    assert mm["args"]["kernel"] == "dot_general"
    assert mm["args"]["flops"] == 2 * 32 * 256 * 128
    # Events lie back to back on the simulated timeline and cover the block.
    kernels.sort(key=lambda e: e["ts"])
    assert sum(e["args"]["cycles"] for e in kernels) == elapsed
    summary = prof.summary()
    assert abs(sum(r.share for r in summary) - 1.0) < 1e-9
    assert {r.op for r in summary} == names
    row = next(r for r in summary if r.op == "mm")
    assert row.count == 1 and row.flops == 2 * 32 * 256 * 128
    assert 0 < row.mfu < 1 and row.bound in ("compute", "memory", "overhead")
    assert next(r for r in summary if r.op == "device_to_host").bound == "host"
    text = prof.table()
    assert "mm" in text and "total" in text and "MFU" in text
    assert str(prof) == text


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_profiles_nest_and_are_deterministic():
    with torch_tpudev.profile() as outer:
        _workload()
        with torch_tpudev.profile() as inner:
            _matmul(128)()
    assert len(inner.events) >= 1 and all(e.op in ("mm", "ones") for e in inner.events)
    assert len(outer.events) > len(inner.events)
    with torch_tpudev.profile() as again:
        _workload()
    first = [(e.op, e.kernel, e.cycles, e.flops) for e in outer.events[: len(again.events)]]
    assert first == [(e.op, e.kernel, e.cycles, e.flops) for e in again.events]


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_timing_only_mode_takes_the_same_time_without_arithmetic():
    a = torch.full((256, 256), 2.0, device="tpu")
    full = _timed(lambda: a @ a)
    with torch.tpu.timing_only():
        assert torch.tpu.is_timing_only()
        out = torch.zeros(256, 256, device="tpu")
        shapes = _timed(lambda: torch.mm(a, a, out=out))
    assert not torch.tpu.is_timing_only()
    assert shapes == full
    assert out.cpu().abs().sum().item() == 0.0  # nothing was computed


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_properties_carry_the_timing_figures():
    p = torch_tpudev._C.properties()
    assert p["clock_hz"] > 0 and p["peak_bf16_flops"] > 0 and p["hbm_bw_bytes_per_s"] > 0


def test_torch_event_needs_the_device_module_event():
    # PyTorch's generic torch.Event reaches the device guard, which a Python backend cannot
    # implement; torch.tpu.Event is the interface (as torch.cuda.Event is for CUDA).
    s, e = torch.Event(device="tpu", enable_timing=True), torch.Event(device="tpu", enable_timing=True)
    s.record()
    e.record()
    with pytest.raises(RuntimeError):
        s.elapsed_time(e)


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_deferred_and_compiled_programs_are_named_in_the_profile():
    x = torch.randn(64, 64, device="tpu")
    f = torch.compile(lambda t: (t @ t).relu(), backend="tpu")
    f(x).cpu()  # capture
    with torch_tpudev.profile() as prof:
        with torch.tpu.set_eager_mode(torch.tpu.EagerMode.DEFER_AND_FUSE):
            (x * 2 + 1).sum().cpu()
        f(x).cpu()
    ops = {e.op for e in prof.events}
    assert {"deferred program", "compiled graph"} <= ops, ops


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_the_profile_shows_where_defer_and_fuse_had_to_sync(tmp_path):
    """Each `.item()` in the loop runs the program recorded so far: the profile lists it with
    this file's line, under the table and as an instant event on the trace's own track."""
    import inspect

    w = torch.randn(16, 16, device="tpu")
    with torch.tpu.set_eager_mode(torch.tpu.EagerMode.DEFER_AND_FUSE):
        torch.tpu.synchronize()
        with torch_tpudev.profile(str(tmp_path / "trace.json")) as prof:
            for _ in range(2):
                (w @ w).relu().sum().item(); line = inspect.currentframe().f_lineno  # noqa: E702
    where = f"{__file__}:{line}"
    assert [(p.reason, p.where) for p in prof.sync_points] == [("host read", where)] * 2
    first, second = (p.cycles for p in prof.sync_points)
    assert 0 < first < second  # each after the program it ran
    assert f"   2 x host read      {where}" in prof.table()
    trace = json.loads((tmp_path / "trace.json").read_text())["traceEvents"]
    marks = [e for e in trace if e["ph"] == "i"]
    assert [(e["name"], e["args"]["where"], e["tid"]) for e in marks] == [("host read", where, 3)] * 2
    # Outside a profile block nothing is collected.
    (w @ w).sum().item()
    assert len(prof.sync_points) == 2


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_roofline_plot_puts_every_op_under_the_roof(tmp_path):
    import xml.etree.ElementTree as ET

    from torch_tpudev.roofline import roof

    with torch_tpudev.profile() as prof:
        _workload()
        _matmul(512)()
    path = tmp_path / "roofline.svg"
    svg = prof.roofline(path)
    assert path.read_text() == svg
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    titles = [c.find(f"{ns}title").text for c in root.iter(f"{ns}circle") if c.find(f"{ns}title") is not None]
    plotted = [r for r in prof.summary() if r.flops > 0 and r.bytes > 0]
    assert len(titles) == len(plotted) >= 2
    assert any(t.startswith("mm:") for t in titles)
    for r in plotted:
        assert r.flops_per_s <= roof(r.flops / r.bytes, prof.peak_flops, prof.hbm_bw) * 1.0001, r
    assert prof.roofline() == svg, "the plot is deterministic"


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_a_bf16_matmul_takes_one_mxu_pass_at_every_f32_precision():
    # torch.set_float32_matmul_precision governs f32 products only; a bf16 product accumulates
    # in f32 but its operands are exact in one bf16 pass, as a TPU runs it.
    previous = torch.get_float32_matmul_precision()
    times = {}
    try:
        for precision in ["highest", "high", "medium"]:
            torch.set_float32_matmul_precision(precision)
            times[precision] = (_timed(_matmul(2048)), _timed(_f32_matmul(2048)))
    finally:
        torch.set_float32_matmul_precision(previous)
    bf16 = {p: t[0] for p, t in times.items()}
    assert len(set(bf16.values())) == 1, bf16
    # f32 products keep their passes: six at highest, three at high, one at medium.
    assert times["highest"][1] > 4 * times["medium"][1] and times["high"][1] > 2 * times["medium"][1]
    assert times["medium"][1] >= bf16["medium"]


def _f32_matmul(n):
    a = torch.ones(n, n, device="tpu")
    return lambda: a @ a


@pytest.mark.sim_only("the simulated clock, profiler and timing-only mode are the simulator's")
def test_a_profiled_run_is_timed_on_another_chip_by_its_own_programs():
    a = torch.ones(1024, 1024, device="tpu", dtype=torch.bfloat16)
    torch.tpu.synchronize()
    with torch_tpudev.profile() as prof:
        (a @ a).sum().item()
    # On its own chip, the programs take what the profile logged (host transfers included).
    here, here_mfu = prof.on_chip(torch.tpu.get_device_properties().chip)
    assert here == pytest.approx(prof.total_time_s, rel=1e-12)
    # A 1024^3 bf16 product is MXU-bound: v5p (459 TFLOP/s) beats v5e (197 TFLOP/s).
    v5p, v5p_mfu = prof.on_chip("v5p")
    v5e, _ = prof.on_chip("v5e")
    assert v5p < v5e and 0 < v5p_mfu <= 1
    with pytest.raises(RuntimeError, match="unknown chip"):
        prof.on_chip("v9")
