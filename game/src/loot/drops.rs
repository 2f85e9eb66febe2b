//! What a kill or a wave end drops at a depth, and the artifact pity.
//!
//! Depth `d = 5 × wave`, at most 100 (docs/game.md#depth); the item level of a drop is
//! its depth. Sources are an elite's death, a boss's death and a wave's end,
//! each with its items, materials (only in their depth band) and artifact
//! chance from `data/loot/drops.json`. Pity: once the depth has advanced
//! `pity_depth` (60) past the last artifact, the next drop carries one.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::data::DataError;
use crate::loot::LootData;
use crate::loot::artifacts::ArtifactInstance;
use crate::loot::item::{Item, ItemClass};
use crate::loot::materials::{Material, MaterialAmounts};
use crate::loot::rarity::Rarity;

/// What dropped it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DropSource {
    /// A wave ended.
    WaveEnd,
    /// An elite died.
    Elite,
    /// A boss or mini-boss died.
    Boss,
}

/// `chance` of dropping between `min` and `max` (inclusive, uniform).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Amount {
    /// Chance of any.
    pub chance: f64,
    /// Fewest when it drops.
    pub min: u32,
    /// Most when it drops.
    pub max: u32,
}

impl Amount {
    /// Rolls the amount.
    pub fn roll<R: Rng>(&self, rng: &mut R) -> u32 {
        if self.max == 0 || !rng.random_bool(self.chance.clamp(0.0, 1.0)) {
            return 0;
        }
        rng.random_range(self.min.min(self.max)..=self.max)
    }

    /// Expected amount.
    pub fn mean(&self) -> f64 {
        self.chance * (self.min + self.max) as f64 / 2.0
    }
}

/// A material line of a source.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialDrop {
    /// Which material (dropped only at or below its band's depth).
    pub material: Material,
    /// Chance of any.
    pub chance: f64,
    /// Fewest.
    pub min: u32,
    /// Most.
    pub max: u32,
}

impl MaterialDrop {
    /// As an [`Amount`].
    pub fn amount(&self) -> Amount {
        Amount {
            chance: self.chance,
            min: self.min,
            max: self.max,
        }
    }
}

/// One source's drop table.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceDef {
    /// Items dropped.
    pub items: Amount,
    /// Items of this source are at least this rare.
    #[serde(default)]
    pub min_rarity: Option<Rarity>,
    /// Chance of an artifact (pity aside).
    pub artifact_chance: f64,
    /// Materials.
    pub materials: Vec<MaterialDrop>,
}

/// The three sources.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sources {
    /// Wave end.
    pub wave_end: SourceDef,
    /// Elite death.
    pub elite: SourceDef,
    /// Boss death.
    pub boss: SourceDef,
}

/// The shape of a run, for `artificer tool economy` and depth from wave.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunModel {
    /// Elites killed per wave, on average.
    pub elites_per_wave: u32,
    /// Waves that end with a boss.
    pub boss_waves: Vec<u32>,
    /// Depth per wave (5).
    pub depth_per_wave: u32,
    /// Deepest depth (100).
    pub max_depth: u32,
}

impl RunModel {
    /// `d = 5 × wave`, capped at 100 (endless waves stay at D100).
    pub fn depth_of_wave(&self, wave: u32) -> u32 {
        (wave * self.depth_per_wave).clamp(1, self.max_depth)
    }
}

/// `data/loot/drops.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropTable {
    /// Per-source tables.
    pub sources: Sources,
    /// Run shape.
    pub run_model: RunModel,
}

impl DropTable {
    /// The table of `source`.
    pub fn source(&self, source: DropSource) -> &SourceDef {
        match source {
            DropSource::WaveEnd => &self.sources.wave_end,
            DropSource::Elite => &self.sources.elite,
            DropSource::Boss => &self.sources.boss,
        }
    }

    pub(crate) fn validate(&self, file: &str, errors: &mut Vec<DataError>) {
        for (name, s) in [
            ("wave_end", &self.sources.wave_end),
            ("elite", &self.sources.elite),
            ("boss", &self.sources.boss),
        ] {
            let bad = |c: f64| !(0.0..=1.0).contains(&c);
            if bad(s.artifact_chance) || bad(s.items.chance) || s.items.min > s.items.max {
                errors.push(DataError::new(
                    file,
                    format!("sources.{name}"),
                    "chances must be within 0..=1 and min ≤ max",
                ));
            }
            for (i, m) in s.materials.iter().enumerate() {
                if bad(m.chance) || m.min > m.max {
                    errors.push(DataError::new(
                        file,
                        format!("sources.{name}.materials[{i}]"),
                        "chance within 0..=1 and min ≤ max",
                    ));
                }
            }
        }
        if self.run_model.depth_per_wave == 0 || self.run_model.max_depth == 0 {
            errors.push(DataError::new(
                file,
                "run_model",
                "depth_per_wave and max_depth must be positive",
            ));
        }
    }
}

/// Artifact pity, carried through the run (and saved with it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PityState {
    /// Depth of the last artifact (0 at the start of a run).
    pub last_artifact_depth: u32,
}

impl PityState {
    /// True when the next drop at `depth` must carry an artifact.
    pub fn due(&self, depth: u32, pity_depth: u32) -> bool {
        depth >= self.last_artifact_depth + pity_depth
    }
}

/// What one source dropped.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Drops {
    /// Items.
    pub items: Vec<Item>,
    /// Materials.
    pub materials: MaterialAmounts,
    /// An artifact, if any.
    pub artifact: Option<ArtifactInstance>,
}

/// Rolls one item at `depth` (item level = depth), at least `min_rarity`.
pub fn roll_item<R: Rng>(
    depth: u32,
    min_rarity: Option<Rarity>,
    data: &LootData,
    rng: &mut R,
) -> Option<Item> {
    let mut rarity = data.rarity.roll(depth, rng);
    if let Some(m) = min_rarity {
        rarity = rarity.max(m);
    }
    let base = crate::pick::item(&data.bases.bases, |b| b.weight, rng, crate::pick::in_range)?;
    let (lo, hi) = data.rarity.affix_range(rarity);
    let count = rng.random_range(lo..=hi);
    let mut item = Item::new(&base.id, depth, rarity);
    item.affixes = data.affixes.roll_affixes(base.class, depth, count, rng);
    Some(item)
}

/// Rolls an artifact at `depth`: a uniform pick and its affixes.
pub fn roll_artifact<R: Rng>(depth: u32, data: &LootData, rng: &mut R) -> Option<ArtifactInstance> {
    let list = &data.artifacts.artifacts;
    if list.is_empty() {
        return None;
    }
    let def = &list[rng.random_range(0..list.len())];
    Some(ArtifactInstance {
        id: def.id.clone(),
        affixes: data
            .affixes
            .roll_affixes(ItemClass::Artifact, depth, data.rarity.artifact_affixes, rng),
    })
}

/// Rolls what `source` drops at `depth`, updating the pity.
pub fn roll_drops<R: Rng>(
    source: DropSource,
    depth: u32,
    pity: &mut PityState,
    data: &LootData,
    rng: &mut R,
) -> Drops {
    let depth = depth.clamp(1, data.drops.run_model.max_depth);
    let s = data.drops.source(source);
    let mut out = Drops::default();
    for _ in 0..s.items.roll(rng) {
        if let Some(item) = roll_item(depth, s.min_rarity, data, rng) {
            out.items.push(item);
        }
    }
    for m in &s.materials {
        if data.materials.drops_at(m.material, depth) {
            *out.materials.get_mut(m.material) += m.amount().roll(rng);
        }
    }
    let lucky = rng.random_bool(s.artifact_chance.clamp(0.0, 1.0));
    if lucky || pity.due(depth, data.artifacts.pity_depth) {
        out.artifact = roll_artifact(depth, data, rng);
        if out.artifact.is_some() {
            pity.last_artifact_depth = depth;
        }
    }
    out
}

/// The depth drops roll at for a player with `luck` (docs/game.md#stats-and-caps: luck
/// "affects the drop rate of higher-tier" finds): one depth deeper per 4
/// luck, so the soft cap of 100 luck finds loot as if 25 depth (five waves)
/// deeper — rarer grades, higher affix tiers, deeper material bands — never
/// past `max_depth`.
pub fn lucky_depth(depth: u32, luck: f32, max_depth: u32) -> u32 {
    let bonus = (luck.max(0.0) / 4.0).floor() as u32;
    depth.saturating_add(bonus).min(max_depth.max(depth))
}

/// Expected materials of one run through waves `1..=last_wave`, from the tables.
pub fn expected_run_materials(last_wave: u32, data: &LootData) -> [f64; 5] {
    let rm = &data.drops.run_model;
    let mut total = [0.0f64; 5];
    for wave in 1..=last_wave {
        let depth = rm.depth_of_wave(wave);
        let mut add = |s: &SourceDef, times: f64| {
            for m in &s.materials {
                if data.materials.drops_at(m.material, depth) {
                    total[m.material as usize] += m.amount().mean() * times;
                }
            }
        };
        add(&data.drops.sources.wave_end, 1.0);
        add(&data.drops.sources.elite, rm.elites_per_wave as f64);
        if rm.boss_waves.contains(&wave) {
            add(&data.drops.sources.boss, 1.0);
        }
    }
    total
}
