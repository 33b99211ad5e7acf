//! The graphs of one chip's share of a decoder layer, in the IR: forward and backward, dense
//! or mixture of experts, with shapes after sharding. Activations are [batch, seq, d_model];
//! attention keeps heads as (kv head, group) so grouped-query attention needs no copies.
//!
//! What the graphs stand for (the shapes are exact, the op choice is the usual TPU program's):
//! - RMS norms, rotary embedding (charged as one multiply of q and k by a table: XLA fuses the
//!   rotation into one pass), SwiGLU or GELU MLPs, residual adds.
//! - Attention as splash/flash attention: scores, softmax and the value product in one
//!   kernel group (`Net::group_since`), causal block skipping by `attention_share`.
//! - Mixture of experts: a router product and softmax, a gather of each expert's tokens
//!   (capacity = tokens x experts_per_token x capacity_factor / experts), batched expert
//!   products (in training, MaxText's grouped-matmul kernels: `gmm`), and a scatter-add
//!   back; or, for MaxText's dropping implementation, one-hot
//!   dispatch and combine products with a capacity per sequence; shared experts as a dense
//!   MLP.

use tpudev_core::ir::{Graph, NodeId, Op};
use tpudev_core::{DType, Result};

use super::format::Format;
use super::gmm::{self, Grouped};
use super::net::{KernelGroup, Net};
use super::quantized::QuantizedTraining;
use super::workload::{Activation, Dispatch, Fp8Scaling, Mode, Remat, Workload};

/// Block size of the splash attention kernel, whose masked blocks are skipped.
pub const ATTENTION_BLOCK: u64 = 512;

/// One chip's dimensions of a layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shapes {
    /// Sequences on this chip.
    pub batch: u64,
    /// Query positions per sequence (1 when decoding).
    pub seq: u64,
    /// Key positions attended to.
    pub ctx: u64,
    pub d: u64,
    /// Key/value heads on this chip, and query heads per key/value head.
    pub kv: u64,
    pub group: u64,
    pub head_dim: u64,
    /// Dense MLP hidden size on this chip (0 for none).
    pub ff: u64,
    pub gated: bool,
    /// Experts on this chip, tokens each one takes, and their hidden size on this chip.
    pub experts: u64,
    pub all_experts: u64,
    pub capacity: u64,
    /// Einsum dispatch: each sequence's slots per expert (0 with gather dispatch).
    pub seq_capacity: u64,
    pub moe_ff: u64,
    /// The expert products run as MaxText's grouped-matmul kernels (dropless training: `gmm`),
    /// in these tiles.
    pub grouped: bool,
    pub gmm_tiles: gmm::Tiles,
    /// Shared experts' hidden size on this chip (0 for none).
    pub shared_ff: u64,
    pub causal: bool,
    /// Sliding-window attention: the local layers' window, and how many of the layers are
    /// local (0 and 0 without one).
    pub window: u64,
    pub local_layers: u64,
    pub layers: u64,
}

impl Shapes {
    pub fn of(w: &Workload) -> Shapes {
        let m = &w.model;
        let p = &w.parallel;
        // Context parallelism gives each chip 1/cp of every sequence's queries (two balanced
        // chunks, so the causal mask leaves each chip an even share) against all its keys.
        let local_layers = m.layers - w.global_layers();
        let (seq, ctx) = match w.run.mode {
            // A decoding step reads the whole cache in global layers and the window in local
            // ones: one layer's graph reads their mean (the cache holds as much).
            Mode::Decode | Mode::Serve => {
                let local = w.run.seq_len.min(m.sliding_window);
                (1, (w.global_layers() * w.run.seq_len + local_layers * local).div_ceil(m.layers))
            }
            _ => (w.run.seq_len / p.cp, w.run.seq_len),
        };
        let batch = w.local_batch();
        let kv = if m.kv_heads.is_multiple_of(p.tp) { m.kv_heads / p.tp } else { 1 };
        let group = m.heads / p.tp / kv;
        let moe = m.experts > 0;
        // Tokens routed to each expert, from all chips of the expert-parallel group.
        let tokens = batch * seq * p.ep;
        let per_expert =
            |t: u64| ((t * m.experts_per_token) as f64 * m.capacity_factor / m.experts as f64).ceil() as u64;
        let einsum = moe && m.moe_dispatch == Dispatch::Einsum;
        let seq_capacity = if einsum { per_expert(seq).max(1) } else { 0 };
        let capacity = match (moe, einsum) {
            (false, _) => 0,
            // One-hot dispatch gives every sequence its own slots.
            (true, true) => batch * p.ep * seq_capacity,
            (true, false) => per_expert(tokens),
        };
        Shapes {
            batch,
            seq,
            ctx,
            d: m.d_model,
            kv,
            group,
            head_dim: m.head_dim,
            ff: if moe { 0 } else { m.d_ff / p.tp },
            gated: m.activation == Activation::Swiglu,
            experts: if moe { m.experts / p.ep } else { 0 },
            all_experts: m.experts,
            capacity: capacity.max(u64::from(moe)),
            seq_capacity,
            grouped: moe && !einsum && w.run.mode == Mode::Train,
            gmm_tiles: gmm::Tiles::of(w.run.gmm_tiles, m.d_model),
            moe_ff: if moe { m.moe_d_ff / p.tp } else { 0 },
            shared_ff: w.shared_ff() / p.tp,
            causal: !matches!(w.run.mode, Mode::Decode | Mode::Serve),
            window: m.sliding_window,
            local_layers,
            layers: m.layers,
        }
    }

    pub fn tokens(&self) -> u64 {
        self.batch * self.seq
    }

    /// Whether keys and values come from elsewhere (a cache, or other chips under context
    /// parallelism) rather than from this chip's own tokens.
    pub fn foreign_keys(&self) -> bool {
        self.seq != self.ctx
    }

    /// Share of the attention blocks a causal splash kernel computes, over all layers: a
    /// row of query blocks visits the blocks up to the diagonal, and in a local layer only
    /// those within the window.
    pub fn attention_share(&self) -> (u64, u64) {
        if !self.causal {
            return (1, 1);
        }
        let c = self.ctx.div_ceil(ATTENTION_BLOCK).max(1);
        let full = c * (c + 1) / 2;
        if self.local_layers == 0 {
            return (full, c * c);
        }
        let reach = self.window.div_ceil(ATTENTION_BLOCK) + 1;
        let local: u64 = (1..=c).map(|row| row.min(reach)).sum();
        let global_layers = self.layers - self.local_layers;
        (global_layers * full + self.local_layers * local, self.layers * c * c)
    }
}

/// The types of a layer's graphs: activations as the matrix units read them (fp8 as e4m3,
/// timed by the chip's fp8 facts in `timing::operands`), and the weights' stored format.
/// Quantized (fp8 or int8) training instead keeps bf16 activations and casts each product's
/// operands (`quantized`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Types {
    pub act: DType,
    pub weights: Format,
    /// Quantized training: the products' format and fp8's scaling.
    pub quantized: Option<(Format, Fp8Scaling)>,
}

impl Types {
    pub fn of(w: &Workload) -> Types {
        let quantized = w.quantized_training();
        let act = match w.activations() {
            _ if quantized.is_some() => DType::BF16,
            Format::Int8 => DType::I8,
            Format::Fp8 => DType::F8E4M3FN,
            _ => DType::BF16,
        };
        Types { act, weights: w.weights(), quantized }
    }

    /// The head's types: quantized training leaves the output projection in bf16 (MaxText's
    /// fp8 rule covers `decoder/.*layers.*`; the head is `decoder/logits_dense`).
    pub fn head(self) -> Types {
        match self.quantized {
            Some(_) => Types { act: DType::BF16, weights: Format::Bf16, quantized: None },
            None => self,
        }
    }

    fn net(self, backward: bool) -> Net {
        match self.quantized {
            Some((format, scaling)) => Net::quantized_training(QuantizedTraining { format, scaling, backward }),
            None => Net::with_weights(self.act, self.weights),
        }
    }
}

/// Forward-pass values the backward pass reads, by remat policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saves {
    /// Nothing beyond the layer input (full remat, or inference).
    Input,
    /// Matrix-product outputs (selective).
    Products,
    /// q, k, v and the attention output; its projection and the MLP are recomputed.
    Attention,
    /// The q, k and v projections; everything after them is recomputed.
    Qkv,
    /// Everything (no remat).
    All,
}

impl Saves {
    pub fn of(remat: Remat, mode: Mode) -> Saves {
        match (mode, remat) {
            (Mode::Train, Remat::None) => Saves::All,
            (Mode::Train, Remat::Selective) => Saves::Products,
            (Mode::Train, Remat::Attention) => Saves::Attention,
            (Mode::Train, Remat::Qkv) => Saves::Qkv,
            _ => Saves::Input,
        }
    }
}

struct Weights {
    g1: NodeId,
    wq: NodeId,
    wk: NodeId,
    wv: NodeId,
    wo: NodeId,
    g2: NodeId,
    rope: NodeId,
}

fn attention_weights(n: &mut Net, s: &Shapes) -> Result<Weights> {
    Ok(Weights {
        g1: n.input(&[s.d]),
        wq: n.weight(&[s.d, s.kv, s.group, s.head_dim])?,
        wk: n.weight(&[s.d, s.kv, s.head_dim])?,
        wv: n.weight(&[s.d, s.kv, s.head_dim])?,
        wo: n.weight(&[s.kv, s.group, s.head_dim, s.d])?,
        g2: n.input(&[s.d]),
        rope: n.input(&[s.seq, s.head_dim]),
    })
}

/// The q, k and v projections of the normed input, rotary embedding applied to q and k:
/// [b, s, kv, g, hd] and twice [b, s, kv, hd].
fn qkv(n: &mut Net, w: &Weights, xn: NodeId) -> Result<[NodeId; 3]> {
    let q = n.linear(xn, w.wq)?;
    let k = n.linear(xn, w.wk)?;
    let v = n.linear(xn, w.wv)?;
    let rq = n.table(w.rope, q, &[1, 4])?;
    let q = n.binary(Op::Mul, q, rq)?;
    let rk = n.table(w.rope, k, &[1, 3])?;
    let k = n.binary(Op::Mul, k, rk)?;
    Ok([q, k, v])
}

/// Attention forward from the normed input: returns the output before the projection,
/// [b, kv, s, g, hd], and q, k, v of this chip's tokens.
fn attention(n: &mut Net, s: &Shapes, w: &Weights, xn: NodeId) -> Result<[NodeId; 4]> {
    let [q, k_new, v_new] = qkv(n, w, xn)?;
    // Decoding attends to a cache of `ctx` positions (written once per token: not charged);
    // context parallelism to keys and values gathered from the other chips (`comm`).
    let (k, v) = if s.foreign_keys() {
        (n.input(&[s.batch, s.ctx, s.kv, s.head_dim]), n.input(&[s.batch, s.ctx, s.kv, s.head_dim]))
    } else {
        (k_new, v_new)
    };
    let first = n.b.len();
    let scores = n.kernel_dot(q, k, &[0, 2], &[0, 2], &[4], &[3])?; // [b, kv, s, g, ctx]
    let p = n.softmax(scores)?;
    let o = n.kernel_dot(p, v, &[0, 1], &[0, 2], &[4], &[1])?; // [b, kv, s, g, hd]
    n.group_since("flash_attention", first, s.attention_share());
    Ok([o, q, k_new, v_new])
}

/// The MLP's activation: SwiGLU silu(a) * u, or gelu(a) (tanh form).
fn activation(n: &mut Net, a: NodeId, u: Option<NodeId>) -> Result<NodeId> {
    match u {
        Some(u) => {
            let sig = n.unary(Op::Logistic, a)?;
            let silu = n.binary(Op::Mul, a, sig)?;
            n.binary(Op::Mul, silu, u)
        }
        None => {
            let t = n.unary(Op::Tanh, a)?;
            let half = n.scalar(0.5, a);
            let ht = n.binary(Op::Mul, t, half)?;
            let h1 = n.binary(Op::Add, ht, half)?;
            n.binary(Op::Mul, a, h1)
        }
    }
}

/// Backward of `activation`: gradients of a (and u).
fn activation_grad(n: &mut Net, a: NodeId, u: Option<NodeId>, dy: NodeId) -> Result<(NodeId, Option<NodeId>)> {
    let sig = n.unary(Op::Logistic, a)?;
    match u {
        Some(u) => {
            let silu = n.binary(Op::Mul, a, sig)?;
            let du = n.binary(Op::Mul, dy, silu)?;
            let t = n.binary(Op::Mul, dy, u)?;
            let one = n.scalar(1.0, a);
            let om = n.binary(Op::Sub, one, sig)?;
            let aom = n.binary(Op::Mul, a, om)?;
            let inner = n.binary(Op::Add, aom, one)?;
            let ds = n.binary(Op::Mul, sig, inner)?;
            Ok((n.binary(Op::Mul, t, ds)?, Some(du)))
        }
        None => {
            let d = n.binary(Op::Mul, a, sig)?;
            Ok((n.binary(Op::Mul, dy, d)?, None))
        }
    }
}

/// Dense MLP forward from the normed input: (output, a, u, act).
fn dense_mlp(n: &mut Net, s: &Shapes, ff: u64, xn: NodeId) -> Result<(NodeId, [NodeId; 3])> {
    let w1 = n.weight(&[s.d, ff])?;
    let w3 = if s.gated { Some(n.weight(&[s.d, ff])?) } else { None };
    let w2 = n.weight(&[ff, s.d])?;
    let a = n.linear(xn, w1)?;
    let u = match w3 {
        Some(w3) => Some(n.linear(xn, w3)?),
        None => None,
    };
    let act = activation(n, a, u)?;
    Ok((n.linear(act, w2)?, [a, u.unwrap_or(a), act]))
}

/// [b, s, d] tokens into the experts' slots, [e, c, d]: a gather of the routed rows, or the
/// one-hot dispatch product of MaxText's dropping implementation.
fn dispatch(n: &mut Net, s: &Shapes, x: NodeId) -> Result<NodeId> {
    let (e, c, d) = (s.experts as usize, s.capacity as usize, s.d as usize);
    let picked = if s.seq_capacity > 0 {
        let mask = n.input(&[s.batch, s.seq, s.all_experts, s.seq_capacity]);
        n.dot(mask, x, &[0], &[0], &[1], &[1])? // [b, E, C, d]
    } else {
        let slots = n.input_of(DType::I64, &[s.experts * s.capacity]);
        let flat = n.b.reshape(x, vec![(s.batch * s.seq) as usize, d])?;
        n.b.take(flat, slots, 0)?
    };
    n.b.reshape(picked, vec![e, c, d])
}

/// The experts' [e, c, d] results back to [b, s, d] (`like`'s shape): a scatter-add of the
/// rows, or the one-hot combine product.
fn combine(n: &mut Net, s: &Shapes, ye: NodeId, like: NodeId) -> Result<NodeId> {
    let (b, sq, d) = (s.batch as usize, s.seq as usize, s.d as usize);
    if s.seq_capacity > 0 {
        let mask = n.input(&[s.batch, s.seq, s.all_experts, s.seq_capacity]);
        let slots = n.b.reshape(ye, vec![b, s.all_experts as usize, s.seq_capacity as usize, d])?;
        return n.dot(mask, slots, &[0], &[0], &[2, 3], &[1, 2]); // [b, s, d]
    }
    let slots = n.input_of(DType::I64, &[s.experts * s.capacity]);
    let rows = n.b.reshape(ye, vec![(s.experts * s.capacity) as usize, d])?;
    let flat = n.b.reshape(like, vec![b * sq, d])?;
    let zero = n.scalar(0.0, flat);
    let combined = n.b.scatter_add(zero, slots, rows, 0)?;
    n.b.reshape(combined, vec![b, sq, d])
}

/// A product of the experts' batch (dim 0 of both) contracting `lc` with `rc`: a grouped
/// kernel where the shapes say so (`gmm`), else one batched product.
fn expert_dot(n: &mut Net, s: &Shapes, kind: Grouped, l: NodeId, r: NodeId, lc: usize, rc: usize) -> Result<NodeId> {
    if s.grouped {
        gmm::product(n, kind, l, r, (lc, rc), s.gmm_tiles)
    } else {
        n.dot(l, r, &[0], &[0], &[lc], &[rc])
    }
}

/// Mixture-of-experts forward from the normed input: (output, values to save).
fn moe_mlp(n: &mut Net, s: &Shapes, xn: NodeId) -> Result<(NodeId, Vec<NodeId>)> {
    let (e, ff) = (s.experts, s.moe_ff);
    let wr = n.weight(&[s.d, s.all_experts])?;
    let w1 = n.weight(&[e, s.d, ff])?;
    let w3 = n.weight(&[e, s.d, ff])?;
    let w2 = n.weight(&[e, ff, s.d])?;
    let logits = n.linear(xn, wr)?;
    let gates = n.softmax(logits)?;
    n.keep(gates);
    // Tokens into each expert's slots (after the all-to-all, in `comm`).
    let xe = dispatch(n, s, xn)?;
    let a = expert_dot(n, s, Grouped::Rows, xe, w1, 2, 1)?; // [e, c, ff]
    let u = expert_dot(n, s, Grouped::Rows, xe, w3, 2, 1)?;
    let act = activation(n, a, Some(u))?;
    let ye = expert_dot(n, s, Grouped::Rows, act, w2, 2, 1)?; // [e, c, d]
    let mut out = combine(n, s, ye, xn)?;
    let mut saved = vec![a, u, act];
    if s.shared_ff > 0 {
        let (y, [sa, su, sact]) = dense_mlp(n, s, s.shared_ff, xn)?;
        out = n.binary(Op::Add, out, y)?;
        saved.extend([sa, su, sact]);
    }
    Ok((out, saved))
}

/// One layer's forward pass on one chip, keeping what `saves` asks for as outputs.
pub fn forward(s: &Shapes, t: Types, saves: Saves) -> Result<(Graph, Vec<KernelGroup>)> {
    let mut n = t.net(false);
    let x = n.input(&[s.batch, s.seq, s.d]);
    let w = attention_weights(&mut n, s)?;
    let xn1 = n.rms_norm(x, w.g1)?;
    let [o, q, k, v] = attention(&mut n, s, &w, xn1)?;
    let attn = n.dot(o, w.wo, &[], &[], &[1, 3, 4], &[0, 1, 2])?; // [b, s, d]
    let h = n.binary(Op::Add, x, attn)?;
    let xn2 = n.rms_norm(h, w.g2)?;
    let (y, saved) = if s.experts > 0 {
        moe_mlp(&mut n, s, xn2)?
    } else {
        let (y, [a, u, act]) = dense_mlp(&mut n, s, s.ff, xn2)?;
        (y, vec![a, u, act])
    };
    let out = n.binary(Op::Add, h, y)?;
    n.keep(out);
    if saves != Saves::Input {
        for v in [q, k, v] {
            n.keep(v);
        }
    }
    if !matches!(saves, Saves::Input | Saves::Qkv) {
        n.keep(o);
    }
    if matches!(saves, Saves::Products | Saves::All) {
        n.keep(attn);
    }
    if matches!(saves, Saves::Products | Saves::All) {
        for v in saved.iter().copied().take(2) {
            n.keep(v);
        }
    }
    if saves == Saves::All {
        for v in [xn1, h, xn2].into_iter().chain(saved.iter().copied().skip(2)) {
            n.keep(v);
        }
    }
    Ok(n.finish())
}

/// The first norm and the q, k and v projections of a layer's forward pass: what the
/// `save_qkv` policy does not recompute.
pub fn qkv_forward(s: &Shapes, t: Types) -> Result<(Graph, Vec<KernelGroup>)> {
    let mut n = t.net(false);
    let x = n.input(&[s.batch, s.seq, s.d]);
    let w = attention_weights(&mut n, s)?;
    let xn1 = n.rms_norm(x, w.g1)?;
    for o in qkv(&mut n, &w, xn1)? {
        n.keep(o);
    }
    Ok(n.finish())
}

/// The attention output's projection and the MLP, from the saved attention output: what
/// the `save_attention` policy recomputes in the backward pass.
pub fn mlp_forward(s: &Shapes, t: Types) -> Result<(Graph, Vec<KernelGroup>)> {
    let mut n = t.net(false);
    let x = n.input(&[s.batch, s.seq, s.d]);
    let o = n.input(&[s.batch, s.kv, s.seq, s.group, s.head_dim]);
    let wo = n.weight(&[s.kv, s.group, s.head_dim, s.d])?;
    let attn = n.dot(o, wo, &[], &[], &[1, 3, 4], &[0, 1, 2])?; // [b, s, d]
    let h = n.binary(Op::Add, x, attn)?;
    let g2 = n.input(&[s.d]);
    let xn2 = n.rms_norm(h, g2)?;
    let y = if s.experts > 0 { moe_mlp(&mut n, s, xn2)?.0 } else { dense_mlp(&mut n, s, s.ff, xn2)?.0 };
    let out = n.binary(Op::Add, h, y)?;
    n.keep(out);
    Ok(n.finish())
}

/// Attention backward (a splash backward kernel): recomputes the scores, then the value,
/// query and key gradients. Returns dq [b, kv, s, g, hd], dk and dv [b, kv, ctx, hd].
fn attention_grad(n: &mut Net, s: &Shapes, q: NodeId, k: NodeId, v: NodeId, d_o: NodeId) -> Result<[NodeId; 3]> {
    let delta = n.input(&[s.batch, s.kv, s.seq, s.group]);
    let first = n.b.len();
    let scores = n.kernel_dot(q, k, &[0, 2], &[0, 2], &[4], &[3])?;
    let p = n.softmax(scores)?;
    let dv = n.kernel_dot(p, d_o, &[0, 1], &[0, 2], &[2, 3], &[1, 3])?; // [b, kv, ctx, hd]
    let dp = n.kernel_dot(d_o, v, &[0, 2], &[0, 2], &[4], &[3])?; // [b, kv, s, g, ctx]
    let db = n.spread(delta, dp)?;
    let dz = n.binary(Op::Sub, dp, db)?;
    let ds = n.binary(Op::Mul, p, dz)?;
    let dq = n.kernel_dot(ds, k, &[0, 1], &[0, 2], &[4], &[1])?; // [b, kv, s, g, hd]
    let dk = n.kernel_dot(ds, q, &[0, 1], &[0, 2], &[2, 3], &[1, 3])?; // [b, kv, ctx, hd]
    n.group_since("flash_attention_bwd", first, s.attention_share());
    Ok([dq, dk, dv])
}

/// Gradients through `y = x @ w` for a dense projection: (dx, dw).
fn linear_grad(n: &mut Net, x: NodeId, w: NodeId, dy: NodeId) -> Result<(NodeId, NodeId)> {
    let (rx, rw, ry) = (n.b.rank(x), n.b.rank(w), n.b.rank(dy));
    // dy's trailing dims are w's output dims; x's leading dims are the token dims.
    let out_dims = rw - 1;
    let lead = rx - 1;
    let dx = n.dot(dy, w, &[], &[], &((ry - out_dims)..ry).collect::<Vec<_>>(), &(1..rw).collect::<Vec<_>>())?;
    let dx = n.clip_grad(dx, x)?;
    let dw = n.dot(x, dy, &[], &[], &(0..lead).collect::<Vec<_>>(), &(0..lead).collect::<Vec<_>>())?;
    Ok((dx, dw))
}

/// One layer's backward pass on one chip, from the gradient of its output. Its inputs are
/// the saved (or recomputed) forward values; its outputs the input gradient and the weight
/// gradients.
pub fn backward(s: &Shapes, t: Types) -> Result<(Graph, Vec<KernelGroup>)> {
    let mut n = t.net(true);
    let (b, sq, d) = (s.batch, s.seq, s.d);
    let dy = n.input(&[b, sq, d]);
    let x = n.input(&[b, sq, d]);
    let h = n.input(&[b, sq, d]);
    let xn1 = n.residual(&[b, sq, d]);
    let xn2 = n.residual(&[b, sq, d]);
    let w = attention_weights(&mut n, s)?;
    // MLP.
    let mut dxn2 = None;
    let mut add = |n: &mut Net, g: NodeId| -> Result<()> {
        dxn2 = Some(match dxn2 {
            None => g,
            Some(acc) => n.binary(Op::Add, acc, g)?,
        });
        Ok(())
    };
    let dense = |n: &mut Net, ff: u64, add: &mut dyn FnMut(&mut Net, NodeId) -> Result<()>| -> Result<()> {
        let a = n.input(&[b, sq, ff]);
        let u = s.gated.then(|| n.input(&[b, sq, ff]));
        let act = n.residual(&[b, sq, ff]);
        let w1 = n.weight(&[d, ff])?;
        let w3 = if s.gated { Some(n.weight(&[d, ff])?) } else { None };
        let w2 = n.weight(&[ff, d])?;
        let (dact, dw2) = linear_grad(n, act, w2, dy)?;
        n.keep(dw2);
        let (da, du) = activation_grad(n, a, u, dact)?;
        let (dx1, dw1) = linear_grad(n, xn2, w1, da)?;
        n.keep(dw1);
        add(n, dx1)?;
        if let (Some(du), Some(w3)) = (du, w3) {
            let (dx3, dw3) = linear_grad(n, xn2, w3, du)?;
            n.keep(dw3);
            add(n, dx3)?;
        }
        Ok(())
    };
    if s.experts > 0 {
        let (e, c, ff) = (s.experts, s.capacity, s.moe_ff);
        let a = n.input(&[e, c, ff]);
        let u = n.input(&[e, c, ff]);
        let act = n.residual(&[e, c, ff]);
        let xe = n.residual(&[e, c, d]);
        let w1 = n.weight(&[e, d, ff])?;
        let w3 = n.weight(&[e, d, ff])?;
        let w2 = n.weight(&[e, ff, d])?;
        let wr = n.weight(&[d, s.all_experts])?;
        let gates = n.input(&[b, sq, s.all_experts]);
        let dye = dispatch(&mut n, s, dy)?;
        let dact = expert_dot(&mut n, s, Grouped::Rows, dye, w2, 2, 2)?; // [e, c, ff]
        let dact = n.clip_grad(dact, act)?;
        let dw2 = expert_dot(&mut n, s, Grouped::Contracting, act, dye, 1, 1)?; // [e, ff, d]
        n.keep(dw2);
        let (da, du) = activation_grad(&mut n, a, Some(u), dact)?;
        let du = du.unwrap_or(da);
        for (g, wt) in [(da, w1), (du, w3)] {
            let dxe = expert_dot(&mut n, s, Grouped::Rows, g, wt, 2, 2)?; // [e, c, d]
            let dxe = n.clip_grad(dxe, xe)?;
            let dwt = expert_dot(&mut n, s, Grouped::Contracting, xe, g, 1, 1)?; // [e, d, ff]
            n.keep(dwt);
            let back = combine(&mut n, s, dxe, dy)?;
            add(&mut n, back)?;
        }
        // Router: softmax gradient and its product.
        let dgates = n.binary(Op::Mul, gates, gates)?;
        let (dxr, dwr) = linear_grad(&mut n, xn2, wr, dgates)?;
        n.keep(dwr);
        add(&mut n, dxr)?;
        if s.shared_ff > 0 {
            dense(&mut n, s.shared_ff, &mut add)?;
        }
    } else {
        dense(&mut n, s.ff, &mut add)?;
    }
    let dxn2 = dxn2.expect("the MLP produces a gradient");
    let dh_norm = n.rms_norm_grad(h, w.g2, dxn2)?;
    let dh = n.binary(Op::Add, dy, dh_norm)?;
    // Attention.
    let o = n.residual(&[b, s.kv, sq, s.group, s.head_dim]);
    let q = n.input(&[b, sq, s.kv, s.group, s.head_dim]);
    let k = n.input(&[b, s.ctx, s.kv, s.head_dim]);
    let v = n.input(&[b, s.ctx, s.kv, s.head_dim]);
    let d_o = n.dot(dh, w.wo, &[], &[], &[2], &[3])?; // [b, s, kv, g, hd]
    let d_o = n.clip_grad(d_o, o)?;
    let dwo = n.dot(o, dh, &[], &[], &[0, 2], &[0, 1])?; // [kv, g, hd, d]
    n.keep(dwo);
    let [dq, dk, dv] = attention_grad(&mut n, s, q, k, v, d_o)?;
    // Under context parallelism the key and value gradients of all positions are
    // reduce-scattered (`comm`): this chip continues with its own tokens'.
    let (dk, dv) = if s.foreign_keys() {
        (n.input(&[b, s.kv, sq, s.head_dim]), n.input(&[b, s.kv, sq, s.head_dim]))
    } else {
        (dk, dv)
    };
    let rq = n.table(w.rope, dq, &[2, 4])?;
    let dq = n.binary(Op::Mul, dq, rq)?;
    let rk = n.table(w.rope, dk, &[2, 3])?;
    let dk = n.binary(Op::Mul, dk, rk)?;
    let dxq = n.dot(dq, w.wq, &[], &[], &[1, 3, 4], &[1, 2, 3])?; // [b, s, d]
    let dwq = n.dot(xn1, dq, &[], &[], &[0, 1], &[0, 2])?; // [d, kv, g, hd]
    let dxk = n.dot(dk, w.wk, &[], &[], &[1, 3], &[1, 2])?;
    let dwk = n.dot(xn1, dk, &[], &[], &[0, 1], &[0, 2])?;
    let dxv = n.dot(dv, w.wv, &[], &[], &[1, 3], &[1, 2])?;
    let dwv = n.dot(xn1, dv, &[], &[], &[0, 1], &[0, 2])?;
    let [dxq, dxk, dxv] = [dxq, dxk, dxv].map(|g| n.clip_grad(g, xn1));
    let (dxq, dxk, dxv) = (dxq?, dxk?, dxv?);
    for g in [dwq, dwk, dwv] {
        n.keep(g);
    }
    let dxn1 = n.binary(Op::Add, dxq, dxk)?;
    let dxn1 = n.binary(Op::Add, dxn1, dxv)?;
    let dx_norm = n.rms_norm_grad(x, w.g1, dxn1)?;
    let dx = n.binary(Op::Add, dh, dx_norm)?;
    n.keep(dx);
    Ok(n.finish())
}

/// Embedding lookup, final norm, the vocabulary product and the loss (forward, plus the
/// backward for training) on one chip: [b, s] tokens against a vocab/tp shard.
pub fn head(s: &Shapes, vocab_local: u64, t: Types, train: bool) -> Result<(Graph, Vec<KernelGroup>)> {
    let dt = t.act;
    let mut n = t.net(false);
    let (b, sq, d) = (s.batch, s.seq, s.d);
    let ids = n.input_of(DType::I64, &[b, sq]);
    let table = n.input(&[vocab_local, d]);
    let emb = n.b.take(table, ids, 0)?;
    n.keep(emb);
    let x = n.input(&[b, sq, d]);
    let g = n.input(&[d]);
    let wv = n.weight(&[d, vocab_local])?;
    let xn = n.rms_norm(x, g)?;
    let logits = n.linear(xn, wv)?;
    let lf = n.b.convert(logits, DType::F32);
    let p = n.softmax(lf)?;
    if !train {
        n.keep(p);
        return Ok(n.finish());
    }
    // Cross-entropy gradient: softmax minus the one-hot target, then the two products.
    let onehot = n.input_of(DType::F32, &[b, sq, vocab_local]);
    let dl = n.binary(Op::Sub, p, onehot)?;
    let dl = n.b.convert(dl, dt);
    let (dxn, dwv) = linear_grad(&mut n, xn, wv, dl)?;
    n.keep(dwv);
    let dx = n.rms_norm_grad(x, g, dxn)?;
    n.keep(dx);
    // Embedding gradient: a scatter-add of the input gradient into the table.
    let dflat = n.input(&[b * sq, d]);
    let flat_ids = n.b.reshape(ids, vec![(b * sq) as usize])?;
    let zero = n.scalar(0.0, table);
    let demb = n.b.scatter_add(zero, flat_ids, dflat, 0)?;
    n.keep(demb);
    Ok(n.finish())
}

/// AdamW on one chip's shard of `params` f32 parameters (master weights, gradients and both
/// moments in f32), as one fused elementwise pass.
pub fn optimizer(params: u64) -> Result<(Graph, Vec<KernelGroup>)> {
    let mut n = Net::new(DType::F32);
    let p = n.input(&[params]);
    let g = n.input(&[params]);
    let m = n.input(&[params]);
    let v = n.input(&[params]);
    let b1 = n.scalar(0.9, m);
    let c1 = n.scalar(0.1, g);
    let m1 = n.binary(Op::Mul, m, b1)?;
    let g1 = n.binary(Op::Mul, g, c1)?;
    let m2 = n.binary(Op::Add, m1, g1)?;
    let b2 = n.scalar(0.95, v);
    let gg = n.binary(Op::Mul, g, g)?;
    let v1 = n.binary(Op::Mul, v, b2)?;
    let c2 = n.scalar(0.05, g);
    let g2 = n.binary(Op::Mul, gg, c2)?;
    let v2 = n.binary(Op::Add, v1, g2)?;
    let sq = n.unary(Op::Sqrt, v2)?;
    let eps = n.scalar(1e-8, v);
    let den = n.binary(Op::Add, sq, eps)?;
    let upd = n.binary(Op::Div, m2, den)?;
    let wd = n.scalar(0.1, p);
    let decay = n.binary(Op::Mul, p, wd)?;
    let step = n.binary(Op::Add, upd, decay)?;
    let lr = n.scalar(1e-4, p);
    let delta = n.binary(Op::Mul, step, lr)?;
    let p2 = n.binary(Op::Sub, p, delta)?;
    for o in [p2, m2, v2] {
        n.keep(o);
    }
    Ok(n.finish())
}
