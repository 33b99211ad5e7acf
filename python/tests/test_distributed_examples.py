"""The distributed examples under torchrun: DDP, FSDP2 and DTensor tensor parallelism (eager
and compiled) on two simulated chips give the losses of one-chip training, their collectives
are in the trace, and torchrun's multi-host rendezvous works (two "hosts" on loopback)."""

import json
import os
import socket
import subprocess
import sys

import pytest

pytestmark = pytest.mark.sim_only("the examples check simulated collectives and traces")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples", "distributed")
TORCHRUN = os.path.join(os.path.dirname(sys.executable), "torchrun")


def _env(**extra):
    return dict(os.environ, TPUDEV_CACHE="off", OMP_NUM_THREADS="1", **extra)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("example, collective", [
    ("ddp.py", "all_reduce"),
    ("fsdp2.py", "all_gather_into_tensor"),
    ("tensor_parallel.py", "all_reduce"),
    ("tensor_parallel.py --compile", "all_reduce"),  # compiled graphs split at collectives
])
def test_example_matches_one_chip_training(tmp_path, example, collective):
    out = subprocess.run(
        [TORCHRUN, "--standalone", "--nproc-per-node", "2", os.path.join(EXAMPLES, example.split()[0]),
         *example.split()[1:], "--check", "--steps", "3", "--trace-dir", str(tmp_path)],
        env=_env(TPUDEV_TOPOLOGY="v5e:2x1"), capture_output=True, text=True, timeout=600,
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-5000:]
    assert "check passed: losses equal one-chip training" in out.stdout, out.stdout
    traces = sorted(p for p in os.listdir(tmp_path) if p.endswith(".json"))
    assert len(traces) == 2, traces
    for i, name in enumerate(traces):
        events = json.loads((tmp_path / name).read_text())["traceEvents"]
        ici = [e for e in events if e.get("ph") == "X" and e["args"]["bound"] == "ici"]
        assert any(e["name"] == collective for e in ici), sorted({e["name"] for e in ici})
        assert all(e["pid"] == i and e["tid"] == 2 for e in ici)  # chip i's ICI track


def test_two_hosts_rendezvous_on_loopback(tmp_path):
    port = _free_port()
    procs = [
        subprocess.Popen(
            [TORCHRUN, "--nnodes", "2", "--node-rank", str(node), "--nproc-per-node", "1",
             "--master-addr", "127.0.0.1", "--master-port", str(port),
             os.path.join(EXAMPLES, "ddp.py"), "--check", "--steps", "2"],
            env=_env(TPUDEV_TOPOLOGY="v5e:2x1"), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        for node in (0, 1)
    ]
    outs = [p.communicate(timeout=600)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs), "\n".join(o[-3000:] for o in outs)
    assert "check passed" in outs[0], outs[0]
