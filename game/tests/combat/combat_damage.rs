//! The damage formula of docs/game.md#damage-pipeline at hand-computed points.

use game::combat::CombatRules;
use game::combat::damage::{self, AttackerStats, Defence, HitSpec};
use game::element::{Element, ElementShares};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn hit(spec: &HitSpec, a: &AttackerStats, resist: [f32; 5], armor: f32, crit: bool) -> ([f32; 5], f32) {
    let rules = CombatRules::default();
    damage::compute(
        spec,
        &spec.shares,
        &[1.0; 5],
        a,
        &Defence { resist, armor },
        crit,
        &rules,
    )
}

fn res(e: Element, v: f32) -> [f32; 5] {
    let mut r = [0.0; 5];
    r[e.index()] = v;
    r
}

fn close(a: f32, b: f32) {
    assert!((a - b).abs() < 1e-3, "{a} != {b}");
}

#[test]
fn seed_formula_with_add_mult_resistance_and_armour() {
    // ((10 + 10) × 2) × (1 − 0.5) − 2 = 18
    let mut s = HitSpec::simple(10.0, Element::Fire);
    s.add = 10.0;
    s.mult = 2.0;
    let (per, total) = hit(&s, &AttackerStats::default(), res(Element::Fire, 0.5), 2.0, false);
    assert_eq!(total, 18.0);
    assert_eq!(per[Element::Fire.index()], 18.0);
}

#[test]
fn damage_is_at_least_one_even_when_immune() {
    let s = HitSpec::simple(3.0, Element::Physical);
    assert_eq!(hit(&s, &AttackerStats::default(), [0.0; 5], 5.0, false).1, 1.0);
    let f = HitSpec::simple(50.0, Element::Fire);
    assert_eq!(
        hit(&f, &AttackerStats::default(), res(Element::Fire, 1.0), 0.0, false).1,
        1.0
    );
}

#[test]
fn penetration_cancels_armour_but_never_below_zero() {
    let s = HitSpec::simple(10.0, Element::Physical);
    let mut a = AttackerStats {
        penetration: 3.0,
        ..Default::default()
    };
    assert_eq!(hit(&s, &a, [0.0; 5], 5.0, false).1, 8.0); // 10 − (5 − 3)
    a.penetration = 10.0;
    assert_eq!(hit(&s, &a, [0.0; 5], 5.0, false).1, 10.0); // armour floors at 0, no bonus
}

#[test]
fn res_shred_lowers_resistance_down_to_zero() {
    let s = HitSpec::simple(20.0, Element::Fire);
    let mut a = AttackerStats {
        res_shred: 0.2,
        ..Default::default()
    };
    close(hit(&s, &a, res(Element::Fire, 0.5), 0.0, false).1, 14.0); // 20 × (1 − 0.3)
    a.res_shred = 0.9;
    close(hit(&s, &a, res(Element::Fire, 0.5), 0.0, false).1, 20.0);
}

#[test]
fn crit_multiplies_and_its_chance_comes_from_luck() {
    let s = HitSpec::simple(10.0, Element::Physical);
    let a = AttackerStats::default(); // crit_mult 2
    assert_eq!(hit(&s, &a, [0.0; 5], 0.0, true).1, 20.0);
    let rules = CombatRules::default();
    let mut b = AttackerStats {
        luck: 30.0,
        crit_chance: 0.1,
        ..Default::default()
    };
    close(b.crit_chance(&rules), 0.4);
    b.luck = 100.0;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert!((0..100).all(|_| b.roll_crit(&rules, &mut rng)));
    let zero = AttackerStats::default();
    assert!((0..100).all(|_| !zero.roll_crit(&rules, &mut rng)));
}

#[test]
fn elements_resist_separately_and_armour_is_taken_once_after_the_sum() {
    // 100 split 50/50 physical/fire; physical res 0.2, fire res 0.5, armour 10.
    // physical 40, fire 25, sum 65, minus 10 = 55, split 40:25.
    let mut s = HitSpec::simple(100.0, Element::Physical);
    s.shares = ElementShares::converted(Element::Physical, &[(Element::Fire, 0.5)]);
    let mut r = [0.0; 5];
    r[Element::Physical.index()] = 0.2;
    r[Element::Fire.index()] = 0.5;
    let (per, total) = hit(&s, &AttackerStats::default(), r, 10.0, false);
    close(total, 55.0);
    close(per[Element::Physical.index()], 40.0 * 55.0 / 65.0);
    close(per[Element::Fire.index()], 25.0 * 55.0 / 65.0);
}

#[test]
fn attunement_adds_three_percent_damage_and_two_percent_status_per_point() {
    let rules = CombatRules::default();
    let mut s = HitSpec::simple(100.0, Element::Fire);
    s.status_chance = 0.1;
    let mut a = AttackerStats::default();
    a.attunement[Element::Fire.index()] = 10.0;
    close(hit(&s, &a, [0.0; 5], 0.0, false).1, 130.0);
    let ch = damage::status_chances(&s, &a, &rules);
    close(ch[Element::Fire.index()], 0.3);
    close(ch[Element::Ice.index()], 0.1);
    // Physical has no attunement.
    let p = HitSpec::simple(100.0, Element::Physical);
    close(hit(&p, &a, [0.0; 5], 0.0, false).1, 100.0);
}

#[test]
fn poison_stack_cap_grows_one_per_point_up_to_twenty() {
    let rules = CombatRules::default();
    assert_eq!(rules.poison_cap(0.0), 5);
    assert_eq!(rules.poison_cap(3.0), 8);
    assert_eq!(rules.poison_cap(30.0), 20);
}

#[test]
fn attacker_stats_come_from_the_stat_sheet() {
    use game::stats::{StatId, StatModifier, StatSheet};
    let mut sheet = StatSheet::new();
    sheet.apply(&StatModifier {
        stat: StatId::AttunementIce,
        add: 4.0,
        mul: 1.0,
    });
    sheet.apply(&StatModifier {
        stat: StatId::Penetration,
        add: 2.0,
        mul: 1.0,
    });
    let a = AttackerStats::from_sheet(&sheet);
    assert_eq!(a.attunement[Element::Ice.index()], 4.0);
    assert_eq!(a.penetration, 2.0);
    assert_eq!(a.crit_mult, 2.0);
}
