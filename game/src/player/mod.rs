//! The player: stats from every source folded into one [`StatSheet`], HP,
//! movement inside the arena, damage taken through armour, death.
//!
//! Stats come from four sources kept apart so each can change on its own:
//! level-ups and shelf-C purchases (kept for the run) and equipped items
//! (replaced whenever equipment changes). The sheet applies the seed's soft
//! and hard caps (docs/game.md#stats-and-caps) when read.
//!
//! Mana lives in the active core's runtime (the spell VM), not here: the seed
//! makes the player's `mana_max` a global ceiling on the core's own mana max
//! ("取 Min 值"), so the player only supplies the ceiling and the extra regen.

use glam::Vec2;
use serde::Deserialize;

use crate::arena::Bounds;
use crate::stats::{StatId, StatModifier, StatSheet};

/// `data/player.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerDef {
    /// Collision radius, px.
    #[serde(rename = "radius_px", alias = "radius")]
    pub radius: f32,
    /// Seconds without damage after a hit lands, so a crowd does not kill in one step.
    pub hit_invulnerability_s: f32,
    /// The dash (docs/game.md#dash-and-movement-builds).
    pub dash: DashDef,
    /// What enemies' elemental hits leave on the player.
    pub afflictions: crate::combat::afflictions::AfflictionDef,
}

/// The dash: a short burst along the walking direction, untouchable while it
/// lasts, on a cooldown. The genre's escape from a closing ring; the Dash
/// Wave core casts its entry deck on it.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DashDef {
    /// Distance covered, px.
    pub distance_px: f32,
    /// Seconds it takes (the player cannot be hurt meanwhile).
    pub duration_s: f32,
    /// Seconds from one dash's start to the next.
    pub cooldown_s: f32,
}

/// Where a stat modifier came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatSource {
    /// A level-up choice.
    LevelUp,
    /// Shop shelf C.
    Shop,
}

/// The permanent stat modifiers a run carries between waves (in
/// `carry::Carry`): the player's sheet folds them first, then the worn
/// items, then the fight's buffs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StatSources {
    /// Level-up choices, in the order taken.
    pub level: Vec<StatModifier>,
    /// Shelf C purchases, in the order bought.
    pub shop: Vec<StatModifier>,
}

impl StatSources {
    /// Adds modifiers from one source, after those already there.
    pub fn add(&mut self, source: StatSource, mods: &[StatModifier]) {
        match source {
            StatSource::LevelUp => self.level.extend_from_slice(mods),
            StatSource::Shop => self.shop.extend_from_slice(mods),
        }
    }
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
    /// A curse's "no healing" (the world sets it each wave): regeneration
    /// and every heal restore nothing; a new wave's full HP still does.
    pub no_healing: bool,
    invulnerable: f32,
    hit_invulnerability: f32,
    /// The carried modifiers (level-ups, shelf C) folded, in their order:
    /// the start of every refold. Derived from `StatSources` by [`Player::refresh`].
    carried: StatSheet,
    item_mods: Vec<StatModifier>,
    /// Fight-time modifiers (loot stack buffs, "while standing still"
    /// bonuses): recomputed by the fight every step, never carried between waves.
    buff_mods: Vec<StatModifier>,
    /// Seconds left lying down before a revival stands the player up; 0 when up.
    down_s: f32,
    dash_def: DashDef,
    /// Seconds left in the current dash (0: not dashing).
    dash_left: f32,
    /// Direction of the current dash (unit).
    dash_dir: Vec2,
    /// Seconds until the next dash may start.
    dash_cooldown: f32,
    /// Factor on walking speed this step (afflictions: slowed, stunned).
    pub move_factor: f32,
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
            no_healing: false,
            invulnerable: 0.0,
            hit_invulnerability: def.hit_invulnerability_s,
            carried: StatSheet::new(),
            item_mods: Vec::new(),
            buff_mods: Vec::new(),
            down_s: 0.0,
            dash_def: def.dash,
            dash_left: 0.0,
            dash_dir: Vec2::ZERO,
            dash_cooldown: 0.0,
            move_factor: 1.0,
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

    /// Puts a dead player down for `delay_s` before standing up with full HP,
    /// and takes `hp_max_loss` max HP for the rest of the run (the revival's
    /// price is paid when it is granted, into the run's ledger). Does nothing
    /// to a living player.
    pub fn knock_down(&mut self, ledger: &mut PlayerLedger, delay_s: f32, hp_max_loss: f32) {
        if self.hp > 0.0 || self.down_s > 0.0 {
            return;
        }
        ledger.hp_max_lost += hp_max_loss.max(0.0);
        self.rebuild(ledger);
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

    /// Refolds the sheet after the carried modifiers changed (a level-up or
    /// a shelf C purchase, through `carry::Carry::add_stats`).
    pub fn refresh(&mut self, carried: &StatSources, ledger: &PlayerLedger) {
        let mut s = StatSheet::new();
        for m in carried.level.iter().chain(&carried.shop) {
            s.apply(m);
        }
        self.carried = s;
        self.rebuild(ledger);
    }

    /// Replaces the modifiers of equipped items (loot), e.g. after equipping.
    pub fn set_item_modifiers(&mut self, mods: Vec<StatModifier>, ledger: &PlayerLedger) {
        self.item_mods = mods;
        self.rebuild(ledger);
    }

    /// Replaces the fight-time modifiers (stack buffs, conditional bonuses);
    /// refolds the sheet only when they changed, since the fight calls it every step.
    pub fn set_buff_modifiers(&mut self, mods: &[StatModifier], ledger: &PlayerLedger) {
        if self.buff_mods != mods {
            self.buff_mods = mods.to_vec();
            self.rebuild(ledger);
        }
    }

    /// Every modifier in effect, in source order (for the UI's breakdown).
    pub fn modifiers<'a>(&'a self, carried: &'a StatSources) -> impl Iterator<Item = &'a StatModifier> {
        carried
            .level
            .iter()
            .chain(&carried.shop)
            .chain(&self.item_mods)
            .chain(&self.buff_mods)
    }

    /// Refolds the sheet from the carried fold onwards (the same left fold
    /// as over every source at once); a raised max HP heals by the amount
    /// raised, a lowered one clamps; the max HP revivals cost comes off last.
    fn rebuild(&mut self, ledger: &PlayerLedger) {
        let old_max = self.hp_max();
        let mut s = self.carried.clone();
        for m in self.item_mods.iter().chain(&self.buff_mods) {
            s.apply(m);
        }
        if ledger.hp_max_lost > 0.0 {
            s.apply(&StatModifier {
                stat: StatId::HpMax,
                add: -ledger.hp_max_lost,
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

    /// The player as a run's state hash reads it, with the carried modifiers
    /// and the run's ledger in the places they held when they lived on the
    /// player: the hash's text is frozen so that replays recorded before the
    /// split still verify.
    pub fn hash_view<'a>(
        &'a self,
        carried: &'a StatSources,
        ledger: &'a PlayerLedger,
    ) -> impl std::fmt::Debug + 'a {
        hash_layout::Player {
            pos: &self.pos,
            vel: &self.vel,
            radius: &self.radius,
            hp: &self.hp,
            damage_taken: &ledger.damage_taken,
            last_will: &ledger.last_will,
            regenerated: &ledger.regenerated,
            no_healing: &self.no_healing,
            invulnerable: &self.invulnerable,
            hit_invulnerability: &self.hit_invulnerability,
            level_mods: &carried.level,
            shop_mods: &carried.shop,
            item_mods: &self.item_mods,
            buff_mods: &self.buff_mods,
            hp_max_lost: &ledger.hp_max_lost,
            down_s: &self.down_s,
            dash_def: &self.dash_def,
            dash_left: &self.dash_left,
            dash_dir: &self.dash_dir,
            dash_cooldown: &self.dash_cooldown,
            move_factor: &self.move_factor,
            sheet: &self.sheet,
        }
    }

    /// Moves along `dir` (normalised here; zero stands still) at the move speed, inside the walls.
    pub fn walk(&mut self, dir: Vec2, dt: f32, arena: &Bounds) {
        let d = if self.is_down() {
            Vec2::ZERO
        } else {
            dir.normalize_or_zero()
        };
        let before = self.pos;
        let step = if self.dash_left > 0.0 {
            // A dash overrides walking: its speed along its own direction.
            let speed = self.dash_def.distance_px / self.dash_def.duration_s.max(1e-3);
            let t = self.dash_left.min(dt);
            self.dash_left = (self.dash_left - dt).max(0.0);
            self.dash_dir * speed * t
        } else {
            d * self.stat(StatId::MoveSpeed) * self.move_factor * dt
        };
        self.pos = arena.clamp(self.pos + step, self.radius);
        self.vel = if dt > 0.0 {
            (self.pos - before) / dt
        } else {
            Vec2::ZERO
        };
    }

    /// Starts a dash along `dir` if one is allowed now (walking, up, off
    /// cooldown); the player is untouchable until it ends. Returns whether it
    /// started.
    pub fn try_dash(&mut self, dir: Vec2) -> bool {
        let Some(d) = dir.try_normalize() else {
            return false;
        };
        if !self.alive() || self.is_down() || self.dash_cooldown > 0.0 || self.dash_left > 0.0 {
            return false;
        }
        self.dash_dir = d;
        self.dash_left = self.dash_def.duration_s;
        self.dash_cooldown = self.dash_def.cooldown_s;
        self.invulnerable = self.invulnerable.max(self.dash_def.duration_s);
        true
    }

    /// Seconds until the next dash may start (0: ready), for the HUD.
    pub fn dash_cooldown(&self) -> f32 {
        self.dash_cooldown
    }

    /// Regeneration (booked in the run's ledger) and timers for one step.
    pub fn tick(&mut self, ledger: &mut PlayerLedger, dt: f32) {
        self.dash_cooldown = (self.dash_cooldown - dt).max(0.0);
        self.invulnerable = (self.invulnerable - dt).max(0.0);
        if self.down_s > 0.0 {
            self.down_s -= dt;
            if self.down_s <= 1.0e-6 {
                self.stand_up();
            }
            return;
        }
        if self.alive() && !self.no_healing {
            let before = self.hp;
            self.hp = (self.hp + self.stat(StatId::HpRegen) * dt).min(self.hp_max());
            ledger.regenerated += f64::from(self.hp - before);
        }
    }

    /// Heals up to max HP (healing mist, leech); the dead stay dead. Returns
    /// the HP actually restored (for the sim's `healed` figures).
    pub fn heal(&mut self, amount: f32) -> f32 {
        if self.hp > 0.0 && amount > 0.0 && !self.no_healing {
            let before = self.hp;
            self.hp = (self.hp + amount).min(self.hp_max());
            return self.hp - before;
        }
        0.0
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

    /// Takes a hit of `raw` damage: the docs/game.md#damage-pipeline rule with the player's
    /// armour as the flat term, at least 1; then a short invulnerability.
    /// The damage is booked, and Last Will spent, in the run's ledger.
    pub fn take_hit(&mut self, ledger: &mut PlayerLedger, raw: f32) -> HitOutcome {
        if self.hp <= 0.0 || self.invulnerable > 0.0 || raw.is_nan() || raw <= 0.0 {
            return HitOutcome::Ignored;
        }
        let taken = (raw - self.stat(StatId::Armor)).max(1.0);
        let dealt = taken.min(self.hp);
        self.hp -= dealt;
        ledger.damage_taken += f64::from(dealt);
        self.invulnerable = self.hit_invulnerability;
        if self.hp <= 0.0 && self.spend_last_will(ledger) {
            HitOutcome::Damaged(taken)
        } else if self.hp <= 0.0 {
            self.hp = 0.0;
            HitOutcome::Killed(taken)
        } else {
            HitOutcome::Damaged(taken)
        }
    }

    /// Spends Last Will on a blow that just emptied HP: 1 HP left, the talent gone.
    fn spend_last_will(&mut self, ledger: &mut PlayerLedger) -> bool {
        if !ledger.last_will {
            return false;
        }
        ledger.last_will = false;
        self.hp = 1.0;
        log::info!("Last Will: survived a killing blow at 1 HP");
        true
    }

    /// Damage over time (poison pools): no armour, no minimum, no invulnerability
    /// window; returns what was taken (also booked in the run's ledger).
    pub fn take_damage_over_time(&mut self, ledger: &mut PlayerLedger, amount: f32) -> f32 {
        if self.hp <= 0.0 || amount.is_nan() || amount <= 0.0 {
            return 0.0;
        }
        let dealt = amount.min(self.hp);
        self.hp -= dealt;
        ledger.damage_taken += f64::from(dealt);
        if self.hp <= 0.0 && !self.spend_last_will(ledger) {
            self.hp = 0.0;
        }
        dealt
    }

    /// Ends the invulnerability after a hit (headless tools that play one
    /// exchange after another without the time between them).
    pub fn end_invulnerability(&mut self) {
        self.invulnerable = 0.0;
    }

    /// True during the invulnerability after a hit or while down (the renderer blinks).
    pub fn invulnerable(&self) -> bool {
        self.invulnerable > 0.0 || self.is_down()
    }
}

/// The field order and names the state hash has always printed for the
/// player (see [`Player::hash_view`]); never reorder.
mod hash_layout;
mod ledger;

pub use ledger::PlayerLedger;

#[cfg(test)]
mod tests;
