//! The field order and names the state hash has always printed for the
//! player; never reorder.
use super::*;

/// Printed as `Player { .. }`, field for field.
#[derive(Debug)]
#[expect(
    dead_code,
    reason = "the fields are read only by the derived Debug, which is the point"
)]
pub(super) struct Player<'a> {
    pub(super) pos: &'a Vec2,
    pub(super) vel: &'a Vec2,
    pub(super) radius: &'a f32,
    pub(super) hp: &'a f32,
    pub(super) damage_taken: &'a f64,
    pub(super) last_will: &'a bool,
    pub(super) regenerated: &'a f64,
    pub(super) no_healing: &'a bool,
    pub(super) invulnerable: &'a f32,
    pub(super) hit_invulnerability: &'a f32,
    pub(super) level_mods: &'a Vec<StatModifier>,
    pub(super) shop_mods: &'a Vec<StatModifier>,
    pub(super) item_mods: &'a Vec<StatModifier>,
    pub(super) buff_mods: &'a Vec<StatModifier>,
    pub(super) hp_max_lost: &'a f32,
    pub(super) down_s: &'a f32,
    pub(super) dash_def: &'a DashDef,
    pub(super) dash_left: &'a f32,
    pub(super) dash_dir: &'a Vec2,
    pub(super) dash_cooldown: &'a f32,
    pub(super) move_factor: &'a f32,
    pub(super) sheet: &'a StatSheet,
}
