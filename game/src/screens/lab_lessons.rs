//! The lab's examples (docs/screens.md#the-lab): small decks, each showing
//! one idea of the program in the cast view with one line of words: draw,
//! a modifier, a multicast, a wrap, a trigger's payload, a gate, a loop.
//! A lesson run opens the lab on its lesson's example. The examples are the
//! lab's only: they are cast on a copy of a core at the player's base stats
//! and never touch the run's deck or the fight.

use super::lab_cycle;
use crate::catalog::Catalog;
use crate::vm::cycle::{CycleView, bench_context, cycle};
use crate::vm::{CasterStats, CoreState};

/// One example: a deck on the starting core, and what it shows in words.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Example {
    /// The idea, as the picker names it.
    pub idea: &'static str,
    /// Chip ids in slot order.
    pub deck: &'static [&'static str],
    /// The one line that says what to look at.
    pub words: &'static str,
}

/// The examples, in the order a player meets the ideas.
pub const EXAMPLES: [Example; 7] = [
    Example {
        idea: "Draw",
        deck: &["spark_bolt", "ice_shard", "poison_dart"],
        words: "Each cast draws the next chip on the board: three casts, one chip each, then the recharge.",
    },
    Example {
        idea: "A modifier",
        deck: &["damage_plus", "spark_bolt", "spark_bolt"],
        words: "Damage Plus changes only the chip it draws: the first bolt hits for 13, the next for 3.",
    },
    Example {
        idea: "A multicast",
        deck: &["double_cast", "spark_bolt", "spark_bolt", "spark_bolt"],
        words: "Double Cast draws two chips into one cast; the third bolt fires alone in the next.",
    },
    Example {
        idea: "A wrap",
        deck: &["spark_bolt", "spark_bolt", "spark_bolt", "damage_plus"],
        words: "Damage Plus in the last slot draws past the end: the deck wraps, the first bolt fires again with +10, then the recharge.",
    },
    Example {
        idea: "A trigger's payload",
        deck: &["trigger_hit", "spark_bolt", "spark_bolt"],
        words: "The trigger fires a weak carrier; the chip after it is its payload (violet), cast where the carrier hits.",
    },
    Example {
        idea: "A gate",
        deck: &["if_enemy_close", "energy_orb", "spark_bolt"],
        words: "The gate fires the chip after it only when an enemy is within 80 px; on the bench none is, so that chip is discarded.",
    },
    Example {
        idea: "A loop",
        deck: &["loop_3x5", "spark_bolt", "ice_shard", "poison_dart"],
        words: "Loop: Next 3, Five Times draws the next three chips once and casts them five times: fifteen shots for one draw's mana.",
    },
];

/// The example a lesson run opens on (docs/game.md#lessons): run 1 plays
/// its multicast, run 2 opens the editor (the order is the program), run 3
/// brings Damage Plus, run 4 the trigger.
pub fn for_lesson(stage: u8) -> Option<usize> {
    match stage {
        1 => Some(2),
        2 => Some(0),
        3 => Some(1),
        4 => Some(4),
        _ => None,
    }
}

/// The examples' state in the lab.
#[derive(Debug, Clone, Default)]
pub struct Examples {
    /// The example shown, if the panel is open.
    pub shown: Option<usize>,
    /// The lesson whose example was opened, so it opens once.
    opened_for: Option<u8>,
    /// Unfold the panel on the next frame (a lesson just opened it); after
    /// that the player folds and unfolds it.
    unfold: bool,
    /// The cycle of the example shown.
    cycle: Option<(usize, CycleView)>,
}

impl Examples {
    /// Opens the lesson's example, once per lesson.
    pub fn open_lesson(&mut self, stage: Option<u8>) {
        if stage.is_some() && self.opened_for != stage {
            self.opened_for = stage;
            if let Some(i) = stage.and_then(for_lesson) {
                self.shown = Some(i);
                self.unfold = true;
            }
        }
    }
}

/// The cycle of example `i` on the starting core at base stats (`None` if
/// the data lacks a chip of it).
pub fn example_cycle(cat: &Catalog, i: usize) -> Option<CycleView> {
    let ex = EXAMPLES.get(i)?;
    let core = cat.cores.starting()?;
    let state = CoreState::new(core, ex.deck, &cat.spells, &cat.recipes, &cat.balance.vm, 1).ok()?;
    let mut stats = CasterStats::base();
    stats.mana_max = stats.mana_max.max(core.mana_max);
    Some(cycle(
        &state,
        &stats,
        &bench_context(&cat.spells, &cat.balance.vm),
        false,
    ))
}

/// The picker and, when one is chosen, its words and its cast view.
pub fn show(ui: &mut egui::Ui, cat: &Catalog, ex: &mut Examples) {
    egui::CollapsingHeader::new("Examples: one idea of the program each")
        .id_salt("lab examples")
        .open(std::mem::take(&mut ex.unfold).then_some(true))
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (i, e) in EXAMPLES.iter().enumerate() {
                    if ui.selectable_label(ex.shown == Some(i), e.idea).clicked() {
                        ex.shown = if ex.shown == Some(i) { None } else { Some(i) };
                    }
                }
            });
            let Some(i) = ex.shown else {
                ui.weak("Pick an idea to see a small deck's cycle (your own board is not changed).");
                return;
            };
            if ex.cycle.as_ref().is_none_or(|c| c.0 != i) {
                ex.cycle = example_cycle(cat, i).map(|v| (i, v));
            }
            ui.label(egui::RichText::new(EXAMPLES[i].words).color(super::theme::ACCENT));
            let names: Vec<String> = EXAMPLES[i]
                .deck
                .iter()
                .map(|id| {
                    cat.spells
                        .find(id)
                        .map_or((*id).to_string(), |s| cat.spells.get(s).name.clone())
                })
                .collect();
            ui.weak(format!("The deck, slot by slot: {}", names.join(", ")));
            if let Some((_, view)) = &ex.cycle {
                lab_cycle::show(ui, cat, view, None);
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every example casts on the shipped data and shows its idea in the
    /// cycle: the modifier's bolt at 13, the multicast's two shots in one
    /// cast, the wrap, the payload, the gate's discard and the loop's 15 shots.
    #[test]
    fn each_example_shows_its_idea() {
        let cat = Catalog::load(&crate::data::default_root()).expect("data loads");
        let c: Vec<CycleView> = (0..EXAMPLES.len())
            .map(|i| example_cycle(&cat, i).expect("the example casts"))
            .collect();
        assert_eq!(c[0].casts.len(), 3);
        assert!(
            (c[1].casts[0].damage - 13.0).abs() < 1e-3,
            "{}",
            c[1].casts[0].damage
        );
        assert_eq!(c[2].casts[0].slots, vec![0, 1, 2]);
        assert_eq!(c[3].casts.last().and_then(|k| k.wrapped_at), Some(1));
        assert_eq!(c[4].casts[0].payloads[0].slots, vec![1]);
        assert_eq!(c[5].casts[0].discarded, vec![1]);
        let shots: f32 = c[6].casts[0].damage;
        assert!(c[6].casts[0].ops.0 >= 15, "{:?} ({shots})", c[6].casts[0].ops);
        for (i, v) in c.iter().enumerate() {
            assert!(
                v.casts.iter().all(|k| k.affordable),
                "example {i} is paid on the starting core"
            );
        }
        assert_eq!(for_lesson(1), Some(2));
        assert_eq!(for_lesson(5), None);
    }
}
