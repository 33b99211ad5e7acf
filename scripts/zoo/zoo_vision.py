"""torchvision classifiers, detectors and segmenters, and timm classifiers, with random weights
at small image sizes (the smallest variants, or sizes shrunk through constructor kwargs)."""

import functools

import torch
import torch.nn.functional as F

from zoo_spec import ModelSpec, floating_tensors, summed_losses

BATCH, CLASSES = 2, 10
LABELS = torch.tensor([1, 7])


def images(size, batch=BATCH):
    return torch.randn(batch, 3, size, size, generator=torch.Generator().manual_seed(0))


def classification_loss(outputs):
    """Cross-entropy of each (batch, classes) output against fixed labels (distilled heads give
    two); unlike a sum of squares it has a gradient even where a head starts at zero."""
    logits = [t for t in floating_tensors(outputs) if t.shape == (BATCH, CLASSES)]
    return sum(F.cross_entropy(t, LABELS.to(t.device)) for t in logits)


def classifier_spec(name, family, build, size):
    return ModelSpec(name, family, build, lambda: {"x": images(size)}, loss=classification_loss)


def segmenter_spec(name, build, size, argument):
    return ModelSpec(name, "torchvision-detection", build, lambda: {argument: images(size)})


# --- torchvision classifiers ----------------------------------------------------------------

# CNN classifiers see 64 x 64 images: at 32 x 32 their last batch norm normalizes 2 values (batch 2
# at 1 x 1), which maps them to +-1 and divides gradients by their distance: float32 rounding then
# moves parameters by more than any tolerance, on CPU too. Shrunk transformers keep 32 x 32.
TINY_VIT = dict(image_size=32, patch_size=8, num_layers=2, num_heads=2, hidden_dim=32, mlp_dim=64)
TORCHVISION_CLASSIFIERS = {  # name -> (image size, extra kwargs)
    "resnet18": (64, {}), "resnet50": (64, {}), "resnext50_32x4d": (64, {}),
    "mobilenet_v2": (64, {"width_mult": 0.25}), "mobilenet_v3_small": (64, {}), "mobilenet_v3_large": (64, {}),
    "squeezenet1_0": (64, {}), "squeezenet1_1": (64, {}), "shufflenet_v2_x0_5": (64, {}),
    "shufflenet_v2_x1_0": (64, {}), "mnasnet0_5": (64, {}), "mnasnet0_75": (64, {}),
    "efficientnet_b0": (64, {}), "efficientnet_v2_s": (64, {}), "regnet_x_400mf": (64, {}),
    "regnet_y_400mf": (64, {}), "densenet121": (64, {}), "googlenet": (64, {"aux_logits": False, "init_weights": True}),
    "alexnet": (64, {}), "inception_v3": (80, {"aux_logits": False, "init_weights": True}),
    "convnext_tiny": (64, {}), "swin_t": (64, {}), "swin_v2_t": (64, {}), "vit_b_16": (32, {}),
    "vgg11_bn": (64, {}),
}


def torchvision_classifier(name, kwargs):
    import torchvision

    if name == "vit_b_16":
        return torchvision.models.VisionTransformer(num_classes=CLASSES, **TINY_VIT)
    if name == "vgg11_bn":  # its 4096-wide classifier alone is 100M parameters: keep the features
        model = torchvision.models.vgg11_bn(weights=None, num_classes=CLASSES)
        model.classifier = torch.nn.Linear(512 * 7 * 7, CLASSES)
        return model
    return torchvision.models.get_model(name, weights=None, num_classes=CLASSES, **kwargs)


def torchvision_specs():
    return [
        classifier_spec(f"torchvision/{name}", "torchvision", functools.partial(torchvision_classifier, name, kwargs), size)
        for name, (size, kwargs) in TORCHVISION_CLASSIFIERS.items()
    ]


# --- torchvision detection and segmentation -------------------------------------------------

DETECTION_SIZE = 64
DETECTORS = {
    "fasterrcnn_mobilenet_v3_large_320_fpn": {}, "fasterrcnn_resnet50_fpn": {}, "retinanet_resnet50_fpn": {},
    "fcos_resnet50_fpn": {}, "ssdlite320_mobilenet_v3_large": {},
    "maskrcnn_resnet50_fpn": {}, "keypointrcnn_resnet50_fpn": {"num_keypoints": 3, "num_classes": 2},
}
SEGMENTERS = {"fcn_resnet50": "x", "deeplabv3_resnet50": "x", "deeplabv3_mobilenet_v3_large": "x",
              "lraspp_mobilenet_v3_large": "input"}  # name -> forward's argument


def detector(name, kwargs):
    import torchvision

    sizes = {} if "ssd" in name else {"min_size": DETECTION_SIZE, "max_size": DETECTION_SIZE}
    kwargs = {"num_classes": 3, **sizes, **kwargs}
    return torchvision.models.get_model(name, weights=None, weights_backbone=None, **kwargs)


def detection_targets(name):
    """One box per image, with the masks and keypoints the Mask/Keypoint R-CNN heads train on."""
    targets = []
    for i in range(BATCH):
        box = torch.tensor([[4.0 + i, 6.0, 40.0, 50.0 - i]])
        target = {"boxes": box, "labels": torch.tensor([1])}
        if "mask" in name:
            mask = torch.zeros(1, DETECTION_SIZE, DETECTION_SIZE, dtype=torch.uint8)
            mask[:, 6:50, 4:40] = 1
            target["masks"] = mask
        if "keypoint" in name:
            target["keypoints"] = torch.tensor([[[10.0, 10.0, 1.0], [20.0, 30.0, 1.0], [30.0, 40.0, 1.0]]])
        targets.append(target)
    return targets


def detector_spec(name, kwargs):
    def make_inputs():
        return {"images": list(images(DETECTION_SIZE)), "targets": detection_targets(name)}

    note = "training samples proposals/anchors with torch.randperm on the model's device"
    return ModelSpec(f"torchvision/{name}", "torchvision-detection", functools.partial(detector, name, kwargs),
                     make_inputs, loss=summed_losses, note=note,
                     float32_inputs=("keypoints",))  # the keypoint head asserts float32 targets


def segmenter(name):
    import torchvision

    return torchvision.models.get_model(name, weights=None, weights_backbone=None, num_classes=4, aux_loss=False)


def segmentation_specs():
    return [segmenter_spec(f"torchvision/{n}", functools.partial(segmenter, n), 64, arg) for n, arg in SEGMENTERS.items()]


# --- timm -----------------------------------------------------------------------------------

TINY_TIMM_VIT = dict(img_size=32, patch_size=8, embed_dim=32, depth=2, num_heads=2)
TIMM = {  # name -> (image size, kwargs shrinking it)
    "vit_tiny_patch16_224": (32, TINY_TIMM_VIT), "deit_tiny_patch16_224": (32, TINY_TIMM_VIT),
    "deit_tiny_distilled_patch16_224": (32, TINY_TIMM_VIT), "beit_base_patch16_224": (32, TINY_TIMM_VIT),
    "eva02_tiny_patch14_224": (32, dict(TINY_TIMM_VIT, ref_feat_shape=(4, 4))), "cait_xxs24_224": (32, TINY_TIMM_VIT),
    "xcit_nano_12_p16_224": (32, dict(img_size=32, depth=2)), "vit_small_patch16_rope_224": (32, TINY_TIMM_VIT),
    "flexivit_small": (32, TINY_TIMM_VIT), "vit_relpos_small_patch16_224": (32, TINY_TIMM_VIT),
    "resmlp_12_224": (32, dict(img_size=32)), "gmlp_ti16_224": (32, dict(img_size=32)),
    "swin_tiny_patch4_window7_224": (32, dict(img_size=32, window_size=4, embed_dim=16, depths=(1, 1), num_heads=(1, 2))),
    "swinv2_tiny_window8_256": (32, dict(img_size=32, window_size=4, embed_dim=16, depths=(1, 1), num_heads=(1, 2))),
    "pvt_v2_b0": (64, {}), "twins_pcpvt_small": (32, dict(depths=(1, 1, 1, 1))), "poolformer_s12": (64, {}),
    "convformer_s18": (64, {}), "caformer_s18": (64, {}),
    "convit_tiny": (32, dict(img_size=32, patch_size=8, depth=2, embed_dim=48, num_heads=2)),
    "pit_ti_224": (32, dict(img_size=32, depth=(1, 1, 1))), "levit_128s": (32, dict(img_size=32)),
    "mobilevit_xxs": (64, {}), "mobilevitv2_050": (64, {}), "edgenext_xx_small": (64, {}),
    "fastvit_t8": (64, {}), "repvit_m1": (64, {}),
    "maxvit_nano_rw_256": (64, dict(img_size=64)), "davit_tiny": (32, dict(depths=(1, 1, 1, 1))),
    "focalnet_tiny_srf": (64, {}), "inception_next_tiny": (32, dict(depths=(1, 1, 1, 1))),
    "hiera_tiny_224": (64, dict(img_size=64)), "mvitv2_tiny": (64, dict(img_size=64)), "sequencer2d_s": (32, dict(layers=(1, 1, 1, 1))),
    "resnet18": (64, {}), "resnet26d": (64, {}), "resnext26ts": (64, {}), "seresnext26d_32x4d": (64, {}),
    "ecaresnet26t": (64, {}), "skresnet18": (64, {}), "res2net50_26w_4s": (64, {}), "resnest14d": (64, {}),
    "regnetx_002": (64, {}), "regnety_002": (64, {}), "regnetz_b16": (64, {}), "efficientnet_b0": (64, {}),
    "efficientnet_lite0": (64, {}), "mobilenetv2_050": (64, {}), "mobilenetv3_small_050": (64, {}),
    "mobilenetv4_conv_small": (64, {}), "ghostnet_050": (64, {}), "mnasnet_050": (64, {}), "fbnetc_100": (64, {}),
    "lcnet_050": (64, {}), "tinynet_e": (64, {}), "rexnet_100": (64, {}), "convnext_atto": (64, {}),
    "convnextv2_atto": (64, {}), "densenet121": (64, {}), "dla34": (64, {}), "dpn48b": (64, {}),
    "hrnet_w18_small": (64, {}), "cspresnet50": (64, {}), "ese_vovnet19b_dw": (64, {}), "selecsls42b": (64, {}),
    "nf_resnet26": (64, {}), "gernet_s": (64, {}), "repvgg_a0": (64, {}), "mobileone_s0": (64, {}),
    "xception41": (64, {}), "inception_v3": (80, {}), "resnetv2_50x1_bit": (64, {}),
    "ghostnetv2_100": (64, {}), "hardcorenas_a": (64, {}), "dm_nfnet_f0": (64, {}), "tresnet_m": (64, {}),
}


def timm_model(name, kwargs):
    import timm

    # drop_rate / drop_path_rate 0: no dropout and no stochastic depth, so the step is deterministic
    create = functools.partial(timm.create_model, name, pretrained=False, num_classes=CLASSES, drop_rate=0.0, **kwargs)
    try:
        return create(drop_path_rate=0.0)
    except TypeError as error:  # a model without stochastic depth does not take the argument
        if "drop_path_rate" not in str(error):
            raise
        return create()


def timm_specs():
    return [
        classifier_spec(f"timm/{name}", "timm", functools.partial(timm_model, name, kwargs), size)
        for name, (size, kwargs) in TIMM.items()
    ]


def specs():
    return torchvision_specs() + timm_specs() + [detector_spec(n, kw) for n, kw in DETECTORS.items()] + segmentation_specs()
