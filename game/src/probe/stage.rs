//! Where a probe is played and with what: a [`Stage`] (the lab's test range,
//! a real wave, a shop, a crafting bench) and a [`Kit`] (the build, bought
//! stats and socketed artifacts). [`play`] runs one kit on one stage through
//! the same `World` the sim and the window run, on the CPU backend.

use std::sync::Arc;

use engine::gpu::Backend;
use glam::Vec2;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::measure::{Measure, Sampler};
use crate::catalog::Catalog;
use crate::loot::artifacts::ArtifactInstance;
use crate::loot::enhance::recipes::{Recipes, check_recipe};
use crate::loot::enhance::{AttemptKind, can_apply};
use crate::loot::item::Item;
use crate::player::StatSource;
use crate::run::{Build, BuildEntries, ShopFor, apply_build, script, shop_pool};
use crate::shop::Shop;
use crate::stats::StatModifier;
use crate::world::{Carry, Dummy, PlayerInput, World};

/// The seed of every probe world: fixed, so with and without differ only by the thing.
pub const PROBE_SEED: u64 = 11;

/// One dummy of a range stage, placed at `offset` from the arena centre.
#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    /// Enemy id.
    pub enemy: String,
    /// Offset from the centre, px.
    pub offset: Vec2,
    /// Hit points (1e6 for a dummy that never dies).
    pub hp: f32,
    /// An elite (elite-bane acts on it).
    pub elite: bool,
}

impl Spot {
    /// A dummy that never dies.
    pub fn dummy(enemy: &str, x: f32, y: f32) -> Self {
        Self {
            enemy: enemy.into(),
            offset: Vec2::new(x, y),
            hp: super::range::DUMMY_HP,
            elite: false,
        }
    }
}

/// Where the fight happens.
#[derive(Debug, Clone, PartialEq)]
pub enum Ground {
    /// The lab's test range with these dummies; `pinned` dummies neither walk nor slide.
    Range {
        /// The dummies.
        spots: Vec<Spot>,
        /// Dummies keep their place (false: pulls and shoves move them).
        pinned: bool,
    },
    /// Wave `n` as the run plays it (its spawns, elites and boss).
    Wave(u32),
    /// `opens` shop stockings; measures the mean rarity of shelf A and B offers.
    Shop(u32),
    /// The crafting bench: whether `second` may join the item's crafts.
    Craft {
        /// Enhancement or enchantment.
        kind: AttemptKind,
        /// The craft tried after the kit's item crafts.
        second: String,
    },
}

/// How the player moves during the fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Walk {
    /// Stands where the stage put it.
    Stand,
    /// Walks as the sim's scripted player does.
    Script,
}

/// A stage: the ground and how the fight is played on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Stage {
    /// Short name for the report ("range: grunt", "wave 3").
    pub name: String,
    /// Where.
    pub ground: Ground,
    /// Seconds of fight.
    pub secs: f32,
    /// Aim override (`None`: auto-aim at the nearest enemy).
    pub aim: Option<Vec2>,
    /// Player's offset from the arena centre at the start.
    pub player_at: Vec2,
    /// Movement.
    pub walk: Walk,
    /// Dash every this many steps.
    pub dash_every: Option<u32>,
    /// Press the stored-chip key every this many steps.
    pub cast_every: Option<u32>,
    /// The player's HP at the start, as a fraction of max.
    pub hp_frac: f32,
}

impl Stage {
    /// A range stage of `secs` seconds, standing at the centre, auto-aiming, full HP.
    pub fn range(name: &str, spots: Vec<Spot>, secs: f32) -> Self {
        Self {
            name: name.into(),
            ground: Ground::Range { spots, pinned: true },
            secs,
            aim: None,
            player_at: Vec2::ZERO,
            walk: Walk::Stand,
            dash_every: None,
            cast_every: None,
            hp_frac: 1.0,
        }
    }

    /// Wave `n` for `secs` seconds.
    pub fn wave(n: u32, secs: f32, walk: Walk) -> Self {
        Self {
            name: format!(
                "wave {n}, {}",
                if walk == Walk::Stand {
                    "standing"
                } else {
                    "walking"
                }
            ),
            ground: Ground::Wave(n),
            secs,
            aim: None,
            player_at: Vec2::ZERO,
            walk,
            dash_every: None,
            cast_every: None,
            hp_frac: 1.0,
        }
    }
}

/// What the player brings.
#[derive(Debug, Clone, PartialEq)]
pub struct Kit {
    /// Core, deck, entries and worn items.
    pub build: Build,
    /// Bought stats (shelf C, level-ups).
    pub mods: Vec<StatModifier>,
    /// Socketed artifacts, by id.
    pub artifacts: Vec<String>,
    /// Enchantment recipes known (the bench stage).
    pub recipes: Vec<String>,
}

impl Kit {
    /// `deck` on `core`, nothing else.
    pub fn deck(core: &str, deck: &[&str]) -> Self {
        Self {
            build: Build {
                core: core.into(),
                deck: deck.iter().map(|s| s.to_string()).collect(),
                entries: BuildEntries::default(),
                equipment: Default::default(),
                items: Vec::new(),
            },
            mods: Vec::new(),
            artifacts: Vec::new(),
            recipes: Vec::new(),
        }
    }

    /// This kit plus stat modifiers.
    pub fn with_mods(mut self, mods: &[StatModifier]) -> Self {
        self.mods.extend_from_slice(mods);
        self
    }

    /// This kit wearing `item`.
    pub fn wearing(mut self, item: Item) -> Self {
        self.build.items.push(item);
        self
    }
}

/// Why a probe could not be played (a bad plan, not a finding).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct StageError(pub String);

/// The enemy the probe leaves out of a wave: swarm fodder dies to any hit
/// and its crowd buries a single effect's difference (a ward's few blocked
/// shots, a wider pickup reach) in noise (docs/balance.md#density).
const SWARM_FODDER: &str = "swarmling";

/// Wave `n` as the run plays it, without its swarm fodder: a probe measures
/// what one effect changes against the wave's archetypes, elites and boss.
/// The fodder group comes last in every wave file, so the elites' group
/// indices still point where they did.
fn probe_wave(cat: &Catalog, n: u32) -> Option<crate::waves::SpawnConfig> {
    let mut cfg = cat.waves.get(n.checked_sub(1)? as usize)?.clone();
    cfg.spawn_groups.retain(|g| g.enemy_id != SWARM_FODDER);
    Some(cfg)
}

/// Plays `kit` on `stage` and measures it.
pub fn play(cat: &Arc<Catalog>, stage: &Stage, kit: &Kit) -> Result<Measure, StageError> {
    match &stage.ground {
        Ground::Shop(opens) => return Ok(shop_rarity(cat, kit, *opens)),
        Ground::Craft { kind, second } => return Ok(craft(cat, kit, *kind, second)),
        _ => {}
    }
    let mut sampler = Sampler::default();
    let fought = fight(cat, stage, kit, PROBE_SEED, |w| sampler.sample(w))?;
    Ok(sampler.finish(&fought.world, &fought.carry, &fought.starts))
}

/// A fight played to its end: the world and carry as it left them, and
/// where each range dummy started (its enemy slot and place).
#[derive(Debug)]
pub struct Fought {
    /// The fight's world (its stats and credit are the wave's so far).
    pub world: World,
    /// The kit as the fight carried it.
    pub carry: Carry,
    /// Range dummies: enemy slot and starting place.
    pub starts: Vec<(u32, Vec2)>,
}

/// Plays `kit` on a fight stage (a range or a wave) from world seed `seed`,
/// calling `each_step` after every step; shop and bench stages are no fight.
pub fn fight(
    cat: &Arc<Catalog>,
    stage: &Stage,
    kit: &Kit,
    seed: u64,
    mut each_step: impl FnMut(&World),
) -> Result<Fought, StageError> {
    let err = |e: &dyn std::fmt::Display| StageError(e.to_string());
    let (mut w, mut carry) = World::new_run(cat.clone(), seed, Backend::Cpu, None).map_err(|e| err(&e))?;
    apply_build(&mut w, &mut carry, &kit.build).map_err(|e| err(&e))?;
    carry.add_stats(StatSource::Shop, &kit.mods);
    w.refresh_stats(&mut carry);
    if !kit.artifacts.is_empty() {
        carry.equipment.record_depth = 1000;
        for id in &kit.artifacts {
            let a = ArtifactInstance {
                id: id.clone(),
                affixes: Vec::new(),
            };
            carry.equipment.socket(a, &cat.loot).map_err(|e| err(&e))?;
        }
        w.refresh_gear(&mut carry);
    }
    let centre = cat.run.world.arena.centre();
    let mut starts = Vec::new();
    match &stage.ground {
        Ground::Range { spots, pinned } => {
            let dummies: Vec<Dummy> = spots
                .iter()
                .map(|s| Dummy {
                    enemy: s.enemy.clone(),
                    pos: centre + s.offset,
                    hp: s.hp,
                })
                .collect();
            // Boss dummies ("boss:<id>") join after the range is set.
            let (bosses, plain): (Vec<&Dummy>, Vec<&Dummy>) =
                dummies.iter().partition(|d| d.enemy.starts_with("boss:"));
            let plain: Vec<Dummy> = plain.into_iter().cloned().collect();
            let mut slots = w.begin_test_range(&mut carry, &plain).map_err(|e| err(&e))?;
            for d in bosses {
                let id = d.enemy.trim_start_matches("boss:");
                let slot = w
                    .spawn_boss_at(id, d.pos)
                    .ok_or_else(|| StageError(format!("unknown boss `{id}`")))?;
                if let Some(e) = w.enemies_mut().get_mut(slot) {
                    e.speed = 0.0;
                    e.hp_max = d.hp;
                    e.hp = d.hp;
                }
                slots.push(slot);
            }
            let spots: Vec<&Spot> = spots
                .iter()
                .filter(|s| !s.enemy.starts_with("boss:"))
                .chain(spots.iter().filter(|s| s.enemy.starts_with("boss:")))
                .collect();
            for (slot, s) in slots.iter().zip(spots) {
                let def_resist = cat.enemies.get(&s.enemy).map_or(0.0, |d| d.knockback_resist);
                if let Some(e) = w.enemies_mut().get_mut(*slot) {
                    e.elite = s.elite;
                    // A range dummy shows what hits do to it; a turned-back
                    // shot would measure the mirror instead.
                    e.reflect = None;
                    if !pinned {
                        e.knockback_resist = def_resist;
                    }
                }
                starts.push((*slot, centre + s.offset));
            }
        }
        Ground::Wave(n) => {
            let cfg = probe_wave(cat, *n).ok_or_else(|| StageError(format!("no wave {n}")))?;
            w.begin_wave_with(&mut carry, &cfg, Vec::new())
                .map_err(|e| err(&e))?
        }
        Ground::Shop(_) | Ground::Craft { .. } => {
            return Err(StageError(format!("{} is no fight", stage.name)));
        }
    }
    w.player.pos = centre + stage.player_at;
    w.player.hp = w.player.hp_max() * stage.hp_frac;
    let steps = (stage.secs / w.dt()).round() as u32;
    for i in 0..steps {
        let mut input = PlayerInput {
            move_dir: match stage.walk {
                Walk::Stand => Vec2::ZERO,
                Walk::Script => script::steer(&w),
            },
            aim: stage.aim,
            dash: stage.dash_every.is_some_and(|k| i % k == 0),
            cast_stored: stage.cast_every.is_some_and(|k| i % k == 0),
        };
        if input.dash && input.move_dir == Vec2::ZERO {
            input.move_dir = Vec2::Y;
        }
        w.step(&mut carry, &input);
        each_step(&w);
    }
    Ok(Fought {
        world: w,
        carry,
        starts,
    })
}

/// Mean rarity of shelf A and B over `opens` stockings for the kit's luck.
fn shop_rarity(cat: &Arc<Catalog>, kit: &Kit, opens: u32) -> Measure {
    let mut sheet = crate::stats::StatSheet::default();
    for m in &kit.mods {
        sheet.apply(m);
    }
    let who = ShopFor {
        raw_registers: false,
        luck: sheet.get(crate::stats::StatId::Luck),
    };
    let pool = shop_pool(cat, who);
    let mut rng = ChaCha8Rng::seed_from_u64(PROBE_SEED);
    let (mut sum, mut n) = (0.0, 0.0);
    for _ in 0..opens {
        let shop = Shop::open(&cat.run.shop, &pool, &mut rng);
        for o in shop.spells.iter().chain(&shop.cores) {
            let rarity = cat
                .spells
                .find(&o.id)
                .map(|i| cat.spells.get(i).rarity)
                .or_else(|| cat.cores.find(&o.id).map(|i| cat.cores.get(i).rarity))
                .unwrap_or(1);
            sum += f64::from(rarity);
            n += 1.0;
        }
    }
    let mut m = Measure::default();
    m.0.insert("shop_rarity".into(), if n > 0.0 { sum / n } else { 0.0 });
    m
}

/// 1 when the kit's first item may take `second` on top of its crafts (and
/// its recipe is known), else 0.
fn craft(cat: &Arc<Catalog>, kit: &Kit, kind: AttemptKind, second: &str) -> Measure {
    let mut recipes = Recipes::default();
    for r in &kit.recipes {
        recipes.learn(r);
    }
    let allowed = kit.build.items.first().is_some_and(|item| {
        can_apply(item, kind, second, &cat.loot).is_ok()
            && check_recipe(kind, second, &recipes, &cat.loot).is_ok()
    });
    let mut m = Measure::default();
    m.0.insert("craft_allowed".into(), if allowed { 1.0 } else { 0.0 });
    m
}
