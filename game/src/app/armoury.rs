//! The armoury between waves: the equipment panel and the crafting bench side
//! by side, over the run's own stash, materials and worn gear.
//!
//! It is reached from the shop, so gear decisions sit next to the spending
//! decisions they compete with. The panels only draw and return what the
//! player chose; the run flow performs it as a [`Command`] (crafting rolls
//! come from the run's `crafting` stream).

use crate::loot::item::Inventory;
use crate::run::{Command, Run};
use crate::screens::crafting::{self, BenchState};
use crate::screens::equipment::{self, EquipmentAction, EquipmentView};
use crate::world::{Carry, World};

/// What the armoury asks the application to do.
#[derive(Debug, Clone, PartialEq)]
pub enum ArmouryAction {
    /// Back to the shop.
    Back,
    /// A change to the gear or a bench attempt.
    Command(Command),
}

/// Selection and bench state kept between frames (only what the screens
/// show; everything that matters to the run lives in the run).
#[derive(Debug, Clone, Default)]
pub struct Armoury {
    view: EquipmentView,
    bench: BenchState,
    /// The last result or refusal, shown in the header.
    pub message: Option<String>,
}

impl Armoury {
    /// Draws both panels; returns what the player committed to.
    pub fn show(&mut self, ctx: &egui::Context, run: &Run) -> Option<ArmouryAction> {
        let carry = run.carry();
        let cat = run.world().catalog().clone();
        let data = &cat.loot;
        let skill = data.enhancements.skill.at(carry.equipment.record_depth);
        let inventory = Inventory {
            items: carry.stash.clone(),
        };
        let mut action = None;
        ctx.root_ui(|root| {
            egui::CentralPanel::default().show(root, |ui| {
                ui.horizontal(|ui| {
                    ui.heading("Armoury");
                    ui.separator();
                    if ui.button("<< Back to the shop").clicked() {
                        action = Some(ArmouryAction::Back);
                    }
                    if let Some(m) = &self.message {
                        ui.separator();
                        ui.label(m);
                    }
                });
                ui.separator();
                ui.columns(2, |cols| {
                    egui::ScrollArea::vertical()
                        .id_salt("armoury equipment")
                        .show(&mut cols[0], |ui| {
                            if let Some(a) = equipment::show(
                                ui,
                                &mut self.view,
                                &carry.equipment,
                                &inventory,
                                run.loose_artifacts(),
                                data,
                                equipment::BuildNow {
                                    hp_max: run.world().player.hp_max(),
                                    core_mana: crate::screens::build_now::core_mana(run.world(), carry),
                                    melee: Some(&run.world().catalog().melee),
                                    damage_flat: run.world().player.stat(crate::stats::StatId::DamageFlat),
                                },
                            ) {
                                if matches!(a, EquipmentAction::Equip(_)) {
                                    self.view.selected = None;
                                }
                                action = Some(ArmouryAction::Command(Command::Equip(a)));
                            }
                        });
                    egui::ScrollArea::vertical()
                        .id_salt("armoury bench")
                        .show(&mut cols[1], |ui| {
                            if let Some(a) = crafting::show(
                                ui,
                                &mut self.bench,
                                &inventory,
                                &carry.materials,
                                (&carry.recipes, carry.wallet.gold()),
                                skill,
                                data,
                            ) {
                                action = Some(ArmouryAction::Command(Command::Craft(a)));
                            }
                        });
                });
            });
        });
        action
    }

    /// Shows what a bench or gear command did (or why it was refused).
    pub fn result(&mut self, line: String, stash_len: usize) {
        self.bench.message = line.clone();
        if self.bench.selected.is_some_and(|i| i >= stash_len) {
            self.bench.selected = None;
        }
        self.message = Some(line);
    }
}

/// Gives a world the loot that the waves before `wave` would have dropped at
/// their ends and from one elite each, so `--screen armoury` opens on a
/// plausible, seeded stash instead of an empty one. A preview, not a run:
/// it draws from its own stream and is never recorded.
pub fn seed_preview_loot(world: &mut World, carry: &mut Carry, wave: u32) {
    use crate::loot::drops::{DropSource, roll_drops};
    let cat = world.catalog().clone();
    let mut rng = crate::rng::stream(world.seed(), crate::rng::streams::PREVIEW_LOOT);
    for w in 1..wave.max(2) {
        let depth = cat.loot.drops.run_model.depth_of_wave(w);
        for source in [DropSource::WaveEnd, DropSource::Elite] {
            let drops = roll_drops(source, depth, &mut carry.pity, &cat.loot, &mut rng);
            carry.stash.extend(drops.items);
            carry.materials.add(&drops.materials);
            if let Some(a) = drops.artifact
                && carry.equipment.socket(a, &cat.loot).is_ok()
            {
                world.refresh_gear(carry);
            }
        }
        carry.equipment.record_depth = carry.equipment.record_depth.max(depth);
    }
}
