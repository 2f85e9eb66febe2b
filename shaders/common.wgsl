// #import projectile.wgsl
// Shared by every compute pass: the structs of engine/src/compute/types.rs,
// byte for byte, the per-step uniform, and the grid helpers.
// A pass file names what it needs in its `// #import` line; the engine
// (engine/src/compute/shaders.rs) prepends those files before compiling.

struct Params {
    arena_min: vec2<f32>,
    arena_max: vec2<f32>,
    player_pos: vec2<f32>,
    player_radius: f32,
    dt: f32,
    cell_size: f32,
    grid_w: u32,
    grid_h: u32,
    cell_count: u32,
    slot_count: u32,
    enemy_count: u32,
    max_events: u32,
    max_enemy_radius: f32,
    edit_count: u32,
    _pad0: u32,
    _pad1: u32,
    _pad2: u32,
}

struct Enemy {
    pos: vec2<f32>,
    radius: f32,
    alive: u32,
}

struct Event {
    kind: u32,
    projectile: u32,
    enemy: u32,
    _pad: u32,
    pos: vec2<f32>,
}

const FLAG_ALIVE: u32 = 1u;
const FLAG_ENEMY_TEAM: u32 = 2u;
const FLAG_TIMER_ARMED: u32 = 4u;
const MAX_HIT_MEMORY: u32 = 8u;
const NONE_U32: u32 = 0xffffffffu;

const EVENT_HIT: u32 = 1u;
const EVENT_EXPIRE: u32 = 2u;
const EVENT_TIMER: u32 = 3u;
const EVENT_WALL: u32 = 4u;
const EVENT_PLAYER_HIT: u32 = 5u;

// Layout of the `grid` buffer: [counts | starts (cell_count + 1) | cursors].
fn grid_start_base() -> u32 {
    return params.cell_count;
}

fn grid_cursor_base() -> u32 {
    return 2u * params.cell_count + 1u;
}

@group(0) @binding(0) var<uniform> params: Params;

// The cell a point falls in, clamped to the grid (enemies outside the arena
// land in the border cells).
fn cell_coord(p: vec2<f32>) -> vec2<i32> {
    let c = floor((p - params.arena_min) / params.cell_size);
    let x = clamp(i32(c.x), 0, i32(params.grid_w) - 1);
    let y = clamp(i32(c.y), 0, i32(params.grid_h) - 1);
    return vec2<i32>(x, y);
}

fn cell_index(p: vec2<f32>) -> u32 {
    let c = cell_coord(p);
    return u32(c.y) * params.grid_w + u32(c.x);
}
