//! Where a run meets the profile: a new run's setup is drawn from what the
//! profile holds (locked content, the onboarding lesson, talents), a run's
//! sightings open codex entries as they happen, and a finished run is
//! booked (aether, milestones, best wave). The window and the headless
//! `sim --profile` both go through here, so a scripted run earns exactly
//! what a played one would.

use crate::catalog::Catalog;
use crate::run::setup::ONBOARDING_RUNS;
use crate::run::{Outcome, Run, RunSetup};
use crate::world::{Carry, World};

use super::meta::{AetherGain, Codex, Profile, Section};

/// The talent id of Last Will in `data/unlocks.json`.
pub const LAST_WILL: &str = "last_will";

/// Which onboarding lesson the next run is (docs/game.md#lessons), or `None`
/// from run 5 on or when the player skipped onboarding in Settings.
pub fn onboarding_stage(profile: &Profile) -> Option<u8> {
    if profile.skip_onboarding {
        return None;
    }
    let next = profile.runs.saturating_add(1);
    (next <= u32::from(ONBOARDING_RUNS)).then_some(next as u8)
}

/// The setup of a new full run for this profile.
pub fn setup_for(profile: &Profile, cat: &Catalog, seed: u64) -> RunSetup {
    RunSetup {
        seed,
        last_wave: cat.waves.len() as u32,
        build: None,
        locked: cat.unlocks.locked_content(&profile.unlocked),
        onboarding: onboarding_stage(profile),
        last_will: cat.unlocks.has_talent(&profile.unlocked, LAST_WILL),
        ..RunSetup::default()
    }
}

/// The setup of a practice run from milestone `wave` (docs/game.md#milestones-and-practice): what
/// the profile has unlocked, no lesson, no talent; `None` when the profile has
/// not reached that milestone.
pub fn practice_setup(profile: &Profile, cat: &Catalog, seed: u64, wave: u32) -> Option<RunSetup> {
    profile.milestones.contains(&wave).then(|| RunSetup {
        onboarding: None,
        last_will: false,
        practice: Some(wave),
        ..setup_for(profile, cat, seed)
    })
}

/// What a finished run left in the profile, for the summary screen.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunEnd {
    /// Wave reached.
    pub wave: u32,
    /// The last boss fell.
    pub won: bool,
    /// Fragments earned, by source.
    pub aether: AetherGain,
    /// Fragments in hand after the run.
    pub aether_now: u32,
    /// Names of unlocks the player can now afford and does not own.
    pub affordable: Vec<String>,
    /// Last Will was spent this run.
    pub last_will_spent: bool,
    /// The cheapest unlock still out of reach, and the fragments it lacks
    /// ("12 more aether: Chain Lightning"): what the next runs play for.
    pub next_unlock: Option<(String, u32)>,
}

impl RunEnd {
    /// What the run brought within reach, in the summary's words: the
    /// cheapest unlock still out of reach and the fragments it lacks
    /// ("3 more aether: Matrix Board"), so a run that bought nothing still
    /// says what the next one plays for.
    pub fn within_reach(&self) -> Option<String> {
        let (name, more) = self.next_unlock.as_ref()?;
        Some(if self.affordable.is_empty() {
            format!("{more} more aether: {name}")
        } else {
            format!("Next: {name}, {more} more aether")
        })
    }
}

/// Books a run that reached its summary. Call once per run.
///
/// A run that went on into endless was booked at its clear; its end books
/// nothing more into the profile (docs/game.md#endless: endless does not count toward meta
/// progress): it goes to the endless leaderboard ([`note_endless`]).
pub fn book_run(profile: &mut Profile, cat: &Catalog, run: &Run) -> RunEnd {
    observe_loadout(&mut profile.codex, run.world(), run.carry());
    let wave = run.world().wave;
    let won = run.outcome() == Some(Outcome::Won);
    let mut aether = if run.endless() {
        AetherGain::default()
    } else {
        profile.finish_run(wave, won, run.setup().ng_plus)
    };
    // Cleared boss rushes pay even in endless (docs/game.md#boss-rush).
    aether.rush = run.rushes_cleared() * crate::run::modes::RUSH_AETHER;
    profile.aether = profile.aether.saturating_add(aether.rush);
    if won {
        profile.best_ng_plus = profile.best_ng_plus.max(run.setup().ng_plus);
    }
    let nth = profile.runs;
    profile
        .pending_history
        .push(super::history::record_of(run, super::store::unix_now(), nth));
    let affordable = cat
        .unlocks
        .unlocks
        .iter()
        .filter(|u| !profile.unlocked.contains(&u.id) && u.cost <= profile.aether)
        .map(|u| format!("{} ({} fragments)", u.name, u.cost))
        .collect();
    let next_unlock = cat
        .unlocks
        .unlocks
        .iter()
        .filter(|u| !profile.unlocked.contains(&u.id) && u.cost > profile.aether)
        .min_by_key(|u| u.cost)
        .map(|u| (u.name.clone(), u.cost - profile.aether));
    RunEnd {
        wave,
        won,
        aether,
        aether_now: profile.aether,
        affordable,
        next_unlock,
        last_will_spent: run.setup().last_will && !run.carry().ledger.last_will,
    }
}

/// The setup of a run from a seed the player typed (docs/share.md#seeded-runs):
/// the profile's own run, marked as seeded.
pub fn seeded_setup(profile: &Profile, cat: &Catalog, seed: u64) -> RunSetup {
    RunSetup {
        seeded: true,
        ..setup_for(profile, cat, seed)
    }
}

/// The daily run of `date` (docs/share.md#daily): the date's seed and one
/// fixed rule set for every player. Its unlocks are a new profile's (what
/// `data/unlocks.json` locks stays locked), with no talent and no lesson,
/// whatever this profile owns.
pub fn daily_setup(cat: &Catalog, date: crate::share::daily::Date) -> RunSetup {
    RunSetup {
        seed: crate::share::daily::daily_seed(date),
        last_wave: cat.waves.len() as u32,
        locked: cat.unlocks.locked_content(&Default::default()),
        onboarding: None,
        last_will: false,
        daily: Some(date.to_string()),
        ..RunSetup::default()
    }
}

/// Notes a booked run in the local records (best wave, fastest clear), with
/// its elapsed fight time, seed and build checksum. A daily run goes to the
/// daily table instead (its rule set is not the profile's), and only the
/// first attempt of a date counts.
pub fn note_records(records: &mut super::Records, run: &Run, end: &RunEnd) -> super::RecordNews {
    if let Some(date) = &run.setup().daily {
        let s = run.summary();
        records.note_daily(super::boards::DailyRecord {
            date: date.clone(),
            wave: end.wave,
            elapsed_s: s.elapsed_s,
            score: crate::share::verify::score(end.wave, s.elapsed_s),
            build_code: s.build_code.clone(),
            timestamp: super::store::unix_now(),
        });
        return super::RecordNews::default();
    }
    let w = run.world();
    let elapsed = w.run_steps as f64 * f64::from(w.dt());
    let loadout = &run.carry().loadout;
    let deck = loadout.active_deck_ids();
    let deck: Vec<&str> = deck.iter().map(String::as_str).collect();
    let checksum = super::meta::build_checksum(&loadout.active().id, &deck);
    let news = records.note_run(
        end.wave,
        end.won,
        elapsed,
        run.setup().seed,
        &checksum,
        super::store::unix_now(),
    );
    if run.setup().seeded {
        records.mark_seeded(news);
    }
    news
}

/// Notes an endless run that ended in the endless leaderboard (wave first,
/// then elapsed time; the most recent 20 kept, each with its build checksum).
pub fn note_endless(records: &mut super::Records, run: &Run) {
    let w = run.world();
    let loadout = &run.carry().loadout;
    let deck = loadout.active_deck_ids();
    let deck: Vec<&str> = deck.iter().map(String::as_str).collect();
    records.note_endless(super::meta::EndlessRecord {
        wave: w.wave,
        elapsed_sec: w.run_steps as f64 * f64::from(w.dt()),
        build_checksum: super::meta::build_checksum(&loadout.active().id, &deck),
        timestamp: super::store::unix_now(),
    });
}

/// The W8 mini-boss warning (docs/game.md#milestones-and-practice): on the profile's first
/// arrival at wave 8, once; it enters the wave's boss in the codex. Returns
/// the warning to show.
pub fn mini_boss_warning(profile: &mut Profile, cat: &Catalog, run: &Run) -> Option<String> {
    const WAVE: u32 = 8;
    if profile.mini_boss_warned || run.world().wave != WAVE || run.phase() != crate::run::Phase::Fight {
        return None;
    }
    let boss = cat.waves.get(WAVE as usize - 1)?.boss.as_ref()?;
    let name = cat
        .bosses
        .get(&boss.boss_id)
        .map_or(boss.boss_id.clone(), |b| b.display_name.clone());
    profile.mini_boss_warned = true;
    let mut opened = Vec::new();
    profile.codex.open(Section::Bosses, &boss.boss_id, &mut opened);
    Some(format!(
        "Warning: a mini boss, the {name}, comes this wave. Its entry is in your codex."
    ))
}

/// A codex entry opened just now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    /// Its section.
    pub section: Section,
    /// The id of the thing met.
    pub id: String,
}

impl Codex {
    /// Opens `id` in `section`; true the first time.
    fn open(&mut self, section: Section, id: &str, opened: &mut Vec<Opened>) {
        let set = section.met_mut(self);
        if !set.contains(id) {
            set.insert(id.to_string());
            opened.push(Opened {
                section,
                id: id.to_string(),
            });
        }
    }
}

/// Opens the entries of what the player holds: chips and cores (bought,
/// carried or waiting), items (worn or stashed) and artifacts, and the
/// resonance recipes of the deck that fought the last wave. Cheap (a few
/// dozen ids and one fusion of the deck); called at phase changes, never per frame.
pub fn observe_loadout(codex: &mut Codex, world: &World, carry: &Carry) -> Vec<Opened> {
    let mut opened = Vec::new();
    for core in carry.loadout.cores() {
        codex.open(Section::Cores, &core.id, &mut opened);
        for card in &core.deck {
            codex.open(Section::Spells, &card.id, &mut opened);
        }
        for entry in &core.entries {
            for card in &entry.cards {
                codex.open(Section::Spells, &card.id, &mut opened);
            }
        }
    }
    for card in &carry.loadout.waiting {
        codex.open(Section::Spells, &card.id, &mut opened);
    }
    let eq = &carry.equipment;
    for item in [&eq.hands, &eq.armour, &eq.pocket, &eq.bag]
        .into_iter()
        .flatten()
        .chain(&carry.stash)
    {
        codex.open(Section::Items, &item.base, &mut opened);
    }
    for a in &eq.artifacts {
        codex.open(Section::Artifacts, &a.id, &mut opened);
    }
    // A resonance fused into the deck that fought the last wave was drawn in
    // its first cycle: triggered. (The wave's figures last until the next.)
    let cat = world.catalog();
    if world.stats.casts > 0 {
        let ids: Vec<_> = carry
            .loadout
            .active()
            .deck
            .iter()
            .filter_map(|c| cat.spells.find(&c.id))
            .collect();
        for f in crate::vm::resonance::fuse(&ids, &cat.recipes) {
            if let Some(r) = f.recipe {
                codex.open(Section::Recipes, &cat.recipes.get(r).def.id, &mut opened);
            }
        }
    }
    opened
}

/// Opens the entries of what a fight shows: enemy kinds and bosses on the
/// field and reactions triggered this wave (the alchemy log, toasted in the
/// fight). One pass over the enemy slots; the window calls it every frame of
/// a fight.
pub fn observe_fight(codex: &mut Codex, world: &World) -> Vec<Opened> {
    let mut opened = Vec::new();
    let cat = world.catalog();
    for e in world.enemies().slots().iter().filter(|e| e.alive) {
        if let Some(boss) = &e.boss {
            codex.open(Section::Bosses, &boss.def.boss_id, &mut opened);
        } else if let Some(def) = cat.enemies.defs.get(e.kind as usize) {
            codex.open(Section::Enemies, &def.id, &mut opened);
        }
    }
    for (kind, n) in crate::combat::ReactionKind::ALL
        .iter()
        .zip(world.stats.reactions_by_kind)
    {
        if n > 0 {
            codex.open(Section::Reactions, kind.name(), &mut opened);
        }
    }
    opened
}
