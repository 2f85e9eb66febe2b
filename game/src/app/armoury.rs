//! The armoury between waves: the equipment panel and the crafting bench side
//! by side, over the run's own stash, materials and worn gear.
//!
//! It is reached from the shop, so gear decisions sit next to the spending
//! decisions they compete with. Crafting rolls use their own seeded stream, so
//! a run's crafting luck does not shift the shop's or the fight's.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::loot::artifacts::ArtifactInstance;
use crate::loot::item::Inventory;
use crate::screens::crafting::{self, BenchState};
use crate::screens::equipment::{self, EquipmentView};
use crate::world::World;

/// What the armoury asks the application to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArmouryAction {
    /// Back to the shop.
    Back,
}

/// Selection and bench state kept between frames.
#[derive(Debug, Clone)]
pub struct Armoury {
    view: EquipmentView,
    bench: BenchState,
    /// Artifacts held but not socketed. The world sockets drops straight away,
    /// so this fills only from unsocketing.
    loose: Vec<ArtifactInstance>,
    message: Option<String>,
    rng: ChaCha8Rng,
}

impl Armoury {
    /// A fresh armoury; `seed` is the run's seed.
    pub fn new(seed: u64) -> Self {
        Self {
            view: EquipmentView::default(),
            bench: BenchState::default(),
            loose: Vec::new(),
            message: None,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0xA4A0_0C4A_F7B3_0001),
        }
    }

    /// Draws both panels and applies what the player committed to.
    pub fn show(&mut self, ctx: &egui::Context, world: &mut World) -> Option<ArmouryAction> {
        let cat = world.catalog().clone();
        let data = &cat.loot;
        let skill = data.enhancements.skill.at(world.equipment.record_depth);
        let mut inventory = Inventory {
            items: std::mem::take(&mut world.stash),
        };
        let mut action = None;
        let mut gear_changed = false;
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
                                &world.equipment,
                                &inventory,
                                &self.loose,
                                data,
                            ) {
                                let line = equipment::apply(
                                    a,
                                    &mut self.view,
                                    &mut world.equipment,
                                    &mut inventory,
                                    &mut self.loose,
                                    data,
                                );
                                self.message = Some(line);
                                gear_changed = true;
                            }
                        });
                    egui::ScrollArea::vertical()
                        .id_salt("armoury bench")
                        .show(&mut cols[1], |ui| {
                            if let Some(a) =
                                crafting::show(ui, &mut self.bench, &inventory, &world.materials, skill, data)
                            {
                                crafting::apply(
                                    a,
                                    &mut self.bench,
                                    &mut inventory,
                                    &mut world.materials,
                                    skill,
                                    data,
                                    &mut self.rng,
                                );
                            }
                        });
                });
            });
        });
        world.stash = inventory.items;
        if gear_changed {
            world.refresh_gear();
        }
        action
    }
}

/// Gives a world the loot that the waves before `wave` would have dropped at
/// their ends and from one elite each, so `--screen armoury` opens on a
/// plausible, seeded stash instead of an empty one.
pub fn seed_preview_loot(world: &mut World, wave: u32) {
    use crate::loot::drops::{DropSource, roll_drops};
    let cat = world.catalog().clone();
    let mut rng = ChaCha8Rng::seed_from_u64(world.seed() ^ 0x5EED_A4A0);
    for w in 1..wave.max(2) {
        let depth = cat.loot.drops.run_model.depth_of_wave(w);
        for source in [DropSource::WaveEnd, DropSource::Elite] {
            let drops = roll_drops(source, depth, &mut world.pity, &cat.loot, &mut rng);
            world.stash.extend(drops.items);
            world.materials.add(&drops.materials);
            if let Some(a) = drops.artifact
                && world.equipment.socket(a, &cat.loot).is_ok()
            {
                world.refresh_gear();
            }
        }
        world.equipment.record_depth = world.equipment.record_depth.max(depth);
    }
}
