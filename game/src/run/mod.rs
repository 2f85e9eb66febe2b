//! A run: the one state machine of [`flow`], advanced only by the
//! [`command`]s that the window, the scripted player of [`script`] and a
//! [`replay`] produce, and what it reports ([`report`]).
//!
//! Outcome: `died` when the player's HP reaches 0; `won` when wave 20 (the
//! last wave of the game, the void lord's) ends with the player alive and its
//! boss dead (a boss wave runs up to `boss_overtime_s` past its time while the
//! boss lives); `survived` when the run ends alive otherwise (fewer waves asked
//! for, or the last boss outlived the overtime).

pub mod build_code;
pub mod build_rules;
pub mod command;
pub mod daily;
pub mod flow;
pub mod forecast;
pub mod format;
pub mod modes;
pub mod record;
pub mod replay;
pub mod report;
pub mod script;
pub mod setup;

#[cfg(test)]
mod carry_tests;

use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};
use serde::{Deserialize, Serialize};

pub use command::{Command, StepInput};
pub use flow::{CommandError, Phase, Run, RunSetup};
pub use replay::{Playback, Recorder, Replay, ReplayError};
pub use report::{Outcome, RunReport, RunSummary, WaveReport};
pub use script::{PlayLog, Policy};

use crate::catalog::Catalog;
use crate::loot::item::Item;
use crate::shop::{Card, CarriedCore, Loadout, ShopPool};
use crate::world::{Carry, World, WorldError};

/// A build given to the sim (`--build FILE`): the active core, its deck in
/// slot order, and items worn from the start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Build {
    /// Core id.
    pub core: String,
    /// Spell ids, slot order.
    pub deck: Vec<String>,
    /// Cards for the core's extra entries (Sentinel: `on_hit`, Reaper: `on_kill`).
    #[serde(default, skip_serializing_if = "BuildEntries::is_empty")]
    pub entries: BuildEntries,
    /// Plain items to wear from the start, by slot: `"equipment": {"hands":
    /// "saber", "armour": "leather_vest"}` (base ids of `data/loot/bases.json`;
    /// common, item level 1). For rolled items use `items`.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub equipment: std::collections::BTreeMap<crate::loot::item::Slot, String>,
    /// Items to wear (the loot item format).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Item>,
}

/// The entry decks of a build file: `"entries": {"on_hit": [...], "on_kill": [...]}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildEntries {
    /// Spell ids cast when the player is hit.
    #[serde(default)]
    pub on_hit: Vec<String>,
    /// Spell ids cast when the player kills.
    #[serde(default)]
    pub on_kill: Vec<String>,
    /// Spell ids cast when the player dashes (the Dash Wave core).
    #[serde(default)]
    pub on_dash: Vec<String>,
    /// The chip kept by Store Magic (cast on Q); needs an item with Store Magic.
    #[serde(default)]
    pub stored: Vec<String>,
}

impl BuildEntries {
    /// No entry cards.
    pub fn is_empty(&self) -> bool {
        self.on_hit.is_empty() && self.on_kill.is_empty() && self.on_dash.is_empty() && self.stored.is_empty()
    }
}

/// What to play.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Run seed.
    pub seed: u64,
    /// Waves to play (1–20).
    pub waves: u32,
    /// Compute backend.
    pub backend: Backend,
    /// Starting build instead of `data/world.json`'s.
    pub build: Option<Build>,
    /// The scripted player's policy.
    pub policy: Policy,
    /// The mode: endless, boss rush, curse, practice, NG+, a later start.
    pub mode: ModeOptions,
}

/// How a headless run is played beyond its seed and build
/// (`artificer sim --mode … --ng-plus N --start-wave W`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ModeOptions {
    /// Which mode.
    pub mode: Mode,
    /// NG+ level.
    pub ng_plus: u32,
    /// Start before this wave (with the catch-up of `setup::catch_up`; in
    /// practice mode, the practice wave).
    pub start_wave: Option<u32>,
    /// The curse of `Mode::Curse` (default: the first of `curses.json`).
    pub curse: Option<String>,
    /// Play as the title screen starts run N of a fresh profile
    /// (`sim --lesson N`, docs/game.md#lessons): 1–4 the onboarding lessons,
    /// 5 the first open run; every unlock still locked.
    pub lesson: Option<u8>,
    /// The archetype the competent policy is steered toward
    /// (`sim --archetype`, docs/balance.md#archetypes).
    pub archetype: Option<script::competent::Archetype>,
}

/// The run modes of docs/game.md#modes-and-meta and the unlock tree's curse waves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// The twenty waves.
    #[default]
    Standard,
    /// The twenty waves, then on past the clear (the scripted player picks
    /// Endless at the clear) up to `--waves`.
    Endless,
    /// From a milestone with the unlimited shop, booking nothing.
    Practice,
    /// Every wave a rush of three bosses.
    BossRush,
    /// Every wave under a curse's rules.
    Curse,
}

impl Mode {
    /// The name `--mode` takes.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Standard => "standard",
            Mode::Endless => "endless",
            Mode::Practice => "practice",
            Mode::BossRush => "boss-rush",
            Mode::Curse => "curse",
        }
    }
}

impl ModeOptions {
    /// The run setup of these options for `seed`, `waves` (the last wave)
    /// and `build`.
    pub fn setup(&self, cat: &Catalog, seed: u64, waves: u32, build: Option<Build>) -> RunSetup {
        let game_waves = cat.waves.len() as u32;
        let endless = matches!(self.mode, Mode::Endless | Mode::BossRush)
            || self.start_wave.is_some_and(|w| w > game_waves);
        let last_wave = if endless {
            waves.max(1)
        } else {
            waves.clamp(1, game_waves)
        };
        let mut setup = RunSetup {
            seed,
            last_wave,
            build,
            ng_plus: self.ng_plus,
            ..RunSetup::default()
        };
        match self.mode {
            Mode::Practice => setup.practice = Some(self.start_wave.unwrap_or(1).clamp(1, last_wave)),
            _ => setup.start_wave = self.start_wave,
        }
        setup.boss_rush = self.mode == Mode::BossRush;
        if self.mode == Mode::Curse {
            setup.curse = self.curse.clone().or_else(|| modes::first_curse(cat));
        }
        // The bolts-only control starts without the start's area chips.
        if setup.build.is_none()
            && self.lesson.is_none()
            && let Some(deck) = self.archetype.and_then(|a| a.start_deck(cat))
        {
            setup.build = Some(Build {
                core: cat.run.world.starting_core.clone(),
                deck,
                entries: Default::default(),
                equipment: Default::default(),
                items: Vec::new(),
            });
        }
        if let Some(n) = self.lesson {
            setup.locked = cat.unlocks.locked_content(&Default::default());
            setup.onboarding = (n <= setup::ONBOARDING_RUNS).then_some(n);
        }
        setup
    }
}

/// Why a run could not be played.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The world refused (bad build, missing wave, no device).
    #[error(transparent)]
    World(#[from] WorldError),
    /// The build breaks a rule a player is held to (docs/data.md#builds).
    #[error("the build: {0}")]
    Build(#[from] build_rules::BuildRuleError),
    /// The setup names a field no run can start from (a hand-edited replay or saved run).
    #[error("the run's setup: {0}")]
    Setup(#[from] setup::SetupError),
    /// The run refused a command of the scripted player (a bug in the script).
    #[error("the scripted player's `{command}` was refused: {why}")]
    Script {
        /// The command's name.
        command: &'static str,
        /// Why.
        why: String,
    },
    /// A build item could not be worn.
    #[error("build item {index}: {source}")]
    Item {
        /// Index in `items`.
        index: usize,
        /// Why.
        source: crate::loot::equipment::EquipError,
    },
}

/// What about the player changes the shop's stock.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ShopFor {
    /// A carried core runs raw registers (the DEBUG core): the register
    /// chips are stocked, which nothing else can slot.
    pub raw_registers: bool,
    /// The player's `luck` stat.
    pub luck: f32,
}

impl ShopFor {
    /// The shop's view of `world`'s player.
    pub fn of(world: &World, carry: &Carry) -> Self {
        let cat = world.catalog();
        Self {
            raw_registers: carry.loadout.cores().iter().any(|c| {
                cat.cores
                    .find(&c.id)
                    .is_some_and(|i| cat.cores.get(i).raw_registers)
            }),
            luck: world.player.stat(crate::stats::StatId::Luck),
        }
    }
}

/// Shelf A and B stock from the catalogue: every spell and core sold in
/// shops, weighted by rarity (`data/shop.json` `rarity_weights`), a chip's
/// weight times its factor in `spell_weights`.
///
/// Luck (docs/game.md#stats-and-caps: "affects the drop rate of higher-tier spells")
/// multiplies the weight of rarity `r` by `1 + luck / 100 × (r − 1)`: at the
/// soft cap of 100 luck, rare offers come twice and epic ones three times as
/// often as without. Register chips are stocked only for a player carrying a
/// DEBUG core (docs/game.md#logic-and-registers: raw registers are that core's purpose).
pub fn shop_pool(cat: &Catalog, who: ShopFor) -> ShopPool {
    let w = &cat.run.shop.rarity_weights;
    let lucky = |rarity: u8| 1.0 + (who.luck.max(0.0) / 100.0) * f32::from(rarity.max(1) - 1);
    let weight = |rarity: u8| w.get(usize::from(rarity.max(1)) - 1).copied().unwrap_or(0.0) * lucky(rarity);
    let spells = (0..cat.spells.len() as u32)
        .map(|i| cat.spells.get(crate::vm::SpellIdx(i)))
        .filter(|s| s.in_shop && s.price > 0)
        .filter(|s| who.raw_registers || s.kind != crate::vm::SpellKind::Register)
        .map(|s| crate::shop::PoolEntry {
            id: s.id.clone(),
            price: u64::from(s.price),
            weight: weight(s.rarity) * cat.run.shop.spell_weight(&s.id),
            capacity: 0,
            entries: Vec::new(),
            role: match s.kind {
                crate::vm::SpellKind::Action => crate::shop::ChipRole::Fires,
                _ => crate::shop::ChipRole::ActsOnNext,
            },
        })
        .collect();
    let fires = (0..cat.spells.len() as u32)
        .map(|i| cat.spells.get(crate::vm::SpellIdx(i)))
        .filter(|s| s.kind == crate::vm::SpellKind::Action)
        .map(|s| s.id.clone())
        .collect();
    let cores = cat
        .cores
        .iter()
        .filter(|c| c.price > 0)
        .map(|c| crate::shop::PoolEntry {
            id: c.id.clone(),
            price: u64::from(c.price),
            weight: weight(c.rarity),
            capacity: c.capacity as usize,
            entries: c.entries.iter().map(|e| (e.on, e.capacity as usize)).collect(),
            role: crate::shop::ChipRole::Fires,
        })
        .collect();
    ShopPool {
        spells,
        cores,
        fires,
        dead_stats: Vec::new(),
    }
}

/// Why a build file (`--build`) could not be used: names the file and what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum BuildFileError {
    /// The file could not be read.
    #[error("cannot read {}: {source}", .path.display())]
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a build (names the path inside the document).
    #[error("{0}")]
    Parse(#[from] crate::data::DataError),
}

/// For callers that report errors as text (the window's start screen).
impl From<BuildFileError> for String {
    fn from(e: BuildFileError) -> String {
        e.to_string()
    }
}

/// Reads a build file (`--build`), naming the file and what is wrong.
pub fn load_build(path: &std::path::Path) -> Result<Build, BuildFileError> {
    let text = crate::data::read_bounded(path, crate::data::limits::MAX_BUILD_BYTES).map_err(|source| {
        BuildFileError::Read {
            path: path.to_path_buf(),
            source,
        }
    })?;
    Ok(crate::data::parse_json::<Build>(path, &text)?)
}

/// Applies a build to a fresh run's carry (and the fight's view of its gear).
pub fn apply_build(world: &mut World, carry: &mut Carry, build: &Build) -> Result<(), RunError> {
    let cat = world.catalog().clone();
    let core = cat
        .cores
        .find(&build.core)
        .map(|i| cat.cores.get(i))
        .ok_or(WorldError::Unknown {
            what: "core",
            id: build.core.clone(),
        })?;
    let cards = |ids: &[String]| -> Result<Vec<Card>, WorldError> {
        ids.iter()
            .map(|id| {
                let s = cat.spells.find(id).ok_or(WorldError::Unknown {
                    what: "spell",
                    id: id.clone(),
                })?;
                Ok(Card {
                    id: id.clone(),
                    paid: u64::from(cat.spells.get(s).price),
                })
            })
            .collect()
    };
    let entries: Vec<_> = core.entries.iter().map(|e| (e.on, e.capacity as usize)).collect();
    let mut carried = CarriedCore::new(
        core.id.clone(),
        u64::from(core.price),
        core.capacity as usize,
        &entries,
    );
    carried.deck = cards(&build.deck)?;
    for (on, name, ids) in [
        (crate::vm::EntryOn::Hit, "on_hit", &build.entries.on_hit),
        (crate::vm::EntryOn::Kill, "on_kill", &build.entries.on_kill),
        (crate::vm::EntryOn::Dash, "on_dash", &build.entries.on_dash),
    ] {
        if ids.is_empty() {
            continue;
        }
        let Some(e) = carried.entries.iter_mut().find(|e| e.on == on) else {
            return Err(WorldError::Unknown {
                what: "entry of this core",
                id: name.to_string(),
            }
            .into());
        };
        e.cards = cards(ids)?;
    }
    carry.loadout = Loadout::new(carried);
    for (slot, base) in &build.equipment {
        let fits = cat.loot.bases.get(base).map(|b| b.class.slot());
        match fits {
            None => {
                return Err(WorldError::Unknown {
                    what: "item base",
                    id: base.clone(),
                }
                .into());
            }
            Some(s) if s != Some(*slot) => {
                return Err(WorldError::Unknown {
                    what: "item base for that slot",
                    id: format!("{base} in the {} slot", slot.name()),
                }
                .into());
            }
            Some(_) => {}
        }
        let item = Item::new(base, 1, crate::loot::rarity::Rarity::Common);
        world
            .equip(carry, item)
            .map_err(|source| RunError::Item { index: 0, source })?;
    }
    for (index, item) in build.items.iter().enumerate() {
        world
            .equip(carry, item.clone())
            .map_err(|source| RunError::Item { index, source })?;
    }
    world.sync_slots(carry);
    // The stored chip waits unused unless a worn item has Store Magic (a
    // probe plays that); a run's build is held to it by `build_rules`.
    carry.loadout.stored.cards = cards(&build.entries.stored)?;
    Ok(())
}

/// Plays a run with the scripted player and reports it.
pub fn play(cat: Arc<Catalog>, opts: &RunOptions, ctx: Option<&GpuContext>) -> Result<RunReport, RunError> {
    let run = play_recorded(cat, opts, ctx, false)?;
    Ok(run.report())
}

/// Plays a run with the scripted player; with `record`, every command is
/// kept for a replay file ([`Run::recorder`]). Returns the finished run.
pub fn play_recorded(
    cat: Arc<Catalog>,
    opts: &RunOptions,
    ctx: Option<&GpuContext>,
    record: bool,
) -> Result<Run, RunError> {
    play_logged(cat, opts, ctx, record).map(|(run, _)| run)
}

/// [`play_recorded`], also returning what the script logged (the policy,
/// the build's DPS before each wave, boss kill times).
pub fn play_logged(
    cat: Arc<Catalog>,
    opts: &RunOptions,
    ctx: Option<&GpuContext>,
    record: bool,
) -> Result<(Run, PlayLog), RunError> {
    let setup = opts.mode.setup(&cat, opts.seed, opts.waves, opts.build.clone());
    let mut run = Run::new(cat, setup, opts.backend, ctx)?;
    if record {
        run.record(Recorder::default());
    }
    let log = script::play_as(&mut run, opts.policy, opts.mode.archetype)?;
    Ok((run, log))
}

/// Re-runs a replay headless to its end, checking every recorded wave hash.
/// `backend` overrides the one it was recorded on.
pub fn play_replay(
    cat: Arc<Catalog>,
    replay: Replay,
    backend: Option<Backend>,
    ctx: Option<&GpuContext>,
) -> Result<Run, ReplayError> {
    let backend = backend.unwrap_or(replay.header.backend);
    let mut run = Run::new(cat, replay.header.setup.clone(), backend, ctx)
        .map_err(|e| ReplayError::Start(e.to_string()))?;
    let mut playback = Playback::new(replay);
    while playback.advance(&mut run)? {}
    Ok(run)
}
