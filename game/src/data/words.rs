//! What the player reads in `data/` held to what the data does
//! (docs/data.md#words): a name or a description line is never empty, and
//! a description line's numbers are the numbers of the effect beside it,
//! so "+10 max HP" cannot sit over an effect that adds 0.
//!
//! The check reads the document before it is parsed into its type, like
//! the ranges (`super::ranges`), so it holds for every file alike: any
//! object with a `line` and an `effect` is compared, wherever it sits.

use std::path::Path;

use serde_json::Value;

use super::DataError;

/// The keys whose text a player reads: empty, they leave a blank in a list.
const READ_KEYS: [&str; 2] = ["name", "line"];

/// The first problem in `value` (the document of data file `file`): an
/// empty name or line, or a line whose numbers its effect does not hold.
pub fn check(file: &Path, value: &Value) -> Option<DataError> {
    let mut found = None;
    walk(value, String::new(), &mut |path, obj| {
        if found.is_some() {
            return;
        }
        found = object_problem(obj).map(|(key, why)| {
            let at = if path.is_empty() {
                key
            } else {
                format!("{path}.{key}")
            };
            DataError::new(file, at, why)
        });
    });
    found
}

/// Calls `f` with every object of `value` and its path (`spells[3]`).
fn walk(value: &Value, path: String, f: &mut dyn FnMut(&str, &serde_json::Map<String, Value>)) {
    match value {
        Value::Object(map) => {
            f(&path, map);
            for (k, v) in map {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                walk(v, p, f);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                walk(v, format!("{path}[{i}]"), f);
            }
        }
        _ => {}
    }
}

/// The key at fault and why, for one object.
fn object_problem(obj: &serde_json::Map<String, Value>) -> Option<(String, String)> {
    for key in READ_KEYS {
        if let Some(Value::String(s)) = obj.get(key)
            && s.trim().is_empty()
        {
            return Some((key.to_string(), format!("the {key} is empty; players read it")));
        }
    }
    let (Some(Value::String(line)), Some(effect)) = (obj.get("line"), obj.get("effect")) else {
        return None;
    };
    let mut held = Vec::new();
    numbers(effect, &mut held);
    // An effect with no number (Silver, Store Magic) has nothing to compare.
    if held.is_empty() {
        return None;
    }
    shown(line)
        .into_iter()
        .find(|n| !n.matches(&held))
        .map(|n| {
            let list: Vec<String> = held.iter().map(|v| v.to_string()).collect();
            (
                "line".to_string(),
                format!(
                    "the line says {} but the effect beside it holds {}; a description shows the effect's own numbers",
                    n.text,
                    list.join(", ")
                ),
            )
        })
}

/// Every number inside an effect.
fn numbers(v: &Value, out: &mut Vec<f64>) {
    match v {
        Value::Number(n) => out.extend(n.as_f64()),
        Value::Object(map) => map.values().for_each(|x| numbers(x, out)),
        Value::Array(items) => items.iter().for_each(|x| numbers(x, out)),
        _ => {}
    }
}

/// How a line shows a number.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Shown {
    /// As itself: "+10 max HP".
    Plain,
    /// As a percentage: "+10% accuracy" (0.1), "+50% damage" (×1.5).
    Percent,
    /// As a chance on a die: "2 in 6" (0.333).
    InSix,
}

/// One number of a line, as written.
#[derive(Debug, Clone, PartialEq)]
struct LineNumber {
    value: f64,
    how: Shown,
    text: String,
}

impl LineNumber {
    /// Whether one of the effect's numbers is this one.
    fn matches(&self, held: &[f64]) -> bool {
        let n = self.value;
        let close = |a: f64, b: f64| (a - b).abs() <= 2e-3_f64.max(1e-3 * b.abs());
        held.iter().any(|&v| match self.how {
            Shown::Plain => close(v, n),
            Shown::Percent => close(v, n / 100.0) || close(v, 1.0 + n / 100.0) || close(v, n),
            Shown::InSix => close(v, n / 6.0),
        })
    }
}

/// The numbers of a line: digits with an optional fraction, read as a
/// percentage before `%` and as a chance before `in 6`.
fn shown(line: &str) -> Vec<LineNumber> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len()
            && (b[i].is_ascii_digit() || (b[i] == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)))
        {
            i += 1;
        }
        let text = &line[start..i];
        let Ok(value) = text.parse::<f64>() else {
            continue;
        };
        let rest = &line[i..];
        let (how, used) = if rest.starts_with('%') {
            (Shown::Percent, 1)
        } else if let Some(r) = rest.strip_prefix(" in 6") {
            (Shown::InSix, rest.len() - r.len())
        } else {
            (Shown::Plain, 0)
        };
        out.push(LineNumber {
            value,
            how,
            text: line[start..i + used].to_string(),
        });
        i += used;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(doc: Value) -> Option<DataError> {
        check(Path::new("loot/enchantments.json"), &doc)
    }

    #[test]
    fn a_line_shows_its_effects_numbers() {
        let ok = serde_json::json!({"enchantments": [
            {"name": "Vigour I", "line": "+10 max HP", "effect": {"modifiers": [{"stat": "hp_max", "add": 10}]}},
            {"name": "Lengthen", "line": "+10% accuracy", "effect": {"modifiers": [{"stat": "accuracy", "add": 0.1}]}},
            {"name": "Bane", "line": "+50% damage against elites", "effect": {"bane": {"mult": 1.5}}},
            {"name": "Save", "line": "2 in 6 to shrug off a slow", "effect": {"modifiers": [{"add": 0.3333}]}},
            {"name": "Store", "line": "once every 2 s", "effect": {"store_magic": true}}
        ]});
        assert_eq!(refused(ok), None);
        let zero = serde_json::json!({"enchantments": [
            {"name": "Vigour I", "line": "+10 max HP", "effect": {"modifiers": [{"stat": "hp_max", "add": 0}]}}
        ]});
        let e = refused(zero).expect("refused");
        assert_eq!(e.path, "enchantments[0].line");
        assert!(
            e.message.contains("says 10") && e.message.contains("holds 0"),
            "{e}"
        );
    }

    #[test]
    fn an_empty_name_is_refused_where_it_is() {
        let doc = serde_json::json!({"enemies": [{"id": "a", "name": "A"}, {"id": "b", "name": " "}]});
        let e = check(Path::new("enemies.json"), &doc).expect("refused");
        assert_eq!(e.path, "enemies[1].name");
        assert!(e.message.contains("empty"), "{e}");
    }
}
