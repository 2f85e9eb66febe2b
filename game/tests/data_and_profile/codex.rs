//! The codex against the real catalogue: every chip, core, enemy, boss,
//! reaction, recipe, item base and artifact has an entry with a name, numbers
//! and a design intent; a hidden recipe gives away no chip; the words in
//! `data/codex/` are refused, naming file and id, when one is missing.

use std::collections::BTreeSet;

use game::catalog::Catalog;
use game::codex::{
    AlchemyFile, CodexBook, EntryView, INTENTS_FILE, IntentsFile, LOCKED_NAME, Section, reaction_id, record,
};
use game::combat::ReactionKind;
use game::profile::Codex;

fn catalog() -> Catalog {
    Catalog::load(&game::data::default_root()).expect("data loads")
}

fn book(cat: &Catalog) -> CodexBook {
    CodexBook::load(&game::data::default_root(), cat).unwrap_or_else(|e| panic!("codex loads: {e}"))
}

/// (section, id) of everything the catalogue holds, read from the catalogue itself.
fn catalogue_ids(cat: &Catalog) -> Vec<(Section, String)> {
    let mut out = Vec::new();
    out.extend(cat.spells.iter().map(|(_, s)| (Section::Spells, s.id.clone())));
    out.extend(cat.cores.iter().map(|c| (Section::Cores, c.id.clone())));
    out.extend(cat.enemies.defs.iter().map(|e| (Section::Enemies, e.id.clone())));
    out.extend(
        cat.bosses
            .bosses
            .iter()
            .map(|b| (Section::Bosses, b.boss_id.clone())),
    );
    out.extend(
        ReactionKind::ALL
            .iter()
            .map(|k| (Section::Reactions, reaction_id(*k).to_string())),
    );
    out.extend(
        cat.recipes
            .iter()
            .map(|(_, r)| (Section::Recipes, r.def.id.clone())),
    );
    out.extend(
        cat.loot
            .bases
            .bases
            .iter()
            .map(|b| (Section::Items, b.id.clone())),
    );
    out.extend(
        cat.loot
            .artifacts
            .artifacts
            .iter()
            .map(|a| (Section::Artifacts, a.id.clone())),
    );
    out
}

#[test]
fn everything_in_the_catalogue_has_a_full_entry() {
    let cat = catalog();
    let book = book(&cat);
    let ids = catalogue_ids(&cat);
    assert!(ids.len() > 100, "the catalogue shrank to {}", ids.len());
    for (section, id) in &ids {
        let e = book
            .get(*section, id)
            .unwrap_or_else(|| panic!("no codex entry for {section:?} `{id}`"));
        assert!(!e.name.trim().is_empty(), "{section:?} `{id}` has no name");
        assert_ne!(&e.name, id, "{section:?} `{id}` shows its raw id as its name");
        assert!(!e.numbers.is_empty(), "{section:?} `{id}` has no numbers");
        for (label, value) in &e.numbers {
            assert!(
                !label.trim().is_empty() && !value.trim().is_empty(),
                "{section:?} `{id}`: an empty number line `{label}: {value}`"
            );
        }
        assert!(
            !e.intent.trim().is_empty(),
            "{section:?} `{id}` has no design intent"
        );
    }
    assert_eq!(
        book.entries().len(),
        ids.len(),
        "the codex holds entries the catalogue lacks"
    );
    for (s, count) in Section::ALL.iter().map(|s| (*s, book.section(*s).count())) {
        assert!(count > 0, "section {s:?} is empty");
    }
}

#[test]
fn numbers_and_tags_come_from_the_data() {
    let cat = catalog();
    let book = book(&cat);
    let spark = book.get(Section::Spells, "spark_bolt").expect("spark bolt");
    let dmg = cat
        .spells
        .get(cat.spells.find("spark_bolt").expect("id"))
        .projectile
        .as_ref()
        .expect("fires")
        .damage;
    assert!(
        spark
            .numbers
            .iter()
            .any(|(l, v)| l == "Damage" && v == &format!("{dmg}")),
        "{:?}",
        spark.numbers
    );
    assert!(spark.tags.is_empty(), "physical damage has no affinity");
    let wave = book.get(Section::Spells, "water_wave").expect("water wave");
    let labels: Vec<&str> = wave.tags.iter().map(|t| t.label()).collect();
    assert!(labels.contains(&"Water affinity"), "{labels:?}");
    let conduction = book.get(Section::Reactions, "conduction").expect("conduction");
    let mult = format!("×{}", cat.combat.wet_lightning_mult);
    assert!(
        conduction.numbers.iter().any(|(_, v)| v == &mult),
        "{:?}",
        conduction.numbers
    );
    assert!(conduction.flavour.as_deref().is_some_and(|f| !f.is_empty()));
}

#[test]
fn a_locked_entry_shows_only_its_section_and_a_hint() {
    let cat = catalog();
    let book = book(&cat);
    let none = Codex::default();
    for e in book.entries().iter().filter(|e| !e.always_open) {
        let view = e.view(&none);
        assert_eq!(view.name(), LOCKED_NAME);
        match view {
            EntryView::Locked { section, hint } => {
                assert_eq!(section, e.section);
                assert!(!hint.trim().is_empty(), "{:?} `{}` has no hint", e.section, e.id);
                assert!(!view.shown_text().contains(&e.name), "{} leaks its name", e.id);
            }
            EntryView::Open(_) => panic!("{} is open to a fresh profile", e.id),
        }
    }
    let mut met = Codex::default();
    assert!(record(&mut met, Section::Spells, "spark_bolt"));
    assert!(
        !record(&mut met, Section::Spells, "spark_bolt"),
        "a second sighting is not a first"
    );
    let spark = book.get(Section::Spells, "spark_bolt").expect("spark bolt");
    assert!(matches!(spark.view(&met), EntryView::Open(_)));
    assert_eq!(book.counts(Section::Spells, &met).0, 1);
}

#[test]
fn a_hidden_recipe_names_neither_its_chips_nor_its_result() {
    let cat = catalog();
    let book = book(&cat);
    let none = Codex::default();
    let mut checked = 0;
    for (_, r) in cat.recipes.iter().filter(|(_, r)| r.def.hidden) {
        let e = book.get(Section::Recipes, &r.def.id).expect("recipe entry");
        let shown = e.view(&none).shown_text().to_lowercase();
        for idx in [r.a, r.b, r.result] {
            let chip = cat.spells.get(idx);
            assert!(
                !shown.contains(&chip.name.to_lowercase()) && !shown.contains(&chip.id.to_lowercase()),
                "hidden recipe `{}` names `{}`: {shown}",
                r.def.id,
                chip.id
            );
        }
        assert!(!shown.contains(&r.def.id), "hidden recipe shows its id: {shown}");
        for el in &r.def.hint {
            let word = if el.id() == "physical" {
                "raw force"
            } else {
                el.id()
            };
            assert!(
                shown.contains(word),
                "the hint of `{}` lacks {word}: {shown}",
                r.def.id
            );
        }
        // Once triggered, the recipe tells everything.
        let mut met = Codex::default();
        met.recipes.insert(r.def.id.clone());
        let open = e.view(&met).shown_text();
        assert!(open.contains(&cat.spells.get(r.a).name), "{open}");
        assert!(open.contains(&cat.spells.get(r.result).name), "{open}");
        checked += 1;
    }
    assert!(checked > 0, "no hidden recipe to check");
}

#[test]
fn an_intents_file_missing_an_entry_is_refused_naming_file_and_id() {
    let cat = catalog();
    let root = game::data::default_root();
    let intents: IntentsFile = game::data::load_json(&root, INTENTS_FILE).expect("intents parse");
    let alchemy: AlchemyFile =
        game::data::load_json(&root, game::codex::ALCHEMY_FILE).expect("alchemy parses");
    let mut missing = intents.clone();
    assert!(missing.cores.remove("matrix_board").is_some());
    missing.spells.insert("spark_bolt".into(), "  ".into());
    missing.enemies.insert("grunt_typo".into(), "A grunt.".into());
    let err = CodexBook::from_files(&cat, missing, alchemy.clone())
        .expect_err("an incomplete intents file is refused")
        .to_string();
    for needle in [
        INTENTS_FILE,
        "cores.matrix_board",
        "spells.spark_bolt",
        "enemies.grunt_typo",
    ] {
        assert!(err.contains(needle), "`{needle}` missing from: {err}");
    }
    assert_eq!(err.matches(INTENTS_FILE).count(), 3, "{err}");
    // The complete files build.
    CodexBook::from_files(&cat, intents, alchemy).expect("the shipped files build");
}

#[test]
fn every_reaction_has_an_alchemy_page_and_a_toast() {
    let cat = catalog();
    let book = book(&cat);
    let ids: BTreeSet<&str> = ReactionKind::ALL.iter().map(|k| reaction_id(*k)).collect();
    assert_eq!(ids.len(), ReactionKind::ALL.len(), "reaction ids are unique");
    for kind in ReactionKind::ALL {
        let id = reaction_id(kind);
        assert!(
            id.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "`{id}` is not a stable lowercase id"
        );
        assert!(
            !book.alchemy_text(kind).trim().is_empty(),
            "no alchemy text for {id}"
        );
        let name = book.reaction_name(kind);
        assert_ne!(name, id, "{id} has no display name");
        let toast = book.toast(kind);
        assert!(toast.starts_with(&format!("Alchemy log: {name} — ")), "{toast}");
        assert!(
            toast.len() < 80,
            "the toast of {id} is too long for a fight: {toast}"
        );
    }
    let root = game::data::default_root();
    let mut alchemy: AlchemyFile =
        game::data::load_json(&root, game::codex::ALCHEMY_FILE).expect("alchemy parses");
    alchemy.reactions.remove("shatter");
    let intents: IntentsFile = game::data::load_json(&root, INTENTS_FILE).expect("intents parse");
    let err = CodexBook::from_files(&cat, intents, alchemy)
        .expect_err("a missing page is refused")
        .to_string();
    assert!(
        err.contains("codex/alchemy.json") && err.contains("reactions.shatter"),
        "{err}"
    );
}
