// #import common.wgsl
// Pass 3 of the enemy grid: exclusive prefix sum of the cell counts, in one
// workgroup of 256 invocations. Each invocation sums a contiguous chunk of
// ceil(cell_count / 256) cells, the 256 chunk totals are scanned in shared
// memory (Hillis-Steele), then each invocation writes its chunk's starts.
// Writes starts[0..=cell_count] (the last one is the total) and a copy of
// the starts as scatter cursors.
// CPU twin: engine/src/compute/cpu/prefix_sum.rs

@group(0) @binding(3) var<storage, read_write> grid: array<atomic<u32>>;

const SCAN_THREADS: u32 = 256u;
var<workgroup> sums: array<u32, 256>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_id) lid3: vec3<u32>) {
    let lid = lid3.x;
    let n = params.cell_count;
    let chunk = (n + SCAN_THREADS - 1u) / SCAN_THREADS;
    let begin = min(lid * chunk, n);
    let end = min(begin + chunk, n);

    var total = 0u;
    for (var i = begin; i < end; i++) {
        total += atomicLoad(&grid[i]);
    }
    sums[lid] = total;
    workgroupBarrier();

    for (var offset = 1u; offset < SCAN_THREADS; offset *= 2u) {
        let other = sums[max(lid, offset) - offset];
        let add = select(0u, other, lid >= offset);
        workgroupBarrier();
        sums[lid] += add;
        workgroupBarrier();
    }

    var run = sums[lid] - total;
    for (var i = begin; i < end; i++) {
        let count = atomicLoad(&grid[i]);
        atomicStore(&grid[grid_start_base() + i], run);
        atomicStore(&grid[grid_cursor_base() + i], run);
        run += count;
    }
    if lid == SCAN_THREADS - 1u {
        atomicStore(&grid[grid_start_base() + n], sums[lid]);
    }
}
