//! What the player wears, and what it adds up to for the fight.
//!
//! [`Equipment::loadout`] is the one road from loot to the fight: every stat
//! change as a `Vec<StatModifier>`, the element shares of a hit, flat element
//! damage, the attack and defence levels, and the hook rules. A rule that is in
//! the catalogue but never reaches this struct does not reach the fight.

use serde::{Deserialize, Serialize};

use crate::element::{Element, ElementShares};
use crate::loot::LootData;
use crate::loot::affix::AffixOutput;
use crate::loot::artifacts::ArtifactInstance;
use crate::loot::enhance::{CraftDef, DamageClass, DefenceLevels};
use crate::loot::hooks::{ConditionalModifiers, HookRule, WhileCondition};
use crate::loot::item::{BaseDef, Condition, Item, Slot};
use crate::stats::{StatId, StatModifier, StatSheet};

/// Why an item or artifact cannot be put on.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EquipError {
    /// Artifacts go in sockets, not slots.
    #[error("`{0}` has no slot")]
    NoSlot(String),
    /// Every socket is taken.
    #[error("all {0} artifact sockets are taken")]
    SocketsFull(u32),
    /// Unknown or duplicate artifact.
    #[error("artifact `{0}` is unknown or already socketed")]
    BadArtifact(String),
}

/// The worn items and the run's artifacts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Equipment {
    /// Core or blade.
    pub hands: Option<Item>,
    /// Suit.
    pub armour: Option<Item>,
    /// Charm, lantern or module.
    pub pocket: Option<Item>,
    /// Bag.
    pub bag: Option<Item>,
    /// Socketed artifacts (shared by the run).
    pub artifacts: Vec<ArtifactInstance>,
    /// Deepest depth ever reached: opens sockets (D40, D75).
    pub record_depth: u32,
}

/// The weapon side of the level contest.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackProfile {
    /// Attack level.
    pub level: i32,
    /// Classes of the physical part of a hit (the element parts use their own class).
    pub classes: Vec<DamageClass>,
    /// Penetration level.
    pub penetration: i32,
    /// Per-hit damage ceiling (simple weapons).
    pub damage_cap: Option<f32>,
    /// Silvered (the Silver enhancement): physical hits reach incorporeal enemies.
    pub silver: bool,
}

/// Everything the equipment gives the fight.
#[derive(Debug, Clone, PartialEq)]
pub struct Loadout {
    /// Unconditional stat changes, for [`StatSheet::apply`].
    pub modifiers: Vec<StatModifier>,
    /// Changes the fight switches on while their condition holds (standing still).
    pub conditional: Vec<ConditionalModifiers>,
    /// Conversions asked for, `(to, fraction)`.
    pub conversions: Vec<(Element, f32)>,
    /// Shares of a physical-native hit after conversion; sum to 1.
    pub shares: ElementShares,
    /// Flat damage per hit by element ([`Element::index`]), added after conversion.
    pub flat_element_damage: [f32; 5],
    /// Weapon levels.
    pub attack: AttackProfile,
    /// The player's defence levels (best item per type).
    pub defences: DefenceLevels,
    /// Rules the fight calls at their hooks.
    pub hooks: Vec<HookRule>,
    /// Melee weapon id when a blade is held.
    pub melee: Option<String>,
    /// Artifact sockets open.
    pub artifact_sockets: u32,
    /// A worn enchantment keeps one chip ready (Store Magic; several count as one).
    pub store_magic: bool,
}

impl Loadout {
    /// A stat sheet with every unconditional modifier applied.
    pub fn stat_sheet(&self) -> StatSheet {
        let mut s = StatSheet::new();
        for m in &self.modifiers {
            s.apply(m);
        }
        s
    }

    /// Damage classes of the part of a hit dealt as `element`: the weapon's
    /// classes for physical, the element's own class otherwise.
    pub fn classes_for(&self, element: Element) -> Vec<DamageClass> {
        match DamageClass::of_element(element) {
            None => self.attack.classes.clone(),
            Some(c) => vec![c],
        }
    }
}

/// One stat before and after a swap, for the comparison panel.
#[derive(Debug, Clone, PartialEq)]
pub struct StatDelta {
    /// Which stat.
    pub stat: StatId,
    /// Value with what is worn.
    pub before: f32,
    /// Value with the candidate.
    pub after: f32,
}

impl Equipment {
    /// The item in `slot`.
    pub fn slot(&self, slot: Slot) -> Option<&Item> {
        match slot {
            Slot::Hands => self.hands.as_ref(),
            Slot::Armour => self.armour.as_ref(),
            Slot::Pocket => self.pocket.as_ref(),
            Slot::Bag => self.bag.as_ref(),
        }
    }

    fn slot_mut(&mut self, slot: Slot) -> &mut Option<Item> {
        match slot {
            Slot::Hands => &mut self.hands,
            Slot::Armour => &mut self.armour,
            Slot::Pocket => &mut self.pocket,
            Slot::Bag => &mut self.bag,
        }
    }

    /// Puts `item` on; returns what was in its slot.
    pub fn equip(&mut self, item: Item, data: &LootData) -> Result<Option<Item>, EquipError> {
        let slot = item
            .class(data)
            .slot()
            .ok_or_else(|| EquipError::NoSlot(item.base.clone()))?;
        Ok(self.slot_mut(slot).replace(item))
    }

    /// Takes the item out of `slot`.
    pub fn unequip(&mut self, slot: Slot) -> Option<Item> {
        self.slot_mut(slot).take()
    }

    /// Sockets open now: by record depth, plus Loan's extra while socketed.
    pub fn artifact_sockets(&self, data: &LootData) -> u32 {
        let extra: u32 = self
            .artifacts
            .iter()
            .filter_map(|a| data.artifacts.get(&a.id))
            .map(|d| d.extra_sockets)
            .sum();
        data.artifacts.sockets_at(self.record_depth) + extra
    }

    /// Sockets an artifact if a socket is free and it is not socketed already.
    pub fn socket(&mut self, artifact: ArtifactInstance, data: &LootData) -> Result<(), EquipError> {
        let def = data
            .artifacts
            .get(&artifact.id)
            .ok_or_else(|| EquipError::BadArtifact(artifact.id.clone()))?;
        if self.artifacts.iter().any(|a| a.id == artifact.id) {
            return Err(EquipError::BadArtifact(artifact.id));
        }
        let open = self.artifact_sockets(data) + def.extra_sockets;
        if self.artifacts.len() as u32 + 1 > open {
            return Err(EquipError::SocketsFull(self.artifact_sockets(data)));
        }
        self.artifacts.push(artifact);
        Ok(())
    }

    /// Removes the artifact at `index`; artifacts past the open sockets (after
    /// removing Loan) fall out too and are returned with it.
    pub fn unsocket(&mut self, index: usize, data: &LootData) -> Vec<ArtifactInstance> {
        let mut out = Vec::new();
        if index < self.artifacts.len() {
            out.push(self.artifacts.remove(index));
        }
        while self.artifacts.len() as u32 > self.artifact_sockets(data) {
            if let Some(a) = self.artifacts.pop() {
                out.push(a);
            }
        }
        out
    }

    /// Adds up everything worn for the fight.
    pub fn loadout(&self, data: &LootData) -> Loadout {
        let best_enchant = self.best_enchantments(data);
        let (mut attack, melee) = self.weapon_attack(data);
        let mut tally = Tally::default();
        for slot in Slot::ALL {
            let Some(item) = self.slot(slot) else { continue };
            let Some(base) = data.bases.get(&item.base) else {
                continue;
            };
            tally.add_item(slot, item, base, data, &best_enchant, &mut attack);
        }
        for inst in &self.artifacts {
            tally.add_artifact(inst, self.armour.is_none(), data);
        }
        let Tally {
            modifiers,
            conditional,
            conversions,
            flat,
            hooks,
            defences,
        } = tally;
        Loadout {
            shares: ElementShares::converted(Element::Physical, &conversions),
            modifiers,
            conditional,
            conversions,
            flat_element_damage: flat,
            attack,
            defences,
            hooks,
            melee,
            artifact_sockets: self.artifact_sockets(data),
            store_magic: best_enchant.iter().any(|d| d.effect.store_magic),
        }
    }

    /// Enchantments never stack across items: the hardest of each family
    /// counts, and only that one is applied.
    fn best_enchantments<'d>(&self, data: &'d LootData) -> Vec<&'d CraftDef> {
        let mut best: Vec<&CraftDef> = Vec::new();
        for item in Slot::ALL.iter().filter_map(|&s| self.slot(s)) {
            if item.condition == Condition::Simple {
                continue;
            }
            for d in item
                .enchantments
                .iter()
                .filter_map(|id| data.enchantments.get(id))
            {
                match best.iter_mut().find(|b| b.family() == d.family()) {
                    Some(b) if b.difficulty < d.difficulty => *b = d,
                    Some(_) => {}
                    None => best.push(d),
                }
            }
        }
        best
    }

    /// The attack levels of the held weapon (or the bare-handed default) and
    /// its melee id when a blade is held, before crafts add to them.
    fn weapon_attack(&self, data: &LootData) -> (AttackProfile, Option<String>) {
        let weapon_base = self
            .hands
            .as_ref()
            .and_then(|i| data.bases.get(&i.base))
            .or_else(|| data.bases.get(&data.bases.default_weapon))
            .and_then(|b| b.weapon.clone());
        let attack = AttackProfile {
            level: weapon_base.as_ref().map_or(1, |w| w.attack_level),
            classes: weapon_base
                .as_ref()
                .map_or_else(|| vec![DamageClass::Blunt], |w| w.classes.clone()),
            penetration: weapon_base.as_ref().map_or(0, |w| w.penetration_level),
            damage_cap: None,
            silver: false,
        };
        let melee = self
            .hands
            .as_ref()
            .and(weapon_base.as_ref())
            .and_then(|w| w.melee.clone());
        (attack, melee)
    }

    /// Every stat that changes if `candidate` replaced what is in its slot.
    pub fn compare(&self, candidate: &Item, data: &LootData) -> Vec<StatDelta> {
        let now = self.loadout(data).stat_sheet();
        let mut other = self.clone();
        if other.equip(candidate.clone(), data).is_err() {
            return Vec::new();
        }
        let then = other.loadout(data).stat_sheet();
        StatId::ALL
            .iter()
            .filter_map(|&stat| {
                let (before, after) = (now.get(stat), then.get(stat));
                ((before - after).abs() > 1e-4).then_some(StatDelta { stat, before, after })
            })
            .collect()
    }
}

/// The running sums of a loadout while the worn items are folded in, in the
/// order the rules stack them.
#[derive(Default)]
struct Tally {
    modifiers: Vec<StatModifier>,
    conditional: Vec<ConditionalModifiers>,
    conversions: Vec<(Element, f32)>,
    flat: [f32; 5],
    hooks: Vec<HookRule>,
    defences: DefenceLevels,
}

impl Tally {
    /// One rolled affix: a stat change, a conversion or a rule.
    fn affix(&mut self, out: Option<AffixOutput>) {
        match out {
            Some(AffixOutput::Modifier(x)) => self.modifiers.push(x),
            Some(AffixOutput::Conversion(e, f)) => self.conversions.push((e, f)),
            Some(AffixOutput::Rule(r)) => self.hooks.push(r),
            None => {}
        }
    }

    /// One enhancement or counted enchantment: its stat changes, flat element
    /// damage and rules.
    fn craft(&mut self, d: &CraftDef) {
        self.modifiers.extend(d.effect.modifiers.iter().copied());
        for e in &d.effect.flat_element_damage {
            self.flat[e.element.index()] += e.amount;
        }
        self.hooks.extend(d.effect.hooks.iter().cloned());
    }

    /// One worn item: its base, affixes and crafts (a simple item keeps only
    /// its base), the attack it lends in the hands, and its defence.
    fn add_item(
        &mut self,
        slot: Slot,
        item: &Item,
        base: &BaseDef,
        data: &LootData,
        best_enchant: &[&CraftDef],
        attack: &mut AttackProfile,
    ) {
        self.modifiers.extend(base.modifiers.iter().copied());
        let simple = item.condition == Condition::Simple;
        if !simple {
            for a in &item.affixes {
                self.affix(data.affixes.effect_of(a));
            }
        }
        let enh: Vec<&CraftDef> = if simple {
            Vec::new()
        } else {
            item.enhancements
                .iter()
                .filter_map(|id| data.enhancements.get(id))
                .collect()
        };
        let ench: Vec<&CraftDef> = item
            .enchantments
            .iter()
            .filter_map(|id| data.enchantments.get(id))
            .filter(|d| !simple && best_enchant.iter().any(|b| std::ptr::eq(*b, *d)))
            .collect();
        for d in enh.iter().chain(ench.iter()) {
            self.craft(d);
        }
        if slot == Slot::Hands {
            if simple {
                attack.level = data.enhancements.failure.simple_attack_level;
                attack.damage_cap = Some(data.enhancements.failure.simple_damage_cap);
            }
            for d in enh.iter().chain(ench.iter()) {
                attack.level += d.effect.attack_level;
                attack.penetration += d.effect.penetration_level;
                attack.silver |= d.effect.silver;
                for c in &d.effect.add_classes {
                    if !attack.classes.contains(c) {
                        attack.classes.push(*c);
                    }
                }
            }
        }
        self.add_defence(item, base, data, &enh, &ench);
    }

    /// The item's own defence joins the best per type; unlightened heavy
    /// armour adds its penalty.
    fn add_defence(
        &mut self,
        item: &Item,
        base: &BaseDef,
        data: &LootData,
        enh: &[&CraftDef],
        ench: &[&CraftDef],
    ) {
        if let Some(a) = &base.armour {
            let mut own = DefenceLevels {
                sharp: a.sharp,
                blunt: a.blunt,
                ..Default::default()
            };
            for d in enh.iter().chain(ench.iter()) {
                own.add(&d.effect.defence);
            }
            if item.condition == Condition::Damaged {
                own = own.lowered(data.enhancements.failure.damaged_defence_loss);
            }
            self.defences.max_with(&own);
            let lightened = ench
                .iter()
                .chain(enh.iter())
                .any(|d| d.effect.removes_heavy_penalty);
            if a.heavy && !lightened {
                self.modifiers
                    .extend(data.bases.heavy_armour_penalty.iter().copied());
            }
        } else {
            let mut own = DefenceLevels::default();
            for d in enh.iter().chain(ench.iter()) {
                own.add(&d.effect.defence);
            }
            self.defences.max_with(&own);
        }
    }

    /// One socketed artifact: its changes (the no-armour ones only when no
    /// suit is worn; standing-still ones wait for the fight), rules and affixes.
    fn add_artifact(&mut self, inst: &ArtifactInstance, no_armour: bool, data: &LootData) {
        let Some(def) = data.artifacts.get(&inst.id) else {
            return;
        };
        self.modifiers.extend(def.modifiers.iter().copied());
        for c in &def.while_ {
            match c.condition {
                WhileCondition::NoArmour if no_armour => self.modifiers.extend(c.modifiers.iter().copied()),
                WhileCondition::NoArmour => {}
                WhileCondition::StandingStill => self.conditional.push(c.clone()),
            }
        }
        self.hooks.extend(def.hooks.iter().cloned());
        for a in &inst.affixes {
            self.affix(data.affixes.effect_of(a));
        }
    }
}
