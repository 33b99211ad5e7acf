"""A script written for any accelerator (examples/accelerator_train.py: `torch.accelerator`
picks the device, pinned DataLoader batches, a checkpoint saved, loaded and evaluated) runs
unchanged on the tpu and ends where the CPU run ends."""

import accelerator_train
import pytest


def test_accelerator_script_trains_saves_loads_and_evaluates(tmp_path, capsys):
    tpu_loss, tpu_accuracy = accelerator_train.main(["--accel", "--save-model", str(tmp_path / "tpu.pt")])
    assert "device tpu: " in capsys.readouterr().out
    cpu_loss, cpu_accuracy = accelerator_train.main(["--save-model", str(tmp_path / "cpu.pt")])
    assert tpu_accuracy == cpu_accuracy
    assert tpu_loss == pytest.approx(cpu_loss, abs=1e-3)
