//! A trial's data: the numbers the knobs name, scaled, written into a copy
//! of the data folder. The files are edited as text, number by number, so a
//! trial's folder (and `tune --write`) differs from `data/` only in the
//! numbers that moved: key order, spacing and every other byte stay as the
//! author wrote them, and `git diff` shows the decision.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::spec::Spec;

/// One step of a concrete path into a JSON document.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Seg {
    /// An object's field.
    Key(String),
    /// A list's element.
    Index(usize),
}

/// A number a knob scales.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Num {
    /// As the source holds it.
    pub orig: f64,
    /// Written without a fraction there (a count, a budget): stays whole.
    pub whole: bool,
    /// The product of the factors of every knob that names it.
    pub factor: f64,
}

impl Num {
    /// The scaled value as the file will hold it.
    pub fn text(&self) -> String {
        let v = self.orig * self.factor;
        if self.whole {
            let r = v.round();
            // A count that was at least one stays at least one.
            let r = if self.orig >= 1.0 { r.max(1.0) } else { r };
            return format!("{}", r as i64);
        }
        let digits = (4 - v.abs().log10().floor() as i32).clamp(4, 10) as usize;
        let s = format!("{v:.digits$}");
        let s = s.trim_end_matches('0');
        if s.ends_with('.') {
            format!("{s}0")
        } else {
            s.to_owned()
        }
    }
}

/// Every scaled number, by file (relative to the data folder) and path.
pub type Patch = BTreeMap<PathBuf, BTreeMap<Vec<Seg>, Num>>;

/// The numbers `spec`'s knobs name under `root` (each site in at least one
/// of its files), each with the product of `factors` (one per knob) that
/// applies to it.
pub fn plan(root: &Path, spec: &Spec, factors: &[f64]) -> Result<Patch, String> {
    let mut docs: BTreeMap<PathBuf, Value> = BTreeMap::new();
    let mut patch = Patch::new();
    for (i, (knob, &f)) in spec.knobs.iter().zip(factors).enumerate() {
        for site in &knob.scale {
            let at = |e: &str| format!("knobs[{i}] ({}): {e}", knob.name);
            let mut matched = 0;
            for rel in super::spec::expand(root, &site.files).map_err(|e| at(&e))? {
                if !docs.contains_key(&rel) {
                    let text = crate::data::read_bounded(&root.join(&rel), 1 << 26)
                        .map_err(|e| at(&format!("{}: {e}", rel.display())))?;
                    let v =
                        serde_json::from_str(&text).map_err(|e| at(&format!("{}: {e}", rel.display())))?;
                    docs.insert(rel.clone(), v);
                }
                let found = resolve(&docs[&rel], &site.path).map_err(|e| at(&e))?;
                matched += found.len();
                let nums = patch.entry(rel.clone()).or_default();
                for (path, orig, whole) in found {
                    nums.entry(path)
                        .or_insert(Num {
                            orig,
                            whole,
                            factor: 1.0,
                        })
                        .factor *= f;
                }
            }
            // A path may miss some of the files (a boss wave has no crowd
            // floor) but not all of them: that is a typo.
            if matched == 0 {
                return Err(at(&format!(
                    "`{}` names no number in `{}`",
                    site.path, site.files
                )));
            }
        }
    }
    Ok(patch)
}

/// The numbers at `pattern` in `doc`: their paths, values, and whether
/// they are whole.
fn resolve(doc: &Value, pattern: &str) -> Result<Vec<(Vec<Seg>, f64, bool)>, String> {
    let mut at: Vec<(Vec<Seg>, &Value)> = vec![(Vec::new(), doc)];
    for part in pattern.split('.') {
        let mut next = Vec::new();
        for (path, v) in at {
            let push = |seg: Seg, c| step(&path, seg, c);
            if part == "*" {
                match v {
                    Value::Array(a) => {
                        next.extend(a.iter().enumerate().map(|(i, c)| push(Seg::Index(i), c)));
                    }
                    Value::Object(o) => {
                        next.extend(o.iter().map(|(k, c)| push(Seg::Key(k.clone()), c)));
                    }
                    _ => {}
                }
            } else if let Some(cond) = part.strip_prefix('[').and_then(|p| p.strip_suffix(']')) {
                let (key, want) = cond
                    .split_once('=')
                    .ok_or_else(|| format!("`{part}`: a filter is written [key=value]"))?;
                if let Value::Array(a) = v {
                    for (i, c) in a.iter().enumerate() {
                        let hit = match &c[key] {
                            Value::String(s) => s == want,
                            Value::Number(n) => n.to_string() == want,
                            _ => false,
                        };
                        if hit {
                            next.push(push(Seg::Index(i), c));
                        }
                    }
                }
            } else if let Some(c) = v.get(part) {
                next.push(push(Seg::Key(part.to_owned()), c));
            }
        }
        at = next;
    }
    Ok(at
        .into_iter()
        .filter_map(|(p, v)| match v {
            Value::Number(n) => Some((p, n.as_f64()?, n.is_i64() || n.is_u64())),
            _ => None,
        })
        .collect())
}

fn step<'a>(path: &[Seg], seg: Seg, child: &'a Value) -> (Vec<Seg>, &'a Value) {
    let mut p = path.to_vec();
    p.push(seg);
    (p, child)
}

/// Writes `src` with `patch` into `dest`: the whole folder is copied (when
/// `dest` is another folder), then each patched file is rewritten
/// atomically.
pub fn write(src: &Path, dest: &Path, patch: &Patch) -> Result<(), String> {
    if src != dest {
        copy_tree(src, dest).map_err(|e| format!("copying {} to {}: {e}", src.display(), dest.display()))?;
    }
    for (rel, nums) in patch {
        let from = src.join(rel);
        let text =
            crate::data::read_bounded(&from, 1 << 26).map_err(|e| format!("{}: {e}", from.display()))?;
        let edited = rewrite(&text, nums);
        crate::atomic::write_atomic(&dest.join(rel), edited.as_bytes())
            .map_err(|e| format!("{}: {e}", dest.join(rel).display()))?;
    }
    Ok(())
}

fn copy_tree(src: &Path, dest: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dest)?;
    for e in std::fs::read_dir(src)? {
        let e = e?;
        let to = dest.join(e.file_name());
        if e.file_type()?.is_dir() {
            copy_tree(&e.path(), &to)?;
        } else {
            std::fs::copy(e.path(), to)?;
        }
    }
    Ok(())
}

/// `text` with the numbers at `nums`' paths replaced by their scaled text.
/// The text is a document serde already read, so the walk trusts its shape.
pub fn rewrite(text: &str, nums: &BTreeMap<Vec<Seg>, Num>) -> String {
    let mut w = Walk {
        b: text.as_bytes(),
        i: 0,
        spans: Vec::new(),
        nums,
    };
    w.value(&mut Vec::new());
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (start, end, rep) in w.spans {
        out.push_str(&text[last..start]);
        out.push_str(&rep);
        last = end;
    }
    out.push_str(&text[last..]);
    out
}

struct Walk<'a> {
    b: &'a [u8],
    i: usize,
    spans: Vec<(usize, usize, String)>,
    nums: &'a BTreeMap<Vec<Seg>, Num>,
}

impl Walk<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&self) -> u8 {
        self.b.get(self.i).copied().unwrap_or(0)
    }

    /// A string token, decoded (keys may hold escapes).
    fn string(&mut self) -> String {
        let start = self.i;
        self.i += 1;
        while self.i < self.b.len() && self.b[self.i] != b'"' {
            self.i += if self.b[self.i] == b'\\' { 2 } else { 1 };
        }
        self.i += 1;
        let raw = &self.b[start..self.i.min(self.b.len())];
        serde_json::from_slice(raw).unwrap_or_default()
    }

    fn value(&mut self, path: &mut Vec<Seg>) {
        self.ws();
        match self.peek() {
            b'{' => self.items(path, b'}', true),
            b'[' => self.items(path, b']', false),
            b'"' => {
                self.string();
            }
            0 => {}
            _ => {
                let start = self.i;
                while self.i < self.b.len()
                    && !matches!(self.b[self.i], b',' | b'}' | b']')
                    && !self.b[self.i].is_ascii_whitespace()
                {
                    self.i += 1;
                }
                if let Some(n) = self.nums.get(path.as_slice()) {
                    self.spans.push((start, self.i, n.text()));
                }
            }
        }
    }

    fn items(&mut self, path: &mut Vec<Seg>, close: u8, keyed: bool) {
        self.i += 1;
        let mut index = 0;
        loop {
            self.ws();
            match self.peek() {
                0 => return,
                c if c == close => {
                    self.i += 1;
                    return;
                }
                b',' => {
                    self.i += 1;
                    continue;
                }
                _ => {}
            }
            let seg = if keyed {
                let key = self.string();
                self.ws();
                self.i += 1; // the colon
                Seg::Key(key)
            } else {
                Seg::Index(index)
            };
            index += 1;
            path.push(seg);
            self.value(path);
            path.pop();
        }
    }
}

/// One line per scaled number: `waves/wave_09.json hp_mult: 1.2 → 1.44`.
pub fn describe(patch: &Patch) -> Vec<String> {
    let mut out = Vec::new();
    for (rel, nums) in patch {
        for (path, n) in nums {
            if (n.factor - 1.0).abs() < 1e-12 {
                continue;
            }
            let p: Vec<String> = path
                .iter()
                .map(|s| match s {
                    Seg::Key(k) => k.clone(),
                    Seg::Index(i) => i.to_string(),
                })
                .collect();
            let was = Num { factor: 1.0, ..*n }.text();
            out.push(format!("{} {}: {was} → {}", rel.display(), p.join("."), n.text()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "{\n  \"spells\": [\n    {\"id\": \"a\", \"projectile\": {\"damage\": 3, \"lifetime_s\": 1.5}},\n    {\"id\": \"turret\", \"projectile\": {\"damage\": 0, \"lifetime_s\": 5.0}}\n  ],\n  \"name\": \"say \\\"hi\\\"\"\n}\n";

    #[test]
    fn only_the_named_numbers_change_and_every_other_byte_stays() {
        let doc: Value = serde_json::from_str(DOC).unwrap();
        let found = resolve(&doc, "spells.[id=turret].projectile.lifetime_s").unwrap();
        assert_eq!(found.len(), 1);
        let mut nums = BTreeMap::new();
        for (p, orig, whole) in found {
            nums.insert(
                p,
                Num {
                    orig,
                    whole,
                    factor: 0.6,
                },
            );
        }
        let out = rewrite(DOC, &nums);
        assert_eq!(out, DOC.replace("\"lifetime_s\": 5.0", "\"lifetime_s\": 3.0"));
        let back: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(back["spells"][0]["projectile"]["lifetime_s"], 1.5);
    }

    #[test]
    fn stars_reach_every_element_and_whole_numbers_stay_whole() {
        let doc: Value = serde_json::from_str(DOC).unwrap();
        let found = resolve(&doc, "spells.*.projectile.damage").unwrap();
        assert_eq!(found.len(), 2);
        assert!(found.iter().all(|(_, _, whole)| *whole));
        let n = Num {
            orig: 3.0,
            whole: true,
            factor: 1.4,
        };
        assert_eq!(n.text(), "4");
        let tiny = Num {
            orig: 1.0,
            whole: true,
            factor: 0.1,
        };
        assert_eq!(tiny.text(), "1", "a count of one or more never becomes zero");
        assert_eq!(
            Num {
                orig: 1.94,
                whole: false,
                factor: 1.2
            }
            .text(),
            "2.328"
        );
        assert_eq!(
            Num {
                orig: 2.5,
                whole: false,
                factor: 2.0
            }
            .text(),
            "5.0"
        );
    }
}
