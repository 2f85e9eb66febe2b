//! Cores (wands) as data (`data/cores.json`): the board a deck is slotted into.
//!
//! A core sets the draws per cast, cast delay, recharge, mana, capacity and
//! CPU bonus, plus feature flags: `shuffle`, `always_cast` chips, raw
//! registers (the DEBUG core), `persistent_memory`, `dual_stream`,
//! `infinite_spells`, OnHit / OnKill entries and a 2D board with adjacency
//! boosts (docs/game.md#cores, docs/game.md#board-topology).

use std::collections::HashMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::data::DataError;

/// Index of a core in the [`CoreBook`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CoreIdx(pub u32);

/// Direction a boosting slot points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    /// x + 1.
    Right,
    /// x - 1.
    Left,
    /// y - 1.
    Up,
    /// y + 1.
    Down,
}

impl Dir {
    /// The grid step of this direction.
    pub fn step(self) -> [i32; 2] {
        match self {
            Dir::Right => [1, 0],
            Dir::Left => [-1, 0],
            Dir::Up => [0, -1],
            Dir::Down => [0, 1],
        }
    }
}

/// "The slot to the right gets double effect": a slot that boosts its neighbour.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoostDef {
    /// Board position of the boosting slot.
    pub at: [i32; 2],
    /// Which neighbour it boosts.
    pub dir: Dir,
    /// Effect multiplier of the chip in that neighbour (2 = double).
    pub factor: f32,
}

/// A 2D board: slot `i` of the deck sits at `slots[i]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardDef {
    /// Slot positions in deck order.
    pub slots: Vec<[i32; 2]>,
    /// Adjacency boosts.
    #[serde(default)]
    pub boosts: Vec<BoostDef>,
}

/// Extra entries on higher cores (docs/game.md#cores "OnKill / OnHit").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryOn {
    /// When the player is hit.
    Hit,
    /// When the player kills an enemy.
    Kill,
    /// When the player dashes, where the dash starts (the Dash Wave core,
    /// docs/game.md#dash-and-movement-builds: its own cooldown, not the main deck's queue).
    Dash,
    /// When the player presses the stored-spell key (Q): the one chip kept
    /// by the Store Magic enchantment (enhancement seed 储存魔法).
    Stored,
}

/// Seconds between two casts of the stored chip (Store Magic).
pub const STORED_COOLDOWN_S: f32 = 2.0;

/// One extra entry: its own small deck, cast when its event happens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryDef {
    /// Event.
    pub on: EntryOn,
    /// Slots of this entry's deck.
    pub capacity: u32,
    /// Seconds between two casts of this entry (so a kill streak is not a machine gun).
    #[serde(default)]
    #[serde(rename = "cooldown_s", alias = "cooldown")]
    pub cooldown: f32,
}

/// One core as written in `data/cores.json`. Field names are the *State* of docs/vm.md#state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoreDef {
    /// Id, e.g. `starter_core`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Rarity 1..=3.
    pub rarity: u8,
    /// Shop price, gold.
    pub price: u32,
    /// Draws per cast.
    #[serde(default = "one_u32")]
    pub spells_per_cast: u32,
    /// Base cast delay, s.
    pub cast_delay: f32,
    /// Base recharge, s.
    pub recharge: f32,
    /// Core mana ceiling (the player's `mana_max` caps it too).
    pub mana_max: f32,
    /// Mana per second.
    pub mana_regen: f32,
    /// Slots.
    pub capacity: u32,
    /// Shuffle the deck on every rebuild (seeded).
    #[serde(default)]
    pub shuffle: bool,
    /// Chips played first in every cast, free, without a draw.
    #[serde(default)]
    pub always_cast: Vec<String>,
    /// Added to the player's `cpu_limit` for MAX_OPS.
    #[serde(default)]
    pub cpu: f32,
    /// Raw register chips allowed (DEBUG core).
    #[serde(default)]
    pub raw_registers: bool,
    /// Registers and counters survive between waves.
    #[serde(default)]
    pub persistent_memory: bool,
    /// Two streams per cast: one from the head, one from the tail.
    #[serde(default)]
    pub dual_stream: bool,
    /// When mana runs out, chips cost HP instead (docs/vm.md#mana).
    #[serde(default)]
    pub infinite_spells: bool,
    /// OnHit / OnKill entries.
    #[serde(default)]
    pub entries: Vec<EntryDef>,
    /// 2D board; `None` = a straight row.
    #[serde(default)]
    pub board: Option<BoardDef>,
    /// A deck the core comes with (the run-1 wand).
    #[serde(default)]
    pub starter_deck: Vec<String>,
    /// Tooltip.
    #[serde(default)]
    pub description: String,
}

/// The file's shape.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoresFile {
    /// Id of the core a new run starts with; its values are the defaults of a JSON core in `wand eval`.
    pub starting_core: String,
    /// Every core.
    pub cores: Vec<CoreDef>,
}

/// Every core, by index and id.
#[derive(Debug, Clone, Default)]
pub struct CoreBook {
    cores: Vec<CoreDef>,
    by_id: HashMap<String, CoreIdx>,
    starting: Option<CoreIdx>,
}

impl CoreBook {
    /// Checks a parsed file (chip ids against `spells`), pushing every problem.
    pub fn from_file(
        file: &Path,
        parsed: CoresFile,
        spells: &super::SpellBook,
        errors: &mut Vec<DataError>,
    ) -> CoreBook {
        let mut book = CoreBook::default();
        for (i, c) in parsed.cores.into_iter().enumerate() {
            let at = format!("cores[{i}]");
            let before = errors.len();
            check_core(file, &at, &c, spells, errors);
            if book.by_id.contains_key(&c.id) {
                errors.push(DataError::new(
                    file,
                    format!("{at}.id"),
                    format!("duplicate id `{}`", c.id),
                ));
            }
            if errors.len() == before {
                let idx = CoreIdx(book.cores.len() as u32);
                book.by_id.insert(c.id.clone(), idx);
                book.cores.push(c);
            }
        }
        book.starting = book.find(&parsed.starting_core);
        if book.starting.is_none() {
            errors.push(DataError::new(
                file,
                "starting_core",
                format!("no core with id `{}`", parsed.starting_core),
            ));
        }
        book
    }

    /// The core at `idx`.
    pub fn get(&self, idx: CoreIdx) -> &CoreDef {
        &self.cores[idx.0 as usize]
    }

    /// Looks up a core by id.
    pub fn find(&self, id: &str) -> Option<CoreIdx> {
        self.by_id.get(id).copied()
    }

    /// The starting core (run 1). Present in every book that loaded without errors.
    pub fn starting(&self) -> Option<&CoreDef> {
        self.starting.map(|i| self.get(i))
    }

    /// All cores in file order.
    pub fn iter(&self) -> impl Iterator<Item = &CoreDef> {
        self.cores.iter()
    }
}

/// Checks one core's values and its chip references.
pub fn check_core(
    file: &Path,
    at: &str,
    c: &CoreDef,
    spells: &super::SpellBook,
    errors: &mut Vec<DataError>,
) {
    let mut bad = |field: &str, msg: String| errors.push(DataError::new(file, format!("{at}.{field}"), msg));
    check_core_numbers(&mut bad, c);
    check_core_chips(&mut bad, c, spells);
    check_core_entries(&mut bad, c);
    if let Some(b) = &c.board {
        check_core_board(&mut bad, c, b);
    }
}

/// Where a core's problems go: the field under the core's path, and why.
type Bad<'a> = dyn FnMut(&str, String) + 'a;

/// The words a player reads and the core's numbers: finite, in range.
fn check_core_numbers(bad: &mut Bad, c: &CoreDef) {
    if c.name.trim().is_empty() {
        bad("name", "missing: every core needs a name a player reads".into());
    }
    if c.description.trim().is_empty() {
        bad(
            "description",
            "missing: every core needs a description for its tooltip".into(),
        );
    }
    for (name, v) in [
        ("cast_delay", c.cast_delay),
        ("recharge", c.recharge),
        ("mana_max", c.mana_max),
        ("mana_regen", c.mana_regen),
        ("cpu", c.cpu),
    ] {
        if !v.is_finite() || v < 0.0 {
            bad(name, format!("{v} must be a finite number >= 0"));
        }
    }
    if !(1..=16).contains(&c.spells_per_cast) {
        bad(
            "spells_per_cast",
            format!("{} is outside 1..=16", c.spells_per_cast),
        );
    }
    if !(1..=64).contains(&c.capacity) {
        bad("capacity", format!("{} is outside 1..=64", c.capacity));
    }
}

/// The chips a core names exist, fit, and are of a kind it can always cast.
fn check_core_chips(bad: &mut Bad, c: &CoreDef, spells: &super::SpellBook) {
    for (j, id) in c.always_cast.iter().enumerate() {
        match spells.find(id) {
            None => bad(&format!("always_cast[{j}]"), format!("no spell with id `{id}`")),
            Some(s) => {
                let k = spells.get(s).kind;
                if !matches!(k, super::SpellKind::Action | super::SpellKind::Modifier) {
                    bad(
                        &format!("always_cast[{j}]"),
                        format!("`{id}` is a {k:?}; always-cast chips are actions or modifiers"),
                    );
                }
            }
        }
    }
    for (j, id) in c.starter_deck.iter().enumerate() {
        if spells.find(id).is_none() {
            bad(&format!("starter_deck[{j}]"), format!("no spell with id `{id}`"));
        }
    }
    if c.starter_deck.len() > c.capacity as usize {
        bad(
            "starter_deck",
            format!(
                "{} chips do not fit in {} slots",
                c.starter_deck.len(),
                c.capacity
            ),
        );
    }
}

/// Each cast entry's slots and cooldown.
fn check_core_entries(bad: &mut Bad, c: &CoreDef) {
    for (j, e) in c.entries.iter().enumerate() {
        if !(1..=16).contains(&e.capacity) {
            bad(
                &format!("entries[{j}].capacity"),
                format!("{} is outside 1..=16", e.capacity),
            );
        }
        if !e.cooldown.is_finite() || e.cooldown < 0.0 {
            bad(
                &format!("entries[{j}].cooldown_s"),
                format!("{} must be >= 0", e.cooldown),
            );
        }
    }
}

/// The board's positions: one per slot, none twice, boosts on slots.
fn check_core_board(bad: &mut Bad, c: &CoreDef, b: &BoardDef) {
    if b.slots.len() != c.capacity as usize {
        bad(
            "board.slots",
            format!("{} positions for {} slots", b.slots.len(), c.capacity),
        );
    }
    for (j, p) in b.slots.iter().enumerate() {
        if b.slots[..j].contains(p) {
            bad(
                &format!("board.slots[{j}]"),
                format!("position {p:?} is used twice"),
            );
        }
    }
    for (j, boost) in b.boosts.iter().enumerate() {
        if !b.slots.contains(&boost.at) {
            bad(
                &format!("board.boosts[{j}].at"),
                format!("no slot at {:?}", boost.at),
            );
        }
        if !boost.factor.is_finite() || boost.factor <= 0.0 || boost.factor > 8.0 {
            bad(
                &format!("board.boosts[{j}].factor"),
                format!("{} is outside (0, 8]", boost.factor),
            );
        }
    }
}

fn one_u32() -> u32 {
    1
}
