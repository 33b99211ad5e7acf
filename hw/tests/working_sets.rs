//! Working sets on the XLA CPU plugin: a run stores the executables it needed, in order, and
//! the next run of the same workload loads them in the background before it asks for them.

mod common;

use std::path::Path;
use std::sync::{Arc, Mutex};

use tpudev_core::cache::{CacheConfig, CacheKey, CompileCache};
use tpudev_hw::{Client, ExecutableCache, Origin};

fn negate(n: usize) -> String {
    format!(
        "func.func @main(%a: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n  %0 = stablehlo.negate %a : tensor<{n}xf32>\n  \
         return %0 : tensor<{n}xf32>\n}}\n"
    )
}

/// A fresh process's view of the persistent tier at `dir`: an empty memory, warnings kept.
fn store(dir: &Path, warnings: &Warnings) -> Arc<CompileCache> {
    let config = CacheConfig { disk_dir: Some(dir.to_path_buf()), ..CacheConfig::off() };
    let w = warnings.clone();
    Arc::new(CompileCache::with_sink(&config, Arc::new(move |m: &str| w.lock().unwrap().push(m.to_string()))))
}

type Warnings = Arc<Mutex<Vec<String>>>;

/// The plugin's client (None: skipped, see `common`), a cache directory and a warnings sink.
fn setup(test: &str) -> Option<(Client, tempfile::TempDir, Warnings)> {
    Some((common::client(test)?, tempfile::tempdir().unwrap(), Arc::default()))
}

/// A whole run of `workload`: requests `programs` in order, then ends (storing its working
/// set). Returns the cache and where each program came from.
fn run(
    client: &Client,
    store: Arc<CompileCache>,
    workload: &[u8],
    programs: &[String],
) -> (ExecutableCache, Vec<Origin>) {
    let cache = ExecutableCache::new(client.clone(), store);
    cache.start_working_set(workload);
    let origins = programs.iter().map(|p| cache.get_or_compile(p).unwrap().1).collect();
    cache.finish_working_set();
    (cache, origins)
}

#[test]
fn a_later_run_loads_its_working_set_ahead_and_stores_a_changed_one() {
    let Some((client, dir, warnings)) = setup("a_later_run_loads_its_working_set_ahead_and_stores_a_changed_one")
    else {
        return;
    };
    let programs: Vec<String> = [2, 3, 5].into_iter().map(negate).collect();

    // First run: nothing stored; it compiles three programs and stores them in first-use order.
    let (first, origins) = run(&client, store(dir.path(), &warnings), b"train.py", &programs);
    assert_eq!(origins, [Origin::Compiled; 3]);
    assert_eq!(first.stats().prefetched, 0);

    // Second run: all three are loaded before they are asked for, and none is compiled.
    let second = ExecutableCache::new(client.clone(), store(dir.path(), &warnings));
    assert_eq!(second.start_working_set(b"train.py"), 3);
    second.wait_for_prefetch();
    assert_eq!(second.stats().prefetched, 3);
    assert_eq!(second.get_or_compile(&programs[1]).unwrap().1, Origin::Prefetched);
    assert_eq!(second.get_or_compile(&programs[0]).unwrap().1, Origin::Prefetched);
    assert_eq!(second.get_or_compile(&programs[0]).unwrap().1, Origin::Memory);
    let s = second.stats();
    assert_eq!((s.compiled, s.loaded, s.prefetched, s.prefetch_used, s.memory_hits), (0, 0, 3, 2, 1));
    assert!(s.prefetch_ns > 0);
    // It used two of them, in another order: that is the working set now.
    second.finish_working_set();
    let third = ExecutableCache::new(client.clone(), store(dir.path(), &warnings));
    assert_eq!(third.start_working_set(b"train.py"), 2);
    third.wait_for_prefetch();
    assert_eq!(third.get_or_compile(&programs[2]).unwrap().1, Origin::Disk, "not in the working set any more");

    // Another workload, or another plugin identity, has its own working set.
    let other = ExecutableCache::new(client, store(dir.path(), &warnings));
    assert_eq!(other.start_working_set(b"eval.py"), 0);
    assert_eq!(other.start_working_set(b"train.py"), 0, "a cache starts one working set only");
    assert!(warnings.lock().unwrap().is_empty(), "{:?}", warnings.lock().unwrap());
}

#[test]
fn requests_during_the_background_loading_wait_or_load_and_never_compile() {
    let Some((client, dir, warnings)) = setup("requests_during_the_background_loading_wait_or_load_and_never_compile")
    else {
        return;
    };
    let programs: Vec<String> = (1..=12).map(negate).collect();
    run(&client, store(dir.path(), &warnings), b"w", &programs);

    // Ask for every program at once, racing the background threads.
    let second = ExecutableCache::new(client, store(dir.path(), &warnings));
    assert_eq!(second.start_working_set(b"w"), 12);
    for p in &programs {
        let origin = second.get_or_compile(p).unwrap().1;
        assert!(matches!(origin, Origin::Prefetched | Origin::Disk), "{origin:?}");
    }
    second.finish_working_set();
    let s = second.stats();
    assert_eq!((s.compiled, s.prefetch_used + s.loaded), (0, 12), "{s:?}");
    assert!(s.prefetched >= s.prefetch_used);
}

#[test]
fn a_working_set_naming_executables_no_longer_stored_skips_them() {
    let Some((client, dir, warnings)) = setup("a_working_set_naming_executables_no_longer_stored_skips_them") else {
        return;
    };
    let cache = store(dir.path(), &warnings);
    let programs: Vec<String> = [2, 3].into_iter().map(negate).collect();
    let (first, _) = run(&client, cache.clone(), b"w", &programs);
    // Evicted since: the first program's executable.
    let evicted = CacheKey::for_executable(programs[0].as_bytes(), first.identity());
    cache.disk_tier().unwrap().remove(&evicted);

    let second = ExecutableCache::new(client, store(dir.path(), &warnings));
    assert_eq!(second.start_working_set(b"w"), 2);
    second.wait_for_prefetch();
    assert_eq!(second.stats().prefetched, 1);
    assert_eq!(second.get_or_compile(&programs[0]).unwrap().1, Origin::Compiled);
    assert_eq!(second.get_or_compile(&programs[1]).unwrap().1, Origin::Prefetched);
    assert!(warnings.lock().unwrap().is_empty());
}
