//! Settings: resolution, fullscreen, vsync, and the key bindings. There is no
//! sound, so there is no volume.

use engine::window::Requests;

/// The key bindings, shown in the settings screen.
pub const BINDINGS: &[(&str, &str)] = &[
    ("Move", "W A S D / arrow keys"),
    ("Dash (while walking)", "Space"),
    ("Cast the stored chip (Store Magic)", "Q"),
    ("Aim", "nearest enemy; M toggles mouse aim"),
    ("Pause / back", "Esc"),
    ("Profiler overlay", "F3"),
    ("Continue / fight from the lab / leave the shop", "Enter"),
    ("Take a level-up, buy in the shop", "number keys 1–9"),
    ("Slow motion (test range)", "the 0.1× button"),
    ("Drag cards", "left mouse button"),
    ("Menus", "mouse, Tab / Enter"),
    ("Watching a replay", "Space pause, 1 / 4 speed"),
    ("Quit", "Ctrl+Q"),
];

/// Resolutions offered in windowed mode.
pub const RESOLUTIONS: [[u32; 2]; 4] = [[1280, 720], [1600, 900], [1920, 1080], [2560, 1440]];

/// The player's display settings for this session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Windowed size, physical pixels.
    pub resolution: [u32; 2],
    /// Borderless fullscreen.
    pub fullscreen: bool,
    /// Present with vsync.
    pub vsync: bool,
    /// Fire at the mouse cursor instead of the nearest enemy (key M).
    pub mouse_aim: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            resolution: RESOLUTIONS[0],
            fullscreen: false,
            vsync: true,
            mouse_aim: false,
        }
    }
}

/// Draws the settings window; changes become window `requests`. True when closed.
pub fn show(ctx: &egui::Context, settings: &mut Settings, requests: &mut Requests) -> bool {
    let mut close = false;
    egui::Window::new("Settings")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::Grid::new("settings grid").num_columns(2).show(ui, |ui| {
                ui.label("Resolution");
                let current = format!("{}×{}", settings.resolution[0], settings.resolution[1]);
                egui::ComboBox::from_id_salt("resolution")
                    .selected_text(current)
                    .show_ui(ui, |ui| {
                        for r in RESOLUTIONS {
                            let label = format!("{}×{}", r[0], r[1]);
                            if ui.selectable_value(&mut settings.resolution, r, label).clicked() {
                                requests.resize = Some(r);
                            }
                        }
                    });
                ui.end_row();
                ui.label("Fullscreen");
                if ui.checkbox(&mut settings.fullscreen, "borderless").changed() {
                    requests.fullscreen = Some(settings.fullscreen);
                }
                ui.end_row();
                ui.label("Vsync");
                if ui.checkbox(&mut settings.vsync, "on").changed() {
                    requests.vsync = Some(settings.vsync);
                }
                ui.end_row();
                ui.label("Aim");
                ui.checkbox(&mut settings.mouse_aim, "at the mouse cursor (M)");
                ui.end_row();
            });
            ui.separator();
            ui.strong("Key bindings");
            egui::Grid::new("bindings").striped(true).show(ui, |ui| {
                for &(action, keys) in BINDINGS {
                    ui.label(action);
                    ui.monospace(keys);
                    ui.end_row();
                }
            });
            ui.separator();
            if ui.button("Back").clicked() {
                close = true;
            }
        });
    close
}
