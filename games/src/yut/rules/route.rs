//! The routes as tables: where a move of k steps leads.
//!
//! The board has four lanes, each a list of stations ending on
//! `cham-meoki`. A move never changes lane: it walks k places along the
//! lane chosen by the station it *starts* on (see [`LANE_OF`]). That is the
//! whole of the shortcut rule: a corner turns a token only when the move
//! starts there, and passing a corner changes nothing. Walking past the end
//! of the lane (past `cham-meoki`) is an escape.

use super::station::{STATIONS, Station};
use Station::*;

/// Where a move starts: at home, or on a station.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// Off the board, conceptually on `cham-meoki` before the first lap.
    Home,
    /// On a station.
    On(Station),
}

/// Where a move ends: on a station, or off the board for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dest {
    /// On a station.
    On(Station),
    /// Reached `cham-meoki` with steps to spare: out of the game.
    Escaped,
}

/// One of the four lanes a move can walk along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lane {
    /// The outer route (the problem's fourth), from home round to
    /// `cham-meoki`.
    Outer,
    /// The shortcut from `mo` down the diagonal through `bang` to `chi-mo`.
    Mo,
    /// The shortcut from `duet-mo` through `bang` to `cham-meoki`.
    DuetMo,
    /// From `bang` to `cham-meoki`.
    Bang,
}

/// The outer route. Index 0 is home: a home token conceptually stands on
/// `cham-meoki`, and k steps take it to the k-th station of the lap.
const OUTER: [Station; 21] = [
    ChamMeoki, Do, Gae, Geol, Yut, Mo, DuetDo, DuetGae, DuetGeol, DuetYut, DuetMo, ChiDo, ChiGae,
    ChiGeol, ChiYut, ChiMo, NalDo, NalGae, NalGeol, NalYut, ChamMeoki,
];

/// The `mo` shortcut, which rejoins the outer route at `chi-mo`.
const MO: [Station; 12] = [
    Mo, MoDo, MoGae, Bang, SokYut, SokMo, ChiMo, NalDo, NalGae, NalGeol, NalYut, ChamMeoki,
];

/// The `duet-mo` shortcut, which passes `bang` and goes straight home.
const DUET_MO: [Station; 7] = [DuetMo, DuetModo, DuetMogae, Bang, Saryeo, Anchi, ChamMeoki];

/// From `bang`, however the token got there.
const BANG: [Station; 4] = [Bang, Saryeo, Anchi, ChamMeoki];

impl Lane {
    /// The lane's stations in walking order, ending on `cham-meoki`.
    pub const fn stations(self) -> &'static [Station] {
        match self {
            Lane::Outer => &OUTER,
            Lane::Mo => &MO,
            Lane::DuetMo => &DUET_MO,
            Lane::Bang => &BANG,
        }
    }
}

/// For each station (by index), the lane a move starting there walks and
/// the station's place in that lane.
///
/// The station alone decides: the corners `mo`, `duet-mo` and `bang` start
/// their shortcuts; stations on a shortcut carry on along it (so `mo-gae`
/// goes on through `bang` to `sok-yut`, `duet-mogae` through `bang` to
/// `saryeo`); `saryeo`/`anchi` share the `bang` lane; `chi-mo` and the
/// `nal-*` stations are on the outer route, which the `mo` lane rejoins.
/// One entry per station, so indexing it by a `Station` cannot fail.
pub const LANE_OF: [(Lane, u8); STATIONS] = [
    (Lane::DuetMo, 0), // duet-mo
    (Lane::Outer, 9),  // duet-yut
    (Lane::Outer, 8),  // duet-geol
    (Lane::Outer, 7),  // duet-gae
    (Lane::Outer, 6),  // duet-do
    (Lane::Mo, 0),     // mo
    (Lane::DuetMo, 1), // duet-modo
    (Lane::Mo, 1),     // mo-do
    (Lane::Outer, 11), // chi-do
    (Lane::Outer, 4),  // yut
    (Lane::DuetMo, 2), // duet-mogae
    (Lane::Mo, 2),     // mo-gae
    (Lane::Outer, 12), // chi-gae
    (Lane::Outer, 3),  // geol
    (Lane::Bang, 0),   // bang
    (Lane::Outer, 13), // chi-geol
    (Lane::Outer, 2),  // gae
    (Lane::Mo, 4),     // sok-yut
    (Lane::Bang, 1),   // saryeo
    (Lane::Outer, 14), // chi-yut
    (Lane::Outer, 1),  // do
    (Lane::Mo, 5),     // sok-mo
    (Lane::Bang, 2),   // anchi
    (Lane::Outer, 15), // chi-mo
    (Lane::Outer, 16), // nal-do
    (Lane::Outer, 17), // nal-gae
    (Lane::Outer, 18), // nal-geol
    (Lane::Outer, 19), // nal-yut
    (Lane::Outer, 20), // cham-meoki
];

/// The lane and place a move from `start` walks from.
const fn lane_of(start: Start) -> (Lane, u8) {
    match start {
        Start::Home => (Lane::Outer, 0),
        // LANE_OF has one entry per station, so the lookup always succeeds.
        Start::On(s) => match crate::table::at(&LANE_OF, s as usize) {
            Some(entry) => entry,
            None => (Lane::Outer, 0),
        },
    }
}

/// Where `steps` steps from `start` lead.
///
/// A throw gives 1 to 5 steps; larger counts simply walk further. Zero
/// steps stay put, except that a home token is then reported on
/// `cham-meoki`, where it conceptually stands.
pub fn destination(start: Start, steps: u8) -> Dest {
    let (lane, at) = lane_of(start);
    match lane.stations().get(usize::from(at) + usize::from(steps)) {
        Some(&s) => Dest::On(s),
        None => Dest::Escaped,
    }
}

/// Where a back-do (one station back) leads from each station, by index.
///
/// One station back along the line a forward move from the station walks,
/// so that a token moved back loses exactly one step wherever the board
/// allows it:
///
/// - on a lane, the station before it on that lane (`mo-gae` -> `mo-do`,
///   `saryeo` -> `bang`, `sok-yut` -> `bang`);
/// - `bang` -> `duet-mogae`: a move from `bang` walks the `duet-mo`
///   diagonal on to `cham-meoki`, and `duet-mogae` is the station before
///   it on that line (from `mo-gae` the token would next walk the longer
///   `mo` diagonal: two wrongs, not one step);
/// - `chi-mo` -> `chi-yut` and `cham-meoki` -> `nal-yut`: the outer
///   route, the lane a move from them walks (the diagonals' `sok-mo` and
///   `anchi` would do as well; the board does not remember the way in);
/// - the corners `mo` -> `yut` and `duet-mo` -> `duet-yut`: the only
///   stations before them;
/// - `do` -> `cham-meoki`: the first station's only station before it is
///   the start, and the common house rule puts the token there, on the
///   station where a lap ends; like every token on `cham-meoki` it escapes
///   with its next move, whatever the throw.
///
/// A token at home has no station to go back from: see
/// [`House`](super::House).
pub const BACK: [Station; STATIONS] = [
    DuetYut,   // duet-mo
    DuetGeol,  // duet-yut
    DuetGae,   // duet-geol
    DuetDo,    // duet-gae
    Mo,        // duet-do
    Yut,       // mo
    DuetMo,    // duet-modo
    Mo,        // mo-do
    DuetMo,    // chi-do
    Geol,      // yut
    DuetModo,  // duet-mogae
    MoDo,      // mo-gae
    ChiDo,     // chi-gae
    Gae,       // geol
    DuetMogae, // bang
    ChiGae,    // chi-geol
    Do,        // gae
    Bang,      // sok-yut
    Bang,      // saryeo
    ChiGeol,   // chi-yut
    ChamMeoki, // do
    SokYut,    // sok-mo
    Saryeo,    // anchi
    ChiYut,    // chi-mo
    ChiMo,     // nal-do
    NalDo,     // nal-gae
    NalGae,    // nal-geol
    NalGeol,   // nal-yut
    NalYut,    // cham-meoki
];

/// The station one back from `station` (a back-do): see [`BACK`].
pub const fn back(station: Station) -> Station {
    // BACK has one entry per station, so the lookup always succeeds.
    match crate::table::at(&BACK, station as usize) {
        Some(s) => s,
        None => station,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(s: Station, steps: u8) -> Dest {
        destination(Start::On(s), steps)
    }

    #[test]
    fn lane_table_is_consistent() {
        // Every station sits where its table entry says, in its own lane.
        for s in Station::ALL {
            let (lane, at) = lane_of(Start::On(s));
            assert_eq!(lane.stations().get(usize::from(at)), Some(&s), "{s}");
        }
        // Every lane ends on cham-meoki, and so escapes one step later.
        for lane in [Lane::Outer, Lane::Mo, Lane::DuetMo, Lane::Bang] {
            assert_eq!(lane.stations().last(), Some(&ChamMeoki));
        }
    }

    #[test]
    fn home_walks_the_outer_route() {
        // Home is cham-meoki before the lap: 1 step is do, 5 steps is mo.
        assert_eq!(destination(Start::Home, 1), Dest::On(Do));
        assert_eq!(destination(Start::Home, 3), Dest::On(Geol));
        assert_eq!(destination(Start::Home, 5), Dest::On(Mo));
    }

    #[test]
    fn from_mo_takes_the_mo_shortcut() {
        // The yut-stop-on-mo example: after stopping on mo, 1..5 steps.
        assert_eq!(from(Mo, 1), Dest::On(MoDo)); // mo-do
        assert_eq!(from(Mo, 2), Dest::On(MoGae)); // mo-do, mo-gae
        assert_eq!(from(Mo, 3), Dest::On(Bang)); // ..., bang
        assert_eq!(from(Mo, 4), Dest::On(SokYut)); // ..., bang, sok-yut
        assert_eq!(from(Mo, 5), Dest::On(SokMo)); // ..., sok-yut, sok-mo
    }

    #[test]
    fn passing_mo_does_not_turn() {
        // yut+2 passes mo and goes on to duet-do (yut-pass-mo example) ...
        assert_eq!(from(Yut, 2), Dest::On(DuetDo));
        // ... but yut+1 stops on mo, and mo+1 turns onto the diagonal.
        assert_eq!(from(Yut, 1), Dest::On(Mo));
        assert_eq!(from(Mo, 1), Dest::On(MoDo));
    }

    #[test]
    fn from_duet_mo_takes_the_duet_mo_shortcut() {
        assert_eq!(from(DuetMo, 1), Dest::On(DuetModo)); // duet-modo
        assert_eq!(from(DuetMo, 2), Dest::On(DuetMogae)); // duet-modo, duet-mogae
        assert_eq!(from(DuetMo, 3), Dest::On(Bang)); // ..., bang
        assert_eq!(from(DuetMo, 4), Dest::On(Saryeo)); // ..., bang, saryeo
        assert_eq!(from(DuetMo, 5), Dest::On(Anchi)); // ..., saryeo, anchi
        // Passing duet-mo on the outer route does not turn: duet-yut+2 is
        // duet-mo, chi-do.
        assert_eq!(from(DuetYut, 2), Dest::On(ChiDo));
    }

    #[test]
    fn from_bang_goes_home_whichever_way_it_came() {
        // Bang is one station; how the token got there is not recorded.
        assert_eq!(from(Bang, 1), Dest::On(Saryeo)); // saryeo
        assert_eq!(from(Bang, 2), Dest::On(Anchi)); // saryeo, anchi
        assert_eq!(from(Bang, 3), Dest::On(ChamMeoki)); // ..., cham-meoki
        assert_eq!(from(Bang, 4), Dest::Escaped); // ..., cham-meoki, out
        // Reached from the mo diagonal (mo+3) and from duet-mo (duet-mo+3).
        assert_eq!(from(Mo, 3), Dest::On(Bang));
        assert_eq!(from(DuetMo, 3), Dest::On(Bang));
    }

    #[test]
    fn passing_bang_keeps_the_diagonal() {
        // mo-do+3: mo-gae, bang, sok-yut (still the mo diagonal).
        assert_eq!(from(MoDo, 3), Dest::On(SokYut));
        // duet-mogae+2: bang, saryeo (still the duet-mo diagonal).
        assert_eq!(from(DuetMogae, 2), Dest::On(Saryeo));
        // mo-gae+4: bang, sok-yut, sok-mo, chi-mo (rejoins the outer route).
        assert_eq!(from(MoGae, 4), Dest::On(ChiMo));
        // sok-mo+3: chi-mo, nal-do, nal-gae.
        assert_eq!(from(SokMo, 3), Dest::On(NalGae));
    }

    #[test]
    fn escapes() {
        // nal-yut+2: cham-meoki, then one step more.
        assert_eq!(from(NalYut, 1), Dest::On(ChamMeoki));
        assert_eq!(from(NalYut, 2), Dest::Escaped);
        // nal-geol+2 stops on cham-meoki; +3, +4, +5 escape.
        assert_eq!(from(NalGeol, 2), Dest::On(ChamMeoki));
        for steps in 3..=5 {
            assert_eq!(from(NalGeol, steps), Dest::Escaped, "nal-geol+{steps}");
        }
        // A token standing on cham-meoki escapes with any throw, even 1.
        for steps in 1..=5 {
            assert_eq!(from(ChamMeoki, steps), Dest::Escaped, "cham-meoki+{steps}");
        }
        // anchi+1 is cham-meoki, anchi+2 escapes.
        assert_eq!(from(Anchi, 1), Dest::On(ChamMeoki));
        assert_eq!(from(Anchi, 2), Dest::Escaped);
    }

    #[test]
    fn back_is_one_step_before_on_some_route() {
        // Every station but `do` (whose back is the start) is reached
        // from its back station by one step forward.
        // The two stations just past a corner go back onto the corner,
        // the station before them on the outer route (one step from the
        // corner itself turns, so they are checked by name).
        assert_eq!(back(DuetDo), Mo);
        assert_eq!(back(ChiDo), DuetMo);
        // So does sok-yut, back onto bang, whose moves all head home.
        assert_eq!(back(SokYut), Bang);
        for s in Station::ALL {
            let b = back(s);
            if s == Do {
                assert_eq!(b, ChamMeoki);
            } else if !matches!(s, DuetDo | ChiDo | SokYut) {
                assert_eq!(from(b, 1), Dest::On(s), "{s} <- {b}");
            }
        }
    }

    #[test]
    fn back_then_forward_loses_one_step() {
        // Where the station's line goes on through the one behind it, a
        // back-do then k+1 steps lands where k steps would have: on every
        // lane's inner stations, at bang (via duet-mogae), chi-mo and
        // cham-meoki. The exceptions: the corners and the stations just
        // past them (a move from a corner turns), do (back to the start),
        // and sok-yut, whose back station bang leads straight home.
        for s in Station::ALL {
            if matches!(s, Mo | DuetMo | DuetDo | ChiDo | Do | SokYut) {
                continue;
            }
            for k in 1..=4 {
                assert_eq!(from(back(s), k + 1), from(s, k), "{s}+{k}");
            }
        }
        assert_eq!(back(Bang), DuetMogae);
        assert_eq!(back(Mo), Yut);
        assert_eq!(from(back(SokYut), 1), Dest::On(Saryeo));
    }

    #[test]
    fn zero_steps() {
        assert_eq!(from(Geol, 0), Dest::On(Geol));
        assert_eq!(destination(Start::Home, 0), Dest::On(ChamMeoki));
    }
}
