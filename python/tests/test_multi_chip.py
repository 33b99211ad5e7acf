"""Several chips in one process, as on a multi-GPU host: with TPUDEV_TOPOLOGY=v5e:2x2 a process
sees tpu:0..tpu:3, copies between them are timed on the slice's ICI, a model split across
chips trains as on the CPU and pipelines its micro-batches, and Accelerate's device_map spreads
a model over them. Under torchrun each process sees the host's chips and picks its own.

Each scenario runs in a process of its own (`multi_chip_worker.py`): the number of chips is
fixed when a process starts."""

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.sim_only("copies between chips are timed on the simulated ICI")

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "multi_chip_worker.py")
TORCHRUN = os.path.join(os.path.dirname(sys.executable), "torchrun")


def run(scenario, tmp_path, **env):
    out = tmp_path / f"{scenario}.json"
    e = dict(os.environ, TPUDEV_CACHE="off", **env)
    for launcher_var in ("LOCAL_WORLD_SIZE", "WORLD_SIZE", "RANK", "LOCAL_RANK"):
        e.pop(launcher_var, None)
    p = subprocess.run([sys.executable, WORKER, scenario, str(out)], env=e, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0 and out.exists(), f"{scenario} failed:\n{p.stdout[-2000:]}\n{p.stderr[-4000:]}"
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def four_chips(tmp_path_factory):
    return run("chips_in_one_process", tmp_path_factory.mktemp("mc"), TPUDEV_TOPOLOGY="v5e:2x2")


def test_a_process_sees_the_chips_of_its_topology(four_chips):
    r = four_chips
    assert r["tpu_count"] == r["accelerator_count"] == 4
    assert r["devices"] == ["tpu:0", "tpu:1", "tpu:1"] and r["product_matches"]
    assert r["factories"] == ["tpu:3", "tpu:2", "tpu:1"]


def test_compiled_and_deferred_programs_run_on_their_tensors_chip(four_chips):
    assert four_chips["compiled"] == ["tpu:1", True]
    assert four_chips["deferred"] == ["tpu:2", 32.0]


def test_the_current_chip_is_where_plain_tpu_tensors_go(four_chips):
    r = four_chips
    assert r["current_after_set"] == [2, 2]
    assert r["plain_tpu_goes_to_current"] == "tpu:2"
    assert r["inside_device_block"] == "tpu:3" and r["after_device_block"] == 2


def test_tensors_on_two_chips_in_one_op_are_an_error(four_chips):
    assert "Expected all tensors to be on the same device" in four_chips["mixed_error"]
    assert "tpu:0 and tpu:1" in four_chips["mixed_error"]


def test_each_chip_has_its_own_memory(four_chips):
    assert four_chips["memory_growth"] == [0, 0, 0, 4 << 20]


def test_a_copy_between_chips_is_timed_on_the_ici_and_the_receiver_waits_for_it(four_chips):
    r = four_chips
    assert r["spec"] == "v5e:2x2" and r["z_matches"]
    (send_op, _, send_dev, send_start, send_cycles), (recv_op, _, recv_dev, recv_start, recv_cycles) = sorted(
        r["copy_events"], key=lambda e: e[2])
    assert (send_op, send_dev, recv_op, recv_dev) == ("copy to tpu:1", 0, "copy from tpu:0", 1)
    # The ICI model's point-to-point time for 4 MiB from chip 0 to chip 1, on both chips.
    assert send_cycles == recv_cycles == r["p2p_cycles"]["1"] > 0
    assert send_start == recv_start
    # The add on tpu:1 starts once the data has arrived.
    [(add_dev, add_start)] = r["add_events"]
    assert add_dev == 1 and add_start >= recv_start + recv_cycles
    # The trace shows each chip as its own process, named by its place in the slice.
    assert r["trace_processes"] == ["chip 0 (0,0) of v5e:2x2 (TPU v5e, simulated)",
                                    "chip 1 (1,0) of v5e:2x2 (TPU v5e, simulated)"]


def test_a_model_split_across_two_chips_trains_as_on_the_cpu_and_pipelines(tmp_path):
    r = run("pipeline", tmp_path, TPUDEV_TOPOLOGY="v5e:2x1")
    assert r["loss"][0] == pytest.approx(r["loss"][1], rel=1e-4)
    assert r["grad_devices"] == ["tpu:0", "tpu:1"] and r["grads_match"]
    whole, piped = r["forward_cycles"]
    # Four micro-batches: tpu:0 computes the next while tpu:1 computes the last and the ICI
    # carries the activations between them.
    assert r["pipelined_matches"] and piped < 0.75 * whole


def test_accelerate_device_map_spreads_a_model_over_the_chips(tmp_path):
    r = run("device_map_auto", tmp_path, TPUDEV_TOPOLOGY="v5e:2x2")
    # Accelerate's own default budget gives a "tpu" process one chip (TorchTPU's model); a
    # budget per chip spreads the model over them.
    assert r["budget_chips"] == [0]
    assert len(r["placed_on"]) >= 3 and all(d.startswith("tpu:") for d in r["placed_on"])
    assert r["output_device"] == "tpu:0" and r["matches"]


def test_torchrun_ranks_see_the_hosts_chips_and_pick_their_own(tmp_path):
    e = dict(os.environ, TPUDEV_CACHE="off")
    e.pop("TPUDEV_TOPOLOGY", None)
    p = subprocess.run([TORCHRUN, "--standalone", "--nproc-per-node", "2", "--no-python", sys.executable,
                        WORKER, "torchrun_rank", str(tmp_path / "rank")], env=e, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-4000:]
    ranks = [json.loads((tmp_path / f"rank{i}.json").read_text()) for i in range(2)]
    for i, r in enumerate(ranks):
        assert r["device_count"] == 2 and r["backend_for_tpu"] == "tpu" and r["backend"] == "tpu"
        assert r["tensor_device"] == f"tpu:{i}" and r["chip_index"] == i
        assert r["sum"] == [3.0] * 4 and r["ici_cycles"] > 0
