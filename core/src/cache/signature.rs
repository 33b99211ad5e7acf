//! The dispatcher's in-memory program cache of strict eager mode (`OpCache`), keyed by op
//! signature (`SignatureKey`, also hashed into the compilation cache's keys by `key.rs`).

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;
use std::sync::{Arc, Mutex};

use crate::device::Executable;
use crate::dtype::DType;
use crate::ir::{Graph, Precision, TensorType};
use crate::lower::{Arg, ArgKey, Binding, Lowered};

/// What decides the program an op call runs: the op, its tensor types and every non-float
/// argument value. Runtime floats and tensor strides are not part of it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
pub struct SignatureKey {
    /// The lowering table's name for the op (static, so building a key allocates no string).
    op: &'static str,
    args: Vec<ArgKey>,
    options: CompileOptions,
}

/// Session settings that change the programs compiled from now on (part of every key).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
pub struct CompileOptions {
    /// f32 matmul/convolution precision (`torch.set_float32_matmul_precision`).
    pub precision: Precision,
    /// XLA's `--allow_excess_precision`: bf16/f16 round trips may keep the wider value.
    pub allow_excess_precision: bool,
}

impl SignatureKey {
    pub fn new(op: &'static str, args: &[Arg], static_floats: &[usize], options: CompileOptions) -> Self {
        let args = args.iter().enumerate().map(|(i, a)| a.key(static_floats.contains(&i))).collect();
        SignatureKey { op, args, options }
    }

    /// The compile options the program is compiled with.
    pub fn options(&self) -> CompileOptions {
        self.options
    }

    /// The key of the device-to-device copy program (the destination dtype is applied when
    /// writing the output, so it is not part of the program).
    pub fn copy(dtype: DType, shape: &[usize]) -> Self {
        let args = vec![ArgKey::Tensor(dtype, shape.to_vec())];
        SignatureKey { op: "<copy>", args, options: CompileOptions::default() }
    }
}

pub struct CompiledOp {
    pub exe: Arc<dyn Executable>,
    pub bindings: Vec<Binding>,
    pub outputs: Vec<TensorType>,
    pub rng_draws: u64,
    pub graph: Graph,
}

impl CompiledOp {
    pub fn new(exe: Arc<dyn Executable>, lowered: Lowered) -> Self {
        CompiledOp {
            exe,
            outputs: lowered.graph.output_types(),
            rng_draws: lowered.graph.rng_draws(),
            bindings: lowered.bindings,
            graph: lowered.graph,
        }
    }
}

#[derive(Default)]
pub struct OpCache {
    // Looked up once per op call: Fx hashing costs a fraction of the default SipHash, and keys
    // are not attacker-chosen.
    map: Mutex<HashMap<SignatureKey, Arc<CompiledOp>, FxBuildHasher>>,
}

impl OpCache {
    pub fn get(&self, key: &SignatureKey) -> Option<Arc<CompiledOp>> {
        self.map.lock().unwrap().get(key).cloned()
    }
    pub fn insert(&self, key: SignatureKey, op: Arc<CompiledOp>) {
        self.map.lock().unwrap().insert(key, op);
    }
    pub fn len(&self) -> usize {
        self.map.lock().unwrap().len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn graphs(&self) -> Vec<Graph> {
        self.map.lock().unwrap().values().map(|c| c.graph.clone()).collect()
    }
}
