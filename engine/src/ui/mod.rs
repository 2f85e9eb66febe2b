//! egui on top of the world: input through egui-winit, drawing through
//! egui-wgpu, screen transitions ([`transition`]) and the profiler overlay
//! ([`overlay::ProfilerOverlay`]).

pub mod offscreen;
pub mod overlay;
pub mod panel;
pub mod transition;

pub use overlay::{OverlayData, ProfilerOverlay};
pub use panel::{CachedPanel, PanelSlot};

use winit::window::Window;

use crate::render::FrameTarget;

/// egui's context, its winit input state and its wgpu renderer.
pub struct EguiLayer {
    ctx: egui::Context,
    state: egui_winit::State,
    renderer: egui_wgpu::Renderer,
    /// The held picture of a cross-fade and the last frame's own picture.
    fader: transition::Fader,
    /// The layers a running slide has moved (put back when it ends).
    slid: Vec<egui::LayerId>,
}

impl std::fmt::Debug for EguiLayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EguiLayer").finish_non_exhaustive()
    }
}

/// One frame of egui output, tessellated and ready to draw.
pub struct EguiFrame {
    jobs: Vec<egui::ClippedPrimitive>,
    textures: egui::TexturesDelta,
    pixels_per_point: f32,
    /// How many of `jobs` (the first) are a transition's held picture.
    held: usize,
}

impl std::fmt::Debug for EguiFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EguiFrame")
            .field("jobs", &self.jobs.len())
            .finish_non_exhaustive()
    }
}

impl EguiFrame {
    /// Physical pixels per egui point this frame.
    pub fn pixels_per_point(&self) -> f32 {
        self.pixels_per_point
    }
}

impl EguiLayer {
    /// egui for `window`, drawing into targets of `format`.
    pub fn new(window: &Window, device: &wgpu::Device, format: wgpu::TextureFormat) -> Self {
        let ctx = egui::Context::default();
        ctx.set_visuals(egui::Visuals::dark());
        let max_side = device.limits().max_texture_dimension_2d as usize;
        let state = egui_winit::State::new(
            ctx.clone(),
            egui::ViewportId::ROOT,
            window,
            Some(window.scale_factor() as f32),
            None,
            Some(max_side),
        );
        let renderer = egui_wgpu::Renderer::new(
            device,
            format,
            egui_wgpu::RendererOptions {
                dithering: false,
                ..Default::default()
            },
        );
        Self {
            ctx,
            state,
            renderer,
            fader: transition::Fader::default(),
            slid: Vec::new(),
        }
    }

    /// The egui context (cheap to clone).
    pub fn ctx(&self) -> &egui::Context {
        &self.ctx
    }

    /// Feeds a window event to egui; true when egui consumed it (the game should ignore it).
    pub fn on_window_event(&mut self, window: &Window, event: &winit::event::WindowEvent) -> bool {
        self.state.on_window_event(window, event).consumed
    }

    /// Starts an egui pass with this frame's input, plus `extra` events
    /// from devices the window does not see (a gamepad's menu navigation).
    pub fn begin(&mut self, window: &Window, extra: Vec<egui::Event>) {
        let mut input = self.state.take_egui_input(window);
        input.events.extend(extra);
        self.ctx.begin_pass(input);
    }

    /// Ends the pass (a slide's layers moved first), applies platform
    /// output (cursor, clipboard) and tessellates.
    pub fn end(&mut self, window: &Window) -> EguiFrame {
        let t = transition::take(&self.ctx);
        let offset = t.map_or([0.0, 0.0], |t| t.offset);
        transition::slide_layers(&self.ctx, offset, &mut self.slid);
        let out = self.ctx.end_pass();
        log_focus(&out.platform_output);
        self.state.handle_platform_output(window, out.platform_output);
        let jobs = self.ctx.tessellate(out.shapes, out.pixels_per_point);
        let (jobs, held) = self.fader.compose(t, jobs);
        if crate::profile::recorder::is_on() {
            book_cost(&jobs, out.pixels_per_point);
        }
        EguiFrame {
            jobs,
            textures: out.textures_delta,
            pixels_per_point: out.pixels_per_point,
            held,
        }
    }

    /// Uploads textures and buffers, then draws `frame` over the frame's
    /// target in its own pass (its GPU scope is "egui"), with the cached
    /// `panel` composited on top when given. Freed textures are released after.
    pub fn encode(&mut self, f: &mut FrameTarget<'_>, frame: &EguiFrame, panel: Option<&CachedPanel>) {
        let size = f.size;
        let pass = PaintPass {
            load: wgpu::LoadOp::Load,
            label: "render egui",
        };
        paint(
            &mut self.renderer,
            f,
            &pass,
            frame.pixels_per_point,
            (&frame.jobs, &frame.textures),
            |pass| {
                if let Some(panel) = panel {
                    // egui leaves a scissor rectangle set; the panel needs the whole target.
                    pass.set_scissor_rect(0, 0, size[0], size[1]);
                    pass.set_viewport(0.0, 0.0, size[0] as f32, size[1] as f32, 0.0, 1.0);
                    panel.draw(pass);
                }
            },
        );
    }

    /// Releases the textures egui freed this frame (after the frame is
    /// submitted), marks the frame's texture changes as applied, and keeps
    /// the frame's picture for a transition that may start next frame.
    pub fn finish(&mut self, mut frame: EguiFrame) {
        for id in &frame.textures.free {
            self.renderer.free_texture(id);
        }
        frame.textures.clear();
        self.fader.keep(std::mem::take(&mut frame.jobs), frame.held);
    }
}

/// How a [`paint`] pass starts (kept or cleared) and its label (also its
/// timestamp label); where it draws is the frame target's view.
pub(crate) struct PaintPass {
    pub(crate) load: wgpu::LoadOp<wgpu::Color>,
    pub(crate) label: &'static str,
}

/// Uploads the texture changes and buffers of tessellated egui output and
/// draws it into the frame target at `pixels_per_point` in one timed pass;
/// `after` draws more into the same pass. Shared by the main egui layer, the
/// cached panel and the offscreen frame, which differ only in target, load
/// op and what follows.
pub(crate) fn paint(
    renderer: &mut egui_wgpu::Renderer,
    f: &mut FrameTarget<'_>,
    pass: &PaintPass,
    pixels_per_point: f32,
    (jobs, textures): (&[egui::ClippedPrimitive], &egui::TexturesDelta),
    after: impl FnOnce(&mut wgpu::RenderPass<'static>),
) {
    let (device, queue) = (f.device, f.queue);
    let screen = egui_wgpu::ScreenDescriptor {
        size_in_pixels: f.size,
        pixels_per_point,
    };
    for (id, deltas) in &textures.set {
        for delta in deltas {
            renderer.update_texture(device, queue, *id, delta);
        }
    }
    let extra = renderer.update_buffers(device, queue, f.encoder, jobs, &screen);
    if !extra.is_empty() {
        queue.submit(extra);
    }
    let scope = pass.label.strip_prefix("render ").unwrap_or(pass.label);
    let desc = wgpu::RenderPassDescriptor {
        label: Some(pass.label),
        color_attachments: &[Some(wgpu::RenderPassColorAttachment {
            view: f.view,
            depth_slice: None,
            resolve_target: None,
            ops: wgpu::Operations {
                load: pass.load,
                store: wgpu::StoreOp::Store,
            },
        })],
        depth_stencil_attachment: None,
        timestamp_writes: None,
        occlusion_query_set: None,
        multiview_mask: None,
    };
    let render = f.scopes.render_pass(f.encoder, scope, desc);
    let mut render = render.forget_lifetime();
    renderer.render(&mut render, jobs, &screen);
    after(&mut render);
}

/// Books what the egui pass will shade as trace counters: its triangles
/// and the pixels they cover (overdraw counted), the two things a software
/// rasteriser pays for. At debug level (target `egui_cost`) the five
/// primitives covering the most pixels are logged with their clip rects.
fn book_cost(jobs: &[egui::ClippedPrimitive], pixels_per_point: f32) {
    let mut per_job: Vec<(f64, usize, egui::Rect)> = Vec::with_capacity(jobs.len());
    for job in jobs {
        let egui::epaint::Primitive::Mesh(mesh) = &job.primitive else {
            continue;
        };
        let mut area = 0.0f64;
        for tri in mesh.indices.chunks_exact(3) {
            let [a, b, c] = [0, 1, 2].map(|i| mesh.vertices[tri[i] as usize].pos);
            area += f64::from(((b - a).x * (c - a).y - (b - a).y * (c - a).x).abs() * 0.5);
        }
        let ppp2 = f64::from(pixels_per_point * pixels_per_point);
        per_job.push((area * ppp2, mesh.indices.len() / 3, job.clip_rect));
    }
    let pixels: f64 = per_job.iter().map(|j| j.0).sum();
    let triangles: usize = per_job.iter().map(|j| j.1).sum();
    crate::profile::counter("egui triangles", triangles as f64);
    crate::profile::counter("egui pixels", pixels);
    if log::log_enabled!(target: "egui_cost", log::Level::Debug) {
        per_job.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (px, tris, clip) in per_job.iter().take(5) {
            log::debug!(target: "egui_cost", "{px:.0} px, {tris} triangles, clip {clip:?}");
        }
    }
}

/// Logs (target `ui`, level debug) each widget that gains the keyboard focus
/// or is clicked, by its label: keyboard-driven window tests wait on these
/// lines instead of assuming every synthetic key press reached the window.
/// egui reports Tab and Shift+Tab moves and clicks; an arrow-key move lands
/// at the end of a pass and is never reported as gained.
fn log_focus(out: &egui::PlatformOutput) {
    if !log::log_enabled!(target: "ui", log::Level::Debug) {
        return;
    }
    for e in &out.events {
        let (what, info) = match e {
            egui::output::OutputEvent::FocusGained(i) => ("focus", i),
            egui::output::OutputEvent::Clicked(i) => ("click", i),
            _ => continue,
        };
        if let Some(label) = &info.label {
            log::debug!(target: "ui", "{what}: {label}");
        }
    }
}
