//! What the world pass shows under the screen in front: the fight (stepped
//! first), the test range, the clear scene or the death beat over the last
//! frame of the fight, a quiet arena behind the between-waves menus, or the
//! menus' plain backdrop.

use engine::window::Frame;
use glam::Vec2;

use super::fight_step::{mouse_aim, walk_dir};
use super::modes::{Mode, Screen};
use super::{GameApp, charge_ring, clear_scene, death_beat, draw, fight, palette, run_screens};
use crate::screens;

impl GameApp {
    /// Steps and draws the world of the screen in front.
    pub(super) fn draw_world(&mut self, ctx: &egui::Context, frame: &mut Frame<'_>) {
        match self.screen() {
            screen @ (Screen::Arena | Screen::Paused | Screen::Settings) => {
                {
                    engine::scope!("fight step");
                    self.advance_fight(frame, screen == Screen::Arena);
                }
                engine::scope!("draw preparation");
                let comfort = comfort(&self.shell.settings);
                if let Some(r) = self.mode.run_mut() {
                    if r.run.phase() == crate::run::Phase::Settlement {
                        // The wave ended in this frame's steps: the field is
                        // already cleared, the beat draws what was on it.
                        clear_beat(r, frame);
                        return;
                    }
                    r.fight.comfort = comfort;
                    let (w, carry) = (r.run.world(), r.run.carry());
                    r.fight.draw(w, frame.scene, ctx, frame.size);
                    screens::hud::show(ctx, w, carry, &mut frame.scene.shapes.screen);
                    charge_ring::draw(ctx, &frame.scene.camera, frame.size, w, carry, frame.scene.time);
                }
            }
            Screen::TestRange => self.range_frame(ctx, frame),
            Screen::Lab | Screen::Shop | Screen::Armoury | Screen::Front => menu_backdrop(frame),
            Screen::Summary if self.mode.run().is_some_and(|r| r.ending.clear_beat > 0.0) => {
                if let Some(r) = self.mode.run_mut() {
                    let w = r.run.world();
                    r.fight.draw(w, frame.scene, ctx, frame.size);
                    let t = 1.0 - r.ending.clear_beat / clear_scene::CLEAR_BEAT_S;
                    clear_scene::rings(frame.scene, w.player.pos, t);
                    clear_scene::banner(ctx, t);
                    r.ending.clear_beat = (r.ending.clear_beat - frame.dt).max(0.0);
                }
            }
            Screen::Summary if self.mode.run().is_some_and(|r| r.ending.death_beat > 0.0) => {
                // The death beat: the last frame of the fight, slowed, the
                // player's body breaking up; then the summary. The run has
                // cleared the field: the crowd is drawn as last seen and the
                // killer ringed where it stood (`death_beat`).
                if let Some(r) = self.mode.run_mut() {
                    let w = r.run.world();
                    r.fight.draw(w, frame.scene, ctx, frame.size);
                    r.fight.bodies.dissolve(frame.scene, 0.0, false);
                    let t = 1.0 - r.ending.death_beat / run_screens::DEATH_BEAT_S;
                    if let (Some(at), Some(blow)) = (r.killers.killer(w), w.stats.recent_harm.last()) {
                        death_beat::ring_killer(frame, ctx, w.player.pos, at, &blow.source, t);
                    }
                    draw::death_shards(frame.scene, w.player.pos, w.player.radius, t);
                    r.ending.death_beat = (r.ending.death_beat - frame.dt * run_screens::DEATH_SLOW).max(0.0);
                }
            }
            Screen::Settlement if self.mode.run().is_some() => {
                if let Some(r) = self.mode.run_mut() {
                    clear_beat(r, frame);
                }
            }
            _ => {
                // Menus over a quiet arena backdrop.
                let arena = &self.shell.catalog.run.world.arena;
                let max = arena.max();
                draw::follow(
                    &mut frame.scene.camera,
                    arena.centre(),
                    Vec2::ZERO,
                    max,
                    frame.size,
                    0.0,
                    0.0,
                );
                draw::arena(frame.scene, Vec2::ZERO, max, frame.size);
            }
        }
    }

    /// The test range: its dummies tended, its steps run, its world drawn
    /// and its panel shown; Back (or the panel's button) closes it.
    fn range_frame(&mut self, ctx: &egui::Context, frame: &mut Frame<'_>) {
        let Mode::Range(range) = &mut self.mode else {
            return;
        };
        let shell = &mut self.shell;
        let r = &mut range.range;
        r.tend();
        let input = crate::world::PlayerInput {
            move_dir: walk_dir(&shell.controls, &shell.pads),
            aim: shell.pads.state.aim().or(mouse_aim(
                shell.settings.mouse_aim,
                frame.scene.camera,
                frame.size,
                shell.controls.cursor,
                r.world.player.pos,
            )),
            ..Default::default()
        };
        let sound = &mut shell.sound;
        r.advance(
            frame.dt,
            input,
            shell.args.exit_after_frames.is_some(),
            &mut |w, c| sound.hear(w, c),
        );
        r.fight.comfort = comfort(&shell.settings);
        r.fight.look_offset = r.look_offset(frame.size);
        r.fight.draw(&r.world, frame.scene, ctx, frame.size);
        charge_ring::draw(
            ctx,
            &frame.scene.camera,
            frame.size,
            &r.world,
            &r.carry,
            frame.scene.time,
        );
        let panel = screens::range::show(ctx, &r.world, r.dps(), r.time_scale);
        if panel.rect.is_positive() {
            r.panel_left_px = Some(panel.rect.left() * ctx.pixels_per_point());
        }
        match panel.action {
            Some(screens::range::RangeAction::ToggleSlow) => {
                r.time_scale = if r.time_scale < 1.0 { 1.0 } else { 0.1 };
            }
            Some(screens::range::RangeAction::Back) => {
                self.mode.leave_range();
                self.shell.sound.forget();
            }
            None => {}
        }
    }
}

/// Seconds of the wave-clear beat (docs/art.md#transitions).
pub(super) const WAVE_CLEAR_S: f32 = 0.9;

/// The wave-clear beat under the settlement: the arena where the player
/// stood, the last frame's enemies dissolving and its coins flying to the
/// player (or fading, where the wave end does not bank them); afterwards
/// the same arena, quiet.
fn clear_beat(r: &mut super::modes::RunMode, frame: &mut Frame<'_>) {
    let w = r.run.world();
    let arena = &w.catalog().run.world.arena;
    let max = arena.max();
    let mem = &r.fight.bodies;
    let at = mem.player.unwrap_or(arena.centre());
    draw::follow(&mut frame.scene.camera, at, Vec2::ZERO, max, frame.size, 0.0, 0.0);
    draw::arena(frame.scene, Vec2::ZERO, max, frame.size);
    let t = (frame.scene.time - mem.last_seen) / WAVE_CLEAR_S;
    if mem.player.is_some() && t < 1.0 {
        let collected = w.catalog().run.economy.def.coins.collect_on_wave_end;
        mem.dissolve(frame.scene, t, collected);
    }
    if let Some(pos) = mem.player {
        // The player stays where it stood while the field clears.
        let look = draw::PlayerLook {
            pos,
            radius: w.player.radius,
            flashes: 1.0,
            ..draw::PlayerLook::default()
        };
        draw::player(frame.scene, &look);
    }
}

/// The comfort settings as the fight view applies them (docs/art.md#comfort).
fn comfort(s: &crate::screens::settings::Settings) -> fight::Comfort {
    fight::Comfort {
        flashes: if s.reduce_flashes { 0.35 } else { 1.0 },
        shake: s.screen_shake.factor(),
        hit_stop: s.hit_stop,
    }
}

/// The background of the full-screen menus (lab, shop, armoury): a plain
/// clear of the world pass in egui's panel grey, under panels whose own fill
/// is transparent. egui fills a panel by shading every covered pixel through
/// its textured shader; on lavapipe two full-screen panels cost ~67 ms of GPU
/// time a frame (the lab drew at 12 fps), while a clear is nearly free.
fn menu_backdrop(frame: &mut Frame<'_>) {
    frame.scene.clear = palette::MENU_FILL;
}
