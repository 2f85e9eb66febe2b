//! Twin of `shaders/bin_scatter.wgsl`: write each alive enemy's index into its
//! cell's range of `cell_enemies` (in enemy order here; in atomic order on
//! the GPU, which no later pass depends on).

use super::{CpuBuffers, cell_index};

/// Scatters alive enemy indices into their cells.
pub fn bin_scatter(b: &mut CpuBuffers) {
    let cursor_base = b.grid_cursor_base();
    for e in 0..b.params.enemy_count as usize {
        let enemy = b.enemies[e];
        if enemy.alive == 0 {
            continue;
        }
        let c = cell_index(&b.params, enemy.pos) as usize;
        let at = b.grid[cursor_base + c] as usize;
        b.grid[cursor_base + c] += 1;
        b.cell_enemies[at] = e as u32;
    }
}
