//! The equipment panel and the crafting bench draw headless without panicking,
//! for empty and full states, and their actions do what they say.

use game::economy::Wallet;
use game::loot::LootData;
use game::loot::artifacts::ArtifactInstance;
use game::loot::crafting::Operation;
use game::loot::drops::roll_item;
use game::loot::enhance::recipes::Recipes;
use game::loot::enhance::{AttemptKind, Workbench};
use game::loot::equipment::Equipment;
use game::loot::gear_actions::{apply_bench, apply_equipment};
use game::loot::item::{Inventory, Item, Slot};
use game::loot::materials::MaterialAmounts;
use game::loot::rarity::Rarity;
use game::screens::crafting::{self as bench, BenchAction, BenchState};
use game::screens::equipment::{self as panel, EquipmentAction, EquipmentView};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn data() -> LootData {
    LootData::load(&game::data::default_root()).expect("data/loot loads")
}

fn frame(mut f: impl FnMut(&mut egui::Ui)) {
    let ctx = egui::Context::default();
    for _ in 0..2 {
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| f(ui));
        out.textures_delta.clear();
    }
}

#[test]
fn panels_draw_empty_and_full() {
    let d = data();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut eq = Equipment {
        record_depth: 80,
        ..Default::default()
    };
    let inv = Inventory {
        items: (0..12)
            .filter_map(|i| roll_item(10 + i * 8, Some(Rarity::Relic), &d, &mut rng))
            .collect(),
    };
    for it in inv.items.iter().take(6) {
        let _ = eq.equip(it.clone(), &d);
    }
    eq.socket(
        ArtifactInstance {
            id: "glass_fist".into(),
            affixes: vec![],
        },
        &d,
    )
    .unwrap();
    let loose = vec![ArtifactInstance {
        id: "debt".into(),
        affixes: vec![],
    }];
    let bag = MaterialAmounts {
        scrap: 100,
        bio_core: 20,
        ..Default::default()
    };
    let mut view = EquipmentView { selected: Some(3) };
    let mut state = BenchState {
        selected: Some(2),
        confirm_fracture: true,
        ..Default::default()
    };
    frame(|ui| {
        assert_eq!(
            panel::show(ui, &mut view, &eq, &inv, &loose, &d, Default::default()),
            None
        );
        assert_eq!(
            bench::show(ui, &mut state, &inv, &bag, (&Recipes::default(), 100), 12, &d),
            None
        );
        let empty = Inventory::default();
        let _ = panel::show(
            ui,
            &mut EquipmentView::default(),
            &Equipment::default(),
            &empty,
            &[],
            &d,
            panel::BuildNow {
                hp_max: 100.0,
                core_mana: Some(100.0),
                ..Default::default()
            },
        );
        let _ = bench::show(
            ui,
            &mut BenchState::default(),
            &empty,
            &MaterialAmounts::default(),
            (&Recipes::default(), 0),
            5,
            &d,
        );
    });
}

#[test]
fn panel_and_bench_actions() {
    let d = data();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut eq = Equipment::default();
    let mut inv = Inventory {
        items: vec![
            Item::new("saber", 30, Rarity::Common),
            Item::new("knife", 30, Rarity::Common),
        ],
    };
    let mut loose = vec![ArtifactInstance {
        id: "loan".into(),
        affixes: vec![],
    }];
    apply_equipment(EquipmentAction::Equip(0), &mut eq, &mut inv, &mut loose, &d).expect("allowed");
    assert_eq!(eq.hands.as_ref().unwrap().base, "saber");
    apply_equipment(EquipmentAction::Equip(0), &mut eq, &mut inv, &mut loose, &d).expect("allowed");
    assert_eq!(eq.hands.as_ref().unwrap().base, "knife");
    assert_eq!(inv.items[0].base, "saber", "the swapped item returns to the bag");
    apply_equipment(EquipmentAction::Socket(0), &mut eq, &mut inv, &mut loose, &d).expect("allowed");
    assert_eq!(eq.artifacts.len(), 1);
    apply_equipment(
        EquipmentAction::Unequip(Slot::Hands),
        &mut eq,
        &mut inv,
        &mut loose,
        &d,
    )
    .expect("allowed");
    assert!(eq.hands.is_none() && inv.items.len() == 2);

    let mut bag = MaterialAmounts {
        scrap: 4,
        void_slag: 0,
        ..Default::default()
    };
    let mut recipes = game::loot::enhance::recipes::Recipes::default();
    let mut wallet = game::economy::Wallet::with_gold(0);
    let done = apply_bench(
        BenchAction::Craft(0, Operation::Reforge),
        Workbench {
            inventory: &mut inv,
            bag: &mut bag,
            skill: 10,
            data: &d,
        },
        (&mut recipes, &mut wallet),
        &mut rng,
    )
    .expect("paid for");
    assert_eq!(done.message, "Reforge done");
    assert!(!done.item_gone);
    assert_eq!(bag.scrap, 0);
    let refused = apply_bench(
        BenchAction::Craft(0, Operation::Reforge),
        Workbench {
            inventory: &mut inv,
            bag: &mut bag,
            skill: 10,
            data: &d,
        },
        (&mut recipes, &mut wallet),
        &mut rng,
    )
    .expect_err("nothing left to pay with")
    .to_string();
    assert!(refused.starts_with("not enough materials"), "{refused}");
}

#[test]
fn an_enchantment_needs_its_recipe_learned_for_gold() {
    let d = data();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut inv = Inventory {
        items: vec![Item::new("wand_core", 10, Rarity::Common)],
    };
    let mut bag = MaterialAmounts {
        scrap: 100,
        ..Default::default()
    };
    let mut recipes = Recipes::default();
    let mut wallet = Wallet::with_gold(30);
    let attempt = BenchAction::Attempt(0, AttemptKind::Enchantment, "scorch_1".into());
    let mut bench = |a: BenchAction, recipes: &mut Recipes, wallet: &mut Wallet| {
        apply_bench(
            a,
            Workbench {
                inventory: &mut inv,
                bag: &mut bag,
                skill: 20,
                data: &d,
            },
            (recipes, wallet),
            &mut rng,
        )
    };
    let no = bench(attempt.clone(), &mut recipes, &mut wallet)
        .expect_err("no recipe")
        .to_string();
    assert!(no.contains("learn it first (40 gold)"), "{no}");
    let poor = bench(BenchAction::Learn("scorch_1".into()), &mut recipes, &mut wallet)
        .expect_err("30 < 40")
        .to_string();
    assert!(poor.contains("costs 40 gold"), "{poor}");
    assert_eq!(wallet.gold(), 30, "a refusal costs nothing");
    wallet.earn(10);
    bench(BenchAction::Learn("scorch_1".into()), &mut recipes, &mut wallet).expect("40 gold");
    assert_eq!(wallet.gold(), 0);
    assert!(recipes.knows("scorch_1"));
    bench(attempt, &mut recipes, &mut wallet).expect("the recipe is known");
    // Smithing needs no recipe.
    bench(
        BenchAction::Attempt(0, AttemptKind::Enhancement, "silver".into()),
        &mut recipes,
        &mut wallet,
    )
    .map(|_| ())
    .or_else(|e| match e {
        game::loot::gear_actions::GearRefusal::Recipe(_) => Err(e),
        _ => Ok(()),
    })
    .expect("no recipe asked");
}
