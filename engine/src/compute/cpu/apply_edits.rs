//! Twin of `shaders/apply_edits.wgsl`: write this step's spawns and edits into their slots.

use super::CpuBuffers;

/// Copies `edit_data[i]` into slot `edit_slots[i]` for every edit of the step.
pub fn apply_edits(b: &mut CpuBuffers) {
    for i in 0..b.params.edit_count as usize {
        let slot = b.edit_slots[i] as usize;
        b.projectiles[slot] = b.edit_data[i];
    }
}
