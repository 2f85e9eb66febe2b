//! Crafting materials and the depth bands they drop in (docs/game.md#materials).

use serde::{Deserialize, Serialize};

use crate::data::DataError;

/// The five materials of the seed, from the shallowest band to the deepest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Material {
    /// Scrap, D1+: basic crafting, repair, reforge.
    Scrap,
    /// Bio-core, D21+: status, damage and trigger affixes.
    BioCore,
    /// Cryo-core, D36+: defence and supply affixes.
    CryoCore,
    /// Reactor shard, D53+: element and reaction affixes, ascend.
    ReactorShard,
    /// Void slag, D73+: fracture and legendary work.
    VoidSlag,
}

impl Material {
    /// All materials, in band order.
    pub const ALL: [Material; 5] = [
        Material::Scrap,
        Material::BioCore,
        Material::CryoCore,
        Material::ReactorShard,
        Material::VoidSlag,
    ];

    /// The id used in data files.
    pub fn id(self) -> &'static str {
        match self {
            Material::Scrap => "scrap",
            Material::BioCore => "bio_core",
            Material::CryoCore => "cryo_core",
            Material::ReactorShard => "reactor_shard",
            Material::VoidSlag => "void_slag",
        }
    }
}

/// A count of each material: a cost, a drop, or what the player holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MaterialAmounts {
    /// Scrap.
    pub scrap: u32,
    /// Bio-cores.
    pub bio_core: u32,
    /// Cryo-cores.
    pub cryo_core: u32,
    /// Reactor shards.
    pub reactor_shard: u32,
    /// Void slag.
    pub void_slag: u32,
}

impl MaterialAmounts {
    /// The amount of one material.
    pub fn get(&self, m: Material) -> u32 {
        match m {
            Material::Scrap => self.scrap,
            Material::BioCore => self.bio_core,
            Material::CryoCore => self.cryo_core,
            Material::ReactorShard => self.reactor_shard,
            Material::VoidSlag => self.void_slag,
        }
    }

    /// Mutable access to one material.
    pub fn get_mut(&mut self, m: Material) -> &mut u32 {
        match m {
            Material::Scrap => &mut self.scrap,
            Material::BioCore => &mut self.bio_core,
            Material::CryoCore => &mut self.cryo_core,
            Material::ReactorShard => &mut self.reactor_shard,
            Material::VoidSlag => &mut self.void_slag,
        }
    }

    /// Just `n` of `m`.
    pub fn of(m: Material, n: u32) -> Self {
        let mut a = Self::default();
        *a.get_mut(m) = n;
        a
    }

    /// Adds every material of `other`.
    pub fn add(&mut self, other: &MaterialAmounts) {
        for m in Material::ALL {
            *self.get_mut(m) += other.get(m);
        }
    }

    /// `self` repeated `n` times.
    pub fn times(&self, n: u32) -> Self {
        let mut a = *self;
        for m in Material::ALL {
            *a.get_mut(m) *= n;
        }
        a
    }

    /// True when every material of `cost` is held.
    pub fn covers(&self, cost: &MaterialAmounts) -> bool {
        Material::ALL.iter().all(|&m| self.get(m) >= cost.get(m))
    }

    /// Takes `cost` out; false (and nothing taken) when it is not covered.
    pub fn pay(&mut self, cost: &MaterialAmounts) -> bool {
        if !self.covers(cost) {
            return false;
        }
        for m in Material::ALL {
            *self.get_mut(m) -= cost.get(m);
        }
        true
    }

    /// True when nothing is counted.
    pub fn is_empty(&self) -> bool {
        Material::ALL.iter().all(|&m| self.get(m) == 0)
    }

    /// "6 scrap, 1 bio_core" for tool output and the crafting bench.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = Material::ALL
            .iter()
            .filter(|&&m| self.get(m) > 0)
            .map(|&m| format!("{} {}", self.get(m), m.id()))
            .collect();
        if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// One material's entry in `data/loot/materials.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialDef {
    /// Which material.
    pub id: Material,
    /// Display name.
    pub name: String,
    /// Shallowest depth at which it drops.
    pub min_depth: u32,
    /// Where it comes from, for the codex.
    pub from: String,
    /// What it is for, for the codex.
    #[serde(rename = "use")]
    pub used_for: String,
}

/// `data/loot/materials.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialTable {
    /// One entry per material.
    pub materials: Vec<MaterialDef>,
}

impl MaterialTable {
    /// The entry for `m` (present for every material once validated).
    pub fn def(&self, m: Material) -> Option<&MaterialDef> {
        self.materials.iter().find(|d| d.id == m)
    }

    /// True when `m` drops at `depth`.
    pub fn drops_at(&self, m: Material, depth: u32) -> bool {
        self.def(m).is_some_and(|d| depth >= d.min_depth)
    }

    /// Display name of `m`, falling back to its id.
    pub fn name(&self, m: Material) -> &str {
        self.def(m).map(|d| d.name.as_str()).unwrap_or(m.id())
    }

    /// "6 Scrap, 1 Bio core": an amount in the names a player reads (the
    /// crafting bench; [`MaterialAmounts::describe`] is the tools' id form).
    pub fn describe(&self, amounts: &MaterialAmounts) -> String {
        let parts: Vec<String> = Material::ALL
            .iter()
            .filter(|&&m| amounts.get(m) > 0)
            .map(|&m| format!("{} {}", amounts.get(m), self.name(m)))
            .collect();
        if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.join(", ")
        }
    }

    pub(crate) fn validate(&self, file: &str, errors: &mut Vec<DataError>) {
        for m in Material::ALL {
            let n = self.materials.iter().filter(|d| d.id == m).count();
            if n != 1 {
                errors.push(DataError::new(
                    file,
                    "materials",
                    format!("material `{}` must appear exactly once, found {n}", m.id()),
                ));
            }
        }
        for (i, d) in self.materials.iter().enumerate() {
            if d.min_depth < 1 || d.min_depth > 100 {
                errors.push(DataError::new(
                    file,
                    format!("materials[{i}].min_depth"),
                    format!("`{}`: depth must be within 1..=100", d.id.id()),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paying_takes_everything_or_nothing() {
        let mut bag = MaterialAmounts {
            scrap: 5,
            bio_core: 1,
            ..Default::default()
        };
        let cost = MaterialAmounts {
            scrap: 4,
            bio_core: 2,
            ..Default::default()
        };
        assert!(!bag.pay(&cost));
        assert_eq!(bag.scrap, 5);
        assert!(bag.pay(&MaterialAmounts::of(Material::Scrap, 4)));
        assert_eq!(bag.scrap, 1);
        assert_eq!(cost.times(3).bio_core, 6);
        assert_eq!(cost.describe(), "4 scrap, 2 bio_core");
    }
}
