// #import common.wgsl events.wgsl
// Pass 5: move every live projectile one step.
// Order: homing turn, integrate (with the sine-path offset), walls, timer,
// lifetime. Emits WALL, EXPIRE and TIMER events.
// CPU twin: engine/src/compute/cpu/projectile_step.rs

@group(0) @binding(1) var<storage, read_write> projectiles: array<Projectile>;
@group(0) @binding(2) var<storage, read> enemies: array<Enemy>;
@group(0) @binding(3) var<storage, read> grid: array<u32>;
@group(0) @binding(4) var<storage, read> cell_enemies: array<u32>;

const TAU: f32 = 6.2831855;

// Updates the nearest candidate with the enemies of cell (cx, cy), if that
// cell is inside the searched box.
fn scan_cell(cx: i32, cy: i32, lo: vec2<i32>, hi: vec2<i32>, pos: vec2<f32>, best: ptr<function, u32>, best_d2: ptr<function, f32>) {
    if cx < lo.x || cy < lo.y || cx > hi.x || cy > hi.y {
        return;
    }
    let c = u32(cy) * params.grid_w + u32(cx);
    let start = grid[grid_start_base() + c];
    let end = grid[grid_start_base() + c + 1u];
    for (var i = start; i < end; i++) {
        let e = cell_enemies[i];
        let d = enemies[e].pos - pos;
        let d2 = d.x * d.x + d.y * d.y;
        if d2 < *best_d2 || (d2 == *best_d2 && e < *best) {
            *best = e;
            *best_d2 = d2;
        }
    }
}

// The nearest alive enemy within `acquire` of `pos`; ties go to the lower
// enemy index, so the order inside `cell_enemies` never matters. Cells are
// searched in square rings around the projectile's cell, limited to the box
// the acquire circle touches; after ring k every unsearched enemy is at
// least k cells plus the distance to the home cell's nearest edge away, so
// the search stops as soon as the best candidate is strictly closer.
fn find_target(pos: vec2<f32>, acquire: f32) -> u32 {
    let lo = cell_coord(pos - vec2<f32>(acquire, acquire));
    let hi = cell_coord(pos + vec2<f32>(acquire, acquire));
    let home = cell_coord(pos);
    let cell_min = params.arena_min + vec2<f32>(home) * params.cell_size;
    let inside = min(pos - cell_min, cell_min + vec2<f32>(params.cell_size) - pos);
    let margin = max(min(inside.x, inside.y), 0.0);
    let rings = max(max(home.x - lo.x, hi.x - home.x), max(home.y - lo.y, hi.y - home.y));
    var best = NONE_U32;
    var best_d2 = acquire * acquire;
    for (var k = 0; k <= rings; k++) {
        if k == 0 {
            scan_cell(home.x, home.y, lo, hi, pos, &best, &best_d2);
        } else {
            for (var dx = -k; dx <= k; dx++) {
                scan_cell(home.x + dx, home.y - k, lo, hi, pos, &best, &best_d2);
                scan_cell(home.x + dx, home.y + k, lo, hi, pos, &best, &best_d2);
            }
            for (var dy = 1 - k; dy <= k - 1; dy++) {
                scan_cell(home.x - k, home.y + dy, lo, hi, pos, &best, &best_d2);
                scan_cell(home.x + k, home.y + dy, lo, hi, pos, &best, &best_d2);
            }
        }
        let bound = f32(k) * params.cell_size + margin;
        if best != NONE_U32 && best_d2 < bound * bound {
            break;
        }
    }
    return best;
}

// Turns `vel` toward `target` by at most `max_turn` radians; speed unchanged.
fn turn_toward(pos: vec2<f32>, vel: vec2<f32>, target_pos: vec2<f32>, max_turn: f32) -> vec2<f32> {
    let speed = length(vel);
    let to = target_pos - pos;
    let dist = length(to);
    if speed <= 0.0 || dist <= 0.0 {
        return vel;
    }
    let fwd = vel / speed;
    let want = to / dist;
    let c = fwd.x * want.x + fwd.y * want.y;
    if c >= cos(max_turn) {
        return want * speed;
    }
    let s = fwd.x * want.y - fwd.y * want.x;
    let a = select(-max_turn, max_turn, s >= 0.0);
    let ca = cos(a);
    let sa = sin(a);
    return vec2<f32>(fwd.x * ca - fwd.y * sa, fwd.x * sa + fwd.y * ca) * speed;
}

// Sine of the path phase at `age`, with the phase wrapped to one turn first
// so both backends evaluate sin on the same small argument.
fn sine_phase(freq: f32, age: f32) -> f32 {
    let turns = freq * age;
    return sin(TAU * (turns - floor(turns)));
}

// Fields are read and written one by one (never the whole 128-byte struct
// with its arrays), which keeps the invocation's state in registers.
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let slot = gid.x;
    if slot >= params.slot_count {
        return;
    }
    var flags = projectiles[slot].flags;
    if (flags & FLAG_ALIVE) == 0u {
        return;
    }
    let dt = params.dt;
    let radius = projectiles[slot].radius;
    var pos = projectiles[slot].pos;
    var vel = projectiles[slot].vel;
    let age0 = projectiles[slot].age;

    // Homing: a bounded turn toward the nearest enemy in range.
    let homing = projectiles[slot].homing;
    if homing > 0.0 && (flags & FLAG_ENEMY_TEAM) == 0u {
        let t = find_target(pos, projectiles[slot].acquire_radius);
        if t != NONE_U32 {
            vel = turn_toward(pos, vel, enemies[t].pos, homing * dt);
        }
    }

    // Integrate, plus the change of the sine offset across the velocity.
    let age1 = age0 + dt;
    var offset = vec2<f32>(0.0, 0.0);
    let sine_amp = projectiles[slot].sine_amp;
    if sine_amp != 0.0 {
        let speed = length(vel);
        if speed > 0.0 {
            let sine_freq = projectiles[slot].sine_freq;
            let fwd = vel / speed;
            let perp = vec2<f32>(-fwd.y, fwd.x);
            let delta = sine_phase(sine_freq, age1) - sine_phase(sine_freq, age0);
            offset = perp * (sine_amp * delta);
        }
    }
    pos = pos + vel * dt + offset;
    projectiles[slot].age = age1;

    // Walls: reflect inside the arena; out of bounces means expire there.
    let lo = params.arena_min + vec2<f32>(radius, radius);
    let hi = params.arena_max - vec2<f32>(radius, radius);
    var wall = false;
    if pos.x < lo.x {
        pos.x = 2.0 * lo.x - pos.x;
        vel.x = -vel.x;
        wall = true;
    } else if pos.x > hi.x {
        pos.x = 2.0 * hi.x - pos.x;
        vel.x = -vel.x;
        wall = true;
    }
    if pos.y < lo.y {
        pos.y = 2.0 * lo.y - pos.y;
        vel.y = -vel.y;
        wall = true;
    } else if pos.y > hi.y {
        pos.y = 2.0 * hi.y - pos.y;
        vel.y = -vel.y;
        wall = true;
    }
    projectiles[slot].vel = vel;
    if wall {
        pos = clamp(pos, lo, hi);
        push_event(EVENT_WALL, slot, NONE_U32, pos);
        let bounces = projectiles[slot].bounces;
        if bounces == 0u {
            push_event(EVENT_EXPIRE, slot, NONE_U32, pos);
            projectiles[slot].pos = pos;
            projectiles[slot].flags = flags & ~FLAG_ALIVE;
            return;
        }
        projectiles[slot].bounces = bounces - 1u;
    }
    projectiles[slot].pos = pos;

    // Timer: fires once when it crosses zero.
    if (flags & FLAG_TIMER_ARMED) != 0u {
        let timer = projectiles[slot].timer - dt;
        projectiles[slot].timer = timer;
        if timer <= 0.0 {
            push_event(EVENT_TIMER, slot, NONE_U32, pos);
            flags = flags & ~FLAG_TIMER_ARMED;
        }
    }

    // Lifetime.
    let lifetime = projectiles[slot].lifetime - dt;
    projectiles[slot].lifetime = lifetime;
    if lifetime <= 0.0 {
        push_event(EVENT_EXPIRE, slot, NONE_U32, pos);
        flags = flags & ~FLAG_ALIVE;
    }
    projectiles[slot].flags = flags;
}
