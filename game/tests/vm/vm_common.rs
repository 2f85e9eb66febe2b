//! Shared helpers of the spell VM tests: the shipped catalogue, custom cores,
//! and short ways to read a cast.

#![allow(dead_code, reason = "each test file uses a different subset of the helpers")]

use std::sync::OnceLock;

use game::catalog::Catalog;
use game::vm::{CastContext, CastOutput, CasterStats, CoreDef, CoreState, SpawnRequest};

/// The shipped data, loaded once per test binary.
pub fn cat() -> &'static Catalog {
    static CAT: OnceLock<Catalog> = OnceLock::new();
    CAT.get_or_init(|| match Catalog::load(&game::data::default_root()) {
        Ok(c) => c,
        Err(e) => panic!("data does not load: {e}"),
    })
}

/// A shipped core by id.
pub fn core(id: &str) -> CoreDef {
    let c = cat();
    let i = c.cores.find(id).unwrap_or_else(|| panic!("no core `{id}`"));
    c.cores.get(i).clone()
}

/// The starting core with the given docs/vm.md#state values.
pub fn custom(
    spells_per_cast: u32,
    cast_delay: f32,
    recharge: f32,
    mana_max: f32,
    mana_regen: f32,
    capacity: u32,
) -> CoreDef {
    let mut c = core("starter_core");
    c.spells_per_cast = spells_per_cast;
    c.cast_delay = cast_delay;
    c.recharge = recharge;
    c.mana_max = mana_max;
    c.mana_regen = mana_regen;
    c.capacity = capacity;
    c.starter_deck.clear();
    c
}

/// The example core of docs/vm.md#state: 1 draw, 0.25 s, 0.5 s, 1000 mana, no regen, 10 slots.
pub fn example_core() -> CoreDef {
    custom(1, 0.25, 0.5, 1000.0, 0.0, 10)
}

/// Slots a deck (comma-separated ids) into `core`.
pub fn state(core: &CoreDef, deck: &str) -> CoreState {
    let ids: Vec<&str> = deck.split(',').collect();
    let c = cat();
    CoreState::new(core, &ids, &c.spells, &c.recipes, &c.balance.vm, 7).unwrap_or_else(|e| panic!("{e}"))
}

/// A context with no enemy near and no projectile alive.
pub fn ctx() -> CastContext<'static> {
    let c = cat();
    CastContext {
        spells: &c.spells,
        balance: &c.balance.vm,
        nearest_enemy: f32::INFINITY,
        live_projectiles: 0,
    }
}

/// Base stats with a mana ceiling that never caps the core.
pub fn stats() -> CasterStats {
    let mut s = CasterStats::base();
    s.mana_max = 1.0e6;
    s
}

/// Casts once with base stats, then lets the cast delay (and recharge) pass,
/// as `wand eval` does: back-to-back casts at the wand's own rate.
pub fn cast(st: &mut CoreState) -> CastOutput {
    let out = st.cast_now(&stats(), &ctx());
    st.advance(out.cast_delay + out.recharge.unwrap_or(0.0), &stats());
    out
}

/// Spell ids fired, in order.
pub fn ids(out: &CastOutput) -> Vec<&'static str> {
    out.spawns.iter().map(|s| id(s)).collect()
}

/// The id of a spawn's chip.
pub fn id(s: &SpawnRequest) -> &'static str {
    cat().spells.get(s.spell).id.as_str()
}

/// Damages fired, in order.
pub fn damages(out: &CastOutput) -> Vec<f32> {
    out.spawns.iter().map(|s| s.damage).collect()
}

/// `a` and `b` equal to 1e-4.
pub fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 1.0e-4
}

/// Asserts `a ≈ b` with a message.
#[track_caller]
pub fn assert_close(a: f32, b: f32) {
    assert!(close(a, b), "{a} != {b}");
}
