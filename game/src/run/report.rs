//! What a run reports: the per-wave figures of `artificer sim` and
//! `artificer replay` (the same struct, so the two print the same JSON), the
//! run's outcome, and the summary the window shows at the end.

use serde::Serialize;

/// How the run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// HP reached 0.
    Died,
    /// Wave 20 ended with the player alive and its boss dead.
    Won,
    /// The run ended with the player alive but not won: fewer waves were
    /// asked for, or the last wave's boss outlived the overtime
    /// (docs/game.md#the-clear: only the W20 boss's death wins).
    Survived,
}

/// One wave of the report. Every field but `step_ms_*` is deterministic.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WaveReport {
    /// Wave number.
    pub wave: u32,
    /// Simulated seconds the wave lasted.
    pub duration_s: f64,
    /// Enemies (and bosses) the spawner ordered.
    pub spawned: u32,
    /// Enemies killed.
    pub kills: u32,
    /// Elites killed.
    pub elite_kills: u32,
    /// Bosses killed.
    pub boss_kills: u32,
    /// Damage dealt to enemies.
    pub damage_dealt: f64,
    /// Damage dealt (damage over time too) by coarse source kind
    /// (docs/balance.md#archetypes).
    pub damage_by_source: crate::world::DamageBySource,
    /// Damage taken after armour.
    pub damage_taken: f64,
    /// Gold held after the settlement and before the shop.
    pub gold: u64,
    /// Gold picked up from coins.
    pub gold_picked: u64,
    /// Gold that vanished on the ground.
    pub gold_lost: u64,
    /// Level at the wave's end.
    pub level: u32,
    /// XP gained.
    pub xp: u64,
    /// Most enemies alive at once.
    pub peak_enemies: u32,
    /// Most projectiles alive at once (both teams).
    pub peak_projectiles: u32,
    /// Enemies alive, averaged over the wave's steps (time-weighted).
    pub mean_enemies: f64,
    /// Seconds of the wave with no enemy alive: the empty screen
    /// (docs/game.md#wave-end).
    pub empty_s: f64,
    /// Most player projectiles that can hit alive at once (moving shots;
    /// parked zero-speed ones, a turret itself, do not count).
    pub peak_player_projectiles: u32,
    /// Most enemy shots alive at once.
    pub peak_enemy_projectiles: u32,
    /// The player's spawns the projectile cap (or a full projectile pool)
    /// dropped (docs/game.md#the-projectile-cap).
    pub dropped_spawns: u64,
    /// The player's spawns asked of the cap, dropped ones included.
    pub player_spawns_attempted: u64,
    /// Spawns every cap dropped: the player's, enemies past `max_alive`,
    /// enemy shots, chain legs and mirrored shots with no free slot.
    pub dropped_by_caps: u64,
    /// Of `spawned`, the crowd floor's fodder (docs/balance.md#crowd-floor).
    pub floor_spawned: u32,
    /// Gold the wave's kills dropped as coins (picked up, lost, or found on
    /// the ground at the wave's end).
    pub gold_dropped: u64,
    /// Seconds a boss stood, when one fell in the wave: the boss fight's
    /// time to kill; `null` in a wave where no boss fell.
    pub boss_ttk_s: Option<f64>,
    /// The share of its HP a boss kept when the wave ended: 0 where it
    /// fell, above 0 where it outlived the overtime (or the player);
    /// `null` in a wave where no boss came.
    pub boss_hp_left: Option<f64>,
    /// The player's HP at the wave's end (0 when the player fell).
    pub hp_end: f64,
    /// The player's maximum HP then.
    pub hp_max: f64,
    /// Events processed.
    pub events: u64,
    /// Events lost to a full buffer.
    pub event_overflow: u64,
    /// Mean events per step.
    pub events_per_step: f64,
    /// Casts (main, entries, payloads).
    pub casts: u64,
    /// Mean VM ops per main cast.
    pub vm_ops_per_cast: f64,
    /// Elemental reactions.
    pub reactions: u64,
    /// Enemies caught by blasts (one per enemy per blast).
    pub area_hits: u64,
    /// Reactions by kind: every cell of the matrix, zeros included.
    pub reactions_by_kind: std::collections::BTreeMap<String, u64>,
    /// HP restored, by source (lifesteal, mist, hooks, regen).
    pub healed: crate::world::Healed,
    /// Damage dealt per second of the wave.
    pub dps: f64,
    /// Damage the player's own spells did to the player (the nuke).
    pub self_damage: f64,
    /// Hits that shoved an enemy back.
    pub knockbacks: u64,
    /// Mana refilled by kills (`mana_leech`).
    pub mana_leeched: f64,
    /// Payloads cast by on-wall triggers.
    pub wall_triggers: u64,
    /// Dashes started.
    pub dashes: u64,
    /// Afflictions (slowed, stunned, burning, poisoned) enemies' elemental hits left on the player.
    pub afflictions: u64,
    /// Afflictions the player's `save` shrugged off.
    pub afflictions_resisted: u64,
    /// Blade swings started.
    pub melee_swings: u64,
    /// Blade hits.
    pub melee_hits: u64,
    /// Strikes broken off by a friendly body.
    pub melee_aborts: u64,
    /// Blows parried.
    pub parries: u64,
    /// Enemy shots parried back.
    pub parried_shots: u64,
    /// Most degrees a blade hit lay outside its swing's sector (0).
    pub max_deg_outside_sector: f32,
    /// Items dropped.
    pub items_dropped: u32,
    /// Materials dropped.
    pub materials_dropped: u32,
    /// Artifacts dropped.
    pub artifacts_dropped: u32,
    /// Bought in the shop after the wave.
    pub bought: Vec<String>,
    /// The endless mutator in force (`mirror_world`, …), `null` without one.
    pub mutator: Option<&'static str>,
    /// The wave was a boss rush.
    pub boss_rush: bool,
    /// A boss rush whose three bosses all fell (its Tier 3 card was given).
    pub boss_rush_cleared: bool,
    /// NG+ level of the run.
    pub ng_plus: u32,
    /// The curse of a curse run.
    pub curse: Option<String>,
    /// The endless difficulty factor (1 in the twenty waves; W25 1.1, W100 2.6).
    pub difficulty: f32,
    /// NG+ clones summoned in the wave.
    pub clones: u32,
    /// Halves the split mutator made in the wave.
    pub splits: u32,
    /// What dealt the killing blow, when the player died in the wave.
    pub death_cause: Option<String>,
    /// Player shots the mirror world turned back in the wave.
    pub mirrored: u32,
    /// Hash of the whole run state when the wave ended (see
    /// `Run::state_hash`), in hex: equal in a run and its replay.
    pub state_hash: String,
    /// Mean CPU ms per step (timing: differs between runs).
    pub step_ms_mean: f64,
    /// 95th-percentile CPU ms per step (timing: differs between runs).
    pub step_ms_p95: f64,
}

/// The sim's and the replay's JSON.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunReport {
    /// Run seed.
    pub seed: u64,
    /// "gpu" or "cpu".
    pub backend: String,
    /// Last wave started.
    pub wave_reached: u32,
    /// How it ended; `null` while it goes on (a replay of a run that was
    /// quit between waves).
    pub outcome: Option<Outcome>,
    /// Per wave.
    pub waves: Vec<WaveReport>,
    /// Hash of the whole run state after the last command, in hex.
    pub state_hash: String,
    /// The W20 boss fell in this run (GAME_CLEARED), whatever came after.
    pub cleared: bool,
    /// The run went on into endless after its clear.
    pub endless: bool,
    /// NG+ level.
    pub ng_plus: u32,
}

impl RunReport {
    /// The run's damage by source kind, summed over its waves: what carried
    /// the run (an archetype's signature, docs/balance.md#archetypes).
    pub fn damage_by_source(&self) -> crate::world::DamageBySource {
        self.waves
            .iter()
            .fold(crate::world::DamageBySource::default(), |a, w| {
                a.plus(&w.damage_by_source)
            })
    }
}

/// The figures frozen at the end of a run (docs/game.md#death-and-summary), shown on the
/// summary screen.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunSummary {
    /// How the run ended (`None` while it goes on).
    pub outcome: Option<Outcome>,
    /// Highest wave reached.
    pub highest_wave: u32,
    /// Whether that wave was the game's last (a survived last wave means its
    /// boss outlived the overtime: no victory).
    pub last_wave_of_game: bool,
    /// Damage dealt over the run.
    pub total_damage: f64,
    /// Largest single hit.
    pub highest_hit: f32,
    /// Kills over the run.
    pub kills: u64,
    /// Level reached.
    pub level: u32,
    /// Active core, by its display name.
    pub core: String,
    /// The active deck, chip names in slot order.
    pub deck: Vec<String>,
    /// The same chips' ids (their icons on the summary).
    pub deck_ids: Vec<String>,
    /// Damage dealt over the run by source and element, as booked
    /// (docs/share.md#damage-per-chip).
    pub damage_book: crate::combat::attribution::DamageBook,
    /// The same in words, largest source first (frozen at the end).
    pub damage: crate::combat::attribution::NamedDamage,
    /// Damage taken over the run by source, largest first.
    pub taken: Vec<crate::combat::attribution::NamedShare>,
    /// The build at death or clear as a build code (docs/share.md#build-codes);
    /// empty if it could not be encoded.
    pub build_code: String,
    /// Gold earned and spent over the run.
    pub gold_earned: u64,
    /// Gold spent over the run.
    pub gold_spent: u64,
    /// Simulated fight seconds over the run (steps ÷ 60, rounded down).
    pub elapsed_s: u64,
    /// What killed the player, when it died.
    pub death_cause: Option<String>,
    /// The run's seed (shown so a run can be played again).
    pub seed: u64,
    /// The date of a daily run.
    pub daily: Option<String>,
    /// The boss that outlived the last wave, by name, and the share of its
    /// HP it kept: how near the run came to bringing it down.
    pub boss_standing: Option<(String, f32)>,
}

impl RunSummary {
    /// Adds a finished (or abandoned) wave's totals and its damage credit.
    pub fn add_wave(
        &mut self,
        st: &crate::world::WaveStats,
        credit: &crate::combat::attribution::WaveCredit,
    ) {
        self.total_damage += st.damage_dealt;
        self.highest_hit = self.highest_hit.max(st.highest_hit);
        self.kills += u64::from(st.kills);
        self.damage_book.add(&credit.damage);
        for (name, v) in &credit.taken {
            match self.taken.iter_mut().find(|t| t.name == *name) {
                Some(t) => t.damage += v,
                None => self.taken.push(crate::combat::attribution::NamedShare {
                    name: name.clone(),
                    damage: *v,
                }),
            }
        }
        if st.death_cause.is_some() {
            self.death_cause = st.death_cause.clone();
        }
    }
}

/// The report line of a finished wave.
pub(crate) fn wave_report(
    s: &crate::world::WaveStats,
    duration_s: f64,
    gold: u64,
    level: u32,
    bought: Vec<String>,
    state_hash: u64,
) -> WaveReport {
    let per = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    WaveReport {
        wave: s.wave,
        duration_s: round(duration_s, 4),
        spawned: s.spawned,
        kills: s.kills,
        elite_kills: s.elite_kills,
        boss_kills: s.boss_kills,
        damage_dealt: round(s.damage_dealt, 2),
        damage_by_source: s.damage_by_source,
        damage_taken: round(s.damage_taken, 2),
        gold,
        gold_picked: s.gold_picked,
        gold_lost: s.gold_lost,
        level,
        xp: s.xp,
        peak_enemies: s.peak_enemies,
        peak_projectiles: s.peak_projectiles,
        mean_enemies: round(s.mean_enemies(), 1),
        empty_s: 0.0,
        peak_player_projectiles: s.peak_player_projectiles,
        peak_enemy_projectiles: s.peak_enemy_projectiles,
        dropped_spawns: s.player_dropped_spawns,
        player_spawns_attempted: s.player_spawns_attempted,
        dropped_by_caps: s.dropped_spawns,
        floor_spawned: s.floor_spawned,
        gold_dropped: s.gold_dropped,
        boss_ttk_s: match (s.boss_came_step, s.boss_fell_step) {
            (Some(came), Some(fell)) if s.steps > 0 => Some(round(
                fell.saturating_sub(came) as f64 * duration_s / s.steps as f64,
                2,
            )),
            _ => None,
        },
        boss_hp_left: None,
        hp_end: round(f64::from(s.hp_end), 1),
        hp_max: round(f64::from(s.hp_max), 1),
        events: s.events,
        event_overflow: s.event_overflow,
        events_per_step: round(per(s.events, s.steps), 3),
        casts: s.casts,
        vm_ops_per_cast: round(per(s.vm_ops, s.main_casts), 3),
        reactions: s.reactions,
        area_hits: s.area_hits,
        reactions_by_kind: crate::combat::ReactionKind::ALL
            .iter()
            .zip(s.reactions_by_kind)
            .map(|(k, n)| (reaction_name(*k), n))
            .collect(),
        healed: crate::world::Healed {
            lifesteal: round(s.healed.lifesteal, 2),
            mist: round(s.healed.mist, 2),
            hooks: round(s.healed.hooks, 2),
            regen: round(s.healed.regen, 2),
        },
        dps: round(
            if duration_s > 0.0 {
                s.damage_dealt / duration_s
            } else {
                0.0
            },
            2,
        ),
        self_damage: round(s.self_damage, 2),
        knockbacks: s.knockbacks,
        mana_leeched: round(s.mana_leeched, 2),
        wall_triggers: s.wall_triggers,
        dashes: s.dashes,
        afflictions: s.afflictions,
        afflictions_resisted: s.afflictions_resisted,
        melee_swings: s.melee_swings,
        melee_hits: s.melee_hits,
        melee_aborts: s.melee_aborts,
        parries: s.parries,
        parried_shots: s.parried_shots,
        max_deg_outside_sector: s.max_deg_outside_sector,
        items_dropped: s.items_dropped,
        materials_dropped: s.materials_dropped,
        artifacts_dropped: s.artifacts_dropped,
        bought,
        mutator: None,
        boss_rush: false,
        boss_rush_cleared: false,
        ng_plus: 0,
        curse: None,
        difficulty: 1.0,
        clones: s.clones,
        splits: s.splits,
        death_cause: s.death_cause.clone(),
        mirrored: s.mirrored,
        state_hash: format!("{state_hash:016x}"),
        step_ms_mean: round(s.step_ms_mean(), 4),
        step_ms_p95: round(s.step_ms_p95(), 4),
    }
}

/// A reaction's name as the JSON spells it (`oil_blast`).
fn reaction_name(k: crate::combat::ReactionKind) -> String {
    serde_json::to_value(k)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| format!("{k:?}"))
}

pub(crate) fn round(v: f64, digits: i32) -> f64 {
    let f = 10f64.powi(digits);
    (v * f).round() / f
}
