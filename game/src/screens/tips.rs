//! Contextual tips (docs/game.md#tips, docs/vm.md#mana): short lines the lab and
//! shop show when a build has a shape a new player misreads. Each is derived
//! from the build itself, so it appears exactly while the problem is there.

use crate::vm::{CoreDef, SpellKind};
use crate::world::{Carry, World};

/// How loud a tip is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// A hint.
    Hint,
    /// Something will go wrong (orange).
    Warning,
}

/// One tip.
#[derive(Debug, Clone, PartialEq)]
pub struct Tip {
    /// Hint or warning.
    pub tone: Tone,
    /// What the player reads.
    pub text: String,
}

/// The share of the VM's operation budget above which the ops bar turns red
/// (docs/game.md#tips: "CPU use above 80 %").
pub const OPS_RED: f32 = 0.8;

/// Tips for the active core's deck. `ops` is (used, allowed) of one cast;
/// `cycle_s` the seconds one cast and its delay (and recharge) take.
pub fn lab_tips(world: &World, carry: &Carry, ops: Option<(u32, u32)>, cycle_s: Option<f32>) -> Vec<Tip> {
    let cat = world.catalog();
    let active = carry.loadout.active();
    let kinds: Vec<(SpellKind, f32)> = active
        .deck
        .iter()
        .filter_map(|c| cat.spells.find(&c.id).map(|i| cat.spells.get(i)))
        .map(|s| (s.kind, s.hp_cost))
        .collect();
    let mut tips = Vec::new();
    // A trigger with no action after it casts nothing when it fires.
    if let Some(t) = kinds.iter().position(|(k, _)| *k == SpellKind::Trigger)
        && !kinds[t + 1..].iter().any(|(k, _)| *k == SpellKind::Action)
    {
        tips.push(Tip {
            tone: Tone::Hint,
            text: "A trigger needs an action placed after it to work →".into(),
        });
    }
    // docs/vm.md#mana: a chip dearer than the most mana the build can hold
    // is skipped on every cast (an infinite-spells core pays HP instead).
    let core = cat.cores.find(&active.id).map(|i| cat.cores.get(i));
    if let Some(core) = core.filter(|c| !c.infinite_spells) {
        let player = world.player.stat(crate::stats::StatId::ManaMax);
        let holds = core.mana_max.min(player);
        let mut named: Vec<&str> = Vec::new();
        for s in active
            .deck
            .iter()
            .filter_map(|c| cat.spells.find(&c.id).map(|i| cat.spells.get(i)))
        {
            if s.mana > holds && !named.contains(&s.name.as_str()) {
                named.push(&s.name);
                tips.push(Tip {
                    tone: Tone::Warning,
                    text: format!(
                        "{} costs {:.0} mana, but this build holds at most {:.0} (the lower of the core's {:.0} and yours {:.0}): it is skipped on every cast.",
                        s.name, s.mana, holds, core.mana_max, player
                    ),
                });
            }
        }
    }
    if let Some((used, max)) = ops
        && max > 0
        && used as f32 > OPS_RED * max as f32
    {
        tips.push(Tip {
            tone: Tone::Warning,
            text: format!(
                "Not enough computing power: the core may not run completely ({used} of {max} operations)."
            ),
        });
    }
    // docs/vm.md#mana: heavy_cost on an infinite_spells core pays HP twice.
    let core = cat.cores.find(&active.id).map(|i| cat.cores.get(i));
    let blood: f32 = kinds.iter().map(|(_, hp)| hp).sum();
    if core.is_some_and(|c: &CoreDef| c.infinite_spells) && blood > 0.0 {
        let per_cast = (blood + kinds.len() as f32 * cat.balance.vm.infinite_spells_hp_cost)
            .min(world.player.hp_max() * 0.15);
        let per_s = cycle_s
            .filter(|c| *c > 0.0)
            .map_or(per_cast * 60.0, |c| per_cast / c.max(1.0 / 60.0));
        tips.push(Tip {
            tone: Tone::Warning,
            text: format!(
                "⚠ Double HP cost: the modifiers' {blood:.0} HP and the core's 1 HP per chip when out of mana. Up to {per_cast:.0} HP a cast, about {per_s:.1} HP/s."
            ),
        });
    }
    tips
}

/// The shop's explanation of a board core's adjacency (docs/game.md#tips: shown when a
/// special core is on the shelf): which slots boost which, by how much.
pub fn board_tip(core: &CoreDef) -> Option<String> {
    let board = core.board.as_ref()?;
    let boosts: Vec<String> = board
        .boosts
        .iter()
        .map(|b| {
            format!(
                "the chip at ({}, {}) gives ×{:.2} to its {} neighbour",
                b.at[0],
                b.at[1],
                b.factor,
                format!("{:?}", b.dir).to_lowercase()
            )
        })
        .collect();
    Some(format!(
        "{} is a board: chips sit on a {}-slot grid and boost their neighbours — {}.",
        core.name,
        board.slots.len(),
        boosts.join("; ")
    ))
}
