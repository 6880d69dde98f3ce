//! The 29 stations of the Yut board, their names and where they are drawn.
//!
//! Stations are numbered in the row-major order of their blocks on the
//! 32x32 board, the order in which the original problem lists them.

use std::fmt;
use std::str::FromStr;

/// Number of stations on the board.
pub const STATIONS: usize = 29;

/// One of the 29 stations, in the problem's row-major order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Station {
    DuetMo,
    DuetYut,
    DuetGeol,
    DuetGae,
    DuetDo,
    Mo,
    DuetModo,
    MoDo,
    ChiDo,
    Yut,
    DuetMogae,
    MoGae,
    ChiGae,
    Geol,
    Bang,
    ChiGeol,
    Gae,
    SokYut,
    Saryeo,
    ChiYut,
    Do,
    SokMo,
    Anchi,
    ChiMo,
    NalDo,
    NalGae,
    NalGeol,
    NalYut,
    ChamMeoki,
}

/// Name and block (row, column of the upper-left `.`) of every station, by
/// index. One table so a name can never drift from its place. It has one
/// entry per variant, so indexing it by a `Station` cannot fail.
const INFO: [(&str, (u8, u8)); STATIONS] = [
    ("duet-mo", (0, 0)),
    ("duet-yut", (0, 6)),
    ("duet-geol", (0, 12)),
    ("duet-gae", (0, 18)),
    ("duet-do", (0, 24)),
    ("mo", (0, 30)),
    ("duet-modo", (5, 5)),
    ("mo-do", (5, 25)),
    ("chi-do", (6, 0)),
    ("yut", (6, 30)),
    ("duet-mogae", (10, 10)),
    ("mo-gae", (10, 20)),
    ("chi-gae", (12, 0)),
    ("geol", (12, 30)),
    ("bang", (15, 15)),
    ("chi-geol", (18, 0)),
    ("gae", (18, 30)),
    ("sok-yut", (20, 10)),
    ("saryeo", (20, 20)),
    ("chi-yut", (24, 0)),
    ("do", (24, 30)),
    ("sok-mo", (25, 5)),
    ("anchi", (25, 25)),
    ("chi-mo", (30, 0)),
    ("nal-do", (30, 6)),
    ("nal-gae", (30, 12)),
    ("nal-geol", (30, 18)),
    ("nal-yut", (30, 24)),
    ("cham-meoki", (30, 30)),
];

impl Station {
    /// All stations in the problem's row-major order.
    pub const ALL: [Station; STATIONS] = [
        Station::DuetMo,
        Station::DuetYut,
        Station::DuetGeol,
        Station::DuetGae,
        Station::DuetDo,
        Station::Mo,
        Station::DuetModo,
        Station::MoDo,
        Station::ChiDo,
        Station::Yut,
        Station::DuetMogae,
        Station::MoGae,
        Station::ChiGae,
        Station::Geol,
        Station::Bang,
        Station::ChiGeol,
        Station::Gae,
        Station::SokYut,
        Station::Saryeo,
        Station::ChiYut,
        Station::Do,
        Station::SokMo,
        Station::Anchi,
        Station::ChiMo,
        Station::NalDo,
        Station::NalGae,
        Station::NalGeol,
        Station::NalYut,
        Station::ChamMeoki,
    ];

    /// The position in [`Station::ALL`], `0..29`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The station with index `i`, if `i < 29`.
    pub const fn from_index(i: usize) -> Option<Station> {
        crate::table::at(&Station::ALL, i)
    }

    /// The hyphenated name used by the problem, e.g. `duet-mogae`.
    pub const fn name(self) -> &'static str {
        // INFO has one entry per station, so the lookup always succeeds.
        match crate::table::at(&INFO, self as usize) {
            Some((name, _)) => name,
            None => "?",
        }
    }

    /// Row and column (0-based) of the upper-left `.` of the station's 2x2
    /// block on the board.
    pub const fn block(self) -> (usize, usize) {
        match crate::table::at(&INFO, self as usize) {
            Some((_, (r, c))) => (r as usize, c as usize),
            None => (0, 0),
        }
    }

    /// The station with this name, ignoring ASCII case.
    pub fn from_name(name: &str) -> Option<Station> {
        Station::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Station {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A string that names no station.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a station name like `mo-do`, found `{0}`")]
pub struct ParseStationError(pub String);

impl FromStr for Station {
    type Err = ParseStationError;

    fn from_str(s: &str) -> Result<Station, ParseStationError> {
        Station::from_name(s).ok_or_else(|| ParseStationError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in Station::ALL {
            assert_eq!(s.to_string().parse::<Station>(), Ok(s));
            assert_eq!(Station::from_index(s.index()), Some(s));
        }
        assert_eq!("Duet-MoGae".parse::<Station>(), Ok(Station::DuetMogae));
        // The seed's typo `nalyut` is not a name; neither is the empty string.
        assert_eq!(
            "nalyut".parse::<Station>(),
            Err(ParseStationError("nalyut".into()))
        );
        assert!("".parse::<Station>().is_err());
        assert_eq!(Station::from_index(STATIONS), None);
    }

    #[test]
    fn names_are_distinct() {
        let mut names: Vec<&str> = Station::ALL.iter().map(|s| s.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), STATIONS);
    }

    #[test]
    fn all_is_in_index_order() {
        for (i, s) in Station::ALL.into_iter().enumerate() {
            assert_eq!(s.index(), i);
        }
    }

    #[test]
    fn blocks_are_row_major() {
        // The problem lists the stations in row-major order of their blocks,
        // and so does the enum: sorting by (row, col) must not reorder them.
        let blocks: Vec<(usize, usize)> = Station::ALL.iter().map(|s| s.block()).collect();
        let mut sorted = blocks.clone();
        sorted.sort_unstable();
        assert_eq!(blocks, sorted);
        assert_eq!(Station::Bang.block(), (15, 15));
        assert_eq!(Station::ChamMeoki.block(), (30, 30));
    }
}
