// #import projectile.wgsl
// #import render_tiled_common.wgsl
// Binning of the tiled world path, four dispatches in one compute pass:
//   prep          one invocation per item: its geometry (the same quad as the
//                 instanced vertex shaders) and the tiles its quad touches;
//   coarse_count  one invocation per coarse cell: how many items touch it;
//   coarse_fill   one invocation per cell: its place in the coarse list (sum
//                 of the cells before it) and its items, in draw order;
//   fine          one invocation per tile: a bit per entry of its cell's
//                 list, set where the item touches the tile.
// Every list is built by a serial loop in item order, so draw order holds
// without atomics or sorting. CPU reference: `bin_reference` in
// engine/src/render/tiled.rs.

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<uniform> params: TileParams;
@group(0) @binding(2) var<uniform> style: Style;

// `Shape` of engine/src/render/shapes.rs (48 bytes): ground, glow, top.
struct ShapeData {
    pos: vec2<f32>,
    size: vec2<f32>,
    color: vec4<f32>,
    rot: f32,
    kind: u32,
    stroke: f32,
    glow: f32,
}

@group(0) @binding(3) var<storage, read> shapes: array<ShapeData>;
@group(0) @binding(4) var<storage, read> projectiles: array<Projectile>;
@group(0) @binding(5) var<storage, read_write> items: array<Item>;
@group(0) @binding(6) var<storage, read_write> rects: array<u32>;
@group(0) @binding(7) var<storage, read_write> cells: array<Cell>;
@group(0) @binding(8) var<storage, read_write> coarse: array<u32>;
@group(0) @binding(9) var<storage, read_write> masks: array<u32>;
// [0]: cells that overflowed this frame; [1]: coarse entries needed.
@group(0) @binding(10) var<storage, read_write> status: array<atomic<u32>, 2>;

fn hidden_item() -> Item {
    var it: Item;
    it.pos = vec2<f32>(0.0);
    it.axis = vec2<f32>(1.0, 0.0);
    it.quad = vec2<f32>(-1.0);
    it.inv_scale = 1.0;
    it.mode = 0u;
    it.color = vec4<f32>(0.0);
    it.p = vec4<f32>(0.0);
    return it;
}

// Tiles touched by the box `center +- half` (world px), one pixel wider on
// each side than the pixel centres it covers (the shading pass tests the
// exact quad), or EMPTY_RECT when it is off screen (or not a number).
fn tile_rect(center: vec2<f32>, half: vec2<f32>) -> u32 {
    let vp = camera.viewport;
    let zoom = vp / (2.0 * camera.half_extent);
    let lo = (center - half - camera.center) * zoom + vp * 0.5;
    let hi = (center + half - camera.center) * zoom + vp * 0.5;
    if (!(hi.x >= 0.0 && hi.y >= 0.0 && lo.x <= vp.x && lo.y <= vp.y)) {
        return EMPTY_RECT;
    }
    let t = f32(TILE_PX);
    let last = vec2<f32>(f32(params.tiles_x - 1u), f32(params.tiles_y - 1u));
    let t0 = vec2<u32>(clamp(floor((lo - 1.0) / t), vec2<f32>(0.0), last));
    let t1 = vec2<u32>(clamp(floor((hi + 1.0) / t), vec2<f32>(0.0), last));
    return t0.x | (t0.y << 8u) | (t1.x << 16u) | (t1.y << 24u);
}

fn rotated_half(q: vec2<f32>, axis: vec2<f32>) -> vec2<f32> {
    let c = abs(axis.x);
    let s = abs(axis.y);
    return vec2<f32>(c * q.x + s * q.y, s * q.x + c * q.y);
}

fn shape_item(i: u32, mode: u32) -> Item {
    let s = shapes[i];
    var it: Item;
    it.pos = s.pos;
    it.axis = vec2<f32>(cos(s.rot), sin(s.rot));
    it.quad = shape_quad(s.kind, s.size, s.glow, camera.world_per_px);
    it.inv_scale = 1.0;
    it.mode = (s.kind & 0xffu) | (mode << 8u);
    it.color = s.color;
    it.p = vec4<f32>(s.size, s.stroke, s.glow);
    return it;
}

fn projectile_item(slot: u32, enemy: bool) -> Item {
    let p = projectiles[slot];
    let is_enemy = (p.flags & FLAG_ENEMY_TEAM) != 0u;
    if ((p.flags & FLAG_ALIVE) == 0u || is_enemy != enemy) {
        return hidden_item();
    }
    var scale = style.player_scale;
    var mode = MODE_PLAYER;
    var color = style.palette[p.user[style.palette_word & 7u] & 7u];
    var light = 1.0;
    if (enemy) {
        scale = style.enemy_scale;
        mode = MODE_ENEMY;
        color = style.enemy_core;
    } else {
        light = body_light(p.pos, vec2<f32>(style.body_x, style.body_y), style.body_clear);
        scale *= mix(BODY_SHRINK, 1.0, (light - BODY_DIM) / (1.0 - BODY_DIM));
    }
    let f = projectile_frame(p.radius, p.vel, scale, camera.world_per_px);
    let halo = projectile_halo(enemy, style.player_halo);
    var it: Item;
    it.pos = p.pos;
    it.axis = f.dir;
    it.quad = vec2<f32>(f.stretch + halo, 1.0 + halo);
    it.inv_scale = 1.0 / f.r;
    it.mode = mode << 8u;
    it.color = color;
    it.p = vec4<f32>(f.stretch, halo, light, 0.0);
    return it;
}

@compute @workgroup_size(64)
fn prep(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= params.n_items) {
        return;
    }
    let g = params.n_ground;
    let np = params.n_proj;
    var it: Item;
    if (i < g) {
        it = shape_item(i, MODE_ALPHA);
    } else if (i < g + np) {
        it = projectile_item(i - g, false);
    } else if (i < g + 2u * np) {
        it = projectile_item(i - g - np, true);
    } else if (i < g + 2u * np + params.n_glow) {
        it = shape_item(i - 2u * np, MODE_ADDITIVE);
    } else {
        it = shape_item(i - 2u * np, MODE_ALPHA);
    }
    items[i] = it;
    var rect = EMPTY_RECT;
    if (it.quad.x > 0.0) {
        rect = tile_rect(it.pos, rotated_half(it.quad, it.axis) / it.inv_scale);
    }
    rects[i] = rect;
}

// The tile range of coarse cell `c`, packed like a rect.
fn cell_rect(c: u32) -> u32 {
    let cx = c % params.cells_x;
    let cy = c / params.cells_x;
    let x0 = cx * CELL_TILES;
    let y0 = cy * CELL_TILES;
    let x1 = min(x0 + CELL_TILES - 1u, params.tiles_x - 1u);
    let y1 = min(y0 + CELL_TILES - 1u, params.tiles_y - 1u);
    return x0 | (y0 << 8u) | (x1 << 16u) | (y1 << 24u);
}

fn rects_meet(a: u32, b: u32) -> bool {
    return rect_x0(a) <= rect_x1(b) && rect_x0(b) <= rect_x1(a)
        && rect_y0(a) <= rect_y1(b) && rect_y0(b) <= rect_y1(a);
}

@compute @workgroup_size(16)
fn coarse_count(@builtin(global_invocation_id) gid: vec3<u32>) {
    let c = gid.x;
    if (c >= params.cells_x * params.cells_y) {
        return;
    }
    let cr = cell_rect(c);
    var n = 0u;
    for (var i = 0u; i < params.n_items; i++) {
        if (rects_meet(rects[i], cr)) {
            n += 1u;
        }
    }
    cells[c].count = n;
}

@compute @workgroup_size(16)
fn coarse_fill(@builtin(global_invocation_id) gid: vec3<u32>) {
    let c = gid.x;
    if (c >= params.cells_x * params.cells_y) {
        return;
    }
    var offset = 0u;
    for (var k = 0u; k < c; k++) {
        offset += padded(cells[k].count);
    }
    let n = cells[c].count;
    cells[c].offset = offset;
    atomicMax(&status[1], offset + padded(n));
    if (offset + padded(n) > params.coarse_capacity) {
        cells[c].overflow = 1u;
        atomicAdd(&status[0], 1u);
        return;
    }
    cells[c].overflow = 0u;
    let cr = cell_rect(c);
    var at = offset;
    for (var i = 0u; i < params.n_items; i++) {
        if (rects_meet(rects[i], cr)) {
            coarse[at] = i;
            at += 1u;
        }
    }
}

@compute @workgroup_size(64)
fn fine(@builtin(global_invocation_id) gid: vec3<u32>) {
    let t = gid.x;
    if (t >= params.tiles_x * params.tiles_y) {
        return;
    }
    let tx = t % params.tiles_x;
    let ty = t / params.tiles_x;
    let c = (ty / CELL_TILES) * params.cells_x + tx / CELL_TILES;
    let cell = cells[c];
    if (cell.overflow != 0u) {
        return;
    }
    let words = padded(cell.count) / 32u;
    let k = (ty % CELL_TILES) * CELL_TILES + tx % CELL_TILES;
    let base = (cell.offset / 32u) * CELL_TILES * CELL_TILES + k * words;
    for (var w = 0u; w < words; w++) {
        var bits = 0u;
        let end = min(32u, cell.count - w * 32u);
        for (var j = 0u; j < end; j++) {
            let item = coarse[cell.offset + w * 32u + j];
            if (rect_has_tile(rects[item], tx, ty)) {
                bits |= 1u << j;
            }
        }
        masks[base + w] = bits;
    }
}
