//! Load-time checks against fake function tables: versions, table size, initialisation errors
//! and the initialisation timeout, without any real plugin.

use std::ffi::c_char;
use std::time::{Duration, Instant};

use super::*;
use crate::error::ErrorCode;
use crate::ffi::PjrtError;

/// The fake plugin's error object: a code and a message.
struct FakeError {
    code: i32,
    message: String,
}

unsafe extern "C" fn fake_error_message(args: *mut ffi::ErrorMessageArgs) {
    let e = &*((*args).error as *const FakeError);
    (*args).message = e.message.as_ptr() as *const c_char;
    (*args).message_size = e.message.len();
}

unsafe extern "C" fn fake_error_code(args: *mut ffi::ErrorGetCodeArgs) -> *mut PjrtError {
    (*args).code = (*((*args).error as *const FakeError)).code;
    std::ptr::null_mut()
}

unsafe extern "C" fn fake_error_destroy(args: *mut ffi::ErrorDestroyArgs) {
    drop(Box::from_raw((*args).error as *mut FakeError));
}

unsafe extern "C" fn init_ok(_: *mut ffi::PluginInitializeArgs) -> *mut PjrtError {
    std::ptr::null_mut()
}

unsafe extern "C" fn init_fails(_: *mut ffi::PluginInitializeArgs) -> *mut PjrtError {
    let e = Box::new(FakeError { code: 9, message: "fake plugin refuses to start".into() });
    Box::into_raw(e) as *mut PjrtError
}

unsafe extern "C" fn init_hangs(_: *mut ffi::PluginInitializeArgs) -> *mut PjrtError {
    std::thread::sleep(Duration::from_secs(5));
    std::ptr::null_mut()
}

fn fake_api(minor: i32, init: ffi::Call<ffi::PluginInitializeArgs>) -> *const Api {
    // SAFETY: the table is plain data; all-zero is every entry null.
    let mut api: Api = unsafe { std::mem::zeroed() };
    api.struct_size = std::mem::size_of::<Api>();
    api.pjrt_api_version.major_version = 0;
    api.pjrt_api_version.minor_version = minor;
    api.error_message = Some(fake_error_message);
    api.error_get_code = Some(fake_error_code);
    api.error_destroy = Some(fake_error_destroy);
    api.plugin_initialize = init;
    Box::leak(Box::new(api))
}

fn load_fake(api: *const Api, timeout: Duration) -> Result<Plugin> {
    unsafe { Plugin::from_api(Path::new("/fake/plugin.so"), api, &LoadOptions { init_timeout: timeout }) }
}

#[test]
fn a_current_fake_plugin_loads() {
    let plugin = load_fake(fake_api(114, Some(init_ok)), Duration::from_secs(5)).unwrap();
    assert_eq!(plugin.version(), ApiVersion { major: 0, minor: 114 });
    assert_eq!(plugin.version().to_string(), "0.114");
    // The fake has no attributes function: a clear error, not a crash.
    let err = plugin.attributes().unwrap_err();
    assert_eq!(err.to_string(), "the PJRT plugin does not implement PJRT_Plugin_Attributes");
}

#[test]
fn too_old_plugin_names_both_versions() {
    let err = load_fake(fake_api(54, Some(init_ok)), Duration::from_secs(5)).unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, HwError::IncompatibleVersion { .. }), "{text}");
    assert!(text.contains("PJRT C API version 0.54"), "{text}");
    assert!(text.contains("requires 0.x with x >= 81"), "{text}");
    assert!(text.contains("pip install -U libtpu"), "{text}");
}

#[test]
fn other_major_version_is_rejected() {
    let api = fake_api(0, Some(init_ok)) as *mut Api;
    unsafe { (*api).pjrt_api_version.major_version = 1 };
    let err = load_fake(api, Duration::from_secs(5)).unwrap_err();
    assert!(err.to_string().contains("version 1.0"), "{err}");
}

#[test]
fn small_function_table_is_rejected() {
    let api = fake_api(90, Some(init_ok)) as *mut Api;
    unsafe { (*api).struct_size = 512 };
    let err = load_fake(api, Duration::from_secs(5)).unwrap_err();
    assert!(err.to_string().contains("function table of 512 bytes"), "{err}");
}

#[test]
fn null_table_is_an_error() {
    let err = load_fake(std::ptr::null(), Duration::from_secs(5)).unwrap_err();
    assert!(err.to_string().contains("GetPjrtApi returned null"), "{err}");
}

#[test]
fn initialisation_error_is_passed_through() {
    let err = load_fake(fake_api(81, Some(init_fails)), Duration::from_secs(5)).unwrap_err();
    assert_eq!(
        err,
        HwError::Pjrt { code: ErrorCode::FailedPrecondition, message: "fake plugin refuses to start".into() }
    );
    assert_eq!(err.to_string(), "FAILED_PRECONDITION: fake plugin refuses to start");
}

#[test]
fn missing_initialize_is_unsupported() {
    let err = load_fake(fake_api(81, None), Duration::from_secs(5)).unwrap_err();
    assert_eq!(err, HwError::Unsupported { function: "PJRT_Plugin_Initialize" });
}

#[test]
fn hanging_initialisation_times_out() {
    let start = Instant::now();
    let err = load_fake(fake_api(117, Some(init_hangs)), Duration::from_millis(200)).unwrap_err();
    let waited = start.elapsed();
    assert!(matches!(err, HwError::InitTimeout { .. }), "{err}");
    assert!(waited < Duration::from_secs(2), "waited {waited:?}");
    assert!(err.to_string().contains("within 0.2 s"), "{err}");
    assert!(err.to_string().contains("TPU_SKIP_MDS_QUERY=1"), "{err}");
}

#[test]
fn worker_panic_becomes_an_error() {
    let result = run_with_timeout::<()>(Duration::from_secs(5), || panic!("boom"));
    let err = result.unwrap().unwrap_err();
    assert!(err.to_string().contains("panicked"), "{err}");
}

#[test]
fn missing_file_is_a_load_error() {
    let err = Plugin::load(Path::new("/nonexistent/plugin.so"), &LoadOptions::default()).unwrap_err();
    assert_eq!(err.to_string(), "cannot load PJRT plugin /nonexistent/plugin.so: no such file");
}

#[test]
fn a_text_file_is_a_load_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fake.so");
    std::fs::write(&path, "not a library").unwrap();
    let err = Plugin::load(&path, &LoadOptions::default()).unwrap_err();
    assert!(matches!(err, HwError::PluginLoad { .. }), "{err}");
    assert!(err.to_string().starts_with("cannot load PJRT plugin"), "{err}");
}
