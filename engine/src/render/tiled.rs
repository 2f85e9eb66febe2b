//! The tiled world path: a compute pass bins every shape and projectile into
//! 16×16 px screen tiles, then one full-screen triangle shades each pixel
//! from its tile's list (the tile approach of vello and Forward+ lighting),
//! so the number of triangles no longer grows with the crowd.
//!
//! Binning (`shaders/render_tiled_bin.wgsl`, timed as `"render bin"`):
//! `prep` turns each item (ground shapes, player projectile slots, enemy
//! projectile slots, glow shapes, top shapes: the instanced path's draw
//! order) into its quad and the tiles it touches, reading projectiles
//! straight from the compute core's buffer; `coarse_count` and
//! `coarse_fill` list, per 128×128 px cell and in draw order, the items
//! touching the cell; `fine` writes per tile one bit per entry of its cell's
//! list. Every list is made by a serial loop in item order, so the order is
//! the draw order by construction. Shading (`shaders/render_tiled_shade.wgsl`,
//! the `"render world"` pass) walks the set bits and blends in the shader
//! what the fixed-function blend does on the instanced path, from the same
//! functions (`shaders/render_look.wgsl`).
//!
//! Overflow: the coarse list has a fixed capacity (8 entries per item, at
//! least 65,536). A cell that does not fit is flagged, counted in
//! [`BinStatus::overflowed_cells`], and its pixels walk every item instead:
//! slower, never wrong, never out of bounds. A frame the tiled path cannot
//! take at all (a target over 4,096 px on a side, or more items than one
//! storage binding holds) is drawn by the instanced path ([`TiledFallback`]).
//!
//! Cost: on lavapipe the binning is cheap (1–7 ms at 10,000 shapes) but the
//! shading is not (see [`super::choose_render_path`] for the figures and
//! why), so `auto` does not pick this path there; it is kept correct and
//! selectable for GPUs where a per-pixel list walk with real branches
//! should win.

use bytemuck::{Pod, Zeroable};

use super::projectiles::{ProjectileSource, ProjectileStyle};
use super::shapes::Shape;
use super::{FrameTarget, Scene};

/// Fine tile side in pixels; `TILE_PX` in the shaders.
pub const TILE_PX: u32 = 16;
/// Tiles per coarse cell side (`CELL_TILES` in `render_tiled_common.wgsl`).
pub const CELL_TILES: u32 = 8;
/// Bytes of one prepared item (`Item` in the shaders).
pub const ITEM_BYTES: u64 = 64;
/// Tiles per axis a packed tile rectangle can name (8 bits per coordinate).
pub const MAX_TILES_PER_AXIS: u32 = 256;
/// Least number of coarse-list entries allocated.
const MIN_COARSE_CAPACITY: u32 = 1 << 16;
/// Coarse-list entries allocated per item.
const COARSE_PER_ITEM: u32 = 8;
/// A packed empty tile rectangle (`EMPTY_RECT`).
pub const EMPTY_RECT: u32 = 0xff;

/// `TileParams` of the tiled shaders, byte for byte.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
struct TileParams {
    clear: [f32; 4],
    tiles_x: u32,
    tiles_y: u32,
    cells_x: u32,
    cells_y: u32,
    n_ground: u32,
    n_proj: u32,
    n_glow: u32,
    n_top: u32,
    n_items: u32,
    coarse_capacity: u32,
    quantize: u32,
    pad0: u32,
}

/// The tile grid of a target: tiles and coarse cells per axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileGrid {
    /// Tiles across.
    pub tiles_x: u32,
    /// Tiles down.
    pub tiles_y: u32,
    /// Coarse cells across.
    pub cells_x: u32,
    /// Coarse cells down.
    pub cells_y: u32,
}

impl TileGrid {
    /// The grid for a target of `size` pixels, or `None` past
    /// [`MAX_TILES_PER_AXIS`] tiles on a side (the packed rectangles' reach).
    pub fn for_size(size: [u32; 2]) -> Option<Self> {
        let tiles_x = size[0].max(1).div_ceil(TILE_PX);
        let tiles_y = size[1].max(1).div_ceil(TILE_PX);
        if tiles_x > MAX_TILES_PER_AXIS || tiles_y > MAX_TILES_PER_AXIS {
            return None;
        }
        Some(Self {
            tiles_x,
            tiles_y,
            cells_x: tiles_x.div_ceil(CELL_TILES),
            cells_y: tiles_y.div_ceil(CELL_TILES),
        })
    }

    /// Tiles in the grid.
    pub fn tiles(&self) -> u32 {
        self.tiles_x * self.tiles_y
    }

    /// Coarse cells in the grid.
    pub fn cells(&self) -> u32 {
        self.cells_x * self.cells_y
    }
}

/// Why a frame went to the instanced path instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TiledFallback {
    /// The target has more tiles on a side than a packed rectangle names.
    TargetTooLarge,
    /// The prepared items would not fit one storage binding of this device.
    TooManyItems,
}

/// What the binning of the latest frame reported (read back on request).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BinStatus {
    /// Coarse cells that found no room in the coarse list; their pixels
    /// walked every item.
    pub overflowed_cells: u32,
    /// Coarse-list entries the frame needed (with each cell rounded up to 32).
    pub needed_entries: u32,
    /// Entries the coarse list had.
    pub capacity: u32,
}

/// A storage buffer that grows (never shrinks) to what a frame needs.
#[derive(Debug)]
struct GrowBuffer {
    buffer: wgpu::Buffer,
    label: &'static str,
    usage: wgpu::BufferUsages,
}

impl GrowBuffer {
    fn new(device: &wgpu::Device, label: &'static str, usage: wgpu::BufferUsages, bytes: u64) -> Self {
        Self {
            buffer: Self::make(device, label, usage, bytes),
            label,
            usage,
        }
    }

    fn make(
        device: &wgpu::Device,
        label: &'static str,
        usage: wgpu::BufferUsages,
        bytes: u64,
    ) -> wgpu::Buffer {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: bytes.max(256).next_multiple_of(256),
            usage,
            mapped_at_creation: false,
        })
    }

    /// Grows to at least `bytes` (to the next power of two, so sizes settle,
    /// but never past what one storage binding may hold).
    fn ensure(&mut self, device: &wgpu::Device, bytes: u64) {
        if bytes > self.buffer.size() {
            let limit = device.limits().max_storage_buffer_binding_size;
            let grown = bytes.next_power_of_two().min(limit).max(bytes);
            self.buffer = Self::make(device, self.label, self.usage, grown);
        }
    }
}

/// The binning and shading pipelines of the tiled path and their buffers.
#[derive(Debug)]
pub struct TiledRenderer {
    bin_layout: wgpu::BindGroupLayout,
    shade_layout: wgpu::BindGroupLayout,
    prep: wgpu::ComputePipeline,
    coarse_count: wgpu::ComputePipeline,
    coarse_fill: wgpu::ComputePipeline,
    fine: wgpu::ComputePipeline,
    shade: wgpu::RenderPipeline,
    params: wgpu::Buffer,
    style: wgpu::Buffer,
    shapes: GrowBuffer,
    cpu_projectiles: GrowBuffer,
    items: GrowBuffer,
    rects: GrowBuffer,
    cells: GrowBuffer,
    coarse: GrowBuffer,
    masks: GrowBuffer,
    status: wgpu::Buffer,
    staging: Vec<Shape>,
    quantize: bool,
    capacity: u32,
    capacity_override: Option<u32>,
    grid: Option<TileGrid>,
}

/// `shaders/render_tiled_bin.wgsl` with its imports.
pub fn bin_wgsl() -> String {
    super::compose_render("render_tiled_bin.wgsl")
}

/// `shaders/render_tiled_shade.wgsl` with its imports.
pub fn shade_wgsl() -> String {
    super::compose_render("render_tiled_shade.wgsl")
}

impl TiledRenderer {
    /// Builds the pipelines for targets of `format`.
    #[expect(
        clippy::too_many_lines,
        reason = "pipeline setup, one descriptor after another"
    )]
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> Self {
        let entry = |binding, visibility, ty| wgpu::BindGroupLayoutEntry {
            binding,
            visibility,
            ty,
            count: None,
        };
        let uniform = wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: None,
        };
        let storage = |read_only| wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        };
        let cs = wgpu::ShaderStages::COMPUTE;
        let fs = wgpu::ShaderStages::FRAGMENT;
        let mut bin_entries = vec![
            entry(0, cs, uniform),
            entry(1, cs, uniform),
            entry(2, cs, uniform),
        ];
        bin_entries.extend([3, 4].map(|b| entry(b, cs, storage(true))));
        bin_entries.extend((5..=10).map(|b| entry(b, cs, storage(false))));
        let bin_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("tiled bin layout"),
            entries: &bin_entries,
        });
        let mut shade_entries = vec![
            entry(0, fs, uniform),
            entry(1, fs, uniform),
            entry(2, fs, uniform),
        ];
        shade_entries.extend([5, 7, 8, 9].map(|b| entry(b, fs, storage(true))));
        let shade_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("tiled shade layout"),
            entries: &shade_entries,
        });
        let constants = [("TILE_PX", f64::from(TILE_PX))];
        let bin_module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("render_tiled_bin.wgsl"),
            source: wgpu::ShaderSource::Wgsl(bin_wgsl().into()),
        });
        let bin_pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("tiled bin pipeline layout"),
            bind_group_layouts: &[Some(&bin_layout)],
            immediate_size: 0,
        });
        let compute = |entry: &str| {
            device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(entry),
                layout: Some(&bin_pipeline_layout),
                module: &bin_module,
                entry_point: Some(entry),
                compilation_options: wgpu::PipelineCompilationOptions {
                    constants: &constants,
                    ..Default::default()
                },
                cache: None,
            })
        };
        let shade_module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("render_tiled_shade.wgsl"),
            source: wgpu::ShaderSource::Wgsl(shade_wgsl().into()),
        });
        let shade_pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("tiled shade pipeline layout"),
            bind_group_layouts: &[Some(&shade_layout)],
            immediate_size: 0,
        });
        let shade = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("tiled shade"),
            layout: Some(&shade_pipeline_layout),
            vertex: wgpu::VertexState {
                module: &shade_module,
                entry_point: Some("vs_full"),
                compilation_options: wgpu::PipelineCompilationOptions {
                    constants: &constants,
                    ..Default::default()
                },
                buffers: &[],
            },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            fragment: Some(wgpu::FragmentState {
                module: &shade_module,
                entry_point: Some("fs_shade"),
                compilation_options: wgpu::PipelineCompilationOptions {
                    constants: &constants,
                    ..Default::default()
                },
                targets: &[Some(wgpu::ColorTargetState {
                    format,
                    blend: None,
                    write_mask: wgpu::ColorWrites::ALL,
                })],
            }),
            multiview_mask: None,
            cache: None,
        });
        let uniform_buffer = |label, size| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        let read = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST;
        let rw = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC;
        Self {
            prep: compute("prep"),
            coarse_count: compute("coarse_count"),
            coarse_fill: compute("coarse_fill"),
            fine: compute("fine"),
            shade,
            bin_layout,
            shade_layout,
            params: uniform_buffer("tiled params", std::mem::size_of::<TileParams>() as u64),
            style: uniform_buffer(
                "tiled projectile style",
                std::mem::size_of::<ProjectileStyle>() as u64,
            ),
            shapes: GrowBuffer::new(device, "tiled shapes", read, 1024 * 48),
            cpu_projectiles: GrowBuffer::new(device, "tiled cpu projectiles", read, 1024 * 128),
            items: GrowBuffer::new(device, "tiled items", rw, 1024 * ITEM_BYTES),
            rects: GrowBuffer::new(device, "tiled rects", rw, 1024 * 4),
            cells: GrowBuffer::new(device, "tiled cells", rw, 64 * 16),
            coarse: GrowBuffer::new(
                device,
                "tiled coarse list",
                rw,
                u64::from(MIN_COARSE_CAPACITY) * 4,
            ),
            masks: GrowBuffer::new(device, "tiled masks", rw, u64::from(MIN_COARSE_CAPACITY) * 8),
            status: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("tiled status"),
                size: 8,
                usage: wgpu::BufferUsages::STORAGE
                    | wgpu::BufferUsages::COPY_SRC
                    | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
            staging: Vec::new(),
            quantize: matches!(
                format,
                wgpu::TextureFormat::Rgba8Unorm | wgpu::TextureFormat::Bgra8Unorm
            ),
            capacity: MIN_COARSE_CAPACITY,
            capacity_override: None,
            grid: None,
        }
    }

    /// Fixes the coarse-list capacity (entries, rounded up to 32) instead of
    /// sizing it from the item count: tests force overflow with it.
    pub fn set_capacity_override(&mut self, entries: Option<u32>) {
        self.capacity_override = entries.map(|e| e.next_multiple_of(32));
    }

    /// The tile grid of the latest frame.
    pub fn grid(&self) -> Option<TileGrid> {
        self.grid
    }

    /// Encodes binning (`"render bin"`) and shading (`"render world"`) of
    /// `scene` into the frame's target, or says why this frame must go to
    /// the instanced path (nothing is encoded then).
    #[expect(
        clippy::too_many_lines,
        reason = "the tiled path's passes in submission order"
    )]
    pub fn encode(
        &mut self,
        f: &mut FrameTarget<'_>,
        scene: &Scene,
        camera: &wgpu::Buffer,
    ) -> Result<(), TiledFallback> {
        let (device, queue) = (f.device, f.queue);
        let grid = TileGrid::for_size(f.size).ok_or(TiledFallback::TargetTooLarge)?;
        let batch = &scene.shapes;
        let (n_proj, cpu_list) = match &scene.projectiles {
            None => (0, None),
            Some(ProjectileSource::Gpu { count, .. }) => (*count, None),
            Some(ProjectileSource::Cpu(list)) => (list.len() as u32, Some(list)),
        };
        let n_items = batch.len() as u64 + 2 * u64::from(n_proj);
        let limit = device.limits().max_storage_buffer_binding_size;
        if n_items * ITEM_BYTES > limit || n_items > u64::from(u32::MAX / 2) {
            return Err(TiledFallback::TooManyItems);
        }
        let n_items = n_items as u32;
        let capacity = self
            .capacity_override
            .unwrap_or_else(|| {
                (n_items.saturating_mul(COARSE_PER_ITEM))
                    .max(MIN_COARSE_CAPACITY)
                    .saturating_add(32 * grid.cells())
            })
            .min(u32::try_from(limit / 8).unwrap_or(u32::MAX))
            .next_multiple_of(32);
        self.capacity = capacity;
        self.grid = Some(grid);

        self.staging.clear();
        self.staging.extend_from_slice(&batch.ground);
        self.staging.extend_from_slice(&batch.glow);
        self.staging.extend_from_slice(&batch.top);
        self.shapes.ensure(device, self.staging.len() as u64 * 48);
        self.items.ensure(device, u64::from(n_items) * ITEM_BYTES);
        self.rects.ensure(device, u64::from(n_items) * 4);
        self.cells.ensure(device, u64::from(grid.cells()) * 16);
        self.coarse.ensure(device, u64::from(capacity) * 4);
        self.masks.ensure(device, u64::from(capacity) * 8);
        if !self.staging.is_empty() {
            queue.write_buffer(&self.shapes.buffer, 0, bytemuck::cast_slice(&self.staging));
        }
        let projectiles = match (&scene.projectiles, cpu_list) {
            (Some(ProjectileSource::Gpu { buffer, .. }), _) => buffer.clone(),
            (_, Some(list)) => {
                self.cpu_projectiles
                    .ensure(device, std::mem::size_of_val(list.as_slice()) as u64);
                if !list.is_empty() {
                    queue.write_buffer(&self.cpu_projectiles.buffer, 0, bytemuck::cast_slice(list));
                }
                self.cpu_projectiles.buffer.clone()
            }
            _ => self.cpu_projectiles.buffer.clone(),
        };
        let [r, g, b] = scene.clear;
        let params = TileParams {
            clear: [r, g, b, 1.0],
            tiles_x: grid.tiles_x,
            tiles_y: grid.tiles_y,
            cells_x: grid.cells_x,
            cells_y: grid.cells_y,
            n_ground: batch.ground.len() as u32,
            n_proj,
            n_glow: batch.glow.len() as u32,
            n_top: batch.top.len() as u32,
            n_items,
            coarse_capacity: capacity,
            quantize: u32::from(self.quantize),
            pad0: 0,
        };
        queue.write_buffer(&self.params, 0, bytemuck::bytes_of(&params));
        queue.write_buffer(&self.style, 0, bytemuck::bytes_of(&scene.projectile_style));

        fn whole(b: &wgpu::Buffer) -> wgpu::BindingResource<'_> {
            b.as_entire_binding()
        }
        let bin_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("tiled bin group"),
            layout: &self.bin_layout,
            entries: &[
                (0, whole(camera)),
                (1, whole(&self.params)),
                (2, whole(&self.style)),
                (3, whole(&self.shapes.buffer)),
                (4, whole(&projectiles)),
                (5, whole(&self.items.buffer)),
                (6, whole(&self.rects.buffer)),
                (7, whole(&self.cells.buffer)),
                (8, whole(&self.coarse.buffer)),
                (9, whole(&self.masks.buffer)),
                (10, whole(&self.status)),
            ]
            .map(|(binding, resource)| wgpu::BindGroupEntry { binding, resource }),
        });
        let shade_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("tiled shade group"),
            layout: &self.shade_layout,
            entries: &[
                (0, whole(camera)),
                (1, whole(&self.params)),
                (2, whole(&self.style)),
                (5, whole(&self.items.buffer)),
                (7, whole(&self.cells.buffer)),
                (8, whole(&self.coarse.buffer)),
                (9, whole(&self.masks.buffer)),
            ]
            .map(|(binding, resource)| wgpu::BindGroupEntry { binding, resource }),
        });

        f.encoder.clear_buffer(&self.status, 0, None);
        f.scopes.push("tiled", f.encoder);
        {
            let mut pass = f.scopes.compute_pass(f.encoder, "binning");
            pass.set_bind_group(0, &bin_group, &[]);
            // Every dispatch runs even without items: the cells must be
            // rewritten so the shading never reads a previous frame's lists.
            pass.set_pipeline(&self.prep);
            pass.dispatch_workgroups(n_items.div_ceil(64).max(1), 1, 1);
            pass.set_pipeline(&self.coarse_count);
            pass.dispatch_workgroups(grid.cells().div_ceil(16), 1, 1);
            pass.set_pipeline(&self.coarse_fill);
            pass.dispatch_workgroups(grid.cells().div_ceil(16), 1, 1);
            pass.set_pipeline(&self.fine);
            pass.dispatch_workgroups(grid.tiles().div_ceil(64), 1, 1);
        }
        let mut pass = super::color_pass(
            f.encoder,
            "render world",
            f.view,
            super::clear_to(scene.clear),
            f.scopes,
        );
        pass.set_pipeline(&self.shade);
        pass.set_bind_group(0, &shade_group, &[]);
        pass.draw(0..3, 0..1);
        drop(pass);
        f.scopes.pop(f.encoder);
        Ok(())
    }

    /// Reads back what the latest submitted binning reported. Blocking (it
    /// waits for the GPU): for tests and tools, not for every frame.
    pub fn read_status(&self, device: &wgpu::Device, queue: &wgpu::Queue) -> BinStatus {
        let s: Vec<u32> = crate::compute::gpu::readback::read_buffer(device, queue, &self.status, 8);
        BinStatus {
            overflowed_cells: s.first().copied().unwrap_or(0),
            needed_entries: s.get(1).copied().unwrap_or(0),
            capacity: self.capacity,
        }
    }

    /// The per-item tile rectangles and the per-tile item lists of the
    /// latest frame, read back (blocking; tests compare them with
    /// [`bin_reference`]). A tile of an overflowed cell has no list (`None`).
    pub fn read_bins(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        n_items: u32,
    ) -> (Vec<u32>, Vec<Option<Vec<u32>>>) {
        use crate::compute::gpu::readback::read_buffer;
        let Some(grid) = self.grid else {
            return (Vec::new(), Vec::new());
        };
        let rects: Vec<u32> = read_buffer(device, queue, &self.rects.buffer, u64::from(n_items) * 4);
        let cells: Vec<[u32; 4]> =
            read_buffer(device, queue, &self.cells.buffer, u64::from(grid.cells()) * 16);
        let coarse: Vec<u32> = read_buffer(device, queue, &self.coarse.buffer, u64::from(self.capacity) * 4);
        let masks: Vec<u32> = read_buffer(device, queue, &self.masks.buffer, u64::from(self.capacity) * 8);
        let lists = (0..grid.tiles())
            .map(|t| {
                let (tx, ty) = (t % grid.tiles_x, t / grid.tiles_x);
                let [offset, count, overflow, _] =
                    cells[((ty / CELL_TILES) * grid.cells_x + tx / CELL_TILES) as usize];
                if overflow != 0 {
                    return None;
                }
                let words = count.div_ceil(32);
                let k = (ty % CELL_TILES) * CELL_TILES + tx % CELL_TILES;
                let base = (offset / 32) * CELL_TILES * CELL_TILES + k * words;
                let mut list = Vec::new();
                for w in 0..words {
                    let bits = masks[(base + w) as usize];
                    for j in 0..32 {
                        if bits & (1 << j) != 0 {
                            list.push(coarse[(offset + w * 32 + j) as usize]);
                        }
                    }
                }
                Some(list)
            })
            .collect();
        (rects, lists)
    }
}

#[path = "tiled_reference.rs"]
mod reference;
pub use reference::{bin_reference, rect_has_tile, tile_rects_reference};

#[cfg(test)]
#[path = "tiled_tests.rs"]
mod tests;
