//! Projectiles drawn from the compute core's GPU buffer by vertex pulling
//! (`shaders/render_projectiles.wgsl`): no position is read back.
//!
//! Player-team projectiles are additive and dimmer, coloured by the palette
//! entry in `user[style.palette_word]` (the game's VM stores the dominant
//! element there); enemy-team projectiles are drawn after them, opaque with a
//! dark rim, so threats stay readable in any crowd.

use bytemuck::{Pod, Zeroable};

use crate::compute::Projectile;

/// Default index in [`Projectile::user`] whose low three bits pick the
/// palette entry of a player-team projectile ([`ProjectileStyle::palette_word`]).
pub const USER_PALETTE: usize = 0;

/// How projectiles look; `Style` in the shader, byte for byte.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct ProjectileStyle {
    /// Linear RGBA per palette index (the game maps elements to entries).
    pub palette: [[f32; 4]; 8],
    /// Core colour of enemy-team projectiles.
    pub enemy_core: [f32; 4],
    /// Rim colour of enemy-team projectiles.
    pub enemy_rim: [f32; 4],
    /// Brightness of player-team projectiles (additive; below 1 keeps crowds readable).
    pub player_intensity: f32,
    /// Drawn size of player-team projectiles relative to their collision radius.
    pub player_scale: f32,
    /// Drawn size of enemy-team projectiles relative to their collision radius.
    pub enemy_scale: f32,
    /// Which `user` word (0–7) holds the palette index.
    pub palette_word: u32,
    /// How far a player-team projectile's halo reaches beyond its body, in
    /// radii (0.7; the game shortens it for huge crowds, where the halo's
    /// pixels are most of the frame on a software rasteriser).
    pub player_halo: f32,
    /// The player's body (world px): player-team shots within
    /// [`Self::body_clear`] of it are dimmed and shrunk, so the body the
    /// player steers is never lost in its own crowd of light.
    pub body: [f32; 2],
    /// Radius of that clearing, world px; 0 turns it off.
    pub body_clear: f32,
}

impl Default for ProjectileStyle {
    fn default() -> Self {
        Self {
            palette: [[0.9, 0.9, 1.0, 1.0]; 8],
            enemy_core: [1.0, 0.2, 0.45, 1.0],
            enemy_rim: [0.08, 0.0, 0.05, 1.0],
            player_intensity: 0.7,
            player_scale: 1.0,
            enemy_scale: 1.15,
            palette_word: USER_PALETTE as u32,
            player_halo: 0.7,
            body: [0.0; 2],
            body_clear: 0.0,
        }
    }
}

/// Where this frame's projectiles are.
#[derive(Debug, Clone)]
pub enum ProjectileSource {
    /// The compute core's storage buffer (`ProjectileCore::projectile_buffer`)
    /// and how many slots to visit (`slot_high_water`).
    Gpu {
        /// The projectile storage buffer.
        buffer: wgpu::Buffer,
        /// Slots `0..count` are drawn; dead ones are skipped in the shader.
        count: u32,
    },
    /// Projectiles held on the CPU (the `--backend cpu` core); uploaded each frame.
    Cpu(Vec<Projectile>),
}

/// The projectile pipelines, the style uniform and a buffer for CPU-side projectiles.
#[derive(Debug)]
pub struct ProjectileRenderer {
    player: wgpu::RenderPipeline,
    enemy: wgpu::RenderPipeline,
    glow: wgpu::RenderPipeline,
    crowd: wgpu::RenderPipeline,
    layout: wgpu::BindGroupLayout,
    style: wgpu::Buffer,
    cpu_buffer: wgpu::Buffer,
    cpu_capacity: u64,
}

/// A bound projectile source ready to draw.
#[derive(Debug)]
pub struct PreparedProjectiles {
    bind_group: wgpu::BindGroup,
    count: u32,
}

impl ProjectileRenderer {
    /// Builds the pipelines for targets of `format`.
    #[expect(
        clippy::too_many_lines,
        reason = "pipeline setup, one descriptor after another"
    )]
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> Self {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("render_projectiles.wgsl"),
            source: wgpu::ShaderSource::Wgsl(super::projectiles_wgsl().into()),
        });
        let uniform = |binding| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Uniform,
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        };
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("projectiles bind group layout"),
            entries: &[
                uniform(0),
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::VERTEX,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Storage { read_only: true },
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    count: None,
                },
                uniform(2),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("projectiles layout"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let make = |label: &str, vs: &str, fs: &str, blend: wgpu::BlendState| {
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(label),
                layout: Some(&pipeline_layout),
                vertex: wgpu::VertexState {
                    module: &module,
                    entry_point: Some(vs),
                    compilation_options: Default::default(),
                    buffers: &[],
                },
                primitive: wgpu::PrimitiveState::default(),
                depth_stencil: None,
                multisample: wgpu::MultisampleState::default(),
                fragment: Some(wgpu::FragmentState {
                    module: &module,
                    entry_point: Some(fs),
                    compilation_options: Default::default(),
                    targets: &[Some(wgpu::ColorTargetState {
                        format,
                        blend: Some(blend),
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                multiview_mask: None,
                cache: None,
            })
        };
        let player = make(
            "projectiles player (additive)",
            "vs_player",
            "fs_player",
            super::ADDITIVE,
        );
        let enemy = make(
            "projectiles enemy",
            "vs_enemy",
            "fs_enemy",
            wgpu::BlendState::PREMULTIPLIED_ALPHA_BLENDING,
        );
        let glow = make(
            "projectiles glow (additive)",
            "vs_glow",
            "fs_glow",
            super::ADDITIVE,
        );
        let crowd = make(
            "projectiles crowd layer (additive, one triangle)",
            "vs_player_crowd",
            "fs_player",
            super::ADDITIVE,
        );
        let style = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("projectile style"),
            size: std::mem::size_of::<ProjectileStyle>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let cpu_capacity = 1024;
        Self {
            player,
            enemy,
            glow,
            crowd,
            layout,
            style,
            cpu_buffer: Self::cpu_buffer(device, cpu_capacity),
            cpu_capacity,
        }
    }

    fn cpu_buffer(device: &wgpu::Device, capacity: u64) -> wgpu::Buffer {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("cpu projectiles for drawing"),
            size: capacity * std::mem::size_of::<Projectile>() as u64,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    }

    /// Writes the style and binds `source` for this frame.
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        camera: &wgpu::Buffer,
        style: &ProjectileStyle,
        source: &ProjectileSource,
    ) -> Option<PreparedProjectiles> {
        queue.write_buffer(&self.style, 0, bytemuck::bytes_of(style));
        let (buffer, count) = match source {
            ProjectileSource::Gpu { buffer, count } => (buffer.clone(), *count),
            ProjectileSource::Cpu(list) => {
                let n = list.len() as u64;
                if n > self.cpu_capacity {
                    self.cpu_capacity = n.next_power_of_two();
                    self.cpu_buffer = Self::cpu_buffer(device, self.cpu_capacity);
                }
                if !list.is_empty() {
                    queue.write_buffer(&self.cpu_buffer, 0, bytemuck::cast_slice(list));
                }
                (self.cpu_buffer.clone(), list.len() as u32)
            }
        };
        if count == 0 {
            return None;
        }
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("projectiles bind group"),
            layout: &self.layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: camera.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: buffer.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: self.style.as_entire_binding(),
                },
            ],
        });
        Some(PreparedProjectiles { bind_group, count })
    }

    /// Draws the player-team projectiles (additive) and then the enemy-team ones on top.
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>, prepared: &PreparedProjectiles) {
        self.draw_player(pass, prepared);
        self.draw_enemy(pass, prepared);
    }

    /// Draws the player-team projectiles only (additive).
    pub fn draw_player(&self, pass: &mut wgpu::RenderPass<'_>, prepared: &PreparedProjectiles) {
        pass.set_bind_group(0, &prepared.bind_group, &[]);
        pass.set_pipeline(&self.player);
        pass.draw(0..6, 0..prepared.count);
    }

    /// Draws the player-team projectiles as one triangle each (the
    /// half-resolution crowd layer, where pixels are cheap and triangles are not).
    pub fn draw_player_crowd(&self, pass: &mut wgpu::RenderPass<'_>, prepared: &PreparedProjectiles) {
        pass.set_bind_group(0, &prepared.bind_group, &[]);
        pass.set_pipeline(&self.crowd);
        pass.draw(0..3, 0..prepared.count);
    }

    /// Draws the enemy-team projectiles only (opaque, rimmed).
    pub fn draw_enemy(&self, pass: &mut wgpu::RenderPass<'_>, prepared: &PreparedProjectiles) {
        pass.set_bind_group(0, &prepared.bind_group, &[]);
        pass.set_pipeline(&self.enemy);
        pass.draw(0..6, 0..prepared.count);
    }

    /// Draws the faint wide halo of the player-team projectiles (the glow pass).
    pub fn draw_glow(&self, pass: &mut wgpu::RenderPass<'_>, prepared: &PreparedProjectiles) {
        pass.set_bind_group(0, &prepared.bind_group, &[]);
        pass.set_pipeline(&self.glow);
        pass.draw(0..6, 0..prepared.count);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn style_is_the_shader_layout() {
        // 8 palette entries + 2 colours, 16 bytes each, then 8 words.
        assert_eq!(std::mem::size_of::<ProjectileStyle>(), 10 * 16 + 32);
    }
}
