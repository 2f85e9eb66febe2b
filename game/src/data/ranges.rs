//! The declared range of every number in `data/` (docs/data.md#ranges).
//!
//! Types say a field is a number; they cannot say that a dash lasting −1 s
//! or a multiplier of 3.4e38 is nonsense. Every numeric leaf of every data
//! file is therefore held to a range chosen by its key (the field's name,
//! `name[]` inside an array), file-specific rules first, then the classes of
//! [`RULES`], then a general bound no shipped value comes near. A value
//! outside its range is refused before the file is parsed into its type,
//! naming the file, the path, the value and the range, so `artificer data
//! check` and every start report it the same way.

use std::path::Path;

use serde_json::Value;

use super::DataError;

/// An inclusive range a data number must lie in; `positive` also excludes
/// zero (a duration of 0 s divides by zero or never ends).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    /// Smallest accepted value.
    pub min: f64,
    /// Largest accepted value.
    pub max: f64,
    /// Zero is refused too (`min` is then 0).
    pub positive: bool,
    /// What the numbers of this class are, for the message and the docs.
    pub class: &'static str,
}

impl Range {
    const fn new(min: f64, max: f64, class: &'static str) -> Self {
        Self {
            min,
            max,
            positive: false,
            class,
        }
    }

    const fn positive(max: f64, class: &'static str) -> Self {
        Self {
            min: 0.0,
            max,
            positive: true,
            class,
        }
    }

    /// Whether `v` lies inside.
    pub fn holds(&self, v: f64) -> bool {
        v.is_finite() && v >= self.min && v <= self.max && !(self.positive && v <= 0.0)
    }

    /// The range in words, `0 < x ≤ 3600` or `0 ≤ x ≤ 100`.
    pub fn describe(&self) -> String {
        let lo = if self.positive {
            format!("{} < x", self.min)
        } else {
            format!("{} ≤ x", self.min)
        };
        format!("{lo} ≤ {} ({})", self.max, self.class)
    }
}

/// Seconds: at least a millisecond (the shortest step any `step_hz` allows;
/// a spawn interval or timer of 1e-30 s is no duration, it is a loop that
/// never ends), at most an hour.
pub const DURATION: Range = Range::new(0.001, 3600.0, "a duration in seconds, at least 1 ms");
/// A moment inside a wave or a delay that may be zero.
pub const MOMENT: Range = Range::new(0.0, 3600.0, "seconds from a start");
/// A cast delay a chip adds or removes.
pub const CAST_DELAY: Range = Range::new(-60.0, 60.0, "a cast delay change in seconds");
/// A share, chance or fraction.
pub const FRACTION: Range = Range::new(0.0, 1.0, "a probability or fraction");
/// A signed fraction (a boss phase's exit threshold below 0 never exits).
pub const SIGNED_FRACTION: Range = Range::new(-1.0, 1.0, "a signed fraction");
/// A multiplier or weight.
pub const MULTIPLIER: Range = Range::new(0.0, 100.0, "a multiplier or weight");
/// Per-second or per-point rates.
pub const RATE: Range = Range::new(0.0, 1000.0, "a rate per second or per point");
/// Pixels.
pub const DISTANCE: Range = Range::new(0.0, 100_000.0, "a distance in pixels");
/// A radius: a projectile, a blast, a pool or a spawn ring of less than a
/// pixel touches nothing (a zero radius was read as a shot that never hits).
pub const RADIUS: Range = Range::new(1.0, 100_000.0, "a radius in pixels, at least 1");
/// Pixels per second (and per second squared).
pub const SPEED: Range = Range::new(0.0, 100_000.0, "a speed or acceleration in pixels per second");
/// Degrees.
pub const ANGLE: Range = Range::new(0.0, 360.0, "an angle in degrees");
/// Small counts: slots, draws, tiers, levels, materials.
pub const COUNT: Range = Range::new(0.0, 10_000.0, "a count");
/// Gold, fragments, scrap, mana and experience.
pub const AMOUNT: Range = Range::new(0.0, 1_000_000.0, "an amount of gold, mana or experience");
/// Hit points, damage, armour and flat bonuses.
pub const STAT: Range = Range::new(
    0.0,
    10_000_000.0,
    "a stat: hit points, damage, armour or a flat bonus",
);
/// Sizes of buffers the game allocates: bounded by memory.
pub const CAPACITY: Range = Range::new(1.0, 1_048_576.0, "a buffer capacity");
/// A wave number.
pub const WAVE: Range = Range::new(1.0, 1000.0, "a wave number");
/// Loot depth and item level.
pub const DEPTH: Range = Range::new(0.0, 10_000.0, "a loot depth or item level");
/// The fixed step's rate.
pub const STEP_HZ: Range = Range::new(10.0, 1000.0, "steps per second");
/// A flat bonus a level-up, an affix or a chip adds.
pub const BONUS: Range = Range::new(0.0, 10_000.0, "a flat bonus");
/// The arena's sides.
pub const ARENA: Range = Range::positive(100_000.0, "an arena side in pixels");
/// Anything not named below: finite and far from the limits of `f32`.
pub const GENERAL: Range = Range::new(-1_000_000.0, 1_000_000.0, "a data number");

/// A rule: numbers under `key` (in files starting with `file`, if given)
/// take `range`. A key ending in `*` matches every key with that start; one
/// starting with `*` every key with that end.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// A file prefix (`melee.json`, `loot/`), or `None` for every file.
    pub file: Option<&'static str>,
    /// The key pattern.
    pub key: &'static str,
    /// Its range.
    pub range: Range,
}

const fn r(key: &'static str, range: Range) -> Rule {
    Rule {
        file: None,
        key,
        range,
    }
}

const fn rf(file: &'static str, key: &'static str, range: Range) -> Rule {
    Rule {
        file: Some(file),
        key,
        range,
    }
}

/// The ranges, first match wins: file-specific rules, then exact keys, then
/// patterns. docs/data.md#ranges lists the same classes.
pub const RULES: &[Rule] = &[
    // The blade's combo steps scale the blade's own numbers.
    rf("melee.json", "sector", MULTIPLIER),
    rf("melee.json", "damage", STAT),
    rf("melee.json", "knockback", SPEED),
    rf("melee.json", "windup", MULTIPLIER),
    rf("melee.json", "pause", MULTIPLIER),
    rf("melee.json", "parry", DURATION),
    rf("melee.json", "windup_move", FRACTION),
    rf("melee.json", "recover_move", FRACTION),
    // Damage-class weights of enemies and items (share of a hit by class).
    rf("enemies.json", "poison", MULTIPLIER),
    rf("enemies.json", "blunt", MULTIPLIER),
    rf("enemies.json", "sharp", MULTIPLIER),
    rf("enemies.json", "physical", FRACTION),
    rf("loot/rarity.json", "*[]", COUNT),
    rf("loot/rarity.json", "common", FRACTION),
    rf("loot/rarity.json", "marked", FRACTION),
    rf("loot/rarity.json", "rare", FRACTION),
    rf("loot/rarity.json", "relic", FRACTION),
    rf("loot/rarity.json", "base", FRACTION),
    rf("loot/rarity.json", "max", FRACTION),
    rf("balance.json", "max", MULTIPLIER),
    // Exact keys.
    r("cast_delay", CAST_DELAY),
    r("at_sec", MOMENT),
    r("hp_threshold_exit", SIGNED_FRACTION),
    r("step_hz", STEP_HZ),
    r("wave", WAVE),
    r("boss_waves[]", WAVE),
    r("projectile_capacity", CAPACITY),
    r("max_enemies", CAPACITY),
    r("max_alive", CAPACITY),
    r("payload_table_max", CAPACITY),
    r("projectile_cap", CAPACITY),
    r("ops_per_cpu", CAPACITY),
    r("width", ARENA),
    r("height", ARENA),
    r("min_cast_delay", DURATION),
    r("chance", FRACTION),
    r("per_second", RATE),
    r("reach", DISTANCE),
    r("sine_amp", DISTANCE),
    r("homing", RATE),
    r("sine_freq", RATE),
    r("knockback_decay", RATE),
    r("knockback", SPEED),
    r("exponent", MULTIPLIER),
    r("factor", MULTIPLIER),
    r("scale", MULTIPLIER),
    r("sector", MULTIPLIER),
    r("mul", MULTIPLIER),
    r("mul_per_stack", MULTIPLIER),
    r("rarity_weights[]", MULTIPLIER),
    r("separation", FRACTION),
    r("knockback_resist", FRACTION),
    r("slow_factor", FRACTION),
    r("tolerance", FRACTION),
    r("lifesteal", FRACTION),
    r("interest_rate", FRACTION),
    r("fraction", FRACTION),
    r("share", FRACTION),
    r("per_cast", FRACTION),
    r("per_depth", FRACTION),
    r("crit_per_luck", FRACTION),
    r("hp_threshold_enter", FRACTION),
    r("hp_restore_ratio", FRACTION),
    r("regen_on_physical_hit", FRACTION),
    r("PHYSICAL", FRACTION),
    r("FIRE", FRACTION),
    r("ICE", FRACTION),
    r("LIGHTNING", FRACTION),
    r("POISON", FRACTION),
    r("lowest_rolled_tier_fraction", FRACTION),
    r("recover", DURATION),
    r("windup", DURATION),
    r("pause", DURATION),
    r("parry", DURATION),
    r("telegraph", DURATION),
    r("charge_time", DURATION),
    r("recharge", DURATION),
    r("cooldown", DURATION),
    r("lifetime", DURATION),
    r("interval", DURATION),
    r("hp", STAT),
    r("attack", STAT),
    r("damage", STAT),
    r("armor", STAT),
    r("lo", BONUS),
    r("hi", BONUS),
    r("add", BONUS),
    r("base", STAT),
    r("max", STAT),
    r("min", STAT),
    r("value", STAT),
    r("threshold", STAT),
    r("effect_power", STAT),
    r("pool_dps", STAT),
    r("budget", AMOUNT),
    r("mana", AMOUNT),
    r("xp", AMOUNT),
    r("price", AMOUNT),
    r("cost", AMOUNT),
    r("amount", AMOUNT),
    r("floor", AMOUNT),
    r("scrap", AMOUNT),
    r("shards", AMOUNT),
    r("tier", COUNT),
    r("tier_gain", COUNT),
    r("times", COUNT),
    r("every", COUNT),
    r("draw", COUNT),
    r("draws", COUNT),
    r("chain", COUNT),
    r("hits", COUNT),
    r("layers", COUNT),
    r("choices", COUNT),
    r("spells", COUNT),
    r("stats", COUNT),
    r("cores", COUNT),
    r("step", COUNT),
    r("waiting_area", COUNT),
    r("elites_per_wave", COUNT),
    r("extra_sockets", COUNT),
    r("artifact_affixes", COUNT),
    r("seed_runs", COUNT),
    r("capacity", COUNT),
    r("cpu", COUNT),
    r("spells_per_cast", COUNT),
    r("phase", COUNT),
    r("rarity", COUNT),
    r("pierce", COUNT),
    r("bio_core", COUNT),
    r("cryo_core", COUNT),
    r("fire", COUNT),
    r("ice", COUNT),
    r("lightning", COUNT),
    r("poison", COUNT),
    r("blunt", COUNT),
    r("sharp", COUNT),
    r("elemental", COUNT),
    r("reactor_shard", COUNT),
    r("slag", COUNT),
    r("void_slag", COUNT),
    // Patterns, most specific first.
    r("*_per_s", RATE),
    r("*_per_point", RATE),
    r("*_per_layer", STAT),
    r("*_per_tier", COUNT),
    r("*_per_ilvl", STAT),
    r("*_per_kill[]", AMOUNT),
    r("*_chance", FRACTION),
    r("*_fraction", FRACTION),
    r("*_share", FRACTION),
    r("*_ratio", FRACTION),
    r("*_mult", MULTIPLIER),
    r("*_weight", MULTIPLIER),
    r("weight", MULTIPLIER),
    r("*_s", DURATION),
    r("*_sec", DURATION),
    r("*duration", DURATION),
    r("*_lifetime", DURATION),
    r("*_interval", DURATION),
    r("*_cooldown", DURATION),
    r("*_deg", ANGLE),
    // A radius names its unit (`radius_px`) and is still a radius.
    r("*radius_px", RADIUS),
    r("*_px", DISTANCE),
    r("*radius", RADIUS),
    r("*radius_from_player[]", RADIUS),
    r("*_range", DISTANCE),
    r("*_distance", DISTANCE),
    r("*speed", SPEED),
    r("*_accel", SPEED),
    r("*depth", DEPTH),
    r("*_ilvl", DEPTH),
    r("*difficulty", DEPTH),
    r("*_level", COUNT),
    r("level*", COUNT),
    r("*_gold", AMOUNT),
    r("gold*", AMOUNT),
    r("*_cost", AMOUNT),
    r("cost_*", AMOUNT),
    r("mana_*", AMOUNT),
    r("*_cap", STAT),
    r("*_damage", STAT),
    r("*damage_cap", STAT),
    r("*_loss", STAT),
    r("add_*", BONUS),
    r("count*", COUNT),
    r("max_*", COUNT),
    r("*_count", COUNT),
    r("*_max", COUNT),
    r("*_base", COUNT),
    r("*[]", COUNT),
];

/// The range numbers under `key` in `file` must lie in.
pub fn range_of(file: &str, key: &str) -> Range {
    RULES
        .iter()
        .find(|rule| rule.file.is_none_or(|f| file.starts_with(f)) && key_matches(rule.key, key))
        .map_or(GENERAL, |rule| rule.range)
}

fn key_matches(pattern: &str, key: &str) -> bool {
    if let Some(start) = pattern.strip_suffix('*') {
        key.starts_with(start)
    } else if let Some(end) = pattern.strip_prefix('*') {
        key.ends_with(end)
    } else {
        pattern == key
    }
}

/// One number inside a data document.
#[derive(Debug, Clone, PartialEq)]
pub struct Leaf {
    /// Where, as errors print it (`spells[3].mana`).
    pub path: String,
    /// Where, as a JSON pointer (`/spells/3/mana`), to change it.
    pub pointer: String,
    /// The key [`range_of`] reads (`mana`, `gold[]`).
    pub key: String,
    /// The number.
    pub value: f64,
}

/// Every numeric leaf of `value`, in document order.
pub fn numbers(value: &Value) -> Vec<Leaf> {
    let mut out = Vec::new();
    walk(value, String::new(), String::new(), String::new(), &mut out);
    out
}

fn walk(value: &Value, path: String, pointer: String, key: String, out: &mut Vec<Leaf>) {
    match value {
        Value::Number(n) => out.push(Leaf {
            path,
            pointer,
            key,
            value: n.as_f64().unwrap_or(f64::NAN),
        }),
        Value::Object(map) => {
            for (k, v) in map {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                let escaped = k.replace('~', "~0").replace('/', "~1");
                walk(v, p, format!("{pointer}/{escaped}"), k.clone(), out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                walk(
                    v,
                    format!("{path}[{i}]"),
                    format!("{pointer}/{i}"),
                    format!("{key}[]"),
                    out,
                );
            }
        }
        _ => {}
    }
}

/// The first number of `value` (the document of data file `file`) outside
/// its range, as the error `data check` prints.
pub fn check(file: &Path, value: &Value) -> Option<DataError> {
    let name = file.to_string_lossy().replace('\\', "/");
    numbers(value).into_iter().find_map(|leaf| {
        let range = range_of(&name, &leaf.key);
        (!range.holds(leaf.value)).then(|| {
            DataError::new(
                file,
                leaf.path,
                format!("{} is out of range: {}", leaf.value, range.describe()),
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_find_their_class() {
        assert_eq!(range_of("melee.json", "combo_window_s"), DURATION);
        assert_eq!(range_of("world.json", "distance_px"), DISTANCE);
        assert_eq!(range_of("world.json", "burn_per_s"), RATE);
        assert_eq!(range_of("waves/wave_01.json", "duration_sec"), DURATION);
        assert_eq!(range_of("levelups.json", "mul"), MULTIPLIER);
        assert_eq!(range_of("levelups.json", "add"), BONUS);
        assert_eq!(range_of("loot/rarity.json", "rare[]"), COUNT);
        assert_eq!(range_of("x.json", "unheard_of"), GENERAL);
    }

    #[test]
    fn a_value_outside_names_file_path_value_and_range() {
        let doc: Value = serde_json::json!({"phases": {"combo_window_s": -1.0}});
        let e = check(Path::new("melee.json"), &doc).expect("refused");
        assert_eq!(e.path, "phases.combo_window_s");
        assert!(e.message.contains("-1") && e.message.contains("3600"), "{e}");
        let fine: Value = serde_json::json!({"phases": {"combo_window_s": 1.1}});
        assert!(check(Path::new("melee.json"), &fine).is_none());
    }
}
