//! Yut drills in the session: the cards of a Yut review's `?` and `??`
//! uses by the person's teams (the teams the computer does not play;
//! both with no computer), and the judge of an answer. An answer is
//! weighed as `review` and the tutor weigh a use: the chance after each
//! use of the pending throws (exact where a solved table covers the
//! position, else estimated by `hint`'s games within the card's budget
//! of positions, seeded from the card), against the best.

use super::super::common::Common;
use super::super::yut_part::YutPart;
use crate::congo::analysis::Verdict;
use crate::shell::commands::yut::{HINT_BUDGET, HINT_DECISION_BUDGET, HINT_GAMES, ODDS_PLAYER};
use crate::shell::drill::yut_state::use_text;
use crate::shell::drill::{Card, Good, YutState};
use crate::shell::error::ErrorKind;
use crate::shell::render_drill::YutAnswer;
use crate::yut::solve::hint::hint_within;
use crate::yut::solve::player::covers;
use crate::yut::solve::whole::indistinct;
use crate::yut::solve::{Analysis, GameReview, HintLine, Mark, Players, THRESHOLDS, board_of};
use crate::yut::{Play, Team, Use};

/// Whether `a` and `b` are the same use at `play`: the same result on
/// the same group (a stack or the home tokens named by any of theirs).
fn same_use(play: &Play, a: Use, b: Use) -> bool {
    a.roll == b.roll
        && a.token.team() == b.token.team()
        && play.game().state(a.token) == play.game().state(b.token)
}

/// The budget text of a Yut card.
pub fn budget_text() -> String {
    format!("positions {HINT_BUDGET}")
}

/// The cards of `report`'s `?` and `??` decisions by `teams`, whose
/// games before each decision are `moves` (the record's, in order),
/// estimates seeded with `seed`.
pub fn cards(moves: &[(Play, Use)], report: &GameReview, teams: &[Team], seed: u64) -> Vec<Card> {
    let mut out = Vec::new();
    // The review's decisions are the game's moves with a choice, in
    // order: each is found at the next move that made its use.
    let mut rest = moves.iter().filter(|(p, _)| p.uses().len() > 1);
    for (team, r) in &report.decisions {
        let Some((play, _)) = rest.find(|(_, used)| *used == r.played) else {
            break;
        };
        if !matches!(r.mark, Some(Mark::Mistake | Mark::Blunder)) || !teams.contains(team) {
            continue;
        }
        let exact = r.interval.is_none() && r.best.interval.is_none();
        let mark = if r.mark == Some(Mark::Blunder) {
            "??"
        } else {
            "?"
        };
        out.push(Card::yut(
            YutState::of(play, seed, exact),
            r.played,
            mark,
            r.chance,
            vec![Good {
                mv: use_text(r.best.choice),
                chance: r.best.chance,
            }],
            budget_text(),
        ));
    }
    out
}

impl YutPart {
    /// The teams whose Yut mistakes are drills: those the computer does
    /// not play, or both when it plays none or both.
    fn person_teams(c: &Common) -> Vec<Team> {
        let teams: Vec<Team> = (Team::ALL.into_iter())
            .filter(|&t| !c.settings.computer.plays_yut(t))
            .collect();
        if teams.is_empty() {
            Team::ALL.to_vec()
        } else {
            teams
        }
    }

    /// Note the Yut cards of a finished review of the game in play (its
    /// analysis seeded with `seed`) for the runner to save.
    pub(in crate::shell::session) fn found_drills(
        &mut self,
        c: &Common,
        report: &GameReview,
        seed: u64,
    ) {
        let Ok(decisions) = self.game.0.decisions() else {
            return;
        };
        let mut moves = decisions.moves;
        let sticks = self.sticks();
        for (p, _) in &mut moves {
            p.set_sticks(sticks);
        }
        let teams = Self::person_teams(c);
        self.found_cards = cards(&moves, report, &teams, seed);
    }

    /// Weigh `used` at `play` against the best use, as the review did:
    /// exact where a table covers it, else `hint`'s games (seeded with
    /// `seed`) within `budget` positions.
    ///
    /// # Errors
    ///
    /// A use the rules refuse there, or Ctrl-C.
    pub(in crate::shell::session) fn judge(
        &self,
        c: &Common,
        play: &Play,
        used: Use,
        played: Use,
        seed: u64,
        budget: u64,
    ) -> Result<YutAnswer, ErrorKind> {
        play.check_use(used.token, used.roll)
            .map_err(ErrorKind::Play)?;
        c.live.reset_counters();
        let tables = self.tables();
        let (board, _) = board_of(play);
        let table = tables.iter().find(|t| covers(t, board)).map(|t| &**t);
        let sticks = play.sticks();
        let [mut up, mut low] =
            [1, 2].map(|k| ODDS_PLAYER.build_bounded(sticks, seed ^ k, HINT_DECISION_BUDGET));
        let players = Players {
            upper: &mut *up,
            lower: &mut *low,
        };
        let stop = &c.live.interrupt;
        let analysis = Analysis {
            budget,
            ..Analysis::new(HINT_GAMES, seed, stop)
        };
        let report =
            hint_within(play, table, players, &analysis).map_err(|_| ErrorKind::Interrupted)?;
        let found = |u: Use| report.lines.iter().find(|l| same_use(play, l.choice, u));
        let (Some(&best), Some(&answer)) = (report.lines.first(), found(used)) else {
            // Not reached: a legal use of a decision has its line.
            return Err(ErrorKind::Problem(
                "this use could not be weighed".to_string(),
            ));
        };
        let answer = HintLine {
            choice: used,
            ..answer
        };
        let loss = (best.chance - answer.chance).max(0.0);
        let close = indistinct(answer.chance, answer.interval, best.chance, best.interval)
            || THRESHOLDS.mark(loss).is_none();
        let verdict = if same_use(play, used, best.choice) {
            Verdict::Best
        } else if close {
            Verdict::Found
        } else if same_use(play, used, played) {
            Verdict::Played
        } else {
            Verdict::Missed
        };
        Ok(YutAnswer {
            answer,
            best,
            loss,
            verdict,
        })
    }
}
