//! The player: stats from every source folded into one [`StatSheet`], HP,
//! movement inside the arena, damage taken through armour, death.
//!
//! Stats come from four sources kept apart so each can change on its own:
//! level-ups and shelf-C purchases (kept for the run) and equipped items
//! (replaced whenever equipment changes). The sheet applies the seed's soft
//! and hard caps (numerical §1.1) when read.
//!
//! Mana lives in the active core's runtime (the spell VM), not here: the seed
//! makes the player's `mana_max` a global ceiling on the core's own mana max
//! ("取 Min 值"), so the player only supplies the ceiling and the extra regen.

use glam::Vec2;
use serde::Deserialize;

use crate::arena::Arena;
use crate::stats::{StatId, StatModifier, StatSheet};

/// `data/player.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerDef {
    /// Collision radius, px.
    pub radius: f32,
    /// Seconds without damage after a hit lands, so a crowd does not kill in one step.
    pub hit_invulnerability_s: f32,
}

/// Where a stat modifier came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatSource {
    /// A level-up choice.
    LevelUp,
    /// Shop shelf C.
    Shop,
}

/// What one hit did to the player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum HitOutcome {
    /// The hit landed for this much after armour.
    Damaged(f32),
    /// The hit landed and killed.
    Killed(f32),
    /// Ignored: invulnerable after a recent hit, or already dead.
    Ignored,
}

/// The player during a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// Centre, world px.
    pub pos: Vec2,
    /// Velocity of the last step, px/s (the renderer faces it; scripts read it).
    pub vel: Vec2,
    /// Collision radius, px.
    pub radius: f32,
    /// Current HP; 0 means dead.
    pub hp: f32,
    /// Total damage taken in the run (after armour).
    pub damage_taken: f64,
    invulnerable: f32,
    hit_invulnerability: f32,
    level_mods: Vec<StatModifier>,
    shop_mods: Vec<StatModifier>,
    item_mods: Vec<StatModifier>,
    /// Fight-time modifiers (loot stack buffs, "while standing still"
    /// bonuses): recomputed by the fight every step, never carried between waves.
    buff_mods: Vec<StatModifier>,
    /// Max HP lost to revivals (the Debt artifact), for the rest of the run.
    hp_max_lost: f32,
    /// Seconds left lying down before a revival stands the player up; 0 when up.
    down_s: f32,
    sheet: StatSheet,
}

impl Player {
    /// A fresh player at `pos` with base stats and full HP.
    pub fn new(def: &PlayerDef, pos: Vec2) -> Self {
        let sheet = StatSheet::new();
        Self {
            pos,
            vel: Vec2::ZERO,
            radius: def.radius,
            hp: sheet.get(StatId::HpMax),
            damage_taken: 0.0,
            invulnerable: 0.0,
            hit_invulnerability: def.hit_invulnerability_s,
            level_mods: Vec::new(),
            shop_mods: Vec::new(),
            item_mods: Vec::new(),
            buff_mods: Vec::new(),
            hp_max_lost: 0.0,
            down_s: 0.0,
            sheet,
        }
    }

    /// The folded stat sheet; read values with `stats().get(id)` (caps applied).
    pub fn stats(&self) -> &StatSheet {
        &self.sheet
    }

    /// One capped stat value.
    pub fn stat(&self, id: StatId) -> f32 {
        self.sheet.get(id)
    }

    /// Maximum HP.
    pub fn hp_max(&self) -> f32 {
        self.sheet.get(StatId::HpMax)
    }

    /// True while HP is above zero, or while down waiting for a revival (the
    /// run is not lost then, so every "is the run over" check keeps going).
    pub fn alive(&self) -> bool {
        self.hp > 0.0 || self.down_s > 0.0
    }

    /// True while down waiting for a revival: invulnerable and inactive.
    pub fn is_down(&self) -> bool {
        self.down_s > 0.0
    }

    /// Seconds left before a revival stands the player up (0 when up).
    pub fn down_left(&self) -> f32 {
        self.down_s
    }

    /// Max HP lost to revivals so far this run.
    pub fn hp_max_lost(&self) -> f32 {
        self.hp_max_lost
    }

    /// Puts a dead player down for `delay_s` before standing up with full HP,
    /// and takes `hp_max_loss` max HP for the rest of the run (the revival's
    /// price is paid when it is granted). Does nothing to a living player.
    pub fn knock_down(&mut self, delay_s: f32, hp_max_loss: f32) {
        if self.hp > 0.0 || self.down_s > 0.0 {
            return;
        }
        self.hp_max_lost += hp_max_loss.max(0.0);
        self.rebuild();
        // A zero delay still lies down for one step, so the death is seen.
        self.down_s = delay_s.max(1.0e-6);
    }

    fn stand_up(&mut self) {
        self.down_s = 0.0;
        self.hp = self.hp_max().max(1.0);
        self.invulnerable = 0.0;
    }

    /// HP as a fraction of max (IF_HP_LOW reads it).
    pub fn hp_fraction(&self) -> f32 {
        (self.hp / self.hp_max()).clamp(0.0, 1.0)
    }

    /// Adds a permanent modifier (a level-up or a shop purchase).
    pub fn add_modifiers(&mut self, source: StatSource, mods: &[StatModifier]) {
        match source {
            StatSource::LevelUp => self.level_mods.extend_from_slice(mods),
            StatSource::Shop => self.shop_mods.extend_from_slice(mods),
        }
        self.rebuild();
    }

    /// Replaces the modifiers of equipped items (loot), e.g. after equipping.
    pub fn set_item_modifiers(&mut self, mods: Vec<StatModifier>) {
        self.item_mods = mods;
        self.rebuild();
    }

    /// Replaces the fight-time modifiers (stack buffs, conditional bonuses);
    /// refolds the sheet only when they changed, since the fight calls it every step.
    pub fn set_buff_modifiers(&mut self, mods: &[StatModifier]) {
        if self.buff_mods != mods {
            self.buff_mods = mods.to_vec();
            self.rebuild();
        }
    }

    /// Every modifier in effect, in source order (for the UI's breakdown).
    pub fn modifiers(&self) -> impl Iterator<Item = &StatModifier> {
        self.level_mods
            .iter()
            .chain(&self.shop_mods)
            .chain(&self.item_mods)
            .chain(&self.buff_mods)
    }

    /// Refolds the sheet; a raised max HP heals by the amount raised, a lowered one clamps.
    fn rebuild(&mut self) {
        let old_max = self.hp_max();
        let mut s = StatSheet::new();
        for m in self
            .level_mods
            .iter()
            .chain(&self.shop_mods)
            .chain(&self.item_mods)
            .chain(&self.buff_mods)
        {
            s.apply(m);
        }
        if self.hp_max_lost > 0.0 {
            s.apply(&StatModifier {
                stat: StatId::HpMax,
                add: -self.hp_max_lost,
                mul: 1.0,
            });
        }
        self.sheet = s;
        let new_max = self.hp_max();
        if self.hp > 0.0 {
            if new_max > old_max {
                self.hp += new_max - old_max;
            }
            self.hp = self.hp.min(new_max);
        }
    }

    /// Moves along `dir` (normalised here; zero stands still) at the move speed, inside the walls.
    pub fn walk(&mut self, dir: Vec2, dt: f32, arena: &Arena) {
        let d = if self.is_down() {
            Vec2::ZERO
        } else {
            dir.normalize_or_zero()
        };
        let before = self.pos;
        self.pos = arena.clamp(self.pos + d * self.stat(StatId::MoveSpeed) * dt, self.radius);
        self.vel = if dt > 0.0 {
            (self.pos - before) / dt
        } else {
            Vec2::ZERO
        };
    }

    /// Regeneration and timers for one step.
    pub fn tick(&mut self, dt: f32) {
        self.invulnerable = (self.invulnerable - dt).max(0.0);
        if self.down_s > 0.0 {
            self.down_s -= dt;
            if self.down_s <= 1.0e-6 {
                self.stand_up();
            }
            return;
        }
        if self.alive() {
            self.hp = (self.hp + self.stat(StatId::HpRegen) * dt).min(self.hp_max());
        }
    }

    /// Heals up to max HP (healing mist, leech); the dead stay dead.
    pub fn heal(&mut self, amount: f32) {
        if self.hp > 0.0 && amount > 0.0 {
            self.hp = (self.hp + amount).min(self.hp_max());
        }
    }

    /// Restores full HP (start of a wave).
    pub fn restore(&mut self) {
        if self.is_down() {
            self.stand_up();
        } else if self.alive() {
            self.hp = self.hp_max();
        }
        self.invulnerable = 0.0;
    }

    /// Pays an HP cost (heavy_cost): no armour, no invulnerability, never below 1 HP.
    pub fn pay_hp(&mut self, amount: f32) {
        if self.hp > 0.0 && amount > 0.0 {
            self.hp = (self.hp - amount).max(1.0);
        }
    }

    /// Takes a hit of `raw` damage: the numerical §3.1 rule with the player's
    /// armour as the flat term, at least 1; then a short invulnerability.
    pub fn take_hit(&mut self, raw: f32) -> HitOutcome {
        if self.hp <= 0.0 || self.invulnerable > 0.0 || raw.is_nan() || raw <= 0.0 {
            return HitOutcome::Ignored;
        }
        let taken = (raw - self.stat(StatId::Armor)).max(1.0);
        let dealt = taken.min(self.hp);
        self.hp -= dealt;
        self.damage_taken += f64::from(dealt);
        self.invulnerable = self.hit_invulnerability;
        if self.hp <= 0.0 {
            self.hp = 0.0;
            HitOutcome::Killed(taken)
        } else {
            HitOutcome::Damaged(taken)
        }
    }

    /// Damage over time (poison pools): no armour, no minimum, no invulnerability
    /// window; returns what was taken.
    pub fn take_damage_over_time(&mut self, amount: f32) -> f32 {
        if self.hp <= 0.0 || amount.is_nan() || amount <= 0.0 {
            return 0.0;
        }
        let dealt = amount.min(self.hp);
        self.hp -= dealt;
        self.damage_taken += f64::from(dealt);
        if self.hp <= 0.0 {
            self.hp = 0.0;
        }
        dealt
    }

    /// True during the invulnerability after a hit or while down (the renderer blinks).
    pub fn invulnerable(&self) -> bool {
        self.invulnerable > 0.0 || self.is_down()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def() -> PlayerDef {
        PlayerDef {
            radius: 16.0,
            hit_invulnerability_s: 0.2,
        }
    }

    #[test]
    fn armour_reduces_and_one_is_the_floor() {
        let mut p = Player::new(&def(), Vec2::ZERO);
        p.add_modifiers(
            StatSource::Shop,
            &[StatModifier {
                stat: StatId::Armor,
                add: 3.0,
                mul: 1.0,
            }],
        );
        assert_eq!(p.take_hit(5.0), HitOutcome::Damaged(2.0));
        assert_eq!(p.take_hit(5.0), HitOutcome::Ignored);
        p.tick(0.2);
        assert_eq!(p.take_hit(2.0), HitOutcome::Damaged(1.0));
        assert_eq!(p.hp, 97.0);
        assert_eq!(p.damage_taken, 3.0);
    }

    #[test]
    fn death_at_zero() {
        let mut p = Player::new(&def(), Vec2::ZERO);
        assert_eq!(p.take_hit(150.0), HitOutcome::Killed(150.0));
        assert!(!p.alive());
        assert_eq!(p.damage_taken, 100.0);
        p.heal(50.0);
        assert!(!p.alive());
    }

    #[test]
    fn movement_is_clamped_to_the_arena() {
        let arena = Arena::default();
        let mut p = Player::new(&def(), Vec2::new(20.0, 1200.0));
        p.walk(Vec2::new(-1.0, 0.0), 1.0, &arena);
        assert_eq!(p.pos, Vec2::new(16.0, 1200.0));
        p.walk(Vec2::new(0.0, 3.0), 0.5, &arena);
        assert_eq!(p.pos, Vec2::new(16.0, 1350.0));
        assert!((p.vel.y - 300.0).abs() < 1e-3);
    }

    #[test]
    fn stat_sources_fold_with_caps_and_max_hp_heals() {
        let mut p = Player::new(&def(), Vec2::ZERO);
        p.take_hit(30.0);
        p.add_modifiers(
            StatSource::LevelUp,
            &[StatModifier {
                stat: StatId::HpMax,
                add: 10.0,
                mul: 1.0,
            }],
        );
        assert_eq!((p.hp, p.hp_max()), (80.0, 110.0));
        p.set_item_modifiers(vec![StatModifier {
            stat: StatId::MoveSpeed,
            add: 400.0,
            mul: 1.0,
        }]);
        assert_eq!(p.stat(StatId::MoveSpeed), 650.0);
        p.set_item_modifiers(vec![StatModifier {
            stat: StatId::HpMax,
            add: -50.0,
            mul: 1.0,
        }]);
        assert_eq!((p.hp, p.hp_max()), (60.0, 60.0));
        assert_eq!(p.stat(StatId::MoveSpeed), 300.0);
    }
}
