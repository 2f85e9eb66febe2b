//! The screens in front of a run: the title and what it opens (codex,
//! unlocks, records, settings), and the restore of a saved run. They exist
//! only when the game runs on a profile (a normal start); the tools'
//! previews (`--screen lab`, `--stress`, `--replay`) open without one.

use super::modes::{Front, Mode};
use super::{GameApp, Start, session};
use crate::screens;
use crate::screens::title::TitleAction;

impl GameApp {
    /// Draws the front screen of the title mode and acts on the choice.
    pub(super) fn front_ui(&mut self, ctx: &egui::Context, frame: &mut engine::window::Frame<'_>) {
        let Mode::Title(title) = &mut self.mode else {
            return;
        };
        let shell = &mut self.shell;
        let Some(session) = &mut shell.session else { return };
        let back = ctx.input(|i| i.key_pressed(egui::Key::Escape));
        match title.front {
            Front::Title => {
                if let Some(restore) = &mut title.restore {
                    let progress = restore.progress();
                    screens::title::show(ctx, &title_info(session, &shell.catalog), Some(progress));
                    match restore.advance(RESTORE_BUDGET_MS) {
                        Ok(false) => {}
                        Ok(true) => {
                            if let Some(restored) = title.restore.take() {
                                self.adopt_run(restored.run);
                            }
                        }
                        Err(e) => {
                            title.restore = None;
                            session.toast(e.to_string());
                        }
                    }
                    return;
                }
                let info = title_info(session, &shell.catalog);
                let action = screens::title::show(ctx, &info, None);
                self.title_action(action, frame);
            }
            Front::Codex => {
                let done = matches!(
                    screens::codex::show(
                        ctx,
                        &shell.codex_book,
                        &session.profile().codex,
                        &mut shell.codex_state
                    ),
                    Some(screens::codex::CodexAction::Back)
                );
                if done || back {
                    title.front = Front::Title;
                }
            }
            Front::Unlocks => {
                let p = session.profile();
                let action = screens::unlocks::show(
                    ctx,
                    &shell.catalog.unlocks,
                    &p.unlocked,
                    p.aether,
                    title.unlock_message.as_deref(),
                );
                match action {
                    Some(screens::unlocks::UnlocksAction::Buy(id)) => {
                        title.unlock_message = Some(match session.buy_unlock(&shell.catalog, &id) {
                            Ok(()) => {
                                let name = shell
                                    .catalog
                                    .unlocks
                                    .get(&id)
                                    .map_or(id.as_str(), |u| u.name.as_str());
                                format!("{name} unlocked.")
                            }
                            Err(e) => e.to_string(),
                        });
                    }
                    Some(screens::unlocks::UnlocksAction::Back) => title.front = Front::Title,
                    None if back => title.front = Front::Title,
                    None => {}
                }
            }
            Front::Records => {
                let saves = session.saves();
                if screens::records::show(ctx, &saves.records, &saves.history) || back {
                    title.front = Front::Title;
                }
            }
            Front::Settings => {
                let mut skip = session.profile().skip_onboarding;
                let capturing = shell.bind_edit.waiting.is_some();
                let closed = shell.settings_ui(ctx, frame, Some(&mut skip));
                if let Some(session) = &mut shell.session {
                    session.set_skip_onboarding(skip);
                }
                shell.save_settings();
                if closed || (back && !capturing) {
                    title.front = Front::Title;
                }
            }
        }
    }

    /// What the title's choice does: a run starts (or a saved one begins
    /// to restore), or another front screen opens.
    fn title_action(&mut self, action: Option<TitleAction>, frame: &mut engine::window::Frame<'_>) {
        let Mode::Title(title) = &mut self.mode else {
            return;
        };
        let shell = &mut self.shell;
        let Some(session) = &mut shell.session else { return };
        match action {
            Some(TitleAction::NewRun) => {
                if let Err(e) = self.new_run(frame.gpu) {
                    self.fatal = Some(e);
                }
            }
            Some(TitleAction::Continue) => {
                match session.restore(shell.catalog.clone(), shell.data_checksum, Some(frame.gpu)) {
                    Ok(r) => title.restore = Some(r),
                    Err(e) => session.toast(e.to_string()),
                }
            }
            Some(TitleAction::Practice(w)) => {
                if let Err(e) = self.start_run(frame.gpu, Start::Practice(w))
                    && let Some(s) = &mut self.shell.session
                {
                    s.toast(e.to_string());
                }
            }
            Some(TitleAction::NgPlus(n)) => {
                if let Err(e) = self.start_run(frame.gpu, Start::NgPlus(n)) {
                    self.fatal = Some(e);
                }
            }
            Some(TitleAction::Curse(k)) => {
                let id = crate::run::modes::curse_ids(&shell.catalog).get(k).cloned();
                if let Some(id) = id
                    && let Err(e) = self.start_run(frame.gpu, Start::Curse(id))
                {
                    self.fatal = Some(e);
                }
            }
            Some(TitleAction::Seeded(seed)) => {
                if let Err(e) = self.start_run(frame.gpu, Start::Seeded(seed)) {
                    self.fatal = Some(e);
                }
            }
            Some(TitleAction::Daily) => {
                let today = crate::share::daily::Date::today_utc();
                if let Err(e) = self.start_run(frame.gpu, Start::Daily(today)) {
                    self.fatal = Some(e);
                }
            }
            Some(TitleAction::Codex) => title.front = Front::Codex,
            Some(TitleAction::Unlocks) => title.front = Front::Unlocks,
            Some(TitleAction::Records) => title.front = Front::Records,
            Some(TitleAction::Settings) => title.front = Front::Settings,
            Some(TitleAction::Quit) => frame.requests.exit = true,
            Some(TitleAction::DismissNotices) => session.dismiss_notices(),
            None => {}
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
        daily: Some(daily_line(session)),
    }
}

/// Today's daily (UTC) and whether its counted attempt was played.
fn daily_line(session: &session::Session) -> (String, bool) {
    let today = crate::share::daily::Date::today_utc().to_string();
    let counted = session.saves().records.daily_counted(&today);
    (today, counted)
}

/// The unlock tree's entry that opens the curse mode (`data/unlocks.json`).
const CURSE_UNLOCK: &str = "curse_waves";
