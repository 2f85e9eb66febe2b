// #import common.wgsl
// Event append: one atomic counter; past `max_events` the overflow counter
// grows instead, and nothing is written out of bounds.

@group(0) @binding(5) var<storage, read_write> events: array<Event>;
// counters[0]: events appended (may exceed max_events); counters[1]: overflow.
@group(0) @binding(6) var<storage, read_write> counters: array<atomic<u32>, 4>;

fn push_event(kind: u32, projectile: u32, enemy: u32, pos: vec2<f32>) {
    let i = atomicAdd(&counters[0], 1u);
    if i < params.max_events {
        events[i] = Event(kind, projectile, enemy, 0u, pos);
    } else {
        atomicAdd(&counters[1], 1u);
    }
}
