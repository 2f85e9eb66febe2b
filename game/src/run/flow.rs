//! The run as one state machine (docs/architecture.md#run-flow), advanced only by [`Command`]s:
//!
//! ```text
//! Lab ──StartWave──▶ Fight(wave) ──(wave over)──▶ Settlement ──Continue──▶ LevelUp* ──▶ Shop ◀──▶ Armoury
//!  ▲                     │ died / last wave                                              │
//!  └─────────────────────┼──────────────────────── LeaveShop ───────────────────────────┘
//!                        ▼
//!                     Summary
//! ```
//!
//! Every rule between waves is written here once, and the window, the
//! scripted player of `artificer sim` and a replay all go through it:
//! - **the clear condition** (docs/game.md#the-clear): the run is won when the boss
//!   of the game's last wave dies. A last wave that ends with its boss alive
//!   (it outlived the overtime) ends the run as `survived`, not won;
//! - settlement and interest (in [`World::end_wave`]), level-up offers from
//!   the `levelup` stream, shop stock and refreshes from the `shop` stream,
//!   purchases, selling, switching cores, moving cards, equipment and the
//!   crafting bench (the `crafting` stream);
//! - the per-wave report and the `state_hash` after every wave.
//!
//! A command that is not allowed now (wrong phase, no such offer, too little
//! gold) is refused with a [`CommandError`] and changes nothing, not even a
//! random stream; the recorder keeps only accepted commands, so a replay that
//! meets a refusal was edited or damaged.

use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};
use rand_chacha::ChaCha8Rng;

use super::command::{Command, StepInput};
use super::record::Recorder;
use super::report::{Outcome, RunReport, RunSummary, WaveReport, wave_report};
pub use super::setup::RunSetup;
use super::{RunError, ShopFor, apply_build, shop_pool};
use crate::catalog::Catalog;
use crate::loot::artifacts::ArtifactInstance;
use crate::rng::{stream, streams};
use crate::shop::{Shop, ShopPool};
use crate::world::{Carry, StateHasher, WaveStats, World};

mod dispatch;
mod shop_choices;
mod wave_end;

pub use shop_choices::ShopChoices;

/// Where a run stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Building the core before the next wave.
    Lab,
    /// A wave is being fought.
    Fight,
    /// The wave's totals and the settlement are shown.
    Settlement,
    /// A level-up upgrade is to be chosen.
    LevelUp,
    /// Buying between waves.
    Shop,
    /// Equipment and crafting, reached from the shop.
    Armoury,
    /// The run is over ([`Run::outcome`] says how).
    Summary,
}

/// Why a command was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CommandError {
    /// The command does not belong to the current phase.
    #[error("`{command}` is not possible in the {phase:?} phase")]
    WrongPhase {
        /// The command's name.
        command: &'static str,
        /// The phase the run was in.
        phase: Phase,
    },
    /// The rules refused it (the reason as the player reads it).
    #[error("{0}")]
    Refused(String),
}

/// A whole run: the world and everything between waves.
#[derive(Debug)]
pub struct Run {
    world: World,
    /// What the run keeps between waves, lent to every fight step.
    carry: Carry,
    setup: RunSetup,
    phase: Phase,
    shop: Option<Shop>,
    shop_rng: ChaCha8Rng,
    levelup_rng: ChaCha8Rng,
    crafting_rng: ChaCha8Rng,
    offer: Vec<usize>,
    loose: Vec<ArtifactInstance>,
    last_wave: Option<WaveStats>,
    reports: Vec<WaveReport>,
    outcome: Option<Outcome>,
    summary: RunSummary,
    recorder: Option<Recorder>,
    /// The run's last wave now: the setup's, lifted when the run goes endless.
    final_wave: u32,
    /// The W20 boss fell (GAME_CLEARED).
    cleared: bool,
    /// The player chose to go on after the clear.
    endless: bool,
    /// The plan of the wave being fought or last fought.
    plan: Option<super::modes::WavePlan>,
    /// Boss rushes cleared this run (each pays `modes::RUSH_AETHER`).
    rushes_cleared: u32,
    /// Steps of the wave being fought with no enemy alive: the report's
    /// `empty_s` (docs/game.md#wave-end). A figure, not run state: it is
    /// not hashed and no rule reads it.
    empty_steps: u64,
    /// Locks kept for the next shop, level-up rerolls, the chip tried on.
    choices: ShopChoices,
}

impl Run {
    /// A fresh run in the lab. `ctx` is needed for [`Backend::Gpu`].
    pub fn new(
        cat: Arc<Catalog>,
        setup: RunSetup,
        backend: Backend,
        ctx: Option<&GpuContext>,
    ) -> Result<Self, RunError> {
        setup.check()?;
        if let Some(b) = &setup.build {
            super::build_rules::check_build(&cat, b)?;
        }
        let (mut world, mut carry) = World::new_run(cat.clone(), setup.seed, backend, ctx)?;
        if let Some(b) = &setup.build {
            apply_build(&mut world, &mut carry, b)?;
        } else if let Some(stage) = setup.onboarding {
            onboarding_start(&mut world, &mut carry, stage)?;
        }
        carry.ledger.last_will = setup.last_will;
        if let Some(w) = setup.practice {
            // Before the milestone wave, as if the waves before it were cleared.
            // `check` holds 1 ≤ w ≤ last_wave; min/max never panic where clamp would.
            world.wave = w.min(setup.last_wave).max(1) - 1;
        }
        // A start past the twenty waves (a tool's `--start-wave`) is endless from the start.
        let endless_start = setup.start_wave.is_some_and(|w| w > cat.waves.len() as u32);
        let seed = setup.seed;
        let mut run = Self {
            world,
            carry,
            phase: Phase::Lab,
            shop: None,
            shop_rng: stream(seed, streams::SHOP),
            levelup_rng: stream(seed, streams::LEVELUP),
            crafting_rng: stream(seed, streams::CRAFTING),
            offer: Vec::new(),
            loose: Vec::new(),
            last_wave: None,
            reports: Vec::new(),
            outcome: None,
            summary: RunSummary::default(),
            recorder: None,
            final_wave: setup.last_wave,
            cleared: endless_start,
            endless: endless_start,
            plan: None,
            rushes_cleared: 0,
            empty_steps: 0,
            choices: ShopChoices::default(),
            setup,
        };
        if let Some(w) = run.setup.start_wave.filter(|&w| w > 1) {
            // Before wave W, with the catch-up for the waves skipped.
            let (gold, levelups) = super::setup::catch_up(w);
            run.world.wave = w - 1;
            run.carry.wallet.earn(gold);
            run.carry.progress.pending_levelups += levelups;
            run.next_levelup_or_shop();
        } else if run.setup.practice.is_some() {
            run.next_levelup_or_shop();
        }
        Ok(run)
    }

    /// Starts recording every accepted command (for `--record`).
    pub fn record(&mut self, recorder: Recorder) {
        self.recorder = Some(recorder);
    }

    /// The recording so far, if recording.
    pub fn recorder(&self) -> Option<&Recorder> {
        self.recorder.as_ref()
    }

    /// What the run was started from.
    pub fn setup(&self) -> &RunSetup {
        &self.setup
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The simulation, to read (screens, the script, the renderer).
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The simulation, to change outside the rules: tests, the `--stress`
    /// load and `--screen` previews, never a player's action (which goes
    /// through [`Run::apply`]).
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// What the run carries between waves, to read (screens, the script).
    pub fn carry(&self) -> &Carry {
        &self.carry
    }

    /// What the run carries, to change outside the rules (the same uses as
    /// [`Run::world_mut`]).
    pub fn carry_mut(&mut self) -> &mut Carry {
        &mut self.carry
    }

    /// The fight and the carry together, to change outside the rules (the
    /// same uses as [`Run::world_mut`]).
    pub fn parts_mut(&mut self) -> (&mut World, &mut Carry) {
        (&mut self.world, &mut self.carry)
    }

    /// The shop of the current shop phase.
    pub fn shop(&self) -> Option<&Shop> {
        self.shop.as_ref()
    }

    /// What the shop sells from now: derived from the catalogue, the
    /// carried cores and luck each time it is needed (a few dozen entries,
    /// only between waves).
    pub fn pool(&self) -> ShopPool {
        let mut pool = shop_pool(self.world.catalog(), ShopFor::of(&self.world, &self.carry));
        self.setup.narrow(self.world.catalog(), &mut pool);
        // A core the player carries is never offered again (docs/screens.md#no-traps).
        let carried = self.carry.loadout.cores();
        pool.cores.retain(|e| !carried.iter().any(|c| c.id == e.id));
        let core_mana = self.world.catalog().cores.find(&self.carry.loadout.active().id);
        let core_mana = core_mana.map(|i| self.world.catalog().cores.get(i).mana_max);
        pool.dead_stats = crate::shop::stock::dead_stat_offers(
            &self.world.catalog().run.shop,
            self.world.player.stats(),
            core_mana,
        );
        pool
    }

    /// The upgrades offered by the current level-up (indices into `data/levelups.json`).
    pub fn offer(&self) -> &[usize] {
        &self.offer
    }

    /// Artifacts held but not socketed.
    pub fn loose_artifacts(&self) -> &[ArtifactInstance] {
        &self.loose
    }

    /// Totals of the wave that ended last.
    pub fn last_wave(&self) -> Option<&WaveStats> {
        self.last_wave.as_ref()
    }

    /// How the run ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The end-of-run figures (filled when the run ends).
    pub fn summary(&self) -> &RunSummary {
        &self.summary
    }

    /// One report per finished wave.
    pub fn reports(&self) -> &[WaveReport] {
        &self.reports
    }

    /// The run's report as `artificer sim` and `artificer replay` print it.
    pub fn report(&self) -> RunReport {
        RunReport {
            seed: self.setup.seed,
            backend: self.world.backend().name().to_string(),
            wave_reached: self.world.wave,
            outcome: self.outcome,
            waves: self.reports.clone(),
            state_hash: format!("{:016x}", self.state_hash()),
            cleared: self.cleared,
            endless: self.endless,
            ng_plus: self.setup.ng_plus,
        }
    }

    /// A hash of the whole run state: the world (player, enemies, projectiles,
    /// gold, deck, items, its random streams) and the flow around it (phase,
    /// shop stock, offers, loose artifacts, the shop / level-up / crafting
    /// streams). Equal hashes after the same commands prove a replay.
    pub fn state_hash(&self) -> u64 {
        let mut h = StateHasher::default();
        self.world.hash_state(&self.carry, &mut h);
        h.part("phase", &self.phase);
        h.part("shop", &self.shop);
        h.part("offer", &self.offer);
        h.part("loose", &self.loose);
        h.part("rng shop", &self.shop_rng);
        h.part("rng levelup", &self.levelup_rng);
        h.part("rng crafting", &self.crafting_rng);
        h.part("outcome", &self.outcome);
        h.part("final wave", &self.final_wave);
        h.part("cleared", &(self.cleared, self.endless));
        if let Some(c) = self.choices.hashed() {
            h.part("choices", &c);
        }
        h.finish()
    }

    /// Applies one command. `Ok` may carry a line for the screen's log (a
    /// crafting result); `Err` means it was refused and nothing changed.
    pub fn apply(&mut self, cmd: Command) -> Result<Option<String>, CommandError> {
        let note = self.dispatch(&cmd)?;
        let wave_ended = matches!(cmd, Command::Step(_)) && self.phase != Phase::Fight;
        if let Some(r) = &mut self.recorder {
            r.push(&cmd);
            if wave_ended && let Some(w) = self.reports.last() {
                r.mark_wave(w.wave, &w.state_hash);
            }
        }
        Ok(note)
    }

    /// One fixed step of the fight, then the end of the wave if it is over.
    fn step(&mut self, input: StepInput) {
        let w = &mut self.world;
        w.step(&mut self.carry, &input.player_input());
        if w.enemies().alive_count() == 0 {
            self.empty_steps += 1;
        }
        if !w.player.alive() || w.wave_done() {
            self.end_wave();
        }
    }

    /// The W20 boss fell in this run.
    pub fn cleared(&self) -> bool {
        self.cleared
    }

    /// The run went on into endless after its clear.
    pub fn endless(&self) -> bool {
        self.endless
    }

    /// Boss rushes cleared this run (docs/game.md#boss-rush: each pays
    /// aether fragments when the run is booked).
    pub fn rushes_cleared(&self) -> u32 {
        self.rushes_cleared
    }

    /// The plan of the wave being fought (or the last one fought).
    pub fn plan(&self) -> Option<&super::modes::WavePlan> {
        self.plan.as_ref()
    }

    fn note_bought(&mut self, id: String) {
        if let Some(r) = self.reports.last_mut() {
            r.bought.push(id);
        }
    }

    /// The summary of a cleared run, without playing it: the window's
    /// `--screen clear` preview of the clear scene. Never recorded.
    pub fn preview_clear(&mut self) {
        self.outcome = Some(Outcome::Won);
        self.cleared = true;
        self.freeze_summary();
        self.phase = Phase::Summary;
    }

    /// Ends the run where it stands (the pause menu's Abandon,
    /// docs/screens.md#run-management): it goes to its summary as a run
    /// that did not survive, and the profile books it as one that ended at
    /// this wave. Not a command: a recording stops at the last command before it.
    pub fn abandon(&mut self) {
        if self.phase == Phase::Summary {
            return;
        }
        if self.phase == Phase::Fight {
            // The wave in progress counts as far as it went.
            self.summary.add_wave(&self.world.stats, &self.world.credit);
        }
        self.outcome = Some(Outcome::Died);
        self.freeze_summary();
        self.phase = Phase::Summary;
    }

    /// Puts the run in a phase without playing up to it: the window's
    /// `--screen shop|armoury|summary --wave N` previews. Not a command, never
    /// recorded; a run that used it is not a replayable run.
    pub fn preview_phase(&mut self, phase: Phase) {
        match phase {
            Phase::Shop | Phase::Armoury => {
                let cat = self.world.catalog().clone();
                if self.shop.is_none() {
                    self.shop = Some(Shop::open(&cat.run.shop, &self.pool(), &mut self.shop_rng));
                }
            }
            Phase::Summary => {
                self.outcome = Some(Outcome::Died);
                self.freeze_summary();
            }
            _ => {}
        }
        self.phase = phase;
    }
}

/// The first runs' fixed start (docs/game.md#lessons): the starter core with
/// the normal starting deck (`starting_deck` in data/world.json, which mows
/// W1–3: docs/balance.md#the-first-waves); run 3 adds a second Damage Plus
/// and run 4 the first trigger (Trigger on Hit) to the waiting area, for the
/// player to slot.
fn onboarding_start(world: &mut World, carry: &mut Carry, stage: u8) -> Result<(), RunError> {
    let core = world.catalog().run.world.starting_core.clone();
    let build = super::Build {
        core,
        deck: world.catalog().run.world.starting_deck.clone(),
        entries: Default::default(),
        equipment: Default::default(),
        items: Vec::new(),
    };
    apply_build(world, carry, &build)?;
    let gift = match stage {
        3 => Some("damage_plus"),
        4 => Some("trigger_hit"),
        _ => None,
    };
    if let Some(id) = gift {
        let cat = world.catalog().clone();
        let paid = cat
            .spells
            .find(id)
            .map_or(0, |i| u64::from(cat.spells.get(i).price));
        carry
            .loadout
            .waiting
            .push(crate::shop::Card { id: id.into(), paid });
    }
    Ok(())
}
