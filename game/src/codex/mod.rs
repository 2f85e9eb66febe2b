//! The codex (docs/game.md#codex): an entry for every spell chip, core, enemy,
//! boss, elemental reaction, resonance recipe, item base and artifact, with
//! the numbers a player cares about, its design intent and its element
//! affinities; and the alchemy log, whose pages open the first time each
//! reaction happens.
//!
//! The entries are built from the loaded [`Catalog`], so a number changed in
//! `data/` is the number the codex shows; only the words (design intents,
//! alchemy pages) live in `data/codex/`. What the player has met is the
//! profile's [`Codex`]: an entry not in it shows as "???" with a hint of how
//! to meet it, and a hidden resonance recipe shows only the elements of its
//! ingredients (docs/game.md#resonance), never the chips or the result.
//!
//! The codex sits in the run layer beside `profile`: it reads the catalogue
//! (rules) and the profile's sets, and the screens draw it.

mod numbers;
pub mod texts;

use std::path::Path;

use crate::catalog::Catalog;
use crate::combat::ReactionKind;
use crate::data::{DataError, DataErrors, load_json};
use crate::element::{Coating, Element};
use crate::profile::Codex;
pub use crate::profile::Section;

pub use texts::{ALCHEMY_FILE, AlchemyFile, AlchemyText, INTENTS_FILE, IntentsFile};

/// Opens the entry `id` of `section`; true when it was not open before, so
/// the caller can celebrate a first sighting (the alchemy toast) only once.
pub fn record(codex: &mut Codex, section: Section, id: &str) -> bool {
    let set = section.met_mut(codex);
    !set.contains(id) && set.insert(id.to_string())
}

/// The id a reaction has in the profile's `Codex.reactions` and in the
/// codex's data files: the combat code's own stable snake_case name
/// ([`ReactionKind::name`]), so the three never drift apart.
pub fn reaction_id(kind: ReactionKind) -> &'static str {
    kind.name()
}

/// An element a thing deals, infuses or coats with: the codex's hint at what
/// it might react or resonate with (docs/game.md#codex: "this spell has a
/// water affinity"). Physical damage reacts with nothing but frozen targets,
/// so it earns no tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Affinity {
    /// Deals or infuses fire.
    Fire,
    /// Deals or infuses ice.
    Ice,
    /// Deals lightning.
    Lightning,
    /// Deals poison.
    Poison,
    /// Soaks (the wet coating).
    Water,
    /// Coats in oil.
    Oil,
}

impl Affinity {
    /// The tag as shown ("Water affinity").
    pub fn label(self) -> &'static str {
        match self {
            Affinity::Fire => "Fire affinity",
            Affinity::Ice => "Ice affinity",
            Affinity::Lightning => "Lightning affinity",
            Affinity::Poison => "Poison affinity",
            Affinity::Water => "Water affinity",
            Affinity::Oil => "Oil affinity",
        }
    }

    /// The affinity of an element; none for physical.
    pub fn of_element(e: Element) -> Option<Affinity> {
        match e {
            Element::Physical => None,
            Element::Fire => Some(Affinity::Fire),
            Element::Ice => Some(Affinity::Ice),
            Element::Lightning => Some(Affinity::Lightning),
            Element::Poison => Some(Affinity::Poison),
        }
    }

    /// The affinity of a coating.
    pub fn of_coating(c: Coating) -> Affinity {
        match c {
            Coating::Wet => Affinity::Water,
            Coating::Oily => Affinity::Oil,
        }
    }
}

/// One codex entry, open or not; [`Entry::view`] decides what the player sees.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Its section.
    pub section: Section,
    /// The id in the catalogue and in the profile's [`Codex`] (never shown).
    pub id: String,
    /// The display name.
    pub name: String,
    /// The numbers a player cares about, as (label, value), read from the data.
    pub numbers: Vec<(String, String)>,
    /// Why it exists, from `data/codex/intents.json`.
    pub intent: String,
    /// Element affinities, sorted, without repeats.
    pub tags: Vec<Affinity>,
    /// What a locked entry shows: how to meet it, or a hidden recipe's vague
    /// element hint.
    pub locked_hint: String,
    /// Open whether met or not (a resonance recipe marked `hidden: false`).
    pub always_open: bool,
    /// The alchemy log's page (reactions only).
    pub flavour: Option<String>,
}

/// What the codex shows of an entry, given what the player has met.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EntryView<'a> {
    /// Met: everything.
    Open(&'a Entry),
    /// Not met: the section and a hint only.
    Locked {
        /// Its section.
        section: Section,
        /// How to meet it, or a hidden recipe's vague element hint.
        hint: &'a str,
    },
}

/// A locked entry's name.
pub const LOCKED_NAME: &str = "???";

impl Entry {
    /// True when the player may read it.
    pub fn is_open(&self, met: &Codex) -> bool {
        self.always_open || self.section.met(met).contains(&self.id)
    }

    /// What the player sees of it.
    pub fn view(&self, met: &Codex) -> EntryView<'_> {
        if self.is_open(met) {
            EntryView::Open(self)
        } else {
            EntryView::Locked {
                section: self.section,
                hint: &self.locked_hint,
            }
        }
    }
}

impl EntryView<'_> {
    /// The name shown in lists: the entry's name, or "???".
    pub fn name(&self) -> &str {
        match self {
            EntryView::Open(e) => &e.name,
            EntryView::Locked { .. } => LOCKED_NAME,
        }
    }

    /// Every piece of text the view shows, joined; what a test reads to be
    /// sure a locked entry gives nothing away.
    pub fn shown_text(&self) -> String {
        match self {
            EntryView::Open(e) => {
                let mut out = vec![e.name.clone(), e.section.singular().to_string()];
                out.extend(e.numbers.iter().map(|(l, v)| format!("{l}: {v}")));
                out.push(e.intent.clone());
                out.extend(e.tags.iter().map(|t| t.label().to_string()));
                out.extend(e.flavour.iter().cloned());
                out.join("\n")
            }
            EntryView::Locked { section, hint } => format!("{LOCKED_NAME}\n{}\n{hint}", section.singular()),
        }
    }
}

/// Every codex entry and the alchemy log, built once from the catalogue and
/// `data/codex/`. It changes only when the data does; what the player has met
/// is passed in separately, so one book serves every profile.
#[derive(Debug, Clone)]
pub struct CodexBook {
    entries: Vec<Entry>,
    alchemy: AlchemyFile,
}

impl CodexBook {
    /// Loads `data/codex/` under `root` and builds the entries of `cat`.
    ///
    /// Every problem is returned at once, each naming its file and key: an
    /// entry without a design intent, an intent for an id the catalogue does
    /// not have, a reaction without an alchemy page.
    pub fn load(root: &Path, cat: &Catalog) -> Result<CodexBook, DataErrors> {
        let intents = load_json::<IntentsFile>(root, INTENTS_FILE);
        let alchemy = load_json::<AlchemyFile>(root, ALCHEMY_FILE);
        match (intents, alchemy) {
            (Ok(i), Ok(a)) => CodexBook::from_files(cat, i, a),
            (i, a) => Err(DataErrors(i.err().into_iter().chain(a.err()).collect())),
        }
    }

    /// Builds the book from already parsed files (what [`CodexBook::load`]
    /// does after reading them), checking that every entry has its words.
    pub fn from_files(
        cat: &Catalog,
        intents: IntentsFile,
        alchemy: AlchemyFile,
    ) -> Result<CodexBook, DataErrors> {
        let mut errors = Vec::new();
        alchemy.check(&mut errors);
        let mut entries = numbers::build(cat, &alchemy);
        for section in Section::ALL {
            let map = intents_of(&intents, section);
            for e in entries.iter_mut().filter(|e| e.section == section) {
                match map.get(&e.id) {
                    Some(text) if !text.trim().is_empty() => e.intent = text.trim().to_string(),
                    Some(_) => errors.push(DataError::new(
                        INTENTS_FILE,
                        format!("{}.{}", section.id(), e.id),
                        format!("the design intent of {} `{}` is empty", section.singular(), e.id),
                    )),
                    None => errors.push(DataError::new(
                        INTENTS_FILE,
                        format!("{}.{}", section.id(), e.id),
                        format!(
                            "no design intent for {} `{}` ({})",
                            section.singular(),
                            e.id,
                            e.name
                        ),
                    )),
                }
            }
            for id in map.keys() {
                if !entries.iter().any(|e| e.section == section && &e.id == id) {
                    errors.push(DataError::new(
                        INTENTS_FILE,
                        format!("{}.{id}", section.id()),
                        format!("no {} has the id `{id}` in the catalogue", section.singular()),
                    ));
                }
            }
        }
        if errors.is_empty() {
            Ok(CodexBook { entries, alchemy })
        } else {
            Err(DataErrors(errors))
        }
    }

    /// Every entry, section by section, each section in catalogue order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entries of one section, in catalogue order.
    pub fn section(&self, section: Section) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(move |e| e.section == section)
    }

    /// One entry by section and id.
    pub fn get(&self, section: Section, id: &str) -> Option<&Entry> {
        self.section(section).find(|e| e.id == id)
    }

    /// (open, total) entries of a section: the tab's "met / total".
    pub fn counts(&self, section: Section, met: &Codex) -> (usize, usize) {
        let all: Vec<&Entry> = self.section(section).collect();
        (all.iter().filter(|e| e.is_open(met)).count(), all.len())
    }

    /// The alchemy log's page for `kind` (its flavour text).
    pub fn alchemy_text(&self, kind: ReactionKind) -> &str {
        self.alchemy.page(kind).map_or("", |p| p.text.as_str())
    }

    /// The reaction's display name.
    pub fn reaction_name(&self, kind: ReactionKind) -> &str {
        self.alchemy.page(kind).map_or("", |p| p.name.as_str())
    }

    /// The short line the fight shows the first time `kind` happens:
    /// "Alchemy log: Vaporise — water flashes into scalding steam".
    pub fn toast(&self, kind: ReactionKind) -> String {
        let page = self.alchemy.page(kind);
        format!(
            "Alchemy log: {} — {}",
            page.map_or("", |p| p.name.as_str()),
            page.map_or("", |p| p.toast.as_str())
        )
    }
}

fn intents_of(f: &IntentsFile, section: Section) -> &std::collections::BTreeMap<String, String> {
    match section {
        Section::Spells => &f.spells,
        Section::Cores => &f.cores,
        Section::Enemies => &f.enemies,
        Section::Bosses => &f.bosses,
        Section::Reactions => &f.reactions,
        Section::Recipes => &f.recipes,
        Section::Items => &f.items,
        Section::Artifacts => &f.artifacts,
    }
}
