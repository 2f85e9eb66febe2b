//! Writing commands as replay lines and reading them back: the
//! [`Recorder`] a run fills while it is played, and the one-line codec of
//! every [`Command`] (the file format is described in `replay.rs`).

use std::fmt::Write as _;
use std::path::Path;

use engine::gpu::Backend;

use super::command::{Command, StepInput};
use super::format::{FORMAT, GAME_VERSION, ReplayError};
use super::setup::RunSetup;
use crate::loot::affix::AffixGroup;
use crate::loot::crafting::Operation;
use crate::loot::enhance::AttemptKind;
use crate::loot::gear_actions::{BenchAction, EquipmentAction};
use crate::loot::item::Slot;
use crate::shop::Shelf;
use crate::shop::loadout::{CardPlace, EntryOn, Spot};

/// Collects accepted commands as replay lines while a run is played.
#[derive(Debug, Clone, Default)]
pub struct Recorder {
    body: String,
    step: Option<(StepInput, u32)>,
    commands: u64,
    steps: u64,
}

impl Recorder {
    /// Appends an accepted command.
    pub fn push(&mut self, cmd: &Command) {
        self.commands += 1;
        if let Command::Step(input) = cmd {
            self.steps += 1;
            match &mut self.step {
                Some((last, n)) if last == input => *n += 1,
                _ => {
                    self.flush();
                    self.step = Some((*input, 1));
                }
            }
            return;
        }
        self.flush();
        self.body.push_str(&encode(cmd));
        self.body.push('\n');
    }

    /// Notes the state hash at a wave's end.
    pub fn mark_wave(&mut self, wave: u32, hash: &str) {
        self.flush();
        let _ = writeln!(self.body, "wave {wave} {hash}");
    }

    fn flush(&mut self) {
        if let Some((input, n)) = self.step.take() {
            let _ = writeln!(
                self.body,
                "s {} {} {n}{}",
                opt(input.heading),
                opt(input.aim),
                step_flags(&input)
            );
        }
    }

    /// Commands recorded (each step counts).
    pub fn commands(&self) -> u64 {
        self.commands
    }

    /// Fight steps recorded.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The whole file for a run started from `setup` on `backend`, with
    /// data of checksum `data`.
    pub fn to_text(&self, setup: &RunSetup, backend: Backend, data: u64) -> String {
        let mut me = self.clone();
        me.flush();
        let mut out = String::new();
        let _ = writeln!(out, "artificer-replay {FORMAT}");
        let _ = writeln!(out, "game {GAME_VERSION}");
        let _ = writeln!(out, "data {data:016x}");
        let _ = writeln!(out, "seed {}", setup.seed);
        let _ = writeln!(out, "last_wave {}", setup.last_wave);
        let _ = writeln!(out, "backend {}", backend.name());
        if let Some(b) = &setup.build {
            let json = serde_json::to_string(b).unwrap_or_default();
            let _ = writeln!(out, "build {json}");
        }
        if !setup.locked.is_empty() {
            let _ = writeln!(out, "locked {}", setup.locked.join(","));
        }
        if let Some(n) = setup.onboarding {
            let _ = writeln!(out, "onboarding {n}");
        }
        if setup.last_will {
            out.push_str("last_will\n");
        }
        if let Some(w) = setup.practice {
            let _ = writeln!(out, "practice {w}");
        }
        if setup.ng_plus > 0 {
            let _ = writeln!(out, "ng_plus {}", setup.ng_plus);
        }
        if let Some(c) = &setup.curse {
            let _ = writeln!(out, "curse {c}");
        }
        if let Some(w) = setup.start_wave {
            let _ = writeln!(out, "start_wave {w}");
        }
        if setup.boss_rush {
            out.push_str("boss_rush\n");
        }
        if let Some(d) = &setup.daily {
            let _ = writeln!(out, "daily {d}");
        }
        if setup.seeded {
            out.push_str("seeded\n");
        }
        out.push_str("commands\n");
        out.push_str(&me.body);
        let _ = writeln!(out, "end {} {}", me.commands, me.steps);
        out
    }

    /// Writes the file through the game's one atomic write
    /// ([`crate::atomic`]), so a crash never leaves half a replay under the
    /// real name.
    pub fn save(
        &self,
        path: &Path,
        setup: &RunSetup,
        backend: Backend,
        data: u64,
    ) -> Result<(), ReplayError> {
        crate::atomic::write_atomic(path, self.to_text(setup, backend, data).as_bytes()).map_err(|e| {
            ReplayError::Io {
                path: path.display().to_string(),
                source: e.source,
            }
        })
    }
}

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
}

fn serde_word<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v)
        .unwrap_or_default()
        .trim_matches('"')
        .to_string()
}

fn spot(s: Spot) -> String {
    match s {
        Spot::Slot(i) => format!("slot {i}"),
        Spot::Entry(EntryOn::Hit, i) => format!("on-hit {i}"),
        Spot::Entry(EntryOn::Kill, i) => format!("on-kill {i}"),
        Spot::Entry(EntryOn::Dash, i) => format!("on-dash {i}"),
        Spot::Entry(EntryOn::Stored, i) => format!("stored {i}"),
        Spot::Waiting(i) => format!("wait {i}"),
    }
}

/// The buttons of a step line: ` dash`, ` cast`, both, or nothing.
fn step_flags(i: &StepInput) -> String {
    let mut s = String::new();
    if i.dash {
        s.push_str(" dash");
    }
    if i.cast {
        s.push_str(" cast");
    }
    s
}

/// One command as its replay line (steps are written by the recorder, run-length encoded).
pub fn encode(cmd: &Command) -> String {
    match cmd {
        Command::Step(i) => format!("s {} {} 1{}", opt(i.heading), opt(i.aim), step_flags(i)),
        Command::StartWave => "start".into(),
        Command::Continue => "continue".into(),
        Command::ChooseLevelUp(k) => format!("levelup {k}"),
        Command::Buy { shelf, index } => format!("buy {} {index}", shelf_name(*shelf)),
        Command::Refresh => "refresh".into(),
        Command::SellCard(CardPlace::Deck { core, slot }) => format!("sell-card deck {core} {slot}"),
        Command::SellCard(CardPlace::Waiting(i)) => format!("sell-card wait {i}"),
        Command::SellCore(i) => format!("sell-core {i}"),
        Command::SwitchCore { core, carry_deck } => {
            format!(
                "switch-core {core} {}",
                if *carry_deck { "carry" } else { "keep" }
            )
        }
        Command::MoveCard { from, to } => format!("move {} {}", spot(*from), spot(*to)),
        Command::OpenArmoury => "armoury".into(),
        Command::CloseArmoury => "armoury-close".into(),
        Command::Equip(EquipmentAction::Equip(i)) => format!("equip {i}"),
        Command::Equip(EquipmentAction::Unequip(s)) => format!("unequip {}", serde_word(s)),
        Command::Equip(EquipmentAction::Socket(i)) => format!("socket {i}"),
        Command::Equip(EquipmentAction::Unsocket(i)) => format!("unsocket {i}"),
        Command::Craft(BenchAction::Craft(i, op)) => match op {
            Operation::Reforge => format!("reforge {i}"),
            Operation::Graft(g) => format!("graft {i} {}", serde_word(g)),
            Operation::Excise(k) => format!("excise {i} {k}"),
            Operation::Ascend => format!("ascend {i}"),
            Operation::Fracture => format!("fracture {i}"),
        },
        Command::Craft(BenchAction::Attempt(i, kind, id)) => {
            let k = match kind {
                AttemptKind::Enhancement => "enhance",
                AttemptKind::Enchantment => "enchant",
            };
            format!("{k} {i} {id}")
        }
        Command::Craft(BenchAction::Learn(id)) => format!("learn {id}"),
        Command::LeaveShop => "leave-shop".into(),
        Command::Endless => "endless".into(),
        Command::LockOffer { shelf, index } => format!("lock {} {index}", shelf_name(*shelf)),
        Command::RerollLevelUp => "reroll".into(),
        Command::TryOn(i) => format!("try {i}"),
    }
}

/// Why a command line of a replay does not parse: quotes the word at fault
/// and says what was expected there (the replay adds the line number).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// A blank line.
    #[error("empty line")]
    Empty,
    /// The first word is no command.
    #[error("unknown command `{0}`")]
    UnknownCommand(String),
    /// The command stops before its arguments do.
    #[error("`{0}` needs more words")]
    NeedsMoreWords(String),
    /// A word where a number belongs.
    #[error("`{0}` is not a number")]
    NotANumber(String),
    /// A word that is none of the words allowed there.
    #[error("`{word}` is not {expected}")]
    NotOneOf {
        /// The word found.
        word: String,
        /// What may stand there, in words.
        expected: String,
    },
    /// A step repeated zero times or more than a count can hold.
    #[error("a step count of {0}")]
    StepCount(usize),
    /// A word after a step's numbers that is no button (or a button twice).
    #[error("`{0}` after a step is not `dash` or `cast`")]
    NotAButton(String),
}

/// [`DecodeError::NotOneOf`] for `word`.
fn not_one_of(word: &str, expected: impl Into<String>) -> DecodeError {
    DecodeError::NotOneOf {
        word: word.into(),
        expected: expected.into(),
    }
}

/// Parses one command line (`Ok((command, repeat))`).
#[expect(clippy::too_many_lines, reason = "one arm per command of the replay format")]
pub fn decode(line: &str) -> Result<(Command, u32), DecodeError> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let num = |k: usize| -> Result<usize, DecodeError> {
        let s = w.get(k).ok_or_else(|| DecodeError::NeedsMoreWords(w[0].into()))?;
        s.parse().map_err(|_| DecodeError::NotANumber(s.to_string()))
    };
    let spot_at = |k: usize| -> Result<Spot, DecodeError> {
        let i = num(k + 1)?;
        match w.get(k).copied() {
            Some("slot") => Ok(Spot::Slot(i)),
            Some("on-hit") => Ok(Spot::Entry(EntryOn::Hit, i)),
            Some("on-kill") => Ok(Spot::Entry(EntryOn::Kill, i)),
            Some("on-dash") => Ok(Spot::Entry(EntryOn::Dash, i)),
            Some("stored") => Ok(Spot::Entry(EntryOn::Stored, i)),
            Some("wait") => Ok(Spot::Waiting(i)),
            other => Err(not_one_of(
                other.unwrap_or(""),
                "`slot`, `on-hit`, `on-kill` or `wait`",
            )),
        }
    };
    let word = |k: usize| -> Result<&str, DecodeError> {
        w.get(k)
            .copied()
            .ok_or_else(|| DecodeError::NeedsMoreWords(w[0].into()))
    };
    let from_serde = |k: usize| -> Result<String, DecodeError> { Ok(format!("\"{}\"", word(k)?)) };
    let cmd = match w.first().copied() {
        Some("s") => {
            let part = |k: usize, max: u32| -> Result<Option<u32>, DecodeError> {
                match word(k)? {
                    "-" => Ok(None),
                    s => match s.parse::<u32>() {
                        Ok(v) if v <= max => Ok(Some(v)),
                        _ => Err(not_one_of(s, format!("`-` or a number up to {max}"))),
                    },
                }
            };
            let heading = part(1, 255)?.map(|v| v as u8);
            let aim = part(2, 65_535)?.map(|v| v as u16);
            let repeat = num(3)?;
            if repeat == 0 || repeat > u32::MAX as usize {
                return Err(DecodeError::StepCount(repeat));
            }
            let (mut dash, mut cast) = (false, false);
            for x in w.iter().skip(4) {
                match *x {
                    "dash" if !dash => dash = true,
                    "cast" if !cast => cast = true,
                    x => return Err(DecodeError::NotAButton(x.into())),
                }
            }
            return Ok((
                Command::Step(StepInput {
                    heading,
                    aim,
                    dash,
                    cast,
                }),
                repeat as u32,
            ));
        }
        Some("start") => Command::StartWave,
        Some("continue") => Command::Continue,
        Some("levelup") => Command::ChooseLevelUp(num(1)?),
        Some(verb @ ("buy" | "lock")) => {
            let shelf = match word(1)? {
                "spells" => Shelf::Spells,
                "cores" => Shelf::Cores,
                "stats" => Shelf::Stats,
                s => return Err(not_one_of(s, "a shelf (spells, cores, stats)")),
            };
            let index = num(2)?;
            if verb == "buy" {
                Command::Buy { shelf, index }
            } else {
                Command::LockOffer { shelf, index }
            }
        }
        Some("reroll") => Command::RerollLevelUp,
        Some("try") => Command::TryOn(num(1)?),
        Some("refresh") => Command::Refresh,
        Some("sell-card") => match word(1)? {
            "deck" => Command::SellCard(CardPlace::Deck {
                core: num(2)?,
                slot: num(3)?,
            }),
            "wait" => Command::SellCard(CardPlace::Waiting(num(2)?)),
            s => return Err(not_one_of(s, "`deck` or `wait`")),
        },
        Some("sell-core") => Command::SellCore(num(1)?),
        Some("switch-core") => Command::SwitchCore {
            core: num(1)?,
            carry_deck: match word(2)? {
                "carry" => true,
                "keep" => false,
                s => return Err(not_one_of(s, "`carry` or `keep`")),
            },
        },
        Some("move") => Command::MoveCard {
            from: spot_at(1)?,
            to: spot_at(3)?,
        },
        Some("armoury") => Command::OpenArmoury,
        Some("armoury-close") => Command::CloseArmoury,
        Some("equip") => Command::Equip(EquipmentAction::Equip(num(1)?)),
        Some("unequip") => {
            let slot: Slot = serde_json::from_str(&from_serde(1)?).map_err(|_| not_one_of(w[1], "a slot"))?;
            Command::Equip(EquipmentAction::Unequip(slot))
        }
        Some("socket") => Command::Equip(EquipmentAction::Socket(num(1)?)),
        Some("unsocket") => Command::Equip(EquipmentAction::Unsocket(num(1)?)),
        Some("reforge") => Command::Craft(BenchAction::Craft(num(1)?, Operation::Reforge)),
        Some("graft") => {
            let g: AffixGroup =
                serde_json::from_str(&from_serde(2)?).map_err(|_| not_one_of(w[2], "an affix group"))?;
            Command::Craft(BenchAction::Craft(num(1)?, Operation::Graft(g)))
        }
        Some("excise") => Command::Craft(BenchAction::Craft(num(1)?, Operation::Excise(num(2)?))),
        Some("ascend") => Command::Craft(BenchAction::Craft(num(1)?, Operation::Ascend)),
        Some("fracture") => Command::Craft(BenchAction::Craft(num(1)?, Operation::Fracture)),
        Some(k @ ("enhance" | "enchant")) => {
            let kind = if k == "enhance" {
                AttemptKind::Enhancement
            } else {
                AttemptKind::Enchantment
            };
            Command::Craft(BenchAction::Attempt(num(1)?, kind, word(2)?.to_string()))
        }
        Some("learn") => Command::Craft(BenchAction::Learn(word(1)?.to_string())),
        Some("leave-shop") => Command::LeaveShop,
        Some("endless") => Command::Endless,
        Some(other) => return Err(DecodeError::UnknownCommand(other.into())),
        None => return Err(DecodeError::Empty),
    };
    Ok((cmd, 1))
}

/// Which shelf a word names, for replays and tools.
pub fn shelf_name(shelf: Shelf) -> &'static str {
    match shelf {
        Shelf::Spells => "spells",
        Shelf::Cores => "cores",
        Shelf::Stats => "stats",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_round_trips_through_its_line() {
        let cmds = [
            Command::StartWave,
            Command::Continue,
            Command::ChooseLevelUp(2),
            Command::Buy {
                shelf: Shelf::Cores,
                index: 1,
            },
            Command::Refresh,
            Command::SellCard(CardPlace::Deck { core: 1, slot: 3 }),
            Command::SellCard(CardPlace::Waiting(0)),
            Command::SellCore(2),
            Command::SwitchCore {
                core: 1,
                carry_deck: true,
            },
            Command::MoveCard {
                from: Spot::Waiting(1),
                to: Spot::Slot(0),
            },
            Command::MoveCard {
                from: Spot::Entry(EntryOn::Kill, 0),
                to: Spot::Entry(EntryOn::Hit, 2),
            },
            Command::OpenArmoury,
            Command::CloseArmoury,
            Command::Equip(EquipmentAction::Unequip(Slot::Hands)),
            Command::Equip(EquipmentAction::Socket(0)),
            Command::Craft(BenchAction::Craft(0, Operation::Graft(AffixGroup::Damage))),
            Command::Craft(BenchAction::Craft(1, Operation::Excise(2))),
            Command::Craft(BenchAction::Attempt(
                0,
                AttemptKind::Enchantment,
                "flame_1".into(),
            )),
            Command::Craft(BenchAction::Learn("scorch_2".into())),
            Command::LeaveShop,
            Command::Endless,
            Command::LockOffer {
                shelf: Shelf::Stats,
                index: 2,
            },
            Command::RerollLevelUp,
            Command::TryOn(3),
        ];
        for c in cmds {
            let line = encode(&c);
            assert_eq!(decode(&line), Ok((c.clone(), 1)), "{line}");
        }
        let s = Command::Step(StepInput {
            heading: Some(32),
            aim: None,
            dash: false,
            cast: false,
        });
        assert_eq!(decode("s 32 - 7"), Ok((s.clone(), 7)));
        let d = Command::Step(StepInput {
            heading: Some(32),
            aim: None,
            dash: true,
            cast: false,
        });
        assert_eq!(decode(&encode(&d)), Ok((d, 1)));
        assert!(decode("s 32 - 1 cast cast").is_err(), "a button twice");
        assert!(decode("s 32 - 1 jump").is_err());
    }
}
