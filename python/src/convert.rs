//! Python values -> runtime `Arg`s. Tensors become strided views of their storage's device
//! buffer; zero-dim CPU tensors (PyTorch's wrapped numbers) become numbers, as CUDA allows.

use std::sync::OnceLock;

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyComplex, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};
use tpudev_core::lower::Arg;
use tpudev_core::shape::numel;
use tpudev_core::{DType, TensorView};

/// PyTorch objects the converter recognizes, handed over once by the Python package.
pub struct TorchTypes {
    pub tensor: Py<PyType>,
    /// torch dtypes in `DType::ALL` order.
    pub dtypes: Vec<Py<PyAny>>,
}

static TORCH: OnceLock<TorchTypes> = OnceLock::new();

pub fn set_torch_types(types: TorchTypes) {
    let _ = TORCH.set(types);
}

fn torch() -> PyResult<&'static TorchTypes> {
    TORCH.get().ok_or_else(|| PyRuntimeError::new_err("torch_tpudev._C.init() was not called"))
}

pub fn dtype_of(obj: &Bound<'_, PyAny>) -> PyResult<DType> {
    let t = torch()?;
    for (i, d) in t.dtypes.iter().enumerate() {
        if d.as_ptr() == obj.as_ptr() {
            return Ok(DType::ALL[i]);
        }
    }
    let name = obj.str()?.to_string();
    let why = match name.as_str() {
        "torch.complex128" => " (TPUs have no complex128: XLA's TPU backend has no c128; use torch.complex64)",
        "torch.complex32" => " (TPUs have no complex32; use torch.complex64)",
        _ => "",
    };
    let supported: Vec<&str> = DType::ALL.iter().map(|d| d.torch_name()).collect();
    Err(PyTypeError::new_err(format!(
        "dtype {name} is not supported on the tpu device{why} (supported: {})",
        supported.join(", ")
    )))
}

pub fn torch_dtype(py: Python<'_>, d: DType) -> PyResult<Py<PyAny>> {
    let t = torch()?;
    let i = DType::ALL.iter().position(|&x| x == d).unwrap_or(0);
    Ok(t.dtypes[i].clone_ref(py))
}

pub fn is_tensor(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    obj.is_instance(torch()?.tensor.bind(obj.py()))
}

fn device_type(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    let py = obj.py();
    obj.getattr(intern!(py, "device"))?.getattr(intern!(py, "type"))?.extract()
}

fn mixed_devices(op: &str, other: &str) -> PyErr {
    PyRuntimeError::new_err(format!(
        "Expected all tensors to be on the same device, but found at least two devices, tpu:0 \
         and {other}! (when checking arguments for aten::{op}). Move the {other} tensor to the \
         tpu with .to(\"tpu\"), or the tpu tensor to the {other} with .to(\"{other}\")."
    ))
}

/// The strided view of a tpu tensor. `op` names the call for error messages.
pub fn tensor_view(op: &str, obj: &Bound<'_, PyAny>) -> PyResult<TensorView> {
    if obj.getattr(intern!(obj.py(), "is_cpu"))?.extract::<bool>()? {
        return Err(mixed_devices(op, "cpu"));
    }
    device_view(op, obj)
}

/// The view of a tensor known not to be on the CPU. Only the hot path's cheapest questions
/// are asked: a tensor of another accelerator (or meta) is caught by `foreign_device` when its
/// data pointer turns out not to be a tpu buffer.
fn device_view(op: &str, obj: &Bound<'_, PyAny>) -> PyResult<TensorView> {
    let py = obj.py();
    let dtype = dtype_of(&obj.getattr(intern!(py, "dtype"))?)?;
    let shape: Vec<usize> = obj.getattr(intern!(py, "shape"))?.extract()?;
    let strides: Vec<isize> = obj.call_method0(intern!(py, "stride"))?.extract()?;
    let offset: usize = obj.call_method0(intern!(py, "storage_offset"))?.extract()?;
    let buffer = if numel(&shape) == 0 {
        // No buffer is read, so the device must be asked directly.
        if let Some(err) = foreign_device(op, obj) {
            return Err(err);
        }
        0
    } else {
        match obj.call_method0(intern!(py, "data_ptr")) {
            Ok(ptr) => ptr.extract::<u64>()? - (offset * dtype.size_bytes()) as u64,
            Err(e) => return Err(foreign_device(op, obj).unwrap_or(e)),
        }
    };
    Ok(TensorView { buffer, offset, shape, strides, dtype })
}

/// The mixed-devices error for a tensor that is not on the tpu, if it is not.
pub fn foreign_device(op: &str, obj: &Bound<'_, PyAny>) -> Option<PyErr> {
    match device_type(obj) {
        Ok(dev) if dev != "tpu" => Some(mixed_devices(op, &dev)),
        _ => None,
    }
}

/// After the device reported an unknown buffer: the mixed-devices error of the first argument
/// (tensors, or lists of them) that is not on the tpu, if that is the cause.
pub fn first_foreign(op: &str, objs: &Bound<'_, PyTuple>) -> Option<PyErr> {
    objs.iter().find_map(|o| {
        if let Ok(seq) = o.cast::<PyList>() {
            return seq.iter().find_map(|i| foreign_tensor(op, &i));
        }
        if let Ok(seq) = o.cast::<PyTuple>() {
            return first_foreign(op, seq);
        }
        foreign_tensor(op, &o)
    })
}

fn foreign_tensor(op: &str, obj: &Bound<'_, PyAny>) -> Option<PyErr> {
    if is_tensor(obj).unwrap_or(false) {
        foreign_device(op, obj)
    } else {
        None
    }
}

/// A tensor argument: a tpu view, or a number for a zero-dim CPU tensor.
fn tensor_arg(op: &str, obj: &Bound<'_, PyAny>) -> PyResult<Arg> {
    let py = obj.py();
    if obj.getattr(intern!(py, "is_cpu"))?.extract::<bool>()? {
        if obj.call_method0(intern!(py, "dim"))?.extract::<usize>()? == 0 {
            return number_arg(&obj.call_method0(intern!(py, "item"))?);
        }
        return Err(mixed_devices(op, "cpu"));
    }
    Ok(Arg::Tensor(device_view(op, obj)?))
}

fn number_arg(obj: &Bound<'_, PyAny>) -> PyResult<Arg> {
    if obj.is_instance_of::<PyBool>() {
        Ok(Arg::Bool(obj.extract()?))
    } else if obj.is_instance_of::<PyInt>() {
        Ok(Arg::Int(obj.extract()?))
    } else {
        Ok(Arg::Float(obj.extract()?))
    }
}

fn list_arg(op: &str, items: Vec<Bound<'_, PyAny>>) -> PyResult<Arg> {
    let first = items.iter().find(|o| !o.is_none());
    let Some(first) = first else {
        return Ok(if items.is_empty() { Arg::IntList(vec![]) } else { Arg::TensorList(vec![None; items.len()]) });
    };
    if is_tensor(first)? {
        let list = items
            .iter()
            .map(|o| if o.is_none() { Ok(None) } else { tensor_view(op, o).map(Some) })
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Arg::TensorList(list));
    }
    if first.is_instance_of::<PyBool>() {
        return Ok(Arg::BoolList(items.iter().map(|o| o.extract()).collect::<PyResult<_>>()?));
    }
    if items.iter().all(|o| o.is_instance_of::<PyInt>()) {
        return Ok(Arg::IntList(items.iter().map(|o| o.extract()).collect::<PyResult<_>>()?));
    }
    if items.iter().any(|o| o.is_instance_of::<PyFloat>()) {
        return Ok(Arg::FloatList(items.iter().map(|o| o.extract()).collect::<PyResult<_>>()?));
    }
    // int[] given as a list of SymInt-like objects or 0-dim tensors.
    Ok(Arg::IntList(items.iter().map(|o| o.call_method0("__index__")?.extract()).collect::<PyResult<_>>()?))
}

pub fn to_arg(op: &str, obj: &Bound<'_, PyAny>) -> PyResult<Arg> {
    if obj.is_none() {
        return Ok(Arg::None);
    }
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyFloat>() {
        return number_arg(obj);
    }
    if let Ok(c) = obj.cast::<PyComplex>() {
        return Ok(Arg::Complex(c.real(), c.imag()));
    }
    if is_tensor(obj)? {
        return tensor_arg(op, obj);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Arg::Str(s.to_str()?.to_owned()));
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return list_arg(op, l.iter().collect());
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return list_arg(op, t.iter().collect());
    }
    if obj.get_type().name()?.to_str()? == "dtype" {
        // An unsupported dtype (complex, uint64, ...) is an error, never silently ignored.
        return dtype_of(obj).map(Arg::DType);
    }
    // Devices, layouts, memory formats and generators do not affect the computation.
    Ok(Arg::None)
}
