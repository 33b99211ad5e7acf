//! The simulated clock of one device: cycles since the device was created, advanced by every
//! program executed (the sum of its kernels) and every host transfer, and, while a profiler
//! records, a log of what ran when. Asynchronous collectives run on the ICI beside the kernels:
//! the clock goes on, and whatever reads or writes a buffer such a collective writes waits for
//! its end. Nothing here reads the wall clock.

use std::collections::HashMap;
use std::sync::Arc;

use tpudev_core::device::BufferId;
use tpudev_core::ir::Graph;

use super::kernel::{transfer_cost, Bound, KernelCost};
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

fn event(k: &KernelCost, op: Arc<str>, start: u64) -> KernelEvent {
    KernelEvent {
        op,
        kernel: k.kernel.clone(),
        start,
        cycles: k.cycles,
        flops: k.flops,
        bytes_read: k.bytes_read,
        bytes_written: k.bytes_written,
        bound: k.bound,
    }
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
    /// When the ICI is next free: collectives queue on it, one at a time.
    ici_free_at: u64,
    /// Buffers asynchronous collectives write, with the cycle each is ready.
    pending: HashMap<BufferId, u64>,
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
            self.events.push(event(k, op, self.now));
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

    /// When the ICI is next free (a collective starts no earlier).
    pub fn ici_free_at(&self) -> u64 {
        self.ici_free_at
    }

    /// A blocking collective whose group met at `start`: the clock waits (idle) for the peers
    /// and for the ICI to be free, then for the transfer.
    pub fn add_ici_blocking(&mut self, cost: &KernelCost, start: u64) {
        let idle = start.max(self.ici_free_at).saturating_sub(self.now);
        if idle > 0 {
            self.add_ici(&transfer_cost("wait for peers", idle, 0, Bound::Idle));
        }
        self.add_ici(cost);
        self.ici_free_at = self.now;
    }

    /// An asynchronous collective (`async_op=True`, DDP's bucketed all-reduce): its transfer
    /// starts at `start` (when its peers reach it) or once the ICI is free, runs beside the
    /// kernels without advancing the clock, and the buffers in `writes` are ready at its end,
    /// which is returned. It is logged as op `op`, and counts even while paused, as `add_ici`
    /// does.
    pub fn add_ici_async(&mut self, cost: &KernelCost, op: Arc<str>, start: u64, writes: &[BufferId]) -> u64 {
        let begin = start.max(self.ici_free_at);
        let end = begin + cost.cycles;
        if self.recording > 0 {
            self.events.push(event(cost, op, begin));
        }
        self.ici_free_at = end;
        for &b in writes {
            let ready = self.pending.entry(b).or_insert(end);
            *ready = (*ready).max(end);
        }
        end
    }

    /// Before work that reads or writes `buffers`: waits (idle) until the asynchronous
    /// collectives writing any of them end.
    pub fn wait_for(&mut self, buffers: impl IntoIterator<Item = BufferId>) {
        if self.pending.is_empty() {
            return;
        }
        let ready = buffers.into_iter().filter_map(|b| self.pending.remove(&b)).max().unwrap_or(0);
        if ready > self.now {
            self.add_ici(&transfer_cost("wait for collective", ready - self.now, 0, Bound::Idle));
        }
        let now = self.now;
        self.pending.retain(|_, t| *t > now);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel(cycles: u64) -> KernelCost {
        transfer_cost("kernel", cycles, 0, Bound::Compute)
    }

    fn ici(cycles: u64) -> KernelCost {
        transfer_cost("all_reduce", cycles, 1024, Bound::Ici)
    }

    #[test]
    fn an_async_collective_runs_beside_the_kernels_until_its_buffer_is_needed() {
        let mut c = Clock::default();
        let from = c.start_recording();
        c.add(&kernel(100));
        assert_eq!(c.add_ici_async(&ici(500), Arc::from("all_reduce"), c.now(), &[7]), 600);
        // Kernels that do not touch buffer 7 overlap the transfer.
        c.wait_for([3]);
        c.add(&kernel(200));
        assert_eq!(c.now(), 300);
        // Reading buffer 7 waits for the transfer's end, once.
        c.wait_for([3, 7]);
        assert_eq!(c.now(), 600);
        c.wait_for([7]);
        assert_eq!(c.now(), 600);
        let events = c.stop_recording(from);
        let starts: Vec<(u64, Bound)> = events.iter().map(|e| (e.start, e.bound)).collect();
        assert_eq!(starts, [(0, Bound::Compute), (100, Bound::Ici), (100, Bound::Compute), (300, Bound::Idle)]);
    }

    #[test]
    fn collectives_queue_on_the_ici() {
        let mut c = Clock::default();
        assert_eq!(c.add_ici_async(&ici(500), Arc::from("all_reduce"), 0, &[1]), 500);
        assert_eq!(c.add_ici_async(&ici(500), Arc::from("all_reduce"), 100, &[2]), 1000);
        // A blocking collective waits for the lane; the clock then stands at its end.
        c.add_ici_blocking(&ici(50), 0);
        assert_eq!((c.now(), c.ici_free_at()), (1050, 1050));
        c.wait_for([2]);
        assert_eq!(c.now(), 1050);
    }
}
