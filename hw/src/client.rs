//! [`Client`]: a PJRT client (`PJRT_Client_Create` with no options), its platform and its
//! addressable devices. Buffers and executables keep their client alive.

use std::sync::Arc;

use crate::error::{HwError, Result};
use crate::ffi::{self, PjrtClient, PjrtDevice};
use crate::plugin::Plugin;
use crate::raw::{string_from, RawApi};

/// One addressable device of a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceInfo {
    /// Position in the client's addressable-device list (what tpudev calls the device index).
    pub index: usize,
    /// The plugin's global device id.
    pub id: i32,
    /// e.g. "cpu", "TPU v5 lite".
    pub kind: String,
    /// e.g. "TFRT_CPU_0".
    pub debug_string: String,
}

/// A PJRT client. Thread-safe (PJRT clients are), cheap to clone.
#[derive(Clone)]
pub struct Client {
    pub(crate) inner: Arc<ClientInner>,
}

pub(crate) struct ClientInner {
    pub(crate) plugin: Plugin,
    pub(crate) raw: *mut PjrtClient,
    pub(crate) devices: Vec<*mut PjrtDevice>,
    pub(crate) device_info: Vec<DeviceInfo>,
    platform_name: String,
    platform_version: String,
}

// SAFETY: PJRT clients may be used from any thread; device handles are owned by the client
// and immutable.
unsafe impl Send for ClientInner {}
unsafe impl Sync for ClientInner {}

impl Client {
    /// Creates a client with default options. libtpu on a machine without a TPU fails here
    /// with NOT_FOUND, which becomes [`HwError::NoTpu`].
    pub fn create(plugin: &Plugin) -> Result<Client> {
        let api = plugin.raw();
        // SAFETY: zeroed args (no options, no key-value store) with struct_size set.
        let raw = unsafe {
            let mut args: ffi::ClientCreateArgs = ffi::zeroed_args();
            api.call(api.table().client_create, "PJRT_Client_Create", &mut args).map_err(HwError::map_no_tpu)?;
            args.client
        };
        if raw.is_null() {
            return Err(HwError::invalid("PJRT_Client_Create returned no client"));
        }
        // From here on, dropping `inner` destroys the client, also on the error paths.
        let mut inner = ClientInner {
            plugin: plugin.clone(),
            raw,
            devices: Vec::new(),
            device_info: Vec::new(),
            platform_name: String::new(),
            platform_version: String::new(),
        };
        // SAFETY: `raw` is a live client; the strings and device list it returns are owned by it.
        unsafe {
            let mut name: ffi::ClientPlatformNameArgs = ffi::zeroed_args();
            name.client = raw;
            api.call(api.table().client_platform_name, "PJRT_Client_PlatformName", &mut name)?;
            inner.platform_name = string_from(name.platform_name, name.platform_name_size);

            let mut version: ffi::ClientPlatformVersionArgs = ffi::zeroed_args();
            version.client = raw;
            api.call(api.table().client_platform_version, "PJRT_Client_PlatformVersion", &mut version)?;
            inner.platform_version = string_from(version.platform_version, version.platform_version_size);

            let mut devices: ffi::ClientAddressableDevicesArgs = ffi::zeroed_args();
            devices.client = raw;
            api.call(api.table().client_addressable_devices, "PJRT_Client_AddressableDevices", &mut devices)?;
            if !devices.addressable_devices.is_null() {
                inner.devices =
                    std::slice::from_raw_parts(devices.addressable_devices, devices.num_addressable_devices).to_vec();
            }
            for (index, &device) in inner.devices.iter().enumerate() {
                let info = describe(api, index, device)?;
                inner.device_info.push(info);
            }
        }
        Ok(Client { inner: Arc::new(inner) })
    }

    pub fn plugin(&self) -> &Plugin {
        &self.inner.plugin
    }

    /// e.g. "cpu" or "tpu".
    pub fn platform_name(&self) -> &str {
        &self.inner.platform_name
    }

    /// Human-readable platform version (the libtpu version on a TPU VM).
    pub fn platform_version(&self) -> &str {
        &self.inner.platform_version
    }

    pub fn devices(&self) -> &[DeviceInfo] {
        &self.inner.device_info
    }

    pub(crate) fn api(&self) -> RawApi {
        self.inner.plugin.raw()
    }

    pub(crate) fn device_ptr(&self, index: usize) -> Result<*mut PjrtDevice> {
        self.inner.devices.get(index).copied().ok_or_else(|| {
            HwError::invalid(format!(
                "device index {index} is out of range: the client has {} devices",
                self.inner.devices.len()
            ))
        })
    }
}

unsafe fn describe(api: RawApi, index: usize, device: *mut PjrtDevice) -> Result<DeviceInfo> {
    let mut get: ffi::DeviceGetDescriptionArgs = ffi::zeroed_args();
    get.device = device;
    api.call(api.table().device_get_description, "PJRT_Device_GetDescription", &mut get)?;
    let description = get.device_description;

    let mut id: ffi::DeviceDescriptionIdArgs = ffi::zeroed_args();
    id.device_description = description;
    api.call(api.table().device_description_id, "PJRT_DeviceDescription_Id", &mut id)?;

    let mut kind: ffi::DeviceDescriptionKindArgs = ffi::zeroed_args();
    kind.device_description = description;
    api.call(api.table().device_description_kind, "PJRT_DeviceDescription_Kind", &mut kind)?;

    let mut debug: ffi::DeviceDescriptionDebugStringArgs = ffi::zeroed_args();
    debug.device_description = description;
    api.call(api.table().device_description_debug_string, "PJRT_DeviceDescription_DebugString", &mut debug)?;

    Ok(DeviceInfo {
        index,
        id: id.id,
        kind: string_from(kind.device_kind, kind.device_kind_size),
        debug_string: string_from(debug.debug_string, debug.debug_string_size),
    })
}

impl Drop for ClientInner {
    fn drop(&mut self) {
        let api = self.plugin.raw();
        // SAFETY: the client is live and every buffer and executable holding it is gone.
        unsafe {
            let mut args: ffi::ClientDestroyArgs = ffi::zeroed_args();
            args.client = self.raw;
            // An error while shutting down cannot be acted on; it is dropped.
            let _ = api.call(api.table().client_destroy, "PJRT_Client_Destroy", &mut args);
        }
    }
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("platform", &self.inner.platform_name)
            .field("devices", &self.inner.device_info.len())
            .finish()
    }
}
