//! The world renderer: a camera, instanced shapes in layers, projectiles
//! pulled from the compute core's buffer, GPU pass timing and screenshots.
//!
//! The world is drawn in this order: ground shapes (floor, telegraphs,
//! pickups, enemies), player projectiles (additive), enemy projectiles
//! (opaque, rimmed), glow shapes (additive), top shapes (the player). Two
//! paths draw it with the same look (`shaders/render_look.wgsl`): instanced
//! quads, one draw per layer, or the tiled path ([`tiled`]), a compute pass
//! that bins everything into screen tiles and one full-screen pass; see
//! [`choose_render_path`] for which runs where. With [`Scene::glow`] a
//! second pass adds a faint wide halo around the player's projectiles.
//! egui is drawn by [`crate::ui`] in a pass on top.

pub mod camera;
pub mod compare;
pub mod crowd;
pub mod path;
pub mod projectiles;
pub mod screenshot;
pub mod shapes;
pub mod tiled;
pub mod timer;

pub use camera::{Camera2d, CameraUniform};
pub use path::{RENDER_PATH_ENV, RenderPath, RenderPathChoice, RenderPathParseError, choose_render_path};
pub use projectiles::{ProjectileRenderer, ProjectileSource, ProjectileStyle, USER_PALETTE};
pub use screenshot::{RgbaImage, ScreenshotError};
pub use shapes::{Layer, Shape, ShapeBatch, ShapeKind, ShapeRenderer};
pub use tiled::{BinStatus, TiledFallback, TiledRenderer};
pub use timer::PassTimer;

/// The render shaders by file name, embedded, before their imports.
pub const RENDER_SOURCES: [(&str, &str); 7] = [
    (
        "render_look.wgsl",
        include_str!("../../../shaders/render_look.wgsl"),
    ),
    (
        "render_shapes.wgsl",
        include_str!("../../../shaders/render_shapes.wgsl"),
    ),
    (
        "render_projectiles.wgsl",
        include_str!("../../../shaders/render_projectiles.wgsl"),
    ),
    (
        "render_tiled_common.wgsl",
        include_str!("../../../shaders/render_tiled_common.wgsl"),
    ),
    (
        "render_tiled_bin.wgsl",
        include_str!("../../../shaders/render_tiled_bin.wgsl"),
    ),
    (
        "render_tiled_shade.wgsl",
        include_str!("../../../shaders/render_tiled_shade.wgsl"),
    ),
    (
        "render_composite.wgsl",
        include_str!("../../../shaders/render_composite.wgsl"),
    ),
];

/// Render shader `name` with its `// #import`s (render files and the compute
/// core's `projectile.wgsl`) prepended, ready for `create_shader_module`.
pub fn compose_render(name: &str) -> String {
    crate::compute::shaders::compose(name, &|file| {
        RENDER_SOURCES
            .iter()
            .chain(crate::compute::shaders::SOURCES.iter())
            .find(|(n, _)| *n == file)
            .map(|(_, s)| *s)
    })
    // Every import is an embedded file; `render_shaders_validate` checks it.
    .unwrap_or_else(|e| panic!("render shader {name} imports only embedded shader files: {e}"))
}

/// `shaders/render_shapes.wgsl` with `render_look.wgsl` prepended.
pub fn shapes_wgsl() -> String {
    compose_render("render_shapes.wgsl")
}

/// `shaders/render_projectiles.wgsl` with `projectile.wgsl` and
/// `render_look.wgsl` prepended, so the renderer reads slots through the same
/// struct the compute passes write and draws them as the tiled path does.
pub fn projectiles_wgsl() -> String {
    compose_render("render_projectiles.wgsl")
}

/// Begins a timed render pass over one colour target (the world, the glow,
/// the crowd layer and the tiled shading each draw in one), starting from
/// `load` and storing the result.
pub(crate) fn color_pass<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    label: &'static str,
    view: &wgpu::TextureView,
    load: wgpu::LoadOp<wgpu::Color>,
    timer: &mut PassTimer,
) -> wgpu::RenderPass<'e> {
    encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some(label),
        color_attachments: &[Some(wgpu::RenderPassColorAttachment {
            view,
            depth_slice: None,
            resolve_target: None,
            ops: wgpu::Operations {
                load,
                store: wgpu::StoreOp::Store,
            },
        })],
        depth_stencil_attachment: None,
        timestamp_writes: timer.pass_writes(label),
        occlusion_query_set: None,
        multiview_mask: None,
    })
}

/// A clear to the scene's background colour.
pub(crate) fn clear_to(rgb: [f32; 3]) -> wgpu::LoadOp<wgpu::Color> {
    let [r, g, b] = rgb;
    wgpu::LoadOp::Clear(wgpu::Color {
        r: f64::from(r),
        g: f64::from(g),
        b: f64::from(b),
        a: 1.0,
    })
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
    /// Draw the player projectiles through the crowd layer ([`crowd`]) at
    /// the target's resolution over this divisor (2: half, 4: quarter); 0
    /// or 1 draws them directly. The game asks for it past several
    /// thousand shots.
    pub crowd_layer: u32,
}

/// Owns the world pipelines and the camera uniform.
#[derive(Debug)]
pub struct SceneRenderer {
    camera_buffer: wgpu::Buffer,
    camera_group: wgpu::BindGroup,
    /// The pixel camera of [`Layer::Screen`]: one world px per target px,
    /// origin at the top-left corner.
    screen_buffer: wgpu::Buffer,
    screen_group: wgpu::BindGroup,
    shapes: ShapeRenderer,
    projectiles: ProjectileRenderer,
    /// Built on first use, so an instanced-only session never compiles it.
    tiled: Option<TiledRenderer>,
    /// The half-resolution crowd layer, made the first time a scene asks.
    crowd: Option<crowd::CrowdLayer>,
    format: wgpu::TextureFormat,
    adapter: wgpu::AdapterInfo,
    choice: RenderPathChoice,
    /// Frames the tiled path handed to the instanced path, and the last reason.
    fallbacks: (u64, Option<TiledFallback>),
}

impl SceneRenderer {
    /// Builds every world pipeline for targets of `format`; the world path is
    /// [`RenderPath::from_env`] resolved for `device`'s adapter.
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
        let camera = |label: &'static str| {
            let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: std::mem::size_of::<CameraUniform>() as u64,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some(label),
                layout: &camera_layout,
                entries: &[wgpu::BindGroupEntry {
                    binding: 0,
                    resource: buffer.as_entire_binding(),
                }],
            });
            (buffer, group)
        };
        let (camera_buffer, camera_group) = camera("camera uniform");
        let (screen_buffer, screen_group) = camera("screen camera uniform");
        let adapter = device.adapter_info();
        let choice = choose_render_path(RenderPath::from_env(), adapter.device_type, &adapter.name);
        log::info!("world render path: {} ({})", choice.path, choice.reason);
        Self {
            shapes: ShapeRenderer::new(device, format, &camera_layout),
            projectiles: ProjectileRenderer::new(device, format),
            crowd: None,
            tiled: None,
            camera_buffer,
            camera_group,
            screen_buffer,
            screen_group,
            format,
            adapter,
            choice,
            fallbacks: (0, None),
        }
    }

    /// The colour format the pipelines were built for.
    pub fn format(&self) -> wgpu::TextureFormat {
        self.format
    }

    /// Asks for a world path (overrides [`RENDER_PATH_ENV`]); `Auto` decides
    /// again from the adapter.
    pub fn set_path(&mut self, requested: RenderPath) {
        self.choice = choose_render_path(requested, self.adapter.device_type, &self.adapter.name);
    }

    /// The world path that runs and why (for the overlay).
    pub fn path(&self) -> &RenderPathChoice {
        &self.choice
    }

    /// Frames the tiled path could not take and drew instanced, and the
    /// latest reason (0 and `None` while it took every frame).
    pub fn tiled_fallbacks(&self) -> (u64, Option<TiledFallback>) {
        self.fallbacks
    }

    /// The tiled renderer, once a frame has used it (tests and tools read
    /// its binning back).
    pub fn tiled(&mut self) -> Option<&mut TiledRenderer> {
        self.tiled.as_mut()
    }

    /// Encodes the world into `target` (cleared first), timed as `"render
    /// world"`; the tiled path adds a `"render bin"` compute pass before it.
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
        let screen = screen_camera(size, scene.time);
        queue.write_buffer(&self.screen_buffer, 0, bytemuck::bytes_of(&screen));
        if self.choice.path == RenderPath::Tiled {
            let tiled = self
                .tiled
                .get_or_insert_with(|| TiledRenderer::new(device, self.format));
            match tiled.encode(
                device,
                queue,
                encoder,
                target,
                size,
                scene,
                &self.camera_buffer,
                timer,
            ) {
                Ok(()) => {
                    if scene.glow {
                        let prepared = self.prepare_projectiles(device, queue, scene);
                        self.encode_glow(encoder, target, prepared.as_ref(), timer);
                    }
                    // The screen layer through the instanced shape pipeline
                    // (a few flat panels; binning them would buy nothing).
                    if !scene.shapes.screen.is_empty() {
                        let only = ShapeBatch {
                            screen: scene.shapes.screen.clone(),
                            ..ShapeBatch::default()
                        };
                        // Only the screen layer is uploaded: the world camera is moot.
                        let layers = self.shapes.upload(device, queue, &only, &screen, &screen);
                        self.screen_pass(encoder, target, &layers, timer);
                    }
                    return;
                }
                Err(why) => {
                    if self.fallbacks.1 != Some(why) {
                        log::warn!("tiled world path: {why:?}; drawing instanced");
                    }
                    self.fallbacks = (self.fallbacks.0 + 1, Some(why));
                }
            }
        }
        self.encode_instanced(device, queue, encoder, target, size, scene, timer);
    }

    /// Writes the projectile style and binds this frame's projectiles.
    fn prepare_projectiles(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        scene: &Scene,
    ) -> Option<projectiles::PreparedProjectiles> {
        let source = scene.projectiles.as_ref()?;
        self.projectiles.prepare(
            device,
            queue,
            &self.camera_buffer,
            &scene.projectile_style,
            source,
        )
    }

    /// The glow pass over either path's world (the scene asked for it):
    /// its own pass, so the frame JSON prices the glow by itself.
    fn encode_glow(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        prepared: Option<&projectiles::PreparedProjectiles>,
        timer: &mut PassTimer,
    ) {
        let Some(prepared) = prepared else {
            return;
        };
        let mut pass = color_pass(encoder, "render glow", target, wgpu::LoadOp::Load, timer);
        self.projectiles.draw_glow(&mut pass, prepared);
    }

    #[allow(
        clippy::too_many_arguments,
        reason = "one call per frame with the frame's GPU context and target"
    )]
    fn encode_instanced(
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
        let screen = screen_camera(size, scene.time);
        let layers = self
            .shapes
            .upload(device, queue, &scene.shapes, &uniform, &screen);
        let prepared = self.prepare_projectiles(device, queue, scene);
        // The crowd layer is drawn before the world pass that adds it.
        let crowd = match &prepared {
            Some(p) if scene.crowd_layer > 1 => {
                let layer = self
                    .crowd
                    .get_or_insert_with(|| crowd::CrowdLayer::new(device, self.format));
                let div = scene.crowd_layer;
                layer.encode_layer(device, encoder, size, div, &self.projectiles, p, timer);
                true
            }
            _ => false,
        };
        let mut pass = color_pass(encoder, "render world", target, clear_to(scene.clear), timer);
        self.shapes
            .draw(&mut pass, &self.camera_group, &layers, Layer::Ground);
        if let Some(p) = &prepared {
            match (&self.crowd, crowd) {
                (Some(layer), true) => {
                    layer.draw_composite(&mut pass);
                    self.projectiles.draw_enemy(&mut pass, p);
                }
                _ => self.projectiles.draw(&mut pass, p),
            }
        }
        self.shapes
            .draw(&mut pass, &self.camera_group, &layers, Layer::Glow);
        self.shapes
            .draw(&mut pass, &self.camera_group, &layers, Layer::Top);
        if scene.glow {
            // The glow lies over the world and under the screen layer.
            drop(pass);
            self.encode_glow(encoder, target, prepared.as_ref(), timer);
            if !scene.shapes.screen.is_empty() {
                self.screen_pass(encoder, target, &layers, timer);
            }
        } else {
            self.shapes
                .draw(&mut pass, &self.screen_group, &layers, Layer::Screen);
        }
    }

    /// [`Layer::Screen`] in a pass of its own, over what is in `target`.
    fn screen_pass(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        layers: &shapes::UploadedLayers,
        timer: &mut PassTimer,
    ) {
        let mut pass = color_pass(encoder, "render screen", target, wgpu::LoadOp::Load, timer);
        self.shapes
            .draw(&mut pass, &self.screen_group, layers, Layer::Screen);
    }
}

/// The camera of [`Layer::Screen`] for a target of `size`: world px are
/// target px, origin at the top-left corner.
fn screen_camera(size: [u32; 2], time: f32) -> CameraUniform {
    let camera = Camera2d {
        center: glam::Vec2::new(size[0] as f32, size[1] as f32) * 0.5,
        zoom: 1.0,
        shake: glam::Vec2::ZERO,
    };
    camera.uniform(size, time)
}

/// Draws `scene` with `renderer` into a fresh offscreen target of `size`
/// and reads it back, failing on any validation error (the render tests
/// share it).
#[cfg(test)]
pub(crate) fn render_offscreen(
    ctx: &crate::gpu::GpuContext,
    renderer: &mut SceneRenderer,
    scene: &Scene,
    size: [u32; 2],
) -> RgbaImage {
    let device = &ctx.device;
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let target = screenshot::offscreen_target(device, renderer.format(), size);
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
    let mut timer = crate::render::PassTimer::disabled();
    renderer.encode(device, &ctx.queue, &mut encoder, &view, size, scene, &mut timer);
    ctx.queue.submit([encoder.finish()]);
    let error = pollster::block_on(scope.pop());
    assert!(error.is_none(), "{error:?}");
    screenshot::read_texture(device, &ctx.queue, &target).expect("read back")
}

#[cfg(test)]
mod tests {
    /// Both render shaders parse and validate with naga (what wgpu runs at
    /// pipeline creation), so a typo fails here with a line number.
    #[test]
    fn render_shaders_validate() {
        for (name, src) in [
            ("render_shapes.wgsl", super::shapes_wgsl()),
            ("render_projectiles.wgsl", super::projectiles_wgsl()),
            ("render_tiled_bin.wgsl", super::tiled::bin_wgsl()),
            ("render_tiled_shade.wgsl", super::tiled::shade_wgsl()),
            (
                "render_composite.wgsl",
                super::compose_render("render_composite.wgsl"),
            ),
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

    #[test]
    fn render_path_parses_and_auto_follows_the_adapter_kind() {
        use super::{RenderPath, choose_render_path};
        assert_eq!("Tiled".parse::<RenderPath>(), Ok(RenderPath::Tiled));
        assert_eq!("instanced".parse::<RenderPath>(), Ok(RenderPath::Instanced));
        let err = "quads".parse::<RenderPath>().unwrap_err();
        assert!(err.to_string().contains("\"tiled\""), "{err}");
        let soft = choose_render_path(RenderPath::Auto, wgpu::DeviceType::Cpu, "llvmpipe");
        assert_eq!(soft.path, super::path::AUTO_ON_SOFTWARE);
        assert!(
            soft.reason.contains("software adapter llvmpipe"),
            "{}",
            soft.reason
        );
        let gpu = wgpu::DeviceType::DiscreteGpu;
        assert_eq!(
            choose_render_path(RenderPath::Auto, gpu, "big").path,
            super::path::AUTO_ON_HARDWARE
        );
        let forced = choose_render_path(RenderPath::Tiled, gpu, "big");
        assert_eq!(
            (forced.requested, forced.path),
            (RenderPath::Tiled, RenderPath::Tiled)
        );
    }

    /// The glow pass adds light around a player shot, where its own halo fades,
    /// and nothing where there is no shot.
    #[test]
    fn the_glow_pass_lights_around_player_shots() {
        let Some(ctx) = crate::gpu::test_context() else {
            return;
        };
        let mut renderer = super::SceneRenderer::new(&ctx.device, wgpu::TextureFormat::Rgba8Unorm);
        let mut shot = |glow: bool| {
            let mut scene = super::Scene {
                glow,
                ..super::Scene::default()
            };
            scene.camera.center = glam::Vec2::new(32.0, 32.0);
            let mut p: crate::compute::Projectile = bytemuck::Zeroable::zeroed();
            p.flags = crate::compute::FLAG_ALIVE;
            p.pos = [32.0, 32.0];
            p.radius = 4.0;
            p.user[super::USER_PALETTE] = 1;
            scene.projectile_style.palette[1] = [0.0, 1.0, 0.0, 1.0];
            scene.projectiles = Some(super::ProjectileSource::Cpu(vec![p]));
            super::render_offscreen(&ctx, &mut renderer, &scene, [64, 64])
        };
        let (plain, glowing) = (shot(false), shot(true));
        let green = |img: &super::RgbaImage, x: usize| img.pixels[(32 * 64 + x) * 4 + 1];
        // 6 px from the centre: the edge of the shot's own faint halo.
        assert!(
            green(&glowing, 38) > green(&plain, 38) + 4,
            "glow {} vs plain {}",
            green(&glowing, 38),
            green(&plain, 38)
        );
        assert_eq!(green(&glowing, 2), 0, "no light far from the shot");
    }

    /// Screen-layer shapes land on target pixels whatever the camera looks
    /// at, over the world; world shapes out of the camera's view are culled
    /// and not drawn.
    #[test]
    fn the_screen_layer_draws_in_pixels_over_the_world() {
        let Some(ctx) = crate::gpu::test_context() else {
            return;
        };
        let mut renderer = super::SceneRenderer::new(&ctx.device, wgpu::TextureFormat::Rgba8Unorm);
        let mut scene = super::Scene::default();
        scene.camera.center = glam::Vec2::new(5000.0, 5000.0);
        let red = [1.0, 0.0, 0.0, 1.0];
        // Under the camera: a green world disc where the screen square goes.
        scene.shapes.push(
            super::Layer::Ground,
            super::Shape::circle(glam::Vec2::new(4984.0, 4984.0), 12.0, [0.0, 1.0, 0.0, 1.0]),
        );
        // Far from the camera: would cover pixel (48, 48) only if drawn at
        // world position 48, 48.
        scene.shapes.push(
            super::Layer::Ground,
            super::Shape::circle(glam::Vec2::new(48.0, 48.0), 6.0, [0.0, 0.0, 1.0, 1.0]),
        );
        let square = super::Shape::new(
            super::ShapeKind::Square,
            glam::Vec2::new(16.0, 16.0),
            glam::Vec2::new(6.0, 6.0),
            red,
        );
        scene.shapes.push(super::Layer::Screen, square);
        for path in [super::RenderPath::Instanced, super::RenderPath::Tiled] {
            renderer.set_path(path);
            let image = super::render_offscreen(&ctx, &mut renderer, &scene, [64, 64]);
            let at = |x: usize, y: usize| {
                let i = (y * 64 + x) * 4;
                [image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]]
            };
            let (over, beside) = (at(16, 16), at(24, 16));
            assert!(
                over[0] > 240 && over[1] < 10,
                "{path}: the screen square covers the world: {over:?}"
            );
            assert!(beside[1] > 200, "{path}: the world disc beside it: {beside:?}");
            assert_eq!(at(48, 48), [0, 0, 0], "{path}: the far disc is not drawn");
        }
    }

    /// A hexagon's corners reach 2/sqrt(3) of its inradius: its quad holds
    /// them (it used to end at the inradius and cut the tips off).
    #[test]
    fn a_hexagon_keeps_its_corners() {
        let Some(ctx) = crate::gpu::test_context() else {
            return;
        };
        let mut renderer = super::SceneRenderer::new(&ctx.device, wgpu::TextureFormat::Rgba8Unorm);
        let mut scene = super::Scene::default();
        scene.camera.center = glam::Vec2::new(32.0, 32.0);
        let hexagon = super::Shape::new(
            super::ShapeKind::Hexagon,
            glam::Vec2::new(32.0, 32.0),
            glam::Vec2::splat(20.0),
            [1.0, 1.0, 1.0, 1.0],
        );
        scene.shapes.push(super::Layer::Ground, hexagon);
        let image = super::render_offscreen(&ctx, &mut renderer, &scene, [64, 64]);
        let lit = |x: usize, y: usize| image.pixels[(y * 64 + x) * 4];
        // The corner at x = 32 + 23.1: pixel 54 (centre 54.5) is 1 px inside.
        assert!(
            lit(54, 32) > 100 && lit(9, 32) > 100,
            "{} {}",
            lit(54, 32),
            lit(9, 32)
        );
        assert_eq!(lit(57, 32), 0, "and nothing past the corner");
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
