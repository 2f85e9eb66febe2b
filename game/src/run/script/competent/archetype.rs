//! Archetypes (`artificer sim --archetype NAME`, docs/balance.md#archetypes):
//! the competent policy steered toward one kind of build from the normal
//! start. Steering narrows what the policy tries on the range to the
//! archetype's chips ([`Archetype::palette`]); the fighter, once it wears a
//! blade, tries purchases on dummies inside the blade's reach by what the
//! blade deals ([`Archetype::close_quarters`]) and walks up to the crowd;
//! the volley tries them on a packed horde ([`Archetype::horde`]);
//! the fighter, the volley and the elemental caster choose what they hold
//! ([`Archetype::blade_in_hand`]). Everything else (the start, the
//! defence, the cores) is the competent policy's own, so the archetype has
//! to earn its wins from the shop as any run does.
//!
//! Each archetype names its **signature**: the share of the run's damage,
//! by the coarse source split of [`DamageBySource`], that shows the build
//! played as it says ([`Archetype::signature`]).

use crate::world::DamageBySource;

/// A kind of build the competent policy can be steered toward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Archetype {
    /// Summoned turrets repeating a multicast payload: the screen fills.
    Turrets,
    /// Multicasts, splitters, pierce and bounce, triggers: many light shots
    /// from the core itself, no turret. Purchases are tried on a packed
    /// horde, where a shot that passes through one enemy meets the next; a
    /// blade found early stays in hand through W12.
    Volley,
    /// Coats and elemental bolts: reactions (conduction on wet, burning,
    /// poison) carry the damage to the crowd; a core item in hand from W10.
    Elemental,
    /// The nuke carrier: few, heavy projectiles (the energy orb under
    /// stacked damage modifiers, the chain bolt).
    Heavy,
    /// The fighter: the worn blade carries the run once one drops; the deck
    /// only covers what a blade cannot reach (wraiths, a boss that heals on
    /// physical hits). Purchases are tried with the range's dummies inside
    /// the blade's reach, by what the blade deals.
    Blade,
}

/// The multicasts and modifiers every shooting archetype may use.
const MULTIPLY: &[&str] = &[
    "double_cast",
    "triple_cast",
    "splitter",
    "loop_3x5",
    "damage_plus",
    "modifier_homing",
    "speed_up",
];

/// From this wave on the elemental caster keeps a core item in hand.
pub const CASTER_FROM_WAVE: u32 = 10;

/// Through this wave the volley keeps a blade in hand, even against a
/// rarer core item (docs/balance.md#archetypes: measured against keeping it
/// through W10 and for the whole run).
pub const VOLLEY_BLADE_THROUGH: u32 = 12;

impl Archetype {
    /// Every archetype, in the order of the balance document's table.
    pub const ALL: [Archetype; 5] = [
        Archetype::Turrets,
        Archetype::Volley,
        Archetype::Elemental,
        Archetype::Heavy,
        Archetype::Blade,
    ];

    /// The name on the command line and in the sim's JSON.
    pub fn name(self) -> &'static str {
        match self {
            Archetype::Turrets => "turrets",
            Archetype::Volley => "volley",
            Archetype::Elemental => "elemental",
            Archetype::Heavy => "heavy",
            Archetype::Blade => "blade",
        }
    }

    /// Whether the archetype's player tries chip `id` on the range: its own
    /// chips and the shared multicasts and modifiers ([`MULTIPLY`]); the
    /// fighter only its own (a multiplied deck would take the blade's work).
    pub fn tries(self, id: &str) -> bool {
        (self != Archetype::Blade && MULTIPLY.contains(&id)) || self.palette().contains(&id)
    }

    /// What the archetype keeps in its hands before wave `wave` + 1, when
    /// it has the choice: `Some(true)` a blade, `Some(false)` a core item,
    /// `None` whichever is the better find. The volley keeps a blade through
    /// [`VOLLEY_BLADE_THROUGH`], as the fighter does, while its deck grows
    /// into the piercing carrier; after that it takes the better find. The
    /// elemental caster takes up a core item from [`CASTER_FROM_WAVE`],
    /// once its reactions carry it.
    pub fn blade_in_hand(self, wave: u32) -> Option<bool> {
        match self {
            Archetype::Blade => Some(true),
            Archetype::Volley if wave < VOLLEY_BLADE_THROUGH => Some(true),
            Archetype::Elemental if wave >= CASTER_FROM_WAVE => Some(false),
            _ => None,
        }
    }

    /// Whether purchases are tried against a packed horde (the volley: its
    /// shots are judged by what they do to a crowd as dense as a swarm
    /// wave's, where a piercing shot strikes one enemy after another).
    pub fn horde(self) -> bool {
        self == Archetype::Volley
    }

    /// Whether purchases are tried with the dummies inside a blade's reach
    /// (the fighter's crowd stands at its elbow, not across the screen).
    pub fn close_quarters(self) -> bool {
        self == Archetype::Blade
    }

    /// The archetype's own chips.
    pub fn palette(self) -> &'static [&'static str] {
        match self {
            Archetype::Turrets => &[
                "summon_turret",
                "spark_bolt",
                "static_bolt",
                "fire_bolt",
                "ice_shard",
            ],
            Archetype::Volley => &[
                "spark_bolt",
                "static_bolt",
                "poison_dart",
                "spread_mod",
                "modifier_pierce_plus",
                "modifier_bounce",
                "shotgun_blast",
                "trigger_timer",
                "trigger_hit",
                "trigger_kill",
            ],
            Archetype::Elemental => &[
                "water_wave",
                "oil_flask",
                "static_bolt",
                "fire_bolt",
                "ice_shard",
                "poison_dart",
            ],
            Archetype::Heavy => &["energy_orb", "chain_bolt", "gravity_singularity"],
            // Elemental bolts reach what a blade cannot: the wraiths (no
            // physical hit lands) and the void lord (healed by them). No
            // two of them resonate (fire and ice make Steam Burst, which
            // would carry the run instead of the blade).
            Archetype::Blade => &["fire_bolt", "static_bolt"],
        }
    }

    /// The share of `d` that is the archetype's signature: for the turrets,
    /// what turrets' shots dealt, directly and through the explosions and
    /// reaction blasts their hits set off; for the volley,
    /// every direct projectile hit (its shots are the build); for the elemental build,
    /// area blasts (reactions, explosions) and damage over time; for the
    /// heavy hitter, heavy hits and the blasts they set off; for the
    /// fighter, what the blade's hits dealt and the blasts they set off.
    pub fn signature(self, d: &DamageBySource) -> f64 {
        let total = d.total();
        if total <= 0.0 {
            return 0.0;
        }
        let part = match self {
            Archetype::Turrets => d.turret,
            Archetype::Volley => d.swarm + d.shots + d.heavy,
            Archetype::Elemental => d.area + d.dot,
            Archetype::Heavy => d.heavy + d.area,
            Archetype::Blade => d.blade,
        };
        part / total
    }
}

impl std::fmt::Display for Archetype {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fighters_signature_is_the_blades_sub_total() {
        let d = DamageBySource {
            shots: 20.0,
            area: 30.0,
            melee: 40.0,
            rules: 10.0,
            blade: 55.0,
            ..DamageBySource::default()
        };
        // The blade's hits (40) and the blasts they set off (15 of the area).
        assert!((Archetype::Blade.signature(&d) - 0.55).abs() < 1e-12);
        assert!((Archetype::Elemental.signature(&d) - 0.30).abs() < 1e-12);
        assert_eq!(Archetype::Blade.signature(&DamageBySource::default()), 0.0);
    }

    #[test]
    fn the_fighter_keeps_a_blade_and_the_caster_a_core_from_its_wave() {
        for wave in [1, CASTER_FROM_WAVE, 20] {
            assert_eq!(Archetype::Blade.blade_in_hand(wave), Some(true));
            assert_eq!(Archetype::Turrets.blade_in_hand(wave), None);
        }
        assert_eq!(
            Archetype::Volley.blade_in_hand(VOLLEY_BLADE_THROUGH - 1),
            Some(true)
        );
        assert_eq!(Archetype::Volley.blade_in_hand(VOLLEY_BLADE_THROUGH), None);
        assert_eq!(Archetype::Elemental.blade_in_hand(CASTER_FROM_WAVE - 1), None);
        assert_eq!(Archetype::Elemental.blade_in_hand(CASTER_FROM_WAVE), Some(false));
        assert!(Archetype::Blade.close_quarters());
        assert!(Archetype::ALL.iter().filter(|a| a.close_quarters()).count() == 1);
        assert!(
            Archetype::Volley.horde(),
            "the volley's trials stand a packed horde"
        );
        assert!(Archetype::ALL.iter().filter(|a| a.horde()).count() == 1);
    }

    #[test]
    fn the_fighter_tries_its_cover_bolts_but_no_multiplier() {
        assert!(Archetype::Blade.tries("static_bolt"));
        assert!(!Archetype::Blade.tries("loop_3x5"));
        assert!(!Archetype::Blade.tries("ice_shard"), "fire and ice would fuse");
        assert!(Archetype::Volley.tries("loop_3x5"));
    }
}
