//! The egui screens: lab, arena HUD, shop, settlement, level-up, run summary,
//! pause and settings. Each file draws one screen top to bottom and returns
//! what the player chose; the application (`crate::app`) acts on it.
//!
//! `equipment.rs` and `crafting.rs` (items and crafting) are the loot system's panels.

pub mod bindings;
pub mod boss_bar;
pub mod build_now;
pub mod codex;
pub mod crafting;
pub mod equipment;
pub mod history;
pub mod hud;
pub mod icons;
pub mod lab;
pub mod lab_board;
pub mod lab_code;
pub mod lab_cycle;
pub mod lab_lessons;
pub mod lab_measure;
pub mod lab_preview;
pub mod lab_step;
pub mod levelup;
pub mod names;
pub mod pause;
pub mod range;
pub mod records;
pub mod settings;
pub mod settlement;
pub mod shop;
pub mod shop_decide;
pub mod stat_sheet;
pub mod summary;
pub mod theme;
pub mod tips;
pub mod title;
pub mod unlocks;

/// The key that picks the `k`-th (0-based) entry of a list: 1 … 9.
pub fn number_key(k: usize) -> Option<egui::Key> {
    use egui::Key::*;
    [Num1, Num2, Num3, Num4, Num5, Num6, Num7, Num8, Num9]
        .get(k)
        .copied()
}
