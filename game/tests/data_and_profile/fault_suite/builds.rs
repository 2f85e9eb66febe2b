//! The fault suite's build cases: build files and build codes past the
//! player's rules and the item tables (docs/data.md#builds), each a run
//! of `artificer sim --build` that must be refused naming the field.

use std::path::Path;

use super::{Expect, Tally, artificer, words};

/// Build files past the player's rules: refused naming the field.
pub(super) fn build_mutations(t: &mut Tally, dir: &Path) {
    let builds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/builds");
    let sim = |t: &mut Tally, case: &str, expect: Expect, needle: &str, text: &str| {
        let path = dir.join("case-build.json");
        std::fs::write(&path, text).unwrap();
        let args = words(&format!(
            "sim --seed 1 --waves 1 --backend cpu --build {}",
            path.display()
        ));
        t.score(case, expect, needle, artificer(&args, dir));
    };
    for e in std::fs::read_dir(&builds).unwrap() {
        let p = e.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap();
        sim(t, &format!("shipped {}", p.display()), Expect::Accept, "", &text);
    }
    for (case, text, needle) in build_cases().into_iter().chain(table_cases()) {
        sim(t, case, Expect::Refuse, needle, &text);
    }
    build_codes(t, dir);
}

/// Build files past the rules: (case, file text, what the refusal names).
#[expect(clippy::too_many_lines, reason = "a table of fault cases")]
fn build_cases() -> Vec<(&'static str, String, &'static str)> {
    let deck = |n: usize| format!("[{}]", vec!["\"spark_bolt\""; n].join(","));
    let item = |affix: &str, extra: &str| {
        format!(
            r#"{{"core": "starter_core", "deck": ["spark_bolt"], "items": [{{"base": "wand_core", "ilvl": 10, "rarity": "marked", "affixes": [{affix}]{extra}}}]}}"#
        )
    };
    let ok_affix = r#"{"id": "damage_flat", "tier": 1, "roll": 0.5, "value": 0.75}"#;
    vec![
        (
            "10,000 chips",
            format!(r#"{{"core": "starter_core", "deck": {}}}"#, deck(10_000)),
            "deck",
        ),
        (
            "100 stored chips",
            format!(
                r#"{{"core": "starter_core", "deck": ["spark_bolt"], "entries": {{"stored": {}}}}}"#,
                deck(100)
            ),
            "entries.stored",
        ),
        (
            "a stored chip without Store Magic",
            r#"{"core": "starter_core", "deck": ["spark_bolt"], "entries": {"stored": ["spark_bolt"]}}"#
                .to_string(),
            "entries.stored",
        ),
        (
            "a kill entry on a core without one",
            r#"{"core": "starter_core", "deck": ["spark_bolt"], "entries": {"on_kill": ["spark_bolt"]}}"#
                .to_string(),
            "entries.on_kill",
        ),
        (
            "an unknown affix",
            item(r#"{"id": "nope", "tier": 1, "roll": 0.5, "value": 1}"#, ""),
            "affixes[0].id",
        ),
        (
            "tier 0",
            item(
                r#"{"id": "damage_flat", "tier": 0, "roll": 0.5, "value": 0.75}"#,
                "",
            ),
            "tier",
        ),
        (
            "tier 255",
            item(
                r#"{"id": "damage_flat", "tier": 255, "roll": 0.5, "value": 0.75}"#,
                "",
            ),
            "tier",
        ),
        (
            "value 1e30",
            item(
                r#"{"id": "damage_flat", "tier": 1, "roll": 0.5, "value": 1e30}"#,
                "",
            ),
            "value",
        ),
        (
            "value -1e30",
            item(
                r#"{"id": "damage_flat", "tier": 1, "roll": 0.5, "value": -1e30}"#,
                "",
            ),
            "value",
        ),
        (
            "roll 7",
            item(
                r#"{"id": "damage_flat", "tier": 1, "roll": 7, "value": 0.75}"#,
                "",
            ),
            "roll",
        ),
        (
            "an unknown enchantment",
            item(ok_affix, r#", "enchantments": ["nope"]"#),
            "enchantments[0]",
        ),
        (
            "an unknown base",
            item(ok_affix, "").replace("\"wand_core\"", "\"nope\""),
            "base",
        ),
        (
            "an unknown core",
            r#"{"core": "nope", "deck": []}"#.to_string(),
            "nope",
        ),
        (
            "an unknown chip",
            r#"{"core": "starter_core", "deck": ["nope"]}"#.to_string(),
            "nope",
        ),
        ("garbage", "\u{1}{{{".to_string(), "case-build.json"),
        ("empty", String::new(), "case-build.json"),
        ("2 MiB of spaces", " ".repeat(2 << 20), "larger than"),
    ]
}

/// An item of the build file: `base`, `rarity`, its affixes and the rest.
fn one_item(base: &str, rarity: &str, affixes: &[&str], extra: &str) -> String {
    let affixes: Vec<String> = affixes
        .iter()
        .map(|id| {
            format!(
                r#"{{"id": "{id}", "tier": 1, "roll": 0.5, "value": {}}}"#,
                tier_one_middle(id)
            )
        })
        .collect();
    format!(
        r#"{{"base": "{base}", "ilvl": 10, "rarity": "{rarity}", "affixes": [{}]{extra}}}"#,
        affixes.join(", ")
    )
}

/// The middle of an affix's tier-1 range (`lo`, `hi` of affixes.json).
fn tier_one_middle(id: &str) -> f64 {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/loot/affixes.json"))
            .unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let a = doc["affixes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == id)
        .unwrap_or_else(|| panic!("affix {id}"));
    (a["lo"].as_f64().unwrap() + a["hi"].as_f64().unwrap()) / 2.0
}

/// A build wearing `items` (each from [`one_item`]).
fn wearing(items: &[String]) -> String {
    format!(
        r#"{{"core": "starter_core", "deck": ["spark_bolt"], "items": [{}]}}"#,
        items.join(", ")
    )
}

/// Builds that name only known things but break the item tables.
fn table_cases() -> Vec<(&'static str, String, &'static str)> {
    let six = [
        "damage_pct",
        "damage_flat",
        "crit_chance",
        "crit_mult",
        "fire_attunement",
        "ice_attunement",
    ];
    let ench = |list: &str| format!(r#", "enchantments": [{list}]"#);
    let enh = |list: &str| format!(r#", "enhancements": [{list}]"#);
    vec![
        (
            "a common item with 6 affixes",
            wearing(&[one_item("wand_core", "common", &six, "")]),
            "affixes",
        ),
        (
            "256 affixes on one relic",
            wearing(&[one_item("wand_core", "relic", &["damage_flat"; 256], "")]),
            "affixes",
        ),
        (
            "a defence affix on a core",
            wearing(&[one_item("wand_core", "marked", &["hp_max"], "")]),
            "affixes[0].id",
        ),
        (
            "two affixes of one group and kind",
            wearing(&[one_item(
                "wand_core",
                "marked",
                &["damage_flat", "damage_flat"],
                "",
            )]),
            "affixes[1].id",
        ),
        (
            "50 enhancements",
            wearing(&[one_item(
                "wand_core",
                "common",
                &[],
                &enh(&vec!["\"hone_1\""; 50].join(",")),
            )]),
            "enhancements",
        ),
        (
            "a pocket's enchantment on a core",
            wearing(&[one_item("wand_core", "common", &[], &ench("\"vigour_1\""))]),
            "enchantments[0]",
        ),
        (
            "two enchantments in one slot",
            wearing(&[one_item(
                "wand_core",
                "common",
                &[],
                &ench("\"scorch_1\", \"shock_1\""),
            )]),
            "enchantments[1]",
        ),
        (
            "an enchantment harder than the item's grade",
            wearing(&[one_item("wand_core", "common", &[], &ench("\"scorch_4\""))]),
            "enchantments[0]",
        ),
        (
            "256 items",
            wearing(&vec![one_item("charm", "common", &[], ""); 256]),
            "items",
        ),
        (
            "two items for the hands",
            wearing(&[
                one_item("wand_core", "common", &[], ""),
                one_item("knife", "common", &[], ""),
            ]),
            "items[1].base",
        ),
    ]
}

/// Build codes of builds past the item tables: `sim --build CODE` and
/// `build decode CODE` refuse them as they refuse the files.
fn build_codes(t: &mut Tally, dir: &Path) {
    let cat = game::catalog::Catalog::load(&game::data::default_root()).expect("the shipped data loads");
    for (case, text, needle) in table_cases() {
        let build: game::run::Build = serde_json::from_str(&text).expect("a build file");
        let Ok(code) = game::share::encode(&cat, &build) else {
            continue;
        };
        let sim = words(&format!("sim --seed 1 --waves 1 --backend cpu --build {code}"));
        t.score(
            &format!("code of {case}: sim"),
            Expect::Refuse,
            needle,
            artificer(&sim, dir),
        );
        let decode = vec!["build".to_string(), "decode".to_string(), code];
        t.score(
            &format!("code of {case}: build decode"),
            Expect::Refuse,
            needle,
            artificer(&decode, dir),
        );
    }
}
