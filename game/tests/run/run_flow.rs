//! The run flow (game/src/run/flow.rs) as its drivers meet it: the scripted
//! sim records a replay and the replay re-runs to the same reports and
//! `state_hash`; the clear condition of docs/game.md#the-clear (only the W20 boss's
//! death wins); refused commands change nothing; damaged, edited and foreign
//! replays are refused with where and why.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::replay::data_checksum;
use game::run::{
    Command, CommandError, Outcome, Phase, Recorder, Replay, ReplayError, Run, RunOptions, RunSetup,
    StepInput, WaveReport, play_recorded, play_replay,
};
use game::shop::Shelf;

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

/// The per-wave reports without their timing fields (CPU ms differ between runs).
fn deterministic(reports: &[WaveReport]) -> Vec<WaveReport> {
    reports
        .iter()
        .map(|w| WaveReport {
            step_ms_mean: 0.0,
            step_ms_p95: 0.0,
            ..w.clone()
        })
        .collect()
}

/// A run of `waves` waves under the default policy, recorded the way
/// `sim --record` records it; other groups' replay tests start from it.
pub fn recorded_run(seed: u64, waves: u32) -> (Arc<Catalog>, Run, String) {
    let cat = catalog();
    let opts = RunOptions {
        seed,
        waves,
        backend: Backend::Cpu,
        build: None,
        policy: Default::default(),
        mode: Default::default(),
    };
    let run = play_recorded(cat.clone(), &opts, None, true).expect("sim plays");
    let data = data_checksum(&game::data::default_root()).expect("data checksum");
    let text = run
        .recorder()
        .expect("recording")
        .to_text(run.setup(), Backend::Cpu, data);
    (cat, run, text)
}

#[test]
fn a_recorded_sim_replays_to_the_same_reports_and_state_hash() {
    let (cat, run, text) = recorded_run(3, 3);
    assert_eq!(run.reports().len(), 3);
    assert!(
        run.reports().iter().any(|w| !w.bought.is_empty()),
        "the script shopped, so the replay covers shop commands"
    );
    let replay = Replay::parse(&text).expect("the recording parses");
    assert!(replay.steps >= 3 * 3600, "three 60 s waves of steps");
    let again = play_replay(cat, replay, None, None).expect("replays");
    assert_eq!(deterministic(again.reports()), deterministic(run.reports()));
    assert_eq!(again.state_hash(), run.state_hash());
    assert_eq!(again.report().state_hash, run.report().state_hash);
    // Every wave's hash is distinct: the hash follows the run.
    let mut hashes: Vec<&str> = run.reports().iter().map(|w| w.state_hash.as_str()).collect();
    hashes.dedup();
    assert_eq!(hashes.len(), 3);
}

#[test]
fn a_seek_stops_at_the_start_of_the_asked_wave_and_plays_on_to_the_same_end() {
    let (cat, run, text) = recorded_run(3, 3);
    let replay = Replay::parse(&text).expect("the recording parses");
    let mut seeking = Run::new(cat.clone(), replay.header.setup.clone(), Backend::Cpu, None).expect("starts");
    let mut playback = game::run::Playback::new(replay.clone());
    assert!(playback.seek_wave(&mut seeking, 3).expect("seeks"));
    assert_eq!(seeking.phase(), Phase::Fight);
    assert_eq!(seeking.world().wave, 3);
    assert_eq!(seeking.world().wave_steps, 0, "the fight's first step is next");
    assert_eq!(
        seeking.reports().len(),
        2,
        "waves 1 and 2 were played and checked"
    );
    while playback.advance(&mut seeking).expect("plays on") {}
    assert_eq!(seeking.state_hash(), run.state_hash());
    // A replay that ends before the wave says so instead of running on.
    let mut short = Run::new(cat, replay.header.setup.clone(), Backend::Cpu, None).expect("starts");
    let mut playback = game::run::Playback::new(replay);
    assert!(!playback.seek_wave(&mut short, 4).expect("no divergence"));
}

#[test]
fn an_edited_replay_stops_where_it_diverges() {
    let (cat, _run, text) = recorded_run(4, 2);
    // One step's heading changed in wave 1: the run diverges, and the check
    // at wave 1's end names the line.
    let first_walk = text
        .lines()
        .find(|l| l.starts_with("s ") && !l.starts_with("s - "))
        .expect("a walking step")
        .to_string();
    let mut words: Vec<String> = first_walk.split(' ').map(str::to_string).collect();
    words[1] = ((words[1].parse::<u32>().expect("heading") + 128) % 256).to_string();
    let edited = text.replacen(&first_walk, &words.join(" "), 1);
    let replay = Replay::parse(&edited).expect("still well-formed");
    match play_replay(cat.clone(), replay, None, None) {
        Err(ReplayError::Diverged { wave: 1, line, .. }) => {
            let wave_line = text
                .lines()
                .position(|l| l.starts_with("wave 1 "))
                .expect("wave line")
                + 1;
            assert_eq!(line, wave_line);
        }
        other => panic!("expected a divergence at wave 1, got {other:?}"),
    }
    // A command the run must refuse (a shelf index past the end) names its line and command.
    let bad = text.replacen("continue", "continue\nbuy spells 99", 1);
    let bad = bad.replace(&bad.lines().last().expect("end").to_string(), &{
        let r = Replay::parse(&text).expect("parses");
        format!("end {} {}", r.commands + 1, r.steps)
    });
    let replay = Replay::parse(&bad).expect("well-formed");
    match play_replay(cat, replay, None, None) {
        Err(e @ ReplayError::Refused { .. }) => {
            let s = e.to_string();
            assert!(s.contains("buy") && s.contains("line"), "{s}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // Truncation is found before anything runs.
    let cut = &text[..text.len() / 2];
    assert!(matches!(Replay::parse(cut), Err(ReplayError::Truncated { .. })));
}

#[test]
fn a_replay_from_other_data_or_another_version_is_refused_by_name() {
    let (_cat, _run, text) = recorded_run(5, 1);
    let replay = Replay::parse(&text).expect("parses");
    let data = data_checksum(&game::data::default_root()).expect("checksum");
    replay.check_compatible(data).expect("same data, same version");
    let e = replay
        .check_compatible(data ^ 1)
        .expect_err("other data")
        .to_string();
    assert!(e.contains("data"), "{e}");
    let older = text.replacen(&format!("game {}", env!("CARGO_PKG_VERSION")), "game 0.0.1", 1);
    let e = Replay::parse(&older)
        .expect("parses")
        .check_compatible(data)
        .expect_err("other version")
        .to_string();
    assert!(e.contains("0.0.1"), "{e}");
}

fn run_at_last_wave(cat: &Arc<Catalog>) -> Run {
    let last = cat.waves.len() as u32;
    let setup = RunSetup {
        seed: 11,
        last_wave: last,
        build: None,
        ..RunSetup::default()
    };
    let mut run = Run::new(cat.clone(), setup, Backend::Cpu, None).expect("run");
    run.world_mut().wave = last - 1;
    run.apply(Command::StartWave).expect("the last wave starts");
    assert!(run.world().boss_wave(), "the last wave is the void lord's");
    run
}

/// Steps the fight to its end with the player kept alive; `boss_hp` sets the
/// bosses' HP each step (`None`: leave them be).
fn fight_out(run: &mut Run, boss_hp: impl Fn(u64) -> Option<f32>) -> u64 {
    let mut steps = 0;
    while run.phase() == Phase::Fight {
        let w = run.world_mut();
        w.player.hp = w.player.hp_max();
        if let Some(hp) = boss_hp(steps) {
            let bosses: Vec<u32> = (0..w.enemies().slots().len() as u32)
                .filter(|&i| w.enemies().get(i).is_some_and(|e| e.alive && e.boss.is_some()))
                .collect();
            for i in bosses {
                if let Some(e) = w.enemies_mut().get_mut(i) {
                    e.hp = hp.min(e.hp_max);
                }
            }
        }
        run.apply(Command::Step(StepInput::default()))
            .expect("a fight step");
        steps += 1;
        assert!(steps < 60 * 60 * 5, "the wave never ended");
    }
    steps
}

#[test]
fn the_last_wave_is_won_only_by_killing_its_boss() {
    let cat = catalog();
    let step_hz = u64::from(cat.run.world.step_hz);
    // The boss kept at full HP outlives the overtime: the run ends, alive, not won.
    let mut run = run_at_last_wave(&cat);
    let steps = fight_out(&mut run, |_| Some(f32::MAX));
    assert!(
        steps > 60 * step_hz,
        "the boss wave ran into its overtime ({steps} steps)"
    );
    assert_eq!(run.phase(), Phase::Summary);
    assert_eq!(run.outcome(), Some(Outcome::Survived));
    assert_eq!(run.summary().outcome, Some(Outcome::Survived));
    assert!(run.summary().last_wave_of_game);
    assert_eq!(run.reports().last().map(|w| w.boss_kills), Some(0));
    // The same wave with the boss brought down after 5 s is a victory.
    let mut run = run_at_last_wave(&cat);
    fight_out(&mut run, |s| (s == 5 * step_hz).then_some(0.0));
    assert_eq!(run.outcome(), Some(Outcome::Won));
    assert!(run.reports().last().is_some_and(|w| w.boss_kills > 0));
}

#[test]
fn refused_commands_change_nothing() {
    let cat = catalog();
    let setup = RunSetup {
        seed: 2,
        last_wave: 2,
        build: None,
        ..RunSetup::default()
    };
    let mut run = Run::new(cat, setup, Backend::Cpu, None).expect("run");
    let before = run.state_hash();
    // Wrong phase: the lab has no shop and no fight.
    assert!(matches!(
        run.apply(Command::Refresh),
        Err(CommandError::WrongPhase {
            phase: Phase::Lab,
            ..
        })
    ));
    assert!(run.apply(Command::Step(StepInput::default())).is_err());
    assert_eq!(run.state_hash(), before);
    // Play wave 1 standing still, then go to the shop. W1's crowd of mites
    // (docs/balance.md#density) can bring a player who never moves down, and
    // this test is about refusals, not survival: the player is healed each step.
    run.apply(Command::StartWave).expect("start");
    while run.phase() == Phase::Fight {
        run.world_mut().player.hp = 100.0;
        run.apply(Command::Step(StepInput::default())).expect("step");
    }
    assert_eq!(run.phase(), Phase::Settlement);
    run.apply(Command::Continue).expect("continue");
    while run.phase() == Phase::LevelUp {
        run.apply(Command::ChooseLevelUp(0)).expect("level-up");
    }
    assert_eq!(run.phase(), Phase::Shop);
    let shop_hash = run.state_hash();
    // An offer that does not exist, and gold the player does not have.
    assert!(
        run.apply(Command::Buy {
            shelf: Shelf::Spells,
            index: 99
        })
        .is_err()
    );
    run.carry_mut().wallet = game::economy::Wallet::with_gold(0);
    let broke = run.state_hash();
    assert_ne!(broke, shop_hash);
    assert!(run.apply(Command::Refresh).is_err(), "a refresh costs gold");
    assert!(
        run.apply(Command::Buy {
            shelf: Shelf::Cores,
            index: 0
        })
        .is_err()
    );
    assert_eq!(run.state_hash(), broke, "refusals drew nothing from any stream");
    // Leaving goes back to the lab and the next wave.
    run.apply(Command::LeaveShop).expect("leave");
    assert_eq!(run.phase(), Phase::Lab);
}

#[test]
fn the_recorder_writes_a_minute_of_keyboard_play_in_a_few_lines() {
    // A held key is one line however long it is held.
    let mut r = Recorder::default();
    for k in 0..3600u32 {
        let dir = match k / 600 {
            0 | 3 => glam::Vec2::new(1.0, 0.0),
            1 | 4 => glam::Vec2::new(0.0, 1.0),
            _ => glam::Vec2::new(-1.0, -1.0).normalize(),
        };
        r.push(&Command::Step(StepInput::new(dir, None)));
    }
    let setup = RunSetup {
        seed: 1,
        last_wave: 20,
        build: None,
        ..RunSetup::default()
    };
    let text = r.to_text(&setup, Backend::Cpu, 0);
    let steps = text.lines().filter(|l| l.starts_with("s ")).count();
    assert_eq!(steps, 6);
    let replay = Replay::parse(&text).expect("parses");
    assert_eq!(replay.steps, 3600);
}

#[test]
fn a_played_fight_with_dashes_and_mouse_aim_replays_exactly() {
    let cat = catalog();
    let setup = RunSetup {
        seed: 12,
        last_wave: 1,
        build: None,
        ..RunSetup::default()
    };
    let mut run = Run::new(cat.clone(), setup.clone(), Backend::Cpu, None).expect("run");
    run.record(Recorder::default());
    run.apply(Command::StartWave).expect("start");
    let mut k = 0u32;
    while run.phase() == Phase::Fight {
        // A hand-made player: circles, aims with the mouse, dashes now and then.
        let a = k as f32 * 0.01;
        let input = StepInput::new(
            glam::Vec2::new(a.cos(), a.sin()),
            Some(glam::Vec2::new(-a.sin(), a.cos())),
        )
        .with_dash(k.is_multiple_of(90));
        run.apply(Command::Step(input)).expect("step");
        k += 1;
    }
    assert!(run.reports()[0].dashes > 10, "the player dashed");
    let data = data_checksum(&game::data::default_root()).expect("checksum");
    let text = run
        .recorder()
        .expect("recording")
        .to_text(&setup, Backend::Cpu, data);
    assert!(text.contains(" dash\n"), "dash steps are written");
    let again = play_replay(cat, Replay::parse(&text).expect("parses"), None, None).expect("replays");
    assert_eq!(again.state_hash(), run.state_hash());
    assert_eq!(deterministic(again.reports()), deterministic(run.reports()));
}
