//! Loot: item rolls, crafting and enhancement, the checking tools, and the
//! loot rules that act inside the fight. One test binary for the layer; each
//! module is a former test file and keeps its name, so
//! `cargo test --test loot loot_items::` selects it.

#[path = "../combat_common/mod.rs"]
mod combat_common;

mod loot_crafting;
mod loot_items;
mod loot_rules;
mod loot_rules_in_fight;
mod loot_tools;
mod sim_loot_in_fight;
