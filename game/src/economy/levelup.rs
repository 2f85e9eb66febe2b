//! Level-up choices: each level gained offers a few stat upgrades from
//! `data/levelups.json`, and the player keeps one (Brotato-style).

use rand_chacha::ChaCha8Rng;
use serde::Deserialize;

use crate::stats::StatModifier;

/// One upgrade a level-up can offer.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelUpDef {
    /// Stable id (saves, logs, tests).
    pub id: String,
    /// Name shown on the card.
    pub name: String,
    /// Relative chance of being offered.
    #[serde(default = "one")]
    pub weight: f32,
    /// What taking it changes.
    pub modifiers: Vec<StatModifier>,
}

fn one() -> f32 {
    1.0
}

/// `data/levelups.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelUpTable {
    /// How many distinct upgrades one level-up offers.
    pub choices: usize,
    /// The pool.
    pub upgrades: Vec<LevelUpDef>,
}

impl LevelUpTable {
    /// Draws up to `choices` distinct upgrades, weighted, in a seeded order.
    /// Returns indices into [`LevelUpTable::upgrades`].
    pub fn offer(&self, rng: &mut ChaCha8Rng) -> Vec<usize> {
        let mut left: Vec<usize> = (0..self.upgrades.len())
            .filter(|&i| self.upgrades[i].weight > 0.0)
            .collect();
        let mut out = Vec::new();
        while out.len() < self.choices && !left.is_empty() {
            let weights = left.iter().map(|&i| self.upgrades[i].weight);
            let Some(pick) = crate::pick::index(weights, rng, crate::pick::unit_scaled) else {
                break;
            };
            out.push(left.remove(pick));
        }
        out
    }

    /// Checks the table: ids unique, weights finite and not negative, a non-empty pool.
    pub fn validate(&self, file: &str, errors: &mut Vec<crate::data::DataError>) {
        use crate::data::DataError;
        if self.choices == 0 {
            errors.push(DataError::new(file, "choices", "must offer at least one upgrade"));
        }
        if self.upgrades.is_empty() {
            errors.push(DataError::new(file, "upgrades", "the pool is empty"));
        }
        for (i, u) in self.upgrades.iter().enumerate() {
            if !(u.weight.is_finite() && u.weight >= 0.0) {
                errors.push(DataError::new(
                    file,
                    format!("upgrades[{i}].weight"),
                    "must be a finite number ≥ 0",
                ));
            }
            if u.modifiers.is_empty() {
                errors.push(DataError::new(
                    file,
                    format!("upgrades[{i}].modifiers"),
                    format!("`{}` changes nothing", u.id),
                ));
            }
            if self.upgrades[..i].iter().any(|o| o.id == u.id) {
                errors.push(DataError::new(
                    file,
                    format!("upgrades[{i}].id"),
                    format!("duplicate id `{}`", u.id),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::StatId;
    use rand::SeedableRng;

    fn table() -> LevelUpTable {
        let m = |stat| StatModifier {
            stat,
            add: 1.0,
            mul: 1.0,
        };
        LevelUpTable {
            choices: 3,
            upgrades: vec![
                LevelUpDef {
                    id: "a".into(),
                    name: "A".into(),
                    weight: 1.0,
                    modifiers: vec![m(StatId::HpMax)],
                },
                LevelUpDef {
                    id: "b".into(),
                    name: "B".into(),
                    weight: 1.0,
                    modifiers: vec![m(StatId::Luck)],
                },
                LevelUpDef {
                    id: "c".into(),
                    name: "C".into(),
                    weight: 0.0,
                    modifiers: vec![m(StatId::Armor)],
                },
                LevelUpDef {
                    id: "d".into(),
                    name: "D".into(),
                    weight: 2.0,
                    modifiers: vec![m(StatId::Armor)],
                },
            ],
        }
    }

    #[test]
    fn offers_are_distinct_seeded_and_skip_zero_weight() {
        let t = table();
        let a = t.offer(&mut ChaCha8Rng::seed_from_u64(3));
        let b = t.offer(&mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(a, b);
        assert_eq!(a.len(), 3);
        assert!(!a.contains(&2));
        let mut s = a.clone();
        s.sort();
        s.dedup();
        assert_eq!(s.len(), 3);
    }

    #[test]
    fn validation_names_the_field() {
        let mut t = table();
        t.upgrades[1].id = "a".into();
        t.upgrades[2].weight = f32::NAN;
        let mut e = Vec::new();
        t.validate("levelups.json", &mut e);
        let paths: Vec<_> = e.iter().map(|e| e.path.as_str()).collect();
        assert_eq!(paths, ["upgrades[1].id", "upgrades[2].weight"]);
    }
}
