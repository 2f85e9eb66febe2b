//! Crafting and enhancement: costs, fracture's real destruction rate, the d6
//! success rule, and failure states.

use game::loot::LootData;
use game::loot::affix::AffixGroup;
use game::loot::crafting::{CraftOutcome, Operation, apply, cost_of, full_item_cost};
use game::loot::enhance::{
    AttemptKind, AttemptOutcome, Craft, Workbench, attempt, roll_success, success_chance,
};
use game::loot::equipment::Equipment;
use game::loot::item::{Condition, Inventory, Item};
use game::loot::materials::MaterialAmounts;
use game::loot::rarity::Rarity;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn data() -> LootData {
    LootData::load(&game::data::default_root()).expect("data/loot loads")
}

fn rich() -> MaterialAmounts {
    MaterialAmounts {
        scrap: 1_000_000,
        bio_core: 1_000_000,
        cryo_core: 1_000_000,
        reactor_shard: 1_000_000,
        void_slag: 1_000_000,
    }
}

fn item_with(d: &LootData, base: &str, ilvl: u32, affixes: &[(&str, u8, f32)]) -> Item {
    let mut it = Item::new(base, ilvl, Rarity::Rare);
    for &(id, tier, roll) in affixes {
        it.affixes
            .push(d.affixes.make(d.affixes.get(id).unwrap(), tier, roll));
    }
    it
}

/// The bench of an attempt, from the test's loose parts.
fn bench<'a>(
    inventory: &'a mut Inventory,
    bag: &'a mut MaterialAmounts,
    skill: u32,
    data: &'a LootData,
) -> Workbench<'a> {
    Workbench {
        inventory,
        bag,
        skill,
        data,
    }
}

#[test]
fn operation_costs_follow_the_seed() {
    let d = data();
    let it = item_with(
        &d,
        "wand_core",
        100,
        &[("damage_pct", 9, 0.5), ("convert_ice", 7, 0.5)],
    );
    // Reforge: 4 scrap × top tier 9.
    assert_eq!(
        cost_of(Operation::Reforge, &it, &d).unwrap(),
        MaterialAmounts {
            scrap: 36,
            ..Default::default()
        }
    );
    // Excise the T7 element affix: 1 reactor shard × 7.
    assert_eq!(
        cost_of(Operation::Excise(1), &it, &d).unwrap(),
        MaterialAmounts {
            reactor_shard: 7,
            ..Default::default()
        }
    );
    // Graft a damage affix: T9 fits (295 − 98 left), 2 bio-cores × 9.
    assert_eq!(
        cost_of(Operation::Graft(AffixGroup::Damage), &it, &d).unwrap(),
        MaterialAmounts {
            bio_core: 18,
            ..Default::default()
        }
    );
    assert_eq!(
        cost_of(Operation::Ascend, &it, &d).unwrap(),
        MaterialAmounts {
            bio_core: 6,
            reactor_shard: 1,
            ..Default::default()
        }
    );
    assert_eq!(
        cost_of(Operation::Fracture, &it, &d).unwrap(),
        MaterialAmounts {
            void_slag: 3,
            ..Default::default()
        }
    );
    // Defence affixes do not go on a core.
    assert!(cost_of(Operation::Graft(AffixGroup::Defence), &it, &d).is_err());
    // The seed's full T9 item: ≈ 340 scrap, 90 cores, 22 shards, 6 slag.
    let full = full_item_cost(&d);
    assert_eq!(
        (
            full.scrap,
            full.bio_core + full.cryo_core,
            full.reactor_shard,
            full.void_slag
        ),
        (324, 96, 22, 6)
    );
}

#[test]
fn paying_and_refusing() {
    let d = data();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut inv = Inventory {
        items: vec![item_with(&d, "saber", 30, &[("damage_pct", 3, 0.0)])],
    };
    let mut bag = MaterialAmounts {
        scrap: 11,
        ..Default::default()
    };
    assert!(apply(Operation::Reforge, &mut inv, 0, &mut bag, &d, &mut rng).is_err());
    assert_eq!(bag.scrap, 11, "nothing is paid for a refused operation");
    bag.scrap = 12;
    assert_eq!(
        apply(Operation::Reforge, &mut inv, 0, &mut bag, &d, &mut rng).unwrap(),
        CraftOutcome::Done
    );
    assert_eq!(bag.scrap, 0);
    assert_eq!(inv.items[0].affixes[0].tier, 3);
}

#[test]
fn fracture_destroys_twelve_percent_and_really_removes_the_item() {
    let d = data();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let n = 20_000u32;
    let mut destroyed = 0u32;
    let mut bag = rich();
    for _ in 0..n {
        let mut inv = Inventory {
            items: vec![
                item_with(&d, "knife", 60, &[("crit_chance", 5, 0.5)]),
                item_with(&d, "charm", 10, &[]),
            ],
        };
        match apply(Operation::Fracture, &mut inv, 0, &mut bag, &d, &mut rng).unwrap() {
            CraftOutcome::Destroyed(it) => {
                destroyed += 1;
                assert_eq!(inv.items.len(), 1, "the item is gone");
                assert_eq!(it.base, "knife");
                assert_eq!(inv.items[0].base, "charm");
            }
            CraftOutcome::Done => {
                assert_eq!(inv.items.len(), 2);
                assert_eq!(inv.items[0].affixes[0].tier, 7, "+2 tiers");
                assert_eq!(inv.items[0].budget_loss, 1.0);
            }
        }
    }
    // Binomial: mean 0.12, σ = sqrt(0.12 · 0.88 / 20 000) = 0.0023; allow 4σ.
    let rate = destroyed as f64 / n as f64;
    assert!((rate - 0.12).abs() < 4.0 * 0.0023, "destroy rate {rate}");
}

#[test]
fn success_rate_is_skill_minus_difficulty_over_six() {
    assert_eq!(success_chance(5, 5), 0.0);
    assert_eq!(success_chance(8, 5), 0.5);
    assert_eq!(success_chance(11, 5), 1.0);
    assert_eq!(success_chance(20, 18), 2.0 / 6.0);
    assert_eq!(success_chance(3, 10), 0.0);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let n = 30_000u32;
    for margin in 0..=7u32 {
        let skill = 10 + margin;
        let ok = (0..n).filter(|_| roll_success(skill, 10, &mut rng)).count() as f64 / n as f64;
        let p = success_chance(skill, 10);
        let sigma = (p * (1.0 - p) / n as f64).sqrt();
        assert!(
            (ok - p).abs() <= 4.0 * sigma + 1e-12,
            "margin {margin}: {ok} vs {p}"
        );
    }
}

#[test]
fn skill_grows_with_record_depth_to_twenty() {
    let d = data();
    let s = &d.enhancements.skill;
    assert_eq!(s.at(0), 5);
    assert_eq!(s.at(60), 15);
    assert_eq!(s.at(90), 20);
    assert_eq!(s.at(100), 20);
}

#[test]
fn failure_states() {
    let d = data();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut bag = rich();
    // Skill 5 against difficulty 5 never succeeds.
    let mut inv = Inventory {
        items: vec![
            item_with(&d, "saber", 30, &[]),
            item_with(&d, "mail_suit", 30, &[]),
        ],
    };
    let out = attempt(
        &mut bench(&mut inv, &mut bag, 5, &d),
        Craft {
            index: 0,
            kind: AttemptKind::Enhancement,
            id: "hone_2",
        },
        &mut rng,
    )
    .unwrap();
    assert_eq!(out, AttemptOutcome::Failed(Condition::Simple));
    let out = attempt(
        &mut bench(&mut inv, &mut bag, 5, &d),
        Craft {
            index: 1,
            kind: AttemptKind::Enhancement,
            id: "lining",
        },
        &mut rng,
    )
    .unwrap();
    assert_eq!(out, AttemptOutcome::Failed(Condition::Damaged));
    // A worn item must be reforged before the next attempt; reforging repairs.
    assert!(
        attempt(
            &mut bench(&mut inv, &mut bag, 20, &d),
            Craft {
                index: 0,
                kind: AttemptKind::Enhancement,
                id: "hone_1"
            },
            &mut rng
        )
        .is_err()
    );
    apply(Operation::Reforge, &mut inv, 0, &mut bag, &d, &mut rng).unwrap();
    assert_eq!(inv.items[0].condition, Condition::Normal);

    // A simple weapon: attack level 1, damage capped; damaged armour: −3 defence.
    let mut eq = Equipment::default();
    let mut simple = item_with(&d, "cleaver", 30, &[("damage_pct", 2, 1.0)]);
    simple.condition = Condition::Simple;
    eq.equip(simple, &d).unwrap();
    let mut plate = item_with(&d, "plate_suit", 60, &[]);
    plate.enhancements.push("sturdy_2".into());
    plate.condition = Condition::Damaged;
    eq.equip(plate, &d).unwrap();
    let l = eq.loadout(&d);
    assert_eq!(l.attack.level, 1);
    assert_eq!(l.attack.damage_cap, Some(20.0));
    assert!(
        l.modifiers
            .iter()
            .all(|m| m.stat != game::stats::StatId::DamageMult || m.mul == 1.0),
        "bonuses off"
    );
    // Plate 2 sharp + Sturdy II 2 = 4, −3 = 1; blunt 1 + 2 − 3 = 0.
    assert_eq!((l.defences.sharp, l.defences.blunt), (1, 0));

    // Legendary failure destroys and removes the item.
    let mut inv = Inventory {
        items: vec![item_with(&d, "saber", 60, &[])],
    };
    let out = attempt(
        &mut bench(&mut inv, &mut bag, 18, &d),
        Craft {
            index: 0,
            kind: AttemptKind::Enhancement,
            id: "hone_3",
        },
        &mut rng,
    )
    .unwrap();
    assert!(matches!(out, AttemptOutcome::Destroyed(_)));
    assert!(inv.items.is_empty());

    // A failed enchantment on an expanded item loses the expansion and every enchantment.
    let mut it = item_with(&d, "wand_core", 60, &[]);
    it.enchantments = vec!["enchant_expansion".into(), "scorch_2".into()];
    let mut inv = Inventory { items: vec![it] };
    let out = attempt(
        &mut bench(&mut inv, &mut bag, 5, &d),
        Craft {
            index: 0,
            kind: AttemptKind::Enchantment,
            id: "frost_2",
        },
        &mut rng,
    )
    .unwrap();
    assert_eq!(out, AttemptOutcome::Failed(Condition::Simple));
    assert!(inv.items[0].enchantments.is_empty());
}

#[test]
#[expect(clippy::too_many_lines, reason = "a test scenario read top to bottom")]
fn slots_grades_and_expansion() {
    let d = data();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut bag = rich();
    let mut inv = Inventory {
        items: vec![item_with(&d, "saber", 60, &[])],
    };
    // Skill 20 against difficulty ≤ 14 always succeeds.
    assert_eq!(
        attempt(
            &mut bench(&mut inv, &mut bag, 20, &d),
            Craft {
                index: 0,
                kind: AttemptKind::Enhancement,
                id: "hone_2"
            },
            &mut rng
        )
        .unwrap(),
        AttemptOutcome::Success
    );
    // One enhancement slot by default.
    assert!(
        attempt(
            &mut bench(&mut inv, &mut bag, 20, &d),
            Craft {
                index: 0,
                kind: AttemptKind::Enhancement,
                id: "pierce_1"
            },
            &mut rng
        )
        .is_err()
    );
    // Deep Craft opens a second (and takes none itself).
    inv.items[0].enhancements.push("deep_craft".into());
    assert_eq!(
        attempt(
            &mut bench(&mut inv, &mut bag, 20, &d),
            Craft {
                index: 0,
                kind: AttemptKind::Enhancement,
                id: "pierce_1"
            },
            &mut rng
        )
        .unwrap(),
        AttemptOutcome::Success
    );
    assert!(
        attempt(
            &mut bench(&mut inv, &mut bag, 20, &d),
            Craft {
                index: 0,
                kind: AttemptKind::Enhancement,
                id: "links"
            },
            &mut rng
        )
        .is_err()
    );
    // A scrap-iron item (ilvl < 25) takes nothing above difficulty 5.
    let mut inv = Inventory {
        items: vec![item_with(&d, "saber", 10, &[])],
    };
    assert!(
        attempt(
            &mut bench(&mut inv, &mut bag, 20, &d),
            Craft {
                index: 0,
                kind: AttemptKind::Enhancement,
                id: "links"
            },
            &mut rng
        )
        .is_err()
    );
    // Class and base requirements.
    let mut inv = Inventory {
        items: vec![
            item_with(&d, "wand_core", 60, &[]),
            item_with(&d, "mail_suit", 60, &[]),
        ],
    };
    assert!(
        attempt(
            &mut bench(&mut inv, &mut bag, 20, &d),
            Craft {
                index: 0,
                kind: AttemptKind::Enhancement,
                id: "links"
            },
            &mut rng
        )
        .is_err(),
        "links needs a blade"
    );
    assert!(
        attempt(
            &mut bench(&mut inv, &mut bag, 20, &d),
            Craft {
                index: 1,
                kind: AttemptKind::Enhancement,
                id: "stud"
            },
            &mut rng
        )
        .is_err(),
        "stud is for leather"
    );
}
