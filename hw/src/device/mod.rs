//! `PjrtDevice`: tpudev's `Device` over one PJRT client and one of its devices.
//!
//! - `buffers`: `BufferId` -> one whole PJRT buffer of bytes; lazy zeros; read-modify-write.
//! - `layout`: where each input and output view sits in its flat buffer.
//! - `wrap`: the wrapper program around a graph, as IR (views applied by the program).
//! - `program`: the wrapper as StableHLO text (bytes <-> typed arrays, refused ops).
//! - `rng`: the simulator's counter-based generator in StableHLO.
//!
//! `compile` only checks the graph: the PJRT executable depends on the views' layout, known
//! at `execute`, so each `PjrtExecutable` compiles and caches one executable per layout. The
//! executables come from an [`ExecutableCache`]: compiled once per program text, and stored
//! serialized in the compilation cache so that later processes load them instead.

mod buffers;
mod layout;
mod program;
mod rng;
mod wrap;

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tpudev_core::cache::CompileCache;
use tpudev_core::device::{DeviceProperties, ExecInput, Executable, TensorView};
use tpudev_core::ir::{Graph, TensorType};
use tpudev_core::{BufferId, DType, Device, Error, MemoryStats, Result};

use crate::executable_cache::{ExecutableCache, ExecutableCacheStats};
use crate::{Buffer, Client};
use buffers::Buffers;
pub use layout::{dense_order, Layout};
pub use program::check_supported;
use wrap::{Source, Wrapped};

/// Environment variable setting the memory capacity reported (and enforced) by `PjrtDevice`,
/// as for the simulator; without it, the host's memory for CPU plugins, else 16 GiB.
pub const ENV_CAPACITY: &str = "TPUDEV_HBM_BYTES";

/// Environment variable naming a directory where `PjrtDevice::from_env` writes the StableHLO
/// text of every program it compiles or loads (`program-<key>.mlir`, runnable with `tpudev run`).
pub const ENV_DUMP_PROGRAMS: &str = "TPUDEV_DUMP_PROGRAMS";

/// Environment variable naming the workload whose working set `PjrtDevice::from_env` loads
/// ahead of need and stores at the end of the run (see `executable_cache`); `off` (or `0`,
/// `false`, `no`, as for the cache's variables) turns working sets off. Without it the workload is the process's command line and working directory.
pub const ENV_WORKING_SET: &str = "TPUDEV_WORKING_SET";

pub struct PjrtDevice {
    client: Client,
    device: usize,
    name: String,
    kind: String,
    buffers: Buffers,
    executables: ExecutableCache,
}

impl std::fmt::Debug for PjrtDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PjrtDevice").field("name", &self.name).field("memory", &self.buffers.stats()).finish()
    }
}

/// A graph compiled for a `PjrtDevice`: the graph, and one PJRT executable per layout seen.
pub struct PjrtExecutable {
    graph: Graph,
    programs: Mutex<HashMap<Layout, Arc<Program>>>,
}

struct Program {
    exe: Arc<crate::Executable>,
    wrapped: Wrapped,
}

impl Executable for PjrtExecutable {
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl PjrtExecutable {
    /// How many layouts this graph has been compiled for.
    pub fn compiled_layouts(&self) -> usize {
        self.programs.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

/// What names this run's workload: `TPUDEV_WORKING_SET`, or else the command line (every
/// argument, so `python -c CODE` names its code) and the working directory; None when off.
fn workload_from_env() -> Option<Vec<u8>> {
    match std::env::var(ENV_WORKING_SET) {
        Ok(v) if matches!(v.trim().to_ascii_lowercase().as_str(), "off" | "0" | "false" | "no") => None,
        Ok(v) if !v.trim().is_empty() => Some(format!("named {}", v.trim()).into_bytes()),
        _ => {
            let mut w = b"command line".to_vec();
            for arg in std::env::args_os() {
                w.push(0);
                w.extend_from_slice(arg.as_encoded_bytes());
            }
            w.push(0);
            w.extend_from_slice(std::env::current_dir().unwrap_or_default().as_os_str().as_encoded_bytes());
            Some(w)
        }
    }
}

fn host_memory_bytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

impl PjrtDevice {
    /// A device over `client`'s addressable device `device`, with `capacity` bytes of memory
    /// (`None`: the host's memory for the CPU platform, else 16 GiB), storing executables in
    /// the process-wide compilation cache.
    pub fn new(client: Client, device: usize, capacity: Option<u64>) -> Result<Self> {
        PjrtDevice::with_cache(client, device, capacity, CompileCache::global())
    }

    /// Like [`PjrtDevice::new`], storing serialized executables in `cache`.
    pub fn with_cache(client: Client, device: usize, capacity: Option<u64>, cache: Arc<CompileCache>) -> Result<Self> {
        let info = client
            .devices()
            .get(device)
            .cloned()
            .ok_or_else(|| Error::invalid(format!("the PJRT client has no device {device}")))?;
        let platform = client.platform_name().to_string();
        let name = if platform.eq_ignore_ascii_case("cpu") {
            "cpu (XLA PJRT)".to_string()
        } else {
            format!("{} ({platform} PJRT)", info.kind)
        };
        let capacity = capacity
            .or_else(|| if platform.eq_ignore_ascii_case("cpu") { host_memory_bytes() } else { None })
            .unwrap_or(16 << 30);
        let buffers = Buffers::new(client.clone(), device, name.clone(), capacity);
        let executables = ExecutableCache::new(client.clone(), cache);
        Ok(PjrtDevice { client, device, name, kind: info.kind, buffers, executables })
    }

    /// Like [`PjrtDevice::new`] with the capacity from `TPUDEV_HBM_BYTES` if set, dumping
    /// programs where `TPUDEV_DUMP_PROGRAMS` says, and loading the workload's working set
    /// (`TPUDEV_WORKING_SET`) in the background; [`PjrtDevice::finish`] stores this run's.
    pub fn from_env(client: Client) -> Result<Self> {
        let capacity = match std::env::var(ENV_CAPACITY).ok().filter(|s| !s.trim().is_empty()) {
            Some(s) => Some(parse_bytes(&s).ok_or_else(|| {
                Error::invalid(format!("{ENV_CAPACITY}='{s}' is not a byte count (use e.g. 1073741824 or 1GiB)"))
            })?),
            None => None,
        };
        let mut device = PjrtDevice::new(client, 0, capacity)?;
        if let Some(dir) = std::env::var_os(ENV_DUMP_PROGRAMS).filter(|d| !d.is_empty()) {
            // Made now, so that a path that cannot be a directory fails at start, not later.
            std::fs::create_dir_all(&dir).map_err(|e| {
                Error::invalid(format!(
                    "{ENV_DUMP_PROGRAMS}={}: cannot create that directory: {e}",
                    std::path::Path::new(&dir).display()
                ))
            })?;
            device.executables.dump_to(dir.into());
        }
        if let Some(workload) = workload_from_env() {
            device.executables.start_working_set(&workload);
        }
        Ok(device)
    }

    /// Ends the run: stops loading the working set and stores the one this run used.
    pub fn finish(&self) {
        self.executables.finish_working_set();
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    /// PJRT compilations so far (at most one per graph and layout; none for executables
    /// loaded from the compilation cache).
    pub fn compilations(&self) -> u64 {
        self.executables.stats().compiled
    }

    /// Compilations, executables loaded from the cache, and their times.
    pub fn executable_stats(&self) -> ExecutableCacheStats {
        self.executables.stats()
    }

    /// The StableHLO module `execute` would compile for `graph` with these views.
    pub fn program_text(&self, graph: &Graph, inputs: &[ExecInput], outputs: &[TensorView]) -> Result<String> {
        let (layout, _) = layout::layout_of(inputs, outputs, |b| self.buffers.size(b))?;
        program::module_text(&wrap::wrap(graph, &layout)?)
    }

    fn program(&self, exe: &PjrtExecutable, layout: Layout) -> Result<Arc<Program>> {
        if let Some(p) = exe.programs.lock().unwrap_or_else(|e| e.into_inner()).get(&layout) {
            return Ok(p.clone());
        }
        let wrapped = wrap::wrap(&exe.graph, &layout)?;
        let text = program::module_text(&wrapped)?;
        let (compiled, _) = self
            .executables
            .get_or_compile(&text)
            .map_err(|e| Error::invalid(format!("the PJRT plugin could not compile the program: {e}")))?;
        let program = Arc::new(Program { exe: compiled, wrapped });
        exe.programs.lock().unwrap_or_else(|e| e.into_inner()).insert(layout, program.clone());
        Ok(program)
    }

    /// A host value uploaded for one execution.
    fn upload_host(&self, ty: &TensorType, input: &ExecInput) -> Result<Buffer> {
        let bytes = match input {
            ExecInput::HostScalar(x) => scalar_bytes(*x, ty.dtype, ty.numel()),
            ExecInput::RngState(s) if ty.dtype == DType::I64 && ty.shape == [2] => {
                s.iter().flat_map(|v| v.to_le_bytes()).collect()
            }
            other => return Err(Error::internal(format!("{other:?} is not a host value of type {ty}"))),
        };
        Ok(Buffer::from_host(&self.client, &bytes, ty.dtype, &ty.shape, self.device)?)
    }
}

/// `x` as `n` elements of `dtype`, little-endian (as the simulator converts host scalars).
fn scalar_bytes(x: f64, dtype: DType, n: usize) -> Vec<u8> {
    tpudev_core::host_values::to_le_bytes(dtype, &[x]).repeat(n)
}

/// A byte count with an optional unit (KB, MB, GB, KiB, MiB, GiB).
fn parse_bytes(s: &str) -> Option<u64> {
    let t: String = s.trim().chars().filter(|&c| c != '_').collect::<String>().to_ascii_lowercase();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let mult: u64 = match unit.trim() {
        "" | "b" => 1,
        "kb" => 1_000,
        "mb" => 1_000_000,
        "gb" => 1_000_000_000,
        "kib" => 1 << 10,
        "mib" => 1 << 20,
        "gib" => 1 << 30,
        _ => return None,
    };
    num.parse::<u64>().ok()?.checked_mul(mult)
}

impl Device for PjrtDevice {
    fn properties(&self) -> DeviceProperties {
        DeviceProperties {
            name: self.name.clone(),
            chip: self.kind.clone(),
            hbm_bytes: self.buffers.stats().capacity,
            tensorcores: 1,
            simulated: false,
        }
    }

    fn alloc(&self, nbytes: usize) -> Result<BufferId> {
        self.buffers.alloc(nbytes)
    }

    fn reserve(&self, nbytes: usize) -> Result<BufferId> {
        Ok(self.buffers.reserve(nbytes))
    }

    fn materialize(&self, buffer: BufferId) -> Result<()> {
        self.buffers.materialize(buffer)
    }

    fn buffer_size(&self, buffer: BufferId) -> Option<usize> {
        self.buffers.size(buffer)
    }

    fn free(&self, buffer: BufferId) {
        self.buffers.free(buffer)
    }

    fn write_bytes(&self, buffer: BufferId, byte_offset: usize, data: &[u8]) -> Result<()> {
        self.buffers.write(buffer, byte_offset, data)
    }

    fn read_bytes(&self, buffer: BufferId, byte_offset: usize, out: &mut [u8]) -> Result<()> {
        self.buffers.read(buffer, byte_offset, out)
    }

    fn compile(&self, graph: &Graph) -> Result<Arc<dyn Executable>> {
        tpudev_core::ir::verify(graph)?;
        check_supported(graph)?;
        Ok(Arc::new(PjrtExecutable { graph: graph.clone(), programs: Mutex::new(HashMap::new()) }))
    }

    fn execute(&self, exe: &dyn Executable, inputs: &[ExecInput], outputs: &[TensorView]) -> Result<()> {
        let exe = exe
            .as_any()
            .downcast_ref::<PjrtExecutable>()
            .ok_or_else(|| Error::invalid("this program was compiled for another device"))?;
        let (layout, group_buffers) = layout::layout_of(inputs, outputs, |b| self.buffers.size(b))?;
        let program = self.program(exe, layout)?;
        let w = &program.wrapped;
        let mut args: Vec<Arc<Buffer>> = Vec::with_capacity(w.sources.len());
        for (k, source) in w.sources.iter().enumerate() {
            args.push(match (*source, &w.params[k]) {
                (Source::Input(i), wrap::FlatParam::Host(ty)) => Arc::new(self.upload_host(ty, &inputs[i])?),
                (Source::Input(i), wrap::FlatParam::Buffer { .. }) => match &inputs[i] {
                    ExecInput::Tensor(v) => self.buffers.get(v.buffer)?,
                    other => return Err(Error::internal(format!("input {i} should be a tensor, got {other:?}"))),
                },
                (Source::OldOutput(g), _) => self.buffers.get(group_buffers[g])?,
            });
        }
        let refs: Vec<&Buffer> = args.iter().map(|b| b.as_ref()).collect();
        let results = program.exe.execute(&refs)?;
        if results.len() != group_buffers.len() {
            return Err(Error::internal(format!(
                "the program returned {} buffers for {} outputs",
                results.len(),
                group_buffers.len()
            )));
        }
        for (buffer, result) in group_buffers.iter().zip(results) {
            self.buffers.set(*buffer, result)?;
        }
        Ok(())
    }

    fn memory_stats(&self) -> MemoryStats {
        self.buffers.stats()
    }

    fn reset_peak_memory(&self) {
        self.buffers.reset_peak()
    }
}
