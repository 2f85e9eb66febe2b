//! Hostile decks (docs/vm.md#limits): random decks of up to 10 000 chips
//! drawn from every chip in the data (loops in loops, triggers in triggers,
//! registers counting forever) on random cores. Every cast must end within its
//! op budget, never panic, and never overflow the stack (the interpreter is
//! iterative).

use crate::vm_common;
use game::vm::{CastContext, CasterStats, CoreState};
use proptest::prelude::*;
use vm_common::*;

#[derive(Debug, Clone)]
struct Case {
    deck: Vec<usize>,
    spells_per_cast: u32,
    cast_delay: f32,
    recharge: f32,
    mana_max: f32,
    mana_regen: f32,
    shuffle: bool,
    dual_stream: bool,
    infinite_spells: bool,
    core_cpu: f32,
    always: bool,
    cpu_limit: f32,
    hp_frac: f32,
    nearest: f32,
    live: u32,
    casts: usize,
    seed: u64,
}

/// Chips that multiply work: loops, multicasts, triggers, register programs.
const HOSTILE: [&str; 14] = [
    "loop_3x5",
    "loop_3x5",
    "triple_cast",
    "double_cast",
    "trigger_hit",
    "trigger_timer",
    "summon_turret",
    "reg_a_inc",
    "reg_b_inc",
    "reg_b_end_if_below_5",
    "splitter",
    "charge_counter",
    "damage_plus",
    "shotgun_blast",
];

fn deck_strategy() -> impl Strategy<Value = Vec<usize>> {
    let n = cat().spells.len();
    let hostile: Vec<usize> = HOSTILE
        .iter()
        .map(|id| {
            cat()
                .spells
                .iter()
                .position(|(_, s)| s.id == *id)
                .expect("hostile chip in data")
        })
        .collect();
    prop_oneof![
        4 => prop::collection::vec(0..n, 1..48),
        4 => prop::collection::vec(prop::sample::select(hostile.clone()), 1..64),
        1 => prop::collection::vec(0..n, 2000..10_000),
        1 => prop::collection::vec(prop::sample::select(hostile), 2000..10_000),
    ]
}

fn case_strategy() -> impl Strategy<Value = Case> {
    (
        deck_strategy(),
        (
            1u32..=16,
            0.0f32..1.0,
            0.0f32..2.0,
            prop_oneof![0.0f32..5000.0, Just(1.0e7f32)],
            0.0f32..500.0,
        ),
        (
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            prop_oneof![Just(0.0f32), 0.0f32..50.0],
            any::<bool>(),
        ),
        (
            prop_oneof![0.0f32..1.0, 0.0f32..50.0],
            0.0f32..1.0,
            0.0f32..400.0,
            0u32..2500,
            1usize..12,
            any::<u64>(),
        ),
    )
        .prop_map(|(deck, a, b, c)| Case {
            deck,
            spells_per_cast: a.0,
            cast_delay: a.1,
            recharge: a.2,
            mana_max: a.3,
            mana_regen: a.4,
            shuffle: b.0,
            dual_stream: b.1,
            infinite_spells: b.2,
            core_cpu: b.3,
            always: b.4,
            cpu_limit: c.0,
            hp_frac: c.1,
            nearest: c.2,
            live: c.3,
            casts: c.4,
            seed: c.5,
        })
}

fn run(case: &Case) -> Result<(), TestCaseError> {
    let c = cat();
    let mut core = core("debug_core");
    core.spells_per_cast = case.spells_per_cast;
    core.cast_delay = case.cast_delay;
    core.recharge = case.recharge;
    core.mana_max = case.mana_max;
    core.mana_regen = case.mana_regen;
    core.shuffle = case.shuffle;
    core.dual_stream = case.dual_stream;
    core.infinite_spells = case.infinite_spells;
    core.cpu = case.core_cpu;
    core.capacity = case.deck.len() as u32 + 1;
    core.always_cast = if case.always {
        vec!["damage_plus".into(), "spark_bolt".into()]
    } else {
        vec![]
    };
    let ids: Vec<&str> = case
        .deck
        .iter()
        .map(|i| {
            c.spells
                .iter()
                .nth(*i)
                .map_or("spark_bolt", |(_, s)| s.id.as_str())
        })
        .collect();
    let mut ids = ids;
    // Validation needs one action; the rest is hostile.
    ids.insert(case.deck.len() / 2, "spark_bolt");
    let bal = &c.balance.vm;
    let mut st = CoreState::new(&core, &ids, &c.spells, &c.recipes, bal, case.seed)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut stats = CasterStats::base();
    stats.cpu_limit = case.cpu_limit;
    stats.hp = stats.hp_max * case.hp_frac;
    let ctx = CastContext {
        spells: &c.spells,
        balance: bal,
        nearest_enemy: case.nearest,
        live_projectiles: case.live,
    };
    let budget = ((case.cpu_limit + case.core_cpu) * bal.ops_per_cpu as f32).floor() as u32;
    for _ in 0..case.casts {
        let out = st.cast_now(&stats, &ctx);
        prop_assert!(out.ops <= out.max_ops, "ops {} > max {}", out.ops, out.max_ops);
        prop_assert_eq!(out.max_ops, budget);
        prop_assert!(out.spawns.len() as u32 + case.live.min(bal.projectile_cap) <= bal.projectile_cap);
        prop_assert!(out.cast_delay >= bal.min_cast_delay && out.cast_delay.is_finite());
        prop_assert!(out.recharge.is_none_or(|r| r >= 0.0 && r.is_finite()));
        prop_assert!(out.hp_cost <= stats.hp_max * bal.hp_cost_cap_fraction + 1e-3);
        for s in &out.spawns {
            prop_assert!(s.damage.is_finite() && s.speed.is_finite() && s.angle.is_finite());
            prop_assert!(s.depth <= bal.max_trigger_depth);
            let p = s.to_projectile([0.0, 0.0], 0.0);
            prop_assert!(p.pierce < engine::compute::types::MAX_HIT_MEMORY as u32);
        }
        // Fire every payload once (children included), then free everything.
        for s in &out.spawns {
            if let Some(h) = s.payload {
                let fired = st.fire_payload(h, &ctx);
                for child in fired.spawns.iter().filter_map(|x| x.payload) {
                    st.release_payload(child);
                }
                st.release_payload(h);
            }
        }
        prop_assert_eq!(st.payloads_live(), 0);
        st.advance(out.cast_delay + out.recharge.unwrap_or(0.0), &stats);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn every_cast_ends_within_its_op_budget(case in case_strategy()) {
        run(&case)?;
    }
}

#[test]
fn ten_thousand_modifiers_do_not_overflow_the_stack() {
    // A chain of 9 999 modifiers then an action: with the hard-cap cpu_limit of 50
    // (2000 ops) the cast stops at the budget; with an absurd one it walks the whole chain.
    let mut deck = vec!["damage_plus"; 9_999];
    deck.push("spark_bolt");
    let mut core = example_core();
    core.capacity = 10_000;
    core.mana_max = 1.0e9;
    let c = cat();
    let mut st = CoreState::new(&core, &deck, &c.spells, &c.recipes, &c.balance.vm, 1).unwrap();
    let mut s = stats();
    s.cpu_limit = 50.0;
    let out = st.cast_now(&s, &ctx());
    assert_eq!(out.ops, 2000);
    assert!(out.spawns.is_empty());
    let mut st = CoreState::new(&core, &deck, &c.spells, &c.recipes, &c.balance.vm, 1).unwrap();
    s.cpu_limit = 1000.0;
    let out = st.cast_now(&s, &ctx());
    assert_eq!(out.ops, 10_000);
    assert_close(out.spawns[0].damage, 3.0 + 10.0 * 9_999.0);
}

#[test]
fn nested_loops_and_triggers_stay_in_budget() {
    let deck = "loop_3x5,loop_3x5,trigger_hit,loop_3x5,triple_cast,trigger_timer,double_cast,spark_bolt,loop_3x5,spark_bolt";
    let mut st = state(&custom(2, 0.1, 0.1, 1.0e6, 0.0, 20), deck);
    for _ in 0..20 {
        let out = cast(&mut st);
        assert!(out.ops <= 200);
    }
}
