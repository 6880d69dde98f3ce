//! A calendar day for the drill schedule: days since 1970-01-01 (UTC),
//! read and written as `YYYY-MM-DD`. The front end says which day is
//! today (the clock, or `BOARDSH_TODAY`); nothing here reads a clock.

use std::fmt;

/// One day, counted from 1970-01-01.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i64);

/// Days from 1970-01-01 to the civil date (proleptic Gregorian).
fn from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count.
fn to_civil(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

impl Day {
    /// `YYYY-MM-DD` (years 1970 to 9999, a real date), else `None`.
    pub fn parse(text: &str) -> Option<Day> {
        let b = text.as_bytes();
        if b.len() != 10 || b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
            return None;
        }
        let num = |s: &str| -> Option<i64> {
            s.bytes()
                .all(|c| c.is_ascii_digit())
                .then(|| s.parse().ok())?
        };
        let (y, m, d) = (
            num(text.get(0..4)?)?,
            num(text.get(5..7)?)?,
            num(text.get(8..10)?)?,
        );
        if !(1970..=9999).contains(&y) || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
            return None;
        }
        let day = from_civil(y, m, d);
        // 2026-02-30 comes back as another date: not a real one.
        (to_civil(day) == (y, m, d)).then_some(Day(day))
    }

    /// The day `days` later.
    pub fn plus(self, days: u32) -> Day {
        Day(self.0.saturating_add(i64::from(days)))
    }

    /// The day of a time in seconds since 1970-01-01 (UTC).
    pub fn of_unix_seconds(secs: u64) -> Day {
        Day(i64::try_from(secs / 86_400).unwrap_or(i64::MAX / 2))
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = to_civil(self.0);
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_and_write_back() {
        assert_eq!(Day::parse("1970-01-01"), Some(Day(0)));
        // 2000 is a leap year (divisible by 400): 30 years of 365 days,
        // 7 leap days (72, 76, ..., 96), then January and February (29).
        assert_eq!(Day::parse("2000-03-01"), Some(Day(30 * 365 + 7 + 31 + 29)));
        for text in ["2026-12-07", "2024-02-29", "2099-12-31", "1999-01-31"] {
            assert_eq!(Day::parse(text).unwrap().to_string(), text);
        }
        // The month's end moves on to the next month.
        assert_eq!(
            Day::parse("2026-12-31").unwrap().plus(1).to_string(),
            "2027-01-01"
        );
        assert_eq!(
            Day::parse("2026-02-28").unwrap().plus(1).to_string(),
            "2026-03-01"
        );
    }

    #[test]
    fn not_a_date_is_refused() {
        for text in [
            "",
            "2026-2-07",
            "2026-02-30",
            "2025-02-29",
            "2026-13-01",
            "1969-12-31",
            "2026/12/07",
            "+026-12-07",
            "2026-12-07x",
            "２026-12-07",
        ] {
            assert_eq!(Day::parse(text), None, "{text}");
        }
    }

    #[test]
    fn unix_seconds_count_whole_days() {
        assert_eq!(Day::of_unix_seconds(86_399), Day(0));
        assert_eq!(Day::of_unix_seconds(86_400), Day(1));
    }
}
