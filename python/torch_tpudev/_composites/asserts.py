"""`torch._assert_async` (Dynamo emits it for `assert` statements and checks on tensor values,
e.g. in HF models' input validation): a check a device makes without stopping the host.

In the synchronous eager modes (strict, debug) the value is read and a false one raises
the op's message, as CUDA's device-side assert stops the program. A deferred program
(defer-and-fuse, and torch.compile's captured graphs) cannot stop halfway, and reading the
value on the host would end the program there, so the check is left out, with a warning
once per process, as XLA leaves it out of its programs."""

import warnings

import torch

from .. import _C

_warned = False


def assert_async(self, assert_msg="Expected Tensor with single nonzero value, but got zero"):
    if _C.eager_mode() == "DEFER_AND_FUSE":
        _warn_unchecked()
        return
    if self.numel() != 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    if not bool(self.cpu().item()):
        raise RuntimeError(assert_msg)


def assert_async_msg(self, assert_msg):
    assert_async(self, assert_msg)


def _warn_unchecked():
    global _warned
    if not _warned:
        _warned = True
        warnings.warn("torch._assert_async: checks on tensor values are not made inside deferred or compiled "
                      "tpu programs (as XLA leaves them out); run in strict mode to have them raise",
                      stacklevel=3)


KERNELS = {
    "_assert_async": assert_async,
    "_assert_async.msg": assert_async_msg,
}
