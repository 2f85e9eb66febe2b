//! The screens in front of a run: the title and what it opens (codex,
//! unlocks, records, settings), and the restore of a saved run. They exist
//! only when the game runs on a profile (a normal start); the tools'
//! previews (`--screen lab`, `--stress`, `--replay`) open without one.

use super::{GameApp, session};
use crate::screens;

/// Which front screen is shown while no run is in front.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Front {
    /// New run, Continue, Practice, Codex, Unlocks, Records, Settings, Quit.
    Title,
    /// Every thing met, with its numbers (docs/game.md#codex).
    Codex,
    /// The unlock tree (docs/game.md#unlocks).
    Unlocks,
    /// Best wave, fastest clear, the endless leaderboard (docs/game.md#records).
    Records,
    /// Settings, from the title.
    Settings,
}

impl GameApp {
    /// Draws the front screen and acts on the choice.
    pub(super) fn front_ui(
        &mut self,
        ctx: &egui::Context,
        frame: &mut engine::window::Frame<'_>,
        front: Front,
    ) {
        let Some(session) = &mut self.session else { return };
        let back = ctx.input(|i| i.key_pressed(egui::Key::Escape));
        match front {
            Front::Title => {
                if let Some(restore) = &mut self.restore {
                    let progress = restore.progress();
                    screens::title::show(ctx, &title_info(session, &self.catalog), Some(progress));
                    match restore.advance(RESTORE_BUDGET_MS) {
                        Ok(false) => {}
                        Ok(true) => {
                            let restored = self.restore.take().map(|r| r.run);
                            if let Some(run) = restored {
                                self.adopt_run(run);
                            }
                        }
                        Err(e) => {
                            self.restore = None;
                            session.toast(e);
                        }
                    }
                    return;
                }
                let info = title_info(session, &self.catalog);
                match screens::title::show(ctx, &info, None) {
                    Some(screens::title::TitleAction::NewRun) => {
                        if let Err(e) = self.new_run(frame.gpu) {
                            self.fatal = Some(e);
                        }
                    }
                    Some(screens::title::TitleAction::Continue) => {
                        match session.restore(self.catalog.clone(), self.data_checksum, Some(frame.gpu)) {
                            Ok(r) => self.restore = Some(r),
                            Err(e) => session.toast(e),
                        }
                    }
                    Some(screens::title::TitleAction::Practice(w)) => {
                        if let Err(e) = self.start_run(frame.gpu, super::Start::Practice(w))
                            && let Some(s) = &mut self.session
                        {
                            s.toast(e);
                        }
                    }
                    Some(screens::title::TitleAction::NgPlus(n)) => {
                        if let Err(e) = self.start_run(frame.gpu, super::Start::NgPlus(n)) {
                            self.fatal = Some(e);
                        }
                    }
                    Some(screens::title::TitleAction::Curse(k)) => {
                        let id = crate::run::modes::curse_ids(&self.catalog).get(k).cloned();
                        if let Some(id) = id
                            && let Err(e) = self.start_run(frame.gpu, super::Start::Curse(id))
                        {
                            self.fatal = Some(e);
                        }
                    }
                    Some(screens::title::TitleAction::Codex) => self.front = Some(Front::Codex),
                    Some(screens::title::TitleAction::Unlocks) => self.front = Some(Front::Unlocks),
                    Some(screens::title::TitleAction::Records) => self.front = Some(Front::Records),
                    Some(screens::title::TitleAction::Settings) => self.front = Some(Front::Settings),
                    Some(screens::title::TitleAction::Quit) => frame.requests.exit = true,
                    Some(screens::title::TitleAction::DismissNotices) => session.dismiss_notices(),
                    None => {}
                }
            }
            Front::Codex => {
                let done = matches!(
                    screens::codex::show(
                        ctx,
                        &self.codex_book,
                        &session.profile().codex,
                        &mut self.codex_state
                    ),
                    Some(screens::codex::CodexAction::Back)
                );
                if done || back {
                    self.front = Some(Front::Title);
                }
            }
            Front::Unlocks => {
                let p = session.profile();
                let action = screens::unlocks::show(
                    ctx,
                    &self.catalog.unlocks,
                    &p.unlocked,
                    p.aether,
                    self.unlock_message.as_deref(),
                );
                match action {
                    Some(screens::unlocks::UnlocksAction::Buy(id)) => {
                        self.unlock_message = Some(match session.buy_unlock(&self.catalog, &id) {
                            Ok(()) => {
                                let name = self
                                    .catalog
                                    .unlocks
                                    .get(&id)
                                    .map_or(id.as_str(), |u| u.name.as_str());
                                format!("{name} unlocked.")
                            }
                            Err(e) => e,
                        });
                    }
                    Some(screens::unlocks::UnlocksAction::Back) => self.front = Some(Front::Title),
                    None if back => self.front = Some(Front::Title),
                    None => {}
                }
            }
            Front::Records => {
                if screens::records::show(ctx, &session.saves().records) || back {
                    self.front = Some(Front::Title);
                }
            }
            Front::Settings => {
                let mut skip = session.profile().skip_onboarding;
                let capturing = self.bind_edit.waiting.is_some();
                let closed = self.settings_ui(ctx, frame, Some(&mut skip));
                if let Some(session) = &mut self.session {
                    session.set_skip_onboarding(skip);
                }
                self.save_settings();
                if closed || (back && !capturing) {
                    self.front = Some(Front::Title);
                }
            }
        }
    }
}

/// Milliseconds of each frame a restore may spend re-playing: the window
/// stays responsive and the progress bar moves.
const RESTORE_BUDGET_MS: f64 = 40.0;

fn title_info(session: &session::Session, cat: &crate::catalog::Catalog) -> screens::title::TitleInfo {
    let p = session.profile();
    let curses = if p.unlocked.contains(CURSE_UNLOCK) {
        crate::run::modes::curse_list(cat)
    } else {
        Vec::new()
    };
    screens::title::TitleInfo {
        saved_run: session.saved_run_line().map(str::to_string),
        practice: p.milestones.iter().copied().collect(),
        aether: p.aether,
        runs: p.runs,
        best_wave: p.best_wave,
        onboarding: crate::profile::run_book::onboarding_stage(p),
        notices: session.notices().to_vec(),
        ng_plus_max: p.ng_plus_max(),
        curses,
    }
}

/// The unlock tree's entry that opens the curse mode (`data/unlocks.json`).
const CURSE_UNLOCK: &str = "curse_waves";
