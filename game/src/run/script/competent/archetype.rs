//! Archetypes (`artificer sim --archetype NAME`, docs/balance.md#archetypes):
//! the competent policy steered toward one kind of build from the normal
//! start. Steering narrows what the policy tries on the range to the
//! archetype's chips ([`Archetype::palette`]); the fighter, once it wears a
//! blade, tries purchases on dummies inside the blade's reach by what the
//! blade deals ([`Archetype::close_quarters`]) and walks up to the crowd,
//! and readies its bolts for the void lord in its last shop
//! ([`Archetype::readies_for_lord`]); the turret builder, the volley, the
//! elemental caster and the heavy hitter try them on a packed horde
//! ([`Archetype::horde`]); the fighter, the volley, the elemental caster
//! and the heavy hitter choose what they hold
//! ([`Archetype::blade_in_hand`]); the heavy hitter readies for the void
//! lord only in the last shop ([`Archetype::purge_from`]). Everything else (the start, the
//! defence, the cores) is the competent policy's own, so the archetype has
//! to earn its wins from the shop as any run does.
//!
//! [`Archetype::Bolts`] is the control beside them: the competent player
//! with every area tool taken away ([`area_tool`]), from its start on, to
//! measure what the crowds of the middle waves ask for.
//!
//! Each archetype names its **signature**: the share of the run's damage,
//! by the coarse source split of [`DamageBySource`], that shows the build
//! played as it says ([`Archetype::signature`]).

use crate::catalog::Catalog;
use crate::vm::SpellKind;
use crate::world::DamageBySource;

/// A kind of build the competent policy can be steered toward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Archetype {
    /// Summoned turrets repeating a multicast payload: the screen fills.
    /// Purchases are tried on a packed horde, where a Pierce in the payload
    /// carries each of a turret's bolts through the crowd round it.
    Turrets,
    /// Multicasts, splitters, pierce and bounce, triggers: many light shots
    /// from the core itself, no turret. Purchases are tried on a packed
    /// horde, where a shot that passes through one enemy meets the next; a
    /// blade found early stays in hand through W10.
    Volley,
    /// Coats and elemental bolts: reactions (conduction on wet, burning,
    /// poison) carry the damage to the crowd; a core item in hand from W10.
    /// Purchases are tried on a packed horde, where a splash and a
    /// reaction's blast meet many enemies.
    Elemental,
    /// The nuke carrier: few, heavy projectiles (the Giant Explosion's
    /// fire shell, the energy orb under stacked damage modifiers and
    /// Pierce, the chain bolt, the singularity), with fire and static bolts
    /// to cover the void lord.
    /// Purchases are tried on a packed horde; a blade found early stays in
    /// hand through W12.
    Heavy,
    /// The fighter: the worn blade carries the run once one drops; the deck
    /// only covers what a blade cannot reach (wraiths, a boss that heals on
    /// physical hits). Purchases are tried with the range's dummies inside
    /// the blade's reach, by what the blade deals.
    Blade,
    /// The control, not one of the archetypes of the balance tables: the
    /// competent player with no area tool (no pierce, blast, sweep,
    /// splitter, trigger or blade), from the start less its Pierce; it
    /// otherwise plays, shops and levels as the unsteered player
    /// (docs/balance.md#area-tools).
    Bolts,
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

/// Through this wave the heavy hitter keeps a blade in hand, as the volley
/// does (docs/balance.md#archetypes: its few shots cannot hold the W5–9
/// crowds while its modifiers stack up).
pub const HEAVY_BLADE_THROUGH: u32 = 12;

/// The fighter's last shops, counted back from the last wave, in which it
/// readies its bolts for the void lord ([`Archetype::readies_for_lord`]).
pub const FIGHTER_READIES_SHOPS: u32 = 1;

/// From this wave on the elemental caster keeps a core item in hand.
pub const CASTER_FROM_WAVE: u32 = 10;

/// Through this wave the volley keeps a blade in hand, even against a
/// rarer core item, and after it a core item (docs/balance.md#archetypes:
/// measured against keeping it through W9, W12 and for the whole run:
/// through W10 it still holds the W5–9 crowds, and from W11 its shots carry
/// the waves whose damage outweighs the rest of the run's).
pub const VOLLEY_BLADE_THROUGH: u32 = 10;

impl Archetype {
    /// Every archetype of the balance document's table, in its order (the
    /// bolts-only control, [`Archetype::Bolts`], is not one of them).
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
            Archetype::Bolts => "bolts",
        }
    }

    /// Whether the archetype's player tries chip `id` on the range: its own
    /// chips and the shared multicasts and modifiers ([`MULTIPLY`]); the
    /// fighter only its own (a multiplied deck would take the blade's work);
    /// the bolts-only control every chip but the area tools, which
    /// [`Archetype::allows`] holds back with the catalog's data.
    pub fn tries(self, id: &str) -> bool {
        self == Archetype::Bolts
            || (self != Archetype::Blade && MULTIPLY.contains(&id))
            || self.palette().contains(&id)
    }

    /// Whether the archetype's player may hold `deck` (slot order): every
    /// deck, but for the bolts-only control, which holds no area tool,
    /// neither a chip ([`area_tool`]) nor what two adjacent chips fuse into
    /// (fire and ice make Steam Burst, a blast).
    pub fn allows(self, cat: &Catalog, deck: &[String]) -> bool {
        if self != Archetype::Bolts {
            return true;
        }
        if deck.iter().any(|id| area_tool(cat, id)) {
            return false;
        }
        let idx: Option<Vec<_>> = deck.iter().map(|id| cat.spells.find(id)).collect();
        idx.is_none_or(|idx| {
            crate::vm::resonance::fuse(&idx, &cat.recipes)
                .iter()
                .all(|f| !area_tool(cat, &cat.spells.get(f.spell).id))
        })
    }

    /// The deck the archetype starts with when it differs from
    /// `starting_deck` in data/world.json: the bolts-only control drops the
    /// start's area chips (its Pierce), so it plays Damage Plus, Double Cast
    /// and two Spark Bolts; the others start as any run.
    pub fn start_deck(self, cat: &Catalog) -> Option<Vec<String>> {
        (self == Archetype::Bolts).then(|| {
            let start = &cat.run.world.starting_deck;
            start.iter().filter(|id| !area_tool(cat, id)).cloned().collect()
        })
    }

    /// Whether the archetype's player wears a blade it finds (a blade's
    /// swing meets every enemy in its arc: the bolts-only control does not).
    pub fn wears_blade(self) -> bool {
        self != Archetype::Bolts
    }

    /// What the archetype keeps in its hands before wave `wave` + 1, when
    /// it has the choice: `Some(true)` a blade, `Some(false)` a core item,
    /// `None` whichever is the better find. The volley keeps a blade through
    /// [`VOLLEY_BLADE_THROUGH`], as the fighter does, while its deck grows
    /// into the piercing carrier; after that a core item, so its shots, not
    /// a blade, carry its late waves. The
    /// heavy hitter does the same through [`HEAVY_BLADE_THROUGH`]. The
    /// elemental
    /// caster takes up a core item from [`CASTER_FROM_WAVE`], once its
    /// reactions carry it.
    pub fn blade_in_hand(self, wave: u32) -> Option<bool> {
        match self {
            Archetype::Blade => Some(true),
            Archetype::Volley => Some(wave < VOLLEY_BLADE_THROUGH),
            Archetype::Heavy if wave < HEAVY_BLADE_THROUGH => Some(true),
            Archetype::Elemental if wave >= CASTER_FROM_WAVE => Some(false),
            Archetype::Bolts => Some(false),
            _ => None,
        }
    }

    /// Whether purchases are tried against a packed horde: the crowd as
    /// dense as a swarm wave's, where a piercing shot strikes one enemy
    /// after another (the volley, the heavy hitter's orb, a turret's
    /// payload), and a coat's
    /// splash or a reaction's blast meets many (the elemental caster).
    /// Scattered round the range, those chips measured as almost nothing.
    pub fn horde(self) -> bool {
        matches!(
            self,
            Archetype::Turrets | Archetype::Volley | Archetype::Elemental | Archetype::Heavy
        )
    }

    /// The wave from which the archetype readies its deck for the void lord
    /// (no physical action bought, each one replaced worth
    /// [`PURGE_BONUS`](super::PURGE_BONUS)): the competent player's
    /// [`PURGE_FROM_WAVE`](super::PURGE_FROM_WAVE), but for the heavy
    /// hitter, whose orbs are its heavy hits, the last shop before W20.
    pub fn purge_from(self, waves: u32) -> u32 {
        match self {
            Archetype::Heavy => waves.saturating_sub(1).max(super::PURGE_FROM_WAVE),
            _ => super::PURGE_FROM_WAVE,
        }
    }

    /// Whether the shop after wave `wave` (of `waves`) is where the
    /// archetype readies for the void lord with shots: the fighter's last
    /// [`FIGHTER_READIES_SHOPS`] shops. The lord heals on the blade's
    /// physical hits through its first half, so the fighter keeps the blade
    /// out of its reach there (docs/balance.md#archetypes) and its bolts
    /// must bring that half down: in these shops it tries the shared
    /// multicasts and modifiers as well, across the range, by all the
    /// damage dealt.
    pub fn readies_for_lord(self, wave: u32, waves: u32) -> bool {
        self == Archetype::Blade && wave + FIGHTER_READIES_SHOPS >= waves
    }

    /// Whether the archetype's player tries chip `id` in the shop after
    /// wave `wave` of `waves`: [`Archetype::tries`], and the shared
    /// multicasts and modifiers where it readies for the void lord
    /// ([`Archetype::readies_for_lord`]).
    pub fn tries_after(self, id: &str, wave: u32, waves: u32) -> bool {
        self.tries(id) || (self.readies_for_lord(wave, waves) && MULTIPLY.contains(&id))
    }

    /// Whether purchases are tried from an empty mana bar (the volley, the
    /// elemental caster, the heavy hitter and the fighter's bolts): these
    /// decks fire without pause into a packed crowd (the fighter's through
    /// the void lord's 180 s), so what counts is what the regeneration
    /// sustains. A trial is short ([`TRIAL_WARMUP_S`](super::TRIAL_WARMUP_S)
    /// plus [`TRIAL_S`](super::TRIAL_S)), and on the full bar a wave opens
    /// with, a deck that spends more than it regains measured as if it
    /// never ran dry: the volley's seed 2 cast 72 times a wave in W3–7 and
    /// fired 39 shots, its actions left unpaid behind its modifiers. From an
    /// empty bar it chose the on-hit carrier, whose payload is paid once,
    /// and fired 974 shots in W18 where it had fired 96. The turret builder
    /// keeps the full bar: a turret is paid up front and fires for 5 s, and
    /// from an empty bar the trial ends before the turrets it pays for
    /// stand, so it stopped building them (docs/balance.md#archetypes).
    pub fn sustained(self) -> bool {
        matches!(
            self,
            Archetype::Volley | Archetype::Elemental | Archetype::Heavy | Archetype::Blade
        )
    }

    /// Whether purchases are tried with the dummies inside a blade's reach
    /// (the fighter's crowd stands at its elbow, not across the screen).
    pub fn close_quarters(self) -> bool {
        self == Archetype::Blade
    }

    /// The archetype's own chips.
    pub fn palette(self) -> &'static [&'static str] {
        match self {
            // A turret fires its payload: a Pierce in it carries each bolt
            // through the crowd round the turret.
            Archetype::Turrets => &[
                "summon_turret",
                "modifier_pierce_plus",
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
            // The Giant Explosion is its own blast: a slow fire shell that
            // bursts over the crowd round what it strikes, and that the void
            // lord does not heal on. Pierce carries a heavy orb through the
            // packed crowd; fire and static bolts under the same modifiers
            // are the heavy hits the lord does not heal on either (its first
            // phase heals on every physical hit, and the orb and the
            // singularity are physical).
            Archetype::Heavy => &[
                "energy_orb",
                "giant_explosion",
                "chain_bolt",
                "gravity_singularity",
                "modifier_pierce_plus",
                "fire_bolt",
                "static_bolt",
            ],
            // Elemental bolts reach what a blade cannot: the wraiths (no
            // physical hit lands) and the void lord (healed by them).
            // Poison is the one element the lord's first half does not
            // resist (fire and lightning a tenth), its stacks tick on while
            // the fighter holds its ring, and a dart beside a fire bolt
            // fuses into Miasma Blaze, a poison blast
            // (docs/balance.md#archetypes). Ice is left out: fire and ice
            // fuse into Steam Burst, which would carry the run instead of
            // the blade.
            Archetype::Blade => &["fire_bolt", "static_bolt", "poison_dart"],
            // Every chip but the area tools (`tries`, `allows`).
            Archetype::Bolts => &[],
        }
    }

    /// The share of `d` that is the archetype's signature: for the turrets,
    /// what turrets' shots dealt, directly and through the explosions and
    /// reaction blasts their hits set off; for the volley,
    /// every direct projectile hit (its shots are the build); for the elemental build,
    /// area blasts (reactions, explosions) and damage over time; for the
    /// heavy hitter, heavy hits and the blasts they set off; for the
    /// fighter, what the blade's hits dealt and the blasts they set off; for
    /// the bolts-only control, every direct projectile hit (what it deals
    /// otherwise, through reactions and the gear's rules, is the area it
    /// could not be denied).
    pub fn signature(self, d: &DamageBySource) -> f64 {
        let total = d.total();
        if total <= 0.0 {
            return 0.0;
        }
        let part = match self {
            Archetype::Turrets => d.turret,
            Archetype::Volley | Archetype::Bolts => d.swarm + d.shots + d.heavy,
            Archetype::Elemental => d.area + d.dot,
            Archetype::Heavy => d.heavy + d.area,
            Archetype::Blade => d.blade,
        };
        part / total
    }
}

/// Whether chip `id` is an area tool: one cast of it strikes more than one
/// enemy (docs/balance.md#area-tools). Read from its data: a shot that
/// pierces, chains, explodes or splashes, or works over an area (a black
/// hole); several pellets at once (a sweep); a modifier that adds pierce or
/// blast radius; a splitter's branches; and every trigger, whose payload is
/// cast again from where its carrier struck, flew or stood (a turret fires
/// its payload at the crowd round it for seconds). Multicasts, loops and
/// damage modifiers are not: each of their shots still strikes one enemy.
pub fn area_tool(cat: &Catalog, id: &str) -> bool {
    let Some(s) = cat.spells.find(id).map(|i| cat.spells.get(i)) else {
        return false;
    };
    let shot = s.projectile.as_ref().is_some_and(|p| {
        p.pierce > 0 || p.chain > 0 || p.explosion_radius > 0.0 || p.count > 1 || p.effect_radius > 0.0
    });
    let modifier = s
        .modifier
        .as_ref()
        .is_some_and(|m| m.add_pierce > 0 || m.add_explosion_radius > 0.0);
    shot || modifier || matches!(s.kind, SpellKind::Splitter | SpellKind::Trigger)
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
        }
        assert_eq!(Archetype::Turrets.blade_in_hand(1), None);
        assert_eq!(
            Archetype::Volley.blade_in_hand(VOLLEY_BLADE_THROUGH - 1),
            Some(true)
        );
        assert_eq!(Archetype::Volley.blade_in_hand(VOLLEY_BLADE_THROUGH), Some(false));
        assert!(Archetype::Volley.sustained() && !Archetype::Turrets.sustained());
        assert!(Archetype::Blade.sustained() && !Archetype::Bolts.sustained());
        assert_eq!(Archetype::Elemental.blade_in_hand(CASTER_FROM_WAVE - 1), None);
        assert_eq!(Archetype::Elemental.blade_in_hand(CASTER_FROM_WAVE), Some(false));
        assert!(Archetype::Blade.close_quarters());
        assert!(Archetype::ALL.iter().filter(|a| a.close_quarters()).count() == 1);
        assert!(
            Archetype::Volley.horde(),
            "the volley's trials stand a packed horde"
        );
        assert!(Archetype::Elemental.horde() && Archetype::Heavy.horde());
        assert!(Archetype::Turrets.horde() && !Archetype::Blade.horde());
        assert_eq!(
            Archetype::Heavy.blade_in_hand(HEAVY_BLADE_THROUGH - 1),
            Some(true)
        );
        assert_eq!(Archetype::Heavy.blade_in_hand(HEAVY_BLADE_THROUGH), None);
        assert_eq!(Archetype::Heavy.purge_from(20), 19);
        assert_eq!(Archetype::Volley.purge_from(20), super::super::PURGE_FROM_WAVE);
    }

    #[test]
    fn the_fighter_tries_its_cover_bolts_but_no_multiplier() {
        assert!(Archetype::Blade.tries("static_bolt"));
        assert!(
            Archetype::Blade.tries("poison_dart"),
            "poison is the one element the void lord does not resist"
        );
        assert!(!Archetype::Blade.tries("loop_3x5"));
        assert!(!Archetype::Blade.tries("ice_shard"), "fire and ice would fuse");
        assert!(Archetype::Volley.tries("loop_3x5"));
        assert!(!Archetype::Blade.tries_after("damage_plus", 20 - FIGHTER_READIES_SHOPS - 1, 20));
        assert!(
            Archetype::Blade.tries_after("damage_plus", 20 - FIGHTER_READIES_SHOPS, 20),
            "its last shop readies the bolts for the void lord"
        );
        assert!(!Archetype::Heavy.readies_for_lord(19, 20));
    }

    #[test]
    fn the_heavy_hitter_tries_its_fire_shell() {
        let cat = Catalog::load(&crate::data::default_root()).expect("data loads");
        assert!(Archetype::Heavy.tries("giant_explosion"));
        assert!(
            !Archetype::Elemental.tries("giant_explosion"),
            "not a coat or a bolt"
        );
        let shell = cat
            .spells
            .get(cat.spells.find("giant_explosion").expect("in data"));
        let p = shell.projectile.as_ref().expect("a shot");
        assert!(shell.in_shop && p.explosion_radius > 0.0 && !p.hurts_caster);
        assert_eq!(
            p.element,
            crate::element::Element::Fire,
            "the void lord's first half heals on physical hits, not on fire"
        );
    }

    fn ids(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_area_tools_are_read_from_the_chips_data() {
        let cat = Catalog::load(&crate::data::default_root()).expect("data loads");
        for id in [
            "modifier_pierce_plus",
            "poison_dart",
            "chain_bolt",
            "water_wave",
            "shotgun_blast",
            "splitter",
            "trigger_hit",
            "summon_turret",
            "gravity_singularity",
        ] {
            assert!(area_tool(&cat, id), "{id} strikes more than one enemy");
        }
        for id in [
            "spark_bolt",
            "energy_orb",
            "double_cast",
            "loop_3x5",
            "damage_plus",
            "fire_bolt",
        ] {
            assert!(!area_tool(&cat, id), "{id} strikes one enemy a shot");
        }
        let bolts = Archetype::Bolts;
        assert!(bolts.allows(&cat, &ids(&["double_cast", "fire_bolt", "spark_bolt"])));
        assert!(
            !bolts.allows(&cat, &ids(&["double_cast", "fire_bolt", "ice_shard"])),
            "adjacent fire and ice fuse into Steam Burst, a blast"
        );
        assert!(Archetype::Volley.allows(&cat, &ids(&["modifier_pierce_plus"])));
        assert!(!super::super::tried(&cat, "summon_turret", Some(bolts), 1));
        assert!(super::super::tried(&cat, "energy_orb", Some(bolts), 1));
        assert!(!bolts.wears_blade() && Archetype::Blade.wears_blade());
    }

    #[test]
    fn the_bolts_control_starts_without_the_pierce() {
        let cat = Catalog::load(&crate::data::default_root()).expect("data loads");
        let start = &cat.run.world.starting_deck;
        assert!(
            start.iter().any(|id| area_tool(&cat, id)),
            "the start holds a Pierce"
        );
        let deck = Archetype::Bolts
            .start_deck(&cat)
            .expect("the control has its own start");
        assert_eq!(deck.len(), start.len() - 1);
        assert!(deck.iter().all(|id| !area_tool(&cat, id)));
        assert_eq!(Archetype::Turrets.start_deck(&cat), None);
        let setup = crate::run::ModeOptions {
            archetype: Some(Archetype::Bolts),
            ..Default::default()
        }
        .setup(&cat, 1, 7, None);
        assert_eq!(setup.build.map(|b| b.deck), Some(deck));
    }
}
