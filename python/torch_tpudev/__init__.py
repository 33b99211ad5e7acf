"""torch_tpudev: PyTorch's "tpu" device on tpudev's deterministic TPU simulator.

Importing torch loads this package through the `torch.backends` entry point; importing it
directly (for example with TORCH_DEVICE_BACKEND_AUTOLOAD=0) registers the device too.
"""

import torch  # noqa: F401  (first: importing torch autoloads this package)

from ._loader import load

load()

from . import tpu  # noqa: E402
from ._C import __version__  # noqa: E402
from .advisor import Advice, Finding, advise  # noqa: E402
from .drift import DriftReport, assert_no_drift, drift  # noqa: E402
from ._step_log import log_steps  # noqa: E402
from .profiler import Profile, profile  # noqa: E402

__all__ = [
    "tpu", "profile", "Profile", "log_steps", "advise", "Advice", "Finding", "drift", "assert_no_drift", "DriftReport", "__version__"
]
