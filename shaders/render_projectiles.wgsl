// #import projectile.wgsl
// Projectiles drawn straight from the compute core's projectile buffer by
// vertex pulling: instance i reads slot i, six vertices per slot, and a slot
// that is not alive (or not of the team this draw covers) collapses to a
// degenerate triangle. No position ever comes back to the CPU.
// Used by engine/src/render/projectiles.rs. `Projectile` comes from
// projectile.wgsl, shared with the compute passes.

struct Camera {
    center: vec2<f32>,
    half_extent: vec2<f32>,
    viewport: vec2<f32>,
    time: f32,
    world_per_px: f32,
}

struct Style {
    // Player-team colour per palette index (`user[palette_word] & 7`).
    palette: array<vec4<f32>, 8>,
    // Enemy-team projectiles: hot core and dark rim, so threats read on top of any glow.
    enemy_core: vec4<f32>,
    enemy_rim: vec4<f32>,
    // Brightness of player-team projectiles (they are additive, so dimmer reads better).
    player_intensity: f32,
    // Visual size multiplier of player-team projectiles.
    player_scale: f32,
    // Visual size multiplier of enemy-team projectiles.
    enemy_scale: f32,
    // Which user word holds the palette index.
    palette_word: u32,
}

const FLAG_ALIVE: u32 = 1u;
const FLAG_ENEMY_TEAM: u32 = 2u;

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
    // How far the quad reaches beyond the body, in radii; the glow fades to
    // zero there so the quad's edge never shows.
    @location(3) @interpolate(flat) halo: f32,
}

fn corner(i: u32) -> vec2<f32> {
    var c = array<vec2<f32>, 6>(
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(-1.0, 1.0),
        vec2<f32>(-1.0, 1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
    );
    return c[i];
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
    let p = projectiles[slot];
    let enemy = (p.flags & FLAG_ENEMY_TEAM) != 0u;
    if ((p.flags & FLAG_ALIVE) == 0u || enemy != want_enemy) {
        return hidden();
    }
    var scale = style.player_scale;
    if (want_enemy) {
        scale = style.enemy_scale;
    }
    let r = max(p.radius * scale, 1.5 * camera.world_per_px);
    let speed = length(p.vel);
    var dir = vec2<f32>(1.0, 0.0);
    if (speed > 0.001) {
        dir = p.vel / speed;
    }
    // Fast projectiles streak a little along their motion.
    let stretch = 1.0 + min(speed / 900.0, 1.2);
    // The halo is most of a projectile's pixels: kept short (player shots
    // are drawn by the thousand, additively), a little wider for enemy shots
    // so their dark rim reads against the crowd.
    var halo = 0.7;
    if (want_enemy) {
        halo = 1.0;
    }
    let c = corner(vi);
    let local = vec2<f32>(c.x * (stretch + halo), c.y * (1.0 + halo));
    let world = p.pos + (dir * local.x + vec2<f32>(-dir.y, dir.x) * local.y) * r;
    let n = (world - camera.center) / camera.half_extent;
    var out: VsOut;
    out.clip = vec4<f32>(n.x, -n.y, 0.0, 1.0);
    out.local = local;
    out.stretch = stretch;
    out.halo = halo;
    if (want_enemy) {
        out.color = style.enemy_core;
    } else {
        out.color = style.palette[p.user[style.palette_word & 7u] & 7u];
    }
    return out;
}

@vertex
fn vs_player(@builtin(vertex_index) vi: u32, @builtin(instance_index) slot: u32) -> VsOut {
    return emit(vi, slot, false);
}

@vertex
fn vs_enemy(@builtin(vertex_index) vi: u32, @builtin(instance_index) slot: u32) -> VsOut {
    return emit(vi, slot, true);
}

// Distance to the streak's body (a capsule), in radius units.
fn body_distance(local: vec2<f32>, stretch: f32) -> f32 {
    let half = stretch - 1.0;
    let q = vec2<f32>(local.x - clamp(local.x, -half, half), local.y);
    return length(q) - 1.0;
}

// Player team: additive light, white-hot centre fading into the element colour.
@fragment
fn fs_player(in: VsOut) -> @location(0) vec4<f32> {
    let d = body_distance(in.local, in.stretch);
    let body = clamp(0.5 - d * 2.0, 0.0, 1.0);
    let fade = 1.0 - clamp(max(d, 0.0) / in.halo, 0.0, 1.0);
    let halo = exp(-max(d, 0.0) * 1.6) * 0.45 * fade * fade;
    let hot = clamp(-d * 1.5, 0.0, 1.0);
    let rgb = mix(in.color.rgb, vec3<f32>(1.0), hot * 0.6);
    let a = max(body, halo) * style.player_intensity;
    if (a <= 0.003) {
        discard;
    }
    return vec4<f32>(rgb * a, 0.0);
}

// Enemy team: opaque, a hot core inside a dark rim, so it reads over any glow.
@fragment
fn fs_enemy(in: VsOut) -> @location(0) vec4<f32> {
    let d = body_distance(in.local, in.stretch);
    let fill = clamp(0.5 - d * 3.0, 0.0, 1.0);
    let rim = clamp(0.5 - (d - 0.45) * 3.0, 0.0, 1.0);
    let fade = 1.0 - clamp(max(d, 0.0) / in.halo, 0.0, 1.0);
    let halo = exp(-max(d - 0.45, 0.0) * 2.0) * 0.35 * fade * fade;
    let inner = mix(style.enemy_core.rgb, vec3<f32>(1.0), clamp(-d * 1.2, 0.0, 1.0) * 0.5);
    var rgb = mix(style.enemy_rim.rgb, inner, fill);
    var a = max(rim, fill);
    if (a < halo) {
        rgb = style.enemy_core.rgb;
        a = halo;
    }
    if (a <= 0.003) {
        discard;
    }
    return vec4<f32>(rgb * a, a);
}

// The glow pass (switchable in the game's Settings): a wide, faint halo
// around every player-team projectile, drawn additively in its own render
// pass after the world, so a crowd of shots blooms into a haze of its
// element colours. Under two radii of reach beyond the body; the halo is what
// costs pixels, so it stays faint and its quad ends where it fades out.
const GLOW_REACH: f32 = 1.8;

@vertex
fn vs_glow(@builtin(vertex_index) vi: u32, @builtin(instance_index) slot: u32) -> VsOut {
    let p = projectiles[slot];
    if ((p.flags & FLAG_ALIVE) == 0u || (p.flags & FLAG_ENEMY_TEAM) != 0u) {
        return hidden();
    }
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
    out.color = style.palette[p.user[style.palette_word & 7u] & 7u];
    return out;
}

@fragment
fn fs_glow(in: VsOut) -> @location(0) vec4<f32> {
    let d = max(body_distance(in.local, in.stretch), 0.0);
    let fade = 1.0 - clamp(d / in.halo, 0.0, 1.0);
    let a = exp(-d * 1.2) * 0.3 * fade * fade * style.player_intensity;
    if (a <= 0.004) {
        discard;
    }
    return vec4<f32>(in.color.rgb * a, 0.0);
}
