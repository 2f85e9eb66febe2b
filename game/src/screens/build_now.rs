//! What an offer changes on the build the player has now, in words, before
//! they pay (docs/screens.md#offers): each stat it touches
//! from its value now to its value after, and where the rules make it
//! change nothing, why.
//!
//! The only rule that silences a stat today is mana's: the mana a cast can
//! hold is the lower of the core's and the player's (docs/vm.md#mana), so
//! max mana above the active core's ceiling is held by nothing. `tool inert`
//! measures the same on a probe fight.

use crate::stats::{StatId, StatModifier};
use crate::world::{Carry, World};

/// The active core's own mana ceiling (its data), if the catalog has it.
pub fn core_mana(world: &World, carry: &Carry) -> Option<f32> {
    let cat = world.catalog();
    cat.cores
        .find(&carry.loadout.active().id)
        .map(|i| cat.cores.get(i).mana_max)
}

/// One line per stat `mods` touch: "Max HP 110 -> 120", "Damage ×1.00 ->
/// ×1.08", or "+0 now: your core holds 100" where max mana rises above
/// what the active core holds.
pub fn stat_changes(world: &World, carry: &Carry, mods: &[StatModifier]) -> Vec<String> {
    let before = world.player.stats();
    let mut after = before.clone();
    for m in mods {
        after.apply(m);
    }
    let core = core_mana(world, carry);
    let mut lines = Vec::new();
    let mut seen: Vec<StatId> = Vec::new();
    for m in mods {
        if seen.contains(&m.stat) {
            continue;
        }
        seen.push(m.stat);
        let (b, a) = (before.get(m.stat), after.get(m.stat));
        if m.stat == StatId::ManaMax
            && let Some(core) = core
        {
            let (eb, ea) = (b.min(core), a.min(core));
            if (ea - eb).abs() < 1e-3 && (a - b).abs() > 1e-3 {
                lines.push(format!("+0 now: your core holds {}", StatId::ManaMax.show(core)));
                continue;
            }
            lines.push(format!(
                "{} {} -> {}",
                m.stat.name(),
                StatId::ManaMax.show(eb),
                StatId::ManaMax.show(ea)
            ));
            continue;
        }
        if m.stat == StatId::ManaRegen && (a - b).abs() >= 1e-4 {
            // The regeneration that acts: the core's own plus the player's (as the stat sheet).
            let cat = world.catalog();
            let core = cat
                .cores
                .find(&carry.loadout.active().id)
                .map_or(0.0, |i| cat.cores.get(i).mana_regen);
            lines.push(format!(
                "{} {} -> {}",
                m.stat.name(),
                m.stat.show(b + core),
                m.stat.show(a + core)
            ));
            continue;
        }
        if m.stat == StatId::CpuLimit && (a - b).abs() >= 1e-4 {
            // CPU reads as the op limit it sets, as on the stat sheet.
            let cat = world.catalog();
            let core_cpu = cat
                .cores
                .find(&carry.loadout.active().id)
                .map_or(0.0, |i| cat.cores.get(i).cpu);
            let ops = |cpu: f32| ((cpu + core_cpu) * cat.balance.vm.ops_per_cpu as f32).floor();
            lines.push(format!("CPU {:.0} -> {:.0} ops", ops(b), ops(a)));
            continue;
        }
        if (a - b).abs() < 1e-4 {
            lines.push(format!("{}: no change now (at its cap)", m.stat.name()));
        } else {
            lines.push(format!(
                "{} {} -> {}",
                m.stat.name(),
                m.stat.show(b),
                m.stat.show(a)
            ));
        }
    }
    lines
}
