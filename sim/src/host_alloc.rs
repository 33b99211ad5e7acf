//! Host allocator tuning. Every execution allocates fresh arrays for its inputs and
//! intermediates. With glibc's defaults, arrays of a few MiB and up are mmapped or trimmed back
//! to the OS when freed, so the next execution pays a page fault for every 4 KiB it touches
//! again: on a 4M-element add that doubles the run time. Raising the mmap threshold to 64 MiB
//! and keeping up to 256 MiB of freed memory for reuse avoids this.
//!
//! The setting is process-wide (it affects every glibc `malloc` in the process) and is applied
//! once, when the first `SimDevice` is made. `TPUDEV_MALLOC_TUNING=0` turns it off
//! (`SimTuning::malloc_tuning`).

#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn tune() {
    use std::sync::Once;
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        if !crate::tuning::process().malloc_tuning {
            return;
        }
        extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        const M_TRIM_THRESHOLD: i32 = -1;
        const M_MMAP_THRESHOLD: i32 = -3;
        // SAFETY: mallopt only changes allocator parameters; both values are in range.
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 64 << 20);
            mallopt(M_TRIM_THRESHOLD, 256 << 20);
        }
    });
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn tune() {}
