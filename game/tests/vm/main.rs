//! The spell VM and what stands on it: casts, decks, triggers, limits, hostile
//! decks, `artificer wand eval`, the data checks, Store Magic and the inert
//! guard. One test binary (one link) for the layer; each module is a former
//! test file and keeps its name, so `cargo test --test vm vm_deck::` selects it.

mod vm_common;

mod data_vm;
mod inert;
mod store_magic;
mod vm_builds;
mod vm_cli;
mod vm_cycle;
mod vm_deck;
mod vm_features;
mod vm_limits;
mod vm_props;
mod vm_triggers;
