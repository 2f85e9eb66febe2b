// #import render_look.wgsl
// Shared by the tiled world path's binning (render_tiled_bin.wgsl) and its
// full-screen shading pass (render_tiled_shade.wgsl); the Rust side is
// engine/src/render/tiled.rs (`TileParams`, `ITEM_BYTES`, `CELL_TILES`).
//
// Items are every shape and projectile of the frame in draw order: ground
// shapes, player projectile slots, enemy projectile slots (each slot twice,
// once per team, so the team order is kept), glow shapes, top shapes.

struct TileParams {
    // Background colour (linear RGB), alpha unused.
    clear: vec4<f32>,
    tiles_x: u32,
    tiles_y: u32,
    cells_x: u32,
    cells_y: u32,
    n_ground: u32,
    // Projectile slots; items hold 2 * n_proj projectile entries.
    n_proj: u32,
    n_glow: u32,
    n_top: u32,
    n_items: u32,
    // Entries the coarse list holds; a cell that does not fit overflows.
    coarse_capacity: u32,
    // 1: round after every blend step like an 8-bit unorm target does.
    quantize: u32,
    pad0: u32,
}

// One drawable, prepared once per frame by `prep` (64 bytes).
struct Item {
    // Centre, world px.
    pos: vec2<f32>,
    // cos and sin of the item's frame (shape rotation, projectile heading).
    axis: vec2<f32>,
    // Half size of the instanced quad in local units; negative when hidden.
    quad: vec2<f32>,
    // Local units per world px (1 for shapes, 1 / radius for projectiles).
    inv_scale: f32,
    // Shape kind in bits 0-7, blend mode (MODE_*) in bits 8-15.
    mode: u32,
    // Shape colour, player projectile colour, or the enemy core colour.
    color: vec4<f32>,
    // Shapes: size.xy, stroke, glow. Projectiles: stretch, halo, 0, 0.
    p: vec4<f32>,
}

// A coarse cell: CELL_TILES x CELL_TILES tiles.
struct Cell {
    // First entry in the coarse list (a multiple of 32).
    offset: u32,
    // Items touching the cell.
    count: u32,
    // 1 when the coarse list had no room: its pixels walk every item.
    overflow: u32,
    pad0: u32,
}

// Fine tile side, px (the Rust side sets it; 16 unless measured otherwise).
override TILE_PX: u32 = 16u;
// Tiles per coarse cell side: a cell holds 64 tiles, so a cell's bit masks
// take 2 words per 32 list entries.
const CELL_TILES: u32 = 8u;

const MODE_ALPHA: u32 = 0u;
const MODE_ADDITIVE: u32 = 1u;
const MODE_PLAYER: u32 = 2u;
const MODE_ENEMY: u32 = 3u;

// A packed tile rectangle: x0 | y0 << 8 | x1 << 16 | y1 << 24 (inclusive).
// x0 > x1 is empty.
const EMPTY_RECT: u32 = 0xffu;

fn rect_x0(r: u32) -> u32 { return r & 0xffu; }
fn rect_y0(r: u32) -> u32 { return (r >> 8u) & 0xffu; }
fn rect_x1(r: u32) -> u32 { return (r >> 16u) & 0xffu; }
fn rect_y1(r: u32) -> u32 { return r >> 24u; }

fn rect_has_tile(r: u32, tx: u32, ty: u32) -> bool {
    return tx >= rect_x0(r) && tx <= rect_x1(r) && ty >= rect_y0(r) && ty <= rect_y1(r);
}

// Entries a cell reserves in the coarse list: its count rounded up to 32.
fn padded(count: u32) -> u32 {
    return (count + 31u) & ~31u;
}
