//! The CPU reference of the tiled path's binning (`prep`'s tile rectangles
//! and the per-tile lists): what the GPU binning is tested against.

use super::{EMPTY_RECT, TILE_PX, TileGrid};
use crate::compute::{FLAG_ALIVE, FLAG_ENEMY_TEAM, Projectile};
use crate::render::Scene;
use crate::render::projectiles::ProjectileSource;
use crate::render::shapes::{Shape, ShapeBatch};

/// The packed tile rectangle of the box `center ± half` (world px): the CPU
/// twin of `tile_rect` in `render_tiled_bin.wgsl`.
fn tile_rect(scene: &Scene, size: [u32; 2], grid: TileGrid, center: [f32; 2], half: [f32; 2]) -> u32 {
    let cam = scene.camera.uniform(size, scene.time);
    let mut lo = [0.0f32; 2];
    let mut hi = [0.0f32; 2];
    for a in 0..2 {
        let zoom = cam.viewport[a] / (2.0 * cam.half_extent[a]);
        lo[a] = (center[a] - half[a] - cam.center[a]) * zoom + cam.viewport[a] * 0.5;
        hi[a] = (center[a] + half[a] - cam.center[a]) * zoom + cam.viewport[a] * 0.5;
    }
    let visible = hi[0] >= 0.0 && hi[1] >= 0.0 && lo[0] <= cam.viewport[0] && lo[1] <= cam.viewport[1];
    if !visible {
        return EMPTY_RECT;
    }
    let t = TILE_PX as f32;
    let last = [(grid.tiles_x - 1) as f32, (grid.tiles_y - 1) as f32];
    let tile = |v: f32, a: usize| ((v / t).floor().clamp(0.0, last[a])) as u32;
    let (x0, y0) = (tile(lo[0] - 1.0, 0), tile(lo[1] - 1.0, 1));
    let (x1, y1) = (tile(hi[0] + 1.0, 0), tile(hi[1] + 1.0, 1));
    x0 | (y0 << 8) | (x1 << 16) | (y1 << 24)
}

fn rotated_half(q: [f32; 2], axis: [f32; 2]) -> [f32; 2] {
    let (c, s) = (axis[0].abs(), axis[1].abs());
    [c * q[0] + s * q[1], s * q[0] + c * q[1]]
}

/// The tile rectangle of every item of `scene` in draw order, computed on
/// the CPU as the `prep` pass does (CPU projectile sources only; a GPU
/// source yields no projectile items here).
pub fn tile_rects_reference(scene: &Scene, size: [u32; 2]) -> Vec<u32> {
    let Some(grid) = TileGrid::for_size(size) else {
        return Vec::new();
    };
    let wpp = scene.camera.uniform(size, scene.time).world_per_px;
    let shape_rect = |s: &Shape| {
        let q = s.quad_half(wpp).to_array();
        let axis = [s.rot.cos(), s.rot.sin()];
        tile_rect(scene, size, grid, s.pos, rotated_half(q, axis))
    };
    let style = &scene.projectile_style;
    let projectile_rect = |p: &Projectile, enemy: bool| {
        let is_enemy = p.flags & FLAG_ENEMY_TEAM != 0;
        if p.flags & FLAG_ALIVE == 0 || is_enemy != enemy {
            return EMPTY_RECT;
        }
        let scale = if enemy {
            style.enemy_scale
        } else {
            style.player_scale
        };
        let r = (p.radius * scale).max(1.5 * wpp);
        let speed = (p.vel[0] * p.vel[0] + p.vel[1] * p.vel[1]).sqrt();
        let dir = if speed > 0.001 {
            [p.vel[0] / speed, p.vel[1] / speed]
        } else {
            [1.0, 0.0]
        };
        let stretch = 1.0 + (speed / 900.0).min(1.2);
        let halo = if enemy {
            1.0
        } else {
            scene.projectile_style.player_halo
        };
        let h = rotated_half([stretch + halo, 1.0 + halo], dir);
        tile_rect(scene, size, grid, p.pos, [h[0] * r, h[1] * r])
    };
    let projectiles: &[Projectile] = match &scene.projectiles {
        Some(ProjectileSource::Cpu(list)) => list,
        _ => &[],
    };
    let batch: &ShapeBatch = &scene.shapes;
    let mut out: Vec<u32> = batch.ground.iter().map(shape_rect).collect();
    out.extend(projectiles.iter().map(|p| projectile_rect(p, false)));
    out.extend(projectiles.iter().map(|p| projectile_rect(p, true)));
    out.extend(batch.glow.iter().map(shape_rect));
    out.extend(batch.top.iter().map(shape_rect));
    out
}

/// Whether packed rectangle `r` holds tile `(tx, ty)`.
pub fn rect_has_tile(r: u32, tx: u32, ty: u32) -> bool {
    let (x0, y0, x1, y1) = (r & 0xff, (r >> 8) & 0xff, (r >> 16) & 0xff, r >> 24);
    tx >= x0 && tx <= x1 && ty >= y0 && ty <= y1
}

/// The CPU reference of the binning: per tile (row-major), the indices of
/// the items whose rectangle holds it, in item (= draw) order.
pub fn bin_reference(rects: &[u32], grid: TileGrid) -> Vec<Vec<u32>> {
    let mut lists = vec![Vec::new(); grid.tiles() as usize];
    for (i, &r) in rects.iter().enumerate() {
        let (x0, y0, x1, y1) = (r & 0xff, (r >> 8) & 0xff, (r >> 16) & 0xff, r >> 24);
        if x0 > x1 {
            continue;
        }
        for ty in y0..=y1.min(grid.tiles_y - 1) {
            for tx in x0..=x1.min(grid.tiles_x - 1) {
                lists[(ty * grid.tiles_x + tx) as usize].push(i as u32);
            }
        }
    }
    lists
}
