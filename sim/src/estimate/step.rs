//! One step of a workload: the layer graphs timed with the device's engine (`fusion`), times
//! the number of layers, plus the embedding, output projection and loss, the optimizer, the
//! collectives (`comm`) and the host transfers of offloading, with what of them compute hides.
//! Serving is put together from a prefill and a decode step (`serve`).

use tpudev_core::ir::Graph;

use super::calibration::{Calibration, FITTED};
use super::comm::{step_comm, Mesh};
use super::format::Format;
use super::fusion::time_graph;
use super::layer::{self, Saves, Shapes, Types};
use super::memory::{peak_memory, Memory};
use super::mix;
use super::net::KernelGroup;
use super::serve::{self, Serving};
use super::size::{model_flops_per_step, params_per_chip, total_params};
use super::workload::{Mode, Remat, Workload};
use crate::chips::ChipSpec;
use crate::timing::dcn::DcnParams;
use crate::timing::ici::IciParams;
use crate::timing::{Bound, KernelCost, TimingParams};

/// What `estimate` found, in SI units.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    pub chip: String,
    pub chips: u64,
    pub topology: String,
    /// The formats the matrix products read: weights and activations.
    pub weights: &'static str,
    pub activations: &'static str,
    pub step_time_s: f64,
    pub tokens_per_s_per_chip: f64,
    pub mfu: f64,
    pub model_flops_per_step: f64,
    pub params: u64,
    pub peak_hbm_bytes_per_chip: u64,
    pub hbm_capacity_bytes: u64,
    pub memory: Memory,
    /// Time the chip's cores are busy (all kernels).
    pub compute_s: f64,
    /// The part of `compute_s` in kernels bound by HBM bandwidth.
    pub memory_s: f64,
    /// The part of `compute_s` the MXUs are busy (passes, fill and drain).
    pub mxu_s: f64,
    /// Time of all collectives, as if none overlapped anything.
    pub ici_s: f64,
    /// The part of `ici_s` that compute does not hide.
    pub exposed_comm_s: f64,
    /// The part of `ici_s` between slices, over the data-center network (all exposed).
    pub dcn_s: f64,
    /// Per part of the step (forward, backward, ...): seconds of one step.
    pub parts: Vec<(&'static str, f64)>,
    /// Time of the host transfers of offloaded activations and optimizer state.
    pub host_s: f64,
    /// One layer's forward kernels, for the report.
    pub layer_forward: Vec<KernelCost>,
    /// Serving figures (`mode = "serve"`): the step above is then one decode step.
    pub serving: Option<Serving>,
}

impl Estimate {
    pub fn fits(&self) -> bool {
        self.peak_hbm_bytes_per_chip <= self.hbm_capacity_bytes
    }
}

/// Reports progress: (phase done, phases, what comes next).
pub type Progress<'a> = &'a mut dyn FnMut(usize, usize, &str);

const PHASES: usize = 6;

/// A graph's kernels, timed, with the graph.
struct Timed {
    graph: Graph,
    kernels: Vec<KernelCost>,
}

fn timed(
    built: tpudev_core::Result<(Graph, Vec<KernelGroup>)>,
    p: &TimingParams,
    c: &Calibration,
) -> Result<Timed, String> {
    let (graph, groups) = built.map_err(|e| format!("building the layer graph failed: {e}"))?;
    let kernels = time_graph(&graph, &groups, p, c.mxu_permille).map_err(|e| format!("timing failed: {e}"))?;
    Ok(Timed { graph, kernels })
}

fn cycles(ks: &[KernelCost]) -> u64 {
    ks.iter().map(|k| k.cycles).sum()
}

fn mxu_cycles(ks: &[KernelCost]) -> u64 {
    ks.iter().map(|k| k.mxu_cycles.min(k.cycles)).sum()
}

fn memory_cycles(ks: &[KernelCost]) -> u64 {
    ks.iter().filter(|k| k.bound == Bound::Memory).map(|k| k.cycles).sum()
}

/// Bytes a forward graph writes besides the layer's output (its first [b, s, d] result).
/// Model-wide [b, s, d] values count their share under tensor parallelism (see `memory`).
fn saved_bytes(g: &Graph, s: &Shapes, tp: u64) -> u64 {
    let wide = [s.batch as usize, s.seq as usize, s.d as usize];
    let mut out_seen = false;
    let mut total = 0;
    for &o in &g.outputs {
        let ty = &g.nodes[o].ty;
        let bytes = ty.size_bytes() as u64;
        if ty.shape[..] == wide[..] {
            if out_seen {
                total += bytes / tp;
            }
            out_seen = true;
        } else {
            total += bytes;
        }
    }
    total
}

/// Whether the chip's matrix units can take the workload's activations, naming the fix.
fn check_chip(w: &Workload, chip: &ChipSpec) -> Result<(), String> {
    let (weights, acts) = (w.weights(), w.activations());
    if acts == Format::Fp8 && chip.peak_fp8_flops <= 0.0 {
        return Err(format!(
            "{} ({}) has no fp8 mode in its matrix units: use dtype = \"bf16\" (for inference, weights = \"{}\" \
             with activations = \"bf16\" keeps the weights in {} and dequantizes them to bf16)",
            chip.name,
            chip.key,
            weights.name(),
            weights.name()
        ));
    }
    if acts == Format::Int8 && chip.peak_int8_ops <= 0.0 {
        return Err(format!(
            "{} ({}) has no int8 mode in its matrix units: use activations = \"bf16\" (weights = \"{}\" are \
             then dequantized to bf16) or weights and activations = \"fp8\"",
            chip.name,
            chip.key,
            weights.name()
        ));
    }
    Ok(())
}

/// Collective time not hidden by `compute` cycles when a share `permille` of it can be.
fn exposed(comm: u64, compute: u64, permille: u64) -> u64 {
    comm - comm.min(compute) * permille / 1000
}

pub fn estimate(w: &Workload, chip: &ChipSpec, progress: Progress) -> Result<Estimate, String> {
    estimate_with(w, chip, &FITTED, progress)
}

pub fn estimate_with(w: &Workload, chip: &ChipSpec, cal: &Calibration, progress: Progress) -> Result<Estimate, String> {
    w.check()?;
    if w.run.mode == Mode::Serve {
        return serve::estimate(w, chip, cal, progress);
    }
    of_kinds(w, chip, cal, progress)
}

/// A step of a checked model, split into models of one layer kind each (`mix`).
fn of_kinds(w: &Workload, chip: &ChipSpec, cal: &Calibration, progress: Progress) -> Result<Estimate, String> {
    match mix::split(w) {
        Some(mix) => {
            let first = of_kinds(&mix.first, chip, cal, progress)?;
            let second = of_kinds(&mix.second, chip, cal, &mut |_, _, _| {})?;
            Ok(mix.combine(first, second, chip))
        }
        None => one_kind(w, chip, cal, progress),
    }
}

/// A step of a model whose layers are all of one kind (`w` checked).
pub(super) fn one_kind(
    w: &Workload,
    chip: &ChipSpec,
    cal: &Calibration,
    progress: Progress,
) -> Result<Estimate, String> {
    let mesh = Mesh::of(w, chip)?;
    check_chip(w, chip)?;
    let mut p = TimingParams::from_chip(chip);
    p.hbm_bw = (p.hbm_bw * cal.hbm_permille / 1000).max(1);
    let mut ici = IciParams::from_chip(chip);
    ici.link_bw = (ici.link_bw * cal.ici_permille / 1000).max(1);
    let s = Shapes::of(w);
    let dt = Types::of(w);
    let train = w.run.mode == Mode::Train;
    let layers = w.model.layers;

    progress(0, PHASES, "forward pass");
    let saves = Saves::of(w.run.remat, w.run.mode);
    let Timed { graph: fwd_graph, kernels: fwd } = timed(layer::forward(&s, dt, saves), &p, cal)?;
    let tp = w.parallel.tp;
    let saved = saved_bytes(&fwd_graph, &s, tp);
    let all_saved = if saves == Saves::All {
        saved
    } else {
        saved_bytes(&layer::forward(&s, dt, Saves::All).map_err(|e| e.to_string())?.0, &s, tp)
    };

    progress(1, PHASES, "backward pass");
    let (bwd, recompute) = if train {
        let b = timed(layer::backward(&s, dt), &p, cal)?;
        let recompute = match w.run.remat {
            Remat::Full => cycles(&timed(layer::forward(&s, dt, Saves::Input), &p, cal)?.kernels),
            Remat::Selective => fwd.iter().filter(|k| k.mxu_cycles == 0).map(|k| k.cycles).sum(),
            Remat::Attention => cycles(&timed(layer::mlp_forward(&s, dt), &p, cal)?.kernels),
            Remat::Qkv => {
                let all = cycles(&timed(layer::forward(&s, dt, Saves::Input), &p, cal)?.kernels);
                all - all.min(cycles(&timed(layer::qkv_forward(&s, dt), &p, cal)?.kernels))
            }
            Remat::None => 0,
        };
        (b.kernels, recompute)
    } else {
        (Vec::new(), 0)
    };

    progress(2, PHASES, "embedding, output projection and loss");
    let head = timed(layer::head(&s, w.model.vocab / w.parallel.tp, dt.head(), train), &p, cal)?.kernels;

    progress(3, PHASES, "optimizer");
    let opt = if train { timed(layer::optimizer(params_per_chip(w)), &p, cal)?.kernels } else { Vec::new() };

    progress(4, PHASES, "collectives");
    let dcn = DcnParams::from_chip(chip, cal.dcn_step_us);
    let comm = step_comm(w, &s, &mesh, &ici, &dcn);
    let (fwd_c, bwd_c) = (cycles(&fwd), cycles(&bwd));
    let compute = layers * (fwd_c + bwd_c + recompute) + cycles(&head) + cycles(&opt);
    let mem = layers * (memory_cycles(&fwd) + memory_cycles(&bwd)) + memory_cycles(&head) + memory_cycles(&opt);
    let mxu = layers * (mxu_cycles(&fwd) + mxu_cycles(&bwd)) + mxu_cycles(&head);
    let lc = comm.layer;
    let ici_cycles =
        layers * (lc.fsdp_fwd + lc.fsdp_bwd + lc.serial_fwd + lc.serial_bwd) + comm.head + comm.dp + comm.dcn;
    let ov = cal.overlap_permille;
    let per_layer_exposed =
        lc.serial_fwd + lc.serial_bwd + exposed(lc.fsdp_fwd, fwd_c, ov) + exposed(lc.fsdp_bwd, bwd_c + recompute, ov);
    let exposed_cycles = layers * per_layer_exposed
        + exposed(comm.head, cycles(&head), ov)
        + exposed(comm.dp, layers * bwd_c, ov)
        + comm.dcn;
    // Offloaded activations go to the host as the forward pass makes them and come back for
    // the backward pass (the link is full duplex, so each way is timed alone); offloaded
    // moments cross it both ways around the optimizer, which cannot start before them.
    let wide = s.tokens() * s.d * w.act_bytes() / tp;
    let offload_layer = if w.run.offload_activations { p.host_cycles(wide + saved) } else { 0 };
    let moments = 2 * w.moment_bytes() * params_per_chip(w);
    let offload_opt = if w.run.offload_optimizer { p.host_cycles(moments) } else { 0 };
    let host_exposed =
        layers * (exposed(offload_layer, fwd_c, ov) + exposed(offload_layer, bwd_c + recompute, ov)) + offload_opt;
    let host_total = 2 * layers * offload_layer + offload_opt;
    let step_cycles = compute + exposed_cycles + host_exposed;

    progress(5, PHASES, "memory");
    let memory = peak_memory(w, &s, saved, all_saved);
    progress(PHASES, PHASES, "done");

    let secs = |c: u64| p.seconds(c);
    let ici_secs = |c: u64| ici.seconds(c);
    let step_time_s = secs(step_cycles);
    let flops = model_flops_per_step(w);
    let mut parts = vec![("layers forward", secs(layers * fwd_c))];
    if train {
        parts.push(("layers backward", secs(layers * bwd_c)));
        parts.push(("layers recompute", secs(layers * recompute)));
    }
    parts.push(("embedding, head and loss", secs(cycles(&head))));
    if train {
        parts.push(("optimizer", secs(cycles(&opt))));
    }
    parts.push(("exposed collectives", ici_secs(exposed_cycles)));
    if host_total > 0 {
        parts.push(("exposed host transfers", secs(host_exposed)));
    }
    Ok(Estimate {
        chip: chip.key.clone(),
        chips: w.system.chips,
        topology: match w.slices() {
            1 => mesh.torus.describe(),
            n => format!("{} per slice, {n} slices over the data-center network", mesh.torus.describe()),
        },
        weights: w.weights().name(),
        activations: w.activations().name(),
        step_time_s,
        tokens_per_s_per_chip: w.tokens_per_step() as f64 / step_time_s / w.system.chips as f64,
        mfu: flops / (step_time_s * w.system.chips as f64 * chip.peak_bf16_flops),
        model_flops_per_step: flops,
        params: total_params(w),
        peak_hbm_bytes_per_chip: memory.total(),
        hbm_capacity_bytes: chip.hbm_bytes,
        memory,
        compute_s: secs(compute),
        memory_s: secs(mem),
        mxu_s: secs(mxu),
        ici_s: ici_secs(ici_cycles),
        exposed_comm_s: ici_secs(exposed_cycles),
        dcn_s: ici_secs(comm.dcn),
        host_s: secs(host_total),
        parts,
        layer_forward: fwd,
        serving: None,
    })
}
