//! The crowd layer: past several thousand player projectiles the game asks
//! ([`super::Scene::crowd_layer`]) for them to be drawn additively into a
//! half- (or, for the densest crowds, quarter-) resolution texture, one
//! triangle each, which one full-screen pass adds onto the world
//! where they would have been drawn (after the ground, under the enemy
//! shots). On a software rasteriser a crowd of 20,000 overlapping shots was
//! ~18 ms of covered pixels a frame; a quarter of the pixels plus one
//! full-screen pass is cheaper, and a crowd that dense reads as one mass of
//! light whose edges a half-resolution layer keeps. The design load (2,000)
//! never uses it.

use super::projectiles::{PreparedProjectiles, ProjectileRenderer};
use super::target::FrameTarget;

/// The half-resolution target and the composite pipeline.
#[derive(Debug)]
pub struct CrowdLayer {
    format: wgpu::TextureFormat,
    size: [u32; 2],
    view: Option<wgpu::TextureView>,
    group: Option<wgpu::BindGroup>,
    layout: wgpu::BindGroupLayout,
    sampler: wgpu::Sampler,
    composite: wgpu::RenderPipeline,
}

impl CrowdLayer {
    /// The composite pipeline for targets of `format` (the layer shares it).
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> Self {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("render_composite.wgsl"),
            source: wgpu::ShaderSource::Wgsl(super::compose_render("render_composite.wgsl").into()),
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("crowd layer layout"),
            entries: &[super::texture_entry(0), super::sampler_entry(1)],
        });
        let composite = super::composite_pipeline(
            device,
            "crowd composite (additive)",
            &module,
            &layout,
            format,
            super::ADDITIVE,
        );
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("crowd layer sampler"),
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        Self {
            format,
            size: [0, 0],
            view: None,
            group: None,
            layout,
            sampler,
            composite,
        }
    }

    /// The layer's size for a target of `target` pixels: divided by
    /// `divisor` (at least 1), rounded up.
    pub fn layer_size(target: [u32; 2], divisor: u32) -> [u32; 2] {
        let d = divisor.max(1);
        [target[0].div_ceil(d).max(1), target[1].div_ceil(d).max(1)]
    }

    fn ensure(&mut self, device: &wgpu::Device, target: [u32; 2], divisor: u32) {
        let size = Self::layer_size(target, divisor);
        if self.view.is_some() && self.size == size {
            return;
        }
        let texture = super::layer_texture(device, "crowd layer", self.format, size);
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        self.group = Some(device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("crowd layer group"),
            layout: &self.layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::TextureView(&view),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::Sampler(&self.sampler),
                },
            ],
        }));
        self.view = Some(view);
        self.size = size;
    }

    /// Draws the player projectiles into the layer (cleared first; the
    /// frame target's size over `divisor`) in its own pass, timed as
    /// `"render crowd layer"`.
    pub fn encode_layer(
        &mut self,
        f: &mut FrameTarget<'_>,
        divisor: u32,
        projectiles: &ProjectileRenderer,
        prepared: &PreparedProjectiles,
    ) {
        self.ensure(f.device, f.size, divisor);
        let Some(view) = &self.view else {
            return;
        };
        let clear = wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT);
        let mut pass = super::color_pass(f.encoder, "render crowd", view, clear, f.scopes);
        projectiles.draw_player_crowd(&mut pass, prepared);
    }

    /// Adds the layer onto the world pass `pass` (after [`Self::encode_layer`]).
    pub fn draw_composite(&self, pass: &mut wgpu::RenderPass<'_>) {
        let Some(group) = &self.group else {
            return;
        };
        pass.set_pipeline(&self.composite);
        pass.set_bind_group(0, group, &[]);
        pass.draw(0..3, 0..1);
    }
}

#[cfg(test)]
mod tests {
    use super::CrowdLayer;
    use crate::render::{ProjectileSource, Scene, SceneRenderer, USER_PALETTE, render_offscreen, screenshot};

    /// One green player shot and one enemy shot drawn with and without the
    /// crowd layer: the layer draws the player's shot where it is (softer at
    /// half resolution), the enemy's shot is the same, the floor stays clear.
    #[test]
    fn the_crowd_layer_draws_the_players_shots_and_leaves_the_rest() {
        let Some(ctx) = crate::gpu::test_context() else {
            return;
        };
        let mut renderer = SceneRenderer::new(&ctx.device, wgpu::TextureFormat::Rgba8Unorm);
        let mut shot = |crowd: bool| {
            let mut scene = Scene::default();
            scene.camera.center = glam::Vec2::new(32.0, 32.0);
            scene.crowd_layer = if crowd { 2 } else { 0 };
            let mut mine: crate::compute::Projectile = bytemuck::Zeroable::zeroed();
            mine.flags = crate::compute::FLAG_ALIVE;
            mine.pos = [20.0, 32.0];
            mine.radius = 6.0;
            mine.user[USER_PALETTE] = 1;
            let mut theirs = mine;
            theirs.flags |= crate::compute::FLAG_ENEMY_TEAM;
            theirs.pos = [46.0, 32.0];
            scene.projectile_style.palette[1] = [0.0, 1.0, 0.0, 1.0];
            scene.projectiles = Some(ProjectileSource::Cpu(vec![mine, theirs]));
            render_offscreen(&ctx, &mut renderer, &scene, [64, 64])
        };
        let (plain, layered) = (shot(false), shot(true));
        let at = |img: &screenshot::RgbaImage, x, y| img.rgb(x, y);
        assert!(
            at(&layered, 20, 32)[1] > 100,
            "the shot through the layer: {:?}",
            at(&layered, 20, 32)
        );
        assert!(
            at(&layered, 20, 32)[1].abs_diff(at(&plain, 20, 32)[1]) < 60,
            "about as bright as drawn directly: {:?} vs {:?}",
            at(&layered, 20, 32),
            at(&plain, 20, 32)
        );
        assert_eq!(
            at(&layered, 46, 32),
            at(&plain, 46, 32),
            "the enemy shot is drawn as before"
        );
        assert_eq!(at(&layered, 2, 2), [0, 0, 0], "the floor stays clear");
    }

    #[test]
    fn the_layer_is_the_target_over_its_divisor_rounded_up() {
        assert_eq!(CrowdLayer::layer_size([1280, 720], 2), [640, 360]);
        assert_eq!(CrowdLayer::layer_size([417, 263], 2), [209, 132]);
        assert_eq!(CrowdLayer::layer_size([1280, 720], 4), [320, 180]);
        assert_eq!(CrowdLayer::layer_size([1, 0], 2), [1, 1]);
    }
}
