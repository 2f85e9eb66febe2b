//! The lab's preview of one cycle: what the active deck fires, as the VM
//! fires it, one line per shot and its payload indented under a trigger's
//! carrier (docs/screens.md#offers).

use crate::vm::cycle::{CycleView, bench_context, cycle};
use crate::vm::{CasterStats, CoreState, DeckError};
use crate::world::{Carry, World};
use std::fmt::Write as _;

/// One cycle of the active deck as the VM fires it.
#[derive(Debug, Clone, PartialEq)]
pub struct Preview {
    /// Lines describing each projectile or effect fired.
    pub fired: Vec<String>,
    /// Mana spent by the cast.
    pub mana: f32,
    /// Cast delay after it, s.
    pub cast_delay: f32,
    /// Recharge, when the cast wrapped the deck, s.
    pub recharge: Option<f32>,
    /// VM operations used / allowed.
    pub ops: (u32, u32),
}

/// The active core freshly built from the lab's deck, and the player's
/// stats as the VM reads them: what both views cast.
fn bench(world: &World, carry: &Carry) -> Result<(CoreState, CasterStats), DeckError> {
    let cat = world.catalog();
    let active = carry.loadout.active();
    let core = cat
        .cores
        .find(&active.id)
        .map(|i| cat.cores.get(i).clone())
        .ok_or_else(|| DeckError::UnknownSpell(active.id.clone()))?;
    // The CPU's extra slots widen the core, as at wave start.
    let mut core = core;
    core.capacity = carry.loadout.capacity_of(active).max(active.deck.len()) as u32;
    let ids: Vec<&str> = active.deck.iter().map(|c| c.id.as_str()).collect();
    let state = CoreState::new(
        &core,
        &ids,
        &cat.spells,
        &cat.recipes,
        &cat.balance.vm,
        world.seed(),
    )?;
    let stats = CasterStats::from_sheet(world.player.stats(), world.player.hp_max());
    Ok((state, stats))
}

/// The whole cycle of the active deck (docs/vm.md#the-cycle-view), with the
/// machine kept after every operation for the stepper: the same
/// [`crate::vm::cycle::cycle`] that `artificer wand eval` prints.
pub fn cycle_of(world: &World, carry: &Carry) -> Result<CycleView, DeckError> {
    let cat = world.catalog();
    let (state, stats) = bench(world, carry)?;
    let ctx = bench_context(&cat.spells, &cat.balance.vm);
    Ok(cycle(&state, &stats, &ctx, true))
}

/// Runs one cast of the active core on a fresh copy (the world is untouched).
pub fn preview(world: &World, carry: &Carry) -> Result<Preview, DeckError> {
    let cat = world.catalog();
    let (mut state, stats) = bench(world, carry)?;
    let ctx = bench_context(&cat.spells, &cat.balance.vm);
    let out = state.cast_now(&stats, &ctx);
    // A trigger's carrier lists what it casts when it fires, indented
    // under it, nested triggers deeper (docs/screens.md#offers).
    let mut fired = Vec::new();
    for s in &out.spawns {
        spawn_lines(cat, &state, s, 0, &mut fired);
    }
    Ok(Preview {
        fired,
        mana: out.mana_spent,
        cast_delay: out.cast_delay,
        recharge: out.recharge,
        ops: (out.ops, out.max_ops),
    })
}

/// The preview's line for one spawn and, for a trigger's carrier, the
/// lines of its payload one level deeper ("on hit, casts:").
fn spawn_lines(
    cat: &crate::catalog::Catalog,
    state: &CoreState,
    s: &crate::vm::SpawnRequest,
    depth: usize,
    out: &mut Vec<String>,
) {
    let name = &cat.spells.get(s.spell).name;
    let indent = "    ".repeat(depth);
    let mut line = format!(
        "{indent}{name}: {:.1} dmg {} · {:.0} px/s · pierce {} · bounce {}",
        s.damage,
        s.elements.dominant().name(),
        s.speed,
        s.pierce,
        s.bounces,
    );
    if s.homing > 0.0 {
        let _ = write!(line, " · homing {:.1} rad/s", s.homing);
    }
    // A splash or blast reaches a crowd, not one enemy: the preview says how far.
    if s.explosion_radius > 0.0 {
        let _ = write!(line, " · explodes {:.0} px", s.explosion_radius);
    }
    out.push(line);
    let Some(payload) = s.payload.and_then(|h| state.payload(h)) else {
        return;
    };
    let when = match s.trigger {
        Some(crate::vm::spells::TriggerOn::Hit) => "on hit",
        Some(crate::vm::spells::TriggerOn::Wall) => "at a wall",
        Some(crate::vm::spells::TriggerOn::Kill) => "on a kill",
        Some(crate::vm::spells::TriggerOn::Timer) => "on its timer",
        Some(crate::vm::spells::TriggerOn::Turret) => "every turret shot",
        None => "when it fires",
    };
    if payload.is_empty() {
        out.push(format!(
            "{indent}    {when}: casts nothing (no action after the trigger)"
        ));
        return;
    }
    // A piercing on-hit carrier casts its payload at every enemy it strikes:
    // the multiplier shows before the fight (docs/balance.md#archetypes).
    if s.trigger == Some(crate::vm::spells::TriggerOn::Hit) && s.pierce > 0 {
        out.push(format!(
            "{indent}    at each of up to {} enemies it passes through, casts:",
            s.pierce + 1
        ));
    } else {
        out.push(format!("{indent}    {when}, casts:"));
    }
    if depth < 3 {
        for p in payload {
            spawn_lines(cat, state, p, depth + 2, out);
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::sync::Arc;

    use super::*;

    /// A fresh run's world and carry, its gear folded in (the lab's tests
    /// use it too).
    pub(in crate::screens) fn world() -> (World, Carry) {
        let cat = crate::catalog::Catalog::load(&crate::data::default_root()).expect("data loads");
        let carry = Carry::new(&cat).expect("carry");
        let mut w = World::new(Arc::new(cat), 3, engine::gpu::Backend::Cpu, None).expect("world");
        let mut carry = carry;
        w.refresh_gear(&mut carry);
        (w, carry)
    }

    #[test]
    fn the_starting_deck_previews_its_shots() {
        let (w, carry) = world();
        let p = preview(&w, &carry).expect("the starting deck fires");
        assert!(!p.fired.is_empty());
        assert!(p.mana > 0.0);
    }

    /// A splash reaches a crowd, so the preview says how far: Water Wave's
    /// line names its 70-px splash, a Spark Bolt's names none.
    #[test]
    fn the_preview_names_a_splash() {
        let (w, mut carry) = world();
        let active = carry.loadout.active_index();
        let deck = carry.loadout.deck_mut(active).expect("the active deck");
        deck.clear();
        deck.push(crate::shop::Card {
            id: "water_wave".into(),
            paid: 0,
        });
        let p = preview(&w, &carry).expect("the wave fires");
        assert!(
            p.fired.iter().any(|l| l.contains("explodes 70 px")),
            "{:?}",
            p.fired
        );
        let (w, carry) = world();
        let p = preview(&w, &carry).expect("the starting deck fires");
        assert!(p.fired.iter().all(|l| !l.contains("explodes")), "{:?}", p.fired);
    }

    /// A piercing on-hit carrier casts its payload at each enemy it passes
    /// through, and the preview says at how many; without Pierce it says
    /// "on hit".
    #[test]
    fn the_preview_counts_a_piercing_carriers_payloads() {
        let lines = |ids: &[&str]| {
            let (w, mut carry) = world();
            let active = carry.loadout.active_index();
            let deck = carry.loadout.deck_mut(active).expect("the active deck");
            deck.clear();
            for id in ids {
                deck.push(crate::shop::Card {
                    id: (*id).into(),
                    paid: 0,
                });
            }
            preview(&w, &carry).expect("the carrier fires").fired
        };
        let pierced = lines(&["modifier_pierce_plus", "trigger_hit", "spark_bolt"]);
        assert!(
            pierced
                .iter()
                .any(|l| l.contains("at each of up to 6 enemies it passes through, casts:")),
            "{pierced:?}"
        );
        let plain = lines(&["trigger_hit", "spark_bolt"]);
        assert!(plain.iter().any(|l| l.contains("on hit, casts:")), "{plain:?}");
    }
}
