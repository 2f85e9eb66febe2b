//! The screens drawn headless: every screen against its reference image (the
//! PNGs beside this file), no data id in their text, the equipment panel and
//! the crafting bench. One test binary; each module is a former test file and
//! keeps its name, so `cargo test --test screens screen_shots::` selects it.

mod covered;
mod layout;
mod loot_screens;
mod run_words;
mod screen_shots;
mod screen_text;
