//! Combat: the damage formula, reactions, enemies, the spatial hash, elements
//! and lifesteal in play, the void lord's shield and the blade. One test
//! binary for the layer; each module is a former test file and keeps its name,
//! so `cargo test --test combat combat_damage::` selects it.

#[path = "../combat_common/mod.rs"]
mod combat_common;

mod boss_shield;
mod combat_damage;
mod combat_enemies;
mod combat_reactions;
mod combat_spatial;
mod fight_elements;
mod melee;
