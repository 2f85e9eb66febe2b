//! The window's modes and the state each one owns: before the device
//! exists, the title and the screens it opens, a run (played), a replay
//! being watched, and the lab's test range (which holds the run it was
//! opened from, waiting in the lab). A mode's state exists exactly while the
//! mode does; what every mode shares lives in [`super::Shell`].

use super::replay_view::ReplayView;
use super::{armoury, death_beat, fight, session, test_range};
use crate::run::{Phase, Replay, Run};
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

/// Which screen is in front.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// Building the core.
    Lab,
    /// A wave being fought.
    Arena,
    /// Paused over the arena.
    Paused,
    /// Settings (from the pause menu).
    Settings,
    /// What the wave gave.
    Settlement,
    /// Choosing level-up upgrades.
    LevelUp,
    /// Buying between waves.
    Shop,
    /// Death or victory.
    Summary,
    /// The lab's test range.
    TestRange,
    /// The title and the screens it opens (no run in front).
    Front,
    /// Equipment and crafting, reached from the shop.
    Armoury,
}

/// The window's own overlays over a fight, outside the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Modal {
    Paused,
    Settings,
}

/// What the window is doing, with the state that only that needs.
#[derive(Debug)]
pub(super) enum Mode {
    /// Before [`engine::window::WindowApp::init`]: no device, so no run yet.
    Boot(BootMode),
    /// The title and its screens (a normal start, on the profile).
    Title(Box<TitleMode>),
    /// A run the player plays (or a tool's preview of one).
    Run(Box<RunMode>),
    /// A recorded run being watched.
    Replay(Box<ReplayMode>),
    /// The lab's test range, over the run that opened it.
    Range(Box<RangeMode>),
}

/// The start the window makes once the device exists.
#[derive(Debug, Default)]
pub(super) struct BootMode {
    /// `--replay`'s recording, checked at launch; `None` starts the game
    /// itself (the title on a profile, or a tool's preview).
    pub replay: Option<Box<Replay>>,
}

/// The title and the screens it opens.
#[derive(Debug)]
pub(super) struct TitleMode {
    /// The screen shown.
    pub front: Front,
    /// Continue is re-playing the saved run (a slice each frame); `None`
    /// while the title simply waits for a choice.
    pub restore: Option<session::Restore>,
    /// The last unlock purchase's result line; `None` until one is tried.
    pub unlock_message: Option<String>,
}

impl TitleMode {
    /// The title (or one of its screens) with nothing in progress.
    pub fn new(front: Front) -> Self {
        Self {
            front,
            restore: None,
            unlock_message: None,
        }
    }
}

/// A run in front and the screens' state around it.
#[derive(Debug)]
pub(super) struct RunMode {
    pub run: Run,
    /// The fight's presentation and fixed-step clock.
    pub fight: fight::Fight,
    /// The pause menu or settings over the fight; `None` when neither is
    /// open.
    pub modal: Option<Modal>,
    pub lab: screens::lab::LabState,
    pub armoury: armoury::Armoury,
    /// The shop's last refusal; `None` once a purchase goes through.
    pub shop_message: Option<String>,
    /// `--stress N`: projectiles held alive in the fight; `None` for a
    /// fight as played.
    pub stress: Option<u32>,
    /// The beats between the fight's end and the summary.
    pub ending: Ending,
    /// The death beat's candidates for the killer, kept while the player is low.
    pub killers: death_beat::Killers,
    /// Ctrl+Q was pressed in the fight: the pause menu opens on its quit
    /// question (docs/screens.md#run-management).
    pub ask_quit: bool,
}

/// The beats between a run's last fight and its summary.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Ending {
    /// Seconds left of the death beat before the summary shows.
    pub death_beat: f32,
    /// Seconds left of the clear scene before the summary shows.
    pub clear_beat: f32,
    /// The clear scene of this run was played (it plays once, even if the
    /// run goes on into endless).
    pub clear_seen: bool,
    /// The player abandoned the run from the pause menu (the summary says
    /// so instead of naming a killer).
    pub abandoned: bool,
    /// The run was in a fight when the window last looked: a fight the
    /// window saw end in death plays the death beat; a window opened on
    /// the summary (a preview) saw none and shows the summary at once.
    pub fighting: bool,
    /// Frames the booked summary has been shown (its snapshot is taken on
    /// the fifth, once egui's window has its final layout).
    pub summary_frames: u32,
}

impl RunMode {
    /// `run` in front, its fight running at most `max_steps` steps a frame.
    pub fn new(run: Run, max_steps: u32) -> Self {
        Self {
            fight: fight::Fight::new(run.world().dt(), max_steps),
            run,
            modal: None,
            lab: screens::lab::LabState::default(),
            armoury: armoury::Armoury::default(),
            shop_message: None,
            stress: None,
            ending: Ending::default(),
            killers: death_beat::Killers::default(),
            ask_quit: false,
        }
    }

    /// The screen of the run's phase, or the overlay over it.
    pub fn screen(&self) -> Screen {
        match self.modal {
            Some(Modal::Paused) => return Screen::Paused,
            Some(Modal::Settings) => return Screen::Settings,
            None => {}
        }
        match self.run.phase() {
            Phase::Lab => Screen::Lab,
            Phase::Fight => Screen::Arena,
            Phase::Settlement => Screen::Settlement,
            Phase::LevelUp => Screen::LevelUp,
            Phase::Shop => Screen::Shop,
            Phase::Armoury => Screen::Armoury,
            Phase::Summary => Screen::Summary,
        }
    }
}

/// A replay driving a run instead of the player.
#[derive(Debug)]
pub(super) struct ReplayMode {
    /// The playback and its controls.
    pub view: ReplayView,
    /// The run it drives, shown as a played one is.
    pub run: RunMode,
}

/// The test range, opened from the lab of a run.
#[derive(Debug)]
pub(super) struct RangeMode {
    /// The range's own world and meter.
    pub range: test_range::TestRange,
    /// The run the range was opened from, back in front when it closes.
    pub lab_run: RunMode,
}

impl Mode {
    /// The run of this mode, in front or waiting (the test range's).
    pub fn run(&self) -> Option<&RunMode> {
        match self {
            Mode::Run(r) => Some(r),
            Mode::Replay(r) => Some(&r.run),
            Mode::Range(r) => Some(&r.lab_run),
            Mode::Boot(_) | Mode::Title(_) => None,
        }
    }

    /// [`Mode::run`], to change.
    pub fn run_mut(&mut self) -> Option<&mut RunMode> {
        match self {
            Mode::Run(r) => Some(r),
            Mode::Replay(r) => Some(&mut r.run),
            Mode::Range(r) => Some(&mut r.lab_run),
            Mode::Boot(_) | Mode::Title(_) => None,
        }
    }

    /// The screen in front.
    pub fn screen(&self) -> Screen {
        match self {
            // Nothing is drawn before the device; the lab's backdrop stands in.
            Mode::Boot(_) => Screen::Lab,
            Mode::Title(_) => Screen::Front,
            Mode::Range(_) => Screen::TestRange,
            Mode::Run(r) => r.screen(),
            Mode::Replay(r) => r.run.screen(),
        }
    }

    /// Closes the test range: its run is back in front (any other mode is
    /// kept).
    pub fn leave_range(&mut self) {
        let old = std::mem::replace(self, Mode::Boot(BootMode::default()));
        *self = match old {
            Mode::Range(range) => Mode::Run(Box::new(range.lab_run)),
            other => other,
        };
    }

    /// Opens `range` over the run in front (only a played run has a lab
    /// that opens one; any other mode is kept).
    pub fn enter_range(&mut self, range: test_range::TestRange) {
        let old = std::mem::replace(self, Mode::Boot(BootMode::default()));
        *self = match old {
            Mode::Run(run) => Mode::Range(Box::new(RangeMode { range, lab_run: *run })),
            other => other,
        };
    }
}
