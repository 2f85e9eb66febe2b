//! Items reach the fight: known rolls give exactly the expected modifiers,
//! shares, levels and damage; artifacts, sockets, pity and material bands.

use game::element::Element;
use game::loot::LootData;
use game::loot::artifacts::ArtifactInstance;
use game::loot::drops::{DropSource, PityState, roll_drops};
use game::loot::enhance::{DamageClass, LevelOutcome, resolve_levels};
use game::loot::equipment::Equipment;
use game::loot::hooks::{Hook, HookEffect};
use game::loot::item::Item;
use game::loot::rarity::Rarity;
use game::stats::StatId;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn data() -> LootData {
    LootData::load(&game::data::default_root()).expect("data/loot loads")
}

/// An affix at the tier and roll that gives exactly `value` (checked).
fn exact(d: &LootData, id: &str, tier: u8, value: f32) -> game::loot::affix::RolledAffix {
    let def = d.affixes.get(id).unwrap();
    let (lo, hi) = def.range(&d.affixes.tiers, tier);
    let roll = (value - lo) / (hi - lo);
    assert!(
        (0.0..=1.0).contains(&roll),
        "{id} T{tier}: {value} not in [{lo}, {hi}]"
    );
    let a = d.affixes.make(def, tier, roll);
    assert!((a.value - value).abs() < 1e-3);
    a
}

#[test]
fn known_rolls_reach_the_stats_and_the_damage_formula() {
    // The seed's --descend check: a weapon with known rolls, worn.
    let d = data();
    let mut gun = Item::new("wand_core", 100, Rarity::Rare);
    gun.affixes = vec![
        exact(&d, "damage_pct", 8, 50.0),
        exact(&d, "convert_ice", 6, 40.0),
        exact(&d, "penetration", 9, 8.0),
    ];
    let mut suit = Item::new("mail_suit", 100, Rarity::Marked);
    suit.affixes = vec![exact(&d, "hp_max", 6, 40.0), exact(&d, "armor", 9, 6.0)];
    let mut eq = Equipment::default();
    let before = eq.loadout(&d).stat_sheet();
    eq.equip(gun, &d).unwrap();
    eq.equip(suit, &d).unwrap();
    let l = eq.loadout(&d);
    let s = l.stat_sheet();
    assert_eq!(before.get(StatId::DamageMult), 1.0);
    assert!((s.get(StatId::DamageMult) - 1.5).abs() < 1e-5);
    assert!(
        (s.get(StatId::HpMax) - 140.0).abs() < 1e-4,
        "{}",
        s.get(StatId::HpMax)
    );
    // Mail suit base armour 2 + rolled 6.
    assert!((s.get(StatId::Armor) - 8.0).abs() < 1e-4);
    assert!((s.get(StatId::Penetration) - 8.0).abs() < 1e-4);
    // Element shares: physical 1.00 -> 0.60, ice 0.40, sum 1.000.
    assert!((l.shares.get(Element::Physical) - 0.6).abs() < 1e-5);
    assert!((l.shares.get(Element::Ice) - 0.4).abs() < 1e-5);
    assert!((l.shares.total() - 1.0).abs() < 1e-6);
    // Levels: wand core is attack 2, blunt; mail suit defends sharp 1.
    assert_eq!(l.attack.level, 2);
    assert_eq!(l.attack.classes, vec![DamageClass::Blunt]);
    assert_eq!((l.defences.sharp, l.defences.blunt), (1, 0));
    // A 10-damage spark: (10 + 0) × 1.5 = 15, against armour 5 with no defence level.
    let o = resolve_levels(l.attack.level, &[0], l.attack.penetration, &d.enhancements.levels);
    assert_eq!(
        o,
        LevelOutcome::Hit {
            damage_mult: 1.0,
            armor_delta: 0.0
        }
    );
    assert_eq!(
        o.damage(
            10.0 * s.get(StatId::DamageMult),
            0.0,
            (5.0 - s.get(StatId::Penetration)).max(0.0)
        ),
        15.0
    );
}

#[test]
fn enhancements_and_enchantments_reach_the_loadout() {
    let d = data();
    let mut saber = Item::new("saber", 60, Rarity::Common);
    saber.enhancements = vec!["deep_craft".into(), "links".into(), "pierce_2".into()];
    saber.enchantments = vec!["scorch_2".into()];
    let mut plate = Item::new("plate_suit", 60, Rarity::Common);
    plate.enhancements = vec!["sturdy_1".into()];
    plate.enchantments = vec!["ward_magic_2".into()];
    let mut eq = Equipment::default();
    eq.equip(saber, &d).unwrap();
    eq.equip(plate, &d).unwrap();
    let l = eq.loadout(&d);
    assert_eq!(l.attack.level, 3);
    assert_eq!(l.attack.classes, vec![DamageClass::Sharp, DamageClass::Blunt]);
    assert_eq!(l.attack.penetration, 2);
    assert_eq!(
        l.flat_element_damage[Element::Fire.index()],
        10.0,
        "Scorch II: +10 fire (seed)"
    );
    assert_eq!(l.melee.as_deref(), Some("saber"));
    // Plate 2/1 + Sturdy I; magic ward 2 beats the fire level 1 from Sturdy I.
    assert_eq!(l.defences.against(DamageClass::Sharp), 3);
    assert_eq!(l.defences.against(DamageClass::Blunt), 2);
    assert_eq!(l.defences.against(DamageClass::Fire), 2);
    // Heavy armour slows: move speed × 0.9.
    assert!((l.stat_sheet().get(StatId::MoveSpeed) - 270.0).abs() < 1e-3);
}

#[test]
fn the_same_enchantment_never_stacks_across_items() {
    let d = data();
    let mut charm = Item::new("charm", 60, Rarity::Common);
    charm.enchantments = vec!["vigour_3".into()];
    let mut eq = Equipment::default();
    eq.equip(charm, &d).unwrap();
    let one = eq.loadout(&d).stat_sheet().get(StatId::HpMax);
    // A second source of the same family (vigour I on the armour, if it could carry it)
    // is modelled by a suit with a ward: different family, both count.
    let mut suit = Item::new("cloth_coat", 60, Rarity::Common);
    suit.enchantments = vec!["ward_impact_2".into()];
    eq.equip(suit, &d).unwrap();
    let l = eq.loadout(&d);
    assert_eq!(l.stat_sheet().get(StatId::HpMax), one + 5.0, "cloth coat +5");
    assert_eq!(
        l.stat_sheet().get(StatId::Armor),
        10.0,
        "Impact Ward II: +10 (seed)"
    );
    // Two scorch enchantments in one loadout: only the strongest counts.
    let mut gun = Item::new("wand_core", 60, Rarity::Common);
    gun.enchantments = vec!["enchant_expansion".into(), "scorch_1".into(), "scorch_4".into()];
    eq.equip(gun, &d).unwrap();
    assert_eq!(eq.loadout(&d).flat_element_damage[Element::Fire.index()], 20.0);
}

#[test]
fn descriptions_follow_the_seed_format() {
    let d = data();
    let mut it = Item::new("saber", 60, Rarity::Rare);
    it.affixes = vec![exact(&d, "crit_chance", 5, 12.0)];
    it.enhancements = vec!["links".into()];
    it.enchantments = vec!["scorch_2".into()];
    let lines = it.describe(&d);
    assert_eq!(lines[0], "Chain Scorch II Keen Fine-steel Saber");
    assert!(
        lines.contains(&"attack level 3, sharp damage".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"+12% critical chance (T5)".to_string()),
        "{lines:?}"
    );
    let sep = lines.iter().position(|l| l.starts_with("----")).unwrap();
    assert_eq!(lines[sep + 1], "Enhancement [Chain] also deals blunt damage");
    assert_eq!(lines[sep + 2], "Enchantment [Scorch II] +10 fire damage per hit");
}

#[test]
fn the_eight_artifacts_are_rules_with_a_price() {
    let d = data();
    for id in [
        "glass_fist",
        "double_heart",
        "ash_stride",
        "debt",
        "geiger_counter",
        "quiet_step",
        "loan",
        "empty_hand",
    ] {
        let a = d.artifacts.get(id).unwrap_or_else(|| panic!("{id} missing"));
        assert!(!a.price.is_empty());
    }
    let mut eq = Equipment::default();
    eq.socket(
        ArtifactInstance {
            id: "glass_fist".into(),
            affixes: vec![],
        },
        &d,
    )
    .unwrap();
    let s = eq.loadout(&d).stat_sheet();
    assert!((s.get(StatId::DamageMult) - 2.4).abs() < 1e-5);
    assert!((s.get(StatId::HpMax) - 40.0).abs() < 1e-4);
    // One socket at the start.
    assert!(
        eq.socket(
            ArtifactInstance {
                id: "debt".into(),
                affixes: vec![]
            },
            &d
        )
        .is_err()
    );
    eq.record_depth = 40;
    eq.socket(
        ArtifactInstance {
            id: "debt".into(),
            affixes: vec![],
        },
        &d,
    )
    .unwrap();
    let l = eq.loadout(&d);
    assert!(
        l.hooks
            .iter()
            .any(|h| h.on == Hook::OnDeath && matches!(h.effect, HookEffect::Revive { .. }))
    );
    eq.record_depth = 75;
    assert_eq!(eq.artifact_sockets(&d), 3);
    // Loan sits in one socket and opens two.
    eq.socket(
        ArtifactInstance {
            id: "loan".into(),
            affixes: vec![],
        },
        &d,
    )
    .unwrap();
    assert_eq!(eq.artifact_sockets(&d), 5);
    eq.socket(
        ArtifactInstance {
            id: "ash_stride".into(),
            affixes: vec![],
        },
        &d,
    )
    .unwrap();
    // Empty hand: only without armour.
    eq.socket(
        ArtifactInstance {
            id: "empty_hand".into(),
            affixes: vec![],
        },
        &d,
    )
    .unwrap();
    let bare = eq.loadout(&d).stat_sheet().get(StatId::DamageMult);
    assert!((bare - 2.4 * 1.9).abs() < 1e-4);
    eq.equip(Item::new("cloth_coat", 1, Rarity::Common), &d).unwrap();
    assert!((eq.loadout(&d).stat_sheet().get(StatId::DamageMult) - 2.4).abs() < 1e-5);
    // Removing Loan drops what no longer fits.
    let idx = eq.artifacts.iter().position(|a| a.id == "loan").unwrap();
    let out = eq.unsocket(idx, &d);
    assert_eq!(out.len(), 2);
    assert_eq!(eq.artifacts.len(), 3);
}

#[test]
fn pity_guarantees_an_artifact_after_sixty_depth() {
    let mut d = data();
    for s in [
        &mut d.drops.sources.wave_end,
        &mut d.drops.sources.elite,
        &mut d.drops.sources.boss,
    ] {
        s.artifact_chance = 0.0;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut pity = PityState::default();
    let mut got = Vec::new();
    for wave in 1..=20 {
        let depth = d.drops.run_model.depth_of_wave(wave);
        if roll_drops(DropSource::WaveEnd, depth, &mut pity, &d, &mut rng)
            .artifact
            .is_some()
        {
            got.push(depth);
        }
    }
    assert_eq!(got, vec![60]);
}

#[test]
fn materials_drop_only_in_their_band_and_items_at_the_depth() {
    let d = data();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut pity = PityState::default();
    for _ in 0..2000 {
        let x = roll_drops(DropSource::Boss, 20, &mut pity, &d, &mut rng);
        assert_eq!(
            x.materials.bio_core + x.materials.cryo_core + x.materials.reactor_shard + x.materials.void_slag,
            0
        );
        assert!(x.items.iter().all(|i| i.ilvl == 20 && i.rarity >= Rarity::Rare));
    }
    let mut slag = 0;
    for _ in 0..2000 {
        slag += roll_drops(DropSource::Boss, 75, &mut pity, &d, &mut rng)
            .materials
            .void_slag;
    }
    assert!(slag > 0);
    assert_eq!(d.drops.run_model.depth_of_wave(7), 35);
    assert_eq!(d.drops.run_model.depth_of_wave(20), 100);
    assert_eq!(d.drops.run_model.depth_of_wave(31), 100);
}

#[test]
fn broken_data_reports_every_problem() {
    let dir = std::env::temp_dir().join(format!("artificer-loot-bad-{}", std::process::id()));
    let loot = dir.join("loot");
    std::fs::create_dir_all(&loot).unwrap();
    let src = game::data::default_root().join("loot");
    for e in std::fs::read_dir(&src).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), loot.join(e.file_name())).unwrap();
    }
    let art = std::fs::read_to_string(loot.join("artifacts.json")).unwrap();
    std::fs::write(
        loot.join("artifacts.json"),
        art.replace("\"price\": \"-60% max HP\"", "\"price\": \"\""),
    )
    .unwrap();
    let enh = std::fs::read_to_string(loot.join("enhancements.json")).unwrap();
    std::fs::write(
        loot.join("enhancements.json"),
        enh.replace(
            "\"requires_base\": [\"leather_suit\"]",
            "\"requires_base\": [\"leather_suite\"]",
        ),
    )
    .unwrap();
    let err = LootData::load(&dir).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("loot/artifacts.json") && text.contains("artifacts[0].price"),
        "{text}"
    );
    assert!(text.contains("unknown base `leather_suite`"), "{text}");
    assert_eq!(err.0.len(), 2, "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The seed's numbers (docs/game.md#enhancement-and-enchantment; the balance pass found them
/// scaled down): Hone +2/+5/+10, elemental enchantments +5/+10/+15/+20,
/// Impact Ward 5/10, Vigour 10/20/30. Serrate, Regeneration and Swift are
/// converted per docs/balance.md#enhancement-and-enchantment.
#[test]
fn enhancement_and_enchantment_numbers_are_the_seeds() {
    let d = data();
    let add = |defs: &[game::loot::enhance::CraftDef], id: &str, stat: StatId| -> f32 {
        let def = defs.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("{id}"));
        def.effect
            .modifiers
            .iter()
            .filter(|m| m.stat == stat)
            .map(|m| m.add)
            .sum()
    };
    let enh = &d.enhancements.enhancements;
    let enc = &d.enchantments.enchantments;
    for (id, v) in [("hone_1", 2.0), ("hone_2", 5.0), ("hone_3", 10.0)] {
        assert_eq!(add(enh, id, StatId::DamageFlat), v, "{id}");
    }
    for (family, element) in [
        ("scorch", Element::Fire),
        ("shock", Element::Lightning),
        ("frost", Element::Ice),
    ] {
        for (tier, v) in [(1, 5.0), (2, 10.0), (3, 15.0), (4, 20.0)] {
            let id = format!("{family}_{tier}");
            let def = enc.iter().find(|c| c.id == id).unwrap();
            let got: f32 = def
                .effect
                .flat_element_damage
                .iter()
                .filter(|a| a.element == element)
                .map(|a| a.amount)
                .sum();
            assert_eq!(got, v, "{id}");
        }
    }
    for (id, v) in [("ward_impact_1", 5.0), ("ward_impact_2", 10.0)] {
        assert_eq!(add(enc, id, StatId::Armor), v, "{id}");
    }
    for (id, v) in [("vigour_1", 10.0), ("vigour_2", 20.0), ("vigour_3", 30.0)] {
        assert_eq!(add(enc, id, StatId::HpMax), v, "{id}");
    }
    for (id, v) in [("swift_1", 10.0), ("swift_2", 20.0), ("swift_3", 30.0)] {
        assert_eq!(add(enc, id, StatId::MoveSpeed), v, "{id}: 10 px/s per initiative");
    }
    assert_eq!(
        add(enc, "regeneration", StatId::HpRegen),
        2.0,
        "10 % of base HP per 5 s round"
    );
}
