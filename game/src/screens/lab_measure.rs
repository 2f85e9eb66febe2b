//! The lab's Measure panel and the shop's Try result (docs/screens.md#shop):
//! a build's seeded ten-second fight on a plain dummy and in a packed horde
//! ([`crate::probe::measure_build`]), run on a worker thread
//! ([`crate::probe::worker`]) so the window never waits, with what-if
//! toggles that switch deck slots off and show the change.

use std::sync::{Arc, Mutex};

use egui::RichText;

use super::theme;
use crate::probe::measure_build::{BuildMeasure, MEASURE_SEED, SettingFigures, kit_of};
use crate::probe::worker::{Ask, Job, SharedJob};
use crate::world::{Carry, World};

/// The toggles (deck slots switched off) in egui's memory.
fn off_id() -> egui::Id {
    egui::Id::unique("lab measure off")
}

/// The lab's job in egui's memory.
fn job_id() -> egui::Id {
    egui::Id::unique("lab measure job")
}

/// A job kept in egui's memory under `id` (created empty the first time).
pub fn shared_job(ctx: &egui::Context, id: egui::Id) -> SharedJob {
    ctx.data_mut(|d| {
        d.get_temp_mut_or_insert_with(id, || Arc::new(Mutex::new(None)))
            .clone()
    })
}

/// Polls `job`; keeps the window redrawing while it runs. `None` while
/// nothing was asked or the answer is still coming (`Some(Err)`: failed).
pub fn poll(ctx: &egui::Context, job: &SharedJob) -> Option<crate::probe::worker::Answer> {
    let mut guard = job.lock().ok()?;
    let j = guard.as_mut()?;
    let answer = j.answer().cloned();
    if answer.is_none() {
        ctx.request_repaint_after(std::time::Duration::from_millis(50));
    }
    answer
}

/// The Measure panel: toggles per deck slot, the button, and the answer:
/// the build's figures, and beside them the build with the toggled chips off.
pub fn show(ui: &mut egui::Ui, world: &World, carry: &Carry) {
    let ctx = ui.ctx().clone();
    let deck = carry.loadout.active_deck_ids();
    let cat = world.catalog().clone();
    let wear = super::equipment::items_to_wear(&cat, carry);
    if wear > 0 {
        ui.colored_label(
            theme::GOLD,
            format!("{}: the shop's armoury", super::equipment::wear_words(wear)),
        );
    }
    let mut off: Vec<usize> = ctx.data(|d| d.get_temp(off_id())).unwrap_or_default();
    off.retain(|&s| s < deck.len());
    ui.strong("Measure (10 s: one dummy, a packed horde)");
    ui.horizontal_wrapped(|ui| {
        ui.weak("What if off:");
        for (slot, id) in deck.iter().enumerate() {
            let mut is_off = off.contains(&slot);
            let name = format!("{} {}", slot + 1, super::names::spell_name(&cat, id));
            if ui
                .checkbox(&mut is_off, name)
                .on_hover_text("switch this chip off and measure again")
                .changed()
            {
                off.retain(|&s| s != slot);
                if is_off {
                    off.push(slot);
                }
            }
        }
    });
    ctx.data_mut(|d| d.insert_temp(off_id(), off.clone()));
    let job = shared_job(&ctx, job_id());
    let kit = kit_of(carry);
    let key = format!("{:?} {off:?}", kit.build);
    if ui.button("Measure").clicked() && !deck.is_empty() {
        let mut asks = vec![Ask {
            kit: kit.clone(),
            off: Vec::new(),
        }];
        if !off.is_empty() {
            asks.push(Ask {
                kit,
                off: off.clone(),
            });
        }
        if let Ok(mut g) = job.lock() {
            *g = Some(Job::start(cat.clone(), key.clone(), asks, MEASURE_SEED));
        }
    }
    let stale = job
        .lock()
        .ok()
        .and_then(|g| g.as_ref().map(|j| j.key != key))
        .unwrap_or(false);
    match poll(&ctx, &job) {
        None if job.lock().is_ok_and(|g| g.is_some()) => {
            ui.weak("measuring…");
        }
        None => {
            ui.weak("Press Measure to fight the build for 10 s.");
        }
        Some(Err(e)) => {
            ui.colored_label(theme::THREAT, e);
        }
        Some(Ok(m)) => {
            if stale {
                ui.weak("The build changed: press Measure again.");
            }
            answer(ui, &m);
        }
    }
}

/// A measure's lines, and the change when a second measure came with it.
pub fn answer(ui: &mut egui::Ui, m: &[BuildMeasure]) {
    let Some(base) = m.first() else { return };
    let other = m.get(1);
    if let Some(o) = other
        && !o.off_names.is_empty()
    {
        ui.label(RichText::new(format!("Without {}:", o.off_names.join(", "))).color(theme::ACCENT));
    }
    setting(ui, &base.dummy, other.map(|o| &o.dummy));
    setting(ui, &base.horde, other.map(|o| &o.horde));
    let shown = other.unwrap_or(base);
    ui.weak("Damage per chip (plain dummy):");
    for c in shown.dummy.chips.iter().take(6) {
        let share = if shown.dummy.damage > 0.0 {
            c.damage / shown.dummy.damage * 100.0
        } else {
            0.0
        };
        ui.label(format!("  {} {:.0} ({share:.0} %)", c.name, c.damage));
    }
    let elements: Vec<String> = shown
        .horde
        .elements
        .iter()
        .map(|e| format!("{} {:.0}", e.name, e.damage))
        .collect();
    if !elements.is_empty() {
        ui.weak(format!("Horde by element: {}", elements.join(", ")));
    }
}

/// One setting's line: DPS (and kill rate in the horde), with the change.
fn setting(ui: &mut egui::Ui, base: &SettingFigures, other: Option<&SettingFigures>) {
    let line = |f: &SettingFigures| {
        if f.kills > 0 {
            format!("{:.0} DPS, {:.1} kills/s", f.dps, f.kill_rate)
        } else {
            format!("{:.0} DPS", f.dps)
        }
    };
    let name = if base.setting == "horde" {
        "Horde"
    } else {
        "Plain dummy"
    };
    match other {
        None => {
            ui.label(format!("{name}: {}", line(base)));
        }
        Some(o) => {
            let pct = if base.dps > 0.0 {
                (o.dps - base.dps) / base.dps * 100.0
            } else {
                0.0
            };
            let colour = if pct >= 0.0 { theme::GAIN } else { theme::THREAT };
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("{name}: {} ->", line(base)));
                ui.label(RichText::new(format!("{} ({pct:+.0} %)", line(o))).color(colour));
            });
        }
    }
}
