//! Helpers shared by the compute tests.

#![allow(dead_code, reason = "each test binary uses a different subset")]

use engine::compute::{CoreConfig, ProjectileCore};
use engine::gpu::{Backend, GpuContext, test_context};

/// 60 Hz.
pub const DT: f32 = 1.0 / 60.0;

/// The GPU device, or `None` when skipping is allowed and no adapter exists.
pub fn gpu() -> Option<GpuContext> {
    test_context()
}

/// A CPU core, then a GPU core when a device exists.
pub fn both_cores(ctx: Option<&GpuContext>, config: CoreConfig) -> Vec<ProjectileCore> {
    let mut cores = vec![ProjectileCore::new(Backend::Cpu, None, config).expect("cpu core")];
    if let Some(ctx) = ctx {
        cores.push(ProjectileCore::new(Backend::Gpu, Some(ctx), config).expect("gpu core"));
    }
    cores
}
