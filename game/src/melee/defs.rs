//! The blade's numbers (`data/melee.json`): the three phases, the combo
//! table and each blade's base values. The phase times and the combo are the
//! melee seed's; the seed keeps the blades' own values in a tuning header it
//! does not quote, so reach, widths, damage, knockback and dash are decided
//! here (docs/game.md#blade), keeping its order: the lighter the blade, the shorter
//! and faster, the better it parries (knife 34 %, saber 20 %, cleaver 8 %).

use std::path::Path;

use serde::Deserialize;

use crate::data::{DataError, load_json};

/// File name inside the data root.
pub const MELEE_FILE: &str = "melee.json";

/// The three phases (seconds) and movement while swinging.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phases {
    /// Windup: the axis is fixed, the player nearly stops.
    pub windup_s: f32,
    /// Strike: the blade sweeps and the player dashes along the axis.
    pub strike_s: f32,
    /// Recover: open and slow.
    pub recover_s: f32,
    /// Between swing starts.
    pub interval_s: f32,
    /// Move speed factor in windup.
    pub windup_move: f32,
    /// Move speed factor in recover.
    pub recover_move: f32,
    /// The combo holds this long after a strike.
    pub combo_window_s: f32,
}

/// One swing of the combo: multipliers of the blade's base values.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComboStep {
    /// Name (slash, backhand, spin).
    pub name: String,
    /// Sector width.
    pub sector: f32,
    /// Damage.
    pub damage: f32,
    /// Knockback.
    pub knockback: f32,
    /// Windup time.
    pub windup: f32,
    /// Time to the next swing start.
    pub pause: f32,
}

/// One blade's base values.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BladeDef {
    /// Id (`weapon.melee` of a base in `data/loot/bases.json`).
    pub id: String,
    /// Name.
    pub name: String,
    /// Reach from the player's centre, px.
    pub reach: f32,
    /// Sector of a slash, degrees.
    pub arc_deg: f32,
    /// Width of the blade itself, degrees.
    pub blade_deg: f32,
    /// Damage of a slash.
    pub damage: f32,
    /// Knockback of a slash, px/s.
    pub knockback: f32,
    /// Dash speed along the axis during the strike, px/s.
    pub dash_speed: f32,
    /// Dash acceleration, px/s².
    pub dash_accel: f32,
    /// Parry chance while the swing is committed (before affixes).
    pub parry: f32,
}

impl BladeDef {
    /// What one slash deals before the combo's factor: the blade's damage
    /// plus the player's flat damage per hit, as the spell VM adds that to a
    /// shot's base before the chips' factors (docs/game.md#strike). The
    /// fight bakes it at windup; the armoury shows it before the blade is
    /// worn.
    pub fn slash(&self, damage_flat: f32) -> f32 {
        self.damage + damage_flat
    }
}

/// Everything in `data/melee.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeRules {
    /// Phase times.
    pub phases: Phases,
    /// The combo, in order.
    pub combo: Vec<ComboStep>,
    /// The blades.
    pub blades: Vec<BladeDef>,
}

impl MeleeRules {
    /// The blade `id`.
    pub fn blade(&self, id: &str) -> Option<&BladeDef> {
        self.blades.iter().find(|b| b.id == id)
    }

    /// Loads and checks `melee.json` under `root`.
    pub fn load(root: &Path, errors: &mut Vec<DataError>) -> Option<MeleeRules> {
        let before = errors.len();
        let m: MeleeRules = match load_json(root, MELEE_FILE) {
            Ok(m) => m,
            Err(e) => {
                errors.push(e);
                return None;
            }
        };
        let p = &m.phases;
        for (name, v) in [
            ("phases.windup_s", p.windup_s),
            ("phases.strike_s", p.strike_s),
            ("phases.recover_s", p.recover_s),
            ("phases.interval_s", p.interval_s),
        ] {
            if !(v > 0.0 && v.is_finite()) {
                errors.push(DataError::new(MELEE_FILE, name, format!("must be > 0, got {v}")));
            }
        }
        if m.combo.is_empty() {
            errors.push(DataError::new(MELEE_FILE, "combo", "empty"));
        }
        for (i, b) in m.blades.iter().enumerate() {
            if !(b.reach > 0.0 && b.arc_deg > 0.0 && b.arc_deg < 360.0 && (0.0..=1.0).contains(&b.parry)) {
                errors.push(DataError::new(
                    MELEE_FILE,
                    format!("blades[{i}]"),
                    "reach and arc_deg must be > 0 (arc below 360), parry within 0..=1",
                ));
            }
        }
        (errors.len() == before).then_some(m)
    }
}
