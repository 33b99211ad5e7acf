//! The errors of the hardware path. Each message names the cause and, where there is one, the
//! fix; a PJRT error keeps the plugin's code name and its message verbatim.

use std::fmt;
use std::path::PathBuf;

use thiserror::Error;

use crate::ffi::ErrorCodeRaw;

pub type Result<T> = std::result::Result<T, HwError>;

/// The canonical status codes PJRT errors carry (abseil's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    Cancelled,
    Unknown,
    InvalidArgument,
    DeadlineExceeded,
    NotFound,
    AlreadyExists,
    PermissionDenied,
    ResourceExhausted,
    FailedPrecondition,
    Aborted,
    OutOfRange,
    Unimplemented,
    Internal,
    Unavailable,
    DataLoss,
    Unauthenticated,
    /// A value outside the known codes (kept, so nothing is lost).
    Other(i32),
}

impl ErrorCode {
    pub fn from_raw(code: ErrorCodeRaw) -> ErrorCode {
        use ErrorCode::*;
        match code {
            1 => Cancelled,
            2 => Unknown,
            3 => InvalidArgument,
            4 => DeadlineExceeded,
            5 => NotFound,
            6 => AlreadyExists,
            7 => PermissionDenied,
            8 => ResourceExhausted,
            9 => FailedPrecondition,
            10 => Aborted,
            11 => OutOfRange,
            12 => Unimplemented,
            13 => Internal,
            14 => Unavailable,
            15 => DataLoss,
            16 => Unauthenticated,
            other => Other(other),
        }
    }

    /// The code's canonical name, e.g. `INVALID_ARGUMENT`.
    pub fn name(self) -> &'static str {
        use ErrorCode::*;
        match self {
            Cancelled => "CANCELLED",
            Unknown => "UNKNOWN",
            InvalidArgument => "INVALID_ARGUMENT",
            DeadlineExceeded => "DEADLINE_EXCEEDED",
            NotFound => "NOT_FOUND",
            AlreadyExists => "ALREADY_EXISTS",
            PermissionDenied => "PERMISSION_DENIED",
            ResourceExhausted => "RESOURCE_EXHAUSTED",
            FailedPrecondition => "FAILED_PRECONDITION",
            Aborted => "ABORTED",
            OutOfRange => "OUT_OF_RANGE",
            Unimplemented => "UNIMPLEMENTED",
            Internal => "INTERNAL",
            Unavailable => "UNAVAILABLE",
            DataLoss => "DATA_LOSS",
            Unauthenticated => "UNAUTHENTICATED",
            Other(_) => "UNRECOGNIZED_CODE",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorCode::Other(n) => write!(f, "UNRECOGNIZED_CODE({n})"),
            _ => f.write_str(self.name()),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum HwError {
    /// An error returned by the plugin: its code and its message, unchanged.
    #[error("{code}: {message}")]
    Pjrt { code: ErrorCode, message: String },

    /// libtpu was asked for but this machine has no TPU (or libtpu found none).
    #[error("no TPU attached to this machine{}", detail_suffix(.detail))]
    NoTpu { detail: String },

    /// No plugin at the places searched.
    #[error(
        "no PJRT plugin found (looked in: {}). Install libtpu (pip install libtpu) on a TPU VM, or set \
         TPUDEV_PJRT_PLUGIN=/path/to/plugin.so",
        .looked.join(", ")
    )]
    PluginNotFound { looked: Vec<String> },

    /// The file could not be loaded as a shared library.
    #[error("cannot load PJRT plugin {}: {reason}", .path.display())]
    PluginLoad { path: PathBuf, reason: String },

    /// A shared library without the PJRT entry point.
    #[error("{} is not a PJRT plugin: it has no GetPjrtApi symbol", .path.display())]
    NotAPlugin { path: PathBuf },

    /// The plugin speaks a PJRT C API version tpudev cannot use.
    #[error(
        "PJRT plugin {} has PJRT C API version {found}; tpudev requires {required}. {hint}",
        .path.display()
    )]
    IncompatibleVersion { path: PathBuf, found: String, required: String, hint: String },

    /// The plugin's initialisation did not finish in time (libtpu waiting for cloud metadata).
    #[error(
        "PJRT plugin {} did not finish initialising within {secs:.1} s; on a machine that is not a \
         Cloud TPU VM, set TPU_SKIP_MDS_QUERY=1 (tpudev sets it unless you did)",
        .path.display()
    )]
    InitTimeout { path: PathBuf, secs: f64 },

    /// The plugin leaves a function tpudev needs for this operation unimplemented.
    #[error("the PJRT plugin does not implement {function}")]
    Unsupported { function: &'static str },

    /// A PJRT element type with no tpudev dtype.
    #[error("PJRT element type {0} has no tpudev dtype")]
    UnsupportedElementType(i32),

    /// Bad arguments from the caller (sizes, indices, environment values).
    #[error("{0}")]
    InvalidArgument(String),
}

fn detail_suffix(detail: &str) -> String {
    if detail.is_empty() {
        String::new()
    } else {
        format!(" ({detail})")
    }
}

impl HwError {
    pub fn invalid(msg: impl Into<String>) -> Self {
        HwError::InvalidArgument(msg.into())
    }

    /// The PJRT code, for errors that came from the plugin.
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            HwError::Pjrt { code, .. } => Some(*code),
            _ => None,
        }
    }

    /// libtpu's way of saying it found no TPU becomes [`HwError::NoTpu`]; everything else is
    /// returned unchanged.
    pub fn map_no_tpu(self) -> Self {
        match &self {
            HwError::Pjrt { code: ErrorCode::NotFound, message } if message.contains("No jellyfish device found") => {
                HwError::NoTpu { detail: format!("libtpu: {message}") }
            }
            _ => self,
        }
    }
}

/// Bad caller arguments stay `InvalidArgument`; everything the plugin or the machine reports
/// becomes a `Device` error that keeps PJRT's code (a plugin that lacks a function reads as
/// `UNIMPLEMENTED`), so Python maps it by code, not by message.
impl From<HwError> for tpudev_core::error::Error {
    fn from(e: HwError) -> Self {
        use tpudev_core::error::Error;
        let code = match &e {
            HwError::InvalidArgument(msg) => return Error::InvalidArgument(msg.clone()),
            HwError::Pjrt { code, .. } => Some(code.to_string()),
            HwError::Unsupported { .. } => Some(ErrorCode::Unimplemented.to_string()),
            HwError::NoTpu { .. }
            | HwError::PluginNotFound { .. }
            | HwError::PluginLoad { .. }
            | HwError::NotAPlugin { .. }
            | HwError::IncompatibleVersion { .. }
            | HwError::InitTimeout { .. }
            | HwError::UnsupportedElementType(_) => None,
        };
        let message = match e {
            HwError::Pjrt { message, .. } => message,
            other => other.to_string(),
        };
        Error::Device { code, message }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_map_to_names() {
        assert_eq!(ErrorCode::from_raw(3).to_string(), "INVALID_ARGUMENT");
        assert_eq!(ErrorCode::from_raw(5), ErrorCode::NotFound);
        assert_eq!(ErrorCode::from_raw(2).name(), "UNKNOWN");
        assert_eq!(ErrorCode::from_raw(13).name(), "INTERNAL");
        assert_eq!(ErrorCode::from_raw(16).name(), "UNAUTHENTICATED");
        assert_eq!(ErrorCode::from_raw(99).to_string(), "UNRECOGNIZED_CODE(99)");
        for raw in 1..=16 {
            assert!(!matches!(ErrorCode::from_raw(raw), ErrorCode::Other(_)));
        }
    }

    #[test]
    fn pjrt_errors_keep_their_code_in_the_core_error() {
        use tpudev_core::error::Error;
        let e: Error = HwError::Pjrt { code: ErrorCode::ResourceExhausted, message: "HBM is full".into() }.into();
        assert_eq!(e, Error::Device { code: Some("RESOURCE_EXHAUSTED".into()), message: "HBM is full".into() });
        assert_eq!(e.to_string(), "RESOURCE_EXHAUSTED: HBM is full");
        let e: Error = HwError::Unsupported { function: "PJRT_Buffer_CopyRawToHost" }.into();
        assert!(matches!(&e, Error::Device { code: Some(c), .. } if c == "UNIMPLEMENTED"), "{e:?}");
        let e: Error = HwError::invalid("bad size").into();
        assert_eq!(e, Error::InvalidArgument("bad size".into()));
        let e: Error = HwError::NoTpu { detail: String::new() }.into();
        assert_eq!(e.to_string(), "no TPU attached to this machine");
    }

    #[test]
    fn pjrt_errors_keep_the_message() {
        let e = HwError::Pjrt { code: ErrorCode::InvalidArgument, message: "bad thing".into() };
        assert_eq!(e.to_string(), "INVALID_ARGUMENT: bad thing");
        assert_eq!(e.code(), Some(ErrorCode::InvalidArgument));
    }

    #[test]
    fn jellyfish_becomes_no_tpu() {
        let e = HwError::Pjrt {
            code: ErrorCode::NotFound,
            message: "TPU initialization failed: No jellyfish device found.".into(),
        };
        let mapped = e.map_no_tpu();
        assert!(matches!(mapped, HwError::NoTpu { .. }));
        assert!(mapped.to_string().starts_with("no TPU attached to this machine"));
        let other = HwError::Pjrt { code: ErrorCode::NotFound, message: "something else".into() };
        assert_eq!(other.clone().map_no_tpu(), other);
    }
}
