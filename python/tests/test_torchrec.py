"""TorchRec (PyPI `torchrec` 1.9.x with `fbgemm-gpu-cpu`) on "tpu": DLRM and DLRM-DCN (the DLRM
v2 architecture) built from TorchRec's own modules (`EmbeddingBagCollection`,
`KeyedJaggedTensor`, `DLRMTrain`, `RandomRecDataset` batches) train forward, backward and an
optimizer step on the simulated chip as on the CPU.

The unsharded `EmbeddingBagCollection` looks up each table with `nn.EmbeddingBag`, so the chip
runs `aten::_embedding_bag` and its backward; no fbgemm operator reaches it as long as the
batch's `KeyedJaggedTensor` gets its offsets on the CPU (`RandomRecDataset` and
`from_lengths_sync` do) and then moves with `Batch.to`.

Skipped where fbgemm's libraries do not load: fbgemm-gpu-cpu 1.9.0, the newest on PyPI, is
built for torch 2.14 and needs `c10::report_overflow`, which torch 2.15 no longer exports (see
docs/integrations.md)."""

import pytest
import torch

try:
    from torchrec import EmbeddingBagCollection, EmbeddingBagConfig
    from torchrec.datasets.random import RandomRecDataset
    from torchrec.models.dlrm import DLRM, DLRM_DCN, DLRMTrain
except ModuleNotFoundError as e:
    # Not installed by scripts/setup.sh: no fbgemm-gpu-cpu on PyPI loads with torch 2.15 yet.
    pytest.skip(f"torchrec is not installed ({e}); it needs an fbgemm-gpu-cpu built for torch 2.15, "
                "which PyPI does not have yet (docs/integrations.md)", allow_module_level=True)
except (ImportError, OSError) as e:  # fbgemm_gpu's libraries raise OSError when they fail to load
    why = str(e).splitlines()[0] + (f" ({str(e.__cause__).splitlines()[0]})" if e.__cause__ else "")
    pytest.skip(f"torchrec does not import: {why}", allow_module_level=True)

KEYS = ["cat_0", "cat_1", "cat_2", "cat_3"]
IDS_PER_FEATURE = [1, 3, 2, 5]  # multi-hot, as in DLRM v2's Criteo features


def build(kind):
    torch.manual_seed(0)
    tables = [EmbeddingBagConfig(name=f"t_{k}", embedding_dim=16, num_embeddings=200, feature_names=[k])
              for k in KEYS]
    ebc = EmbeddingBagCollection(tables=tables, device=torch.device("cpu"))
    if kind == "dlrm":
        model = DLRM(ebc, dense_in_features=13, dense_arch_layer_sizes=[32, 16],
                     over_arch_layer_sizes=[32, 1])
    else:
        model = DLRM_DCN(ebc, dense_in_features=13, dense_arch_layer_sizes=[32, 16],
                         over_arch_layer_sizes=[32, 1], dcn_num_layers=2, dcn_low_rank_dim=8)
    return DLRMTrain(model)


def train(kind, device, steps=3):
    model = build(kind).to(device)
    opt = torch.optim.Adagrad(model.parameters(), lr=0.05)
    batches = iter(RandomRecDataset(keys=KEYS, batch_size=32, hash_size=200, ids_per_features=IDS_PER_FEATURE,
                                    num_dense=13, manual_seed=1, num_generated_batches=steps))
    losses = []
    for _ in range(steps):
        batch = next(batches).to(torch.device(device))
        assert batch.sparse_features.values().device.type == torch.device(device).type
        loss, (_, logits, _) = model(batch)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    tables = {name: t.weight.detach().cpu()
              for name, t in model.model.sparse_arch.embedding_bag_collection.embedding_bags.items()}
    return losses, tables, logits.detach().cpu()


@pytest.mark.parametrize("kind", ["dlrm", "dlrm_dcn"])
def test_dlrm_trains_as_on_cpu(kind):
    losses, tables, logits = train(kind, "tpu")
    ref_losses, ref_tables, ref_logits = train(kind, "cpu")
    assert losses == pytest.approx(ref_losses, rel=1e-5)
    assert ref_losses[0] != ref_losses[-1]
    torch.testing.assert_close(logits, ref_logits, rtol=1e-4, atol=1e-5)
    initial = build(kind).model.sparse_arch.embedding_bag_collection.embedding_bags
    for name, table in tables.items():
        torch.testing.assert_close(table, ref_tables[name], rtol=1e-5, atol=1e-6)
        # the rows the batches looked up were updated, on the device as on the CPU
        assert not torch.equal(table, initial[name].weight.detach())
