//! The Congo course's handlers: `eval material|advanced`, `minimax`,
//! `alphabeta`, under the session's `rules` setting (which `play` obeys
//! too: no promotion under 2021).

use super::Session;
use super::history::CongoState;
use crate::congo::Rules;
use crate::congo::course::material::{decided, for_side_to_move, material};
use crate::congo::course::{
    Evaluation, NO_MOVE, SearchError, Terms, alphabeta, game_over, minimax, terms,
};
use crate::shell::error::ErrorKind;
use crate::shell::live::Live;
use crate::shell::reply::{CourseEvalReport, CourseSearchReport, Reply};
use std::sync::atomic::Ordering;

impl Session {
    /// The course rules the session plays (the `rules` setting).
    pub fn rules(&self) -> Rules {
        self.common.settings.rules
    }
}

impl CongoState {
    /// The position, if `rules` have all its pieces.
    fn course_position(&self, rules: Rules) -> Result<&crate::congo::Position, ErrorKind> {
        match rules.foreign_piece(self.position()) {
            Some((square, piece)) => Err(ErrorKind::NotInRules {
                square,
                piece,
                rules,
            }),
            None => Ok(self.position()),
        }
    }

    /// `eval material|advanced` under `rules`.
    pub(super) fn course_eval(
        &self,
        rules: Rules,
        live: &Live,
        eval: Evaluation,
    ) -> Result<Reply, ErrorKind> {
        let pos = self.course_position(rules)?;
        // A depth-0 search evaluates once, refusing a monkey position whose
        // moves are too many to count.
        minimax(pos, rules, 0, Evaluation::Material, &live.interrupt).map_err(search_error)?;
        let terms = match eval {
            Evaluation::Advanced => terms(pos),
            Evaluation::Material => {
                let decided = decided(pos);
                let material = material(pos);
                let raw = decided.unwrap_or(material);
                Terms {
                    decided,
                    material,
                    raw,
                    score: for_side_to_move(pos, raw),
                    ..Terms::default()
                }
            }
        };
        Ok(Reply::CourseEval(Box::new(CourseEvalReport {
            eval,
            terms,
            side: pos.side_to_move(),
        })))
    }

    /// `minimax [N]` (material) or `alphabeta [N]` (advanced evaluation).
    pub(super) fn course_search(
        &self,
        rules: Rules,
        live: &Live,
        fast: bool,
        depth: u32,
    ) -> Result<Reply, ErrorKind> {
        let pos = self.course_position(rules)?;
        live.reset_counters();
        let stop = &live.interrupt;
        let (name, found) = if fast {
            let r = alphabeta(pos, rules, depth, Evaluation::Advanced, stop);
            ("alphabeta", r)
        } else {
            let r = minimax(pos, rules, depth, Evaluation::Material, stop);
            ("minimax", r)
        };
        let found = found.map_err(search_error)?;
        live.work.store(found.nodes, Ordering::Relaxed);
        let why_none = match found.best {
            Some(_) => None,
            None if game_over(pos) => Some("the game is over"),
            None if depth == 0 => Some("the evaluation"),
            None if found.value == NO_MOVE => Some("no legal move: the side to move has lost"),
            None => None,
        };
        Ok(Reply::CourseSearch(CourseSearchReport {
            name,
            depth,
            value: found.value,
            best: found.best,
            why_none,
        }))
    }
}

fn search_error(e: SearchError) -> ErrorKind {
    match e {
        SearchError::Interrupted => ErrorKind::Interrupted,
        SearchError::TooManyMoves => ErrorKind::SearchTooBig,
    }
}
