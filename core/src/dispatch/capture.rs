//! Captured programs, for `torch.compile(backend="tpu")`: a compiled graph's first call runs
//! in defer-and-fuse mode, and the program it recorded, from the graph's inputs to its
//! outputs, becomes one executable that later calls run directly (no per-op dispatch).
//!
//! A capture is valid only when the recording is exactly the graph: nothing ran on its own
//! during it, every buffer it read is one of the inputs, and every buffer it wrote is an
//! output or an input (an input written is written back on every call).

use std::sync::Arc;

use super::recording::Recording;
use super::{Dispatcher, EagerMode, SyncReason};
use crate::device::{ExecInput, Executable, TensorView};
use crate::error::{Error, Result};
use crate::ir::{Graph, NodeId, Op, ParamKind, TensorType};

/// Where a captured program's parameter comes from on each call.
#[derive(Debug, Clone)]
enum Source {
    /// Input `k`, read through a view at `offset` elements past the input's own offset, as
    /// `dtype` (the input's, or one of its width: a `.view(dtype)` inside the graph).
    Input { k: usize, offset: usize, shape: Vec<usize>, strides: Vec<isize>, dtype: crate::dtype::DType },
    /// A host scalar fixed when the graph was captured.
    Scalar(f64),
    /// The generator, advanced by `draws` counters per call.
    Rng { draws: u64 },
}

/// A graph's recorded program: call it with views like the capture's inputs.
pub struct Captured {
    exe: Arc<dyn Executable>,
    sources: Vec<Source>,
    /// (shape, strides, dtype) of each input at capture; calls must match.
    inputs: Vec<(Vec<usize>, Vec<isize>, crate::dtype::DType)>,
    /// Types of the new outputs, then the inputs written back (input index).
    outputs: Vec<TensorType>,
    writebacks: Vec<usize>,
    pub graph: Graph,
}

/// Why the recording of a graph cannot be replayed (the graph then runs op by op).
fn refuse(why: &str) -> Error {
    Error::invalid(format!("the graph cannot be captured as one program: {why}"))
}

impl Dispatcher {
    /// Starts capturing: runs what was pending, so the recording holds the graph alone.
    pub fn capture_begin(&self) -> Result<()> {
        self.flush_for(SyncReason::GraphCapture)?;
        *self.capture_mark.lock().unwrap() = Some(self.stats());
        Ok(())
    }

    /// The program recorded since `capture_begin`, from `inputs` to `outputs` (views the
    /// graph returned). The recording itself stays pending, so this call's outputs are
    /// computed at the next sync point as usual.
    pub fn capture_end(&self, inputs: &[TensorView], outputs: &[TensorView]) -> Result<Captured> {
        let mark = self.capture_mark.lock().unwrap().take().ok_or_else(|| refuse("capture_begin was not called"))?;
        let now = self.stats();
        if now.flushes != mark.flushes || now.ops_executed != mark.ops_executed {
            return Err(refuse("an op in it needed its inputs' values on the host, or ran on its own"));
        }
        let rec = self.recording.lock().unwrap();
        let mut b = rec.b.clone();
        let mut sources = Vec::with_capacity(rec.inputs.len());
        let input_of = |v: &TensorView| {
            inputs.iter().position(|i| {
                let same_width = v.dtype == i.dtype || crate::ir::bitcast_compatible(i.dtype, v.dtype);
                i.buffer == v.buffer && v.offset >= i.offset && same_width
            })
        };
        for input in &rec.inputs {
            sources.push(match input {
                ExecInput::Tensor(v) => {
                    let k = input_of(v).ok_or_else(|| refuse("it reads a tensor that is not one of its inputs"))?;
                    Source::Input {
                        k,
                        offset: v.offset - inputs[k].offset,
                        shape: v.shape.clone(),
                        strides: v.strides.clone(),
                        dtype: v.dtype,
                    }
                }
                ExecInput::HostScalar(x) => Source::Scalar(*x),
                ExecInput::RngState(_) => Source::Rng { draws: 0 },
            });
        }
        let mut outs: Vec<NodeId> = Vec::new();
        for o in outputs {
            outs.push(read_output(&rec, &mut b, o)?);
        }
        let mut writebacks = Vec::new();
        for (&buffer, p) in &rec.values {
            if let Some(k) = inputs.iter().position(|i| i.buffer == buffer) {
                if !p.reserved {
                    outs.push(p.node);
                    writebacks.push(k);
                }
            } else if !outputs.iter().any(|o| o.buffer == buffer) && !p.reserved {
                return Err(refuse("it writes a tensor that is neither an input nor an output"));
            }
        }
        let graph = b.finish(outs);
        count_draws(&graph, &mut sources);
        let outputs = graph.output_types()[..outputs.len()].to_vec();
        drop(rec);
        let exe = self.compile_graph(&graph)?;
        self.stats.lock().unwrap().compilations += 1;
        let inputs = inputs.iter().map(|v| (v.shape.clone(), v.strides.clone(), v.dtype)).collect();
        Ok(Captured { exe, sources, inputs, outputs, writebacks, graph })
    }

    /// Runs a captured program on `inputs` (views shaped like the capture's): returns its new
    /// outputs, and writes the inputs it modifies.
    pub fn run_captured(&self, c: &Captured, inputs: &[TensorView]) -> Result<Vec<TensorView>> {
        let same = inputs.len() == c.inputs.len()
            && inputs
                .iter()
                .zip(&c.inputs)
                .all(|(v, (shape, strides, dtype))| &v.shape == shape && &v.strides == strides && v.dtype == *dtype);
        if !same {
            return Err(Error::invalid("captured program called with inputs of other shapes, strides or dtypes"));
        }
        // The program reads device memory: anything pending that it may read runs first.
        self.flush_for(SyncReason::GraphCapture)?;
        let bound: Vec<ExecInput> = c
            .sources
            .iter()
            .map(|s| match s {
                Source::Input { k, offset, shape, strides, dtype } => ExecInput::Tensor(TensorView {
                    buffer: inputs[*k].buffer,
                    offset: inputs[*k].offset + offset,
                    shape: shape.clone(),
                    strides: strides.clone(),
                    dtype: *dtype,
                }),
                Source::Scalar(x) => ExecInput::HostScalar(*x),
                Source::Rng { draws } => ExecInput::RngState(self.advance_rng(*draws)),
            })
            .collect();
        let mut fresh = Vec::with_capacity(c.outputs.len());
        for ty in &c.outputs {
            match self.alloc_for(ty) {
                Ok(v) => fresh.push(v),
                Err(e) => {
                    fresh.iter().for_each(|v: &TensorView| self.device.free(v.buffer));
                    return Err(e);
                }
            }
        }
        let mut targets = fresh.clone();
        targets.extend(c.writebacks.iter().map(|&k| inputs[k].clone()));
        // In defer-and-fuse the host goes on while it runs, as with a deferred program.
        let run = if self.mode() == EagerMode::DeferAndFuse {
            self.device.execute_async(Arc::clone(&c.exe), bound, targets)
        } else {
            self.device.execute(c.exe.as_ref(), &bound, &targets)
        };
        if let Err(e) = run {
            fresh.iter().for_each(|v| self.device.free(v.buffer));
            return Err(e);
        }
        self.stats.lock().unwrap().ops_executed += 1;
        Ok(fresh)
    }
}

/// The value of output view `o`: a pending buffer's, or an input read back.
fn read_output(rec: &Recording, b: &mut crate::ir::GraphBuilder, o: &TensorView) -> Result<NodeId> {
    match rec.values.get(&o.buffer) {
        Some(p) if p.dtype == o.dtype => super::view_expr::read(b, p.node, o),
        Some(p) if crate::ir::bitcast_compatible(p.dtype, o.dtype) => {
            let bits = b.bitcast_convert(p.node, o.dtype)?;
            super::view_expr::read(b, bits, o)
        }
        Some(_) => Err(refuse("an output reinterprets a result as a dtype of another width")),
        None => Err(refuse("an output is not computed by the graph (an input or a constant)")),
    }
}

/// Each generator parameter's draws per call: the values its random nodes make.
fn count_draws(graph: &Graph, sources: &mut [Source]) {
    let mut param_node = vec![None; graph.params.len()];
    for (i, n) in graph.nodes.iter().enumerate() {
        if let Op::Parameter(k) = n.op {
            if graph.params[k].kind == ParamKind::RngState {
                param_node[k] = Some(i);
            }
        }
    }
    for (k, s) in sources.iter_mut().enumerate() {
        if let (Source::Rng { draws }, Some(node)) = (s, param_node[k]) {
            *draws = graph
                .nodes
                .iter()
                .filter(|n| matches!(n.op, Op::RngUniform) && n.inputs.first() == Some(&node))
                .map(|n| n.ty.numel() as u64)
                .sum();
        }
    }
}
