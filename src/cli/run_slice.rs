//! `tpudev run --topology CHIP:SHAPE`: runs one program on every chip of a simulated slice
//! (SPMD, `tpudev_sim::spmd`). Its collectives exchange data between the chips and take the
//! ICI model's time on the slice's torus. Prints each chip's outputs and time, and what each
//! collective cost. With `--backend hw` the same program runs as that many replicas on the
//! PJRT plugin's devices, with wall times.

use serde_json::json;
use tpudev_core::ir::Graph;
use tpudev_core::stablehlo::Signature;
use tpudev_sim::device::resolve_chip;
use tpudev_sim::timing::Bound;
use tpudev_sim::{Slice, SpmdSlice};

use super::run::{alloc_outputs, download, err, json_outputs, text_outputs, upload, Input, Outputs};
use super::CliError;
use tpudev_core::host_values::from_le_bytes;

/// What one chip did in the run.
struct ChipRun {
    coords: Vec<u32>,
    cycles: u64,
    ici: u64,
    idle: u64,
    outputs: Outputs,
}

pub fn run(
    graph: &Graph,
    spec: &str,
    chip: Option<&str>,
    inputs_of: impl Fn(u32) -> Vec<Input>,
    json: bool,
) -> Result<(), CliError> {
    let slice = Slice::parse_from(spec, "--topology ").map_err(err)?;
    if let Some(c) = chip {
        if resolve_chip(c).map_err(err)?.key != slice.chip.key {
            return Err(err(format!(
                "--chip {c} and --topology {spec} name different chips: drop --chip (the topology names the chip)"
            )));
        }
    }
    let s = SpmdSlice::new(slice);
    let program = s.compile(graph).map_err(err)?;
    let mut inputs = Vec::new();
    let mut outputs = Vec::new();
    for (i, dev) in s.chips().iter().enumerate() {
        inputs.push(upload(dev, &graph.params, inputs_of(i as u32)).map_err(err)?);
        outputs.push(alloc_outputs(dev, &graph.output_types()).map_err(err)?);
    }
    let marks: Vec<(usize, u64)> = s.chips().iter().map(|d| (d.start_profile(), d.now_cycles())).collect();
    let result = s.execute(&program, &inputs, &outputs);
    let events: Vec<_> = s.chips().iter().zip(&marks).map(|(d, &(m, _))| d.stop_profile(m)).collect();
    result.map_err(err)?;
    let mut chips = Vec::new();
    for (i, dev) in s.chips().iter().enumerate() {
        let spent = |b: Bound| events[i].iter().filter(|e| e.bound == b).map(|e| e.cycles).sum();
        chips.push(ChipRun {
            coords: s.slice().coords(i as u32).map_err(err)?,
            cycles: dev.now_cycles() - marks[i].1,
            ici: spent(Bound::Ici),
            idle: spent(Bound::Idle),
            outputs: download(dev, &outputs[i]).map_err(err)?,
        });
    }
    let hz = s.slice().chip.clock_hz;
    let cycles = chips.iter().map(|c| c.cycles).max().unwrap_or(0);
    let text = if json {
        let collectives: Vec<_> = program
            .collectives()
            .iter()
            .map(|c| {
                let groups: Vec<_> = c.meetings.iter().map(|(g, _)| g.clone()).collect();
                let cycles: Vec<_> = c.meetings.iter().map(|(_, n)| *n).collect();
                json!({"node": c.at.node, "kind": c.kind.name(), "bytes": c.bytes, "groups": groups, "cycles": cycles})
            })
            .collect();
        let per_chip: Vec<_> = chips
            .iter()
            .enumerate()
            .map(|(i, c)| {
                json!({"index": i, "coords": c.coords, "cycles": c.cycles, "ici_cycles": c.ici,
                    "idle_cycles": c.idle, "outputs": json_outputs(&c.outputs)})
            })
            .collect();
        let o = json!({"topology": s.slice().describe(), "chip": s.slice().chip.key, "cycles": cycles,
            "simulated_seconds": cycles as f64 / hz, "collectives": collectives, "chips": per_chip});
        format!("{}\n", serde_json::to_string_pretty(&o).map_err(err)?)
    } else {
        let us = |n: u64| n as f64 / hz * 1e6;
        let mut t = String::new();
        for (i, c) in chips.iter().enumerate() {
            t.push_str(&format!("chip {i} at {:?}:\n", c.coords));
            for line in text_outputs(&c.outputs).lines() {
                t.push_str(&format!("  {line}\n"));
            }
        }
        t.push_str(&format!("collectives on {}:\n", s.slice().describe()));
        if program.collectives().is_empty() {
            t.push_str("  none\n");
        }
        for c in program.collectives() {
            let longest = c.meetings.iter().map(|(_, n)| *n).max().unwrap_or(0);
            let size = c.meetings.first().map_or(0, |(g, _)| g.len());
            t.push_str(&format!(
                "  %{} {} of {} bytes, {} group(s) of {size}: {:.3} us ({longest} cycles)\n",
                c.at.node,
                c.kind.name(),
                c.bytes,
                c.meetings.len(),
                us(longest)
            ));
        }
        for (i, c) in chips.iter().enumerate() {
            t.push_str(&format!(
                "simulated time on chip {i}: {:.3} us ({} cycles; ICI {} cycles, waiting {} cycles)\n",
                us(c.cycles),
                c.cycles,
                c.ici,
                c.idle
            ));
        }
        t
    };
    super::chips::write_stdout(&text)
}

/// Runs `text` as one replica per chip of the slice `spec` on the PJRT plugin's devices. The
/// XLA CPU plugin is asked for as many devices as the slice has chips; other plugins must
/// have them.
pub fn run_hw(
    text: &str,
    sig: &Signature,
    spec: &str,
    inputs_of: impl Fn(u32) -> Vec<Input>,
    json: bool,
) -> Result<(), CliError> {
    use tpudev_hw::discover::{open_client, Env, OpenOptions};
    use tpudev_hw::{AttributeValue, Buffer, Executable, XLA_CPU_DEVICE_COUNT};
    let slice = Slice::parse_from(spec, "--topology ").map_err(err)?;
    let n = slice.chips() as usize;
    let env = Env::from_process();
    let open =
        |options: &OpenOptions| open_client(&env, &[], options).map_err(|e| err(format!("hardware backend: {e}")));
    let mut client = open(&OpenOptions::default())?;
    if client.devices().len() < n && client.platform_name() == "cpu" {
        let count = vec![(XLA_CPU_DEVICE_COUNT.to_string(), AttributeValue::Int(n as i64))];
        client = open(&OpenOptions { client_options: count, ..OpenOptions::default() })?;
    }
    let have = client.devices().len();
    if have < n {
        return Err(err(format!(
            "--topology {spec} needs {n} devices, but the {} plugin has {have}",
            client.platform_name()
        )));
    }
    let compile_start = std::time::Instant::now();
    let exe = Executable::compile_mlir_replicated(&client, text, n).map_err(|e| err(format!("PJRT compile: {e}")))?;
    let compile_s = compile_start.elapsed().as_secs_f64();
    let devices = exe.replica_devices().map_err(|e| err(format!("PJRT: {e}")))?;
    let mut buffers = Vec::with_capacity(n);
    for (r, &device) in devices.iter().enumerate() {
        let chip: Vec<Buffer> = sig
            .params
            .iter()
            .zip(inputs_of(r as u32))
            .map(|(p, v)| Buffer::from_host(&client, &v.into_bytes(p), p.ty.dtype, &p.ty.shape, device))
            .collect::<Result<_, _>>()
            .map_err(|e| err(format!("uploading the inputs: {e}")))?;
        buffers.push(chip);
    }
    let refs: Vec<Vec<&Buffer>> = buffers.iter().map(|b| b.iter().collect()).collect();
    let start = std::time::Instant::now();
    let outs = exe.execute_replicated(&refs).map_err(|e| err(format!("PJRT execute: {e}")))?;
    let run_s = start.elapsed().as_secs_f64();
    let mut chips: Vec<Outputs> = Vec::with_capacity(n);
    for replica in &outs {
        let mut results = Vec::new();
        for (b, t) in replica.iter().zip(&sig.results) {
            let bytes = b.to_host().map_err(|e| err(format!("reading an output: {e}")))?;
            results.push((t.dtype, t.shape.clone(), from_le_bytes(t.dtype, &bytes)));
        }
        chips.push(results);
    }
    let platform = client.platform_name().to_string();
    let text = if json {
        let per_chip: Vec<_> =
            chips.iter().enumerate().map(|(i, c)| json!({"index": i, "outputs": json_outputs(c)})).collect();
        let o = json!({"backend": "hw", "platform": platform, "replicas": n, "compile_seconds": compile_s,
            "execute_seconds": run_s, "chips": per_chip});
        format!("{}\n", serde_json::to_string_pretty(&o).map_err(err)?)
    } else {
        let mut t = String::new();
        for (i, c) in chips.iter().enumerate() {
            t.push_str(&format!("chip {i}:\n"));
            for line in text_outputs(c).lines() {
                t.push_str(&format!("  {line}\n"));
            }
        }
        t.push_str(&format!(
            "ran on {platform} (PJRT) as {n} replicas: compile {:.1} ms, execute {:.3} ms wall time\n",
            compile_s * 1e3,
            run_s * 1e3
        ));
        t
    };
    super::chips::write_stdout(&text)
}
