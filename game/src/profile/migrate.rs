//! Schema versions of `profile.json` and how an older file becomes the
//! current one. A profile is the player's whole progress, so an old file is
//! always migrated, never discarded, and one from a newer game is never
//! loaded half-understood or overwritten.
//!
//! History:
//! - **Version 1** (no `schema` field): the codex as three flat lists
//!   (`codex_spells`, `codex_recipes`, `codex_reactions`) and the endless
//!   records inside the profile.
//! - **Version 2** ([`PROFILE_SCHEMA`]): the codex by section, lifetime
//!   aether, onboarding and tips; endless records live in `records.json`.

use std::collections::BTreeSet;

use serde::Deserialize;
use serde_json::Value;

use super::meta::{Codex, EndlessRecord, PROFILE_SCHEMA, Profile};
use super::store::{ParseError, from_value};

/// The profile read from a file of any known version.
#[derive(Debug, Clone, PartialEq)]
pub struct Migrated {
    /// The profile, at [`PROFILE_SCHEMA`].
    pub profile: Profile,
    /// The version the file was written at; below [`PROFILE_SCHEMA`] means
    /// the caller must keep a backup of the original before saving.
    pub from: u32,
    /// Endless records the old file carried, oldest first: they belong in
    /// the records file now.
    pub endless: Vec<EndlessRecord>,
}

/// Why a profile value could not be turned into the current profile.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MigrateError {
    /// Written by a newer game: this one must neither load it (it would drop
    /// what it does not understand) nor overwrite it.
    #[error(
        "written by a newer version of the game (profile schema {found}; this version reads up to {known})"
    )]
    Newer {
        /// The file's schema.
        found: u32,
        /// [`PROFILE_SCHEMA`].
        known: u32,
    },
    /// Not a profile of any version: the caller keeps it aside.
    #[error("{0}")]
    Invalid(#[from] ParseError),
}

/// The `schema` of a parsed file: absent means version 1 (the first release
/// wrote none). A `schema` that is not a positive whole number is invalid.
pub fn schema_of(name: &str, value: &Value) -> Result<u32, ParseError> {
    let Some(obj) = value.as_object() else {
        return Err(ParseError::Document {
            file: name.into(),
            detail: format!("expected a JSON object, found {}", kind_of(value)),
        });
    };
    match obj.get("schema") {
        None => Ok(1),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n >= 1)
            .ok_or_else(|| ParseError::At {
                file: name.into(),
                at: "schema".into(),
                detail: format!("expected a version number (1, 2, …), found {v}"),
            }),
    }
}

/// Reads a `profile.json` value of any known version as the current profile.
/// `name` is used in messages.
pub fn profile_from_value(name: &str, value: Value) -> Result<Migrated, MigrateError> {
    let from = schema_of(name, &value)?;
    match from {
        1 => {
            let v1: ProfileV1 = from_value(name, value)?;
            let (profile, endless) = v1.upgrade();
            Ok(Migrated {
                profile,
                from,
                endless,
            })
        }
        PROFILE_SCHEMA => {
            let profile: Profile = from_value(name, value)?;
            Ok(Migrated {
                profile,
                from,
                endless: Vec::new(),
            })
        }
        found if found > PROFILE_SCHEMA => Err(MigrateError::Newer {
            found,
            known: PROFILE_SCHEMA,
        }),
        other => Err(MigrateError::Invalid(ParseError::Document {
            file: name.into(),
            detail: format!("unknown profile schema {other}"),
        })),
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// The first release's profile, exactly as it was written (unknown fields
/// are refused as they were then, so a file of some other program is kept
/// aside rather than read as an empty profile).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct ProfileV1 {
    aether: u32,
    unlocked: BTreeSet<String>,
    codex_spells: BTreeSet<String>,
    codex_recipes: BTreeSet<String>,
    codex_reactions: BTreeSet<String>,
    best_wave: u32,
    milestones: BTreeSet<u32>,
    runs: u32,
    clears: u32,
    endless_records: Vec<EndlessRecord>,
}

impl ProfileV1 {
    /// Version 1 → 2. Everything is carried over; the codex lists move into
    /// their sections. Version 1 kept no lifetime total, so `aether_earned`
    /// starts at the fragments in hand, the one amount known to be earned.
    fn upgrade(self) -> (Profile, Vec<EndlessRecord>) {
        let profile = Profile {
            schema: PROFILE_SCHEMA,
            aether: self.aether,
            aether_earned: self.aether,
            unlocked: self.unlocked,
            codex: Codex {
                spells: self.codex_spells,
                recipes: self.codex_recipes,
                reactions: self.codex_reactions,
                ..Codex::default()
            },
            best_wave: self.best_wave,
            milestones: self.milestones,
            runs: self.runs,
            clears: self.clears,
            ..Profile::default()
        };
        (profile, self.endless_records)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn version_one_moves_its_codex_and_records() {
        let v1 = json!({
            "aether": 7,
            "unlocked": ["nuke"],
            "codex_spells": ["spark_bolt"],
            "codex_recipes": ["steam_engine"],
            "codex_reactions": ["melt"],
            "best_wave": 12,
            "milestones": [5, 10],
            "runs": 4,
            "clears": 0,
            "endless_records": [{"wave": 30, "elapsed_sec": 1800.5, "build_checksum": "ab", "timestamp": 9}]
        });
        let m = profile_from_value("profile.json", v1).unwrap();
        assert_eq!(m.from, 1);
        assert_eq!(m.profile.schema, PROFILE_SCHEMA);
        assert_eq!(m.profile.aether, 7);
        assert_eq!(m.profile.aether_earned, 7);
        assert!(m.profile.codex.spells.contains("spark_bolt"));
        assert!(m.profile.codex.recipes.contains("steam_engine"));
        assert!(m.profile.codex.reactions.contains("melt"));
        assert_eq!(m.profile.milestones, BTreeSet::from([5, 10]));
        assert_eq!((m.profile.best_wave, m.profile.runs), (12, 4));
        assert_eq!(m.endless.len(), 1);
        assert_eq!(m.endless[0].wave, 30);
    }

    #[test]
    fn current_version_reads_as_is_and_newer_is_refused() {
        let p = Profile {
            aether: 3,
            ..Profile::default()
        };
        let m = profile_from_value("p", serde_json::to_value(&p).unwrap()).unwrap();
        assert_eq!((m.from, m.profile), (PROFILE_SCHEMA, p));
        let newer = json!({"schema": PROFILE_SCHEMA + 1, "aether": 3, "wings": true});
        assert_eq!(
            profile_from_value("p", newer),
            Err(MigrateError::Newer {
                found: PROFILE_SCHEMA + 1,
                known: PROFILE_SCHEMA
            })
        );
    }

    #[test]
    fn wrong_shapes_are_invalid_with_a_reason() {
        for (v, needle) in [
            (json!([1, 2]), "a list"),
            (json!("profile"), "a string"),
            (json!({"schema": "two"}), "schema"),
            (json!({"schema": 0}), "schema"),
            (json!({"schema": 2, "aether": "lots"}), "aether"),
            (json!({"aether": 1, "colour": "red"}), "colour"),
        ] {
            match profile_from_value("profile.json", v) {
                Err(MigrateError::Invalid(reason)) => {
                    let reason = reason.to_string();
                    assert!(
                        reason.contains(needle) && reason.contains("profile.json"),
                        "{reason}"
                    )
                }
                other => panic!("expected invalid ({needle}), got {other:?}"),
            }
        }
    }
}
