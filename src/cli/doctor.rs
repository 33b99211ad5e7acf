//! `tpudev doctor`: what tpudev finds of the hardware path (backend choice, TPU, PJRT plugin,
//! platform, devices, a smoke check), printed as it goes and bounded by a timeout.

use std::time::Duration;

use tpudev_hw::doctor::{self, DoctorOptions};

use super::CliError;

pub fn run(timeout_s: f64) -> Result<(), CliError> {
    if !(timeout_s.is_finite() && timeout_s > 0.0) {
        return Err(CliError(format!("--timeout must be a positive number of seconds, got {timeout_s}")));
    }
    let options = DoctorOptions::from_process(Duration::from_secs_f64(timeout_s));
    let mut write_error = None;
    let ok = doctor::run(options, &mut |line| {
        if write_error.is_none() {
            write_error = super::chips::write_stdout(&format!("{line}\n")).err();
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    if ok {
        Ok(())
    } else {
        Err(CliError("tpudev doctor found a problem (see the lines above)".into()))
    }
}
