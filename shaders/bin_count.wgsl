// #import common.wgsl
// Pass 2 of the enemy grid: count the alive enemies of each cell.
// CPU twin: engine/src/compute/cpu/bin_count.rs

@group(0) @binding(2) var<storage, read> enemies: array<Enemy>;
@group(0) @binding(3) var<storage, read_write> grid: array<atomic<u32>>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let e = gid.x;
    if e >= params.enemy_count {
        return;
    }
    let enemy = enemies[e];
    if enemy.alive == 0u {
        return;
    }
    atomicAdd(&grid[cell_index(enemy.pos)], 1u);
}
