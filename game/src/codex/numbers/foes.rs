//! Enemies and bosses: their numbers and the waves that bring them.

use crate::catalog::Catalog;
use crate::codex::Affinity;
use crate::codex::Entry;
use crate::codex::Section;
use crate::element::Element;
use crate::enemies::AiKind;

use super::Numbers;
use super::entry;
use super::num;
use super::pct;

/// "1–4, 6, 9–12" from sorted wave numbers.
pub(super) fn wave_ranges(waves: &[u32]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < waves.len() {
        let start = waves[i];
        let mut end = start;
        while i + 1 < waves.len() && waves[i + 1] == end + 1 {
            i += 1;
            end = waves[i];
        }
        parts.push(if end == start {
            format!("{start}")
        } else {
            format!("{start}–{end}")
        });
        i += 1;
    }
    parts.join(", ")
}

pub(super) fn resist_line(resist: [f32; 5]) -> Option<String> {
    let parts: Vec<String> = Element::ALL
        .iter()
        .zip(resist)
        .filter(|(_, r)| *r != 0.0)
        .map(|(e, r)| format!("{} {}", e.id(), pct(r)))
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

pub(super) fn enemy(cat: &Catalog, e: &crate::enemies::EnemyDef) -> Entry {
    let mut n = Numbers::default();
    if e.elite {
        n.add("Rank", "elite");
    }
    n.add("HP", num(e.hp));
    n.add("Speed", format!("{} px/s", num(e.speed)));
    n.add("Contact damage", num(e.attack));
    n.nonzero("Armour", e.armor, |v| v.to_string());
    if let Some(r) = resist_line(e.resist) {
        n.add("Resists", r);
    }
    let d = e.defence;
    let levels: Vec<String> = [
        ("sharp", d.sharp),
        ("blunt", d.blunt),
        ("fire", d.fire),
        ("ice", d.ice),
        ("lightning", d.lightning),
        ("poison", d.poison),
        ("every element", d.elemental),
    ]
    .iter()
    .filter(|(_, l)| *l != 0)
    .map(|(c, l)| format!("{c} {l}"))
    .collect();
    if !levels.is_empty() {
        n.add("Defence levels", levels.join(", "));
    }
    n.nonzero("Knockback resistance", e.knockback_resist, |_| {
        pct(e.knockback_resist)
    });
    if let Some(m) = e.reflect {
        n.add("Reflects", reflects(m.min_physical_share, m.arc_deg));
    }
    if e.incorporeal {
        n.add("Incorporeal", "physical hits pass through unless silvered");
    }
    let mut tags = Vec::new();
    match e.ai {
        AiKind::Seek => n.add("Moves", "straight at you"),
        AiKind::Charger(c) => n.add(
            "Charge",
            format!(
                "winds up {} s within {} px, then charges for {} s",
                num(c.windup),
                num(c.trigger_range),
                num(c.charge_time)
            ),
        ),
        AiKind::Spitter(s) => n.add(
            "Spit",
            format!(
                "{} damage every {} s from {}–{} px",
                num(s.shot_damage * e.damage_mult),
                num(s.interval),
                num(s.min_range),
                num(s.max_range)
            ),
        ),
        AiKind::Poisoner(p) => {
            tags.push(Affinity::Poison);
            n.add(
                "Poison pools",
                format!(
                    "{} damage/s in {} px for {} s, every {} s",
                    num(p.pool_dps * e.damage_mult),
                    num(p.pool_radius),
                    num(p.pool_duration),
                    num(p.interval)
                ),
            );
        }
    }
    n.add("XP", num(e.xp));
    n.add("Gold", format!("{}–{}", e.gold[0], e.gold[1]));
    let waves: Vec<u32> = cat
        .waves
        .iter()
        .filter(|w| {
            w.spawn_groups.iter().any(|g| g.enemy_id == e.id)
                || w.elite_overrides.iter().any(|o| o.enemy_id == e.id)
        })
        .map(|w| w.wave)
        .collect();
    if !waves.is_empty() {
        n.add("Waves", wave_ranges(&waves));
    }
    entry(
        Section::Enemies,
        &e.id,
        &e.name,
        n,
        tags,
        "Meet this enemy in a fight",
    )
}

pub(super) fn boss(b: &crate::enemies::bosses::BossDef) -> Entry {
    let mut n = Numbers::default();
    n.add("Wave", b.wave.to_string());
    n.add("HP", num(b.hp));
    let phases = b.phases.len();
    n.add(
        "Phases",
        match &b.ng_plus_phase {
            Some(_) => format!("{phases} (+1 in NG+)"),
            None => phases.to_string(),
        },
    );
    n.add("Speed", format!("{} px/s", num(b.speed)));
    n.add("Contact damage", num(b.attack));
    n.add(
        "Shots",
        format!("{} {} damage", num(b.shot.damage), b.shot.element.id()),
    );
    n.nonzero("Armour", b.armor, |v| v.to_string());
    if let Some(l) = &b.armor_layers {
        n.add(
            "Armour layers",
            format!(
                "{} of {} armour each, stripped by {}",
                l.layers,
                num(l.armor_per_layer),
                l.stripped_by.id()
            ),
        );
    }
    if let Some(m) = &b.mirror {
        n.add("Reflects", reflects(m.min_physical_share, m.arc_deg));
    }
    if let Some(s) = &b.barrage_shield {
        n.add(
            "Barrage shield",
            format!(
                "{} hits within {} s raise it for {} s",
                num(s.hits),
                num(s.window_s),
                num(s.duration_s)
            ),
        );
    }
    for p in &b.phases {
        let mut line = format!("from {} HP", pct(p.hp_threshold_enter));
        if let Some(r) = resist_line(p.resistances.to_array()) {
            line.push_str(&format!("; resists {r}"));
        }
        if p.regen_on_physical_hit > 0.0 {
            line.push_str(&format!(
                "; heals {} per physical hit",
                pct(p.regen_on_physical_hit)
            ));
        }
        n.add(format!("Phase {}", p.phase), line);
    }
    n.add("XP", num(b.xp));
    let tags = Affinity::of_element(b.shot.element).into_iter().collect();
    entry(
        Section::Bosses,
        &b.boss_id,
        &b.display_name,
        n,
        tags,
        "Face this boss in a run",
    )
}

// ---------------------------------------------------------------- reactions

/// What a mirror front turns back (a shield bearer's and the mirror mage's).
fn reflects(min_physical_share: f32, arc_deg: f32) -> String {
    format!(
        "shots at least {} physical, across a {}° front",
        pct(min_physical_share),
        num(arc_deg)
    )
}
