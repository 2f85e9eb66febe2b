//! Unknown fields in data files are load errors: a field that no
//! code reads cannot hide in `data/`, because every type parsed from it
//! denies unknown fields. These tests break a private copy of `data/` and
//! check that [`Catalog::load`] (and, for `codex/`, the codex book loaded
//! after it) refuses it, naming the file and the field.

use std::path::{Path, PathBuf};

use game::catalog::Catalog;
use game::data::default_root;
use serde_json::Value;

/// The field injected everywhere; no type has it.
const BOGUS: &str = "zz_unread_field";

/// Copies a data folder whole, for a test that edits its copy (shared by
/// this group's data tests and the fault suite).
pub fn copy_dir(from: &Path, to: &Path) {
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

/// A fresh private copy of the shipped `data/`.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("artificer-unknown-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&default_root(), &dir);
    dir
}

/// Every JSON file under `root` that the catalogue loads, relative to `root`
/// (`builds/` holds `--build` files for the CLI, not catalogue data).
pub fn data_files(root: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "builds") {
                    walk(root, &p, out);
                }
            } else if p.extension().is_some_and(|x| x == "json") {
                let rel = p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                out.push(rel);
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out.sort();
    out
}

/// JSON pointers of one object per distinct shape in `v`: arrays are folded
/// (`/enemies/*/ai`), and objects told apart by a `kind` tag count separately,
/// so every struct type and every tagged variant in the file is visited once.
fn object_sites(v: &Value) -> Vec<String> {
    fn go(v: &Value, ptr: &str, shape: &str, seen: &mut Vec<String>, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                let key = match m.get("kind").and_then(Value::as_str) {
                    Some(k) => format!("{shape}#{k}"),
                    None => shape.to_string(),
                };
                if !seen.contains(&key) {
                    seen.push(key);
                    out.push(ptr.to_string());
                }
                for (k, c) in m {
                    let esc = k.replace('~', "~0").replace('/', "~1");
                    go(c, &format!("{ptr}/{esc}"), &format!("{shape}/{esc}"), seen, out);
                }
            }
            Value::Array(a) => {
                for (i, c) in a.iter().enumerate() {
                    go(c, &format!("{ptr}/{i}"), &format!("{shape}/*"), seen, out);
                }
            }
            _ => {}
        }
    }
    let (mut seen, mut out) = (Vec::new(), Vec::new());
    go(v, "", "", &mut seen, &mut out);
    out
}

/// JSON pointers of every object in `v`, in document order.
fn all_objects(v: &Value) -> Vec<String> {
    fn go(v: &Value, ptr: &str, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                out.push(ptr.to_string());
                for (k, c) in m {
                    go(
                        c,
                        &format!("{ptr}/{}", k.replace('~', "~0").replace('/', "~1")),
                        out,
                    );
                }
            }
            Value::Array(a) => {
                for (i, c) in a.iter().enumerate() {
                    go(c, &format!("{ptr}/{i}"), out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    go(v, "", &mut out);
    out
}

/// Adds `BOGUS` to the object at `ptr` of `rel` under `root`.
fn inject(root: &Path, rel: &str, ptr: &str) {
    let p = root.join(rel);
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    let obj = v.pointer_mut(ptr).and_then(Value::as_object_mut).unwrap();
    obj.insert(BOGUS.to_string(), Value::from(1));
    std::fs::write(&p, serde_json::to_string_pretty(&v).unwrap()).unwrap();
}

/// Adds `BOGUS` to the first object of `rel` for which `pick` is true.
fn inject_where(root: &Path, rel: &str, pick: impl Fn(&serde_json::Map<String, Value>) -> bool) {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(root.join(rel)).unwrap()).unwrap();
    let ptr = all_objects(&v)
        .into_iter()
        .find(|p| pick(v.pointer(p).unwrap().as_object().unwrap()))
        .unwrap_or_else(|| panic!("{rel}: no object to break"));
    inject(root, rel, &ptr);
}

/// The load errors of `root`, as `file: at path: message` lines.
fn errors_of(root: &Path) -> Vec<String> {
    let errs = Catalog::load(root).expect_err("a copy with an unknown field must not load");
    errs.0.iter().map(|e| e.to_string()).collect()
}

/// The number of keys of the shipped object at `ptr` in `rel`.
fn site_key_count(root: &Path, rel: &str, ptr: &str) -> usize {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(root.join(rel)).unwrap()).unwrap();
    v.pointer(ptr)
        .and_then(Value::as_object)
        .map_or(0, serde_json::Map::len)
}

/// A JSON pointer in `serde_path_to_error` notation: `/a/0/b` → `a[0].b`.
fn serde_path(ptr: &str) -> String {
    let mut out = String::new();
    for part in ptr.split('/').skip(1) {
        if part.parse::<usize>().is_ok() {
            out.push_str(&format!("[{part}]"));
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(&part.replace("~1", "/").replace("~0", "~"));
        }
    }
    if out.is_empty() { ".".to_string() } else { out }
}

/// The error line naming `rel` and the bogus field, if any.
fn names<'a>(errs: &'a [String], rel: &str) -> Option<&'a String> {
    errs.iter()
        .find(|e| e.starts_with(&format!("{rel}:")) && e.contains(BOGUS))
}

#[test]
fn an_unknown_field_in_an_enemy_a_wave_an_affix_and_a_core_is_named() {
    let root = scratch("four");
    inject_where(&root, "enemies.json", |o| {
        o.get("id").and_then(Value::as_str) == Some("spitter")
    });
    inject_where(&root, "waves/wave_07.json", |o| o.contains_key("spawn_groups"));
    inject_where(&root, "loot/affixes.json", |o| o.contains_key("group"));
    inject_where(&root, "cores.json", |o| o.get("id").is_some());
    inject_where(&root, "bosses/void_lord_w20.json", |o| {
        o.contains_key("hp_threshold_exit") || o.contains_key("phases")
    });
    let errs = errors_of(&root);
    let _ = std::fs::remove_dir_all(&root);
    for rel in [
        "enemies.json",
        "waves/wave_07.json",
        "loot/affixes.json",
        "cores.json",
        "bosses/void_lord_w20.json",
    ] {
        let line =
            names(&errs, rel).unwrap_or_else(|| panic!("no error names {rel} and `{BOGUS}`: {errs:#?}"));
        assert!(line.contains(&format!("unknown field `{BOGUS}`")), "{line}");
    }
}

/// The sweep: for every catalogue file, an unknown field added to each kind
/// of object in it (each struct, each tagged variant) fails the load with an
/// error naming the file and the field. One load breaks one site in every
/// file at once; the catalogue reports every file's problem together.
#[test]
fn every_object_of_every_data_file_rejects_an_unknown_field() {
    let src = default_root();
    let files = data_files(&src);
    assert!(files.len() >= 30, "found only {files:?}");
    let sites: Vec<(String, Vec<String>)> = files
        .iter()
        .map(|rel| {
            let v: Value = serde_json::from_str(&std::fs::read_to_string(src.join(rel)).unwrap())
                .unwrap_or_else(|e| panic!("{rel}: {e}"));
            (rel.clone(), object_sites(&v))
        })
        .collect();
    let rounds = sites.iter().map(|(_, s)| s.len()).max().unwrap();
    let shipped = Catalog::load(&default_root()).expect("the shipped data loads");
    let mut holes = Vec::new();
    for round in 0..rounds {
        let root = scratch(&format!("sweep{round}"));
        let broken: Vec<(&str, &str)> = sites
            .iter()
            .filter_map(|(rel, s)| s.get(round).map(|p| (rel.as_str(), p.as_str())))
            .collect();
        for (rel, ptr) in &broken {
            inject(&root, rel, ptr);
        }
        let mut errs: Vec<String> = match Catalog::load(&root) {
            Ok(_) => Vec::new(),
            Err(e) => e.0.iter().map(|e| e.to_string()).collect(),
        };
        // The codex's files load after the catalogue (the game and `data
        // check` load both): read this copy's codex against the shipped catalogue.
        if let Err(e) = game::codex::CodexBook::load(&root, &shipped) {
            errs.extend(e.0.iter().map(|e| e.to_string()));
        }
        let _ = std::fs::remove_dir_all(&root);
        for (rel, ptr) in broken {
            // A one-key object may be an externally tagged enum (`"ai": {"spitter": {…}}`):
            // serde rejects a second key there with "expected value", at the object's path.
            let one_key = site_key_count(&src, rel, ptr) == 1;
            let at = format!("{rel}: at `{}`:", serde_path(ptr));
            let named = names(&errs, rel).is_some() || (one_key && errs.iter().any(|e| e.starts_with(&at)));
            if !named {
                let said: Vec<&String> = errs
                    .iter()
                    .filter(|e| e.starts_with(&format!("{rel}:")))
                    .collect();
                holes.push(format!("{rel} at `{ptr}` (errors for the file: {said:?})"));
            }
        }
    }
    assert!(
        holes.is_empty(),
        "an unknown field here loads without an error naming it:\n  {}",
        holes.join("\n  ")
    );
}
