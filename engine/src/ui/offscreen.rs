//! A whole frame, world and egui, drawn without a window: the screens'
//! reference-image tests render each screen from a seeded state exactly as
//! the window composes it (world pass, then egui on top), on the same
//! adapter code path, and read the pixels back.

use crate::gpu::GpuContext;
use crate::profile::GpuScopes;
use crate::render::screenshot::{self, RgbaImage, ScreenshotError};
use crate::render::{FrameTarget, Scene, SceneRenderer};

/// The world renderer and an egui renderer over one offscreen target.
pub struct OffscreenFrame {
    scene: SceneRenderer,
    egui: egui_wgpu::Renderer,
    format: wgpu::TextureFormat,
}

impl std::fmt::Debug for OffscreenFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OffscreenFrame")
            .field("format", &self.format)
            .finish_non_exhaustive()
    }
}

impl OffscreenFrame {
    /// Renderers for an sRGB-free 8-bit target (the window's usual format).
    pub fn new(gpu: &GpuContext) -> Self {
        let format = wgpu::TextureFormat::Bgra8Unorm;
        Self {
            scene: SceneRenderer::new(&gpu.device, format),
            egui: egui_wgpu::Renderer::new(
                &gpu.device,
                format,
                egui_wgpu::RendererOptions {
                    dithering: false,
                    ..Default::default()
                },
            ),
            format,
        }
    }

    /// Draws `scene` and then `output` (one egui pass of `ctx`) at `size`
    /// and reads the frame back. Call it for every pass of `ctx`: each
    /// output's texture changes (the font atlas comes in the first) must be
    /// applied in order.
    pub fn render(
        &mut self,
        gpu: &GpuContext,
        size: [u32; 2],
        scene: &Scene,
        ctx: &egui::Context,
        output: egui::FullOutput,
    ) -> Result<RgbaImage, ScreenshotError> {
        let (device, queue) = (&gpu.device, &gpu.queue);
        let target = screenshot::offscreen_target(device, self.format, size);
        let view = target.create_view(&wgpu::TextureViewDescriptor::default());
        let mut scopes = GpuScopes::disabled(device);
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("offscreen frame"),
        });
        let mut f = FrameTarget {
            device,
            queue,
            encoder: &mut encoder,
            view: &view,
            size,
            scopes: &mut scopes,
        };
        self.scene.encode(&mut f, scene);
        let egui::FullOutput {
            shapes,
            pixels_per_point,
            mut textures_delta,
            ..
        } = output;
        let jobs = ctx.tessellate(shapes, pixels_per_point);
        super::paint(
            &mut self.egui,
            &mut f,
            &super::PaintPass {
                load: wgpu::LoadOp::Load,
                label: "render egui",
            },
            pixels_per_point,
            (&jobs, &textures_delta),
            |_| {},
        );
        scopes.resolve(&mut encoder);
        queue.submit([encoder.finish()]);
        scopes.end_frame(0);
        for id in &textures_delta.free {
            self.egui.free_texture(id);
        }
        textures_delta.clear();
        screenshot::read_texture(device, queue, &target)
    }
}
