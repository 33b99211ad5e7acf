//! The compilation cache under the dispatcher: a fresh dispatcher (as in a fresh process) with
//! an empty tier 1 takes the optimized program from the persistent tier, and the results are
//! the same bits as a cold compile's; a damaged entry is recompiled with a warning.

use std::sync::{Arc, Mutex};

use tpudev::core::cache::{CacheConfig, CompileCache};
use tpudev::core::dispatch::Dispatcher;
use tpudev::core::lower::Arg;
use tpudev::core::{DType, TensorView};
use tpudev::sim::SimDevice;

type Warnings = Arc<Mutex<Vec<String>>>;

fn cache(dir: &std::path::Path, warnings: &Warnings) -> Arc<CompileCache> {
    let config = CacheConfig { memory_entries: 64, disk_dir: Some(dir.to_path_buf()), ..CacheConfig::off() };
    let w = warnings.clone();
    Arc::new(CompileCache::with_sink(&config, Arc::new(move |m: &str| w.lock().unwrap().push(m.to_string()))))
}

fn dispatcher(cache: Arc<CompileCache>) -> Dispatcher {
    let chip = tpudev::sim::preset("v5e").expect("v5e preset");
    Dispatcher::with_compile_cache(Arc::new(SimDevice::new(chip)), cache)
}

fn upload(d: &Dispatcher, values: &[f32], shape: &[usize]) -> TensorView {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let buffer = d.device().alloc(bytes.len()).unwrap();
    d.device().write_bytes(buffer, 0, &bytes).unwrap();
    TensorView::contiguous(buffer, DType::F32, shape.to_vec())
}

fn download(d: &Dispatcher, v: &TensorView) -> Vec<u8> {
    let mut out = vec![0u8; v.numel() * v.dtype.size_bytes()];
    d.device().read_bytes(v.buffer, 0, &mut out).unwrap();
    out
}

/// A softmax, a product and a seeded random draw: their result bytes.
fn workload(d: &Dispatcher) -> Vec<Vec<u8>> {
    let x = upload(d, &[0.5, -1.0, 2.0, 3.0, 0.25, -0.75], &[2, 3]);
    let mut out = Vec::new();
    let run = |op: &str, args: &[Arg]| d.run(op, args, &[]).unwrap().remove(0).unwrap();
    let s = run("_softmax", &[Arg::Tensor(x.clone()), Arg::Int(1), Arg::Bool(false)]);
    out.push(download(d, &s));
    let m = run("mul.Tensor", &[Arg::Tensor(s.clone()), Arg::Tensor(x.clone())]);
    out.push(download(d, &m));
    d.manual_seed(7);
    let r = run("randn_like", &[Arg::Tensor(x), Arg::None, Arg::None, Arg::None, Arg::None, Arg::None]);
    out.push(download(d, &r));
    // The generator advanced by the cached program's draws, as after a cold compile.
    out.push(d.rng_state()[1].to_le_bytes().to_vec());
    out
}

#[test]
fn a_fresh_dispatcher_hits_the_persistent_tier_with_identical_results() {
    let dir = tempfile::tempdir().unwrap();
    let warnings = Warnings::default();

    let cold_cache = cache(dir.path(), &warnings);
    let cold = workload(&dispatcher(cold_cache.clone()));
    let s = cold_cache.stats();
    assert_eq!((s.misses, s.stores, s.disk_hits), (3, 3, 0), "{s:?}");

    let warm_cache = cache(dir.path(), &warnings);
    let warm_dispatcher = dispatcher(warm_cache.clone());
    let warm = workload(&warm_dispatcher);
    let s = warm_cache.stats();
    assert_eq!((s.misses, s.disk_hits, s.stores), (0, 3, 0), "{s:?}");
    assert_eq!(warm, cold, "a cached program gave different results");
    // Each program was still compiled for this device once (the dispatcher's own counter).
    assert_eq!(warm_dispatcher.stats().compilations, 3);
    assert!(warnings.lock().unwrap().is_empty(), "{:?}", warnings.lock().unwrap());
}

#[test]
fn a_corrupted_entry_is_recompiled_with_a_warning_and_the_same_results() {
    let dir = tempfile::tempdir().unwrap();
    let warnings = Warnings::default();
    let cold = workload(&dispatcher(cache(dir.path(), &warnings)));

    // Damage every entry: flip a byte in the middle of each file.
    let mut damaged = 0;
    for sub in std::fs::read_dir(dir.path().join(format!("v{}", tpudev::core::cache::FORMAT_VERSION))).unwrap() {
        for f in std::fs::read_dir(sub.unwrap().path()).unwrap() {
            let path = f.unwrap().path();
            let mut bytes = std::fs::read(&path).unwrap();
            let mid = bytes.len() / 2;
            bytes[mid] ^= 0xff;
            std::fs::write(&path, bytes).unwrap();
            damaged += 1;
        }
    }
    assert_eq!(damaged, 3);

    let c = cache(dir.path(), &warnings);
    assert_eq!(workload(&dispatcher(c.clone())), cold);
    let s = c.stats();
    assert_eq!((s.invalid_dropped, s.misses, s.stores), (3, 3, 3), "{s:?}");
    assert_eq!(warnings.lock().unwrap().len(), 3, "{:?}", warnings.lock().unwrap());
    // Stored again, whole: the next fresh dispatcher hits.
    let c = cache(dir.path(), &warnings);
    workload(&dispatcher(c.clone()));
    assert_eq!(c.stats().disk_hits, 3);
}
