//! `tpudev run PROGRAM.mlir`: parses a StableHLO program, runs it on the simulator (or, with
//! `--backend hw`, compiles the same text with a PJRT plugin and runs it there) and prints each
//! output (dtype, shape, a NumPy-like preview) and the simulated time on the chip (or the wall
//! time on the hardware). The hardware path reads only `@main`'s signature, so it also runs
//! programs with ops the tpudev IR lacks (such as the runtime's own wrapper programs, dumped
//! with `TPUDEV_DUMP_PROGRAMS`).

use std::path::{Path, PathBuf};

use serde_json::json;
use tpudev_core::device::{Device, ExecInput, TensorView};
use tpudev_core::host_values::{from_le_bytes, to_le_bytes};
use tpudev_core::ir::{Param, ParamKind, TensorType};
use tpudev_core::DType;
use tpudev_sim::SimDevice;

use super::npy;
use super::{CliError, RunBackend};

pub(super) fn err(msg: impl std::fmt::Display) -> CliError {
    CliError(msg.to_string())
}

/// A deterministic generator for `--random` (SplitMix64).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [-1, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

/// One input value per parameter.
#[derive(Clone)]
pub(super) enum Input {
    Bytes(Vec<u8>),
    Scalar(f64),
    Rng([i64; 2]),
}

impl Input {
    /// The input as the bytes of a device buffer of parameter `p`'s type.
    pub(super) fn into_bytes(self, p: &Param) -> Vec<u8> {
        match self {
            Input::Bytes(b) => b,
            Input::Scalar(x) => to_le_bytes(p.ty.dtype, &[x]),
            Input::Rng(s) => s.iter().flat_map(|x| x.to_le_bytes()).collect(),
        }
    }
}

fn random_inputs(params: &[Param], seed: u64) -> Vec<Input> {
    let mut rng = SplitMix(seed);
    params
        .iter()
        .map(|p| match p.kind {
            ParamKind::HostScalar => Input::Scalar(rng.unit()),
            ParamKind::RngState => Input::Rng([seed as i64, 0]),
            ParamKind::Tensor => {
                let d = p.ty.dtype;
                let value = |r: &mut SplitMix| match d {
                    DType::Bool => (r.next() & 1) as f64,
                    // Small non-negative integers, so that they are valid indices of most dims.
                    d if d.is_int() => (r.next() % 4) as f64,
                    _ => r.unit(),
                };
                Input::Bytes((0..p.ty.numel()).flat_map(|_| to_le_bytes(d, &[value(&mut rng)])).collect())
            }
        })
        .collect()
}

fn file_inputs(params: &[Param], files: &[PathBuf]) -> Result<Vec<Input>, CliError> {
    if files.len() != params.len() {
        return Err(err(format!("the program takes {} inputs, --inputs gave {}", params.len(), files.len())));
    }
    params
        .iter()
        .zip(files)
        .enumerate()
        .map(|(k, (p, path))| {
            let bytes = std::fs::read(path).map_err(|e| err(format!("cannot read {}: {e}", path.display())))?;
            let a = npy::parse(&bytes).map_err(|e| err(format!("{}: {e}", path.display())))?;
            let got = TensorType::new(a.dtype, a.shape.clone());
            // bf16 and the 8-bit floats, which NumPy lacks, come as their bits: uint16 or uint8
            // arrays, or ml_dtypes' arrays (raw elements of that width).
            let as_bits = a.shape == p.ty.shape
                && a.dtype.is_unsigned()
                && p.ty.dtype.is_float()
                && a.dtype.size_bytes() == p.ty.dtype.size_bytes()
                && !matches!(p.ty.dtype, DType::F16 | DType::F32 | DType::F64);
            if got != p.ty && !as_bits {
                return Err(err(format!("input {k} ({}) is {got}, the program wants {}", path.display(), p.ty)));
            }
            Ok(match p.kind {
                ParamKind::Tensor => Input::Bytes(a.data),
                ParamKind::HostScalar => Input::Scalar(from_le_bytes(p.ty.dtype, &a.data)[0]),
                ParamKind::RngState => {
                    let v = from_le_bytes(a.dtype, &a.data);
                    Input::Rng([v[0] as i64, v[1] as i64])
                }
            })
        })
        .collect()
}

/// A NumPy-like rendering: nested lists, elided in the middle when long.
fn preview(dtype: DType, shape: &[usize], values: &[f64]) -> String {
    let fmt = |v: f64| match dtype {
        DType::Bool => {
            if v != 0.0 {
                "True".to_string()
            } else {
                "False".to_string()
            }
        }
        d if d.is_int() => format!("{}", v as i64),
        DType::F64 => format!("{v}"),
        _ => format!("{}", v as f32),
    };
    fn rec(shape: &[usize], vals: &[f64], fmt: &dyn Fn(f64) -> String) -> String {
        let Some((&n, rest)) = shape.split_first() else { return vals.first().map_or(String::new(), |&v| fmt(v)) };
        let step: usize = rest.iter().product();
        let item = |i: usize| rec(rest, &vals[i * step..(i + 1) * step], fmt);
        let items: Vec<String> = if n > 8 {
            (0..3).map(item).chain(std::iter::once("...".to_string())).chain((n - 3..n).map(item)).collect()
        } else {
            (0..n).map(item).collect()
        };
        format!("[{}]", items.join(", "))
    }
    rec(shape, values, &fmt)
}

/// What `tpudev run` was asked to do.
pub struct RunArgs<'a> {
    pub program: &'a Path,
    pub inputs: &'a [PathBuf],
    pub random: Option<u64>,
    pub chip: Option<&'a str>,
    pub topology: Option<&'a str>,
    pub backend: RunBackend,
    pub json: bool,
    pub repeat: usize,
}

pub fn run(args: RunArgs<'_>) -> Result<(), CliError> {
    let RunArgs { program, inputs, random, chip, topology, backend, json, repeat } = args;
    let text = std::fs::read_to_string(program).map_err(|e| err(format!("cannot read {}: {e}", program.display())))?;
    let in_file = |e: tpudev_core::Error| err(format!("{}: {e}", program.display()));
    let sig = tpudev_core::stablehlo::signature(&text).map_err(in_file)?;
    let values = match (inputs.is_empty(), random) {
        (false, Some(_)) => return Err(err("give either --inputs or --random, not both")),
        (false, None) => file_inputs(&sig.params, inputs)?,
        (true, Some(seed)) => random_inputs(&sig.params, seed),
        (true, None) if sig.params.is_empty() => Vec::new(),
        (true, None) => {
            return Err(err(format!(
                "the program takes {} inputs: pass them with --inputs a.npy,b.npy or draw them with --random SEED",
                sig.params.len()
            )))
        }
    };
    if repeat > 1 && (backend == RunBackend::Sim || topology.is_some()) {
        return Err(err(
            "--repeat measures wall time on --backend hw, without --topology; the simulator's time is the same every run",
        ));
    }
    if let Some(spec) = topology {
        // On a slice, chip i draws its own random inputs; files go to every chip.
        let per_chip = |chip: u32| match random {
            Some(seed) => random_inputs(&sig.params, seed.wrapping_add(u64::from(chip))),
            None => values.clone(),
        };
        return match backend {
            RunBackend::Hw => super::run_slice::run_hw(&text, &sig, spec, per_chip, json),
            RunBackend::Sim => {
                let graph = tpudev_core::stablehlo::parse(&text).map_err(in_file)?;
                super::run_slice::run(&graph, spec, chip, per_chip, json)
            }
        };
    }
    if backend == RunBackend::Hw {
        return run_hw(&text, &sig, values, json, repeat.max(1));
    }
    let graph = tpudev_core::stablehlo::parse(&text).map_err(in_file)?;
    let dev = SimDevice::from_settings(Some(chip.unwrap_or("v5e")), None).map_err(err)?;
    let exe = dev.compile(&graph).map_err(err)?;
    let exec_inputs = upload(&dev, &graph.params, values).map_err(err)?;
    let outs = alloc_outputs(&dev, &graph.output_types()).map_err(err)?;
    let before = dev.now_cycles();
    dev.execute(exe.as_ref(), &exec_inputs, &outs).map_err(err)?;
    let cycles = dev.now_cycles() - before;
    let seconds = cycles as f64 / dev.chip().clock_hz;
    let results = download(&dev, &outs).map_err(err)?;
    let text = if json {
        let o = json!({"chip": dev.chip().key, "cycles": cycles, "simulated_seconds": seconds, "outputs": json_outputs(&results)});
        format!("{}\n", serde_json::to_string_pretty(&o).map_err(err)?)
    } else {
        let mut s = text_outputs(&results);
        s.push_str(&format!("simulated time on {}: {:.3} us ({cycles} cycles)\n", dev.chip().name, seconds * 1e6));
        s
    };
    super::chips::write_stdout(&text)
}

/// Writes each parameter's input to the device.
pub(super) fn upload(dev: &SimDevice, params: &[Param], values: Vec<Input>) -> tpudev_core::Result<Vec<ExecInput>> {
    params
        .iter()
        .zip(values)
        .map(|(p, v)| {
            Ok(match v {
                Input::Scalar(s) => ExecInput::HostScalar(s),
                Input::Rng(s) => ExecInput::RngState(s),
                Input::Bytes(b) => {
                    let buf = if b.is_empty() { 0 } else { dev.alloc(b.len())? };
                    if !b.is_empty() {
                        dev.write_bytes(buf, 0, &b)?;
                    }
                    ExecInput::Tensor(TensorView::contiguous(buf, p.ty.dtype, p.ty.shape.clone()))
                }
            })
        })
        .collect()
}

/// A fresh buffer on the device for each output.
pub(super) fn alloc_outputs(dev: &SimDevice, types: &[TensorType]) -> tpudev_core::Result<Vec<TensorView>> {
    types
        .iter()
        .map(|t| {
            let buf = if t.size_bytes() == 0 { 0 } else { dev.alloc_output(t.size_bytes())? };
            Ok(TensorView::contiguous(buf, t.dtype, t.shape.clone()))
        })
        .collect()
}

/// Reads the outputs back.
pub(super) fn download(dev: &SimDevice, outs: &[TensorView]) -> tpudev_core::Result<Outputs> {
    let mut results = Vec::new();
    for v in outs {
        let mut bytes = vec![0u8; v.numel() * v.dtype.size_bytes()];
        if !bytes.is_empty() {
            dev.read_bytes(v.buffer, 0, &mut bytes)?;
        }
        results.push((v.dtype, v.shape.clone(), from_le_bytes(v.dtype, &bytes)));
    }
    Ok(results)
}

/// (dtype, shape, values) of each output.
pub(super) type Outputs = Vec<(DType, Vec<usize>, Vec<f64>)>;

pub(super) fn json_outputs(results: &Outputs) -> Vec<serde_json::Value> {
    results
        .iter()
        .map(|(d, s, v)| {
            let vals: Vec<serde_json::Value> =
                v.iter().map(|&x| if x.is_finite() { json!(x) } else { json!(x.to_string()) }).collect();
            json!({"dtype": d.torch_name(), "shape": s, "values": vals})
        })
        .collect()
}

pub(super) fn text_outputs(results: &Outputs) -> String {
    let mut s = String::new();
    for (i, (d, shape, v)) in results.iter().enumerate() {
        s.push_str(&format!("output {i}: {d} {shape:?}\n  {}\n", preview(*d, shape, v)));
    }
    s
}

/// Compiles the program's text with the PJRT plugin (or loads the executable an earlier run
/// stored in the compilation cache) and runs it `repeat` times on its first device, on inputs
/// uploaded once; reports the first run's outputs and the median execute time.
fn run_hw(
    text: &str,
    sig: &tpudev_core::stablehlo::Signature,
    values: Vec<Input>,
    json: bool,
    repeat: usize,
) -> Result<(), CliError> {
    use tpudev_core::cache::CompileCache;
    use tpudev_hw::discover::{open_client, Env, OpenOptions};
    use tpudev_hw::{Buffer, ExecutableCache};
    let env = Env::from_process();
    let client = open_client(&env, &[], &OpenOptions::default()).map_err(|e| err(format!("hardware backend: {e}")))?;
    let executables = ExecutableCache::new(client.clone(), CompileCache::global());
    let compile_start = std::time::Instant::now();
    let (exe, origin) = executables.get_or_compile(text).map_err(|e| err(format!("PJRT compile: {e}")))?;
    let compile_s = compile_start.elapsed().as_secs_f64();
    let buffers: Vec<Buffer> = sig
        .params
        .iter()
        .zip(values)
        .map(|(p, v)| Buffer::from_host(&client, &v.into_bytes(p), p.ty.dtype, &p.ty.shape, 0))
        .collect::<Result<_, _>>()
        .map_err(|e| err(format!("uploading the inputs: {e}")))?;
    let refs: Vec<&Buffer> = buffers.iter().collect();
    let mut times = Vec::with_capacity(repeat);
    let mut first = None;
    for _ in 0..repeat {
        let start = std::time::Instant::now();
        // `execute` returns once the device has finished.
        let outs = exe.execute(&refs).map_err(|e| err(format!("PJRT execute: {e}")))?;
        times.push(start.elapsed().as_secs_f64());
        first.get_or_insert(outs);
    }
    let outs = first.unwrap_or_default();
    times.sort_by(f64::total_cmp);
    let run_s = times[times.len() / 2];
    let mut results = Vec::new();
    for (b, t) in outs.iter().zip(&sig.results) {
        let bytes = b.to_host().map_err(|e| err(format!("reading an output: {e}")))?;
        results.push((t.dtype, t.shape.clone(), from_le_bytes(t.dtype, &bytes)));
    }
    let platform = client.platform_name().to_string();
    let text = if json {
        let o = json!({"backend": "hw", "platform": platform, "compile_seconds": compile_s,
            "executable": origin.name(), "execute_seconds": run_s, "executions": repeat,
            "min_execute_seconds": times[0], "outputs": json_outputs(&results)});
        format!("{}\n", serde_json::to_string_pretty(&o).map_err(err)?)
    } else {
        let mut s = text_outputs(&results);
        s.push_str(&format!(
            "ran on {platform} (PJRT): {} {:.1} ms, execute {:.3} ms wall time{}\n",
            if origin == tpudev_hw::Origin::Compiled { "compile" } else { "load from the compilation cache" },
            compile_s * 1e3,
            run_s * 1e3,
            if repeat > 1 { format!(" (median of {repeat})") } else { String::new() }
        ));
        s
    };
    super::chips::write_stdout(&text)
}
