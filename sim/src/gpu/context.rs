//! The process's wgpu device: found once, on first use, and shared by every `SimDevice`
//! (a GPU serves all simulated chips; what they compute never mixes, because every program
//! run owns its buffers). Compiled pipelines are cached by their WGSL source, which the code
//! generators specialize to shapes, so a program's second run compiles nothing.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tpudev_core::{Error, Result};

/// Threads per workgroup of the one-dimensional kernels.
pub const WORKGROUP: u32 = 256;

pub struct GpuContext {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub limits: wgpu::Limits,
    /// "llvmpipe (LLVM 15.0.6, 256 bits) (Vulkan, Cpu)", for logs and `torch.tpu` queries.
    pub adapter: String,
    /// Whether the adapter is a software rasterizer (lavapipe): fine for correctness, never a
    /// performance figure.
    pub software: bool,
    pipelines: Mutex<HashMap<String, Arc<wgpu::ComputePipeline>>>,
}

impl std::fmt::Debug for GpuContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuContext").field("adapter", &self.adapter).finish()
    }
}

static CONTEXT: OnceLock<std::result::Result<GpuContext, String>> = OnceLock::new();

/// The shared GPU context, or why there is none (no adapter, no Vulkan driver).
pub fn global() -> Result<&'static GpuContext> {
    CONTEXT.get_or_init(open).as_ref().map_err(|why| Error::invalid(why.clone()))
}

/// Whether a GPU adapter can be opened (opens it on first call).
pub fn available() -> bool {
    global().is_ok()
}

fn open() -> std::result::Result<GpuContext, String> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: wgpu::Backends::VULKAN | wgpu::Backends::METAL | wgpu::Backends::DX12,
        ..wgpu::InstanceDescriptor::new_without_display_handle()
    });
    let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::HighPerformance,
        ..Default::default()
    }))
    .map_err(|e| {
        format!(
            "no GPU adapter for TPUDEV_SIM_EXEC=gpu: {e}. Install a Vulkan driver (Debian/Ubuntu: \
             apt-get install mesa-vulkan-drivers libvulkan1 gives the software device lavapipe), \
             or set TPUDEV_SIM_EXEC=cpu (or auto, which falls back to the CPU)"
        )
    })?;
    let info = adapter.get_info();
    let limits = adapter.limits();
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: Some("tpudev-sim"),
        required_limits: limits.clone(),
        ..Default::default()
    }))
    .map_err(|e| format!("could not open the GPU {}: {e}", info.name))?;
    Ok(GpuContext {
        device,
        queue,
        limits,
        adapter: format!("{} ({:?}, {:?})", info.name, info.backend, info.device_type),
        software: info.device_type == wgpu::DeviceType::Cpu,
        pipelines: Mutex::new(HashMap::new()),
    })
}

impl GpuContext {
    /// The compute pipeline of `source` (entry point `main`), compiled on first use.
    pub fn pipeline(&self, source: &str) -> Result<Arc<wgpu::ComputePipeline>> {
        let mut cache = self.pipelines.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = cache.get(source) {
            return Ok(p.clone());
        }
        let scope = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let module = self.device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(source.into()),
        });
        let pipeline = self.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: None,
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(Error::internal(format!("a generated GPU kernel does not compile: {e}\n{source}")));
        }
        let p = Arc::new(pipeline);
        cache.insert(source.to_string(), p.clone());
        Ok(p)
    }

    /// Whether the pipeline of `source` is compiled already.
    pub fn is_compiled(&self, source: &str) -> bool {
        self.pipelines.lock().unwrap_or_else(|e| e.into_inner()).contains_key(source)
    }

    /// The largest buffer one kernel binding may see.
    pub fn max_binding_bytes(&self) -> u64 {
        self.limits.max_storage_buffer_binding_size.min(self.limits.max_buffer_size)
    }

    /// Storage buffers one kernel may bind.
    pub fn max_bindings(&self) -> usize {
        self.limits.max_storage_buffers_per_shader_stage as usize
    }
}
