// One projectile slot: engine/src/compute/types.rs `Projectile`, byte for byte
// (128 bytes). Written once here and imported by the compute passes (through
// common.wgsl) and by the projectile renderer, so the contract cannot drift.

struct Projectile {
    pos: vec2<f32>,
    vel: vec2<f32>,
    radius: f32,
    lifetime: f32,
    timer: f32,
    homing: f32,
    acquire_radius: f32,
    sine_amp: f32,
    sine_freq: f32,
    age: f32,
    bounces: u32,
    pierce: u32,
    flags: u32,
    hit_count: u32,
    hit_memory: array<u32, 8>,
    user: array<u32, 8>,
}
