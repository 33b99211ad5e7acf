use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::ir::{Graph, GraphBuilder, NodeId, Op, ReduceKind, TensorType};
use tpudev_core::{DType, Device};

use super::*;
use crate::tests::{download, noise, upload};
use crate::timing::Bound;

fn slice(spec: &str) -> SpmdSlice {
    SpmdSlice::new(Slice::parse(spec).unwrap())
}

/// A program of one f32 parameter of `shape` and the outputs `body` makes of it.
fn program(shape: &[usize], body: impl FnOnce(&mut GraphBuilder, NodeId) -> Vec<NodeId>) -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::F32, shape.to_vec()));
    let outs = body(&mut b, x);
    b.finish(outs)
}

/// Each chip's outputs, each as f64 values.
type ChipOutputs = Vec<Vec<Vec<f64>>>;

/// Chip i's input: noise seeded by i, rounded to f32.
fn input(i: usize, n: usize) -> Vec<f64> {
    noise(n, 100 + i as u64).iter().map(|&v| v as f32 as f64).collect()
}

/// Runs `g` on every chip of `s` with `input(i)` and returns each chip's outputs.
fn run(s: &SpmdSlice, g: &Graph) -> tpudev_core::Result<ChipOutputs> {
    let p = s.compile(g)?;
    let n_in = g.params[0].ty.numel();
    let mut inputs = Vec::new();
    let mut outputs = Vec::new();
    for (i, chip) in s.chips().iter().enumerate() {
        let shape = &g.params[0].ty.shape;
        inputs.push(vec![ExecInput::Tensor(upload(chip, DType::F32, shape, &input(i, n_in)))]);
        let outs: Vec<TensorView> =
            g.output_types().iter().map(|ty| upload(chip, ty.dtype, &ty.shape, &vec![0.0; ty.numel()])).collect();
        outputs.push(outs);
    }
    s.execute(&p, &inputs, &outputs)?;
    Ok(s.chips().iter().zip(&outputs).map(|(chip, outs)| outs.iter().map(|v| download(chip, v)).collect()).collect())
}

fn sum_f32(xs: &[&[f64]]) -> Vec<f64> {
    (0..xs[0].len()).map(|k| xs.iter().fold(0f32, |acc, x| acc + x[k] as f32) as f64).collect()
}

#[test]
fn all_reduce_sums_in_group_order_on_every_chip() {
    let s = slice("v5e:2x2");
    let g = program(&[3, 5], |b, x| {
        vec![
            b.all_reduce(x, ReduceKind::Sum, vec![vec![0, 1, 2, 3]]).unwrap(),
            b.all_reduce(x, ReduceKind::Max, vec![vec![0, 2], vec![1, 3]]).unwrap(),
        ]
    });
    let out = run(&s, &g).unwrap();
    let ins: Vec<Vec<f64>> = (0..4).map(|i| input(i, 15)).collect();
    let total = sum_f32(&[&ins[0], &ins[1], &ins[2], &ins[3]]);
    for (i, chip) in out.iter().enumerate() {
        assert_eq!(chip[0], total, "chip {i}");
        let peer = &ins[i ^ 2];
        let max: Vec<f64> = ins[i].iter().zip(peer).map(|(a, b)| a.max(*b)).collect();
        assert_eq!(chip[1], max, "chip {i}");
    }
}

#[test]
fn gathers_scatters_and_permutes_move_the_right_blocks() {
    let s = slice("v5e:2x2");
    let groups = vec![vec![0, 1], vec![3, 2]];
    let g = program(&[4, 2], |b, x| {
        vec![
            b.all_gather(x, 1, groups.clone()).unwrap(),
            b.reduce_scatter(x, ReduceKind::Sum, 0, groups.clone()).unwrap(),
            b.all_to_all(x, 0, 1, groups.clone()).unwrap(),
            b.collective_permute(x, vec![(0, 1), (1, 2), (2, 0)]).unwrap(),
        ]
    });
    let out = run(&s, &g).unwrap();
    let ins: Vec<Vec<f64>> = (0..4).map(|i| input(i, 8)).collect();
    let ins = &ins;
    let rows = |x: &[f64], r: std::ops::Range<usize>| x[r.start * 2..r.end * 2].to_vec();
    for (i, got) in out.iter().enumerate() {
        let group = if i < 2 { [0usize, 1] } else { [3, 2] };
        let pos = group.iter().position(|&r| r == i).unwrap();
        // all_gather along dim 1: each row is the members' rows side by side.
        let gathered: Vec<f64> =
            (0..4).flat_map(|r| group.iter().flat_map(move |&m| rows(&ins[m], r..r + 1))).collect();
        assert_eq!(got[0], gathered, "all_gather on chip {i}");
        // reduce_scatter along dim 0: block `pos` (2 of the 4 rows) of the group's sum.
        let sum = sum_f32(&[&ins[group[0]], &ins[group[1]]]);
        assert_eq!(got[1], rows(&sum, pos * 2..pos * 2 + 2), "reduce_scatter on chip {i}");
        // all_to_all: block `pos` of each member, concatenated along dim 1.
        let a2a: Vec<f64> =
            (0..2).flat_map(|r| group.iter().flat_map(move |&m| rows(&ins[m], pos * 2 + r..pos * 2 + r + 1))).collect();
        assert_eq!(got[2], a2a, "all_to_all on chip {i}");
    }
    assert_eq!(out[1][3], ins[0]);
    assert_eq!(out[2][3], ins[1]);
    assert_eq!(out[0][3], ins[2]);
    assert_eq!(out[3][3], vec![0.0; 8], "a chip no pair targets gets zeros");
}

#[test]
fn chips_meet_at_collectives_and_spend_the_ici_model_cycles() {
    let s = slice("v5e:2x4");
    let g = program(&[256, 256], |b, x| {
        let y = b.unary(Op::Exp, x).unwrap();
        let r = b.all_reduce(y, ReduceKind::Sum, vec![(0..8).collect()]).unwrap();
        vec![b.unary(Op::Tanh, r).unwrap()]
    });
    let p = s.compile(&g).unwrap();
    let c = &p.collectives()[0];
    assert_eq!(c.bytes, 256 * 256 * 4);
    let ring = s.slice().collective_cycles(Collective::AllReduce, c.bytes, &(0..8).collect::<Vec<_>>()).unwrap();
    assert_eq!(c.meetings, vec![((0..8).collect(), ring)]);
    assert!(ring > 0);

    // Chip 5 starts behind the others' clocks by a program the others do not run.
    let warm = program(&[64, 64], |b, x| vec![b.unary(Op::Exp, x).unwrap()]);
    let lone = s.chips()[5].compile(&warm).unwrap();
    let v = upload(&s.chips()[5], DType::F32, &[64, 64], &vec![0.5; 4096]);
    let before: Vec<u64> = s.chips().iter().map(|c| c.now_cycles()).collect();
    s.chips()[5].execute(&*lone, &[ExecInput::Tensor(v.clone())], &[v]).unwrap();
    let ahead = s.chips()[5].now_cycles() - before[5];
    assert!(ahead > 0);

    let marks: Vec<usize> = s.chips().iter().map(|c| c.start_profile()).collect();
    let starts: Vec<u64> = s.chips().iter().map(|c| c.now_cycles()).collect();
    run(&s, &g).unwrap();
    let ends: Vec<u64> = s.chips().iter().map(|c| c.now_cycles()).collect();
    assert!(ends.iter().all(|&e| e == ends[0]), "every chip ends at the same time: {ends:?}");
    for (i, chip) in s.chips().iter().enumerate() {
        let events = chip.stop_profile(marks[i]);
        let ici: Vec<_> = events.iter().filter(|e| e.bound == Bound::Ici).collect();
        assert_eq!(ici.len(), 1, "chip {i}");
        assert_eq!((ici[0].kernel.as_ref(), ici[0].cycles), ("all-reduce", ring));
        let idle: u64 = events.iter().filter(|e| e.bound == Bound::Idle).map(|e| e.cycles).sum();
        let latest = starts.iter().max().unwrap();
        assert_eq!(idle, latest - starts[i], "chip {i} waits for the latest chip");
        // Besides host transfers: the program's kernels, the wait and the collective.
        let on_chip: u64 = events.iter().filter(|e| e.bound != Bound::Host).map(|e| e.cycles).sum();
        assert_eq!(on_chip, p.executable().timing.cycles + idle + ring, "chip {i}");
    }
}

#[test]
fn identical_runs_give_identical_values_and_cycles() {
    let g = program(&[32, 8], |b, x| {
        let groups = vec![vec![0, 1, 2, 3]];
        let y = b.reduce_scatter(x, ReduceKind::Sum, 0, groups.clone()).unwrap();
        vec![b.all_gather(y, 0, groups).unwrap()]
    });
    let runs: Vec<(ChipOutputs, Vec<u64>)> = (0..2)
        .map(|_| {
            let s = slice("v5p:2x2");
            let out = run(&s, &g).unwrap();
            (out, s.chips().iter().map(|c| c.now_cycles()).collect())
        })
        .collect();
    assert_eq!(runs[0], runs[1]);
}

#[test]
fn groups_must_fit_the_slice() {
    let s = slice("v5e:2x2");
    let half = program(&[4], |b, x| vec![b.all_reduce(x, ReduceKind::Sum, vec![vec![0, 1]]).unwrap()]);
    let msg = s.compile(&half).unwrap_err().to_string();
    assert!(msg.contains("2 of the 4 replicas") && msg.contains("v5e 2x2"), "{msg}");
    let far = program(&[4], |b, x| vec![b.collective_permute(x, vec![(0, 7)]).unwrap()]);
    assert!(s.compile(&far).unwrap_err().to_string().contains("replica 7"));
}

#[test]
fn one_chip_alone_runs_only_collectives_of_itself() {
    let dev = crate::SimDevice::default();
    let own = program(&[4], |b, x| vec![b.all_reduce(x, ReduceKind::Sum, vec![vec![0]]).unwrap()]);
    let exe = dev.compile(&own).unwrap();
    let v = upload(&dev, DType::F32, &[4], &[1.0, 2.0, 3.0, 4.0]);
    let out = upload(&dev, DType::F32, &[4], &[0.0; 4]);
    dev.execute(&*exe, &[ExecInput::Tensor(v.clone())], std::slice::from_ref(&out)).unwrap();
    assert_eq!(download(&dev, &out), vec![1.0, 2.0, 3.0, 4.0]);

    let pair = program(&[4], |b, x| vec![b.all_reduce(x, ReduceKind::Sum, vec![vec![0, 1]]).unwrap()]);
    let msg = dev.compile(&pair).err().expect("two replicas on one chip").to_string();
    assert!(msg.contains("--topology"), "{msg}");
}

#[test]
fn a_failing_chip_stops_the_others_and_the_slice_stays_usable() {
    let s = slice("v5e:2x2");
    let g = program(&[4], |b, x| {
        let r = b.all_reduce(x, ReduceKind::Sum, vec![vec![0, 1, 2, 3]]).unwrap();
        let t = b.all_gather(r, 0, vec![vec![0, 1, 2, 3]]).unwrap();
        vec![t]
    });
    let p = s.compile(&g).unwrap();
    let good = |i: usize| {
        let chip = &s.chips()[i];
        (upload(chip, DType::F32, &[4], &[i as f64; 4]), upload(chip, DType::F32, &[16], &[0.0; 16]))
    };
    let mut inputs = Vec::new();
    let mut outputs = Vec::new();
    for i in 0..4 {
        let (x, o) = good(i);
        // Chip 2's input view claims more elements than its buffer holds.
        let x = if i == 2 { TensorView::contiguous(x.buffer, DType::F32, vec![4, 4]) } else { x };
        inputs.push(vec![ExecInput::Tensor(x)]);
        outputs.push(vec![o]);
    }
    let msg = s.execute(&p, &inputs, &outputs).unwrap_err().to_string();
    assert!(msg.starts_with("chip 2:"), "{msg}");
    inputs[2] = vec![ExecInput::Tensor(good(2).0)];
    s.execute(&p, &inputs, &outputs).unwrap();
    assert_eq!(download(&s.chips()[3], &outputs[3][0]), vec![6.0; 16]);
}

/// The collectives' costs and each chip's timeline (host transfers left out) of one run.
fn timeline(s: &SpmdSlice, g: &Graph) -> String {
    let p = s.compile(g).unwrap();
    let mut out = format!("slice {}\n", s.slice().describe());
    for c in p.collectives() {
        out.push_str(&format!("%{} {} {} bytes after kernel {}:", c.at.node, c.kind.name(), c.bytes, c.at.after));
        for (group, cycles) in &c.meetings {
            out.push_str(&format!(" {group:?}={cycles}"));
        }
        out.push('\n');
    }
    let marks: Vec<usize> = s.chips().iter().map(|c| c.start_profile()).collect();
    run(s, g).unwrap();
    for (i, chip) in s.chips().iter().enumerate() {
        out.push_str(&format!("chip {i}:"));
        for e in chip.stop_profile(marks[i]).iter().filter(|e| e.bound != Bound::Host) {
            out.push_str(&format!(" {}({})@{}+{}", e.kernel, e.bound, e.start, e.cycles));
        }
        out.push('\n');
    }
    out
}

#[test]
fn timeline_snapshot_of_a_sharded_step() {
    let s = slice("v5p:2x2x2");
    let all: Vec<u32> = (0..8).collect();
    let g = program(&[64, 128], |b, x| {
        let w = b.constant(tpudev_core::ir::Literal::Float(0.5), DType::F32, vec![128, 128]);
        let dims = tpudev_core::ir::DotDims {
            lhs_batch: vec![],
            rhs_batch: vec![],
            lhs_contract: vec![1],
            rhs_contract: vec![0],
            precision: tpudev_core::ir::Precision::Default,
        };
        let h = b.dot_general(x, w, dims).unwrap();
        let part = b.reduce_scatter(h, ReduceKind::Sum, 0, vec![all.clone()]).unwrap();
        let act = b.unary(Op::Tanh, part).unwrap();
        let full = b.all_gather(act, 0, vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]).unwrap();
        let ring: Vec<(u32, u32)> = (0..8).map(|i| (i, (i + 1) % 8)).collect();
        vec![b.collective_permute(full, ring).unwrap()]
    });
    insta::assert_snapshot!(timeline(&s, &g));
}
