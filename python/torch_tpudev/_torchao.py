"""torchao's quantization workflows on "tpu".

torchao gates two of its workflows on CUDA hardware checks: `Float8DynamicActivationFloat8-
WeightConfig` asserts an sm89+ GPU, an MI300 or an XPU, and `NVFP4DynamicActivationNVFP4Weight-
Config` an sm100 GPU. The tpu device runs what those workflows then call (`torch._scaled_mm`
with per-tensor, row-wise and NVFP4 block scales), so for a module whose weight is on "tpu" the
checks are answered yes while its config is applied; for any other device torchao's own answer
stands. Nothing else of torchao is changed.

The patch is applied when torchao's modules are first imported (an import hook installed with
the backend), so `quantize_(model.to("tpu"), config)` works with no extra call.
"""

import contextlib
import importlib.abc
import importlib.util
import sys

# Module whose import completes a patch, and the patch.
_QUANT_API = "torchao.quantization.quant_api"
_MX_WORKFLOW = "torchao.prototype.mx_formats.inference_workflow"


@contextlib.contextmanager
def _replaced(module, name, value):
    saved = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, saved)


def _on_tpu(module, parameter_name="weight"):
    weight = getattr(module, parameter_name, None)
    return weight is not None and weight.device.type == "tpu"


def _wrap_handler(config_type, module, name, value):
    """Makes torchao's transform for `config_type` see `module.name = value` for tpu modules."""
    from torchao.quantization.transform_module import _QUANTIZE_CONFIG_HANDLER

    handler = _QUANTIZE_CONFIG_HANDLER.get(config_type)
    if handler is None or getattr(handler, "_tpudev", False):
        return

    def on_tpu_too(mod, config, *args, **kwargs):
        if not _on_tpu(mod, kwargs.get("parameter_name", "weight")):
            return handler(mod, config, *args, **kwargs)
        with _replaced(module, name, value):
            return handler(mod, config, *args, **kwargs)

    on_tpu_too._tpudev = True
    on_tpu_too.__wrapped__ = handler
    _QUANTIZE_CONFIG_HANDLER[config_type] = on_tpu_too


def _patch_quant_api(quant_api):
    _wrap_handler(
        quant_api.Float8DynamicActivationFloat8WeightConfig,
        quant_api,
        "_check_hardware_support",
        lambda *args, **kwargs: None,
    )


def _patch_mx_workflow(workflow):
    _wrap_handler(workflow.NVFP4DynamicActivationNVFP4WeightConfig, workflow, "is_sm_at_least_100", lambda: True)


_PATCHES = {_QUANT_API: _patch_quant_api, _MX_WORKFLOW: _patch_mx_workflow}


class _PatchingLoader(importlib.abc.Loader):
    def __init__(self, inner, patch):
        self.inner, self.patch = inner, patch

    def create_module(self, spec):
        return self.inner.create_module(spec)

    def exec_module(self, module):
        self.inner.exec_module(module)
        self.patch(module)


class _Finder(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loader of the modules in `_PATCHES`."""

    def find_spec(self, fullname, path, target=None):
        patch = _PATCHES.get(fullname)
        if patch is None:
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            sys.meta_path.insert(0, self)
        if spec is not None and spec.loader is not None:
            spec.loader = _PatchingLoader(spec.loader, patch)
        return spec


def install():
    """Patches torchao's modules already imported and those imported later. Idempotent."""
    for name, patch in _PATCHES.items():
        if name in sys.modules:
            patch(sys.modules[name])
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
