//! The C ABI the thin C++ layer (`python/csrc/`) calls: PyTorch mechanisms that exist only in
//! C++ (the device allocator behind `torch.accelerator.memory_*`) forward here, so every
//! decision stays in Rust. Each entry point catches panics: none may unwind into C++.

use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::Python;

use crate::runtime::{runtime, runtime_if_started};

/// Memory figures of the device, in bytes (`c10::DeviceAllocator::getDeviceStats`).
#[repr(C)]
pub struct GlueMemoryStats {
    pub allocated: u64,
    pub peak: u64,
    pub capacity: u64,
}

extern "C" {
    /// Registers the device allocator and the autocast policies (csrc/tpudev_glue.cpp).
    fn tpudev_glue_install();
}

/// Called once when the module loads.
pub fn install() {
    // SAFETY: a plain C function without arguments; it only registers objects with c10.
    unsafe { tpudev_glue_install() }
}

/// Writes `msg` as a NUL-terminated string into `out` (at most `cap` bytes).
fn write_message(msg: &str, out: *mut c_char, cap: usize) {
    if out.is_null() || cap == 0 {
        return;
    }
    let n = msg.len().min(cap - 1);
    // SAFETY: the caller passes a writable buffer of `cap` bytes.
    unsafe {
        std::ptr::copy_nonoverlapping(msg.as_ptr(), out as *mut u8, n);
        *out.add(n) = 0;
    }
}

fn catch<T>(what: &str, err: *mut c_char, cap: usize, f: impl FnOnce() -> Result<T, String>) -> Option<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Some(v),
        Ok(Err(msg)) => {
            write_message(&msg, err, cap);
            None
        }
        Err(_) => {
            write_message(&format!("internal error in the tpu runtime ({what}); this is a bug in tpudev"), err, cap);
            None
        }
    }
}

fn started() -> Result<&'static crate::runtime::Runtime, String> {
    runtime().map_err(|e| Python::attach(|_| e.to_string()))
}

/// Chip `device` (a negative index: the current chip).
fn chip(device: Option<i32>) -> Result<&'static crate::runtime::Chip, String> {
    let rt = started()?;
    let chip = match device.filter(|&d| d >= 0) {
        Some(d) => rt.chip(d as u32),
        None => rt.current(),
    };
    chip.map_err(|e| Python::attach(|_| e.to_string()))
}

/// Allocates `nbytes` of device memory; false (with the reason in `err`) when it cannot.
#[no_mangle]
pub extern "C" fn tpudev_glue_alloc(nbytes: usize, addr: *mut u64, err: *mut c_char, cap: usize) -> bool {
    let got = catch("alloc", err, cap, || chip(None)?.dispatcher.alloc(nbytes).map_err(|e| e.to_string()));
    match got {
        Some(a) => {
            // SAFETY: the caller passes a valid pointer for the result.
            unsafe { *addr = a };
            true
        }
        None => false,
    }
}

/// Frees a buffer `tpudev_glue_alloc` returned (a no-op once the runtime is gone).
#[no_mangle]
pub extern "C" fn tpudev_glue_free(addr: u64) {
    let _ = catch_unwind(|| {
        if let Some(chip) = runtime_if_started().and_then(|rt| rt.started_chip(rt.index_of(addr))) {
            chip.dispatcher.free(addr);
        }
    });
}

/// Copies `nbytes` from the start of buffer `src` to the start of buffer `dst`.
#[no_mangle]
pub extern "C" fn tpudev_glue_copy(src: u64, dst: u64, nbytes: usize, err: *mut c_char, cap: usize) -> bool {
    catch("copy", err, cap, || {
        let rt = started()?;
        let on = |addr| rt.chip_of(addr).map_err(|e| Python::attach(|_| e.to_string()));
        let mut tmp = vec![0u8; nbytes];
        on(src)?.dispatcher.read_bytes(src, 0, &mut tmp).map_err(|e| e.to_string())?;
        on(dst)?.dispatcher.write_bytes(dst, 0, &tmp).map_err(|e| e.to_string())
    })
    .is_some()
}

/// Chip `device`'s memory figures (a negative index: the current chip's).
#[no_mangle]
pub extern "C" fn tpudev_glue_memory_stats(
    device: i32,
    out: *mut GlueMemoryStats,
    err: *mut c_char,
    cap: usize,
) -> bool {
    let got = catch("memory_stats", err, cap, || Ok(chip(Some(device))?.dispatcher.device().memory_stats()));
    match got {
        Some(m) => {
            // SAFETY: the caller passes a valid pointer for the result.
            unsafe { *out = GlueMemoryStats { allocated: m.allocated, peak: m.peak, capacity: m.capacity } };
            true
        }
        None => false,
    }
}

/// Starts chip `device`'s peak from the memory allocated now.
#[no_mangle]
pub extern "C" fn tpudev_glue_reset_peak(device: i32, err: *mut c_char, cap: usize) -> bool {
    catch("reset_peak", err, cap, || {
        chip(Some(device))?.dispatcher.device().reset_peak_memory();
        Ok(())
    })
    .is_some()
}

/// Waits until everything issued to the device has run (the device guard's stream and event
/// synchronization).
#[no_mangle]
pub extern "C" fn tpudev_glue_synchronize(err: *mut c_char, cap: usize) -> bool {
    catch("synchronize", err, cap, || {
        started()?.started().try_for_each(|c| c.dispatcher.synchronize().map_err(|e| e.to_string()))
    })
    .is_some()
}

/// How many chips the process sees (`runtime::device_count`; starts nothing).
#[no_mangle]
pub extern "C" fn tpudev_glue_device_count() -> i32 {
    catch_unwind(crate::runtime::device_count).map_or(1, |n| n as i32)
}

/// The calling thread's current chip.
#[no_mangle]
pub extern "C" fn tpudev_glue_current_device() -> i32 {
    crate::runtime::current_index() as i32
}

/// Makes chip `index` the calling thread's current one; false (with the reason) when the
/// process has no such chip.
#[no_mangle]
pub extern "C" fn tpudev_glue_set_device(index: i32, err: *mut c_char, cap: usize) -> bool {
    catch("set_device", err, cap, || crate::runtime::set_current_index(index.max(0) as u32)).is_some()
}

/// The chip whose memory holds `addr` (PyTorch's `getDeviceFromPtr`).
#[no_mangle]
pub extern "C" fn tpudev_glue_device_of(addr: u64) -> i32 {
    runtime_if_started().map_or(0, |rt| rt.index_of(addr) as i32)
}
