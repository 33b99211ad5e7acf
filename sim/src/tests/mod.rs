//! Tests that run graphs end to end on a `SimDevice`, one file per op family, and the helpers
//! they share.

mod async_exec;
mod device_io;
mod dot_conv;
mod elementwise;
mod fusion;
mod gather;
mod passes;
mod reduce;
mod rng;
mod shape_ops;

use std::sync::Arc;

use tpudev_core::device::{ExecInput, Executable, TensorView};
use tpudev_core::ir::{Graph, GraphBuilder, NodeId, TensorType};
use tpudev_core::{DType, Device};

use crate::exec::{view_io, Value};
use crate::SimDevice;

/// One runtime input of a test graph.
#[derive(Clone, Debug)]
pub enum In {
    T(DType, Vec<usize>, Vec<f64>),
    Scalar(f64),
    Rng(i64, i64),
}

pub fn t(dtype: DType, shape: &[usize], xs: &[f64]) -> In {
    In::T(dtype, shape.to_vec(), xs.to_vec())
}

/// Counting numbers 0, 1, 2, ... of a shape, as f64.
pub fn iota(n: usize) -> Vec<f64> {
    (0..n).map(|i| i as f64).collect()
}

/// A deterministic pseudo-random sequence in [-1, 1).
pub fn noise(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        })
        .collect()
}

pub fn device() -> SimDevice {
    SimDevice::default()
}

/// Allocates and fills a contiguous buffer holding `xs` as `dtype`.
pub fn upload(dev: &SimDevice, dtype: DType, shape: &[usize], xs: &[f64]) -> TensorView {
    let v = Value::from_f64s(dtype, shape, xs);
    let view = TensorView::contiguous(0, dtype, shape.to_vec());
    let mut bytes = vec![0u8; v.numel() * dtype.size_bytes()];
    view_io::store(&v, &mut bytes, &view).unwrap();
    let id = dev.alloc(bytes.len()).unwrap();
    dev.write_bytes(id, 0, &bytes).unwrap();
    TensorView { buffer: id, ..view }
}

/// Reads a view back as f64 numbers.
pub fn download(dev: &SimDevice, view: &TensorView) -> Vec<f64> {
    if view.numel() == 0 {
        return vec![];
    }
    let hi: isize = view.offset as isize
        + view.shape.iter().zip(&view.strides).map(|(&d, &s)| (d as isize - 1) * s.max(0)).sum::<isize>();
    let mut bytes = vec![0u8; (hi as usize + 1) * view.dtype.size_bytes()];
    dev.read_bytes(view.buffer, 0, &mut bytes).unwrap();
    view_io::load(&bytes, view).to_f64s()
}

pub fn bind(dev: &SimDevice, inputs: &[In]) -> Vec<ExecInput> {
    inputs
        .iter()
        .map(|i| match i {
            In::T(d, s, xs) => ExecInput::Tensor(upload(dev, *d, s, xs)),
            In::Scalar(x) => ExecInput::HostScalar(*x),
            In::Rng(s, o) => ExecInput::RngState([*s, *o]),
        })
        .collect()
}

pub fn compile(dev: &SimDevice, g: &Graph) -> Arc<dyn Executable> {
    dev.compile(g).unwrap()
}

/// Runs `g` on fresh buffers and returns each output as f64s (in the graph's dtypes).
pub fn try_run(g: &Graph, inputs: &[In]) -> tpudev_core::Result<Vec<Vec<f64>>> {
    let dev = device();
    let exe = dev.compile(g)?;
    let ins = bind(&dev, inputs);
    let outs: Vec<TensorView> = g
        .output_types()
        .iter()
        .map(|ty| {
            let id = dev.alloc(ty.size_bytes()).unwrap();
            TensorView::contiguous(id, ty.dtype, ty.shape.clone())
        })
        .collect();
    dev.execute(exe.as_ref(), &ins, &outs)?;
    Ok(outs.iter().map(|v| download(&dev, v)).collect())
}

pub fn run(g: &Graph, inputs: &[In]) -> Vec<Vec<f64>> {
    try_run(g, inputs).unwrap()
}

/// Builds a graph whose params are tensors of the given types, with `f` adding the body.
pub fn graph(params: &[(DType, &[usize])], f: impl FnOnce(&mut GraphBuilder, &[NodeId]) -> Vec<NodeId>) -> Graph {
    let mut b = GraphBuilder::new();
    let ps: Vec<NodeId> = params.iter().map(|(d, s)| b.param(TensorType::new(*d, s.to_vec()))).collect();
    let outs = f(&mut b, &ps);
    b.finish(outs)
}

/// Runs a one-output graph.
pub fn run1(g: &Graph, inputs: &[In]) -> Vec<f64> {
    run(g, inputs).remove(0)
}

pub fn assert_close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "lengths differ");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let ok = (g - w).abs() <= tol * (1.0 + w.abs()) || (g.is_nan() && w.is_nan()) || g == w;
        assert!(ok, "element {i}: got {g}, want {w} (tolerance {tol})\n got: {got:?}\nwant: {want:?}");
    }
}
