//! [`Buffer`]: one PJRT device buffer, created from host bytes and read back whole. PJRT
//! buffers cannot be read from the host in place or sub-allocated: the only ways in and out
//! are whole-buffer transfers.

use tpudev_core::dtype::DType;

use crate::client::Client;
use crate::dtype::{from_pjrt, pjrt_name, to_pjrt};
use crate::error::{HwError, Result};
use crate::ffi::{self, PjrtBuffer};

/// A device buffer. Thread-safe (PJRT buffers are); destroyed on drop.
pub struct Buffer {
    client: Client,
    raw: *mut PjrtBuffer,
}

// SAFETY: PJRT buffers may be used and destroyed from any thread.
unsafe impl Send for Buffer {}
unsafe impl Sync for Buffer {}

impl Buffer {
    /// Copies a dense row-major host array to device `device` (an index into
    /// `client.devices()`). Returns once the host bytes are no longer needed.
    pub fn from_host(client: &Client, bytes: &[u8], dtype: DType, dims: &[usize], device: usize) -> Result<Buffer> {
        let numel: usize = dims.iter().product();
        let expected = numel * dtype.size_bytes();
        if bytes.len() != expected {
            return Err(HwError::invalid(format!(
                "a {dtype} buffer of shape {dims:?} needs {expected} bytes, got {}",
                bytes.len()
            )));
        }
        let device = client.device_ptr(device)?;
        let dims_i64: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
        let api = client.api();
        // SAFETY: `bytes` and `dims_i64` outlive the call and the transfer (we await the
        // done-with-host event before returning).
        unsafe {
            let mut args: ffi::ClientBufferFromHostBufferArgs = ffi::zeroed_args();
            args.client = client.inner.raw;
            args.data = bytes.as_ptr().cast();
            args.kind = to_pjrt(dtype);
            args.dims = dims_i64.as_ptr();
            args.num_dims = dims_i64.len();
            args.host_buffer_semantics = ffi::HOST_BUFFER_IMMUTABLE_UNTIL_TRANSFER_COMPLETES;
            args.device = device;
            api.call(api.table().client_buffer_from_host_buffer, "PJRT_Client_BufferFromHostBuffer", &mut args)?;
            if args.buffer.is_null() {
                api.destroy_event(args.done_with_host_buffer);
                return Err(HwError::invalid("PJRT_Client_BufferFromHostBuffer returned no buffer"));
            }
            let buffer = Buffer { client: client.clone(), raw: args.buffer };
            api.await_and_destroy(args.done_with_host_buffer)?;
            Ok(buffer)
        }
    }

    /// Wraps a buffer the plugin returned (an execute output).
    ///
    /// # Safety
    /// `raw` is a live buffer of `client` that nothing else owns.
    pub(crate) unsafe fn from_raw(client: &Client, raw: *mut PjrtBuffer) -> Buffer {
        Buffer { client: client.clone(), raw }
    }

    pub(crate) fn raw(&self) -> *mut PjrtBuffer {
        self.raw
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Copies the whole buffer to the host as a dense row-major array.
    pub fn to_host(&self) -> Result<Vec<u8>> {
        let mut out = vec![0u8; self.host_size()?];
        self.read_into(&mut out)?;
        Ok(out)
    }

    /// Copies the whole buffer into `out`, which must be exactly its host size.
    pub fn to_host_into(&self, out: &mut [u8]) -> Result<()> {
        let size = self.host_size()?;
        if out.len() != size {
            return Err(HwError::invalid(format!(
                "reading a device buffer of {size} bytes into a host buffer of {} bytes",
                out.len()
            )));
        }
        self.read_into(out)
    }

    /// Bytes of the buffer as a dense host array.
    pub fn host_size(&self) -> Result<usize> {
        let api = self.client.api();
        // SAFETY: a null destination only asks for the size.
        unsafe {
            let mut args: ffi::BufferToHostBufferArgs = ffi::zeroed_args();
            args.src = self.raw;
            api.call(api.table().buffer_to_host_buffer, "PJRT_Buffer_ToHostBuffer", &mut args)?;
            api.destroy_event(args.event);
            Ok(args.dst_size)
        }
    }

    fn read_into(&self, out: &mut [u8]) -> Result<()> {
        let api = self.client.api();
        // SAFETY: `out` has the buffer's host size and stays borrowed until the event fires.
        unsafe {
            let mut args: ffi::BufferToHostBufferArgs = ffi::zeroed_args();
            args.src = self.raw;
            args.dst = out.as_mut_ptr().cast();
            args.dst_size = out.len();
            api.call(api.table().buffer_to_host_buffer, "PJRT_Buffer_ToHostBuffer", &mut args)?;
            api.await_and_destroy(args.event)
        }
    }

    /// The index (into `client().devices()`) of the device the buffer lives on.
    pub fn device(&self) -> Result<usize> {
        let api = self.client.api();
        // SAFETY: live buffer, zeroed args; the device is owned by the client.
        let device = unsafe {
            let mut args: ffi::BufferDeviceArgs = ffi::zeroed_args();
            args.buffer = self.raw;
            api.call(api.table().buffer_device, "PJRT_Buffer_Device", &mut args)?;
            args.device
        };
        self.client.device_index(device)
    }

    /// The raw PJRT element type (`PJRT_Buffer_Type`).
    pub fn element_type_raw(&self) -> Result<i32> {
        let api = self.client.api();
        // SAFETY: live buffer, zeroed args.
        unsafe {
            let mut args: ffi::BufferElementTypeArgs = ffi::zeroed_args();
            args.buffer = self.raw;
            api.call(api.table().buffer_element_type, "PJRT_Buffer_ElementType", &mut args)?;
            Ok(args.kind)
        }
    }

    /// The tpudev dtype of the buffer's elements.
    pub fn dtype(&self) -> Result<DType> {
        let kind = self.element_type_raw()?;
        from_pjrt(kind).ok_or_else(|| {
            HwError::invalid(format!("buffer has element type {}, which tpudev does not have", pjrt_name(kind)))
        })
    }

    pub fn dims(&self) -> Result<Vec<usize>> {
        let api = self.client.api();
        // SAFETY: live buffer; the dims array is owned by it and copied at once.
        unsafe {
            let mut args: ffi::BufferDimensionsArgs = ffi::zeroed_args();
            args.buffer = self.raw;
            api.call(api.table().buffer_dimensions, "PJRT_Buffer_Dimensions", &mut args)?;
            if args.dims.is_null() {
                return Ok(Vec::new());
            }
            Ok(std::slice::from_raw_parts(args.dims, args.num_dims).iter().map(|&d| d as usize).collect())
        }
    }

    /// Bytes the buffer takes on the device (may include padding for the device layout).
    pub fn on_device_size(&self) -> Result<usize> {
        let api = self.client.api();
        // SAFETY: live buffer, zeroed args.
        unsafe {
            let mut args: ffi::BufferOnDeviceSizeInBytesArgs = ffi::zeroed_args();
            args.buffer = self.raw;
            api.call(api.table().buffer_on_device_size_in_bytes, "PJRT_Buffer_OnDeviceSizeInBytes", &mut args)?;
            Ok(args.on_device_size_in_bytes)
        }
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        let api = self.client.api();
        // SAFETY: we own the buffer; its client is alive (we hold it).
        unsafe {
            let mut args: ffi::BufferDestroyArgs = ffi::zeroed_args();
            args.buffer = self.raw;
            let _ = api.call(api.table().buffer_destroy, "PJRT_Buffer_Destroy", &mut args);
        }
    }
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Buffer").field("dims", &self.dims().ok()).field("dtype", &self.dtype().ok()).finish()
    }
}
