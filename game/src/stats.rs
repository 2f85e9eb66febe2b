//! Player stats with the base values and caps of docs/game.md#stats-and-caps, and the
//! modifiers that level-ups, the shop, items and artifacts apply to them.
//!
//! One sheet feeds every system (the VM reads `cpu_limit`, the damage pipeline
//! reads the damage stats, movement reads `move_speed`), so a bonus bought
//! anywhere reaches the fight through one place.
//!
//! Caps: past the soft cap a stat gains at half rate; the hard cap clamps. For
//! stats where lower is better (`cast_delay_mod`, `recharge_speed_mod`) the
//! same rule applies downward. The seed lists `recharge_speed_mod` with a soft
//! cap of 5.0 while also saying lower is faster; we read that 5.0 as "five
//! times faster", i.e. a soft floor of 0.2, and give it a hard floor of 0.05.

use serde::{Deserialize, Serialize};

macro_rules! stats {
    ($( $(#[$doc:meta])* $name:ident = $id:literal : base $base:expr, soft $soft:expr, hard $hard:expr, lower $lower:expr; )*) => {
        /// Every player stat. Ids are the seed's (`hp_max`, `cpu_limit`, ...).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum StatId { $( $(#[$doc])* $name, )* }

        impl StatId {
            /// All stats in declaration order (the order of [`StatSheet`] arrays).
            pub const ALL: &'static [StatId] = &[ $( StatId::$name, )* ];

            /// The id used in data files.
            pub fn id(self) -> &'static str { match self { $( StatId::$name => $id, )* } }

            /// Value with no modifiers.
            pub fn base(self) -> f32 { match self { $( StatId::$name => $base, )* } }

            /// Past this, gains count half.
            pub fn soft_cap(self) -> Option<f32> { match self { $( StatId::$name => $soft, )* } }

            /// Never past this.
            pub fn hard_cap(self) -> Option<f32> { match self { $( StatId::$name => $hard, )* } }

            /// True when smaller values are stronger (the caps are floors).
            pub fn lower_is_better(self) -> bool { match self { $( StatId::$name => $lower, )* } }
        }
    };
}

stats! {
    /// Maximum HP.
    HpMax = "hp_max": base 100.0, soft Some(2000.0), hard None, lower false;
    /// HP regenerated per second.
    HpRegen = "hp_regen": base 0.0, soft Some(20.0), hard Some(50.0), lower false;
    /// Global mana ceiling; a core's mana max is capped by it.
    ManaMax = "mana_max": base 100.0, soft Some(1000.0), hard None, lower false;
    /// Extra mana per second added to the active core's regeneration.
    ManaRegen = "mana_regen": base 0.0, soft Some(200.0), hard None, lower false;
    /// Pixels per second.
    MoveSpeed = "move_speed": base 300.0, soft Some(600.0), hard Some(800.0), lower false;
    /// Multiplies every cast delay; lower is faster.
    CastDelayMod = "cast_delay_mod": base 1.0, soft Some(0.1), hard Some(0.01), lower true;
    /// Multiplies every recharge time; lower is faster.
    RechargeSpeedMod = "recharge_speed_mod": base 1.0, soft Some(0.2), hard Some(0.05), lower true;
    /// Crit chance (1 % per point) and better drops.
    Luck = "luck": base 0.0, soft Some(100.0), hard None, lower false;
    /// MAX_OPS = cpu_limit × 40 per cast.
    CpuLimit = "cpu_limit": base 5.0, soft Some(20.0), hard Some(50.0), lower false;
    /// +3 % fire damage and +2 % fire status chance per point.
    AttunementFire = "attunement_fire": base 0.0, soft Some(50.0), hard Some(100.0), lower false;
    /// +3 % ice damage and +2 % freeze/slow chance per point.
    AttunementIce = "attunement_ice": base 0.0, soft Some(50.0), hard Some(100.0), lower false;
    /// +3 % lightning damage and +2 % paralyse chance per point.
    AttunementLightning = "attunement_lightning": base 0.0, soft Some(50.0), hard Some(100.0), lower false;
    /// +3 % poison damage per point and +1 poison stack cap per point (at most 20).
    AttunementPoison = "attunement_poison": base 0.0, soft Some(50.0), hard Some(100.0), lower false;
    /// Flat damage added to every projectile (the ΣAdd term).
    DamageFlat = "damage_flat": base 0.0, soft None, hard None, lower false;
    /// Damage multiplier from the player (a ΠMult factor); 1 = none.
    DamageMult = "damage_mult": base 1.0, soft Some(5.0), hard None, lower false;
    /// Extra crit chance as a fraction, on top of luck.
    CritChance = "crit_chance": base 0.0, soft Some(0.6), hard Some(1.0), lower false;
    /// Crit damage multiplier.
    CritMult = "crit_mult": base 2.0, soft Some(5.0), hard None, lower false;
    /// Flat armour ignored on enemies.
    Penetration = "penetration": base 0.0, soft None, hard None, lower false;
    /// Resistance removed from enemies (0.1 = 10 points).
    ResShred = "res_shred": base 0.0, soft Some(0.5), hard Some(1.0), lower false;
    /// Extra status chance as a fraction.
    StatusChance = "status_chance": base 0.0, soft Some(0.5), hard Some(1.0), lower false;
    /// Flat armour of the player against every hit taken.
    Armor = "armor": base 0.0, soft Some(50.0), hard None, lower false;
    /// Coin pickup radius in px.
    PickupRadius = "pickup_radius": base 60.0, soft Some(300.0), hard Some(1200.0), lower false;
    /// Mana restored per kill.
    ManaLeech = "mana_leech": base 0.0, soft Some(20.0), hard None, lower false;
    /// Fraction of spread removed (0.5 halves every spread angle).
    Accuracy = "accuracy": base 0.0, soft Some(0.6), hard Some(0.9), lower false;
    /// Multiplies the strength of every elemental reaction (1 = none); loot's
    /// reaction affixes and the Double Heart artifact (−35 %) change it.
    ReactionPower = "reaction_power": base 1.0, soft Some(3.0), hard None, lower false;
    /// Chance to shrug off an affliction from an enemy's elemental hit (the
    /// Save enchantments: 1/6 and 2/6, the seed's d6).
    Save = "save": base 0.0, soft Some(0.5), hard Some(0.9), lower false;
    /// Parry chance added to the worn blade's own (the PARRY affix).
    Parry = "parry": base 0.0, soft Some(0.5), hard Some(0.9), lower false;
}

impl StatId {
    /// The name a player reads (screens never show the data id).
    pub fn name(self) -> &'static str {
        match self {
            StatId::HpMax => "Max HP",
            StatId::HpRegen => "HP regeneration",
            StatId::ManaMax => "Max mana",
            StatId::ManaRegen => "Mana regeneration",
            StatId::MoveSpeed => "Move speed",
            StatId::CastDelayMod => "Cast delay",
            StatId::RechargeSpeedMod => "Recharge time",
            StatId::Luck => "Luck",
            StatId::CpuLimit => "CPU limit",
            StatId::AttunementFire => "Fire attunement",
            StatId::AttunementIce => "Ice attunement",
            StatId::AttunementLightning => "Lightning attunement",
            StatId::AttunementPoison => "Poison attunement",
            StatId::DamageFlat => "Flat damage",
            StatId::DamageMult => "Damage multiplier",
            StatId::CritChance => "Crit chance",
            StatId::CritMult => "Crit damage",
            StatId::Penetration => "Penetration",
            StatId::ResShred => "Resistance shred",
            StatId::StatusChance => "Status chance",
            StatId::Armor => "Armour",
            StatId::PickupRadius => "Pickup radius",
            StatId::ManaLeech => "Mana per kill",
            StatId::Accuracy => "Accuracy",
            StatId::ReactionPower => "Reaction power",
            StatId::Save => "Affliction save",
            StatId::Parry => "Parry",
        }
    }

    /// The stat as it reads inside a sentence ("+30 pickup radius", "+4 %
    /// crit chance"): the name with its first letter lowered unless it
    /// starts an acronym (HP, CPU); the damage multiplier reads "damage",
    /// since its number already says it multiplies.
    pub fn words(self) -> String {
        if self == StatId::DamageMult {
            return "damage".into();
        }
        let name = self.name();
        let mut chars = name.chars();
        match (chars.next(), chars.next()) {
            (Some(a), Some(b)) if b.is_lowercase() => {
                format!("{}{}", a.to_lowercase(), &name[a.len_utf8()..])
            }
            _ => name.to_string(),
        }
    }

    /// The stat as its add reads ("+10 % cast speed"): a timing stat's add
    /// is a speed ([`StatSheet::raw`]), any other reads as [`StatId::words`].
    fn add_words(self) -> String {
        match self {
            StatId::CastDelayMod => "cast speed".into(),
            StatId::RechargeSpeedMod => "recharge speed".into(),
            _ => self.words(),
        }
    }

    /// Stats a player reads as a share (0.04 reads "4 %").
    pub fn is_share(self) -> bool {
        matches!(
            self,
            StatId::CritChance
                | StatId::ResShred
                | StatId::StatusChance
                | StatId::Accuracy
                | StatId::Save
                | StatId::Parry
        )
    }

    /// Timing stats whose adds are speeds (lower is better and the value
    /// is a factor): see [`StatSheet::raw`].
    fn is_speed(self) -> bool {
        self.lower_is_better() && self.is_factor()
    }

    /// Stats a player reads as a factor ("×1.08").
    pub fn is_factor(self) -> bool {
        matches!(
            self,
            StatId::DamageMult
                | StatId::CastDelayMod
                | StatId::RechargeSpeedMod
                | StatId::ReactionPower
                | StatId::CritMult
        )
    }

    /// A value of this stat as a player reads it: "×1.08", "4 %", "2.5/s", "315".
    pub fn show(self, v: f32) -> String {
        if self.is_factor() {
            format!("×{v:.2}")
        } else if self.is_share() {
            format!("{} %", trim(v * 100.0))
        } else if matches!(self, StatId::HpRegen | StatId::ManaRegen) {
            format!("{}/s", trim(v))
        } else {
            trim(v)
        }
    }
}

/// A number with at most one decimal, none when it is whole.
fn trim(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

impl StatModifier {
    /// A factor's add as the percentage of the base it adds ("+15 %
    /// damage"), on a timing stat as a speed ("+10 % cast speed"; see
    /// [`StatSheet::raw`]); `None` when there is no add or the stat is not a
    /// factor. The shop, the level-up cards and the codex all read it so.
    pub fn factor_add_words(&self) -> Option<String> {
        if self.add == 0.0 || !self.stat.is_factor() {
            return None;
        }
        let sign = if self.add > 0.0 { "+" } else { "−" };
        Some(format!(
            "{sign}{} % {}",
            trim(self.add.abs() * 100.0),
            self.stat.add_words()
        ))
    }

    /// The change in player words, each number once: "+30 pickup radius",
    /// "+4 % crit chance", "+15 % damage", "−5 % cast delay" (a multiplier
    /// reads as the percentage it adds or takes away).
    pub fn words(&self) -> String {
        let mut parts = Vec::new();
        if let Some(pct) = self.factor_add_words() {
            parts.push(pct);
        } else if self.add != 0.0 {
            let sign = if self.add > 0.0 { "+" } else { "−" };
            let v = if self.stat.is_share() {
                format!("{} %", trim(self.add.abs() * 100.0))
            } else {
                trim(self.add.abs())
            };
            parts.push(format!("{sign}{v} {}", self.stat.words()));
        }
        if self.mul != 1.0 {
            let pct = (self.mul - 1.0) * 100.0;
            let sign = if pct > 0.0 { "+" } else { "−" };
            parts.push(format!("{sign}{} % {}", trim(pct.abs()), self.stat.words()));
        }
        if parts.is_empty() {
            format!("{} unchanged", self.stat.words())
        } else {
            parts.join(", ")
        }
    }
}

/// One change to one stat: `(base + Σadd) × Πmul`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatModifier {
    /// Which stat.
    pub stat: StatId,
    /// Added before multipliers.
    #[serde(default)]
    pub add: f32,
    /// Multiplier (1 = none).
    #[serde(default = "one")]
    pub mul: f32,
}

fn one() -> f32 {
    1.0
}

/// Accumulated modifiers for every stat; read values through [`StatSheet::get`].
#[derive(Debug, Clone, PartialEq)]
pub struct StatSheet {
    add: Vec<f32>,
    mul: Vec<f32>,
}

impl Default for StatSheet {
    fn default() -> Self {
        Self {
            add: vec![0.0; StatId::ALL.len()],
            mul: vec![1.0; StatId::ALL.len()],
        }
    }
}

impl StatSheet {
    /// A sheet at base values.
    pub fn new() -> Self {
        Self::default()
    }

    /// Applies one modifier (order does not matter).
    pub fn apply(&mut self, m: &StatModifier) {
        let i = m.stat as usize;
        self.add[i] += m.add;
        self.mul[i] *= m.mul;
    }

    /// The value before caps.
    ///
    /// Adds stack by summing, never by compounding (docs/game.md#stats-and-caps):
    /// ten "+15 % damage" cards make +150 %, as in the genre's shops. On a
    /// timing stat where lower is better (cast delay, recharge) an add is a
    /// speed: the base is divided by one plus their sum, so "+10 % cast
    /// speed" bought ten times halves the delay instead of reaching zero.
    /// `mul` still multiplies (an item's own factor, an artifact's trade).
    pub fn raw(&self, stat: StatId) -> f32 {
        let i = stat as usize;
        if stat.is_speed() {
            stat.base() / (1.0 + self.add[i]).max(MIN_SPEED) * self.mul[i]
        } else {
            (stat.base() + self.add[i]) * self.mul[i]
        }
    }

    /// The value the game uses: soft cap at half rate, then the hard cap.
    pub fn get(&self, stat: StatId) -> f32 {
        capped(stat, self.raw(stat))
    }
}

/// The lowest one-plus-speed a timing stat's adds can sum to: a run of
/// slowing adds makes a delay at most ten times longer, never infinite.
const MIN_SPEED: f32 = 0.1;

/// Applies the soft and hard caps of `stat` to a raw value.
pub fn capped(stat: StatId, raw: f32) -> f32 {
    let mut v = raw;
    if let Some(soft) = stat.soft_cap() {
        if stat.lower_is_better() {
            if v < soft {
                v = soft - (soft - v) * 0.5;
            }
        } else if v > soft {
            v = soft + (v - soft) * 0.5;
        }
    }
    if let Some(hard) = stat.hard_cap() {
        v = if stat.lower_is_better() {
            v.max(hard)
        } else {
            v.min(hard)
        };
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_values_follow_the_seed() {
        let s = StatSheet::new();
        assert_eq!(s.get(StatId::HpMax), 100.0);
        assert_eq!(s.get(StatId::MoveSpeed), 300.0);
        assert_eq!(s.get(StatId::CpuLimit), 5.0);
        assert_eq!(s.get(StatId::CastDelayMod), 1.0);
    }

    /// A sheet holding `n` copies of the add `add` to `stat`, and that add.
    fn copies(stat: StatId, add: f32, n: usize) -> (StatSheet, StatModifier) {
        let m = StatModifier { stat, add, mul: 1.0 };
        let mut s = StatSheet::new();
        for _ in 0..n {
            s.apply(&m);
        }
        (s, m)
    }

    #[test]
    fn percentage_adds_sum_and_never_compound() {
        let (mut s, paint) = copies(StatId::DamageMult, 0.15, 10);
        assert!((s.get(StatId::DamageMult) - 2.5).abs() < 1e-5);
        // An item's own factor still multiplies the summed adds.
        s.apply(&StatModifier {
            stat: StatId::DamageMult,
            add: 0.0,
            mul: 1.2,
        });
        assert!((s.get(StatId::DamageMult) - 3.0).abs() < 1e-5);
        assert_eq!(paint.words(), "+15 % damage");
    }

    #[test]
    fn timing_adds_are_speeds() {
        let (s, hands) = copies(StatId::CastDelayMod, 0.1, 10);
        assert!((s.get(StatId::CastDelayMod) - 0.5).abs() < 1e-6);
        assert_eq!(hands.words(), "+10 % cast speed");
        // Slowing adds lengthen the delay at most tenfold.
        let (slow, _) = copies(StatId::RechargeSpeedMod, -5.0, 1);
        assert!((slow.get(StatId::RechargeSpeedMod) - 10.0).abs() < 1e-5);
    }

    #[test]
    fn soft_cap_halves_and_hard_cap_clamps() {
        let mut s = StatSheet::new();
        s.apply(&StatModifier {
            stat: StatId::MoveSpeed,
            add: 400.0,
            mul: 1.0,
        });
        assert_eq!(s.get(StatId::MoveSpeed), 650.0); // 700 raw → 600 + 100/2
        s.apply(&StatModifier {
            stat: StatId::MoveSpeed,
            add: 1000.0,
            mul: 1.0,
        });
        assert_eq!(s.get(StatId::MoveSpeed), 800.0);
        let mut c = StatSheet::new();
        c.apply(&StatModifier {
            stat: StatId::CastDelayMod,
            add: 0.0,
            mul: 0.05,
        });
        assert!((c.get(StatId::CastDelayMod) - 0.075).abs() < 1e-6);
    }
}
