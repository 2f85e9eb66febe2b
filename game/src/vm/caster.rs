//! The caster as the VM sees it: a few numbers from the player's stat sheet.
//!
//! A file of its own because both the cast machine (`super::cast`, which
//! spends mana and HP and caps ops by it) and the runtime API
//! (`super::runtime`, which builds casts from it) read it: kept in
//! `runtime.rs` it made `cast` and `runtime` import each other.
//! `runtime` re-exports it at its old path.

use crate::stats::{StatId, StatSheet};

/// What the VM needs to know about the caster; built from the player's sheet by
/// [`CasterStats::from_sheet`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CasterStats {
    /// MAX_OPS = cpu_limit × ops_per_cpu.
    pub cpu_limit: f32,
    /// Multiplies the core's cast delay.
    pub cast_delay_mod: f32,
    /// Multiplies the core's recharge.
    pub recharge_speed_mod: f32,
    /// Current HP (IF_HP_LOW).
    pub hp: f32,
    /// Max HP (HP cost cap, IF_HP_LOW).
    pub hp_max: f32,
    /// Global mana ceiling; the core's mana is capped by the smaller of the two.
    pub mana_max: f32,
    /// Mana per second added to the core's regeneration.
    pub mana_regen: f32,
    /// Fraction of spread removed.
    pub accuracy: f32,
    /// Flat damage added to every projectile.
    pub damage_flat: f32,
}

impl CasterStats {
    /// The VM's view of a stat sheet, with the player's current HP.
    pub fn from_sheet(sheet: &StatSheet, hp: f32) -> Self {
        Self {
            cpu_limit: sheet.get(StatId::CpuLimit),
            cast_delay_mod: sheet.get(StatId::CastDelayMod),
            recharge_speed_mod: sheet.get(StatId::RechargeSpeedMod),
            hp,
            hp_max: sheet.get(StatId::HpMax),
            mana_max: sheet.get(StatId::ManaMax),
            mana_regen: sheet.get(StatId::ManaRegen),
            accuracy: sheet.get(StatId::Accuracy),
            damage_flat: sheet.get(StatId::DamageFlat),
        }
    }

    /// A player at base stats and full HP.
    pub fn base() -> Self {
        let sheet = StatSheet::new();
        Self::from_sheet(&sheet, sheet.get(StatId::HpMax))
    }
}
