//! What the world measures about itself: CPU time per stage of the step, and
//! counters the profiler overlay and `artificer sim` report.
//!
//! Times are wall-clock and differ between runs; every counter is a pure
//! function of the seed and the inputs.

use std::time::Instant;

/// The stages of one step, in the order of docs/architecture.md#the-step.
pub const STAGE_NAMES: [&str; 6] = ["events", "combat", "vm", "ai_movement", "upload", "compute"];

/// CPU milliseconds per stage of the last step, indexed like [`STAGE_NAMES`].
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StageTimes {
    /// Milliseconds per stage.
    pub ms: [f64; 6],
}

impl StageTimes {
    /// Sum of the stages: the step's CPU time.
    pub fn total(&self) -> f64 {
        self.ms.iter().sum()
    }

    /// `(name, ms)` pairs for the overlay.
    pub fn named(&self) -> impl Iterator<Item = (&'static str, f64)> + '_ {
        STAGE_NAMES.iter().copied().zip(self.ms.iter().copied())
    }
}

/// A stopwatch that books the time since the last lap into a stage.
pub(crate) struct Laps {
    last: Instant,
}

impl Laps {
    pub(crate) fn start() -> Self {
        Self { last: Instant::now() }
    }

    pub(crate) fn lap(&mut self, times: &mut StageTimes, stage: usize) {
        let now = Instant::now();
        times.ms[stage] = (now - self.last).as_secs_f64() * 1000.0;
        self.last = now;
    }
}

/// Counters of the last step (the overlay shows them live).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StepCounters {
    /// Enemies alive after the step.
    pub enemies: u32,
    /// Projectile slots in use after the step (both teams).
    pub projectiles: u32,
    /// Player-team projectiles (what the VM's global cap counts).
    pub player_projectiles: u32,
    /// Player-team projectiles that move (can hit), for the density figures.
    pub player_moving: u32,
    /// Events processed this step.
    pub events: u32,
    /// Events the compute core lost to a full buffer.
    pub event_overflow: u32,
    /// Spawns dropped this step (VM cap, full core, enemy cap).
    pub dropped_spawns: u32,
    /// The player's spawns asked of the VM's projectile cap this step.
    pub player_spawns: u32,
    /// Of those, the ones the cap or a full projectile pool dropped.
    pub player_dropped: u32,
    /// Casts this step (main, entries and payloads).
    pub casts: u32,
    /// VM ops used by the main cast this step (0 without a cast).
    pub vm_ops: u32,
    /// The element of the main cast's first spawn, when it cast (the cast's
    /// sound).
    pub cast_element: Option<crate::element::Element>,
}

impl StepCounters {
    /// Books a VM cast's spawns: how many it asked for and how many the
    /// projectile cap dropped (docs/game.md#the-projectile-cap).
    pub fn book_player_spawns(&mut self, attempted: u32, dropped: u32) {
        self.dropped_spawns += dropped;
        self.player_spawns += attempted;
        self.player_dropped += dropped;
    }
}

/// HP restored in a wave, by source (the sim's `healed` object).
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct Healed {
    /// Lifesteal of the player's hits.
    pub lifesteal: f64,
    /// Standing in a healing mist.
    pub mist: f64,
    /// Loot rules that heal (`Heal` hooks).
    pub hooks: f64,
    /// The `hp_regen` stat.
    pub regen: f64,
}

/// Damage dealt by coarse source kind, so a run can say what carried it
/// (docs/balance.md#archetypes). A direct projectile hit counts as `swarm`
/// while at least [`SWARM_SHOTS`] player shots fly (as of the last step),
/// else as `heavy` when it deals at least [`HEAVY_HIT`], else as `shots`.
/// Per-chip attribution is another matter; this split only sorts by kind.
///
/// `turret` cuts across the kinds: it is the part of them that turrets'
/// shots dealt, directly or through the blasts their hits set off
/// (explosions, reaction blasts), so the turret build's signature counts the
/// reactions its screen of shots causes (docs/balance.md#archetypes). It is
/// a sub-total, not added to [`DamageBySource::total`]. `blade` is the
/// same for the worn blade: its hits and the blasts they set off.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct DamageBySource {
    /// Direct projectile hits while the screen is full of the player's shots.
    pub swarm: f64,
    /// Direct projectile hits of at least [`HEAVY_HIT`] damage each.
    pub heavy: f64,
    /// Other direct projectile hits.
    pub shots: f64,
    /// Area hits: explosions and the blasts reactions set off.
    pub area: f64,
    /// What loot rules dealt by themselves (the Nova): the gear's, no
    /// archetype's signature.
    pub rules: f64,
    /// Damage over time of statuses (burning, poison).
    pub dot: f64,
    /// The blade's hits.
    pub melee: f64,
    /// Of all the above, what turrets' shots and the blasts they set off dealt.
    pub turret: f64,
    /// Of all the above, what the blade's hits and the blasts they set off
    /// dealt (the fighter's signature, docs/balance.md#archetypes).
    pub blade: f64,
}

/// Moving player shots from which a direct hit counts as a swarm's.
pub const SWARM_SHOTS: u32 = 100;
/// Damage from which a direct hit counts as heavy.
pub const HEAVY_HIT: f32 = 100.0;

impl DamageBySource {
    /// Books a direct projectile hit of `dealt` with `flying` moving player shots.
    pub fn book_shot(&mut self, dealt: f32, flying: u32) {
        let d = f64::from(dealt);
        if flying >= SWARM_SHOTS {
            self.swarm += d;
        } else if dealt >= HEAVY_HIT {
            self.heavy += d;
        } else {
            self.shots += d;
        }
    }

    /// All of it.
    pub fn total(&self) -> f64 {
        self.swarm + self.heavy + self.shots + self.area + self.rules + self.dot + self.melee
    }

    /// `self` plus `o`, kind by kind.
    pub fn plus(&self, o: &Self) -> Self {
        Self {
            swarm: self.swarm + o.swarm,
            heavy: self.heavy + o.heavy,
            shots: self.shots + o.shots,
            area: self.area + o.area,
            rules: self.rules + o.rules,
            dot: self.dot + o.dot,
            melee: self.melee + o.melee,
            turret: self.turret + o.turret,
            blade: self.blade + o.blade,
        }
    }
}

/// Totals of the current wave, for the summary and the sim's JSON.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WaveStats {
    /// Wave number.
    pub wave: u32,
    /// Steps simulated.
    pub steps: u64,
    /// Enemies (and bosses) the wave's spawner ordered, dropped ones included.
    pub spawned: u32,
    /// Enemies killed by the player.
    pub kills: u32,
    /// Elites killed.
    pub elite_kills: u32,
    /// Bosses killed (NG+ clones included).
    pub boss_kills: u32,
    /// NG+ clones summoned by a boss's last will.
    pub clones: u32,
    /// Halves born of the split mutator.
    pub splits: u32,
    /// What dealt the killing blow, when the player died in the wave (an
    /// enemy's or boss's name for contact, else the kind of harm).
    pub death_cause: Option<String>,
    /// The hits the player took in the last [`super::blows::HARM_WINDOW_S`]
    /// seconds, oldest first: the death screen's "damage taken by source"
    /// (docs/screens.md#run-management). Words only: nothing in the run
    /// reads it, and the state hash leaves it out.
    pub recent_harm: Vec<super::blows::Harm>,
    /// Player shots the mirror world turned back.
    pub mirrored: u32,
    /// Damage dealt to enemies (hits, area, reactions; damage over time excluded).
    pub damage_dealt: f64,
    /// The same damage (and damage over time) by source kind.
    pub damage_by_source: DamageBySource,
    /// Damage taken by the player after armour.
    pub damage_taken: f64,
    /// Gold picked up from coins.
    pub gold_picked: u64,
    /// Gold that vanished on the ground.
    pub gold_lost: u64,
    /// XP gained.
    pub xp: u64,
    /// Most enemies alive at once.
    pub peak_enemies: u32,
    /// Most projectile slots in use at once.
    pub peak_projectiles: u32,
    /// Sum over the wave's steps of the enemies alive after each, for the
    /// time-weighted mean crowd (docs/balance.md#density).
    pub enemy_steps: u64,
    /// Most player projectiles that can hit (moving) alive at once.
    pub peak_player_projectiles: u32,
    /// Most enemy-team projectiles alive at once.
    pub peak_enemy_projectiles: u32,
    /// Spawns dropped (VM projectile cap, full core, enemy cap).
    pub dropped_spawns: u64,
    /// The player's spawns asked of the projectile cap
    /// (docs/game.md#the-projectile-cap).
    pub player_spawns_attempted: u64,
    /// Of those, the ones the cap or a full projectile pool dropped.
    pub player_dropped_spawns: u64,
    /// Of `spawned`, the crowd floor's fodder (docs/balance.md#crowd-floor).
    pub floor_spawned: u32,
    /// Gold the wave's kills dropped as coins.
    pub gold_dropped: u64,
    /// The wave step (`steps`) at which its first boss came in.
    pub boss_came_step: Option<u64>,
    /// The wave step at which its last boss fell: with `boss_came_step`, the
    /// boss fight's time to kill (the sim's `boss_ttk_s`).
    pub boss_fell_step: Option<u64>,
    /// The player's HP when the wave ended (or the player fell).
    pub hp_end: f32,
    /// The player's maximum HP then.
    pub hp_max: f32,
    /// Events lost to a full event buffer.
    pub event_overflow: u64,
    /// Events processed.
    pub events: u64,
    /// Casts (main cast, entries, payloads).
    pub casts: u64,
    /// Sum of VM ops of main casts, for the mean ops per cast.
    pub vm_ops: u64,
    /// Main casts counted in `vm_ops`.
    pub main_casts: u64,
    /// Elemental reactions triggered.
    pub reactions: u64,
    /// Enemies caught by blasts (explosions, Nova, reaction blasts), one per
    /// enemy per blast.
    pub area_hits: u64,
    /// Reactions by kind, in [`crate::combat::ReactionKind::ALL`] order.
    pub reactions_by_kind: [u64; 12],
    /// HP restored, by source.
    pub healed: Healed,
    /// Damage the player's own spells did to the player (the nuke), after armour.
    pub self_damage: f64,
    /// Hits that shoved an enemy (knockback resistance below 1).
    pub knockbacks: u64,
    /// Mana refilled by kills (`mana_leech`).
    pub mana_leeched: f64,
    /// Payloads cast by on-wall triggers.
    pub wall_triggers: u64,
    /// Dashes started.
    pub dashes: u64,
    /// Afflictions enemies' elemental hits left on the player.
    pub afflictions: u64,
    /// Afflictions the player's `save` shrugged off.
    pub afflictions_resisted: u64,
    /// Steps with a blade worn and an enemy in its reach (the overlay's melee reach).
    pub melee_in_reach: u64,
    /// Blade swings started.
    pub melee_swings: u64,
    /// Blade hits (one per target per swing).
    pub melee_hits: u64,
    /// Strikes broken off by a friendly body under the blade.
    pub melee_aborts: u64,
    /// Blows the blade parried (contact and shots).
    pub parries: u64,
    /// Enemy shots parried back as the player's.
    pub parried_shots: u64,
    /// Most degrees a blade hit's contact lay outside its swing's sector (must be 0).
    pub max_deg_outside_sector: f32,
    /// Largest single hit on an enemy (the summary's "highest single hit").
    pub highest_hit: f32,
    /// Items dropped (elites, bosses, wave end).
    pub items_dropped: u32,
    /// Materials dropped, all kinds together.
    pub materials_dropped: u32,
    /// Artifacts dropped.
    pub artifacts_dropped: u32,
    /// CPU milliseconds of every step, for the mean and p95.
    pub step_ms: Vec<f64>,
}

impl WaveStats {
    /// Enemies alive, averaged over the wave's steps (time-weighted).
    pub fn mean_enemies(&self) -> f64 {
        if self.steps == 0 {
            return 0.0;
        }
        self.enemy_steps as f64 / self.steps as f64
    }

    /// Mean step time, ms.
    pub fn step_ms_mean(&self) -> f64 {
        if self.step_ms.is_empty() {
            return 0.0;
        }
        self.step_ms.iter().sum::<f64>() / self.step_ms.len() as f64
    }

    /// 95th-percentile step time, ms (nearest rank).
    pub fn step_ms_p95(&self) -> f64 {
        let mut v = self.step_ms.clone();
        v.sort_by(f64::total_cmp);
        engine::sample::percentile(&v, 0.95)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_times_summarise_unsorted_samples() {
        let w = WaveStats {
            step_ms: vec![3.0, 1.0],
            ..WaveStats::default()
        };
        assert_eq!(w.step_ms_mean(), 2.0);
        assert_eq!(w.step_ms_p95(), 3.0);
        assert_eq!(WaveStats::default().step_ms_p95(), 0.0);
    }
}
