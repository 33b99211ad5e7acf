"""The `torch.backends` entry point: PyTorch calls `load()` at the end of `import torch`."""


def load():
    from . import _backend

    _backend.register()
