//! Build codes (docs/share.md#build-codes): everything a `--build` file
//! holds as one short, copyable, URL-safe line such as `AA1-AbC…`.
//!
//! The text is `AA`, the format version, `-`, then base64url of the bytes
//! below followed by their CRC-32 (seeded with the version, so a code read
//! as another version fails its checksum too). Content is named by a 16-bit
//! hash of its id, so a code keeps its meaning when chips are added, and a
//! code naming something this version lacks is refused saying what.
//!
//! Bytes: core; deck (count, chips); a flag byte for the non-empty entry
//! decks (on hit, on kill, on dash, stored), each then count and chips;
//! plain equipment (count, then slot and base); rolled items (count, then
//! base, item level, grade and condition, affixes with tier and the exact
//! roll and value, enhancements, enchantments, budget loss).

pub mod text;

use crate::catalog::Catalog;
use crate::loot::affix::RolledAffix;
use crate::loot::item::{Condition, Item, Slot};
use crate::loot::rarity::Rarity;
use crate::run::{Build, BuildEntries};
use text::{Reader, crc32, from_base64url, name_hash, put_varint, to_base64url};

/// The build-code format this game writes and reads.
pub const VERSION: u8 = 1;
/// Every build code starts with this, then the version digit and `-`.
pub const PREFIX: &str = "AA";
/// The most entries (chips, items, affixes) one list of a code may hold;
/// far above any real build, it keeps a forged count from allocating.
const MAX_LIST: u32 = 256;

/// Why a text is not a build this game can use, in words for the player.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BuildCodeError {
    /// The text does not start like a build code.
    #[error("not a build code: a build code starts with `{PREFIX}{VERSION}-`")]
    NotACode,
    /// A code of another format version.
    #[error("a build code of version {0}; this version of the game reads version {VERSION} codes")]
    Version(String),
    /// A character that base64url does not have.
    #[error("character {} (`{}`) cannot be part of a build code; was the code copied whole?", .0 + 1, .1)]
    Character(usize, char),
    /// The checksum does not match: a character changed, was lost or added.
    #[error("the code is damaged: its checksum does not match (a character was changed, lost or added)")]
    Checksum,
    /// The bytes end inside a field (a forged code).
    #[error("the code is damaged: it ends inside {0}")]
    Short(&'static str),
    /// A field holds what no build of this version has (a forged code).
    #[error("the code is damaged: it holds {0}")]
    Forged(&'static str),
    /// The build ends before the bytes do (a forged code).
    #[error("the code is damaged: {0} byte(s) are left over after the whole build was read")]
    LeftOver(usize),
    /// Names content this version's data lacks.
    #[error("the code names {what} that this version of the game does not have ({place})")]
    Unknown {
        /// What kind of content (`a chip`, `a core`).
        what: &'static str,
        /// Where in the build (`deck[3]`).
        place: String,
    },
    /// The build names something the catalogue lacks, so it has no code.
    #[error("`{place}`: no {what} `{id}` in this game's data")]
    UnknownId {
        /// Kind of content.
        what: &'static str,
        /// Where in the build.
        place: String,
        /// The id.
        id: String,
    },
    /// Two ids of one kind share a name hash, so neither can be coded.
    #[error("{what} `{a}` and `{b}` share a build-code hash; rename one")]
    Collision {
        /// Kind of content.
        what: &'static str,
        /// One id.
        a: String,
        /// The other.
        b: String,
    },
}

/// The kinds of content a code names, each with its own hash table.
#[derive(Clone, Copy)]
enum Kind {
    Core,
    Chip,
    Base,
    Affix,
    Enhancement,
    Enchantment,
}

impl Kind {
    fn words(self) -> &'static str {
        match self {
            Kind::Core => "a core",
            Kind::Chip => "a chip",
            Kind::Base => "an item base",
            Kind::Affix => "an affix",
            Kind::Enhancement => "an enhancement",
            Kind::Enchantment => "an enchantment",
        }
    }

    fn ids(self, cat: &Catalog) -> Vec<&str> {
        let loot = &cat.loot;
        match self {
            Kind::Core => cat.cores.iter().map(|c| c.id.as_str()).collect(),
            Kind::Chip => (0..cat.spells.len() as u32)
                .map(|i| cat.spells.get(crate::vm::SpellIdx(i)).id.as_str())
                .collect(),
            Kind::Base => loot.bases.bases.iter().map(|b| b.id.as_str()).collect(),
            Kind::Affix => loot.affixes.affixes.iter().map(|a| a.id.as_str()).collect(),
            Kind::Enhancement => loot
                .enhancements
                .enhancements
                .iter()
                .map(|a| a.id.as_str())
                .collect(),
            Kind::Enchantment => loot
                .enchantments
                .enchantments
                .iter()
                .map(|a| a.id.as_str())
                .collect(),
        }
    }

    /// The id with `hash`, refusing a catalogue where two ids share one.
    fn lookup(self, cat: &Catalog, hash: u16) -> Result<Option<&str>, BuildCodeError> {
        let mut found: Option<&str> = None;
        for id in self.ids(cat) {
            if name_hash(id) == hash {
                if let Some(a) = found {
                    return Err(BuildCodeError::Collision {
                        what: self.words(),
                        a: a.into(),
                        b: id.into(),
                    });
                }
                found = Some(id);
            }
        }
        Ok(found)
    }
}

/// The build as its code; refuses a build naming content the catalogue lacks.
pub fn encode(cat: &Catalog, build: &Build) -> Result<String, BuildCodeError> {
    let mut w = Writer { cat, out: Vec::new() };
    w.id(Kind::Core, &build.core, "core")?;
    w.ids(Kind::Chip, &build.deck, "deck")?;
    let decks = entry_decks(&build.entries);
    let flags = decks
        .iter()
        .enumerate()
        .fold(0u8, |f, (i, (_, d))| if d.is_empty() { f } else { f | 1 << i });
    w.out.push(flags);
    for (name, deck) in decks.iter().filter(|(_, d)| !d.is_empty()) {
        w.ids(Kind::Chip, deck, &format!("entries.{name}"))?;
    }
    put_varint(&mut w.out, build.equipment.len() as u32);
    for (slot, base) in &build.equipment {
        w.out
            .push(Slot::ALL.iter().position(|s| s == slot).unwrap_or(0) as u8);
        w.id(Kind::Base, base, &format!("equipment.{slot:?}"))?;
    }
    put_varint(&mut w.out, build.items.len() as u32);
    for (i, item) in build.items.iter().enumerate() {
        w.item(item, &format!("items[{i}]"))?;
    }
    let mut bytes = w.out;
    let crc = crc32(&[&[VERSION][..], &bytes].concat());
    bytes.extend_from_slice(&crc.to_le_bytes());
    Ok(format!("{PREFIX}{VERSION}-{}", to_base64url(&bytes)))
}

fn entry_decks(e: &BuildEntries) -> [(&'static str, &Vec<String>); 4] {
    [
        ("on_hit", &e.on_hit),
        ("on_kill", &e.on_kill),
        ("on_dash", &e.on_dash),
        ("stored", &e.stored),
    ]
}

struct Writer<'c> {
    cat: &'c Catalog,
    out: Vec<u8>,
}

impl Writer<'_> {
    fn id(&mut self, kind: Kind, id: &str, place: &str) -> Result<(), BuildCodeError> {
        let hash = name_hash(id);
        if kind.lookup(self.cat, hash)? != Some(id) {
            return Err(BuildCodeError::UnknownId {
                what: &kind.words()[kind.words().find(' ').map_or(0, |i| i + 1)..],
                place: place.into(),
                id: id.into(),
            });
        }
        self.out.extend_from_slice(&hash.to_le_bytes());
        Ok(())
    }

    fn ids(&mut self, kind: Kind, ids: &[String], place: &str) -> Result<(), BuildCodeError> {
        put_varint(&mut self.out, ids.len() as u32);
        for (i, id) in ids.iter().enumerate() {
            self.id(kind, id, &format!("{place}[{i}]"))?;
        }
        Ok(())
    }

    fn f32(&mut self, v: f32) {
        self.out.extend_from_slice(&v.to_bits().to_le_bytes());
    }

    fn item(&mut self, item: &Item, place: &str) -> Result<(), BuildCodeError> {
        self.id(Kind::Base, &item.base, &format!("{place}.base"))?;
        put_varint(&mut self.out, item.ilvl);
        let rarity = Rarity::ALL.iter().position(|r| *r == item.rarity).unwrap_or(0) as u8;
        let condition = match item.condition {
            Condition::Normal => 0,
            Condition::Simple => 1,
            Condition::Damaged => 2,
        };
        self.out.push(rarity | condition << 4);
        put_varint(&mut self.out, item.affixes.len() as u32);
        for (j, a) in item.affixes.iter().enumerate() {
            self.id(Kind::Affix, &a.id, &format!("{place}.affixes[{j}].id"))?;
            self.out.push(a.tier);
            self.f32(a.roll);
            self.f32(a.value);
        }
        self.ids(
            Kind::Enhancement,
            &item.enhancements,
            &format!("{place}.enhancements"),
        )?;
        self.ids(
            Kind::Enchantment,
            &item.enchantments,
            &format!("{place}.enchantments"),
        )?;
        self.f32(item.budget_loss);
        Ok(())
    }
}

/// A code back to its build. The build still has to pass the rules a
/// build file is held to (`run::build_rules`) before a run starts from it.
pub fn decode(cat: &Catalog, code: &str) -> Result<Build, BuildCodeError> {
    let payload = payload(code)?;
    let mut r = Parse {
        cat,
        r: Reader::new(&payload),
    };
    let build = r.build()?;
    if r.r.left() != 0 {
        return Err(BuildCodeError::LeftOver(r.r.left()));
    }
    Ok(build)
}

/// Whether `code` is a whole build code of this version (its prefix,
/// characters and checksum), without the catalogue: what a file that
/// stores codes (the run history) can check when it is read.
pub fn check_form(code: &str) -> Result<(), BuildCodeError> {
    payload(code).map(|_| ())
}

/// The bytes a code carries, its checksum checked and removed.
fn payload(code: &str) -> Result<Vec<u8>, BuildCodeError> {
    let code = code.trim();
    let rest = code.strip_prefix(PREFIX).ok_or(BuildCodeError::NotACode)?;
    let (version, body) = rest.split_once('-').ok_or(BuildCodeError::NotACode)?;
    if version != VERSION.to_string() {
        return Err(
            if version.chars().all(|c| c.is_ascii_digit()) && !version.is_empty() {
                BuildCodeError::Version(version.into())
            } else {
                BuildCodeError::NotACode
            },
        );
    }
    let bytes =
        from_base64url(body).map_err(|(i, c)| BuildCodeError::Character(i + code.len() - body.len(), c))?;
    // Only the one canonical spelling of the bytes is a code: a changed last
    // character can differ in bits the bytes do not use, which the checksum
    // cannot see.
    if bytes.len() < 4 || to_base64url(&bytes) != body {
        return Err(BuildCodeError::Checksum);
    }
    let (payload, crc) = bytes.split_at(bytes.len() - 4);
    if crc32(&[&[VERSION][..], payload].concat()).to_le_bytes() != crc {
        return Err(BuildCodeError::Checksum);
    }
    Ok(payload.to_vec())
}

struct Parse<'c, 'b> {
    cat: &'c Catalog,
    r: Reader<'b>,
}

impl Parse<'_, '_> {
    fn id(&mut self, kind: Kind, place: &str) -> Result<String, BuildCodeError> {
        let hash = self.r.u16().ok_or(BuildCodeError::Short("an id"))?;
        kind.lookup(self.cat, hash)?
            .map(String::from)
            .ok_or_else(|| BuildCodeError::Unknown {
                what: kind.words(),
                place: place.into(),
            })
    }

    fn count(&mut self) -> Result<u32, BuildCodeError> {
        match self.r.varint() {
            Some(n) if n <= MAX_LIST => Ok(n),
            Some(_) => Err(BuildCodeError::Forged(
                "a list longer than any build (over 256 entries)",
            )),
            None => Err(BuildCodeError::Short("a count")),
        }
    }

    fn ids(&mut self, kind: Kind, place: &str) -> Result<Vec<String>, BuildCodeError> {
        let n = self.count()?;
        (0..n).map(|i| self.id(kind, &format!("{place}[{i}]"))).collect()
    }

    fn byte(&mut self, what: &'static str) -> Result<u8, BuildCodeError> {
        self.r.u8().ok_or(BuildCodeError::Short(what))
    }

    fn f32(&mut self, what: &'static str) -> Result<f32, BuildCodeError> {
        self.r.f32().ok_or(BuildCodeError::Short(what))
    }

    fn build(&mut self) -> Result<Build, BuildCodeError> {
        let core = self.id(Kind::Core, "core")?;
        let deck = self.ids(Kind::Chip, "deck")?;
        let flags = self.byte("the entry flags")?;
        let mut entries = BuildEntries::default();
        for (i, name) in ["on_hit", "on_kill", "on_dash", "stored"].into_iter().enumerate() {
            if flags & (1 << i) == 0 {
                continue;
            }
            let ids = self.ids(Kind::Chip, &format!("entries.{name}"))?;
            match i {
                0 => entries.on_hit = ids,
                1 => entries.on_kill = ids,
                2 => entries.on_dash = ids,
                _ => entries.stored = ids,
            }
        }
        let mut equipment = std::collections::BTreeMap::new();
        for i in 0..self.count()? {
            let slot = Slot::ALL
                .get(usize::from(self.byte("a slot")?))
                .copied()
                .ok_or(BuildCodeError::Forged("a slot this version lacks"))?;
            equipment.insert(slot, self.id(Kind::Base, &format!("equipment[{i}]"))?);
        }
        let items = (0..self.count()?)
            .map(|i| self.item(&format!("items[{i}]")))
            .collect::<Result<_, _>>()?;
        Ok(Build {
            core,
            deck,
            entries,
            equipment,
            items,
        })
    }

    fn item(&mut self, place: &str) -> Result<Item, BuildCodeError> {
        let base = self.id(Kind::Base, &format!("{place}.base"))?;
        let ilvl = self.r.varint().ok_or(BuildCodeError::Short("an item level"))?;
        let grade = self.byte("a grade")?;
        let rarity = *Rarity::ALL
            .get(usize::from(grade & 0x0F))
            .ok_or(BuildCodeError::Forged("a grade this version lacks"))?;
        let condition = match grade >> 4 {
            0 => Condition::Normal,
            1 => Condition::Simple,
            2 => Condition::Damaged,
            _ => return Err(BuildCodeError::Forged("a condition this version lacks")),
        };
        let mut affixes = Vec::new();
        for j in 0..self.count()? {
            affixes.push(RolledAffix {
                id: self.id(Kind::Affix, &format!("{place}.affixes[{j}]"))?,
                tier: self.byte("a tier")?,
                roll: self.f32("a roll")?,
                value: self.f32("a value")?,
            });
        }
        let enhancements = self.ids(Kind::Enhancement, &format!("{place}.enhancements"))?;
        let enchantments = self.ids(Kind::Enchantment, &format!("{place}.enchantments"))?;
        let budget_loss = self.f32("a budget loss")?;
        let mut item = Item::new(&base, ilvl, rarity);
        item.affixes = affixes;
        item.enhancements = enhancements;
        item.enchantments = enchantments;
        item.condition = condition;
        item.budget_loss = budget_loss;
        Ok(item)
    }
}

/// The build a run's carry holds now: the active core with its deck and
/// entry decks, the stored chip, and every worn item as rolled. This is
/// what a player shares at death or clear.
pub fn build_of(carry: &crate::carry::Carry) -> Build {
    let ids = |cards: &[crate::shop::Card]| cards.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
    let core = carry.loadout.active();
    let mut entries = BuildEntries::default();
    for e in &core.entries {
        let deck = ids(&e.cards);
        match e.on {
            crate::vm::EntryOn::Hit => entries.on_hit = deck,
            crate::vm::EntryOn::Kill => entries.on_kill = deck,
            crate::vm::EntryOn::Dash => entries.on_dash = deck,
            crate::vm::EntryOn::Stored => entries.stored = deck,
        }
    }
    if entries.stored.is_empty() {
        entries.stored = ids(&carry.loadout.stored.cards);
    }
    let items = Slot::ALL
        .iter()
        .filter_map(|s| carry.equipment.slot(*s).cloned())
        .collect();
    Build {
        core: core.id.clone(),
        deck: ids(&core.deck),
        entries,
        equipment: Default::default(),
        items,
    }
}

/// Why `--build` could not be read: as a file, or as a code.
#[derive(Debug, thiserror::Error)]
pub enum BuildArgError {
    /// The build file could not be read or parsed.
    #[error(transparent)]
    File(#[from] crate::run::BuildFileError),
    /// The argument is a build code that cannot be read.
    #[error("build code: {0}")]
    Code(#[from] BuildCodeError),
}

/// Reads `--build`: a build file, or a build code where no file of that
/// name exists. Either way the build is then held to the same rules
/// (`run::build_rules`) before a run starts from it.
pub fn read_build(arg: &std::path::Path, cat: &Catalog) -> Result<Build, BuildArgError> {
    let text = arg.to_string_lossy();
    if !arg.exists() && text.trim().starts_with(PREFIX) {
        return Ok(decode(cat, &text)?);
    }
    Ok(crate::run::load_build(arg)?)
}
