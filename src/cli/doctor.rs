//! `tpudev doctor`: what tpudev finds of the hardware path (backend choice, TPU, PJRT plugin,
//! platform, devices, a smoke check), printed as it goes and bounded by a timeout, then
//! whether the device can start with this environment's settings, checked as `torch_tpudev`
//! checks them at the device's first use.

use std::time::Duration;

use tpudev_core::dispatch::Startup;
use tpudev_hw::discover::{self, Backend, Env};
use tpudev_hw::doctor::{self, DoctorOptions};
use tpudev_sim::SimDevice;

use super::CliError;

pub fn run(timeout_s: f64) -> Result<(), CliError> {
    if !(timeout_s.is_finite() && timeout_s > 0.0) {
        return Err(CliError(format!("--timeout must be a positive number of seconds, got {timeout_s}")));
    }
    let options = DoctorOptions::from_process(Duration::from_secs_f64(timeout_s));
    let mut write_error = None;
    let hw_ok = doctor::run(options, &mut |line| {
        if write_error.is_none() {
            write_error = super::chips::write_stdout(&format!("{line}\n")).err();
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    let mut settings_ok = true;
    for (ok, line) in settings_report() {
        settings_ok &= ok;
        super::chips::write_stdout(&format!("{line}\n"))?;
    }
    if hw_ok && settings_ok {
        Ok(())
    } else {
        Err(CliError("tpudev doctor found a problem (see the lines above)".into()))
    }
}

/// The settings the device starts with, each `(ok, line)`: the start-up mode and cache
/// variables, and on the simulator its chip and execution settings.
fn settings_report() -> Vec<(bool, String)> {
    let mut lines = vec![match Startup::from_env() {
        Ok(s) => (
            true,
            format!(
                "settings: ok (eager mode {}, NaN check {})",
                s.mode.map_or("DEFER_NEVER", |m| m.name()),
                if s.nan_check { "on" } else { "off" }
            ),
        ),
        Err(e) => (false, format!("settings: error: {e} (the tpu device will not start)")),
    }];
    let env = Env::from_process();
    let on_sim = discover::select_backend(env.backend.as_deref(), &discover::detect_tpu(std::path::Path::new("/")))
        .is_ok_and(|c| c.backend == Backend::Sim);
    if on_sim {
        lines.push(match SimDevice::from_env() {
            Ok(d) => (true, format!("simulator: {} ({} bytes of HBM)", d.chip().name, d.chip().hbm_bytes)),
            Err(e) => (false, format!("simulator: error: {e} (the tpu device will not start)")),
        });
    }
    lines
}
