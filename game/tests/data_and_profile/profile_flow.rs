//! Runs as the profile shapes them and as they feed it back
//! (`profile::run_book`, the code the window and `sim --profile` share):
//! a new profile starts at onboarding run 1 (the normal starting deck, the editor
//! shut, no chips in the shop); locked content never reaches a shop until
//! its unlock is bought; a run's aether, milestones and codex entries are
//! booked; a run saved between waves as its replay is restored exactly;
//! `sim --profile` books into the profile that `profile show --json` reads.

use std::process::Command as Process;
use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::profile::{Profile, run_book};
use game::run::{Command, Phase, Playback, Recorder, Replay, Run, RunSetup, script};
use game::shop::Shelf;

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

fn temp_dir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("artificer-profile-flow-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Plays the lab → fight → shop loop with the starter script until `phase`
/// after `waves` waves (or the run ends).
fn play_to_shop(run: &mut Run, waves: u32) {
    let mut fought = 0;
    while run.phase() != Phase::Summary {
        match run.phase() {
            Phase::Lab if fought == waves => return,
            Phase::Lab => {
                fought += 1;
                run.apply(Command::StartWave).expect("start");
            }
            Phase::Fight => {
                let w = run.world();
                let dir = glam::Vec2::new(
                    (w.wave_steps as f32 * 0.01).cos(),
                    (w.wave_steps as f32 * 0.013).sin(),
                );
                run.apply(Command::Step(game::run::StepInput::new(dir, None)))
                    .expect("step");
            }
            Phase::Settlement => {
                run.apply(Command::Continue).expect("continue");
            }
            Phase::LevelUp => {
                run.apply(Command::ChooseLevelUp(0)).expect("level up");
            }
            Phase::Shop => {
                // Buy the first stat offer if gold allows (a refusal changes nothing).
                let _ = run.apply(Command::Buy {
                    shelf: Shelf::Stats,
                    index: 0,
                });
                run.apply(Command::LeaveShop).expect("leave");
            }
            Phase::Armoury => {
                run.apply(Command::CloseArmoury).expect("close");
            }
            Phase::Summary => return,
        }
    }
}

#[test]
fn a_new_profile_starts_onboarding_run_one() {
    let cat = catalog();
    let profile = Profile::default();
    let setup = run_book::setup_for(&profile, &cat, 5);
    assert_eq!(setup.onboarding, Some(1));
    for locked in ["chain_bolt", "matrix_board", "nuke", "persistent_memory"] {
        assert!(
            setup.locked.iter().any(|l| l == locked),
            "{locked} locked: {:?}",
            setup.locked
        );
    }
    assert!(!setup.last_will);
    let mut run = Run::new(cat.clone(), setup, Backend::Cpu, None).expect("run");
    assert_eq!(
        run.carry().loadout.active_deck_ids(),
        cat.run.world.starting_deck.clone()
    );
    // The editor is shut in run 1: moving a card is refused, with the reason.
    let refused = run.apply(Command::MoveCard {
        from: game::shop::loadout::Spot::Slot(0),
        to: game::shop::loadout::Spot::Waiting(0),
    });
    assert!(
        refused
            .as_ref()
            .is_err_and(|e| e.to_string().contains("second run")),
        "{refused:?}"
    );
    // Its shop sells no chips and no cores.
    let pool = run.pool();
    assert!(pool.spells.is_empty() && pool.cores.is_empty());
}

#[test]
fn onboarding_runs_two_to_four_teach_one_thing_each() {
    let cat = catalog();
    let mut profile = Profile::default();
    for (runs, stage, gift) in [
        (1, 2, None),
        (2, 3, Some("damage_plus")),
        (3, 4, Some("trigger_hit")),
    ] {
        profile.runs = runs;
        let setup = run_book::setup_for(&profile, &cat, 9);
        assert_eq!(setup.onboarding, Some(stage));
        let run = Run::new(cat.clone(), setup, Backend::Cpu, None).expect("run");
        let pool = run.pool();
        assert!(!pool.spells.is_empty(), "run {stage} sells chips");
        for e in &pool.spells {
            let s = cat.spells.get(cat.spells.find(&e.id).expect("spell"));
            assert_eq!(s.rarity, 1, "run {stage} sells Tier 1 only, not {}", e.id);
        }
        let waiting: Vec<_> = run
            .carry()
            .loadout
            .waiting
            .iter()
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(waiting.first().copied(), gift, "run {stage}'s gift");
    }
    profile.runs = 4;
    assert_eq!(
        run_book::setup_for(&profile, &cat, 9).onboarding,
        None,
        "run 5 is free"
    );
    profile.runs = 0;
    profile.skip_onboarding = true;
    assert_eq!(
        run_book::setup_for(&profile, &cat, 9).onboarding,
        None,
        "skipped in Settings"
    );
}

#[test]
fn an_unlock_puts_chain_lightning_in_the_shop() {
    let cat = catalog();
    let mut profile = Profile {
        skip_onboarding: true,
        aether: 5,
        ..Profile::default()
    };
    let stocked = |profile: &Profile| {
        let run = Run::new(
            cat.clone(),
            run_book::setup_for(profile, &cat, 3),
            Backend::Cpu,
            None,
        )
        .expect("run");
        run.pool().spells.iter().any(|e| e.id == "chain_bolt")
    };
    assert!(!stocked(&profile), "locked: never stocked");
    let cost = cat.unlocks.get("chain_lightning").expect("unlock").cost;
    assert_eq!(cost, 5, "the seed's price");
    assert!(profile.buy_unlock("chain_lightning", cost));
    assert_eq!(profile.aether, 0);
    assert!(stocked(&profile), "unlocked: in the pool");
    // Unlocks widen choice, never stats (docs/game.md#unlocks): the player starts the same.
    let fresh = Run::new(
        cat.clone(),
        run_book::setup_for(&Profile::default(), &cat, 3),
        Backend::Cpu,
        None,
    )
    .expect("run");
    let bought = Run::new(
        cat.clone(),
        run_book::setup_for(&profile, &cat, 3),
        Backend::Cpu,
        None,
    )
    .expect("run");
    assert_eq!(fresh.world().player.hp_max(), bought.world().player.hp_max());
}

#[test]
fn last_will_is_owned_through_its_unlock() {
    let cat = catalog();
    let mut profile = Profile {
        aether: 40,
        ..Profile::default()
    };
    assert!(!run_book::setup_for(&profile, &cat, 1).last_will);
    let cost = cat.unlocks.get("last_will").expect("unlock").cost;
    assert!(profile.buy_unlock("last_will", cost));
    let setup = run_book::setup_for(&profile, &cat, 1);
    assert!(setup.last_will);
    let run = Run::new(cat, setup, Backend::Cpu, None).expect("run");
    assert!(run.carry().ledger.last_will, "armed at the start of the run");
}

#[test]
fn a_run_is_booked_and_opens_the_codex() {
    let cat = catalog();
    let mut profile = Profile::default();
    let mut setup = run_book::setup_for(&profile, &cat, 4);
    setup.last_wave = 2;
    let mut run = Run::new(cat.clone(), setup, Backend::Cpu, None).expect("run");
    let codex = &mut profile.codex;
    script::play_watched(&mut run, script::Policy::Starter, &mut |run| {
        if run.phase() == Phase::Fight {
            run_book::observe_fight(codex, run.world());
        } else {
            run_book::observe_loadout(codex, run.world(), run.carry());
        }
    })
    .expect("played");
    assert!(profile.codex.spells.contains("spark_bolt"));
    assert!(profile.codex.cores.contains("starter_core"));
    assert!(!profile.codex.enemies.is_empty(), "enemies seen in the fight");
    let end = run_book::book_run(&mut profile, &cat, &run);
    assert_eq!(profile.runs, 1);
    assert_eq!(end.wave, run.world().wave);
    // W2 already pays (docs/game.md#aether-fragments: 1 for W2, 2 for W3);
    // the next run is lesson 2.
    assert_eq!(end.aether.total(), [0, 0, 1, 2][end.wave as usize]);
    assert!(end.wave < 2 || end.aether.total() > 0, "a run to W2 earns");
    assert_eq!(
        end.within_reach().as_deref(),
        Some(format!("{} more aether: Chain Lightning", 5 - end.aether.total()).as_str()),
        "the summary names what the run brought within reach"
    );
    assert_eq!(run_book::onboarding_stage(&profile), Some(2));
}

#[test]
fn a_run_saved_between_waves_is_restored_exactly() {
    let cat = catalog();
    let mut setup = RunSetup::new(21, 20);
    setup.locked = vec!["nuke".into()];
    setup.onboarding = Some(2);
    setup.last_will = true;
    let mut run = Run::new(cat.clone(), setup, Backend::Cpu, None).expect("run");
    run.record(Recorder::default());
    play_to_shop(&mut run, 2);
    assert_eq!(run.phase(), Phase::Lab, "between waves");
    let text = run
        .recorder()
        .expect("recording")
        .to_text(run.setup(), Backend::Cpu, 0);
    assert!(
        text.contains("\nlocked nuke\n")
            && text.contains("\nonboarding 2\n")
            && text.contains("\nlast_will\n")
    );
    // Continue: the saved replay re-played into a fresh, recording run.
    let replay = Replay::parse(&text).expect("parses");
    assert_eq!(&replay.header.setup, run.setup());
    let mut restored = Run::new(cat, replay.header.setup.clone(), Backend::Cpu, None).expect("run");
    restored.record(Recorder::default());
    let mut playback = Playback::new(replay);
    while playback.advance(&mut restored).expect("replays") {}
    assert_eq!(
        restored.state_hash(),
        run.state_hash(),
        "the same run, bit for bit"
    );
    assert_eq!(restored.phase(), Phase::Lab);
    // And it saves again to the same file, so a second Continue works too.
    let again = restored
        .recorder()
        .expect("recording")
        .to_text(restored.setup(), Backend::Cpu, 0);
    assert_eq!(again, text);
}

#[test]
fn sim_on_a_profile_books_aether_that_profile_show_reports() {
    let dir = temp_dir("sim");
    let bin = env!("CARGO_BIN_EXE_artificer");
    // A profile past onboarding, so the run is a full one (the scripted
    // player reaches wave 5 and more with the standard start).
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(
        dir.join("profile.json"),
        r#"{"schema": 2, "skip_onboarding": true}"#,
    )
    .expect("seed profile");
    let out = Process::new(bin)
        .args([
            "sim",
            "--seed",
            "3",
            "--waves",
            "6",
            "--backend",
            "cpu",
            "--policy",
            "competent",
            "--json",
            "--profile",
        ])
        .arg(&dir)
        .output()
        .expect("sim runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let sim: serde_json::Value = serde_json::from_slice(&out.stdout).expect("sim json");
    let gained = sim["profile"]["aether_gained"].as_u64().expect("aether_gained");
    let wave = sim["wave_reached"].as_u64().expect("wave_reached");
    // docs/game.md#aether-fragments, docs/game.md#milestones-and-practice by
    // hand: the table's fragments for the wave reached (W1 0, W2 1, W3–4 2,
    // then one a wave from W5's 3), plus the W5 milestone's 2.
    let table = [0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8];
    let expected = table[wave.min(10) as usize] + if wave >= 5 { 2 } else { 0 };
    assert_eq!(gained, expected, "wave {wave}");
    assert!(sim["profile"]["codex_opened"].as_u64().unwrap_or(0) > 3);
    let show = Process::new(bin)
        .args(["profile", "show", "--json", "--profile"])
        .arg(&dir)
        .output()
        .expect("profile show runs");
    assert!(show.status.success(), "{}", String::from_utf8_lossy(&show.stderr));
    let p: serde_json::Value = serde_json::from_slice(&show.stdout).expect("profile json");
    let text = p.to_string();
    assert!(
        text.contains(&format!("\"aether\":{gained}")) || p["aether"]["in_hand"].as_u64() == Some(gained),
        "profile show reports the aether: {text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn practice_starts_in_the_shop_before_a_reached_milestone_and_books_nothing() {
    let cat = catalog();
    let mut profile = Profile::default();
    assert!(
        run_book::practice_setup(&profile, &cat, 1, 5).is_none(),
        "W5 practice opens only once a run reached W5"
    );
    profile.milestones.insert(5);
    let setup = run_book::practice_setup(&profile, &cat, 1, 5).expect("reached");
    assert_eq!((setup.practice, setup.onboarding), (Some(5), None));
    let mut run = Run::new(cat.clone(), setup.clone(), Backend::Cpu, None).expect("run");
    run.record(Recorder::default());
    assert_eq!(run.phase(), Phase::Shop, "the shop comes first");
    assert_eq!(run.world().wave, 4, "as if waves 1–4 were cleared");
    assert_eq!(run.carry().wallet.gold(), game::run::setup::PRACTICE_GOLD);
    // Unlimited: buying leaves the shop to refill at the next visit.
    run.apply(Command::Buy {
        shelf: Shelf::Stats,
        index: 0,
    })
    .expect("buy a stat");
    assert!(run.carry().wallet.gold() < game::run::setup::PRACTICE_GOLD);
    run.apply(Command::LeaveShop).expect("leave");
    run.apply(Command::StartWave).expect("fight");
    assert_eq!(run.world().wave, 5, "the practice wave");
    // The header carries it, so the practice run replays as itself.
    let text = run
        .recorder()
        .expect("recording")
        .to_text(run.setup(), Backend::Cpu, 0);
    assert!(text.contains("\npractice 5\n"), "{text}");
    assert_eq!(Replay::parse(&text).expect("parses").header.setup, setup);
    // `sim --profile --practice` leaves the profile as it was.
    let dir = temp_dir("practice");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(
        dir.join("profile.json"),
        r#"{"schema": 2, "milestones": [5], "runs": 3}"#,
    )
    .expect("seed");
    let before = std::fs::read(dir.join("profile.json")).expect("read");
    let out = Process::new(env!("CARGO_BIN_EXE_artificer"))
        .args([
            "sim",
            "--seed",
            "2",
            "--waves",
            "6",
            "--backend",
            "cpu",
            "--json",
            "--practice",
            "5",
            "--profile",
        ])
        .arg(&dir)
        .output()
        .expect("sim runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let sim: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(
        sim["waves"][0]["wave"].as_u64(),
        Some(5),
        "the first wave played is W5"
    );
    assert_eq!(sim["profile"]["aether_gained"].as_u64(), Some(0));
    assert_eq!(
        std::fs::read(dir.join("profile.json")).expect("read"),
        before,
        "nothing booked"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fights the current wave out with the player kept alive, the bosses
/// brought down after 5 s (or, with `die`, the player falling at 5 s).
fn fight_out_won(run: &mut Run, die: bool) {
    let mut steps = 0u64;
    while run.phase() == Phase::Fight {
        let w = run.world_mut();
        w.player.hp = if die && steps >= 300 {
            0.0
        } else {
            w.player.hp_max()
        };
        if steps >= 300 {
            let bosses: Vec<u32> = (0..w.enemies().slots().len() as u32)
                .filter(|&i| w.enemies().get(i).is_some_and(|e| e.boss.is_some()))
                .collect();
            for i in bosses {
                if let Some(e) = w.enemies_mut().get_mut(i) {
                    e.hp = 0.0;
                }
            }
        }
        if w.player.hp <= 0.0 {
            // A dead player ends the wave at the next step.
            w.player.hp = 0.0;
        }
        run.apply(Command::Step(game::run::StepInput::default()))
            .expect("a fight step");
        steps += 1;
        assert!(steps < 60 * 60 * 5, "the wave never ended");
    }
}

#[test]
fn a_clear_is_booked_once_unlocks_ng_plus_and_the_endless_end_feeds_only_the_leaderboard() {
    let cat = catalog();
    let mut profile = Profile::default();
    let mut records = game::profile::Records::default();
    assert_eq!(profile.ng_plus_max(), 0, "no NG+ before a clear");
    let last = cat.waves.len() as u32;
    let mut run = Run::new(cat.clone(), RunSetup::new(4, last), Backend::Cpu, None).expect("run");
    run.world_mut().wave = last - 1;
    run.apply(Command::StartWave).expect("W20");
    fight_out_won(&mut run, false);
    assert_eq!(run.outcome(), Some(game::run::Outcome::Won));
    assert!(run.cleared());
    // Booked at the clear: W20 gives 20, the first clear 30, and the three
    // milestones first reached 2 + 3 + 4: 59 fragments.
    let end = run_book::book_run(&mut profile, &cat, &run);
    assert_eq!(end.aether.total(), 20 + 30 + 2 + 3 + 4);
    assert_eq!(profile.clears, 1);
    assert_eq!(profile.ng_plus_max(), 1, "the first clear opens NG+ 1");
    let aether = profile.aether;
    let runs = profile.runs;
    // On into endless; W21 is fought and lost.
    run.apply(Command::Endless).expect("endless");
    assert_eq!(run.phase(), Phase::Settlement);
    while run.phase() != Phase::Lab {
        let cmd = match run.phase() {
            Phase::Settlement => Command::Continue,
            Phase::LevelUp => Command::ChooseLevelUp(0),
            Phase::Shop => Command::LeaveShop,
            p => panic!("unexpected {p:?}"),
        };
        run.apply(cmd).expect("between waves");
    }
    run.apply(Command::StartWave).expect("W21");
    fight_out_won(&mut run, true);
    assert_eq!(run.outcome(), Some(game::run::Outcome::Died));
    assert_eq!(run.world().wave, 21);
    let end = run_book::book_run(&mut profile, &cat, &run);
    run_book::note_endless(&mut records, &run);
    assert_eq!(end.aether.total(), 0, "endless moves no meta progress");
    assert_eq!((profile.aether, profile.runs, profile.clears), (aether, runs, 1));
    assert_eq!(records.endless.len(), 1);
    assert_eq!(records.endless[0].record.wave, 21);
    // A cleared NG+ 1 run would open NG+ 2: the best cleared level is kept.
    profile.best_ng_plus = 1;
    assert_eq!(profile.ng_plus_max(), 2);
}
