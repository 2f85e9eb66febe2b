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
//! second pass adds a faint wide halo around the player's projectiles; with
//! [`Scene::bloom`] the world is drawn into a texture of its own and the
//! [`bloom`] passes make the frame from it (white-hot light bleeds).
//! egui is drawn by [`crate::ui`] in a pass on top.

pub mod bloom;
pub mod bloom_reference;
pub mod camera;
pub mod compare;
pub mod crowd;
mod passes;
pub mod path;
pub mod projectiles;
pub mod screenshot;
pub mod shapes;
pub mod target;
pub mod tiled;

pub use bloom::BloomStyle;
pub use camera::{Camera2d, CameraUniform};
pub(crate) use passes::{
    ADDITIVE, clear_to, color_pass, composite_pipeline, fullscreen_pipeline, layer_texture, sampler_entry,
    texture_entry, uniform_entry,
};
pub use path::{RENDER_PATH_ENV, RenderPath, RenderPathChoice, RenderPathParseError, choose_render_path};
pub use projectiles::{ProjectileRenderer, ProjectileSource, ProjectileStyle, USER_PALETTE};
pub use screenshot::{RgbaImage, ScreenshotError};
pub use shapes::{Layer, Shape, ShapeBatch, ShapeKind, ShapeRenderer};
pub use target::FrameTarget;

pub use tiled::{BinStatus, TiledFallback, TiledRenderer};

/// The render shaders by file name, embedded, before their imports.
pub const RENDER_SOURCES: [(&str, &str); 8] = [
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
    (
        "render_bloom.wgsl",
        include_str!("../../../shaders/render_bloom.wgsl"),
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
    /// Bloom the world's white-hot light ([`bloom`]: four passes timed as
    /// `"render bloom …"`); `None` draws the world straight into the frame.
    pub bloom: Option<BloomStyle>,
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
    /// The bloom's pipelines and layers, made the first time a scene asks.
    bloom: Option<bloom::BloomPass>,
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
            bloom: None,
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

    /// Encodes the world into the frame's target (cleared first), timed as
    /// `"render world"`; the tiled path adds a `"render bin"` compute pass
    /// before it, [`Scene::glow`] a `"render glow"` pass after it and
    /// [`Scene::bloom`] its four passes, with the screen layer last.
    pub fn encode(&mut self, f: &mut FrameTarget<'_>, scene: &Scene) {
        let uniform = scene.camera.uniform(f.size, scene.time);
        f.queue
            .write_buffer(&self.camera_buffer, 0, bytemuck::bytes_of(&uniform));
        let screen = screen_camera(f.size, scene.time);
        f.queue
            .write_buffer(&self.screen_buffer, 0, bytemuck::bytes_of(&screen));
        let cameras = (&uniform, &screen);
        let screen_left = match scene.bloom {
            Some(style) => {
                let mut bloom = self
                    .bloom
                    .take()
                    .unwrap_or_else(|| bloom::BloomPass::new(f.device, self.format));
                let world = bloom.world_view(f.device, f.size);
                let left = self.encode_world(&mut f.retarget(&world, f.size), scene, cameras);
                bloom.encode(f, &style);
                self.bloom = Some(bloom);
                left
            }
            None => self.encode_world(f, scene, cameras),
        };
        if let Some(layers) = screen_left {
            self.screen_pass(f, &layers);
        }
    }

    /// The world by the path in force, and the glow; returns the uploaded
    /// layers when the screen layer is still to be drawn over it (in a pass
    /// of its own: after the glow or the bloom, or on the tiled path).
    fn encode_world(
        &mut self,
        f: &mut FrameTarget<'_>,
        scene: &Scene,
        cameras: (&CameraUniform, &CameraUniform),
    ) -> Option<shapes::UploadedLayers> {
        if self.choice.path == RenderPath::Tiled {
            let tiled = self
                .tiled
                .get_or_insert_with(|| TiledRenderer::new(f.device, self.format));
            match tiled.encode(f, scene, &self.camera_buffer) {
                Ok(()) => {
                    if scene.glow {
                        let prepared = self.prepare_projectiles(f.device, f.queue, scene);
                        self.encode_glow(f, prepared.as_ref());
                    }
                    // The screen layer through the instanced shape pipeline
                    // (a few flat panels; binning them would buy nothing).
                    if scene.shapes.screen.is_empty() {
                        return None;
                    }
                    let only = ShapeBatch {
                        screen: scene.shapes.screen.clone(),
                        ..ShapeBatch::default()
                    };
                    // Only the screen layer is uploaded: the world camera is moot.
                    let (_, screen) = cameras;
                    return Some(self.shapes.upload(f.device, f.queue, &only, screen, screen));
                }
                Err(why) => {
                    if self.fallbacks.1 != Some(why) {
                        log::warn!("tiled world path: {why:?}; drawing instanced");
                    }
                    self.fallbacks = (self.fallbacks.0 + 1, Some(why));
                }
            }
        }
        self.encode_instanced(f, scene, cameras)
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
    fn encode_glow(&self, f: &mut FrameTarget<'_>, prepared: Option<&projectiles::PreparedProjectiles>) {
        let Some(prepared) = prepared else {
            return;
        };
        let mut pass = color_pass(f.encoder, "render glow", f.view, wgpu::LoadOp::Load, f.scopes);
        self.projectiles.draw_glow(&mut pass, prepared);
    }

    /// The instanced world; the screen layer is drawn in the world pass
    /// unless a glow or bloom pass must come between (then the layers are
    /// returned for it).
    fn encode_instanced(
        &mut self,
        f: &mut FrameTarget<'_>,
        scene: &Scene,
        (world, screen): (&CameraUniform, &CameraUniform),
    ) -> Option<shapes::UploadedLayers> {
        let layers = self
            .shapes
            .upload(f.device, f.queue, &scene.shapes, world, screen);
        let prepared = self.prepare_projectiles(f.device, f.queue, scene);
        // The crowd layer is drawn before the world pass that adds it.
        let crowd = match &prepared {
            Some(p) if scene.crowd_layer > 1 => {
                let layer = self
                    .crowd
                    .get_or_insert_with(|| crowd::CrowdLayer::new(f.device, self.format));
                layer.encode_layer(f, scene.crowd_layer, &self.projectiles, p);
                true
            }
            _ => false,
        };
        let mut pass = color_pass(f.encoder, "render world", f.view, clear_to(scene.clear), f.scopes);
        self.shapes
            .draw(&mut pass, &self.camera_group, &layers, Layer::Ground);
        // With the glow pass the enemy shots wait for the top pass, over
        // the glow (they are threats: docs/art.md#light).
        if let Some(p) = &prepared {
            match (&self.crowd, crowd) {
                (Some(layer), true) => layer.draw_composite(&mut pass),
                _ => self.projectiles.draw_player(&mut pass, p),
            }
            if !scene.glow {
                self.projectiles.draw_enemy(&mut pass, p);
            }
        }
        self.shapes
            .draw(&mut pass, &self.camera_group, &layers, Layer::Glow);
        if !scene.glow {
            self.shapes
                .draw(&mut pass, &self.camera_group, &layers, Layer::Top);
        }
        if scene.glow || scene.bloom.is_some() {
            // The glow and the bloom lie over the world and under the
            // screen layer.
            drop(pass);
            if scene.glow {
                self.encode_glow(f, prepared.as_ref());
                // Enemy shots and the top layer (the player, tells) over the
                // glow: a crowd's haze of halos never hides them
                // (docs/art.md#draw-order).
                let mut pass = color_pass(f.encoder, "render top", f.view, wgpu::LoadOp::Load, f.scopes);
                if let Some(p) = &prepared {
                    self.projectiles.draw_enemy(&mut pass, p);
                }
                self.shapes
                    .draw(&mut pass, &self.camera_group, &layers, Layer::Top);
            }
            (!scene.shapes.screen.is_empty()).then_some(layers)
        } else {
            self.shapes
                .draw(&mut pass, &self.screen_group, &layers, Layer::Screen);
            None
        }
    }

    /// [`Layer::Screen`] in a pass of its own, over what is in the target.
    fn screen_pass(&self, f: &mut FrameTarget<'_>, layers: &shapes::UploadedLayers) {
        let mut pass = color_pass(f.encoder, "render screen", f.view, wgpu::LoadOp::Load, f.scopes);
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

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) use tests::render_offscreen;
