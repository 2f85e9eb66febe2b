//! The documentation names only files that exist.
//!
//! The README and the pages of `docs/` point readers at source files, tests,
//! data files and shaders by path (`game/src/rng.rs`,
//! `data/builds/strong.json`). When code moves, those paths go stale
//! silently and a reader lands nowhere, so every `engine/…`, `game/…`,
//! `data/…` and `shaders/…` path they name must exist, and every relative
//! Markdown link between them must reach a file. A `*` in a path stands for
//! any part of one name (`data/*.json`) and must match at least one file.
//!
//! Comments cite the docs by section (`docs/game.md#reactions`), so a
//! heading is a name the code relies on: every such citation anywhere in the
//! repository, and every link to a section between the pages, must name a
//! heading that exists (as GitHub makes its anchor).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level folders whose paths the documentation names.
const ROOTS: &[&str] = &["engine/", "game/", "data/", "shaders/"];

/// The repository root (this crate is `game/`).
pub(crate) fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the game crate sits in the repository")
        .to_path_buf()
}

/// One file of the repository.
pub(crate) struct RepoFile {
    /// Its path relative to the root, `/` separated.
    pub(crate) rel: String,
    /// Its text, when it reads as text (no image, audio or other binary).
    pub(crate) text: Option<String>,
}

/// Every file of the repository outside `.git` and build output, sorted by
/// path.
pub(crate) fn repo_files(root: &Path) -> Vec<RepoFile> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let entry = entry.unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            let path = entry.path();
            if path.is_dir() {
                if entry.file_name() != ".git" && entry.file_name() != "target" {
                    dirs.push(path);
                }
                continue;
            }
            let text = std::fs::read(&path)
                .ok()
                .and_then(|bytes| String::from_utf8(bytes).ok())
                .filter(|text| !text.contains('\0'));
            out.push(RepoFile {
                rel: rel(root, &path),
                text,
            });
        }
    }
    out.sort_by(|a, b| a.rel.cmp(&b.rel));
    out
}

/// `path` relative to `root`, with `/` separators.
fn rel(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The README and every Markdown page under `docs/`, with their text.
fn doc_files(files: &[RepoFile]) -> impl Iterator<Item = (&str, &str)> {
    files.iter().filter_map(|f| {
        let is_doc = f.rel == "README.md" || (f.rel.starts_with("docs/") && f.rel.ends_with(".md"));
        Some((f.rel.as_str(), f.text.as_deref()?)).filter(|_| is_doc)
    })
}

/// A character that may belong to a path as the documentation writes one.
fn path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '*')
}

/// Every repository path named on one line: a token starting with one of
/// [`ROOTS`] that is not the tail of a longer path or word (`../data/x` is a
/// link, checked as one; `https://…/game/` is not ours).
fn named_paths(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (start, _) in line.char_indices() {
        let rest = &line[start..];
        if !ROOTS.iter().any(|r| rest.starts_with(r)) {
            continue;
        }
        let before = line[..start].chars().next_back();
        if before.is_some_and(|c| path_char(c) || c.is_alphanumeric()) {
            continue;
        }
        let end = rest.find(|c: char| !path_char(c)).unwrap_or(rest.len());
        // A sentence's full stop or an ellipsis is not part of the path.
        let token = rest[..end].trim_end_matches('.');
        found.push(token.to_string());
    }
    found
}

/// The targets of relative Markdown links on one line (`[x](../data/a.md)`,
/// `[y](game.md#lessons)`), without their anchors.
fn relative_links(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(close) = after.find(')') else { break };
        let target = &after[..close];
        let file = target.split('#').next().unwrap_or("");
        if !file.is_empty() && !file.contains("://") && !file.starts_with("mailto:") {
            found.push(file.to_string());
        }
        rest = &after[close..];
    }
    found
}

/// Whether one name matches a pattern where `*` stands for any run of
/// characters.
fn name_matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            let Some(rest) = name.strip_prefix(head) else {
                return false;
            };
            (0..=rest.len())
                .filter(|&i| rest.is_char_boundary(i))
                .any(|i| name_matches(tail, &rest[i..]))
        }
    }
}

/// Whether `path` (relative to `base`, `*` allowed in any part) names at
/// least one existing file or folder.
fn exists(base: &Path, path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let mut here = vec![base.to_path_buf()];
    for part in parts {
        let mut next = Vec::new();
        for dir in &here {
            if part.contains('*') {
                let Ok(entries) = std::fs::read_dir(dir) else {
                    continue;
                };
                for entry in entries.flatten() {
                    if name_matches(part, &entry.file_name().to_string_lossy()) {
                        next.push(entry.path());
                    }
                }
            } else {
                let p = dir.join(part);
                if p.exists() {
                    next.push(p);
                }
            }
        }
        here = next;
    }
    !here.is_empty()
}

/// Every path the documentation names that does not exist, as
/// `file:line: path`.
fn stale_paths(root: &Path, files: &[RepoFile]) -> Vec<String> {
    let mut stale = Vec::new();
    for (file, text) in doc_files(files) {
        let dir = root.join(file);
        let dir = dir.parent().expect("a file sits in a folder");
        for (n, line) in text.lines().enumerate() {
            for path in named_paths(line) {
                if !exists(root, &path) {
                    stale.push(format!("{file}:{}: {path}", n + 1));
                }
            }
            for link in relative_links(line) {
                if !exists(dir, &link) {
                    stale.push(format!("{file}:{}: link to {link}", n + 1));
                }
            }
        }
    }
    stale
}

/// The anchor GitHub gives a heading: lower case, letters, digits, `-` and
/// `_` kept, spaces turned into `-`, everything else dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of every page, keyed by its path relative to the root.
fn anchors(files: &[RepoFile]) -> BTreeMap<&str, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (file, text) in doc_files(files) {
        let mut fenced = false;
        let mut set = BTreeSet::new();
        for line in text.lines() {
            if line.starts_with("```") {
                fenced = !fenced;
            } else if !fenced && line.starts_with('#') {
                set.insert(anchor(line.trim_start_matches('#')));
            }
        }
        out.insert(file, set);
    }
    out
}

/// Every `docs/PAGE.md#anchor` citation on one line, as (page, anchor).
fn cited_sections(line: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (at, _) in line.match_indices("docs/") {
        let rest = &line[at..];
        let Some(hash) = rest.find(".md#") else { continue };
        let page = &rest[..hash + 3];
        if !page
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'))
        {
            continue;
        }
        let tail = &rest[hash + 4..];
        let end = tail
            .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(tail.len());
        found.push((page.to_string(), tail[..end].to_string()));
    }
    found
}

/// The section links of one Markdown line (`[x](game.md#lessons)`,
/// `[y](#units)`), as (target file or "" for the same page, anchor).
fn section_links(line: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(close) = after.find(')') else { break };
        if let Some((file, section)) = after[..close].split_once('#')
            && !file.contains("://")
        {
            found.push((file.to_string(), section.to_string()));
        }
        rest = &after[close..];
    }
    found
}

/// Every section citation or link whose heading does not exist, as
/// `file:line: page#anchor`.
fn stale_sections(files: &[RepoFile]) -> Vec<String> {
    let pages = anchors(files);
    let mut stale = Vec::new();
    for file in files {
        let Some(text) = &file.text else { continue };
        let dir = Path::new(&file.rel).parent().unwrap_or(Path::new(""));
        for (n, line) in text.lines().enumerate() {
            let mut targets = cited_sections(line);
            if file.rel.ends_with(".md") {
                for (target, section) in section_links(line) {
                    let page = if target.is_empty() {
                        file.rel.clone()
                    } else {
                        normalise(&dir.join(&target))
                    };
                    targets.push((page, section));
                }
            }
            for (page, section) in targets {
                if pages
                    .get(page.as_str())
                    .is_some_and(|set| !set.contains(&section))
                {
                    stale.push(format!("{}:{}: {page}#{section}", file.rel, n + 1));
                }
            }
        }
    }
    stale
}

/// A relative path with `..` and `.` resolved, `/` separated.
fn normalise(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            std::path::Component::ParentDir => {
                parts.pop();
            }
            std::path::Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
            _ => {}
        }
    }
    parts.join("/")
}

#[test]
fn every_path_the_docs_name_exists() {
    let root = repo_root();
    let stale = stale_paths(&root, &repo_files(&root));
    assert!(
        stale.is_empty(),
        "the documentation names {} path(s) that do not exist; fix each page:\n{}",
        stale.len(),
        stale.join("\n")
    );
}

#[test]
fn the_path_reader_finds_paths_and_skips_what_is_not_one() {
    let line = "see `game/src/rng.rs`, data/*.json and [x](../data/BALANCE.md); \
                not https://example.org/game/x or src/game/y, and engine/….";
    assert_eq!(
        named_paths(line),
        ["game/src/rng.rs", "data/*.json", "engine/"],
        "a path in backticks, a glob and a path cut by an ellipsis; no URL or inner path"
    );
    assert_eq!(relative_links(line), ["../data/BALANCE.md"]);
    assert_eq!(
        relative_links("[a](#anchor) [b](https://x.org/a) [c](game.md#lessons)"),
        ["game.md"]
    );
}

#[test]
fn a_missing_path_or_glob_is_reported() {
    let root = repo_root();
    assert!(exists(&root, "data/waves/wave_*.json"));
    assert!(exists(&root, "game/src/"));
    assert!(!exists(&root, "game/tests/no_such_test.rs"));
    assert!(!exists(&root, "data/*.no_such_extension"));
    assert!(name_matches("wave_*.json", "wave_01.json"));
    assert!(!name_matches("wave_*.json", "wave_01.toml"));
}

#[test]
fn every_section_the_code_and_docs_cite_exists() {
    let stale = stale_sections(&repo_files(&repo_root()));
    assert!(
        stale.is_empty(),
        "{} citation(s) or link(s) name a docs/ section that does not exist; \
         rename them with the heading (docs/README.md):\n{}",
        stale.len(),
        stale.join("\n")
    );
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(
        anchor(" Headless runs: `artificer sim` and the balance table"),
        "headless-runs-artificer-sim-and-the-balance-table"
    );
    assert_eq!(anchor(" World and Carry"), "world-and-carry");
    assert_eq!(
        cited_sections("// rules: docs/game.md#area-damage, and docs/vm.md#wand-eval."),
        [
            ("docs/game.md".to_string(), "area-damage".to_string()),
            ("docs/vm.md".to_string(), "wand-eval".to_string())
        ]
    );
    assert_eq!(
        section_links("[a](game.md#lessons) [b](#units) [c](https://x.org/#y)"),
        [
            ("game.md".to_string(), "lessons".to_string()),
            (String::new(), "units".to_string())
        ]
    );
    assert_eq!(normalise(Path::new("docs/../README.md")), "README.md");
}
