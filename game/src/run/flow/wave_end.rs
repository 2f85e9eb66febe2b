//! Between waves: how a wave ends (settlement, the clear condition, a
//! cleared boss rush's card, the run's summary and the wave's report) and
//! what comes after the settlement (pending level-ups, then the shop).

use super::{Outcome, Phase, Run, wave_report};
use crate::shop::Shop;
use crate::world::StateHasher;

impl Run {
    /// Ends the wave being fought: settlement, the clear condition, a
    /// cleared rush's card, the summary when the run is over, and the
    /// wave's report with its state hash.
    pub(super) fn end_wave(&mut self) {
        // The fight's state (enemies, projectiles) is hashed before the field is cleared.
        let mut h = StateHasher::default();
        self.world.hash_state(&self.carry, &mut h);
        let fight_hash = h.finish();
        let rush_cleared = self.plan.as_ref().is_some_and(|p| p.is_rush()) && self.world.rush_done();
        let w = &mut self.world;
        let died = !w.player.alive();
        let boss_wave = w.boss_wave();
        let boss_alive = w.boss_alive();
        // Read before the field is cleared; a report figure, not hashed.
        let boss_standing = w.boss_standing();
        let boss_hp_left = w
            .stats
            .boss_came_step
            .is_some()
            .then(|| boss_standing.as_ref().map_or(0.0, |(_, share)| *share));
        let duration_s = w.wave_steps as f64 * f64::from(w.dt());
        let stats = w.end_wave(&mut self.carry);
        // Finds no socket took wait in the bag, for the armoury to socket.
        self.loose.append(&mut self.carry.found_artifacts);
        if !died {
            // The settlement (interest on the gold held) pays a survivor.
            self.carry.wallet.settle(&w.catalog().run.economy.def.settlement);
        }
        let game_waves = w.catalog().waves.len() as u32;
        self.summary.add_wave(&stats, &w.credit);
        self.summary.boss_standing = boss_standing;
        let (phase, outcome) = if died {
            (Phase::Summary, Some(Outcome::Died))
        } else if w.wave >= game_waves && !self.endless {
            // The clear condition: the last wave's boss (and its clones) must be dead.
            let cleared = !boss_wave || (stats.boss_kills > 0 && !boss_alive);
            if cleared {
                self.cleared = true;
                log::info!("GAME_CLEARED: wave {} seed {}", w.wave, self.setup.seed);
            }
            (
                Phase::Summary,
                Some(if cleared { Outcome::Won } else { Outcome::Survived }),
            )
        } else if w.wave >= self.final_wave {
            (Phase::Summary, Some(Outcome::Survived))
        } else {
            (Phase::Settlement, None)
        };
        self.phase = phase;
        self.outcome = outcome;
        if rush_cleared && !died {
            self.rushes_cleared += 1;
            self.give_rush_card();
        }
        let gold = self.carry.wallet.gold();
        let level = self.carry.progress.level;
        self.last_wave = Some(stats.clone());
        if outcome.is_some() {
            self.freeze_summary();
        }
        let mut h = StateHasher::default();
        h.part("fight", &fight_hash);
        h.part("run", &self.state_hash());
        let mut report = wave_report(&stats, duration_s, gold, level, Vec::new(), h.finish());
        report.boss_hp_left = boss_hp_left.map(|f| crate::run::report::round(f64::from(f), 3));
        let dt = f64::from(self.world.dt());
        report.empty_s = crate::run::report::round(std::mem::take(&mut self.empty_steps) as f64 * dt, 2);
        if let Some(p) = &self.plan {
            report.mutator = p.rules.mutator.map(|m| m.id());
            report.boss_rush = p.is_rush();
            report.boss_rush_cleared = rush_cleared;
            report.ng_plus = p.rules.ng_plus;
            report.curse = self.setup.curse.clone();
            report.difficulty = p.difficulty;
        }
        self.reports.push(report);
    }

    /// A cleared boss rush's Tier 3 card, into the deck or the waiting area;
    /// its price in gold when both are full.
    fn give_rush_card(&mut self) {
        let n = self.world.wave;
        let Some(id) = crate::run::modes::rush_card(self.world.catalog(), &self.setup, &self.pool(), n)
        else {
            return;
        };
        let cat = self.world.catalog().clone();
        let paid = cat
            .spells
            .find(&id)
            .map_or(0, |i| u64::from(cat.spells.get(i).price));
        let card = crate::shop::Card { id: id.clone(), paid };
        if self
            .carry
            .loadout
            .add_card(card, cat.run.shop.waiting_area)
            .is_err()
        {
            self.carry.wallet.earn(paid);
        }
        log::info!("boss rush cleared at wave {n}: {id}");
    }

    /// After the settlement or a level-up choice: the next pending level-up's
    /// offer, or the shop when none is pending.
    pub(super) fn next_levelup_or_shop(&mut self) {
        // A new window: its rerolls start at the base price again.
        self.choices.rerolls = 0;
        if self.carry.progress.pending_levelups > 0 {
            let offer = self
                .world
                .catalog()
                .run
                .economy
                .levelups
                .offer(&mut self.levelup_rng);
            if !offer.is_empty() {
                self.offer = offer;
                self.phase = Phase::LevelUp;
                return;
            }
            self.carry.progress.pending_levelups = 0;
        }
        let cat = self.world.catalog().clone();
        if self.setup.practice.is_some() {
            let short = crate::run::setup::PRACTICE_GOLD.saturating_sub(self.carry.wallet.gold());
            self.carry.wallet.earn(short);
        }
        let kept = std::mem::take(&mut self.choices.kept);
        self.shop = Some(Shop::open_keeping(
            &cat.run.shop,
            &self.pool(),
            &mut self.shop_rng,
            kept,
        ));
        self.phase = Phase::Shop;
    }

    /// The run's summary as it ends (or as a preview shows it).
    pub(super) fn freeze_summary(&mut self) {
        let w = &self.world;
        let cat = w.catalog();
        let active = self.carry.loadout.active();
        let s = &mut self.summary;
        s.outcome = self.outcome;
        s.highest_wave = w.wave;
        s.last_wave_of_game = w.wave as usize >= cat.waves.len();
        s.level = self.carry.progress.level;
        s.core = cat
            .cores
            .find(&active.id)
            .map_or(active.id.clone(), |i| cat.cores.get(i).name.clone());
        s.deck_ids = active.deck.iter().map(|c| c.id.clone()).collect();
        s.deck = active
            .deck
            .iter()
            .map(|c| {
                cat.spells
                    .find(&c.id)
                    .map_or(c.id.clone(), |i| cat.spells.get(i).name.clone())
            })
            .collect();
        s.damage = s.damage_book.named(|i| {
            if (i as usize) < cat.spells.len() {
                cat.spells.get(crate::vm::SpellIdx(i)).name.clone()
            } else {
                "Unknown chip".to_string()
            }
        });
        s.taken
            .sort_by(|a, b| b.damage.total_cmp(&a.damage).then_with(|| a.name.cmp(&b.name)));
        let build = crate::run::build_code::build_of(&self.carry);
        s.build_code = crate::run::build_code::encode(cat, &build).unwrap_or_default();
        s.gold_earned = self.carry.wallet.earned();
        s.gold_spent = self.carry.wallet.spent();
        if s.outcome != Some(super::Outcome::Died) {
            // A blow Last Will survived is no cause of death.
            s.death_cause = None;
        }
        s.seed = self.setup.seed;
        s.daily = self.setup.daily.clone();
        s.elapsed_s = w.run_steps / u64::from(cat.run.world.step_hz.max(1));
    }
}
