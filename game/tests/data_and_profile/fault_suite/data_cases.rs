//! The fault suite's `data check` cases past the ranges: what the player
//! reads against what the data does, references that would do nothing,
//! tables out of order, and numbers inside their old ranges that were no
//! real value (a 1e-30 s interval, a radius of 0). Each must be refused
//! naming the file and the JSON path (docs/data.md#ranges,
//! docs/data.md#words).

use std::path::Path;

use serde_json::{Value, json};

use super::{Expect, Tally, artificer, copy_dir};

/// `pointer` (`/spells/4/projectile/radius_px`) as errors print the path
/// (`spells[4].projectile.radius_px`).
fn path_of(pointer: &str) -> String {
    let mut out = String::new();
    for part in pointer.split('/').skip(1) {
        if part.chars().all(|c| c.is_ascii_digit()) {
            out.push_str(&format!("[{part}]"));
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(part);
        }
    }
    out
}

/// One changed value in a copy of `data/`, then `data check` on the copy:
/// refused, naming `file: at `path`` (the changed value's path, or
/// `named` where the refusal rightly names another field: the line that
/// no longer tells the truth about a changed effect).
fn refused(
    t: &mut Tally,
    dir: &Path,
    case: &str,
    file: &str,
    pointer: &str,
    value: Value,
    named: Option<&str>,
) {
    let root = game::data::default_root();
    let data = dir.join("data-words");
    let _ = std::fs::remove_dir_all(&data);
    copy_dir(&root, &data);
    let path = data.join(file);
    let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    *doc.pointer_mut(pointer)
        .unwrap_or_else(|| panic!("{file} has {pointer}")) = value;
    std::fs::write(&path, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    let args = vec![
        "data".into(),
        "check".into(),
        format!("--data={}", data.display()),
    ];
    let needle = format!(
        "{file}: at `{}`",
        named.map_or_else(|| path_of(pointer), String::from)
    );
    t.score(case, Expect::Refuse, &needle, artificer(&args, dir));
    let _ = std::fs::remove_dir_all(&data);
}

/// The index of the entry with `id` in the list `key` of `file`.
fn index_of(file: &str, key: &str, id: &str) -> usize {
    let text = std::fs::read_to_string(game::data::default_root().join(file)).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    doc[key]
        .as_array()
        .and_then(|a| a.iter().position(|e| e["id"] == id))
        .unwrap_or_else(|| panic!("{id} in {file}"))
}

/// Data that loaded and did the wrong thing without a word.
pub(super) fn data_words(t: &mut Tally, dir: &Path) {
    let vigour = index_of("loot/enchantments.json", "enchantments", "vigour_1");
    let hone = index_of("loot/enhancements.json", "enhancements", "hone_1");
    let cases: Vec<(&str, &str, String, Value)> = vec![
        (
            "a crowd floor naming an unknown enemy",
            "waves/wave_05.json",
            "/crowd_floor/enemy_id".into(),
            json!("nobody"),
        ),
        (
            "a crowd floor naming an enemy the wave does not send",
            "waves/wave_05.json",
            "/crowd_floor/enemy_id".into(),
            json!("wraith"),
        ),
        (
            "an enchantment adding 0 under \"+10 max HP\"",
            "loot/enchantments.json",
            format!("/enchantments/{vigour}/effect/modifiers/0/add"),
            json!(0),
        ),
        (
            "an enhancement adding 7 under \"+2 damage per hit\"",
            "loot/enhancements.json",
            format!("/enhancements/{hone}/effect/modifiers/0/add"),
            json!(7),
        ),
        (
            "rarity seed table depths out of order",
            "loot/rarity.json",
            "/seed_table/2/depth".into(),
            json!(10),
        ),
        (
            "rarity split anchors out of order",
            "loot/rarity.json",
            "/split_anchors/1/depth".into(),
            json!(1),
        ),
        (
            "an empty enemy name",
            "enemies.json",
            "/enemies/0/name".into(),
            json!(""),
        ),
        (
            "a spawn interval of 1e-30 s",
            "waves/wave_01.json",
            "/spawn_groups/0/spawn_interval".into(),
            json!(1e-30),
        ),
        (
            "a spawn radius of 1e-30 px",
            "waves/wave_01.json",
            "/spawn_groups/0/spawn_radius_from_player/0".into(),
            json!(1e-30),
        ),
        (
            "a dash cooldown of 1e-30 s",
            "world.json",
            "/player/dash/cooldown_s".into(),
            json!(1e-30),
        ),
        (
            "an enemy contact cooldown of 1e-30 s",
            "enemies.json",
            "/enemies/1/contact_cooldown".into(),
            json!(1e-30),
        ),
        (
            "a projectile radius of 1e-30 px",
            "spells.json",
            "/spells/4/projectile/radius_px".into(),
            json!(1e-30),
        ),
        (
            "a projectile radius of 0",
            "spells.json",
            "/spells/4/projectile/radius_px".into(),
            json!(0),
        ),
        (
            "a reaction blast radius of 0",
            "combat.json",
            "/vaporise/radius_px".into(),
            json!(0),
        ),
    ];
    for (case, file, pointer, value) in cases {
        // A changed effect is named at its line, the words that now lie.
        let named = pointer
            .find("/effect/")
            .map(|at| format!("{}.line", path_of(&pointer[..at])));
        refused(t, dir, case, file, &pointer, value, named.as_deref());
    }
}
