//! Hand-written `#[repr(C)]` definitions of the part of the PJRT C API that tpudev uses.
//!
//! Written for this project from the public description of the API (openxla/xla,
//! `xla/pjrt/c/pjrt_c_api.h`); nothing is generated or copied. The rules that make this safe:
//!
//! - **Struct size.** Every argument struct starts with `struct_size`, which we set to the size
//!   of *our* struct. A plugin rejects an argument struct smaller than its own version of it and
//!   accepts a larger one (it ignores the fields it does not know). So each struct here carries
//!   every field up to PJRT C API 0.114, the newest version we have read, even fields we leave
//!   zeroed. Fields are only ever appended between minor versions.
//! - **The function table** ([`Api`]) lists the function pointers in header order up to the last
//!   one we call (`PJRT_Executable_OutputDimensions`); the rest of the plugin's table is never
//!   read. [`crate::plugin`] checks the plugin's `struct_size` covers it before using it.
//! - **Handles** (client, device, buffer, ...) are opaque: only pointers to them cross the FFI.
//!
//! `layout_tests` pins the size and field offsets of each struct against the values the C
//! layout rules give on 64-bit targets.

mod api;
mod args;
#[cfg(test)]
mod layout_tests;

use std::ffi::{c_char, c_void};

pub use api::*;
pub use args::*;

/// Declares opaque handle types that only exist behind pointers.
macro_rules! opaque {
    ($($name:ident),* $(,)?) => {$(
        #[repr(C)]
        pub struct $name {
            _private: [u8; 0],
        }
    )*};
}

opaque!(
    PjrtError,
    PjrtEvent,
    PjrtClient,
    PjrtDevice,
    PjrtDeviceDescription,
    PjrtMemory,
    PjrtExecutable,
    PjrtLoadedExecutable,
    PjrtBuffer,
    PjrtSerializedExecutable,
    PjrtExtensionBase,
);

/// Status codes of `PJRT_Error_GetCode` (abseil's canonical codes).
pub type ErrorCodeRaw = i32;

/// `PJRT_Buffer_Type`: element types of PJRT buffers. Values are the C enum's.
pub type BufferTypeRaw = i32;

pub mod buffer_type {
    use super::BufferTypeRaw;
    pub const INVALID: BufferTypeRaw = 0;
    pub const PRED: BufferTypeRaw = 1;
    pub const S8: BufferTypeRaw = 2;
    pub const S16: BufferTypeRaw = 3;
    pub const S32: BufferTypeRaw = 4;
    pub const S64: BufferTypeRaw = 5;
    pub const U8: BufferTypeRaw = 6;
    pub const U16: BufferTypeRaw = 7;
    pub const U32: BufferTypeRaw = 8;
    pub const U64: BufferTypeRaw = 9;
    pub const F16: BufferTypeRaw = 10;
    pub const F32: BufferTypeRaw = 11;
    pub const F64: BufferTypeRaw = 12;
    pub const BF16: BufferTypeRaw = 13;
    pub const C64: BufferTypeRaw = 14;
    pub const C128: BufferTypeRaw = 15;
    pub const F8E5M2: BufferTypeRaw = 16;
    pub const F8E4M3FN: BufferTypeRaw = 17;
    pub const F8E4M3B11FNUZ: BufferTypeRaw = 18;
    pub const F8E5M2FNUZ: BufferTypeRaw = 19;
    pub const F8E4M3FNUZ: BufferTypeRaw = 20;
    pub const TOKEN: BufferTypeRaw = 23;
    pub const F8E8M0FNU: BufferTypeRaw = 28;
}

/// `PJRT_HostBufferSemantics`: how long the plugin may read the host memory given to
/// `PJRT_Client_BufferFromHostBuffer`.
pub type HostBufferSemanticsRaw = i32;
/// The plugin copies the data before the call returns.
pub const HOST_BUFFER_IMMUTABLE_ONLY_DURING_CALL: HostBufferSemanticsRaw = 0;
/// The host memory must stay untouched until the `done_with_host_buffer` event fires.
pub const HOST_BUFFER_IMMUTABLE_UNTIL_TRANSFER_COMPLETES: HostBufferSemanticsRaw = 1;

/// `PJRT_NamedValue_Type`.
pub type NamedValueTypeRaw = i32;
pub const NAMED_VALUE_STRING: NamedValueTypeRaw = 0;
pub const NAMED_VALUE_INT64: NamedValueTypeRaw = 1;
pub const NAMED_VALUE_INT64_LIST: NamedValueTypeRaw = 2;
pub const NAMED_VALUE_FLOAT: NamedValueTypeRaw = 3;
pub const NAMED_VALUE_BOOL: NamedValueTypeRaw = 4;

/// The value of a `PJRT_NamedValue`; which member is valid depends on its type.
#[repr(C)]
#[derive(Clone, Copy)]
pub union NamedValueValue {
    pub string_value: *const c_char,
    pub int64_value: i64,
    pub int64_array_value: *const i64,
    pub float_value: f32,
    pub bool_value: bool,
}

/// `PJRT_NamedValue`: a key-value pair (plugin attributes, client options).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct NamedValue {
    pub struct_size: usize,
    pub extension_start: *mut PjrtExtensionBase,
    pub name: *const c_char,
    pub name_size: usize,
    pub kind: NamedValueTypeRaw,
    pub value: NamedValueValue,
    /// Elements of a list or bytes of a string; 1 for scalars.
    pub value_size: usize,
}

/// `PJRT_Api_Version`, embedded in the function table.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ApiVersion {
    pub struct_size: usize,
    pub extension_start: *mut PjrtExtensionBase,
    pub major_version: i32,
    pub minor_version: i32,
}

/// A zero-initialised args struct with `struct_size` set: the starting point of every call.
///
/// # Safety
/// Only for the plain-data `#[repr(C)]` args structs of this module, for which all-zero bytes
/// (null pointers, `None` callbacks, zero counts) is a valid value and whose first field is
/// `struct_size: usize`.
pub unsafe fn zeroed_args<T>() -> T {
    let mut value: T = std::mem::zeroed();
    let size_field = &mut value as *mut T as *mut usize;
    *size_field = std::mem::size_of::<T>();
    value
}

/// Unused pointer slot in a struct, documented by name at its place.
pub type Reserved = *mut c_void;
