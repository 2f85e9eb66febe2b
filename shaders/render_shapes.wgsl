// #import render_look.wgsl
// Instanced 2D shapes drawn as signed-distance quads: one instance per shape,
// six vertices per instance generated from the vertex index (no index
// buffer: indexed instanced draws measured no faster on lavapipe); a small
// disc uses the first three as one triangle around it.
// Used by engine/src/render/shapes.rs; the instance layout is `Shape` there.
// One pipeline blends premultiplied alpha (`fs_alpha`), one adds light
// (`fs_additive`) for glows; both share this vertex stage. The geometry and
// the look come from render_look.wgsl, shared with the tiled world path.

@group(0) @binding(0) var<uniform> camera: Camera;

// The kind every instance of this pipeline has (0-6), or 7: read it per
// instance. A fixed kind lets the driver drop the other distance functions;
// software rasterisers otherwise run every case of the `switch` per pixel.
override SHAPE_KIND: u32 = 7u;

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
    // The rest is one value per instance: flat, so a software rasteriser
    // neither sets up a plane equation per triangle nor interpolates per
    // pixel for them.
    @location(1) @interpolate(flat) size: vec2<f32>,
    @location(2) @interpolate(flat) color: vec4<f32>,
    @location(3) @interpolate(flat) kind: u32,
    @location(4) @interpolate(flat) stroke: f32,
    @location(5) @interpolate(flat) glow: f32,
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
    let ext = shape_quad(s.kind, s.size, s.glow, camera.world_per_px);
    var local = corner(vi) * ext;
    if (SHAPE_KIND == KIND_CIRCLE && ext.x < 12.0 * camera.world_per_px) {
        // A small disc (and its glow) lies inside the circle of radius
        // ext.x: one triangle around that circle, the quad's second
        // triangle collapsed, since a software rasteriser pays per triangle
        // (3,000 discs of radius 4 on lavapipe: 8.3-9.3 -> 5.0-6.8 ms). A
        // big disc keeps its quad: there the triangle's 30 % more pixels
        // cost more than the triangle saves (radius 20: 24-28 ms as a quad,
        // 28-30 as a triangle).
        let x = select(select(1.7320508, -1.7320508, vi == 1u), 0.0, vi == 0u);
        let y = select(-1.0, 2.0, vi == 0u);
        local = vec2<f32>(x, y) * ext.x;
        if (vi >= 3u) {
            local = vec2<f32>(0.0, 2.0) * ext.x;
        }
    }
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

fn coverage(in: VsOut) -> vec3<f32> {
    let kind = select(in.kind, SHAPE_KIND, SHAPE_KIND < 7u);
    let d = shape_distance(kind, in.local, in.size);
    return shape_coverage(d, in.stroke, in.glow, camera.world_per_px);
}

@fragment
fn fs_alpha(in: VsOut) -> @location(0) vec4<f32> {
    let out = shape_alpha_color(in.color, coverage(in));
    if (out.a <= SHAPE_MIN_ALPHA) {
        discard;
    }
    // Premultiplied alpha.
    return out;
}

@fragment
fn fs_additive(in: VsOut) -> @location(0) vec4<f32> {
    let out = shape_additive_color(in.color, coverage(in));
    if (out.a <= SHAPE_MIN_ALPHA) {
        discard;
    }
    return vec4<f32>(out.rgb, 0.0);
}
