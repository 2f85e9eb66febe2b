//! The GPU implementation of the core: the seven WGSL passes, their buffers, one
//! submission per step, and the double-buffered event read-back.
//!
//! Buffers and bind groups are created once (the edit arrays grow by
//! doubling); a step writes the uniform, the enemies and the packed edits
//! (three or four buffer writes, however many slots changed), then
//! records the passes in one encoder, copies the event counters, the events
//! and the pass timestamps into staging buffer `step % 2`, submits, and asks
//! for that buffer to be mapped. The previous step's buffer is read by
//! [`GpuKernels::collect`].

pub(crate) mod readback;

use std::collections::VecDeque;

use wgpu::util::DeviceExt;

use super::config::CoreConfig;
use super::cpu::{BINNING, PASS_NAMES};
use super::shaders;
use super::types::{Enemy, Event, Projectile, StepParams};
use crate::gpu::GpuContext;
use crate::profile::GpuScopes;
use readback::{InFlight, Staging};

/// Invocations per workgroup of the per-slot, per-enemy and per-cell passes
/// (the WGSL files say the same); prefix_sum uses one workgroup of 256.
/// 256, the largest every adapter allows, measured best on lavapipe (stress
/// 20k/1k: 64 gave 7.1 ms a step, 128 5.5 ms, 256 5.2 ms), where each
/// workgroup is a task for its thread pool and fewer, fuller tasks cost less;
/// on real GPUs 256 is a common, sound size for a memory-bound pass.
pub const WORKGROUP: u32 = 256;

/// Bindings each pass's shader uses, in `PASS_NAMES` order: 0 params,
/// 1 projectiles, 2 enemies, 3 grid, 4 cell_enemies, 5 events, 6 counters,
/// 7 edit_slots, 8 edit_data.
const PASS_BINDINGS: [&[u32]; 7] = [
    &[0, 1, 7, 8],
    &[0, 3, 6],
    &[0, 2, 3],
    &[0, 3],
    &[0, 2, 3, 4],
    &[0, 1, 2, 3, 4, 5, 6],
    &[0, 1, 2, 3, 4, 5, 6],
];

const PROJECTILE_BYTES: u64 = std::mem::size_of::<Projectile>() as u64;

/// Why the GPU core could not be built.
#[derive(Debug, thiserror::Error)]
pub enum GpuCoreError {
    /// The projectile buffer would not fit one storage binding of this adapter.
    #[error(
        "{capacity} projectile slots need {bytes} bytes in one storage binding; adapter {adapter:?} allows {limit}"
    )]
    TooLarge {
        /// Requested slots.
        capacity: u32,
        /// Bytes needed.
        bytes: u64,
        /// The adapter's `max_storage_buffer_binding_size`.
        limit: u64,
        /// Adapter name.
        adapter: String,
    },
    /// A shader's `// #import` names a missing file.
    #[error(transparent)]
    Import(#[from] shaders::ImportError),
}

/// Raw result of one step as read back: events (unsorted), overflow, pass times.
#[derive(Debug, Default)]
pub struct RawStep {
    /// Events in atomic order.
    pub events: Vec<Event>,
    /// Events dropped for lack of room.
    pub overflow: u32,
    /// (pass, ms) per pass when timestamps exist.
    pub timings: Vec<(&'static str, f64)>,
}

/// GPU buffers, pipelines and read-back state.
#[derive(Debug)]
pub struct GpuKernels {
    device: wgpu::Device,
    queue: wgpu::Queue,
    config: CoreConfig,
    params: wgpu::Buffer,
    projectiles: wgpu::Buffer,
    enemies: wgpu::Buffer,
    grid: wgpu::Buffer,
    cell_enemies: wgpu::Buffer,
    events: wgpu::Buffer,
    counters: wgpu::Buffer,
    /// Room in `edit_slots` / `edit_data`, in edits; grows by doubling.
    edit_capacity: u32,
    edit_slots: wgpu::Buffer,
    edit_data: wgpu::Buffer,
    pipelines: Vec<(wgpu::ComputePipeline, wgpu::BindGroup)>,
    /// One GPU scope per pass under "compute core", read back a step or
    /// more later (`wgpu-profiler`).
    scopes: GpuScopes,
    staging: [Staging; 2],
    in_flight: VecDeque<InFlight>,
    steps: u64,
    waits: u64,
}

/// The packed edit arrays for `capacity` edits.
fn edit_buffers(device: &wgpu::Device, capacity: u32) -> (wgpu::Buffer, wgpu::Buffer) {
    let slots = storage(
        device,
        "core edit slots",
        u64::from(capacity) * 4,
        wgpu::BufferUsages::empty(),
    );
    let data = storage(
        device,
        "core edit data",
        u64::from(capacity) * PROJECTILE_BYTES,
        wgpu::BufferUsages::empty(),
    );
    (slots, data)
}

fn storage(device: &wgpu::Device, label: &str, size: u64, extra: wgpu::BufferUsages) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size: size.max(16).next_multiple_of(4),
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | extra,
        mapped_at_creation: false,
    })
}

impl GpuKernels {
    /// Creates buffers for `config` and compiles the seven passes.
    #[expect(
        clippy::too_many_lines,
        reason = "the compute core's buffers, layouts and pipelines made in order; split, they would only be passed around"
    )]
    pub fn new(ctx: &GpuContext, config: &CoreConfig) -> Result<Self, GpuCoreError> {
        let device = ctx.device.clone();
        let bytes = u64::from(config.capacity) * PROJECTILE_BYTES;
        let limit = device.limits().max_storage_buffer_binding_size;
        if bytes > limit {
            return Err(GpuCoreError::TooLarge {
                capacity: config.capacity,
                bytes,
                limit,
                adapter: ctx.info.name.clone(),
            });
        }
        let cells = u64::from(config.cell_count());
        let params = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("core params"),
            size: std::mem::size_of::<StepParams>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let copy_src = wgpu::BufferUsages::COPY_SRC;
        // Zero-initialised by wgpu: every slot starts dead.
        let projectiles = storage(
            &device,
            "core projectiles",
            bytes,
            copy_src | wgpu::BufferUsages::VERTEX,
        );
        let enemies = storage(
            &device,
            "core enemies",
            u64::from(config.max_enemies) * 16,
            copy_src,
        );
        let grid = storage(&device, "core grid", (3 * cells + 1) * 4, copy_src);
        let cell_enemies = storage(
            &device,
            "core cell enemies",
            u64::from(config.max_enemies) * 4,
            copy_src,
        );
        let events = storage(
            &device,
            "core events",
            u64::from(config.max_events) * 24,
            copy_src,
        );
        let counters = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("core event counters"),
            contents: &[0u8; 16],
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        });

        let edit_capacity = config.capacity.clamp(1, 1024);
        let (edit_slots, edit_data) = edit_buffers(&device, edit_capacity);
        // Each pass gets its own layout, derived from its shader, so bindings
        // it only reads are read-only storage (the driver may cache them).
        let buffers = [
            &params,
            &projectiles,
            &enemies,
            &grid,
            &cell_enemies,
            &events,
            &counters,
            &edit_slots,
            &edit_data,
        ];
        let mut pipelines = Vec::new();
        for (name, bindings) in PASS_NAMES.iter().zip(PASS_BINDINGS) {
            let file = format!("{name}.wgsl");
            let source = shaders::embedded(&file)?;
            let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(&file),
                source: wgpu::ShaderSource::Wgsl(source.into()),
            });
            let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(name),
                layout: None,
                module: &module,
                entry_point: Some("main"),
                compilation_options: Default::default(),
                cache: None,
            });
            let entries: Vec<wgpu::BindGroupEntry> = bindings
                .iter()
                .map(|&b| wgpu::BindGroupEntry {
                    binding: b,
                    resource: buffers[b as usize].as_entire_binding(),
                })
                .collect();
            let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some(name),
                layout: &pipeline.get_bind_group_layout(0),
                entries: &entries,
            });
            pipelines.push((pipeline, bind_group));
        }

        let scopes = GpuScopes::new(&device, "compute core");
        let staging = [
            Staging::new(&device, config.max_events),
            Staging::new(&device, config.max_events),
        ];
        Ok(Self {
            device,
            queue: ctx.queue.clone(),
            config: *config,
            params,
            projectiles,
            enemies,
            grid,
            cell_enemies,
            events,
            counters,
            edit_capacity,
            edit_slots,
            edit_data,
            pipelines,
            scopes,
            staging,
            in_flight: VecDeque::new(),
            steps: 0,
            waits: 0,
        })
    }

    /// The projectile storage buffer (`capacity` × 128 bytes; also usable as a
    /// vertex buffer): the renderer draws straight from it.
    pub fn projectile_buffer(&self) -> &wgpu::Buffer {
        &self.projectiles
    }

    /// Times a read-back had to block because the GPU had not finished the previous step.
    pub fn readback_waits(&self) -> u64 {
        self.waits
    }

    /// Uploads this step's edits (sorted, unique slots) as two packed arrays,
    /// one buffer write each; the `apply_edits` pass scatters them.
    pub fn upload(&mut self, edits: &[(u32, Projectile)]) {
        if edits.is_empty() {
            return;
        }
        let n = edits.len() as u32;
        if n > self.edit_capacity {
            self.edit_capacity = n.next_power_of_two().min(self.config.capacity.max(n));
            let (slots, data) = edit_buffers(&self.device, self.edit_capacity);
            self.edit_slots = slots;
            self.edit_data = data;
            let (pipeline, bind_group) = &mut self.pipelines[0];
            *bind_group = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some(PASS_NAMES[0]),
                layout: &pipeline.get_bind_group_layout(0),
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: self.params.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: self.projectiles.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 7,
                        resource: self.edit_slots.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 8,
                        resource: self.edit_data.as_entire_binding(),
                    },
                ],
            });
        }
        let slots: Vec<u32> = edits.iter().map(|e| e.0).collect();
        let data: Vec<Projectile> = edits.iter().map(|e| e.1).collect();
        self.queue
            .write_buffer(&self.edit_slots, 0, bytemuck::cast_slice(&slots));
        self.queue
            .write_buffer(&self.edit_data, 0, bytemuck::cast_slice(&data));
    }

    /// Records and submits one step; its events are read by a later `collect`.
    pub fn dispatch(&mut self, params: &StepParams, enemies: &[Enemy]) {
        self.queue
            .write_buffer(&self.params, 0, bytemuck::bytes_of(params));
        if !enemies.is_empty() {
            self.queue
                .write_buffer(&self.enemies, 0, bytemuck::cast_slice(enemies));
        }
        let groups = |n: u32| n.div_ceil(WORKGROUP).max(1);
        let sizes = [
            groups(params.edit_count),
            groups(params.cell_count),
            groups(params.enemy_count),
            1,
            groups(params.enemy_count),
            groups(params.slot_count),
            groups(params.slot_count),
        ];
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("core step"),
            });
        self.scopes.push("compute core", &mut encoder);
        for (i, ((pipeline, bind_group), &x)) in self.pipelines.iter().zip(&sizes).enumerate() {
            // The grid's four passes nest under "binning".
            if i == BINNING.start {
                self.scopes.push("binning", &mut encoder);
            }
            let mut pass = self.scopes.compute_pass(&mut encoder, PASS_NAMES[i]);
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, bind_group, &[]);
            pass.dispatch_workgroups(x, 1, 1);
            drop(pass);
            if i + 1 == BINNING.end {
                self.scopes.pop(&mut encoder);
            }
        }
        self.scopes.pop(&mut encoder);
        let step = self.steps;
        let which = (self.steps % 2) as usize;
        self.steps += 1;
        let staging = &self.staging[which];
        encoder.copy_buffer_to_buffer(&self.counters, 0, &staging.buffer, readback::COUNTERS_AT, 16);
        if self.config.max_events > 0 {
            encoder.copy_buffer_to_buffer(
                &self.events,
                0,
                &staging.buffer,
                readback::EVENTS_AT,
                u64::from(self.config.max_events) * 24,
            );
        }
        self.scopes.resolve(&mut encoder);
        let submission = self.queue.submit([encoder.finish()]);
        self.scopes.end_frame(step);
        staging.request_map();
        self.in_flight.push_back(InFlight {
            staging: which,
            submission,
        });
    }

    /// Reads the oldest step in flight if another was dispatched after it
    /// (`only_if_newer`), or whatever is in flight otherwise (flush).
    pub fn collect(&mut self, only_if_newer: bool) -> Option<RawStep> {
        if only_if_newer && self.in_flight.len() < 2 {
            return None;
        }
        let flight = self.in_flight.pop_front()?;
        let staging = &self.staging[flight.staging];
        if !staging.is_mapped(&self.device) {
            self.waits += 1;
            staging.wait(&self.device, flight.submission);
        }
        let mut raw = staging.read(self.config.max_events);
        // The step's scopes were resolved in its own submission: they come
        // back with it, or with a later step's read-back.
        while let Some(frame) = self.scopes.collect(&self.queue) {
            raw.timings = frame
                .passes
                .iter()
                .filter_map(|(name, ms, _)| PASS_NAMES.iter().find(|p| *p == name).map(|p| (*p, *ms)))
                .collect();
        }
        Some(raw)
    }

    /// Blocking copy of slots `0..count` (tests and debugging only).
    pub fn read_projectiles(&self, count: u32) -> Vec<Projectile> {
        let bytes = u64::from(count) * PROJECTILE_BYTES;
        readback::read_buffer(&self.device, &self.queue, &self.projectiles, bytes)
    }

    /// Blocking copy of the grid (counts, starts, cursors) and the binned enemy indices.
    pub fn read_grid(&self) -> (Vec<u32>, Vec<u32>) {
        let cells = u64::from(self.config.cell_count());
        let grid = readback::read_buffer(&self.device, &self.queue, &self.grid, (3 * cells + 1) * 4);
        let binned = readback::read_buffer(
            &self.device,
            &self.queue,
            &self.cell_enemies,
            u64::from(self.config.max_enemies) * 4,
        );
        (grid, binned)
    }
}
