//! Backend choice, TPU detection on fake `/sys` and `/dev` trees, and the plugin search.

use std::time::Instant;

use super::*;

fn no_tpu() -> TpuDetection {
    TpuDetection { found: false, evidence: vec!["nothing".into()] }
}

fn tpu() -> TpuDetection {
    TpuDetection { found: true, evidence: vec!["/dev/accel0".into()] }
}

#[test]
fn backend_selection() {
    let sim = select_backend(Some("sim"), &tpu()).unwrap();
    assert_eq!((sim.backend, sim.reason.as_str()), (Backend::Sim, "TPUDEV_BACKEND=sim"));
    assert_eq!(select_backend(Some("hw"), &no_tpu()).unwrap().backend, Backend::Hw);
    assert_eq!(select_backend(Some(" HW "), &no_tpu()).unwrap().backend, Backend::Hw);
    let auto = select_backend(None, &tpu()).unwrap();
    assert_eq!(auto.backend, Backend::Hw);
    assert!(auto.reason.contains("unset (auto) and a TPU is attached (/dev/accel0)"), "{}", auto.reason);
    let auto = select_backend(Some("auto"), &no_tpu()).unwrap();
    assert_eq!(
        auto,
        BackendChoice { backend: Backend::Sim, reason: "TPUDEV_BACKEND=auto and no TPU is attached".into() }
    );
    let err = select_backend(Some("gpu"), &tpu()).unwrap_err();
    assert_eq!(err.to_string(), "TPUDEV_BACKEND=gpu is not a backend: use sim, hw or auto");
}

fn fake_root() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    for (dev, vendor) in [("0000:00:04.0", "0x8086\n"), ("0000:00:05.0", "0x1af4\n")] {
        let dir = root.path().join("sys/bus/pci/devices").join(dev);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("vendor"), vendor).unwrap();
    }
    std::fs::create_dir_all(root.path().join("dev/vfio")).unwrap();
    std::fs::write(root.path().join("dev/vfio/vfio"), "").unwrap();
    // The DRM accel subsystem's directory is not a TPU.
    std::fs::create_dir_all(root.path().join("dev/accel")).unwrap();
    root
}

#[test]
fn no_tpu_on_an_ordinary_machine() {
    let root = fake_root();
    let d = detect_tpu(root.path());
    assert!(!d.found, "{d:?}");
    assert!(d.evidence[0].contains("no PCI device with vendor 0x1ae0"), "{d:?}");
}

#[test]
fn google_pci_device_is_a_tpu() {
    let root = fake_root();
    let dir = root.path().join("sys/bus/pci/devices/0000:00:06.0");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("vendor"), "0x1ae0\n").unwrap();
    let d = detect_tpu(root.path());
    assert!(d.found);
    assert_eq!(d.evidence, vec!["1 PCI device(s) with Google's vendor id 0x1ae0".to_string()]);
}

#[test]
fn dev_accel_is_a_tpu() {
    let root = fake_root();
    std::fs::write(root.path().join("dev/accel0"), "").unwrap();
    std::fs::write(root.path().join("dev/accel1"), "").unwrap();
    let d = detect_tpu(root.path());
    assert!(d.found);
    assert_eq!(d.evidence, vec!["/dev/accel0, /dev/accel1".to_string()]);
}

#[test]
fn detection_on_this_machine_is_fast() {
    let start = Instant::now();
    let _ = detect_tpu(Path::new("/"));
    assert!(start.elapsed() < Duration::from_secs(1));
}

#[test]
fn env_var_plugin_wins() {
    let env = Env { plugin: Some("/opt/my_plugin.so".into()), ..Env::default() };
    let search = find_plugin(&env, &[PathBuf::from("/nowhere")]);
    assert_eq!(search.found, Some(PluginLocation { path: "/opt/my_plugin.so".into(), source: PluginSource::EnvVar }));
}

#[test]
fn libtpu_found_in_a_virtual_env() {
    let venv = tempfile::tempdir().unwrap();
    let site = venv.path().join("lib/python3.12/site-packages");
    std::fs::create_dir_all(site.join("libtpu")).unwrap();
    std::fs::write(site.join("libtpu/libtpu.so"), "").unwrap();
    let env = Env { virtual_env: Some(venv.path().display().to_string()), ..Env::default() };
    let search = find_plugin(&env, &[PathBuf::from("/nowhere")]);
    assert_eq!(search.looked[0], PathBuf::from("/nowhere/libtpu/libtpu.so"));
    let found = search.found.unwrap();
    assert_eq!(found.source, PluginSource::Libtpu);
    assert_eq!(found.path, site.join("libtpu/libtpu.so"));
}

#[test]
fn caller_dirs_come_first() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("libtpu")).unwrap();
    std::fs::write(dir.path().join("libtpu/libtpu.so"), "").unwrap();
    let search = find_plugin(&Env::default(), &[dir.path().to_path_buf()]);
    assert_eq!(search.looked.len(), 1);
    assert_eq!(search.found.unwrap().path, dir.path().join("libtpu/libtpu.so"));
}

#[test]
fn libtpu_without_a_tpu_fails_fast_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("libtpu")).unwrap();
    // Not a real library: it must never be loaded, since there is no TPU.
    std::fs::write(dir.path().join("libtpu/libtpu.so"), "not loaded").unwrap();
    let root = fake_root();
    let options = OpenOptions { root: root.path().to_path_buf(), ..OpenOptions::default() };
    let start = Instant::now();
    let err = open_client(&Env::default(), &[dir.path().to_path_buf()], &options).unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(1));
    assert_eq!(err.to_string(), "no TPU attached to this machine");
}

#[test]
fn missing_plugin_says_where_it_looked() {
    let env = Env { plugin: None, ..Env::default() };
    let root = fake_root();
    let options = OpenOptions { root: root.path().to_path_buf(), ..OpenOptions::default() };
    let search = find_plugin(&env, &[PathBuf::from("/nowhere")]);
    if search.found.is_some() {
        return; // libtpu is installed system-wide here; nothing to check.
    }
    let err = open_client(&env, &[PathBuf::from("/nowhere")], &options).unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with("no PJRT plugin found (looked in: /nowhere/libtpu/libtpu.so"), "{text}");
    assert!(text.contains("TPUDEV_PJRT_PLUGIN"), "{text}");
}

#[test]
fn the_nan_min_max_flag_is_added_once_and_never_over_the_users_choice() {
    assert_eq!(xla_flags_with_nan_min_max("").as_deref(), Some(NAN_MIN_MAX_FLAG));
    assert_eq!(
        xla_flags_with_nan_min_max("--xla_dump_to=/tmp/x").unwrap(),
        format!("--xla_dump_to=/tmp/x {NAN_MIN_MAX_FLAG}")
    );
    assert_eq!(xla_flags_with_nan_min_max("--xla_cpu_enable_fast_min_max=true"), None);
}
