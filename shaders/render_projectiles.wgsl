// #import projectile.wgsl
// #import render_look.wgsl
// Projectiles drawn straight from the compute core's projectile buffer by
// vertex pulling: instance i reads slot i, six vertices per slot, and a slot
// that is not alive (or not of the team this draw covers) collapses to a
// degenerate triangle. No position ever comes back to the CPU.
// Used by engine/src/render/projectiles.rs. `Projectile` comes from
// projectile.wgsl, shared with the compute passes; the frame and the look
// from render_look.wgsl, shared with the tiled world path.

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<storage, read> projectiles: array<Projectile>;
@group(0) @binding(2) var<uniform> style: Style;

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    // Position in the projectile's frame, in units of its radius (x along velocity).
    @location(0) local: vec2<f32>,
    // Half length of the streak in radius units.
    @location(1) @interpolate(flat) stretch: f32,
    @location(2) @interpolate(flat) color: vec4<f32>,
    // How far the quad reaches beyond the body, in radii.
    @location(3) @interpolate(flat) halo: f32,
}

fn corner(i: u32) -> vec2<f32> {
    var c = array<vec2<f32>, 6>(
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(-1.0, 1.0),
        vec2<f32>(-1.0, 1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
    );
    return c[i];
}

// One triangle around a streak, for the crowd layer (three vertices
// instead of a quad's six: a software rasteriser pays per triangle, and at
// half resolution the triangle's extra pixels are cheap). The streak with
// its halo is a stadium of half extents (w, h); the triangle circumscribes
// an ellipse of semi-axes (k w, k h) that holds it (k = 1 for a round shot;
// 1.17 covers the longest streak, 2.2 radii, with the shortest halo), apex
// ahead.
fn enclosing_triangle(vi: u32, w: f32, h: f32, streak: bool) -> vec2<f32> {
    let k = select(1.0, 1.17, streak);
    let x = select(-1.0, 2.0, vi == 0u);
    let y = select(select(1.7320508, -1.7320508, vi == 2u), 0.0, vi == 0u);
    return vec2<f32>(x * k * w, y * k * h);
}

fn hidden() -> VsOut {
    var out: VsOut;
    out.clip = vec4<f32>(2.0, 2.0, 2.0, 1.0);
    out.local = vec2<f32>(0.0);
    out.stretch = 1.0;
    out.color = vec4<f32>(0.0);
    out.halo = 1.0;
    return out;
}

fn emit(vi: u32, slot: u32, want_enemy: bool) -> VsOut {
    return emit_shape(vi, slot, want_enemy, false);
}

fn emit_shape(vi: u32, slot: u32, want_enemy: bool, triangle: bool) -> VsOut {
    // Field by field: a slot is 32 words and the vertex stage needs seven;
    // a software rasteriser loads storage one word at a time, six vertices
    // per slot, so copying the whole struct was most of its vertex cost.
    let flags = projectiles[slot].flags;
    let enemy = (flags & FLAG_ENEMY_TEAM) != 0u;
    if ((flags & FLAG_ALIVE) == 0u || enemy != want_enemy) {
        return hidden();
    }
    var p: Projectile;
    p.pos = projectiles[slot].pos;
    p.vel = projectiles[slot].vel;
    p.radius = projectiles[slot].radius;
    var scale = style.player_scale;
    var light = 1.0;
    if (want_enemy) {
        scale = style.enemy_scale;
    } else {
        light = body_light(p.pos, vec2<f32>(style.body_x, style.body_y), style.body_clear);
        scale *= mix(BODY_SHRINK, 1.0, (light - BODY_DIM) / (1.0 - BODY_DIM));
    }
    let f = projectile_frame(p.radius, p.vel, scale, camera.world_per_px);
    let halo = projectile_halo(want_enemy, style.player_halo);
    var local: vec2<f32>;
    if (triangle) {
        local = enclosing_triangle(vi, f.stretch + halo, 1.0 + halo, f.stretch > 1.01);
    } else {
        let c = corner(vi);
        local = vec2<f32>(c.x * (f.stretch + halo), c.y * (1.0 + halo));
    }
    let world = p.pos + (f.dir * local.x + vec2<f32>(-f.dir.y, f.dir.x) * local.y) * f.r;
    let n = (world - camera.center) / camera.half_extent;
    var out: VsOut;
    out.clip = vec4<f32>(n.x, -n.y, 0.0, 1.0);
    out.local = local;
    out.stretch = f.stretch;
    out.halo = halo;
    if (want_enemy) {
        out.color = style.enemy_core;
    } else {
        // The palette's alpha is unused: it carries the light near the body.
        out.color = vec4<f32>(style.palette[projectiles[slot].user[style.palette_word & 7u] & 7u].rgb, light);
    }
    return out;
}

@vertex
fn vs_player(@builtin(vertex_index) vi: u32, @builtin(instance_index) slot: u32) -> VsOut {
    return emit(vi, slot, false);
}

// The crowd layer's player shots: one triangle each.
@vertex
fn vs_player_crowd(@builtin(vertex_index) vi: u32, @builtin(instance_index) slot: u32) -> VsOut {
    return emit_shape(vi, slot, false, true);
}

@vertex
fn vs_enemy(@builtin(vertex_index) vi: u32, @builtin(instance_index) slot: u32) -> VsOut {
    return emit(vi, slot, true);
}

// Player team: additive light, white-hot centre fading into the element colour.
@fragment
fn fs_player(in: VsOut) -> @location(0) vec4<f32> {
    let out = player_projectile_color(in.local, in.stretch, in.halo, in.color.rgb, style.player_intensity * in.color.a);
    if (out.a <= PROJECTILE_MIN_ALPHA) {
        discard;
    }
    return vec4<f32>(out.rgb, 0.0);
}

// Enemy team: opaque, a hot core inside a dark rim, so it reads over any glow.
@fragment
fn fs_enemy(in: VsOut) -> @location(0) vec4<f32> {
    let out = enemy_projectile_color(in.local, in.stretch, in.halo, style.enemy_core.rgb, style.enemy_rim.rgb);
    if (out.a <= PROJECTILE_MIN_ALPHA) {
        discard;
    }
    return out;
}

// The glow pass (switchable in the game's Settings): a wide, faint halo
// around every player-team projectile, drawn additively in its own render
// pass after the world, so a crowd of shots blooms into a haze of its
// element colours. Under two radii of reach beyond the body; the halo is what
// costs pixels, so it stays faint and its quad ends where it fades out.
const GLOW_REACH: f32 = 1.8;

@vertex
fn vs_glow(@builtin(vertex_index) vi: u32, @builtin(instance_index) slot: u32) -> VsOut {
    let flags = projectiles[slot].flags;
    if ((flags & FLAG_ALIVE) == 0u || (flags & FLAG_ENEMY_TEAM) != 0u) {
        return hidden();
    }
    var p: Projectile;
    p.pos = projectiles[slot].pos;
    p.vel = projectiles[slot].vel;
    p.radius = projectiles[slot].radius;
    let r = max(p.radius * style.player_scale, 1.5 * camera.world_per_px);
    let speed = length(p.vel);
    var dir = vec2<f32>(1.0, 0.0);
    if (speed > 0.001) {
        dir = p.vel / speed;
    }
    let stretch = 1.0 + min(speed / 900.0, 1.2);
    let c = corner(vi);
    let local = vec2<f32>(c.x * (stretch + GLOW_REACH), c.y * (1.0 + GLOW_REACH));
    let world = p.pos + (dir * local.x + vec2<f32>(-dir.y, dir.x) * local.y) * r;
    let n = (world - camera.center) / camera.half_extent;
    var out: VsOut;
    out.clip = vec4<f32>(n.x, -n.y, 0.0, 1.0);
    out.local = local;
    out.stretch = stretch;
    out.halo = GLOW_REACH;
    out.color = style.palette[projectiles[slot].user[style.palette_word & 7u] & 7u];
    // Dimmed at the player's body like the shots themselves: this pass lies
    // over the whole world, the body included (docs/art.md#light).
    out.color.a *= body_light(p.pos, vec2<f32>(style.body_x, style.body_y), style.body_clear);
    return out;
}

@fragment
fn fs_glow(in: VsOut) -> @location(0) vec4<f32> {
    let d = max(body_distance(in.local, in.stretch), 0.0);
    let fade = 1.0 - clamp(d / in.halo, 0.0, 1.0);
    let a = exp(-d * 1.2) * 0.3 * fade * fade * style.player_intensity * in.color.a;
    if (a <= 0.004) {
        discard;
    }
    return vec4<f32>(in.color.rgb * a, 0.0);
}
