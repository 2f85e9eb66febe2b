//! The compact stat sheet beside the shop and the level-up cards: the
//! build's numbers now, so a player weighs an offer against them without
//! leaving the screen (docs/screens.md#how-screens-look).
//!
//! It shows what the rules use, not raw sheet entries: the mana a cast can
//! hold is the lower of the player's and the active core's
//! (docs/vm.md#mana), the mana regeneration is the active core's plus the
//! player's bonus, CPU is shown as the op limit it sets, and the crit chance is luck's share plus the crit
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
    let cat = world.catalog();
    let core = cat
        .cores
        .find(&carry.loadout.active().id)
        .map(|i| cat.cores.get(i));
    // The regeneration that acts: the core's own plus the player's bonus.
    let regen = core.map_or(0.0, |c| c.mana_regen) + s.get(StatId::ManaRegen);
    // CPU is the op limit: the ops a cast may use (docs/vm.md#limits).
    let cpu = s.get(StatId::CpuLimit) + core.map_or(0.0, |c| c.cpu);
    let ops = (cpu * cat.balance.vm.ops_per_cpu as f32).floor();
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
        (StatId::ManaRegen, "Mana regen", format!("{regen:.0}/s")),
        (StatId::CpuLimit, "CPU", format!("{ops:.0} ops")),
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
                // A long value wraps inside the sheet instead of running past its edge.
                ui.add(
                    egui::Label::new(RichText::new(value).monospace().color(super::theme::TEXT_STRONG))
                        .wrap(),
                );
                ui.end_row();
            }
        });
}
