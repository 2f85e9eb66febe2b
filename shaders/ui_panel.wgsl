// Composites a cached egui panel (engine/src/ui/panel.rs) onto the frame:
// one quad over the panel's rectangle, each pixel loaded 1:1 from the
// panel's texture (no filtering, no colour conversion) over the window's
// backing (fill, border, rounded corners), which is drawn here rather than
// by egui, then blended with premultiplied alpha.

struct Backing {
    // The window rectangle within the panel, physical px.
    min: vec2<f32>,
    max: vec2<f32>,
    fill: vec4<f32>,
    stroke: vec4<f32>,
    radius: f32,
    stroke_width: f32,
    pad: vec2<f32>,
}

struct Placement {
    // Top-left corner on the target, physical px.
    origin: vec2<f32>,
    // Size of the panel, physical px.
    size: vec2<f32>,
    // Target size, physical px.
    viewport: vec2<f32>,
    pad: vec2<f32>,
    backing: Backing,
}

@group(0) @binding(0) var<uniform> place: Placement;
@group(0) @binding(1) var panel: texture_2d<f32>;

@vertex
fn vs_main(@builtin(vertex_index) vi: u32) -> @builtin(position) vec4<f32> {
    var c = array<vec2<f32>, 6>(
        vec2<f32>(0.0, 0.0), vec2<f32>(1.0, 0.0), vec2<f32>(0.0, 1.0),
        vec2<f32>(0.0, 1.0), vec2<f32>(1.0, 0.0), vec2<f32>(1.0, 1.0),
    );
    let px = place.origin + c[vi] * place.size;
    let ndc = px / place.viewport * 2.0 - vec2<f32>(1.0);
    return vec4<f32>(ndc.x, -ndc.y, 0.0, 1.0);
}

fn sd_round_box(p: vec2<f32>, half: vec2<f32>, r: f32) -> f32 {
    let q = abs(p) - half + vec2<f32>(r);
    return length(max(q, vec2<f32>(0.0))) + min(max(q.x, q.y), 0.0) - r;
}

@fragment
fn fs_main(@builtin(position) frag: vec4<f32>) -> @location(0) vec4<f32> {
    let local = frag.xy - place.origin;
    let content = textureLoad(panel, vec2<i32>(floor(local)), 0);
    let b = place.backing;
    let centre = (b.min + b.max) * 0.5;
    let half = (b.max - b.min) * 0.5;
    let d = sd_round_box(local - centre, half, b.radius);
    let cover = clamp(0.5 - d, 0.0, 1.0);
    // The border: a band of stroke_width just inside the edge.
    let border = clamp(0.5 + b.stroke_width - abs(d + 0.5 * b.stroke_width) - 0.5 * b.stroke_width, 0.0, 1.0);
    let rgb = mix(b.fill.rgb, b.stroke.rgb, border * b.stroke.a);
    let backing = vec4<f32>(rgb, 1.0) * (cover * b.fill.a);
    // The content (premultiplied) over the backing.
    return content + backing * (1.0 - content.a);
}
