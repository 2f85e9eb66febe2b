// #import common.wgsl
// Pass 4 of the enemy grid: write each alive enemy's index into its cell's
// range of `cell_enemies`. The order inside a cell depends on atomic order;
// every later pass is written so that this order never changes a result.
// CPU twin: engine/src/compute/cpu/bin_scatter.rs

@group(0) @binding(2) var<storage, read> enemies: array<Enemy>;
@group(0) @binding(3) var<storage, read_write> grid: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> cell_enemies: array<u32>;

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
    let c = cell_index(enemy.pos);
    let at = atomicAdd(&grid[grid_cursor_base() + c], 1u);
    cell_enemies[at] = e;
}
