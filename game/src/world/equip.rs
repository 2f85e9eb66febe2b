//! Wearing items: re-deriving what the worn equipment gives the fight and
//! equipping an item. Separate because it is the one path from the loot
//! system's equipment into the player's stats.

use super::*;

impl World {
    /// Re-derives the equipment's contribution after a change of worn items.
    pub fn refresh_gear(&mut self) {
        self.kit.gear = self.equipment.loadout(&self.cat.loot);
        self.player.set_item_modifiers(self.kit.gear.modifiers.clone());
        self.sync_slots();
    }

    /// Re-derives the slots the player's CPU adds to every core; call after
    /// any change of the player's stats (items, level-ups, shelf C).
    pub fn sync_slots(&mut self) {
        self.loadout.bonus_slots =
            crate::shop::Loadout::slots_for_cpu(self.player.stat(crate::stats::StatId::CpuLimit));
        self.loadout.stored.capacity = usize::from(self.kit.gear.store_magic);
    }

    /// Equips an item from anywhere (the stash, a test), replacing what was worn
    /// (which goes to the stash).
    pub fn equip(&mut self, item: Item) -> Result<(), crate::loot::equipment::EquipError> {
        if let Some(old) = self.equipment.equip(item, &self.cat.loot)? {
            self.stash.push(old);
        }
        self.refresh_gear();
        Ok(())
    }
}
