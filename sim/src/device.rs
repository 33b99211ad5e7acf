//! `SimDevice`: the simulated TPU behind `device="tpu"`. It holds buffers in simulated HBM and
//! runs compiled graphs with the interpreter: at once (`execute`), or on its stream while the
//! host goes on (`execute_async`, `stream.rs`). Either way the simulated clock advances when
//! the host hands a program over, so simulated time does not depend on when it ran.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tpudev_core::device::{DeviceProperties, ExecInput, Executable, RunBuffers, TensorView};
use tpudev_core::ir::Graph;
use tpudev_core::{BufferId, Device, Error, MemoryStats, Result};

use crate::chips::{self, ChipSpec};
use crate::exec::{interpret, plan};
use crate::exec_target::ExecTarget;
use crate::hbm::{range_error, Hbm};
use crate::stream::{Publish, Stream};
use crate::timing::{self, Clock, KernelEvent, ProgramTiming, TimingParams};
use crate::tuning::SimTuning;

/// Environment variable choosing the chip: a preset key ("v5e") or a path to a chip TOML file.
pub const ENV_CHIP: &str = "TPUDEV_CHIP";
/// Environment variable overriding the HBM capacity in bytes (e.g. to test out-of-memory).
pub const ENV_HBM_BYTES: &str = "TPUDEV_HBM_BYTES";
/// Environment variable turning timing-only mode on ("1"): programs advance the simulated
/// clock but compute nothing, so results hold whatever their buffers held.
pub const ENV_TIMING_ONLY: &str = "TPUDEV_TIMING_ONLY";

pub struct SimDevice {
    chip: ChipSpec,
    hbm: Arc<Hbm>,
    /// Programs handed over asynchronously, and the storage changes queued behind them.
    stream: Stream,
    timing: TimingParams,
    clock: Mutex<Clock>,
    timing_only: AtomicBool,
    /// Where programs compute (`TPUDEV_SIM_EXEC`); their simulated time does not depend on it.
    exec: ExecTarget,
    /// How fast the host computes them (`TPUDEV_SIM_TUNING`); their results do not depend on it.
    tuning: SimTuning,
}

impl std::fmt::Debug for SimDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SimDevice").field("chip", &self.chip.key).field("memory", &self.hbm.stats()).finish()
    }
}

/// Parses a byte count: digits with optional `_` separators and an optional unit (KB, MB,
/// GB, KiB, MiB, GiB; case-insensitive).
pub fn parse_bytes(s: &str) -> Option<u64> {
    let t: String = s.trim().chars().filter(|&c| c != '_').collect::<String>().to_ascii_lowercase();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let mult: u64 = match unit.trim() {
        "" | "b" => 1,
        "k" | "kb" => 1_000,
        "m" | "mb" => 1_000_000,
        "g" | "gb" => 1_000_000_000,
        "kib" => 1 << 10,
        "mib" => 1 << 20,
        "gib" => 1 << 30,
        _ => return None,
    };
    num.parse::<u64>().ok()?.checked_mul(mult)
}

/// A chip by preset name, or from a TOML file when the argument names one.
pub fn resolve_chip(name: &str) -> Result<ChipSpec> {
    if let Some(c) = chips::preset(name) {
        return Ok(c);
    }
    let path = Path::new(name);
    if path.is_file() || name.ends_with(".toml") || name.contains(std::path::MAIN_SEPARATOR) {
        return chips::load_chip_file(path);
    }
    Err(Error::invalid(format!(
        "unknown TPU chip '{name}' ({ENV_CHIP}). Known chips: {}; or give the path of a chip TOML file",
        chips::preset_keys().join(", ")
    )))
}

/// `TPUDEV_CHIP`, or else the chip of the slice `TPUDEV_TOPOLOGY` names; an error when both
/// are set and name different chips.
fn chip_from_env() -> Result<Option<String>> {
    let chip = std::env::var(ENV_CHIP).ok().filter(|c| !c.trim().is_empty());
    let Some(slice) = crate::slice::Slice::from_env().map_err(Error::invalid)? else {
        return Ok(chip);
    };
    match chip {
        Some(c) if resolve_chip(c.trim())?.key != slice.chip.key => Err(Error::invalid(format!(
            "{ENV_CHIP}={c} and {}={} name different chips: unset {ENV_CHIP}, or make the two agree",
            crate::slice::ENV_TOPOLOGY,
            std::env::var(crate::slice::ENV_TOPOLOGY).unwrap_or_default()
        ))),
        _ => Ok(Some(slice.chip.key.clone())),
    }
}

impl SimDevice {
    pub fn new(chip: ChipSpec) -> Self {
        Self::chip_of_slice(chip, 0)
    }

    /// Chip `index` of a slice simulated in this process (`spmd::SpmdSlice`); its memory
    /// errors name it `tpu:<index>`.
    pub fn chip_of_slice(chip: ChipSpec, index: u32) -> Self {
        crate::host_alloc::tune();
        let hbm = Hbm::for_chip(format!("tpu:{index} ({})", chip.name), chip.hbm_bytes, index);
        let timing = TimingParams::from_chip(&chip);
        SimDevice {
            chip,
            hbm: Arc::new(hbm),
            stream: Stream::default(),
            timing,
            clock: Mutex::new(Clock::default()),
            timing_only: AtomicBool::new(false),
            exec: ExecTarget::Cpu,
            tuning: crate::tuning::process().clone(),
        }
    }

    /// The device the environment asks for: `TPUDEV_CHIP` (default v5e, or the chip of
    /// `TPUDEV_TOPOLOGY`'s slice) and `TPUDEV_HBM_BYTES`.
    pub fn from_env() -> Result<Self> {
        Self::from_env_as_chip(0)
    }

    /// [`SimDevice::from_env`] as chip `index` of the process (`tpu:<index>`, with its own
    /// address range: `hbm::chip_base_address`).
    pub fn from_env_as_chip(index: u32) -> Result<Self> {
        let chip = chip_from_env()?;
        let hbm = std::env::var(ENV_HBM_BYTES).ok();
        let mut device = Self::from_settings(chip.as_deref(), hbm.as_deref())?;
        if index != 0 {
            let spec = device.chip.clone();
            let (exec, tuning) = (device.exec, device.tuning.clone());
            device = Self::chip_of_slice(spec, index);
            device.exec = exec;
            device.tuning = tuning;
        }
        device.exec = ExecTarget::from_env()?;
        device.tuning = SimTuning::from_env()?;
        if tpudev_core::switch::from_env(ENV_TIMING_ONLY, false)? {
            device.set_timing_only(true);
        }
        // Read when the GPU path plans a program; checked here so a typo fails at start.
        tpudev_core::switch::from_env(crate::exec_target::ENV_SIM_EXEC_LOG, false)?;
        Ok(device)
    }

    /// Like [`SimDevice::from_env`] with the two settings given directly (empty means unset).
    pub fn from_settings(chip: Option<&str>, hbm_bytes: Option<&str>) -> Result<Self> {
        let chip = chip.map(str::trim).filter(|s| !s.is_empty()).unwrap_or(chips::DEFAULT_CHIP);
        let mut spec = resolve_chip(chip)?;
        if let Some(h) = hbm_bytes.map(str::trim).filter(|s| !s.is_empty()) {
            spec.hbm_bytes = parse_bytes(h).ok_or_else(|| {
                Error::invalid(format!(
                    "{ENV_HBM_BYTES}='{h}' is not a byte count (use e.g. 1073741824, 1GiB or 512MB)"
                ))
            })?;
        }
        Ok(SimDevice::new(spec))
    }

    /// Where this device's programs compute.
    pub fn exec_target(&self) -> ExecTarget {
        self.exec
    }

    /// Runs programs on `target` from now on (`ExecTarget::parse` checks a GPU exists).
    pub fn set_exec_target(&mut self, target: ExecTarget) {
        self.exec = target;
    }

    /// How fast the host computes this device's programs.
    pub fn tuning(&self) -> &SimTuning {
        &self.tuning
    }

    /// Compiles programs with `tuning`'s host fusion and in-place reads from now on
    /// (`SimTuning::reference` for the plain interpreter); results and simulated time stay the
    /// same. The vector build, BLAS library and allocator setting are the process's, chosen once
    /// from the environment (`tuning::process`).
    pub fn set_tuning(&mut self, tuning: SimTuning) {
        self.tuning = tuning;
    }

    /// Computes a program's results on this device's target; as one replica of an SPMD
    /// program, it meets the others through `ex`, and the clock is left to the caller.
    pub(crate) fn compute(
        &self,
        exe: &plan::SimExecutable,
        inputs: &[ExecInput],
        outputs: &[TensorView],
        ex: &dyn crate::exec::collective::Exchange,
    ) -> Result<()> {
        // A program reads what queued work writes.
        self.stream.wait_idle();
        compute_on(self.exec, &self.hbm, exe, inputs, outputs, ex, &Publish::none())
    }

    #[cfg(test)]
    pub(crate) fn hbm(&self) -> &Hbm {
        &self.hbm
    }

    pub fn chip(&self) -> &ChipSpec {
        &self.chip
    }

    /// The chip's figures as the timing model uses them.
    pub fn timing_params(&self) -> &TimingParams {
        &self.timing
    }

    fn clock(&self) -> MutexGuard<'_, Clock> {
        // The clock holds plain numbers, so a panic elsewhere cannot leave it inconsistent.
        self.clock.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Simulated time since the device was created, in cycles of the chip's clock.
    pub fn now_cycles(&self) -> u64 {
        self.clock().now()
    }

    /// Names the operation the next programs run for (the ATen op), for the event log.
    pub fn set_label(&self, label: &str) {
        self.clock().set_label(label)
    }

    pub fn clear_label(&self) {
        self.clock().clear_label()
    }

    /// Opens a profiling session: from now on every kernel is logged. Returns the position
    /// to pass to `stop_profile`.
    pub fn start_profile(&self) -> usize {
        self.clock().start_recording()
    }

    /// The programs the open profiling session started at `from` has run, in order (call
    /// before `stop_profile`): what `timing::retime` times on another chip.
    pub fn profiled_programs(&self, from: usize) -> Vec<Arc<Graph>> {
        self.clock().programs(from)
    }

    /// Closes a profiling session, returning the kernels it saw.
    pub fn stop_profile(&self, from: usize) -> Vec<KernelEvent> {
        self.clock().stop_recording(from)
    }

    /// Timing-only mode: programs advance the clock but compute nothing.
    pub fn set_timing_only(&self, on: bool) {
        self.timing_only.store(on, Ordering::Relaxed)
    }

    pub fn timing_only(&self) -> bool {
        self.timing_only.load(Ordering::Relaxed)
    }

    /// Gives an output buffer its memory in stream order: a freed buffer's, since the program
    /// overwrites it, except in timing-only mode, where nothing writes it and it reads as zeroes.
    /// Zeroed storage for a buffer the books just charged, in stream order.
    fn store_zeroed_memory(&self, id: BufferId, nbytes: usize) {
        let hbm = Arc::clone(&self.hbm);
        self.stream.run_or_submit(&[id], move || hbm.store_zeroed(id, nbytes));
    }

    fn store_output_memory(&self, id: BufferId, nbytes: usize) {
        let (hbm, timing_only) = (Arc::clone(&self.hbm), self.timing_only());
        self.stream.run_or_submit(&[id], move || match timing_only {
            true => hbm.store_zeroed(id, nbytes),
            false => hbm.store_for_overwrite(id, nbytes),
        });
    }

    /// The timing of a program this device compiled.
    pub fn program_timing<'a>(&self, exe: &'a dyn Executable) -> Option<&'a ProgramTiming> {
        exe.as_any().downcast_ref::<plan::SimExecutable>().map(|e| &e.timing)
    }

    /// Opens (`true`) or closes (`false`) a pause of the simulated clock; pauses nest. While
    /// paused, programs and host transfers take no simulated time (for work the simulated
    /// chip would not do, such as staging a collective's data through the host); ICI
    /// transfers still do.
    pub fn set_clock_paused(&self, paused: bool) {
        self.clock().set_paused(paused)
    }

    /// One inter-chip transfer that this chip takes part in (a collective, a send or a
    /// receive), timed by the ICI model for the slice. Transfers synchronize the chips: it
    /// starts at `start` (the latest of the participants' clocks, which every participant
    /// computes alike), so this chip first idles until then; it ends `cycles` later. Returns
    /// the clock afterwards, which is the same on every participant.
    pub fn ici_transfer(&self, name: &str, start: u64, cycles: u64, bytes: u64) -> u64 {
        let mut clock = self.clock();
        clock.add_ici_blocking(&timing::transfer_cost(name, cycles, bytes, timing::Bound::Ici), start);
        clock.now()
    }

    /// An asynchronous collective of `cycles` whose group met at `start`: it runs on the ICI
    /// beside the kernels, and the buffers in `writes` are ready at its end (returned). Its
    /// event is op `name`, kernel "`name` (async)".
    pub fn ici_transfer_async(&self, name: &str, start: u64, cycles: u64, bytes: u64, writes: &[BufferId]) -> u64 {
        let cost = timing::transfer_cost(&format!("{name} (async)"), cycles, bytes, timing::Bound::Ici);
        self.clock().add_ici_async(&cost, Arc::from(name), start, writes)
    }

    /// The storage of buffers that died with a run (`Hbm::hold_run` took them off the
    /// books), released once the run has read them.
    fn release_after_run(&self, dying: &[BufferId]) {
        for &buffer in dying {
            let hbm = Arc::clone(&self.hbm);
            self.stream.run_or_submit(&[], move || hbm.store_release(buffer));
        }
    }

    /// A run's memory at its most (`MemoryTimeline::run_peak_bytes`).
    fn run_peak(
        &self,
        sim: &plan::SimExecutable,
        inputs: &[ExecInput],
        outputs: &[TensorView],
        run: &RunBuffers,
    ) -> u64 {
        let size = |b: BufferId| self.hbm.size(b).unwrap_or(0) as u64;
        let dying: Vec<(Vec<usize>, u64)> = run
            .dying
            .iter()
            .map(|&b| {
                let params = (0..inputs.len()).filter(|&p| matches!(&inputs[p], ExecInput::Tensor(v) if v.buffer == b));
                (params.collect(), size(b))
            })
            .collect();
        let fresh: Vec<(usize, u64)> = (0..outputs.len())
            .filter(|&k| run.fresh_outputs.get(k) == Some(&true))
            .map(|k| (k, size(outputs[k].buffer)))
            .collect();
        sim.memory.run_peak_bytes(&dying, &fresh)
    }

    /// `Device::compile`, with the simulator's own executable type.
    pub fn compile_program(&self, graph: &Graph) -> Result<plan::SimExecutable> {
        timing::pallas::check_program_vmem(graph, &self.timing, &self.chip.key)?;
        let mut exe = plan::compile(graph, &self.tuning)?;
        // Timed as written: a TPU runs complex ops and FFTs as such, not as the f32 parts the
        // simulator computes them with.
        exe.timing = timing::time_program(graph, &plan::timing_plan(graph), &self.timing);
        Ok(exe)
    }

    /// Advances the clock by some of a program's kernels (see `Clock::run_kernels`).
    pub(crate) fn run_kernels(&self, kernels: &[timing::KernelCost]) {
        self.clock().run_kernels(kernels)
    }

    fn host_transfer(&self, name: &str, bytes: usize, to_device: bool) {
        let cost = timing::host_transfer_cost(name, bytes as u64, to_device, &self.timing);
        self.clock().add(&cost);
    }
}

/// Computes a program's results on `target`.
fn compute_on(
    target: ExecTarget,
    hbm: &Hbm,
    exe: &plan::SimExecutable,
    inputs: &[ExecInput],
    outputs: &[TensorView],
    ex: &dyn crate::exec::collective::Exchange,
    publish: &Publish,
) -> Result<()> {
    let complex = |v: &TensorView| v.dtype.is_complex();
    let paired;
    let (inputs, outputs) =
        if outputs.iter().any(complex) || inputs.iter().any(|i| matches!(i, ExecInput::Tensor(v) if complex(v))) {
            paired = (as_real_pairs(inputs), outputs.iter().map(TensorView::as_real_pairs).collect::<Vec<_>>());
            (&paired.0[..], &paired.1[..])
        } else {
            (inputs, outputs)
        };
    match target {
        ExecTarget::Cpu => interpret::execute_publishing(exe, hbm, inputs, outputs, ex, publish),
        #[cfg(feature = "gpu")]
        ExecTarget::Gpu => crate::gpu::execute_replica(exe, hbm, inputs, outputs, ex),
        #[cfg(not(feature = "gpu"))]
        ExecTarget::Gpu => Err(Error::invalid("this build of tpudev has no GPU support")),
    }
}

/// The views of a program's inputs with complex tensors as their f32 (real, imaginary) pairs,
/// as the simulator's form of the program reads them (`exec::complex_pairs`).
fn as_real_pairs(inputs: &[ExecInput]) -> Vec<ExecInput> {
    inputs
        .iter()
        .map(|i| match i {
            ExecInput::Tensor(v) => ExecInput::Tensor(v.as_real_pairs()),
            other => other.clone(),
        })
        .collect()
}

/// A program's executable as the simulator's own type.
fn sim_executable(exe: &dyn Executable) -> Result<&plan::SimExecutable> {
    exe.as_any()
        .downcast_ref::<plan::SimExecutable>()
        .ok_or_else(|| Error::invalid("this program was compiled for another device"))
}

/// The error for output views that do not match a program's outputs.
fn output_count_error(exe: &plan::SimExecutable, outputs: &[TensorView]) -> Option<Error> {
    (outputs.len() != exe.graph.outputs.len()).then(|| {
        Error::invalid(format!(
            "the program has {} outputs, got {} output views",
            exe.graph.outputs.len(),
            outputs.len()
        ))
    })
}

impl Default for SimDevice {
    fn default() -> Self {
        SimDevice::new(chips::preset(chips::DEFAULT_CHIP).expect("the default chip is a preset"))
    }
}

impl Device for SimDevice {
    fn properties(&self) -> DeviceProperties {
        DeviceProperties {
            name: self.chip.name.clone(),
            chip: self.chip.key.clone(),
            hbm_bytes: self.hbm.capacity(),
            tensorcores: self.chip.tensorcores,
            simulated: true,
        }
    }

    // Allocation and freeing keep the books at once and change storage in stream order.
    fn alloc(&self, nbytes: usize) -> Result<BufferId> {
        let id = self.hbm.book_alloc(nbytes)?;
        self.store_zeroed_memory(id, nbytes);
        Ok(id)
    }

    fn alloc_output(&self, nbytes: usize) -> Result<BufferId> {
        let id = self.hbm.book_alloc(nbytes)?;
        self.store_output_memory(id, nbytes);
        Ok(id)
    }

    fn reserve(&self, nbytes: usize) -> Result<BufferId> {
        self.hbm.reserve(nbytes)
    }

    fn materialize(&self, buffer: BufferId) -> Result<()> {
        if let Some(nbytes) = self.hbm.book_materialize(buffer)? {
            self.store_output_memory(buffer, nbytes);
        }
        Ok(())
    }

    fn materialize_zeroed(&self, buffer: BufferId) -> Result<()> {
        if let Some(nbytes) = self.hbm.book_materialize(buffer)? {
            self.store_zeroed_memory(buffer, nbytes);
        }
        Ok(())
    }

    fn buffer_size(&self, buffer: BufferId) -> Option<usize> {
        self.hbm.size(buffer)
    }

    fn free(&self, buffer: BufferId) {
        if self.hbm.book_free(buffer) {
            let hbm = Arc::clone(&self.hbm);
            self.stream.run_or_submit(&[], move || hbm.store_release(buffer));
        }
    }

    fn write_bytes(&self, buffer: BufferId, byte_offset: usize, data: &[u8]) -> Result<()> {
        self.hbm.check_range(buffer, byte_offset, data.len())?;
        self.clock().wait_for([buffer]);
        if self.stream.idle() {
            self.hbm.write_bytes(buffer, byte_offset, data)?;
        } else {
            let (hbm, data) = (Arc::clone(&self.hbm), data.to_vec());
            self.stream.submit(vec![buffer], Box::new(move |_| hbm.write_bytes(buffer, byte_offset, &data)));
        }
        self.host_transfer("host_to_device", data.len(), true);
        Ok(())
    }

    /// Waits only for the queued work that writes `buffer`; reports an error of queued work.
    fn read_bytes(&self, buffer: BufferId, byte_offset: usize, out: &mut [u8]) -> Result<()> {
        self.clock().wait_for([buffer]);
        match self.stream.wait_readable(buffer) {
            Some(bytes) => {
                let end = byte_offset.checked_add(out.len()).filter(|&e| e <= bytes.len());
                let end = end.ok_or_else(|| range_error(buffer, byte_offset, out.len(), bytes.len()))?;
                out.copy_from_slice(&bytes[byte_offset..end]);
            }
            None => self.hbm.read_bytes(buffer, byte_offset, out)?,
        }
        self.stream.take_error()?;
        self.host_transfer("device_to_host", out.len(), false);
        Ok(())
    }

    /// A chip on its own runs a program's collectives only when each group is that chip.
    fn compile(&self, graph: &Graph) -> Result<Arc<dyn Executable>> {
        for node in &graph.nodes {
            tpudev_core::ir::check_collective_replicas(&node.op, 1).map_err(|e| {
                Error::invalid(format!(
                    "{e}. A program with collectives runs on a slice: run it with \
                     `tpudev run --topology <chip>:<shape>` (or sim::spmd::SpmdSlice)"
                ))
            })?;
        }
        Ok(Arc::new(self.compile_program(graph)?))
    }

    fn execute(&self, exe: &dyn Executable, inputs: &[ExecInput], outputs: &[TensorView]) -> Result<()> {
        let exe = sim_executable(exe)?;
        self.hbm.hold_temporaries(exe.temporary_bytes)?;
        if !self.timing_only() {
            self.compute(exe, inputs, outputs, &crate::exec::collective::Solo)?;
        } else if let Some(e) = output_count_error(exe, outputs) {
            return Err(e);
        }
        let mut clock = self.clock();
        clock.wait_for(run_buffers(inputs, outputs));
        clock.run_program(&exe.timing, &exe.graph);
        Ok(())
    }

    /// Queues the program on the stream. Its simulated time is taken now, in the order the
    /// host hands programs over; an error in it is reported by the next read that waits for
    /// it, or by `synchronize`.
    fn execute_async(&self, exe: Arc<dyn Executable>, inputs: Vec<ExecInput>, outputs: Vec<TensorView>) -> Result<()> {
        self.execute_async_with(exe, inputs, outputs, RunBuffers::default())
    }

    /// Counts dying inputs until the last step that reads them and fresh outputs from the
    /// step that computes them, as XLA's buffer assignment does with donated buffers, rather
    /// than all of them for the whole run.
    fn execute_async_with(
        &self,
        exe: Arc<dyn Executable>,
        inputs: Vec<ExecInput>,
        outputs: Vec<TensorView>,
        run: RunBuffers,
    ) -> Result<()> {
        let sim = sim_executable(exe.as_ref())?;
        if let Some(e) = output_count_error(sim, &outputs) {
            return Err(e);
        }
        if run == RunBuffers::default() {
            self.hbm.hold_temporaries(sim.temporary_bytes)?;
        } else {
            let run_peak = self.run_peak(sim, &inputs, &outputs, &run);
            let fresh: Vec<BufferId> =
                outputs.iter().zip(&run.fresh_outputs).filter(|(_, &f)| f).map(|(v, _)| v.buffer).collect();
            for (buffer, nbytes) in self.hbm.hold_run(run_peak, &run.dying, &fresh)? {
                self.store_output_memory(buffer, nbytes);
            }
        }
        {
            let mut clock = self.clock();
            clock.wait_for(run_buffers(&inputs, &outputs));
            clock.run_program(&sim.timing, &sim.graph);
        }
        if self.timing_only() {
            self.release_after_run(&run.dying);
            return Ok(());
        }
        let (hbm, target) = (Arc::clone(&self.hbm), self.exec);
        let writes = outputs.iter().map(|v| v.buffer).collect();
        self.stream.submit(
            writes,
            Box::new(move |publish| {
                let exe = sim_executable(exe.as_ref())?;
                compute_on(target, &hbm, exe, &inputs, &outputs, &crate::exec::collective::Solo, publish)
            }),
        );
        self.release_after_run(&run.dying);
        Ok(())
    }

    fn synchronize(&self) -> Result<()> {
        self.stream.wait_idle();
        self.stream.take_error()
    }

    fn memory_stats(&self) -> MemoryStats {
        self.hbm.stats()
    }

    fn reset_peak_memory(&self) {
        self.hbm.reset_peak()
    }
}

/// The buffers a run reads and writes (what waits for asynchronous collectives).
fn run_buffers<'a>(inputs: &'a [ExecInput], outputs: &'a [TensorView]) -> impl Iterator<Item = BufferId> + 'a {
    let read = inputs.iter().filter_map(|i| match i {
        ExecInput::Tensor(v) => Some(v.buffer),
        _ => None,
    });
    read.chain(outputs.iter().map(|v| v.buffer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_choose_chip_and_capacity() {
        let d = SimDevice::from_settings(None, None).unwrap();
        assert_eq!(d.properties().chip, "v5e");
        assert_eq!(d.properties().hbm_bytes, 16 << 30);
        assert!(d.properties().simulated);
        let d = SimDevice::from_settings(Some("TPU v4"), Some("1_000")).unwrap();
        assert_eq!((d.properties().chip.as_str(), d.memory_stats().capacity), ("v4", 1000));
        assert_eq!(d.properties().tensorcores, 2);
        let d = SimDevice::from_settings(Some(""), Some("2GiB")).unwrap();
        assert_eq!(d.memory_stats().capacity, 2 << 30);
        let err = SimDevice::from_settings(Some("v99"), None).unwrap_err();
        let msg = err.to_string();
        assert!(matches!(err, Error::InvalidArgument(_)));
        assert!(msg.contains("v4, v5e, v5p, v6e, v7x"), "{msg}");
        assert!(SimDevice::from_settings(None, Some("lots")).is_err());
        assert!(SimDevice::from_settings(Some("/nonexistent/chip.toml"), None).is_err());
    }

    #[test]
    fn parses_byte_counts() {
        assert_eq!(parse_bytes("123"), Some(123));
        assert_eq!(parse_bytes("4 KiB"), Some(4096));
        assert_eq!(parse_bytes("1gb"), Some(1_000_000_000));
        assert_eq!(parse_bytes("x"), None);
        assert_eq!(parse_bytes("99999999999GiB"), None);
    }

    /// `x @ x` then `(x @ x) @ x` on [64, 64]: the first product is a 16 KiB temporary.
    fn two_products() -> Graph {
        use tpudev_core::ir::{DotDims, GraphBuilder, TensorType};
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(tpudev_core::DType::F32, vec![64, 64]));
        let p = b.dot_general(x, x, DotDims::matmul()).unwrap();
        let q = b.dot_general(p, x, DotDims::matmul()).unwrap();
        b.finish(vec![q])
    }

    #[test]
    fn running_a_program_holds_its_temporaries() {
        const T: usize = 64 * 64 * 4;
        let d = SimDevice::from_settings(None, Some("64KiB")).unwrap();
        let exe = d.compile(&two_products()).unwrap();
        let view = |b| TensorView::contiguous(b, tpudev_core::DType::F32, vec![64, 64]);
        let (x, out) = (view(d.alloc(T).unwrap()), view(d.alloc(T).unwrap()));
        d.reset_peak_memory();
        d.execute(exe.as_ref(), &[ExecInput::Tensor(x.clone())], std::slice::from_ref(&out)).unwrap();
        assert_eq!(d.memory_stats().peak, 3 * T as u64, "input, output and the first product");
        // Without room for the temporary the launch fails, and the device stays usable.
        let filler = d.alloc(64 * 1024 - 2 * T - 100).unwrap();
        let err = d.execute(exe.as_ref(), &[ExecInput::Tensor(x.clone())], std::slice::from_ref(&out)).unwrap_err();
        assert!(matches!(err, Error::OutOfMemory { requested, .. } if requested == T as u64), "{err}");
        d.free(filler);
        d.execute(exe.as_ref(), &[ExecInput::Tensor(x)], std::slice::from_ref(&out)).unwrap();
    }

    #[test]
    fn out_of_memory_names_the_chip() {
        let d = SimDevice::from_settings(Some("v6e"), Some("100")).unwrap();
        let err = d.alloc(101).unwrap_err();
        assert!(err.to_string().contains("TPU v6e"), "{err}");
    }
}
