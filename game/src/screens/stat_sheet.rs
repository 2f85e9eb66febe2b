//! The compact stat sheet beside the shop and the level-up cards: the
//! build's numbers now, so a player weighs an offer against them without
//! leaving the screen (docs/screens.md#how-screens-look).
//!
//! It shows what the rules use, not raw sheet entries: the mana a cast can
//! hold is the lower of the player's and the active core's
//! (docs/vm.md#mana), and the crit chance is luck's share plus the crit
//! stat as combat computes it (`AttackerStats::crit_chance`).

use egui::RichText;

use crate::combat::AttackerStats;
use crate::stats::StatId;
use crate::world::{Carry, World};

/// Width of the sheet, points.
pub const WIDTH: f32 = 184.0;
/// Side of a row's icon, points.
const ICON: f32 = 14.0;

/// One row: the icon's stat, the name, the value as a player reads it.
pub fn rows(world: &World, carry: &Carry) -> Vec<(StatId, &'static str, String)> {
    let s = world.player.stats();
    let show = |id: StatId| id.show(s.get(id));
    let mana = s.get(StatId::ManaMax);
    let held = super::build_now::core_mana(world, carry).map_or(mana, |core| mana.min(core));
    let crit = AttackerStats::from_sheet(s).crit_chance(&world.catalog().combat);
    let flat = s.get(StatId::DamageFlat);
    let damage = if flat.abs() > 1e-3 {
        format!("{} +{}", show(StatId::DamageMult), StatId::DamageFlat.show(flat))
    } else {
        show(StatId::DamageMult)
    };
    vec![
        (StatId::DamageMult, "Damage", damage),
        (StatId::CastDelayMod, "Cast delay", show(StatId::CastDelayMod)),
        (
            StatId::RechargeSpeedMod,
            "Recharge",
            show(StatId::RechargeSpeedMod),
        ),
        (StatId::ManaMax, "Mana", StatId::ManaMax.show(held)),
        (StatId::ManaRegen, "Mana regen", show(StatId::ManaRegen)),
        (StatId::HpMax, "Max HP", show(StatId::HpMax)),
        (StatId::HpRegen, "HP regen", show(StatId::HpRegen)),
        (StatId::Armor, "Armour", show(StatId::Armor)),
        (StatId::MoveSpeed, "Speed", show(StatId::MoveSpeed)),
        (StatId::PickupRadius, "Pickup", show(StatId::PickupRadius)),
        (StatId::CritChance, "Crit chance", StatId::CritChance.show(crit)),
        (StatId::CritMult, "Crit damage", show(StatId::CritMult)),
    ]
}

/// Draws the sheet as an outlined card: a heading, then one row per stat.
pub fn show(ui: &mut egui::Ui, world: &World, carry: &Carry) {
    // An outline, not a filled card: egui shades every filled pixel (a few
    // ms a frame on lavapipe for a card this size).
    super::theme::outline_card(super::theme::EDGE).show(ui, |ui| {
        ui.set_width(WIDTH - 18.0);
        // Top to bottom even beside the level-up cards' row.
        ui.vertical(|ui| rows_ui(ui, world, carry));
    });
}

fn rows_ui(ui: &mut egui::Ui, world: &World, carry: &Carry) {
    let heading = RichText::new("Your build now").strong();
    ui.label(heading.color(super::theme::ACCENT));
    egui::Grid::new("stat sheet")
        .num_columns(3)
        .spacing([6.0, 2.0])
        .show(ui, |ui| {
            for (stat, name, value) in rows(world, carry) {
                super::icons::stat_icon(ui, stat, ICON);
                ui.label(RichText::new(name).color(super::theme::TEXT_WEAK));
                ui.label(RichText::new(value).monospace().color(super::theme::TEXT_STRONG));
                ui.end_row();
            }
        });
}
