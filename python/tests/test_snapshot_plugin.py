"""The snapshot-test plugin (torch_tpudev.snapshot), run on throwaway test files through
pytester: update modes, program diffs, performance tolerances, versions, CI and
nondeterminism."""

import os
import re

import pytest

from torch_tpudev.snapshot import __main__ as snapshot_cli
from torch_tpudev.snapshot import _check, _insta, _report

pytest_plugins = ("pytester",)

PLUGIN = ("-p", "torch_tpudev.snapshot.plugin", "-p", "no:cacheprovider")

TEST_FILE = """
import torch

def step(x, w):
    return torch.{act}(x @ w).sum(dim=0)

def test_step(tpu_snapshot):
    x = torch.ones(64, 128, device="tpu")
    w = torch.full((128, 96), 0.5, device="tpu")
    tpu_snapshot(step, x, w)
"""

SNAP = os.path.join("snapshots", "test_model__test_step.snap")


@pytest.fixture(autouse=True)
def keep_imported_modules(monkeypatch):
    """pytester's in-process runs remove the modules a run imported when it ends. Only the
    throwaway test module may go: importing torch's compiler stack (or triton) a second time
    registers its operator libraries twice, which aborts the process."""
    import _pytest.pytester

    original = _pytest.pytester.SysModulesSnapshot.__init__

    def init(self, preserve=None):
        original(self, preserve=lambda name: name != "test_model")

    monkeypatch.setattr(_pytest.pytester.SysModulesSnapshot, "__init__", init)


@pytest.fixture
def env(pytester, monkeypatch):
    for var in ("CI", "TF_BUILD", "INSTA_UPDATE", "INSTA_FORCE_PASS"):
        monkeypatch.delenv(var, raising=False)
    pytester.makepyfile(test_model=TEST_FILE.format(act="relu"))
    return pytester


def run(pytester, *args):
    return pytester.runpytest(*PLUGIN, *args)


def text(result):
    return "\n".join(result.outlines + result.errlines)


def stored(pytester):
    return (pytester.path / SNAP).read_text()


def edit_numbers(pytester, factor):
    """Scales the stored step time and every kernel's cycles, as a change of the timing model
    would, leaving the program part alone."""
    path = pytester.path / SNAP
    snap = _insta.read(path)
    lines = snap.body.split("\n")
    section = ""
    for i, line in enumerate(lines):
        if line.startswith("== "):
            section = line
        elif line.startswith("step time: "):
            cycles = int(line.split()[2])
            lines[i] = line.replace(f"{cycles} cycles", f"{int(cycles * factor)} cycles", 1)
        elif section == "== breakdown ==" and not line.startswith("kernel") and line.strip():
            words = line.split()
            lines[i] = line.replace(words[2], str(int(int(words[2]) * factor)), 1)
    snap.body = "\n".join(lines)
    _insta.write(path, snap)


def test_missing_snapshot_is_written_as_pending_and_fails_then_accepted_passes(env):
    r = run(env)
    r.assert_outcomes(failed=1)
    out = text(r)
    assert "no stored snapshot" in out and "cargo insta review" in out and "--snapshot-update" in out
    pending = env.path / (SNAP + ".new")
    assert pending.exists() and not (env.path / SNAP).exists()
    head = pending.read_text().split("---\n")[1]
    assert "source: test_model.py" in head and "assertion_line: " in head and "expression: test_step" in head

    assert snapshot_cli.main(["accept", str(env.path)]) == 0
    assert (env.path / SNAP).exists() and not pending.exists()
    assert "assertion_line" not in stored(env), "accepting drops assertion_line, as insta does"
    run(env).assert_outcomes(passed=1)


def test_snapshot_update_writes_and_the_result_is_stable(env, monkeypatch):
    r = run(env, "--snapshot-update")
    r.assert_outcomes(passed=1)
    first = stored(env)
    body = _insta.parse(first).body
    for needle in ("chip: TPU v5e (v5e), simulated", "step time: ", "peak HBM: ", "bound: ", "== breakdown ==",
                   "dot_general", "aten ops: ", "aten.mm.default x1", "ir:"):
        assert needle in body, needle
    info = _insta.parse(first).info
    assert info["chip"] == "v5e" and info["tpudev"] and info["compiler"].startswith("tpudev-core")
    # a second process (INSTA_UPDATE=force rewrites even a matching snapshot) gives the same bytes
    monkeypatch.setenv("INSTA_UPDATE", "force")
    run(env).assert_outcomes(passed=1)
    assert stored(env) == first


def test_ci_never_writes_a_missing_snapshot(env, monkeypatch):
    monkeypatch.setenv("CI", "true")
    r = run(env)
    r.assert_outcomes(failed=1)
    assert "CI is set" in text(r) and "none was written" in text(r)
    assert not (env.path / "snapshots").exists() or not any((env.path / "snapshots").iterdir())


def test_insta_update_modes(env, monkeypatch):
    monkeypatch.setenv("INSTA_UPDATE", "no")
    run(env).assert_outcomes(failed=1)
    assert not (env.path / (SNAP + ".new")).exists()
    monkeypatch.setenv("INSTA_UPDATE", "always")
    run(env).assert_outcomes(passed=1)
    assert (env.path / SNAP).exists()
    monkeypatch.setenv("INSTA_UPDATE", "sometimes")
    r = run(env)
    r.assert_outcomes(failed=1)
    assert "'sometimes' is not a snapshot update mode" in text(r)


def test_a_changed_program_fails_with_a_diff(env):
    run(env, "--snapshot-update").assert_outcomes(passed=1)
    env.makepyfile(test_model=TEST_FILE.format(act="tanh"))
    r = run(env)
    r.assert_outcomes(failed=1)
    out = text(r)
    assert "the compiled program changed" in out
    assert re.search(r"^E?\s*-.*maximum", out, re.M) and re.search(r"^E?\s*\+.*tanh", out, re.M), out
    assert (env.path / (SNAP + ".new")).exists()
    # --snapshot-update accepts the change
    run(env, "--snapshot-update").assert_outcomes(passed=1)
    assert "tanh" in stored(env) and not (env.path / (SNAP + ".new")).exists()
    run(env).assert_outcomes(passed=1)


def test_a_step_time_regression_beyond_tolerance_fails_with_a_table(env):
    run(env, "--snapshot-update").assert_outcomes(passed=1)
    edit_numbers(env, 0.5)  # the stored run was twice as fast: this run regressed by 100%
    r = run(env)
    r.assert_outcomes(failed=1)
    out = text(r)
    assert "regressed beyond tolerance" in out and "REGRESSED" in out
    assert re.search(r"step time \(cycles\)\s+\d+\s+\d+\s+\+100\.\d\d%\s+2\.00%\s+REGRESSED", out), out
    assert "kernels that moved" in out and "dot_general" in out
    assert "the compiled program changed" not in out


def test_a_small_change_within_tolerance_passes(env):
    run(env, "--snapshot-update").assert_outcomes(passed=1)
    edit_numbers(env, 0.99)
    r = run(env)
    r.assert_outcomes(passed=1)
    assert "changed within tolerance" in text(r)


def test_an_improvement_is_reported_and_can_be_accepted(env):
    run(env, "--snapshot-update").assert_outcomes(passed=1)
    edit_numbers(env, 2.0)  # the stored run was twice as slow
    r = run(env)
    r.assert_outcomes(passed=1)
    out = text(r)
    assert "tpudev snapshots" in out and "improved beyond tolerance" in out and "improved" in out
    pending = env.path / (SNAP + ".new")
    assert pending.exists(), "an improvement is offered as a pending snapshot"
    assert snapshot_cli.main(["accept", str(pending)]) == 0
    r = run(env)
    r.assert_outcomes(passed=1)
    assert "tpudev snapshots" not in text(r)


def test_a_tolerance_can_be_raised(env):
    run(env, "--snapshot-update").assert_outcomes(passed=1)
    edit_numbers(env, 0.5)
    env.makeini("[pytest]\ntpu_snapshot_time_tolerance = 1.5\n")
    run(env).assert_outcomes(passed=1)


def test_a_snapshot_from_another_compiler_version_says_so(env):
    run(env, "--snapshot-update").assert_outcomes(passed=1)
    path = env.path / SNAP
    snap = _insta.read(path)
    snap.info["compiler"] = "tpudev-core 0.0.1 src-0000000000000000"
    _insta.write(path, snap)
    run(env).assert_outcomes(passed=1)  # same body: the version alone does not fail
    edit_numbers(env, 0.5)
    r = run(env)
    r.assert_outcomes(failed=1)
    out = text(r)
    assert "written by another version (compiler tpudev-core 0.0.1 src-0000000000000000 -> tpudev-core" in out
    assert "accept the new snapshot" in out


def test_unseeded_randomness_is_reported(env):
    env.makepyfile(test_model="""
import torch

def noisy(x):
    return x + torch.rand(x.shape, device="tpu")

def test_step(tpu_snapshot):
    tpu_snapshot(noisy, torch.zeros(16, device="tpu"))
""")
    r = run(env)
    r.assert_outcomes(failed=1)
    out = text(r)
    assert "not deterministic" in out and "output" in out and "torch.manual_seed" in out and "setup=" in out
    assert not (env.path / "snapshots").exists()


def test_a_training_step_with_setup(env):
    env.makepyfile(test_model="""
import torch
import torch.nn.functional as F

def setup():
    torch.manual_seed(0)
    model = torch.nn.Linear(16, 4).to("tpu")
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(8, 16).to("tpu")
    y = torch.randint(0, 4, (8,)).to("tpu")
    return model, opt, x, y

def train_step(model, opt, x, y):
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    return loss

def test_step(tpu_snapshot):
    r = tpu_snapshot(train_step, setup=setup, chip="v6e")
    assert r.report.step_cycles > 0 and r.report.chip_key == "v6e"
    assert [p.kind for p in r.report.programs][:2] == ["forward", "backward"]

def test_shared_state_is_caught(tpu_snapshot):
    model, opt, x, y = setup()
    tpu_snapshot(train_step, model, opt, x, y)
""")
    r = run(env, "--snapshot-update")
    r.assert_outcomes(passed=1, failed=1)
    assert "not deterministic" in text(r)
    body = _insta.parse((env.path / SNAP).read_text()).body
    assert "chip: TPU v6e (v6e)" in body and "backward graph" in body


def test_insta_header_quoting_matches_insta():
    s = _insta.Snapshot(body="a\nb  \n\n", source="tests/test_x.py", expression="f(x, y)",
                        info={"tpudev": "0.1.0", "n": "123", "empty": "", "flag": "true", "k": "a: b"},
                        assertion_line=7)
    assert s.text(pending=True) == (
        "---\nsource: tests/test_x.py\nassertion_line: 7\nexpression: \"f(x, y)\"\ninfo:\n  tpudev: 0.1.0\n"
        "  n: \"123\"\n  empty: \"\"\n  flag: \"true\"\n  k: \"a: b\"\n---\na\nb\n"
    )
    assert "assertion_line" not in s.text()
    back = _insta.parse(s.text(pending=True))
    assert back.info == s.info and back.expression == "f(x, y)" and back.assertion_line == 7 and back.body == "a\nb"


def test_a_file_that_is_not_a_snapshot_is_named():
    with pytest.raises(_insta.SnapshotFileError, match="not a snapshot file in insta's format"):
        _insta.parse("hello\n", "x.snap")


def test_metrics_read_back_what_render_writes():
    body = """tpudev snapshot: f
chip: TPU v5e (v5e), simulated

== performance ==
step time: 1000 cycles = 0.667 us at 1500 MHz
flops: 20
bytes moved: 300 (read 200, written 100)
peak HBM: 4096 bytes

== breakdown ==
kernel               count  cycles  share  flops  bytes  bound
dot_general              1     900  90.0%     20    200  compute
fusion[add,maximum]      1     100  10.0%      0    100  memory
"""
    m = _report.metrics(body)
    assert (m.step_cycles, m.clock_hz, m.flops, m.bytes, m.peak_bytes) == (1000, 1_500_000_000, 20, 300, 4096)
    assert m.kernels == {"dot_general": 900, "fusion[add,maximum]": 100}
    assert "step time" not in _report.program_text(body) and "chip: TPU v5e" in _report.program_text(body)


def test_an_unknown_chip_names_the_presets(env):
    env.makepyfile(test_model=TEST_FILE.format(act="relu").replace("tpu_snapshot(step, x, w)",
                                                                   "tpu_snapshot(step, x, w, chip='v99')"))
    r = run(env)
    r.assert_outcomes(failed=1)
    assert 'unknown chip "v99"' in text(r) and "v5e" in text(r)


def test_the_cli_lists_and_rejects_pending_snapshots(env, capsys):
    run(env).assert_outcomes(failed=1)
    pending = env.path / (SNAP + ".new")
    assert snapshot_cli.main(["pending", str(env.path)]) == 0
    assert str(pending) in capsys.readouterr().out
    assert snapshot_cli.main(["reject", str(env.path)]) == 0
    assert not pending.exists() and not (env.path / SNAP).exists()
    assert snapshot_cli.main(["pending", str(env.path)]) == 0
    assert "no pending snapshots" in capsys.readouterr().out


def test_programs_that_differ_between_runs_are_reported(env):
    env.makepyfile(test_model="""
import itertools
import torch

sizes = itertools.count(8)

def test_step(tpu_snapshot):
    # each run builds an input of another size: the programs differ
    tpu_snapshot(lambda n: torch.ones(n, device="tpu") * 2, setup=lambda: (next(sizes),))
""")
    r = run(env)
    r.assert_outcomes(failed=1)
    assert "compiled to different programs on two runs" in text(r), text(r)


BODY = """tpudev snapshot: f
chip: TPU v5e (v5e), simulated

== performance ==
step time: {cycles} cycles = 1.000 us at 1500 MHz
flops: 10
bytes moved: 10 (read 5, written 5)
peak HBM: 100 bytes

== breakdown ==
kernel  count  cycles  share  flops  bytes  bound
add         1  {cycles}  100.0%     10     10  memory
"""


def _snap(cycles):
    return _insta.Snapshot(body=BODY.format(cycles=cycles), expression="f", info={"tpudev": "0.1.0"})


@pytest.mark.parametrize("ci, want", [(None, False), ("true", True), ("1", True), ("false", False), ("0", False),
                                      ("", False)])
def test_ci_is_detected_as_insta_does(monkeypatch, ci, want):
    monkeypatch.delenv("TF_BUILD", raising=False)
    if ci is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", ci)
    assert _check.is_ci() is want
    monkeypatch.setenv("INSTA_UPDATE", "auto")
    assert _check.update_mode() == ("no" if want else "new")
    assert _check.update_mode(cli_update=True) == "always"


def test_unseen_writes_new_snapshots_in_place_and_changed_ones_as_pending(tmp_path, monkeypatch):
    monkeypatch.delenv("INSTA_FORCE_PASS", raising=False)
    path = tmp_path / "s.snap"
    assert _check.check(path, _snap(1000), "unseen", 0.02, 0.02).passed
    assert path.exists() and not (tmp_path / "s.snap.new").exists()
    out = _check.check(path, _snap(2000), "unseen", 0.02, 0.02)
    assert not out.passed and out.written == str(path) + ".new"
    assert _check.check(path, _snap(1000), "no", 0.02, 0.02).passed
    assert not (tmp_path / "s.snap.new").exists(), "a matching snapshot removes its stale pending file"


def test_force_pass_turns_a_failure_into_a_pass(tmp_path, monkeypatch):
    path = tmp_path / "s.snap"
    _insta.write(path, _snap(1000))
    monkeypatch.setenv("INSTA_FORCE_PASS", "1")
    out = _check.check(path, _snap(2000), "no", 0.02, 0.02)
    assert out.passed and out.message.startswith("INSTA_FORCE_PASS: ") and "REGRESSED" in out.message


def test_program_false_guards_only_the_numbers(env):
    env.makepyfile(test_model=TEST_FILE.format(act="relu").replace("tpu_snapshot(step, x, w)",
                                                                   "tpu_snapshot(step, x, w, program=False)"))
    run(env, "--snapshot-update").assert_outcomes(passed=1)
    body = _insta.parse(stored(env)).body
    assert "step time: " in body and "ir:" not in body and "aten ops" not in body
    # another activation: a different program, but numbers within tolerance
    env.makepyfile(test_model=TEST_FILE.format(act="tanh").replace("tpu_snapshot(step, x, w)",
                                                                   "tpu_snapshot(step, x, w, program=False)"))
    r = run(env)
    r.assert_outcomes(passed=1)
    # The program differs but is not compared (XLA fuses either activation into the matrix
    # product's epilogue, so the numbers may not move at all); the stored snapshot stays.
    assert _insta.parse(stored(env)).body == body
