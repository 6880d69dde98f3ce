//! The evaluation the computer player searches with, in units of throws.
//!
//! Yut Nori is a race: each throw moves one group (a lone token or a
//! stack) by its result, so a team's remaining work is well measured by
//! the expected number of throws it still needs. For one token on station
//! `s` that number has an exact value, `T(s) = 1 + sum_r p(r) T(s + r)`
//! (and `T = 0` once escaped), which already accounts for the shortcuts:
//! the chance of stopping on a corner lowers `T` of the stations before
//! it. On top of that race count:
//!
//! - **stacks**: a stack of k tokens needs `T(s)` throws, not `k T(s)`;
//! - **danger**: a group the opponent could land on risks being sent home:
//!   it would then cost `k T(home)` instead of `T(s)`, and give the
//!   catcher a throw; weighted by the chance of a hit (certain when a
//!   pending throw of the opponent reaches it, the one-throw chance when
//!   the opponent throws next, half that when we move first and may flee);
//! - **catching chances**: the same term seen from the other side;
//! - **extra throws**: throws due or pending for the team to move are
//!   worth one throw each.
//!
//! The score is the opponent's work minus ours, so +1 is about one throw
//! ahead; a won game is worth [`WIN`].

use crate::yut::rules::game::TokenState;
use crate::yut::rules::play::Play;
use crate::yut::rules::roll::Roll;
use crate::yut::rules::route::{Dest, Start, destination};
use crate::yut::rules::station::{STATIONS, Station};
use crate::yut::rules::sticks::Sticks;
use crate::yut::rules::token::Team;

/// The score of a won game (and minus it for a lost one): far above any
/// race difference, which stays below ~40 throws.
pub const WIN: f64 = 1000.0;

/// A place index: stations `0..29`, then home, then escaped.
const HOME: usize = STATIONS;
const ESCAPED: usize = STATIONS + 1;
const PLACES: usize = STATIONS + 2;

/// Where each place leads by each result (index of [`Roll::ALL`]).
fn dest_table() -> [[u8; 5]; PLACES] {
    let mut t = [[ESCAPED as u8; 5]; PLACES];
    for (place, row) in t.iter_mut().enumerate().take(HOME + 1) {
        let start = match Station::from_index(place) {
            Some(s) => Start::On(s),
            None => Start::Home,
        };
        for (r, cell) in Roll::ALL.into_iter().zip(row.iter_mut()) {
            *cell = match destination(start, r.steps()) {
                Dest::On(s) => s.index() as u8,
                Dest::Escaped => ESCAPED as u8,
            };
        }
    }
    t
}

/// The place of a token state.
fn place(s: TokenState) -> usize {
    match s {
        TokenState::Home => HOME,
        TokenState::On(st) => st.index(),
        TokenState::Escaped => ESCAPED,
    }
}

/// The tables the evaluation reads, computed once for a set of sticks.
#[derive(Clone, Debug)]
pub struct Eval {
    odds: [f64; 5],
    dest: [[u8; 5]; PLACES],
    /// Expected throws to escape, by place.
    throws: [f64; PLACES],
}

/// How much of the one-throw hit chance counts when the endangered team
/// moves first (it may flee or strike first).
const FLEE: f64 = 0.5;

impl Eval {
    /// The tables for `sticks`.
    pub fn new(sticks: Sticks) -> Eval {
        let odds = sticks.odds();
        let dest = dest_table();
        // Every move goes strictly forward (toward escape), so the route
        // graph has no cycle and its longest path is the 21 steps of the
        // outer lap: 22 rounds of the recurrence reach the fixed point.
        let mut throws = [0f64; PLACES];
        for _ in 0..24 {
            let mut next = [0f64; PLACES];
            for (p, value) in next.iter_mut().enumerate().take(HOME + 1) {
                let row = dest.get(p).copied().unwrap_or([ESCAPED as u8; 5]);
                *value = 1.0
                    + row
                        .iter()
                        .zip(odds)
                        .map(|(&d, pr)| pr * throws.get(usize::from(d)).copied().unwrap_or(0.0))
                        .sum::<f64>();
            }
            throws = next;
        }
        Eval { odds, dest, throws }
    }

    /// The probability of each result.
    pub fn odds(&self) -> [f64; 5] {
        self.odds
    }

    /// Expected throws for one token to escape from `state`.
    pub fn throws_to_escape(&self, state: TokenState) -> f64 {
        self.throws.get(place(state)).copied().unwrap_or(0.0)
    }

    fn lands(&self, from: usize, roll: usize) -> usize {
        self.dest
            .get(from)
            .and_then(|row| row.get(roll))
            .map_or(ESCAPED, |&d| usize::from(d))
    }

    /// The score of `play` for `me`: positive when `me` is ahead.
    pub fn score(&self, play: &Play, me: Team) -> f64 {
        if let Some(w) = play.winner() {
            return if w == me { WIN } else { -WIN };
        }
        let g = self.groups(play);
        let mover = play.to_move();
        let tempo = (play.pending().len() + usize::from(play.due())) as f64;
        let mine = self.cost(play, &g, me) - if mover == me { tempo } else { 0.0 };
        let theirs = self.cost(play, &g, me.opponent()) - if mover == me { 0.0 } else { tempo };
        theirs - mine
    }

    /// Per team, the groups: (place, tokens) for each occupied station,
    /// plus the number of home tokens.
    fn groups(&self, play: &Play) -> [Groups; 2] {
        let mut out = [Groups::default(); 2];
        for (t, s) in play.game().states() {
            let side = usize::from(t.team() == Team::Lower);
            let Some(gs) = out.get_mut(side) else {
                continue;
            };
            match s {
                TokenState::Home => gs.home += 1,
                TokenState::Escaped => {}
                TokenState::On(st) => gs.add(st.index()),
            }
        }
        out
    }

    /// A team's remaining work plus the expected loss to catches.
    fn cost(&self, play: &Play, g: &[Groups; 2], team: Team) -> f64 {
        let side = usize::from(team == Team::Lower);
        let (Some(own), Some(foe)) = (g.get(side), g.get(1 - side)) else {
            return 0.0;
        };
        let home = self.throws.get(HOME).copied().unwrap_or(0.0);
        let mut work = f64::from(own.home) * home;
        let foe_moves = play.to_move() != team;
        let foe_pending = foe_moves && play.due() == 0;
        for &(at, k) in own.list() {
            let here = self.throws.get(at).copied().unwrap_or(0.0);
            work += here;
            let hit = if foe_pending {
                let reach = play
                    .pending()
                    .distinct()
                    .any(|r| foe.reaches(|from| self.lands(from, r.index()) == at));
                if reach { 1.0 } else { 0.0 }
            } else {
                let chance: f64 = (0..5)
                    .filter(|&r| foe.reaches(|from| self.lands(from, r) == at))
                    .map(|r| self.odds.get(r).copied().unwrap_or(0.0))
                    .sum();
                if foe_moves { chance } else { FLEE * chance }
            };
            work += hit * (f64::from(k) * home - here + 1.0);
        }
        work
    }
}

/// One team's groups on the board and its home count.
#[derive(Clone, Copy, Debug, Default)]
struct Groups {
    at: [(usize, u8); 4],
    len: usize,
    home: u8,
}

impl Groups {
    fn add(&mut self, place: usize) {
        if let Some(g) = self.at.iter_mut().take(self.len).find(|g| g.0 == place) {
            g.1 += 1;
        } else if let Some(g) = self.at.get_mut(self.len) {
            *g = (place, 1);
            self.len += 1;
        }
    }

    fn list(&self) -> &[(usize, u8)] {
        self.at.get(..self.len).unwrap_or(&[])
    }

    /// Whether any group, or a home token, satisfies `hits` from its place.
    fn reaches(&self, hits: impl Fn(usize) -> bool) -> bool {
        (self.home > 0 && hits(HOME)) || self.list().iter().any(|&(p, _)| hits(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::{Throw, Token};

    #[test]
    fn throws_to_escape_follow_the_recurrence() {
        let e = Eval::new(Sticks::FAIR);
        let t = |s: Station| e.throws_to_escape(TokenState::On(s));
        // On cham-meoki any throw escapes: exactly one throw.
        assert!((t(Station::ChamMeoki) - 1.0).abs() < 1e-12);
        // nal-yut: do (4/16) stops on cham-meoki, anything else escapes:
        // 1 + 4/16 * 1 = 1.25.
        assert!((t(Station::NalYut) - 1.25).abs() < 1e-12);
        // bang is 4 steps from out; mo's shortcut makes mo nearer than yut,
        // and the corner duet-mo nearer than duet-yut beside it.
        assert!(t(Station::Mo) < t(Station::Yut));
        assert!(t(Station::DuetMo) < t(Station::DuetYut));
        // Home is the farthest of all.
        let home = e.throws_to_escape(TokenState::Home);
        assert!(Station::ALL.iter().all(|&s| t(s) < home));
        assert_eq!(e.throws_to_escape(TokenState::Escaped), 0.0);
    }

    #[test]
    fn scores_are_antisymmetric_and_prefer_progress() {
        let e = Eval::new(Sticks::FAIR);
        let mut p = Play::new(Team::Upper, 0);
        assert!(
            e.score(&p, Team::Upper) > 0.0,
            "the team to throw is a throw ahead"
        );
        p.replay(Token::A, "FFFB".parse::<Throw>().expect("throw"))
            .expect("free turn");
        let s = e.score(&p, Team::Upper);
        assert!((s + e.score(&p, Team::Lower)).abs() < 1e-9);
        assert!(s > 1.0);
    }
}
