//! Loading a PJRT plugin: dlopen, `GetPjrtApi`, the version and table-size checks, and
//! `PJRT_Plugin_Initialize` in a worker thread under a timeout.
//!
//! A plugin is loaded once per process (a second `load` of the same file returns the same
//! [`Plugin`]) and never unloaded: plugins start threads and register process-wide state that
//! does not survive `dlclose`, and an initialisation that timed out is still running inside it.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::Duration;

use crate::error::{HwError, Result};
use crate::ffi::{self, Api};
use crate::raw::{string_from, RawApi};

/// The PJRT C API major version tpudev's definitions follow.
pub const REQUIRED_MAJOR: i32 = 0;
/// The oldest minor version accepted: the oldest plugin the bindings are tested against
/// (xla-cpu-pjrt 0.0.1 reports 0.81). Newer minors only append fields, which we either know
/// (we define everything up to 0.114) or the plugin ignores.
pub const MIN_MINOR: i32 = 81;
/// How long `PJRT_Plugin_Initialize` may take by default.
pub const DEFAULT_INIT_TIMEOUT: Duration = Duration::from_secs(30);

/// The PJRT C API version a plugin reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ApiVersion {
    pub major: i32,
    pub minor: i32,
}

impl fmt::Display for ApiVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// A plugin attribute (`PJRT_Plugin_Attributes`), such as `stablehlo_current_version`.
#[derive(Debug, Clone, PartialEq)]
pub enum AttributeValue {
    String(String),
    Int(i64),
    IntList(Vec<i64>),
    Float(f32),
    Bool(bool),
}

impl fmt::Display for AttributeValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttributeValue::String(s) => f.write_str(s),
            AttributeValue::Int(i) => write!(f, "{i}"),
            AttributeValue::IntList(v) => write!(f, "{v:?}"),
            AttributeValue::Float(x) => write!(f, "{x}"),
            AttributeValue::Bool(b) => write!(f, "{b}"),
        }
    }
}

#[derive(Debug, Clone)]
pub struct LoadOptions {
    /// Limit on `PJRT_Plugin_Initialize`; past it, loading fails with `HwError::InitTimeout`.
    pub init_timeout: Duration,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions { init_timeout: DEFAULT_INIT_TIMEOUT }
    }
}

/// A loaded and initialised PJRT plugin. Cheap to clone.
#[derive(Clone)]
pub struct Plugin {
    inner: Arc<PluginInner>,
}

struct PluginInner {
    path: PathBuf,
    api: RawApi,
    version: ApiVersion,
    table_size: usize,
}

fn registry() -> &'static Mutex<HashMap<PathBuf, Plugin>> {
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, Plugin>>> = OnceLock::new();
    LOADED.get_or_init(Default::default)
}

impl Plugin {
    /// Loads, checks and initialises the plugin at `path`.
    pub fn load(path: &Path, options: &LoadOptions) -> Result<Plugin> {
        if !path.is_file() {
            return Err(HwError::PluginLoad { path: path.to_path_buf(), reason: "no such file".into() });
        }
        let key = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        let mut loaded = registry().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(plugin) = loaded.get(&key) {
            return Ok(plugin.clone());
        }
        let api = open_library(path)?;
        // SAFETY: `api` comes from the plugin's GetPjrtApi and the library is never unloaded.
        let plugin = unsafe { Plugin::from_api(path, api, options)? };
        loaded.insert(key, plugin.clone());
        Ok(plugin)
    }

    /// Checks and initialises a function table that is already in memory (a loaded library, or
    /// a fake in tests).
    ///
    /// # Safety
    /// `api` is null or points to a PJRT function table that stays valid for the rest of the
    /// process, at least `struct_size` bytes long.
    pub unsafe fn from_api(path: &Path, api: *const Api, options: &LoadOptions) -> Result<Plugin> {
        let path = path.to_path_buf();
        if api.is_null() {
            return Err(HwError::PluginLoad { path, reason: "GetPjrtApi returned null".into() });
        }
        let (version, table_size) = check_table(&path, api)?;
        let raw = RawApi::new(api);
        initialize(&path, raw, options.init_timeout)?;
        Ok(Plugin { inner: Arc::new(PluginInner { path, api: raw, version, table_size }) })
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    pub fn version(&self) -> ApiVersion {
        self.inner.version
    }

    /// The plugin's `PJRT_Api.struct_size`.
    pub fn table_size(&self) -> usize {
        self.inner.table_size
    }

    pub(crate) fn raw(&self) -> RawApi {
        self.inner.api
    }

    /// The plugin's attributes, in the order it reports them.
    pub fn attributes(&self) -> Result<Vec<(String, AttributeValue)>> {
        let api = self.raw();
        // SAFETY: zeroed args with struct_size set; the returned array lives as long as the
        // process and holds `num_attributes` entries.
        unsafe {
            let mut args: ffi::PluginAttributesArgs = ffi::zeroed_args();
            api.call(api.table().plugin_attributes, "PJRT_Plugin_Attributes", &mut args)?;
            if args.attributes.is_null() {
                return Ok(Vec::new());
            }
            let values = std::slice::from_raw_parts(args.attributes, args.num_attributes);
            Ok(values.iter().map(|v| read_named_value(v)).collect())
        }
    }
}

impl fmt::Debug for Plugin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Plugin").field("path", &self.inner.path).field("version", &self.inner.version).finish()
    }
}

type GetPjrtApi = unsafe extern "C" fn() -> *const Api;

/// dlopens the file and calls its `GetPjrtApi`. The library is leaked on purpose.
fn open_library(path: &Path) -> Result<*const Api> {
    // SAFETY: loading a library runs its initialisers; a PJRT plugin's are what we want to run.
    let lib = unsafe { libloading::Library::new(path) }
        .map_err(|e| HwError::PluginLoad { path: path.to_path_buf(), reason: e.to_string() })?;
    let lib: &'static libloading::Library = Box::leak(Box::new(lib));
    // SAFETY: GetPjrtApi has this signature in every PJRT plugin.
    let get = unsafe { lib.get::<GetPjrtApi>(b"GetPjrtApi") }
        .map_err(|_| HwError::NotAPlugin { path: path.to_path_buf() })?;
    // SAFETY: calling the plugin's entry point, which only returns a static table.
    Ok(unsafe { get() })
}

/// Checks the version and that the table holds every entry of [`Api`].
unsafe fn check_table(path: &Path, api: *const Api) -> Result<(ApiVersion, usize)> {
    // The two fields read here exist in every PJRT version.
    let table_size = std::ptr::addr_of!((*api).struct_size).read();
    let version = std::ptr::addr_of!((*api).pjrt_api_version).read();
    let version = ApiVersion { major: version.major_version, minor: version.minor_version };
    let required = format!("{REQUIRED_MAJOR}.x with x >= {MIN_MINOR}");
    if version.major != REQUIRED_MAJOR || version.minor < MIN_MINOR {
        let hint = if version.major == REQUIRED_MAJOR {
            "Upgrade the plugin (for libtpu: pip install -U libtpu)."
        } else {
            "This tpudev is too old for the plugin; upgrade tpudev or use an older plugin."
        };
        return Err(HwError::IncompatibleVersion {
            path: path.to_path_buf(),
            found: version.to_string(),
            required,
            hint: hint.into(),
        });
    }
    if table_size < std::mem::size_of::<Api>() {
        return Err(HwError::IncompatibleVersion {
            path: path.to_path_buf(),
            found: format!("{version} with a function table of {table_size} bytes"),
            required: format!("{required} with a table of at least {} bytes", std::mem::size_of::<Api>()),
            hint: "The plugin's table is too small for its version; it is damaged or not a real PJRT plugin.".into(),
        });
    }
    Ok((version, table_size))
}

/// Runs `PJRT_Plugin_Initialize` on a worker thread and gives up after `timeout`. On timeout
/// the thread is left running (it cannot be cancelled); the plugin is never unloaded.
fn initialize(path: &Path, api: RawApi, timeout: Duration) -> Result<()> {
    run_with_timeout(timeout, move || {
        // SAFETY: zeroed args with struct_size set.
        unsafe {
            let mut args: ffi::PluginInitializeArgs = ffi::zeroed_args();
            api.call(api.table().plugin_initialize, "PJRT_Plugin_Initialize", &mut args)
        }
    })
    .unwrap_or_else(|| Err(HwError::InitTimeout { path: path.to_path_buf(), secs: timeout.as_secs_f64() }))
}

/// Runs `work` on a new thread; `None` if it has not finished after `timeout` (the thread is
/// then detached). A panic in `work` is reported as an error, not propagated.
pub fn run_with_timeout<T: Send + 'static>(
    timeout: Duration,
    work: impl FnOnce() -> Result<T> + Send + 'static,
) -> Option<Result<T>> {
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new().name("tpudev-pjrt-init".into()).spawn(move || {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
            .unwrap_or_else(|_| Err(HwError::invalid("internal error: a PJRT worker thread panicked")));
        let _ = tx.send(result);
    });
    if let Err(e) = spawned {
        return Some(Err(HwError::invalid(format!("cannot start a thread: {e}"))));
    }
    match rx.recv_timeout(timeout) {
        Ok(result) => Some(result),
        Err(mpsc::RecvTimeoutError::Timeout) => None,
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            Some(Err(HwError::invalid("internal error: a PJRT worker thread ended without a result")))
        }
    }
}

unsafe fn read_named_value(v: &ffi::NamedValue) -> (String, AttributeValue) {
    let name = string_from(v.name, v.name_size);
    let value = match v.kind {
        ffi::NAMED_VALUE_STRING => AttributeValue::String(string_from(v.value.string_value, v.value_size)),
        ffi::NAMED_VALUE_INT64 => AttributeValue::Int(v.value.int64_value),
        ffi::NAMED_VALUE_INT64_LIST => {
            let ptr = v.value.int64_array_value;
            let list = if ptr.is_null() { Vec::new() } else { std::slice::from_raw_parts(ptr, v.value_size).to_vec() };
            AttributeValue::IntList(list)
        }
        ffi::NAMED_VALUE_FLOAT => AttributeValue::Float(v.value.float_value),
        ffi::NAMED_VALUE_BOOL => AttributeValue::Bool(v.value.bool_value),
        other => AttributeValue::String(format!("(attribute of unknown type {other})")),
    };
    (name, value)
}

#[cfg(test)]
#[path = "plugin_tests.rs"]
mod tests;
