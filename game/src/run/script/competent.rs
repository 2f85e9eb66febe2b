//! The **competent** policy (stub).

use super::starter::ShopVisit;
use crate::economy::LevelUpTable;
use crate::run::{Run, RunError};
use crate::world::World;

/// Index into `offer` of the upgrade to take.
pub fn pick_levelup(_world: &World, table: &LevelUpTable, offer: &[usize]) -> Option<usize> {
    super::starter::pick_levelup(table, offer)
}

/// Runs the competent shop.
pub fn shop(run: &mut Run) -> Result<ShopVisit, RunError> {
    super::starter::shop(run)
}
