//! What hurt the player, so a death can be named: the run report's
//! `death_cause` per wave and the batch sims' causes of death.

use super::World;

/// The harm behind one of the player's hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Blow {
    /// The body of the enemy in this slot.
    Contact(u32),
    /// An enemy's (or boss's) shot.
    EnemyShot,
    /// The player's own explosion.
    OwnExplosion,
    /// An acid pool.
    AcidPool,
    /// Burning.
    Burn,
    /// Poison.
    Poison,
}

impl World {
    /// How a death by `b` is reported: the enemy's or boss's name for a
    /// contact blow, else the kind of harm.
    pub(super) fn blow_name(&self, b: Blow) -> String {
        match b {
            Blow::Contact(slot) => self
                .field
                .enemies
                .get(slot)
                .map(|e| match e.boss.as_deref() {
                    Some(rt) => rt.def.display_name.clone(),
                    None => self
                        .cat
                        .enemies
                        .defs
                        .get(e.kind as usize)
                        .map_or_else(|| "an enemy".to_string(), |d| d.name.clone()),
                })
                .unwrap_or_else(|| "an enemy".to_string()),
            Blow::EnemyShot => "enemy shot".into(),
            Blow::OwnExplosion => "own explosion".into(),
            Blow::AcidPool => "acid pool".into(),
            Blow::Burn => "burning".into(),
            Blow::Poison => "poison".into(),
        }
    }
}
