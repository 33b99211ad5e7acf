//! Sizes and field offsets of the FFI structs, as the C layout rules give them on 64-bit
//! targets for the PJRT C API 0.114 definitions. A failure means a field was added, dropped or
//! retyped by mistake: the plugin would read garbage or reject the struct.

use std::mem::{offset_of, size_of};

use super::*;

macro_rules! layout {
    ($ty:ty, $size:expr $(, $field:ident @ $offset:expr)*) => {{
        assert_eq!(size_of::<$ty>(), $size, "size of {}", stringify!($ty));
        $(assert_eq!(offset_of!($ty, $field), $offset, "offset of {}.{}", stringify!($ty), stringify!($field));)*
    }};
}

#[test]
fn error_and_plugin_structs() {
    layout!(ErrorDestroyArgs, 24, error @ 16);
    layout!(ErrorMessageArgs, 40, error @ 16, message @ 24, message_size @ 32);
    layout!(ErrorGetCodeArgs, 32, code @ 24);
    layout!(PluginInitializeArgs, 16);
    layout!(PluginAttributesArgs, 32, attributes @ 16, num_attributes @ 24);
    layout!(NamedValue, 56, name @ 16, name_size @ 24, kind @ 32, value @ 40, value_size @ 48);
    layout!(ApiVersion, 24, major_version @ 16, minor_version @ 20);
}

#[test]
fn event_and_client_structs() {
    layout!(EventDestroyArgs, 24, event @ 16);
    layout!(EventAwaitArgs, 24, event @ 16);
    layout!(EventErrorArgs, 24, event @ 16);
    layout!(ClientCreateArgs, 88, create_options @ 16, client @ 64, kv_try_get_user_arg @ 80);
    layout!(ClientDestroyArgs, 24, client @ 16);
    layout!(ClientPlatformNameArgs, 40, platform_name @ 24, platform_name_size @ 32);
    layout!(ClientPlatformVersionArgs, 40, platform_version @ 24);
    layout!(ClientAddressableDevicesArgs, 40, addressable_devices @ 24, num_addressable_devices @ 32);
    layout!(DeviceGetDescriptionArgs, 32, device_description @ 24);
    layout!(DeviceDescriptionIdArgs, 32, id @ 24);
    layout!(DeviceDescriptionKindArgs, 40, device_kind @ 24);
    layout!(DeviceDescriptionDebugStringArgs, 40, debug_string_size @ 32);
}

#[test]
fn executable_structs() {
    layout!(Program, 48, code @ 16, format @ 32, format_size @ 40);
    layout!(ClientCompileArgs, 56, program @ 24, compile_options @ 32, executable @ 48);
    layout!(LoadedExecutableDestroyArgs, 24, executable @ 16);
    layout!(LoadedExecutableGetExecutableArgs, 32, executable @ 24);
    layout!(BufferDeviceArgs, 32, buffer @ 16, device @ 24);
    layout!(LoadedExecutableAddressableDevicesArgs, 40, addressable_devices @ 24, num_addressable_devices @ 32);
    layout!(ExecutableDestroyArgs, 24);
    layout!(ExecutableNumOutputsArgs, 32, num_outputs @ 24);
    layout!(ExecutableOutputElementTypesArgs, 40, output_types @ 24, num_output_types @ 32);
    layout!(ExecutableOutputDimensionsArgs, 48, num_outputs @ 24, dims @ 32, dim_sizes @ 40);
    layout!(ExecutableSerializeArgs, 56, serialized_bytes @ 24, serialized_executable_deleter @ 48);
    layout!(ExecutableDeserializeAndLoadArgs, 72, loaded_executable @ 40, load_options @ 64);
    layout!(
        ExecuteOptions,
        144,
        launch_id @ 48,
        non_donatable_input_indices @ 56,
        num_non_donatable_input_indices @ 64,
        call_location @ 80,
        use_major_to_minor_data_layout_for_callbacks @ 120,
        hlo_output_callbacks @ 128,
        num_hlo_output_callbacks @ 136
    );
    layout!(LoadedExecutableExecuteArgs, 80, options @ 24, num_args @ 48, device_complete_events @ 64, execute_device @ 72);
}

#[test]
fn buffer_structs() {
    layout!(
        ClientBufferFromHostBufferArgs,
        120,
        data @ 24,
        kind @ 32,
        dims @ 40,
        host_buffer_semantics @ 72,
        device @ 80,
        done_with_host_buffer @ 104,
        buffer @ 112
    );
    layout!(BufferToHostBufferArgs, 56, dst @ 32, dst_size @ 40, event @ 48);
    layout!(BufferDestroyArgs, 24);
    layout!(BufferElementTypeArgs, 32, kind @ 24);
    layout!(BufferDimensionsArgs, 40, dims @ 24, num_dims @ 32);
    layout!(BufferOnDeviceSizeInBytesArgs, 32, on_device_size_in_bytes @ 24);
}

#[test]
fn function_table_order() {
    layout!(
        Api,
        776,
        pjrt_api_version @ 16,
        error_destroy @ 40,
        plugin_initialize @ 64,
        client_create @ 120,
        client_compile @ 200,
        client_buffer_from_host_buffer @ 216,
        device_get_description @ 272,
        executable_num_outputs @ 392,
        executable_serialize @ 432,
        loaded_executable_execute @ 480,
        executable_deserialize_and_load @ 488,
        buffer_destroy @ 504,
        buffer_to_host_buffer @ 600,
        executable_output_element_types @ 760,
        executable_output_dimensions @ 768
    );
}

#[test]
fn zeroed_args_sets_struct_size() {
    let args: ClientCreateArgs = unsafe { zeroed_args() };
    assert_eq!(args.struct_size, 88);
    assert!(args.client.is_null());
}
