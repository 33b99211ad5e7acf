//! Eager execution modes, named as in TorchTPU's `torch.tpu.EagerMode`.

use crate::error::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EagerMode {
    /// Strict: every op runs when it is called.
    DeferNever,
    /// Debug: strict and synchronous, with optional NaN/Inf checks.
    DeferNeverAndLaunchBlocking,
    /// Ops are recorded and fused until a sync point.
    DeferAndFuse,
}

impl EagerMode {
    pub fn name(self) -> &'static str {
        match self {
            EagerMode::DeferNever => "DEFER_NEVER",
            EagerMode::DeferNeverAndLaunchBlocking => "DEFER_NEVER_AND_LAUNCH_BLOCKING",
            EagerMode::DeferAndFuse => "DEFER_AND_FUSE",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        [EagerMode::DeferNever, EagerMode::DeferNeverAndLaunchBlocking, EagerMode::DeferAndFuse]
            .into_iter()
            .find(|m| m.name() == name)
    }

    /// Defer-and-fuse does not exist yet; it comes with the compiler stack.
    pub fn check_available(self) -> Result<()> {
        match self {
            EagerMode::DeferNever | EagerMode::DeferNeverAndLaunchBlocking => Ok(()),
            other => Err(Error::UnsupportedArgs {
                op: "set_eager_mode".into(),
                reason: format!(
                    "EagerMode.{} is not implemented yet; it arrives with the compiler stack's \
                     defer-and-fuse mode. Use EagerMode.DEFER_NEVER (strict) or \
                     EagerMode.DEFER_NEVER_AND_LAUNCH_BLOCKING (debug).",
                    other.name()
                ),
            }),
        }
    }
}
