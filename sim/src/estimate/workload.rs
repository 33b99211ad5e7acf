//! The workload file of `tpudev estimate`: a transformer decoder (dense or mixture of
//! experts), how it runs (train, prefill, decode, or serve: prefill and decode under
//! continuous batching), on which chips, and how it is sharded.
//! Parsing rejects unknown keys; `Workload::check` rejects inconsistent values, naming the
//! field and the fix.

use serde::Deserialize;

pub use super::format::Format;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Workload {
    pub model: Model,
    pub run: Run,
    pub system: System,
    #[serde(default)]
    pub parallel: Parallel,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Model {
    /// A label for reports (optional).
    #[serde(default)]
    pub name: String,
    pub layers: u64,
    pub d_model: u64,
    pub heads: u64,
    pub kv_heads: u64,
    pub head_dim: u64,
    /// Hidden size of the dense MLP (of the dense layers, in a model that mixes dense and
    /// mixture-of-experts layers; unused when every layer is a mixture of experts).
    pub d_ff: u64,
    pub vocab: u64,
    #[serde(default)]
    pub experts: u64,
    #[serde(default)]
    pub experts_per_token: u64,
    #[serde(default)]
    pub moe_d_ff: u64,
    #[serde(default)]
    pub shared_experts: u64,
    /// The shared experts' hidden size when it differs from the routed ones' (Gemma 4 26B:
    /// 2112 against 704; 0: `moe_d_ff`).
    #[serde(default)]
    pub shared_d_ff: u64,
    /// Tokens an expert takes, as a multiple of an even share (dropping implementations).
    #[serde(default = "one")]
    pub capacity_factor: f64,
    /// The MLP's activation: "swiglu" (gated, three matrices) or "gelu" (two).
    #[serde(default)]
    pub activation: Activation,
    /// How tokens reach their experts: see `Dispatch`.
    #[serde(default)]
    pub moe_dispatch: Dispatch,
    /// Local attention: a layer attends to the last `sliding_window` positions only (0: every
    /// layer attends to the whole context).
    #[serde(default)]
    pub sliding_window: u64,
    /// With a sliding window, every `global_every`-th layer still attends to the whole
    /// context (Gemma 3: 6, five local layers to one global; gpt-oss: 2; 0: none does).
    #[serde(default)]
    pub global_every: u64,
    /// With a sliding window, the global layers' key/value heads and head size when they
    /// differ from the local layers' (Gemma 4: 4 heads of 512 against 16 of 256; 0: the same).
    #[serde(default)]
    pub global_kv_heads: u64,
    #[serde(default)]
    pub global_head_dim: u64,
    /// A mixture of experts whose first `dense_layers` layers have a dense MLP of `d_ff`
    /// instead (DeepSeek-V3's `first_num_dense_layers`: 3).
    #[serde(default)]
    pub dense_layers: u64,
    /// Of the layers after `dense_layers`, every `moe_every`-th is a mixture of experts and the
    /// others are dense (Llama 4's `interleave_moe_layer_step`: 2; 0 or 1: all of them).
    #[serde(default)]
    pub moe_every: u64,
}

/// How a mixture of experts moves tokens to their experts and back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dispatch {
    /// Rows gathered into each expert's slots and scattered back (dropless grouped matmuls:
    /// MaxText's megablox / sparse_matmul, vLLM's fused MoE).
    #[default]
    Gather,
    /// One-hot dispatch and combine products over [tokens, experts, capacity per sequence]
    /// (MaxText's dropping implementation with `sparse_matmul = false`): matrix products
    /// whose work grows with the sequence length.
    Einsum,
}

fn one() -> f64 {
    1.0
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Activation {
    #[default]
    Swiglu,
    Gelu,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Train,
    Prefill,
    Decode,
    /// Serving requests of `seq_len` prompt tokens and `output_len` generated tokens, with
    /// `global_batch` requests decoding at once (continuous batching): `serve`.
    Serve,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Remat {
    /// Every activation the backward pass needs is kept.
    None,
    /// Matrix-product outputs are kept; norms and elementwise ops are recomputed (MaxText's
    /// `minimal`).
    #[serde(alias = "save_matmuls")]
    Selective,
    /// The attention block's q, k, v and output (MaxText's "context") are kept; the output
    /// projection and the MLP are recomputed (a custom policy keeping the layer input, the
    /// context and the q/k/v projections, as the TPU7x recipes use).
    #[serde(rename = "save_attention")]
    Attention,
    /// The q, k and v projections are kept (MaxText's `save_qkv_proj`, or a custom policy
    /// keeping or offloading them with the layer input); attention, its output projection
    /// and the MLP are recomputed.
    #[serde(rename = "save_qkv")]
    Qkv,
    /// Only each layer's input is kept; the layer's forward runs again in the backward pass.
    Full,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    pub mode: Mode,
    /// Tokens per sequence (train, prefill); the context length attended to (decode); the
    /// prompt's tokens (serve).
    pub seq_len: u64,
    /// Sequences per step; serve: requests decoding at once, all replicas together.
    pub global_batch: u64,
    /// Tokens generated per request (serve only).
    #[serde(default)]
    pub output_len: u64,
    /// Shorthand for `weights` and `activations` both.
    #[serde(default)]
    pub dtype: Option<Format>,
    /// Format of the weights the matrix products read (inference: also as stored).
    #[serde(default)]
    pub weights: Option<Format>,
    /// Format of the activations the matrix products read (and of the key/value cache).
    #[serde(default)]
    pub activations: Option<Format>,
    #[serde(default = "full")]
    pub remat: Remat,
    /// Keep what the remat policy saves (the layer inputs, and with `selective` the matrix
    /// products) in host memory instead of HBM, as MaxText's offloading policies do.
    #[serde(default)]
    pub offload_activations: bool,
    /// Keep AdamW's moments in host memory (MaxText's `optimizer_memory_host_offload`): they
    /// cross the host link twice per step.
    #[serde(default)]
    pub offload_optimizer: bool,
    /// Type of the master weights, their gradients and AdamW's moments (training).
    #[serde(default)]
    pub weight_dtype: WeightDtype,
    /// Tiles of dropless training's grouped expert products: rows, the d_model side and the
    /// MLP side (MaxText's `tile_batch_seq`, `*_tile_*_embed_dim`, `*_tile_*_mlp_dim`;
    /// default [512, 1024, 1024]).
    #[serde(default)]
    pub gmm_tiles: Option<[u64; 3]>,
    /// Type of AdamW's moments when it differs from `weight_dtype` (MaxText's `mu_dtype`).
    #[serde(default)]
    pub moment_dtype: Option<WeightDtype>,
    /// How fp8 training scales weights and activations (gradients are always scaled
    /// dynamically): see `Fp8Scaling`. Only with `dtype = "fp8"` and `mode = "train"`.
    #[serde(default)]
    pub fp8_scaling: Option<Fp8Scaling>,
}

/// The scales of fp8 training's weight and activation operands, as MaxText's
/// `weight_quantization_calibration_method` / `act_quantization_calibration_method` set them
/// (qwix calibration methods).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fp8Scaling {
    /// From each operand's absolute maximum per channel (`absmax`, MaxText's default): a
    /// reduction over the operand before it is cast.
    #[default]
    Dynamic,
    /// A fixed range (`fixed,-224,224`): a constant scale, so the cast is one elementwise
    /// pass; gradients of values outside the range are zeroed in the backward pass.
    Static,
}

/// MaxText's `weight_dtype`: optax keeps the optimizer moments in the weights' type.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WeightDtype {
    #[default]
    F32,
    Bf16,
}

impl WeightDtype {
    pub fn bytes(self) -> u64 {
        match self {
            WeightDtype::F32 => 4,
            WeightDtype::Bf16 => 2,
        }
    }
}

fn full() -> Remat {
    Remat::Full
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct System {
    /// A preset key (v4, v5e, v5p, v6e, v7x) or the path of a chip TOML file.
    pub chip: String,
    pub chips: u64,
    /// The slice's torus, e.g. "16x16" (default: the usual shape for `chips`).
    #[serde(default)]
    pub topology: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Parallel {
    pub fsdp: u64,
    pub tp: u64,
    pub ep: u64,
    pub dp: u64,
    /// Context parallelism: each sequence split over `cp` chips, keys and values all-gathered
    /// for attention (weights are sharded over it as over fsdp).
    pub cp: u64,
    /// Data parallelism across slices joined by the data-center network (MaxText's
    /// `dcn_data_parallelism`): gradients are all-reduced between slices.
    pub dcn_dp: u64,
    /// FSDP across slices (`dcn_fsdp_parallelism`): weights are sharded over the slices too and
    /// gathered over the data-center network as well as the ICI.
    pub dcn_fsdp: u64,
}

impl Default for Parallel {
    fn default() -> Self {
        Parallel { fsdp: 1, tp: 1, ep: 1, dp: 1, cp: 1, dcn_dp: 1, dcn_fsdp: 1 }
    }
}

impl Workload {
    /// Parses a workload file's text; `origin` names it in messages.
    pub fn parse(text: &str, origin: &str) -> Result<Workload, String> {
        let w: Workload = toml::from_str(text).map_err(|e| {
            format!("{origin} is not a valid workload: {}", e.to_string().trim_end().replace('\n', "\n  "))
        })?;
        w.check().map_err(|e| format!("{origin}: {e}"))?;
        Ok(w)
    }

    /// The weights' format (`weights`, else `dtype`; bf16 before `check`).
    pub fn weights(&self) -> Format {
        self.run.weights.or(self.run.dtype).unwrap_or(Format::Bf16)
    }

    /// The activations' format (`activations`, else `dtype`).
    pub fn activations(&self) -> Format {
        self.run.activations.or(self.run.dtype).unwrap_or(Format::Bf16)
    }

    /// Bytes per element of the activations between products (and of the key/value cache):
    /// in inference, the activations' format (one byte for fp8 and int8); in training, bf16
    /// either way, since fp8 training casts each product's operands and keeps bf16 results
    /// (`layer::Types`).
    pub fn act_bytes(&self) -> u64 {
        match self.run.mode {
            Mode::Train => Format::Bf16.bytes(1),
            _ => self.activations().bytes(1),
        }
    }

    /// Bytes of `elems` layer weights as a step reads and moves them (FSDP gathers): in their
    /// format. In training that is the products' type, cast from the master weights in
    /// `weight_dtype` on each chip's shard before the gather (the cast is elementwise, so it
    /// keeps the shard's layout, as the bf16 cast of f32 master weights does).
    pub fn weight_bytes(&self, elems: u64) -> u64 {
        self.weights().bytes(elems)
    }

    /// Bytes of `elems` weight gradients as the backward pass reduces them: products give
    /// bf16 results in both training formats.
    pub fn grad_bytes(&self, elems: u64) -> u64 {
        Format::Bf16.bytes(elems)
    }

    /// How fp8 training scales weights and activations (`None`: not fp8 training).
    pub fn fp8_training(&self) -> Option<Fp8Scaling> {
        (self.run.mode == Mode::Train && self.activations() == Format::Fp8)
            .then(|| self.run.fp8_scaling.unwrap_or_default())
    }

    /// Training whose products cast their operands to 8 bits: the format (fp8 or int8) and
    /// fp8's scaling (`None`: bf16 products, or not training).
    pub fn quantized_training(&self) -> Option<(Format, Fp8Scaling)> {
        let format = self.activations();
        (self.run.mode == Mode::Train && matches!(format, Format::Fp8 | Format::Int8))
            .then(|| (format, self.run.fp8_scaling.unwrap_or_default()))
    }

    /// The formats' consistency, chip aside (`estimate` checks the chip).
    fn check_formats(&self) -> Result<(), String> {
        let r = &self.run;
        let (Some(w), Some(a)) = (r.weights.or(r.dtype), r.activations.or(r.dtype)) else {
            return Err("[run] needs dtype (for weights and activations both), or weights and activations: each \
                        one of bf16, fp8, mxfp8, mxfp4, nvfp4, int8, int4"
                .into());
        };
        if r.mode == Mode::Train && (w != a || !matches!(w, Format::Bf16 | Format::Fp8 | Format::Int8)) {
            return Err(format!(
                "[run] training runs its products in bf16, fp8 or int8 (weights = activations, from master weights \
                 in weight_dtype), not weights = \"{}\", activations = \"{}\": use dtype = \"bf16\", \"fp8\" or \
                 \"int8\", or mode = \"prefill\" / \"decode\" for the inference formats",
                w.name(),
                a.name()
            ));
        }
        if a == Format::Int4 {
            return Err("[run] activations = \"int4\": the int4 x int4 matrix mode (v5e, v5p, v6e) is not modelled; \
                        with weights = \"int4\" use activations = \"int8\" (an int8 product) or \"bf16\""
                .into());
        }
        if !a.is_activation_format() {
            return Err(format!(
                "[run] activations = \"{}\": block-scaled activations are not modelled; use bf16, fp8 or int8 \
                 (weights can be {} with bf16 or fp8 activations)",
                a.name(),
                a.name()
            ));
        }
        if a == Format::Int8 && !matches!(w, Format::Int8 | Format::Int4) {
            return Err(format!(
                "[run] activations = \"int8\" needs weights = \"int8\" or \"int4\" (an int8 x int8 product), not \"{}\"",
                w.name()
            ));
        }
        Ok(())
    }

    /// Bytes per parameter of each of AdamW's two moments.
    pub fn moment_bytes(&self) -> u64 {
        self.run.moment_dtype.unwrap_or(self.run.weight_dtype).bytes()
    }

    /// Layers attending to the whole context; the others attend to `sliding_window` positions.
    pub fn global_layers(&self) -> u64 {
        let m = &self.model;
        match (m.sliding_window, m.global_every) {
            (0, _) => m.layers,
            (_, 0) => 0,
            (_, every) => m.layers / every,
        }
    }

    /// Hidden size of all shared experts together.
    pub fn shared_ff(&self) -> u64 {
        let m = &self.model;
        m.shared_experts * if m.shared_d_ff > 0 { m.shared_d_ff } else { m.moe_d_ff }
    }

    pub fn is_moe(&self) -> bool {
        self.model.experts > 0
    }

    /// Layers with a mixture of experts (all of them in a model without `dense_layers` or
    /// `moe_every`; none in a dense model).
    pub fn moe_layers(&self) -> u64 {
        let m = &self.model;
        if m.experts == 0 {
            return 0;
        }
        m.layers.saturating_sub(m.dense_layers) / m.moe_every.max(1)
    }

    /// Ways the batch is split: every axis but tensor parallelism holds different sequences.
    pub fn batch_shards(&self) -> u64 {
        let p = &self.parallel;
        p.fsdp * p.ep * p.dp * self.slices()
    }

    /// Slices joined by the data-center network (1: one slice on one ICI torus).
    pub fn slices(&self) -> u64 {
        self.parallel.dcn_dp * self.parallel.dcn_fsdp
    }

    /// Chips of one slice.
    pub fn slice_chips(&self) -> u64 {
        self.system.chips / self.slices()
    }

    /// Sequences each chip processes per step.
    pub fn local_batch(&self) -> u64 {
        self.run.global_batch / self.batch_shards()
    }

    /// Ways each weight is sharded besides tensor and expert parallelism: FSDP, and the
    /// context axis, which MaxText shards weights over too.
    pub fn weight_shards(&self) -> u64 {
        self.ici_weight_shards() * self.parallel.dcn_fsdp
    }

    /// The part of `weight_shards` inside one slice.
    pub fn ici_weight_shards(&self) -> u64 {
        self.parallel.fsdp * self.parallel.cp
    }

    /// Tokens processed per step, all chips together (serve: per decode step).
    pub fn tokens_per_step(&self) -> u64 {
        match self.run.mode {
            Mode::Decode | Mode::Serve => self.run.global_batch,
            _ => self.run.global_batch * self.run.seq_len,
        }
    }

    /// Consistency of the values: one message naming the field and the fix.
    pub fn check(&self) -> Result<(), String> {
        let m = &self.model;
        let p = &self.parallel;
        for (name, v) in [
            ("[model] layers", m.layers),
            ("[model] d_model", m.d_model),
            ("[model] heads", m.heads),
            ("[model] kv_heads", m.kv_heads),
            ("[model] head_dim", m.head_dim),
            ("[model] vocab", m.vocab),
            ("[run] seq_len", self.run.seq_len),
            ("[run] global_batch", self.run.global_batch),
            ("[system] chips", self.system.chips),
            ("[parallel] fsdp", p.fsdp),
            ("[parallel] tp", p.tp),
            ("[parallel] ep", p.ep),
            ("[parallel] dp", p.dp),
            ("[parallel] cp", p.cp),
            ("[parallel] dcn_dp", p.dcn_dp),
            ("[parallel] dcn_fsdp", p.dcn_fsdp),
        ] {
            if v == 0 {
                return Err(format!("{name} is 0: it must be at least 1"));
            }
        }
        if m.global_every > 0 && m.sliding_window == 0 {
            return Err("[model] global_every is set but sliding_window = 0: give the local layers' window (or \
                        remove global_every)"
                .into());
        }
        if m.experts == 0 && m.d_ff == 0 {
            return Err("[model] d_ff is 0 for a dense model: give the MLP's hidden size (or experts > 0)".into());
        }
        self.check_layer_mix()?;
        self.check_global_heads()?;
        let product = p.fsdp * p.tp * p.ep * p.dp * p.cp * self.slices();
        if product != self.system.chips {
            return Err(format!(
                "[parallel] fsdp*tp*ep*dp*cp*dcn_dp*dcn_fsdp = {}*{}*{}*{}*{}*{}*{} = {product}, but [system] chips = \
                 {}: make the product equal the number of chips (of all slices together)",
                p.fsdp, p.tp, p.ep, p.dp, p.cp, p.dcn_dp, p.dcn_fsdp, self.system.chips
            ));
        }
        self.check_cp()?;
        self.check_serve()?;
        if !m.heads.is_multiple_of(p.tp) {
            return Err(format!(
                "[model] heads = {} is not divisible by [parallel] tp = {}: choose a tp that divides the heads",
                m.heads, p.tp
            ));
        }
        if !m.heads.is_multiple_of(m.kv_heads) {
            return Err(format!(
                "[model] heads = {} is not a multiple of kv_heads = {}: each key/value head serves a whole group \
                 of query heads",
                m.heads, m.kv_heads
            ));
        }
        if !m.kv_heads.is_multiple_of(p.tp) && !p.tp.is_multiple_of(m.kv_heads) {
            return Err(format!(
                "[model] kv_heads = {} and [parallel] tp = {} do not divide one another: choose a tp that divides \
                 kv_heads or is a multiple of it",
                m.kv_heads, p.tp
            ));
        }
        if m.experts == 0 {
            if m.experts_per_token > 0
                || m.moe_d_ff > 0
                || m.shared_experts > 0
                || m.shared_d_ff > 0
                || m.moe_dispatch != Dispatch::Gather
            {
                return Err(
                    "[model] experts_per_token, moe_d_ff, shared_experts, shared_d_ff or moe_dispatch is set but experts = 0: \
                            set experts for a mixture of experts, or remove them"
                        .into(),
                );
            }
            if p.ep > 1 {
                return Err(format!("[parallel] ep = {} but the model has no experts: use ep = 1", p.ep));
            }
        } else {
            if m.experts_per_token == 0 || m.experts_per_token > m.experts {
                return Err(format!(
                    "[model] experts_per_token = {} must be between 1 and experts = {}",
                    m.experts_per_token, m.experts
                ));
            }
            if m.moe_dispatch == Dispatch::Einsum && !matches!(self.run.mode, Mode::Train | Mode::Prefill) {
                return Err("[model] moe_dispatch = \"einsum\" is MaxText's dropping implementation for training and \
                            prefill: use the default (\"gather\") for decode and serve"
                    .into());
            }
            if m.moe_d_ff == 0 {
                return Err("[model] moe_d_ff is 0: give the experts' hidden size".into());
            }
            if !m.experts.is_multiple_of(p.ep) {
                return Err(format!(
                    "[model] experts = {} is not divisible by [parallel] ep = {}: choose an ep that divides the \
                     experts",
                    m.experts, p.ep
                ));
            }
        }
        if !(m.capacity_factor.is_finite() && m.capacity_factor > 0.0) {
            return Err(format!("[model] capacity_factor = {} must be a positive number", m.capacity_factor));
        }
        let ff = if m.experts > 0 { m.moe_d_ff } else { m.d_ff };
        if !ff.is_multiple_of(p.tp) {
            return Err(format!(
                "the MLP hidden size {ff} ([model] {}) is not divisible by [parallel] tp = {}",
                if m.experts > 0 { "moe_d_ff" } else { "d_ff" },
                p.tp
            ));
        }
        if !m.shared_d_ff.is_multiple_of(p.tp) {
            return Err(format!(
                "[model] shared_d_ff = {} is not divisible by [parallel] tp = {}",
                m.shared_d_ff, p.tp
            ));
        }
        if self.run.gmm_tiles.is_some_and(|t| t.contains(&0)) {
            return Err("[run] gmm_tiles has a 0: give [rows, d_model side, MLP side], each at least 1".into());
        }
        if !m.vocab.is_multiple_of(p.tp) {
            return Err(format!("[model] vocab = {} is not divisible by [parallel] tp = {}", m.vocab, p.tp));
        }
        if !self.run.global_batch.is_multiple_of(self.batch_shards()) {
            return Err(format!(
                "[run] global_batch = {} is not divisible by fsdp*ep*dp*dcn_dp*dcn_fsdp = {} (the chips holding different \
                 sequences): make global_batch a multiple of it",
                self.run.global_batch,
                self.batch_shards()
            ));
        }
        self.check_formats()?;
        if self.run.fp8_scaling.is_some() && self.fp8_training().is_none() {
            return Err("[run] fp8_scaling applies to fp8 training only: remove it, or use mode = \"train\" with \
                        dtype = \"fp8\""
                .into());
        }
        if self.run.mode != Mode::Train && (self.run.offload_activations || self.run.offload_optimizer) {
            return Err("[run] offload_activations and offload_optimizer apply to training only: remove them or use \
                        mode = \"train\""
                .into());
        }
        Ok(())
    }

    /// Dense layers among experts need experts, a dense hidden size and at least one layer of
    /// experts.
    fn check_layer_mix(&self) -> Result<(), String> {
        let m = &self.model;
        if m.dense_layers == 0 && m.moe_every <= 1 {
            return Ok(());
        }
        if m.experts == 0 {
            return Err("[model] dense_layers or moe_every is set but experts = 0: they place dense layers among \
                        layers of experts; remove them for a dense model"
                .into());
        }
        if m.d_ff == 0 || !m.d_ff.is_multiple_of(self.parallel.tp) {
            return Err(format!(
                "[model] d_ff = {} for the dense layers (dense_layers, moe_every) must be positive and divisible by \
                 [parallel] tp = {}",
                m.d_ff, self.parallel.tp
            ));
        }
        if self.moe_layers() == 0 {
            return Err(format!(
                "[model] dense_layers = {} and moe_every = {} leave no layer of experts among layers = {}: lower \
                 them, or set experts = 0 for a dense model",
                m.dense_layers, m.moe_every, m.layers
            ));
        }
        Ok(())
    }

    /// Global layers' own heads need local layers beside them, and heads that group evenly.
    fn check_global_heads(&self) -> Result<(), String> {
        let m = &self.model;
        if m.global_kv_heads == 0 && m.global_head_dim == 0 {
            return Ok(());
        }
        if m.sliding_window == 0 || m.global_every == 0 {
            return Err("[model] global_kv_heads or global_head_dim is set without local and global layers: give \
                        sliding_window and global_every (or remove them)"
                .into());
        }
        if m.global_every == 1 {
            return Err("[model] global_every = 1 makes every layer global, so global_kv_heads and global_head_dim \
                        have no local layers to differ from: give the global heads as kv_heads and head_dim"
                .into());
        }
        let kv = if m.global_kv_heads > 0 { m.global_kv_heads } else { m.kv_heads };
        let tp = self.parallel.tp;
        if !m.heads.is_multiple_of(kv) || !(kv.is_multiple_of(tp) || tp.is_multiple_of(kv)) {
            return Err(format!(
                "[model] global_kv_heads = {kv} must divide heads = {} and divide or be a multiple of [parallel] tp \
                 = {tp}",
                m.heads
            ));
        }
        Ok(())
    }

    /// Context parallelism splits whole sequences of training or prefill.
    fn check_cp(&self) -> Result<(), String> {
        let cp = self.parallel.cp;
        if cp == 1 {
            return Ok(());
        }
        if matches!(self.run.mode, Mode::Decode | Mode::Serve) {
            return Err(format!(
                "[parallel] cp = {cp} splits a sequence's tokens, but decoding has one new token per sequence: use \
                 cp = 1 with mode = \"decode\" or \"serve\" (cp applies to train and prefill)"
            ));
        }
        if !self.run.seq_len.is_multiple_of(2 * cp) {
            return Err(format!(
                "[run] seq_len = {} is not divisible by 2 x [parallel] cp = {}: each chip takes two balanced \
                 chunks of every sequence; choose a cp that divides seq_len / 2",
                self.run.seq_len,
                2 * cp
            ));
        }
        Ok(())
    }

    /// `output_len` belongs to serving, and serving needs it.
    fn check_serve(&self) -> Result<(), String> {
        let serve = self.run.mode == Mode::Serve;
        if serve && self.run.output_len == 0 {
            return Err("[run] mode = \"serve\" needs output_len: the tokens each request generates".into());
        }
        if !serve && self.run.output_len > 0 {
            return Err("[run] output_len applies to mode = \"serve\" only: remove it, or use mode = \"serve\" with \
                        seq_len as the prompt's length"
                .into());
        }
        Ok(())
    }
}
