// The look of every world shape and projectile, shared by both world paths:
// the instanced quads (render_shapes.wgsl, render_projectiles.wgsl) and the
// tiled full-screen pass (render_tiled_bin.wgsl, render_tiled_shade.wgsl).
// Geometry (quad extents), distance functions, coverage and colour live here
// once, so the two paths cannot drift apart. Colours come back premultiplied
// as (rgb * a, a); the caller discards (instanced) or skips (tiled) below the
// same thresholds.

struct Camera {
    // World point at the centre of the screen, px.
    center: vec2<f32>,
    // Half the visible world extent, px (x right, y down).
    half_extent: vec2<f32>,
    // Target size in physical pixels.
    viewport: vec2<f32>,
    // Seconds since start, for pulsing effects.
    time: f32,
    // World px per screen pixel, for one-pixel anti-aliasing.
    world_per_px: f32,
}

// How projectiles look: `ProjectileStyle` in engine/src/render/projectiles.rs.
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
    // Halo of player-team projectiles, in radii (the game shortens it for
    // crowds far past the design load; see `projectile_halo`).
    player_halo: f32,
    // The player's body, world px, and the radius around it inside which
    // player-team shots are dimmed and shrunk (0: nowhere), so the body
    // reads through its own crowd (docs/art.md#light).
    body_x: f32,
    body_y: f32,
    body_clear: f32,
}

// The least brightness and size of a player-team shot at the body's centre.
const BODY_DIM: f32 = 0.22;
const BODY_SHRINK: f32 = 0.6;

// How much of its brightness a player-team shot at `pos` keeps near the
// player's body: BODY_DIM inside 40 % of `body_clear`, rising smoothly to
// 1 at its edge; 1 everywhere when `body_clear` is 0.
fn body_light(pos: vec2<f32>, body: vec2<f32>, clear: f32) -> f32 {
    if (clear <= 0.0) {
        return 1.0;
    }
    let t = clamp((distance(pos, body) - 0.4 * clear) / (0.6 * clear), 0.0, 1.0);
    return mix(BODY_DIM, 1.0, t * t * (3.0 - 2.0 * t));
}

const KIND_CIRCLE: u32 = 0u;
const KIND_TRIANGLE: u32 = 1u;
const KIND_SQUARE: u32 = 2u;
const KIND_DIAMOND: u32 = 3u;
const KIND_LINE: u32 = 4u;
const KIND_HEXAGON: u32 = 5u;
const KIND_CROSS: u32 = 6u;

const FLAG_ALIVE: u32 = 1u;
const FLAG_ENEMY_TEAM: u32 = 2u;

// Below these alphas a fragment is discarded (instanced) or skipped (tiled).
const SHAPE_MIN_ALPHA: f32 = 0.001;
const PROJECTILE_MIN_ALPHA: f32 = 0.003;

// Half size of a shape's quad in its own frame: the shape's extent plus a
// margin for anti-aliasing and the glow halo.
fn shape_quad(kind: u32, size: vec2<f32>, glow: f32, world_per_px: f32) -> vec2<f32> {
    let pad = 2.0 * world_per_px + glow * 3.0;
    var ext = size;
    if (kind == KIND_LINE) {
        ext = vec2<f32>(size.x + size.y, size.y);
    }
    if (kind == KIND_CIRCLE) {
        // A disc's distance reads size.x only: its quad is square, so the
        // one-triangle circle pipeline and every quad cover the same disc.
        ext = vec2<f32>(size.x, size.x);
    }
    if (kind == KIND_HEXAGON) {
        // Inradius size.x: the corners on the x axis reach 2/sqrt(3) of it.
        ext = vec2<f32>(size.x * 1.1547005, size.x);
    }
    if (kind == KIND_CROSS) {
        // Both arms are size.x long.
        ext = vec2<f32>(size.x, size.x);
    }
    return ext + vec2<f32>(pad, pad);
}

fn sd_box(p: vec2<f32>, b: vec2<f32>) -> f32 {
    let d = abs(p) - b;
    return length(max(d, vec2<f32>(0.0))) + min(max(d.x, d.y), 0.0);
}

// Equilateral-ish triangle pointing along +x, circumradius r.
fn sd_triangle(p_in: vec2<f32>, r: f32) -> f32 {
    // Rotate so the classic upward triangle points to +x.
    let p0 = vec2<f32>(-p_in.y, p_in.x);
    let k = sqrt(3.0);
    var p = vec2<f32>(abs(p0.x) - r * 0.866, p0.y + r * 0.5);
    if (p.x + k * p.y > 0.0) {
        p = vec2<f32>(p.x - k * p.y, -k * p.x - p.y) / 2.0;
    }
    p.x -= clamp(p.x, -2.0 * r * 0.866, 0.0);
    return -length(p) * sign(p.y);
}

fn sd_rhombus(p_in: vec2<f32>, b: vec2<f32>) -> f32 {
    let p = abs(p_in);
    let h = clamp((-2.0 * dot(p, b) + dot(b, b)) / dot(b, b), -1.0, 1.0);
    let q = 0.5 * b * vec2<f32>(1.0 - h, 1.0 + h);
    let d = length(p - q);
    return d * sign(p.x * b.y + p.y * b.x - b.x * b.y);
}

fn sd_hexagon(p_in: vec2<f32>, r: f32) -> f32 {
    let k = vec3<f32>(-0.866025404, 0.5, 0.577350269);
    var p = abs(p_in);
    p -= 2.0 * min(dot(k.xy, p), 0.0) * k.xy;
    p -= vec2<f32>(clamp(p.x, -k.z * r, k.z * r), r);
    return length(p) * sign(p.y);
}

// Signed distance to a shape of `kind` (ShapeKind) in its own frame.
fn shape_distance(kind: u32, p: vec2<f32>, size: vec2<f32>) -> f32 {
    switch kind {
        case 1u: { return sd_triangle(p, size.x); }
        case 2u: { return sd_box(p, size); }
        case 3u: { return sd_rhombus(p, size); }
        case 4u: {
            // Capsule along x: half length size.x, half thickness size.y.
            let q = vec2<f32>(p.x - clamp(p.x, -size.x, size.x), p.y);
            return length(q) - size.y;
        }
        case 5u: { return sd_hexagon(p, size.x); }
        case 6u: {
            let a = sd_box(p, vec2<f32>(size.x, size.y * 0.25));
            let b = sd_box(p, vec2<f32>(size.y * 0.25, size.x));
            return min(a, b);
        }
        default: { return length(p) - size.x; }
    }
}

// Coverage of the shape (with its stroke), of its glow halo, and how much of
// the pixel is the dark rim (stroke < 0: filled with a dark outline of
// |stroke| px, one quad instead of two), from the raw distance `d_in`.
fn shape_coverage(d_in: f32, stroke: f32, glow: f32, aa: f32) -> vec3<f32> {
    var d = d_in;
    if (stroke > 0.0) {
        d = abs(d + stroke * 0.5) - stroke * 0.5;
    }
    let body = clamp(0.5 - d / aa, 0.0, 1.0);
    var halo = 0.0;
    if (glow > 0.0) {
        // Fades to zero at the quad's edge so overlapping halos never add up to squares.
        halo = exp(-max(d, 0.0) / glow) * 0.55 * clamp(1.0 - max(d, 0.0) / (glow * 3.0), 0.0, 1.0);
    }
    var rim = 0.0;
    if (stroke < 0.0) {
        rim = clamp(0.5 + (d - stroke) / aa, 0.0, 1.0);
    }
    return vec3<f32>(body, halo, rim);
}

// Alpha-blended shape colour, premultiplied: (rgb * a, a).
fn shape_alpha_color(color: vec4<f32>, c: vec3<f32>) -> vec4<f32> {
    var a = max(c.x, c.y) * color.a;
    // The rim contrasts with the fill: opaque bodies get a dark rim (it
    // separates silhouettes in a crowd), translucent areas such as poison
    // pools a bright, nearly opaque one (their edge on the dark floor).
    var rgb = color.rgb * (1.0 - 0.85 * c.z);
    if (color.a < 0.99) {
        rgb = mix(color.rgb, min(color.rgb * 1.5 + vec3<f32>(0.1), vec3<f32>(1.0)), c.z);
        a = max(a, 0.85 * c.z * c.x);
    }
    return vec4<f32>(rgb * a, a);
}

// Additive shape light: (rgb * a, a); only rgb is added.
fn shape_additive_color(color: vec4<f32>, c: vec3<f32>) -> vec4<f32> {
    let a = max(c.x, c.y) * color.a;
    return vec4<f32>(color.rgb * a, a);
}

// A projectile's drawn frame: radius in world px, unit direction of motion,
// and the streak's half length in radius units.
struct ProjectileFrame {
    r: f32,
    dir: vec2<f32>,
    stretch: f32,
}

fn projectile_frame(radius: f32, vel: vec2<f32>, scale: f32, world_per_px: f32) -> ProjectileFrame {
    var f: ProjectileFrame;
    f.r = max(radius * scale, 1.5 * world_per_px);
    let speed = length(vel);
    f.dir = vec2<f32>(1.0, 0.0);
    if (speed > 0.001) {
        f.dir = vel / speed;
    }
    // Fast projectiles streak a little along their motion.
    f.stretch = 1.0 + min(speed / 900.0, 1.2);
    return f;
}

// How far a projectile's quad reaches beyond its body, in radii; the glow
// fades to zero there so the quad's edge never shows. The halo is most of a
// projectile's pixels: player shots use the style's `player_halo` (0.7 at
// the design load, shorter for a crowd of tens of thousands, which reads as
// one white-hot mass anyway); enemy shots a little wider so their dark rim
// reads.
fn projectile_halo(enemy: bool, player_halo: f32) -> f32 {
    if (enemy) {
        return 1.0;
    }
    return player_halo;
}

// Distance to the streak's body (a capsule), in radius units.
fn body_distance(local: vec2<f32>, stretch: f32) -> f32 {
    let half = stretch - 1.0;
    let q = vec2<f32>(local.x - clamp(local.x, -half, half), local.y);
    return length(q) - 1.0;
}

// Player team: additive light, white-hot centre fading into the element
// colour; (rgb * a, a) with `local` in radius units.
fn player_projectile_color(local: vec2<f32>, stretch: f32, halo_len: f32, color: vec3<f32>, intensity: f32) -> vec4<f32> {
    let d = body_distance(local, stretch);
    let body = clamp(0.5 - d * 2.0, 0.0, 1.0);
    let fade = 1.0 - clamp(max(d, 0.0) / halo_len, 0.0, 1.0);
    let halo = exp(-max(d, 0.0) * 1.6) * 0.45 * fade * fade;
    let hot = clamp(-d * 1.5, 0.0, 1.0);
    let rgb = mix(color, vec3<f32>(1.0), hot * 0.6);
    let a = max(body, halo) * intensity;
    return vec4<f32>(rgb * a, a);
}

// Enemy team: opaque, a hot core inside a dark rim, so it reads over any
// glow; premultiplied (rgb * a, a).
fn enemy_projectile_color(local: vec2<f32>, stretch: f32, halo_len: f32, core: vec3<f32>, rim_color: vec3<f32>) -> vec4<f32> {
    let d = body_distance(local, stretch);
    let fill = clamp(0.5 - d * 3.0, 0.0, 1.0);
    let rim = clamp(0.5 - (d - 0.45) * 3.0, 0.0, 1.0);
    let fade = 1.0 - clamp(max(d, 0.0) / halo_len, 0.0, 1.0);
    let halo = exp(-max(d - 0.45, 0.0) * 2.0) * 0.35 * fade * fade;
    let inner = mix(core, vec3<f32>(1.0), clamp(-d * 1.2, 0.0, 1.0) * 0.5);
    var rgb = mix(rim_color, inner, fill);
    var a = max(rim, fill);
    if (a < halo) {
        rgb = core;
        a = halo;
    }
    return vec4<f32>(rgb * a, a);
}
