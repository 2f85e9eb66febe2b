//! Unit tests of the player body and its ledger.
use super::*;

fn def() -> PlayerDef {
    PlayerDef {
        radius: 16.0,
        hit_invulnerability_s: 0.2,
        dash: DashDef {
            distance_px: 170.0,
            duration_s: 0.15,
            cooldown_s: 1.2,
        },
        afflictions: crate::combat::afflictions::tests::DEF,
    }
}

#[test]
fn armour_reduces_and_one_is_the_floor() {
    let mut p = Player::new(&def(), Vec2::ZERO);
    let mut carried = StatSources::default();
    carried.add(
        StatSource::Shop,
        &[StatModifier {
            stat: StatId::Armor,
            add: 3.0,
            mul: 1.0,
        }],
    );
    p.refresh(&carried, &PlayerLedger::default());
    let mut ledger = PlayerLedger::default();
    assert_eq!(p.take_hit(&mut ledger, 5.0), HitOutcome::Damaged(2.0));
    assert_eq!(p.take_hit(&mut ledger, 5.0), HitOutcome::Ignored);
    p.tick(&mut ledger, 0.2);
    assert_eq!(p.take_hit(&mut ledger, 2.0), HitOutcome::Damaged(1.0));
    assert_eq!(p.hp, 97.0);
    assert_eq!(ledger.damage_taken, 3.0);
}

#[test]
fn death_at_zero() {
    let mut p = Player::new(&def(), Vec2::ZERO);
    let mut ledger = PlayerLedger::default();
    assert_eq!(p.take_hit(&mut ledger, 150.0), HitOutcome::Killed(150.0));
    assert!(!p.alive());
    assert_eq!(ledger.damage_taken, 100.0);
    p.heal(50.0);
    assert!(!p.alive());
}

#[test]
fn movement_is_clamped_to_the_arena() {
    let arena = crate::arena::Arena::default().bounds();
    let mut p = Player::new(&def(), Vec2::new(20.0, 1200.0));
    p.walk(Vec2::new(-1.0, 0.0), 1.0, &arena);
    assert_eq!(p.pos, Vec2::new(16.0, 1200.0));
    p.walk(Vec2::new(0.0, 3.0), 0.5, &arena);
    assert_eq!(p.pos, Vec2::new(16.0, 1350.0));
    assert!((p.vel.y - 300.0).abs() < 1e-3);
}

#[test]
fn stat_sources_fold_with_caps_and_max_hp_heals() {
    let mut p = Player::new(&def(), Vec2::ZERO);
    let mut ledger = PlayerLedger::default();
    p.take_hit(&mut ledger, 30.0);
    let mut carried = StatSources::default();
    carried.add(
        StatSource::LevelUp,
        &[StatModifier {
            stat: StatId::HpMax,
            add: 10.0,
            mul: 1.0,
        }],
    );
    p.refresh(&carried, &PlayerLedger::default());
    assert_eq!((p.hp, p.hp_max()), (80.0, 110.0));
    p.set_item_modifiers(
        vec![StatModifier {
            stat: StatId::MoveSpeed,
            add: 400.0,
            mul: 1.0,
        }],
        &ledger,
    );
    assert_eq!(p.stat(StatId::MoveSpeed), 650.0);
    p.set_item_modifiers(
        vec![StatModifier {
            stat: StatId::HpMax,
            add: -50.0,
            mul: 1.0,
        }],
        &ledger,
    );
    assert_eq!((p.hp, p.hp_max()), (60.0, 60.0));
    assert_eq!(p.stat(StatId::MoveSpeed), 300.0);
}

#[test]
fn the_hash_view_keeps_the_carried_modifiers_where_they_were() {
    let mut p = Player::new(&def(), Vec2::ZERO);
    let mut carried = StatSources::default();
    let armour = StatModifier {
        stat: StatId::Armor,
        add: 2.0,
        mul: 1.0,
    };
    carried.add(StatSource::Shop, &[armour]);
    p.refresh(&carried, &PlayerLedger::default());
    let text = format!("{:?}", p.hash_view(&carried, &PlayerLedger::default()));
    assert!(text.starts_with("Player { pos: Vec2("), "{text}");
    let level = text.find("level_mods: []").expect("level mods printed");
    let shop = text
        .find(&format!("shop_mods: [{armour:?}]"))
        .expect("shop mods printed");
    let items = text.find("item_mods: []").expect("item mods printed");
    let invulnerability = text.find("hit_invulnerability: 0.2").expect("printed");
    assert!(invulnerability < level && level < shop && shop < items, "{text}");
}

#[test]
fn last_will_spends_once_from_the_ledger_and_a_revival_costs_max_hp_there() {
    let mut p = Player::new(&def(), Vec2::ZERO);
    let mut ledger = PlayerLedger {
        last_will: true,
        ..Default::default()
    };
    assert_eq!(p.take_hit(&mut ledger, 150.0), HitOutcome::Damaged(150.0));
    assert_eq!(p.hp, 1.0);
    assert!(!ledger.last_will, "spent");
    p.end_invulnerability();
    assert_eq!(p.take_hit(&mut ledger, 150.0), HitOutcome::Killed(150.0));
    p.knock_down(&mut ledger, 0.5, 10.0);
    assert_eq!(ledger.hp_max_lost, 10.0);
    p.tick(&mut ledger, 0.6);
    assert_eq!((p.hp, p.hp_max()), (90.0, 90.0));
    assert_eq!(ledger.damage_taken, 101.0);
}
