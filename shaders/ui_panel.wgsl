// Composites a cached egui panel (engine/src/ui/panel.rs) onto the frame:
// one quad over the panel's rectangle, each pixel loaded 1:1 from the
// panel's texture (no filtering, no colour conversion), blended with
// premultiplied alpha exactly as egui would have blended it directly.

struct Placement {
    // Top-left corner on the target, physical px.
    origin: vec2<f32>,
    // Size of the panel, physical px.
    size: vec2<f32>,
    // Target size, physical px.
    viewport: vec2<f32>,
    pad: vec2<f32>,
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

@fragment
fn fs_main(@builtin(position) frag: vec4<f32>) -> @location(0) vec4<f32> {
    let texel = vec2<i32>(floor(frag.xy - place.origin));
    return textureLoad(panel, texel, 0);
}
