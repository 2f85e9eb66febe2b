//! The core as a 2D board (docs/game.md#board-topology): slot positions and adjacency
//! boosts ("the slot to the right gets double effect").
//!
//! A boost multiplies the effect of the chip in the neighbouring slot: a
//! modifier's deltas, an action's base damage and effect size, a multicast's
//! draw count. Mana and delays are not boosted. Boosts stack by product. The
//! splitter chip (the board's branches) is evaluated by the interpreter.

use super::cores::CoreDef;

/// Effect multiplier of each slot of `core`, in deck order (1 = no boost).
pub fn slot_boosts(core: &CoreDef) -> Vec<f32> {
    let n = core.capacity as usize;
    let mut out = vec![1.0; n];
    let Some(board) = &core.board else {
        return out;
    };
    for b in &board.boosts {
        let [dx, dy] = b.dir.step();
        let target = [b.at[0] + dx, b.at[1] + dy];
        if let Some(i) = board.slots.iter().position(|p| *p == target)
            && i < n
        {
            out[i] *= b.factor;
        }
    }
    out
}
