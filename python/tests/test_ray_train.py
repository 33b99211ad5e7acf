"""Ray Train on a simulated slice: `TorchTrainer` with `TorchConfig(backend="tpu")` starts one
Ray worker per simulated chip on this machine's loopback. The workers join the "tpu" process
group, train a small MLP with DDP (`ray.train.torch.prepare_model`), and end with the losses
and weights of the same training on one CPU process with the whole batch. The slice is named
in the trainer's configuration: `RunConfig(worker_runtime_env={"env_vars": {"TPUDEV_TOPOLOGY":
...}})`. Each worker records what it ran on (backend, device, chip, slice, simulated clock,
collectives in its profile) in a file the test reads (ray_train_loop.py)."""

import json
import os

import pytest
import ray
import torch
from ray.train import RunConfig, ScalingConfig
from ray.train.torch import TorchConfig, TorchTrainer

import ray_train_loop

pytestmark = pytest.mark.sim_only("checks the simulated slice's chips, clocks and profile")

TESTS = os.path.dirname(os.path.abspath(__file__))
STEPS, LR = 3, 0.1
# Four workers take 40 to 80 s on the 2-core machine (two take 30 to 50 s): run on demand.
FULL = os.environ.get("TPUDEV_RAY_FULL", "") not in ("", "0")


@pytest.fixture(scope="module")
def ray_cluster():
    """A one-node Ray cluster on loopback, small: a logical CPU per worker, no dashboard."""
    ray.init(num_cpus=4, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield
    ray.shutdown()


def fit(tmp_path, workers, topology):
    """Runs the data-parallel job; returns Ray's result and each rank's record, by rank."""
    out = tmp_path / "ranks"
    out.mkdir()
    # Ray pickles the loop by reference (its module is importable), so the workers need this
    # folder on their path; the slice goes in the same runtime environment.
    pythonpath = os.pathsep.join(p for p in (TESTS, os.environ.get("PYTHONPATH")) if p)
    trainer = TorchTrainer(
        ray_train_loop.train_loop_per_worker,
        train_loop_config={"steps": STEPS, "lr": LR, "out_dir": str(out)},
        scaling_config=ScalingConfig(num_workers=workers, resources_per_worker={"CPU": 1}),
        torch_config=TorchConfig(backend="tpu"),
        run_config=RunConfig(
            name="tpudev", storage_path=str(tmp_path / "ray_results"),
            worker_runtime_env={"env_vars": {
                "TPUDEV_TOPOLOGY": topology, "TPUDEV_CACHE": "off", "OMP_NUM_THREADS": "1",
                "PYTHONPATH": pythonpath,
            }},
        ),
    )
    result = trainer.fit()
    ranks = {}
    for name in sorted(n for n in os.listdir(out) if n.startswith("rank")):
        seen = json.loads((out / name).read_text())
        ranks[seen["rank"]] = seen
    return result, ranks


# v5e:2x1 is not the default shape for two chips (1x2), so the chips' coordinates show that
# the slice came from the trainer's configuration.
@pytest.mark.parametrize("workers, topology, coords", [
    (2, "v5e:2x1", [[0, 0], [1, 0]]),
    pytest.param(4, "v5e:2x2", [[0, 0], [1, 0], [0, 1], [1, 1]],
                 marks=pytest.mark.skipif(not FULL, reason="40 to 80 s; TPUDEV_RAY_FULL=1 runs it")),
])
def test_torch_trainer_ddp_on_simulated_chips_matches_one_process(ray_cluster, tmp_path, workers, topology, coords):
    ref_losses, ref_weights = ray_train_loop.one_process_training(STEPS, LR)
    assert ref_losses[-1] < ref_losses[0]  # the reference does learn

    result, ranks = fit(tmp_path, workers, topology)
    assert result.error is None, result.error
    assert sorted(ranks) == list(range(workers)), sorted(ranks)
    assert len({r["pid"] for r in ranks.values()} | {os.getpid()}) == workers + 1  # one process each

    for rank, seen in ranks.items():
        where = f"rank {rank}: {({k: v for k, v in seen.items() if k != 'weights'})}"
        # The "tpu" process group, from TorchConfig, with the ranks Ray gave.
        assert seen["backend"] == "tpu" and seen["dist_rank"] == rank and seen["world"] == workers, where
        # The model and the batches on the simulated chip, wrapped in DDP.
        assert seen["param_device"].startswith("tpu") and seen["batch_device"].startswith("tpu"), where
        assert seen["model_type"] == "DistributedDataParallel", where
        # One chip per process, or the host's chips with this worker's own current (one host).
        assert seen["device_count"] in (1, workers), where
        if seen["device_count"] > 1:
            assert seen["param_device"] == f"tpu:{seen['local_rank']}", where
        # Chip `rank` of the slice the trainer named.
        assert seen["env_topology"] == topology and seen["slice_spec"] == topology, where
        assert seen["slice_chips"] == workers and seen["chip_index"] == rank, where
        assert seen["chip_coords"] == coords[rank], where
        assert seen["device_name"] == "TPU " + topology.split(":")[0], where
        # Simulated time passed, and the gradients' and the losses' all-reduces ran on the ICI.
        assert seen["sim_cycles"] > 0 and seen["ici_cycles"] > 0, where
        assert "all_reduce" in seen["ici_collectives"], where
        assert seen["ici_count"] >= 2 * STEPS, where  # DDP's bucket and the loss, each step
        # Every rank saw the global batch's loss, equal to one process's full-batch training.
        assert seen["losses"] == pytest.approx(ref_losses, rel=1e-5, abs=1e-6), where
        for name, ref in ref_weights.items():
            torch.testing.assert_close(torch.tensor(seen["weights"][name]), torch.tensor(ref), rtol=1e-4, atol=1e-5,
                                       msg=lambda m: f"rank {rank}, {name}: {m}")

    # The replicas agree exactly, and so do the chips' simulated clocks after a collective.
    first = ranks[0]
    assert all(r["weights"] == first["weights"] for r in ranks.values())
    assert len({r["clock_after_last_collective"] for r in ranks.values()}) == 1, \
        [r["clock_after_last_collective"] for r in ranks.values()]
    # Ray kept rank 0's last report: the last step's loss, and a checkpoint of the weights
    # saved on the chip with torch.save, which loads here onto the CPU.
    assert result.metrics["loss"] == pytest.approx(ref_losses[-1], rel=1e-5)
    assert result.metrics["step"] == STEPS
    with result.checkpoint.as_directory() as folder:
        saved = torch.load(os.path.join(folder, "model.pt"), map_location="cpu")
    assert sorted(saved) == sorted(ref_weights)
    for name, ref in ref_weights.items():
        torch.testing.assert_close(saved[name], torch.tensor(ref), rtol=1e-4, atol=1e-5)
