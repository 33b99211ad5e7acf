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
/// count 0), so every compile passes these ([`compile_options`]`(1)`).
pub const COMPILE_OPTIONS: [u8; 17] =
    [0x1a, 0x0f, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x20, 0x01, 0x28, 0x01];

/// [`COMPILE_OPTIONS`] with `num_replicas` replicas of one partition each: `{ device_ordinal
/// = -1, num_replicas = N, num_partitions = 1 }`, no device assignment (the plugin assigns
/// replica i to its i-th device). `compile_options(1) == COMPILE_OPTIONS`.
pub fn compile_options(num_replicas: usize) -> Vec<u8> {
    let mut build = vec![0x08];
    varint(&mut build, u64::MAX); // device_ordinal = -1 (an int64 varint of ten bytes)
    build.push(0x20);
    varint(&mut build, num_replicas as u64);
    build.extend([0x28, 0x01]);
    let mut out = vec![0x1a];
    varint(&mut out, build.len() as u64);
    out.extend(build);
    out
}

/// Appends a protobuf base-128 varint.
fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

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
        Executable::compile_with_options(client, code, format, &COMPILE_OPTIONS)
    }

    /// Compiles StableHLO for `num_replicas` replicas of one partition (an SPMD program whose
    /// collectives name replicas 0..N-1, `mhlo.num_replicas = N`). Replica i runs on device
    /// `replica_devices()[i]`; run it with [`Executable::execute_replicated`]. The client
    /// needs at least N devices (for the XLA CPU plugin: [`crate::XLA_CPU_DEVICE_COUNT`]).
    pub fn compile_mlir_replicated(client: &Client, mlir: &str, num_replicas: usize) -> Result<Executable> {
        if num_replicas == 0 {
            return Err(HwError::invalid("a program needs at least one replica"));
        }
        Executable::compile_with_options(client, mlir.as_bytes(), "mlir", &compile_options(num_replicas))
    }

    fn compile_with_options(client: &Client, code: &[u8], format: &str, options: &[u8]) -> Result<Executable> {
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
            args.compile_options = options.as_ptr().cast();
            args.compile_options_size = options.len();
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
        let lists = [inputs.to_vec()];
        let num_args = self.check_argument_lists(&lists)?;
        let mut outputs = self.execute_on(&lists, num_args)?;
        Ok(outputs.pop().unwrap_or_default())
    }

    /// The client's device index (into `client().devices()`) of each replica (then partition)
    /// the program runs on, in order: one device for a program compiled for one replica.
    pub fn replica_devices(&self) -> Result<Vec<usize>> {
        let api = self.client.api();
        // SAFETY: the device array is owned by the executable and copied at once.
        let raw = unsafe {
            let mut args: ffi::LoadedExecutableAddressableDevicesArgs = ffi::zeroed_args();
            args.executable = self.loaded;
            api.call(
                api.table().loaded_executable_addressable_devices,
                "PJRT_LoadedExecutable_AddressableDevices",
                &mut args,
            )?;
            slice(args.addressable_devices, args.num_addressable_devices).to_vec()
        };
        raw.iter().map(|&d| self.client.device_index(d)).collect()
    }

    /// Runs a program compiled for N replicas ([`Executable::compile_mlir_replicated`]) on
    /// every replica at once: `inputs[i]` are replica i's arguments, each on device
    /// `replica_devices()[i]` (see [`Buffer::from_host`]). Returns each replica's outputs,
    /// on its device, once every replica has finished. Inputs are borrowed, as for
    /// [`Executable::execute`].
    ///
    /// Inputs on the wrong device are refused before anything runs: XLA would start the other
    /// replicas, which then wait at their first collective for the one that failed until XLA
    /// aborts the process (after 40 s with the CPU plugin).
    pub fn execute_replicated(&self, inputs: &[Vec<&Buffer>]) -> Result<Vec<Vec<Buffer>>> {
        let devices = self.replica_devices()?;
        if inputs.len() != devices.len() {
            return Err(HwError::invalid(format!(
                "the program runs on {} devices and was given {} argument lists",
                devices.len(),
                inputs.len()
            )));
        }
        let num_args = self.check_argument_lists(inputs)?;
        for (r, (list, &device)) in inputs.iter().zip(&devices).enumerate() {
            for (i, input) in list.iter().enumerate() {
                let on = input.device()?;
                if on != device {
                    return Err(HwError::invalid(format!(
                        "input {i} of replica {r} is on device {on}, but replica {r} runs on device {device}"
                    )));
                }
            }
        }
        self.execute_on(inputs, num_args)
    }

    /// Every device has as many arguments, all of this client; returns how many.
    fn check_argument_lists(&self, inputs: &[Vec<&Buffer>]) -> Result<usize> {
        let num_args = inputs.first().map_or(0, Vec::len);
        if inputs.is_empty() {
            return Err(HwError::invalid("execute needs an argument list for at least one device"));
        }
        for (d, list) in inputs.iter().enumerate() {
            if list.len() != num_args {
                return Err(HwError::invalid(format!(
                    "device {d} has {} arguments and device 0 has {num_args}: every device takes the same arguments",
                    list.len()
                )));
            }
            for (i, input) in list.iter().enumerate() {
                if !Arc::ptr_eq(&input.client().inner, &self.client.inner) {
                    let which =
                        if inputs.len() == 1 { format!("input {i}") } else { format!("input {i} of device {d}") };
                    return Err(HwError::invalid(format!("{which} belongs to another PJRT client")));
                }
            }
        }
        Ok(num_args)
    }

    /// `PJRT_LoadedExecutable_Execute` with one argument list per device, each of `num_args`
    /// buffers (as `check_argument_lists` found).
    fn execute_on(&self, inputs: &[Vec<&Buffer>], num_args: usize) -> Result<Vec<Vec<Buffer>>> {
        let api = self.client.api();
        let n = inputs.len();
        let args_lists: Vec<Vec<*mut PjrtBuffer>> =
            inputs.iter().map(|list| list.iter().map(|b| b.raw()).collect()).collect();
        let arg_ptrs: Vec<*const *mut PjrtBuffer> = args_lists.iter().map(|l| l.as_ptr()).collect();
        let mut outputs: Vec<Vec<*mut PjrtBuffer>> = vec![vec![std::ptr::null_mut(); self.num_outputs]; n];
        let output_ptrs: Vec<*mut *mut PjrtBuffer> = outputs.iter_mut().map(|l| l.as_mut_ptr()).collect();
        let mut events: Vec<*mut PjrtEvent> = vec![std::ptr::null_mut(); n];
        // Inputs are borrowed: the program must not reuse their memory for outputs.
        let non_donatable: Vec<i64> = (0..num_args as i64).collect();
        // SAFETY: every array outlives the call; the plugin fills `outputs` and `events`.
        unsafe {
            let mut options: ffi::ExecuteOptions = ffi::zeroed_args();
            options.non_donatable_input_indices = non_donatable.as_ptr();
            options.num_non_donatable_input_indices = non_donatable.len();
            let mut args: ffi::LoadedExecutableExecuteArgs = ffi::zeroed_args();
            args.executable = self.loaded;
            args.options = &mut options;
            args.argument_lists = arg_ptrs.as_ptr();
            args.num_devices = n;
            args.num_args = num_args;
            args.output_lists = output_ptrs.as_ptr();
            args.device_complete_events = events.as_mut_ptr();
            let called = api.call(api.table().loaded_executable_execute, "PJRT_LoadedExecutable_Execute", &mut args);
            // Own whatever outputs the plugin produced before looking at errors, so that
            // nothing leaks on the error paths.
            let owned: Vec<Vec<Buffer>> = outputs
                .iter()
                .map(|l| l.iter().filter(|p| !p.is_null()).map(|&p| Buffer::from_raw(&self.client, p)).collect())
                .collect();
            if let Err(e) = called {
                for &event in &events {
                    api.destroy_event(event);
                }
                return Err(e);
            }
            // Await every event (freeing each) and report the first error.
            let mut first_error = None;
            for &event in &events {
                if let Err(e) = api.await_and_destroy(event) {
                    first_error.get_or_insert(e);
                }
            }
            if let Some(e) = first_error {
                return Err(e);
            }
            if let Some(short) = owned.iter().find(|l| l.len() != self.num_outputs) {
                return Err(HwError::invalid(format!(
                    "the PJRT plugin returned {} of {} outputs",
                    short.len(),
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
