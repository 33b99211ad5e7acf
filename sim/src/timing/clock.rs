//! The simulated clock of one device: cycles since the device was created, advanced by every
//! program executed (the sum of its kernels) and every host transfer, and, while a profiler
//! records, a log of what ran when. Nothing here reads the wall clock.

use std::sync::Arc;

use tpudev_core::ir::Graph;

use super::kernel::{Bound, KernelCost};
use super::program::ProgramTiming;

/// One kernel (or host transfer) on the simulated timeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelEvent {
    /// The operation the kernel belongs to: the ATen op the dispatcher ran (set with
    /// `Clock::set_label`), or the kernel's own name when no label is set.
    pub op: Arc<str>,
    /// The kernel: an IR op ("dot_general"), a fused region ("fusion[...]"), or a transfer.
    pub kernel: Arc<str>,
    /// Start, in cycles since the device was created.
    pub start: u64,
    pub cycles: u64,
    pub flops: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
    pub bound: Bound,
}

#[derive(Debug, Default)]
pub struct Clock {
    now: u64,
    /// Open profiling sessions; events are kept while there is at least one.
    recording: usize,
    events: Vec<KernelEvent>,
    label: Option<Arc<str>>,
    /// Open pauses (they nest). While paused, programs and host transfers do not advance the
    /// clock: work the simulated chip would not do (the host staging of a collective's data)
    /// runs untimed. ICI transfers (`add_ici`) still count: they are the collective's time.
    pauses: usize,
    /// While recording: each program run, with the index of its first event, so that a
    /// profiled run can be timed again on another chip (`Clock::programs`).
    programs: Vec<(usize, Arc<Graph>)>,
}

impl Clock {
    /// Cycles since the device was created.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// Names the operation that the next programs belong to (until changed or cleared).
    pub fn set_label(&mut self, label: &str) {
        if self.label.as_deref() != Some(label) {
            self.label = Some(Arc::from(label));
        }
    }

    pub fn clear_label(&mut self) {
        self.label = None;
    }

    /// Opens (`true`) or closes (`false`) a pause; pauses nest.
    pub fn set_paused(&mut self, paused: bool) {
        self.pauses = if paused { self.pauses + 1 } else { self.pauses.saturating_sub(1) };
    }

    fn push(&mut self, k: &KernelCost, labeled: bool) {
        if self.pauses == 0 {
            self.log(k, labeled);
        }
    }

    fn log(&mut self, k: &KernelCost, labeled: bool) {
        if self.recording > 0 {
            let op = self.label.clone().filter(|_| labeled).unwrap_or_else(|| k.kernel.clone());
            self.events.push(KernelEvent {
                op,
                kernel: k.kernel.clone(),
                start: self.now,
                cycles: k.cycles,
                flops: k.flops,
                bytes_read: k.bytes_read,
                bytes_written: k.bytes_written,
                bound: k.bound,
            });
        }
        self.now += k.cycles;
    }

    /// One execution of a program: its kernels, back to back.
    pub fn run(&mut self, program: &ProgramTiming) {
        if self.pauses > 0 {
            return;
        }
        if self.recording == 0 {
            self.now += program.cycles;
            return;
        }
        for k in &program.kernels {
            self.push(k, true);
        }
    }

    /// `run`, remembering the program while recording.
    pub fn run_program(&mut self, program: &ProgramTiming, graph: &Arc<Graph>) {
        if self.recording > 0 && self.pauses == 0 {
            self.programs.push((self.events.len(), Arc::clone(graph)));
        }
        self.run(program)
    }

    /// The programs run since event `from` of the open session, in order.
    pub fn programs(&self, from: usize) -> Vec<Arc<Graph>> {
        self.programs.iter().filter(|(at, _)| *at >= from).map(|(_, g)| Arc::clone(g)).collect()
    }

    /// Some of a program's kernels, back to back (an SPMD program runs its kernels in
    /// stretches between collectives).
    pub fn run_kernels(&mut self, kernels: &[KernelCost]) {
        for k in kernels {
            self.push(k, true);
        }
    }

    /// A host<->device transfer (or any other single timed item), logged under its own name.
    pub fn add(&mut self, cost: &KernelCost) {
        self.push(cost, false);
    }

    /// An inter-chip transfer (or the wait for one), which counts even while paused.
    pub fn add_ici(&mut self, cost: &KernelCost) {
        self.log(cost, false);
    }

    /// Opens a profiling session; returns the position its events start at.
    pub fn start_recording(&mut self) -> usize {
        self.recording += 1;
        self.events.len()
    }

    /// Closes a session opened at `from`, returning its events. The log is cleared when the
    /// last session closes.
    pub fn stop_recording(&mut self, from: usize) -> Vec<KernelEvent> {
        let events = self.events.get(from..).map(<[_]>::to_vec).unwrap_or_default();
        self.recording = self.recording.saturating_sub(1);
        if self.recording == 0 {
            self.events.clear();
            self.programs.clear();
        }
        events
    }

    /// Whether a profiling session is open.
    pub fn recording(&self) -> bool {
        self.recording > 0
    }
}
