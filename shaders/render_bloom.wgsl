// The bloom pass of high quality (docs/art.md#light): the world, drawn into
// a texture of its own, is
//   1. extracted: each pixel's white-hot part (its colour times how far its
//      dimmest channel is above the threshold), averaged over 4x4 blocks
//      into a quarter-resolution layer;
//   2. blurred: a separable Gaussian (13 taps a direction) at that size;
//   3. composited: the world plus the blurred light (bilinear), faded near
//      the player's body, written to the frame.
// Every step has a CPU twin in engine/src/render/bloom_reference.rs (the
// parity test renders a bright dot through these passes and compares).
// The layers are 8-bit (LAYER_FORMAT): each pass stores its result rounded.

struct Bloom {
    // Whiteness (the dimmest channel) above which a pixel blooms.
    threshold: f32,
    // How much of the blurred light is added back.
    intensity: f32,
    // Target px around the body within which the bloom fades (0: off).
    body_clear: f32,
    // Share of the bloom kept right on the body.
    body_floor: f32,
    // The player's body, target px.
    body: vec2<f32>,
    pad: vec2<f32>,
}

@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var<uniform> bloom: Bloom;
// The composite's extra inputs: the blurred light and its sampler.
@group(0) @binding(2) var light: texture_2d<f32>;
@group(0) @binding(3) var light_sampler: sampler;

// Full-resolution pixels per quarter-layer texel, a side (BLOOM_DIVISOR).
const DIVISOR: i32 = 4;
// Blur taps each side of the centre, and the Gaussian's sigma, in layer
// texels (BLUR_RADIUS, BLUR_SIGMA).
const RADIUS: i32 = 6;
const SIGMA: f32 = 3.0;

struct VsOut {
    @builtin(position) clip: vec4<f32>,
}

@vertex
fn vs_main(@builtin(vertex_index) vi: u32) -> VsOut {
    // One triangle over the whole target.
    let uv = vec2<f32>(f32((vi << 1u) & 2u), f32(vi & 2u));
    var out: VsOut;
    out.clip = vec4<f32>(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.0, 1.0);
    return out;
}

// The white-hot part of a colour: only what is nearly white blooms, so an
// element's coloured shots never do, and white (the player, the walls' core
// line, tells, fresh flashes) does.
fn bright(c: vec3<f32>) -> vec3<f32> {
    let white = min(c.r, min(c.g, c.b));
    let k = clamp((white - bloom.threshold) / max(1.0 - bloom.threshold, 1e-4), 0.0, 1.0);
    return c * k;
}

@fragment
fn fs_extract(in: VsOut) -> @location(0) vec4<f32> {
    let size = vec2<i32>(textureDimensions(src));
    let base = vec2<i32>(in.clip.xy) * DIVISOR;
    var sum = vec3<f32>(0.0);
    for (var j = 0; j < DIVISOR; j++) {
        for (var i = 0; i < DIVISOR; i++) {
            let p = min(base + vec2<i32>(i, j), size - 1);
            sum += bright(textureLoad(src, p, 0).rgb);
        }
    }
    return vec4<f32>(sum / f32(DIVISOR * DIVISOR), 1.0);
}

fn blur(at: vec2<i32>, step: vec2<i32>) -> vec4<f32> {
    let last = vec2<i32>(textureDimensions(src)) - 1;
    var sum = vec3<f32>(0.0);
    var norm = 0.0;
    for (var k = -RADIUS; k <= RADIUS; k++) {
        let w = exp(-f32(k * k) / (2.0 * SIGMA * SIGMA));
        let p = clamp(at + step * k, vec2<i32>(0), last);
        sum += w * textureLoad(src, p, 0).rgb;
        norm += w;
    }
    return vec4<f32>(sum / norm, 1.0);
}

@fragment
fn fs_blur_x(in: VsOut) -> @location(0) vec4<f32> {
    return blur(vec2<i32>(in.clip.xy), vec2<i32>(1, 0));
}

@fragment
fn fs_blur_y(in: VsOut) -> @location(0) vec4<f32> {
    return blur(vec2<i32>(in.clip.xy), vec2<i32>(0, 1));
}

@fragment
fn fs_composite(in: VsOut) -> @location(0) vec4<f32> {
    let world = textureLoad(src, vec2<i32>(in.clip.xy), 0).rgb;
    // The layer texel under this pixel's centre, bilinear.
    let layer = vec2<f32>(textureDimensions(light));
    let uv = in.clip.xy / f32(DIVISOR) / layer;
    let glow = textureSampleLevel(light, light_sampler, uv, 0.0).rgb;
    var keep = 1.0;
    if (bloom.body_clear > 0.0) {
        let d = distance(in.clip.xy, bloom.body);
        keep = mix(bloom.body_floor, 1.0, smoothstep(0.4 * bloom.body_clear, bloom.body_clear, d));
    }
    return vec4<f32>(min(world + bloom.intensity * keep * glow, vec3<f32>(1.0)), 1.0);
}
