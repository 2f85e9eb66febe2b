//! Twin of `shaders/collide.wgsl`: collide every live projectile after it
//! moved. Player-team projectiles hit the overlapping enemies of the 3×3
//! cells around them (skipping cells out of reach of the largest enemy) that are not in their hit memory, in increasing enemy
//! index, as far as the pierce budget allows (pierce n = n + 1 hits in the
//! projectile's life); exhausting it emits EXPIRE. Enemy-team projectiles
//! test the player: PLAYER_HIT then EXPIRE.

use super::{CpuBuffers, EventSink, cell_coord};
use crate::compute::types::{
    Enemy, EventKind, FLAG_ALIVE, FLAG_ENEMY_TEAM, MAX_HIT_MEMORY, NONE_U32, Projectile, StepParams,
};

/// `already_hit`: whether `e` is in the projectile's hit memory.
pub fn already_hit(p: &Projectile, e: u32) -> bool {
    p.hit_memory[..p.hit_count as usize].contains(&e)
}

/// `next_hit`: the lowest-index enemy above `after` (or any, when
/// `has_after` is false) that overlaps `p` and is not in its hit memory.
pub fn next_hit(
    params: &StepParams,
    grid: &[u32],
    cell_enemies: &[u32],
    enemies: &[Enemy],
    p: &Projectile,
    has_after: bool,
    after: u32,
) -> u32 {
    let pos = p.pos;
    let radius = p.radius;
    // Of the 3×3 neighbourhood, only the cells within reach of the largest
    // enemy can hold an overlap.
    let home = cell_coord(params, pos);
    let reach_max = radius + params.max_enemy_radius;
    let a = cell_coord(params, [pos[0] - reach_max, pos[1] - reach_max]);
    let z = cell_coord(params, [pos[0] + reach_max, pos[1] + reach_max]);
    let lo = [a[0].max(home[0] - 1), a[1].max(home[1] - 1)];
    let hi = [z[0].min(home[0] + 1), z[1].min(home[1] + 1)];
    let start_base = params.cell_count as usize;
    let mut best = NONE_U32;
    for cy in lo[1]..=hi[1] {
        for cx in lo[0]..=hi[0] {
            let c = cy as usize * params.grid_w as usize + cx as usize;
            let start = grid[start_base + c];
            let end = grid[start_base + c + 1];
            for i in start..end {
                let e = cell_enemies[i as usize];
                if e >= best || (has_after && e <= after) {
                    continue;
                }
                let enemy = enemies[e as usize];
                let d = [enemy.pos[0] - pos[0], enemy.pos[1] - pos[1]];
                let reach = radius + enemy.radius;
                if d[0] * d[0] + d[1] * d[1] > reach * reach {
                    continue;
                }
                if already_hit(p, e) {
                    continue;
                }
                best = e;
            }
        }
    }
    best
}

/// Collides every live projectile in `0..slot_count`: the reference, slot by
/// slot in order (`super::par` spreads the same [`collide_slot`] over threads).
pub fn collide(b: &mut CpuBuffers) {
    let params = b.params;
    let mut sink = EventSink {
        events: &mut b.events,
        count: &mut b.event_count,
        overflow: &mut b.overflow,
        max: params.max_events,
    };
    for slot in 0..params.slot_count {
        collide_slot(
            &params,
            &b.grid,
            &b.cell_enemies,
            &b.enemies,
            slot,
            &mut b.projectiles[slot as usize],
            &mut |k, s, e, pos| sink.push(k, s, e, pos),
        );
    }
}

/// One projectile's collisions (the body of the shader's invocation for
/// `slot`); its events go to `emit` (kind, slot, enemy, position) in the
/// order the shader appends them.
pub fn collide_slot(
    params: &StepParams,
    grid: &[u32],
    cell_enemies: &[u32],
    enemies: &[Enemy],
    slot: u32,
    out: &mut Projectile,
    emit: &mut impl FnMut(u32, u32, u32, [f32; 2]),
) {
    let mut p = *out;
    if p.flags & FLAG_ALIVE == 0 {
        return;
    }

    if p.flags & FLAG_ENEMY_TEAM != 0 {
        let d = [p.pos[0] - params.player_pos[0], p.pos[1] - params.player_pos[1]];
        let reach = p.radius + params.player_radius;
        if params.player_radius > 0.0 && d[0] * d[0] + d[1] * d[1] <= reach * reach {
            emit(EventKind::PlayerHit as u32, slot, NONE_U32, p.pos);
            emit(EventKind::Expire as u32, slot, NONE_U32, p.pos);
            p.flags &= !FLAG_ALIVE;
            *out = p;
        }
        return;
    }

    let mut has_after = false;
    let mut after = 0u32;
    let mut changed = false;
    loop {
        if p.hit_count >= MAX_HIT_MEMORY as u32 {
            break;
        }
        let e = next_hit(params, grid, cell_enemies, enemies, &p, has_after, after);
        if e == NONE_U32 {
            break;
        }
        emit(EventKind::Hit as u32, slot, e, p.pos);
        p.hit_memory[p.hit_count as usize] = e;
        p.hit_count += 1;
        has_after = true;
        after = e;
        changed = true;
        if p.pierce == 0 {
            emit(EventKind::Expire as u32, slot, NONE_U32, p.pos);
            p.flags &= !FLAG_ALIVE;
            break;
        }
        p.pierce -= 1;
    }
    if changed {
        *out = p;
    }
}
