//! Wearing items: re-deriving what the worn equipment gives the fight and
//! equipping an item. Separate because it is the one path from the loot
//! system's equipment into the player's stats.

use super::*;

impl World {
    /// Re-derives the equipment's contribution after a change of worn items.
    pub fn refresh_gear(&mut self, carry: &mut Carry) {
        self.kit.gear = carry.equipment.loadout(&self.cat.loot);
        self.player
            .set_item_modifiers(self.kit.gear.modifiers.clone(), &carry.ledger);
        self.sync_slots(carry);
    }

    /// Refolds the player's sheet after the carried stat modifiers changed
    /// (a level-up, a shelf C purchase): the one way a bought stat reaches
    /// the fight.
    pub fn refresh_stats(&mut self, carry: &mut Carry) {
        self.player.refresh(&carry.stats, &carry.ledger);
        self.sync_slots(carry);
    }

    /// Re-derives the slots the player's CPU adds to every core and Store
    /// Magic's slot; every change of the player's stats ends here.
    pub fn sync_slots(&self, carry: &mut Carry) {
        carry.loadout.bonus_slots =
            crate::shop::Loadout::slots_for_cpu(self.player.stat(crate::stats::StatId::CpuLimit));
        carry.loadout.stored.capacity = usize::from(self.kit.gear.store_magic);
    }

    /// Equips an item from anywhere (the stash, a test), replacing what was worn
    /// (which goes to the stash).
    pub fn equip(&mut self, carry: &mut Carry, item: Item) -> Result<(), crate::loot::equipment::EquipError> {
        if let Some(old) = carry.equipment.equip(item, &self.cat.loot)? {
            carry.stash.push(old);
        }
        self.refresh_gear(carry);
        Ok(())
    }
}
