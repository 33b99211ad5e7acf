"""torchvision's detection ops on the tpu: `nms` (a data-dependent number of boxes kept) and
`roi_align` with its backward run on the host, so Faster/Mask/Keypoint R-CNN train."""

import pytest
import torch

from conftest import assert_close

torchvision = pytest.importorskip("torchvision")


def test_nms_keeps_the_cpu_boxes():
    g = torch.Generator().manual_seed(0)
    corners = torch.rand(20, 2, generator=g) * 50
    boxes = torch.cat([corners, corners + 5 + torch.rand(20, 2, generator=g) * 20], dim=1)
    scores = torch.rand(20, generator=g)
    want = torchvision.ops.nms(boxes, scores, 0.3)
    got = torchvision.ops.nms(boxes.to("tpu"), scores.to("tpu"), 0.3)
    assert got.device.type == "tpu"
    assert got.cpu().tolist() == want.tolist()


def test_roi_align_forward_and_backward_match_cpu():
    g = torch.Generator().manual_seed(0)
    features = torch.randn(2, 4, 16, 16, generator=g)
    rois = torch.tensor([[0, 1.0, 1.0, 9.0, 9.0], [1, 2.5, 0.5, 14.0, 12.0]])
    x_cpu = features.clone().requires_grad_()
    x_tpu = features.to("tpu").requires_grad_()
    want = torchvision.ops.roi_align(x_cpu, rois, output_size=(3, 3), spatial_scale=1.0, sampling_ratio=2)
    got = torchvision.ops.roi_align(x_tpu, rois.to("tpu"), output_size=(3, 3), spatial_scale=1.0, sampling_ratio=2)
    assert_close(got, want.detach())
    want.pow(2).sum().backward()
    got.pow(2).sum().backward()
    assert_close(x_tpu.grad, x_cpu.grad)
