"""torch_tpudev.advise: each finding on a training loop written to have it, at the line of the
test's own code that causes it, and proven by the change it advises making the run faster on
the simulated clock (for recompilations, compiling fewer programs)."""

import inspect
import json

import pytest
import torch
import torch.nn as nn

import torch_tpudev

pytestmark = pytest.mark.sim_only("the advisor reads the simulator's profile")

MXU = torch_tpudev._C.chip_info(torch.tpu.get_device_name())["mxu_rows"]


def line_of(fn, text):
    """'file:line' of the first line of `fn`'s source containing `text`."""
    lines, start = inspect.getsourcelines(fn)
    for i, line in enumerate(lines):
        if text in line:
            return f"{inspect.getsourcefile(fn)}:{start + i}"
    raise AssertionError(f"{text!r} is not in {fn.__name__}")


def mlp(d_in, hidden, d_out, dtype=torch.float32):
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU(), nn.Linear(hidden, d_out)).to("tpu", dtype)


def profiled(step, *args, **kwargs):
    with torch_tpudev.profile() as prof:
        step(*args, **kwargs)
    return prof


def sgd_steps(model, batches, autocast=False):
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for x in batches:
        with torch.autocast("tpu", dtype=torch.bfloat16, enabled=autocast):
            loss = model(x).float().square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad()


def batches(n, rows, cols, dtype=torch.float32):
    g = torch.Generator().manual_seed(1)
    return [torch.randn(rows, cols, generator=g).to("tpu", dtype) for _ in range(n)]


def assert_saving_estimated(finding, slow, fast, low=0.3, high=3.0):
    """The finding's estimate is of the order of what the fix saved on the simulated clock."""
    measured = slow.total_time_s - fast.total_time_s
    assert measured > 0, (slow.total_time_s, fast.total_time_s)
    assert low * measured <= finding.saving_s <= high * measured, (finding.saving_s, measured)


# ---------------------------------------------------------------- recompilations
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a, self.b = nn.Linear(128, 128), nn.Linear(128, 128)

    def forward(self, x):
        return self.b(self.a(x).relu()).square().sum()


def varying_batch_loop(model, mark):
    for rows in (8, 16, 24, 32):
        x = torch.randn(rows, 128).to("tpu")
        if mark:
            torch._dynamo.mark_dynamic(x, 0, min=1, max=128)
        model(x).backward()


def test_recompilations_name_the_size_that_changed_and_mark_dynamic_removes_them():
    runs = {}
    for mark in (False, True):
        torch._dynamo.reset()
        model = torch.compile(Net().to("tpu"), backend="tpu")
        before = torch.tpu.graph_compilations()
        runs[mark] = (profiled(varying_batch_loop, model, mark), torch.tpu.graph_compilations() - before)
    (bad, bad_programs), (fixed, fixed_programs) = runs[False], runs[True]
    [finding] = torch_tpudev.advise(bad).of_kind("recompilation")
    assert "x size 0 8 -> 16" in finding.summary
    assert "torch._dynamo.mark_dynamic(x, 0" in finding.change
    assert line_of(varying_batch_loop, "model(x).backward()") in finding.where
    assert finding.host_time and finding.saving_s > 0
    assert torch_tpudev.advise(fixed).of_kind("recompilation") == []
    # The fix: one graph for every size, and fewer programs compiled.
    assert len(fixed.compiles) < len(bad.compiles)
    assert fixed_programs < bad_programs


def test_a_dtype_change_is_named_as_the_cause_of_a_recompilation():
    torch._dynamo.reset()
    double_sum = torch.compile(lambda a: (a * 2).sum(), backend="tpu")
    with torch_tpudev.profile() as prof:
        double_sum(torch.ones(8, device="tpu"))
        double_sum(torch.ones(8, device="tpu", dtype=torch.bfloat16))
    [finding] = torch_tpudev.advise(prof).of_kind("recompilation")
    assert "a dtype float32 -> bfloat16" in finding.summary
    assert finding.change.startswith("pass the same dtypes")


# ---------------------------------------------------------------- graph breaks
class Chatty(Net):
    def forward(self, x):
        h = self.a(x).relu()
        print("hidden", h.shape)
        return self.b(h * 2 + 1).square().sum()


class Quiet(Net):
    def forward(self, x):
        h = self.a(x).relu()
        return self.b(h * 2 + 1).square().sum()


def steps(model, x, n=3):
    for _ in range(n):
        model(x).backward()


def test_a_graph_break_is_found_at_its_line_and_removing_it_makes_the_step_faster(capsys):
    x = torch.randn(256, 128).to("tpu")
    profiles = {}
    for cls in (Chatty, Quiet):
        torch._dynamo.reset()
        model = torch.compile(cls().to("tpu"), backend="tpu")
        steps(model, x, 1)  # compiled before the profile: the advisor still knows its graphs
        profiles[cls] = profiled(steps, model, x)
    [finding] = torch_tpudev.advise(profiles[Chatty]).of_kind("graph break")
    assert finding.where == (line_of(Chatty.forward, "print("),)
    assert "print" in finding.summary
    assert torch_tpudev.advise(profiles[Quiet]).of_kind("graph break") == []
    # The estimate counts the activations crossing the break; the backward's crossing and the
    # extra kernel launches come on top.
    assert_saving_estimated(finding, profiles[Chatty], profiles[Quiet], low=0.3)
    assert "hidden" in capsys.readouterr().out


class TwoBreaks(Net):
    def forward(self, x):
        h = self.a(x).relu()
        print("hidden")
        h = h * 2 + 1
        print("scaled")
        return self.b(h).square().sum()


def test_each_graph_break_is_its_own_finding_with_its_own_crossing(capsys):
    torch._dynamo.reset()
    model = torch.compile(TwoBreaks().to("tpu"), backend="tpu")
    x = torch.randn(256, 128).to("tpu")
    advice = torch_tpudev.advise(profiled(steps, model, x, 1), min_share=0)
    breaks = advice.of_kind("graph break")
    assert sorted(f.where for f in breaks) == sorted(
        [(line_of(TwoBreaks.forward, 'print("hidden")'),), (line_of(TwoBreaks.forward, 'print("scaled")'),)]
    )
    # Each break is crossed by one 256x128 f32 activation, once.
    assert all("0.131 MB of activations cross the break" in f.detail for f in breaks), [f.detail for f in breaks]


# ---------------------------------------------------------------- host syncs
def logging_every_step(model, data):
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    losses = []
    for x in data:
        loss = model(x).square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        losses.append(loss.item())
    return losses


def logging_once(model, data):
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    total = torch.zeros((), device="tpu")
    for x in data:
        loss = model(x).square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        total += loss.detach()
    return total.item()


def test_item_in_the_loop_is_found_at_its_line_and_reading_once_is_faster():
    data = batches(4, 64, 128)
    with torch.tpu.set_eager_mode("DEFER_AND_FUSE"):
        bad = profiled(logging_every_step, mlp(128, 128, 128), data)
        fixed = profiled(logging_once, mlp(128, 128, 128), data)
    [finding] = torch_tpudev.advise(bad).of_kind("host sync")
    assert finding.where == (line_of(logging_every_step, "loss.item()"),)
    assert finding.summary.startswith("4 host synchronization(s)")
    assert "deferred program" in finding.summary
    assert torch_tpudev.advise(fixed).of_kind("host sync") == []
    assert fixed.total_time_s < bad.total_time_s
    assert_saving_estimated(finding, bad, fixed)


def positive_sums(y, n=3):
    return [y[y > 0].sum() * 2 for _ in range(n)]


def test_a_data_dependent_shape_is_a_host_sync_at_its_line():
    """`y[y > 0]` has a size only the values decide: the host reads the mask, each time."""
    y = torch.randn(64).to("tpu")
    with torch.tpu.set_eager_mode("DEFER_AND_FUSE"):
        prof = profiled(positive_sums, y)
    [finding] = torch_tpudev.advise(prof, min_share=0).of_kind("host sync")
    assert finding.where == (line_of(positive_sums, "y[y > 0]"),)
    assert finding.summary.startswith("3 host synchronization(s)")


# ---------------------------------------------------------------- MXU shapes
def test_a_size_past_the_mxu_width_is_found_and_the_multiple_below_is_faster():
    # Large enough that each product keeps every MXU busy: then a fifth column of weight
    # blocks is a fifth more passes.
    width = 4 * MXU
    data = batches(2, 1024, width, torch.bfloat16)
    bad = profiled(sgd_steps, mlp(width, width + 2, width, torch.bfloat16), data)
    fixed = profiled(sgd_steps, mlp(width, width, width, torch.bfloat16), data)
    findings = torch_tpudev.advise(bad).of_kind("MXU shape")
    [finding] = [f for f in findings if f.summary.startswith(f"size {width + 2} ")]
    assert f"make it {width} " in finding.change
    assert line_of(sgd_steps, "loss = model(x)") in finding.where
    assert torch_tpudev.advise(fixed).of_kind("MXU shape") == []
    assert_saving_estimated(finding, bad, fixed)


def conv_net(channels):
    torch.manual_seed(0)
    return nn.Sequential(nn.Conv2d(128, channels, 3, padding=1), nn.ReLU(),
                         nn.Conv2d(channels, 128, 3, padding=1)).to("tpu", torch.bfloat16)


def conv_step(net, x):
    net(x).float().square().mean().backward()


def test_a_convolution_with_misfit_channels_is_found_and_aligned_channels_are_faster():
    x = torch.randn(8, 128, 16, 16).to("tpu", torch.bfloat16)
    bad, fixed = profiled(conv_step, conv_net(2 * MXU + 2), x), profiled(conv_step, conv_net(2 * MXU), x)
    [finding] = [f for f in torch_tpudev.advise(bad).of_kind("MXU shape") if f.summary.startswith(f"size {2 * MXU + 2} ")]
    assert line_of(conv_step, "net(x)") in finding.where
    assert_saving_estimated(finding, bad, fixed)


# ---------------------------------------------------------------- f32 work
def test_f32_products_are_found_and_autocast_to_bf16_is_faster():
    data = batches(2, 256, 256)
    # Fused, autocast's casts cost little; op by op each is a kernel of its own (the finding
    # counts the products).
    with torch.tpu.set_eager_mode("DEFER_AND_FUSE"):
        bad = profiled(sgd_steps, mlp(256, 512, 256), data)
        fixed = profiled(sgd_steps, mlp(256, 512, 256), data, autocast=True)
    [finding] = torch_tpudev.advise(bad).of_kind("f32 work")
    assert "torch.autocast" in finding.change
    assert "highest (6 passes)" in finding.summary  # PyTorch's default f32 matmul precision
    assert line_of(sgd_steps, "loss = model(x)") in finding.where
    assert torch_tpudev.advise(fixed).of_kind("f32 work") == []
    assert_saving_estimated(finding, bad, fixed)


# ---------------------------------------------------------------- fusion
def swish_chain(x, w):
    for _ in range(3):
        x = x @ w
        x = x * torch.sigmoid(x) * 0.5 + 0.1
    return x.sum()


def test_memory_bound_ops_run_one_by_one_are_found_and_defer_and_fuse_is_faster():
    x, w = torch.randn(512, 256).to("tpu"), (torch.randn(256, 256) / 16).to("tpu")
    with torch.tpu.set_eager_mode("DEFER_NEVER"):
        bad = profiled(swish_chain, x, w)
    with torch.tpu.set_eager_mode("DEFER_AND_FUSE"):
        fixed = profiled(lambda: swish_chain(x, w).item())
    [finding] = torch_tpudev.advise(bad).of_kind("unfused memory-bound ops")
    assert "DEFER_AND_FUSE" in finding.change
    assert finding.where[0] == line_of(swish_chain, "torch.sigmoid")
    assert torch_tpudev.advise(fixed).of_kind("unfused memory-bound ops") == []
    assert_saving_estimated(finding, bad, fixed)


def test_independent_ops_are_not_called_fusable():
    """Adding a gradient into each parameter is one op per parameter, none reading another's
    result: nothing to fuse."""
    params = [torch.randn(256, 256).to("tpu") for _ in range(4)]
    with torch.tpu.set_eager_mode("DEFER_NEVER"):
        prof = profiled(lambda: [p.add_(1.0) for p in params])
    assert torch_tpudev.advise(prof).of_kind("unfused memory-bound ops") == []


# ---------------------------------------------------------------- small batches
def test_a_small_batch_is_found_and_the_same_samples_in_full_batches_are_faster():
    data = batches(1, 16 * MXU // 8, MXU, torch.bfloat16)[0]
    small = profiled(sgd_steps, mlp(MXU, 2 * MXU, MXU, torch.bfloat16), data.split(8))
    full = profiled(sgd_steps, mlp(MXU, 2 * MXU, MXU, torch.bfloat16), data.split(MXU))
    [finding] = torch_tpudev.advise(small).of_kind("small batch")
    assert f"only 8-8 rows through the {MXU}-high MXU" in finding.summary
    assert line_of(sgd_steps, "loss = model(x)") in finding.where
    assert torch_tpudev.advise(full).of_kind("small batch") == []
    assert full.total_time_s < small.total_time_s
    assert_saving_estimated(finding, small, full)


# ---------------------------------------------------------------- the whole
def test_a_well_shaped_bf16_compiled_step_has_no_finding():
    torch._dynamo.reset()
    model = torch.compile(Net().to("tpu", torch.bfloat16), backend="tpu")
    x = torch.randn(MXU * 2, 128).to("tpu", torch.bfloat16)
    steps(model, x, 1)
    advice = torch_tpudev.advise(profiled(steps, model, x))
    assert advice.findings == [], str(advice)
    assert "nothing to change" in str(advice)


def test_findings_are_ranked_by_saving_and_render_as_text_json_and_html():
    data = batches(3, 8, 130)
    with torch.tpu.set_eager_mode("DEFER_AND_FUSE"):
        prof = profiled(logging_every_step, mlp(130, 200, 10), data)
    advice = torch_tpudev.advise(prof)
    savings = [f.saving_s for f in advice]
    assert savings == sorted(savings, reverse=True) and len(advice) >= 3
    assert {"host sync", "small batch", "f32 work", "MXU shape"} <= set(advice.kinds())
    everything = torch_tpudev.advise(prof, min_share=0)
    assert len(everything) == len(advice) + advice.omitted and everything.omitted == 0
    assert all(f.saving_s >= 0.01 * advice.run_s for f in advice)
    text = str(advice)
    assert text.splitlines()[0].startswith(f"advisor: {len(advice)} finding(s) on ")
    assert "change: " in text
    back = json.loads(advice.to_json())
    assert [f["kind"] for f in back["findings"]] == advice.kinds()
    from torch_tpudev.advisor import _render

    page = _render.html(advice)
    assert page.count("<tr>") == len(advice) + 1 and 'id="advisor"' in page


def test_another_chip_prices_the_products_on_its_own_mxu():
    """v6e's MXU is 256 wide: a 200-wide layer that pads to 256 on v5e fits one pass there."""
    data = batches(1, 256, 256, torch.bfloat16)
    prof = profiled(sgd_steps, mlp(256, 200, 256, torch.bfloat16), data)
    on_v5e = torch_tpudev.advise(prof, chip="v5e").of_kind("MXU shape")
    on_v6e = torch_tpudev.advise(prof, chip="v6e").of_kind("MXU shape")
    assert [f for f in on_v5e if f.summary.startswith("size 200 ")]
    assert not [f for f in on_v6e if f.summary.startswith("size 200 ")]
    on_v6e = torch_tpudev.advise(prof, chip="v6e")
    assert on_v6e.chip == "TPU v6e" and on_v6e.profiled_chip == prof.chip != on_v6e.chip
    assert f"on TPU v6e (profiled on {prof.chip})" in str(on_v6e).splitlines()[0]
    # The run's time is the same programs timed on v6e.
    assert on_v6e.run_s == prof.on_chip("v6e")[0]


def test_tpudev_advise_runs_a_script_profiled_and_prints_its_findings(tmp_path):
    import subprocess
    import sys

    script = tmp_path / "loop.py"
    script.write_text(
        "import sys, torch\n"
        "x = torch.ones(256, 256, device='tpu')\n"
        "for _ in range(int(sys.argv[1])):\n"
        "    y = (x @ x).sum()\n"
        "    print(y.item())\n"
    )
    html = tmp_path / "report.html"
    run = subprocess.run(
        [sys.executable, "-m", "torch_tpudev.advisor", "--json", "--html", str(html), str(script), "3"],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout[run.stdout.index("{"):])
    kinds = [f["kind"] for f in report["findings"]]
    assert "host sync" in kinds and "f32 work" in kinds, kinds
    [sync] = [f for f in report["findings"] if f["kind"] == "host sync"]
    assert sync["where"] == [f"{script}:5"] and sync["summary"].startswith("3 host synchronization(s)")
    assert 'id="advisor"' in html.read_text()
    failing = subprocess.run([sys.executable, "-m", "torch_tpudev.advisor", str(script), "nope"],
                             capture_output=True, text=True, timeout=300)
    assert failing.returncode != 0 and "ValueError" in failing.stderr
    missing = subprocess.run([sys.executable, "-m", "torch_tpudev.advisor", str(tmp_path / "nowhere.py")],
                             capture_output=True, text=True, timeout=300)
    assert missing.returncode == 2 and f"no such script: {tmp_path / 'nowhere.py'}" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_advise_needs_a_finished_profile():
    with pytest.raises(ValueError, match="reads a finished profile"):
        torch_tpudev.advise(torch_tpudev.profile())
    x = torch.ones(4, 4).to("tpu")
    with torch_tpudev.profile() as prof:
        with pytest.raises(ValueError, match="after the block ends"):
            torch_tpudev.advise(prof)
        (x @ x).sum().item()
    assert torch_tpudev.advise(prof, min_share=0).run_s > 0
