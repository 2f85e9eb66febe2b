//! What hurt the player, so a death can be named: the run report's
//! `death_cause` per wave and the batch sims' causes of death.

use super::World;

/// How far back (s) the death screen lists the damage taken by source.
pub const HARM_WINDOW_S: f32 = 5.0;

/// What kind of harm a hit was, for the death screen's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HarmKind {
    /// An enemy's body.
    Enemy,
    /// A boss's body.
    Boss,
    /// An enemy's or boss's shot.
    Shot,
    /// The player's own explosion (self-damage).
    OwnBlast,
    /// An acid pool.
    Pool,
    /// Burning or poison.
    Affliction,
    /// The player's own gear draining HP (self-damage).
    OwnGear,
}

/// One hit the player took: what, how much, when (the wave's step).
#[derive(Debug, Clone, PartialEq)]
pub struct Harm {
    /// The wave step it landed on.
    pub step: u64,
    /// Its source in words: the enemy's or boss's name, else the harm.
    pub source: String,
    /// What kind of harm.
    pub kind: HarmKind,
    /// HP it took.
    pub amount: f32,
}

/// The damage of `harm` within [`HARM_WINDOW_S`] before `now` (a wave
/// step), summed by source, largest first (ties by name).
pub fn harm_by_source(harm: &[Harm], now: u64, dt: f32) -> Vec<(String, HarmKind, f32)> {
    let window = (HARM_WINDOW_S / dt.max(1e-6)).round() as u64;
    let mut out: Vec<(String, HarmKind, f32)> = Vec::new();
    for h in harm.iter().filter(|h| h.step + window >= now) {
        match out.iter_mut().find(|o| o.0 == h.source) {
            Some(o) => o.2 += h.amount,
            None => out.push((h.source.clone(), h.kind, h.amount)),
        }
    }
    out.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)));
    out
}

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
    /// Books a hit of `amount` by `b` for the death screen, dropping hits
    /// older than [`HARM_WINDOW_S`].
    pub(super) fn note_harm(&mut self, b: Blow, amount: f32) {
        if amount <= 0.0 {
            return;
        }
        let kind = match b {
            Blow::Contact(slot) => {
                if self.field.enemies.get(slot).is_some_and(|e| e.boss.is_some()) {
                    HarmKind::Boss
                } else {
                    HarmKind::Enemy
                }
            }
            Blow::EnemyShot => HarmKind::Shot,
            Blow::OwnExplosion => HarmKind::OwnBlast,
            Blow::AcidPool => HarmKind::Pool,
            Blow::Burn | Blow::Poison => HarmKind::Affliction,
        };
        self.note_harm_named(self.blow_name(b), kind, amount);
    }

    /// [`Self::note_harm`] for harm named outright (the gear's drain).
    pub(super) fn note_harm_named(&mut self, source: String, kind: HarmKind, amount: f32) {
        self.credit.take(&source, amount);
        let now = self.wave_steps;
        let window = (HARM_WINDOW_S / self.dt().max(1e-6)).round() as u64;
        let log = &mut self.stats.recent_harm;
        log.retain(|h| h.step + window >= now);
        match log.last_mut() {
            // Damage over time lands every step: one entry per source and step.
            Some(h) if h.step == now && h.source == source => h.amount += amount,
            _ => log.push(Harm {
                step: now,
                source,
                kind,
                amount,
            }),
        }
    }

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
