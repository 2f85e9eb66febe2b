//! The equipment panel: the four slots, the run's artifact sockets, every item
//! described the way the enhancement seed describes gear, and a comparison of
//! the selected carried item against what is worn.
//!
//! [`show`] only draws and returns what the player chose; the run flow
//! performs it (`crate::loot::gear_actions::apply_equipment`).

use egui::{Color32, RichText};

use crate::loot::LootData;
use crate::loot::artifacts::ArtifactInstance;
use crate::loot::equipment::Equipment;
use crate::loot::item::{Inventory, Item, Slot};
use crate::stats::StatId;

pub use crate::loot::gear_actions::EquipmentAction;

/// Which carried item the comparison shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EquipmentView {
    /// Selected carried item.
    pub selected: Option<usize>,
}

const GAIN: Color32 = Color32::from_rgb(120, 220, 120);
const LOSS: Color32 = Color32::from_rgb(230, 110, 100);

fn item_lines(ui: &mut egui::Ui, item: &Item, data: &LootData, build: BuildNow<'_>) {
    let mut lines = item.describe(data);
    if let Some(slash) = build
        .melee
        .and_then(|m| slash_line(item, data, m, build.damage_flat))
    {
        // After the weapon's attack-level line: what the blade itself does.
        let at = lines
            .iter()
            .position(|l| l.starts_with("attack level"))
            .map_or(lines.len(), |k| k + 1);
        lines.insert(at, slash);
    }
    for (i, line) in lines.iter().enumerate() {
        if i == 0 {
            let [r, g, b] = item.rarity.colour();
            ui.label(RichText::new(line).strong().color(Color32::from_rgb(r, g, b)));
        } else if line.starts_with("Enhancement") || line.starts_with("Enchantment") {
            ui.label(RichText::new(line).color(Color32::from_rgb(200, 170, 250)));
        } else {
            ui.label(line);
        }
    }
}

/// What the panel needs of the build beyond the gear: the player's whole
/// max HP, the active core's mana ceiling, and what a blade's slash would
/// deal on this build.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct BuildNow<'a> {
    /// Max HP with level-ups, the shop and the gear.
    pub hp_max: f32,
    /// The active core's own mana ceiling (max mana above it holds nothing).
    pub core_mana: Option<f32>,
    /// The blades' numbers, to show what a blade's slash deals.
    pub melee: Option<&'a crate::melee::MeleeRules>,
    /// The player's flat damage per hit, which every slash adds.
    pub damage_flat: f32,
}

/// The blade `item` is, if it is one.
fn blade_of<'m>(
    item: &Item,
    data: &LootData,
    melee: &'m crate::melee::MeleeRules,
) -> Option<&'m crate::melee::BladeDef> {
    let id = data.bases.get(&item.base)?.weapon.as_ref()?.melee.as_deref()?;
    melee.blade(id)
}

/// A blade's line: what one slash deals on this build (the blade's damage
/// plus the player's flat damage per hit, docs/game.md#strike), its reach,
/// sector and parry; `None` for anything that is not a blade. The item's
/// other lines name its levels, not what it cuts for.
pub fn slash_line(
    item: &Item,
    data: &LootData,
    melee: &crate::melee::MeleeRules,
    damage_flat: f32,
) -> Option<String> {
    let blade = blade_of(item, data, melee)?;
    let flat = if damage_flat > 0.0 {
        format!(" + {damage_flat:.0} flat = {:.0}", blade.slash(damage_flat))
    } else {
        String::new()
    };
    Some(format!(
        "slash {:.0}{flat}, reach {:.0} px, {:.0}°, parry {:.0} %",
        blade.damage,
        blade.reach,
        blade.arc_deg,
        blade.parry * 100.0
    ))
}

/// What wearing `candidate` does to the slash, when it or what its slot
/// holds is a blade: "Slash: none -> 14" (a blade takes empty hands or a
/// core's place), "Slash: 14 -> 24", "Slash: 14 -> none"; with whether the
/// change is a gain. `flat` is the player's flat damage per hit now and
/// with the candidate worn (an item's Heavy affix moves it). The stat
/// comparison cannot show this: a blade's damage is its own, not a stat.
pub fn slash_change(
    equipment: &Equipment,
    candidate: &Item,
    data: &LootData,
    melee: &crate::melee::MeleeRules,
    flat: (f32, f32),
) -> Option<(String, bool)> {
    let slot = data.bases.get(&candidate.base)?.class.slot()?;
    let now = equipment
        .slot(slot)
        .and_then(|worn| blade_of(worn, data, melee))
        .map(|b| b.slash(flat.0));
    let then = blade_of(candidate, data, melee).map(|b| b.slash(flat.1));
    if now.is_none() && then.is_none() || now == then {
        return None;
    }
    let show = |v: Option<f32>| v.map_or("none".to_string(), |d| format!("{d:.0}"));
    let better = then.unwrap_or(0.0) > now.unwrap_or(0.0);
    Some((format!("Slash: {} -> {}", show(now), show(then)), better))
}

/// Draws the panel. `loose` are artifacts the player holds but has not
/// socketed; `build` is what the comparison needs to tell the truth.
#[expect(clippy::too_many_lines, reason = "an egui screen laid out top to bottom")]
pub fn show(
    ui: &mut egui::Ui,
    view: &mut EquipmentView,
    equipment: &Equipment,
    inventory: &Inventory,
    loose: &[ArtifactInstance],
    data: &LootData,
    build: BuildNow<'_>,
) -> Option<EquipmentAction> {
    let hp_max_now = build.hp_max;
    let mut action = None;
    ui.heading("Equipment");
    for slot in Slot::ALL {
        ui.separator();
        ui.horizontal(|ui| {
            ui.strong(slot.name());
            if equipment.slot(slot).is_some() && ui.small_button("take off").clicked() {
                action = Some(EquipmentAction::Unequip(slot));
            }
        });
        match equipment.slot(slot) {
            Some(item) => item_lines(ui, item, data, build),
            None => {
                ui.weak("(empty)");
            }
        }
    }

    ui.separator();
    let open = equipment.artifact_sockets(data);
    ui.strong(format!(
        "Artifact sockets {}/{} (record depth {})",
        equipment.artifacts.len(),
        open,
        equipment.record_depth
    ));
    for (i, a) in equipment.artifacts.iter().enumerate() {
        if let Some(def) = data.artifacts.get(&a.id) {
            ui.horizontal(|ui| {
                ui.label(RichText::new(&def.name).strong());
                if ui.small_button("remove").clicked() {
                    action = Some(EquipmentAction::Unsocket(i));
                }
            });
            ui.label(RichText::new(format!("rule: {}", def.rule)).color(GAIN));
            ui.label(RichText::new(format!("price: {}", def.price)).color(LOSS));
            for af in &a.affixes {
                if let Some(d) = data.affixes.get(&af.id) {
                    ui.label(format!("{} (T{})", d.describe(af.value), af.tier));
                }
            }
        }
    }
    for (i, a) in loose.iter().enumerate() {
        if let Some(def) = data.artifacts.get(&a.id) {
            ui.horizontal(|ui| {
                ui.label(format!("{}: {} / {}", def.name, def.rule, def.price));
                let free = (equipment.artifacts.len() as u32) < open + def.extra_sockets;
                if ui.add_enabled(free, egui::Button::new("socket")).clicked() {
                    action = Some(EquipmentAction::Socket(i));
                }
            });
        }
    }

    ui.separator();
    ui.strong(format!("Carried ({})", inventory.items.len()));
    egui::ScrollArea::vertical()
        .id_salt("equipment inventory")
        .max_height(160.0)
        .show(ui, |ui| {
            for (i, item) in inventory.items.iter().enumerate() {
                let grade = super::theme::rarity_colour(item.rarity);
                let name =
                    RichText::new(format!("{} [{}]", item.name(data), item.rarity.name())).color(grade);
                ui.horizontal(|ui| {
                    super::icons::item_icon(ui, item.class(data), grade, super::icons::ICON);
                    if ui.selectable_label(view.selected == Some(i), name).clicked() {
                        view.selected = Some(i);
                    }
                });
            }
        });
    if let Some(item) = view.selected.and_then(|i| inventory.items.get(i)) {
        ui.separator();
        item_lines(ui, item, data, build);
        let deltas = equipment.compare(item, data);
        // The flat damage with the candidate worn: what the swap does to
        // the gear's share of it.
        let flat_then = build.damage_flat
            + deltas
                .iter()
                .find(|d| d.stat == StatId::DamageFlat)
                .map_or(0.0, |d| d.after - d.before);
        let slash = build
            .melee
            .and_then(|m| slash_change(equipment, item, data, m, (build.damage_flat, flat_then)));
        if let Some((text, better)) = &slash {
            ui.label(RichText::new(text).color(if *better { GAIN } else { LOSS }));
        }
        if deltas.is_empty() && slash.is_none() {
            ui.weak("no stat changes against what is worn");
        }
        for d in deltas {
            let better = if d.stat.lower_is_better() {
                d.after < d.before
            } else {
                d.after > d.before
            };
            // Max mana above what the core holds changes nothing now
            // (docs/vm.md#mana): said so, not shown as a gain.
            if d.stat == StatId::ManaMax
                && let Some(cap) = build.core_mana
                && (d.before.min(cap) - d.after.min(cap)).abs() < 1e-3
            {
                ui.weak(format!("Max mana: +0 now: your core holds {cap:.0}"));
                continue;
            }
            let text = format!("{}: {:.2} -> {:.2}", d.stat.name(), d.before, d.after);
            ui.label(RichText::new(text).color(if better { GAIN } else { LOSS }));
        }
        if ui.button("Wear it").clicked() {
            action = view.selected.map(EquipmentAction::Equip);
        }
    }
    // The player's whole max HP: level-ups, the shop and the worn gear
    // together (the gear's own share alone misled, docs/screens.md#offers).
    let gear = equipment.loadout(data).stat_sheet().get(StatId::HpMax) - StatId::HpMax.base();
    ui.weak(format!(
        "max HP now: {hp_max_now:.0} (gear {})",
        if gear >= 0.0 {
            format!("+{gear:.0}")
        } else {
            format!("{gear:.0}")
        }
    ));
    action
}

/// Unworn items that would improve the build: an item for an empty slot, or
/// one of a higher grade (then a higher item level) than the worn one
/// (the scripted players' rule). The shop and the lab count them so a
/// player is told there is gear waiting.
pub fn items_to_wear(cat: &crate::catalog::Catalog, carry: &crate::world::Carry) -> usize {
    carry
        .stash
        .iter()
        .filter(|item| {
            let Some(slot) = cat.loot.bases.get(&item.base).and_then(|b| b.class.slot()) else {
                return false;
            };
            match carry.equipment.slot(slot) {
                None => true,
                Some(worn) => (item.rarity, item.ilvl) > (worn.rarity, worn.ilvl),
            }
        })
        .count()
}

/// "1 item to wear", "3 items to wear".
pub fn wear_words(n: usize) -> String {
    if n == 1 {
        "1 item to wear".into()
    } else {
        format!("{n} items to wear")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loot::rarity::Rarity;

    #[test]
    fn a_blade_shows_its_slash_on_this_build() {
        let cat = crate::catalog::Catalog::load(&crate::data::default_root()).expect("data loads");
        let (loot, melee) = (&cat.loot, &cat.melee);
        let saber = melee.blade("saber").unwrap();
        let item = Item::new("saber", 30, Rarity::Common);
        let line = slash_line(&item, loot, melee, 0.0).unwrap();
        assert!(
            line.starts_with(&format!("slash {:.0}, reach 80 px", saber.damage)),
            "{line}"
        );
        let line = slash_line(&item, loot, melee, 6.0).unwrap();
        assert!(
            line.starts_with(&format!(
                "slash {:.0} + 6 flat = {:.0}",
                saber.damage,
                saber.damage + 6.0
            )),
            "{line}"
        );
        // Not a blade: no line.
        assert!(slash_line(&Item::new("wand_core", 10, Rarity::Common), loot, melee, 0.0).is_none());
    }

    #[test]
    fn wearing_a_blade_shows_what_it_does_to_the_slash() {
        let cat = crate::catalog::Catalog::load(&crate::data::default_root()).expect("data loads");
        let (loot, melee) = (&cat.loot, &cat.melee);
        let (knife, cleaver) = (melee.blade("knife").unwrap(), melee.blade("cleaver").unwrap());
        // What wearing a common `base` over `eq` does to the slash.
        let change = |eq: &Equipment, base: &str, flat: (f32, f32)| {
            slash_change(eq, &Item::new(base, 20, Rarity::Common), loot, melee, flat)
        };
        let mut eq = Equipment::default();
        let (text, better) = change(&eq, "cleaver", (2.0, 2.0)).unwrap();
        assert_eq!(text, format!("Slash: none -> {:.0}", cleaver.slash(2.0)));
        assert!(better);
        eq.hands = Some(Item::new("cleaver", 20, Rarity::Common));
        let (text, better) = change(&eq, "knife", (0.0, 0.0)).unwrap();
        assert_eq!(
            text,
            format!("Slash: {:.0} -> {:.0}", cleaver.damage, knife.damage)
        );
        assert!(!better);
        let (text, better) = change(&eq, "wand_core", (0.0, 0.0)).unwrap();
        assert_eq!(text, format!("Slash: {:.0} -> none", cleaver.damage));
        assert!(!better);
        // The same blade without the worn one's Heavy affix: the flat
        // damage the swap takes away shows on the slash.
        let (text, better) = change(&eq, "cleaver", (10.0, 4.0)).unwrap();
        assert_eq!(
            text,
            format!("Slash: {:.0} -> {:.0}", cleaver.slash(10.0), cleaver.slash(4.0))
        );
        assert!(!better);
        // Neither side a blade: nothing to say.
        assert!(change(&eq, "cloth_coat", (0.0, 0.0)).is_none());
    }
}
