//! The bloom pass of high quality (docs/art.md#light): with
//! [`super::Scene::bloom`] the world is drawn into a texture of its own,
//! and four timed full-screen passes (`shaders/render_bloom.wgsl`) turn it
//! into the frame: `"render bloom extract"` keeps each pixel's white-hot
//! part, averaged into a quarter-resolution layer; `"render bloom blur x"`
//! and `"render bloom blur y"` blur that layer (a separable 13-tap
//! Gaussian); `"render bloom composite"` writes the world plus the blurred
//! light into the frame, faded near the player's body so its own crowd's
//! light never washes the body out. Only what is nearly white blooms: the
//! art direction keeps white for what may be bright. The layers follow the
//! frame's size (a resize or a re-created surface re-creates them); the
//! CPU twin of every step is [`super::bloom_reference`].

use bytemuck::{Pod, Zeroable};

use super::target::FrameTarget;
use super::{sampler_entry, texture_entry, uniform_entry};

/// Full-resolution pixels per layer texel, a side: a quarter-resolution
/// layer is a sixteenth of the pixels to blur, and light this soft loses
/// nothing at that size.
pub const BLOOM_DIVISOR: u32 = 4;
/// Blur taps each side of the centre, in layer texels (`RADIUS` in the shader).
pub const BLUR_RADIUS: i32 = 6;
/// The blur's Gaussian sigma, in layer texels (`SIGMA` in the shader): 12
/// full-resolution px, a soft halo about a body's width.
pub const BLUR_SIGMA: f32 = 3.0;
/// The layers' format: 8-bit, the format software rasterisers sample and
/// filter fastest (llvmpipe has a fast path for it: on lavapipe each blur
/// pass took 1.1 ms against 2.2 ms with a 16-bit float layer). The blur's
/// faintest tails band a little, invisible under the light they edge.
pub const LAYER_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// How the bloom looks this frame; the game fills it at high quality.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BloomStyle {
    /// Whiteness (a pixel's dimmest channel, 0–1) above which it blooms,
    /// fully at 1.
    pub threshold: f32,
    /// How much of the blurred light is added back.
    pub intensity: f32,
    /// The player's body, target px.
    pub body: [f32; 2],
    /// Target px around the body within which the bloom fades (fully
    /// inside 40 % of it); 0 keeps it everywhere.
    pub body_clear: f32,
    /// Share of the bloom kept right on the body.
    pub body_floor: f32,
}

impl Default for BloomStyle {
    fn default() -> Self {
        Self {
            threshold: 0.7,
            intensity: 0.9,
            body: [0.0; 2],
            body_clear: 0.0,
            body_floor: 0.25,
        }
    }
}

/// `Bloom` in the shader, byte for byte.
#[repr(C)]
#[derive(Debug, Clone, Copy, Pod, Zeroable)]
struct BloomUniform {
    threshold: f32,
    intensity: f32,
    body_clear: f32,
    body_floor: f32,
    body: [f32; 2],
    pad: [f32; 2],
}

/// The quarter-resolution layer's size for a frame of `target` px.
pub fn layer_size(target: [u32; 2]) -> [u32; 2] {
    [
        target[0].div_ceil(BLOOM_DIVISOR).max(1),
        target[1].div_ceil(BLOOM_DIVISOR).max(1),
    ]
}

/// The textures of one frame size and their bind groups.
#[derive(Debug)]
struct Targets {
    size: [u32; 2],
    world: wgpu::TextureView,
    a: wgpu::TextureView,
    b: wgpu::TextureView,
    extract: wgpu::BindGroup,
    blur_x: wgpu::BindGroup,
    blur_y: wgpu::BindGroup,
    composite: wgpu::BindGroup,
}

/// The bloom pipelines, the style uniform and the targets of the current size.
#[derive(Debug)]
pub struct BloomPass {
    chain_layout: wgpu::BindGroupLayout,
    composite_layout: wgpu::BindGroupLayout,
    extract: wgpu::RenderPipeline,
    blur_x: wgpu::RenderPipeline,
    blur_y: wgpu::RenderPipeline,
    composite: wgpu::RenderPipeline,
    sampler: wgpu::Sampler,
    uniform: wgpu::Buffer,
    format: wgpu::TextureFormat,
    targets: Option<Targets>,
}

/// A full-screen pipeline of `module` whose fragment stage is `fs` into one
/// target of `format`, written without blending.
fn pipeline(
    device: &wgpu::Device,
    module: &wgpu::ShaderModule,
    layout: &wgpu::BindGroupLayout,
    fs: &'static str,
    format: wgpu::TextureFormat,
) -> wgpu::RenderPipeline {
    super::fullscreen_pipeline(device, fs, module, layout, fs, format, None)
}

impl BloomPass {
    /// The pipelines for frames of `format` (the world texture shares it,
    /// so every world pipeline draws into it unchanged).
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> Self {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("render_bloom.wgsl"),
            source: wgpu::ShaderSource::Wgsl(super::compose_render("render_bloom.wgsl").into()),
        });
        let chain_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("bloom chain layout"),
            entries: &[texture_entry(0), uniform_entry(1)],
        });
        let composite_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("bloom composite layout"),
            entries: &[
                texture_entry(0),
                uniform_entry(1),
                texture_entry(2),
                sampler_entry(3),
            ],
        });
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("bloom layer sampler"),
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        let uniform = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("bloom style"),
            size: std::mem::size_of::<BloomUniform>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Self {
            extract: pipeline(device, &module, &chain_layout, "fs_extract", LAYER_FORMAT),
            blur_x: pipeline(device, &module, &chain_layout, "fs_blur_x", LAYER_FORMAT),
            blur_y: pipeline(device, &module, &chain_layout, "fs_blur_y", LAYER_FORMAT),
            composite: pipeline(device, &module, &composite_layout, "fs_composite", format),
            chain_layout,
            composite_layout,
            sampler,
            uniform,
            format,
            targets: None,
        }
    }

    /// The texture the world is drawn into this frame, made (again) for a
    /// frame of `size` when the size changed.
    pub fn world_view(&mut self, device: &wgpu::Device, size: [u32; 2]) -> wgpu::TextureView {
        let size = [size[0].max(1), size[1].max(1)];
        let targets = match self.targets.take() {
            Some(t) if t.size == size => t,
            _ => self.make_targets(device, size),
        };
        let view = targets.world.clone();
        self.targets = Some(targets);
        view
    }

    fn make_targets(&self, device: &wgpu::Device, size: [u32; 2]) -> Targets {
        let view = |t: wgpu::Texture| t.create_view(&wgpu::TextureViewDescriptor::default());
        let world = view(super::layer_texture(device, "bloom world", self.format, size));
        let quarter = layer_size(size);
        let a = view(super::layer_texture(
            device,
            "bloom layer a",
            LAYER_FORMAT,
            quarter,
        ));
        let b = view(super::layer_texture(
            device,
            "bloom layer b",
            LAYER_FORMAT,
            quarter,
        ));
        let chain = |label, src: &wgpu::TextureView| {
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some(label),
                layout: &self.chain_layout,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: wgpu::BindingResource::TextureView(src),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: self.uniform.as_entire_binding(),
                    },
                ],
            })
        };
        let composite = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("bloom composite"),
            layout: &self.composite_layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::TextureView(&world),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: self.uniform.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: wgpu::BindingResource::TextureView(&a),
                },
                wgpu::BindGroupEntry {
                    binding: 3,
                    resource: wgpu::BindingResource::Sampler(&self.sampler),
                },
            ],
        });
        Targets {
            size,
            extract: chain("bloom extract", &world),
            blur_x: chain("bloom blur x", &a),
            blur_y: chain("bloom blur y", &b),
            composite,
            world,
            a,
            b,
        }
    }

    /// The four passes from the world texture (drawn after
    /// [`Self::world_view`]) into the frame's target, which they cover.
    pub fn encode(&self, f: &mut FrameTarget<'_>, style: &BloomStyle) {
        let Some(t) = &self.targets else {
            return;
        };
        let uniform = BloomUniform {
            threshold: style.threshold,
            intensity: style.intensity,
            body_clear: style.body_clear,
            body_floor: style.body_floor,
            body: style.body,
            pad: [0.0; 2],
        };
        f.queue
            .write_buffer(&self.uniform, 0, bytemuck::bytes_of(&uniform));
        let clear = wgpu::LoadOp::Clear(wgpu::Color::BLACK);
        let steps = [
            ("render extract", &t.a, &self.extract, &t.extract),
            ("render blur x", &t.b, &self.blur_x, &t.blur_x),
            ("render blur y", &t.a, &self.blur_y, &t.blur_y),
            ("render composite", f.view, &self.composite, &t.composite),
        ];
        // The four passes are one scope in a trace: "bloom".
        f.scopes.push("bloom", f.encoder);
        for (label, view, pipeline, group) in steps {
            let mut pass = super::color_pass(f.encoder, label, view, clear, f.scopes);
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, group, &[]);
            pass.draw(0..3, 0..1);
        }
        f.scopes.pop(f.encoder);
    }
}

#[cfg(test)]
#[path = "bloom_tests.rs"]
mod tests;
