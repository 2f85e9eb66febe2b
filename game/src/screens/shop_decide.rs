//! What helps a player decide in the shop (docs/screens.md#shop): the
//! forecast of the next three waves, and Try, which measures a shelf chip on
//! the build where buying would put it, nothing paid
//! ([`super::lab_measure`] draws the change).

use egui::RichText;

use super::theme;
use crate::probe::measure_build::{MEASURE_SEED, kit_of};
use crate::probe::worker::{Ask, Job};
use crate::shop::CardPlace;
use crate::world::{Carry, World};

/// Waves the forecast looks ahead.
pub const FORECAST_WAVES: u32 = 3;

/// The forecast of the waves after `done` (the waves fought so far).
pub fn forecast(ui: &mut egui::Ui, world: &World, done: u32) {
    let cat = world.catalog();
    ui.strong("Coming waves");
    let waves = crate::run::forecast::forecast(cat, done + 1, FORECAST_WAVES);
    if waves.is_empty() {
        ui.weak("No wave of the game is left: endless waves grow from the last ones.");
    }
    for w in waves {
        let head = match &w.boss {
            Some(b) => RichText::new(format!("Wave {}: BOSS {b}", w.wave))
                .color(theme::THREAT)
                .strong(),
            None => RichText::new(format!("Wave {}: swarm", w.wave)).color(theme::TEXT_STRONG),
        };
        ui.label(head);
        ui.label(RichText::new(w.kinds.join(", ")).small());
        for d in &w.defences {
            ui.label(RichText::new(d).small().color(theme::TEXT_WEAK));
        }
        ui.label(
            RichText::new(format!("Does well: {}", w.good.join(", ")))
                .small()
                .color(theme::GAIN),
        );
    }
}

/// Where buying chip `id` would put it now, and the kit with it there
/// (`None` for the kit: it would wait beside the core and change nothing).
fn tried_kit(world: &World, carry: &Carry, id: &str) -> (String, Option<crate::probe::stage::Kit>) {
    let cat = world.catalog();
    let pool = crate::run::shop_pool(cat, crate::run::ShopFor::of(world, carry));
    let role = pool
        .spells
        .iter()
        .find(|e| e.id == id)
        .map(|e| e.role)
        .unwrap_or_default();
    let mut loadout = carry.loadout.clone();
    let card = crate::shop::Card {
        id: id.to_string(),
        paid: 0,
    };
    let waiting = cat.run.shop.waiting_area;
    match loadout.add_card_placed(card, role, &pool.fires, waiting) {
        Ok(CardPlace::Deck { slot, .. }) => {
            let mut kit = kit_of(carry);
            kit.build.deck = loadout.active_deck_ids();
            let cap = carry.loadout.capacity_of(carry.loadout.active());
            (format!("into slot {} of {cap}", slot + 1), Some(kit))
        }
        Ok(CardPlace::Waiting(_)) => ("waits beside the core: place it in the lab".into(), None),
        Err(e) => (e.to_string(), None),
    }
}

/// Where buying chip `id` puts it, in words, for its offer card: the same
/// placement Try measures.
pub fn placement_words(world: &World, carry: &Carry, id: &str) -> String {
    let (place, kit) = tried_kit(world, carry, id);
    match kit {
        Some(_) => format!("goes {place}"),
        None => place,
    }
}

/// The Try result for chip `id` (the run's [`crate::run::Run::trying`]):
/// starts the measure when the build or the chip changed, then shows the
/// change against the build without it.
pub fn try_result(ui: &mut egui::Ui, world: &World, carry: &Carry, id: &str) {
    let ctx = ui.ctx().clone();
    let cat = world.catalog().clone();
    let name = super::names::spell_name(&cat, id);
    let (place, kit) = tried_kit(world, carry, id);
    ui.strong(format!("Try: {name} ({place})"));
    let Some(kit) = kit else {
        ui.weak("It would change nothing until you place it.");
        return;
    };
    let job = super::lab_measure::shared_job(&ctx, egui::Id::unique("shop try job"));
    let key = format!("{id} {:?}", kit.build);
    let stale = job
        .lock()
        .map(|g| g.as_ref().is_none_or(|j| j.key != key))
        .unwrap_or(false);
    if stale {
        let asks = vec![
            Ask {
                kit: kit_of(carry),
                off: Vec::new(),
            },
            Ask { kit, off: Vec::new() },
        ];
        if let Ok(mut g) = job.lock() {
            *g = Some(Job::start(cat.clone(), key, asks, MEASURE_SEED));
        }
    }
    match super::lab_measure::poll(&ctx, &job) {
        None => {
            ui.weak("measuring…");
        }
        Some(Err(e)) => {
            ui.colored_label(theme::THREAT, e);
        }
        Some(Ok(m)) => {
            ui.label(RichText::new(format!("With {name}:")).color(theme::ACCENT));
            super::lab_measure::answer(ui, &m);
        }
    }
}
