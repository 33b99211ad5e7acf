"""TorchTitan (PyPI `torchtitan` 0.2.x) trains its Llama 3 debug model on a simulated slice
through its own entry point, `torchtitan.train` under torchrun, with nothing changed but the
device it finds (`torch.tpu`, through `torch._utils._get_available_device_type`). The losses and
gradient norms equal those of the same configuration on the CPU with gloo.

The wheel ships neither the test tokenizer nor the `c4_test` data set that the debug
configuration reads from `./tests/assets`, so the test writes small ones. Both runs start
from one seed checkpoint (`--checkpoint.create-seed-checkpoint`, initialised on the CPU): the
tpu's random stream differs from the CPU's, so weights initialised on each would differ.

The CPU reference runs the same `torchtitan.train` module with the device type forced to "cpu"
(torch.cpu lacks the memory statistics TorchTitan reads, and gloo has no
`ReduceOp.PREMUL_SUM`, which FSDP2 asks for once TorchTitan sets a gradient divide factor of
1.0: there it is a plain sum). The tpu runs have no such help: the "tpu" backend scales and
sums."""

import importlib.metadata
import os
import re
import signal
import socket
import subprocess
import sys

import pytest

pytest.importorskip("torchtitan", reason="torchtitan is not installed (see docs/integrations.md)")
if not importlib.metadata.version("torchtitan").startswith("0.2."):
    # 0.3's language models run only FlexAttention, which PyTorch refuses on a tpu.
    pytest.skip("the test is written for torchtitan 0.2.x", allow_module_level=True)

pytestmark = pytest.mark.sim_only("runs a two-chip simulated slice under torchrun")

TORCHRUN = os.path.join(os.path.dirname(sys.executable), "torchrun")

# The debug model (dim 256, 6 layers, vocabulary 2048), 3 steps of 2 x 128 tokens per rank.
ARGS = [
    "--training.steps", "3", "--training.local-batch-size", "2", "--training.seq-len", "128",
    "--debug.seed", "42", "--debug.deterministic", "--metrics.log-freq", "1",
    "--metrics.disable-color-printing",
]

CPU_REFERENCE = r'''
import runpy, types, torch, torch._utils
import torch.distributed as dist
from torch.distributed.fsdp._fully_shard import _fsdp_collectives

torch._utils._get_available_device_type = lambda: "cpu"
cpu = torch.cpu
cpu.get_device_name = lambda device=None: "cpu"
cpu.get_device_properties = lambda device=None: types.SimpleNamespace(total_memory=1 << 34)
cpu.memory_stats = lambda device=None: {}
cpu.reset_peak_memory_stats = lambda device=None: None
cpu.empty_cache = lambda: None
cpu.current_device = lambda: 0  # barrier(device_ids=[...]) wants an int

divide_factors = _fsdp_collectives._get_gradient_divide_factors
def sum_when_factor_one(rs_group, ar_group, reduce_dtype, device_type="", factor=None, *rest):
    if factor == 1.0:
        return None, None, dist.ReduceOp.SUM, dist.ReduceOp.SUM
    return divide_factors(rs_group, ar_group, reduce_dtype, device_type, factor, *rest)
_fsdp_collectives._get_gradient_divide_factors = sum_when_factor_one

runpy.run_module("torchtitan.train", run_name="__main__")
'''

STEP = re.compile(r"step:\s+(\d+)\s+loss:\s+([\d.]+)\s+grad_norm:\s+([\d.]+)")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(**extra):
    return dict(os.environ, TPUDEV_CACHE="off", OMP_NUM_THREADS="1", PYTHONUNBUFFERED="1", **extra)


def _write_assets(root):
    """A word-level tokenizer (1,500 words and the Llama 3 text markers, well inside the debug
    model's 2,048 entries) and 200 documents for `c4_test`."""
    import json
    import random

    from tokenizers import Tokenizer, models, pre_tokenizers

    tok_dir = root / "tests" / "assets" / "tokenizer"
    tok_dir.mkdir(parents=True)
    vocab = {"<unk>": 0, "<|begin_of_text|>": 1, "<|end_of_text|>": 2}
    words = [f"w{i}" for i in range(1500)]
    vocab.update((w, i + 3) for i, w in enumerate(words))
    tok = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.save(str(tok_dir / "tokenizer.json"))
    (tok_dir / "tokenizer_config.json").write_text(json.dumps(
        {"bos_token": "<|begin_of_text|>", "eos_token": "<|end_of_text|>"}))
    data = root / "tests" / "assets" / "c4_test"
    data.mkdir(parents=True)
    rng = random.Random(0)
    with open(data / "data.json", "w") as f:
        for _ in range(200):
            text = " ".join(rng.choice(words[:300]) for _ in range(rng.randint(20, 200)))
            f.write(json.dumps({"text": text}) + "\n")


def _launch(workdir, nproc, args, cpu):
    """Starts `torchtitan.train` under torchrun, on the slice or (cpu=True) on the CPU."""
    if cpu:
        target, env = [str(workdir / "cpu_reference.py")], _env(TORCH_DEVICE_BACKEND_AUTOLOAD="0")
    else:
        # The simulated step time and MFU per chip, printed beside TorchTitan's own step lines.
        target, env = ["-m", "torchtitan.train"], _env(TPUDEV_TOPOLOGY=f"v5e:{nproc}x1", TPUDEV_LOG_STEPS="1")
    cmd = [TORCHRUN, "--nnodes", "1", "--nproc-per-node", str(nproc), "--rdzv-backend", "c10d",
           "--rdzv-endpoint", f"127.0.0.1:{_free_port()}", *target, *args]
    return subprocess.Popen(cmd, cwd=workdir, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)


def _finish(proc):
    try:
        out = proc.communicate(timeout=600)[0]
    except subprocess.TimeoutExpired:
        _stop(proc)
        raise
    return proc.returncode, out


def _stop(proc):
    """Ends torchrun and the workers it started (its own session)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate()


def _steps(out):
    """{step: (loss, grad_norm)}, after checking that every rank logged the same figures."""
    seen = {}
    for step, loss, norm in STEP.findall(out):
        seen.setdefault(int(step), set()).add((float(loss), float(norm)))
    assert sorted(seen) == [1, 2, 3], out[-4000:]
    for step, values in seen.items():
        assert len(values) == 1, (step, values)  # the ranks agree
    return {step: values.pop() for step, values in seen.items()}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    root = tmp_path_factory.mktemp("torchtitan")
    _write_assets(root)
    (root / "cpu_reference.py").write_text(CPU_REFERENCE)
    code, out = _finish(_launch(root, 1, ["--checkpoint.enable", "--checkpoint.create-seed-checkpoint",
                                          "--checkpoint.folder", "seed", "--job.dump-folder", str(root / "seed_run"),
                                          "--training.seq-len", "128", "--debug.seed", "42"], cpu=True))
    assert code == 0 and "Created seed checkpoint" in out, out[-4000:]
    return root


def _compare(workdir, name, nproc, extra):
    seed = ["--checkpoint.enable", "--checkpoint.load-only",
            "--checkpoint.initial-load-path", str(workdir / "seed_run" / "seed" / "step-0")]
    runs = {cpu: _launch(workdir, nproc, ARGS + seed + extra + ["--job.dump-folder", str(workdir / f"{name}_{cpu}")],
                         cpu=cpu)
            for cpu in (False, True)}
    tpu_code, tpu_out = _finish(runs[False])
    if tpu_code != 0:
        _stop(runs[True])
    assert tpu_code == 0, tpu_out[-6000:]
    cpu_code, cpu_out = _finish(runs[True])
    assert cpu_code == 0, cpu_out[-6000:]
    assert "TPU capacity: TPU v5e" in tpu_out, tpu_out[-4000:]  # it found the simulated chip
    tpu, ref = _steps(tpu_out), _steps(cpu_out)
    for step in (1, 2, 3):
        (loss, norm), (ref_loss, ref_norm) = tpu[step], ref[step]
        assert loss == pytest.approx(ref_loss, rel=1e-4), (step, tpu, ref)
        assert norm == pytest.approx(ref_norm, rel=1e-3), (step, tpu, ref)
    assert ref[3][0] != ref[1][0]  # the weights moved
    # Each chip logged its simulated step time and MFU for the three steps.
    for chip in range(nproc):
        logged = re.findall(rf"tpudev: tpu:{chip} step (\d+): ([\d.]+) ms simulated(?:, [\d.]+ TFLOP/s, MFU ([\d.]+)%)?",
                            tpu_out)
        assert [int(n) for n, _, _ in logged] == [1, 2, 3], tpu_out[-4000:]
        assert all(float(ms) > 0 for _, ms, _ in logged) and all(0 < float(m) < 100 for _, _, m in logged[1:])
    return tpu_out


def test_tensor_parallel_two_chips_matches_gloo(workdir):
    out = _compare(workdir, "tp", 2, ["--parallelism.tensor-parallel-degree", "2",
                                      "--parallelism.data-parallel-shard-degree", "1"])
    assert re.search(r"dp_shard=1, cp=1, tp=2", out), out[-4000:]


def test_fsdp2_two_chips_matches_gloo(workdir):
    # FSDP2 with TorchTitan's defaults: bf16 parameters for compute, f32 gradient reduction.
    # FSDP2's reduce-scatter is a PREMUL_SUM here (TorchTitan sets a divide factor of 1.0).
    out = _compare(workdir, "fsdp", 2, ["--parallelism.data-parallel-shard-degree", "2"])
    assert "dp_shard=2" in out, out[-4000:]
