//! Instanced 2D shapes (circles, rings, triangles, squares, diamonds, lines,
//! hexagons, crosses) drawn as signed-distance quads in one draw call per
//! layer (`shaders/render_shapes.wgsl`).
//!
//! The game fills a [`ShapeBatch`] each frame; [`ShapeRenderer`] uploads it in
//! one buffer write and draws each layer as one instanced range.

use bytemuck::{Pod, Zeroable};
use glam::Vec2;

use super::CameraUniform;

/// Which silhouette a [`Shape`] has; the discriminant is `kind` in the shader.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShapeKind {
    /// Disc of radius `size.x` (a ring when `stroke > 0`).
    Circle = 0,
    /// Triangle of circumradius `size.x` pointing along `rot`.
    Triangle = 1,
    /// Rectangle of half extents `size`.
    Square = 2,
    /// Rhombus of half diagonals `size`.
    Diamond = 3,
    /// Capsule of half length `size.x` and half thickness `size.y` along `rot`.
    Line = 4,
    /// Hexagon of inradius `size.x`.
    Hexagon = 5,
    /// Plus sign of half length `size.x` and arm thickness `size.y / 2`.
    Cross = 6,
}

/// One shape instance, byte for byte `ShapeIn` of the shader (48 bytes).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct Shape {
    /// Centre, world px.
    pub pos: [f32; 2],
    /// Size; meaning per [`ShapeKind`].
    pub size: [f32; 2],
    /// Linear RGBA, not premultiplied.
    pub color: [f32; 4],
    /// Rotation, radians (0 = pointing along +x).
    pub rot: f32,
    /// A [`ShapeKind`] as `u32`.
    pub kind: u32,
    /// Outline width in world px drawn inside the edge; 0 fills the shape;
    /// negative fills it with a dark rim of that many px (see [`Shape::outlined`]).
    pub stroke: f32,
    /// Halo falloff length in world px; 0 draws no halo.
    pub glow: f32,
}

impl Shape {
    /// A filled shape of `kind` at `pos`.
    pub fn new(kind: ShapeKind, pos: Vec2, size: Vec2, color: [f32; 4]) -> Self {
        Self {
            pos: pos.to_array(),
            size: size.to_array(),
            color,
            rot: 0.0,
            kind: kind as u32,
            stroke: 0.0,
            glow: 0.0,
        }
    }

    /// A filled disc.
    pub fn circle(pos: Vec2, radius: f32, color: [f32; 4]) -> Self {
        Self::new(ShapeKind::Circle, pos, Vec2::splat(radius), color)
    }

    /// A ring: the outline of a disc, `width` px thick.
    pub fn ring(pos: Vec2, radius: f32, width: f32, color: [f32; 4]) -> Self {
        Self::circle(pos, radius, color).stroke(width)
    }

    /// A line segment from `a` to `b`, `width` px thick with round caps.
    pub fn line(a: Vec2, b: Vec2, width: f32, color: [f32; 4]) -> Self {
        let d = b - a;
        Self::new(
            ShapeKind::Line,
            (a + b) * 0.5,
            Vec2::new(d.length() * 0.5, width * 0.5),
            color,
        )
        .rotated(d.y.atan2(d.x))
    }

    /// The same shape turned by `rot` radians.
    pub fn rotated(mut self, rot: f32) -> Self {
        self.rot = rot;
        self
    }

    /// The same shape drawn as an outline `width` px thick.
    pub fn stroke(mut self, width: f32) -> Self {
        self.stroke = width;
        self
    }

    /// The same shape, filled, with a dark rim `width` px wide (one quad; reads in crowds).
    pub fn outlined(mut self, width: f32) -> Self {
        self.stroke = -width.abs();
        self
    }

    /// The same shape with a soft halo of falloff `length` px.
    pub fn glow(mut self, length: f32) -> Self {
        self.glow = length;
        self
    }

    /// Half size of the shape's quad in its own frame, world px: its extent
    /// plus the anti-aliasing and glow margin. The CPU twin of `shape_quad`
    /// in `render_look.wgsl` (the view test and the tiled path's reference
    /// binning use it).
    pub fn quad_half(&self, world_per_px: f32) -> Vec2 {
        let [w, h] = self.size;
        let ext = match self.kind {
            k if k == ShapeKind::Line as u32 => Vec2::new(w + h, h),
            k if k == ShapeKind::Circle as u32 || k == ShapeKind::Cross as u32 => Vec2::splat(w),
            k if k == ShapeKind::Hexagon as u32 => Vec2::new(w * 1.154_700_5, w),
            _ => Vec2::new(w, h),
        };
        ext + Vec2::splat(2.0 * world_per_px + self.glow * 3.0)
    }

    /// Whether any of the shape's pixels can fall inside the view of
    /// `camera`: its quad, at any rotation, lies within the circle of its
    /// half diagonal (what [`ShapeRenderer::upload`] keeps).
    pub fn in_view(&self, camera: &CameraUniform) -> bool {
        let reach = self.quad_half(camera.world_per_px).abs().length();
        let d = (Vec2::from(self.pos) - Vec2::from(camera.center)).abs();
        let half = Vec2::from(camera.half_extent);
        d.x <= half.x + reach && d.y <= half.y + reach
    }
}

/// Draw order of shapes relative to the projectiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layer {
    /// Floor, telegraphs, pickups, enemies: under the projectiles.
    Ground,
    /// Additive light over the projectiles: bursts, flashes, muzzle glows.
    Glow,
    /// Above everything: the player and its outline, so it is never lost in a crowd.
    Top,
    /// Over the world, in screen pixels (origin top-left, camera ignored):
    /// flat panels under egui's text, such as the HUD's backing and bars.
    /// Why not egui: its textured shader costs ~30 ns a pixel on a software
    /// rasteriser, and a full-width HUD strip was ~2.5 ms a frame of it.
    Screen,
}

/// The shapes of one frame, by layer. Cleared and refilled every frame.
#[derive(Debug, Clone, Default)]
pub struct ShapeBatch {
    /// [`Layer::Ground`] shapes, drawn in order.
    pub ground: Vec<Shape>,
    /// [`Layer::Glow`] shapes (additive).
    pub glow: Vec<Shape>,
    /// [`Layer::Top`] shapes, drawn in order.
    pub top: Vec<Shape>,
    /// [`Layer::Screen`] shapes, in screen pixels, drawn in order.
    pub screen: Vec<Shape>,
}

impl ShapeBatch {
    /// Adds `shape` to `layer`.
    pub fn push(&mut self, layer: Layer, shape: Shape) {
        match layer {
            Layer::Ground => self.ground.push(shape),
            Layer::Glow => self.glow.push(shape),
            Layer::Top => self.top.push(shape),
            Layer::Screen => self.screen.push(shape),
        }
    }

    /// Empties every layer, keeping the allocations.
    pub fn clear(&mut self) {
        self.ground.clear();
        self.glow.clear();
        self.top.clear();
        self.screen.clear();
    }

    /// Shapes in all layers.
    pub fn len(&self) -> usize {
        self.ground.len() + self.glow.len() + self.top.len() + self.screen.len()
    }

    /// Whether no layer holds a shape.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Instance ranges of the uploaded batch, one per layer.
#[derive(Debug, Clone, Copy, Default)]
pub struct UploadedLayers {
    ground: (u32, u32),
    glow: (u32, u32),
    top: (u32, u32),
    screen: (u32, u32),
}

/// The pipelines and the growing instance buffer of the shape pass.
#[derive(Debug)]
pub struct ShapeRenderer {
    alpha: wgpu::RenderPipeline,
    additive: wgpu::RenderPipeline,
    /// Per [`ShapeKind`] (index = kind): the same pipelines with the kind
    /// fixed by the `SHAPE_KIND` override, so software rasterisers (which run
    /// every branch of a per-pixel `switch`) shade one distance function.
    alpha_by_kind: Vec<wgpu::RenderPipeline>,
    additive_by_kind: Vec<wgpu::RenderPipeline>,
    /// Whether runs of one kind use the specialised pipelines.
    specialised: bool,
    instances: wgpu::Buffer,
    capacity: u64,
    staging: Vec<Shape>,
}

/// `SHAPE_KIND` override value meaning "read the kind per instance".
const GENERIC_KIND: u32 = 7;
/// Beyond this many runs of one kind in a layer, the layer is drawn in one
/// generic draw call instead (draw calls have a cost of their own).
const MAX_RUNS: usize = 64;

/// Maximal runs of consecutive shapes of one kind: `(kind, start, end)`.
fn kind_runs(shapes: &[Shape]) -> Vec<(u32, u32, u32)> {
    let mut runs: Vec<(u32, u32, u32)> = Vec::new();
    for (i, s) in shapes.iter().enumerate() {
        match runs.last_mut() {
            Some(run) if run.0 == s.kind => run.2 = i as u32 + 1,
            _ => runs.push((s.kind, i as u32, i as u32 + 1)),
        }
    }
    runs
}

const SHAPE_ATTRIBUTES: [wgpu::VertexAttribute; 7] = wgpu::vertex_attr_array![
    0 => Float32x2, 1 => Float32x2, 2 => Float32x4, 3 => Float32, 4 => Uint32, 5 => Float32, 6 => Float32
];

impl ShapeRenderer {
    /// Builds the pipelines for targets of `format`; `camera_layout` is the
    /// camera bind group layout shared by every render pass.
    pub fn new(
        device: &wgpu::Device,
        format: wgpu::TextureFormat,
        camera_layout: &wgpu::BindGroupLayout,
    ) -> Self {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("render_shapes.wgsl"),
            source: wgpu::ShaderSource::Wgsl(super::shapes_wgsl().into()),
        });
        let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("shapes layout"),
            bind_group_layouts: &[Some(camera_layout)],
            immediate_size: 0,
        });
        let make_kind = |label: &str, entry: &str, blend: wgpu::BlendState, kind: u32| {
            let constants = [("SHAPE_KIND", f64::from(kind))];
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(label),
                layout: Some(&layout),
                vertex: wgpu::VertexState {
                    module: &module,
                    entry_point: Some("vs_main"),
                    compilation_options: wgpu::PipelineCompilationOptions {
                        constants: &constants,
                        ..Default::default()
                    },
                    buffers: &[Some(wgpu::VertexBufferLayout {
                        array_stride: std::mem::size_of::<Shape>() as u64,
                        step_mode: wgpu::VertexStepMode::Instance,
                        attributes: &SHAPE_ATTRIBUTES,
                    })],
                },
                primitive: wgpu::PrimitiveState::default(),
                depth_stencil: None,
                multisample: wgpu::MultisampleState::default(),
                fragment: Some(wgpu::FragmentState {
                    module: &module,
                    entry_point: Some(entry),
                    compilation_options: wgpu::PipelineCompilationOptions {
                        constants: &constants,
                        ..Default::default()
                    },
                    targets: &[Some(wgpu::ColorTargetState {
                        format,
                        blend: Some(blend),
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                multiview_mask: None,
                cache: None,
            })
        };
        let make =
            |label: &str, entry: &str, blend: wgpu::BlendState| make_kind(label, entry, blend, GENERIC_KIND);
        let alpha_by_kind = (0..GENERIC_KIND)
            .map(|k| {
                make_kind(
                    "shapes alpha (one kind)",
                    "fs_alpha",
                    wgpu::BlendState::PREMULTIPLIED_ALPHA_BLENDING,
                    k,
                )
            })
            .collect();
        let additive_by_kind = (0..GENERIC_KIND)
            .map(|k| make_kind("shapes additive (one kind)", "fs_additive", super::ADDITIVE, k))
            .collect();
        let alpha = make(
            "shapes alpha",
            "fs_alpha",
            wgpu::BlendState::PREMULTIPLIED_ALPHA_BLENDING,
        );
        let additive = make("shapes additive", "fs_additive", super::ADDITIVE);
        let capacity = 1024;
        Self {
            alpha,
            additive,
            alpha_by_kind,
            additive_by_kind,
            specialised: std::env::var_os("ARTIFICER_GENERIC_SHAPES").is_none(),
            instances: Self::buffer(device, capacity),
            capacity,
            staging: Vec::new(),
        }
    }

    fn buffer(device: &wgpu::Device, capacity: u64) -> wgpu::Buffer {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("shape instances"),
            size: capacity * std::mem::size_of::<Shape>() as u64,
            usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    }

    /// Uploads the shapes of every layer of `batch` that can show in the
    /// view of `camera` (of `screen`, the pixel camera, for
    /// [`Layer::Screen`]), in one write (growing the buffer when needed).
    ///
    /// Why cull here: a software rasteriser pays ~2 µs per instance even
    /// when all its triangles are clipped away, and most of a large
    /// arena's crowd is off a 1280×720 view (the game's design load: 1,000
    /// enemies spread over a floor many screens wide).
    pub fn upload(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        batch: &ShapeBatch,
        camera: &CameraUniform,
        screen: &CameraUniform,
    ) -> UploadedLayers {
        self.staging.clear();
        let range = |v: &[Shape], staging: &mut Vec<Shape>, camera: &CameraUniform| {
            let start = staging.len() as u32;
            staging.extend(v.iter().filter(|s| s.in_view(camera)));
            (start, staging.len() as u32)
        };
        let ground = range(&batch.ground, &mut self.staging, camera);
        let glow = range(&batch.glow, &mut self.staging, camera);
        let top = range(&batch.top, &mut self.staging, camera);
        let screen = range(&batch.screen, &mut self.staging, screen);
        let needed = self.staging.len() as u64;
        if needed > self.capacity {
            self.capacity = needed.next_power_of_two();
            self.instances = Self::buffer(device, self.capacity);
        }
        if !self.staging.is_empty() {
            queue.write_buffer(&self.instances, 0, bytemuck::cast_slice(&self.staging));
        }
        UploadedLayers {
            ground,
            glow,
            top,
            screen,
        }
    }

    /// Draws one layer of the last upload into `pass`, through `camera`
    /// (the pixel camera for [`Layer::Screen`]).
    pub fn draw(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        camera: &wgpu::BindGroup,
        layers: &UploadedLayers,
        layer: Layer,
    ) {
        let (range, pipeline, by_kind) = match layer {
            Layer::Ground => (layers.ground, &self.alpha, &self.alpha_by_kind),
            Layer::Glow => (layers.glow, &self.additive, &self.additive_by_kind),
            Layer::Top => (layers.top, &self.alpha, &self.alpha_by_kind),
            Layer::Screen => (layers.screen, &self.alpha, &self.alpha_by_kind),
        };
        if range.0 == range.1 {
            return;
        }
        pass.set_bind_group(0, camera, &[]);
        pass.set_vertex_buffer(0, self.instances.slice(..));
        let shapes = &self.staging[range.0 as usize..range.1 as usize];
        let runs = kind_runs(shapes);
        if !self.specialised || runs.len() > MAX_RUNS {
            pass.set_pipeline(pipeline);
            pass.draw(0..6, range.0..range.1);
            return;
        }
        for (kind, start, end) in runs {
            let p = by_kind.get(kind as usize).unwrap_or(pipeline);
            pass.set_pipeline(p);
            pass.draw(0..6, range.0 + start..range.0 + end);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_is_the_shader_layout() {
        assert_eq!(std::mem::size_of::<Shape>(), 48);
        let offsets: Vec<u64> = SHAPE_ATTRIBUTES.iter().map(|a| a.offset).collect();
        assert_eq!(offsets, vec![0, 8, 16, 32, 36, 40, 44]);
    }

    #[test]
    fn runs_split_where_the_kind_changes() {
        let c = |k: ShapeKind| Shape::new(k, Vec2::ZERO, Vec2::ONE, [1.0; 4]);
        let shapes = [
            c(ShapeKind::Line),
            c(ShapeKind::Line),
            c(ShapeKind::Circle),
            c(ShapeKind::Square),
            c(ShapeKind::Square),
        ];
        assert_eq!(kind_runs(&shapes), vec![(4, 0, 2), (0, 2, 3), (2, 3, 5)]);
        assert!(kind_runs(&[]).is_empty());
    }

    /// A shape is kept while any pixel of its quad (glow and rotation
    /// included) can reach the view, and dropped once it cannot.
    #[test]
    fn only_shapes_that_can_reach_the_view_are_kept() {
        let camera = crate::render::Camera2d {
            center: Vec2::new(1000.0, 1000.0),
            zoom: 1.0,
            shake: Vec2::ZERO,
        }
        .uniform([200, 100], 0.0);
        // The view spans x 900..1100, y 950..1050.
        let disc = |x: f32, y: f32| Shape::circle(Vec2::new(x, y), 10.0, [1.0; 4]);
        assert!(disc(1000.0, 1000.0).in_view(&camera));
        assert!(disc(1110.0, 1000.0).in_view(&camera), "its edge is on screen");
        assert!(!disc(1200.0, 1000.0).in_view(&camera));
        assert!(!disc(1000.0, 1080.0).in_view(&camera));
        // Glow widens the reach: 3 glow lengths beyond the body.
        assert!(disc(1000.0, 1080.0).glow(8.0).in_view(&camera));
        // A long line far to the side still crosses the view.
        let line = Shape::line(Vec2::new(500.0, 1000.0), Vec2::new(950.0, 1000.0), 2.0, [1.0; 4]);
        assert!(line.in_view(&camera));
        let away = Shape::line(Vec2::new(500.0, 1000.0), Vec2::new(850.0, 1000.0), 2.0, [1.0; 4]);
        assert!(!away.in_view(&camera));
    }

    #[test]
    fn a_line_spans_its_endpoints() {
        let s = Shape::line(Vec2::new(0.0, 0.0), Vec2::new(0.0, 10.0), 2.0, [1.0; 4]);
        assert_eq!(s.pos, [0.0, 5.0]);
        assert_eq!(s.size, [5.0, 1.0]);
        assert!((s.rot - std::f32::consts::FRAC_PI_2).abs() < 1e-6);
    }
}
