//! The project's text speaks for itself.
//!
//! Code, comments, data (player-visible descriptions included) and docs
//! never point at the design's section numbers, at issue numbers, or at a
//! numbered round of work. A reader has none of those documents, and a
//! player reading a chip's description even less so: a rule is stated in
//! words where it lives, and a comment cites the docs/ page that states it
//! (`docs/game.md#reactions`). The check reads every text file of the
//! repository except `.git` and build output, and every file's path, and
//! names each hit with its file and line.

use crate::docs_paths::{repo_files, repo_root};

/// Words that, followed by a number, name a round of work or a tracker
/// entry. Built from parts so this file does not trip its own check.
fn counted_words() -> Vec<String> {
    ["sess|ion", "rou|nd", "spr|int", "hel|per", "iss|ue", "tick|et"]
        .iter()
        .map(|w| w.replace('|', ""))
        .collect()
}

/// The design's section sign, written by its code point for the same reason.
const SECTION_SIGN: char = '\u{a7}';

/// Whether the text at `at` starts a word (no letter or digit before it).
fn word_starts(text: &str, at: usize) -> bool {
    !text[..at].chars().next_back().is_some_and(char::is_alphanumeric)
}

/// What is wrong with one line, if anything, in words.
fn hit(line: &str) -> Option<String> {
    if line.contains(SECTION_SIGN) {
        return Some("a design section sign".into());
    }
    let lower = line.to_lowercase();
    for word in counted_words() {
        for (at, _) in lower.match_indices(word.as_str()) {
            if !word_starts(&lower, at) {
                continue;
            }
            let rest = &lower[at + word.len()..];
            let rest = rest.strip_prefix('s').unwrap_or(rest);
            let gap = rest.len() - rest.trim_start_matches([' ', '_', '-', '#']).len();
            // "round1(x)" is a function; a round of work has a space.
            let needs_gap = word == "round";
            if rest[gap..].starts_with(|c: char| c.is_ascii_digit()) && (gap > 0 || !needs_gap) {
                return Some(format!("a numbered {word}"));
            }
        }
    }
    for (at, _) in line.match_indices('#') {
        let before = line[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '&' | '#' | '/' | '_')) {
            continue;
        }
        let digits = line[at + 1..].chars().take_while(char::is_ascii_digit).count();
        let after = line[at + 1 + digits..].chars().next();
        // Up to five digits alone; a colour (`#1e1e2e`) runs on in letters.
        if (1..=5).contains(&digits) && !after.is_some_and(char::is_alphanumeric) {
            return Some("an issue number".into());
        }
    }
    None
}

/// Every hit in the repository, as `path:line: what`.
fn hits() -> Vec<String> {
    let mut found = Vec::new();
    for file in repo_files(&repo_root()) {
        if let Some(what) = hit(&file.rel) {
            found.push(format!("{}: its name has {what}", file.rel));
        }
        // Images, audio and other binary files carry no prose.
        let Some(text) = &file.text else { continue };
        for (n, line) in text.lines().enumerate() {
            if let Some(what) = hit(line) {
                found.push(format!("{}:{}: {what}: {}", file.rel, n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn no_text_cites_design_sections_issues_or_rounds_of_work() {
    let found = hits();
    assert!(
        found.is_empty(),
        "{} line(s) cite a design section, an issue or a numbered round of work; \
         say it in words, or cite the docs/ page that states the rule:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_check_tells_citations_from_ordinary_text() {
    let sign = SECTION_SIGN;
    let word = |i: usize| counted_words()[i].clone();
    for bad in [
        format!("as the design's {sign}3.1 says"),
        format!("fixed in {} 27", word(4)),
        format!("see #{} for why", 27),
        format!("({} 8)", word(0)),
        format!("a {}7 screenshot", word(0)),
        format!("measured in {} 3", word(1)),
        format!("{} 28's section", word(3)),
    ] {
        assert!(hit(&bad).is_some(), "should be refused: {bad}");
    }
    for good in [
        "fn round1(x: f64) -> f64 {",
        "turns around 3 times",
        "docs/game.md#reactions",
        "#[derive(Debug)]",
        "a colour #1e1e2e and r#\"raw\"#",
        "the boss's phase 2 at wave 8",
        "two sessions of play",
        "&#160; is a space",
    ] {
        assert_eq!(hit(good), None, "should pass: {good}");
    }
}
