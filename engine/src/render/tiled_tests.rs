//! Tests of the tiled world path: the same look as the instanced path
//! (screenshot comparison), binning against its CPU reference, overflow.

use glam::Vec2;

use super::*;
use crate::compute::Projectile;
use crate::render::shapes::ShapeKind;
use crate::render::{Layer, RenderPath, RgbaImage, SceneRenderer, render_offscreen, screenshot};

/// A channel may differ by this much (of 255) between the paths. Why any
/// difference: the instanced path interpolates each quad's local position
/// across two triangles, the tiled path computes it per pixel from the
/// inverse rotation, so distances differ in the last bits; the tiled
/// path's emulation of 8-bit blending (round after every step) matches the
/// blend unit's rounding to within one step, not always exactly. Measured on
/// lavapipe: over 99.9% of pixels identical, the rest 1/255 off but for one
/// pixel per image (24 and 163/255), a pixel whose centre the rasteriser and
/// the shader's inside-the-quad test place on different sides of a quad
/// edge; hence a share, not all pixels.
const TOLERANCE: u8 = 2;
/// Share of pixels that must be within [`TOLERANCE`].
const MIN_SHARE_WITHIN: f64 = 0.999;

struct Lcg(u32);

impl Lcg {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (self.0 >> 8) as f32 / (1 << 24) as f32
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.next()
    }
}

/// Every shape kind, outlines (both signs), rotation, lines, glow, all
/// layers, overlapping translucent shapes, and CPU-side projectiles of both
/// teams (some dead, some fast enough to streak).
fn busy_scene(seed: u32, shapes_per_layer: usize) -> Scene {
    let mut rng = Lcg(seed);
    let mut scene = Scene::default();
    scene.camera.center = Vec2::new(200.0, 120.0);
    scene.camera.zoom = 1.25;
    scene.camera.shake = Vec2::new(1.5, -0.75);
    scene.clear = [0.05, 0.04, 0.08];
    scene.time = 1.5;
    let kinds = [
        ShapeKind::Circle,
        ShapeKind::Triangle,
        ShapeKind::Square,
        ShapeKind::Diamond,
        ShapeKind::Line,
        ShapeKind::Hexagon,
        ShapeKind::Cross,
    ];
    let shape = |rng: &mut Lcg, i: usize| {
        let pos = Vec2::new(rng.range(-20.0, 420.0), rng.range(-20.0, 260.0));
        let size = Vec2::new(rng.range(2.0, 18.0), rng.range(2.0, 18.0));
        let alpha = if rng.next() < 0.4 {
            rng.range(0.2, 0.9)
        } else {
            1.0
        };
        let color = [rng.next(), rng.next(), rng.next(), alpha];
        let kind = kinds[i % kinds.len()];
        let mut s = if kind == ShapeKind::Line {
            let b = pos + Vec2::new(rng.range(-30.0, 30.0), rng.range(-30.0, 30.0));
            Shape::line(pos, b, rng.range(1.0, 5.0), color)
        } else {
            Shape::new(kind, pos, size, color).rotated(rng.range(-3.2, 3.2))
        };
        match i % 5 {
            1 => s = s.stroke(rng.range(1.0, 4.0)),
            2 => s = s.outlined(rng.range(1.0, 3.0)),
            3 => s = s.glow(rng.range(1.0, 6.0)),
            _ => {}
        }
        s
    };
    for i in 0..shapes_per_layer {
        let s = shape(&mut rng, i);
        scene.shapes.push(Layer::Ground, s);
    }
    // Overlapping translucent discs, some outlined.
    for i in 0..6 {
        let c = Shape::circle(
            Vec2::new(150.0 + 12.0 * i as f32, 100.0 + 5.0 * i as f32),
            30.0,
            [0.3, 0.7 - 0.1 * i as f32, 0.4, 0.35],
        );
        scene
            .shapes
            .push(Layer::Ground, if i % 2 == 0 { c.outlined(3.0) } else { c });
    }
    for i in 0..shapes_per_layer / 2 {
        let s = shape(&mut rng, i).glow(rng.range(2.0, 8.0));
        scene.shapes.push(Layer::Glow, s);
    }
    for i in 0..shapes_per_layer / 4 {
        let s = shape(&mut rng, i + 3);
        scene.shapes.push(Layer::Top, s);
    }
    let mut projectiles = Vec::new();
    for i in 0..shapes_per_layer {
        let mut p: Projectile = bytemuck::Zeroable::zeroed();
        p.flags = crate::compute::FLAG_ALIVE;
        if i % 3 == 0 {
            p.flags |= crate::compute::FLAG_ENEMY_TEAM;
        }
        if i % 11 == 5 {
            p.flags = 0;
        }
        p.pos = [rng.range(-10.0, 410.0), rng.range(-10.0, 250.0)];
        let speed = rng.range(0.0, 2000.0);
        let angle = rng.range(-3.2, 3.2);
        p.vel = [speed * angle.cos(), speed * angle.sin()];
        p.radius = rng.range(2.0, 9.0);
        p.user[crate::render::USER_PALETTE] = i as u32 % 8;
        projectiles.push(p);
    }
    for (i, c) in scene.projectile_style.palette.iter_mut().enumerate() {
        *c = [(i as f32 * 0.13) % 1.0, 0.5, 1.0 - i as f32 * 0.1, 1.0];
    }
    scene.projectiles = Some(ProjectileSource::Cpu(projectiles));
    scene
}

fn renderer(ctx: &crate::gpu::GpuContext, path: RenderPath) -> SceneRenderer {
    let mut r = SceneRenderer::new(&ctx.device, wgpu::TextureFormat::Rgba8Unorm);
    r.set_path(path);
    r
}

/// Asserts that `tiled` looks like `instanced`; on failure writes both and
/// a diff image (changes in red) under the temp dir and names them.
fn assert_same_look(name: &str, instanced: &RgbaImage, tiled: &RgbaImage) {
    let d = crate::render::compare::compare(instanced, tiled, TOLERANCE).expect("same size");
    let share = 1.0 - d.share();
    eprintln!(
        "{name}: {:.4}% of pixels within {TOLERANCE}/255 ({} changed), worst {}/255",
        share * 100.0,
        d.changed,
        d.max
    );
    if share < MIN_SHARE_WITHIN {
        let dir = std::env::temp_dir().join(format!("artificer-tiled-{}", std::process::id()));
        for (file, image) in [("instanced", instanced), ("tiled", tiled), ("diff", &d.image)] {
            let path = dir.join(format!("{name}-{file}.png"));
            screenshot::write_png(&path, image).expect("write png");
            eprintln!("wrote {}", path.display());
        }
        panic!(
            "{name}: only {:.4}% of pixels within {TOLERANCE}/255 (need {:.1}%), worst {}; images in {}",
            share * 100.0,
            MIN_SHARE_WITHIN * 100.0,
            d.max,
            dir.display()
        );
    }
}

/// The tiled path draws the same picture as the instanced quads, at a size
/// that is not a multiple of the tile, and again after a resize.
#[test]
fn tiled_looks_like_instanced() {
    let Some(ctx) = crate::gpu::test_context() else {
        return;
    };
    let scene = busy_scene(7, 120);
    let mut instanced = renderer(&ctx, RenderPath::Instanced);
    let mut tiled = renderer(&ctx, RenderPath::Tiled);
    for (i, size) in [[300u32, 180u32], [417, 263]].into_iter().enumerate() {
        let a = render_offscreen(&ctx, &mut instanced, &scene, size);
        let b = render_offscreen(&ctx, &mut tiled, &scene, size);
        assert_eq!(tiled.tiled_fallbacks().0, 0, "the tiled path took the frame");
        assert_same_look(&format!("busy-{i}"), &a, &b);
        // Not a blank frame: the scene covers much of the target.
        let background = a.pixels[..4].to_vec();
        let drawn = a
            .pixels
            .chunks_exact(4)
            .filter(|p| *p != background.as_slice())
            .count();
        assert!(drawn > a.pixels.len() / 8, "scene draws: {drawn} pixels");
    }
}

/// The GPU binning matches its CPU reference: the same tile rectangle per
/// item (up to float rounding where an edge lies on a tile boundary), and
/// per tile exactly the reference's items in draw order.
#[test]
fn binning_matches_the_cpu_reference() {
    let Some(ctx) = crate::gpu::test_context() else {
        return;
    };
    let scene = busy_scene(11, 300);
    let size = [417, 263];
    let mut r = renderer(&ctx, RenderPath::Tiled);
    render_offscreen(&ctx, &mut r, &scene, size);
    let cpu_rects = tile_rects_reference(&scene, size);
    let tiled = r.tiled().expect("tiled renderer in use");
    let grid = tiled.grid().expect("grid");
    let status = tiled.read_status(&ctx.device, &ctx.queue);
    assert_eq!(status.overflowed_cells, 0, "{status:?}");
    let (gpu_rects, lists) = tiled.read_bins(&ctx.device, &ctx.queue, cpu_rects.len() as u32);
    assert_eq!(gpu_rects.len(), cpu_rects.len());
    let mut differing = 0;
    for (i, (&g, &c)) in gpu_rects.iter().zip(&cpu_rects).enumerate() {
        if g != c {
            // Only a one-tile disagreement on an edge (cos/sin and division
            // may round differently on the GPU) is allowed, and rarely.
            let parts = |r: u32| [r & 0xff, (r >> 8) & 0xff, (r >> 16) & 0xff, r >> 24];
            let close = parts(g).iter().zip(parts(c)).all(|(a, b)| a.abs_diff(b) <= 1);
            assert!(
                close && g != EMPTY_RECT && c != EMPTY_RECT,
                "item {i}: gpu {g:#x} cpu {c:#x}"
            );
            differing += 1;
        }
    }
    assert!(differing * 100 <= cpu_rects.len(), "{differing} rects differ");
    let reference = bin_reference(&gpu_rects, grid);
    assert_eq!(lists.len(), reference.len());
    let mut entries = 0;
    for (t, (gpu, cpu)) in lists.iter().zip(&reference).enumerate() {
        let gpu = gpu.as_ref().expect("no cell overflowed");
        assert_eq!(
            gpu,
            cpu,
            "tile {t} ({}, {})",
            t as u32 % grid.tiles_x,
            t as u32 / grid.tiles_x
        );
        entries += cpu.len();
    }
    assert!(
        entries > reference.len(),
        "the scene fills the tiles: {entries} entries"
    );
}

/// A coarse list far too small: cells overflow, are counted, and their
/// pixels walk every item, so the frame looks exactly as with room.
#[test]
fn overflow_is_counted_and_the_frame_still_draws() {
    let Some(ctx) = crate::gpu::test_context() else {
        return;
    };
    let scene = busy_scene(5, 80);
    let size = [300, 180];
    let mut roomy = renderer(&ctx, RenderPath::Tiled);
    let expected = render_offscreen(&ctx, &mut roomy, &scene, size);
    let mut tight = renderer(&ctx, RenderPath::Tiled);
    render_offscreen(&ctx, &mut tight, &Scene::default(), size);
    tight
        .tiled()
        .expect("tiled renderer in use")
        .set_capacity_override(Some(64));
    let image = render_offscreen(&ctx, &mut tight, &scene, size);
    let status = tight.tiled().expect("tiled").read_status(&ctx.device, &ctx.queue);
    assert!(status.overflowed_cells > 0, "{status:?}");
    assert!(status.needed_entries > status.capacity, "{status:?}");
    assert_eq!(
        crate::render::compare::compare(&expected, &image, 0)
            .expect("same size")
            .max,
        0,
        "overflowed frame differs"
    );
}

/// An empty scene is the clear colour on both paths.
#[test]
fn empty_scene_is_the_clear_colour() {
    let Some(ctx) = crate::gpu::test_context() else {
        return;
    };
    let scene = Scene {
        clear: [0.2, 0.4, 0.6],
        ..Default::default()
    };
    let mut tiled = renderer(&ctx, RenderPath::Tiled);
    let mut instanced = renderer(&ctx, RenderPath::Instanced);
    // A busy frame first, so stale lists would show.
    render_offscreen(&ctx, &mut tiled, &busy_scene(3, 40), [64, 48]);
    let a = render_offscreen(&ctx, &mut instanced, &scene, [64, 48]);
    let b = render_offscreen(&ctx, &mut tiled, &scene, [64, 48]);
    assert_eq!(a, b);
    assert_eq!(&b.pixels[..3], &[51, 102, 153]);
}

#[test]
fn grid_covers_the_target_and_refuses_huge_ones() {
    let g = TileGrid::for_size([1280, 720]).expect("grid");
    assert_eq!((g.tiles_x, g.tiles_y, g.cells_x, g.cells_y), (80, 45, 10, 6));
    let g = TileGrid::for_size([417, 263]).expect("grid");
    assert_eq!((g.tiles_x, g.tiles_y, g.cells_x, g.cells_y), (27, 17, 4, 3));
    assert!(TileGrid::for_size([4096, 2160]).is_some());
    assert_eq!(TileGrid::for_size([4097, 100]), None);
}

#[test]
fn reference_bins_keep_draw_order_and_skip_empty_rects() {
    let grid = TileGrid::for_size([64, 32]).expect("grid");
    let rect = |x0: u32, y0: u32, x1: u32, y1: u32| x0 | (y0 << 8) | (x1 << 16) | (y1 << 24);
    let lists = bin_reference(&[rect(0, 0, 1, 0), EMPTY_RECT, rect(1, 0, 3, 1)], grid);
    assert_eq!(lists[0], vec![0]);
    assert_eq!(lists[1], vec![0, 2]);
    assert_eq!(lists[4 + 3], vec![2]);
    assert!(lists[4].is_empty());
    assert!(rect_has_tile(rect(1, 0, 3, 1), 3, 1));
    assert!(!rect_has_tile(EMPTY_RECT, 0, 0));
}

#[test]
fn params_are_the_shader_layout() {
    assert_eq!(std::mem::size_of::<TileParams>(), 64);
    let module = naga::front::wgsl::parse_str(&bin_wgsl()).expect("parse");
    let size = |name: &str| {
        let ty = module
            .types
            .iter()
            .find(|(_, t)| t.name.as_deref() == Some(name))
            .unwrap_or_else(|| panic!("{name}"));
        ty.1.inner.size(module.to_ctx()) as u64
    };
    assert_eq!(size("TileParams"), 64);
    assert_eq!(size("Item"), ITEM_BYTES);
    assert_eq!(size("Cell"), 16);
    assert_eq!(size("ShapeData"), std::mem::size_of::<Shape>() as u64);
}

/// Projectiles from a GPU storage buffer (the compute core's case, read by
/// the binning pass directly) draw exactly as the same projectiles uploaded
/// from the CPU.
#[test]
fn gpu_projectile_source_draws_like_the_cpu_one() {
    let Some(ctx) = crate::gpu::test_context() else {
        return;
    };
    let cpu_scene = busy_scene(13, 60);
    let Some(ProjectileSource::Cpu(list)) = &cpu_scene.projectiles else {
        panic!("busy_scene has CPU projectiles");
    };
    let buffer = ctx.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("test projectiles"),
        size: std::mem::size_of_val(list.as_slice()) as u64,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    ctx.queue.write_buffer(&buffer, 0, bytemuck::cast_slice(list));
    let mut gpu_scene = cpu_scene.clone();
    gpu_scene.projectiles = Some(ProjectileSource::Gpu {
        buffer,
        count: list.len() as u32,
    });
    let mut r = renderer(&ctx, RenderPath::Tiled);
    let a = render_offscreen(&ctx, &mut r, &cpu_scene, [200, 120]);
    let b = render_offscreen(&ctx, &mut r, &gpu_scene, [200, 120]);
    assert_eq!(
        crate::render::compare::compare(&a, &b, 0).expect("same size").max,
        0
    );
    let mut instanced = renderer(&ctx, RenderPath::Instanced);
    let c = render_offscreen(&ctx, &mut instanced, &gpu_scene, [200, 120]);
    assert_same_look("gpu-source", &c, &b);
}
