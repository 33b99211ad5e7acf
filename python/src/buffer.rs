//! `Buffer`: a Python handle that owns one device buffer. The glue hangs it on the tensor's
//! storage object, so the buffer lives exactly as long as PyTorch's StorageImpl.

use pyo3::prelude::*;
use tpudev_core::BufferId;

use crate::runtime::runtime_if_started;

#[pyclass(module = "torch_tpudev._C", frozen)]
pub struct Buffer {
    #[pyo3(get)]
    pub addr: BufferId,
    #[pyo3(get)]
    pub nbytes: usize,
    /// The device index of the chip that holds it (`tpu:<chip>`).
    #[pyo3(get)]
    pub chip: u32,
}

impl Drop for Buffer {
    fn drop(&mut self) {
        if let Some(chip) = runtime_if_started().and_then(|rt| rt.started_chip(self.chip)) {
            chip.dispatcher.free(self.addr);
        }
    }
}

#[pymethods]
impl Buffer {
    fn __repr__(&self) -> String {
        format!("Buffer(addr={:#x}, nbytes={}, tpu:{})", self.addr, self.nbytes, self.chip)
    }
}
