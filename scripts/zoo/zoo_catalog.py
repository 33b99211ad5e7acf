"""Every zoo model, from the per-library catalogs."""

import functools

FAMILIES = ["torch-nn", "hf-decoder", "hf-encoder", "hf-seq2seq", "hf-moe", "hf-vision", "hf-audio",
            "torchvision", "timm", "torchvision-detection", "diffusers"]


@functools.lru_cache(maxsize=None)
def _specs():
    import zoo_hf

    specs = list(zoo_hf.specs())
    for module in ("zoo_torch", "zoo_vision", "zoo_diffusers"):
        try:
            specs += __import__(module).specs()
        except ModuleNotFoundError as error:
            if error.name != module:
                raise
    order = {f: i for i, f in enumerate(FAMILIES)}
    return tuple(sorted(specs, key=lambda s: order[s.family]))


def specs():
    return list(_specs())


def by_name():
    return {s.name: s for s in _specs()}
