//! Loading the real XLA CPU plugin: version, attributes, client, devices; and files that are
//! not plugins.

mod common;

use std::path::Path;

use tpudev_hw::plugin::MIN_MINOR;
use tpudev_hw::{AttributeValue, Client, HwError, LoadOptions, Plugin};

#[test]
fn loads_with_a_supported_version() {
    let Some(path) = common::plugin_or_skip("loads_with_a_supported_version") else { return };
    let plugin = Plugin::load(&path, &LoadOptions::default()).unwrap();
    let v = plugin.version();
    assert_eq!(v.major, 0);
    assert!(v.minor >= MIN_MINOR, "{v}");
    assert!(plugin.table_size() >= std::mem::size_of::<tpudev_hw::ffi::Api>());
    // A second load returns the same, already initialised plugin.
    let again = Plugin::load(&path, &LoadOptions::default()).unwrap();
    assert_eq!(again.version(), v);
    let attrs = plugin.attributes().unwrap();
    let stablehlo = attrs.iter().find(|(k, _)| k == "stablehlo_current_version").expect("stablehlo version attribute");
    assert!(matches!(&stablehlo.1, AttributeValue::IntList(v) if v.len() == 3), "{attrs:?}");
}

#[test]
fn client_has_cpu_devices() {
    let Some(client) = common::client("client_has_cpu_devices") else { return };
    assert_eq!(client.platform_name(), "cpu");
    let devices = client.devices();
    assert!(!devices.is_empty());
    for (i, d) in devices.iter().enumerate() {
        assert_eq!(d.index, i);
        assert_eq!(d.kind, "cpu");
        assert!(!d.debug_string.is_empty());
    }
    // A second client on the same plugin works alongside the first.
    let other = Client::create(client.plugin()).unwrap();
    assert_eq!(other.devices().len(), devices.len());
}

#[test]
fn an_executable_is_not_a_plugin() {
    let err = Plugin::load(Path::new("/bin/ls"), &LoadOptions::default()).unwrap_err();
    // glibc refuses to dlopen a PIE executable; a non-PIE one would load and lack the symbol.
    assert!(matches!(err, HwError::PluginLoad { .. } | HwError::NotAPlugin { .. }), "{err}");
    assert!(err.to_string().contains("/bin/ls"), "{err}");
}

#[test]
fn a_library_without_get_pjrt_api_is_not_a_plugin() {
    let libc = ["/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib/x86_64-linux-gnu/libc.so.6", "/lib64/libc.so.6"]
        .into_iter()
        .map(Path::new)
        .find(|p| p.is_file());
    let Some(libc) = libc else {
        eprintln!("SKIPPED a_library_without_get_pjrt_api_is_not_a_plugin: no libc.so.6 at the usual places");
        return;
    };
    let err = Plugin::load(libc, &LoadOptions::default()).unwrap_err();
    assert_eq!(err, HwError::NotAPlugin { path: libc.to_path_buf() });
    assert_eq!(err.to_string(), format!("{} is not a PJRT plugin: it has no GetPjrtApi symbol", libc.display()));
}

#[test]
fn a_directory_is_not_a_plugin() {
    let err = Plugin::load(Path::new("/tmp"), &LoadOptions::default()).unwrap_err();
    assert_eq!(err.to_string(), "cannot load PJRT plugin /tmp: no such file");
}
