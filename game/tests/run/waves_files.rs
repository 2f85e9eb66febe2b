//! Wave files: the shipped set loads, round-trips, follows the pacing, and a
//! broken or missing file is reported with its file and field.

use std::path::{Path, PathBuf};

use crate::copy_dir;
use game::data::{DataError, default_root, parse_json};
use game::waves::{SpawnConfig, load_fight_data, wave_file};

/// A private copy of the fight data (combat, enemies, bosses, waves) to break.
fn scratch(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("artificer-waves-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let src = default_root();
    copy_dir(&src.join("waves"), &root.join("waves"));
    copy_dir(&src.join("bosses"), &root.join("bosses"));
    for f in ["combat.json", "enemies.json"] {
        std::fs::copy(src.join(f), root.join(f)).unwrap();
    }
    root
}

fn edit(root: &Path, rel: &str, from: &str, to: &str) {
    let p = root.join(rel);
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.contains(from), "{rel} has no `{from}`");
    std::fs::write(&p, text.replacen(from, to, 1)).unwrap();
}

fn errors_of(root: &Path) -> Vec<DataError> {
    let mut errors = Vec::new();
    let got = load_fight_data(root, &mut errors);
    assert!(got.is_none());
    let _ = std::fs::remove_dir_all(root);
    errors
}

#[test]
fn shipped_fight_data_loads_with_twenty_waves_and_the_boss_waves() {
    let mut errors = Vec::new();
    let f = load_fight_data(&default_root(), &mut errors).expect("fight data loads");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(f.waves.len(), 20);
    for (i, w) in f.waves.iter().enumerate() {
        assert_eq!(w.wave as usize, i + 1);
        assert_eq!(w.duration_sec, 60.0);
    }
    assert_eq!(f.waves[7].boss.as_ref().unwrap().boss_id, "brood_mother_w08");
    assert_eq!(f.waves[19].boss.as_ref().unwrap().boss_id, "void_lord_w20");
    // Pacing (docs/game.md#pacing): budgets grow through the non-boss waves
    // from W3; W1 and W2 hold a first crowd of 30 on screen, and W3 sends
    // less so a first player still mows it.
    let plain: Vec<f32> = f
        .waves
        .iter()
        .skip(2)
        .filter(|w| w.boss.is_none())
        .map(|w| w.budget)
        .collect();
    assert!(plain.windows(2).all(|p| p[1] > p[0]), "{plain:?}");
}

#[test]
fn a_wave_file_round_trips() {
    let rel = wave_file(5);
    let text = std::fs::read_to_string(default_root().join(&rel)).unwrap();
    let a: SpawnConfig = parse_json(Path::new(&rel), &text).unwrap();
    let again = serde_json::to_string(&a).unwrap();
    let b: SpawnConfig = parse_json(Path::new(&rel), &again).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.spawn_groups[0].spawn_radius_from_player, [400.0, 700.0]);
}

#[test]
fn a_mistyped_field_names_file_and_path() {
    let root = scratch("type");
    edit(
        &root,
        "waves/wave_07.json",
        "\"count_min\": 5",
        "\"count_min\": \"five\"",
    );
    let errors = errors_of(&root);
    let e = errors
        .iter()
        .find(|e| e.file == Path::new("waves/wave_07.json"))
        .expect("wave 7 reported");
    assert_eq!(e.path, "spawn_groups[0].count_min");
}

#[test]
fn an_unknown_enemy_or_boss_is_a_cross_reference_error() {
    let root = scratch("xref");
    edit(&root, "waves/wave_04.json", "\"spitter\"", "\"spiter\"");
    edit(&root, "waves/wave_20.json", "void_lord_w20", "void_lord");
    let errors = errors_of(&root);
    assert!(errors.iter().any(|e| e.file == Path::new("waves/wave_04.json")
        && e.path == "spawn_groups[1].enemy_id"
        && e.message.contains("spiter")));
    assert!(
        errors
            .iter()
            .any(|e| e.file == Path::new("waves/wave_20.json") && e.path == "boss.boss_id")
    );
}

#[test]
fn a_missing_wave_file_and_a_bad_boss_phase_are_both_reported() {
    let root = scratch("missing");
    std::fs::remove_file(root.join("waves/wave_13.json")).unwrap();
    edit(&root, "bosses/void_lord_w20.json", "\"spread_8\"", "\"spiral_8\"");
    let errors = errors_of(&root);
    assert!(
        errors
            .iter()
            .any(|e| e.file == Path::new("waves/wave_13.json") && e.message.contains("cannot read"))
    );
    assert!(errors.iter().any(
        |e| e.file == Path::new("bosses/void_lord_w20.json") && e.path == "phases[0].projectile_pattern"
    ));
}

#[test]
fn an_unknown_behaviour_tag_or_enemy_field_fails_at_load() {
    let root = scratch("tag");
    edit(
        &root,
        "bosses/brood_mother_w08.json",
        "\"chase_player\"",
        "\"dance\"",
    );
    edit(&root, "enemies.json", "\"speed\": 100", "\"sped\": 100");
    let errors = errors_of(&root);
    assert!(
        errors
            .iter()
            .any(|e| e.file == Path::new("bosses/brood_mother_w08.json")
                && e.path.starts_with("phases[0].behavior_tags"))
    );
    assert!(
        errors
            .iter()
            .any(|e| e.file == Path::new("enemies.json") && e.path == "enemies[1].sped")
    );
}

#[test]
fn out_of_range_tuning_and_a_dangling_elite_base_are_named() {
    let root = scratch("ranges");
    edit(
        &root,
        "combat.json",
        "\"slow_factor\": 0.5",
        "\"slow_factor\": 1.5",
    );
    edit(
        &root,
        "enemies.json",
        "\"base\": \"spitter\"",
        "\"base\": \"spittr\"",
    );
    edit(
        &root,
        "bosses/void_lord_w20.json",
        "\"hp_threshold_enter\": 0.5",
        "\"hp_threshold_enter\": 1.0",
    );
    let errors = errors_of(&root);
    assert!(
        errors
            .iter()
            .any(|e| e.file == Path::new("combat.json") && e.path == "slow_factor")
    );
    assert!(
        errors
            .iter()
            .any(|e| e.file == Path::new("enemies.json") && e.path == "elites[2].base")
    );
    assert!(errors.iter().any(
        |e| e.file == Path::new("bosses/void_lord_w20.json") && e.path == "phases[1].hp_threshold_enter"
    ));
}
