//! The scripted player of `artificer sim`: how it moves, what it buys, which
//! level-up it takes. Deterministic (no randomness of its own), and it acts
//! only through [`Command`]s on the [`Run`], so every scripted run is a valid
//! replay.
//!
//! Three policies (`artificer sim --policy starter|competent|newcomer`),
//! stated in their modules:
//! * [`starter`]: the simple shopper (multicasts, damage modifiers, whatever
//!   damaging action the shelf has), the baseline of earlier balance passes;
//! * [`competent`]: builds like a player who read the codex: one element
//!   plan (lightning on a water coat), damage modifiers ahead of multicasts,
//!   homing, bigger cores toward more slots, mana kept balanced, damage and
//!   survivability bought in proportion, loot compared and worn;
//! * [`newcomer`]: a player in their first hour (flees what the screen
//!   shows, never edits the deck, first level-up, cheapest offer), the
//!   yardstick of the onboarding lessons.
//!
//! The first two move and dash alike ([`movement`]). Between waves the sim also
//! measures the build's single-target DPS on the test range ([`measure`]),
//! in a world of its own, so the measurement never touches the run.

pub mod competent;
pub mod measure;
pub mod movement;
pub mod newcomer;
pub mod starter;

use serde::Serialize;

pub use movement::{COIN_SEEK, DANGER, DASH_WHEN, Steer, WALL, should_dash, steer, steer_with};
pub use starter::{
    LEVELUP_PRIORITY, MANA_SECONDS, MAX_REFRESHES, REFRESH_FLOOR, RESERVE, STAT_PRIORITY, ShopVisit,
    pick_levelup, shop, spell_score,
};

use super::{Command, Phase, Run, RunError, StepInput};
use crate::loot::gear_actions::EquipmentAction;

/// Which scripted player plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// The simple shopper ([`starter`]).
    #[default]
    Starter,
    /// The codex reader ([`competent`]).
    Competent,
    /// The first-hour player ([`newcomer`]).
    Newcomer,
}

impl Policy {
    /// The name on the command line and in the sim's JSON.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Starter => "starter",
            Policy::Competent => "competent",
            Policy::Newcomer => "newcomer",
        }
    }
}

impl std::fmt::Display for Policy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Policy {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "starter" => Ok(Policy::Starter),
            "competent" => Ok(Policy::Competent),
            "newcomer" => Ok(Policy::Newcomer),
            other => Err(format!(
                "unknown policy `{other}` (starter, competent or newcomer)"
            )),
        }
    }
}

/// What the script saw while playing, beyond the run's own report: the sim
/// adds it to its JSON.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct PlayLog {
    /// The policy that played.
    pub policy: Policy,
    /// Single-target DPS of the build that entered each wave ([`measure`]),
    /// wave 1 first.
    pub build_dps: Vec<f64>,
    /// Per boss wave whose boss died: `[wave, seconds from the wave's start]`.
    pub boss_kill_s: Vec<(u32, f64)>,
    /// The active core and deck that entered each wave, wave 1 first.
    pub decks: Vec<(String, Vec<String>)>,
}

/// Plays `run` to its end with `policy`: every phase answered with the
/// policy's commands. Only refusals are errors (a script bug); the run's own
/// outcome (death included) is in the run.
pub fn play(run: &mut Run, policy: Policy) -> Result<PlayLog, RunError> {
    play_watched(run, policy, &mut |_| {})
}

/// [`play`] with the competent policy steered toward `archetype`
/// (`sim --archetype`, [`competent::Archetype`]); other policies ignore it.
pub fn play_as(
    run: &mut Run,
    policy: Policy,
    archetype: Option<competent::Archetype>,
) -> Result<PlayLog, RunError> {
    play_inner(run, policy, archetype, &mut |_| {})
}

/// [`play`], calling `watch` after every command (the profile's codex
/// follows a scripted run through it, as it follows a played one).
pub fn play_watched(run: &mut Run, policy: Policy, watch: &mut dyn FnMut(&Run)) -> Result<PlayLog, RunError> {
    play_inner(run, policy, None, watch)
}

fn play_inner(
    run: &mut Run,
    policy: Policy,
    arch: Option<competent::Archetype>,
    watch: &mut dyn FnMut(&Run),
) -> Result<PlayLog, RunError> {
    let mut log = PlayLog {
        policy,
        ..PlayLog::default()
    };
    // The headings the newcomer has read off the screen and not yet acted
    // on: it acts on each one newcomer::REACTION_S after reading it.
    let mut seen = std::collections::VecDeque::new();
    loop {
        let cmd = match run.phase() {
            Phase::Summary => {
                // A run set up for more waves than the game has goes on past
                // its clear, as a player choosing Endless would.
                let game_waves = run.world().catalog().waves.len() as u32;
                if run.outcome() == Some(super::Outcome::Won)
                    && !run.endless()
                    && run.setup().last_wave > game_waves
                {
                    Command::Endless
                } else {
                    return Ok(log);
                }
            }
            Phase::Lab => {
                // A fighter's build is read where it fights: inside its
                // blade's reach once it wears one.
                let close = competent::fights_close(run.world(), arch);
                log.build_dps
                    .push(round2(measure::build_dps(run.world(), run.carry(), close)));
                let l = &run.carry().loadout;
                log.decks.push((l.active().id.clone(), l.active_deck_ids()));
                Command::StartWave
            }
            Phase::Fight => {
                let w = run.world();
                let dir = match policy {
                    Policy::Starter => steer(w),
                    Policy::Competent if arch.is_some_and(competent::Archetype::close_quarters) => {
                        steer_with(w, &Steer::FIGHTER)
                    }
                    Policy::Competent => steer_with(w, &Steer::COMPETENT),
                    Policy::Newcomer => newcomer::react(w, &mut seen),
                };
                let boss_dead = w.stats.boss_kills > 0;
                let (aim, dash) = match policy {
                    Policy::Starter => (None, should_dash(w, dir)),
                    Policy::Competent => (competent::boss_aim(w), should_dash(w, dir)),
                    // The newcomer has not found the dash yet.
                    Policy::Newcomer => (None, false),
                };
                send(run, Command::Step(StepInput::new(dir, aim).with_dash(dash)))?;
                watch(run);
                let w = run.world();
                if !boss_dead && w.stats.boss_kills > 0 {
                    let t = w.wave_steps as f64 * f64::from(w.dt());
                    log.boss_kill_s.push((w.wave, round2(t)));
                }
                continue;
            }
            Phase::Settlement => Command::Continue,
            Phase::LevelUp => {
                let table = &run.world().catalog().run.economy.levelups;
                let k = match policy {
                    Policy::Starter => pick_levelup(table, run.offer()),
                    Policy::Competent => competent::pick_levelup(run, table, run.offer(), arch),
                    Policy::Newcomer => Some(newcomer::pick_levelup()),
                };
                Command::ChooseLevelUp(k.unwrap_or(0))
            }
            Phase::Shop => {
                socket_finds(run)?;
                match policy {
                    Policy::Starter => {
                        shop(run)?;
                    }
                    Policy::Competent => {
                        competent::shop(run, arch)?;
                    }
                    Policy::Newcomer => {
                        newcomer::shop(run)?;
                    }
                }
                Command::LeaveShop
            }
            Phase::Armoury => Command::CloseArmoury,
        };
        send(run, cmd)?;
        watch(run);
    }
}

/// Sockets the artifacts found in the last fight while a socket is free,
/// as the game did on its own before finds waited in the bag
/// (docs/screens.md#finds-and-cores): every policy plays the same here, so
/// the change of rule moves no policy's build.
fn socket_finds(run: &mut Run) -> Result<(), RunError> {
    let free = |run: &Run| {
        let cat = run.world().catalog();
        let eq = &run.carry().equipment;
        (eq.artifacts.len() as u32) < eq.artifact_sockets(&cat.loot)
    };
    if run.loose_artifacts().is_empty() || !free(run) {
        return Ok(());
    }
    send(run, Command::OpenArmoury)?;
    // A refused find (a second copy of a socketed artifact) stays in the bag.
    let mut i = 0;
    while i < run.loose_artifacts().len() && free(run) {
        if run.apply(Command::Equip(EquipmentAction::Socket(i))).is_err() {
            i += 1;
        }
    }
    send(run, Command::CloseArmoury)
}

fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// Applies a command the policy is sure of; a refusal is a script bug.
pub(crate) fn send(run: &mut Run, cmd: Command) -> Result<(), RunError> {
    let name = cmd.name();
    run.apply(cmd).map(|_| ()).map_err(|e| RunError::Script {
        command: name,
        why: e.to_string(),
    })
}
