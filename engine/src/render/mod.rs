//! The world renderer: a camera, instanced shapes in layers, projectiles
//! pulled from the compute core's buffer, GPU pass timing and screenshots.
//!
//! One render pass draws the world in this order: ground shapes (floor,
//! telegraphs, pickups, enemies), player projectiles (additive), enemy
//! projectiles (opaque, rimmed), glow shapes (additive), top shapes (the
//! player). With [`Scene::glow`] a second pass adds a faint wide halo around
//! the player's projectiles. egui is drawn by [`crate::ui`] in a pass on top.

pub mod camera;
pub mod compare;
pub mod projectiles;
pub mod screenshot;
pub mod shapes;
pub mod timer;

pub use camera::{Camera2d, CameraUniform};
pub use projectiles::{ProjectileRenderer, ProjectileSource, ProjectileStyle, USER_PALETTE};
pub use screenshot::{RgbaImage, ScreenshotError};
pub use shapes::{Layer, Shape, ShapeBatch, ShapeKind, ShapeRenderer};
pub use timer::PassTimer;

/// `shaders/render_shapes.wgsl`, embedded.
pub const SHAPES_WGSL: &str = include_str!("../../../shaders/render_shapes.wgsl");
/// `shaders/render_projectiles.wgsl`, embedded, before its imports.
const PROJECTILES_WGSL_RAW: &str = include_str!("../../../shaders/render_projectiles.wgsl");

/// `shaders/render_projectiles.wgsl` with `projectile.wgsl` prepended, so the
/// renderer reads slots through the same struct the compute passes write.
pub fn projectiles_wgsl() -> String {
    crate::compute::shaders::compose("render_projectiles.wgsl", &|file| {
        if file == "render_projectiles.wgsl" {
            Some(PROJECTILES_WGSL_RAW)
        } else {
            crate::compute::shaders::SOURCES
                .iter()
                .find(|(n, _)| *n == file)
                .map(|(_, s)| *s)
        }
    })
    // Every import is an embedded file; `render_shaders_validate` checks it.
    .expect("render_projectiles.wgsl imports only embedded shader files")
}

/// Additive blending: light adds up where projectiles overlap.
pub(crate) const ADDITIVE: wgpu::BlendState = wgpu::BlendState {
    color: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::One,
        dst_factor: wgpu::BlendFactor::One,
        operation: wgpu::BlendOperation::Add,
    },
    alpha: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::Zero,
        dst_factor: wgpu::BlendFactor::One,
        operation: wgpu::BlendOperation::Add,
    },
};

/// What the world looks like this frame; the game fills it, the renderer draws it.
#[derive(Debug, Clone, Default)]
pub struct Scene {
    /// Where the camera looks.
    pub camera: Camera2d,
    /// Background colour (linear RGB).
    pub clear: [f32; 3],
    /// Shapes by layer.
    pub shapes: ShapeBatch,
    /// The projectiles to draw, if any.
    pub projectiles: Option<ProjectileSource>,
    /// How projectiles look.
    pub projectile_style: ProjectileStyle,
    /// Seconds since start (pulsing effects).
    pub time: f32,
    /// Draw the glow pass (a faint wide halo around player projectiles, in
    /// its own render pass timed as `"render glow"`).
    pub glow: bool,
}

/// Owns the world pipelines and the camera uniform.
#[derive(Debug)]
pub struct SceneRenderer {
    camera_buffer: wgpu::Buffer,
    camera_group: wgpu::BindGroup,
    shapes: ShapeRenderer,
    projectiles: ProjectileRenderer,
    format: wgpu::TextureFormat,
}

impl SceneRenderer {
    /// Builds every world pipeline for targets of `format`.
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> Self {
        let camera_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("camera layout"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let camera_buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("camera uniform"),
            size: std::mem::size_of::<CameraUniform>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let camera_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("camera bind group"),
            layout: &camera_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: camera_buffer.as_entire_binding(),
            }],
        });
        Self {
            shapes: ShapeRenderer::new(device, format, &camera_layout),
            projectiles: ProjectileRenderer::new(device, format),
            camera_buffer,
            camera_group,
            format,
        }
    }

    /// The colour format the pipelines were built for.
    pub fn format(&self) -> wgpu::TextureFormat {
        self.format
    }

    /// Encodes the world pass into `target` (cleared first), timed as `"render world"`.
    #[allow(
        clippy::too_many_arguments,
        reason = "one call per frame with the frame's GPU context and target"
    )]
    pub fn encode(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        size: [u32; 2],
        scene: &Scene,
        timer: &mut PassTimer,
    ) {
        let uniform = scene.camera.uniform(size, scene.time);
        queue.write_buffer(&self.camera_buffer, 0, bytemuck::bytes_of(&uniform));
        let layers = self.shapes.upload(device, queue, &scene.shapes);
        let prepared = scene.projectiles.as_ref().and_then(|src| {
            self.projectiles
                .prepare(device, queue, &self.camera_buffer, &scene.projectile_style, src)
        });
        let [r, g, b] = scene.clear;
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("render world"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: target,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color {
                        r: f64::from(r),
                        g: f64::from(g),
                        b: f64::from(b),
                        a: 1.0,
                    }),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: timer.pass_writes("render world"),
            occlusion_query_set: None,
            multiview_mask: None,
        });
        self.shapes
            .draw(&mut pass, &self.camera_group, &layers, Layer::Ground);
        if let Some(p) = &prepared {
            self.projectiles.draw(&mut pass, p);
        }
        self.shapes
            .draw(&mut pass, &self.camera_group, &layers, Layer::Glow);
        self.shapes
            .draw(&mut pass, &self.camera_group, &layers, Layer::Top);
        drop(pass);
        if let (true, Some(p)) = (scene.glow, &prepared) {
            // Its own pass, so the frame JSON prices the glow by itself.
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("render glow"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: target,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Load,
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: timer.pass_writes("render glow"),
                occlusion_query_set: None,
                multiview_mask: None,
            });
            self.projectiles.draw_glow(&mut pass, p);
        }
    }
}

#[cfg(test)]
mod tests {
    /// Both render shaders parse and validate with naga (what wgpu runs at
    /// pipeline creation), so a typo fails here with a line number.
    #[test]
    fn render_shaders_validate() {
        for (name, src) in [
            ("render_shapes.wgsl", super::SHAPES_WGSL.to_string()),
            ("render_projectiles.wgsl", super::projectiles_wgsl()),
            ("ui_panel.wgsl", crate::ui::panel::PANEL_WGSL.to_string()),
        ] {
            let module = naga::front::wgsl::parse_str(&src)
                .unwrap_or_else(|e| panic!("{name}: {}", e.emit_to_string(&src)));
            naga::valid::Validator::new(
                naga::valid::ValidationFlags::all(),
                naga::valid::Capabilities::all(),
            )
            .validate(&module)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        }
    }

    /// The projectile struct in the render shader is the compute contract's size.
    #[test]
    fn shader_projectile_matches_the_contract() {
        let module = naga::front::wgsl::parse_str(&super::projectiles_wgsl()).expect("parse");
        let ty = module
            .types
            .iter()
            .find(|(_, t)| t.name.as_deref() == Some("Projectile"))
            .expect("Projectile struct");
        let size = ty.1.inner.size(module.to_ctx());
        assert_eq!(size as usize, std::mem::size_of::<crate::compute::Projectile>());
    }

    /// The pipelines build on a real device without validation errors, and a
    /// frame with shapes and projectiles renders into an offscreen target.
    #[test]
    fn pipelines_build_and_draw_on_a_device() {
        let Some(ctx) = crate::gpu::test_context() else {
            return;
        };
        let device = &ctx.device;
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let format = wgpu::TextureFormat::Rgba8Unorm;
        let mut renderer = super::SceneRenderer::new(device, format);
        let mut scene = super::Scene::default();
        scene.camera.center = glam::Vec2::new(32.0, 32.0);
        scene.clear = [0.0, 0.0, 0.0];
        scene.shapes.push(
            super::Layer::Ground,
            super::Shape::circle(glam::Vec2::new(16.0, 32.0), 8.0, [1.0, 0.0, 0.0, 1.0]),
        );
        scene.shapes.push(
            super::Layer::Ground,
            super::Shape::circle(glam::Vec2::new(20.0, 52.0), 10.0, [0.2, 0.6, 0.2, 0.3]).outlined(3.0),
        );
        let mut p: crate::compute::Projectile = bytemuck::Zeroable::zeroed();
        p.flags = crate::compute::FLAG_ALIVE;
        p.pos = [48.0, 32.0];
        p.radius = 4.0;
        p.user[super::USER_PALETTE] = 1;
        scene.projectile_style.palette[1] = [0.0, 1.0, 0.0, 1.0];
        scene.projectiles = Some(super::ProjectileSource::Cpu(vec![p]));
        let target = super::screenshot::offscreen_target(device, format, [64, 64]);
        let view = target.create_view(&wgpu::TextureViewDescriptor::default());
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
        let mut timer = super::PassTimer::new(device, &ctx.queue);
        timer.begin_frame(device);
        renderer.encode(
            device,
            &ctx.queue,
            &mut encoder,
            &view,
            [64, 64],
            &scene,
            &mut timer,
        );
        timer.resolve(&mut encoder);
        ctx.queue.submit([encoder.finish()]);
        timer.after_submit();
        let error = pollster::block_on(scope.pop());
        assert!(error.is_none(), "{error:?}");
        let image = super::screenshot::read_texture(device, &ctx.queue, &target).expect("read back");
        let at = |x: usize, y: usize| {
            let i = (y * 64 + x) * 4;
            [image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]]
        };
        assert!(at(16, 32)[0] > 200, "the red circle is drawn: {:?}", at(16, 32));
        assert!(
            at(48, 32)[1] > 100,
            "the green projectile is drawn: {:?}",
            at(48, 32)
        );
        assert_eq!(at(2, 2), [0, 0, 0], "the background is clear");
        let (centre, rim) = (at(20, 52), at(28, 52));
        assert!(
            rim[1] > centre[1] + 60,
            "a translucent outlined shape has a bright rim: centre {centre:?}, rim {rim:?}"
        );
        assert!(centre[1] > 20, "and a visible translucent fill: {centre:?}");
    }
}
