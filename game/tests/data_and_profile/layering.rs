//! The layers of the `game` crate (docs/architecture.md#layers), checked by reading its source.
//!
//! A module imports only from its own layer or below, and modules of one
//! layer (or sibling files of one folder) never import each other in a
//! circle. Circles and upward imports are what turn a change in one rule into
//! a rebuild of the whole crate and a tangle nobody can test alone, so they
//! fail here, naming the file and line of every import that breaks the rule.
//!
//! Layers, lowest first (`engine` is its own crate below all of them):
//!
//! | layer | top-level modules of `game/src` | why there |
//! |---|---|---|
//! | 1 data | `data`, `element`, `stats`, `spatial`, `arena`, `rng`, `pick`, `atomic` | file loading, element shares, stat sheets, the spatial hash, the arena's walls, the plan of random streams, the one weighted pick and the one atomic file write: vocabulary every rule speaks, no rules of their own |
//! | 2 rules | `vm`, `combat`, `enemies` (with `bosses`), `waves`, `loot`, `melee`, `economy`, `shop`, `player`, `effects`, `mutators`, `catalog`, `carry` | one room per rule system; `catalog` loads every system's data files (and the run's own numbers, `catalog::run_data`) into one value, so it sits on top of the systems it bundles and no rule imports it |
//! | 3 world | `world` | orders one fight step over the rules |
//! | 4 run | `run`, `profile`, `codex`, `probe`, `sound`, `share` | the flow of a run, its modes, the player's saved progress, the codex (the catalogue's entries shown against that progress), the inert guard's probe fights (which play builds the way a run does), the sound (which listens to a step's world), and sharing (the result a replay proves) |
//! | 5 screens/app | `screens`, `app` | egui screens and the window that drives a run |
//! | 6 cli | `cli` | the `artificer` command line, which can start any of the above |
//!
//! An import is a `crate::…` path anywhere in code (a `use` or a path inside
//! an expression or type), or a `super::…` path that climbs out of its own
//! folder. Comments, doc comments and string literals are ignored. A name
//! re-exported in `lib.rs` (`pub use enemies::bosses;`) counts as the module
//! it names. Test code inside a file counts like any other code of that file.
//!
//! Three rules are checked:
//! 1. no module imports from a layer above its own;
//! 2. no circle between top-level modules of one layer;
//! 3. no circle between sibling modules of one folder (for a folder's
//!    children, an import of a name the folder re-exports counts as an import
//!    of the child that defines it).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

mod scan;
use scan::{blank_non_code, double_colon_at, ident_at, is_ident_byte, line_of, parse_tree, skip_ws};

/// Layer of each top-level module, lowest first; see the module doc.
const LAYERS: &[(&str, u8, &str)] = &[
    ("data", 1, "data"),
    ("element", 1, "data"),
    ("stats", 1, "data"),
    ("spatial", 1, "data"),
    ("arena", 1, "data"),
    ("rng", 1, "data"),
    ("atomic", 1, "data"),
    ("pick", 1, "data"),
    ("vm", 2, "rules"),
    ("combat", 2, "rules"),
    ("enemies", 2, "rules"),
    ("waves", 2, "rules"),
    ("loot", 2, "rules"),
    ("melee", 2, "rules"),
    ("economy", 2, "rules"),
    ("shop", 2, "rules"),
    ("player", 2, "rules"),
    ("effects", 2, "rules"),
    ("mutators", 2, "rules"),
    ("catalog", 2, "rules"),
    ("carry", 2, "rules"),
    ("world", 3, "world"),
    ("run", 4, "run"),
    ("probe", 4, "run"),
    ("profile", 4, "run"),
    ("codex", 4, "run"),
    ("sound", 4, "run"),
    ("share", 4, "run"),
    ("screens", 5, "screens/app"),
    ("app", 5, "screens/app"),
    ("cli", 6, "cli"),
];

/// A module path inside the crate, `[]` being the crate root.
type ModPath = Vec<String>;

/// One source file of `game/src`.
struct SourceFile {
    /// Path relative to the crate root, for messages.
    shown: String,
    /// The module the file is.
    module: ModPath,
    /// The file with comments and literals blanked out (newlines kept).
    code: String,
}

/// One import found in code.
struct Import {
    /// `file:line`.
    at: String,
    /// The module the import is written in (file module plus inline `mod`s).
    from: ModPath,
    /// Absolute path of what it names (up to the first non-path token).
    to: ModPath,
}

fn src_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `crate::` and `super::` path in a file, resolved to absolute paths.
fn imports_of(f: &SourceFile) -> Vec<Import> {
    let b = f.code.as_bytes();
    let mut out = Vec::new();
    // Inline modules (`mod tests { … }`): (name, brace depth inside it).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'{' {
            depth += 1;
            i += 1;
            continue;
        }
        if c == b'}' {
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
            i += 1;
            continue;
        }
        if !is_ident_byte(c) || (i > 0 && (is_ident_byte(b[i - 1]) || b[i - 1] == b'$')) {
            i += 1;
            continue;
        }
        let Some((word, end)) = ident_at(b, i) else {
            i += 1;
            continue;
        };
        let here: ModPath = f
            .module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect();
        match word.as_str() {
            "mod" => {
                if let Some((name, e2)) = ident_at(b, skip_ws(b, end))
                    && b.get(skip_ws(b, e2)) == Some(&b'{')
                {
                    inline.push((name, depth + 1));
                }
                i = end;
            }
            "crate" | "super" => {
                let mut base = if word == "crate" { Vec::new() } else { here.clone() };
                let mut j = end;
                let mut ok = true;
                if word == "super" {
                    ok = base.pop().is_some();
                }
                let Some(mut next) = double_colon_at(b, j) else {
                    i = end;
                    continue;
                };
                // Further `super::` segments.
                while let Some((w, e)) = ident_at(b, skip_ws(b, next)) {
                    if w != "super" || word == "crate" {
                        break;
                    }
                    ok &= base.pop().is_some();
                    j = e;
                    match double_colon_at(b, j) {
                        Some(n) => next = n,
                        None => break,
                    }
                }
                assert!(
                    ok,
                    "{}:{}: `super::` climbs above the crate root",
                    f.shown,
                    line_of(&f.code, i)
                );
                let at = format!("{}:{}", f.shown, line_of(&f.code, i));
                for (p, _) in parse_tree(b, next) {
                    let to: ModPath = base.iter().cloned().chain(p).collect();
                    out.push(Import {
                        at: at.clone(),
                        from: here.clone(),
                        to,
                    });
                }
                i = next;
            }
            _ => i = end,
        }
    }
    out
}

/// The crate's file modules and what each re-exports (`pub use child::Name`).
struct Crate {
    files: Vec<SourceFile>,
    modules: BTreeSet<ModPath>,
    /// For a module: re-exported name → the child module it comes from.
    reexports: BTreeMap<ModPath, BTreeMap<String, String>>,
    /// Top-level names of `lib.rs` that re-export a module elsewhere (`pub use enemies::bosses;`).
    root_aliases: BTreeMap<String, ModPath>,
}

fn load_crate() -> Crate {
    let root = src_root();
    let mut paths = Vec::new();
    rust_files(&root, &mut paths);
    let mut files = Vec::new();
    for p in paths {
        let rel = p.strip_prefix(&root).expect("under src");
        let mut module: ModPath = rel
            .with_extension("")
            .iter()
            .map(|s| s.to_string_lossy().into_owned())
            .collect();
        if module == ["main"] {
            continue; // the binary's root: it sits above every layer
        }
        if module == ["lib"] || module.last().is_some_and(|s| s == "mod") {
            module.pop();
        }
        let src = std::fs::read_to_string(&p).expect("read source");
        files.push(SourceFile {
            shown: format!("game/src/{}", rel.display()),
            module,
            code: blank_non_code(&src),
        });
    }
    let modules: BTreeSet<ModPath> = files.iter().map(|f| f.module.clone()).collect();
    let mut reexports: BTreeMap<ModPath, BTreeMap<String, String>> = BTreeMap::new();
    let mut root_aliases = BTreeMap::new();
    for f in &files {
        let b = f.code.as_bytes();
        let mut i = 0;
        while let Some(p) = f.code[i..].find("pub use ") {
            let at = i + p;
            i = at + 8;
            if at > 0 && is_ident_byte(b[at - 1]) {
                continue;
            }
            for (path, name) in parse_tree(b, i) {
                let (Some(first), Some(name)) = (path.first(), name) else {
                    continue;
                };
                let mut child = f.module.clone();
                child.push(first.clone());
                if modules.contains(&child) {
                    reexports
                        .entry(f.module.clone())
                        .or_default()
                        .insert(name.clone(), first.clone());
                    if f.module.is_empty() && path.len() > 1 && !modules.contains(&vec![name.clone()]) {
                        root_aliases.insert(name, path);
                    }
                }
            }
        }
    }
    Crate {
        files,
        modules,
        reexports,
        root_aliases,
    }
}

impl Crate {
    /// `to` with a lib.rs alias at its head replaced by the path it names.
    fn unalias(&self, to: &ModPath) -> ModPath {
        match to.first().and_then(|h| self.root_aliases.get(h)) {
            Some(real) => real.iter().cloned().chain(to[1..].iter().cloned()).collect(),
            None => to.clone(),
        }
    }

    /// The child of `parent` that `name` (a path segment right under it) lives in:
    /// the child module itself, the child a re-export comes from, or `None`
    /// for an item `parent`'s own file defines.
    fn child_of(&self, parent: &ModPath, name: &str) -> Option<String> {
        let mut p = parent.clone();
        p.push(name.to_string());
        if self.modules.contains(&p) {
            return Some(name.to_string());
        }
        self.reexports.get(parent).and_then(|r| r.get(name)).cloned()
    }
}

fn layer_of(top: &str) -> Option<(u8, &'static str)> {
    LAYERS.iter().find(|(m, ..)| *m == top).map(|&(_, l, n)| (l, n))
}

/// Strongly connected components with more than one member (Tarjan).
fn circles(edges: &BTreeMap<(String, String), String>) -> Vec<Vec<String>> {
    let nodes: BTreeSet<&String> = edges.keys().flat_map(|(a, b)| [a, b]).collect();
    let reach = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for ((a, b), _) in edges.iter() {
                if *a == n && seen.insert(b.clone()) {
                    stack.push(b.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> = nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in &nodes {
        if done.contains(*n) || !reach[*n].contains(*n) {
            continue;
        }
        let comp: Vec<String> = nodes
            .iter()
            .filter(|m| reach[*n].contains(**m) && reach[**m].contains(*n))
            .map(|m| (*m).clone())
            .collect();
        done.extend(comp.iter().cloned());
        out.push(comp);
    }
    out
}

fn describe_circle(comp: &[String], edges: &BTreeMap<(String, String), String>) -> String {
    let mut s = format!("circle between {{{}}}:", comp.join(", "));
    for ((a, b), at) in edges {
        if comp.contains(a) && comp.contains(b) {
            s += &format!("\n    {a} -> {b}   (e.g. {at})");
        }
    }
    s
}

/// Everything wrong with the crate's imports, one message per problem.
fn problems() -> Vec<String> {
    let krate = load_crate();
    let mut out = Vec::new();
    let mut seen_upward = BTreeSet::new();
    // Edges per folder: folder path → (child a, child b) → first place seen.
    let mut edges: BTreeMap<ModPath, BTreeMap<(String, String), String>> = BTreeMap::new();
    for f in &krate.files {
        for imp in imports_of(f) {
            let to = krate.unalias(&imp.to);
            let from = &imp.from;
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common >= from.len() || common >= to.len() {
                continue; // into itself or its own children, or up to an ancestor's own items
            }
            let folder: ModPath = from[..common].to_vec();
            let a = from[common].clone();
            let Some(b) = krate.child_of(&folder, &to[common]) else {
                continue;
            };
            if a == b {
                continue;
            }
            if folder.is_empty() {
                let (Some((la, na)), Some((lb, nb))) = (layer_of(&a), layer_of(&b)) else {
                    let unknown = if layer_of(&a).is_none() { &a } else { &b };
                    if !seen_upward.insert((String::new(), unknown.clone())) {
                        continue;
                    }
                    out.push(format!(
                        "{}: top-level module `{unknown}` has no layer: add it to LAYERS in tests/data_and_profile/layering.rs",
                        imp.at
                    ));
                    continue;
                };
                if lb > la && seen_upward.insert((imp.at.clone(), b.clone())) {
                    out.push(format!(
                        "{}: `{a}` ({na}) imports `crate::{}` from `{b}`, a higher layer ({nb})",
                        imp.at,
                        imp.to.join("::")
                    ));
                }
                if lb != la {
                    continue;
                }
            }
            edges
                .entry(folder)
                .or_default()
                .entry((a, b))
                .or_insert(imp.at.clone());
        }
    }
    for (folder, e) in &edges {
        for comp in circles(e) {
            let place = if folder.is_empty() {
                let (_, n) = layer_of(&comp[0]).expect("checked above");
                format!("top-level modules of layer {n}")
            } else {
                format!("modules under `{}`", folder.join("::"))
            };
            out.push(format!("{place}: {}", describe_circle(&comp, e)));
        }
    }
    out
}

#[test]
fn every_top_level_module_has_a_layer() {
    let krate = load_crate();
    let missing: Vec<_> = krate
        .modules
        .iter()
        .filter(|m| m.len() == 1 && layer_of(&m[0]).is_none())
        .map(|m| m[0].clone())
        .collect();
    assert!(
        missing.is_empty(),
        "top-level modules without a layer in LAYERS: {missing:?}"
    );
}

#[test]
fn imports_respect_layers_and_form_no_circles() {
    let p = problems();
    assert!(
        p.is_empty(),
        "{} layering problem(s) (docs/architecture.md#layers; table in tests/data_and_profile/layering.rs):\n{}",
        p.len(),
        p.join("\n")
    );
}

#[test]
fn the_checker_sees_what_it_should() {
    let code = blank_non_code(
        "use crate::{a::{b, c as d}, e};\n// crate::x\nlet s = \"crate::y\"; let c = '{'; fn f<'a>() {}\nsuper::super::z::W;\n",
    );
    let f = SourceFile {
        shown: "t.rs".into(),
        module: vec!["m".into(), "n".into()],
        code,
    };
    let got: Vec<(String, String)> = imports_of(&f)
        .into_iter()
        .map(|i| (i.at, i.to.join("::")))
        .collect();
    let want = [
        ("t.rs:1", "a::b"),
        ("t.rs:1", "a::c"),
        ("t.rs:1", "e"),
        ("t.rs:4", "z::W"),
    ];
    let want: Vec<(String, String)> = want.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    assert_eq!(got, want);
}
