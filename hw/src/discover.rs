//! Finding the hardware: which backend to use (`TPUDEV_BACKEND`), where the PJRT plugin is
//! (`TPUDEV_PJRT_PLUGIN`, else libtpu from the `libtpu` Python package), whether a TPU is
//! attached (checked before libtpu is ever loaded), and opening a client without hanging.
//!
//! Everything that reads the environment or the file system takes it as an argument
//! ([`Env`], a root directory, search directories), so the decisions are pure functions that
//! tests can drive.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::client::Client;
use crate::error::{HwError, Result};
use crate::plugin::{run_with_timeout, AttributeValue, LoadOptions, Plugin};

/// Where libtpu sits inside a site-packages directory (the `libtpu` PyPI package).
pub const LIBTPU_IN_SITE_PACKAGES: &str = "libtpu/libtpu.so";
/// Where the XLA CPU plugin sits inside site-packages (the `xla-cpu-pjrt` PyPI package).
pub const XLA_CPU_IN_SITE_PACKAGES: &str = "xla_plugins/xla_cpu_pjrt/xla_cpu_pjrt.so";
/// PCI vendor id of Google, which TPU chips report.
pub const GOOGLE_PCI_VENDOR: &str = "0x1ae0";

/// The environment variables discovery reads, captured once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Env {
    /// `TPUDEV_BACKEND`: sim, hw or auto.
    pub backend: Option<String>,
    /// `TPUDEV_PJRT_PLUGIN`: an explicit plugin path.
    pub plugin: Option<String>,
    pub virtual_env: Option<String>,
    pub conda_prefix: Option<String>,
    pub home: Option<String>,
    /// `TPU_SKIP_MDS_QUERY` as the user set it.
    pub skip_mds_query: Option<String>,
}

impl Env {
    pub fn from_process() -> Env {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        Env {
            backend: var("TPUDEV_BACKEND"),
            plugin: var("TPUDEV_PJRT_PLUGIN"),
            virtual_env: var("VIRTUAL_ENV"),
            conda_prefix: var("CONDA_PREFIX"),
            home: var("HOME"),
            skip_mds_query: var("TPU_SKIP_MDS_QUERY"),
        }
    }
}

// ------------------------------------ backend choice ------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sim,
    Hw,
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Backend::Sim => "sim",
            Backend::Hw => "hw",
        })
    }
}

/// A backend decision and the reason for it, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackendChoice {
    pub backend: Backend,
    pub reason: String,
}

/// `TPUDEV_BACKEND=sim|hw|auto` (unset means auto): auto picks the hardware when a TPU is
/// detected and the simulator otherwise.
pub fn select_backend(requested: Option<&str>, tpu: &TpuDetection) -> Result<BackendChoice> {
    let choice = |backend, reason: String| Ok(BackendChoice { backend, reason });
    match requested.map(str::trim).map(str::to_ascii_lowercase).as_deref() {
        Some("sim") => choice(Backend::Sim, "TPUDEV_BACKEND=sim".into()),
        Some("hw") => choice(Backend::Hw, "TPUDEV_BACKEND=hw".into()),
        None | Some("") | Some("auto") => {
            let how = if requested.is_some() { "TPUDEV_BACKEND=auto" } else { "TPUDEV_BACKEND unset (auto)" };
            if tpu.found {
                choice(Backend::Hw, format!("{how} and a TPU is attached ({})", tpu.evidence.join("; ")))
            } else {
                choice(Backend::Sim, format!("{how} and no TPU is attached"))
            }
        }
        Some(_) => Err(HwError::invalid(format!(
            "TPUDEV_BACKEND={} is not a backend: use sim, hw or auto",
            requested.unwrap_or_default()
        ))),
    }
}

// ------------------------------------ TPU detection -------------------------------------

/// Whether TPU hardware is attached, with what showed it (or what was checked).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TpuDetection {
    pub found: bool,
    pub evidence: Vec<String>,
}

/// Looks for TPU hardware under `root` ("/" on a real machine): a PCI device with Google's
/// vendor id, or `/dev/accel<N>` device files (TPU v2-v4 VMs). `/dev/vfio` groups alone are
/// not evidence (any passed-through device makes them), but are reported.
pub fn detect_tpu(root: &Path) -> TpuDetection {
    let mut evidence = Vec::new();
    let pci = root.join("sys/bus/pci/devices");
    let mut google = 0;
    for entry in read_dir_sorted(&pci) {
        let vendor = std::fs::read_to_string(entry.join("vendor")).unwrap_or_default();
        if vendor.trim().eq_ignore_ascii_case(GOOGLE_PCI_VENDOR) {
            google += 1;
        }
    }
    if google > 0 {
        evidence.push(format!("{google} PCI device(s) with Google's vendor id {GOOGLE_PCI_VENDOR}"));
    }
    let accel: Vec<String> = read_dir_sorted(&root.join("dev"))
        .into_iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .filter(|n| {
            n.strip_prefix("accel").is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
        })
        .collect();
    if !accel.is_empty() {
        evidence.push(format!("/dev/{}", accel.join(", /dev/")));
    }
    let found = !evidence.is_empty();
    if !found {
        evidence.push(format!("no PCI device with vendor {GOOGLE_PCI_VENDOR} and no /dev/accel<N>"));
        let groups = read_dir_sorted(&root.join("dev/vfio")).len();
        if groups > 1 {
            evidence.push(format!("{} /dev/vfio entries, not counted without a Google PCI device", groups));
        }
    }
    TpuDetection { found, evidence }
}

fn read_dir_sorted(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(_) => Vec::new(),
    };
    entries.sort();
    entries
}

// ------------------------------------ plugin search -------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PluginSource {
    /// `TPUDEV_PJRT_PLUGIN`: any PJRT plugin, used as given.
    EnvVar,
    /// libtpu from the `libtpu` Python package.
    Libtpu,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginLocation {
    pub path: PathBuf,
    pub source: PluginSource,
}

/// The result of a plugin search: what was found, and every place looked at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PluginSearch {
    pub found: Option<PluginLocation>,
    pub looked: Vec<PathBuf>,
}

/// Finds the plugin: `TPUDEV_PJRT_PLUGIN` if set (even if the file is missing: loading then
/// says so), else `libtpu/libtpu.so` in the first of `search_dirs` (site-packages
/// directories; the Python extension passes `sys.path`) and then [`default_site_packages`].
pub fn find_plugin(env: &Env, search_dirs: &[PathBuf]) -> PluginSearch {
    if let Some(path) = &env.plugin {
        let path = PathBuf::from(path);
        return PluginSearch {
            found: Some(PluginLocation { path: path.clone(), source: PluginSource::EnvVar }),
            looked: vec![path],
        };
    }
    let mut search = PluginSearch::default();
    let dirs = search_dirs.iter().cloned().chain(default_site_packages(env));
    for dir in dirs {
        let candidate = dir.join(LIBTPU_IN_SITE_PACKAGES);
        if search.looked.contains(&candidate) {
            continue;
        }
        search.looked.push(candidate.clone());
        if candidate.is_file() {
            search.found = Some(PluginLocation { path: candidate, source: PluginSource::Libtpu });
            break;
        }
    }
    search
}

/// site-packages directories findable without running Python: the active virtual env or
/// conda env, the user's `~/.local`, and the system's.
pub fn default_site_packages(env: &Env) -> Vec<PathBuf> {
    let mut prefixes: Vec<PathBuf> = Vec::new();
    prefixes.extend(env.virtual_env.iter().map(PathBuf::from));
    prefixes.extend(env.conda_prefix.iter().map(PathBuf::from));
    prefixes.extend(env.home.iter().map(|h| Path::new(h).join(".local")));
    prefixes.push(PathBuf::from("/usr/local"));
    prefixes.push(PathBuf::from("/usr"));
    let mut dirs: Vec<PathBuf> = prefixes.iter().flat_map(|p| site_packages_under(p)).collect();
    dirs.push(PathBuf::from("/usr/lib/python3/dist-packages"));
    dirs
}

/// `<prefix>/lib/python3*/{site,dist}-packages` that exist, newest Python first.
pub fn site_packages_under(prefix: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = read_dir_sorted(&prefix.join("lib"))
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("python3")))
        .flat_map(|p| [p.join("site-packages"), p.join("dist-packages")])
        .filter(|p| p.is_dir())
        .collect();
    found.reverse();
    found
}

// --------------------------------------- opening ----------------------------------------

/// Sets `TPU_SKIP_MDS_QUERY=1` unless the user set it, so libtpu does not spend minutes
/// querying the cloud metadata server. Returns whether it set it.
pub fn ensure_skip_mds_query(env: &Env) -> bool {
    if env.skip_mds_query.is_some() {
        return false;
    }
    std::env::set_var("TPU_SKIP_MDS_QUERY", "1");
    true
}

/// XLA's flag that makes its CPU backend propagate NaN through maximum and minimum, as
/// StableHLO specifies and TPUs (and the simulator) do; by default the CPU backend may drop it.
pub const NAN_MIN_MAX_FLAG: &str = "--xla_cpu_enable_fast_min_max=false";

/// `XLA_FLAGS` with [`NAN_MIN_MAX_FLAG`] added, or `None` when the user already chose a
/// value for that flag.
pub fn xla_flags_with_nan_min_max(current: &str) -> Option<String> {
    if current.contains("xla_cpu_enable_fast_min_max") {
        return None;
    }
    Some(if current.trim().is_empty() { NAN_MIN_MAX_FLAG.to_string() } else { format!("{current} {NAN_MIN_MAX_FLAG}") })
}

/// Limits for [`open_client`].
#[derive(Debug, Clone)]
pub struct OpenOptions {
    pub load: LoadOptions,
    /// Limit on `PJRT_Client_Create`.
    pub client_timeout: Duration,
    /// Where to look for TPU hardware ("/" normally).
    pub root: PathBuf,
    /// The plugin's client create options (none by default), e.g.
    /// `(client::XLA_CPU_DEVICE_COUNT, AttributeValue::Int(8))` for 8 XLA CPU devices.
    pub client_options: Vec<(String, AttributeValue)>,
}

impl Default for OpenOptions {
    fn default() -> Self {
        OpenOptions {
            load: LoadOptions::default(),
            client_timeout: Duration::from_secs(60),
            root: PathBuf::from("/"),
            client_options: Vec::new(),
        }
    }
}

/// The hardware path end to end: find the plugin, refuse libtpu at once when no TPU is
/// attached, load it (initialisation under a timeout; another plugin, such as XLA's CPU
/// plugin, with [`NAN_MIN_MAX_FLAG`]), and create a client with `options.client_options`
/// (under a timeout).
pub fn open_client(env: &Env, search_dirs: &[PathBuf], options: &OpenOptions) -> Result<Client> {
    let search = find_plugin(env, search_dirs);
    let location = search.found.ok_or_else(|| HwError::PluginNotFound {
        looked: search.looked.iter().map(|p| p.display().to_string()).collect(),
    })?;
    if location.source == PluginSource::Libtpu {
        let tpu = detect_tpu(&options.root);
        if !tpu.found {
            return Err(HwError::NoTpu { detail: String::new() });
        }
        ensure_skip_mds_query(env);
    } else if let Some(flags) = xla_flags_with_nan_min_max(&std::env::var("XLA_FLAGS").unwrap_or_default()) {
        // XLA reads XLA_FLAGS when the plugin initialises, so this must come first.
        std::env::set_var("XLA_FLAGS", flags);
    }
    let plugin = Plugin::load(&location.path, &options.load)?;
    let timeout = options.client_timeout;
    let client_options = options.client_options.clone();
    run_with_timeout(timeout, move || Client::create_with_options(&plugin, &client_options)).unwrap_or_else(|| {
        Err(HwError::invalid(format!("creating the PJRT client did not finish within {:.1} s", timeout.as_secs_f64())))
    })
}

#[cfg(test)]
#[path = "discover_tests.rs"]
mod tests;
