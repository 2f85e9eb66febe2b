//! What every pass of a frame is encoded with: the device and queue, the
//! frame's command encoder and GPU scopes, and the view it draws into at
//! its size. The world renderer, the crowd layer, the tiled path, egui and
//! the cached panel all take one [`FrameTarget`] instead of the same six
//! arguments each, so a new per-frame input is added in one place.

use crate::profile::GpuScopes;

/// One frame's encoding context over one colour target.
#[derive(Debug)]
pub struct FrameTarget<'a> {
    /// The device (buffers and textures made on demand).
    pub device: &'a wgpu::Device,
    /// The queue (uniform and buffer writes before the passes run).
    pub queue: &'a wgpu::Queue,
    /// The frame's command encoder; every pass goes into it.
    pub encoder: &'a mut wgpu::CommandEncoder,
    /// The colour target the passes draw into.
    pub view: &'a wgpu::TextureView,
    /// The target's size in physical pixels.
    pub size: [u32; 2],
    /// Opens a GPU scope per pass (untimed for copies such as the
    /// screenshot's).
    pub scopes: &'a mut GpuScopes,
}

impl FrameTarget<'_> {
    /// The same frame drawing into another target of `size` (a layer or a
    /// cached picture a later pass composites): same device, encoder and
    /// scopes.
    pub fn retarget<'b>(&'b mut self, view: &'b wgpu::TextureView, size: [u32; 2]) -> FrameTarget<'b> {
        FrameTarget {
            device: self.device,
            queue: self.queue,
            encoder: self.encoder,
            view,
            size,
            scopes: self.scopes,
        }
    }
}
