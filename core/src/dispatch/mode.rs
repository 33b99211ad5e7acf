//! Eager execution modes, named as in TorchTPU's `torch.tpu.EagerMode`.

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
}
