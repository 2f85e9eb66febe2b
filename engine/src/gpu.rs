//! The wgpu device: one type that opens it headless or for a window surface,
//! and the `gpu | cpu` backend choice of the tools.
//!
//! wgpu's usual environment variables are honoured: `WGPU_BACKEND` (e.g.
//! `vulkan`, `gl`), `WGPU_ADAPTER_NAME` (a substring of the adapter name),
//! `WGPU_POWER_PREF` (`low`, `high`, `none`) and the instance flags
//! (`WGPU_DEBUG`, `WGPU_VALIDATION`).

use std::fmt;
use std::str::FromStr;

/// Environment variable: `off` opens the device without timestamp queries
/// (GPU scopes then time nothing and the overlay says so).
pub const GPU_TIMING_ENV: &str = "ARTIFICER_GPU_TIMING";

/// What to do when no adapter exists, named in every "no adapter" error.
pub const NO_ADAPTER_FIX: &str =
    "install a Vulkan driver; on Debian: `apt-get install mesa-vulkan-drivers` (lavapipe, a software GPU)";

/// Environment variable that lets GPU tests skip (with a printed message) when no adapter exists.
pub const ALLOW_NO_GPU_ENV: &str = "ARTIFICER_ALLOW_NO_GPU";

/// Why a device could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum GpuError {
    /// wgpu found no adapter at all (or none compatible with the surface).
    #[error("no GPU adapter found ({detail}); fix: {fix}", fix = NO_ADAPTER_FIX)]
    NoAdapter {
        /// What wgpu said, plus the backends that were searched.
        detail: String,
    },
    /// `WGPU_ADAPTER_NAME` named an adapter that does not exist.
    #[error("WGPU_ADAPTER_NAME={wanted:?} matches no adapter; available: {available}")]
    AdapterNotFound {
        /// The requested name (a case-insensitive substring).
        wanted: String,
        /// Names of the adapters that were found.
        available: String,
    },
    /// The adapter refused the device (features or limits).
    #[error("adapter {adapter:?} refused the device: {source}")]
    RequestDevice {
        /// Adapter name.
        adapter: String,
        /// wgpu's reason.
        source: wgpu::RequestDeviceError,
    },
}

/// Which implementation of the compute core runs: the WGSL passes or their
/// CPU twins, or `Auto` to let [`choose`] decide from the adapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Backend {
    /// Decided when the core is made ([`choose`]): the CPU passes on a
    /// software adapter (or none), the GPU passes on a real GPU.
    #[default]
    Auto,
    /// WGSL compute passes on the wgpu device.
    Gpu,
    /// The CPU passes (on the threads of the current rayon pool; the
    /// single-threaded twins are their reference).
    Cpu,
}

impl Backend {
    /// The name used on the command line and in JSON reports.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Auto => "auto",
            Backend::Gpu => "gpu",
            Backend::Cpu => "cpu",
        }
    }
}

/// The backend a core runs on and why, for the overlay and every JSON report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackendChoice {
    /// What was asked for (`auto` by default).
    pub requested: Backend,
    /// What runs: [`Backend::Gpu`] or [`Backend::Cpu`], never `Auto`.
    pub backend: Backend,
    /// One line on why.
    pub reason: String,
}

/// Resolves `requested` against the device `ctx` (if one is open).
///
/// `auto` decides by the adapter's device type, not by timing both at start:
/// on a software rasteriser (wgpu's `DeviceType::Cpu`, lavapipe or WARP)
/// the compute shaders run on the same cores as the CPU passes, with a
/// driver and a read-back in between, and measured 4-5x slower than the
/// CPU passes at every size (stress, 2 cores: 20k/1k 7.4 ms against 2.7 ms);
/// on a real GPU the passes win from a few thousand projectiles up and
/// free the CPU for the rules. A timing race at start-up would cost a second
/// of every launch and could flip between runs on a busy machine, which a
/// replayable game should not do. With no device at all, the CPU passes run.
pub fn choose(requested: Backend, ctx: Option<&GpuContext>) -> BackendChoice {
    let (backend, reason) = match (requested, ctx) {
        (Backend::Gpu, _) => (Backend::Gpu, "asked for (--backend gpu)".to_string()),
        (Backend::Cpu, _) => (Backend::Cpu, "asked for (--backend cpu)".to_string()),
        (Backend::Auto, None) => (Backend::Cpu, "auto: no GPU device open".to_string()),
        (Backend::Auto, Some(c)) if c.info.device_type == wgpu::DeviceType::Cpu => {
            (Backend::Cpu, format!("auto: software adapter {}", c.info.name))
        }
        (Backend::Auto, Some(c)) => (
            Backend::Gpu,
            format!(
                "auto: {} is a hardware adapter ({:?})",
                c.info.name, c.info.device_type
            ),
        ),
    };
    BackendChoice {
        requested,
        backend,
        reason,
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A `--backend` value that is not `auto`, `gpu` or `cpu`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown backend {0:?}: expected \"auto\", \"gpu\" or \"cpu\"")]
pub struct BackendParseError(pub String);

impl FromStr for Backend {
    type Err = BackendParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Ok(Backend::Auto),
            "gpu" => Ok(Backend::Gpu),
            "cpu" => Ok(Backend::Cpu),
            _ => Err(BackendParseError(s.to_string())),
        }
    }
}

/// An open wgpu device with what the rest of the engine needs to know about it.
#[derive(Debug)]
pub struct GpuContext {
    /// The instance the adapter came from (a window creates its surface with it).
    pub instance: wgpu::Instance,
    /// The adapter the device was opened on.
    pub adapter: wgpu::Adapter,
    /// The device.
    pub device: wgpu::Device,
    /// Its queue.
    pub queue: wgpu::Queue,
    /// Name, backend and device type of the adapter, for logs and reports.
    pub info: wgpu::AdapterInfo,
}

impl GpuContext {
    /// An instance configured from wgpu's environment variables and without a
    /// display handle (headless). A window builds its own instance with
    /// `wgpu::InstanceDescriptor::new_with_display_handle_from_env` and passes
    /// it to [`GpuContext::with_instance`].
    pub fn headless_instance() -> wgpu::Instance {
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env())
    }

    /// The device a headless tool needs for `requested`: none for the CPU,
    /// an error if the GPU was asked for and none opens, and for `auto`
    /// whatever opens (none is no error: [`choose`] then picks the CPU).
    pub fn for_backend(requested: Backend) -> Result<Option<Self>, GpuError> {
        match requested {
            Backend::Cpu => Ok(None),
            Backend::Gpu => Self::headless().map(Some),
            Backend::Auto => Ok(Self::headless()
                .inspect_err(|e| log::info!("backend auto: {e}; the CPU passes run"))
                .ok()),
        }
    }

    /// Opens a device with no window: tools, tests, benches.
    pub fn headless() -> Result<Self, GpuError> {
        Self::with_instance(Self::headless_instance(), None)
    }

    /// Opens a device on `instance`, compatible with `surface` when one is
    /// given (the window passes the surface it will present to).
    pub fn with_instance(
        instance: wgpu::Instance,
        surface: Option<&wgpu::Surface<'_>>,
    ) -> Result<Self, GpuError> {
        let adapter = pollster::block_on(pick_adapter(&instance, surface))?;
        let info = adapter.get_info();
        log::info!(
            "GPU adapter: {} ({:?}, {:?}, driver {} {})",
            info.name,
            info.backend,
            info.device_type,
            info.driver,
            info.driver_info
        );
        let available = adapter.features();
        // `ARTIFICER_GPU_TIMING=off` asks for no timestamps: how a device
        // without them runs, on one that has them.
        let timing_off = std::env::var(GPU_TIMING_ENV).is_ok_and(|v| v == "off");
        let wanted = if timing_off {
            wgpu::Features::empty()
        } else {
            wgpu::Features::TIMESTAMP_QUERY
                | wgpu::Features::TIMESTAMP_QUERY_INSIDE_ENCODERS
                | wgpu::Features::TIMESTAMP_QUERY_INSIDE_PASSES
        };
        let required_features = available & wanted;
        let required_limits = wanted_limits(&adapter.limits());
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("artificer device"),
            required_features,
            required_limits,
            ..Default::default()
        }))
        .map_err(|source| GpuError::RequestDevice {
            adapter: info.name.clone(),
            source,
        })?;
        Ok(Self {
            instance,
            adapter,
            device,
            queue,
            info,
        })
    }

    /// Whether compute passes can carry GPU timestamps.
    pub fn has_timestamps(&self) -> bool {
        self.device.features().contains(wgpu::Features::TIMESTAMP_QUERY)
    }

    /// A software rasteriser (wgpu's `DeviceType::Cpu`: lavapipe, WARP):
    /// every shape drawn costs CPU time there, so optional passes default off.
    pub fn is_software(&self) -> bool {
        self.info.device_type == wgpu::DeviceType::Cpu
    }

    /// One line naming the adapter, e.g. `llvmpipe (LLVM 15.0.6, 256 bits) (Vulkan, Cpu)`.
    pub fn adapter_summary(&self) -> String {
        format!(
            "{} ({:?}, {:?})",
            self.info.name, self.info.backend, self.info.device_type
        )
    }
}

/// Limits: wgpu's defaults, raised where the adapter allows to what a
/// 1,000,000-slot core needs (128 MB of projectiles in one storage binding).
fn wanted_limits(adapter: &wgpu::Limits) -> wgpu::Limits {
    let defaults = wgpu::Limits::default();
    wgpu::Limits {
        max_storage_buffer_binding_size: adapter.max_storage_buffer_binding_size,
        max_buffer_size: adapter.max_buffer_size,
        max_storage_buffers_per_shader_stage: adapter
            .max_storage_buffers_per_shader_stage
            .max(defaults.max_storage_buffers_per_shader_stage),
        max_compute_workgroups_per_dimension: adapter.max_compute_workgroups_per_dimension,
        max_texture_dimension_2d: adapter.max_texture_dimension_2d,
        ..defaults
    }
}

/// `WGPU_ADAPTER_NAME` when set (an error if nothing matches), else wgpu's
/// choice under `WGPU_POWER_PREF`.
async fn pick_adapter(
    instance: &wgpu::Instance,
    surface: Option<&wgpu::Surface<'_>>,
) -> Result<wgpu::Adapter, GpuError> {
    if let Ok(wanted) = std::env::var("WGPU_ADAPTER_NAME") {
        let adapters = instance.enumerate_adapters(wgpu::Backends::all()).await;
        let needle = wanted.to_lowercase();
        let mut names = Vec::new();
        for adapter in adapters {
            let info = adapter.get_info();
            if surface.is_some_and(|s| !adapter.is_surface_supported(s)) {
                continue;
            }
            if info.name.to_lowercase().contains(&needle) {
                return Ok(adapter);
            }
            names.push(info.name);
        }
        if names.is_empty() {
            return Err(GpuError::NoAdapter {
                detail: format!("WGPU_ADAPTER_NAME={wanted:?} set, and no adapter exists"),
            });
        }
        return Err(GpuError::AdapterNotFound {
            wanted,
            available: names.join(", "),
        });
    }
    instance
        .request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::from_env().unwrap_or_default(),
            compatible_surface: surface,
            ..Default::default()
        })
        .await
        .map_err(|e| GpuError::NoAdapter {
            detail: format!(
                "{e}; backends searched: {:?}",
                wgpu::Backends::from_env().unwrap_or(wgpu::Backends::all())
            ),
        })
}

/// For tests: a headless device, or `None` (after printing why) when there is
/// no adapter and [`ALLOW_NO_GPU_ENV`]`=1` allows skipping.
///
/// # Panics
/// When no adapter exists and skipping is not allowed: GPU tests must fail,
/// not silently pass, on a machine without a driver.
pub fn test_context() -> Option<GpuContext> {
    match GpuContext::headless() {
        Ok(ctx) => Some(ctx),
        Err(e) => {
            if std::env::var(ALLOW_NO_GPU_ENV).is_ok_and(|v| v == "1") {
                eprintln!("skipping GPU test: {e} ({ALLOW_NO_GPU_ENV}=1)");
                None
            } else {
                panic!("{e} (set {ALLOW_NO_GPU_ENV}=1 to skip GPU tests instead)");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backend_parses_gpu_and_cpu_only() {
        assert_eq!("gpu".parse::<Backend>(), Ok(Backend::Gpu));
        assert_eq!("CPU".parse::<Backend>(), Ok(Backend::Cpu));
        let err = "vulkan".parse::<Backend>().unwrap_err();
        assert!(err.to_string().contains("\"gpu\" or \"cpu\""), "{err}");
        assert_eq!(Backend::Cpu.to_string(), "cpu");
    }

    #[test]
    fn no_adapter_error_names_the_fix() {
        let e = GpuError::NoAdapter {
            detail: "no suitable adapter".into(),
        };
        let text = e.to_string();
        assert!(text.contains("no GPU adapter found"), "{text}");
        assert!(text.contains("apt-get install mesa-vulkan-drivers"), "{text}");
    }
}
