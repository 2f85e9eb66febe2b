//! A chip's description takes the numbers it shows from the chip's own data
//! (docs/data.md#words): `{damage}`, `{speed}`, `{radius_px}`, `{draw}`… name
//! a number of the chip by its key (`{projectile.homing}` where two sections
//! share a key; `{lifesteal%}` shows a fraction as a percentage), and the
//! book fills them in at load, so the shop, the lab and the codex read the
//! numbers the fight uses. A placeholder the chip has no number for is
//! refused, and so is a number written out where the data holds it: the
//! same number must be a placeholder, and a number written beside a word of
//! the data (`damage 4`, `600 px/s`, `within 70 px`, `after 0.5 s`) that
//! the chip holds differently is the text lying about the chip.

use super::SpellDef;

/// Keys that are no number a player reads in a tooltip (price and tier
/// show on their own).
const NOT_SHOWN: [&str; 2] = ["price", "rarity"];

/// The chip's numbers by key path (`projectile.damage`), zeros left out (a
/// default that does nothing is no number a description shows).
fn held(s: &SpellDef) -> Vec<(String, f64)> {
    let Ok(doc) = serde_json::to_value(s) else {
        return Vec::new();
    };
    crate::data::ranges::numbers(&doc)
        .into_iter()
        .filter(|l| l.value != 0.0 && !NOT_SHOWN.contains(&l.path.as_str()))
        .map(|l| (l.path, l.value))
        .collect()
}

/// A number as a tooltip shows it: at most three decimals, no trailing zeros.
fn show(v: f64) -> String {
    let t = format!("{:.3}", (v * 1000.0).round() / 1000.0);
    t.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The value a placeholder names: its full path, or its last key when only
/// one number of the chip has it.
fn lookup(held: &[(String, f64)], name: &str) -> Result<f64, String> {
    if let Some((_, v)) = held.iter().find(|(p, _)| p == name) {
        return Ok(*v);
    }
    let tail: Vec<&(String, f64)> = held
        .iter()
        .filter(|(p, _)| p.rsplit('.').next() == Some(name))
        .collect();
    match tail.as_slice() {
        [(_, v)] => Ok(*v),
        [] => Err(format!(
            "`{{{name}}}` names no number of this chip (it has {})",
            held.iter()
                .map(|(p, _)| format!("`{p}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        many => Err(format!(
            "`{{{name}}}` could be {}: write the section too",
            many.iter()
                .map(|(p, _)| format!("`{{{p}}}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        )),
    }
}

/// The description with its placeholders filled in, or why it is refused.
pub(super) fn fill(s: &SpellDef) -> Result<String, String> {
    let held = held(s);
    let text = &s.description;
    literal_problem(text, &held)?;
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            return Err("a `{` is never closed".into());
        };
        let name = &rest[open + 1..open + close];
        let (key, percent) = match name.strip_suffix('%') {
            Some(k) => (k, true),
            None => (name, false),
        };
        let v = lookup(&held, key)?;
        out.push_str(&show(if percent { v * 100.0 } else { v }));
        rest = &rest[open + close + 1..];
    }
    if rest.contains('}') {
        return Err("a `}` has no `{`".into());
    }
    out.push_str(rest);
    Ok(out)
}

/// The words beside a number that say which of the chip's numbers it is:
/// text before it, text after it, and the keys (by their last part) it
/// would be.
const SLOTS: [(&str, &str, &[&str]); 5] = [
    ("damage ", "", &["damage", "add_damage"]),
    ("damage +", "", &["damage", "add_damage"]),
    ("", " damage", &["damage", "add_damage"]),
    ("", " px/s", &["speed", "add_speed"]),
    (
        "",
        " px",
        &[
            "radius_px",
            "explosion_radius",
            "effect_radius",
            "acquire_radius",
            "sine_amp",
            "threshold",
        ],
    ),
];

/// A number written out that the data holds (it must be a placeholder), or
/// one beside a word of the data that the chip holds differently.
fn literal_problem(text: &str, held: &[(String, f64)]) -> Result<(), String> {
    let lower = text.to_ascii_lowercase();
    for (at, len, n) in numbers(&lower) {
        let (before, after) = (&lower[..at], &lower[at + len..]);
        let percent = after.starts_with('%') || after.starts_with(" %");
        let repeats = |v: f64| same(v, n) || (percent && same(v * 100.0, n));
        if let Some((p, v)) = held.iter().find(|(_, v)| repeats(*v)) {
            let key = p.rsplit('.').next().unwrap_or(p);
            let mark = if same(*v, n) { "" } else { "%" };
            return Err(format!(
                "writes {} out, which the data holds as `{p}`: write `{{{key}{mark}}}` so the text follows the data",
                show(n)
            ));
        }
        for (pre, post, keys) in SLOTS {
            let slot = (!pre.is_empty() && before.ends_with(pre))
                || (!post.is_empty()
                    && after.starts_with(post)
                    && !(post == " px" && after.starts_with(" px/s")));
            let of_chip: Vec<&(String, f64)> = held
                .iter()
                .filter(|(p, _)| keys.contains(&p.rsplit('.').next().unwrap_or(p)))
                .collect();
            if slot && !of_chip.is_empty() {
                return Err(format!(
                    "says {}, but the chip holds {}",
                    show(n),
                    of_chip
                        .iter()
                        .map(|(p, v)| format!("`{p}` = {}", show(*v)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
    }
    Ok(())
}

/// Equal as the data's `f32` numbers are: 0.3 is 0.30000001 read back.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-4 * b.abs().max(1.0)
}

/// Every number written in `text` outside placeholders: where it starts,
/// how long it is, and its value.
fn numbers(text: &str) -> Vec<(usize, usize, f64)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut depth = 0;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            c if c.is_ascii_digit() && depth == 0 && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) => {
                let start = i;
                while i < b.len()
                    && (b[i].is_ascii_digit()
                        || (b[i] == b'.' && i + 1 < b.len() && b[i + 1].is_ascii_digit()))
                {
                    i += 1;
                }
                if let Ok(v) = text[start..i].parse::<f64>() {
                    out.push((start, i - start, v));
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}
