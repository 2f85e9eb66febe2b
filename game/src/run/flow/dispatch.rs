//! The commands a run takes, each kind in its own helper: which command
//! belongs to which phase is the one match in [`Run::dispatch`]; what a
//! command does is in the helper it names. A refusal changes nothing.

use super::{CommandError, Outcome, Phase, Run};
use crate::loot::gear_actions::BenchResult;
use crate::run::command::Command;
use crate::shop::Purchase;

/// A rule's refusal, in the words the rule gave.
fn refused(e: &dyn std::fmt::Display) -> CommandError {
    CommandError::Refused(e.to_string())
}

impl Run {
    /// Routes one command to its helper, or refuses it in the wrong phase.
    pub(super) fn dispatch(&mut self, cmd: &Command) -> Result<Option<String>, CommandError> {
        match (self.phase, cmd) {
            (Phase::Fight, Command::Step(input)) => {
                self.step(*input);
                Ok(None)
            }
            (Phase::Lab, Command::StartWave) => self.start_wave().map(|()| None),
            (Phase::Summary, Command::Endless) => self.go_endless().map(|()| None),
            (Phase::Settlement, Command::Continue) => {
                self.next_levelup_or_shop();
                Ok(None)
            }
            (Phase::LevelUp, Command::ChooseLevelUp(k)) => self.choose_levelup(*k).map(|()| None),
            (
                Phase::Shop,
                Command::Buy { .. }
                | Command::Refresh
                | Command::SellCard(_)
                | Command::SellCore(_)
                | Command::SwitchCore { .. },
            ) => self.shop_command(cmd).map(|()| None),
            (Phase::Lab | Phase::Shop, Command::MoveCard { .. }) if self.setup.editor_locked() => {
                Err(CommandError::Refused(
                    "The core editor opens in your second run: this one is about moving.".into(),
                ))
            }
            (Phase::Lab | Phase::Shop, Command::MoveCard { from, to }) => {
                let waiting = self.world.catalog().run.shop.waiting_area;
                self.carry
                    .loadout
                    .move_card(*from, *to, waiting)
                    .map_err(|e| refused(&e))?;
                Ok(None)
            }
            (Phase::Shop, Command::OpenArmoury) => {
                self.phase = Phase::Armoury;
                Ok(None)
            }
            (Phase::Armoury, Command::CloseArmoury) => {
                self.phase = Phase::Shop;
                Ok(None)
            }
            (Phase::Armoury, Command::Equip(_) | Command::Craft(_)) => self.armoury_command(cmd).map(Some),
            (Phase::Shop, Command::LockOffer { shelf, index }) => self.lock_offer(*shelf, *index),
            (Phase::LevelUp, Command::RerollLevelUp) => self.reroll_levelup(),
            (Phase::Shop, Command::TryOn(index)) => self.try_on(*index),
            (Phase::Shop, Command::LeaveShop) => {
                self.keep_locked();
                self.shop = None;
                self.phase = Phase::Lab;
                Ok(None)
            }
            _ => Err(self.wrong(cmd)),
        }
    }

    /// The refusal of a command that does not belong to the current phase.
    fn wrong(&self, cmd: &Command) -> CommandError {
        CommandError::WrongPhase {
            command: cmd.name(),
            phase: self.phase,
        }
    }

    /// Lab: plans the next wave of the mode and enters it.
    fn start_wave(&mut self) -> Result<(), CommandError> {
        if self.world.wave >= self.final_wave {
            return Err(CommandError::Refused("no wave is left in this run".into()));
        }
        let cat = self.world.catalog().clone();
        let next = self.world.wave + 1;
        let plan = crate::run::modes::plan_wave(&cat, &self.setup, next, &self.carry.bosses_met)
            .map_err(|e| refused(&e))?;
        self.world.set_rules(plan.rules.clone());
        self.world.boss_scale = plan.boss_scale;
        self.world
            .begin_wave_with(&mut self.carry, &plan.config, plan.rush.clone())
            .map_err(|e| refused(&e))?;
        self.plan = Some(plan);
        self.phase = Phase::Fight;
        Ok(())
    }

    /// Summary of a cleared run: goes on into endless, to the setup's last
    /// wave when it is past the game's, else without end.
    fn go_endless(&mut self) -> Result<(), CommandError> {
        if self.outcome != Some(Outcome::Won) || self.setup.practice.is_some() {
            return Err(CommandError::Refused(
                "only a cleared run goes on into endless".into(),
            ));
        }
        let game_waves = self.world.catalog().waves.len() as u32;
        self.endless = true;
        self.final_wave = if self.setup.last_wave > game_waves {
            self.setup.last_wave
        } else {
            u32::MAX
        };
        self.outcome = None;
        self.summary.outcome = None;
        self.phase = Phase::Settlement;
        Ok(())
    }

    /// Level-up: takes the `k`-th offered upgrade.
    fn choose_levelup(&mut self, k: usize) -> Result<(), CommandError> {
        let cat = self.world.catalog().clone();
        let table = &cat.run.economy.levelups;
        let up = self
            .offer
            .get(k)
            .and_then(|&i| table.upgrades.get(i))
            .ok_or_else(|| CommandError::Refused(format!("no level-up choice {k}")))?;
        self.carry.take_levelup(&up.modifiers);
        self.world.refresh_stats(&mut self.carry);
        self.offer.clear();
        self.next_levelup_or_shop();
        Ok(())
    }

    /// Shop: buying, restocking, selling and switching cores.
    fn shop_command(&mut self, cmd: &Command) -> Result<(), CommandError> {
        let cat = self.world.catalog().clone();
        let def = &cat.run.shop;
        let wrong = self.wrong(cmd);
        match cmd {
            Command::Buy { shelf, index } => {
                let pool = self.pool();
                let shop = self.shop.as_mut().ok_or(wrong)?;
                let id = shop.shelf(*shelf).get(*index).map(|o| o.id.clone());
                let bought = self
                    .carry
                    .buy(shop, def, &pool, *shelf, *index)
                    .map_err(|e| refused(&e))?;
                if matches!(bought, Purchase::Stats(_)) {
                    self.world.refresh_stats(&mut self.carry);
                }
                self.note_bought(id.unwrap_or_default());
            }
            Command::Refresh => {
                let pool = self.pool();
                let shop = self.shop.as_mut().ok_or(wrong)?;
                shop.refresh(def, &pool, &mut self.carry.wallet, &mut self.shop_rng)
                    .map_err(|e| refused(&e))?;
                self.note_bought("(refresh)".into());
            }
            Command::SellCard(place) => {
                let shop = self.shop.as_mut().ok_or(wrong)?;
                let c = &mut self.carry;
                shop.sell_card(def, *place, &mut c.wallet, &mut c.loadout)
                    .map_err(|e| refused(&e))?;
            }
            Command::SellCore(i) => {
                let shop = self.shop.as_mut().ok_or(wrong)?;
                let c = &mut self.carry;
                shop.sell_core(def, *i, &mut c.wallet, &mut c.loadout)
                    .map_err(|e| refused(&e))?;
            }
            Command::SwitchCore { core, carry_deck } => {
                let shop = self.shop.as_ref().ok_or(wrong)?;
                if *carry_deck {
                    self.carry
                        .loadout
                        .carry_deck_to(*core, def.waiting_area)
                        .map_err(|e| refused(&e))?;
                } else {
                    shop.switch_core(&mut self.carry.loadout, *core)
                        .map_err(|e| refused(&e))?;
                }
            }
            _ => return Err(wrong),
        }
        Ok(())
    }

    /// Armoury: wearing and socketing, or the crafting bench; the line it
    /// returns is the bench's or the equipment's word for the screen's log.
    fn armoury_command(&mut self, cmd: &Command) -> Result<String, CommandError> {
        let cat = self.world.catalog().clone();
        match cmd {
            Command::Equip(action) => {
                let line = self
                    .carry
                    .equip(*action, &mut self.loose, &cat.loot)
                    .map_err(|e| refused(&e))?;
                self.world.refresh_gear(&mut self.carry);
                Ok(line)
            }
            Command::Craft(action) => {
                let BenchResult { message, .. } = self
                    .carry
                    .craft(action.clone(), &cat.loot, &mut self.crafting_rng)
                    .map_err(|e| refused(&e))?;
                Ok(message)
            }
            _ => Err(self.wrong(cmd)),
        }
    }
}
