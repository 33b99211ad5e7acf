//! Defer-and-fuse (`EagerMode::DeferAndFuse`): ops are recorded into one pending program
//! (`recording.rs`) instead of run. At a sync point (a host read or write of a buffer the
//! program involves, `synchronize`, a mode switch, a size limit) the program is finished with
//! the values of the buffers that are still alive as its outputs, optimized, compiled (cached
//! by its text, so a training loop compiles its step once) and run. Intermediates whose
//! tensors died before then are never materialized, and the compiler fuses across ops.
//!
//! The program runs asynchronously where the device can (`Device::execute_async`): the host
//! records the next ops while it runs, and a read of a small result (a loss) waits only for
//! that result. An op that recording cannot express (reading a pending buffer as another
//! dtype) runs the program so far, then runs alone as in strict mode. Results equal strict
//! mode's: both run the same lowered graphs, and the optimizer and the simulator keep every
//! op's bits.

use std::sync::Arc;

use super::recording::{Recording, MAX_NODES};
use super::{check_cast, Dispatcher, EagerMode, SyncReason};
use crate::device::{BufferId, ExecInput, RunBuffers, TensorView};
use crate::error::Result;
use crate::lower::Arg;

impl Dispatcher {
    /// Records `op` into the pending program; returns the views of new outputs as `run` does.
    pub(super) fn record(
        &self,
        op: &str,
        args: &[Arg],
        dests: &[Option<TensorView>],
    ) -> Result<Vec<Option<TensorView>>> {
        let compiled = self.compiled(op, args)?;
        let inputs = self.bind_inputs(op, &compiled, args)?;
        for (ty, d) in compiled.outputs.iter().zip(dests) {
            if let Some(d) = d {
                check_cast(ty.dtype, d.dtype)?;
            }
        }
        let targets: Vec<Option<TensorView>> = compiled
            .outputs
            .iter()
            .enumerate()
            .map(|(i, ty)| dests.get(i).cloned().flatten().filter(|d| d.shape == ty.shape))
            .collect();
        let device = self.device.as_ref();
        let mut rec = self.recording.lock().unwrap();
        let readable = inputs.iter().all(|i| match i {
            ExecInput::Tensor(v) => rec.can_read(v),
            _ => true,
        });
        let writable = targets.iter().flatten().all(|d| rec.can_write(d, device));
        if !(readable && writable) {
            drop(rec);
            self.flush_for(SyncReason::OpRunsAlone)?;
            return self.run_now(op, args, dests);
        }
        let mut params = Vec::with_capacity(inputs.len());
        for (input, param) in inputs.into_iter().zip(&compiled.graph.params) {
            params.push(match input {
                ExecInput::Tensor(v) => rec.read(&v, device)?,
                other => rec.param(other, param.ty.clone()),
            });
        }
        let values = rec.b.inline(&compiled.graph, &params)?;
        let mut fresh = Vec::with_capacity(values.len());
        for (value, target) in values.into_iter().zip(targets) {
            match target {
                Some(d) => {
                    let v = if rec.b.dtype(value) == d.dtype { value } else { rec.b.convert(value, d.dtype) };
                    rec.write(&d, v, device)?;
                    fresh.push(None);
                }
                None => fresh.push(Some(rec.fresh(value, device)?)),
            }
        }
        rec.ops += 1;
        let full = rec.b.len() > MAX_NODES;
        drop(rec);
        self.stats.lock().unwrap().ops_deferred += 1;
        if full {
            self.flush_for(SyncReason::SizeLimit)?;
        }
        Ok(fresh)
    }

    /// Records a device-to-device copy; `false` when it has to run now instead.
    pub(super) fn record_copy(&self, src: &TensorView, dst: &TensorView) -> Result<bool> {
        let device = self.device.as_ref();
        let mut rec = self.recording.lock().unwrap();
        if !rec.can_read(src) || !rec.can_write(dst, device) {
            drop(rec);
            self.flush_for(SyncReason::OpRunsAlone)?;
            return Ok(false);
        }
        let x = rec.read(src, device)?;
        let x = if src.dtype == dst.dtype { x } else { rec.b.convert(x, dst.dtype) };
        rec.write(dst, x, device)?;
        rec.ops += 1;
        Ok(true)
    }

    /// A new buffer of `nbytes`: while recording, one with no memory until the program that
    /// first writes it runs (`Recording::unwritten`); otherwise allocated (zeroed) at once.
    pub fn alloc(&self, nbytes: usize) -> Result<BufferId> {
        if self.mode() != EagerMode::DeferAndFuse {
            return self.device.alloc(nbytes);
        }
        self.recording.lock().unwrap().unwritten(nbytes, self.device.as_ref())
    }

    /// Gives `buffer` its memory (zeroed) if it was allocated while recording and nothing has
    /// written it (the host is about to read or write its bytes); then whether the pending
    /// program writes it (`writes`) or involves it at all.
    fn before_host_access(&self, buffer: BufferId, writes: bool) -> Result<bool> {
        let mut rec = self.recording.lock().unwrap();
        if rec.unwritten.contains(&buffer) {
            // Out of memory, it stays unwritten (and the error names the allocation).
            self.device.materialize_zeroed(buffer)?;
            rec.unwritten.remove(&buffer);
        }
        Ok(if writes { rec.writes(buffer) } else { rec.touches(buffer) })
    }

    /// Runs the pending program, if any (a sync point, for `reason`).
    pub fn flush_for(&self, reason: SyncReason) -> Result<()> {
        let rec = std::mem::take(&mut *self.recording.lock().unwrap());
        if rec.is_empty() {
            return Ok(());
        }
        // Buffers allocated while recording that no op wrote keep their zeros in memory (the
        // program still runs, and what it read is still freed, if one does not fit).
        let mut given = Ok(());
        for &b in &rec.unwritten {
            given = given.and(self.device.materialize_zeroed(b));
        }
        let freed = rec.freed.clone();
        // With every result dead, nothing needs to run.
        let ran = if rec.values.is_empty() { Ok(()) } else { self.run_recording(rec, reason) };
        for b in freed {
            self.device.free(b);
        }
        // Errors that depend on values (an index out of range) surface here, at the sync
        // point, as they do on a TPU; the tensors the program computes then hold no values.
        given.and(ran)
    }

    fn run_recording(&self, rec: Recording, reason: SyncReason) -> Result<()> {
        let mut outputs = Vec::with_capacity(rec.values.len());
        let mut targets = Vec::with_capacity(rec.values.len());
        for (&buffer, p) in &rec.values {
            outputs.push(p.node);
            targets.push((TensorView::contiguous(buffer, p.dtype, rec.b.shape(p.node).to_vec()), p.reserved));
        }
        let graph = rec.b.finish(outputs);
        let cached = self.programs.lock().unwrap().get(&graph).cloned();
        let exe = match cached {
            Some(exe) => {
                self.stats.lock().unwrap().cache_hits += 1;
                exe
            }
            None => {
                let exe = self.compile_graph(&graph)?;
                self.stats.lock().unwrap().compilations += 1;
                self.programs.lock().unwrap().insert(graph, Arc::clone(&exe));
                exe
            }
        };
        let fresh_outputs = targets.iter().map(|&(_, reserved)| reserved).collect();
        let views: Vec<TensorView> = targets.into_iter().map(|(t, _)| t).collect();
        // The reserved outputs get their memory with the run, and inputs PyTorch freed
        // meanwhile die with it, so the device counts each only for the steps that need it;
        // the host goes on recording while the program runs (reads wait for what they read).
        let run = RunBuffers { dying: rec.freed.clone(), fresh_outputs };
        self.device.execute_async_with(exe, rec.inputs, views, run)?;
        {
            let mut stats = self.stats.lock().unwrap();
            stats.flushes += 1;
            stats.flushes_by_reason[reason.index()] += 1;
        }
        let observer = self.sync_observer.lock().unwrap().clone();
        if let Some(observe) = observer {
            observe(reason);
        }
        Ok(())
    }

    /// PyTorch freed the storage of `buffer`: its memory goes now, or after the pending
    /// program that still reads it has run.
    pub fn free(&self, buffer: BufferId) {
        if self.recording.lock().unwrap().on_free(buffer) {
            self.device.free(buffer);
        }
    }

    /// Copies device bytes to the host, running the pending program first when it writes
    /// `buffer`.
    pub fn read_bytes(&self, buffer: BufferId, byte_offset: usize, out: &mut [u8]) -> Result<()> {
        if self.before_host_access(buffer, true)? {
            self.flush_for(SyncReason::HostRead)?;
        }
        self.device.read_bytes(buffer, byte_offset, out)
    }

    /// Copies host bytes into a device buffer, running the pending program first when it
    /// involves `buffer`.
    pub fn write_bytes(&self, buffer: BufferId, byte_offset: usize, data: &[u8]) -> Result<()> {
        if self.before_host_access(buffer, false)? {
            self.flush_for(SyncReason::HostWrite)?;
        }
        self.device.write_bytes(buffer, byte_offset, data)
    }

    /// Runs what was deferred and waits for the device.
    pub fn synchronize(&self) -> Result<()> {
        self.flush_for(SyncReason::Synchronize)?;
        self.device.synchronize()
    }
}
