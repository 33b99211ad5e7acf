#![allow(non_snake_case)] // the crate builds the module `torch_tpudev._C`, named as PyTorch names its own
//! `torch_tpudev._C`: the PyO3 module between the PyTorch glue and the Rust runtime.
//!
//! The glue calls `run(op, args, dests)` for every ATen op that reaches the tpu device; the rest
//! are device services (allocation, host transfers, memory statistics, seeding).

mod buffer;
mod capture;
mod convert;
mod errors;
#[cfg(feature = "torch-cxx")]
mod glue;
mod op_listener;
mod pallas;
mod profiled;
mod route;
mod runtime;
mod slice;
mod snapshot;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};
use tpudev_core::dispatch::EagerMode;
use tpudev_core::ir::Precision;
use tpudev_core::lower::{self, Arg};
use tpudev_core::{Error, TensorView};

use buffer::Buffer;
use convert::{first_foreign, tensor_view, to_arg, torch_dtype, TorchTypes};
use errors::{guard, to_pyerr};
use runtime::{runtime, runtime_if_started};

/// Hands over the PyTorch objects the converter recognizes: the Tensor type and the dtypes in
/// the runtime's order (see `dtype_names`), what to run once the device starts, and what to
/// tell of each defer-and-fuse sync point (its reason's name). Starts nothing: the device
/// starts at its first use (`runtime.rs`).
#[pyfunction]
fn init(tensor_type: Bound<'_, PyType>, dtypes: Vec<Py<PyAny>>, on_start: Py<PyAny>, on_sync_point: Py<PyAny>) {
    convert::set_torch_types(TorchTypes { tensor: tensor_type.unbind(), dtypes });
    runtime::set_callbacks(on_start, on_sync_point);
}

/// Runs the `tpudev` command line `args` (the program's name first) and returns its exit
/// status. The GIL is released: `tpudev doctor` works on its own threads.
#[pyfunction]
fn cli(py: Python<'_>, args: Vec<String>) -> PyResult<u8> {
    guard(|| Ok(py.detach(|| tpudev::cli::run_args(args))))
}

/// Starts the device now (it starts by itself at first use); raises what stops it.
#[pyfunction]
fn start() -> PyResult<()> {
    runtime().map(|_| ())
}

/// Whether the device has started.
#[pyfunction]
fn started() -> bool {
    runtime_if_started().is_some()
}

/// Why the device cannot start with this process's settings, or None when it can.
#[pyfunction]
fn start_problem() -> Option<String> {
    runtime::start_problem()
}

/// The dtype names `init` expects, in order.
#[pyfunction]
fn dtype_names() -> Vec<&'static str> {
    tpudev_core::DType::ALL.iter().map(|d| d.torch_name()).collect()
}

pub(crate) fn new_output<'py>(py: Python<'py>, v: TensorView) -> PyResult<Bound<'py, PyTuple>> {
    let nbytes = v.numel() * v.dtype.size_bytes();
    let chip = runtime_if_started().map_or(0, |rt| rt.index_of(v.buffer));
    let buf = Bound::new(py, Buffer { addr: v.buffer, nbytes, chip })?;
    let shape = PyTuple::new(py, &v.shape)?;
    let strides = PyTuple::new(py, &v.strides)?;
    // The address and size ride along so the glue need not read them back off the Buffer.
    PyTuple::new(
        py,
        [
            buf.into_any(),
            v.buffer.into_pyobject(py)?.into_any(),
            nbytes.into_pyobject(py)?.into_any(),
            shape.into_any(),
            strides.into_any(),
            torch_dtype(py, v.dtype)?.into_bound(py),
        ],
    )
}

/// Names the kernels the simulated clock logs next (the profiler's rows): the op itself in
/// the modes that run it at once; in defer-and-fuse, the program that runs at the next sync
/// point, which holds many ops.
fn label_op(rt: &runtime::Chip, op: &str) {
    if rt.dispatcher.mode() == EagerMode::DeferAndFuse {
        rt.set_label("deferred program");
    } else {
        rt.set_label(op);
    }
}

/// Runs functional ATen op `op` (e.g. "add.Tensor") on `args` (every schema argument, in
/// order). Output i is written into `dests[i]` when that is a tpu tensor of the right shape,
/// and `None` is returned for it; otherwise a new buffer is returned as
/// `(Buffer, address, nbytes, shape, strides, dtype)`.
#[pyfunction]
fn run<'py>(
    py: Python<'py>,
    op: &str,
    py_args: Bound<'py, PyTuple>,
    py_dests: Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyList>> {
    guard(|| {
        let args: Vec<Arg> = py_args.iter().map(|a| to_arg(op, &a)).collect::<PyResult<_>>()?;
        let dests: Vec<Option<TensorView>> = py_dests
            .iter()
            .map(|d| if d.is_none() { Ok(None) } else { tensor_view(op, &d).map(Some) })
            .collect::<PyResult<_>>()?;
        let rt = route::chip_for(runtime()?, op, &args, &dests)?;
        let start = op_listener::listening().then(|| rt.sim.as_ref().map_or(0, |s| s.now_cycles()));
        label_op(rt, op);
        let outs = rt.dispatcher.run(op, &args, &dests).map_err(|e| match e {
            Error::UnknownBuffer(_) => {
                first_foreign(op, &py_args).or_else(|| first_foreign(op, &py_dests)).unwrap_or_else(|| to_pyerr(py, e))
            }
            e => to_pyerr(py, e),
        })?;
        if let Some(start) = start {
            op_listener::notify(py, op, &py_args, start, &args, &outs, &dests);
        }
        let list = PyList::empty(py);
        for o in outs {
            match o {
                Some(v) => list.append(new_output(py, v)?)?,
                None => list.append(py.None())?,
            }
        }
        Ok(list)
    })
}

/// `run` for the common case of one op with a single new output and no destinations: the
/// output tuple itself, without the list around it.
#[pyfunction]
fn run1<'py>(py: Python<'py>, op: &str, py_args: Bound<'py, PyTuple>) -> PyResult<Bound<'py, PyTuple>> {
    guard(|| {
        let args: Vec<Arg> = py_args.iter().map(|a| to_arg(op, &a)).collect::<PyResult<_>>()?;
        let rt = route::chip_for(runtime()?, op, &args, &[])?;
        let start = op_listener::listening().then(|| rt.sim.as_ref().map_or(0, |s| s.now_cycles()));
        label_op(rt, op);
        let outs = rt.dispatcher.run(op, &args, &[]).map_err(|e| match e {
            Error::UnknownBuffer(_) => first_foreign(op, &py_args).unwrap_or_else(|| to_pyerr(py, e)),
            e => to_pyerr(py, e),
        })?;
        if let Some(start) = start {
            op_listener::notify(py, op, &py_args, start, &args, &outs, &[]);
        }
        match <[Option<TensorView>; 1]>::try_from(outs) {
            Ok([Some(v)]) => new_output(py, v),
            _ => Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
                "internal error: aten::{op} was run as a single-output op but did not return one output"
            ))),
        }
    })
}

/// The lowered IR graph of a call, as text (for debugging and docs).
#[pyfunction]
fn lowered_graph(py: Python<'_>, op: &str, args: Bound<'_, PyTuple>) -> PyResult<String> {
    guard(|| {
        let args: Vec<Arg> = args.iter().map(|a| to_arg(op, &a)).collect::<PyResult<_>>()?;
        let rt = route::chip_for(runtime()?, op, &args, &[])?;
        let lowered = rt.dispatcher.lower(op, &args).map_err(|e| to_pyerr(py, e))?;
        Ok(lowered.graph.to_string())
    })
}

/// The chip `device` names, or the calling thread's current one.
fn chip(device: Option<u32>) -> PyResult<&'static runtime::Chip> {
    let rt = runtime()?;
    match device {
        Some(i) => rt.chip(i),
        None => rt.current(),
    }
}

/// How many chips this process sees (`runtime::device_count`); starts nothing.
#[pyfunction]
fn device_count() -> u32 {
    runtime::device_count()
}

/// The calling thread's current chip.
#[pyfunction]
fn current_device() -> u32 {
    runtime::current_index()
}

/// Makes chip `index` the calling thread's current one (PyTorch's device guards do the same).
#[pyfunction]
fn set_device(index: u32) -> PyResult<()> {
    runtime::set_current_index(index).map_err(pyo3::exceptions::PyRuntimeError::new_err)
}

/// Times a copy of `nbytes` from chip `src` to buffer `dst_addr` of chip `dst` of this process,
/// over the ICI of `spec`'s slice (its chips are this process's, in order). The data leaves
/// when `src` has done the work issued before it and travels beside the kernels of both
/// chips; what reads the destination on `dst` waits for its arrival (returned, in cycles).
#[pyfunction]
fn chip_copy(spec: &str, src: u32, dst: u32, nbytes: u64, dst_addr: u64) -> PyResult<u64> {
    let rt = runtime()?;
    let (from, to) = (rt.chip(src)?.sim("a copy between chips")?, rt.chip(dst)?.sim("a copy between chips")?);
    let cycles = slice::p2p_cycles(spec, nbytes, src, dst)?;
    let leaves = from.now_cycles();
    from.ici_transfer_async(&format!("copy to tpu:{dst}"), leaves, cycles, nbytes, &[]);
    Ok(to.ici_transfer_async(&format!("copy from tpu:{src}"), leaves, cycles, nbytes, &[dst_addr]))
}

/// A new buffer of `nbytes` on chip `device` (default: the current chip).
#[pyfunction]
#[pyo3(signature = (nbytes, device=None))]
fn alloc(py: Python<'_>, nbytes: usize, device: Option<u32>) -> PyResult<Buffer> {
    guard(|| {
        let chip = chip(device)?;
        let addr = chip.dispatcher.alloc(nbytes).map_err(|e| to_pyerr(py, e))?;
        Ok(Buffer { addr, nbytes, chip: chip.index })
    })
}

/// Copies `nbytes` from host address `src` into device buffer `addr` at `offset`.
#[pyfunction]
fn write_from_host(py: Python<'_>, addr: u64, offset: usize, src: usize, nbytes: usize) -> PyResult<()> {
    guard(|| {
        if nbytes == 0 {
            return Ok(());
        }
        // SAFETY: the glue passes the data pointer and byte size of a live contiguous CPU tensor.
        let data = unsafe { std::slice::from_raw_parts(src as *const u8, nbytes) };
        runtime()?.chip_of(addr)?.dispatcher.write_bytes(addr, offset, data).map_err(|e| to_pyerr(py, e))
    })
}

/// Copies `nbytes` from device buffer `addr` at `offset` to host address `dst`.
#[pyfunction]
fn read_to_host(py: Python<'_>, addr: u64, offset: usize, dst: usize, nbytes: usize) -> PyResult<()> {
    guard(|| {
        if nbytes == 0 {
            return Ok(());
        }
        // SAFETY: the glue passes the data pointer and byte size of a live contiguous CPU tensor
        // it just allocated.
        let out = unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, nbytes) };
        runtime()?.chip_of(addr)?.dispatcher.read_bytes(addr, offset, out).map_err(|e| to_pyerr(py, e))
    })
}

/// Copies the first `nbytes` of buffer `src` to buffer `dst` (resize_ moving to a new buffer).
#[pyfunction]
fn copy_bytes(py: Python<'_>, src: u64, dst: u64, nbytes: usize) -> PyResult<()> {
    guard(|| {
        let rt = runtime()?;
        let mut tmp = vec![0u8; nbytes];
        rt.chip_of(src)?.dispatcher.read_bytes(src, 0, &mut tmp).map_err(|e| to_pyerr(py, e))?;
        rt.chip_of(dst)?.dispatcher.write_bytes(dst, 0, &tmp).map_err(|e| to_pyerr(py, e))
    })
}

/// Device-to-device copy between two tpu tensors of equal shape (any strides and dtypes).
#[pyfunction]
fn copy(py: Python<'_>, src: Bound<'_, PyAny>, dst: Bound<'_, PyAny>) -> PyResult<()> {
    guard(|| {
        let (s, d) = (tensor_view("copy_", &src)?, tensor_view("copy_", &dst)?);
        let rt = route::chip_of_views(runtime()?, "copy_", &[s.clone(), d.clone()])?;
        label_op(rt, "copy_");
        rt.dispatcher.copy(&s, &d).map_err(|e| to_pyerr(py, e))
    })
}

#[pyfunction]
#[pyo3(signature = (device=None))]
fn memory_stats(py: Python<'_>, device: Option<u32>) -> PyResult<Bound<'_, PyDict>> {
    let m = chip(device)?.dispatcher.device().memory_stats();
    let d = PyDict::new(py);
    d.set_item("allocated_bytes", m.allocated)?;
    d.set_item("peak_allocated_bytes", m.peak)?;
    d.set_item("capacity_bytes", m.capacity)?;
    Ok(d)
}

/// Where the simulator computes (`TPUDEV_SIM_EXEC`) and what its GPU path did.
#[pyfunction]
fn sim_exec_stats(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let sim = runtime()?.sim("torch.tpu.sim_exec_stats()")?;
    let d = PyDict::new(py);
    d.set_item("target", sim.exec_target().name())?;
    d.set_item("tuning", sim.tuning().name())?;
    d.set_item("simd", tpudev_sim::exec::simd::isa().name())?;
    let g = tpudev_sim::gpu::stats::snapshot();
    let adapter = match sim.exec_target() {
        tpudev_sim::ExecTarget::Gpu => tpudev_sim::gpu::context::global().ok().map(|c| (c.adapter.clone(), c.software)),
        tpudev_sim::ExecTarget::Cpu => None,
    };
    d.set_item("adapter", adapter.as_ref().map(|a| a.0.clone()))?;
    d.set_item("software_adapter", adapter.map(|a| a.1))?;
    d.set_item("programs", g.programs)?;
    d.set_item("kernels", g.kernels)?;
    d.set_item("fallback_ops", g.fallback_total())?;
    d.set_item("fallbacks", g.fallbacks.into_iter().collect::<std::collections::HashMap<_, _>>())?;
    d.set_item("bytes_to_gpu", g.bytes_up)?;
    d.set_item("bytes_from_gpu", g.bytes_down)?;
    Ok(d)
}

#[pyfunction]
#[pyo3(signature = (device=None))]
fn reset_peak_memory(device: Option<u32>) -> PyResult<()> {
    chip(device)?.dispatcher.device().reset_peak_memory();
    Ok(())
}

#[pyfunction]
#[pyo3(signature = (device=None))]
fn properties(py: Python<'_>, device: Option<u32>) -> PyResult<Bound<'_, PyDict>> {
    let chip = chip(device)?;
    let p = chip.dispatcher.device().properties();
    let d = PyDict::new(py);
    d.set_item("name", p.name)?;
    d.set_item("chip", p.chip)?;
    d.set_item("hbm_bytes", p.hbm_bytes)?;
    d.set_item("tensorcores", p.tensorcores)?;
    d.set_item("simulated", p.simulated)?;
    let rt = runtime()?;
    d.set_item("backend", rt.backend.to_string())?;
    d.set_item("backend_reason", &rt.reason)?;
    d.set_item("device_count", rt.device_count())?;
    // The chip's figures exist for the simulator only; on hardware they are None.
    match &chip.sim {
        Some(sim) => {
            d.set_item("clock_hz", sim.timing_params().clock_hz)?;
            d.set_item("peak_bf16_flops", sim.chip().peak_bf16_flops)?;
            d.set_item("hbm_bw_bytes_per_s", sim.chip().hbm_bw_bytes_per_s)?;
        }
        None => {
            d.set_item("clock_hz", py.None())?;
            d.set_item("peak_bf16_flops", py.None())?;
            d.set_item("hbm_bw_bytes_per_s", py.None())?;
        }
    }
    Ok(d)
}

/// The simulated clock: (cycles since the device was created, clock frequency in Hz).
#[pyfunction]
#[pyo3(signature = (device=None))]
fn sim_time(device: Option<u32>) -> PyResult<(u64, u64)> {
    let sim = chip(device)?.sim("the simulated clock")?;
    Ok((sim.now_cycles(), sim.timing_params().clock_hz))
}

/// Opens a profiling session on every chip of the process; returns the positions to pass to
/// `profile_stop` (a chip not started yet has logged nothing: 0).
#[pyfunction]
fn profile_start() -> PyResult<Vec<usize>> {
    let rt = runtime()?;
    rt.first().sim("the profiler")?;
    let mut starts = vec![0; rt.device_count() as usize];
    for chip in rt.started() {
        starts[chip.index as usize] = chip.sim("the profiler")?.start_profile();
    }
    Ok(starts)
}

/// Closes a profiling session and returns its kernels as tuples
/// `(op, kernel, start_cycles, cycles, flops, bytes_read, bytes_written, bound, device)`, by
/// start time (then device index) across the chips.
#[pyfunction]
fn profile_stop(py: Python<'_>, starts: Vec<usize>) -> PyResult<Bound<'_, PyList>> {
    let rt = runtime()?;
    let mut events = Vec::new();
    for chip in rt.started() {
        let start = starts.get(chip.index as usize).copied().unwrap_or(0);
        events.extend(chip.sim("the profiler")?.stop_profile(start).into_iter().map(|e| (chip.index, e)));
    }
    if starts.len() > 1 {
        events.sort_by_key(|(i, e)| (e.start, *i));
    }
    let list = PyList::empty(py);
    for (i, e) in events {
        let row = (&*e.op, &*e.kernel, e.start, e.cycles, e.flops, e.bytes_read, e.bytes_written, e.bound.name(), i);
        list.append(row)?;
    }
    Ok(list)
}

/// Whether programs only advance the simulated clock (timing-only mode).
#[pyfunction]
fn timing_only() -> PyResult<bool> {
    // The hardware always computes.
    Ok(runtime()?.first().sim.as_ref().is_some_and(|s| s.timing_only()))
}

#[pyfunction]
fn set_timing_only(on: bool) -> PyResult<()> {
    for chip in runtime()?.started() {
        if on || chip.sim.is_some() {
            chip.sim("timing-only mode")?.set_timing_only(on);
        }
    }
    Ok(())
}

#[pyfunction]
#[pyo3(signature = (device=None))]
fn stats(py: Python<'_>, device: Option<u32>) -> PyResult<Bound<'_, PyDict>> {
    let rt = chip(device)?;
    let s = rt.dispatcher.stats();
    let d = PyDict::new(py);
    d.set_item("ops_executed", s.ops_executed)?;
    d.set_item("compilations", s.compilations)?;
    d.set_item("cache_hits", s.cache_hits)?;
    d.set_item("ops_deferred", s.ops_deferred)?;
    d.set_item("flushes", s.flushes)?;
    let by_reason = PyDict::new(py);
    for reason in tpudev_core::dispatch::SyncReason::ALL {
        by_reason.set_item(reason.name(), s.flushes_by_reason[reason as usize])?;
    }
    d.set_item("flushes_by_reason", by_reason)?;
    d.set_item("cached_programs", rt.dispatcher.cached_programs())?;
    Ok(d)
}

#[pyfunction]
fn manual_seed(seed: i64) -> PyResult<()> {
    // Every chip, as torch.manual_seed seeds every CUDA device (chips started later follow
    // chip 0's seed).
    runtime()?.started().for_each(|c| c.dispatcher.manual_seed(seed));
    Ok(())
}

#[pyfunction]
#[pyo3(signature = (device=None))]
fn rng_state(device: Option<u32>) -> PyResult<(i64, i64)> {
    let [seed, offset] = chip(device)?.dispatcher.rng_state();
    Ok((seed, offset))
}

#[pyfunction]
#[pyo3(signature = (seed, offset, device=None))]
fn set_rng_state(seed: i64, offset: i64, device: Option<u32>) -> PyResult<()> {
    chip(device)?.dispatcher.set_rng_state([seed, offset]);
    Ok(())
}

#[pyfunction]
fn initial_seed() -> PyResult<i64> {
    Ok(runtime()?.current()?.dispatcher.seed())
}

/// Waits for the work of chip `device`, or of every chip the process has started.
#[pyfunction]
#[pyo3(signature = (device=None))]
fn synchronize(py: Python<'_>, device: Option<u32>) -> PyResult<()> {
    match device {
        Some(i) => runtime()?.chip(i)?.dispatcher.synchronize().map_err(|e| to_pyerr(py, e)),
        None => runtime()?.started().try_for_each(|c| c.dispatcher.synchronize().map_err(|e| to_pyerr(py, e))),
    }
}

#[pyfunction]
fn eager_mode() -> PyResult<&'static str> {
    Ok(runtime()?.first().dispatcher.mode().name())
}

#[pyfunction]
fn set_eager_mode(py: Python<'_>, name: &str) -> PyResult<()> {
    let mode = EagerMode::from_name(name)
        .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("unknown eager mode {name}")))?;
    runtime()?.started().try_for_each(|c| c.dispatcher.set_mode(mode).map_err(|e| to_pyerr(py, e)))
}

/// Whether debug eager mode checks every float result for NaN and Inf.
#[pyfunction]
fn nan_check() -> PyResult<bool> {
    Ok(runtime()?.first().dispatcher.nan_check())
}

#[pyfunction]
fn set_nan_check(on: bool) -> PyResult<()> {
    runtime()?.started().for_each(|c| c.dispatcher.set_nan_check(on));
    Ok(())
}

/// The f32 matmul/convolution precision: "DEFAULT", "HIGH" or "HIGHEST".
#[pyfunction]
fn matmul_precision() -> PyResult<&'static str> {
    Ok(runtime()?.first().dispatcher.precision().name())
}

#[pyfunction]
fn set_matmul_precision(name: &str) -> PyResult<()> {
    let precision = match name {
        "DEFAULT" => Precision::Default,
        "HIGH" => Precision::High,
        "HIGHEST" => Precision::Highest,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "unknown precision {other:?}: expected DEFAULT, HIGH or HIGHEST"
            )))
        }
    };
    runtime()?.started().for_each(|c| c.dispatcher.set_precision(precision));
    Ok(())
}

#[pyfunction]
fn allow_excess_precision() -> PyResult<bool> {
    Ok(runtime()?.first().dispatcher.options().allow_excess_precision)
}

#[pyfunction]
fn set_allow_excess_precision(allow: bool) -> PyResult<()> {
    runtime()?.started().for_each(|c| c.dispatcher.set_allow_excess_precision(allow));
    Ok(())
}

/// Ends the run, at interpreter exit: on the hardware backend, stops loading the working set
/// and stores the one this run used. Nothing when the runtime never started.
#[pyfunction]
fn finish(py: Python<'_>) {
    if let Some(hw) = runtime_if_started().and_then(|rt| rt.first().hw.as_ref()) {
        py.detach(|| hw.finish());
    }
}

/// Counters and tiers of the compilation cache (`tpudev_core::cache`).
#[pyfunction]
fn cache_stats(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let rt = runtime()?.first();
    let cache = rt.dispatcher.compile_cache();
    let s = cache.stats();
    let d = PyDict::new(py);
    d.set_item("memory_hits", s.memory_hits)?;
    d.set_item("shm_hits", s.shm_hits)?;
    d.set_item("disk_hits", s.disk_hits)?;
    d.set_item("misses", s.misses)?;
    d.set_item("stores", s.stores)?;
    d.set_item("invalid_dropped", s.invalid_dropped)?;
    d.set_item("bytes_read", s.bytes_read)?;
    d.set_item("bytes_written", s.bytes_written)?;
    d.set_item("memory_entries", s.memory_entries)?;
    d.set_item("lookup_ns", s.lookup_ns)?;
    d.set_item("store_ns", s.store_ns)?;
    d.set_item("compile_ns", s.compile_ns)?;
    // Hardware executables (PJRT): stored and found in tiers 2 and 3, and what the device did.
    d.set_item("executable_shm_hits", s.executable_shm_hits)?;
    d.set_item("executable_disk_hits", s.executable_disk_hits)?;
    d.set_item("executable_misses", s.executable_misses)?;
    d.set_item("executable_stores", s.executable_stores)?;
    let e = rt.hw.as_ref().map(|hw| hw.executable_stats()).unwrap_or_default();
    d.set_item("executables_compiled", e.compiled)?;
    d.set_item("executables_loaded", e.loaded)?;
    d.set_item("executable_compile_ns", e.compile_ns)?;
    d.set_item("executable_load_ns", e.load_ns)?;
    d.set_item("executables_prefetched", e.prefetched)?;
    d.set_item("executables_prefetch_used", e.prefetch_used)?;
    d.set_item("executable_prefetch_ns", e.prefetch_ns)?;
    d.set_item("executable_prefetch_wait_ns", e.prefetch_wait_ns)?;
    d.set_item("memory_enabled", cache.memory_tier().is_some())?;
    let dir = |t: Option<&tpudev_core::cache::DirTier>| t.map(|t| t.root().display().to_string());
    d.set_item("shm_dir", dir(cache.shm_tier()))?;
    d.set_item("disk_dir", dir(cache.disk_tier()))?;
    d.set_item("shm_writable", cache.shm_tier().is_some_and(|t| t.writable()))?;
    d.set_item("disk_writable", cache.disk_tier().is_some_and(|t| t.writable()))?;
    Ok(d)
}

/// Sends the compilation cache's warnings to Python's `warnings.warn` (RuntimeWarning), so
/// that users can filter them; the message still starts with "tpudev:".
fn install_warning_sink() {
    let sink = std::sync::Arc::new(|msg: &str| {
        Python::attach(|py| {
            let text = std::ffi::CString::new(format!("tpudev: {msg}").replace('\0', " "))
                .unwrap_or_else(|_| c"tpudev: compilation cache warning".to_owned());
            let category = py.get_type::<pyo3::exceptions::PyRuntimeWarning>();
            if let Err(e) = PyErr::warn(py, &category, &text, 1) {
                // A filter that turns warnings into errors: the op still runs (the cache
                // recovered); say it on stderr rather than fail the op.
                eprintln!("tpudev: warning: {msg} ({e})");
            }
        })
    });
    tpudev_core::cache::set_warning_sink(Some(sink));
}

/// Functional ATen overloads the lowering table supports.
#[pyfunction]
fn supported_ops() -> Vec<&'static str> {
    lower::supported_ops()
}

#[pymodule]
fn _C(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Buffer>()?;
    m.add_class::<capture::Program>()?;
    m.add_function(wrap_pyfunction!(sim_exec_stats, m)?)?;
    m.add_function(wrap_pyfunction!(finish, m)?)?;
    m.add_function(wrap_pyfunction!(capture::capture_begin, m)?)?;
    m.add_function(wrap_pyfunction!(capture::capture_end, m)?)?;
    m.add_function(wrap_pyfunction!(capture::run_program, m)?)?;
    m.add_function(wrap_pyfunction!(snapshot::program_report, m)?)?;
    m.add_function(wrap_pyfunction!(snapshot::compiler_version, m)?)?;
    m.add_function(wrap_pyfunction!(snapshot::chip_info, m)?)?;
    m.add_function(wrap_pyfunction!(pallas::pallas_kernel_cost, m)?)?;
    m.add_class::<profiled::ProfiledPrograms>()?;
    m.add_function(wrap_pyfunction!(profiled::profile_programs, m)?)?;
    m.add_function(wrap_pyfunction!(op_listener::set_op_listener, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(init, m)?)?;
    m.add_function(wrap_pyfunction!(start, m)?)?;
    m.add_function(wrap_pyfunction!(cli, m)?)?;
    m.add_function(wrap_pyfunction!(started, m)?)?;
    m.add_function(wrap_pyfunction!(start_problem, m)?)?;
    m.add_function(wrap_pyfunction!(dtype_names, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(run1, m)?)?;
    m.add_function(wrap_pyfunction!(lowered_graph, m)?)?;
    m.add_function(wrap_pyfunction!(alloc, m)?)?;
    m.add_function(wrap_pyfunction!(device_count, m)?)?;
    m.add_function(wrap_pyfunction!(current_device, m)?)?;
    m.add_function(wrap_pyfunction!(set_device, m)?)?;
    m.add_function(wrap_pyfunction!(chip_copy, m)?)?;
    m.add_function(wrap_pyfunction!(write_from_host, m)?)?;
    m.add_function(wrap_pyfunction!(read_to_host, m)?)?;
    m.add_function(wrap_pyfunction!(copy, m)?)?;
    m.add_function(wrap_pyfunction!(copy_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(memory_stats, m)?)?;
    m.add_function(wrap_pyfunction!(reset_peak_memory, m)?)?;
    m.add_function(wrap_pyfunction!(properties, m)?)?;
    m.add_function(wrap_pyfunction!(stats, m)?)?;
    m.add_function(wrap_pyfunction!(manual_seed, m)?)?;
    m.add_function(wrap_pyfunction!(initial_seed, m)?)?;
    m.add_function(wrap_pyfunction!(rng_state, m)?)?;
    m.add_function(wrap_pyfunction!(set_rng_state, m)?)?;
    m.add_function(wrap_pyfunction!(synchronize, m)?)?;
    m.add_function(wrap_pyfunction!(eager_mode, m)?)?;
    m.add_function(wrap_pyfunction!(set_eager_mode, m)?)?;
    m.add_function(wrap_pyfunction!(nan_check, m)?)?;
    m.add_function(wrap_pyfunction!(set_nan_check, m)?)?;
    m.add_function(wrap_pyfunction!(supported_ops, m)?)?;
    m.add_function(wrap_pyfunction!(matmul_precision, m)?)?;
    m.add_function(wrap_pyfunction!(set_matmul_precision, m)?)?;
    m.add_function(wrap_pyfunction!(allow_excess_precision, m)?)?;
    m.add_function(wrap_pyfunction!(set_allow_excess_precision, m)?)?;
    m.add_function(wrap_pyfunction!(sim_time, m)?)?;
    m.add_function(wrap_pyfunction!(profile_start, m)?)?;
    m.add_function(wrap_pyfunction!(profile_stop, m)?)?;
    m.add_function(wrap_pyfunction!(timing_only, m)?)?;
    m.add_function(wrap_pyfunction!(set_timing_only, m)?)?;
    m.add_function(wrap_pyfunction!(cache_stats, m)?)?;
    m.add_function(wrap_pyfunction!(slice::default_slice_spec, m)?)?;
    m.add_function(wrap_pyfunction!(slice::slice_info, m)?)?;
    m.add_function(wrap_pyfunction!(slice::slice_coords, m)?)?;
    m.add_function(wrap_pyfunction!(slice::collective_cycles, m)?)?;
    m.add_function(wrap_pyfunction!(slice::p2p_cycles, m)?)?;
    m.add_function(wrap_pyfunction!(slice::ici_transfer, m)?)?;
    m.add_function(wrap_pyfunction!(slice::ici_transfer_async, m)?)?;
    m.add_function(wrap_pyfunction!(slice::pause_clock, m)?)?;
    install_warning_sink();
    #[cfg(feature = "torch-cxx")]
    glue::install();
    Ok(())
}
