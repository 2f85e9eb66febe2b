// #import common.wgsl
// Pass 1 of the enemy grid: zero the per-cell counts and the event counters.
// CPU twin: engine/src/compute/cpu/bin_clear.rs

@group(0) @binding(3) var<storage, read_write> grid: array<atomic<u32>>;
@group(0) @binding(6) var<storage, read_write> counters: array<atomic<u32>, 4>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let c = gid.x;
    if c == 0u {
        atomicStore(&counters[0], 0u);
        atomicStore(&counters[1], 0u);
    }
    if c < params.cell_count {
        atomicStore(&grid[c], 0u);
    }
}
