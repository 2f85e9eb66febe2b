//! What a player reads for a chip, a core or a stat offer: its display name
//! (never the data id) and a tooltip with its numbers, shown on hover in the
//! shop and the lab.

use std::fmt::Write as _;

use crate::catalog::Catalog;
use crate::vm::SpellKind;

/// A chip's display name (the id only if the data lacks the chip).
pub fn spell_name(cat: &Catalog, id: &str) -> String {
    cat.spells
        .find(id)
        .map_or_else(|| id.to_string(), |i| cat.spells.get(i).name.clone())
}

/// A core's display name.
pub fn core_name(cat: &Catalog, id: &str) -> String {
    cat.cores
        .find(id)
        .map_or_else(|| id.to_string(), |i| cat.cores.get(i).name.clone())
}

/// A stat offer's display name (it carries its number: "Heart stone: +20 max HP").
pub fn stat_offer_name(cat: &Catalog, id: &str) -> String {
    cat.run
        .shop
        .stat_offers
        .iter()
        .find(|o| o.id == id)
        .map_or_else(|| id.to_string(), |o| o.name.clone())
}

/// A chip kind as a player reads it.
pub fn kind_name(k: SpellKind) -> &'static str {
    match k {
        SpellKind::Action => "Action",
        SpellKind::Modifier => "Modifier",
        SpellKind::Multicast => "Multicast",
        SpellKind::Trigger => "Trigger",
        SpellKind::Logic => "Logic",
        SpellKind::Register => "Register",
        SpellKind::Counter => "Counter",
        SpellKind::Splitter => "Splitter",
    }
}

fn signed(x: f32, unit: &str) -> String {
    if x >= 0.0 {
        format!("+{x:.2}{unit}")
    } else {
        format!("{x:.2}{unit}")
    }
}

/// A chip's numbers: kind, mana, cast-delay and recharge effects, what its
/// projectile does or what it changes, and its price (and sell value, when
/// `sell` is given).
pub fn spell_tip(cat: &Catalog, id: &str, sell: Option<u64>) -> String {
    let Some(i) = cat.spells.find(id) else {
        return String::new();
    };
    let s = cat.spells.get(i);
    let mut t = format!("{} — {}\n{}\n", s.name, kind_name(s.kind), s.description);
    let _ = write!(
        t,
        "Mana {:.0}   cast delay {}",
        s.mana,
        signed(s.cast_delay, " s")
    );
    if s.recharge != 0.0 {
        let _ = write!(t, "   recharge {}", signed(s.recharge, " s"));
    }
    if s.hp_cost > 0.0 {
        let _ = write!(t, "   costs {:.0} HP", s.hp_cost);
    }
    if let Some(u) = s.uses {
        let _ = write!(t, "   {u} uses");
    }
    if let Some(p) = &s.projectile {
        // A trigger's carrier hits for its share of the projectile's damage:
        // the one number the lab's cycle shows for it too.
        let (damage, what) = match &s.trigger {
            Some(tr) => (p.damage * tr.carrier_damage_mult, "Carrier damage"),
            None => (p.damage, "Damage"),
        };
        let _ = write!(
            t,
            "\n{what} {damage:.1} {}   speed {:.0} px/s   lifetime {:.1} s",
            p.element.name(),
            p.speed,
            p.lifetime
        );
        if p.count > 1 {
            let _ = write!(t, "   ×{} (spread {:.0}°)", p.count, p.spread_deg);
        }
        let extras: Vec<String> = [
            (p.pierce > 0).then(|| format!("pierce {}", p.pierce)),
            (p.bounces > 0).then(|| format!("bounces {}", p.bounces)),
            (p.chain > 0).then(|| format!("chains {}", p.chain)),
            (p.homing > 0.0).then(|| format!("homing {:.1} rad/s", p.homing)),
            (p.explosion_radius > 0.0).then(|| format!("explodes {:.0} px", p.explosion_radius)),
            (p.status_chance > 0.0).then(|| format!("status {:.0} %", p.status_chance * 100.0)),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !extras.is_empty() {
            let _ = write!(t, "\n{}", extras.join("   "));
        }
    }
    if let Some(m) = &s.modifier {
        let changes: Vec<String> = [
            (m.add_damage != 0.0).then(|| format!("damage {}", signed(m.add_damage, ""))),
            (m.damage_mult != 1.0).then(|| format!("damage ×{:.2}", m.damage_mult)),
            (m.add_speed != 0.0).then(|| format!("speed {}", signed(m.add_speed, " px/s"))),
            (m.speed_mult != 1.0).then(|| format!("speed ×{:.2}", m.speed_mult)),
            (m.add_spread_deg != 0.0).then(|| format!("spread {}", signed(m.add_spread_deg, "°"))),
            (m.add_radius != 0.0).then(|| format!("radius {}", signed(m.add_radius, " px"))),
            (m.lifetime_mult != 1.0).then(|| format!("lifetime ×{:.2}", m.lifetime_mult)),
            (m.homing != 0.0).then(|| format!("homing {:.1} rad/s", m.homing)),
            (m.add_pierce != 0).then(|| format!("pierce +{}", m.add_pierce)),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !changes.is_empty() {
            let _ = write!(t, "\nNext spell: {}", changes.join(", "));
        }
    }
    if let Some(d) = s.draw {
        let _ = write!(t, "\nDraws {d}");
    }
    let _ = write!(t, "\nPrice {} gold", s.price);
    if let Some(v) = sell {
        let _ = write!(t, "   sells for {v}");
    }
    t
}

/// A core's numbers: slots, spells per cast, cast delay, recharge, mana.
pub fn core_tip(cat: &Catalog, id: &str, sell: Option<u64>) -> String {
    let Some(i) = cat.cores.find(id) else {
        return String::new();
    };
    let c = cat.cores.get(i);
    let mut t = format!(
        "{}\n{}\n{} slots   {} spell(s) per cast   cast delay {:.2} s   recharge {:.2} s\nMana {:.0} (+{:.0}/s)",
        c.name,
        c.description,
        c.capacity,
        c.spells_per_cast,
        c.cast_delay,
        c.recharge,
        c.mana_max,
        c.mana_regen
    );
    if c.shuffle {
        t.push_str("   shuffles its deck");
    }
    if !c.always_cast.is_empty() {
        let names: Vec<String> = c.always_cast.iter().map(|a| spell_name(cat, a)).collect();
        let _ = write!(t, "\nAlways casts: {}", names.join(", "));
    }
    let _ = write!(t, "\nPrice {} gold", c.price);
    if let Some(v) = sell {
        let _ = write!(t, "   sells for {v}");
    }
    t
}

/// A stat offer's numbers: each stat it changes and by how much.
pub fn stat_offer_tip(cat: &Catalog, id: &str) -> String {
    let Some(o) = cat.run.shop.stat_offers.iter().find(|o| o.id == id) else {
        return String::new();
    };
    let mut t = o.name.clone();
    for m in &o.modifiers {
        let _ = write!(t, "\n{}", m.words());
    }
    let _ = write!(t, "\nPrice {} gold", o.price);
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_tips_read_the_data() {
        let cat = Catalog::load(&crate::data::default_root()).expect("data loads");
        assert_eq!(spell_name(&cat, "spark_bolt"), "Spark Bolt");
        assert_eq!(core_name(&cat, "starter_core"), "Apprentice Core");
        let tip = spell_tip(&cat, "spark_bolt", Some(25));
        assert!(
            tip.contains("Mana 5") && tip.contains("+0.05 s") && tip.contains("Damage 3.0"),
            "{tip}"
        );
        assert!(
            tip.contains("Price 50 gold") && tip.contains("sells for 25"),
            "{tip}"
        );
        let core = core_tip(&cat, "starter_core", None);
        assert!(
            core.contains("6 slots") && core.contains("cast delay 0.25 s"),
            "{core}"
        );
        let offer = stat_offer_tip(&cat, "heart_stone");
        assert!(
            offer.contains("+20 max HP") && offer.contains("Price 60 gold"),
            "{offer}"
        );
    }
}
