//! [`Client`]: a PJRT client (`PJRT_Client_Create`, with no options or with the plugin's own
//! create options), its platform and its addressable devices. Buffers and executables keep
//! their client alive.

use std::sync::Arc;

use crate::error::{HwError, Result};
use crate::ffi::{self, PjrtClient, PjrtDevice};
use crate::plugin::{AttributeValue, Plugin};
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

/// The XLA CPU plugin's client create option for its number of CPU devices (an
/// [`AttributeValue::Int`]; the plugin makes 4 without it). A program compiled for N replicas
/// needs at least N devices.
pub const XLA_CPU_DEVICE_COUNT: &str = "cpu_device_count";

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
        Client::create_with_options::<&str>(plugin, &[])
    }

    /// Creates a client with the plugin's own create options (`PJRT_NamedValue`s), e.g.
    /// `(XLA_CPU_DEVICE_COUNT, AttributeValue::Int(8))` for the XLA CPU plugin. A plugin
    /// ignores names it does not know; a value of the wrong type is the plugin's error.
    pub fn create_with_options<S: AsRef<str>>(plugin: &Plugin, options: &[(S, AttributeValue)]) -> Result<Client> {
        let api = plugin.raw();
        // The names, strings and lists the NamedValues point into live in `options`.
        let named: Vec<ffi::NamedValue> =
            options.iter().map(|(name, value)| named_value(name.as_ref(), value)).collect();
        // SAFETY: zeroed args (no key-value store) with struct_size set; `named` and what it
        // points to outlive the call.
        let raw = unsafe {
            let mut args: ffi::ClientCreateArgs = ffi::zeroed_args();
            if !named.is_empty() {
                args.create_options = named.as_ptr();
                args.num_options = named.len();
            }
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

    /// The index of a device handle the plugin returned.
    pub(crate) fn device_index(&self, device: *mut PjrtDevice) -> Result<usize> {
        self.inner
            .devices
            .iter()
            .position(|&d| d == device)
            .ok_or_else(|| HwError::invalid("the PJRT plugin named a device that is not among the client's devices"))
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

/// A `PJRT_NamedValue` pointing into `name` and `value`, which must outlive its use.
fn named_value(name: &str, value: &AttributeValue) -> ffi::NamedValue {
    let (kind, value, value_size) = match value {
        AttributeValue::String(v) => {
            (ffi::NAMED_VALUE_STRING, ffi::NamedValueValue { string_value: v.as_ptr().cast() }, v.len())
        }
        AttributeValue::Int(v) => (ffi::NAMED_VALUE_INT64, ffi::NamedValueValue { int64_value: *v }, 1),
        AttributeValue::IntList(v) => {
            (ffi::NAMED_VALUE_INT64_LIST, ffi::NamedValueValue { int64_array_value: v.as_ptr() }, v.len())
        }
        AttributeValue::Float(v) => (ffi::NAMED_VALUE_FLOAT, ffi::NamedValueValue { float_value: *v }, 1),
        AttributeValue::Bool(v) => (ffi::NAMED_VALUE_BOOL, ffi::NamedValueValue { bool_value: *v }, 1),
    };
    ffi::NamedValue {
        struct_size: std::mem::size_of::<ffi::NamedValue>(),
        extension_start: std::ptr::null_mut(),
        name: name.as_ptr().cast(),
        name_size: name.len(),
        kind,
        value,
        value_size,
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
