//! The CPU twin of every compute pass, one file per shader with the same
//! name, written to be read side by side with `shaders/*.wgsl`: same names,
//! same order of operations, same event rules. Single-threaded and scalar.
//!
//! It is the reference the parity tests compare the GPU against. The
//! `--backend cpu` core runs it through [`run_step`], which hands the two
//! per-projectile passes to [`par`] (the same per-slot code over the threads
//! of the current rayon pool, bit for bit equal).

pub mod apply_edits;
pub mod bin_clear;
pub mod bin_count;
pub mod bin_scatter;
pub mod collide;
pub mod par;
pub mod prefix_sum;
pub mod projectile_step;

use std::time::Instant;

use super::types::{Enemy, Event, Projectile, StepParams};

/// The buffers of the GPU core, as plain vectors.
#[derive(Debug, Clone)]
pub struct CpuBuffers {
    /// `params` uniform of the current step.
    pub params: StepParams,
    /// `projectiles` (all slots).
    pub projectiles: Vec<Projectile>,
    /// `edit_slots`: slots written by `apply_edits` this step (`params.edit_count` of them).
    pub edit_slots: Vec<u32>,
    /// `edit_data`: what `apply_edits` writes into them.
    pub edit_data: Vec<Projectile>,
    /// `enemies` of the current step.
    pub enemies: Vec<Enemy>,
    /// `grid`: counts (cell_count), starts (cell_count + 1), cursors (cell_count).
    pub grid: Vec<u32>,
    /// `cell_enemies`: enemy indices grouped by cell.
    pub cell_enemies: Vec<u32>,
    /// `events` (at most `max_events`).
    pub events: Vec<Event>,
    /// `counters[0]`: events appended, including overflowed ones.
    pub event_count: u32,
    /// `counters[1]`: events dropped because the buffer was full.
    pub overflow: u32,
}

impl CpuBuffers {
    /// Buffers for `capacity` slots, `max_enemies` enemies and `cell_count` cells.
    pub fn new(capacity: u32, max_enemies: u32, cell_count: u32) -> Self {
        Self {
            params: bytemuck::Zeroable::zeroed(),
            projectiles: vec![bytemuck::Zeroable::zeroed(); capacity as usize],
            edit_slots: Vec::new(),
            edit_data: Vec::new(),
            enemies: Vec::with_capacity(max_enemies as usize),
            grid: vec![0; 3 * cell_count as usize + 1],
            cell_enemies: vec![0; max_enemies as usize],
            events: Vec::new(),
            event_count: 0,
            overflow: 0,
        }
    }

    /// `push_event` of `shaders/events.wgsl`.
    pub fn push_event(&mut self, kind: u32, projectile: u32, enemy: u32, pos: [f32; 2]) {
        let max = self.params.max_events;
        EventSink {
            events: &mut self.events,
            count: &mut self.event_count,
            overflow: &mut self.overflow,
            max,
        }
        .push(kind, projectile, enemy, pos);
    }

    /// Offset of the starts in `grid` (`grid_start_base` in WGSL).
    pub fn grid_start_base(&self) -> usize {
        self.params.cell_count as usize
    }

    /// Offset of the scatter cursors in `grid` (`grid_cursor_base` in WGSL).
    pub fn grid_cursor_base(&self) -> usize {
        2 * self.params.cell_count as usize + 1
    }
}

/// The event buffer and its counters borrowed apart from the rest of
/// [`CpuBuffers`], so a pass can append while it reads the grid and writes
/// the projectiles.
pub struct EventSink<'a> {
    /// `events`.
    pub events: &'a mut Vec<Event>,
    /// `counters[0]`.
    pub count: &'a mut u32,
    /// `counters[1]`.
    pub overflow: &'a mut u32,
    /// `params.max_events`.
    pub max: u32,
}

impl EventSink<'_> {
    /// Appends one event, or counts it as overflow past the cap.
    pub fn push(&mut self, kind: u32, projectile: u32, enemy: u32, pos: [f32; 2]) {
        let i = *self.count;
        *self.count += 1;
        if i < self.max {
            self.events.push(Event {
                kind,
                projectile,
                enemy,
                _pad: 0,
                pos,
            });
        } else {
            *self.overflow += 1;
        }
    }
}

/// `cell_coord` of `shaders/common.wgsl`.
pub fn cell_coord(params: &StepParams, p: [f32; 2]) -> [i32; 2] {
    let cx = ((p[0] - params.arena_min[0]) / params.cell_size).floor();
    let cy = ((p[1] - params.arena_min[1]) / params.cell_size).floor();
    let x = (cx as i32).clamp(0, params.grid_w as i32 - 1);
    let y = (cy as i32).clamp(0, params.grid_h as i32 - 1);
    [x, y]
}

/// `cell_index` of `shaders/common.wgsl`.
pub fn cell_index(params: &StepParams, p: [f32; 2]) -> u32 {
    let c = cell_coord(params, p);
    c[1] as u32 * params.grid_w + c[0] as u32
}

/// Names of the passes in dispatch order, as reported by `pass_timings` on both backends.
pub const PASS_NAMES: [&str; 7] = [
    "apply_edits",
    "bin_clear",
    "bin_count",
    "prefix_sum",
    "bin_scatter",
    "projectile_step",
    "collide",
];

/// The passes that bin enemies into the grid (one "binning" scope).
pub const BINNING: std::ops::Range<usize> = 1..5;

/// Runs the seven passes in order on `b`, returning the wall time of each in
/// ms; `projectile_step` and `collide` spread over the current rayon pool.
pub fn run_step(b: &mut CpuBuffers) -> [f64; 7] {
    let mut ms = [0.0; 7];
    // Each pass is also a CPU scope named like its GPU twin's.
    let mut timed = |i: usize, b: &mut CpuBuffers, pass: fn(&mut CpuBuffers)| {
        let _scope = crate::profile::Scope::begin(PASS_NAMES[i]);
        let t = Instant::now();
        pass(b);
        ms[i] = t.elapsed().as_secs_f64() * 1e3;
    };
    b.events.clear();
    timed(0, b, apply_edits::apply_edits);
    let binning = crate::profile::Scope::begin("binning");
    timed(1, b, bin_clear::bin_clear);
    timed(2, b, bin_count::bin_count);
    timed(3, b, prefix_sum::prefix_sum);
    timed(4, b, bin_scatter::bin_scatter);
    drop(binning);
    timed(5, b, par::projectile_step);
    timed(6, b, par::collide);
    ms
}
