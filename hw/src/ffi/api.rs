//! `PJRT_Api`: the function table a plugin's `GetPjrtApi` returns.
//!
//! Entries are in the C header's order; the table stops at `PJRT_Executable_OutputDimensions`,
//! the last one tpudev calls. Entries tpudev does not call are [`Slot`]s (never read). A plugin
//! may leave an entry null, so every entry is an `Option` and callers check it.

#![allow(missing_docs)]

use super::*;

/// A PJRT function taking one args struct and returning an owned error (null on success).
pub type Call<A> = Option<unsafe extern "C" fn(*mut A) -> *mut PjrtError>;

/// A function-table entry tpudev does not call.
pub type Slot = Option<unsafe extern "C" fn()>;

/// The prefix of `PJRT_Api` that tpudev reads.
#[repr(C)]
pub struct Api {
    /// The size of the plugin's whole table; it must cover this struct (checked at load).
    pub struct_size: usize,
    pub extension_start: *mut PjrtExtensionBase,
    pub pjrt_api_version: ApiVersion,
    /// 0: `PJRT_Error_Destroy`
    pub error_destroy: Option<unsafe extern "C" fn(*mut ErrorDestroyArgs)>,
    /// 1: `PJRT_Error_Message`
    pub error_message: Option<unsafe extern "C" fn(*mut ErrorMessageArgs)>,
    /// 2: `PJRT_Error_GetCode`
    pub error_get_code: Call<ErrorGetCodeArgs>,
    /// 3: `PJRT_Plugin_Initialize`
    pub plugin_initialize: Call<PluginInitializeArgs>,
    /// 4: `PJRT_Plugin_Attributes`
    pub plugin_attributes: Call<PluginAttributesArgs>,
    /// 5: `PJRT_Event_Destroy`
    pub event_destroy: Call<EventDestroyArgs>,
    /// 6: `PJRT_Event_IsReady`
    pub event_is_ready: Slot,
    /// 7: `PJRT_Event_Error`
    pub event_error: Call<EventErrorArgs>,
    /// 8: `PJRT_Event_Await`
    pub event_await: Call<EventAwaitArgs>,
    /// 9: `PJRT_Event_OnReady`
    pub event_on_ready: Slot,
    /// 10: `PJRT_Client_Create`
    pub client_create: Call<ClientCreateArgs>,
    /// 11: `PJRT_Client_Destroy`
    pub client_destroy: Call<ClientDestroyArgs>,
    /// 12: `PJRT_Client_PlatformName`
    pub client_platform_name: Call<ClientPlatformNameArgs>,
    /// 13: `PJRT_Client_ProcessIndex`
    pub client_process_index: Slot,
    /// 14: `PJRT_Client_PlatformVersion`
    pub client_platform_version: Call<ClientPlatformVersionArgs>,
    /// 15: `PJRT_Client_Devices`
    pub client_devices: Slot,
    /// 16: `PJRT_Client_AddressableDevices`
    pub client_addressable_devices: Call<ClientAddressableDevicesArgs>,
    /// 17: `PJRT_Client_LookupDevice`
    pub client_lookup_device: Slot,
    /// 18: `PJRT_Client_LookupAddressableDevice`
    pub client_lookup_addressable_device: Slot,
    /// 19: `PJRT_Client_AddressableMemories`
    pub client_addressable_memories: Slot,
    /// 20: `PJRT_Client_Compile`
    pub client_compile: Call<ClientCompileArgs>,
    /// 21: `PJRT_Client_DefaultDeviceAssignment`
    pub client_default_device_assignment: Slot,
    /// 22: `PJRT_Client_BufferFromHostBuffer`
    pub client_buffer_from_host_buffer: Call<ClientBufferFromHostBufferArgs>,
    /// 23: `PJRT_DeviceDescription_Id`
    pub device_description_id: Call<DeviceDescriptionIdArgs>,
    /// 24: `PJRT_DeviceDescription_ProcessIndex`
    pub device_description_process_index: Slot,
    /// 25: `PJRT_DeviceDescription_Attributes`
    pub device_description_attributes: Slot,
    /// 26: `PJRT_DeviceDescription_Kind`
    pub device_description_kind: Call<DeviceDescriptionKindArgs>,
    /// 27: `PJRT_DeviceDescription_DebugString`
    pub device_description_debug_string: Call<DeviceDescriptionDebugStringArgs>,
    /// 28: `PJRT_DeviceDescription_ToString`
    pub device_description_to_string: Slot,
    /// 29: `PJRT_Device_GetDescription`
    pub device_get_description: Call<DeviceGetDescriptionArgs>,
    /// 30: `PJRT_Device_IsAddressable`
    pub device_is_addressable: Slot,
    /// 31: `PJRT_Device_LocalHardwareId`
    pub device_local_hardware_id: Slot,
    /// 32: `PJRT_Device_AddressableMemories`
    pub device_addressable_memories: Slot,
    /// 33: `PJRT_Device_DefaultMemory`
    pub device_default_memory: Slot,
    /// 34: `PJRT_Device_MemoryStats`
    pub device_memory_stats: Slot,
    /// 35: `PJRT_Memory_Id`
    pub memory_id: Slot,
    /// 36: `PJRT_Memory_Kind`
    pub memory_kind: Slot,
    /// 37: `PJRT_Memory_DebugString`
    pub memory_debug_string: Slot,
    /// 38: `PJRT_Memory_ToString`
    pub memory_to_string: Slot,
    /// 39: `PJRT_Memory_AddressableByDevices`
    pub memory_addressable_by_devices: Slot,
    /// 40: `PJRT_Executable_Destroy`
    pub executable_destroy: Call<ExecutableDestroyArgs>,
    /// 41: `PJRT_Executable_Name`
    pub executable_name: Slot,
    /// 42: `PJRT_Executable_NumReplicas`
    pub executable_num_replicas: Slot,
    /// 43: `PJRT_Executable_NumPartitions`
    pub executable_num_partitions: Slot,
    /// 44: `PJRT_Executable_NumOutputs`
    pub executable_num_outputs: Call<ExecutableNumOutputsArgs>,
    /// 45: `PJRT_Executable_SizeOfGeneratedCodeInBytes`
    pub executable_size_of_generated_code_in_bytes: Slot,
    /// 46: `PJRT_Executable_GetCostAnalysis`
    pub executable_get_cost_analysis: Slot,
    /// 47: `PJRT_Executable_OutputMemoryKinds`
    pub executable_output_memory_kinds: Slot,
    /// 48: `PJRT_Executable_OptimizedProgram`
    pub executable_optimized_program: Slot,
    /// 49: `PJRT_Executable_Serialize`
    pub executable_serialize: Call<ExecutableSerializeArgs>,
    /// 50: `PJRT_LoadedExecutable_Destroy`
    pub loaded_executable_destroy: Call<LoadedExecutableDestroyArgs>,
    /// 51: `PJRT_LoadedExecutable_GetExecutable`
    pub loaded_executable_get_executable: Call<LoadedExecutableGetExecutableArgs>,
    /// 52: `PJRT_LoadedExecutable_AddressableDevices`
    pub loaded_executable_addressable_devices: Call<LoadedExecutableAddressableDevicesArgs>,
    /// 53: `PJRT_LoadedExecutable_Delete`
    pub loaded_executable_delete: Slot,
    /// 54: `PJRT_LoadedExecutable_IsDeleted`
    pub loaded_executable_is_deleted: Slot,
    /// 55: `PJRT_LoadedExecutable_Execute`
    pub loaded_executable_execute: Call<LoadedExecutableExecuteArgs>,
    /// 56: `PJRT_Executable_DeserializeAndLoad`
    pub executable_deserialize_and_load: Call<ExecutableDeserializeAndLoadArgs>,
    /// 57: `PJRT_LoadedExecutable_Fingerprint`
    pub loaded_executable_fingerprint: Slot,
    /// 58: `PJRT_Buffer_Destroy`
    pub buffer_destroy: Call<BufferDestroyArgs>,
    /// 59: `PJRT_Buffer_ElementType`
    pub buffer_element_type: Call<BufferElementTypeArgs>,
    /// 60: `PJRT_Buffer_Dimensions`
    pub buffer_dimensions: Call<BufferDimensionsArgs>,
    /// 61: `PJRT_Buffer_UnpaddedDimensions`
    pub buffer_unpadded_dimensions: Slot,
    /// 62: `PJRT_Buffer_DynamicDimensionIndices`
    pub buffer_dynamic_dimension_indices: Slot,
    /// 63: `PJRT_Buffer_GetMemoryLayout`
    pub buffer_get_memory_layout: Slot,
    /// 64: `PJRT_Buffer_OnDeviceSizeInBytes`
    pub buffer_on_device_size_in_bytes: Call<BufferOnDeviceSizeInBytesArgs>,
    /// 65: `PJRT_Buffer_Device`
    pub buffer_device: Call<BufferDeviceArgs>,
    /// 66: `PJRT_Buffer_Memory`
    pub buffer_memory: Slot,
    /// 67: `PJRT_Buffer_Delete`
    pub buffer_delete: Slot,
    /// 68: `PJRT_Buffer_IsDeleted`
    pub buffer_is_deleted: Slot,
    /// 69: `PJRT_Buffer_CopyToDevice`
    pub buffer_copy_to_device: Slot,
    /// 70: `PJRT_Buffer_ToHostBuffer`
    pub buffer_to_host_buffer: Call<BufferToHostBufferArgs>,
    /// 71: `PJRT_Buffer_IsOnCpu`
    pub buffer_is_on_cpu: Slot,
    /// 72: `PJRT_Buffer_ReadyEvent`
    pub buffer_ready_event: Slot,
    /// 73: `PJRT_Buffer_UnsafePointer`
    pub buffer_unsafe_pointer: Slot,
    /// 74: `PJRT_Buffer_IncreaseExternalReferenceCount`
    pub buffer_increase_external_reference_count: Slot,
    /// 75: `PJRT_Buffer_DecreaseExternalReferenceCount`
    pub buffer_decrease_external_reference_count: Slot,
    /// 76: `PJRT_Buffer_OpaqueDeviceMemoryDataPointer`
    pub buffer_opaque_device_memory_data_pointer: Slot,
    /// 77: `PJRT_CopyToDeviceStream_Destroy`
    pub copy_to_device_stream_destroy: Slot,
    /// 78: `PJRT_CopyToDeviceStream_AddChunk`
    pub copy_to_device_stream_add_chunk: Slot,
    /// 79: `PJRT_CopyToDeviceStream_TotalBytes`
    pub copy_to_device_stream_total_bytes: Slot,
    /// 80: `PJRT_CopyToDeviceStream_GranuleSize`
    pub copy_to_device_stream_granule_size: Slot,
    /// 81: `PJRT_CopyToDeviceStream_CurrentBytes`
    pub copy_to_device_stream_current_bytes: Slot,
    /// 82: `PJRT_TopologyDescription_Create`
    pub topology_description_create: Slot,
    /// 83: `PJRT_TopologyDescription_Destroy`
    pub topology_description_destroy: Slot,
    /// 84: `PJRT_TopologyDescription_PlatformName`
    pub topology_description_platform_name: Slot,
    /// 85: `PJRT_TopologyDescription_PlatformVersion`
    pub topology_description_platform_version: Slot,
    /// 86: `PJRT_TopologyDescription_GetDeviceDescriptions`
    pub topology_description_get_device_descriptions: Slot,
    /// 87: `PJRT_TopologyDescription_Serialize`
    pub topology_description_serialize: Slot,
    /// 88: `PJRT_TopologyDescription_Attributes`
    pub topology_description_attributes: Slot,
    /// 89: `PJRT_Compile`
    pub compile: Slot,
    /// 90: `PJRT_Executable_OutputElementTypes`
    pub executable_output_element_types: Call<ExecutableOutputElementTypesArgs>,
    /// 91: `PJRT_Executable_OutputDimensions`
    pub executable_output_dimensions: Call<ExecutableOutputDimensionsArgs>,
}
