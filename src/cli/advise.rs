//! `tpudev advise SCRIPT.py [ARGS...]`: the performance advisor runs a Python script under
//! the profiler, so it lives in the Python package (`torch_tpudev.advisor`); this binary hands
//! the command line to it. The `tpudev` of the installed Python package runs it in-process.

use std::ffi::OsString;
use std::process::Command;

use super::CliError;

/// The Python that has torch_tpudev installed: `TPUDEV_PYTHON`, else `python3` on the PATH.
fn python() -> OsString {
    std::env::var_os("TPUDEV_PYTHON").unwrap_or_else(|| OsString::from("python3"))
}

pub fn run(args: &[OsString]) -> Result<u8, CliError> {
    let python = python();
    let status = Command::new(&python).args(["-m", "torch_tpudev.advisor"]).args(args).status().map_err(|e| {
        CliError(format!(
            "tpudev advise runs Python, and {:?} could not be started ({e}): set TPUDEV_PYTHON to the \
             interpreter that has torch_tpudev installed (scripts/setup.sh makes .venv/bin/python)",
            python
        ))
    })?;
    Ok(status.code().and_then(|c| u8::try_from(c).ok()).unwrap_or(1))
}
