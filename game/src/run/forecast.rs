//! The shop's forecast of the coming waves (docs/screens.md#shop): for each
//! of the next few waves, whether a boss comes or a swarm, which enemy kinds
//! come, their armour and resistances in words, and the elements that do
//! well against them. Read from `data/waves` and `data/enemies.json` and the
//! boss files, the same data the waves are fought from.

use crate::catalog::Catalog;
use crate::element::Element;

/// One coming wave in words.
#[derive(Debug, Clone, PartialEq)]
pub struct WaveForecast {
    /// Wave number.
    pub wave: u32,
    /// The boss's name, when the wave has one.
    pub boss: Option<String>,
    /// The enemy kinds, most numerous first.
    pub kinds: Vec<String>,
    /// Armour and resistances in words ("Tank brute: armour 5, resists physical 20 %").
    pub defences: Vec<String>,
    /// Elements no kind of the wave resists, physical last when armour or an
    /// incorporeal body blunts it.
    pub good: Vec<&'static str>,
}

/// The forecasts of waves `first ..= first + count - 1` that the game has.
pub fn forecast(cat: &Catalog, first: u32, count: u32) -> Vec<WaveForecast> {
    (first..first.saturating_add(count))
        .filter_map(|n| {
            cat.waves
                .get(n.checked_sub(1)? as usize)
                .map(|cfg| one(cat, n, cfg))
        })
        .collect()
}

fn pct(v: f32) -> String {
    format!("{:.0} %", v * 100.0)
}

/// One wave's forecast.
fn one(cat: &Catalog, wave: u32, cfg: &crate::waves::SpawnConfig) -> WaveForecast {
    let mut groups: Vec<&crate::waves::SpawnGroup> = cfg.spawn_groups.iter().collect();
    groups.sort_by(|a, b| b.weight.total_cmp(&a.weight));
    let mut kinds = Vec::new();
    let mut defences = Vec::new();
    let mut resisted = [0.0f32; 5];
    let mut blunts_physical = false;
    for g in &groups {
        let Some(e) = cat.enemies.get(&g.enemy_id) else {
            continue;
        };
        if kinds.contains(&e.name) {
            continue;
        }
        kinds.push(e.name.clone());
        let mut words = Vec::new();
        if e.armor > 0.0 {
            words.push(format!("armour {:.0}", e.armor));
            blunts_physical |= e.armor >= 3.0;
        }
        if e.incorporeal {
            words.push("physical hits pass through".to_string());
            blunts_physical = true;
        }
        for (el, r) in Element::ALL.iter().zip(e.resist) {
            if r > 0.0 {
                words.push(format!("resists {} {}", el.name().to_lowercase(), pct(r)));
            } else if r < 0.0 {
                words.push(format!("weak to {} ({})", el.name().to_lowercase(), pct(-r)));
            }
            resisted[el.index()] = resisted[el.index()].max(r);
        }
        if !words.is_empty() {
            defences.push(format!("{}: {}", e.name, words.join(", ")));
        }
    }
    let boss = cfg
        .boss
        .as_ref()
        .and_then(|b| cat.bosses.get(&b.boss_id))
        .map(|b| {
            let mut words = vec![format!("{:.0} HP", b.hp)];
            if b.armor > 0.0 {
                words.push(format!("armour {:.0}", b.armor));
            }
            if let Some(l) = &b.armor_layers {
                words.push(format!(
                    "{} armour layers, stripped by {}",
                    l.layers,
                    l.stripped_by.name().to_lowercase()
                ));
            }
            if let Some(p) = b.phases.first() {
                for (el, r) in Element::ALL.iter().zip(p.resistances.to_array()) {
                    if r > 0.0 {
                        words.push(format!("resists {} {}", el.name().to_lowercase(), pct(r)));
                        resisted[el.index()] = resisted[el.index()].max(r);
                    }
                }
                if p.regen_on_physical_hit > 0.0 {
                    words.push("heals from physical hits".to_string());
                    blunts_physical = true;
                }
            }
            if b.mirror.is_some() {
                words.push("turns shots back from its front".to_string());
            }
            defences.insert(0, format!("{}: {}", b.display_name, words.join(", ")));
            b.display_name.clone()
        });
    let mut good: Vec<&'static str> = Element::ALL
        .iter()
        .filter(|el| resisted[el.index()] <= 0.0)
        .filter(|el| **el != Element::Physical || !blunts_physical)
        .map(|el| el.name())
        .collect();
    if good.is_empty() {
        // Everything is resisted somewhere: the least resisted.
        let least = Element::ALL
            .iter()
            .min_by(|a, b| resisted[a.index()].total_cmp(&resisted[b.index()]))
            .map(|e| e.name());
        good.extend(least);
    }
    WaveForecast {
        wave,
        boss,
        kinds,
        defences,
        good,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eighth_wave_warns_of_its_boss_and_the_first_is_a_swarm() {
        let cat = Catalog::load(&crate::data::default_root()).expect("data loads");
        let f = forecast(&cat, 6, 3);
        assert_eq!(f.iter().map(|w| w.wave).collect::<Vec<_>>(), [6, 7, 8]);
        let w8 = &f[2];
        assert!(w8.boss.is_some(), "wave 8 has a boss: {w8:?}");
        assert!(w8.defences[0].starts_with(w8.boss.as_deref().unwrap_or("")));
        assert!(f[0].boss.is_none());
        assert!(!f[0].kinds.is_empty() && !f[0].good.is_empty());
        // Past the last wave, nothing is forecast.
        assert!(forecast(&cat, cat.waves.len() as u32 + 1, 3).is_empty());
    }
}
