"""The three-tier compilation cache across processes.

Every test runs fresh Python processes (as a user's jobs would), each with its own tier 1, and
points tiers 2 and 3 at temporary directories through the environment.
"""

import json
import os
import shutil
import subprocess
import sys

import pytest

CHILD = r"""
import json, sys, time
import torch
torch.manual_seed(0)
x = torch.linspace(-2, 2, 12).reshape(3, 4).to("tpu")
w = torch.randn(4, 5).to("tpu")
h = torch.nn.functional.gelu(x @ w)
y = torch.softmax(h * 0.5, dim=1).sum(0) + torch.rand(5, device="tpu")
print(json.dumps({"result": y.cpu().tolist(), "stats": torch.tpu.compilation_cache_stats()}))
"""


def _env(tmp_path, **overrides):
    env = dict(os.environ)
    for k in ("TPUDEV_CACHE", "TPUDEV_CACHE_DIR", "TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT", "TPUDEV_CACHE_SHM_DIR",
              "TPUDEV_WORKING_SET"):
        env.pop(k, None)
    here = os.path.join(os.path.dirname(__file__), "..")
    env["PYTHONPATH"] = os.pathsep.join([os.path.abspath(here)] + [p for p in [os.environ.get("PYTHONPATH")] if p])
    env["TPUDEV_CACHE_SHM_DIR"] = "off"
    env["TPUDEV_CACHE_DIR"] = str(tmp_path / "disk")
    for k, v in overrides.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = str(v)
    if env.get("TPUDEV_BACKEND") == "hw" and not env.get("TPUDEV_PJRT_PLUGIN"):
        # Named, so that the hardware backend does not warn that it fell back to a CPU plugin.
        env["TPUDEV_PJRT_PLUGIN"] = _xla_cpu_plugin()
    return env


def _xla_cpu_plugin():
    """The XLA CPU PJRT plugin that stands in for libtpu (the `hw` extra installs it)."""
    import importlib.util

    package = importlib.util.find_spec("xla_plugins")
    assert package is not None, "xla-cpu-pjrt is not installed: run scripts/setup.sh"
    return os.path.join(list(package.submodule_search_locations)[0], "xla_cpu_pjrt", "xla_cpu_pjrt.so")


def _run(env, script=CHILD):
    p = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout.strip().splitlines()[-1])
    return out["result"], out["stats"], p.stderr


def _warnings(stderr):
    return [l for l in stderr.splitlines() if "tpudev:" in l and "Warning" in l or l.startswith("tpudev: warning")]


def _entries(root, kind=0):
    """Entry files holding programs (kind 0) or, on the hardware backend, PJRT executables (1) and
    working sets (2):
    the kind is the byte after the magic number and the format version (core/src/cache/codec.rs)."""
    out = []
    for p in sorted(root.rglob("*.tpc")):
        with open(p, "rb") as f:
            head = f.read(13)
        if len(head) == 13 and head[12] == kind:
            out.append(str(p))
    return out


def test_a_second_process_hits_the_persistent_tier(tmp_path):
    env = _env(tmp_path)
    cold, s1, err1 = _run(env)
    assert s1["misses"] > 0 and s1["disk_hits"] == 0 and s1["stores"] == s1["misses"], s1
    assert s1["disk_dir"] == str(tmp_path / "disk")
    # On the hardware backend the plugin's executables are stored beside the programs.
    assert len(_entries(tmp_path / "disk")) == s1["stores"]
    assert len(_entries(tmp_path / "disk", kind=1)) == s1["executable_stores"]
    warm, s2, err2 = _run(env)
    assert s2["disk_hits"] == s1["misses"] and s2["misses"] == 0 and s2["stores"] == 0, s2
    assert warm == cold
    assert not _warnings(err1 + err2), err1 + err2


def test_a_persistent_directory_set_after_a_first_run_fills_from_shared_memory(tmp_path):
    """A first run without TPUDEV_CACHE_DIR stores in /dev/shm only; the next run, with it set,
    is served from shared memory and copies every program into the persistent tier, so that
    after a reboot (tier 2 gone) nothing is compiled again."""
    shm = tmp_path / "shm"
    cold, s1, _ = _run(_env(tmp_path, TPUDEV_CACHE_SHM_DIR=shm, TPUDEV_CACHE_DIR=None))
    assert s1["misses"] > 0 and s1["stores"] == s1["misses"] and not (tmp_path / "disk").exists(), s1
    warm, s2, _ = _run(_env(tmp_path, TPUDEV_CACHE_SHM_DIR=shm))
    assert s2["shm_hits"] == s1["misses"] and s2["misses"] == 0 and s2["stores"] == 0, s2
    assert len(_entries(tmp_path / "disk")) == len(_entries(shm)) == s1["stores"]
    shutil.rmtree(shm)
    rebooted, s3, err3 = _run(_env(tmp_path))
    assert s3["disk_hits"] == s1["misses"] and s3["misses"] == 0, s3
    assert cold == warm == rebooted
    assert not _warnings(err3), err3


def test_hardware_executables_are_stored_and_loaded_by_a_later_process(tmp_path):
    # The XLA CPU PJRT plugin (scripts/setup.sh installs xla-cpu-pjrt) stands in for libtpu.
    # Working sets off: every executable is loaded when first requested.
    env = _env(tmp_path, TPUDEV_BACKEND="hw", TPUDEV_WORKING_SET="off")
    cold, s1, err1 = _run(env)
    assert s1["executables_compiled"] > 0 and s1["executables_loaded"] == 0, s1
    assert s1["executable_stores"] == s1["executables_compiled"] == s1["executable_misses"], s1
    warm, s2, err2 = _run(env)
    assert s2["executables_compiled"] == 0, s2
    assert s2["executables_loaded"] == s2["executable_disk_hits"] == s1["executables_compiled"], s2
    assert s2["executable_load_ns"] < s1["executable_compile_ns"], (s1, s2)
    assert warm == cold
    assert not _warnings(err1 + err2), err1 + err2


def test_a_later_run_loads_its_working_set_before_it_needs_it(tmp_path):
    env = _env(tmp_path, TPUDEV_BACKEND="hw")
    cold, s1, err1 = _run(env)
    n = s1["executables_compiled"]
    assert n > 0 and s1["executables_prefetched"] == 0, s1
    working_sets = lambda: _entries(tmp_path / "disk", kind=2)  # noqa: E731
    assert len(working_sets()) == 1, "the run stores its working set at exit"

    # The same command line again: its executables are loaded in the background, none compiled.
    warm, s2, err2 = _run(env)
    assert warm == cold
    assert s2["executables_compiled"] == 0, s2
    assert s2["executables_prefetch_used"] + s2["executables_loaded"] == n, s2
    assert s2["executables_prefetched"] >= s2["executables_prefetch_used"] > 0, s2

    # Another workload name has no working set yet (and stores its own); `off` neither reads
    # nor stores one.
    _, s3, _ = _run(dict(env, TPUDEV_WORKING_SET="another job"))
    assert (s3["executables_prefetched"], s3["executables_loaded"]) == (0, n), s3
    _, s4, _ = _run(dict(env, TPUDEV_WORKING_SET="off"))
    assert (s4["executables_prefetched"], s4["executables_loaded"]) == (0, n), s4
    assert len(working_sets()) == 2

    # A corrupted working set is dropped with a warning; the run loads on demand and is right.
    for path in working_sets():
        data = bytearray(open(path, "rb").read())
        data[-1] ^= 1
        open(path, "wb").write(bytes(data))
    again, s5, err5 = _run(env)
    assert again == cold
    assert (s5["executables_prefetched"], s5["executables_loaded"], s5["invalid_dropped"]) == (0, n, 1), s5
    assert any("working set was dropped" in w for w in _warnings(err5)), err5
    assert not _warnings(err1 + err2), err1 + err2


def test_torchtpu_variable_names_tier3(tmp_path):
    root = tmp_path / "torchtpu"
    env = _env(tmp_path, TPUDEV_CACHE_DIR=None, TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT=root)
    _, s, _ = _run(env)
    assert s["disk_dir"] == str(root)
    assert len(_entries(root)) == s["stores"] > 0


def test_shared_memory_tier_is_shared_by_processes(tmp_path):
    env = _env(tmp_path, TPUDEV_CACHE_DIR="off", TPUDEV_CACHE_SHM_DIR=tmp_path / "shm")
    cold, s1, _ = _run(env)
    assert s1["disk_dir"] is None and s1["misses"] > 0
    warm, s2, _ = _run(env)
    assert s2["shm_hits"] == s1["misses"] and s2["misses"] == 0, s2
    assert warm == cold


def test_cache_off(tmp_path):
    env = _env(tmp_path, TPUDEV_CACHE="off")
    _, s, _ = _run(env)
    assert s["disk_dir"] is None and s["shm_dir"] is None and not s["memory_enabled"], s
    assert s["stores"] == s["misses"] == 0, s
    assert not (tmp_path / "disk").exists()


@pytest.mark.parametrize("damage", ["flip", "truncate"])
def test_a_corrupted_entry_warns_and_recompiles(tmp_path, damage):
    env = _env(tmp_path)
    cold, s1, _ = _run(env)
    entries = _entries(tmp_path / "disk")
    victim = entries[len(entries) // 2]
    data = bytearray(open(victim, "rb").read())
    if damage == "flip":
        data[len(data) // 2] ^= 0xFF
    else:
        data = data[: len(data) - 10]
    open(victim, "wb").write(bytes(data))

    warm, s2, err = _run(env)
    assert warm == cold
    assert s2["invalid_dropped"] == 1 and s2["misses"] == 1 and s2["disk_hits"] == s1["misses"] - 1, s2
    w = _warnings(err)
    assert len(w) == 1 and "dropped" in w[0] and os.path.basename(victim) in w[0], err
    # Recompiled and stored whole: a third process hits everything.
    _, s3, err3 = _run(env)
    assert s3["misses"] == 0 and s3["invalid_dropped"] == 0, s3
    assert not _warnings(err3)


def test_two_processes_at_once_both_succeed_with_one_entry_per_program(tmp_path):
    env = _env(tmp_path)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err
        assert not _warnings(err), err
    results = [json.loads(out.strip().splitlines()[-1]) for out, _ in outs]
    assert results[0]["result"] == results[1]["result"]
    programs = max(r["stats"]["misses"] + r["stats"]["disk_hits"] for r in results)
    # On the hardware backend each program also has its PJRT executable.
    executables = max(r["stats"]["executable_misses"] + r["stats"]["executable_disk_hits"] for r in results)
    files = [p for p in (tmp_path / "disk").rglob("*") if p.is_file() and p.name != "lock"]
    assert len(files) == programs + executables, files  # one entry each, no temporary files left
    assert all(f.suffix == ".tpc" for f in files)
    _, s, _ = _run(env)
    assert s["misses"] == 0 and s["disk_hits"] == programs


def _make_read_only(path):
    """chmod, then the immutable attribute (root ignores permissions); False if neither works."""
    probe = path / "probe"

    def writable():
        try:
            probe.write_bytes(b"")
            probe.unlink()
            return True
        except OSError:
            return False

    os.chmod(path, 0o555)
    if not writable():
        return True
    if shutil.which("chattr"):
        subprocess.run(["chattr", "+i", str(path)], capture_output=True)
    return not writable()


def _make_writable(path):
    if shutil.which("chattr"):
        subprocess.run(["chattr", "-i", str(path)], capture_output=True)
    os.chmod(path, 0o755)


def test_a_read_only_directory_is_used_for_reads_with_one_warning(tmp_path):
    env = _env(tmp_path)
    cold, s1, _ = _run(env)
    dirs = [p for p in (tmp_path / "disk").rglob("*") if p.is_dir()]
    done = []
    try:
        for d in sorted(dirs, key=lambda p: len(p.parts), reverse=True) + [tmp_path / "disk"]:
            if not _make_read_only(d):
                pytest.skip("this system cannot make a directory read-only")
            done.append(d)
        # A process that also compiles something new: it is not stored, and nothing else warns.
        script = CHILD.replace("print(", "torch.ones(7, device='tpu').exp().cpu()\nprint(")
        warm, s2, err = _run(env, script)
    finally:
        for d in done:
            _make_writable(d)
    assert warm == cold
    assert s2["disk_hits"] == s1["misses"] and s2["disk_writable"] is False, s2
    w = _warnings(err)
    assert len(w) == 1 and "read-only" in w[0], err


def test_a_missing_directory_degrades_with_one_warning(tmp_path):
    (tmp_path / "file").write_text("not a directory")
    env = _env(tmp_path, TPUDEV_CACHE_DIR=tmp_path / "file" / "cache", TPUDEV_CACHE_SHM_DIR=tmp_path / "shm")
    result, s, err = _run(env)
    assert s["disk_dir"] is None and s["shm_dir"] == str(tmp_path / "shm") and s["misses"] > 0, s
    w = _warnings(err)
    assert len(w) == 1 and "tier 3" in w[0] and "disabled" in w[0], err
    # The shared-memory tier still works across processes.
    again, s2, _ = _run(env)
    assert again == result and s2["shm_hits"] == s["misses"]
