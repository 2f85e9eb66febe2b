//! The inert guard (`artificer tool inert`): for everything a player can buy,
//! pick or find, a short seeded probe fight with it and without it, and what
//! moved. A thing whose claimed figures do not move is *inert*: the player
//! would pay for nothing. The test `game/tests/vm/inert.rs` keeps the list empty.
//!
//! What counts as a thing: every shop chip and core (`in_shop`, priced), every
//! shelf-C stat offer, every level-up, every affix kind, every artifact, every
//! enhancement and every enchantment. Plans are in [`plan`], stages in
//! [`stage`], figures in [`measure`].

pub mod measure;
pub mod measure_build;
pub mod plan;
pub mod range;
pub mod stage;
pub mod worker;

use std::sync::Arc;

use serde::Serialize;

pub use measure::Measure;
pub use plan::Plan;
pub use stage::{Kit, Stage, StageError};

use crate::catalog::Catalog;
use crate::loot::enhance::AttemptKind;
use crate::vm::SpellIdx;

/// What kind of thing a player gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ThingKind {
    /// A shop chip.
    Chip,
    /// A shop core.
    Core,
    /// A shelf-C stat offer.
    StatOffer,
    /// A level-up choice.
    LevelUp,
    /// An affix kind (on dropped items).
    Affix,
    /// An artifact.
    Artifact,
    /// An enhancement (smithing).
    Enhancement,
    /// An enchantment.
    Enchantment,
    /// An enchantment's recipe (learned for gold at the bench).
    Recipe,
}

impl ThingKind {
    /// The id used in the report.
    pub fn id(self) -> &'static str {
        match self {
            ThingKind::Chip => "chip",
            ThingKind::Core => "core",
            ThingKind::StatOffer => "stat_offer",
            ThingKind::LevelUp => "level_up",
            ThingKind::Affix => "affix",
            ThingKind::Artifact => "artifact",
            ThingKind::Enhancement => "enhancement",
            ThingKind::Enchantment => "enchantment",
            ThingKind::Recipe => "recipe",
        }
    }
}

/// One thing a player can get.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Thing {
    /// Kind.
    pub kind: ThingKind,
    /// Data id.
    pub id: String,
    /// The name a player sees.
    pub name: String,
}

/// Everything a player can buy, pick or find, in catalogue order.
pub fn everything(cat: &Catalog) -> Vec<Thing> {
    let mut out = Vec::new();
    let mut push = |kind, id: &str, name: &str| {
        out.push(Thing {
            kind,
            id: id.to_string(),
            name: name.to_string(),
        })
    };
    for i in 0..cat.spells.len() as u32 {
        let s = cat.spells.get(SpellIdx(i));
        if s.in_shop && s.price > 0 {
            push(ThingKind::Chip, &s.id, &s.name);
        }
    }
    for c in cat.cores.iter().filter(|c| c.price > 0) {
        push(ThingKind::Core, &c.id, &c.name);
    }
    for o in &cat.run.shop.stat_offers {
        push(ThingKind::StatOffer, &o.id, &o.name);
    }
    for u in &cat.run.economy.levelups.upgrades {
        push(ThingKind::LevelUp, &u.id, &u.name);
    }
    for a in &cat.loot.affixes.affixes {
        push(ThingKind::Affix, &a.id, &a.line);
    }
    for a in &cat.loot.artifacts.artifacts {
        push(ThingKind::Artifact, &a.id, &a.name);
    }
    for e in &cat.loot.enhancements.enhancements {
        push(ThingKind::Enhancement, &e.id, &e.name);
    }
    for e in &cat.loot.enchantments.enchantments {
        push(ThingKind::Enchantment, &e.id, &e.name);
    }
    for e in &cat.loot.enchantments.enchantments {
        push(ThingKind::Recipe, &e.id, &format!("Recipe: {}", e.name));
    }
    out
}

/// The plan for one thing (`None` when its id is unknown to the catalogue).
pub fn plan_for(cat: &Catalog, thing: &Thing) -> Option<Plan> {
    let id = thing.id.as_str();
    match thing.kind {
        ThingKind::Chip => cat.spells.find(id).map(|i| plan::chip_plan(cat.spells.get(i))),
        ThingKind::Core => Some(plan::core_plan(cat, id)),
        ThingKind::StatOffer => cat
            .run
            .shop
            .stat_offers
            .iter()
            .find(|o| o.id == id)
            .map(|o| plan::mods_plan(&o.modifiers)),
        ThingKind::LevelUp => cat
            .run
            .economy
            .levelups
            .upgrades
            .iter()
            .find(|u| u.id == id)
            .map(|u| plan::mods_plan(&u.modifiers)),
        ThingKind::Affix => plan::affix_plan(cat, id),
        ThingKind::Artifact => plan::artifact_plan(cat, id),
        ThingKind::Enhancement => cat
            .loot
            .enhancements
            .get(id)
            .map(|d| plan::craft_plan(cat, AttemptKind::Enhancement, d)),
        ThingKind::Enchantment => cat
            .loot
            .enchantments
            .get(id)
            .map(|d| plan::craft_plan(cat, AttemptKind::Enchantment, d)),
        ThingKind::Recipe => cat.loot.enchantments.get(id).map(|d| plan::recipe_plan(cat, d)),
    }
}

/// A claimed figure and its two values.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Claim {
    /// Figure name.
    pub figure: String,
    /// Without the thing.
    pub without: f64,
    /// With it.
    pub with: f64,
    /// The two differ.
    pub moved: bool,
}

/// What one probe found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    /// The thing.
    #[serde(flatten)]
    pub thing: Thing,
    /// Stage name.
    pub stage: String,
    /// Claimed figures.
    pub claims: Vec<Claim>,
    /// Every figure that moved, `(name, without, with)`.
    pub moved: Vec<(String, f64, f64)>,
    /// A claimed figure did not move (or the probe could not be played).
    pub inert: bool,
    /// Why the probe could not be played, if it could not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Plays one thing's probe.
pub fn probe(cat: &Arc<Catalog>, thing: &Thing) -> Finding {
    let fail = |stage: String, e: String| Finding {
        thing: thing.clone(),
        stage,
        claims: Vec::new(),
        moved: Vec::new(),
        inert: true,
        error: Some(e),
    };
    let Some(plan) = plan_for(cat, thing) else {
        return fail(String::new(), "no probe plan: unknown id".into());
    };
    let without = match stage::play(cat, &plan.stage, &plan.without) {
        Ok(m) => m,
        Err(e) => return fail(plan.stage.name.clone(), format!("without: {e}")),
    };
    let with = match stage::play(cat, &plan.stage, &plan.with) {
        Ok(m) => m,
        Err(e) => return fail(plan.stage.name.clone(), format!("with: {e}")),
    };
    let claims: Vec<Claim> = plan
        .claims
        .iter()
        .map(|f| Claim {
            figure: f.to_string(),
            without: without.get(f),
            with: with.get(f),
            moved: measure::differs(without.get(f), with.get(f)),
        })
        .collect();
    let moved = without
        .moved(&with)
        .into_iter()
        .map(|k| {
            let (a, b) = (without.get(&k), with.get(&k));
            (k, a, b)
        })
        .collect();
    Finding {
        thing: thing.clone(),
        stage: plan.stage.name.clone(),
        inert: claims.is_empty() || claims.iter().any(|c| !c.moved),
        claims,
        moved,
        error: None,
    }
}

/// Probes every thing whose id or kind contains `filter` (all with `None`).
pub fn probe_all(cat: &Arc<Catalog>, filter: Option<&str>) -> Vec<Finding> {
    everything(cat)
        .iter()
        .filter(|t| filter.is_none_or(|f| t.id.contains(f) || t.kind.id() == f))
        .map(|t| probe(cat, t))
        .collect()
}
