//! The eager dispatcher: runs one ATen op at a time on a device.
//!
//! Strict mode (`EagerMode::DeferNever`): an op is lowered to a small graph, compiled once per
//! signature (op name, tensor types, non-float argument values) and kept in an in-memory cache,
//! then executed with the call's buffers and scalars bound to the graph's parameters.
//! Defer-and-fuse (`EagerMode::DeferAndFuse`, `defer.rs`): the same graphs are inlined into one
//! pending program that runs at the next sync point.

mod capture;
mod defer;
mod mode;
mod nan_check;
mod recording;
mod startup;
mod sync_point;
mod view_expr;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rustc_hash::FxBuildHasher;

pub use capture::Captured;
pub use mode::EagerMode;
pub use startup::Startup;
pub use sync_point::{SyncObserver, SyncReason};

use crate::cache::{CacheKey, CompileCache, CompileOptions, CompiledOp, OpCache, SignatureKey};
use crate::device::{Device, ExecInput, Executable, TensorView};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{keep_excess_precision, Graph, GraphBuilder, Precision, TensorType};
use crate::lower::{self, Arg, Binding, LowerCtx, Lowered};

/// Counters a user can read through `torch.tpu`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DispatchStats {
    /// Ops run one at a time (strict and debug modes, and deferred ops that had to run alone).
    pub ops_executed: u64,
    pub compilations: u64,
    pub cache_hits: u64,
    /// Ops recorded into deferred programs.
    pub ops_deferred: u64,
    /// Deferred programs run (flushes with work to do).
    pub flushes: u64,
    /// `flushes` by their reason, indexed as `SyncReason::ALL`.
    pub flushes_by_reason: [u64; SyncReason::ALL.len()],
}

#[derive(Debug, Clone, Copy, Default)]
struct RngState {
    seed: i64,
    offset: i64,
}

/// PyTorch's `canCast` for writing a result into an existing tensor: no float into an
/// integer, nothing but bool into bool.
pub fn can_cast(from: DType, to: DType) -> bool {
    let float_to_integral = from.is_float() && !to.is_float();
    let to_bool = from != DType::Bool && to == DType::Bool;
    !float_to_integral && !to_bool
}

/// `can_cast` as an error, worded as PyTorch words it for an `out=` tensor.
fn check_cast(from: DType, to: DType) -> Result<()> {
    if can_cast(from, to) {
        return Ok(());
    }
    Err(Error::invalid(format!("result type {from} can't be cast to the desired output type {to}")))
}

pub struct Dispatcher {
    device: Arc<dyn Device>,
    cache: OpCache,
    rng: Mutex<RngState>,
    stats: Mutex<DispatchStats>,
    mode: Mutex<EagerMode>,
    /// Whether debug mode checks every float result for NaN and Inf.
    nan_check: std::sync::atomic::AtomicBool,
    /// Settings for programs compiled from now on.
    options: Mutex<CompileOptions>,
    /// Defer-and-fuse: the ops recorded since the last flush.
    recording: Mutex<recording::Recording>,
    /// Deferred programs compiled so far, by their graph (compared node by node, literals by
    /// their bits; formatting a 2,000-node step as text took half a millisecond per flush).
    /// Fx hashing: the whole graph is hashed at every flush, and keys are not attacker-chosen.
    programs: Mutex<HashMap<Graph, Arc<dyn Executable>, FxBuildHasher>>,
    /// The counters when the current capture began (`capture.rs`).
    capture_mark: Mutex<Option<DispatchStats>>,
    /// The three-tier compilation cache behind `cache` (optimized programs, shared).
    compile_cache: Arc<CompileCache>,
    /// The chip key programs are compiled for (part of every compilation cache key).
    target: String,
    /// Told of every sync point that ran a program (`set_sync_observer`).
    sync_observer: Mutex<Option<SyncObserver>>,
}

impl Dispatcher {
    /// A dispatcher using the process-wide compilation cache (`CompileCache::global`).
    pub fn new(device: Arc<dyn Device>) -> Self {
        Self::with_compile_cache(device, CompileCache::global())
    }

    pub fn with_compile_cache(device: Arc<dyn Device>, compile_cache: Arc<CompileCache>) -> Self {
        let target = device.properties().chip;
        Dispatcher {
            compile_cache,
            target,
            device,
            cache: OpCache::default(),
            rng: Mutex::new(RngState::default()),
            stats: Mutex::new(DispatchStats::default()),
            mode: Mutex::new(EagerMode::DeferNever),
            nan_check: std::sync::atomic::AtomicBool::new(false),
            options: Mutex::new(CompileOptions::default()),
            recording: Mutex::new(recording::Recording::default()),
            programs: Mutex::new(HashMap::default()),
            capture_mark: Mutex::new(None),
            sync_observer: Mutex::new(None),
        }
    }

    pub fn device(&self) -> &Arc<dyn Device> {
        &self.device
    }

    pub fn stats(&self) -> DispatchStats {
        *self.stats.lock().unwrap()
    }

    pub fn mode(&self) -> EagerMode {
        *self.mode.lock().unwrap()
    }

    /// Turns debug mode's NaN/Inf check on or off (it runs only in
    /// `EagerMode::DeferNeverAndLaunchBlocking`).
    pub fn set_nan_check(&self, on: bool) {
        self.nan_check.store(on, std::sync::atomic::Ordering::Relaxed);
    }

    pub fn nan_check(&self) -> bool {
        self.nan_check.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Calls `observer` at every sync point that runs a deferred program, with its reason.
    pub fn set_sync_observer(&self, observer: Option<SyncObserver>) {
        *self.sync_observer.lock().unwrap() = observer;
    }

    /// Switches the eager mode (running what was deferred first).
    pub fn set_mode(&self, mode: EagerMode) -> Result<()> {
        self.flush_for(SyncReason::ModeSwitch)?;
        *self.mode.lock().unwrap() = mode;
        Ok(())
    }

    pub fn options(&self) -> CompileOptions {
        *self.options.lock().unwrap()
    }

    pub fn precision(&self) -> Precision {
        self.options().precision
    }

    /// Sets the precision of f32 matmuls and convolutions (`torch.set_float32_matmul_precision`).
    /// It is part of every program's cache key, so programs of either setting stay cached.
    pub fn set_precision(&self, precision: Precision) {
        self.options.lock().unwrap().precision = precision;
    }

    /// XLA's `--allow_excess_precision` for programs compiled from now on (also keyed).
    pub fn set_allow_excess_precision(&self, allow: bool) {
        self.options.lock().unwrap().allow_excess_precision = allow;
    }

    pub fn manual_seed(&self, seed: i64) {
        *self.rng.lock().unwrap() = RngState { seed, offset: 0 };
    }

    /// The generator's (seed, offset), for `torch.tpu.get_rng_state`.
    pub fn rng_state(&self) -> [i64; 2] {
        let rng = self.rng.lock().unwrap();
        [rng.seed, rng.offset]
    }

    pub fn set_rng_state(&self, state: [i64; 2]) {
        *self.rng.lock().unwrap() = RngState { seed: state[0], offset: state[1] };
    }

    pub fn seed(&self) -> i64 {
        self.rng.lock().unwrap().seed
    }

    /// The lowered graph an op would run, for inspection and snapshot tests.
    pub fn lower(&self, op: &str, args: &[Arg]) -> Result<Lowered> {
        self.lower_with(op, args, self.options())
    }

    fn lower_with(&self, op: &str, args: &[Arg], options: CompileOptions) -> Result<Lowered> {
        let entry = lower::entry_for(op, args)?.ok_or_else(|| Error::UnsupportedOp { op: op.to_string() })?;
        let mut ctx = LowerCtx::with_precision(op, args, options.precision);
        let outputs = (entry.lower)(&mut ctx)?;
        let mut lowered = ctx.finish(outputs);
        if options.allow_excess_precision {
            keep_excess_precision(&mut lowered.graph);
        }
        Ok(lowered)
    }

    fn compiled(&self, op: &str, args: &[Arg]) -> Result<Arc<CompiledOp>> {
        let entry = lower::entry_for(op, args)?.ok_or_else(|| Error::UnsupportedOp { op: op.to_string() })?;
        let options = self.options();
        let key = SignatureKey::new(entry.name, args, entry.static_floats, options);
        if let Some(hit) = self.cache.get(&key) {
            self.stats.lock().unwrap().cache_hits += 1;
            return Ok(hit);
        }
        let compiled = Arc::new(self.compile_signature(op, args, options, &key)?);
        self.stats.lock().unwrap().compilations += 1;
        self.cache.insert(key, compiled.clone());
        Ok(compiled)
    }

    /// Compiles an op's program for the device, taking the optimized program from the
    /// compilation cache when it has it (a hit skips lowering and optimizing).
    fn compile_signature(
        &self,
        op: &str,
        args: &[Arg],
        options: CompileOptions,
        key: &SignatureKey,
    ) -> Result<CompiledOp> {
        let cache_key = CacheKey::for_signature(key, &self.target)?;
        if let Some((program, _tier)) = self.compile_cache.get(&cache_key) {
            match self.device.compile(&program.graph) {
                Ok(exe) => return Ok(CompiledOp::new(exe, Lowered::clone(&program))),
                Err(e) => self.compile_cache.invalidate(&cache_key, &format!("aten::{op}: the device rejects it: {e}")),
            }
        }
        let start = std::time::Instant::now();
        let lowered = self.lower_with(op, args, options)?;
        let optimized = Lowered { graph: crate::passes::optimize(&lowered.graph), bindings: lowered.bindings };
        self.compile_cache.record_compile_time(start.elapsed());
        let exe = self.device.compile(&optimized.graph)?;
        let program = Arc::new(optimized);
        self.compile_cache.put(&cache_key, program.clone());
        Ok(CompiledOp::new(exe, Lowered::clone(&program)))
    }

    /// Counters of the compilation cache this dispatcher uses.
    pub fn compile_cache(&self) -> &Arc<CompileCache> {
        &self.compile_cache
    }

    fn compile_lowered(&self, lowered: Lowered) -> Result<CompiledOp> {
        Ok(CompiledOp::new(self.compile_graph(&lowered.graph)?, lowered))
    }

    /// Optimizes `graph` and compiles it for the device.
    fn compile_graph(&self, graph: &Graph) -> Result<Arc<dyn Executable>> {
        self.device.compile(&crate::passes::optimize(graph))
    }

    /// Runs `op` on `args`. Output i is written into `dests[i]` when given and of the right
    /// shape (the result is then `None`); otherwise it goes to a new contiguous buffer, whose
    /// view is returned and which the caller owns.
    pub fn run(&self, op: &str, args: &[Arg], dests: &[Option<TensorView>]) -> Result<Vec<Option<TensorView>>> {
        if self.mode() == EagerMode::DeferAndFuse {
            return self.record(op, args, dests);
        }
        self.run_now(op, args, dests)
    }

    /// Runs `op` at once (strict and debug modes).
    fn run_now(&self, op: &str, args: &[Arg], dests: &[Option<TensorView>]) -> Result<Vec<Option<TensorView>>> {
        let compiled = self.compiled(op, args)?;
        let inputs = self.bind_inputs(op, &compiled, args)?;
        let (fresh, targets) = self.execute(&compiled, &inputs, dests)?;
        if self.nan_check() && self.mode() == EagerMode::DeferNeverAndLaunchBlocking {
            if let Err(e) = self.check_finite(op, &targets) {
                for v in fresh.iter().flatten() {
                    self.device.free(v.buffer);
                }
                return Err(e);
            }
        }
        Ok(fresh)
    }

    /// Debug mode's check of an op's results.
    fn check_finite(&self, op: &str, outputs: &[TensorView]) -> Result<()> {
        for (k, view) in outputs.iter().enumerate() {
            if let Some(f) = nan_check::scan(self.device.as_ref(), view)? {
                return Err(Error::NonFinite {
                    op: op.to_string(),
                    output: k,
                    index: f.index,
                    value: if f.value.is_nan() { "NaN".into() } else { format!("{}", f.value) },
                    count: f.count,
                });
            }
        }
        Ok(())
    }

    fn bind_inputs(&self, op: &str, compiled: &CompiledOp, args: &[Arg]) -> Result<Vec<ExecInput>> {
        let missing = || Error::internal(format!("aten::{op}: a binding names a missing argument"));
        let mut rng = None;
        let inputs = compiled
            .bindings
            .iter()
            .map(|b| match *b {
                Binding::Tensor { arg, elem } => match (args.get(arg), elem) {
                    (Some(Arg::Tensor(v)), None) => Ok(ExecInput::Tensor(v.clone())),
                    (Some(Arg::TensorList(l)), Some(e)) => {
                        l.get(e).cloned().flatten().map(ExecInput::Tensor).ok_or_else(missing)
                    }
                    _ => Err(missing()),
                },
                Binding::Scalar { arg, elem } => match (args.get(arg), elem) {
                    (Some(Arg::Float(f)), None) => Ok(ExecInput::HostScalar(*f)),
                    (Some(Arg::Int(i)), None) => Ok(ExecInput::HostScalar(*i as f64)),
                    (Some(Arg::FloatList(l)), Some(e)) => {
                        l.get(e).map(|f| ExecInput::HostScalar(*f)).ok_or_else(missing)
                    }
                    _ => Err(missing()),
                },
                Binding::Rng => {
                    let state = *rng.get_or_insert_with(|| self.advance_rng(compiled.rng_draws));
                    Ok(ExecInput::RngState(state))
                }
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(inputs)
    }

    /// Reserves `draws` counters of the generator and returns the (seed, offset) to use.
    fn advance_rng(&self, draws: u64) -> [i64; 2] {
        let mut rng = self.rng.lock().unwrap();
        let state = [rng.seed, rng.offset];
        rng.offset = rng.offset.wrapping_add(draws as i64);
        state
    }

    fn execute(
        &self,
        compiled: &CompiledOp,
        inputs: &[ExecInput],
        dests: &[Option<TensorView>],
    ) -> Result<(Vec<Option<TensorView>>, Vec<TensorView>)> {
        let mut targets = Vec::with_capacity(compiled.outputs.len());
        let mut fresh = Vec::with_capacity(compiled.outputs.len());
        let release = |fresh: &[Option<TensorView>]| {
            for v in fresh.iter().flatten() {
                self.device.free(v.buffer);
            }
        };
        for (i, ty) in compiled.outputs.iter().enumerate() {
            let dest = dests.get(i).cloned().flatten();
            if let Some(d) = &dest {
                if let Err(e) = check_cast(ty.dtype, d.dtype) {
                    release(&fresh);
                    return Err(e);
                }
            }
            match dest {
                Some(d) if d.shape == ty.shape => {
                    targets.push(d);
                    fresh.push(None);
                }
                _ => match self.alloc_for(ty) {
                    Ok(v) => {
                        targets.push(v.clone());
                        fresh.push(Some(v));
                    }
                    Err(e) => {
                        release(&fresh);
                        return Err(e);
                    }
                },
            }
        }
        if let Err(e) = self.device.execute(compiled.exe.as_ref(), inputs, &targets) {
            release(&fresh);
            return Err(e);
        }
        self.stats.lock().unwrap().ops_executed += 1;
        Ok((fresh, targets))
    }

    fn alloc_for(&self, ty: &TensorType) -> Result<TensorView> {
        let buffer = self.device.alloc_output(ty.size_bytes())?;
        Ok(TensorView::contiguous(buffer, ty.dtype, ty.shape.clone()))
    }

    /// Copies `src` into `dst` on the device (strided on both sides, converting dtype).
    /// Shapes must be equal; the caller expands broadcasts first.
    pub fn copy(&self, src: &TensorView, dst: &TensorView) -> Result<()> {
        if src.shape != dst.shape {
            return Err(Error::invalid(format!(
                "copy_: source shape {:?} does not match destination shape {:?}",
                src.shape, dst.shape
            )));
        }
        if dst.numel() == 0 {
            return Ok(());
        }
        if self.mode() == EagerMode::DeferAndFuse && self.record_copy(src, dst)? {
            return Ok(());
        }
        let key = SignatureKey::copy(src.dtype, &src.shape);
        let compiled = match self.cache.get(&key) {
            Some(c) => c,
            None => {
                let mut b = GraphBuilder::new();
                let p = b.param(TensorType::new(src.dtype, src.shape.clone()));
                let lowered =
                    Lowered { graph: b.finish(vec![p]), bindings: vec![Binding::Tensor { arg: 0, elem: None }] };
                let c = Arc::new(self.compile_lowered(lowered)?);
                self.cache.insert(key, c.clone());
                c
            }
        };
        self.device.execute(compiled.exe.as_ref(), &[ExecInput::Tensor(src.clone())], std::slice::from_ref(dst))
    }

    /// Number of distinct programs compiled so far.
    pub fn cached_programs(&self) -> usize {
        self.cache.len()
    }

    /// The graphs compiled so far, for inspection.
    pub fn cached_graphs(&self) -> Vec<Graph> {
        self.cache.graphs()
    }
}
