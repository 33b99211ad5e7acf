//! What one kernel does, independent of how long it takes: FLOPs, VPU operations, the matrix
//! product it runs on the MXUs, and the bytes it moves between HBM and VMEM. A kernel is one
//! step of a compiled program (`tpudev_core::plan::Step`): a node on its own, or a fused kernel,
//! which reads its inputs and writes its outputs once and keeps its intermediates on chip.

use tpudev_core::dtype::ComputeKind;
use tpudev_core::ir::{FftKind, Graph, LinalgCall, NodeId, Op, ParamKind, Precision, RaggedDim};
use tpudev_core::plan::fusion::{member_work, MemberWork};
use tpudev_core::plan::FusedKernel;
use tpudev_core::DType;

use super::mxu::{matmul_cost, matmul_flops, MatmulCost};
use super::operands::{operand_mode, WIDE};
use super::params::{TimingParams, STREAM_BLOCK_BYTES};
use super::vmem::Matmul;
use super::vpu::{complex_op_weight, dtype_factor, is_arithmetic, op_weight};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Work {
    /// The kernel's name: the IR op ("dot_general") or "fusion[...]" for a fused kernel.
    pub kernel: String,
    pub flops: u64,
    pub vpu_ops: u64,
    pub matmul: Option<MatmulCost>,
    pub bytes_read: u64,
    pub bytes_written: u64,
    /// Bytes loaded before compute can start and stored after it ends (not overlapped).
    pub first_load: u64,
    pub last_store: u64,
    /// The least cycles the kernel's body takes whatever it computes or moves: a Pallas
    /// grid's cost per step, which its DMAs and compute overlap.
    pub fixed_cycles: u64,
}

impl Work {
    /// A streaming kernel: it moves its data in blocks of `STREAM_BLOCK_BYTES`, so only the
    /// first block's load and the last block's store are not overlapped with compute.
    fn streaming(kernel: String, flops: u64, vpu_ops: u64, bytes_read: u64, bytes_written: u64) -> Work {
        let blocks = (bytes_read + bytes_written).div_ceil(STREAM_BLOCK_BYTES).max(1);
        Work {
            kernel,
            flops,
            vpu_ops,
            matmul: None,
            bytes_read,
            bytes_written,
            first_load: bytes_read.div_ceil(blocks),
            last_store: bytes_written.div_ceil(blocks),
            fixed_cycles: 0,
        }
    }
}

fn is_float(dtype: DType) -> bool {
    matches!(dtype.compute_kind(), ComputeKind::Float32 | ComputeKind::Float64)
}

/// Bytes a kernel reads for node `j`'s value: nothing for constants (splats live in
/// registers) and host scalars (they travel with the launch).
pub fn input_bytes(graph: &Graph, j: NodeId) -> u64 {
    let node = &graph.nodes[j];
    match node.op {
        Op::Constant(_) => 0,
        Op::Parameter(p) if graph.params.get(p).is_some_and(|p| p.kind != ParamKind::Tensor) => 0,
        _ => node.ty.size_bytes() as u64,
    }
}

fn read_bytes(graph: &Graph, inputs: &[NodeId]) -> u64 {
    let mut ins = inputs.to_vec();
    ins.sort_unstable();
    ins.dedup();
    ins.iter().map(|&j| input_bytes(graph, j)).sum()
}

/// bf16 MXU passes of a product of `dtype` operands at `precision`: bf16, 8-bit float (and integer)
/// operands take one; f32 and f16 take 1, 3 or 6 by precision; f64 (emulated) takes
/// HIGHEST's 6, an ASSUMPTION.
pub(super) fn passes(dtype: DType, precision: Precision) -> u64 {
    match dtype {
        DType::BF16 => 1,
        // 8-bit floats are exact in one pass of their MXU mode (`operands`), at any precision.
        d if d.is_float8() => 1,
        DType::F64 => 6,
        // Four real products (an ASSUMPTION: XLA may use three, Gauss's way).
        DType::C64 => 4 * u64::from(precision.passes()),
        d if d.is_float() => u64::from(precision.passes()),
        _ => 1,
    }
}

fn product(xs: impl IntoIterator<Item = usize>) -> u64 {
    xs.into_iter().map(|x| x as u64).product()
}

/// The matrix product of a dot_general node, in the MXU mode its operand types run in.
pub(super) fn dot_matmul(graph: &Graph, i: NodeId, p: &TimingParams) -> Option<Matmul> {
    let node = &graph.nodes[i];
    let Op::DotGeneral(d) = &node.op else { return None };
    let (l, r) = (&graph.nodes[node.inputs[0]].ty, &graph.nodes[node.inputs[1]].ty);
    let free = |shape: &[usize], batch: &[usize], contract: &[usize]| {
        product((0..shape.len()).filter(|a| !batch.contains(a) && !contract.contains(a)).map(|a| shape[a]))
    };
    Some(Matmul {
        batch: product(d.lhs_batch.iter().map(|&a| l.shape[a])),
        m: free(&l.shape, &d.lhs_batch, &d.lhs_contract),
        n: free(&r.shape, &d.rhs_batch, &d.rhs_contract),
        k: product(d.lhs_contract.iter().map(|&a| l.shape[a])),
        lhs_bytes: l.dtype.size_bytes() as u64,
        rhs_bytes: r.dtype.size_bytes() as u64,
        out_bytes: node.ty.dtype.size_bytes() as u64,
        passes: passes(l.dtype, d.precision).max(passes(r.dtype, d.precision)),
        mode: operand_mode(l.dtype, r.dtype, p),
    })
}

/// A grouped product (`ragged_dot`) as XLA runs it on a TPU, a grouped-matmul kernel in the
/// manner of Pallas' megablox: the ragged dim is tiled across all groups, and a tile a group
/// boundary cuts is visited once more, with the next group's weights. So g groups cost the
/// dense product of the same size plus, per boundary, one MXU-high slice of the ragged dim
/// (`mxu_rows` rows, or contracted elements) and one more read of a group's weights. The sizes
/// are runtime values, so the model charges all g - 1 boundaries (an ASSUMPTION; groups that
/// are tile multiples cost less on hardware).
fn ragged_work(graph: &Graph, i: NodeId, p: &TimingParams) -> Work {
    let node = &graph.nodes[i];
    let Op::RaggedDot { ragged, precision } = node.op else { unreachable!("ragged_work on a ragged_dot") };
    let ty = |k: usize| &graph.nodes[node.inputs[k]].ty;
    let (l, r) = (ty(0), ty(1));
    let boundaries = (ty(2).shape[0] as u64).saturating_sub(1);
    let (m, k) = (l.shape[0] as u64, l.shape[1] as u64);
    let n = *r.shape.last().expect("ragged_dot rhs has a rank") as u64;
    let mm = Matmul {
        batch: 1,
        m,
        n,
        k,
        lhs_bytes: l.dtype.size_bytes() as u64,
        rhs_bytes: r.dtype.size_bytes() as u64,
        out_bytes: node.ty.dtype.size_bytes() as u64,
        passes: passes(l.dtype, precision).max(passes(r.dtype, precision)),
        mode: operand_mode(l.dtype, r.dtype, p),
    };
    let mut c = matmul_cost(&mm, p);
    let slice = match ragged {
        RaggedDim::Rows => Matmul { m: m.min(p.mxu_rows), ..mm },
        RaggedDim::Contracting => Matmul { k: k.min(p.mxu_rows), ..mm },
    };
    c.mxu_cycles += boundaries * matmul_cost(&slice, p).mxu_cycles;
    match ragged {
        RaggedDim::Rows => c.bytes_read += boundaries * k * n * mm.rhs_bytes,
        RaggedDim::Contracting => c.bytes_written = (boundaries + 1) * m * n * mm.out_bytes,
    }
    product_work(node.op.name(), &mm, c)
}

/// A convolution as the implicit matrix product TPUs run: per group, [N x output positions,
/// (C / groups) x kernel taps] x [(C / groups) x kernel taps, O / groups]. The operands are
/// read from HBM as they are (the im2col patches are formed in VMEM), so the traffic is the
/// input and kernel bytes, each re-read once per tile of the other side.
fn conv_work(graph: &Graph, i: NodeId, p: &TimingParams) -> Work {
    let node = &graph.nodes[i];
    let (x, w) = (&graph.nodes[node.inputs[0]].ty, &graph.nodes[node.inputs[1]].ty);
    let mm = conv_matmul(graph, i, p);
    let mut c = matmul_cost(&mm, p);
    let (x_bytes, w_bytes) = (x.size_bytes() as u64, w.size_bytes() as u64);
    c.bytes_read = x_bytes * mm.n.div_ceil(c.tiles.tn) + w_bytes * mm.m.div_ceil(c.tiles.tm);
    c.first_load = c.first_load.min(x_bytes + w_bytes);
    product_work(node.op.name(), &mm, c)
}

/// The implicit matrix product of convolution node `i` (see `conv_work`).
pub(super) fn conv_matmul(graph: &Graph, i: NodeId, p: &TimingParams) -> Matmul {
    let node = &graph.nodes[i];
    let Op::Convolution(d) = &node.op else { unreachable!("conv_matmul on a convolution") };
    let (x, w) = (&graph.nodes[node.inputs[0]].ty, &graph.nodes[node.inputs[1]].ty);
    let groups = d.groups.max(1) as u64;
    let out = &node.ty.shape;
    Matmul {
        batch: groups,
        m: product(std::iter::once(out[0]).chain(out[2..].iter().copied())),
        n: out[1] as u64 / groups,
        k: product(w.shape[1..].iter().copied()),
        lhs_bytes: x.dtype.size_bytes() as u64,
        rhs_bytes: w.dtype.size_bytes() as u64,
        out_bytes: node.ty.dtype.size_bytes() as u64,
        passes: passes(x.dtype, d.precision).max(passes(w.dtype, d.precision)),
        mode: operand_mode(x.dtype, w.dtype, p),
    }
}

/// A Fourier transform as a TPU runs it, in the model: products with DFT matrices on the MXU
/// (XLA's TPU FFT is a product formulation: its precision follows no matmul precision
/// setting, jax-ml/jax#9881). Each transformed dim of length n is a complex product
/// [rows, n] x [n, n] as one real product [rows, 2n] x [2n, 2n] at f32 HIGHEST (an
/// ASSUMPTION); a length longer than the MXU is done in stages of its factors no longer than
/// the MXU (Cooley-Tukey), with a complex twiddle multiply (6 VPU operations per element)
/// between stages; a stage shorter than `MXU_MIN_FFT_STAGE` is butterflies on the VPU. A
/// real input or output halves the products of its last dim. The operand is read and the
/// result written once: the stages stay in VMEM.
fn fft_work(graph: &Graph, i: NodeId, kind: FftKind, length: &[usize], p: &TimingParams) -> Work {
    let node = &graph.nodes[i];
    let x = &graph.nodes[node.inputs[0]].ty;
    let elems = x.numel().max(node.ty.numel()) as u64;
    let (mut mxu_cycles, mut flops, mut vpu_ops) = (0, 0, 0);
    for (j, &n) in length.iter().enumerate() {
        let n = n as u64;
        let real_half = matches!(kind, FftKind::Rfft | FftKind::Irfft) && j == length.len() - 1;
        let stages = fft_stages(n, p.mxu_cols);
        for &f in &stages {
            let rows = (elems / f).div_ceil(if real_half { 2 } else { 1 });
            if f < MXU_MIN_FFT_STAGE {
                // A short stage is butterflies on the VPU: a complex multiply-add per element
                // and term (8 operations).
                vpu_ops += 8 * f * rows * f;
                flops += 8 * f * rows * f;
                continue;
            }
            let mm = Matmul {
                batch: 1,
                m: rows,
                n: 2 * f,
                k: 2 * f,
                lhs_bytes: 4,
                rhs_bytes: 4,
                out_bytes: 4,
                passes: passes(DType::F32, Precision::Highest),
                mode: WIDE,
            };
            mxu_cycles += matmul_cost(&mm, p).mxu_cycles;
            flops += matmul_flops(&mm);
        }
        vpu_ops += 6 * elems * (stages.len() as u64 - 1);
    }
    let (read, written) = (x.size_bytes() as u64, node.ty.size_bytes() as u64);
    let mut w = Work::streaming("fft".into(), flops, vpu_ops, read, written);
    let tiles = matmul_cost(
        &Matmul { batch: 1, m: 1, n: 1, k: 1, lhs_bytes: 4, rhs_bytes: 4, out_bytes: 4, passes: 1, mode: WIDE },
        p,
    )
    .tiles;
    w.matmul = Some(MatmulCost {
        tiles,
        mxu_cycles,
        bytes_read: read,
        bytes_written: written,
        first_load: w.first_load,
        last_store: w.last_store,
        vpu_ops: 0,
    });
    w
}

/// Stages shorter than this run on the VPU (an ASSUMPTION: a DFT product of a few terms
/// would fill a sliver of the MXU).
const MXU_MIN_FFT_STAGE: u64 = 16;

/// The stage lengths of a length-n DFT on an MXU `width` wide: n itself when it fits (or has
/// no factor that does), else its factors, each as long as fits.
fn fft_stages(n: u64, width: u64) -> Vec<u64> {
    let mut stages = Vec::new();
    let mut rest = n.max(1);
    while rest > width {
        let Some(f) = (2..=width).rev().find(|f| rest.is_multiple_of(*f)) else { break };
        if f == 1 {
            break;
        }
        stages.push(f);
        rest /= f;
    }
    stages.push(rest);
    stages
}

pub(super) fn product_work(kernel: &str, mm: &Matmul, c: MatmulCost) -> Work {
    Work {
        kernel: kernel.to_string(),
        flops: matmul_flops(mm),
        vpu_ops: c.vpu_ops,
        matmul: Some(c),
        bytes_read: c.bytes_read,
        bytes_written: c.bytes_written,
        first_load: c.first_load,
        last_store: c.last_store,
        fixed_cycles: 0,
    }
}

/// FLOPs of a factorization or solve, textbook counts for [batch..., m, n] operands. These
/// run on the VPU in this model (an ASSUMPTION: XLA uses blocked MXU algorithms for large
/// matrices, so large factorizations come out slower than on hardware).
fn linalg_flops(graph: &Graph, i: NodeId) -> u64 {
    let node = &graph.nodes[i];
    let a = &graph.nodes[node.inputs[0]].ty.shape;
    let r = a.len();
    let (m, n) = if r >= 2 { (a[r - 2] as u64, a[r - 1] as u64) } else { (1, a.last().copied().unwrap_or(1) as u64) };
    let batch = if r >= 2 { product(a[..r - 2].iter().copied()) } else { 1 };
    let k = m.min(n);
    let per = match &node.op {
        Op::Cholesky { .. } => n * n * n / 3,
        Op::TriangularSolve { .. } => {
            let b = &graph.nodes[node.inputs[1]].ty;
            n * (b.numel() as u64 / batch.max(1))
        }
        Op::LinalgCall(call) => match call {
            LinalgCall::Lu | LinalgCall::Ldl => 2 * m * n * k / 3,
            LinalgCall::Geqrf | LinalgCall::HouseholderProduct => 2 * m * n * k,
            LinalgCall::Eigh => 9 * n * n * n,
            LinalgCall::Svd { .. } => 22 * m * n * k,
            LinalgCall::LdlSolve => 2 * n * (node.ty.numel() as u64 / batch.max(1)),
            LinalgCall::MatrixExp => 16 * n * n * n,
            LinalgCall::LuPivotsToPermutation { .. } => node.ty.numel() as u64,
        },
        _ => 0,
    };
    batch * per
}

/// The work of node `i` run on its own, reading `inputs` (its operands as evaluated: a
/// broadcast read in place is replaced by its operand). `None` for nodes that are no kernel:
/// parameters, constants, and reshapes of computed values (a bitcast on a TPU).
pub fn node_work(graph: &Graph, i: NodeId, inputs: &[NodeId], p: &TimingParams) -> Option<Work> {
    let node = &graph.nodes[i];
    let name = node.op.name();
    let out = node.ty.numel() as u64;
    let written = node.ty.size_bytes() as u64;
    let read = read_bytes(graph, inputs);
    let factor = inputs
        .iter()
        .map(|&j| dtype_factor(graph.nodes[j].ty.dtype))
        .chain([dtype_factor(node.ty.dtype)])
        .max()
        .unwrap_or(1);
    let in_elems = |k: usize| graph.nodes[inputs[k]].ty.numel() as u64;
    let float_in = inputs.first().is_some_and(|&j| is_float(graph.nodes[j].ty.dtype)) || is_float(node.ty.dtype);
    let complex_in = inputs.first().is_some_and(|&j| graph.nodes[j].ty.dtype.is_complex());
    Some(match &node.op {
        Op::Parameter(_) | Op::Constant(_) => return None,
        Op::Reshape if !matches!(graph.nodes[inputs[0]].op, Op::Parameter(_)) => return None,
        Op::DotGeneral(_) => {
            let mm = dot_matmul(graph, i, p)?;
            product_work(name, &mm, matmul_cost(&mm, p))
        }
        Op::Convolution(_) => conv_work(graph, i, p),
        Op::RaggedDot { .. } => ragged_work(graph, i, p),
        Op::Reduce { .. } | Op::ArgReduce { .. } => {
            let n = in_elems(0);
            let w = if matches!(node.op, Op::ArgReduce { .. }) { 2 } else { 1 };
            Work::streaming(name.into(), if float_in { n } else { 0 }, n * w * factor, read, written)
        }
        Op::ReduceWindow { window, .. } => {
            let n = out * product(window.iter().copied());
            Work::streaming(name.into(), if float_in { n } else { 0 }, n * factor, read, written)
        }
        Op::Cholesky { .. } | Op::TriangularSolve { .. } | Op::LinalgCall(_) => {
            let f = linalg_flops(graph, i);
            Work::streaming(name.into(), f, f * factor, read, written)
        }
        Op::ScatterAdd { .. } | Op::ScatterAlongAxis { .. } | Op::ScatterReduce { .. } => {
            // The base is read and written whole; each update is one read-modify-write.
            let n = in_elems(2);
            Work::streaming(name.into(), 0, (out + n) * factor, read, written)
        }
        Op::Fft { kind, length } => fft_work(graph, i, *kind, length, p),
        op if complex_in => {
            // A complex element is two f32 lanes; its arithmetic, several real operations.
            let w = complex_op_weight(op).unwrap_or(2);
            let flops = if is_arithmetic(op) { out * w } else { 0 };
            Work::streaming(name.into(), flops, out * w, read, written)
        }
        op => {
            let flops = if is_arithmetic(op) && float_in { out } else { 0 };
            Work::streaming(name.into(), flops, out * op_weight(op) * factor, read, written)
        }
    })
}

/// The name of a fused kernel: the distinct ops it computes, in order.
fn fused_name(graph: &Graph, kernel: &FusedKernel) -> String {
    let mut names: Vec<&str> = Vec::new();
    for &m in &kernel.members {
        let op = &graph.nodes[m].op;
        if matches!(op, Op::BroadcastInDim { .. } | Op::Reshape | Op::Constant(_) | Op::Parameter(_)) {
            continue;
        }
        if !names.contains(&op.name()) {
            names.push(op.name());
        }
    }
    format!("fusion[{}]", names.join(","))
}

/// The work of a fused kernel: its inputs read once, its outputs written once, and each
/// member's op on the VPU, once per row or once per element.
pub fn fused_work(graph: &Graph, kernel: &FusedKernel) -> Work {
    let (rows, cols) = (kernel.rows as u64, kernel.cols as u64);
    let mut flops = 0;
    let mut ops = 0;
    for (&m, &vector) in kernel.members.iter().zip(&kernel.vector) {
        let elems = if vector { rows * cols } else { rows };
        let (elems, weight, arithmetic) = match member_work(graph, m) {
            MemberWork::Alias => continue,
            MemberWork::Arithmetic => (elems, op_weight(&graph.nodes[m].op), true),
            MemberWork::Round => (elems, 1, false),
            MemberWork::Reduce => (rows * cols, 1, true),
        };
        ops += elems * weight;
        if arithmetic {
            flops += elems;
        }
    }
    let written: u64 = kernel.outputs.iter().map(|&m| graph.nodes[m].ty.size_bytes() as u64).sum();
    Work::streaming(fused_name(graph, kernel), flops, ops, read_bytes(graph, &kernel.inputs), written)
}

/// A program output that no step computes: a parameter copied into the destination, or a
/// constant filled into it.
pub fn output_work(graph: &Graph, o: NodeId) -> Option<Work> {
    let node = &graph.nodes[o];
    let bytes = node.ty.size_bytes() as u64;
    let out = node.ty.numel() as u64;
    match node.op {
        Op::Parameter(_) => Some(Work::streaming("copy".into(), 0, out, input_bytes(graph, o), bytes)),
        Op::Constant(_) => Some(Work::streaming("fill".into(), 0, out, 0, bytes)),
        _ => None,
    }
}
