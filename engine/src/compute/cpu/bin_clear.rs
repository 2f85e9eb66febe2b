//! Twin of `shaders/bin_clear.wgsl`: zero the cell counts and the event counters.

use super::CpuBuffers;

/// Zeroes the per-cell counts and the event counters.
pub fn bin_clear(b: &mut CpuBuffers) {
    b.event_count = 0;
    b.overflow = 0;
    for c in 0..b.params.cell_count as usize {
        b.grid[c] = 0;
    }
}
