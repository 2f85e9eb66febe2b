//! What a player does at the armoury, as data: wearing and taking off items,
//! socketing artifacts, and the crafting bench's operations and attempts.
//!
//! These are rules (what an action does to the worn gear, the stash and the
//! material bag), so they live here and not in the screens: the run flow
//! performs them for the window, the scripted player and replays alike, and
//! the screens only draw and return the action chosen.

use rand::Rng;

use crate::economy::Wallet;
use crate::loot::LootData;
use crate::loot::artifacts::ArtifactInstance;
use crate::loot::crafting::{self, CraftOutcome, Operation};
use crate::loot::enhance::recipes::{RecipeUnknown, Recipes, check_recipe, recipe_price};
use crate::loot::enhance::{self, AttemptKind, AttemptOutcome, Workbench};
use crate::loot::equipment::Equipment;
use crate::loot::item::{Inventory, Item, Slot};

/// What the player asked for on the equipment panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EquipmentAction {
    /// Wear carried item `i` (what was worn goes to the inventory).
    Equip(usize),
    /// Take off the item in a slot.
    Unequip(Slot),
    /// Socket loose artifact `i`.
    Socket(usize),
    /// Take the artifact out of socket `i`.
    Unsocket(usize),
}

/// What the player committed to on the crafting bench.
#[derive(Debug, Clone, PartialEq)]
pub enum BenchAction {
    /// A crafting operation on carried item `.0`.
    Craft(usize, Operation),
    /// An enhancement or enchantment attempt on carried item `.0`.
    Attempt(usize, AttemptKind, String),
    /// Learn the recipe of enchantment `.0` for gold ([`enhance::recipes`]).
    Learn(String),
}

/// Why a gear action changed nothing (nothing paid, nothing moved); the
/// message is the log line the player reads.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GearRefusal {
    /// No carried item at this index.
    #[error("no carried item {0}")]
    NoCarriedItem(usize),
    /// Nothing worn in the slot.
    #[error("the slot is empty")]
    EmptySlot,
    /// No loose artifact at this index.
    #[error("no loose artifact {0}")]
    NoLooseArtifact(usize),
    /// Nothing in the socket.
    #[error("socket {0} is empty")]
    EmptySocket(usize),
    /// The item or artifact does not fit.
    #[error("{0}")]
    Equip(#[from] crate::loot::equipment::EquipError),
    /// The data knows no enchantment of this id.
    #[error("no enchantment `{0}`")]
    NoEnchantment(String),
    /// The recipe (named by the enchantment's name) is learned already.
    #[error("the recipe of {0} is known already")]
    RecipeKnown(String),
    /// The wallet holds less than the recipe's price.
    #[error("the recipe of {name} costs {price} gold")]
    RecipeTooDear {
        /// The enchantment's name.
        name: String,
        /// Its recipe's price.
        price: u64,
    },
    /// An enchantment attempt before its recipe is learned.
    #[error("{0}")]
    Recipe(#[from] RecipeUnknown),
    /// A crafting operation that cannot be done.
    #[error("{0}")]
    Craft(#[from] crafting::CraftError),
    /// An attempt that cannot be made.
    #[error("{0}")]
    Attempt(#[from] enhance::AttemptError),
}

/// Performs an equipment action. `Ok` carries the line for the log; `Err`
/// means nothing changed (the index or slot held nothing, the item does not fit).
pub fn apply_equipment(
    action: EquipmentAction,
    equipment: &mut Equipment,
    inventory: &mut Inventory,
    loose: &mut Vec<ArtifactInstance>,
    data: &LootData,
) -> Result<String, GearRefusal> {
    match action {
        EquipmentAction::Equip(i) if i < inventory.items.len() => {
            let item: Item = inventory.items.remove(i);
            let name = item.name(data);
            match equipment.equip(item.clone(), data) {
                Ok(old) => {
                    inventory.items.extend(old);
                    Ok(format!("now wearing {name}"))
                }
                Err(e) => {
                    inventory.items.insert(i, item);
                    Err(e.into())
                }
            }
        }
        EquipmentAction::Equip(i) => Err(GearRefusal::NoCarriedItem(i)),
        EquipmentAction::Unequip(slot) => match equipment.unequip(slot) {
            Some(item) => {
                let name = item.name(data);
                inventory.items.push(item);
                Ok(format!("took off {name}"))
            }
            None => Err(GearRefusal::EmptySlot),
        },
        EquipmentAction::Socket(i) if i < loose.len() => {
            let a = loose.remove(i);
            match equipment.socket(a.clone(), data) {
                Ok(()) => {
                    let name = data
                        .artifacts
                        .get(&a.id)
                        .map_or(a.id.as_str(), |d| d.name.as_str());
                    Ok(format!("socketed {name}"))
                }
                Err(e) => {
                    loose.insert(i, a);
                    Err(e.into())
                }
            }
        }
        EquipmentAction::Socket(i) => Err(GearRefusal::NoLooseArtifact(i)),
        EquipmentAction::Unsocket(i) => {
            let out = equipment.unsocket(i, data);
            if out.is_empty() {
                return Err(GearRefusal::EmptySocket(i));
            }
            let n = out.len();
            loose.extend(out);
            Ok(format!("{n} artifact(s) back in the bag"))
        }
    }
}

/// What a bench action did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchResult {
    /// The line for the log.
    pub message: String,
    /// The item worked on no longer exists (a fracture or a legendary failure).
    pub item_gone: bool,
}

/// Performs a bench action at `bench` with the run's crafting stream; `book`
/// is what learning a recipe reads and pays from. `Err` means nothing was
/// paid and nothing changed (no such item, too few materials).
pub fn apply_bench<R: Rng>(
    action: BenchAction,
    mut bench: Workbench<'_>,
    book: (&mut Recipes, &mut Wallet),
    rng: &mut R,
) -> Result<BenchResult, GearRefusal> {
    let data = bench.data;
    let done = |message: String, item_gone: bool| BenchResult { message, item_gone };
    let (recipes, wallet) = book;
    match action {
        BenchAction::Learn(id) => {
            let def = data
                .enchantments
                .get(&id)
                .ok_or_else(|| GearRefusal::NoEnchantment(id.clone()))?;
            if recipes.knows(&id) {
                return Err(GearRefusal::RecipeKnown(def.name.clone()));
            }
            let price = recipe_price(def, data);
            if !wallet.pay(price) {
                return Err(GearRefusal::RecipeTooDear {
                    name: def.name.clone(),
                    price,
                });
            }
            recipes.learn(&id);
            Ok(done(
                format!("learned the recipe of {} ({price} gold)", def.name),
                false,
            ))
        }
        BenchAction::Craft(i, op) => match crafting::apply(op, bench.inventory, i, bench.bag, data, rng) {
            Ok(CraftOutcome::Done) => Ok(done(format!("{} done", op.name()), false)),
            Ok(CraftOutcome::Destroyed(item)) => {
                Ok(done(format!("{} crumbled to dust", item.name(data)), true))
            }
            Err(e) => Err(e.into()),
        },
        BenchAction::Attempt(i, kind, id) => {
            check_recipe(kind, &id, recipes, data)?;
            let craft = enhance::Craft {
                index: i,
                kind,
                id: &id,
            };
            match enhance::attempt(&mut bench, craft, rng) {
                Ok(AttemptOutcome::Success) => Ok(done(format!("{id}: success"), false)),
                Ok(AttemptOutcome::Failed(c)) => {
                    Ok(done(format!("{id}: failed, the item is now {c:?}"), false))
                }
                Ok(AttemptOutcome::Destroyed(item)) => Ok(done(
                    format!("{id}: failed, {} is destroyed", item.name(data)),
                    true,
                )),
                Err(e) => Err(e.into()),
            }
        }
    }
}
