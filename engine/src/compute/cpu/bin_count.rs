//! Twin of `shaders/bin_count.wgsl`: count the alive enemies of each cell.

use super::{CpuBuffers, cell_index};

/// Counts the alive enemies of each cell into `grid[0..cell_count]`.
pub fn bin_count(b: &mut CpuBuffers) {
    for e in 0..b.params.enemy_count as usize {
        let enemy = b.enemies[e];
        if enemy.alive == 0 {
            continue;
        }
        let c = cell_index(&b.params, enemy.pos) as usize;
        b.grid[c] += 1;
    }
}
