// The crowd layer's composite: one full-screen triangle that adds the
// half-resolution layer of player projectiles (bilinear) onto the world.
// Used by engine/src/render/crowd.rs.

@group(0) @binding(0) var layer: texture_2d<f32>;
@group(0) @binding(1) var layer_sampler: sampler;

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

@vertex
fn vs_main(@builtin(vertex_index) vi: u32) -> VsOut {
    // (0,0) (2,0) (0,2) in uv: one triangle over the whole screen.
    let uv = vec2<f32>(f32((vi << 1u) & 2u), f32(vi & 2u));
    var out: VsOut;
    out.clip = vec4<f32>(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.0, 1.0);
    out.uv = uv;
    return out;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    let c = textureSample(layer, layer_sampler, in.uv);
    if (max(c.r, max(c.g, c.b)) <= 0.002) {
        discard;
    }
    return vec4<f32>(c.rgb, 0.0);
}
