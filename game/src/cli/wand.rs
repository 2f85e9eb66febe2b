//! `artificer wand eval`: what a core and a deck fire on each cast, as JSON
//! (docs/vm.md#wand-eval).
//!
//! Casts run back to back: after each cast, time advances by its cast delay
//! (plus the recharge when one starts), so mana regenerates as in a fight. The
//! player is at base stats, except that the player's mana ceiling never caps
//! the core here (the tool evaluates the core). Floats are rounded to 4 decimals
//! so `0.25 + 0.10 + 0.05` prints `0.4`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use serde_json::{Value, json};

use crate::catalog::Catalog;
use crate::vm::cores::check_core;
use crate::vm::{CasterStats, CoreDef, CoreState, SpawnRequest};

/// `artificer wand ...`
#[derive(Debug, Subcommand)]
pub enum WandCommand {
    /// Casts a deck on a core and prints what each cast fires, as JSON.
    Eval {
        /// A core id from `data/cores.json`, or a JSON object with the *State* (docs/vm.md#state)
        /// fields; omitted fields take the starting core's values.
        #[arg(long, required_unless_present = "build", conflicts_with = "build")]
        core: Option<String>,
        /// Chip ids in slot order, comma-separated.
        #[arg(long, required_unless_present = "build", conflicts_with = "build")]
        deck: Option<String>,
        /// A build file or build code (docs/share.md#build-codes) instead of
        /// `--core` and `--deck`: its core and main deck are cast (entry
        /// decks fire on events a bench has none of).
        #[arg(long, value_name = "FILE|CODE")]
        build: Option<PathBuf>,
        /// Number of casts.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_CASTS)))]
        casts: u32,
        /// Starting mana (default: the core's mana max).
        #[arg(long, value_parser = crate::data::limits::mana)]
        mana: Option<f32>,
        /// Seed for shuffle and spread.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Data folder (default: `--data`, `$ARTIFICER_DATA`, else the data embedded in the binary).
        #[arg(long)]
        root: Option<PathBuf>,
        /// Print JSON (the only form `eval` prints; accepted so scripts can say so).
        #[arg(long)]
        json: bool,
    },
    /// Fights a build for ten seconds on a plain dummy and in a packed
    /// horde and prints DPS, damage per chip and element, and kill rate, as JSON.
    Measure(super::wand_measure::MeasureArgs),
}

/// Runs a `wand` subcommand.
pub fn run(cmd: WandCommand) -> ExitCode {
    match cmd {
        WandCommand::Measure(args) => super::wand_measure::run(args),
        WandCommand::Eval {
            core,
            deck,
            build,
            casts,
            mana,
            seed,
            root,
            json: _,
        } => {
            let root = root.unwrap_or_else(crate::data::default_root);
            let (core, deck) = match build {
                Some(b) => match build_core_deck(&root, &b) {
                    Ok(cd) => cd,
                    Err(e) => {
                        errln!("error: --build: {e}");
                        return ExitCode::FAILURE;
                    }
                },
                None => (core.unwrap_or_default(), deck.unwrap_or_default()),
            };
            match eval(&root, &core, &deck, casts, mana, seed) {
                Ok(doc) => {
                    outln!("{doc}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    errln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// The core id and comma-separated deck of a `--build` file or code, the
/// build held to the player's rules first.
fn build_core_deck(root: &std::path::Path, arg: &std::path::Path) -> Result<(String, String), String> {
    let cat = crate::catalog::Catalog::load(root).map_err(|e| e.to_string())?;
    let build = crate::share::read_build(arg, &cat).map_err(|e| e.to_string())?;
    crate::run::build_rules::check_build(&cat, &build).map_err(|e| e.to_string())?;
    Ok((build.core, build.deck.join(",")))
}

/// Why `wand eval` could not evaluate: each names the argument or data at fault.
#[derive(Debug, thiserror::Error)]
pub enum WandError {
    /// The data folder did not load.
    #[error("{0}")]
    Data(#[from] crate::data::DataErrors),
    /// `--core` names no core of `cores.json`.
    #[error("unknown core id `{0}`")]
    UnknownCore(String),
    /// `--core` starts like a JSON object but does not parse.
    #[error("--core is not valid JSON: {0}")]
    CoreJson(serde_json::Error),
    /// `--core` is JSON but not an object.
    #[error("--core JSON must be an object")]
    CoreNotObject,
    /// A JSON `--core` needs the starting core to fill what it omits.
    #[error("no starting core in data")]
    NoStartingCore,
    /// The starting core could not be turned into JSON to merge over.
    #[error("the starting core does not serialise: {0}")]
    StartingCore(serde_json::Error),
    /// The merged `--core` is not a valid core (names the field).
    #[error("{0}")]
    Core(#[from] crate::data::DataError),
    /// `--deck` does not slot into the core.
    #[error("{0}")]
    Deck(#[from] crate::vm::DeckError),
}

/// Evaluates `casts` casts and returns the JSON document of docs/vm.md#wand-eval.
pub fn eval(
    root: &std::path::Path,
    core: &str,
    deck: &str,
    casts: u32,
    mana: Option<f32>,
    seed: u64,
) -> Result<Value, WandError> {
    let catalog = Catalog::load(root)?;
    let core = resolve_core(&catalog, core)?;
    let ids: Vec<&str> = deck.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    let balance = &catalog.balance.vm;
    let mut state = CoreState::new(&core, &ids, &catalog.spells, &catalog.recipes, balance, seed)?;
    let mut stats = CasterStats::base();
    stats.mana_max = stats.mana_max.max(core.mana_max).max(mana.unwrap_or(0.0));
    if let Some(m) = mana {
        state.set_mana(m);
    }
    let ctx = crate::vm::cycle::bench_context(&catalog.spells, balance);
    let cycle = crate::vm::cycle::cycle(&state, &stats, &ctx, false);
    let mut out = Vec::new();
    for n in 1..=casts {
        let (view, c) = crate::vm::cycle::cast_view(&mut state, &stats, &ctx, false);
        let fired: Vec<Value> = c
            .spawns
            .iter()
            .map(|s| spawn_json(&catalog, &state, s, 0))
            .collect();
        let resonances: Vec<&str> = c
            .resonances
            .iter()
            .map(|r| catalog.recipes.get(*r).def.id.as_str())
            .collect();
        let mut entry = json!({
            "cast": n,
            "fired": fired,
            "cast_delay": round(c.cast_delay),
            "recharge": c.recharge.map(round),
            "mana_spent": round(c.mana_spent),
            "ops": c.ops,
            "wrapped": c.wrapped,
            "max_ops": c.max_ops,
            "hp_cost": round(c.hp_cost),
            "dropped": c.dropped,
            "resonances": resonances,
            "mana_left": round(state.mana()),
        });
        if let Value::Object(m) = &mut entry {
            m.extend(super::wand_eval::cast_fields(&catalog.spells, &view));
        }
        out.push(entry);
        crate::vm::cycle::release(&mut state, &c);
        state.advance(c.cast_delay + c.recharge.unwrap_or(0.0), &stats);
    }
    Ok(json!({ "casts": out, "cycle": super::wand_eval::cycle_json(&catalog.spells, &cycle) }))
}

/// A core id, or a JSON object merged over the starting core.
fn resolve_core(catalog: &Catalog, arg: &str) -> Result<CoreDef, WandError> {
    let arg = arg.trim();
    if !arg.starts_with('{') {
        return catalog
            .cores
            .find(arg)
            .map(|i| catalog.cores.get(i).clone())
            .ok_or_else(|| WandError::UnknownCore(arg.into()));
    }
    let overrides: Value = serde_json::from_str(arg).map_err(WandError::CoreJson)?;
    let Value::Object(overrides) = overrides else {
        return Err(WandError::CoreNotObject);
    };
    let start = catalog.cores.starting().ok_or(WandError::NoStartingCore)?;
    let mut merged = serde_json::to_value(start).map_err(WandError::StartingCore)?;
    if let Value::Object(m) = &mut merged {
        // A JSON core starts empty: the starting core's deck is not part of it.
        m.insert("starter_deck".into(), json!([]));
        m.insert("id".into(), json!("custom"));
        m.extend(overrides);
    }
    // A core's numbers are held to the ranges of `cores.json` (docs/data.md#ranges).
    if let Some(mut e) = crate::data::ranges::check(std::path::Path::new("cores.json"), &merged) {
        e.file = "--core".into();
        return Err(e.into());
    }
    let core: CoreDef = crate::data::parse_json(std::path::Path::new("--core"), &merged.to_string())?;
    let mut errors = Vec::new();
    check_core(
        std::path::Path::new("--core"),
        "core",
        &core,
        &catalog.spells,
        &mut errors,
    );
    if let Some(e) = errors.into_iter().next() {
        return Err(e.into());
    }
    Ok(core)
}

fn spawn_json(catalog: &Catalog, state: &CoreState, s: &SpawnRequest, depth: u32) -> Value {
    let payload: Vec<Value> = match s.payload.and_then(|h| state.payload(h)) {
        Some(p) if depth < 16 => p
            .iter()
            .map(|c| spawn_json(catalog, state, c, depth + 1))
            .collect(),
        _ => Vec::new(),
    };
    let elements: serde_json::Map<String, Value> = crate::element::Element::ALL
        .iter()
        .filter(|e| s.elements.get(**e) > 0.0)
        .map(|e| (e.id().to_string(), json!(round(s.elements.get(*e)))))
        .collect();
    json!({
        "spell": catalog.spells.get(s.spell).id,
        "damage": round(s.damage),
        "speed": round(s.speed),
        "element": s.elements.dominant().id(),
        "payload": payload,
        "elements": elements,
        "angle_deg": round(s.angle.to_degrees()),
        "spread_deg": round(s.spread.to_degrees()),
        "radius": round(s.radius),
        "lifetime": round(s.lifetime),
        "homing": round(s.homing),
        "pierce": s.pierce,
        "bounces": s.bounces,
        "chain": s.chain,
        "sine_amp": round(s.sine_amp),
        "explosion_radius": round(s.explosion_radius),
        "lifesteal": round(s.lifesteal),
        "effect": s.effect,
        "trigger": s.trigger,
        "timer": round(s.timer),
        "depth": s.depth,
    })
}

use super::wand_eval::round;
