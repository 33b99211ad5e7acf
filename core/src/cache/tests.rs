//! Tests of the cache as a whole: the codec over real programs, corruption, read-only and
//! missing directories, eviction and concurrent publication.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::*;
use crate::ir::OTHER_OP_NAMES;
use crate::lower::tests::{lower, parse_arg};
use crate::lower::Arg;

/// Every case of the lowering tests that lowers, optimized as the dispatcher caches it.
fn real_programs() -> &'static [(String, Lowered)] {
    static PROGRAMS: std::sync::OnceLock<Vec<(String, Lowered)>> = std::sync::OnceLock::new();
    PROGRAMS.get_or_init(lower_all)
}

fn lower_all() -> Vec<(String, Lowered)> {
    let cases = include_str!("../lower/testdata/cases.txt");
    let mut out = Vec::new();
    for line in cases.lines().filter(|l| !l.trim().is_empty()) {
        let mut parts = line.split('\t');
        let (op, args_s) = (parts.next().unwrap(), parts.next().unwrap());
        let args: Vec<Arg> = if args_s.is_empty() { vec![] } else { args_s.split(" ; ").map(parse_arg).collect() };
        if let Ok(l) = lower(op, &args) {
            let graph = crate::passes::optimize(&l.graph);
            out.push((format!("{op}({args_s})"), Lowered { graph, bindings: l.bindings }));
        }
    }
    // A Pallas kernel called from a JAX function (`torch_tpudev.pallas`), whose result marker
    // carries the kernel's description.
    let x = Some(crate::device::TensorView::contiguous(0, crate::DType::F32, vec![8]));
    let l = lower("stablehlo_call", &[Arg::Str(PALLAS_PROGRAM.into()), Arg::TensorList(vec![x])]).unwrap();
    out.push((
        "stablehlo_call(pallas)".into(),
        Lowered { graph: crate::passes::optimize(&l.graph), bindings: l.bindings },
    ));
    out
}

const PALLAS_PROGRAM: &str = r#"module @jit_f {
  func.func public @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = call @tpudev_pallas_0(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
  func.func private @tpudev_pallas_0(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {tpudev.pallas = "name=double grid=2 semantics=parallel bytes_in=32 bytes_out=32 first_load=16 last_store=16 vmem=64 vmem_limit=none vpu=8 transcendentals=0 dot=2*1x4x1x1:f32:f32:f32:HIGHEST estimate=8:0:64"} {
    %0 = stablehlo.add %arg0, %arg0 : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
"#;

fn key_of(i: usize) -> CacheKey {
    CacheKey::for_program("test", &(i as u64).to_le_bytes(), "v5e", &Default::default()).unwrap()
}

#[test]
fn codec_round_trips_every_lowered_program() {
    let programs = real_programs();
    assert!(programs.len() > 500, "only {} programs lowered", programs.len());
    let mut kinds = BTreeSet::new();
    for (i, (name, l)) in programs.iter().enumerate() {
        let key = key_of(i);
        let bytes = encode(&key, l).unwrap();
        let back = decode(&bytes, &key).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Bit-exact (NaN literals compare unequal with ==): the re-encoding is identical.
        assert_eq!(postcard::to_allocvec(&back).unwrap(), postcard::to_allocvec(l).unwrap(), "{name}");
        assert_eq!(back.bindings, l.bindings, "{name}");
        assert_eq!(back.graph.nodes.len(), l.graph.nodes.len(), "{name}");
        assert_eq!(back.graph.to_string(), l.graph.to_string(), "{name}");
        for n in &l.graph.nodes {
            kinds.insert(n.op.name().to_string());
            if let crate::ir::Op::LinalgCall(c) = &n.op {
                kinds.insert(format!("custom_call:{}", c.target()));
            }
        }
    }
    // The programs cover the op set: every kind of node but collectives, common elementwise
    // ops, and the linalg routines models use.
    let elementwise =
        ["negate", "exponential", "log", "tanh", "is_finite", "add", "divide", "compare", "select", "clamp"];
    let linalg = ["custom_call:lu", "custom_call:geqrf", "custom_call:eigh", "custom_call:svd"];
    for &want in elementwise.iter().chain(OTHER_OP_NAMES).chain(&linalg) {
        assert!(kinds.contains(want), "no lowered program has a {want} node; kinds seen: {kinds:?}");
    }
}

#[test]
fn codec_rejects_truncation_flips_and_misplacement() {
    let (_, l) = real_programs().iter().find(|(n, _)| n.starts_with("_softmax")).unwrap();
    let key = key_of(1);
    let bytes = encode(&key, l).unwrap();
    for cut in [0, 5, 20, bytes.len() / 2, bytes.len() - 1] {
        let e = decode(&bytes[..cut], &key).unwrap_err();
        assert!(e.0.contains("truncated") || e.0.contains("magic"), "cut {cut}: {e}");
    }
    // Flip one bit anywhere: never accepted.
    for pos in (0..bytes.len()).step_by(7) {
        let mut b = bytes.clone();
        b[pos] ^= 0x10;
        assert!(decode(&b, &key).is_err(), "a flipped bit at {pos} went unnoticed");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(decode(&longer, &key).unwrap_err().0.contains("unexpected bytes"));
    assert!(decode(&bytes, &key_of(2)).unwrap_err().0.contains("expected"));
    assert!(decode(&bytes, &key).is_ok());
}

struct Env {
    dir: tempfile::TempDir,
    warnings: Arc<Mutex<Vec<String>>>,
}

impl Env {
    fn new() -> Self {
        Env { dir: tempfile::tempdir().unwrap(), warnings: Arc::default() }
    }
    fn path(&self, sub: &str) -> PathBuf {
        self.dir.path().join(sub)
    }
    fn config(&self, memory: usize, shm: Option<&str>, disk: Option<&str>) -> CacheConfig {
        CacheConfig {
            memory_entries: memory,
            shm_dir: shm.map(|s| self.path(s)),
            shm_explicit: true,
            disk_dir: disk.map(|s| self.path(s)),
            ..CacheConfig::off()
        }
    }
    fn cache(&self, config: &CacheConfig) -> CompileCache {
        let w = self.warnings.clone();
        CompileCache::with_sink(config, Arc::new(move |m: &str| w.lock().unwrap().push(m.to_string())))
    }
    fn take_warnings(&self) -> Vec<String> {
        std::mem::take(&mut *self.warnings.lock().unwrap())
    }
}

fn program(i: usize) -> Arc<Lowered> {
    let programs = real_programs();
    Arc::new(programs[i % programs.len()].1.clone())
}

#[test]
fn hits_come_from_the_highest_tier_and_are_promoted() {
    let env = Env::new();
    let cfg = env.config(16, Some("shm"), Some("disk"));
    let key = key_of(7);
    let p = program(3);
    env.cache(&cfg).put(&key, p.clone());

    // A fresh process has an empty tier 1: the hit comes from shared memory.
    let c = env.cache(&cfg);
    let (got, tier) = c.get(&key).unwrap();
    assert_eq!((tier, &got.graph), (Tier::Shm, &p.graph));
    assert_eq!(c.get(&key).unwrap().1, Tier::Memory);

    // After a reboot (tier 2 gone) it comes from disk, and is copied back into tier 2.
    fs::remove_dir_all(env.path("shm")).unwrap();
    let c = env.cache(&cfg);
    assert_eq!(c.get(&key).unwrap().1, Tier::Disk);
    let s = c.stats();
    assert_eq!((s.disk_hits, s.shm_hits, s.misses), (1, 0, 0));
    assert!(s.bytes_read > 0);
    assert_eq!(env.cache(&cfg).get(&key).unwrap().1, Tier::Shm);
    assert!(env.cache(&cfg).get(&key_of(8)).is_none());
    assert!(env.take_warnings().is_empty());
}

#[test]
fn a_hit_in_shared_memory_fills_a_persistent_tier_set_later() {
    // A first run with tier 2 only; then the user sets TPUDEV_CACHE_DIR.
    let env = Env::new();
    let (key, p) = (key_of(5), program(2));
    env.cache(&env.config(16, Some("shm"), None)).put(&key, p.clone());
    let cfg = env.config(16, Some("shm"), Some("disk"));
    let c = env.cache(&cfg);
    assert_eq!(c.get(&key).unwrap().1, Tier::Shm);
    let s = c.stats();
    assert_eq!((s.shm_hits, s.stores, s.misses), (1, 0, 0), "served, not compiled again");
    assert!(entry_file(&env.path("disk"), &key).is_file(), "tier 3 now holds it");
    // After a reboot it comes from tier 3 rather than a compile.
    fs::remove_dir_all(env.path("shm")).unwrap();
    let (got, tier) = env.cache(&cfg).get(&key).unwrap();
    assert_eq!((tier, &got.graph), (Tier::Disk, &p.graph));
    assert!(env.take_warnings().is_empty());
}

/// The entry file of `key` in a tier directory.
fn entry_file(root: &Path, key: &CacheKey) -> PathBuf {
    let hex = key.hex();
    root.join(format!("v{FORMAT_VERSION}")).join(&hex[..2]).join(format!("{hex}.tpc"))
}

#[test]
fn corrupted_or_truncated_entries_are_dropped_with_a_warning() {
    let env = Env::new();
    let cfg = env.config(0, None, Some("disk"));
    for (i, damage) in ["truncate", "flip", "empty"].into_iter().enumerate() {
        let key = key_of(100 + i);
        env.cache(&cfg).put(&key, program(i));
        let file = entry_file(&env.path("disk"), &key);
        let mut bytes = fs::read(&file).unwrap();
        match damage {
            "truncate" => bytes.truncate(bytes.len() - 3),
            "flip" => *bytes.last_mut().unwrap() ^= 1,
            _ => bytes.clear(),
        }
        fs::write(&file, bytes).unwrap();

        let c = env.cache(&cfg);
        assert!(c.get(&key).is_none(), "{damage}: a damaged entry was served");
        let w = env.take_warnings();
        assert_eq!(w.len(), 1, "{damage}: {w:?}");
        assert!(w[0].contains("dropped") && w[0].contains(&key.hex()), "{damage}: {w:?}");
        assert!(!file.exists(), "{damage}: the bad entry was kept");
        assert_eq!((c.stats().invalid_dropped, c.stats().misses), (1, 1));
        // Recompiled and stored again: the next process hits.
        c.put(&key, program(i));
        assert_eq!(env.cache(&cfg).get(&key).unwrap().1, Tier::Disk);
    }
}

/// Makes `dir` unwritable even for root (chmod, then the immutable attribute); false when this
/// system allows neither.
fn make_read_only(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let probe = |d: &Path| fs::write(d.join("probe"), b"").map(|_| fs::remove_file(d.join("probe"))).is_err();
    fs::set_permissions(dir, fs::Permissions::from_mode(0o555)).unwrap();
    if probe(dir) {
        return true;
    }
    let _ = std::process::Command::new("chattr").arg("+i").arg(dir).status();
    probe(dir)
}

fn make_writable(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::process::Command::new("chattr").arg("-i").arg(dir).status();
    let _ = fs::set_permissions(dir, fs::Permissions::from_mode(0o755));
}

#[test]
fn a_read_only_directory_serves_hits_and_warns_once() {
    let env = Env::new();
    let cfg = env.config(0, None, Some("disk"));
    let key = key_of(200);
    env.cache(&cfg).put(&key, program(0));
    let entries = env.path("disk").join(format!("v{FORMAT_VERSION}"));
    let sub = entry_file(&env.path("disk"), &key).parent().unwrap().to_path_buf();
    if !(make_read_only(&entries) && make_read_only(&sub)) {
        make_writable(&sub);
        make_writable(&entries);
        eprintln!("skipped: this system cannot make a directory read-only");
        return;
    }
    let c = env.cache(&cfg);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        assert_eq!(c.get(&key).unwrap().1, Tier::Disk);
        for i in 0..3 {
            c.put(&key_of(300 + i), program(i));
            assert!(c.get(&key_of(300 + i)).is_none());
        }
        let w = env.take_warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("read-only"), "{w:?}");
    }));
    make_writable(&sub);
    make_writable(&entries);
    result.unwrap();
}

#[test]
fn a_missing_directory_degrades_to_the_other_tiers_with_one_warning() {
    let env = Env::new();
    fs::write(env.path("file"), b"not a directory").unwrap();
    let cfg = CacheConfig { disk_dir: Some(env.path("file").join("cache")), ..env.config(4, Some("shm"), None) };
    let c = env.cache(&cfg);
    let w = env.take_warnings();
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains("tier 3") && w[0].contains("disabled"), "{w:?}");
    assert!(c.disk_tier().is_none() && c.shm_tier().is_some());
    c.put(&key_of(1), program(1));
    assert_eq!(env.cache(&cfg).get(&key_of(1)).unwrap().1, Tier::Shm);
    // A default tier 2 location that does not exist is left out silently.
    let quiet = CacheConfig { shm_explicit: false, shm_dir: Some(env.path("nowhere/shm")), ..CacheConfig::off() };
    assert!(env.cache(&quiet).shm_tier().is_none());
    assert!(env.take_warnings().iter().all(|w| !w.contains("nowhere")));
}

#[test]
fn eviction_keeps_the_tier_under_its_limit_dropping_the_oldest() {
    let env = Env::new();
    let key = key_of(0);
    let one = encode(&key, &program(5)).unwrap().len() as u64;
    let cfg = CacheConfig { disk_max_bytes: one * 10, ..env.config(0, None, Some("disk")) };
    let c = env.cache(&cfg);
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(1000);
    c.put(&key, program(5));
    // Make the first entry clearly the least recently used.
    fs::File::options().write(true).open(entry_file(&env.path("disk"), &key)).unwrap().set_modified(old).unwrap();
    for i in 1..30 {
        c.put(&key_of(i), program(5));
    }
    let usage = c.disk_tier().unwrap().usage();
    assert!(usage.bytes <= one * 10, "{usage:?} over the limit of {}", one * 10);
    assert!(usage.entries >= 5, "evicted too much: {usage:?}");
    assert!(!entry_file(&env.path("disk"), &key).exists(), "the oldest entry survived");
    assert!(entry_file(&env.path("disk"), &key_of(29)).exists(), "the newest entry was evicted");
}

#[test]
fn concurrent_writers_of_one_key_all_succeed_and_leave_one_entry() {
    let env = Env::new();
    let cfg = env.config(0, Some("shm"), Some("disk"));
    let key = key_of(42);
    let p = program(9);
    std::thread::scope(|s| {
        for _ in 0..8 {
            s.spawn(|| {
                let c = env.cache(&cfg);
                for _ in 0..20 {
                    c.put(&key, p.clone());
                    let (got, _) = c.get(&key).expect("a published entry is always whole");
                    assert_eq!(got.graph, p.graph);
                }
            });
        }
    });
    for tier in ["shm", "disk"] {
        let files: Vec<_> = fs::read_dir(entry_file(&env.path(tier), &key).parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(files, vec![format!("{}.tpc", key.hex())], "{tier}");
    }
    assert!(env.take_warnings().is_empty());
}

#[test]
fn gc_and_clear() {
    let env = Env::new();
    let cfg = env.config(0, None, Some("disk"));
    let c = env.cache(&cfg);
    for i in 0..4 {
        c.put(&key_of(i), program(i));
    }
    fs::write(entry_file(&env.path("disk"), &key_of(0)), b"garbage").unwrap();
    let tier = c.disk_tier().unwrap();
    let report = tier.gc(false);
    assert_eq!((report.invalid_removed, report.remaining.entries), (1, 3));
    assert_eq!(tier.clear().unwrap(), 3);
    assert_eq!(tier.usage(), Usage::default());
}

#[test]
fn executables_are_stored_promoted_and_checked() {
    let env = Env::new();
    let cfg = env.config(16, Some("shm"), Some("disk"));
    let key = CacheKey::for_executable(b"module @main {}", "plugin A 1.0");
    // Another plugin or another text is another key.
    assert_ne!(key, CacheKey::for_executable(b"module @main {}", "plugin A 1.1"));
    assert_ne!(key, CacheKey::for_executable(b"module @main { }", "plugin A 1.0"));
    let blob: Vec<u8> = (0..4096u32).map(|i| (i * 7 % 251) as u8).collect();

    let c = env.cache(&cfg);
    assert!(c.get_executable(&key).is_none());
    c.put_executable(&key, &blob);
    let s = c.stats();
    assert_eq!((s.executable_misses, s.executable_stores, s.stores), (1, 1, 0));

    // A fresh process finds it in shared memory; after a reboot, on disk (and copies it up).
    assert_eq!(env.cache(&cfg).get_executable(&key), Some((blob.clone(), Tier::Shm)));
    fs::remove_dir_all(env.path("shm")).unwrap();
    let c = env.cache(&cfg);
    assert_eq!(c.get_executable(&key), Some((blob.clone(), Tier::Disk)));
    assert_eq!(c.stats().executable_disk_hits, 1);
    assert_eq!(env.cache(&cfg).get_executable(&key).unwrap().1, Tier::Shm);

    // A program lookup under an executable's key (or the reverse) is a dropped entry, not a
    // wrong answer.
    assert!(c.get(&key).is_none());
    assert!(env.take_warnings().iter().any(|w| w.contains("holds executable (expected program)")));
    c.put_executable(&key, &blob);

    // A corrupted executable entry is dropped with a warning.
    let file = entry_file(&env.path("disk"), &key);
    let mut bytes = fs::read(&file).unwrap();
    *bytes.last_mut().unwrap() ^= 1;
    fs::write(&file, bytes).unwrap();
    fs::remove_dir_all(env.path("shm")).unwrap();
    let c = env.cache(&cfg);
    assert!(c.get_executable(&key).is_none());
    assert_eq!(c.stats().invalid_dropped, 1);
    assert!(env.take_warnings().iter().any(|w| w.contains("checksum")));
    assert!(!file.exists());
}

#[test]
fn executable_entries_round_trip_and_name_their_kind() {
    let key = CacheKey::for_executable(b"x", "y");
    let bytes = encode_executable(&key, b"opaque bytes");
    assert_eq!(decode_executable(&bytes, &key).unwrap(), b"opaque bytes");
    assert_eq!(header(&bytes).unwrap().kind, EntryKind::Executable);
    assert!(decode(&bytes, &key).unwrap_err().0.contains("expected program"));
    assert!(decode_executable(&bytes[..bytes.len() - 1], &key).unwrap_err().0.contains("truncated"));
    let (_, l) = &real_programs()[0];
    let program = encode(&key, l).unwrap();
    assert!(decode_executable(&program, &key).unwrap_err().0.contains("expected executable"));
}

#[test]
fn working_sets_round_trip_and_reject_a_wrong_length() {
    let key = CacheKey::for_working_set(b"python train.py", "plugin A 1.0");
    assert_ne!(key, CacheKey::for_working_set(b"python train.py", "plugin A 1.1"));
    assert_ne!(key, CacheKey::for_executable(b"python train.py", "plugin A 1.0"));
    let keys: Vec<CacheKey> = (0..3).map(key_of).collect();
    let bytes = encode_working_set(&key, &keys);
    assert_eq!(decode_working_set(&bytes, &key).unwrap(), keys);
    assert_eq!(header(&bytes).unwrap().kind, EntryKind::WorkingSet);
    assert!(decode_executable(&bytes, &key).unwrap_err().0.contains("expected executable"));
    assert_eq!(decode_working_set(&encode_working_set(&key, &[]), &key).unwrap(), vec![]);
    // A payload whose count disagrees with its keys (checksum intact) is refused.
    let payload = [&7u32.to_le_bytes()[..], key_of(0).as_bytes()].concat();
    let lying = codec::encode_payload(&key, EntryKind::WorkingSet, &payload);
    assert!(decode_working_set(&lying, &key).unwrap_err().0.contains("7 keys holds 32 bytes"));
}

#[test]
fn working_sets_are_replaced_in_place_and_a_bad_one_is_dropped() {
    let env = Env::new();
    let cfg = env.config(16, None, Some("disk"));
    let key = CacheKey::for_working_set(b"python train.py", "plugin A 1.0");
    let c = env.cache(&cfg);
    assert_eq!(c.get_working_set(&key), None);
    c.put_working_set(&key, &[key_of(0), key_of(1)]);
    c.put_working_set(&key, &[key_of(2)]);
    // A fresh process reads the last one written, and the directory holds one entry.
    assert_eq!(env.cache(&cfg).get_working_set(&key), Some(vec![key_of(2)]));
    assert_eq!(c.disk_tier().unwrap().usage().entries, 1);

    let file = entry_file(&env.path("disk"), &key);
    let mut bytes = fs::read(&file).unwrap();
    *bytes.last_mut().unwrap() ^= 1;
    fs::write(&file, bytes).unwrap();
    let c = env.cache(&cfg);
    assert_eq!(c.get_working_set(&key), None);
    assert_eq!(c.stats().invalid_dropped, 1);
    assert!(env.take_warnings().iter().any(|w| w.contains("working set was dropped") && w.contains("checksum")));
    assert!(!file.exists());
}
