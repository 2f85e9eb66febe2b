//! `artificer tool ttk`: time to kill each enemy of each wave with the
//! items a run of that depth would wear, from the loot seed's reference
//! attack (docs/game.md#checking-tools), as a table or JSON.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use crate::loot::LootData;
use crate::loot::ttk::{AttackModel, Judge, Target, average_gear, best_gear, dps};

/// Prints the table of `tool ttk`: average (and with `best`, best) items'
/// time to kill per wave and enemy, over `samples` seeded gear draws.
pub(super) fn ttk(
    data: &LootData,
    fight: &crate::waves::FightData,
    model: AttackModel,
    best: bool,
    samples: u32,
    seed: u64,
    json: bool,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rm = &data.drops.run_model;
    let enemies = &fight.enemies.defs;
    let mut rows = Vec::new();
    for (w, wave) in fight.waves.iter().enumerate() {
        let wave_no = w as u32 + 1;
        let depth = rm.depth_of_wave(wave_no);
        let targets: Vec<Target> = enemies
            .iter()
            .map(|e| Target {
                hp: e.hp * wave.hp_mult,
                resist: e.resist,
                armor: e.armor,
            })
            .collect();
        let gears: Vec<_> = (0..samples.max(1))
            .map(|_| average_gear(depth, data, &mut rng).loadout(data))
            .collect();
        let mut cells = Vec::new();
        for (e, t) in enemies.iter().zip(&targets) {
            let avg_dps = gears
                .iter()
                .map(|g| dps(g, model, t, &fight.combat, data))
                .sum::<f32>()
                / gears.len() as f32;
            let best_dps = best.then(|| {
                let judge = Judge {
                    model,
                    target: t,
                    rules: &fight.combat,
                    data,
                };
                dps(
                    &best_gear(depth, &judge).loadout(data),
                    model,
                    t,
                    &fight.combat,
                    data,
                )
            });
            cells.push((e.id.clone(), t.hp, avg_dps, best_dps));
        }
        rows.push((wave_no, depth, cells));
    }
    if json {
        let waves: Vec<_> = rows
            .iter()
            .map(|(w, d, cells)| {
                let enemies: Vec<_> = cells
                    .iter()
                    .map(|(id, hp, a, b)| {
                        json!({"enemy": id, "hp": hp, "average_dps": a, "average_ttk_s": hp / a,
                               "best_dps": b, "best_ttk_s": b.map(|b| hp / b)})
                    })
                    .collect();
                json!({"wave": w, "depth": d, "enemies": enemies})
            })
            .collect();
        outln!(
            "{}",
            json!({"attack": {"base": model.base, "hits_per_s": model.hits_per_s}, "samples": samples, "waves": waves})
        );
        return;
    }
    outln!(
        "time to kill (s), reference attack {} dmg × {}/s, items: core + pocket; {}",
        model.base,
        model.hits_per_s,
        if best {
            "average / best"
        } else {
            "average (add --best for the best items)"
        }
    );
    out!("{:>4} {:>5}", "wave", "depth");
    for e in enemies {
        out!(" {:>15}", e.id);
    }
    outln!();
    for (w, d, cells) in &rows {
        out!("{w:>4} {d:>5}");
        for (_, hp, a, b) in cells {
            let cell = match b {
                Some(b) => format!("{:.1}/{:.1}", hp / a, hp / b),
                None => format!("{:.1}", hp / a),
            };
            out!(" {cell:>15}");
        }
        outln!();
    }
}
