// Instanced 2D shapes drawn as signed-distance quads: one instance per shape,
// six vertices per instance generated from the vertex index (no index buffer).
// Used by engine/src/render/shapes.rs; the instance layout is `Shape` there.
// One pipeline blends premultiplied alpha (`fs_alpha`), one adds light
// (`fs_additive`) for glows; both share this vertex stage.

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

@group(0) @binding(0) var<uniform> camera: Camera;

// The kind every instance of this pipeline has (0-6), or 7: read it per
// instance. A fixed kind lets the driver drop the other distance functions;
// software rasterisers otherwise run every case of the `switch` per pixel.
override SHAPE_KIND: u32 = 7u;

const KIND_CIRCLE: u32 = 0u;
const KIND_TRIANGLE: u32 = 1u;
const KIND_SQUARE: u32 = 2u;
const KIND_DIAMOND: u32 = 3u;
const KIND_LINE: u32 = 4u;
const KIND_HEXAGON: u32 = 5u;
const KIND_CROSS: u32 = 6u;

struct ShapeIn {
    @location(0) pos: vec2<f32>,
    @location(1) size: vec2<f32>,
    @location(2) color: vec4<f32>,
    @location(3) rot: f32,
    @location(4) kind: u32,
    @location(5) stroke: f32,
    @location(6) glow: f32,
}

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    // Position in the shape's own frame (unrotated), world px.
    @location(0) local: vec2<f32>,
    @location(1) size: vec2<f32>,
    @location(2) color: vec4<f32>,
    @location(3) @interpolate(flat) kind: u32,
    @location(4) stroke: f32,
    @location(5) glow: f32,
}

fn corner(i: u32) -> vec2<f32> {
    // Two triangles: (0,1,2) (2,1,3) over corners (-1,-1) (1,-1) (-1,1) (1,1).
    var c = array<vec2<f32>, 6>(
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(-1.0, 1.0),
        vec2<f32>(-1.0, 1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
    );
    return c[i];
}

fn world_to_clip(p: vec2<f32>) -> vec4<f32> {
    let n = (p - camera.center) / camera.half_extent;
    return vec4<f32>(n.x, -n.y, 0.0, 1.0);
}

@vertex
fn vs_main(@builtin(vertex_index) vi: u32, s: ShapeIn) -> VsOut {
    // Margin for anti-aliasing and the glow halo around the shape.
    let pad = 2.0 * camera.world_per_px + s.glow * 3.0;
    var ext = s.size;
    if (s.kind == KIND_LINE) {
        ext = vec2<f32>(s.size.x + s.size.y, s.size.y);
    }
    let local = corner(vi) * (ext + vec2<f32>(pad, pad));
    let c = cos(s.rot);
    let sn = sin(s.rot);
    let world = s.pos + vec2<f32>(local.x * c - local.y * sn, local.x * sn + local.y * c);
    var out: VsOut;
    out.clip = world_to_clip(world);
    out.local = local;
    out.size = s.size;
    out.color = s.color;
    out.kind = s.kind;
    out.stroke = s.stroke;
    out.glow = s.glow;
    return out;
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

fn shape_distance(instance_kind: u32, p: vec2<f32>, size: vec2<f32>) -> f32 {
    var kind = instance_kind;
    if (SHAPE_KIND < 7u) {
        kind = SHAPE_KIND;
    }
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
// |stroke| px, one quad instead of two).
fn coverage(in: VsOut) -> vec3<f32> {
    var d = shape_distance(in.kind, in.local, in.size);
    if (in.stroke > 0.0) {
        d = abs(d + in.stroke * 0.5) - in.stroke * 0.5;
    }
    let aa = camera.world_per_px;
    let body = clamp(0.5 - d / aa, 0.0, 1.0);
    var halo = 0.0;
    if (in.glow > 0.0) {
        // Fades to zero at the quad's edge so overlapping halos never add up to squares.
        halo = exp(-max(d, 0.0) / in.glow) * 0.55 * clamp(1.0 - max(d, 0.0) / (in.glow * 3.0), 0.0, 1.0);
    }
    var rim = 0.0;
    if (in.stroke < 0.0) {
        rim = clamp(0.5 + (d - in.stroke) / aa, 0.0, 1.0);
    }
    return vec3<f32>(body, halo, rim);
}

@fragment
fn fs_alpha(in: VsOut) -> @location(0) vec4<f32> {
    let c = coverage(in);
    var a = max(c.x, c.y) * in.color.a;
    // The rim contrasts with the fill: opaque bodies get a dark rim (it
    // separates silhouettes in a crowd), translucent areas such as poison
    // pools a bright, nearly opaque one (their edge on the dark floor).
    var rgb = in.color.rgb * (1.0 - 0.85 * c.z);
    if (in.color.a < 0.99) {
        rgb = mix(in.color.rgb, min(in.color.rgb * 1.5 + vec3<f32>(0.1), vec3<f32>(1.0)), c.z);
        a = max(a, 0.85 * c.z * c.x);
    }
    if (a <= 0.001) {
        discard;
    }
    // Premultiplied alpha.
    return vec4<f32>(rgb * a, a);
}

@fragment
fn fs_additive(in: VsOut) -> @location(0) vec4<f32> {
    let c = coverage(in);
    let a = max(c.x, c.y) * in.color.a;
    if (a <= 0.001) {
        discard;
    }
    return vec4<f32>(in.color.rgb * a, 0.0);
}
