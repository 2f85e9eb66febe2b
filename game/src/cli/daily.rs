//! `artificer daily [--date YYYY-MM-DD]`: the daily run's seed
//! (docs/share.md#daily), today's in UTC by default.

use crate::share::daily::{Date, daily_seed};
use std::process::ExitCode;

/// `artificer daily`
#[derive(Debug, clap::Args)]
pub struct DailyArgs {
    /// The UTC date (default: today in UTC).
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = clap::builder::ValueParser::new(|s: &str| s.parse::<Date>()))]
    pub date: Option<Date>,
    /// Print `{"date": …, "seed": …}` instead of the bare seed.
    #[arg(long)]
    pub json: bool,
}

/// Prints the seed.
pub fn run(args: &DailyArgs) -> ExitCode {
    let date = args.date.unwrap_or_else(Date::today_utc);
    let seed = daily_seed(date);
    if args.json {
        outln!("{}", serde_json::json!({"date": date.to_string(), "seed": seed}));
    } else {
        outln!("{seed}");
    }
    ExitCode::SUCCESS
}
