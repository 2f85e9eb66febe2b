//! Twin of `shaders/projectile_step.wgsl`: move every live projectile one
//! step. Order: homing turn, integrate (with the sine-path offset), walls,
//! timer, lifetime. Emits WALL, EXPIRE and TIMER events.

use super::{CpuBuffers, EventSink, cell_coord};
use crate::compute::types::{
    Enemy, EventKind, FLAG_ALIVE, FLAG_ENEMY_TEAM, FLAG_TIMER_ARMED, NONE_U32, Projectile, StepParams,
};

const TAU: f32 = std::f32::consts::TAU;

/// The grid as the search passes read it.
pub struct GridView<'a> {
    /// The step's uniform.
    pub params: &'a StepParams,
    /// `grid` (counts, starts, cursors).
    pub grid: &'a [u32],
    /// `cell_enemies`.
    pub cell_enemies: &'a [u32],
    /// `enemies`.
    pub enemies: &'a [Enemy],
}

/// `scan_cell`: updates the nearest candidate with the enemies of cell
/// (cx, cy), if that cell is inside the searched box.
#[expect(clippy::too_many_arguments, reason = "mirrors the WGSL function's parameters")]
pub fn scan_cell(
    g: &GridView<'_>,
    cx: i32,
    cy: i32,
    lo: [i32; 2],
    hi: [i32; 2],
    pos: [f32; 2],
    best: &mut u32,
    best_d2: &mut f32,
) {
    if cx < lo[0] || cy < lo[1] || cx > hi[0] || cy > hi[1] {
        return;
    }
    let c = cy as usize * g.params.grid_w as usize + cx as usize;
    let start_base = g.params.cell_count as usize;
    let start = g.grid[start_base + c];
    let end = g.grid[start_base + c + 1];
    for i in start..end {
        let e = g.cell_enemies[i as usize];
        let ep = g.enemies[e as usize].pos;
        let d = [ep[0] - pos[0], ep[1] - pos[1]];
        let d2 = d[0] * d[0] + d[1] * d[1];
        if d2 < *best_d2 || (d2 == *best_d2 && e < *best) {
            *best = e;
            *best_d2 = d2;
        }
    }
}

/// `find_target`: the nearest alive enemy within `acquire` of `pos`; ties go
/// to the lower enemy index. Square rings around the home cell, stopping as
/// soon as the best candidate is strictly closer than any unsearched cell.
pub fn find_target(g: &GridView<'_>, pos: [f32; 2], acquire: f32) -> u32 {
    let params = g.params;
    let lo = cell_coord(params, [pos[0] - acquire, pos[1] - acquire]);
    let hi = cell_coord(params, [pos[0] + acquire, pos[1] + acquire]);
    let home = cell_coord(params, pos);
    let cs = params.cell_size;
    let cell_min = [
        params.arena_min[0] + home[0] as f32 * cs,
        params.arena_min[1] + home[1] as f32 * cs,
    ];
    let inside = [
        (pos[0] - cell_min[0]).min(cell_min[0] + cs - pos[0]),
        (pos[1] - cell_min[1]).min(cell_min[1] + cs - pos[1]),
    ];
    let margin = inside[0].min(inside[1]).max(0.0);
    let rings = (home[0] - lo[0])
        .max(hi[0] - home[0])
        .max((home[1] - lo[1]).max(hi[1] - home[1]));
    let mut best = NONE_U32;
    let mut best_d2 = acquire * acquire;
    for k in 0..=rings {
        if k == 0 {
            scan_cell(g, home[0], home[1], lo, hi, pos, &mut best, &mut best_d2);
        } else {
            for dx in -k..=k {
                scan_cell(g, home[0] + dx, home[1] - k, lo, hi, pos, &mut best, &mut best_d2);
                scan_cell(g, home[0] + dx, home[1] + k, lo, hi, pos, &mut best, &mut best_d2);
            }
            for dy in 1 - k..=k - 1 {
                scan_cell(g, home[0] - k, home[1] + dy, lo, hi, pos, &mut best, &mut best_d2);
                scan_cell(g, home[0] + k, home[1] + dy, lo, hi, pos, &mut best, &mut best_d2);
            }
        }
        let bound = k as f32 * cs + margin;
        if best != NONE_U32 && best_d2 < bound * bound {
            break;
        }
    }
    best
}

/// `turn_toward`: turns `vel` toward `target` by at most `max_turn` radians; speed unchanged.
pub fn turn_toward(pos: [f32; 2], vel: [f32; 2], target: [f32; 2], max_turn: f32) -> [f32; 2] {
    let speed = (vel[0] * vel[0] + vel[1] * vel[1]).sqrt();
    let to = [target[0] - pos[0], target[1] - pos[1]];
    let dist = (to[0] * to[0] + to[1] * to[1]).sqrt();
    if speed <= 0.0 || dist <= 0.0 {
        return vel;
    }
    let fwd = [vel[0] / speed, vel[1] / speed];
    let want = [to[0] / dist, to[1] / dist];
    let c = fwd[0] * want[0] + fwd[1] * want[1];
    if c >= max_turn.cos() {
        return [want[0] * speed, want[1] * speed];
    }
    let s = fwd[0] * want[1] - fwd[1] * want[0];
    let a = if s >= 0.0 { max_turn } else { -max_turn };
    let ca = a.cos();
    let sa = a.sin();
    [
        (fwd[0] * ca - fwd[1] * sa) * speed,
        (fwd[0] * sa + fwd[1] * ca) * speed,
    ]
}

/// `sine_phase`: sine of the path phase at `age`, the phase wrapped to one turn first.
pub fn sine_phase(freq: f32, age: f32) -> f32 {
    let turns = freq * age;
    (TAU * (turns - turns.floor())).sin()
}

/// Moves every live projectile in `0..slot_count`: the reference, slot by
/// slot in order (`super::par` spreads the same [`step_slot`] over threads).
pub fn projectile_step(b: &mut CpuBuffers) {
    let params = b.params;
    let CpuBuffers {
        projectiles,
        grid,
        cell_enemies,
        enemies,
        events,
        event_count,
        overflow,
        ..
    } = b;
    let view = GridView {
        params: &params,
        grid,
        cell_enemies,
        enemies,
    };
    let mut sink = EventSink {
        events,
        count: event_count,
        overflow,
        max: params.max_events,
    };
    for slot in 0..params.slot_count {
        step_slot(
            &view,
            slot,
            &mut projectiles[slot as usize],
            &mut |k, s, e, pos| sink.push(k, s, e, pos),
        );
    }
}

/// One projectile's step (the body of the shader's invocation for `slot`):
/// homing, integration, walls, timer, lifetime; its events go to `emit`
/// (kind, slot, enemy, position) in the order the shader appends them.
pub fn step_slot(
    g: &GridView<'_>,
    slot: u32,
    out: &mut Projectile,
    emit: &mut impl FnMut(u32, u32, u32, [f32; 2]),
) {
    let params = g.params;
    let dt = params.dt;
    let mut p = *out;
    if p.flags & FLAG_ALIVE == 0 {
        return;
    }

    // Homing: a bounded turn toward the nearest enemy in range.
    if p.homing > 0.0 && p.flags & FLAG_ENEMY_TEAM == 0 {
        let t = find_target(g, p.pos, p.acquire_radius);
        if t != NONE_U32 {
            p.vel = turn_toward(p.pos, p.vel, g.enemies[t as usize].pos, p.homing * dt);
        }
    }

    // Integrate, plus the change of the sine offset across the velocity.
    let age1 = p.age + dt;
    let mut offset = [0.0f32, 0.0];
    if p.sine_amp != 0.0 {
        let speed = (p.vel[0] * p.vel[0] + p.vel[1] * p.vel[1]).sqrt();
        if speed > 0.0 {
            let fwd = [p.vel[0] / speed, p.vel[1] / speed];
            let perp = [-fwd[1], fwd[0]];
            let delta = sine_phase(p.sine_freq, age1) - sine_phase(p.sine_freq, p.age);
            let k = p.sine_amp * delta;
            offset = [perp[0] * k, perp[1] * k];
        }
    }
    p.pos = [
        p.pos[0] + p.vel[0] * dt + offset[0],
        p.pos[1] + p.vel[1] * dt + offset[1],
    ];
    p.age = age1;

    // Walls: reflect inside the arena; out of bounces means expire there.
    let lo = [params.arena_min[0] + p.radius, params.arena_min[1] + p.radius];
    let hi = [params.arena_max[0] - p.radius, params.arena_max[1] - p.radius];
    let mut wall = false;
    for axis in 0..2 {
        if p.pos[axis] < lo[axis] {
            p.pos[axis] = 2.0 * lo[axis] - p.pos[axis];
            p.vel[axis] = -p.vel[axis];
            wall = true;
        } else if p.pos[axis] > hi[axis] {
            p.pos[axis] = 2.0 * hi[axis] - p.pos[axis];
            p.vel[axis] = -p.vel[axis];
            wall = true;
        }
    }
    if wall {
        p.pos = [p.pos[0].max(lo[0]).min(hi[0]), p.pos[1].max(lo[1]).min(hi[1])];
        emit(EventKind::Wall as u32, slot, NONE_U32, p.pos);
        if p.bounces == 0 {
            emit(EventKind::Expire as u32, slot, NONE_U32, p.pos);
            p.flags &= !FLAG_ALIVE;
            *out = p;
            return;
        }
        p.bounces -= 1;
    }

    // Timer: fires once when it crosses zero.
    if p.flags & FLAG_TIMER_ARMED != 0 {
        p.timer -= dt;
        if p.timer <= 0.0 {
            emit(EventKind::Timer as u32, slot, NONE_U32, p.pos);
            p.flags &= !FLAG_TIMER_ARMED;
        }
    }

    // Lifetime.
    p.lifetime -= dt;
    if p.lifetime <= 0.0 {
        emit(EventKind::Expire as u32, slot, NONE_U32, p.pos);
        p.flags &= !FLAG_ALIVE;
    }
    *out = p;
}
