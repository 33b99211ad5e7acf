//! [`RawApi`]: a checked handle on a plugin's function table, and the three things every call
//! needs: calling an entry that may be null, turning a returned `PJRT_Error` into [`HwError`]
//! (and freeing it), and awaiting and destroying events.

use std::ffi::c_char;

use crate::error::{ErrorCode, HwError, Result};
use crate::ffi::{self, Api, Call, PjrtError, PjrtEvent};

/// A plugin's function table, already checked to be at least as large as [`Api`].
///
/// The table lives as long as the process: tpudev never unloads a plugin.
#[derive(Clone, Copy)]
pub struct RawApi {
    api: *const Api,
}

// SAFETY: the function table is immutable after `GetPjrtApi` returns and PJRT functions may be
// called from any thread.
unsafe impl Send for RawApi {}
unsafe impl Sync for RawApi {}

impl RawApi {
    /// # Safety
    /// `api` must point to a PJRT function table whose `struct_size` is at least
    /// `size_of::<Api>()` and which stays valid for the rest of the process.
    pub unsafe fn new(api: *const Api) -> RawApi {
        RawApi { api }
    }

    pub fn table(&self) -> &Api {
        // SAFETY: guaranteed by `new`'s contract.
        unsafe { &*self.api }
    }

    /// Calls one PJRT function with its args struct and converts its error.
    ///
    /// # Safety
    /// `args` must be a valid args struct for `f`, whose pointers are valid for the call.
    pub unsafe fn call<A>(&self, f: Call<A>, name: &'static str, args: &mut A) -> Result<()> {
        let f = f.ok_or(HwError::Unsupported { function: name })?;
        let err = f(args);
        self.take_error(err)
    }

    /// Converts and frees a returned error; null means success.
    ///
    /// # Safety
    /// `err` is null or an error returned by this plugin and not yet freed.
    pub unsafe fn take_error(&self, err: *mut PjrtError) -> Result<()> {
        if err.is_null() {
            return Ok(());
        }
        let api = self.table();
        let mut message = String::from("(the plugin gave no message)");
        if let Some(f) = api.error_message {
            let mut args: ffi::ErrorMessageArgs = ffi::zeroed_args();
            args.error = err;
            f(&mut args);
            message = string_from(args.message, args.message_size);
        }
        let mut code = ErrorCode::Unknown;
        if let Some(f) = api.error_get_code {
            let mut args: ffi::ErrorGetCodeArgs = ffi::zeroed_args();
            args.error = err;
            let inner = f(&mut args);
            if inner.is_null() {
                code = ErrorCode::from_raw(args.code);
            } else {
                self.destroy_error(inner);
            }
        }
        self.destroy_error(err);
        Err(HwError::Pjrt { code, message })
    }

    unsafe fn destroy_error(&self, err: *mut PjrtError) {
        if let Some(f) = self.table().error_destroy {
            let mut args: ffi::ErrorDestroyArgs = ffi::zeroed_args();
            args.error = err;
            f(&mut args);
        }
    }

    /// Waits for an event, frees it, and returns the error it carried. A null event is ready.
    ///
    /// # Safety
    /// `event` is null or an event of this plugin that nothing else frees.
    pub unsafe fn await_and_destroy(&self, event: *mut PjrtEvent) -> Result<()> {
        if event.is_null() {
            return Ok(());
        }
        let mut args: ffi::EventAwaitArgs = ffi::zeroed_args();
        args.event = event;
        let result = self.call(self.table().event_await, "PJRT_Event_Await", &mut args);
        self.destroy_event(event);
        result
    }

    /// Frees an event, ignoring any error (used on cleanup paths).
    ///
    /// # Safety
    /// As for [`RawApi::await_and_destroy`].
    pub unsafe fn destroy_event(&self, event: *mut PjrtEvent) {
        if event.is_null() {
            return;
        }
        let mut args: ffi::EventDestroyArgs = ffi::zeroed_args();
        args.event = event;
        let _ = self.call(self.table().event_destroy, "PJRT_Event_Destroy", &mut args);
    }
}

/// Copies a (pointer, length) string from the plugin; invalid UTF-8 is replaced, null is "".
///
/// # Safety
/// `ptr` is null or points to `len` readable bytes.
pub unsafe fn string_from(ptr: *const c_char, len: usize) -> String {
    if ptr.is_null() || len == 0 {
        return String::new();
    }
    let bytes = std::slice::from_raw_parts(ptr as *const u8, len);
    String::from_utf8_lossy(bytes).into_owned()
}
