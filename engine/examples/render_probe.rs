//! What the world pass costs on this adapter as a function of how many shapes
//! it draws and how big they are: N random shapes of radius R drawn offscreen
//! at 1280x720 through the game's own `SceneRenderer`, timed with GPU
//! timestamps (mean of frames 10-59). Prints one JSON line.
//!
//! `cargo run --release -p engine --example render_probe -- N R [circle|square|ring|mix] [auto|instanced|tiled] [FRAMES]`
//!
//! The fourth argument picks the world path (default: `$ARTIFICER_RENDER`,
//! else auto); `world_pass_ms` is the `"render world"` pass on either path,
//! `bin_pass_ms` the tiled path's `"render bin"` compute pass (0 when
//! instanced). `mix` cycles through every shape kind with rotation, outlines
//! and glow, sizes from R/3 to R. FRAMES (default 60) shortens slow runs;
//! the first quarter (at most 10) are warm-up and not averaged.
//!
//! Why it exists: on lavapipe (2 cores) the world pass costs ~2.3 us per
//! shape whatever its size plus ~3 ms per screen of covered pixels, so a
//! frame's cost is predicted from a shape count and a covered area; compare
//! `10000 1` (per-shape cost) with `1 600 square` (one full screen of fill).
use engine::render::{Layer, RenderPath, Scene, SceneRenderer, Shape, ShapeKind, screenshot};
use glam::Vec2;

#[expect(
    clippy::too_many_lines,
    reason = "a probe program: set up, render and read back, read top to bottom"
)]
fn main() {
    let ctx = match engine::gpu::GpuContext::headless() {
        Ok(ctx) => ctx,
        Err(e) => {
            eprintln!("render_probe: {e}");
            std::process::exit(1);
        }
    };
    let device = &ctx.device;
    let format = wgpu::TextureFormat::Bgra8Unorm;
    let size = [1280u32, 720];
    let mut renderer = SceneRenderer::new(device, format);
    let target = screenshot::offscreen_target(device, format, size);
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    let mut scopes = engine::profile::GpuScopes::new(device, "frame");
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let r: f32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(12.0);
    let kind = args.get(3).cloned().unwrap_or_else(|| "circle".into());
    if let Some(path) = args.get(4) {
        match path.parse::<RenderPath>() {
            Ok(p) => renderer.set_path(p),
            Err(e) => {
                eprintln!("render_probe: {e}");
                std::process::exit(2);
            }
        }
    }
    let mut scene = Scene::default();
    scene.camera.center = Vec2::new(640.0, 360.0);
    let mut seed = 1u32;
    let mut rnd = || {
        seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
        (seed >> 8) as f32 / (1 << 24) as f32
    };
    const KINDS: [ShapeKind; 7] = [
        ShapeKind::Circle,
        ShapeKind::Triangle,
        ShapeKind::Square,
        ShapeKind::Diamond,
        ShapeKind::Line,
        ShapeKind::Hexagon,
        ShapeKind::Cross,
    ];
    for i in 0..n {
        let p = Vec2::new(rnd() * 1280.0, rnd() * 720.0);
        let s = match kind.as_str() {
            "square" => Shape::new(ShapeKind::Square, p, Vec2::splat(r), [0.8, 0.3, 0.2, 1.0]),
            "ring" => Shape::ring(p, r, 3.0, [0.8, 0.3, 0.2, 1.0]),
            "mix" => {
                let size = Vec2::splat(r * (1.0 + 2.0 * rnd()) / 3.0);
                let s = Shape::new(KINDS[i % 7], p, size, [rnd(), rnd(), rnd(), 1.0]).rotated(rnd() * 6.3);
                match i % 4 {
                    1 => s.outlined(2.0),
                    2 => s.glow(3.0),
                    _ => s,
                }
            }
            _ => Shape::circle(p, r, [0.8, 0.3, 0.2, 1.0]).outlined(2.5),
        };
        scene.shapes.push(Layer::Ground, s);
    }
    let frames: usize = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(60).max(2);
    let warmup = (frames / 4).clamp(1, 10);
    let mut sum = 0.0;
    let mut bin_sum = 0.0;
    let mut count = 0;
    let start = std::time::Instant::now();
    for frame in 0..frames {
        while let Some(gpu) = scopes.collect(&ctx.queue) {
            if gpu.index < warmup as u64 {
                continue;
            }
            for (label, ms, _) in &gpu.passes {
                if label == "world" {
                    sum += ms;
                    count += 1;
                }
                if label == "binning" {
                    bin_sum += ms;
                }
            }
        }
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
        let mut f = engine::render::FrameTarget {
            device,
            queue: &ctx.queue,
            encoder: &mut encoder,
            view: &view,
            size,
            scopes: &mut scopes,
        };
        renderer.encode(&mut f, &scene);
        scopes.resolve(&mut encoder);
        ctx.queue.submit([encoder.finish()]);
        scopes.end_frame(frame as u64);
        let _ = device.poll(wgpu::PollType::wait_indefinitely());
    }
    let pixels = n as f32 * (2.0 * r + 4.0) * (2.0 * r + 4.0) / (1280.0 * 720.0);
    let overflow = renderer
        .tiled()
        .map(|t| t.read_status(device, &ctx.queue).overflowed_cells)
        .unwrap_or(0);
    let path = renderer.path().path;
    println!(
        "{{\"adapter\":\"{}\",\"path\":\"{path}\",\"shapes\":{n},\"radius\":{r},\"kind\":\"{kind}\",\"quad_screens\":{pixels:.3},\"world_pass_ms\":{:.3},\"bin_pass_ms\":{:.3},\"overflowed_cells\":{overflow},\"samples\":{count},\"wall_ms_per_frame\":{:.3}}}",
        ctx.adapter.get_info().name,
        sum / count.max(1) as f64,
        bin_sum / count.max(1) as f64,
        start.elapsed().as_secs_f64() * 1000.0 / frames as f64
    );
}
