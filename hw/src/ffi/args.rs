//! Argument structs of the PJRT functions tpudev calls, each with every field up to PJRT C API
//! 0.114 (see the module doc of `ffi` for why). Fields marked "out" are written by the plugin.

use std::ffi::{c_char, c_void};

use super::{
    BufferTypeRaw, ErrorCodeRaw, HostBufferSemanticsRaw, NamedValue, PjrtBuffer, PjrtClient, PjrtDevice,
    PjrtDeviceDescription, PjrtError, PjrtEvent, PjrtExecutable, PjrtExtensionBase, PjrtLoadedExecutable, PjrtMemory,
    PjrtSerializedExecutable, Reserved,
};

/// A callback slot we never fill (always null): only its size matters.
pub type UnusedCallback = Option<unsafe extern "C" fn()>;

/// Declares args structs: `struct_size` and `extension_start` first, then the given fields.
macro_rules! args_struct {
    ($($(#[$doc:meta])* $name:ident { $($(#[$fdoc:meta])* $field:ident: $ty:ty),* $(,)? })*) => {$(
        $(#[$doc])*
        #[repr(C)]
        pub struct $name {
            pub struct_size: usize,
            pub extension_start: *mut PjrtExtensionBase,
            $($(#[$fdoc])* pub $field: $ty,)*
        }
    )*};
}

args_struct! {
    // ----------------------------------- errors -----------------------------------
    ErrorDestroyArgs { error: *mut PjrtError }
    ErrorMessageArgs {
        error: *const PjrtError,
        /// out; lives as long as `error`.
        message: *const c_char,
        /// out
        message_size: usize,
    }
    ErrorGetCodeArgs { error: *const PjrtError, /** out */ code: ErrorCodeRaw }

    // ----------------------------------- plugin -----------------------------------
    PluginInitializeArgs {}
    PluginAttributesArgs {
        /// out; lives as long as the process.
        attributes: *const NamedValue,
        /// out
        num_attributes: usize,
    }

    // ----------------------------------- events -----------------------------------
    EventDestroyArgs { event: *mut PjrtEvent }
    EventAwaitArgs { event: *mut PjrtEvent }
    EventErrorArgs { event: *mut PjrtEvent }

    // ----------------------------------- client -----------------------------------
    ClientCreateArgs {
        create_options: *const NamedValue,
        num_options: usize,
        kv_get_callback: UnusedCallback,
        kv_get_user_arg: Reserved,
        kv_put_callback: UnusedCallback,
        kv_put_user_arg: Reserved,
        /// out
        client: *mut PjrtClient,
        kv_try_get_callback: UnusedCallback,
        kv_try_get_user_arg: Reserved,
    }
    ClientDestroyArgs { client: *mut PjrtClient }
    ClientPlatformNameArgs {
        client: *mut PjrtClient,
        /// out; owned by the client.
        platform_name: *const c_char,
        /// out
        platform_name_size: usize,
    }
    ClientPlatformVersionArgs {
        client: *mut PjrtClient,
        /// out; owned by the client.
        platform_version: *const c_char,
        /// out
        platform_version_size: usize,
    }
    ClientAddressableDevicesArgs {
        client: *mut PjrtClient,
        /// out; owned by the client.
        addressable_devices: *const *mut PjrtDevice,
        /// out
        num_addressable_devices: usize,
    }

    // ----------------------------------- devices ----------------------------------
    DeviceGetDescriptionArgs { device: *mut PjrtDevice, /** out */ device_description: *mut PjrtDeviceDescription }
    DeviceDescriptionIdArgs { device_description: *mut PjrtDeviceDescription, /** out */ id: i32 }
    DeviceDescriptionKindArgs {
        device_description: *mut PjrtDeviceDescription,
        /// out
        device_kind: *const c_char,
        /// out
        device_kind_size: usize,
    }
    DeviceDescriptionDebugStringArgs {
        device_description: *mut PjrtDeviceDescription,
        /// out
        debug_string: *const c_char,
        /// out
        debug_string_size: usize,
    }

    // ---------------------------------- compiling ---------------------------------
    /// `PJRT_Program`: the code and its format ("mlir" for StableHLO text or bytecode, "hlo").
    Program { code: *const c_char, code_size: usize, format: *const c_char, format_size: usize }
    ClientCompileArgs {
        client: *mut PjrtClient,
        program: *const Program,
        /// A serialized `xla.CompileOptionsProto`.
        compile_options: *const c_char,
        compile_options_size: usize,
        /// out
        executable: *mut PjrtLoadedExecutable,
    }

    // --------------------------------- executables --------------------------------
    LoadedExecutableDestroyArgs { executable: *mut PjrtLoadedExecutable }
    LoadedExecutableGetExecutableArgs {
        loaded_executable: *mut PjrtLoadedExecutable,
        /// out; destroyed with `PJRT_Executable_Destroy`.
        executable: *mut PjrtExecutable,
    }
    LoadedExecutableAddressableDevicesArgs {
        executable: *mut PjrtLoadedExecutable,
        /// out; owned by the executable, in replica order (then partition order).
        addressable_devices: *const *mut PjrtDevice,
        /// out
        num_addressable_devices: usize,
    }
    ExecutableDestroyArgs { executable: *mut PjrtExecutable }
    ExecutableNumOutputsArgs { executable: *mut PjrtExecutable, /** out */ num_outputs: usize }
    ExecutableOutputElementTypesArgs {
        executable: *mut PjrtExecutable,
        /// out; owned by the executable.
        output_types: *const BufferTypeRaw,
        /// out
        num_output_types: usize,
    }
    ExecutableOutputDimensionsArgs {
        executable: *mut PjrtExecutable,
        /// out
        num_outputs: usize,
        /// out: the dims of all outputs, concatenated; owned by the executable.
        dims: *const i64,
        /// out: the rank of each output.
        dim_sizes: *const usize,
    }
    ExecutableSerializeArgs {
        executable: *const PjrtExecutable,
        /// out; backed by `serialized_executable`.
        serialized_bytes: *const c_char,
        /// out
        serialized_bytes_size: usize,
        /// out: free with `serialized_executable_deleter`.
        serialized_executable: *mut PjrtSerializedExecutable,
        /// out
        serialized_executable_deleter: Option<unsafe extern "C" fn(*mut PjrtSerializedExecutable)>,
    }
    ExecutableDeserializeAndLoadArgs {
        client: *mut PjrtClient,
        serialized_executable: *const c_char,
        serialized_executable_size: usize,
        /// out
        loaded_executable: *mut PjrtLoadedExecutable,
        overridden_serialized_compile_options: *const c_char,
        overridden_serialized_compile_options_size: usize,
        load_options: Reserved,
    }
    /// `PJRT_ExecuteOptions`.
    ExecuteOptions {
        send_callbacks: Reserved,
        recv_callbacks: Reserved,
        num_send_ops: usize,
        num_recv_ops: usize,
        launch_id: i32,
        /// Inputs the executable must not donate (reuse as output memory).
        non_donatable_input_indices: *const i64,
        num_non_donatable_input_indices: usize,
        context: Reserved,
        call_location: *const c_char,
        num_tasks: usize,
        task_ids: *mut i32,
        incarnation_ids: *mut i64,
        multi_slice_config: Reserved,
        use_major_to_minor_data_layout_for_callbacks: bool,
        hlo_output_callbacks: Reserved,
        num_hlo_output_callbacks: usize,
    }
    LoadedExecutableExecuteArgs {
        executable: *mut PjrtLoadedExecutable,
        options: *mut ExecuteOptions,
        /// `[num_devices][num_args]` input buffers.
        argument_lists: *const *const *mut PjrtBuffer,
        num_devices: usize,
        num_args: usize,
        /// in/out: `[num_devices][num_outputs]`, filled by the plugin.
        output_lists: *const *mut *mut PjrtBuffer,
        /// in/out: `[num_devices]` completion events, or null to not receive them.
        device_complete_events: *mut *mut PjrtEvent,
        /// For a single-device program compiled for no particular device: where to run it.
        execute_device: *mut PjrtDevice,
    }

    // ----------------------------------- buffers ----------------------------------
    BufferDeviceArgs {
        buffer: *mut PjrtBuffer,
        /// out; owned by the client.
        device: *mut PjrtDevice,
    }
    ClientBufferFromHostBufferArgs {
        client: *mut PjrtClient,
        data: *const c_void,
        kind: BufferTypeRaw,
        dims: *const i64,
        num_dims: usize,
        /// Null for a dense row-major host array.
        byte_strides: *const i64,
        num_byte_strides: usize,
        host_buffer_semantics: HostBufferSemanticsRaw,
        device: *mut PjrtDevice,
        memory: *mut PjrtMemory,
        device_layout: Reserved,
        /// out: fires when the host memory may be reused.
        done_with_host_buffer: *mut PjrtEvent,
        /// out
        buffer: *mut PjrtBuffer,
    }
    BufferToHostBufferArgs {
        src: *mut PjrtBuffer,
        /// Null for a dense row-major host array.
        host_layout: Reserved,
        /// Null to query the size needed (written to `dst_size`).
        dst: *mut c_void,
        dst_size: usize,
        /// out: fires when `dst` is filled.
        event: *mut PjrtEvent,
    }
    BufferDestroyArgs { buffer: *mut PjrtBuffer }
    BufferElementTypeArgs { buffer: *mut PjrtBuffer, /** out */ kind: BufferTypeRaw }
    BufferDimensionsArgs {
        buffer: *mut PjrtBuffer,
        /// out; owned by the buffer.
        dims: *const i64,
        /// out
        num_dims: usize,
    }
    BufferOnDeviceSizeInBytesArgs { buffer: *mut PjrtBuffer, /** out */ on_device_size_in_bytes: usize }
}
