//! How an enemy archetype reads on screen, as data: its silhouette and its
//! body colour (docs/art.md#silhouettes). A modder's new archetype names its
//! own look in `data/enemies.json`; no id is matched in code.

use serde::{Deserialize, Serialize};

/// An archetype's look: one shape per role, one colour per archetype. Elites
/// wear their base's look; bosses are drawn as bosses whatever their body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Look {
    /// The silhouette, learned per role.
    pub shape: BodyShape,
    /// The body colour, from the enemies' warm palette.
    pub colour: BodyColour,
}

/// The silhouettes a body can take (the renderer draws each as one shape).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BodyShape {
    /// A disc with an eye on its facing side.
    Circle,
    /// A thick bar across the facing: a body that is its own shield.
    Bar,
    /// A triangle pointing where it faces.
    Triangle,
    /// A square turned to its facing.
    Square,
    /// A diamond.
    Diamond,
    /// A hexagon.
    Hexagon,
}

/// The enemies' body colours, warm against the player's cool cyan and white
/// (docs/art.md#palette). The order is the palette's (`app::palette::enemy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BodyColour {
    /// Hot coral (the grunt).
    Coral,
    /// Orange (the charger).
    Orange,
    /// Deep rose (the tank).
    Rose,
    /// Violet (the spitter).
    Violet,
    /// Acid green (the poison thrower).
    Acid,
    /// Gold.
    Gold,
    /// Magenta (the bosses' own).
    Magenta,
    /// Steel (the shield bearer).
    Steel,
    /// Pale and see-through (the wraith, whom physical hits pass).
    Pale,
    /// Dusky red (the small fry).
    Dusk,
}

impl BodyColour {
    /// The palette index of this colour.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl Look {
    /// Every boss's look, whatever body it fights in: the big magenta
    /// hexagon a player learns to fear.
    pub const BOSS: Look = Look {
        shape: BodyShape::Hexagon,
        colour: BodyColour::Magenta,
    };
}
