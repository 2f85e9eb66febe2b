//! Every number in `data/` has a declared range (docs/data.md#ranges): each
//! numeric field of every shipped data file, pushed past either end of its
//! range, is refused naming the file, the path, the value and the range; the
//! failures a fault campaign found (a negative dash, a negative combo window,
//! a multiplier of 3.4e38, a negative level-up bonus, a wave of 1e9 s) are
//! refused by the catalogue itself, as `artificer data check` reports them.

use std::path::{Path, PathBuf};

use game::catalog::Catalog;
use game::data::default_root;
use game::data::ranges::{self, range_of};
use serde_json::Value;

use crate::data_unknown_fields::{copy_dir, data_files};

/// Values just past each end of `range` (below only where the range has a
/// lower end a file could cross, and 1e-30 where the floor is above zero).
fn past(range: &ranges::Range) -> Vec<f64> {
    let mut v = vec![range.max + range.max.abs().max(1.0)];
    if range.positive {
        v.push(0.0);
    }
    // A floor above zero (durations, radii) also refuses the tiny ones.
    if range.min > 0.0 {
        v.push(1e-30);
    }
    v.push(range.min - range.min.abs().max(1.0));
    v
}

#[test]
fn every_shipped_number_lies_in_its_range() {
    let root = default_root();
    for rel in data_files(&root) {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(root.join(&rel)).unwrap()).unwrap();
        assert_eq!(ranges::check(Path::new(&rel), &doc), None, "{rel}");
    }
}

#[test]
fn every_number_past_its_range_is_refused_naming_file_path_value_and_range() {
    let root = default_root();
    let mut tried = 0;
    for rel in data_files(&root) {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(root.join(&rel)).unwrap()).unwrap();
        for leaf in ranges::numbers(&doc) {
            let range = range_of(&rel, &leaf.key);
            for bad in past(&range) {
                let mut broken = doc.clone();
                *broken.pointer_mut(&leaf.pointer).unwrap() = serde_json::json!(bad);
                let e = ranges::check(Path::new(&rel), &broken)
                    .unwrap_or_else(|| panic!("{rel} {}: {bad} accepted", leaf.path));
                assert_eq!(e.path, leaf.path, "{rel}: {e}");
                assert_eq!(e.file, PathBuf::from(&rel));
                assert!(e.message.contains(&format!("{bad}")), "{e}");
                assert!(e.message.contains(&format!("{}", range.max)), "{e}");
                tried += 1;
            }
        }
    }
    assert!(tried > 2000, "only {tried} mutations");
}

/// A private copy of the shipped data with one number replaced.
fn broken_copy(tag: &str, rel: &str, pointer: &str, value: Value) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("artificer-ranges-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&default_root(), &dir);
    let path = dir.join(rel);
    let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    *doc.pointer_mut(pointer)
        .unwrap_or_else(|| panic!("{rel} {pointer}")) = value;
    std::fs::write(&path, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    dir
}

#[test]
fn the_catalogue_refuses_the_campaigns_nonsense() {
    let cases = [
        (
            "world.json",
            "/player/dash/duration_s",
            serde_json::json!(-0.15),
            "player.dash.duration_s",
        ),
        (
            "world.json",
            "/player/dash/distance_px",
            serde_json::json!(-170),
            "player.dash.distance_px",
        ),
        (
            "melee.json",
            "/phases/combo_window_s",
            serde_json::json!(-1.1),
            "phases.combo_window_s",
        ),
        (
            "waves/wave_03.json",
            "/duration_sec",
            serde_json::json!(1e9),
            "duration_sec",
        ),
        (
            "waves/wave_03.json",
            "/hp_mult",
            serde_json::json!(3.4e38),
            "hp_mult",
        ),
        (
            "levelups.json",
            "/upgrades/0/modifiers/0/add",
            serde_json::json!(-10),
            "upgrades[0].modifiers[0].add",
        ),
        (
            "levelups.json",
            "/upgrades/4/modifiers/0/add",
            serde_json::json!(3.4e38),
            "upgrades[4].modifiers[0].add",
        ),
    ];
    for (i, (rel, pointer, value, path)) in cases.into_iter().enumerate() {
        let dir = broken_copy(&format!("c{i}"), rel, pointer, value);
        let errors = Catalog::load(&dir).expect_err(rel).0;
        assert!(
            errors
                .iter()
                .any(|e| e.file == Path::new(rel) && e.path == path && e.message.contains("out of range")),
            "{rel} {path}: {errors:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// An affix line may show its rule's radius as `{r}` (the Spiteful Nova's
/// "within {r} px of you"); a line that promises a radius its rule does not
/// have is refused, naming the file, the line and why, instead of showing
/// a raw `{r}` on an item.
#[test]
fn an_affix_line_showing_a_radius_its_rule_lacks_is_refused() {
    let rel = "loot/affixes.json";
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(default_root().join(rel)).unwrap()).unwrap();
    let i = doc["affixes"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a["id"] == "on_kill_heal")
        .expect("the Vampiric affix");
    let dir = broken_copy(
        "radius",
        rel,
        &format!("/affixes/{i}/line"),
        serde_json::json!("on kill: heal {v} HP within {r} px"),
    );
    let errors = Catalog::load(&dir).expect_err(rel).0;
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        errors.iter().any(|e| e.file == Path::new(rel)
            && e.path == format!("affixes[{i}].line")
            && e.message.contains("{r}")),
        "{errors:?}"
    );
}

/// Keys name their units (docs/data.md#units): a data folder written before
/// `radius`, `lifetime`, `interval` and `cooldown` took their `_px` / `_s`
/// still loads, through the serde aliases, to the same numbers, and its
/// ranges still hold (a radius of 0 under the old key is still refused).
#[test]
fn data_written_with_the_old_unitless_keys_still_loads_the_same() {
    let root = default_root();
    let dir = std::env::temp_dir().join(format!("artificer-old-keys-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&root, &dir);
    // The files that held the bare keys before the rename, and nothing else
    // (a key that was always `lifetime_s` never had a bare form).
    let renamed_files = |rel: &str| {
        [
            "combat.json",
            "enemies.json",
            "spells.json",
            "cores.json",
            "world.json",
        ]
        .contains(&rel)
            || rel.starts_with("bosses/")
    };
    let mut renamed = 0;
    for rel in data_files(&dir).into_iter().filter(|r| renamed_files(r)) {
        let path = dir.join(&rel);
        let mut old = std::fs::read_to_string(&path).unwrap();
        for (new, bare) in [
            ("\"radius_px\"", "\"radius\""),
            ("\"lifetime_s\"", "\"lifetime\""),
            ("\"interval_s\"", "\"interval\""),
        ] {
            renamed += old.matches(new).count();
            old = old.replace(new, bare);
        }
        if rel == "cores.json" {
            renamed += old.matches("\"cooldown_s\"").count();
            old = old.replace("\"cooldown_s\"", "\"cooldown\"");
        }
        std::fs::write(&path, old).unwrap();
    }
    assert!(
        renamed > 50,
        "the shipped files use the unit keys ({renamed} renamed back)"
    );
    let new = Catalog::load(&root).expect("shipped data");
    let old = Catalog::load(&dir).unwrap_or_else(|e| panic!("old keys refused: {:?}", e.0));
    let radii = |c: &Catalog| -> Vec<(f32, f32)> {
        (0..c.spells.len())
            .filter_map(|i| c.spells.get(game::vm::SpellIdx(i as u32)).projectile.as_ref())
            .map(|p| (p.radius, p.lifetime))
            .collect()
    };
    assert_eq!(radii(&old), radii(&new));
    assert_eq!(old.run.world, new.run.world);

    let enemies = dir.join("enemies.json");
    let text = std::fs::read_to_string(&enemies).unwrap();
    std::fs::write(&enemies, text.replacen("\"radius\": 9,", "\"radius\": 0,", 1)).unwrap();
    let errors = Catalog::load(&dir).expect_err("a zero radius").0;
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        errors
            .iter()
            .any(|e| e.path == "enemies[0].radius" && e.message.contains("out of range")),
        "{errors:?}"
    );
}
