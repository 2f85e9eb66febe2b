// #import render_tiled_common.wgsl
// Shading of the tiled world path: one full-screen triangle; each pixel walks
// the items of its tile (the bit mask `fine` wrote over its cell's coarse
// list) in draw order and blends each one in the shader exactly as the
// instanced path's fixed-function blending does: premultiplied alpha-over for
// ground and top shapes and enemy projectiles, addition for player
// projectiles and glow shapes, over the clear colour. A pixel applies an item
// only inside the item's quad, as the rasteriser would.

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<uniform> params: TileParams;
@group(0) @binding(2) var<uniform> style: Style;
@group(0) @binding(5) var<storage, read> items: array<Item>;
@group(0) @binding(7) var<storage, read> cells: array<Cell>;
@group(0) @binding(8) var<storage, read> coarse: array<u32>;
@group(0) @binding(9) var<storage, read> masks: array<u32>;

@vertex
fn vs_full(@builtin(vertex_index) vi: u32) -> @builtin(position) vec4<f32> {
    // (-1,-1) (3,-1) (-1,3): one triangle over the whole target.
    let x = f32((vi << 1u) & 2u) * 2.0 - 1.0;
    let y = f32(vi & 2u) * 2.0 - 1.0;
    return vec4<f32>(x, y, 0.0, 1.0);
}

// dst' = src + dst * (1 - k): k = alpha for alpha-over, 0 for additive.
// With `quantize`, rounded to 8 bits like a unorm target stores every blend.
fn blend(dst: vec3<f32>, src: vec3<f32>, k: f32) -> vec3<f32> {
    if (params.quantize != 0u) {
        let s = round(clamp(src, vec3<f32>(0.0), vec3<f32>(1.0)) * 255.0);
        let keep = 255.0 - round(clamp(k, 0.0, 1.0) * 255.0);
        return min(s + round(dst * keep), vec3<f32>(255.0)) / 255.0;
    }
    return clamp(src + dst * (1.0 - k), vec3<f32>(0.0), vec3<f32>(1.0));
}

fn apply(i: u32, world: vec2<f32>, dst: vec3<f32>) -> vec3<f32> {
    let it = items[i];
    let d = world - it.pos;
    let local = vec2<f32>(d.x * it.axis.x + d.y * it.axis.y, d.y * it.axis.x - d.x * it.axis.y) * it.inv_scale;
    if (abs(local.x) >= it.quad.x || abs(local.y) >= it.quad.y) {
        return dst;
    }
    let mode = it.mode >> 8u;
    var src: vec4<f32>;
    var k = 0.0;
    var min_alpha = SHAPE_MIN_ALPHA;
    if (mode == MODE_PLAYER) {
        src = player_projectile_color(local, it.p.x, it.p.y, it.color.rgb, style.player_intensity * it.p.z);
        min_alpha = PROJECTILE_MIN_ALPHA;
    } else if (mode == MODE_ENEMY) {
        src = enemy_projectile_color(local, it.p.x, it.p.y, style.enemy_core.rgb, style.enemy_rim.rgb);
        k = src.a;
        min_alpha = PROJECTILE_MIN_ALPHA;
    } else {
        let dist = shape_distance(it.mode & 0xffu, local, it.p.xy);
        let cov = shape_coverage(dist, it.p.z, it.p.w, camera.world_per_px);
        if (mode == MODE_ALPHA) {
            src = shape_alpha_color(it.color, cov);
            k = src.a;
        } else {
            src = shape_additive_color(it.color, cov);
        }
    }
    if (src.a <= min_alpha) {
        return dst;
    }
    return blend(dst, src.rgb, k);
}

@fragment
fn fs_shade(@builtin(position) frag: vec4<f32>) -> @location(0) vec4<f32> {
    // The pixel centre in the world, as the instanced quads map it.
    let world = camera.center + (frag.xy / camera.viewport * 2.0 - 1.0) * camera.half_extent;
    var dst = blend(vec3<f32>(0.0), params.clear.rgb, 0.0);
    let tx = min(u32(frag.x) / TILE_PX, params.tiles_x - 1u);
    let ty = min(u32(frag.y) / TILE_PX, params.tiles_y - 1u);
    let cell = cells[(ty / CELL_TILES) * params.cells_x + tx / CELL_TILES];
    // One loop and one `apply` for both sources of items: software
    // rasterisers run every branch of a loop body at least once, so a
    // second loop (or a second call) would cost every pixel a second item.
    let overflow = cell.overflow != 0u;
    let words = padded(cell.count) / 32u;
    let k = (ty % CELL_TILES) * CELL_TILES + tx % CELL_TILES;
    let base = (cell.offset / 32u) * CELL_TILES * CELL_TILES + k * words;
    // Overflow: the coarse list had no room for this cell; walk every item.
    var next = 0u;
    var w = 0u;
    var bits = 0u;
    if (!overflow && words > 0u) {
        bits = masks[base];
    }
    loop {
        var item = next;
        if (overflow) {
            if (next >= params.n_items) {
                break;
            }
            next += 1u;
        } else {
            while (bits == 0u && w + 1u < words) {
                w += 1u;
                bits = masks[base + w];
            }
            if (bits == 0u) {
                break;
            }
            let j = firstTrailingBit(bits);
            bits &= bits - 1u;
            item = coarse[cell.offset + w * 32u + j];
        }
        dst = apply(item, world, dst);
    }
    return vec4<f32>(dst, 1.0);
}
