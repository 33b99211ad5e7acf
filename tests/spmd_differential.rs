//! Differential test of SPMD programs: programs with collectives run on the simulated slice
//! (`tpudev_sim::SpmdSlice`, N chips) and on XLA through the PJRT C API (the real XLA CPU
//! plugin with N CPU devices, the program compiled for N replicas), chip i and replica i with
//! the same inputs, and every chip's results must agree with its replica's.
//!
//! The programs: each of the five collectives, built with `GraphBuilder` and printed by
//! `tpudev_core::stablehlo::print` (all_reduce with sum, max and min on f32 and sum on i32;
//! groups of all four chips and the sub-groups [[0, 1], [2, 3]] and [[0, 2], [1, 3]];
//! all_to_all both ways; collective_permute with a chip no pair targets, which gets zeros),
//! all on the 4 chips of a v5e 2x2 slice, and `examples/spmd/data_parallel_step.mlir` on the
//! 8 chips of a v5e 2x4 slice. Every chip gets its own seeded inputs (floats that bf16 holds
//! exactly: see `inputs`).
//!
//! Tolerances as in `stablehlo_differential.rs`: integers and bools exact; f32 within 2e-5
//! relative plus 1e-6 absolute.
//!
//! Without the XLA CPU plugin (`TPUDEV_TEST_PJRT_PLUGIN`, or `xla-cpu-pjrt` in the repo's
//! .venv from scripts/setup.sh) the test prints a skip line, and fails when `CI` is set.

use std::path::Path;

use tpudev_core::device::{Device, ExecInput, TensorView};
use tpudev_core::ir::{Graph, GraphBuilder, NodeId, ReduceKind, TensorType};
use tpudev_core::DType;
use tpudev_hw::discover::{open_client, Env, OpenOptions};
use tpudev_hw::{AttributeValue, Buffer, Client, Executable, XLA_CPU_DEVICE_COUNT};
use tpudev_sim::{Slice, SpmdSlice};

mod differential;
use differential::{compare, plugin_or_skip, seeded_inputs};

/// The most chips any program uses: the XLA client gets this many CPU devices.
const MAX_CHIPS: usize = 8;

/// Chip `chip`'s inputs, seeded by the program's name and the chip: floats in [-1, 1) on a
/// grid of 1/128, integers in -1000..1000, random bools.
///
/// bf16 holds every float input exactly. The example's `dot_general`s have DEFAULT
/// precision, which the simulator computes as a TPU does (one MXU pass: operands rounded to
/// bf16, products accumulated in f32) and XLA's CPU backend in f32; on a finer grid the two
/// differ by the operands' bf16 rounding (about 1e-3 relative on a 1/1024 grid).
fn inputs(g: &Graph, name: &str, chip: usize) -> Vec<Vec<u8>> {
    seeded_inputs(g, &format!("{name}/chip{chip}"), |x| (x % 2000) as f64 - 1000.0, |x| (x % 256) as f64 / 128.0 - 1.0)
}

/// One chip's outputs: (dtype, bytes) each.
type ChipOutputs = Vec<(DType, Vec<u8>)>;

/// Runs `g` on every chip of the slice `spec`, chip i with `inputs[i]`: each chip's outputs.
fn run_sim(spec: &str, g: &Graph, inputs: &[Vec<Vec<u8>>]) -> Result<Vec<ChipOutputs>, String> {
    let slice = SpmdSlice::new(Slice::parse(spec)?);
    let program = slice.compile(g).map_err(|e| e.to_string())?;
    let (mut exec, mut outs) = (Vec::new(), Vec::new());
    for (chip, chip_inputs) in slice.chips().iter().zip(inputs) {
        let mut args = Vec::new();
        for (p, bytes) in g.params.iter().zip(chip_inputs) {
            let buf = chip.alloc(bytes.len()).map_err(|e| e.to_string())?;
            chip.write_bytes(buf, 0, bytes).map_err(|e| e.to_string())?;
            args.push(ExecInput::Tensor(TensorView::contiguous(buf, p.ty.dtype, p.ty.shape.clone())));
        }
        exec.push(args);
        let mut views = Vec::new();
        for t in g.output_types() {
            let buf = chip.alloc_output(t.size_bytes()).map_err(|e| e.to_string())?;
            views.push(TensorView::contiguous(buf, t.dtype, t.shape));
        }
        outs.push(views);
    }
    slice.execute(&program, &exec, &outs).map_err(|e| e.to_string())?;
    slice
        .chips()
        .iter()
        .zip(&outs)
        .map(|(chip, views)| {
            views
                .iter()
                .map(|v| {
                    let mut bytes = vec![0u8; v.numel() * v.dtype.size_bytes()];
                    chip.read_bytes(v.buffer, 0, &mut bytes).map_err(|e| e.to_string())?;
                    Ok((v.dtype, bytes))
                })
                .collect()
        })
        .collect()
}

/// Compiles the text with XLA for `inputs.len()` replicas and runs replica i with
/// `inputs[i]`: per replica, bytes per output.
fn run_xla(client: &Client, text: &str, g: &Graph, inputs: &[Vec<Vec<u8>>]) -> Result<Vec<Vec<Vec<u8>>>, String> {
    let exe = Executable::compile_mlir_replicated(client, text, inputs.len()).map_err(|e| e.to_string())?;
    let devices = exe.replica_devices().map_err(|e| e.to_string())?;
    if devices.len() != inputs.len() {
        return Err(format!("{} replicas run on {} devices", inputs.len(), devices.len()));
    }
    let bufs: Vec<Vec<Buffer>> = inputs
        .iter()
        .zip(&devices)
        .map(|(chip_inputs, &device)| {
            g.params
                .iter()
                .zip(chip_inputs)
                .map(|(p, bytes)| Buffer::from_host(client, bytes, p.ty.dtype, &p.ty.shape, device))
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let lists: Vec<Vec<&Buffer>> = bufs.iter().map(|l| l.iter().collect()).collect();
    let outs = exe.execute_replicated(&lists).map_err(|e| e.to_string())?;
    outs.iter().map(|l| l.iter().map(|b| b.to_host().map_err(|e| e.to_string())).collect()).collect()
}

/// A program of one parameter of `dtype` and `shape` and the outputs `body` makes of it.
fn program(
    dtype: DType,
    shape: &[usize],
    body: impl FnOnce(&mut GraphBuilder, NodeId) -> tpudev_core::Result<Vec<NodeId>>,
) -> Result<Graph, String> {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(dtype, shape.to_vec()));
    let outs = body(&mut b, x).map_err(|e| e.to_string())?;
    Ok(b.finish(outs))
}

/// One program of the comparison: its name, the slice it runs on, its StableHLO text and its
/// graph (built, or parsed from the text).
struct Case {
    name: String,
    slice: &'static str,
    built: Result<(String, Graph), String>,
}

/// The collectives on the 4 chips of a v5e 2x2 slice, built and printed.
fn built_cases() -> Vec<Case> {
    use tpudev_core::ir::Op;
    use DType::{F32, I32};
    use ReduceKind::{Max, Min, Sum};
    let all = || vec![vec![0, 1, 2, 3]];
    let rows = || vec![vec![0, 1], vec![2, 3]];
    let cols = || vec![vec![0, 2], vec![1, 3]];
    let cases: Vec<(&str, Result<Graph, String>)> = vec![
        ("all_reduce_sum_f32", program(F32, &[8, 16], |b, x| Ok(vec![b.all_reduce(x, Sum, all())?]))),
        ("all_reduce_max_f32", program(F32, &[8, 16], |b, x| Ok(vec![b.all_reduce(x, Max, all())?]))),
        ("all_reduce_min_f32", program(F32, &[8, 16], |b, x| Ok(vec![b.all_reduce(x, Min, all())?]))),
        ("all_reduce_sum_i32", program(I32, &[8, 16], |b, x| Ok(vec![b.all_reduce(x, Sum, all())?]))),
        (
            "all_reduce_sub_groups",
            program(F32, &[4, 6], |b, x| Ok(vec![b.all_reduce(x, Sum, rows())?, b.all_reduce(x, Max, cols())?])),
        ),
        ("all_reduce_min_i32_cols", program(I32, &[5, 3], |b, x| Ok(vec![b.all_reduce(x, Min, cols())?]))),
        (
            "all_gather",
            program(F32, &[4, 6], |b, x| {
                Ok(vec![b.all_gather(x, 0, all())?, b.all_gather(x, 1, rows())?, b.all_gather(x, 1, cols())?])
            }),
        ),
        ("all_gather_i32", program(I32, &[3, 2], |b, x| Ok(vec![b.all_gather(x, 1, all())?]))),
        (
            "reduce_scatter",
            program(F32, &[8, 6], |b, x| {
                Ok(vec![
                    b.reduce_scatter(x, Sum, 0, all())?,
                    b.reduce_scatter(x, Sum, 1, rows())?,
                    b.reduce_scatter(x, Max, 0, cols())?,
                ])
            }),
        ),
        ("reduce_scatter_i32", program(I32, &[4, 8], |b, x| Ok(vec![b.reduce_scatter(x, Sum, 1, all())?]))),
        (
            "all_to_all",
            program(F32, &[8, 4], |b, x| {
                Ok(vec![b.all_to_all(x, 0, 1, all())?, b.all_to_all(x, 1, 0, rows())?, b.all_to_all(x, 0, 0, cols())?])
            }),
        ),
        (
            "collective_permute",
            program(F32, &[4, 5], |b, x| {
                Ok(vec![
                    // Chip 3 is no pair's target: it gets zeros.
                    b.collective_permute(x, vec![(0, 1), (1, 2), (2, 0)])?,
                    b.collective_permute(x, vec![(0, 1), (1, 0), (2, 3), (3, 2)])?,
                ])
            }),
        ),
        (
            "collective_permute_i32_ring",
            program(I32, &[6], |b, x| Ok(vec![b.collective_permute(x, vec![(0, 1), (1, 2), (2, 3), (3, 0)])?])),
        ),
        (
            "compute_between_collectives",
            program(F32, &[16, 8], |b, x| {
                let e = b.unary(Op::Exp, x)?;
                let s = b.all_reduce(e, Sum, all())?;
                let t = b.unary(Op::Tanh, s)?;
                let g = b.all_gather(t, 0, rows())?;
                let m = b.binary(Op::Mul, g, g)?;
                Ok(vec![b.reduce_scatter(m, Sum, 0, cols())?, s])
            }),
        ),
    ];
    cases
        .into_iter()
        .map(|(name, g)| {
            let built = g.and_then(|g| {
                let text = tpudev_core::stablehlo::print(&g).map_err(|e| format!("print failed: {e}"))?;
                Ok((text, g))
            });
            Case { name: name.to_string(), slice: "v5e:2x2", built }
        })
        .collect()
}

/// `examples/spmd/data_parallel_step.mlir` on the 8 chips of a v5e 2x4 slice.
fn example_case() -> Case {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/spmd/data_parallel_step.mlir");
    let built = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display())).and_then(|text| {
        let g = tpudev_core::stablehlo::parse(&text).map_err(|e| format!("does not parse: {e}"))?;
        Ok((text, g))
    });
    Case { name: "data_parallel_step".to_string(), slice: "v5e:2x4", built }
}

#[test]
fn the_simulated_slice_and_xla_replicas_agree_on_collectives() {
    let Some(path) = plugin_or_skip() else { return };
    // As the runtime opens it (NaN-propagating min/max), with a CPU device per chip.
    let env = Env { plugin: Some(path.to_string_lossy().into_owned()), ..Env::default() };
    let options = OpenOptions {
        client_options: vec![(XLA_CPU_DEVICE_COUNT.to_string(), AttributeValue::Int(MAX_CHIPS as i64))],
        ..OpenOptions::default()
    };
    let client = open_client(&env, &[], &options).expect("open the XLA CPU plugin");
    assert_eq!(client.devices().len(), MAX_CHIPS);

    let mut cases = built_cases();
    cases.push(example_case());
    let (mut compared, mut failures, mut largest) = (Vec::new(), Vec::new(), (0f64, String::new()));
    for case in cases {
        let name = case.name;
        let (text, graph) = match case.built {
            Ok(built) => built,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let chips = Slice::parse(case.slice).expect("slice").chips() as usize;
        let replicas = format!("mhlo.num_replicas = {chips} : i32");
        if !text.contains(&replicas) {
            failures.push(format!("{name}: the module does not say `{replicas}`"));
            continue;
        }
        let values: Vec<Vec<Vec<u8>>> = (0..chips).map(|c| inputs(&graph, &name, c)).collect();
        let sim = match run_sim(case.slice, &graph, &values) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name}: simulator failed: {e}"));
                continue;
            }
        };
        let xla = match run_xla(&client, &text, &graph, &values) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name}: XLA failed: {e}\n{text}"));
                continue;
            }
        };
        let mut program_largest = 0f64;
        let mut disagreement = None;
        for (chip, (s, x)) in sim.iter().zip(&xla).enumerate() {
            match compare(s, x) {
                Ok(d) => program_largest = program_largest.max(d),
                Err(diff) => {
                    disagreement = Some(format!("{name}: chip {chip}: {diff}"));
                    break;
                }
            }
        }
        match disagreement {
            Some(d) => failures.push(d),
            None => {
                if program_largest >= largest.0 {
                    largest = (program_largest, name.clone());
                }
                compared.push(format!("{name} ({chips} chips, largest difference {program_largest:e})"));
            }
        }
    }
    println!("{} programs agree on every chip:\n  {}", compared.len(), compared.join("\n  "));
    println!("largest difference: {:e} ({})", largest.0, largest.1);
    assert!(failures.is_empty(), "{} programs disagree:\n{}", failures.len(), failures.join("\n"));
}
