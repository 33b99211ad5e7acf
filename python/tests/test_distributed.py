"""The c10d backend "tpu" on a simulated slice: one process per chip on loopback, as
torchrun starts them. Each test starts the ranks of `distributed_worker.py` and compares what
they wrote."""

import json
import os
import socket
import subprocess
import sys

import pytest
import torch

pytestmark = pytest.mark.sim_only("collectives are timed on the simulated ICI; hw runs one chip per process only")

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "distributed_worker.py")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_ranks(scenario, world, tmp_path, timeout=240, **env):
    port = _free_port()
    procs = []
    for rank in range(world):
        e = dict(os.environ, RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE=str(world),
                 LOCAL_WORLD_SIZE=str(world), MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port),
                 TPUDEV_CACHE="off", **env)
        procs.append(subprocess.Popen([sys.executable, WORKER, scenario, str(tmp_path)], env=e,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
    logs = []
    for p in procs:
        try:
            logs.append(p.communicate(timeout=timeout)[0])
        except subprocess.TimeoutExpired:
            for q in procs:
                q.kill()
            pytest.fail(f"{scenario}: ranks did not finish in {timeout} s")
    results = []
    for rank in range(world):
        path = tmp_path / f"rank{rank}.json"
        assert path.exists(), f"rank {rank} wrote nothing; its output:\n{logs[rank][-3000:]}"
        results.append(json.loads(path.read_text()))
    return results, logs


@pytest.fixture(scope="module")
def four_chips(tmp_path_factory):
    return run_ranks("collectives", 4, tmp_path_factory.mktemp("c4"), TPUDEV_TOPOLOGY="v5e:2x2")[0]


def test_collective_values_match_cpu_arithmetic(four_chips):
    world = 4
    for r, res in enumerate(four_chips):
        assert res["all_reduce_sum"] == [world * i + sum(range(world)) for i in range(8)]
        assert res["all_reduce_avg"] == [sum(range(world)) / world] * 4
        assert res["all_reduce_max"] == [world - 1, 0]
        assert res["all_gather_into_tensor"] == [v for k in range(world) for v in (k, k + 0.5)]
        assert res["all_gather"] == [[[k, k], [k, k]] for k in range(world)]
        total = torch.arange(world * 3, dtype=torch.float32) * sum(k + 1 for k in range(world))
        assert res["reduce_scatter_tensor"] == total[r * 3:(r + 1) * 3].tolist()
        assert res["all_to_all_single"] == [r + 10 * k for k in range(world)]
        assert res["reduce_scatter_premul"] == [0.5 * sum(k + 1 for k in range(world))] * 2
        assert res["broadcast"] == [world - 1.0] * 3
        assert res["cpu_all_reduce"] == [4.0] * 4
        # Rooted collectives: only the root's tensor changes.
        assert res["reduce"] == ([float(sum(range(1, world + 1)))] * 2 if r == 0 else [float(r + 1)] * 2)
        assert res["gather"] == ([[float(k)] * 2 for k in range(world)] if r == 0 else None)
        assert res["scatter"] == [10.0 + r] * 3
    assert four_chips[1]["received"] == [7.0] * 5


def test_simulated_time_agrees_across_ranks(four_chips):
    for name in four_chips[0]["steps"]:
        if name in ("send_recv", "cpu_all_reduce"):
            continue  # only ranks 0 and 1 take part; CPU tensors do not synchronize the chips
        clocks = {res["steps"][name]["clock"] for res in four_chips}
        assert len(clocks) == 1, f"{name}: ranks disagree on the simulated time: {clocks}"


def test_collectives_take_the_ici_models_time(four_chips):
    steps = four_chips[0]["steps"]
    # The first collective starts with all clocks level only if the ranks ran the same ops;
    # its cycles are at least the ICI model's figure (plus any wait for a slower peer).
    assert steps["all_reduce_sum"]["cycles"] >= four_chips[0]["expected_all_reduce_cycles"] > 0
    for name in ("all_reduce_avg", "all_gather_into_tensor", "reduce_scatter_tensor", "all_to_all_single",
                 "broadcast", "barrier"):
        assert steps[name]["cycles"] > 0, name
    assert steps["cpu_all_reduce"]["cycles"] == 0  # CPU tensors never touch the ICI


def test_sub_groups_reduce_among_their_members_and_are_timed_on_their_chips(four_chips):
    for r, res in enumerate(four_chips):
        assert res["subgroup_all_reduce"] == [float(r % 2 + r % 2 + 2)] * 16
        # Both columns were level before (the barrier), so the time is the model's alone.
        assert res["steps"]["subgroup_all_reduce"]["cycles"] == res["expected_subgroup_cycles"] > 0


def test_chips_know_their_place_in_the_slice(four_chips):
    coords = [tuple(res["slice"]["coords"]) for res in four_chips]
    assert coords == [(0, 0), (1, 0), (0, 1), (1, 1)]
    assert all(res["slice"]["spec"] == "v5e:2x2" and res["slice"]["chips"] == 4 for res in four_chips)


def test_mismatched_collectives_fail_on_every_rank(tmp_path):
    results, _ = run_ranks("mismatch", 2, tmp_path)
    for res in results:
        assert "does not match across ranks" in res["error"], res
        assert "rank 0 called all_reduce(float32[4],sum)" in res["error"]
        assert "rank 1 called all_reduce(float32[6],sum)" in res["error"]
        assert res["after"] == [2.0, 2.0]


def test_a_rank_that_dies_is_named(tmp_path):
    results, _ = run_ranks("dies", 2, tmp_path)
    assert "rank 1 failed: ValueError: rank 1 gave up on purpose" in results[0]["error"]


def test_a_rank_that_hangs_is_named_after_the_timeout(tmp_path):
    results, _ = run_ranks("hangs", 2, tmp_path, TPUDEV_COLLECTIVE_TIMEOUT_S="3")
    assert "rank(s) [1] did not reach it within 3 s" in results[0]["error"]
    assert 2.5 < results[0]["waited_s"] < 30


def test_topology_must_match_the_number_of_processes(tmp_path):
    results, _ = run_ranks("collectives", 2, tmp_path, TPUDEV_TOPOLOGY="v5e:2x4")
    for res in results:
        assert "v5e:2x4 is a slice of 8 chips, but the process group has 2 processes" in res["init_error"]


def test_default_slice_without_a_topology(tmp_path):
    results, _ = run_ranks("collectives", 2, tmp_path, TPUDEV_TOPOLOGY="")
    assert results[0]["slice"]["chips"] == 2
    assert results[0]["all_reduce_sum"] == [2 * i + 1 for i in range(8)]


def test_collectives_on_the_hardware_backend(tmp_path):
    results, _ = run_ranks("hardware", 2, tmp_path, TPUDEV_BACKEND="hw")
    for res in results:
        assert res["backend"] == "hw"
        assert res["all_reduce"] == [1.0, 3.0, 5.0, 7.0]
        assert res["all_gather"] == [0.0, 0.5, 1.0, 1.5]


def test_blocking_all_reduces_are_found_and_ddp_overlapping_them_is_faster(tmp_path):
    """The advisor's collective finding: all-reduces issued one by one after the backward pass
    block the chip; DDP's asynchronous buckets overlap the backward pass, and the same steps take
    less simulated time."""
    results, _ = run_ranks("overlap", 2, tmp_path, TPUDEV_TOPOLOGY="v5e:2x1")
    worker_lines = open(WORKER).read().splitlines()
    all_reduce_line = f"{WORKER}:{next(i + 1 for i, s in enumerate(worker_lines) if 'dist.all_reduce(p.grad)' in s)}"
    for res in results:
        blocking, ddp = res["blocking"], res["ddp"]
        [finding] = [f for f in blocking["findings"] if f["kind"] == "collective without overlap"]
        assert finding["summary"].startswith("24 of 24 collective(s) block the chip")
        assert finding["where"] == [all_reduce_line]
        assert "DistributedDataParallel" in finding["change"]
        assert [f for f in ddp["findings"] if f["kind"] == "collective without overlap"] == []
        measured = blocking["time_s"] - ddp["time_s"]
        assert measured > 0
        assert 0.3 * measured <= finding["saving_s"] <= 3 * measured, (finding["saving_s"], measured)
    assert results[0]["ddp"]["weights"] == results[1]["ddp"]["weights"]
