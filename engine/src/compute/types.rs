//! The data the CPU and the GPU exchange each step, laid out byte for byte as
//! the WGSL structs in `shaders/common.wgsl`.
//!
//! These types are the contract between the rules (which decide what to spawn
//! and what a hit means) and the compute core (which moves and collides). They
//! are `Pod` so uploads and read-backs are plain byte copies.

use bytemuck::{Pod, Zeroable};

/// Flag bit: the slot holds a live projectile. Free slots have it cleared and are skipped by every pass.
pub const FLAG_ALIVE: u32 = 1;
/// Flag bit: the projectile belongs to the enemy team; it collides with the player, not with enemies.
pub const FLAG_ENEMY_TEAM: u32 = 2;
/// Flag bit: a timer is armed; a TIMER event fires once when `timer` crosses zero.
pub const FLAG_TIMER_ARMED: u32 = 4;

/// Most enemies one projectile remembers having hit. Pierce budgets are capped at
/// `MAX_HIT_MEMORY - 1` so the list is always complete and a projectile can never
/// hit the same enemy twice, however it bounces.
pub const MAX_HIT_MEMORY: usize = 8;

/// Sentinel for an empty entry in [`Projectile::hit_memory`] and an absent enemy in [`Event::enemy`].
pub const NONE_U32: u32 = u32::MAX;

/// One projectile slot (128 bytes). Slot indices are allocated and freed by the CPU.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct Projectile {
    /// Position in world pixels.
    pub pos: [f32; 2],
    /// Velocity in px/s; homing rotates it, never changes its length.
    pub vel: [f32; 2],
    /// Collision radius in px.
    pub radius: f32,
    /// Seconds left before an EXPIRE event frees the slot.
    pub lifetime: f32,
    /// Seconds left before the TIMER event (only with [`FLAG_TIMER_ARMED`]).
    pub timer: f32,
    /// Maximum turn rate toward the nearest enemy, rad/s (0 = no homing).
    pub homing: f32,
    /// Homing only looks for targets within this distance, px.
    pub acquire_radius: f32,
    /// Sine path amplitude, px, perpendicular to the velocity (0 = straight).
    pub sine_amp: f32,
    /// Sine path frequency, Hz.
    pub sine_freq: f32,
    /// Seconds since spawn; drives the sine phase.
    pub age: f32,
    /// Wall bounces left; at zero the projectile expires on the wall.
    pub bounces: u32,
    /// Extra hits left: a pierce budget of 2 gives exactly 3 hits.
    pub pierce: u32,
    /// `FLAG_*` bits.
    pub flags: u32,
    /// Number of valid entries in `hit_memory`.
    pub hit_count: u32,
    /// Enemy indices already hit, [`NONE_U32`] for empty entries.
    pub hit_memory: [u32; MAX_HIT_MEMORY],
    /// Free for the rules (e.g. element colour for the renderer); the passes never read it.
    pub user: [u32; 8],
}

/// One enemy as the compute core sees it: a circle. Enemies are CPU-authoritative
/// and re-uploaded every step.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct Enemy {
    /// Position in world pixels.
    pub pos: [f32; 2],
    /// Collision radius in px.
    pub radius: f32,
    /// Non-zero when the enemy can be hit this step (dead or spawning enemies are skipped).
    pub alive: u32,
}

/// What happened to a projectile during a step.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EventKind {
    /// A player-team projectile touched an enemy.
    Hit = 1,
    /// A projectile ran out of lifetime, pierce or bounces; its slot is free after this event.
    Expire = 2,
    /// A projectile's armed timer reached zero.
    Timer = 3,
    /// A projectile touched an arena wall (bounced or not).
    Wall = 4,
    /// An enemy-team projectile touched the player.
    PlayerHit = 5,
}

/// One event appended by the GPU through an atomic counter (24 bytes).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct Event {
    /// An [`EventKind`] as `u32`.
    pub kind: u32,
    /// Projectile slot.
    pub projectile: u32,
    /// Enemy index for HIT, else [`NONE_U32`].
    pub enemy: u32,
    /// Padding so `pos` is 8-byte aligned as in WGSL.
    pub _pad: u32,
    /// Where it happened, world px.
    pub pos: [f32; 2],
}

impl Projectile {
    /// A live, straight, non-piercing player-team projectile with no timer:
    /// the starting point for a spawn request; set the other fields as needed.
    pub fn new(pos: [f32; 2], vel: [f32; 2], radius: f32, lifetime: f32) -> Self {
        Self {
            pos,
            vel,
            radius,
            lifetime,
            timer: 0.0,
            homing: 0.0,
            acquire_radius: 0.0,
            sine_amp: 0.0,
            sine_freq: 0.0,
            age: 0.0,
            bounces: 0,
            pierce: 0,
            flags: FLAG_ALIVE,
            hit_count: 0,
            hit_memory: [NONE_U32; MAX_HIT_MEMORY],
            user: [0; 8],
        }
    }

    /// Whether the slot holds a live projectile.
    pub fn is_alive(&self) -> bool {
        self.flags & FLAG_ALIVE != 0
    }
}

impl Event {
    /// The event's kind, or `None` for a value no pass writes.
    pub fn kind(&self) -> Option<EventKind> {
        match self.kind {
            1 => Some(EventKind::Hit),
            2 => Some(EventKind::Expire),
            3 => Some(EventKind::Timer),
            4 => Some(EventKind::Wall),
            5 => Some(EventKind::PlayerHit),
            _ => None,
        }
    }
}

/// The per-step uniform of every pass (80 bytes), `Params` in `shaders/common.wgsl`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct StepParams {
    /// Lower corner of the arena (walls), px.
    pub arena_min: [f32; 2],
    /// Upper corner of the arena (walls), px.
    pub arena_max: [f32; 2],
    /// Player centre, px; enemy-team projectiles collide with it.
    pub player_pos: [f32; 2],
    /// Player radius, px; 0 disables player hits.
    pub player_radius: f32,
    /// Step length, s.
    pub dt: f32,
    /// Grid cell edge, px: at least the largest projectile radius plus the largest enemy radius.
    pub cell_size: f32,
    /// Grid columns.
    pub grid_w: u32,
    /// Grid rows.
    pub grid_h: u32,
    /// `grid_w * grid_h`.
    pub cell_count: u32,
    /// Slots the passes visit: one past the highest slot in use.
    pub slot_count: u32,
    /// Enemies uploaded this step.
    pub enemy_count: u32,
    /// Capacity of the event buffer; later events only count as overflow.
    pub max_events: u32,
    /// Largest radius among this step's alive enemies, px: bounds the cells collide reads.
    pub max_enemy_radius: f32,
    /// Spawns and edits uploaded for this step (the `apply_edits` pass).
    pub edit_count: u32,
    /// Padding to 16-byte uniform alignment.
    pub _pad: [u32; 3],
}
