//! Each cell of the reaction matrix (docs/game.md#reactions) with hand-computed numbers,
//! on a target with no resistance and no armour, with the shipped rules
//! (`CombatRules::default()` = `data/combat.json`).

use crate::combat_common;
use combat_common::dummy;
use game::combat::status::Status;
use game::combat::{AttackerStats, Coating, CombatRules, HitSpec, ReactionKind, apply_hit, compute_hit};
use game::element::{Element, ElementShares};
use game::enemies::EnemyState;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

struct Out {
    damage: f32,
    kinds: Vec<ReactionKind>,
    blast: Option<(f32, f32)>,
}

fn strike(e: &mut EnemyState, element: Element, chance: f32) -> Out {
    let mut spec = HitSpec::simple(10.0, element);
    spec.status_chance = chance;
    strike_spec(e, &spec)
}

fn strike_spec(e: &mut EnemyState, spec: &HitSpec) -> Out {
    let rules = CombatRules::default();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let before = e.hp;
    let r = compute_hit(e, spec, &AttackerStats::default(), &rules, &mut rng);
    let ev = apply_hit(e, &r, &rules, &mut rng);
    Out {
        damage: before - e.hp,
        kinds: ev.iter().map(|x| x.kind).collect(),
        blast: ev.iter().find_map(|x| x.blast.map(|b| (b.radius, b.damage))),
    }
}

fn close(a: f32, b: f32) {
    assert!((a - b).abs() < 1e-3, "{a} != {b}");
}

#[test]
fn fire_on_clean_target_ignites_on_its_status_roll() {
    let mut e = dummy();
    let o = strike(&mut e, Element::Fire, 1.0);
    assert_eq!(o.damage, 10.0);
    assert_eq!(o.kinds, vec![ReactionKind::Ignite]);
    close(e.status.remaining(Status::Burning), 3.0);
    close(e.status.burning_dps, 3.0); // 10 × 0.3
    let mut f = dummy();
    let o = strike(&mut f, Element::Fire, 0.0);
    assert!(o.kinds.is_empty());
    assert!(!f.status.has(Status::Burning));
}

#[test]
fn fire_on_wet_vaporises_with_an_area_burst() {
    let mut e = dummy();
    e.status.apply(Status::Wet, 5.0);
    let o = strike(&mut e, Element::Fire, 0.0);
    assert_eq!(o.kinds, vec![ReactionKind::Vaporise]);
    assert_eq!(o.damage, 10.0);
    assert_eq!(o.blast, Some((100.0, 5.0))); // radius 100, 10 × 0.5
    assert!(!e.status.has(Status::Wet));
}

#[test]
fn fire_on_oily_is_an_oil_blast_triple_damage_double_burn() {
    let mut e = dummy();
    e.status.apply(Status::Oily, 6.0);
    let o = strike(&mut e, Element::Fire, 0.0);
    assert_eq!(o.kinds, vec![ReactionKind::OilBlast]);
    assert_eq!(o.damage, 30.0);
    close(e.status.remaining(Status::Burning), 6.0); // 3 s × 2
    close(e.status.burning_dps, 9.0); // 30 × 0.3
    assert!(!e.status.has(Status::Oily));
}

#[test]
fn fire_on_frozen_melts() {
    let mut e = dummy();
    e.status.apply(Status::Frozen, 2.0);
    let o = strike(&mut e, Element::Fire, 1.0);
    assert_eq!(o.kinds, vec![ReactionKind::Melt]);
    assert_eq!(o.damage, 10.0);
    assert!(!e.status.has(Status::Frozen));
    assert!(!e.status.has(Status::Burning));
}

#[test]
fn fire_on_burning_does_nothing_more() {
    let mut e = dummy();
    e.status.ignite(1.0, 1.0);
    let o = strike(&mut e, Element::Fire, 1.0);
    assert!(o.kinds.is_empty());
    assert_eq!(o.damage, 10.0);
}

#[test]
fn ice_slows_freezes_wet_and_quenches_burning() {
    let mut a = dummy();
    let o = strike(&mut a, Element::Ice, 1.0);
    assert_eq!(o.kinds, vec![ReactionKind::Slow]);
    close(a.status.remaining(Status::Slowed), 3.0);
    assert_eq!(a.status.move_factor(0.5), 0.5);

    let mut b = dummy();
    b.status.apply(Status::Wet, 5.0);
    let o = strike(&mut b, Element::Ice, 0.0);
    assert_eq!(o.kinds, vec![ReactionKind::Freeze]);
    close(b.status.remaining(Status::Frozen), 2.0);
    assert!(!b.status.has(Status::Wet));
    assert_eq!(b.status.move_factor(0.5), 0.0);

    let mut c = dummy();
    c.status.ignite(3.0, 5.0);
    let o = strike(&mut c, Element::Ice, 1.0);
    assert_eq!(o.kinds, vec![ReactionKind::Quench]);
    assert!(!c.status.has(Status::Burning));
    assert!(!c.status.has(Status::Slowed));

    let mut d = dummy();
    d.status.apply(Status::Oily, 5.0);
    assert!(strike(&mut d, Element::Ice, 1.0).kinds.is_empty());
}

#[test]
fn lightning_paralyses_conducts_overloads_and_shatters() {
    let mut a = dummy();
    let o = strike(&mut a, Element::Lightning, 1.0);
    assert_eq!(o.kinds, vec![ReactionKind::Paralyse]);
    close(a.status.remaining(Status::Paralysed), 1.0);
    assert!(a.status.disabled());

    let mut b = dummy();
    b.status.apply(Status::Wet, 5.0);
    let o = strike(&mut b, Element::Lightning, 0.0);
    assert_eq!(o.kinds, vec![ReactionKind::Conduction]);
    assert_eq!(o.damage, 20.0); // wet: lightning +100 %
    assert_eq!(o.blast, Some((140.0, 10.0))); // 20 × 0.5
    assert!(b.status.has(Status::Wet));

    let mut c = dummy();
    c.status.ignite(3.0, 5.0);
    let o = strike(&mut c, Element::Lightning, 0.0);
    assert_eq!(o.kinds, vec![ReactionKind::Overload]);
    assert_eq!(o.damage, 10.0);
    assert_eq!(o.blast, Some((120.0, 10.0)));
    assert!(!c.status.has(Status::Burning));

    let mut d = dummy();
    d.status.apply(Status::Frozen, 2.0);
    let mut spec = HitSpec::simple(10.0, Element::Lightning);
    spec.status_chance = 1.0;
    let o = strike_spec(&mut d, &spec);
    assert_eq!(o.kinds, vec![ReactionKind::Shatter]);
    assert_eq!(o.damage, 40.0); // dealt as physical, ×4
    assert!(!d.status.has(Status::Frozen));
}

#[test]
fn physical_on_frozen_shatters_for_plus_three_hundred_percent() {
    let mut e = dummy();
    e.status.apply(Status::Frozen, 2.0);
    let o = strike(&mut e, Element::Physical, 0.0);
    assert_eq!(o.kinds, vec![ReactionKind::Shatter]);
    assert_eq!(o.damage, 40.0);
    assert!(!e.status.has(Status::Frozen));
    // Resistance still applies to the shattered damage: physical res 0.5 → 20.
    let mut r = dummy();
    r.resist[Element::Physical.index()] = 0.5;
    r.status.apply(Status::Frozen, 2.0);
    assert_eq!(strike(&mut r, Element::Physical, 0.0).damage, 20.0);
}

#[test]
fn poison_stacks_up_to_the_cap_and_ticks() {
    let mut e = dummy();
    for _ in 0..7 {
        strike(&mut e, Element::Poison, 0.0);
    }
    assert_eq!(e.status.poison.len(), 5);
    close(e.status.poison[0].dps, 2.5); // 10 × 0.25
    let dot = e.status.tick(1.0);
    close(dot, 12.5);
    let rest: f32 = (0..10).map(|_| e.status.tick(1.0)).sum();
    close(rest, 12.5 * 3.0); // 4 s each in all
    assert!(!e.status.has(Status::Poisoned));
}

#[test]
fn coatings_land_after_reactions() {
    let mut e = dummy();
    let mut spec = HitSpec::simple(10.0, Element::Physical);
    spec.coating = Some(Coating::Wet);
    strike_spec(&mut e, &spec);
    close(e.status.remaining(Status::Wet), 5.0);
    // Same hit with lightning: the coating is not there yet when the hit plans, so no conduction.
    let mut f = dummy();
    let mut l = HitSpec::simple(10.0, Element::Lightning);
    l.coating = Some(Coating::Oily);
    let o = strike_spec(&mut f, &l);
    assert_eq!(o.damage, 10.0);
    close(f.status.remaining(Status::Oily), 6.0);
}

#[test]
fn mixed_hit_plans_each_element_against_the_statuses_before_the_hit() {
    // 50 % fire / 50 % lightning on a wet target: vaporise and conduction both fire.
    let mut e = dummy();
    e.status.apply(Status::Wet, 5.0);
    let mut spec = HitSpec::simple(10.0, Element::Fire);
    spec.shares = ElementShares::converted(Element::Fire, &[(Element::Lightning, 0.5)]);
    let o = strike_spec(&mut e, &spec);
    assert_eq!(o.kinds, vec![ReactionKind::Vaporise, ReactionKind::Conduction]);
    assert_eq!(o.damage, 15.0); // 5 fire + 5 × 2 lightning
}
