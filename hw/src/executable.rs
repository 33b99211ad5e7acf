//! [`Executable`]: a program compiled by the plugin (`PJRT_Client_Compile`), its outputs'
//! types and shapes, execution on device-resident inputs, and serialization for the cache.

use std::sync::Arc;

use crate::buffer::Buffer;
use crate::client::Client;
use crate::error::{HwError, Result};
use crate::ffi::{self, BufferTypeRaw, PjrtBuffer, PjrtEvent, PjrtExecutable, PjrtLoadedExecutable};

/// A serialized `xla.CompileOptionsProto`, encoded by hand:
/// `executable_build_options (field 3) { device_ordinal (1) = -1, num_replicas (4) = 1,
/// num_partitions (5) = 1 }`. Without options the XLA CPU plugin aborts the process (replica
/// count 0), so every compile passes these.
pub const COMPILE_OPTIONS: [u8; 17] =
    [0x1a, 0x0f, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x20, 0x01, 0x28, 0x01];

/// A compiled program on one client. Thread-safe: XLA executables may be executed from
/// several threads at once, and tpudev never mutates one after compiling it.
pub struct Executable {
    client: Client,
    loaded: *mut PjrtLoadedExecutable,
    /// From `PJRT_LoadedExecutable_GetExecutable`, destroyed with it; used for queries.
    exe: *mut PjrtExecutable,
    num_outputs: usize,
}

// SAFETY: see the type's doc.
unsafe impl Send for Executable {}
unsafe impl Sync for Executable {}

/// The element type and dimensions of one output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputSpec {
    pub element_type: BufferTypeRaw,
    pub dims: Vec<i64>,
}

impl Executable {
    /// Compiles StableHLO (MLIR text or bytecode). A compile error is returned with the
    /// plugin's message unchanged.
    pub fn compile_mlir(client: &Client, mlir: &str) -> Result<Executable> {
        Executable::compile(client, mlir.as_bytes(), "mlir")
    }

    /// Compiles code in a PJRT program format ("mlir" or "hlo").
    pub fn compile(client: &Client, code: &[u8], format: &str) -> Result<Executable> {
        let api = client.api();
        // SAFETY: `program`, `code`, `format` and the options outlive the call.
        let loaded = unsafe {
            let mut program: ffi::Program = ffi::zeroed_args();
            program.code = code.as_ptr().cast();
            program.code_size = code.len();
            program.format = format.as_ptr().cast();
            program.format_size = format.len();
            let mut args: ffi::ClientCompileArgs = ffi::zeroed_args();
            args.client = client.inner.raw;
            args.program = &program;
            args.compile_options = COMPILE_OPTIONS.as_ptr().cast();
            args.compile_options_size = COMPILE_OPTIONS.len();
            api.call(api.table().client_compile, "PJRT_Client_Compile", &mut args)?;
            args.executable
        };
        // SAFETY: fresh executable that we own.
        unsafe { Executable::from_loaded(client, loaded) }
    }

    /// Loads an executable written by [`Executable::serialize`] (same plugin and version).
    pub fn deserialize(client: &Client, bytes: &[u8]) -> Result<Executable> {
        let api = client.api();
        // SAFETY: `bytes` outlives the call.
        let loaded = unsafe {
            let mut args: ffi::ExecutableDeserializeAndLoadArgs = ffi::zeroed_args();
            args.client = client.inner.raw;
            args.serialized_executable = bytes.as_ptr().cast();
            args.serialized_executable_size = bytes.len();
            api.call(api.table().executable_deserialize_and_load, "PJRT_Executable_DeserializeAndLoad", &mut args)?;
            args.loaded_executable
        };
        // SAFETY: fresh executable that we own.
        unsafe { Executable::from_loaded(client, loaded) }
    }

    unsafe fn from_loaded(client: &Client, loaded: *mut PjrtLoadedExecutable) -> Result<Executable> {
        if loaded.is_null() {
            return Err(HwError::invalid("the PJRT plugin returned no executable"));
        }
        let api = client.api();
        let mut exe = Executable { client: client.clone(), loaded, exe: std::ptr::null_mut(), num_outputs: 0 };
        let mut get: ffi::LoadedExecutableGetExecutableArgs = ffi::zeroed_args();
        get.loaded_executable = loaded;
        api.call(api.table().loaded_executable_get_executable, "PJRT_LoadedExecutable_GetExecutable", &mut get)?;
        exe.exe = get.executable;
        let mut num: ffi::ExecutableNumOutputsArgs = ffi::zeroed_args();
        num.executable = exe.exe;
        api.call(api.table().executable_num_outputs, "PJRT_Executable_NumOutputs", &mut num)?;
        exe.num_outputs = num.num_outputs;
        Ok(exe)
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    pub fn num_outputs(&self) -> usize {
        self.num_outputs
    }

    /// Element types and dimensions of the outputs, in order.
    pub fn output_specs(&self) -> Result<Vec<OutputSpec>> {
        let api = self.client.api();
        // SAFETY: the arrays returned are owned by the executable and copied at once.
        unsafe {
            let mut types: ffi::ExecutableOutputElementTypesArgs = ffi::zeroed_args();
            types.executable = self.exe;
            api.call(api.table().executable_output_element_types, "PJRT_Executable_OutputElementTypes", &mut types)?;
            let mut dims: ffi::ExecutableOutputDimensionsArgs = ffi::zeroed_args();
            dims.executable = self.exe;
            api.call(api.table().executable_output_dimensions, "PJRT_Executable_OutputDimensions", &mut dims)?;
            if types.num_output_types != dims.num_outputs
                || (dims.num_outputs > 0 && (types.output_types.is_null() || dims.dim_sizes.is_null()))
            {
                return Err(HwError::invalid("the PJRT plugin described its outputs inconsistently"));
            }
            let kinds = slice(types.output_types, types.num_output_types);
            let ranks = slice(dims.dim_sizes, dims.num_outputs);
            let total: usize = ranks.iter().sum();
            let all_dims = slice(dims.dims, total);
            let mut specs = Vec::with_capacity(kinds.len());
            let mut at = 0;
            for (kind, rank) in kinds.iter().zip(ranks) {
                specs.push(OutputSpec { element_type: *kind, dims: all_dims[at..at + rank].to_vec() });
                at += rank;
            }
            Ok(specs)
        }
    }

    /// Runs the program on its device with `inputs` (borrowed: they stay valid and can be
    /// passed again) and returns its outputs once the execution has finished.
    pub fn execute(&self, inputs: &[&Buffer]) -> Result<Vec<Buffer>> {
        for (i, input) in inputs.iter().enumerate() {
            if !Arc::ptr_eq(&input.client().inner, &self.client.inner) {
                return Err(HwError::invalid(format!("input {i} belongs to another PJRT client")));
            }
        }
        let api = self.client.api();
        let args_list: Vec<*mut PjrtBuffer> = inputs.iter().map(|b| b.raw()).collect();
        let arg_lists: [*const *mut PjrtBuffer; 1] = [args_list.as_ptr()];
        let mut outputs: Vec<*mut PjrtBuffer> = vec![std::ptr::null_mut(); self.num_outputs];
        let output_lists: [*mut *mut PjrtBuffer; 1] = [outputs.as_mut_ptr()];
        let mut events: [*mut PjrtEvent; 1] = [std::ptr::null_mut()];
        // Inputs are borrowed: the program must not reuse their memory for outputs.
        let non_donatable: Vec<i64> = (0..inputs.len() as i64).collect();
        // SAFETY: every array outlives the call; the plugin fills `outputs` and `events`.
        unsafe {
            let mut options: ffi::ExecuteOptions = ffi::zeroed_args();
            options.non_donatable_input_indices = non_donatable.as_ptr();
            options.num_non_donatable_input_indices = non_donatable.len();
            let mut args: ffi::LoadedExecutableExecuteArgs = ffi::zeroed_args();
            args.executable = self.loaded;
            args.options = &mut options;
            args.argument_lists = arg_lists.as_ptr();
            args.num_devices = 1;
            args.num_args = inputs.len();
            args.output_lists = output_lists.as_ptr();
            args.device_complete_events = events.as_mut_ptr();
            let called = api.call(api.table().loaded_executable_execute, "PJRT_LoadedExecutable_Execute", &mut args);
            // Own whatever outputs the plugin produced before looking at errors, so that
            // nothing leaks on the error paths.
            let owned: Vec<Buffer> =
                outputs.iter().filter(|p| !p.is_null()).map(|&p| Buffer::from_raw(&self.client, p)).collect();
            if let Err(e) = called {
                api.destroy_event(events[0]);
                return Err(e);
            }
            api.await_and_destroy(events[0])?;
            if owned.len() != self.num_outputs {
                return Err(HwError::invalid(format!(
                    "the PJRT plugin returned {} of {} outputs",
                    owned.len(),
                    self.num_outputs
                )));
            }
            Ok(owned)
        }
    }

    /// The executable in the plugin's own serialized form, for a persistent cache.
    pub fn serialize(&self) -> Result<Vec<u8>> {
        let api = self.client.api();
        // SAFETY: the bytes are copied before the plugin's backing object is freed.
        unsafe {
            let mut args: ffi::ExecutableSerializeArgs = ffi::zeroed_args();
            args.executable = self.exe;
            api.call(api.table().executable_serialize, "PJRT_Executable_Serialize", &mut args)?;
            let bytes = slice(args.serialized_bytes as *const u8, args.serialized_bytes_size).to_vec();
            if let (Some(deleter), false) = (args.serialized_executable_deleter, args.serialized_executable.is_null()) {
                deleter(args.serialized_executable);
            }
            Ok(bytes)
        }
    }
}

/// A slice from a plugin-owned (pointer, length); empty for null.
unsafe fn slice<'a, T>(ptr: *const T, len: usize) -> &'a [T] {
    if ptr.is_null() || len == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(ptr, len)
    }
}

impl Drop for Executable {
    fn drop(&mut self) {
        let api = self.client.api();
        // SAFETY: we own both handles; errors on destruction are ignored.
        unsafe {
            if !self.exe.is_null() {
                let mut args: ffi::ExecutableDestroyArgs = ffi::zeroed_args();
                args.executable = self.exe;
                let _ = api.call(api.table().executable_destroy, "PJRT_Executable_Destroy", &mut args);
            }
            let mut args: ffi::LoadedExecutableDestroyArgs = ffi::zeroed_args();
            args.executable = self.loaded;
            let _ = api.call(api.table().loaded_executable_destroy, "PJRT_LoadedExecutable_Destroy", &mut args);
        }
    }
}

impl std::fmt::Debug for Executable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Executable").field("num_outputs", &self.num_outputs).finish()
    }
}
