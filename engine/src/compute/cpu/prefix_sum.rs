//! Twin of `shaders/prefix_sum.wgsl`: exclusive prefix sum of the cell counts
//! into the starts (plus the total) and the scatter cursors. The shader splits
//! the cells into 256 chunks for its workgroup; the sum is the same.

use super::CpuBuffers;

/// Exclusive scan of `counts` into `starts` (`counts.len() + 1` entries, the last the total).
pub fn exclusive_scan(counts: &[u32], starts: &mut [u32]) {
    let mut run = 0u32;
    for (i, &count) in counts.iter().enumerate() {
        starts[i] = run;
        run += count;
    }
    starts[counts.len()] = run;
}

/// Writes `starts` and `cursors` of the grid from its counts.
pub fn prefix_sum(b: &mut CpuBuffers) {
    let n = b.params.cell_count as usize;
    let start_base = b.grid_start_base();
    let cursor_base = b.grid_cursor_base();
    let (counts, rest) = b.grid.split_at_mut(start_base);
    exclusive_scan(counts, &mut rest[..n + 1]);
    let (starts, cursors) = rest.split_at_mut(cursor_base - start_base);
    cursors[..n].copy_from_slice(&starts[..n]);
}
