//! The daily seed (docs/share.md#daily): one seed per UTC date, the same
//! for every player and every time it is asked, from one function.

/// A calendar date in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Date {
    /// Year (e.g. 2026).
    pub year: i32,
    /// Month, 1–12.
    pub month: u32,
    /// Day of the month, 1–31.
    pub day: u32,
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl std::str::FromStr for Date {
    type Err = String;

    /// `YYYY-MM-DD`, a real date of years 1970–9999.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("`{s}` is not a date of the form YYYY-MM-DD (e.g. 2026-12-03)");
        let mut parts = s.trim().split('-');
        let (Some(y), Some(m), Some(d), None) = (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let date = Date {
            year: y.parse().map_err(|_| bad())?,
            month: m.parse().map_err(|_| bad())?,
            day: d.parse().map_err(|_| bad())?,
        };
        let leap = date.year % 4 == 0 && (date.year % 100 != 0 || date.year % 400 == 0);
        let days_in_month = match date.month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return Err(format!("`{s}`: there is no month {}", date.month)),
        };
        if date.year < 1970 {
            return Err(format!("`{s}`: daily runs start in 1970"));
        }
        if !(1..=days_in_month).contains(&date.day) {
            return Err(format!("`{s}`: month {} has {days_in_month} days", date.month));
        }
        Ok(date)
    }
}

impl Date {
    /// Days since 1970-01-01 (H. Hinnant's `days_from_civil`).
    pub fn days_since_epoch(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01 (`civil_from_days`).
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        Date {
            year: (yoe + era * 400 + i64::from(month <= 2)) as i32,
            month,
            day,
        }
    }

    /// Today in UTC, from the system clock.
    pub fn today_utc() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::from_days((secs / 86_400) as i64)
    }
}

/// The daily run's seed for `date`: SplitMix64 of the day number mixed
/// with a fixed salt, kept below 2^32 so a player can type it. Every
/// player, every machine and every call gets the same seed for one date;
/// neighbouring dates get unrelated seeds.
pub fn daily_seed(date: Date) -> u64 {
    const SALT: u64 = 0x4152_4341_4E45_4441; // "ARCANEDA"
    crate::rng::splitmix64((date.days_since_epoch() as u64) ^ SALT) & 0xFFFF_FFFF
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_and_count_days() {
        let d: Date = "2026-12-03".parse().unwrap();
        assert_eq!(d.to_string(), "2026-12-03");
        assert_eq!(Date::from_days(d.days_since_epoch()), d);
        assert_eq!("1970-01-01".parse::<Date>().unwrap().days_since_epoch(), 0);
        assert_eq!("2000-03-01".parse::<Date>().unwrap().days_since_epoch(), 11_017);
        for bad in ["2026-13-01", "2026-02-29", "2026-1-1", "yesterday", "1969-12-31"] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
        assert!("2024-02-29".parse::<Date>().is_ok());
    }

    #[test]
    fn the_daily_seed_is_fixed_per_date_and_differs_between_dates() {
        let d: Date = "2026-12-03".parse().unwrap();
        assert_eq!(daily_seed(d), daily_seed(d));
        let next = Date::from_days(d.days_since_epoch() + 1);
        assert_ne!(daily_seed(d), daily_seed(next));
        assert!(daily_seed(d) < 1 << 32);
    }
}
