//! Why a deferred program had to run: defer-and-fuse gains by recording long programs, and
//! every sync point cuts one. The dispatcher counts them by reason (`DispatchStats`) and tells
//! an observer (the Python layer, which names the user's line) at each one.

use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SyncReason {
    /// The host read a buffer the program writes (`.item()`, `.cpu()`, printing, a
    /// data-dependent shape).
    HostRead,
    /// The host wrote into a buffer the program involves (a copy from the CPU into it).
    HostWrite,
    /// `torch.tpu.synchronize()` (and what waits for the device through it).
    Synchronize,
    /// The eager mode was switched.
    ModeSwitch,
    /// The program reached its size limit.
    SizeLimit,
    /// An op the recording cannot express (reading a pending buffer as a dtype of another
    /// width, a copy between overlapping views) ran alone after the program so far.
    OpRunsAlone,
    /// A `torch.compile` graph began capturing, or a captured program ran.
    GraphCapture,
}

impl SyncReason {
    pub const ALL: [SyncReason; 7] = [
        SyncReason::HostRead,
        SyncReason::HostWrite,
        SyncReason::Synchronize,
        SyncReason::ModeSwitch,
        SyncReason::SizeLimit,
        SyncReason::OpRunsAlone,
        SyncReason::GraphCapture,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SyncReason::HostRead => "host read",
            SyncReason::HostWrite => "host write",
            SyncReason::Synchronize => "synchronize",
            SyncReason::ModeSwitch => "mode switch",
            SyncReason::SizeLimit => "size limit",
            SyncReason::OpRunsAlone => "op runs alone",
            SyncReason::GraphCapture => "graph capture",
        }
    }

    pub(super) fn index(self) -> usize {
        self as usize
    }
}

/// Called at every sync point that ran a program, with its reason.
pub type SyncObserver = Arc<dyn Fn(SyncReason) + Send + Sync>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_each_reason_at_its_index_with_a_distinct_name() {
        for (i, r) in SyncReason::ALL.iter().enumerate() {
            assert_eq!(r.index(), i);
        }
        let names: std::collections::BTreeSet<_> = SyncReason::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(names.len(), SyncReason::ALL.len());
    }
}
