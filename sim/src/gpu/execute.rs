//! Runs a program on the GPU by its plan (`plan.rs`): parameters are uploaded once, every
//! kernel reads and writes GPU buffers, and values come back to the host only for a CPU
//! fallback and for the program's outputs, which are written to simulated HBM as on the CPU
//! path. Kernels are recorded into one command encoder, submitted when the host needs a value.

use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};

use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::ir::{Graph, NodeId, Op};
use tpudev_core::{DType, Error, Result};

use super::context::GpuContext;
use super::plan::{storage, Form, GpuPlan, Kernel, Kind, Step};
use super::stats;
use crate::exec::collective::{self, Exchange};
use crate::exec::interpret::{bind, check_io, eval, finish, panic_error, store_output};
use crate::exec::value::{array, elems, Data, Value};
use crate::exec::SimExecutable;
use crate::hbm::{Hbm, HbmState};

struct Run<'a> {
    ctx: &'a GpuContext,
    g: &'a Graph,
    plan: &'a GpuPlan,
    bufs: Vec<Option<wgpu::Buffer>>,
    cpu: Vec<Option<Value>>,
    encoder: Option<wgpu::CommandEncoder>,
}

/// A value's bytes in its GPU kind.
fn to_bytes(v: &Value) -> Vec<u8> {
    match &v.data {
        Data::F32(a) => bytemuck::cast_slice(elems(a)).to_vec(),
        // i64 values only reach the GPU as raw words (rng_uniform's state); the others are i32.
        Data::Int(a) if v.dtype == DType::I64 => bytemuck::cast_slice(elems(a)).to_vec(),
        Data::Int(a) => elems(a).iter().flat_map(|&x| (x as i32).to_le_bytes()).collect(),
        Data::Bool(a) => elems(a).iter().flat_map(|&b| u32::from(b).to_le_bytes()).collect(),
        Data::F64(a) => bytemuck::cast_slice(elems(a)).to_vec(),
    }
}

/// A value of `dtype` and `shape` from bytes in its GPU kind.
fn from_bytes(bytes: &[u8], dtype: DType, shape: &[usize]) -> Value {
    let words = bytes.chunks_exact(4).map(|c| [c[0], c[1], c[2], c[3]]);
    let data = match Kind::of(dtype) {
        Some(Kind::I32) => Data::Int(array(shape, words.map(|w| i32::from_le_bytes(w) as i64).collect())),
        Some(Kind::Bool) => Data::Bool(array(shape, words.map(|w| u32::from_le_bytes(w) != 0).collect())),
        _ => Data::F32(array(shape, words.map(f32::from_le_bytes).collect())),
    };
    Value::new(dtype, data)
}

impl Run<'_> {
    fn encoder(&mut self) -> &mut wgpu::CommandEncoder {
        let device = &self.ctx.device;
        self.encoder.get_or_insert_with(|| device.create_command_encoder(&Default::default()))
    }

    fn submit(&mut self) {
        if let Some(e) = self.encoder.take() {
            self.ctx.queue.submit([e.finish()]);
        }
    }

    fn new_buffer(&self, bytes: u64) -> wgpu::Buffer {
        self.ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: bytes.max(4),
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    }

    fn upload(&mut self, i: NodeId, v: &Value) -> Result<()> {
        let bytes = to_bytes(v);
        let buf = self.ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: (bytes.len() as u64).max(4),
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: true,
        });
        {
            let mut view = buf.slice(..).get_mapped_range_mut().map_err(|e| Error::internal(e.to_string()))?;
            view.copy_from_slice(&bytes);
        }
        buf.unmap();
        stats::record(|s| s.bytes_up += bytes.len() as u64);
        self.bufs[i] = Some(buf);
        Ok(())
    }

    /// Copies the values of nodes `js` back from their buffers, in one submission.
    fn download(&mut self, js: &[NodeId]) -> Result<Vec<Value>> {
        let mut staged = Vec::with_capacity(js.len());
        for &j in js {
            let s = storage(&self.plan.forms, j);
            let bytes = self.g.nodes[j].ty.numel() as u64 * 4;
            let src = self.bufs[s].clone().ok_or_else(|| Error::internal(format!("GPU buffer of %{s} is missing")))?;
            let dst = self.ctx.device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: bytes.max(4),
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            self.encoder().copy_buffer_to_buffer(&src, 0, &dst, 0, bytes.max(4));
            staged.push((j, dst, bytes));
        }
        self.submit();
        for (_, dst, _) in &staged {
            dst.slice(..).map_async(wgpu::MapMode::Read, |_| {});
        }
        self.ctx
            .device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| Error::internal(format!("the GPU did not finish: {e}")))?;
        let mut out = Vec::with_capacity(staged.len());
        for (j, dst, bytes) in staged {
            let ty = &self.g.nodes[j].ty;
            let v = {
                let view = dst.slice(..).get_mapped_range().map_err(|e| Error::internal(e.to_string()))?;
                from_bytes(&view[..bytes as usize], ty.dtype, &ty.shape)
            };
            dst.unmap();
            stats::record(|s| s.bytes_down += bytes);
            out.push(v);
        }
        Ok(out)
    }

    fn dispatch(&mut self, k: &Kernel) -> Result<()> {
        let pipeline = self.ctx.pipeline(&k.source)?;
        for &w in &k.writes {
            if self.bufs[w].is_none() {
                self.bufs[w] = Some(self.new_buffer(self.g.nodes[w].ty.numel() as u64 * 4));
            }
        }
        for &r in &k.reads {
            // A host value a kernel reads as raw words (the i64 state of rng_uniform).
            if self.bufs[r].is_none() {
                if let Some(v) = self.cpu[r].take() {
                    self.upload(r, &v)?;
                    self.cpu[r] = Some(v);
                }
            }
        }
        let mut entries = Vec::with_capacity(k.reads.len() + k.writes.len());
        for (b, &j) in k.reads.iter().chain(&k.writes).enumerate() {
            let buf = self.bufs[j].as_ref().ok_or_else(|| Error::internal(format!("GPU buffer of %{j} is missing")))?;
            entries.push(wgpu::BindGroupEntry { binding: b as u32, resource: buf.as_entire_binding() });
        }
        let group = self.ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(0),
            entries: &entries,
        });
        let [x, y, z] = k.workgroups;
        {
            let mut pass = self.encoder().begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(x, y, z);
        }
        stats::record(|s| s.kernels += 1);
        Ok(())
    }

    /// Runs node i with the CPU kernels.
    fn fallback(&mut self, i: NodeId, ex: &dyn Exchange) -> Result<()> {
        let node = &self.g.nodes[i];
        let on_gpu: Vec<NodeId> =
            node.inputs.iter().copied().filter(|&j| !matches!(self.plan.forms[j], Form::Cpu)).collect();
        let mut fetched = self.download(&on_gpu)?.into_iter();
        let mut args: Vec<Cow<'_, Value>> = Vec::with_capacity(node.inputs.len());
        for &j in &node.inputs {
            args.push(match self.plan.forms[j] {
                Form::Cpu => Cow::Borrowed(self.cpu[j].as_ref().ok_or_else(|| Error::internal("operand missing"))?),
                _ => Cow::Owned(fetched.next().ok_or_else(|| Error::internal("operand missing"))?),
            });
        }
        let mut v = if node.op.is_collective() {
            let operand = args.pop().ok_or_else(|| Error::internal("operand missing"))?.into_owned();
            collective::run(i, node, operand, ex)?
        } else {
            eval(node, args)?
        };
        finish(i, node, &mut v)?;
        stats::record(|s| *s.fallbacks.entry(node.op.name().to_string()).or_default() += 1);
        if matches!(self.plan.forms[i], Form::Buffer) {
            self.upload(i, &v)?;
        } else {
            self.cpu[i] = Some(v);
        }
        Ok(())
    }

    fn run(&mut self, state: &HbmState, inputs: &[ExecInput], ex: &dyn Exchange) -> Result<Vec<Value>> {
        for (k, step) in self.plan.steps.iter().enumerate() {
            match step {
                Step::Upload(i) | Step::BindCpu(i) => {
                    let Op::Parameter(p) = self.g.nodes[*i].op else {
                        return Err(Error::internal("an upload that is not a parameter"));
                    };
                    let v = bind(state, p, &self.g.params[p], &inputs[p])?;
                    if matches!(step, Step::Upload(_)) {
                        self.upload(*i, &v)?;
                    } else {
                        self.cpu[*i] = Some(v);
                    }
                }
                Step::Kernel(kernel) => self.dispatch(kernel)?,
                Step::Cpu(i) => self.fallback(*i, ex)?,
            }
            for &j in &self.plan.free_after[k] {
                self.bufs[j] = None;
                self.cpu[j] = None;
            }
        }
        let outs = &self.g.outputs;
        let on_gpu: Vec<NodeId> = outs.iter().copied().filter(|&o| !matches!(self.plan.forms[o], Form::Cpu)).collect();
        let mut fetched = self.download(&on_gpu)?.into_iter();
        outs.iter()
            .map(|&o| match self.plan.forms[o] {
                Form::Cpu => self.cpu[o].clone().ok_or_else(|| Error::internal("output not computed")),
                _ => fetched.next().ok_or_else(|| Error::internal("output not computed")),
            })
            .collect()
    }
}

/// Runs `exe` by `plan` on the GPU, with the same contract as `interpret::execute_replica`.
pub fn execute(
    ctx: &GpuContext,
    exe: &SimExecutable,
    plan: &GpuPlan,
    hbm: &Hbm,
    inputs: &[ExecInput],
    outputs: &[TensorView],
    ex: &dyn Exchange,
) -> Result<()> {
    let g = &*exe.graph;
    let mut state = hbm.write();
    check_io(exe, &state, inputs, outputs)?;
    let n = g.nodes.len();
    let mut run = Run { ctx, g, plan, bufs: vec![None; n], cpu: vec![None; n], encoder: None };
    let scope = ctx.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
    let values = catch_unwind(AssertUnwindSafe(|| run.run(&state, inputs, ex))).map_err(panic_error);
    if let Some(e) = pollster::block_on(scope.pop()) {
        return Err(Error::invalid(format!("the GPU could not run the program: {e} (TPUDEV_SIM_EXEC=cpu avoids it)")));
    }
    let values = values??;
    stats::record(|s| s.programs += 1);
    for (view, v) in outputs.iter().zip(&values) {
        if view.numel() > 0 {
            store_output(&mut state, v, view)?;
        }
    }
    Ok(())
}
