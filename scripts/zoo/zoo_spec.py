"""What a zoo entry is: a named model builder, its inputs and the loss its training step uses."""

import dataclasses
from typing import Any, Callable

import torch


def mean_square_loss(outputs):
    """Mean of squares of every floating output: a loss that touches the whole output."""
    tensors = [t for t in floating_tensors(outputs) if t.requires_grad]
    return sum(t.float().pow(2).mean() for t in tensors)


def own_loss(outputs):
    """The model's own loss (Transformers models given labels)."""
    return outputs["loss"] if isinstance(outputs, dict) else outputs.loss


def summed_losses(outputs):
    """torchvision detectors in training mode return a dict of losses."""
    return sum(outputs.values())


@dataclasses.dataclass
class ModelSpec:
    name: str  # unique id, "<source>/<model>", e.g. "hf/llama"
    family: str
    build: Callable[[], torch.nn.Module]  # on CPU, random weights, dropout off
    make_inputs: Callable[[], dict]  # forward's keyword arguments, CPU tensors
    loss: Callable[[Any], torch.Tensor] = mean_square_loss
    lr: float = 0.01
    note: str = ""
    # Inputs (dict keys, at any depth) the library accepts in float32 only: the float64
    # reference run leaves them float32.
    float32_inputs: tuple = ()


def floating_tensors(value):
    """The floating tensors of a model output (tensor, tuple, dict or ModelOutput), in order."""
    if isinstance(value, torch.Tensor):
        return [value] if value.is_floating_point() else []
    if isinstance(value, dict):  # ModelOutput is an OrderedDict of its non-None fields
        return [t for v in value.values() for t in floating_tensors(v)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in floating_tensors(v)]
    if hasattr(value, "sample") and isinstance(getattr(value, "sample"), torch.Tensor):
        return floating_tensors(value.sample)  # diffusers' output dataclasses
    return []


def map_tensors(value, fn):
    """Apply fn to every tensor in nested lists, tuples and dicts (inputs and targets)."""
    if isinstance(value, torch.Tensor):
        return fn(value)
    if isinstance(value, dict):
        return {k: map_tensors(v, fn) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(map_tensors(v, fn) for v in value)
    return value


def zero_dropout(config):
    """Set every dropout-like probability of a config (and its sub-configs) to 0, so the step is
    deterministic and the tpu can match the CPU; also SpecAugment masking and router jitter."""
    random_knobs = ("drop", "pdrop", "mask_time_prob", "mask_feature_prob", "jitter", "noise")
    for key, value in list(vars(config).items()):
        if hasattr(value, "to_dict") and hasattr(value, "model_type"):
            zero_dropout(value)
        elif isinstance(value, float) and any(k in key for k in random_knobs):
            setattr(config, key, 0.0)
    return config


def zero_module_dropout(model):
    """Randomness the configs cannot turn off: nn.Dropout modules built with a fixed p,
    torchvision's StochasticDepth (EfficientNet, ConvNeXt, Swin default to 0.1-0.2), timm's
    DropPath, and diffusers' class-label dropout (LabelEmbedding.dropout_prob, DiT)."""
    for module in model.modules():
        if isinstance(module, torch.nn.modules.dropout._DropoutNd) or type(module).__name__ == "StochasticDepth":
            module.p = 0.0
        for knob in ("dropout_prob", "drop_prob"):
            if isinstance(getattr(module, knob, None), float):
                setattr(module, knob, 0.0)
    return model
