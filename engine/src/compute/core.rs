//! [`ProjectileCore`]: the one API of the compute core, with the GPU passes or
//! their CPU twins behind it (chosen by [`Backend`]).
//!
//! A game step (docs/architecture.md#the-step) calls, in order: `step` (which returns the events
//! of the previous step, sorted), handles them, then `spawn` / `write` /
//! `kill`, `set_enemies`, `set_player` for the next one. Edits take effect
//! at the next `step`. `step_now` is the synchronous variant for tests and
//! the end of a run: it returns the events of the step it runs.

use std::collections::VecDeque;

use super::config::CoreConfig;
use super::cpu::{self, CpuBuffers, PASS_NAMES};
use super::events::{StepEvents, sort_events};
use super::gpu::{GpuCoreError, GpuKernels, RawStep};
use super::slots::SlotBook;
use super::types::{Enemy, EventKind, Projectile};
use crate::gpu::{Backend, BackendChoice, GpuContext, choose};

/// Why a core could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CoreError {
    /// The GPU backend was asked for without a device.
    #[error("the gpu backend needs a GPU device; open one with GpuContext::headless()")]
    NoDevice,
    /// The GPU core could not be built on this device.
    #[error(transparent)]
    Gpu(#[from] GpuCoreError),
}

#[derive(Debug)]
enum Kernels {
    Gpu(Box<GpuKernels>),
    Cpu {
        buffers: Box<CpuBuffers>,
        /// Results not yet delivered, oldest first (at most two).
        pending: VecDeque<RawStep>,
    },
}

impl Kernels {
    /// The oldest undelivered step: only if a newer one exists (`step`), or any (`flush`).
    fn collect(&mut self, only_if_newer: bool) -> Option<RawStep> {
        match self {
            Kernels::Gpu(g) => g.collect(only_if_newer),
            Kernels::Cpu { pending, .. } => {
                if only_if_newer && pending.len() < 2 {
                    return None;
                }
                pending.pop_front()
            }
        }
    }
}

/// The projectile compute core; see the module docs for the call order.
#[derive(Debug)]
pub struct ProjectileCore {
    config: CoreConfig,
    slots: SlotBook,
    enemies: Vec<Enemy>,
    player: ([f32; 2], f32),
    kernels: Kernels,
    steps: u64,
    delivered: u64,
    timings: Vec<(&'static str, f64)>,
    /// Slots written or killed since the oldest undelivered step was dispatched.
    written: Vec<u32>,
    killed: Vec<u32>,
    choice: BackendChoice,
}

impl ProjectileCore {
    /// A core on `backend`; `ctx` is required for [`Backend::Gpu`], ignored
    /// for the CPU, and read by [`Backend::Auto`] to choose ([`choose`]).
    pub fn new(backend: Backend, ctx: Option<&GpuContext>, config: CoreConfig) -> Result<Self, CoreError> {
        let choice = choose(backend, ctx);
        let kernels = match choice.backend {
            Backend::Gpu => {
                let ctx = ctx.ok_or(CoreError::NoDevice)?;
                Kernels::Gpu(Box::new(GpuKernels::new(ctx, &config)?))
            }
            Backend::Cpu | Backend::Auto => Kernels::Cpu {
                buffers: Box::new(CpuBuffers::new(
                    config.capacity,
                    config.max_enemies,
                    config.cell_count(),
                )),
                pending: VecDeque::new(),
            },
        };
        Ok(Self {
            config,
            slots: SlotBook::new(config.capacity),
            enemies: Vec::new(),
            player: ([0.0, 0.0], 0.0),
            kernels,
            steps: 0,
            delivered: 0,
            timings: Vec::new(),
            written: Vec::new(),
            killed: Vec::new(),
            choice,
        })
    }

    /// Which implementation runs the passes.
    pub fn backend(&self) -> Backend {
        match self.kernels {
            Kernels::Gpu(_) => Backend::Gpu,
            Kernels::Cpu { .. } => Backend::Cpu,
        }
    }

    /// The backend that runs, what was asked for, and why (the overlay and
    /// the JSON reports print it).
    pub fn choice(&self) -> &BackendChoice {
        &self.choice
    }

    /// The sizes the core was made with.
    pub fn config(&self) -> &CoreConfig {
        &self.config
    }

    /// Puts `p` in the lowest free slot from the next step on (made live, pierce
    /// capped at `MAX_PIERCE`); `None` when every slot is taken.
    pub fn spawn(&mut self, p: Projectile) -> Option<u32> {
        self.slots.spawn(p)
    }

    /// Replaces the projectile in a live slot from the next step on (e.g. a
    /// parried projectile turned friendly); false if the slot is not live.
    pub fn write(&mut self, slot: u32, p: Projectile) -> bool {
        self.slots.write(slot, p)
    }

    /// Removes a live projectile from the next step on; its pending events
    /// are dropped and no EXPIRE is sent for it. False if the slot is not live.
    pub fn kill(&mut self, slot: u32) -> bool {
        self.slots.kill(slot)
    }

    /// Slots in use.
    pub fn live_count(&self) -> u32 {
        self.slots.live_count()
    }

    /// One past the highest slot in use (what the passes visit, and what a renderer should draw).
    pub fn slot_high_water(&self) -> u32 {
        self.slots.high_water()
    }

    /// The enemies of the next step (index = enemy id in HIT events); beyond
    /// `max_enemies` they are dropped with a warning.
    pub fn set_enemies(&mut self, enemies: &[Enemy]) {
        let max = self.config.max_enemies as usize;
        if enemies.len() > max {
            log::warn!(
                "{} enemies uploaded, core holds {max}; the rest are ignored",
                enemies.len()
            );
        }
        self.enemies.clear();
        self.enemies.extend_from_slice(&enemies[..enemies.len().min(max)]);
    }

    /// The player circle that enemy-team projectiles hit (radius 0: none).
    pub fn set_player(&mut self, pos: [f32; 2], radius: f32) {
        self.player = (pos, radius);
    }

    /// Uploads the edits, runs one step of `dt` seconds and returns the events
    /// of the previous step (empty on the first call).
    pub fn step(&mut self, dt: f32) -> StepEvents {
        crate::scope!("compute core");
        self.dispatch(dt);
        let raw = self.kernels.collect(true);
        self.deliver(raw)
    }

    /// Waits for the step in flight, if any, and returns its events.
    pub fn flush(&mut self) -> StepEvents {
        let raw = self.kernels.collect(false);
        self.deliver(raw)
    }

    /// `step` then `flush`: the events of any earlier undelivered step followed
    /// by those of this one, sorted together.
    pub fn step_now(&mut self, dt: f32) -> StepEvents {
        let mut events = self.step(dt);
        let this = self.flush();
        events.merge(this);
        events.step = self.steps;
        events
    }

    /// Per-pass times of the last delivered step in ms, in dispatch order:
    /// GPU timestamps on the GPU backend (empty without TIMESTAMP_QUERY), wall
    /// time per pass on the CPU backend.
    pub fn pass_timings(&self) -> Vec<(&'static str, f64)> {
        self.timings.clone()
    }

    /// Times the GPU read-back had to block (always 0 on the CPU backend).
    pub fn readback_waits(&self) -> u64 {
        match &self.kernels {
            Kernels::Gpu(g) => g.readback_waits(),
            Kernels::Cpu { .. } => 0,
        }
    }

    /// The GPU projectile buffer, for drawing without read-back; `None` on the CPU backend.
    pub fn projectile_buffer(&self) -> Option<&wgpu::Buffer> {
        match &self.kernels {
            Kernels::Gpu(g) => Some(g.projectile_buffer()),
            Kernels::Cpu { .. } => None,
        }
    }

    /// Every slot up to the high-water mark as the passes left it (blocking on
    /// the GPU; tests, debugging and CPU-side drawing). Edits not yet stepped
    /// are not included.
    pub fn read_projectiles(&self) -> Vec<Projectile> {
        let n = self.slots.high_water();
        match &self.kernels {
            Kernels::Gpu(g) => g.read_projectiles(n),
            Kernels::Cpu { buffers, .. } => buffers.projectiles[..n as usize].to_vec(),
        }
    }

    /// The grid after the last step: per-cell counts and exclusive starts
    /// (`cell_count + 1` entries, the last the total). Tests and debugging.
    pub fn read_grid(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.config.cell_count() as usize;
        let grid = match &self.kernels {
            Kernels::Gpu(g) => g.read_grid().0,
            Kernels::Cpu { buffers, .. } => buffers.grid.clone(),
        };
        if grid.len() < 2 * n + 1 {
            return (Vec::new(), Vec::new());
        }
        (grid[..n].to_vec(), grid[n..2 * n + 1].to_vec())
    }

    /// Replaces every slot with `state` (tests: re-syncing two cores). Slots
    /// holding a live projectile are in use; all are uploaded with the next step.
    /// Events of steps not yet delivered are discarded.
    pub fn load_state(&mut self, state: &[Projectile]) {
        let _ = self.flush();
        self.slots.load(state);
        self.written.clear();
        self.killed.clear();
    }

    fn dispatch(&mut self, dt: f32) {
        let (edits, mut killed) = self.slots.begin_step();
        // These edits postdate every step not yet delivered: they win over its
        // EXPIREs (written) or silence its events (killed). `edits` is sorted.
        self.written.clear();
        self.written.extend(edits.iter().map(|e| e.0));
        killed.sort_unstable();
        self.killed = killed;
        let mut params = self
            .config
            .params(dt, self.slots.high_water(), &self.enemies, self.player);
        params.edit_count = edits.len() as u32;
        self.steps += 1;
        match &mut self.kernels {
            Kernels::Gpu(g) => {
                g.upload(&edits);
                g.dispatch(&params, &self.enemies);
            }
            Kernels::Cpu { buffers, pending } => {
                buffers.edit_slots.clear();
                buffers.edit_slots.extend(edits.iter().map(|e| e.0));
                buffers.edit_data.clear();
                buffers.edit_data.extend(edits.iter().map(|e| e.1));
                buffers.params = params;
                buffers.enemies.clear();
                buffers.enemies.extend_from_slice(&self.enemies);
                let ms = cpu::run_step(buffers);
                pending.push_back(RawStep {
                    events: std::mem::take(&mut buffers.events),
                    overflow: buffers.overflow,
                    timings: PASS_NAMES.iter().copied().zip(ms).collect(),
                });
            }
        }
    }

    /// Filters, sorts and books a read-back step: frees the slots it expires.
    fn deliver(&mut self, raw: Option<RawStep>) -> StepEvents {
        let written = std::mem::take(&mut self.written);
        let killed = std::mem::take(&mut self.killed);
        let Some(raw) = raw else {
            return StepEvents {
                step: self.delivered,
                ..StepEvents::default()
            };
        };
        self.delivered += 1;
        if !raw.timings.is_empty() {
            self.timings = raw.timings;
        }
        let mut events = raw.events;
        events.retain(|e| {
            let slot = e.projectile;
            if killed.binary_search(&slot).is_ok() {
                return false;
            }
            !(e.kind == EventKind::Expire as u32 && written.binary_search(&slot).is_ok())
        });
        sort_events(&mut events);
        for e in &events {
            if e.kind == EventKind::Expire as u32 {
                self.slots.expire(e.projectile);
            }
        }
        StepEvents {
            step: self.delivered,
            events,
            overflow: raw.overflow,
        }
    }
}
