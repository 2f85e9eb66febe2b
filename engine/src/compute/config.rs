//! Sizes of a compute core, fixed when it is created.

use super::types::{Enemy, MAX_HIT_MEMORY, StepParams};

/// Default grid cell edge, px: wider than a large projectile and a large
/// enemy together, and coarse enough that an arena tens of cells wide bins
/// cheaply.
pub const DEFAULT_CELL_SIZE: f32 = 64.0;

/// Sizes of one core. The grid covers the arena; enemies outside it are
/// binned into the border cells.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CoreConfig {
    /// Projectile slots (the GPU buffer holds `capacity * 128` bytes; 1,000,000 fits lavapipe's 128 MiB binding).
    pub capacity: u32,
    /// Most enemies uploaded per step; extra ones are dropped with a warning.
    pub max_enemies: u32,
    /// Lower arena corner, px.
    pub arena_min: [f32; 2],
    /// Upper arena corner, px.
    pub arena_max: [f32; 2],
    /// Grid cell edge, px. Must be at least the largest projectile radius plus
    /// the largest enemy radius, or collisions across two cells are missed.
    pub cell_size: f32,
    /// Event buffer capacity per step; events past it are counted as overflow and dropped.
    pub max_events: u32,
}

impl CoreConfig {
    /// An arena from the origin to `size` (the application's, e.g. the
    /// game's data) with 64 px cells and an event buffer sized for the
    /// capacity.
    pub fn arena(capacity: u32, max_enemies: u32, size: [f32; 2]) -> Self {
        Self {
            capacity,
            max_enemies,
            arena_min: [0.0, 0.0],
            arena_max: size,
            cell_size: DEFAULT_CELL_SIZE,
            max_events: capacity.saturating_mul(2).clamp(4096, 1 << 18),
        }
    }

    /// Grid columns and rows covering the arena.
    pub fn grid_dims(&self) -> (u32, u32) {
        let w = ((self.arena_max[0] - self.arena_min[0]) / self.cell_size).ceil();
        let h = ((self.arena_max[1] - self.arena_min[1]) / self.cell_size).ceil();
        ((w as u32).max(1), (h as u32).max(1))
    }

    /// Number of grid cells.
    pub fn cell_count(&self) -> u32 {
        let (w, h) = self.grid_dims();
        w * h
    }

    /// The uniform of one step; the passes visit `slot_count` slots and all of `enemies`.
    pub fn params(&self, dt: f32, slot_count: u32, enemies: &[Enemy], player: ([f32; 2], f32)) -> StepParams {
        let max_enemy_radius = enemies
            .iter()
            .filter(|e| e.alive != 0)
            .fold(0.0f32, |m, e| m.max(e.radius));
        let (grid_w, grid_h) = self.grid_dims();
        StepParams {
            arena_min: self.arena_min,
            arena_max: self.arena_max,
            player_pos: player.0,
            player_radius: player.1,
            dt,
            cell_size: self.cell_size,
            grid_w,
            grid_h,
            cell_count: grid_w * grid_h,
            slot_count,
            enemy_count: enemies.len() as u32,
            max_events: self.max_events,
            max_enemy_radius,
            edit_count: 0,
            _pad: [0; 3],
        }
    }
}

/// Largest pierce budget: one hit per `hit_memory` entry.
pub const MAX_PIERCE: u32 = MAX_HIT_MEMORY as u32 - 1;
