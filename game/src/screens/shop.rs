//! The shop between waves: shelf A (spells), B (cores), C (stats), refresh at
//! its rising price, selling cards and cores, the waiting area, and which
//! carried core is active.
//!
//! It only draws and returns the [`Command`] the player chose; the run flow
//! performs it (and refuses it with a reason, which the caller shows in
//! `message`).

use super::theme;
use crate::run::Command;
use crate::shop::loadout::CardPlace;
use crate::shop::{Shelf, Shop};
use crate::world::{Carry, World};

/// Draws the shop; returns the command the player chose this frame.
/// `trying`: the shelf chip the player is trying on (`Run::trying`).
pub fn show(
    ctx: &egui::Context,
    world: &World,
    carry: &Carry,
    shop: &Shop,
    message: Option<&str>,
    trying: Option<&str>,
) -> Option<Command> {
    let mut action = None;
    let cat = world.catalog().clone();
    let def = &cat.run.shop;
    let locked = sell_locked(ctx);
    if let Some(cmd) = make_room(ctx, world, carry, shop) {
        return Some(cmd);
    }
    ctx.root_ui(|root| {
        // The build's numbers beside the offers (docs/screens.md#how-screens-look).
        egui::Panel::right("shop stat sheet")
            .resizable(false)
            .exact_size(super::stat_sheet::WIDTH + 12.0)
            .show(root, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("shop stat sheet")
                    .show(ui, |ui| super::stat_sheet::show(ui, world, carry));
            });
        decide_column(root, world, carry, trying);
        egui::CentralPanel::default().show(root, |ui| {
            // A long shop (many carried cores and cards) scrolls.
            egui::ScrollArea::vertical().id_salt("shop").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.heading(format!("Shop — before wave {}", world.wave + 1));
                    ui.separator();
                    ui.label(
                        egui::RichText::new(format!("{} gold", carry.wallet.gold()))
                            .color(theme::GOLD)
                            .size(18.0),
                    );
                    ui.separator();
                    let cost = shop.refresh_cost(def);
                    if ui
                        .button(format!("Refresh ({cost} gold)"))
                        .on_hover_text("new offers on every shelf; locked offers stay")
                        .clicked()
                    {
                        action = Some(Command::Refresh);
                    }
                    ui.weak(format!("refreshes: {}", shop.refreshes()));
                    let wear = super::equipment::items_to_wear(world.catalog(), carry);
                    let label = if wear > 0 {
                        format!("Equipment & crafting ({})", super::equipment::wear_words(wear))
                    } else {
                        "Equipment & crafting".to_string()
                    };
                    if ui.button(label).clicked() {
                        action = Some(Command::OpenArmoury);
                    }
                    // Enter leaves too, unless a widget has the keyboard focus
                    // (then Enter presses that widget, as egui does everywhere).
                    let enter =
                        ui.input(|i| i.key_pressed(egui::Key::Enter)) && ui.memory(|m| m.focused().is_none());
                    if ui.button("Leave for the lab >> (Enter)").clicked() || enter {
                        action = Some(Command::LeaveShop);
                    }
                });
                if let Some(m) = message {
                    ui.colored_label(theme::THREAT, m);
                }
                ui.separator();
                let mut hotkey = 0;
                ui.columns(3, |cols| {
                    for (col, (shelf, title)) in cols.iter_mut().zip([
                        (Shelf::Spells, "A — Spells"),
                        (Shelf::Cores, "B — Cores"),
                        (Shelf::Stats, "C — Stats"),
                    ]) {
                        col.strong(title);
                        let offers = shop.shelf(shelf).to_vec();
                        for (i, offer) in offers.iter().enumerate() {
                            // Number keys buy, counting across the shelves A, B, C.
                            let key = super::number_key(hotkey);
                            hotkey += 1;
                            let place = OfferPlace {
                                shelf,
                                index: i,
                                key,
                                hotkey,
                            };
                            match offer_card(col, world, carry, offer, place) {
                                Some(OfferPick::Buy(cmd)) => action = Some(cmd),
                                // A 4th core asks which to sell first (docs/screens.md#no-traps).
                                Some(OfferPick::MakeRoom) => {
                                    ctx.data_mut(|d| {
                                        d.insert_temp(room_id(), i);
                                    });
                                }
                                None => {}
                            }
                        }
                    }
                });
                if let Some(cmd) = carried(ui, world, carry, locked) {
                    action = Some(cmd);
                }
            });
        });
    });
    if matches!(action, Some(Command::SellCard(_))) {
        lock_sales(ctx);
    }
    action
}

/// The left column: what helps to decide (the tried chip's change and
/// the coming waves).
fn decide_column(root: &mut egui::Ui, world: &World, carry: &Carry, trying: Option<&str>) {
    egui::Panel::left("shop decide")
        .resizable(false)
        .exact_size(DECIDE_WIDTH)
        .show(root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("shop decide")
                .show(ui, |ui| {
                    match trying {
                        Some(id) => super::shop_decide::try_result(ui, world, carry, id),
                        None => {
                            ui.weak("Try a chip on the shelf to measure it on your build, nothing paid.");
                        }
                    }
                    ui.separator();
                    super::shop_decide::forecast(ui, world, world.wave);
                });
        });
}

/// Width of the left column (the Try result and the forecast), points.
const DECIDE_WIDTH: f32 = 210.0;

/// The core offer waiting for room (egui memory): its index on shelf B.
fn room_id() -> egui::Id {
    egui::Id::unique("shop core waits for room")
}

/// The core offer to buy once a sale made room (egui memory).
fn then_buy_id() -> egui::Id {
    egui::Id::unique("shop buys the core after the sale")
}

/// Buying a core with every core place taken (a player carries at most three:
/// docs/game.md#shop): a window asks which carried core to sell for it (the
/// active one cannot go), or to keep things as they are. The sale goes first; the purchase follows on
/// the next frame, once the place is free.
fn make_room(ctx: &egui::Context, world: &World, carry: &Carry, shop: &Shop) -> Option<Command> {
    let cat = world.catalog();
    let def = &cat.run.shop;
    if let Some(i) = ctx.data(|d| d.get_temp::<usize>(then_buy_id())) {
        ctx.data_mut(|d| d.remove::<usize>(then_buy_id()));
        if carry.loadout.cores().len() < def.max_cores {
            return Some(Command::Buy {
                shelf: Shelf::Cores,
                index: i,
            });
        }
    }
    let i = ctx.data(|d| d.get_temp::<usize>(room_id()))?;
    let offer = shop.cores.get(i)?;
    let mut out = None;
    let mut close = false;
    egui::Modal::new(egui::Id::unique("shop make room")).show(ctx, |ui| {
        let name = super::names::core_name(cat, &offer.id);
        ui.heading(format!("No room for {name}"));
        ui.label(format!(
            "You carry {} cores, the most you can. Sell one to make room, then {name} is bought for {} gold.",
            def.max_cores, offer.price
        ));
        let active = carry.loadout.active_index();
        for (ci, core) in carry.loadout.cores().iter().enumerate() {
            let sell = def.sell_price(core.paid);
            let cname = super::names::core_name(cat, &core.id);
            if ci == active {
                ui.add_enabled(
                    false,
                    egui::Button::new(format!("{cname} is active: switch first")),
                );
            } else if ui
                .button(format!("Sell {cname} for {sell} gold (its cards wait)"))
                .clicked()
            {
                out = Some(Command::SellCore(ci));
                ctx.data_mut(|d| d.insert_temp(then_buy_id(), i));
                close = true;
            }
        }
        if ui.button(format!("Discard {name}: keep my cores")).clicked() {
            close = true;
        }
    });
    if close {
        ctx.data_mut(|d| d.remove::<usize>(room_id()));
    }
    out
}

/// How far (points) the pointer must move after a sale before the sell
/// buttons take clicks again.
const SELL_UNLOCK_PX: f32 = 24.0;

/// Where the last sale was clicked, in egui's memory.
fn sale_id() -> egui::Id {
    egui::Id::unique("shop last sale at")
}

/// After a sale the cards after the sold one close up, so another card
/// now lies under the cursor (docs/screens.md#no-traps): the sell buttons
/// stay shut until the pointer has left the spot it sold from.
fn lock_sales(ctx: &egui::Context) {
    if let Some(p) = ctx.pointer_latest_pos() {
        ctx.data_mut(|d| d.insert_temp(sale_id(), p));
    }
}

/// True while the sell buttons are shut after a sale (see [`lock_sales`]).
fn sell_locked(ctx: &egui::Context) -> bool {
    let Some(at) = ctx.data(|d| d.get_temp::<egui::Pos2>(sale_id())) else {
        return false;
    };
    let moved = ctx
        .pointer_latest_pos()
        .is_none_or(|p| p.distance(at) > SELL_UNLOCK_PX);
    if moved {
        ctx.data_mut(|d| d.remove::<egui::Pos2>(sale_id()));
    }
    !moved
}

/// A carried chip as a button that sells it for `sell`: its name, and its
/// numbers on hover; shut while `locked`. True when clicked.
fn sell_button(ui: &mut egui::Ui, world: &World, id: &str, sell: u64, locked: bool) -> bool {
    let cat = world.catalog();
    // Icon and button side by side in the caller's wrapping row (not a
    // nested row, which egui would not wrap: it ran under the stat sheet).
    super::icons::chip_icon(ui, cat, id);
    ui.add_enabled(
        !locked,
        egui::Button::new(format!("{} (sell {sell})", super::names::spell_name(cat, id))),
    )
    .on_hover_text(format!(
        "{}\nClick to sell it.",
        super::names::spell_tip(cat, id, Some(sell))
    ))
    .on_disabled_hover_text("Sold. Move the pointer off to sell another.")
    .clicked()
}

/// What an offer does to the build now, in words: a chip's place (the
/// next free slot, or the waiting area when the core is full), a core's
/// slots against the active core's, a stat offer's before → after lines.
fn offer_now(world: &World, carry: &Carry, shelf: Shelf, id: &str) -> Vec<String> {
    let cat = world.catalog();
    let active = carry.loadout.active();
    let cap = carry.loadout.capacity_of(active);
    match shelf {
        Shelf::Spells => vec![super::shop_decide::placement_words(world, carry, id)],
        Shelf::Cores => cat
            .cores
            .find(id)
            .map(|i| {
                let c = cat.cores.get(i);
                let d = c.capacity as i64 - cap as i64;
                let slots = match d {
                    0 => "as many slots as yours".to_string(),
                    d if d > 0 => format!("+{d} slots over yours ({cap})"),
                    d => format!("{} slots under yours ({cap})", -d),
                };
                vec![format!("{slots}; carried, not active until you switch")]
            })
            .unwrap_or_default(),
        Shelf::Stats => cat
            .run
            .shop
            .stat_offers
            .iter()
            .find(|o| o.id == id)
            .map(|o| super::build_now::stat_changes(world, carry, &o.modifiers))
            .unwrap_or_default(),
    }
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
        Shelf::Stats => super::names::stat_offer_name(cat, id),
    }
}

/// An offer's tier: a chip's or core's own (1 ..= 3), a stat offer's from
/// how often it is stocked (`theme::weight_tier`).
fn offer_tier(world: &World, shelf: Shelf, id: &str) -> u8 {
    let cat = world.catalog();
    match shelf {
        Shelf::Spells => cat.spells.find(id).map_or(1, |i| cat.spells.get(i).rarity),
        Shelf::Cores => cat.cores.find(id).map_or(1, |i| cat.cores.get(i).rarity),
        Shelf::Stats => cat
            .run
            .shop
            .stat_offers
            .iter()
            .find(|o| o.id == id)
            .map_or(1, |o| theme::weight_tier(o.weight)),
    }
}

/// An offer's icon: a chip's kind and element, a core's hexagon in its
/// tier's colour, a stat offer's stat.
fn offer_icon(ui: &mut egui::Ui, world: &World, shelf: Shelf, id: &str, tier: u8) {
    let cat = world.catalog();
    match shelf {
        Shelf::Spells => {
            super::icons::chip_icon(ui, cat, id);
        }
        Shelf::Cores => {
            let class = crate::loot::class::ItemClass::Core;
            super::icons::item_icon(ui, class, theme::tier_colour(tier), super::icons::ICON);
        }
        Shelf::Stats => {
            let stat = cat
                .run
                .shop
                .stat_offers
                .iter()
                .find(|o| o.id == id)
                .and_then(|o| o.modifiers.first());
            if let Some(m) = stat {
                super::icons::stat_icon(ui, m.stat, super::icons::ICON);
            }
        }
    }
}

/// Where an offer sits: its shelf and index, its number key and that key's
/// number as shown (counting across the shelves).
#[derive(Clone, Copy)]
struct OfferPlace {
    shelf: Shelf,
    index: usize,
    key: Option<egui::Key>,
    hotkey: usize,
}

/// What a click on an offer asks for.
enum OfferPick {
    Buy(Command),
    /// A core with every core place taken: ask which to sell first.
    MakeRoom,
}

/// One offer as a card edged in its tier's colour: its icon, its name in
/// that colour (its numbers on hover), its buy button and number key, and
/// what it changes on the build now (docs/screens.md#offers).
fn offer_card(
    col: &mut egui::Ui,
    world: &World,
    carry: &Carry,
    offer: &crate::shop::Offer,
    at: OfferPlace,
) -> Option<OfferPick> {
    let (shelf, cat) = (at.shelf, world.catalog());
    let tier = offer_tier(world, shelf, &offer.id);
    let mut pick = None;
    // A sold card keeps the height it had on sale, so the cards below it
    // stay where they were and a second click lands on the card the player
    // aimed at (docs/screens.md#no-traps).
    let height_id = egui::Id::unique(("offer card height", shelf, at.index));
    theme::outline_card(theme::tier_colour(tier)).show(col, |col| {
        col.set_width(col.available_width());
        let top = col.min_rect().top();
        col.horizontal_wrapped(|ui| {
            let tip = match shelf {
                Shelf::Spells => super::names::spell_tip(cat, &offer.id, None),
                Shelf::Cores => super::names::core_tip(cat, &offer.id, None),
                Shelf::Stats => super::names::stat_offer_tip(cat, &offer.id),
            };
            offer_icon(ui, world, shelf, &offer.id, tier);
            let name = offer_name(world, shelf, &offer.id);
            ui.label(egui::RichText::new(name).color(theme::tier_colour(tier)))
                .on_hover_text(tip);
            if offer.sold {
                ui.weak("sold");
                return;
            }
            let pressed = at.key.is_some_and(|k| ui.input(|inp| inp.key_pressed(k)))
                && ui.memory(|m| m.focused().is_none());
            let label = match at.key {
                Some(_) => format!("[{}] Buy {}", at.hotkey, offer.price),
                None => format!("Buy {}", offer.price),
            };
            if ui.button(label).clicked() || pressed {
                pick = Some(
                    if shelf == Shelf::Cores && carry.loadout.cores().len() >= cat.run.shop.max_cores {
                        OfferPick::MakeRoom
                    } else {
                        OfferPick::Buy(Command::Buy {
                            shelf,
                            index: at.index,
                        })
                    },
                );
            }
        });
        if !offer.sold {
            for line in offer_now(world, carry, shelf, &offer.id) {
                col.weak(line);
            }
            col.horizontal(|ui| {
                let lock = if offer.locked { "Locked (unlock)" } else { "Lock" };
                if ui
                    .selectable_label(offer.locked, lock)
                    .on_hover_text(
                        "free: a locked offer stays through refreshes and into the next shop, at its price",
                    )
                    .clicked()
                {
                    pick = Some(OfferPick::Buy(Command::LockOffer {
                        shelf,
                        index: at.index,
                    }));
                }
                if shelf == Shelf::Spells
                    && ui
                        .button("Try")
                        .on_hover_text("measure it on your build where buying would put it; nothing is paid")
                        .clicked()
                {
                    pick = Some(OfferPick::Buy(Command::TryOn(at.index)));
                }
            });
        }
        // A board core on the shelf explains its adjacency (docs/game.md#tips).
        if shelf == Shelf::Cores
            && let Some(tip) = cat
                .cores
                .find(&offer.id)
                .and_then(|c| super::tips::board_tip(cat.cores.get(c)))
        {
            col.colored_label(theme::ACCENT, tip);
        }
        let used = col.min_rect().bottom() - top;
        if offer.sold {
            let kept = col.ctx().data(|d| d.get_temp::<f32>(height_id)).unwrap_or(used);
            col.add_space((kept - used).max(0.0));
        } else {
            col.ctx().data_mut(|d| d.insert_temp(height_id, used));
        }
    });
    pick
}

/// The carried cores (switch, sell, and their cards to sell) and the
/// waiting area; returns the command a button gave.
fn carried(ui: &mut egui::Ui, world: &World, carry: &Carry, locked: bool) -> Option<Command> {
    let def = &world.catalog().run.shop;
    let mut action = None;
    ui.separator();
    ui.strong(format!(
        "Carried cores (sell for {:.0} % of the price paid, at least {}; switch the active one)",
        def.sell.fraction * 100.0,
        def.sell.floor
    ));
    let cores = carry.loadout.cores().to_vec();
    let active = carry.loadout.active_index();
    for (ci, core) in cores.iter().enumerate() {
        ui.horizontal(|ui| {
            let tag = if ci == active { "(active)" } else { "" };
            let cat = world.catalog();
            ui.label(format!(
                "{} ({} slots) {tag}",
                super::names::core_name(cat, &core.id),
                core.capacity
            ))
            .on_hover_text(super::names::core_tip(
                cat,
                &core.id,
                Some(def.sell_price(core.paid)),
            ));
            if ci != active {
                if ui
                    .button("Make active")
                    .on_hover_text("each core keeps its own cards")
                    .clicked()
                {
                    action = Some(Command::SwitchCore {
                        core: ci,
                        carry_deck: false,
                    });
                }
                if ui
                    .button("Make active, take the deck along")
                    .on_hover_text("the active deck moves into this core; what does not fit waits")
                    .clicked()
                {
                    action = Some(Command::SwitchCore {
                        core: ci,
                        carry_deck: true,
                    });
                }
                if ui.button(format!("Sell {}", def.sell_price(core.paid))).clicked() {
                    action = Some(Command::SellCore(ci));
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            for (slot, card) in core.deck.iter().enumerate() {
                if sell_button(ui, world, &card.id, def.sell_price(card.paid), locked) {
                    action = Some(Command::SellCard(CardPlace::Deck { core: ci, slot }));
                }
            }
        });
    }
    ui.separator();
    ui.strong(format!(
        "Waiting area ({} / {})",
        carry.loadout.waiting.len(),
        def.waiting_area
    ));
    ui.horizontal_wrapped(|ui| {
        let waiting = carry.loadout.waiting.clone();
        for (i, card) in waiting.iter().enumerate() {
            if sell_button(ui, world, &card.id, def.sell_price(card.paid), locked) {
                action = Some(Command::SellCard(CardPlace::Waiting(i)));
            }
        }
    });
    action
}
