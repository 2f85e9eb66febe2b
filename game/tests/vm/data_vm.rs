//! The data files load, `artificer data check` passes, and broken copies fail
//! with messages that name the file and the field.

use std::path::{Path, PathBuf};
use std::process::Command;

use game::catalog::Catalog;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

/// A private copy of `data/` with `file` edited by `edit`.
fn broken_copy(tag: &str, file: &str, edit: impl Fn(String) -> String) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("artificer-data-vm-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&game::data::default_root(), &dir);
    let p = dir.join(file);
    let text = std::fs::read_to_string(&p).unwrap();
    let edited = edit(text.clone());
    assert_ne!(text, edited, "the edit must change {file}");
    std::fs::write(&p, edited).unwrap();
    dir
}

fn errors_of(dir: &Path) -> Vec<String> {
    let errs = Catalog::load(dir).expect_err("a broken copy must not load");
    let _ = std::fs::remove_dir_all(dir);
    errs.0.iter().map(|e| e.to_string()).collect()
}

#[test]
fn every_shipped_file_loads() {
    let cat = Catalog::load(&game::data::default_root()).unwrap_or_else(|e| panic!("{e}"));
    // docs/game.md#spell-chips, under the seed's ids.
    for id in [
        "spark_bolt",
        "energy_orb",
        "double_cast",
        "spread_mod",
        "shotgun_blast",
        "damage_plus",
        "speed_up",
        "trigger_hit",
        "nuke",
        "modifier_homing",
        "heavy_cost",
        "chain_bolt",
    ] {
        assert!(cat.spells.find(id).is_some(), "missing {id}");
    }
    let homing = cat.spells.get(cat.spells.find("modifier_homing").unwrap());
    assert_eq!((homing.mana, homing.price), (8.0, 18));
    assert_eq!(homing.modifier.as_ref().unwrap().homing, 1.5);
    let start = cat.cores.starting().unwrap();
    assert_eq!(start.cast_delay, 0.25);
    for id in ["debug_core", "matrix_board", "persistent_memory", "dual_stream"] {
        assert!(cat.cores.find(id).is_some(), "missing core {id}");
    }
    assert_eq!(cat.balance.vm.projectile_cap, 2000);
    assert_eq!(cat.balance.vm.max_trigger_depth, 3);
    assert_eq!(cat.balance.vm.ops_per_cpu, 40);
}

#[test]
fn data_check_passes_on_the_shipped_data() {
    let out = Command::new(env!("CARGO_BIN_EXE_artificer"))
        .args(["data", "check"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn a_wrong_type_names_the_field() {
    let dir = broken_copy("type", "spells.json", |t| {
        t.replacen("\"damage\": 3,", "\"damage\": \"three\",", 1)
    });
    let errs = errors_of(&dir);
    assert!(
        errs.iter()
            .any(|e| e.contains("spells.json") && e.contains("spells[0].projectile.damage")),
        "{errs:?}"
    );
}

#[test]
fn an_unknown_field_is_rejected() {
    let dir = broken_copy("field", "cores.json", |t| {
        t.replacen("\"cast_delay\"", "\"cast_dealy\"", 1)
    });
    let errs = errors_of(&dir);
    assert!(
        errs.iter()
            .any(|e| e.contains("cores.json") && e.contains("cast_dealy")),
        "{errs:?}"
    );
}

#[test]
fn a_dangling_reference_fails_at_load_and_every_problem_is_reported() {
    let dir = broken_copy("xref", "resonance_recipes.json", |t| {
        t.replacen("\"a\": \"water_wave\"", "\"a\": \"water_wav\"", 1)
            .replacen("\"result\": \"steam_burst\"", "\"result\": \"steam\"", 1)
    });
    let errs = errors_of(&dir);
    assert!(
        errs.iter()
            .any(|e| e.contains("recipes[0].a") && e.contains("water_wav")),
        "{errs:?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.contains("recipes[1].result") && e.contains("steam")),
        "{errs:?}"
    );
}

#[test]
fn data_check_exits_non_zero_on_a_broken_copy() {
    let dir = broken_copy("cli", "balance.json", |t| {
        t.replacen("\"ops_per_cpu\": 40", "\"ops_per_cpu\": 0", 1)
    });
    let out = Command::new(env!("CARGO_BIN_EXE_artificer"))
        .args(["data", "check", "--root"])
        .arg(&dir)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("vm.ops_per_cpu"), "{err}");
}

#[test]
fn a_chip_without_its_section_is_rejected() {
    let dir = broken_copy("section", "spells.json", |t| t.replacen("\"draw\": 2,", "", 1));
    let errs = errors_of(&dir);
    assert!(errs.iter().any(|e| e.contains("spells[2].draw")), "{errs:?}");
}

#[test]
fn a_chip_without_a_description_is_refused_by_name_and_place() {
    // Players read descriptions in the shop's and lab's tooltips, never ids.
    let dir = broken_copy("no-description", "spells.json", |t| {
        t.replacen(
            "\"description\": \"The basic rat-a-tat: damage {damage}, {speed} px/s.\"",
            "\"description\": \"\"",
            1,
        )
    });
    let errs = errors_of(&dir);
    assert!(
        errs.iter()
            .any(|e| e.contains("spells.json") && e.contains(".description") && e.contains("missing")),
        "{errs:?}"
    );
}

/// The spark bolt's shipped description, placeholders and all.
const SPARK_TEXT: &str = "The basic rat-a-tat: damage {damage}, {speed} px/s.";

/// A chip's description shows its numbers through placeholders filled from
/// its own data at load (docs/data.md#words): the loaded text has no braces
/// and reads the numbers the fight uses, whatever the data says today.
#[test]
fn chip_descriptions_show_the_numbers_of_their_data() {
    let cat = Catalog::load(&game::data::default_root()).unwrap_or_else(|e| panic!("{e}"));
    for (_, s) in cat.spells.iter() {
        assert!(
            !s.description.contains('{') && !s.description.contains('}'),
            "{}: {}",
            s.id,
            s.description
        );
    }
    let spark = cat
        .spells
        .get(cat.spells.find("spark_bolt").expect("the spark bolt"));
    let p = spark.projectile.as_ref().expect("an action has a projectile");
    assert_eq!(
        spark.description,
        format!("The basic rat-a-tat: damage {}, {} px/s.", p.damage, p.speed)
    );
}

/// A placeholder the chip has no number for is refused, naming the file,
/// the chip's description and the placeholder, never shown raw.
#[test]
fn an_unknown_description_placeholder_is_refused() {
    let dir = broken_copy("unknown-placeholder", "spells.json", |t| {
        t.replacen(
            SPARK_TEXT,
            "The basic rat-a-tat: damage {damgae}, {speed} px/s.",
            1,
        )
    });
    let errs = errors_of(&dir);
    assert!(
        errs.iter().any(|e| e.contains("spells.json")
            && e.contains("spells[0].description")
            && e.contains("{damgae}")),
        "{errs:?}"
    );
}

/// A number written out beside a word of the data that the chip holds
/// differently ("damage 7" over a damage of 3) is refused, and so is one
/// the data holds (it must be a placeholder, or it goes stale).
#[test]
fn a_description_number_the_data_does_not_hold_is_refused() {
    let dir = broken_copy("lying-number", "spells.json", |t| {
        t.replacen(SPARK_TEXT, "The basic rat-a-tat: damage 777, {speed} px/s.", 1)
    });
    let errs = errors_of(&dir);
    assert!(
        errs.iter()
            .any(|e| e.contains("spells[0].description") && e.contains("says 777")),
        "{errs:?}"
    );
    let cat = Catalog::load(&game::data::default_root()).unwrap_or_else(|e| panic!("{e}"));
    let spark = cat
        .spells
        .get(cat.spells.find("spark_bolt").expect("the spark bolt"));
    let speed = spark.projectile.as_ref().expect("a projectile").speed;
    let dir = broken_copy("repeated-number", "spells.json", |t| {
        t.replacen(
            SPARK_TEXT,
            &format!("The basic rat-a-tat: damage {{damage}}, {speed} px/s."),
            1,
        )
    });
    let errs = errors_of(&dir);
    assert!(
        errs.iter()
            .any(|e| e.contains("spells[0].description") && e.contains("write `{speed}`")),
        "{errs:?}"
    );
}
