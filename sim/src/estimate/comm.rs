//! The collectives of a step, timed with the ICI model (`timing::ici`): the mesh axes laid
//! over the slice's torus, and per layer the FSDP weight all-gathers and gradient
//! reduce-scatters, the tensor-parallel all-reduces, the expert all-to-alls and the context
//! axis's key/value all-gathers; per step the data-parallel gradient all-reduce and the
//! embedding's gathers; between slices, the data-center network's gathers and reductions
//! (`timing::dcn`).

use super::format::Format;
use super::layer::Shapes;
use super::size::{head_params, layer_params};
use super::workload::{Mode, Remat, Workload};
use crate::chips::ChipSpec;
use crate::timing::dcn::{dcn_cycles, DcnParams};
use crate::timing::ici::{collective_cycles, map_axes, Collective, IciParams, Ring, Torus};

/// The mesh axes' rings on the slice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mesh {
    pub torus: Torus,
    pub tp: Vec<Ring>,
    pub cp: Vec<Ring>,
    pub ep: Vec<Ring>,
    pub fsdp: Vec<Ring>,
    pub dp: Vec<Ring>,
}

impl Mesh {
    /// Tensor parallelism innermost (nearest neighbours), then context, experts, FSDP, data.
    pub fn of(w: &Workload, chip: &ChipSpec) -> Result<Mesh, String> {
        let rule = chip.ici.wraparound;
        let torus = match &w.system.topology {
            Some(t) => Torus::parse(t, rule).map_err(|e| format!("[system] topology: {e}"))?,
            None => Torus::for_slice(w.slice_chips() as u32, chip.ici.torus_dims, rule),
        };
        if torus.chips() != w.slice_chips() {
            let slices = if w.slices() > 1 { format!(" / {} slices", w.slices()) } else { String::new() };
            return Err(format!(
                "[system] topology {} has {} chips but chips = {}{slices}: make them agree (the topology is one \
                 slice's)",
                torus.describe(),
                torus.chips(),
                w.slice_chips()
            ));
        }
        let p = &w.parallel;
        let sizes = [p.tp, p.cp, p.ep, p.fsdp, p.dp].map(|s| s as u32);
        let mut axes = map_axes(&torus, &sizes).map_err(|e| format!("[parallel]: {e}"))?.into_iter();
        let mut next = || axes.next().unwrap_or_default();
        Ok(Mesh { tp: next(), cp: next(), ep: next(), fsdp: next(), dp: next(), torus })
    }

    /// The rings weights are sharded over: FSDP's and the context axis's.
    pub fn weight_rings(&self) -> Vec<Ring> {
        self.fsdp.iter().chain(&self.cp).copied().collect()
    }
}

/// Cycles of the collectives of one layer, by what they can overlap with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LayerComm {
    /// FSDP weight all-gather before the forward pass (prefetched behind the previous layer).
    pub fsdp_fwd: u64,
    /// FSDP all-gather again for the backward pass, and the gradients' reduce-scatter.
    pub fsdp_bwd: u64,
    /// Tensor-parallel all-reduces, expert all-to-alls and context-parallel key/value gathers
    /// of the forward pass (serial).
    pub serial_fwd: u64,
    /// The same in the backward pass, with the forward's again when remat recomputes it.
    pub serial_bwd: u64,
}

/// Cycles of the collectives of a step outside the layers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StepComm {
    pub layer: LayerComm,
    /// Embedding and output projection gathers (and gradient reduction when training).
    pub head: u64,
    /// Data-parallel gradient all-reduce (overlaps the backward pass).
    pub dp: u64,
    /// Collectives between slices over the data-center network: per layer the gradients'
    /// all-reduce between data-parallel slices and the weights' gathers between FSDP slices,
    /// and the head's. Nothing hides them (`timing::dcn`).
    pub dcn: u64,
}

pub fn step_comm(w: &Workload, s: &Shapes, mesh: &Mesh, p: &IciParams, dcn: &DcnParams) -> StepComm {
    let par = &w.parallel;
    let train = w.run.mode == Mode::Train;
    let lp = layer_params(w);
    // Weights this chip's tensor/expert shard needs, gathered as the step reads them; their
    // gradients leave the products in bf16 and are reduce-scattered so (timed as a gather
    // of the same bytes).
    let layer_elems = lp.dense / par.tp + lp.experts / (par.tp * par.ep);
    let layer_bytes = w.weight_bytes(layer_elems);
    let grad_bytes = w.grad_bytes(layer_elems);
    let ag = |bytes: u64, rings: &[Ring]| collective_cycles(Collective::AllGather, bytes, rings, p);
    let weight_rings = mesh.weight_rings();
    let fsdp_fwd = ag(layer_bytes, &weight_rings);
    let fsdp_bwd = if train { fsdp_fwd + ag(grad_bytes, &weight_rings) } else { 0 };
    let act = s.tokens() * s.d * 2;
    let tp = if par.tp > 1 { 2 * collective_cycles(Collective::AllReduce, act, &mesh.tp, p) } else { 0 };
    let ep = if s.experts > 0 && par.ep > 1 {
        // Each chip sends its tokens' copies (one per chosen expert) out and gets them back.
        let routed = s.capacity * s.experts * s.d * 2;
        2 * collective_cycles(Collective::AllToAll, routed, &mesh.ep, p)
    } else {
        0
    };
    // Context parallelism gathers every position's keys and values before attention; the
    // backward pass gathers them again and reduce-scatters their gradients.
    let cp = if par.cp > 1 { ag(2 * s.batch * s.ctx * s.kv * s.head_dim * w.act_bytes(), &mesh.cp) } else { 0 };
    let serial_fwd = tp + ep + cp;
    // Recomputing the forward pass repeats its collectives: all of them when attention is
    // recomputed, the MLP's (one of the two all-reduces, the all-to-alls) when only it is.
    let recomputed = match w.run.remat {
        Remat::Full | Remat::Qkv => serial_fwd,
        Remat::Attention => tp / 2 + ep,
        Remat::None | Remat::Selective => 0,
    };
    let serial_bwd = if train { serial_fwd + cp + recomputed } else { 0 };
    // fp8 training leaves the head in bf16 (`layer::Types::head`).
    let head_elems = head_params(w) / par.tp;
    let head_bytes = if train { Format::Bf16.bytes(head_elems) } else { w.weight_bytes(head_elems) };
    let head = ag(head_bytes, &weight_rings) * if train { 3 } else { 1 };
    let dp = if train && par.dp > 1 {
        let shard = (w.model.layers * grad_bytes + head_bytes) / w.weight_shards();
        collective_cycles(Collective::AllReduce, shard, &mesh.dp, p)
    } else {
        0
    };
    let slices = dcn_comm(w, layer_bytes, grad_bytes, head_bytes, dcn);
    StepComm { layer: LayerComm { fsdp_fwd, fsdp_bwd, serial_fwd, serial_bwd }, head, dp, dcn: slices }
}

/// Cycles of a step's collectives between slices. A layer's weights, sharded over the
/// slices' FSDP axis as well, are gathered from the other slices (forward and backward) and
/// their gradients reduce-scattered back; each chip's gradient shard is all-reduced between
/// data-parallel slices as the backward pass makes it, layer by layer.
fn dcn_comm(w: &Workload, layer_bytes: u64, grad_bytes: u64, head_bytes: u64, p: &DcnParams) -> u64 {
    let par = &w.parallel;
    let train = w.run.mode == Mode::Train;
    let ici_shards = w.ici_weight_shards();
    let gather = |bytes: u64| dcn_cycles(Collective::AllGather, bytes / ici_shards, par.dcn_fsdp, p);
    let fsdp = |bytes: u64, grads: u64| {
        if train {
            2 * gather(bytes) + dcn_cycles(Collective::ReduceScatter, grads / ici_shards, par.dcn_fsdp, p)
        } else {
            gather(bytes)
        }
    };
    let reduce = |grads: u64| {
        if train {
            dcn_cycles(Collective::AllReduce, grads / w.weight_shards(), par.dcn_dp, p)
        } else {
            0
        }
    };
    w.model.layers * (fsdp(layer_bytes, grad_bytes) + reduce(grad_bytes))
        + fsdp(head_bytes, head_bytes)
        + reduce(head_bytes)
}
