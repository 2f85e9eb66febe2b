//! The shop between waves: shelf A (spells), B (cores), C (stats), refresh at
//! its rising price, selling cards and cores, the waiting area, and which
//! carried core is active.

use rand_chacha::ChaCha8Rng;

use crate::player::StatSource;
use crate::shop::loadout::CardPlace;
use crate::shop::{Purchase, Shelf, Shop, ShopPool};
use crate::world::World;

/// What the player did that the application must act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShopAction {
    /// Leave for the lab.
    Leave,
    /// Open the equipment panel and crafting bench.
    Armoury,
}

/// Draws the shop and applies purchases; `message` holds the last refusal.
pub fn show(
    ctx: &egui::Context,
    world: &mut World,
    shop: &mut Shop,
    pool: &ShopPool,
    rng: &mut ChaCha8Rng,
    message: &mut Option<String>,
) -> Option<ShopAction> {
    let mut action = None;
    let cat = world.catalog().clone();
    let def = &cat.run.shop;
    ctx.root_ui(|root| {
        egui::CentralPanel::default().show(root, |ui| {
            ui.horizontal(|ui| {
                ui.heading(format!("Shop — before wave {}", world.wave + 1));
                ui.separator();
                ui.label(
                    egui::RichText::new(format!("{} gold", world.wallet.gold()))
                        .color(egui::Color32::from_rgb(255, 210, 60))
                        .size(18.0),
                );
                ui.separator();
                let cost = shop.refresh_cost(def);
                if ui.button(format!("Refresh ({cost} gold)")).clicked()
                    && let Err(e) = shop.refresh(def, pool, &mut world.wallet, rng)
                {
                    *message = Some(e.to_string());
                }
                if ui.button("Equipment & crafting").clicked() {
                    action = Some(ShopAction::Armoury);
                }
                // Enter leaves too, unless a widget has the keyboard focus
                // (then Enter presses that widget, as egui does everywhere).
                let enter =
                    ui.input(|i| i.key_pressed(egui::Key::Enter)) && ui.memory(|m| m.focused().is_none());
                if ui.button("Leave for the lab >> (Enter)").clicked() || enter {
                    action = Some(ShopAction::Leave);
                }
            });
            if let Some(m) = message.as_ref() {
                ui.colored_label(egui::Color32::from_rgb(255, 120, 100), m);
            }
            ui.separator();
            ui.columns(3, |cols| {
                for (col, (shelf, title)) in cols.iter_mut().zip([
                    (Shelf::Spells, "A — Spells"),
                    (Shelf::Cores, "B — Cores"),
                    (Shelf::Stats, "C — Stats"),
                ]) {
                    col.strong(title);
                    let offers = shop.shelf(shelf).to_vec();
                    for (i, offer) in offers.iter().enumerate() {
                        col.horizontal(|ui| {
                            let name = offer_name(world, shelf, &offer.id);
                            ui.label(name);
                            if offer.sold {
                                ui.weak("sold");
                            } else if ui.button(format!("Buy {}", offer.price)).clicked() {
                                let (wallet, loadout) = (&mut world.wallet, &mut world.loadout);
                                match shop.buy(def, pool, shelf, i, wallet, loadout) {
                                    Ok(Purchase::Stats(mods)) => {
                                        world.player.add_modifiers(StatSource::Shop, &mods);
                                        *message = None;
                                    }
                                    Ok(_) => *message = None,
                                    Err(e) => *message = Some(e.to_string()),
                                }
                            }
                        });
                    }
                }
            });
            ui.separator();
            ui.strong("Carried cores (sell for 50 %, at least 10; switch the active one)");
            let cores = world.loadout.cores().to_vec();
            let active = world.loadout.active_index();
            for (ci, core) in cores.iter().enumerate() {
                ui.horizontal(|ui| {
                    let tag = if ci == active { "(active)" } else { "" };
                    ui.label(format!("{} ({} slots) {tag}", core.id, core.capacity));
                    if ci != active {
                        if ui.button("Make active").clicked()
                            && let Err(e) = shop.switch_core(&mut world.loadout, ci)
                        {
                            *message = Some(e.to_string());
                        }
                        if ui.button(format!("Sell {}", def.sell_price(core.paid))).clicked()
                            && let Err(e) = shop.sell_core(def, ci, &mut world.wallet, &mut world.loadout)
                        {
                            *message = Some(e.to_string());
                        }
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    for (slot, card) in core.deck.iter().enumerate() {
                        if ui
                            .button(format!("{} (sell {})", card.id, def.sell_price(card.paid)))
                            .on_hover_text("sell this card")
                            .clicked()
                        {
                            let place = CardPlace::Deck { core: ci, slot };
                            if let Err(e) = shop.sell_card(def, place, &mut world.wallet, &mut world.loadout)
                            {
                                *message = Some(e.to_string());
                            }
                        }
                    }
                });
            }
            ui.separator();
            ui.strong(format!(
                "Waiting area ({} / {})",
                world.loadout.waiting.len(),
                def.waiting_area
            ));
            ui.horizontal_wrapped(|ui| {
                let waiting = world.loadout.waiting.clone();
                for (i, card) in waiting.iter().enumerate() {
                    if ui
                        .button(format!("{} (sell {})", card.id, def.sell_price(card.paid)))
                        .clicked()
                        && let Err(e) =
                            shop.sell_card(def, CardPlace::Waiting(i), &mut world.wallet, &mut world.loadout)
                    {
                        *message = Some(e.to_string());
                    }
                }
            });
        });
    });
    action
}

fn offer_name(world: &World, shelf: Shelf, id: &str) -> String {
    let cat = world.catalog();
    match shelf {
        Shelf::Spells => cat
            .spells
            .find(id)
            .map_or(id.to_string(), |i| cat.spells.get(i).name.clone()),
        Shelf::Cores => cat.cores.find(id).map_or(id.to_string(), |i| {
            let c = cat.cores.get(i);
            format!("{} ({} slots)", c.name, c.capacity)
        }),
        Shelf::Stats => id.to_string(),
    }
}
