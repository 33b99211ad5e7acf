//! What a device starts with from the environment, read before anything is built so that a
//! bad setting leaves no half-started device: the eager mode (TorchTPU's
//! `TORCH_TPU_LAUNCH_BLOCKING=1`, debug mode, wins over `TORCH_TPU_DEFER_AND_FUSE=1`), the
//! NaN check (`TPUDEV_NAN_CHECK=1`), and the compilation cache's variables, which the CLI
//! only warns about but which stop a device from starting.

use super::{Dispatcher, EagerMode};
use crate::cache::CacheConfig;
use crate::error::{Error, Result};
use crate::switch;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Startup {
    /// `None`: the dispatcher's default, strict mode.
    pub mode: Option<EagerMode>,
    pub nan_check: bool,
}

impl Startup {
    pub fn from_env() -> Result<Startup> {
        let (_, cache_problems) = CacheConfig::from_env();
        if !cache_problems.is_empty() {
            return Err(Error::invalid(cache_problems.join("; ")));
        }
        let blocking = switch::from_env("TORCH_TPU_LAUNCH_BLOCKING", false)?;
        let defer = switch::from_env("TORCH_TPU_DEFER_AND_FUSE", false)?;
        let nan_check = switch::from_env("TPUDEV_NAN_CHECK", false)?;
        let mode = match (blocking, defer) {
            (true, _) => Some(EagerMode::DeferNeverAndLaunchBlocking),
            (false, true) => Some(EagerMode::DeferAndFuse),
            (false, false) => None,
        };
        Ok(Startup { mode, nan_check })
    }

    pub fn apply(&self, dispatcher: &Dispatcher) -> Result<()> {
        if let Some(mode) = self.mode {
            dispatcher.set_mode(mode)?;
        }
        dispatcher.set_nan_check(self.nan_check);
        Ok(())
    }
}
