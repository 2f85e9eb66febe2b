//! Build codes (docs/share.md#build-codes): every shipped build and the
//! builds the competent policy ends with survive file → code → file
//! unchanged; damaged codes and codes naming missing content are refused
//! in words; `--build` reads a code where it reads a file.

use crate::copy_dir;
use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::{Build, RunOptions, build_rules::check_build, play_recorded, script::Policy};
use game::share::{BuildCodeError, build_of, decode, encode};

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

fn shipped_builds() -> Vec<(String, Build)> {
    let dir = game::data::default_root().join("builds");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("builds/ exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                game::run::load_build(&p).expect("build loads"),
            )
        })
        .collect()
}

/// The file → code → file round trip, and the decoded file printed as JSON
/// parses back to the same build.
fn round_trip(cat: &Catalog, name: &str, build: &Build) -> String {
    let code = encode(cat, build).unwrap_or_else(|e| panic!("{name}: {e}"));
    let back = decode(cat, &code).unwrap_or_else(|e| panic!("{name}: {code}: {e}"));
    assert_eq!(&back, build, "{name}: {code}");
    let printed = serde_json::to_string_pretty(&back).expect("prints");
    let reparsed: Build = serde_json::from_str(&printed).expect("printed build parses");
    assert_eq!(&reparsed, build, "{name}: printed file");
    code
}

#[test]
fn every_shipped_build_round_trips_through_a_short_code() {
    let cat = catalog();
    let builds = shipped_builds();
    assert!(builds.len() >= 4, "the shipped builds are found");
    for (name, build) in &builds {
        let code = round_trip(&cat, name, build);
        assert!(code.starts_with("AA1-"), "{code}");
        assert!(
            code.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
            "{name}: URL-safe: {code}"
        );
        if build.items.is_empty() {
            assert!(code.len() <= 60, "{name}: {} characters: {code}", code.len());
        }
    }
}

#[test]
fn the_builds_the_competent_policy_ends_with_round_trip() {
    let cat = catalog();
    let mut with_items = 0;
    for seed in 1..=16 {
        let opts = RunOptions {
            seed,
            waves: 8,
            backend: Backend::Cpu,
            build: None,
            policy: Policy::Competent,
            mode: Default::default(),
        };
        let run = play_recorded(cat.clone(), &opts, None, false).expect("the run plays");
        let build = build_of(run.carry());
        check_build(&cat, &build).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        with_items += usize::from(build.items.iter().any(|i| !i.affixes.is_empty()));
        round_trip(&cat, &format!("seed {seed}"), &build);
    }
    assert!(
        with_items > 0,
        "some run ends wearing rolled items, so items are covered"
    );
}

#[test]
fn damaged_codes_are_refused_in_words() {
    let cat = catalog();
    let (_, build) = &shipped_builds()[0];
    let code = encode(&cat, build).expect("encodes");
    // Every single changed character after the prefix is caught, in every
    // shipped build's code, the last character's unused bits included.
    const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (name, b) in shipped_builds() {
        let code = encode(&cat, &b).expect("encodes");
        for at in 4..code.len() {
            let chars: Vec<char> = code.chars().collect();
            let next = ALPHABET.chars().cycle().skip_while(|c| *c != chars[at]).nth(1);
            for other in [if chars[at] == 'A' { 'B' } else { 'A' }, next.unwrap_or('A')] {
                let mut bad = chars.clone();
                bad[at] = other;
                let bad: String = bad.into_iter().collect();
                if bad == code {
                    continue;
                }
                let err = decode(&cat, &bad).expect_err("a changed character is refused");
                assert!(err.to_string().contains("damaged"), "{name} {at}: {err}");
            }
        }
    }
    for cut in [1, 2, 5, code.len() - 5] {
        let err = decode(&cat, &code[..code.len() - cut]).expect_err("a cut code is refused");
        assert!(err.to_string().contains("damaged"), "cut {cut}: {err}");
    }
    let newer = code.replacen("AA1-", "AA2-", 1);
    assert_eq!(decode(&cat, &newer), Err(BuildCodeError::Version("2".into())));
    assert!(
        decode(&cat, &newer)
            .unwrap_err()
            .to_string()
            .contains("version 2")
    );
    let err = decode(&cat, &format!("{code}!")).unwrap_err();
    assert!(matches!(err, BuildCodeError::Character(_, '!')), "{err}");
    assert_eq!(decode(&cat, "hello"), Err(BuildCodeError::NotACode));
}

#[test]
fn a_code_naming_content_this_version_lacks_is_refused_naming_what() {
    let cat = catalog();
    let build: Build =
        serde_json::from_str(r#"{"core": "starter_core", "deck": ["spark_bolt", "energy_orb"]}"#)
            .expect("a build");
    let code = encode(&cat, &build).expect("encodes");
    // The same code read by a game whose data lacks the deck's second chip
    // (one no other data file names, so the rest still loads).
    let root = game::data::default_root();
    let tmp = std::env::temp_dir().join(format!("artificer-build-code-{}", std::process::id()));
    copy_dir(&root, &tmp);
    let spells = std::fs::read_to_string(tmp.join("spells.json")).expect("spells");
    let gone = &build.deck[1];
    let mut doc: serde_json::Value = serde_json::from_str(&spells).expect("json");
    let list = doc["spells"].as_array_mut().expect("a spells list");
    list.retain(|s| s["id"].as_str() != Some(gone));
    std::fs::write(tmp.join("spells.json"), doc.to_string()).expect("writes");
    let older = Catalog::load(&tmp);
    std::fs::remove_dir_all(&tmp).ok();
    let older = older.unwrap_or_else(|e| panic!("data without `{gone}` should load: {e}"));
    let err = decode(&older, &code).expect_err("a missing chip is refused");
    assert!(
        matches!(err, BuildCodeError::Unknown { what: "a chip", .. }),
        "{err}"
    );
    assert!(err.to_string().contains("does not have"), "{err}");
    assert!(err.to_string().contains("deck[1]"), "{err}");
}

#[test]
fn build_and_wand_and_sim_read_a_code_where_they_read_a_file() {
    let cat = catalog();
    let file = game::data::default_root().join("builds/strong.json");
    let code = game::cli::build::code(&cat, &file).expect("codes");
    let printed = game::cli::build::decode(&cat, &code).expect("decodes");
    let printed: Build = serde_json::from_str(&printed).expect("a build file");
    assert_eq!(printed, game::run::load_build(&file).expect("loads"));
    let read = game::share::read_build(std::path::Path::new(&code), &cat).expect("a code is read");
    assert_eq!(read, printed);
    let err = game::share::read_build(std::path::Path::new("AA1-xyz"), &cat).expect_err("damaged");
    assert!(err.to_string().starts_with("build code: "), "{err}");
    let err =
        game::share::read_build(std::path::Path::new("no/such/build.json"), &cat).expect_err("missing file");
    assert!(err.to_string().contains("cannot read"), "{err}");
}
