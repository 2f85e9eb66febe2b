//! Deck validation before a fight (docs/game.md#deck-validation) and deck building.
//!
//! A deck with no action cannot enter a fight: the lab shows
//! [`DeckError::NoAction`]'s text, the seed's "法术塔无法开火！需要至少一个行动类法术。".

use super::cores::CoreDef;
use super::spells::{SpellBook, SpellIdx, SpellKind};

/// Why a deck cannot be slotted into a core.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DeckError {
    /// Only modifiers, triggers, logic... or nothing at all.
    #[error("this core cannot fire: it needs at least one action")]
    NoAction,
    /// An id not in `data/spells.json`.
    #[error("unknown spell id `{0}`")]
    UnknownSpell(String),
    /// More chips than slots.
    #[error("{len} chips do not fit in the {capacity} slots of core `{core}`")]
    TooManyChips {
        /// Chips given.
        len: usize,
        /// Core slots.
        capacity: u32,
        /// Core id.
        core: String,
    },
    /// A raw register chip outside a DEBUG core.
    #[error("`{0}` is a raw register chip; only a DEBUG core runs raw registers")]
    RawRegisterNeedsDebugCore(String),
}

/// Resolves chip ids, naming the first unknown one.
pub fn resolve(ids: &[&str], spells: &SpellBook) -> Result<Vec<SpellIdx>, DeckError> {
    ids.iter()
        .map(|id| {
            spells
                .find(id.trim())
                .ok_or_else(|| DeckError::UnknownSpell(id.trim().to_string()))
        })
        .collect()
}

/// Checks that `deck` may be slotted into `core` (main entry) and fight.
pub fn validate_deck(core: &CoreDef, deck: &[SpellIdx], spells: &SpellBook) -> Result<(), DeckError> {
    check_fits(core, deck, spells, core.capacity)?;
    if !deck.iter().any(|s| spells.get(*s).kind == SpellKind::Action) {
        return Err(DeckError::NoAction);
    }
    Ok(())
}

/// Capacity and raw-register checks shared by the main deck and entry decks.
pub fn check_fits(
    core: &CoreDef,
    deck: &[SpellIdx],
    spells: &SpellBook,
    capacity: u32,
) -> Result<(), DeckError> {
    if deck.len() > capacity as usize {
        return Err(DeckError::TooManyChips {
            len: deck.len(),
            capacity,
            core: core.id.clone(),
        });
    }
    if !core.raw_registers
        && let Some(s) = deck.iter().find(|s| spells.get(**s).kind == SpellKind::Register)
    {
        return Err(DeckError::RawRegisterNeedsDebugCore(spells.get(*s).id.clone()));
    }
    Ok(())
}
