//! Stepping the fight from a frame: `--stress` tops its load up, the walk
//! and aim come from the keys, the pads and the mouse, and the engine's
//! fixed clock runs the due 60 Hz steps (or a replay feeds its own).

use engine::window::Frame;
use glam::Vec2;

use super::input::Controls;
use super::modes::{Mode, RunMode};
use super::{GameApp, STRESS_ENEMIES, Shell, gamepad};
use crate::run::{Command, Phase, StepInput};

impl GameApp {
    /// Runs this frame's fight steps: the player's input, or the replay's.
    pub(super) fn advance_fight(&mut self, frame: &Frame<'_>, running: bool) {
        let shell = &mut self.shell;
        let frame_locked = shell.args.exit_after_frames.is_some();
        match &mut self.mode {
            Mode::Replay(r) => {
                let sound = &mut shell.sound;
                r.view.advance_fight(
                    &mut r.run.fight,
                    &mut r.run.run,
                    frame.dt,
                    frame_locked && running,
                    &mut |w, c| sound.hear(w, c),
                );
            }
            Mode::Run(r) => shell.step_player(r, frame, running),
            Mode::Boot(_) | Mode::Title(_) | Mode::Range(_) => {}
        }
    }
}

impl Shell {
    /// The player's fight steps this frame: `--stress` tops its load up,
    /// the walk and aim come from the keys, pads and mouse.
    fn step_player(&mut self, r: &mut RunMode, frame: &Frame<'_>, running: bool) {
        let speed = self.speed();
        let frame_locked = self.args.exit_after_frames.is_some();
        let run = &mut r.run;
        if let Some(n) = r.stress
            && run.phase() == Phase::Fight
        {
            // Stress: the load is topped up between steps and the player is
            // kept alive, so the figures measure the load.
            let w = run.world_mut();
            w.hold_load(STRESS_ENEMIES, n);
            w.player.hp = w.player.hp_max();
        }
        // A pushed right stick aims, over the mouse and auto-aim.
        let aim = self.pads.state.aim().or(mouse_aim(
            self.settings.mouse_aim,
            frame.scene.camera,
            frame.size,
            self.controls.cursor,
            run.world().player.pos,
        ));
        let input = StepInput::new(walk_dir(&self.controls, &self.pads), aim);
        // A Space press dashes on the next step only.
        let mut dash = running && self.controls.take_dash();
        let mut cast = running && self.controls.take_cast();
        // The wave end's slow motion is motion: "Reduce motion" skips it
        // (docs/art.md#comfort).
        let slow = if self.settings.reduce_motion {
            1.0
        } else {
            super::fight::wave_end_slow(run.world().wave_time_left(), run.world().in_wave())
        };
        let scale = if running { speed * slow } else { 0.0 };
        let mut ended = false;
        let sound = &mut self.sound;
        r.fight.advance(frame.dt, scale, frame_locked, || {
            if run.phase() != Phase::Fight {
                return None;
            }
            let hp = run.world().player.hp;
            let step = input
                .with_dash(std::mem::take(&mut dash))
                .with_cast(std::mem::take(&mut cast));
            run.apply(Command::Step(step)).ok()?;
            sound.hear(run.world(), run.carry());
            ended = run.phase() != Phase::Fight;
            let p = &run.world().player;
            Some((hp - p.hp, p.hp_max()))
        });
        if ended {
            r.modal = None;
            self.save_recording(&r.run);
        }
    }
}

/// The walk this frame: the held keys, else the left stick.
pub(super) fn walk_dir(controls: &Controls, pads: &gamepad::Pads) -> Vec2 {
    let keys = controls.move_dir();
    if keys != Vec2::ZERO {
        keys
    } else {
        pads.state.walk()
    }
}

/// The aim for the world: toward the cursor (screen → world through the
/// camera of the last frame) when mouse aim is on, else `None` (auto-aim).
pub(super) fn mouse_aim(
    on: bool,
    camera: engine::render::Camera2d,
    viewport: [u32; 2],
    cursor: Vec2,
    player: Vec2,
) -> Option<Vec2> {
    on.then(|| camera.screen_to_world(cursor, viewport) - player)
}
