//! Effects turned off for profiling, read from `ARTIFICER_FX_OFF`.

/// Effects turned off for profiling (`ARTIFICER_FX_OFF=numbers,flashes,
/// bursts,sparks,rings,hitstop,shake,bloom,field`): each one's cost at the design load
/// is the frame JSON with it on minus with it off. Read once per fight view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FxOff {
    /// Floating damage numbers and hurt numbers (egui text).
    pub numbers: bool,
    /// The hit flash at each impact.
    pub flashes: bool,
    /// The death bursts' rings and sparks.
    pub bursts: bool,
    /// Only the bursts' sparks.
    pub sparks: bool,
    /// Reaction, blast, level-up, blade and parry rings.
    pub rings: bool,
    /// The hold of a few frames on a big hit.
    pub hit_stop: bool,
    /// Screen shake.
    pub shake: bool,
    /// High quality's bloom pass.
    pub bloom: bool,
    /// High quality's reactive field (the grid is drawn flat).
    pub field: bool,
}

impl FxOff {
    /// From `ARTIFICER_FX_OFF` (unknown names are warned about and ignored).
    pub fn from_env() -> Self {
        let mut off = Self::default();
        let Ok(list) = std::env::var("ARTIFICER_FX_OFF") else {
            return off;
        };
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "numbers" => off.numbers = true,
                "flashes" => off.flashes = true,
                "bursts" => off.bursts = true,
                "sparks" => off.sparks = true,
                "rings" => off.rings = true,
                "hitstop" => off.hit_stop = true,
                "shake" => off.shake = true,
                "bloom" => off.bloom = true,
                "field" => off.field = true,
                other => log::warn!("ARTIFICER_FX_OFF: unknown effect {other:?}"),
            }
        }
        off
    }
}
