//! Settings: resolution, fullscreen, vsync, UI scale, aim, the master,
//! effects and music volumes, the effects quality and comfort (flashes,
//! shake, hit-stop, motion), onboarding, and the key
//! bindings. Saved in the profile folder (`settings.json`) and applied at
//! start.

use engine::window::Requests;

pub use super::bindings::{Bind, BindingEdit, Bindings};

/// Resolutions offered in windowed mode.
pub const RESOLUTIONS: [[u32; 2]; 4] = [[1280, 720], [1600, 900], [1920, 1080], [2560, 1440]];

/// The file the settings are kept in, inside the profile folder.
pub const SETTINGS_FILE: &str = "settings.json";

/// UI scales offered (egui's points per pixel).
pub const UI_SCALES: [f32; 5] = [0.85, 1.0, 1.15, 1.3, 1.5];

/// The settings file's schema version (a newer field is added with a
/// default, so older files load as they are).
pub const SETTINGS_SCHEMA: u32 = 1;

/// The effects quality (docs/art.md#quality): low keeps the whole art
/// direction and adds no full-screen pass; high adds the projectiles' glow
/// pass and the vignette. Saved as `glow` (`auto`, `on`, `off`) since
/// before the look had more than the glow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GlowMode {
    /// High on a real GPU, low on a software adapter (lavapipe, WARP),
    /// where every extra pixel costs CPU time the fight needs.
    #[default]
    Auto,
    /// High.
    #[serde(alias = "high")]
    On,
    /// Low.
    #[serde(alias = "low")]
    Off,
}

impl GlowMode {
    /// Whether high quality is drawn on this adapter.
    pub fn on(self, software_adapter: bool) -> bool {
        match self {
            GlowMode::Auto => !software_adapter,
            GlowMode::On => true,
            GlowMode::Off => false,
        }
    }

    /// Its name in the settings.
    pub fn label(self) -> &'static str {
        match self {
            GlowMode::Auto => "auto (low on a software renderer)",
            GlowMode::On => "high",
            GlowMode::Off => "low",
        }
    }
}

/// How much the screen shakes on big hits and blade strikes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShakeLevel {
    /// As designed.
    #[default]
    Full,
    /// Under half as far.
    Reduced,
    /// Never.
    Off,
}

impl ShakeLevel {
    /// The factor on the shake's distance.
    pub fn factor(self) -> f32 {
        match self {
            ShakeLevel::Full => 1.0,
            ShakeLevel::Reduced => 0.4,
            ShakeLevel::Off => 0.0,
        }
    }

    /// Its name in the settings.
    pub fn label(self) -> &'static str {
        match self {
            ShakeLevel::Full => "full",
            ShakeLevel::Reduced => "reduced",
            ShakeLevel::Off => "off",
        }
    }
}

/// The player's settings.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Schema version of the file.
    pub schema: u32,
    /// Windowed size, physical pixels.
    pub resolution: [u32; 2],
    /// Borderless fullscreen.
    pub fullscreen: bool,
    /// Present with vsync.
    pub vsync: bool,
    /// Fire at the mouse cursor instead of the nearest enemy (key M).
    pub mouse_aim: bool,
    /// Size of the interface (egui points per pixel).
    pub ui_scale: f32,
    /// Element colours told apart without red–green (Okabe–Ito hues).
    pub colour_blind: bool,
    /// Everything's volume, 0..=1.
    pub master_volume: f32,
    /// Sound effects' volume, 0..=1.
    pub effects_volume: f32,
    /// Music's volume, 0..=1.
    pub music_volume: f32,
    /// The effects quality (high: the glow pass and the vignette).
    pub glow: GlowMode,
    /// Flashes (hits, spawns, a boss's phase, the player's hurt) drawn softer.
    pub reduce_flashes: bool,
    /// How far the screen shakes.
    pub screen_shake: ShakeLevel,
    /// Big hits hold the fight for a few frames.
    pub hit_stop: bool,
    /// Nothing on screen moves for show (docs/art.md#comfort): screens
    /// fade instead of sliding, the menus' motes and the title's halo
    /// hold still, the wave's end is not slowed. Older files load with it
    /// off (the struct's serde default).
    pub reduce_motion: bool,
    /// The key of each action.
    pub bindings: Bindings,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            schema: SETTINGS_SCHEMA,
            resolution: RESOLUTIONS[0],
            fullscreen: false,
            vsync: true,
            mouse_aim: false,
            ui_scale: 1.0,
            colour_blind: false,
            master_volume: 0.8,
            effects_volume: 0.8,
            music_volume: 0.5,
            glow: GlowMode::Auto,
            reduce_flashes: false,
            screen_shake: ShakeLevel::Full,
            hit_stop: true,
            reduce_motion: false,
            bindings: Bindings::default(),
        }
    }
}

/// The smallest window the screens are laid out for, physical pixels.
pub const MIN_RESOLUTION: [u32; 2] = [640, 360];
/// The largest window a settings file may ask for: wgpu's default texture
/// limit (8192) on either side; the window is also fitted to the monitor.
pub const MAX_RESOLUTION: [u32; 2] = [8192, 8192];
/// The interface sizes a settings file may hold (the screen offers 0.85–1.5).
pub const UI_SCALE_RANGE: [f32; 2] = [0.5, 2.0];

impl Settings {
    /// Reads a settings file's bytes, refusing in words one written by a
    /// newer game (a higher `schema`), as the profile's other versioned
    /// files are: read as current, its meaning could silently change.
    pub fn parse(bytes: &[u8]) -> Result<Settings, String> {
        let s: Settings =
            crate::profile::store::parse_bytes(SETTINGS_FILE, bytes).map_err(|e| e.to_string())?;
        if s.schema > SETTINGS_SCHEMA {
            return Err(format!(
                "written by a newer version of the game (settings schema {}; this version reads up to {SETTINGS_SCHEMA})",
                s.schema
            ));
        }
        Ok(s)
    }

    /// Brings every value of a hand-edited or damaged settings file to the
    /// nearest sane one (docs/data.md#settings): a value outside its range
    /// is clamped, one that is not a number (NaN, infinite) takes its
    /// default. Returns a sentence for the title screen per value changed,
    /// so the player learns why the window is not what the file said; the
    /// game never panics or refuses to start on a settings value.
    pub fn sanitize(&mut self) -> Vec<String> {
        let mut notes = Vec::new();
        let d = Settings::default();
        let mut fix = |name: &str, v: &mut f32, lo: f32, hi: f32, default: f32| {
            let fixed = if v.is_finite() { v.clamp(lo, hi) } else { default };
            if fixed != *v {
                let was = if v.abs() >= 1e6 {
                    format!("{v:e}")
                } else {
                    v.to_string()
                };
                notes.push(format!(
                    "The {name} in your settings ({was}) is outside {lo}–{hi}; it was set to {fixed}."
                ));
                *v = fixed;
            }
        };
        fix(
            "interface size",
            &mut self.ui_scale,
            UI_SCALE_RANGE[0],
            UI_SCALE_RANGE[1],
            d.ui_scale,
        );
        fix(
            "master volume",
            &mut self.master_volume,
            0.0,
            1.0,
            d.master_volume,
        );
        fix(
            "effects volume",
            &mut self.effects_volume,
            0.0,
            1.0,
            d.effects_volume,
        );
        fix("music volume", &mut self.music_volume, 0.0, 1.0, d.music_volume);
        let [w, h] = self.resolution;
        let fitted = [
            w.clamp(MIN_RESOLUTION[0], MAX_RESOLUTION[0]),
            h.clamp(MIN_RESOLUTION[1], MAX_RESOLUTION[1]),
        ];
        if fitted != self.resolution {
            notes.push(format!(
                "The window size in your settings ({w}×{h}) is outside {}×{} to {}×{}; it was set to {}×{} (and opens no larger than your screen).",
                MIN_RESOLUTION[0],
                MIN_RESOLUTION[1],
                MAX_RESOLUTION[0],
                MAX_RESOLUTION[1],
                fitted[0],
                fitted[1]
            ));
            self.resolution = fitted;
        }
        notes
    }
}

/// The effects quality and the comfort rows (docs/art.md#comfort).
fn quality_rows(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.label("Effects quality");
    egui::ComboBox::from_id_salt("glow")
        .selected_text(settings.glow.label())
        .show_ui(ui, |ui| {
            for g in [GlowMode::Auto, GlowMode::On, GlowMode::Off] {
                ui.selectable_value(&mut settings.glow, g, g.label());
            }
        })
        .response
        .on_hover_text(
            "Low keeps every shape, colour and motion; high adds a soft halo around \
             your shots and a vignette, drawn in extra passes. Auto: high with a graphics \
             card, low on a software renderer (where the halo costs about a third of the \
             frame at 2,000 shots).",
        );
    ui.end_row();
    ui.label("Flashes");
    ui.checkbox(
        &mut settings.reduce_flashes,
        "reduced (softer hit and hurt flashes)",
    );
    ui.end_row();
    ui.label("Screen shake");
    egui::ComboBox::from_id_salt("shake")
        .selected_text(settings.screen_shake.label())
        .show_ui(ui, |ui| {
            for s in [ShakeLevel::Full, ShakeLevel::Reduced, ShakeLevel::Off] {
                ui.selectable_value(&mut settings.screen_shake, s, s.label());
            }
        });
    ui.end_row();
    ui.label("Hit-stop");
    ui.checkbox(&mut settings.hit_stop, "big hits hold the fight a moment");
    ui.end_row();
    ui.label("Motion");
    ui.checkbox(
        &mut settings.reduce_motion,
        "reduced (fades, no slides, drift or slow motion)",
    );
    ui.end_row();
}

/// Draws the settings window; changes become window `requests`. With a
/// profile, `skip_onboarding` is its switch. True when closed.
pub fn show(
    ctx: &egui::Context,
    settings: &mut Settings,
    requests: &mut Requests,
    skip_onboarding: Option<&mut bool>,
    edit: &mut BindingEdit,
) -> bool {
    let mut close = false;
    edit.apply(&mut settings.bindings);
    egui::Window::new("Settings")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            // Back stays on screen at every interface size: everything
            // above it scrolls within the window's height
            // (docs/screens.md#every-screen-fits).
            let room = (ctx.content_rect().height() - 110.0).max(120.0);
            egui::ScrollArea::vertical()
                .id_salt("settings body")
                .max_height(room)
                .show(ui, |ui| {
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
                        ui.label("Interface size");
                        egui::ComboBox::from_id_salt("ui scale")
                            .selected_text(format!("{:.0} %", settings.ui_scale * 100.0))
                            .show_ui(ui, |ui| {
                                for s in UI_SCALES {
                                    ui.selectable_value(
                                        &mut settings.ui_scale,
                                        s,
                                        format!("{:.0} %", s * 100.0),
                                    );
                                }
                            });
                        ui.end_row();
                        ui.label("Element colours");
                        ui.checkbox(
                            &mut settings.colour_blind,
                            "colour-blind safe (no red–green pairs)",
                        );
                        ui.end_row();
                        quality_rows(ui, settings);
                        for (label, v) in [
                            ("Master volume", &mut settings.master_volume),
                            ("Effects volume", &mut settings.effects_volume),
                            ("Music volume", &mut settings.music_volume),
                        ] {
                            ui.label(label);
                            let mut percent = (*v * 100.0).round();
                            if ui
                                .add(egui::Slider::new(&mut percent, 0.0..=100.0).suffix(" %"))
                                .changed()
                            {
                                *v = percent / 100.0;
                            }
                            ui.end_row();
                        }
                        if let Some(skip) = skip_onboarding {
                            ui.label("First-runs lessons");
                            ui.checkbox(skip, "skip them (everything unlocked is open from the next run)");
                            ui.end_row();
                        }
                    });
                    ui.separator();
                    ui.strong("Key bindings");
                    edit.ui(ui, &settings.bindings);
                });
            ui.separator();
            if ui.button("Back").clicked() && edit.waiting.is_none() {
                close = true;
            }
        });
    close
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A settings file from before the comfort rows loads with them at
    /// their defaults, and its `glow` is the effects quality.
    #[test]
    fn an_older_settings_file_keeps_its_quality_and_gets_the_comfort_defaults() {
        let old: Settings = serde_json::from_str(r#"{"schema": 1, "glow": "off"}"#).expect("loads");
        assert_eq!(old.glow, GlowMode::Off);
        assert_eq!(old.glow.label(), "low");
        assert!(!old.reduce_flashes);
        assert_eq!(old.screen_shake, ShakeLevel::Full);
        assert!(old.hit_stop);
        assert!(!old.reduce_motion, "an older file moves as before");
        let named: Settings =
            serde_json::from_str(r#"{"glow": "high", "screen_shake": "off"}"#).expect("loads");
        assert_eq!(named.glow, GlowMode::On);
        assert_eq!(named.screen_shake.factor(), 0.0);
        let still: Settings = serde_json::from_str(r#"{"reduce_motion": true}"#).expect("loads");
        assert!(still.reduce_motion);
        let round: Settings =
            serde_json::from_str(&serde_json::to_string(&still).expect("saves")).expect("loads");
        assert_eq!(round, still, "saved and loaded like the others");
    }

    #[test]
    fn auto_quality_is_low_on_a_software_adapter_only() {
        assert!(!GlowMode::Auto.on(true));
        assert!(GlowMode::Auto.on(false));
        assert!(GlowMode::On.on(true));
        assert!(!GlowMode::Off.on(false));
    }
}
