//! A read-only egui panel drawn into a texture a few times a second and
//! composited every frame.
//!
//! Why: the profiler overlay is mostly small glyphs, and on a software
//! rasteriser (lavapipe, 2 cores) drawing ~1,000 glyphs and a line plot
//! through egui costs 10–15 ms a frame — the overlay would be most of what
//! it measures. Readouts that change every frame cannot be read anyway, so
//! the panel is laid out and drawn only every [`REFRESH`] (as MangoHud
//! samples its HUD every 500 ms by default); in between, one quad loads the
//! cached pixels 1:1. On lavapipe that turns ~11 ms per frame into ~0.5 ms
//! per frame plus one full draw twice a second.
//!
//! The panel has its own egui context, so it takes no input: it is a
//! display, toggled by the application (F3 in the game).

use std::time::{Duration, Instant};

use bytemuck::{Pod, Zeroable};

use crate::render::FrameTarget;

/// How often a shown panel is laid out and drawn again.
pub const REFRESH: Duration = Duration::from_millis(500);

/// `shaders/ui_panel.wgsl`, embedded.
pub const PANEL_WGSL: &str = include_str!("../../../shaders/ui_panel.wgsl");

/// What the application puts in the panel this frame.
type Content = Box<dyn FnOnce(&mut egui::Ui)>;

/// The application's handle on the panel for one frame (see [`crate::window::Frame`]).
///
/// Call [`PanelSlot::show`] every frame the panel should be visible; the
/// content closure runs only on frames where the cached picture is due for a
/// refresh, so building it costs nothing the rest of the time.
#[derive(Default)]
pub struct PanelSlot {
    due: bool,
    shown: bool,
    content: Option<Content>,
}

impl std::fmt::Debug for PanelSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PanelSlot")
            .field("due", &self.due)
            .field("shown", &self.shown)
            .finish_non_exhaustive()
    }
}

impl PanelSlot {
    /// Whether content passed to [`Self::show`] this frame will be drawn.
    pub fn due(&self) -> bool {
        self.due
    }

    /// Shows the panel this frame; `content` builds its inside and is only
    /// called when the cached picture is refreshed.
    pub fn show(&mut self, content: impl FnOnce(&mut egui::Ui) + 'static) {
        self.shown = true;
        if self.due {
            self.content = Some(Box::new(content));
        }
    }
}

#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
struct Placement {
    origin: [f32; 2],
    size: [f32; 2],
    viewport: [f32; 2],
    pad: [f32; 2],
    backing: Backing,
}

/// The panel's window backing (fill, border, rounded corners), drawn by the
/// composite shader instead of by egui: egui shades a big fill through its
/// textured shader at ~50 ns a pixel on lavapipe, which was half of every
/// refresh (13 ms -> ~6 ms without it). Corners and colours come from the
/// egui style, so the panel looks like any egui window.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, Pod, Zeroable)]
struct Backing {
    /// The window rectangle within the panel, physical px.
    min: [f32; 2],
    max: [f32; 2],
    /// Fill and border colours, 0-1 as egui writes them to a non-sRGB target.
    fill: [f32; 4],
    stroke: [f32; 4],
    /// Corner radius and border width, physical px.
    radius: f32,
    stroke_width: f32,
    pad: [f32; 2],
}

/// The cached panel: its egui context and renderer, its texture, and the
/// composite pipeline.
pub struct CachedPanel {
    ctx: egui::Context,
    renderer: egui_wgpu::Renderer,
    format: wgpu::TextureFormat,
    texture: Option<(wgpu::Texture, [u32; 2])>,
    bind_group: Option<wgpu::BindGroup>,
    layout: wgpu::BindGroupLayout,
    pipeline: wgpu::RenderPipeline,
    placement: wgpu::Buffer,
    /// Physical px of the texture the panel covers (0 before the first refresh).
    used: [u32; 2],
    /// The window backing of the last refresh.
    backing: Backing,
    /// Top-left corner on screen, in points.
    origin_points: [f32; 2],
    last_refresh: Option<Instant>,
    /// The previous frame showed the panel (a panel shown again refreshes at once).
    was_shown: bool,
}

impl std::fmt::Debug for CachedPanel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CachedPanel")
            .field("used", &self.used)
            .field("last_refresh", &self.last_refresh)
            .finish_non_exhaustive()
    }
}

impl CachedPanel {
    /// A panel at `origin_points` (top-left, in points) for targets of `format`.
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat, origin_points: [f32; 2]) -> Self {
        let ctx = egui::Context::default();
        ctx.set_visuals(egui::Visuals::dark());
        let renderer = egui_wgpu::Renderer::new(
            device,
            format,
            egui_wgpu::RendererOptions {
                dithering: false,
                ..Default::default()
            },
        );
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("panel layout"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Uniform,
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Float { filterable: false },
                        view_dimension: wgpu::TextureViewDimension::D2,
                        multisampled: false,
                    },
                    count: None,
                },
            ],
        });
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("ui_panel.wgsl"),
            source: wgpu::ShaderSource::Wgsl(PANEL_WGSL.into()),
        });
        let pipeline = crate::render::composite_pipeline(
            device,
            "panel composite",
            &module,
            &layout,
            format,
            wgpu::BlendState::PREMULTIPLIED_ALPHA_BLENDING,
        );
        let placement = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("panel placement"),
            size: std::mem::size_of::<Placement>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Self {
            ctx,
            renderer,
            format,
            texture: None,
            bind_group: None,
            layout,
            pipeline,
            placement,
            used: [0, 0],
            backing: Backing::default(),
            origin_points,
            last_refresh: None,
            was_shown: false,
        }
    }

    /// The slot handed to the application for a frame starting `now`.
    pub fn slot(&self, now: Instant) -> PanelSlot {
        let due = !self.was_shown || self.last_refresh.is_none_or(|t| now.duration_since(t) >= REFRESH);
        PanelSlot {
            due,
            shown: false,
            content: None,
        }
    }

    /// Takes the application's slot back after its frame (whose target's
    /// size is the viewport): redraws the cached picture if new content came
    /// (timed as `"render panel"`), and says whether to composite the panel
    /// this frame.
    pub fn update(
        &mut self,
        f: &mut FrameTarget<'_>,
        slot: PanelSlot,
        pixels_per_point: f32,
        now: Instant,
    ) -> bool {
        let viewport = f.size;
        self.was_shown = slot.shown;
        if !slot.shown {
            return false;
        }
        if let Some(content) = slot.content {
            self.redraw(f, content, pixels_per_point);
            self.last_refresh = Some(now);
        }
        if self.used[0] == 0 || self.used[1] == 0 {
            return false;
        }
        let origin = [
            (self.origin_points[0] * pixels_per_point).round(),
            (self.origin_points[1] * pixels_per_point).round(),
        ];
        let placement = Placement {
            origin,
            size: [
                (self.used[0] as f32).min(viewport[0] as f32 - origin[0]).max(0.0),
                (self.used[1] as f32).min(viewport[1] as f32 - origin[1]).max(0.0),
            ],
            viewport: [viewport[0] as f32, viewport[1] as f32],
            pad: [0.0; 2],
            backing: self.backing,
        };
        f.queue
            .write_buffer(&self.placement, 0, bytemuck::bytes_of(&placement));
        placement.size[0] > 0.0 && placement.size[1] > 0.0
    }

    /// Lays the content out in the panel's own egui context and draws it
    /// into the cached texture (cleared to transparent), sized to the
    /// frame's target.
    fn redraw(&mut self, f: &mut FrameTarget<'_>, content: Content, pixels_per_point: f32) {
        let (device, viewport) = (f.device, f.size);
        let size = [viewport[0].max(1), viewport[1].max(1)];
        if self.texture.as_ref().is_none_or(|(_, s)| *s != size) {
            let texture = crate::render::layer_texture(device, "cached panel", self.format, size);
            let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
            self.bind_group = Some(device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("panel bind group"),
                layout: &self.layout,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: self.placement.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: wgpu::BindingResource::TextureView(&view),
                    },
                ],
            }));
            self.texture = Some((texture, size));
        }
        let Some((texture, _)) = &self.texture else { return };
        let points = egui::vec2(
            size[0] as f32 / pixels_per_point,
            size[1] as f32 / pixels_per_point,
        );
        let mut input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, points)),
            ..Default::default()
        };
        input
            .viewports
            .entry(egui::ViewportId::ROOT)
            .or_default()
            .native_pixels_per_point = Some(pixels_per_point);
        let mut content = Some(content);
        let mut used = egui::Rect::NOTHING;
        let style = self.ctx.global_style();
        let output = self.ctx.run_ui(input, |ui| {
            // The window's fill and border are drawn by the composite (see `Backing`).
            let frame = egui::Frame::window(&style)
                .shadow(egui::Shadow::NONE)
                .fill(egui::Color32::TRANSPARENT)
                .stroke(egui::Stroke::NONE);
            let response = frame.show(ui, |ui| {
                if let Some(content) = content.take() {
                    content(ui);
                }
            });
            used = response.response.rect;
        });
        self.used = if used.is_positive() {
            [
                ((used.max.x + 1.0) * pixels_per_point).ceil().min(size[0] as f32) as u32,
                ((used.max.y + 1.0) * pixels_per_point).ceil().min(size[1] as f32) as u32,
            ]
        } else {
            [0, 0]
        };
        let colour = |c: egui::Color32| c.to_array().map(|v| f32::from(v) / 255.0);
        let visuals = &style.visuals;
        self.backing = Backing {
            min: (used.min.to_vec2() * pixels_per_point).into(),
            max: (used.max.to_vec2() * pixels_per_point).into(),
            fill: colour(visuals.window_fill),
            stroke: colour(visuals.window_stroke.color),
            radius: f32::from(visuals.window_corner_radius.nw) * pixels_per_point,
            stroke_width: visuals.window_stroke.width * pixels_per_point,
            pad: [0.0; 2],
        };
        let pixels_per_point = output.pixels_per_point;
        let mut textures = output.textures_delta;
        let jobs = self.ctx.tessellate(output.shapes, pixels_per_point);
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let pass = super::PaintPass {
            load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
            label: "render panel",
        };
        super::paint(
            &mut self.renderer,
            &mut f.retarget(&view, size),
            &pass,
            pixels_per_point,
            (&jobs, &textures),
            |_| {},
        );
        for id in &textures.free {
            self.renderer.free_texture(id);
        }
        textures.clear();
    }

    /// Composites the cached picture into `pass` (after [`Self::update`] said yes).
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        let Some(group) = &self.bind_group else { return };
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, group, &[]);
        pass.draw(0..6, 0..1);
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::rc::Rc;
    use std::time::{Duration, Instant};

    use super::CachedPanel;
    use crate::profile::GpuScopes;
    use crate::render::{FrameTarget, screenshot};

    /// Content is built on the first frame and then only every `REFRESH`;
    /// every shown frame composites the cached picture at the panel's place
    /// and nowhere else; a frame that does not show it draws nothing.
    #[test]
    fn panel_refreshes_on_schedule_and_composites_in_place() {
        let Some(ctx) = crate::gpu::test_context() else {
            return;
        };
        let (device, queue) = (&ctx.device, &ctx.queue);
        let format = wgpu::TextureFormat::Rgba8Unorm;
        let size = [320, 240];
        let mut panel = CachedPanel::new(device, format, [10.0, 20.0]);
        let built = Rc::new(Cell::new(0));
        let mut frame = |now: Instant, show: bool| {
            let mut slot = panel.slot(now);
            if show {
                let built = Rc::clone(&built);
                slot.show(move |ui| {
                    built.set(built.get() + 1);
                    ui.label("cached");
                });
            }
            let target = screenshot::offscreen_target(device, format, size);
            let view = target.create_view(&wgpu::TextureViewDescriptor::default());
            let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
            let mut scopes = GpuScopes::disabled(device);
            let mut f = FrameTarget {
                device,
                queue,
                encoder: &mut encoder,
                view: &view,
                size,
                scopes: &mut scopes,
            };
            let composite = panel.update(&mut f, slot, 1.0, now);
            {
                let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                    label: None,
                    color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                        view: &view,
                        depth_slice: None,
                        resolve_target: None,
                        ops: wgpu::Operations {
                            load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                            store: wgpu::StoreOp::Store,
                        },
                    })],
                    depth_stencil_attachment: None,
                    timestamp_writes: None,
                    occlusion_query_set: None,
                    multiview_mask: None,
                });
                if composite {
                    panel.draw(&mut pass);
                }
            }
            queue.submit([encoder.finish()]);
            screenshot::read_texture(device, queue, &target).expect("read back")
        };
        let t0 = Instant::now();
        let first = frame(t0, true);
        assert_eq!(built.get(), 1, "the first shown frame builds the content");
        let second = frame(t0 + Duration::from_millis(100), true);
        assert_eq!(built.get(), 1, "within REFRESH the cached picture is reused");
        assert_eq!(
            first.pixels, second.pixels,
            "the cached picture is composited unchanged"
        );
        let lit = |img: &screenshot::RgbaImage, x: usize, y: usize| {
            let i = (y * size[0] as usize + x) * 4;
            img.pixels[i..i + 3].iter().any(|&c| c > 0)
        };
        assert!(
            lit(&first, 30, 35),
            "the panel's window fill is drawn at its place"
        );
        assert!(!lit(&first, 5, 5), "nothing is drawn above-left of the panel");
        assert!(
            !lit(&first, 300, 230),
            "nothing is drawn far right of the small panel"
        );
        frame(t0 + super::REFRESH + Duration::from_millis(150), true);
        assert_eq!(built.get(), 2, "after REFRESH the content is built again");
        let hidden = frame(t0 + Duration::from_secs(5), false);
        assert!(
            hidden.pixels.chunks(4).all(|p| p[..3] == [0, 0, 0]),
            "a hidden panel draws nothing"
        );
        frame(t0 + Duration::from_millis(5_010), true);
        assert_eq!(built.get(), 3, "a panel shown again is rebuilt at once");
    }
}
