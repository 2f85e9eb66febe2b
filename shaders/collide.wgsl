// #import common.wgsl events.wgsl
// Pass 6: collide every live projectile after it moved.
// Player-team projectiles test the enemies of the 3x3 cells around them
// (the cell size is at least the largest projectile radius plus the largest
// enemy radius), skipping the cells out of reach of the largest enemy. Rule for several overlaps in one step: the overlapping
// enemies not yet in `hit_memory` are hit in increasing enemy index, as many
// as the pierce budget allows (pierce n = n + 1 hits in the projectile's
// life); exhausting it emits EXPIRE. Enemy-team projectiles test the player:
// PLAYER_HIT then EXPIRE.
// CPU twin: engine/src/compute/cpu/collide.rs

@group(0) @binding(1) var<storage, read_write> projectiles: array<Projectile>;
@group(0) @binding(2) var<storage, read> enemies: array<Enemy>;
@group(0) @binding(3) var<storage, read> grid: array<u32>;
@group(0) @binding(4) var<storage, read> cell_enemies: array<u32>;

// Whether `e` is in the hit memory of `slot` (read from the buffer, not a
// local copy: dynamic indexing of a local array is slow on some drivers).
fn already_hit(slot: u32, hit_count: u32, e: u32) -> bool {
    for (var k = 0u; k < hit_count; k++) {
        if projectiles[slot].hit_memory[k] == e {
            return true;
        }
    }
    return false;
}

// The lowest-index enemy above `after` (or any, when `has_after` is false)
// that overlaps the projectile and is not in its hit memory; NONE_U32 if none.
fn next_hit(slot: u32, pos: vec2<f32>, radius: f32, hit_count: u32, has_after: bool, after: u32) -> u32 {
    // Of the 3x3 neighbourhood, only the cells within reach of the largest
    // enemy can hold an overlap.
    let home = cell_coord(pos);
    let reach_max = radius + params.max_enemy_radius;
    let lo = max(cell_coord(pos - vec2<f32>(reach_max, reach_max)), home - vec2<i32>(1, 1));
    let hi = min(cell_coord(pos + vec2<f32>(reach_max, reach_max)), home + vec2<i32>(1, 1));
    var best = NONE_U32;
    for (var cy = lo.y; cy <= hi.y; cy++) {
        for (var cx = lo.x; cx <= hi.x; cx++) {
            let c = u32(cy) * params.grid_w + u32(cx);
            let start = grid[grid_start_base() + c];
            let end = grid[grid_start_base() + c + 1u];
            for (var i = start; i < end; i++) {
                let e = cell_enemies[i];
                if e >= best || (has_after && e <= after) {
                    continue;
                }
                let enemy = enemies[e];
                let d = enemy.pos - pos;
                let reach = radius + enemy.radius;
                if d.x * d.x + d.y * d.y > reach * reach {
                    continue;
                }
                if already_hit(slot, hit_count, e) {
                    continue;
                }
                best = e;
            }
        }
    }
    return best;
}

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let slot = gid.x;
    if slot >= params.slot_count {
        return;
    }
    let flags = projectiles[slot].flags;
    if (flags & FLAG_ALIVE) == 0u {
        return;
    }
    let pos = projectiles[slot].pos;
    let radius = projectiles[slot].radius;

    if (flags & FLAG_ENEMY_TEAM) != 0u {
        let d = pos - params.player_pos;
        let reach = radius + params.player_radius;
        if params.player_radius > 0.0 && d.x * d.x + d.y * d.y <= reach * reach {
            push_event(EVENT_PLAYER_HIT, slot, NONE_U32, pos);
            push_event(EVENT_EXPIRE, slot, NONE_U32, pos);
            projectiles[slot].flags = flags & ~FLAG_ALIVE;
        }
        return;
    }

    var hit_count = projectiles[slot].hit_count;
    var pierce = projectiles[slot].pierce;
    var has_after = false;
    var after = 0u;
    loop {
        if hit_count >= MAX_HIT_MEMORY {
            break;
        }
        let e = next_hit(slot, pos, radius, hit_count, has_after, after);
        if e == NONE_U32 {
            break;
        }
        push_event(EVENT_HIT, slot, e, pos);
        projectiles[slot].hit_memory[hit_count] = e;
        hit_count += 1u;
        projectiles[slot].hit_count = hit_count;
        has_after = true;
        after = e;
        if pierce == 0u {
            push_event(EVENT_EXPIRE, slot, NONE_U32, pos);
            projectiles[slot].flags = flags & ~FLAG_ALIVE;
            break;
        }
        pierce -= 1u;
        projectiles[slot].pierce = pierce;
    }
}
