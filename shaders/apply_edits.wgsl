// #import common.wgsl
// Pass 0: write this step's spawns and edits (killed slots arrive as empty
// projectiles) into their slots. The CPU uploads them as two packed arrays
// in one write each, instead of one buffer write per slot; slots are unique.
// CPU twin: engine/src/compute/cpu/apply_edits.rs

@group(0) @binding(1) var<storage, read_write> projectiles: array<Projectile>;
@group(0) @binding(7) var<storage, read> edit_slots: array<u32>;
@group(0) @binding(8) var<storage, read> edit_data: array<Projectile>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if i >= params.edit_count {
        return;
    }
    projectiles[edit_slots[i]] = edit_data[i];
}
