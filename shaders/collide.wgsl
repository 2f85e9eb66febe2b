// #import common.wgsl events.wgsl
// Pass 6: collide every live projectile after it moved.
// Player-team projectiles test the enemies of the 3x3 cells around them
// (the cell size is at least the largest projectile radius plus the largest
// enemy radius). Rule for several overlaps in one step: the overlapping
// enemies not yet in `hit_memory` are hit in increasing enemy index, as many
// as the pierce budget allows (pierce n = n + 1 hits in the projectile's
// life); exhausting it emits EXPIRE. Enemy-team projectiles test the player:
// PLAYER_HIT then EXPIRE.
// CPU twin: engine/src/compute/cpu/collide.rs

@group(0) @binding(1) var<storage, read_write> projectiles: array<Projectile>;
@group(0) @binding(2) var<storage, read_write> enemies: array<Enemy>;
@group(0) @binding(3) var<storage, read_write> grid: array<u32>;
@group(0) @binding(4) var<storage, read_write> cell_enemies: array<u32>;

fn already_hit(p: ptr<function, Projectile>, e: u32) -> bool {
    for (var k = 0u; k < (*p).hit_count; k++) {
        if (*p).hit_memory[k] == e {
            return true;
        }
    }
    return false;
}

// The lowest-index enemy above `after` (or any, when `has_after` is false)
// that overlaps `p` and is not in its hit memory; NONE_U32 if there is none.
fn next_hit(p: ptr<function, Projectile>, has_after: bool, after: u32) -> u32 {
    let pos = (*p).pos;
    let radius = (*p).radius;
    let home = cell_coord(pos);
    var best = NONE_U32;
    for (var dy = -1; dy <= 1; dy++) {
        for (var dx = -1; dx <= 1; dx++) {
            let cx = home.x + dx;
            let cy = home.y + dy;
            if cx < 0 || cy < 0 || cx >= i32(params.grid_w) || cy >= i32(params.grid_h) {
                continue;
            }
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
                if already_hit(p, e) {
                    continue;
                }
                best = e;
            }
        }
    }
    return best;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let slot = gid.x;
    if slot >= params.slot_count {
        return;
    }
    var p = projectiles[slot];
    if (p.flags & FLAG_ALIVE) == 0u {
        return;
    }

    if (p.flags & FLAG_ENEMY_TEAM) != 0u {
        let d = p.pos - params.player_pos;
        let reach = p.radius + params.player_radius;
        if params.player_radius > 0.0 && d.x * d.x + d.y * d.y <= reach * reach {
            push_event(EVENT_PLAYER_HIT, slot, NONE_U32, p.pos);
            push_event(EVENT_EXPIRE, slot, NONE_U32, p.pos);
            p.flags = p.flags & ~FLAG_ALIVE;
            projectiles[slot] = p;
        }
        return;
    }

    var has_after = false;
    var after = 0u;
    var changed = false;
    loop {
        if p.hit_count >= MAX_HIT_MEMORY {
            break;
        }
        let e = next_hit(&p, has_after, after);
        if e == NONE_U32 {
            break;
        }
        push_event(EVENT_HIT, slot, e, p.pos);
        p.hit_memory[p.hit_count] = e;
        p.hit_count += 1u;
        has_after = true;
        after = e;
        changed = true;
        if p.pierce == 0u {
            push_event(EVENT_EXPIRE, slot, NONE_U32, p.pos);
            p.flags = p.flags & ~FLAG_ALIVE;
            break;
        }
        p.pierce -= 1u;
    }
    if changed {
        projectiles[slot] = p;
    }
}
