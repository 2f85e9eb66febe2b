//! Enemy AI, movement, contact, knockback, pools, area reactions through the
//! spatial hash, and determinism, on the shipped `data/enemies.json`.

use engine::compute::{FLAG_ALIVE, FLAG_ENEMY_TEAM};
use game::combat::status::Status;
use game::combat::{AttackerStats, CombatRules, HitSpec, ReactionKind};
use game::data::{DataError, default_root};
use game::element::Element;
use game::enemies::ai::Telegraph;
use game::enemies::shots::enemy_shot_damage;
use game::enemies::{AiContext, Arena, EnemyDefs, EnemySet, SpawnScale};
use glam::Vec2;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const DT: f32 = 1.0 / 60.0;

fn defs() -> EnemyDefs {
    let mut errors: Vec<DataError> = Vec::new();
    let d = EnemyDefs::load(&default_root(), &mut errors);
    assert!(errors.is_empty(), "{errors:?}");
    d.expect("enemies.json loads")
}

fn set(defs: &EnemyDefs) -> EnemySet {
    EnemySet::new(
        defs.tuning,
        Arena::square(2400.0),
        CombatRules::default().slow_factor,
    )
}

fn ctx(player: Vec2) -> AiContext {
    AiContext {
        player_pos: player,
        player_radius: 16.0,
        arena: Arena::square(2400.0),
    }
}

fn spawn(s: &mut EnemySet, d: &EnemyDefs, id: &str, pos: Vec2) -> u32 {
    let k = d.index_of(id).expect("known id");
    s.spawn(k as u32, &d.defs[k], pos, SpawnScale::default())
        .expect("room")
}

#[test]
fn seed_numbers_reach_the_archetypes() {
    let d = defs();
    let g = d.get("grunt").unwrap();
    assert_eq!((g.hp, g.speed, g.attack, g.xp), (15.0, 100.0, 5.0, 5.0));
    // The seed's HP is what the monster has at its wave: the base is it
    // divided by that wave's `hp_mult` (charger 80 at W5 ×1.22, tank 2000 at
    // W10 ×1.5), and its attack likewise over `damage_mult` (charger 12 at W5
    // ×1.06, tank 30 at W10 ×1.135; docs/game.md#bosses lists why).
    let c = d.get("charger").unwrap();
    assert_eq!(
        (c.hp, c.speed, c.attack, c.knockback_resist),
        (66.0, 250.0, 11.32, 0.5)
    );
    assert!((c.hp * 1.22 - 80.0).abs() < 0.6);
    assert!((c.attack * 1.06 - 12.0).abs() < 0.01);
    let t = d.get("tank").unwrap();
    assert_eq!((t.hp, t.speed, t.attack, t.armor), (1333.0, 50.0, 26.43, 5.0));
    assert!((t.hp * 1.5 - 2000.0).abs() < 1.0);
    assert!((t.attack * 1.135 - 30.0).abs() < 0.01);
    let e = d.get("elite_charger").unwrap();
    assert!(e.elite);
    assert_eq!(e.hp, 66.0 * 4.0, "4 × the charger");
    // XP and gold in the table weigh enemies against each other; each wave
    // file names what its planned enemies pay in all, and a kill pays its
    // share (docs/balance.md#density), so every wave names both totals.
    for n in 1..=game::waves::WAVE_COUNT {
        let w: game::waves::SpawnConfig =
            game::data::load_json(&default_root(), &game::waves::wave_file(n)).unwrap();
        assert!(w.xp_total.is_some_and(|x| x > 0.0), "wave {n}: xp_total");
        assert!(w.gold_total.is_some_and(|x| x > 0.0), "wave {n}: gold_total");
    }
    assert!(e.xp > g.xp, "an elite beetle is worth more than a grunt");
    for def in &d.defs {
        assert!(
            def.gold[0] <= def.gold[1] && def.gold[1] <= 5,
            "{}: gold 0–5",
            def.id
        );
    }
    // Swarm mites roll 0–2 gold before the wave's share.
    assert_eq!(d.get("swarmling").unwrap().gold, [0, 2]);
}

/// docs/game.md#monster-growth: waves 1–5 are pure number checks, "low HP, no
/// resistances". Every enemy a W1–5 file can spawn (groups and elite
/// overrides) resists nothing (spitters resisted poison in W4–5).
#[test]
fn enemies_of_waves_one_to_five_have_no_resistances() {
    let d = defs();
    for wave in 1..=5 {
        let w: game::waves::SpawnConfig =
            game::data::load_json(&default_root(), &game::waves::wave_file(wave)).unwrap();
        let ids = w
            .spawn_groups
            .iter()
            .map(|g| &g.enemy_id)
            .chain(w.elite_overrides.iter().map(|o| &o.enemy_id));
        for id in ids {
            let def = d.get(id).unwrap();
            assert_eq!(def.resist, [0.0; 5], "W{wave} {id}");
        }
    }
}

#[test]
fn grunt_walks_at_its_speed_and_frozen_grunts_stand_still() {
    let d = defs();
    let mut s = set(&d);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let a = spawn(&mut s, &d, "grunt", Vec2::new(500.0, 1000.0));
    let b = spawn(&mut s, &d, "grunt", Vec2::new(500.0, 1400.0));
    s.get_mut(b).unwrap().status.apply(Status::Frozen, 1.0);
    s.update(1.0, &ctx(Vec2::new(1500.0, 1000.0)), &mut rng);
    assert!((s.get(a).unwrap().pos.x - 600.0).abs() < 1e-3);
    assert_eq!(s.get(b).unwrap().pos, Vec2::new(500.0, 1400.0));
    s.get_mut(b).unwrap().status.clear(Status::Frozen);
    s.get_mut(b).unwrap().status.apply(Status::Slowed, 5.0);
    s.update(1.0, &ctx(Vec2::new(500.0, 2000.0)), &mut rng);
    assert!(
        (s.get(b).unwrap().pos.y - 1450.0).abs() < 1e-3,
        "slowed: half speed"
    );
}

#[test]
fn contact_damage_respects_the_per_enemy_cooldown() {
    let d = defs();
    let mut s = set(&d);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let p = Vec2::new(1000.0, 1000.0);
    let g = spawn(&mut s, &d, "grunt", p + Vec2::new(20.0, 0.0));
    let mut hits = Vec::new();
    for step in 0..60 {
        for (e, dmg) in s.update(DT, &ctx(p), &mut rng).contact_hits {
            hits.push((step, e, dmg));
        }
    }
    // Cooldown 0.5 s = 30 steps: hits at steps 0 and 30.
    assert_eq!(hits, vec![(0, g, 5.0), (30, g, 5.0)]);
}

#[test]
fn knockback_is_reduced_by_resistance() {
    let d = defs();
    let mut s = set(&d);
    let c = spawn(&mut s, &d, "charger", Vec2::new(1000.0, 1000.0));
    s.knockback(c, Vec2::new(100.0, 0.0));
    assert_eq!(s.get(c).unwrap().knock, Vec2::new(50.0, 0.0));
}

#[test]
fn charger_telegraphs_a_line_then_charges_along_it() {
    let d = defs();
    let mut s = set(&d);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let c = spawn(&mut s, &d, "charger", Vec2::new(1000.0, 1000.0));
    let player = Vec2::new(1300.0, 1000.0); // within trigger range 320
    s.update(DT, &ctx(player), &mut rng);
    let t = s.telegraphs();
    assert_eq!(t.len(), 1);
    let Telegraph::ChargeLine { enemy, to, .. } = t[0] else {
        panic!("expected a charge line, got {t:?}");
    };
    assert_eq!(enemy, c);
    assert!((to[0] - 1200.0).abs() < 1.0, "250 px/s × 0.8 s ahead: {to:?}");
    let start = s.get(c).unwrap().pos;
    // Windup 0.6 s standing still.
    for _ in 0..30 {
        s.update(DT, &ctx(player), &mut rng);
    }
    assert_eq!(s.get(c).unwrap().pos, start);
    // 30 more steps: 6 finish the windup, 24 charge at 250 px/s = 100 px.
    for _ in 0..30 {
        s.update(DT, &ctx(player + Vec2::new(0.0, 500.0)), &mut rng);
    }
    let moved = s.get(c).unwrap().pos - start;
    assert!(
        (moved.x - 100.0).abs() < 5.0 && moved.y.abs() < 1e-3,
        "charges along the locked line: {moved}"
    );
}

#[test]
fn spitter_fires_enemy_team_projectiles_after_an_aim_telegraph() {
    let d = defs();
    let mut s = set(&d);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    spawn(&mut s, &d, "spitter", Vec2::new(1000.0, 1000.0));
    let player = Vec2::new(1350.0, 1000.0);
    let mut shots = Vec::new();
    let mut aimed = false;
    for _ in 0..160 {
        let out = s.update(DT, &ctx(player), &mut rng);
        aimed |= s
            .telegraphs()
            .iter()
            .any(|t| matches!(t, Telegraph::SpitAim { .. }));
        shots.extend(out.enemy_shots);
    }
    assert!(aimed);
    assert_eq!(shots.len(), 1, "interval 2.5 s: one shot in 2.67 s");
    let p = shots[0];
    assert_eq!(p.flags, FLAG_ALIVE | FLAG_ENEMY_TEAM);
    assert_eq!(enemy_shot_damage(&p), 5.0);
    assert!(p.vel[0] > 250.0, "aimed at the player: {:?}", p.vel);
}

#[test]
fn poison_thrower_lands_pools_on_the_player_that_hurt_after_the_telegraph() {
    let d = defs();
    let mut s = set(&d);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    spawn(&mut s, &d, "poisoner", Vec2::new(1000.0, 1000.0));
    let player = Vec2::new(1400.0, 1000.0);
    let mut thrown = Vec::new();
    let mut damage = Vec::new();
    for step in 0..(6 * 60) {
        let out = s.update(DT, &ctx(player), &mut rng);
        thrown.extend(out.pools_spawned.iter().map(|p| (step, p.center)));
        damage.push(out.pool_damage);
    }
    assert_eq!(thrown[0].1, player.to_array());
    let first = thrown[0].0;
    // Telegraph 1 s: nothing for 60 steps after the throw, then 1.0 dps
    // (docs/balance.md#the-mid-game: a crowd can pin the player in a pool).
    assert!(damage[first..first + 60].iter().all(|&x| x == 0.0));
    let total: f32 = damage[first + 60..first + 120].iter().sum();
    assert!((total - 1.0).abs() < 0.05, "{total}");
}

#[test]
fn overlapping_enemies_separate() {
    let d = defs();
    let mut s = set(&d);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let a = spawn(&mut s, &d, "grunt", Vec2::new(1000.0, 1000.0));
    let b = spawn(&mut s, &d, "grunt", Vec2::new(1000.0, 1000.0));
    for _ in 0..30 {
        s.update(DT, &ctx(Vec2::new(1000.0, 2000.0)), &mut rng);
    }
    let gap = s.get(a).unwrap().pos.distance(s.get(b).unwrap().pos);
    assert!(gap > 20.0, "{gap}");
}

#[test]
fn area_reactions_hit_neighbours_found_through_the_hash() {
    let d = defs();
    let mut s = set(&d);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let t = spawn(&mut s, &d, "tank", Vec2::new(1000.0, 1000.0));
    let near = spawn(&mut s, &d, "tank", Vec2::new(1100.0, 1000.0));
    let far = spawn(&mut s, &d, "tank", Vec2::new(1400.0, 1000.0));
    s.get_mut(t).unwrap().status.apply(Status::Wet, 5.0);
    let spec = HitSpec::simple(100.0, Element::Lightning);
    let out = s.hit(
        t,
        &spec,
        &AttackerStats::default(),
        &CombatRules::default(),
        &mut rng,
    );
    assert_eq!(out.reactions[0].kind, ReactionKind::Conduction);
    // 100 × 2 − 5 armour = 195 on the target; blast 195 × 0.5 = 97.5, −5 armour = 92.5 on the neighbour.
    assert_eq!(out.result.as_ref().unwrap().total, 195.0);
    let blast = out.reactions[0].blast.expect("conduction blasts");
    assert!((blast.damage - 97.5).abs() < 1e-3);
    assert_eq!(
        s.blast_targets(Vec2::from_array(blast.center), blast.radius, Some(t)),
        vec![near]
    );
    // The world hits each enemy caught through the same pipeline as a direct hit.
    let area = s.hit(
        near,
        &HitSpec::simple(blast.damage, blast.element),
        &AttackerStats::default(),
        &CombatRules::default(),
        &mut rng,
    );
    assert!((area.result.as_ref().unwrap().total - 92.5).abs() < 1e-3);
    assert_eq!(s.get(far).unwrap().hp, 1333.0);
}

#[test]
fn a_blast_catches_every_body_that_touches_its_edge() {
    let d = defs();
    let mut s = set(&d);
    let centre = Vec2::new(1000.0, 1000.0);
    let r = s_radius(&d, "grunt");
    // A 100 px blast: a grunt whose centre is outside the ring but whose
    // body reaches it is caught; one a pixel further is not.
    let touching = spawn(&mut s, &d, "grunt", centre + Vec2::new(100.0 + r - 0.5, 0.0));
    let clear = spawn(&mut s, &d, "grunt", centre + Vec2::new(0.0, 100.0 + r + 1.0));
    let inside = spawn(&mut s, &d, "grunt", centre + Vec2::new(-50.0, 0.0));
    let caught = s.blast_targets(centre, 100.0, None);
    assert!(
        caught.contains(&touching) && caught.contains(&inside),
        "{caught:?}"
    );
    assert!(!caught.contains(&clear), "{caught:?}");
    assert_eq!(s.blast_targets(centre, 100.0, Some(inside)), vec![touching]);
}

fn s_radius(d: &EnemyDefs, id: &str) -> f32 {
    d.get(id).expect("enemy").radius
}

#[test]
fn reap_frees_slots_and_reuses_the_lowest_first() {
    let d = defs();
    let mut s = set(&d);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let a = spawn(&mut s, &d, "grunt", Vec2::new(500.0, 500.0));
    let b = spawn(&mut s, &d, "grunt", Vec2::new(600.0, 500.0));
    s.get_mut(b).unwrap().hp = 0.0;
    s.get_mut(a).unwrap().hp = -1.0;
    let deaths = s.reap(&mut rng, &mut Vec::new());
    assert_eq!(deaths.iter().map(|x| x.slot).collect::<Vec<_>>(), vec![a, b]);
    assert!(
        deaths
            .iter()
            .all(|x| (1.0..=2.0).contains(&x.gold) && x.xp == 5.0)
    );
    assert_eq!(s.alive_count(), 0);
    assert_eq!(spawn(&mut s, &d, "grunt", Vec2::new(0.0, 0.0)), a);
}

#[test]
fn same_inputs_same_step() {
    let d = defs();
    let run = || {
        let mut s = set(&d);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for i in 0..200 {
            let id = ["grunt", "charger", "spitter", "poisoner"][i % 4];
            let pos = Vec2::new(200.0 + (i * 37 % 2000) as f32, 200.0 + (i * 91 % 2000) as f32);
            spawn(&mut s, &d, id, pos);
        }
        let mut shots = 0;
        for step in 0..300 {
            let player = Vec2::new(1200.0 + (step as f32 * 0.05).sin() * 300.0, 1200.0);
            shots += s.update(DT, &ctx(player), &mut rng).enemy_shots.len();
        }
        (s.slots().iter().map(|e| e.pos).collect::<Vec<_>>(), shots)
    };
    assert_eq!(run(), run());
}

#[test]
fn shield_bearers_turn_back_frontal_physical_shots_that_do_not_pierce() {
    let cat = std::sync::Arc::new(game::catalog::Catalog::load(&game::data::default_root()).expect("data"));
    let (mut w, _carry) =
        game::world::World::new_run(cat.clone(), 1, engine::gpu::Backend::Cpu, None).expect("world");
    let pos = cat.run.world.arena.centre();
    let slot = w.spawn_enemy("shieldbearer", pos).expect("spawned");
    let facing = w.enemies().get(slot).expect("enemy").facing;
    let attacker = AttackerStats::from_sheet(w.player.stats());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let shot = |element: Element, dir: Vec2| HitSpec {
        dir: dir.to_array(),
        ..HitSpec::simple(5.0, element)
    };
    // Coming at its face (travelling against its facing): turned back.
    let head_on = w.enemies_mut().hit(
        slot,
        &shot(Element::Physical, -facing),
        &attacker,
        &cat.combat,
        &mut rng,
    );
    assert!(head_on.reflected);
    // An elemental bolt, or a physical one from behind, goes through the shield.
    let fire = w.enemies_mut().hit(
        slot,
        &shot(Element::Fire, -facing),
        &attacker,
        &cat.combat,
        &mut rng,
    );
    assert!(!fire.reflected && fire.damage_dealt() > 0.0);
    let behind = w.enemies_mut().hit(
        slot,
        &shot(Element::Physical, facing),
        &attacker,
        &cat.combat,
        &mut rng,
    );
    assert!(!behind.reflected && behind.damage_dealt() > 0.0);
    // A piercing physical shot at its face passes the shield (the design's
    // answer to a mirror: docs/game.md#bosses).
    let piercing = HitSpec {
        pierces: true,
        ..shot(Element::Physical, -facing)
    };
    let through = w
        .enemies_mut()
        .hit(slot, &piercing, &attacker, &cat.combat, &mut rng);
    assert!(!through.reflected && through.damage_dealt() > 0.0);
}
