// #import common.wgsl events.wgsl
// Pass 5: move every live projectile one step.
// Order: homing turn, integrate (with the sine-path offset), walls, timer,
// lifetime. Emits WALL, EXPIRE and TIMER events.
// CPU twin: engine/src/compute/cpu/projectile_step.rs

@group(0) @binding(1) var<storage, read_write> projectiles: array<Projectile>;
@group(0) @binding(2) var<storage, read_write> enemies: array<Enemy>;
@group(0) @binding(3) var<storage, read_write> grid: array<u32>;
@group(0) @binding(4) var<storage, read_write> cell_enemies: array<u32>;

const TAU: f32 = 6.2831855;

// The nearest alive enemy within `acquire` of `pos`, searched through every
// grid cell the acquire circle touches. Ties go to the lower enemy index,
// so the cell order of `cell_enemies` never matters.
fn find_target(pos: vec2<f32>, acquire: f32) -> u32 {
    let lo = cell_coord(pos - vec2<f32>(acquire, acquire));
    let hi = cell_coord(pos + vec2<f32>(acquire, acquire));
    var best = NONE_U32;
    var best_d2 = acquire * acquire;
    for (var cy = lo.y; cy <= hi.y; cy++) {
        for (var cx = lo.x; cx <= hi.x; cx++) {
            let c = u32(cy) * params.grid_w + u32(cx);
            let start = grid[grid_start_base() + c];
            let end = grid[grid_start_base() + c + 1u];
            for (var i = start; i < end; i++) {
                let e = cell_enemies[i];
                let d = enemies[e].pos - pos;
                let d2 = d.x * d.x + d.y * d.y;
                if d2 < best_d2 || (d2 == best_d2 && e < best) {
                    best = e;
                    best_d2 = d2;
                }
            }
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
    let dt = params.dt;

    // Homing: a bounded turn toward the nearest enemy in range.
    if p.homing > 0.0 && (p.flags & FLAG_ENEMY_TEAM) == 0u {
        let t = find_target(p.pos, p.acquire_radius);
        if t != NONE_U32 {
            p.vel = turn_toward(p.pos, p.vel, enemies[t].pos, p.homing * dt);
        }
    }

    // Integrate, plus the change of the sine offset across the velocity.
    let age1 = p.age + dt;
    var offset = vec2<f32>(0.0, 0.0);
    if p.sine_amp != 0.0 {
        let speed = length(p.vel);
        if speed > 0.0 {
            let fwd = p.vel / speed;
            let perp = vec2<f32>(-fwd.y, fwd.x);
            let delta = sine_phase(p.sine_freq, age1) - sine_phase(p.sine_freq, p.age);
            offset = perp * (p.sine_amp * delta);
        }
    }
    p.pos = p.pos + p.vel * dt + offset;
    p.age = age1;

    // Walls: reflect inside the arena; out of bounces means expire there.
    let lo = params.arena_min + vec2<f32>(p.radius, p.radius);
    let hi = params.arena_max - vec2<f32>(p.radius, p.radius);
    var wall = false;
    if p.pos.x < lo.x {
        p.pos.x = 2.0 * lo.x - p.pos.x;
        p.vel.x = -p.vel.x;
        wall = true;
    } else if p.pos.x > hi.x {
        p.pos.x = 2.0 * hi.x - p.pos.x;
        p.vel.x = -p.vel.x;
        wall = true;
    }
    if p.pos.y < lo.y {
        p.pos.y = 2.0 * lo.y - p.pos.y;
        p.vel.y = -p.vel.y;
        wall = true;
    } else if p.pos.y > hi.y {
        p.pos.y = 2.0 * hi.y - p.pos.y;
        p.vel.y = -p.vel.y;
        wall = true;
    }
    if wall {
        p.pos = clamp(p.pos, lo, hi);
        push_event(EVENT_WALL, slot, NONE_U32, p.pos);
        if p.bounces == 0u {
            push_event(EVENT_EXPIRE, slot, NONE_U32, p.pos);
            p.flags = p.flags & ~FLAG_ALIVE;
            projectiles[slot] = p;
            return;
        }
        p.bounces -= 1u;
    }

    // Timer: fires once when it crosses zero.
    if (p.flags & FLAG_TIMER_ARMED) != 0u {
        p.timer -= dt;
        if p.timer <= 0.0 {
            push_event(EVENT_TIMER, slot, NONE_U32, p.pos);
            p.flags = p.flags & ~FLAG_TIMER_ARMED;
        }
    }

    // Lifetime.
    p.lifetime -= dt;
    if p.lifetime <= 0.0 {
        push_event(EVENT_EXPIRE, slot, NONE_U32, p.pos);
        p.flags = p.flags & ~FLAG_ALIVE;
    }
    projectiles[slot] = p;
}
