//! The CPU twin of the bloom pass (`shaders/render_bloom.wgsl`): the same
//! extract, blur and composite on linear RGB images, what the bloom's
//! parity test compares the GPU passes with.

use super::bloom::{BLOOM_DIVISOR, BLUR_RADIUS, BLUR_SIGMA, BloomStyle, layer_size};

/// An RGB image of `f32`s, rows top to bottom.
#[derive(Debug, Clone, PartialEq)]
pub struct RgbImage {
    /// Width, px.
    pub width: u32,
    /// Height, px.
    pub height: u32,
    /// `width * height` pixels.
    pub pixels: Vec<[f32; 3]>,
}

impl RgbImage {
    /// A black image of `size`.
    pub fn black(size: [u32; 2]) -> Self {
        Self {
            width: size[0],
            height: size[1],
            pixels: vec![[0.0; 3]; (size[0] * size[1]) as usize],
        }
    }

    /// Pixel (`x`, `y`), clamped to the edge (`textureLoad` of a clamped
    /// coordinate, as the shader does).
    pub fn at(&self, x: i64, y: i64) -> [f32; 3] {
        let x = x.clamp(0, i64::from(self.width) - 1) as u32;
        let y = y.clamp(0, i64::from(self.height) - 1) as u32;
        self.pixels[(y * self.width + x) as usize]
    }

    fn set(&mut self, x: u32, y: u32, c: [f32; 3]) {
        self.pixels[(y * self.width + x) as usize] = c;
    }
}

/// `bright` of the shader: the colour times how far its dimmest channel is
/// above the threshold.
fn bright(c: [f32; 3], threshold: f32) -> [f32; 3] {
    let white = c[0].min(c[1]).min(c[2]);
    let k = ((white - threshold) / (1.0 - threshold).max(1e-4)).clamp(0.0, 1.0);
    c.map(|v| v * k)
}

/// `fs_extract`: the bright part of each 4x4 block of `world`, averaged.
pub fn extract(world: &RgbImage, style: &BloomStyle) -> RgbImage {
    let size = layer_size([world.width, world.height]);
    let d = BLOOM_DIVISOR as i64;
    let mut out = RgbImage::black(size);
    for y in 0..size[1] {
        for x in 0..size[0] {
            let mut sum = [0.0f32; 3];
            for j in 0..d {
                for i in 0..d {
                    let c = bright(
                        world.at(i64::from(x) * d + i, i64::from(y) * d + j),
                        style.threshold,
                    );
                    (0..3).for_each(|k| sum[k] += c[k]);
                }
            }
            out.set(x, y, sum.map(|v| v / (d * d) as f32));
        }
    }
    out
}

/// `fs_blur_x` (`dx` 1, `dy` 0) or `fs_blur_y` (0, 1): the normalised
/// Gaussian of [`BLUR_SIGMA`] over [`BLUR_RADIUS`] taps each side.
pub fn blur(layer: &RgbImage, dx: i64, dy: i64) -> RgbImage {
    let mut out = RgbImage::black([layer.width, layer.height]);
    for y in 0..layer.height {
        for x in 0..layer.width {
            let mut sum = [0.0f32; 3];
            let mut norm = 0.0;
            for k in -BLUR_RADIUS..=BLUR_RADIUS {
                let w = (-((k * k) as f32) / (2.0 * BLUR_SIGMA * BLUR_SIGMA)).exp();
                let k = i64::from(k);
                let c = layer.at(i64::from(x) + dx * k, i64::from(y) + dy * k);
                (0..3).for_each(|i| sum[i] += w * c[i]);
                norm += w;
            }
            out.set(x, y, sum.map(|v| v / norm));
        }
    }
    out
}

/// The layer sampled bilinearly (clamped to the edge) under the centre of
/// full-resolution pixel (`x`, `y`), as the composite's sampler does.
pub fn sample_layer(layer: &RgbImage, x: u32, y: u32) -> [f32; 3] {
    let d = BLOOM_DIVISOR as f32;
    let tx = (x as f32 + 0.5) / d - 0.5;
    let ty = (y as f32 + 0.5) / d - 0.5;
    let (x0, y0) = (tx.floor(), ty.floor());
    let (fx, fy) = (tx - x0, ty - y0);
    let (x0, y0) = (x0 as i64, y0 as i64);
    let mut out = [0.0f32; 3];
    for (ox, oy, w) in [
        (0, 0, (1.0 - fx) * (1.0 - fy)),
        (1, 0, fx * (1.0 - fy)),
        (0, 1, (1.0 - fx) * fy),
        (1, 1, fx * fy),
    ] {
        let c = layer.at(x0 + ox, y0 + oy);
        (0..3).for_each(|i| out[i] += w * c[i]);
    }
    out
}

/// `fs_composite`: the world plus the blurred light, faded near the body,
/// clamped to 1.
pub fn composite(world: &RgbImage, light: &RgbImage, style: &BloomStyle) -> RgbImage {
    let mut out = RgbImage::black([world.width, world.height]);
    for y in 0..world.height {
        for x in 0..world.width {
            let glow = sample_layer(light, x, y);
            let mut keep = 1.0;
            if style.body_clear > 0.0 {
                let (px, py) = (x as f32 + 0.5 - style.body[0], y as f32 + 0.5 - style.body[1]);
                let d = (px * px + py * py).sqrt();
                let (e0, e1) = (0.4 * style.body_clear, style.body_clear);
                let t = ((d - e0) / (e1 - e0)).clamp(0.0, 1.0);
                let s = t * t * (3.0 - 2.0 * t);
                keep = style.body_floor + (1.0 - style.body_floor) * s;
            }
            let w = world.at(i64::from(x), i64::from(y));
            let c = std::array::from_fn(|i| (w[i] + style.intensity * keep * glow[i]).min(1.0));
            out.set(x, y, c);
        }
    }
    out
}

/// `layer` as the 8-bit layer stores it ([`super::bloom::LAYER_FORMAT`]):
/// each channel rounded to the nearest 255th.
pub fn stored(mut layer: RgbImage) -> RgbImage {
    for p in &mut layer.pixels {
        *p = p.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() / 255.0);
    }
    layer
}

/// The whole bloom of `world`: extract, blur across, blur down (each
/// stored in the layer's format), composite.
pub fn bloom(world: &RgbImage, style: &BloomStyle) -> RgbImage {
    let light = stored(extract(world, style));
    let light = stored(blur(&stored(blur(&light, 1, 0)), 0, 1));
    composite(world, &light, style)
}
