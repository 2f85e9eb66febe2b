//! The crafting bench: each operation with its cost and its odds shown before
//! the player commits; fracture asks for confirmation. Enhancement and
//! enchantment attempts show the d6 success chance and what a failure does.
//!
//! [`show`] only draws and returns the chosen action; the run flow performs
//! it with the run's `crafting` stream (`crate::loot::gear_actions::apply_bench`).

use egui::{Color32, RichText};

use crate::loot::LootData;
use crate::loot::affix::AffixGroup;
use crate::loot::crafting::{self, Operation};
use crate::loot::enhance::recipes::Recipes;
use crate::loot::enhance::{self, AttemptKind, LEVELS_CODEX};
use crate::loot::item::Inventory;
use crate::loot::materials::MaterialAmounts;

/// What the bench remembers between frames.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchState {
    /// Item being worked on.
    pub selected: Option<usize>,
    /// Group offered for grafting.
    pub graft_group: AffixGroup,
    /// Affix offered for excision.
    pub excise_index: usize,
    /// Enhancement offered.
    pub enhancement: String,
    /// Enchantment offered.
    pub enchantment: String,
    /// Fracture was clicked once and awaits confirmation.
    pub confirm_fracture: bool,
    /// Last result, shown under the buttons.
    pub message: String,
}

impl Default for BenchState {
    fn default() -> Self {
        Self {
            selected: None,
            graft_group: AffixGroup::Damage,
            excise_index: 0,
            enhancement: String::new(),
            enchantment: String::new(),
            confirm_fracture: false,
            message: String::new(),
        }
    }
}

pub use crate::loot::gear_actions::BenchAction;

const GROUPS: [AffixGroup; 9] = [
    AffixGroup::Damage,
    AffixGroup::Penetration,
    AffixGroup::Element,
    AffixGroup::Status,
    AffixGroup::Reaction,
    AffixGroup::Defence,
    AffixGroup::Supply,
    AffixGroup::Trigger,
    AffixGroup::Guard,
];

/// One line that says what a crafting verb does, under its button.
pub fn verb_line(op: Operation) -> &'static str {
    match op {
        Operation::Reforge => "Reforge: rolls every affix's value again, keeping its tier.",
        Operation::Graft(_) => "Graft: adds one affix of the chosen group, if there is room.",
        Operation::Excise(_) => "Excise: removes the chosen affix, freeing its place.",
        Operation::Ascend => "Ascend: raises one affix a tier, within the item's budget.",
        Operation::Fracture => "Fracture: raises every affix, lowers the budget; the item may break.",
    }
}

fn op_row(
    ui: &mut egui::Ui,
    op: Operation,
    index: usize,
    inventory: &Inventory,
    bag: &MaterialAmounts,
    data: &LootData,
) -> bool {
    let item = &inventory.items[index];
    match crafting::cost_of(op, item, data) {
        Ok(cost) => {
            let risk = crafting::destroy_chance(op, data);
            let odds = if risk > 0.0 {
                format!(", {:.0}% the item crumbles", risk * 100.0)
            } else {
                String::new()
            };
            let clicked = ui
                .add_enabled(bag.covers(&cost), egui::Button::new(op.name()))
                .clicked();
            ui.add(egui::Label::new(format!("{}{odds}", data.materials.describe(&cost))).wrap());
            ui.add(
                egui::Label::new(
                    RichText::new(verb_line(op))
                        .small()
                        .color(super::theme::TEXT_WEAK),
                )
                .wrap(),
            );
            clicked
        }
        Err(e) => {
            ui.add_enabled(false, egui::Button::new(op.name()));
            ui.weak(e.to_string());
            ui.add(
                egui::Label::new(
                    RichText::new(verb_line(op))
                        .small()
                        .color(super::theme::TEXT_WEAK),
                )
                .wrap(),
            );
            false
        }
    }
}

/// What an attempt row reads.
struct Bench<'a> {
    inventory: &'a Inventory,
    bag: &'a MaterialAmounts,
    recipes: &'a Recipes,
    gold: u64,
    skill: u32,
    data: &'a LootData,
}

fn attempt_row(
    ui: &mut egui::Ui,
    kind: AttemptKind,
    choice: &mut String,
    index: usize,
    b: &Bench,
) -> Option<BenchAction> {
    let (bag, skill, data) = (b.bag, b.skill, b.data);
    let item = &b.inventory.items[index];
    let (label, defs) = match kind {
        AttemptKind::Enhancement => ("Enhance", &data.enhancements.enhancements),
        AttemptKind::Enchantment => ("Enchant", &data.enchantments.enchantments),
    };
    let fits: Vec<_> = defs
        .iter()
        .filter(|d| enhance::can_apply(item, kind, &d.id, data).is_ok())
        .collect();
    if fits.is_empty() {
        ui.weak(format!("{label}: nothing fits this item now"));
        return None;
    }
    if !fits.iter().any(|d| d.id == *choice) {
        *choice = fits[0].id.clone();
    }
    let mut out = None;
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt(label)
            .selected_text(
                fits.iter()
                    .find(|d| d.id == *choice)
                    .map_or_else(String::new, |d| d.name.clone()),
            )
            .show_ui(ui, |ui| {
                for d in &fits {
                    ui.selectable_value(
                        choice,
                        d.id.clone(),
                        format!("{} (difficulty {})", d.name, d.difficulty),
                    );
                }
            });
        if let Some(d) = fits.iter().find(|d| d.id == *choice) {
            let cost = data
                .enhancements
                .tier(d.difficulty)
                .map_or_else(MaterialAmounts::default, |t| t.cost);
            let p = enhance::success_chance(skill, d.difficulty);
            let legendary = d.difficulty >= data.enhancements.legendary_difficulty();
            let fail = if legendary {
                "failure destroys the item"
            } else if item.class(data).is_weapon() {
                "failure makes the weapon simple"
            } else {
                "failure damages it (−3 defence)"
            };
            let known = kind == AttemptKind::Enhancement || b.recipes.knows(&d.id);
            if !known {
                // Enchantments are attempted only once their recipe is learned.
                let price = enhance::recipes::recipe_price(d, data);
                if ui
                    .add_enabled(
                        b.gold >= price,
                        egui::Button::new(format!("Learn recipe ({price} gold)")),
                    )
                    .on_hover_text("a learned recipe lasts the run")
                    .clicked()
                {
                    out = Some(BenchAction::Learn(d.id.clone()));
                }
            } else if ui
                .add_enabled(bag.covers(&cost) && p > 0.0, egui::Button::new(label))
                .clicked()
            {
                out = Some(BenchAction::Attempt(index, kind, d.id.clone()));
            }
            ui.add(
                egui::Label::new(format!(
                    "{}: {:.0}% success, {}; {fail}",
                    data.materials.describe(&cost),
                    p * 100.0,
                    d.line
                ))
                .wrap(),
            );
        }
    });
    out
}

/// Draws the bench. `skill` is the crafter's skill at the record depth.
#[expect(clippy::too_many_lines, reason = "an egui screen laid out top to bottom")]
pub fn show(
    ui: &mut egui::Ui,
    state: &mut BenchState,
    inventory: &Inventory,
    bag: &MaterialAmounts,
    book: (&Recipes, u64),
    skill: u32,
    data: &LootData,
) -> Option<BenchAction> {
    let (recipes, gold) = book;
    let mut action = None;
    ui.heading("Crafting bench");
    ui.label(format!(
        "Materials: {}   ·   crafter skill {skill}",
        data.materials.describe(bag)
    ));
    egui::ScrollArea::vertical()
        .id_salt("bench items")
        .max_height(140.0)
        .show(ui, |ui| {
            for (i, item) in inventory.items.iter().enumerate() {
                let grade = super::theme::rarity_colour(item.rarity);
                let name = RichText::new(item.name(data)).color(grade);
                let picked = ui
                    .horizontal(|ui| {
                        super::icons::item_icon(ui, item.class(data), grade, super::icons::ICON);
                        ui.selectable_label(state.selected == Some(i), name).clicked()
                    })
                    .inner;
                if picked {
                    state.selected = Some(i);
                    state.confirm_fracture = false;
                }
            }
        });
    let Some(index) = state.selected.filter(|&i| i < inventory.items.len()) else {
        ui.weak("choose an item to work on");
        return None;
    };
    let item = &inventory.items[index];
    ui.separator();
    for line in item.describe(data) {
        ui.label(line);
    }
    ui.separator();
    egui::Grid::new("bench ops").num_columns(2).show(ui, |ui| {
        if op_row(ui, Operation::Reforge, index, inventory, bag, data) {
            action = Some(BenchAction::Craft(index, Operation::Reforge));
        }
        ui.end_row();
        egui::ComboBox::from_id_salt("graft group")
            .selected_text(state.graft_group.name())
            .show_ui(ui, |ui| {
                for g in GROUPS {
                    ui.selectable_value(&mut state.graft_group, g, g.name());
                }
            });
        if op_row(
            ui,
            Operation::Graft(state.graft_group),
            index,
            inventory,
            bag,
            data,
        ) {
            action = Some(BenchAction::Craft(index, Operation::Graft(state.graft_group)));
        }
        ui.end_row();
        if !item.affixes.is_empty() {
            state.excise_index = state.excise_index.min(item.affixes.len() - 1);
            let name = |i: usize| {
                data.affixes
                    .get(&item.affixes[i].id)
                    .map_or("?", |d| d.name.as_str())
                    .to_string()
            };
            egui::ComboBox::from_id_salt("excise")
                .selected_text(name(state.excise_index))
                .show_ui(ui, |ui| {
                    for i in 0..item.affixes.len() {
                        ui.selectable_value(&mut state.excise_index, i, name(i));
                    }
                });
            if op_row(
                ui,
                Operation::Excise(state.excise_index),
                index,
                inventory,
                bag,
                data,
            ) {
                action = Some(BenchAction::Craft(index, Operation::Excise(state.excise_index)));
            }
            ui.end_row();
        }
        if op_row(ui, Operation::Ascend, index, inventory, bag, data) {
            action = Some(BenchAction::Craft(index, Operation::Ascend));
        }
        ui.end_row();
        if op_row(ui, Operation::Fracture, index, inventory, bag, data) {
            state.confirm_fracture = true;
        }
        ui.end_row();
    });
    if state.confirm_fracture {
        let risk = crafting::destroy_chance(Operation::Fracture, data) * 100.0;
        ui.label(RichText::new(format!("Fracture: +2 tiers to every affix, −1 budget, and a {risk:.0}% chance the item is gone for good.")).color(Color32::from_rgb(240, 120, 90)));
        ui.horizontal(|ui| {
            if ui.button("Fracture it").clicked() {
                action = Some(BenchAction::Craft(index, Operation::Fracture));
                state.confirm_fracture = false;
            }
            if ui.button("Cancel").clicked() {
                state.confirm_fracture = false;
            }
        });
    }
    ui.separator();
    let bench = Bench {
        inventory,
        bag,
        recipes,
        gold,
        skill,
        data,
    };
    let mut enh = std::mem::take(&mut state.enhancement);
    if let Some(a) = attempt_row(ui, AttemptKind::Enhancement, &mut enh, index, &bench) {
        action = Some(a);
    }
    state.enhancement = enh;
    let mut ench = std::mem::take(&mut state.enchantment);
    if let Some(a) = attempt_row(ui, AttemptKind::Enchantment, &mut ench, index, &bench) {
        action = Some(a);
    }
    state.enchantment = ench;
    if !state.message.is_empty() {
        ui.separator();
        ui.label(&state.message);
    }
    egui::CollapsingHeader::new("How levels work")
        .id_salt("levels codex")
        .show(ui, |ui| {
            ui.label(LEVELS_CODEX);
        });
    action
}
