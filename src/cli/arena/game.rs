//! The referee of one game: sets both players up, asks the side to move
//! for a move with `go`, checks it, passes it on with `moves`, and stops
//! the game by the rules and the match's limits.
//!
//! The game is a [`Game`] under [`Repetition::ThreefoldDraw`]: it ends at
//! a lion capture (the capturer wins), a side to move with no legal move
//! (it loses), the third occurrence of a position (board and side to move:
//! a draw), or the ply limit, opening plies included (a draw). A player whose answer is not a legal move, comes later than the
//! time plus the grace, or never comes, loses; a player that has never
//! answered at all is broken, and the game is no result
//! ([`Abort::NoFirstAnswer`]).

use super::reader::shown;
use super::seat::{Reply, Seat};
use crate::congo::moves::parse_move;
use crate::congo::{Color, Game, Move, Position, Repetition};
use std::time::Duration;

pub use crate::congo::Outcome;

/// The rules of a game beyond Congo's own.
#[derive(Clone, Copy, Debug)]
pub struct Terms {
    /// Seconds per move as sent in `go`.
    pub time: f64,
    /// How much later than `time` an answer may come.
    pub grace: Duration,
    /// Plies (opening included) after which a going game is drawn.
    pub max_plies: u32,
}

/// How a game went.
#[derive(Clone, Debug)]
pub struct GameResult {
    pub outcome: Outcome,
    /// Why it ended, in words.
    pub reason: String,
    /// Moves played, opening first.
    pub moves: Vec<Move>,
    /// The answer that lost the game, if a bad answer did.
    pub bad_answer: Option<String>,
    /// Each answer's side and time, in order.
    pub answers: Vec<(Color, Duration)>,
}

/// Why a game has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Abort {
    /// The match is stopping (a signal).
    Stopped,
    /// A player that never answered a question gave no answer now: it
    /// cannot start, or does not speak the protocol. Its side and why.
    NoFirstAnswer(Color, String),
}

/// Start a player's game: the start position, then the opening's moves.
fn set_up(seat: &mut dyn Seat, start: &Position, words: &[String]) {
    seat.tell("newgame");
    seat.tell(&format!("position {start}"));
    if !words.is_empty() {
        seat.tell(&format!("moves {}", words.join(" ")));
    }
}

/// Play one game from `start` after `opening` between the players of
/// White and Black.
///
/// # Errors
///
/// [`Abort`]: the match is stopping, or a player never answers.
pub fn play_game(
    white: &mut dyn Seat,
    black: &mut dyn Seat,
    start: &Position,
    opening: &[Move],
    terms: &Terms,
) -> Result<GameResult, Abort> {
    let mut game = Game::new(start.clone());
    for mv in opening {
        if game.play(*mv).is_err() {
            break;
        }
    }
    let words: Vec<String> = game.moves().map(|mv| mv.to_string()).collect();
    set_up(white, start, &words);
    set_up(black, start, &words);
    let limit = Duration::from_secs_f64(terms.time.clamp(0.0, 1.0e6));
    let wait = limit + terms.grace;
    let mut answers = Vec::new();
    let end = |outcome, reason: String, game: Game, bad, answers| {
        Ok(GameResult {
            outcome,
            reason,
            moves: game.moves().collect(),
            bad_answer: bad,
            answers,
        })
    };
    loop {
        let side = game.position().side_to_move();
        if let Some(ending) = game.ending(Repetition::ThreefoldDraw) {
            return end(ending.outcome(), ending.to_string(), game, None, answers);
        }
        let plies = u32::try_from(game.plies()).unwrap_or(u32::MAX);
        if plies >= terms.max_plies {
            let why = format!("ply limit {}", terms.max_plies);
            return end(Outcome::Draw, why, game, None, answers);
        }
        let (mover, other): (&mut dyn Seat, &mut dyn Seat) = match side {
            Color::White => (&mut *white, &mut *black),
            Color::Black => (&mut *black, &mut *white),
        };
        let loss = Outcome::win_for(!side);
        let question = format!("go {}", terms.time);
        let reply = mover.ask(&question, wait);
        match &reply {
            Reply::Stopped => return Err(Abort::Stopped),
            Reply::Timeout(took) if !mover.answered_before() => {
                let why = format!(
                    "it did not answer `{question}` within {:.1} s",
                    took.as_secs_f64()
                );
                return Err(Abort::NoFirstAnswer(side, why));
            }
            Reply::Gone(why) if !mover.answered_before() => {
                return Err(Abort::NoFirstAnswer(side, why.clone()));
            }
            _ => {}
        }
        let (text, took) = match reply {
            Reply::Stopped => return Err(Abort::Stopped),
            Reply::Line(text, took) => (text, took),
            Reply::Timeout(took) => {
                answers.push((side, took));
                let why = format!("{side} did not answer within {:.3} s", wait.as_secs_f64());
                return end(loss, why, game, None, answers);
            }
            Reply::Gone(why) => {
                return end(
                    loss,
                    format!("{side} gave no answer: {}", shown(&why)),
                    game,
                    None,
                    answers,
                );
            }
        };
        answers.push((side, took));
        if took > wait {
            let why = format!(
                "{side} answered late: {:.3} s for {:.3} s",
                took.as_secs_f64(),
                limit.as_secs_f64()
            );
            return end(loss, why, game, Some(text), answers);
        }
        let Some(mv) = parse_move(&text).ok().filter(|mv| game.play(*mv).is_ok()) else {
            let why = format!("{side} played `{}`, not a legal move", shown(&text));
            return end(loss, why, game, Some(text), answers);
        };
        other.tell(&format!("moves {mv}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// Answers from a list, whatever it is asked.
    struct Script(VecDeque<Reply>, Vec<String>);

    impl Seat for Script {
        fn tell(&mut self, line: &str) -> bool {
            self.1.push(line.to_string());
            true
        }
        fn ask(&mut self, line: &str, _wait: Duration) -> Reply {
            self.1.push(line.to_string());
            self.0
                .pop_front()
                .unwrap_or(Reply::Gone("script ended".into()))
        }
    }

    fn script(moves: &[&str]) -> Script {
        let replies = moves
            .iter()
            .map(|m| Reply::Line((*m).to_string(), Duration::from_millis(1)))
            .collect();
        Script(replies, Vec::new())
    }

    const TERMS: Terms = Terms {
        time: 0.1,
        grace: Duration::from_millis(50),
        max_plies: 200,
    };

    #[test]
    fn shuffling_zebras_repeat_three_times() {
        // Both zebras go out and back twice: the start position (White to
        // move) occurs a third time after ply 8.
        let mut w = script(&["g1f3", "f3g1", "g1f3", "f3g1"]);
        let mut b = script(&["g7f5", "f5g7", "g7f5", "f5g7"]);
        let r = play_game(&mut w, &mut b, &Position::start(), &[], &TERMS).unwrap();
        assert_eq!(r.outcome, Outcome::Draw);
        assert_eq!(r.reason, "threefold repetition");
        assert_eq!(r.moves.len(), 8);
        assert_eq!(
            w.1[..2],
            [
                "newgame".to_string(),
                format!("position {}", crate::congo::START_FEN)
            ]
        );
        assert_eq!(w.1[2], "go 0.1");
        assert_eq!(w.1[3], "moves g7f5");
    }

    #[test]
    fn illegal_late_and_missing_answers_lose() {
        let mut w = script(&["a1a5"]);
        let mut b = script(&[]);
        let r = play_game(&mut w, &mut b, &Position::start(), &[], &TERMS).unwrap();
        assert_eq!(r.outcome, Outcome::BlackWins);
        assert_eq!(r.bad_answer.as_deref(), Some("a1a5"));

        let mut w = script(&["c2c3"]);
        let r = play_game(&mut w, &mut b, &Position::start(), &[], &TERMS).unwrap();
        assert_eq!(r.outcome, Outcome::WhiteWins, "{}", r.reason);
        assert!(r.reason.contains("black gave no answer"), "{}", r.reason);

        let late = Reply::Line("c2c3".into(), Duration::from_millis(151));
        let mut w = Script(VecDeque::from([late]), Vec::new());
        let r = play_game(&mut w, &mut b, &Position::start(), &[], &TERMS).unwrap();
        assert_eq!(r.outcome, Outcome::BlackWins);
        assert!(r.reason.contains("late"), "{}", r.reason);
    }

    /// A player that has never answered anything.
    struct Fresh(Script);

    impl Seat for Fresh {
        fn tell(&mut self, line: &str) -> bool {
            self.0.tell(line)
        }
        fn ask(&mut self, line: &str, wait: Duration) -> Reply {
            self.0.ask(line, wait)
        }
        fn answered_before(&self) -> bool {
            false
        }
    }

    #[test]
    fn a_player_that_never_answered_is_no_result() {
        // Black has never answered: its silence is a broken agent, not a
        // lost game; the same silence after an answer loses (above).
        let mut w = script(&["c2c3"]);
        let mut b = Fresh(script(&[]));
        let r = play_game(&mut w, &mut b, &Position::start(), &[], &TERMS);
        assert_eq!(
            r.unwrap_err(),
            Abort::NoFirstAnswer(Color::Black, "script ended".into())
        );
        let mut w = Fresh(Script(
            VecDeque::from([Reply::Timeout(Duration::from_millis(150))]),
            Vec::new(),
        ));
        let mut b = script(&[]);
        let r = play_game(&mut w, &mut b, &Position::start(), &[], &TERMS);
        assert!(matches!(r, Err(Abort::NoFirstAnswer(Color::White, _))));
        let mut w = Script(VecDeque::from([Reply::Stopped]), Vec::new());
        let r = play_game(&mut w, &mut b, &Position::start(), &[], &TERMS);
        assert_eq!(r.unwrap_err(), Abort::Stopped);
    }

    #[test]
    fn a_raw_answer_is_escaped_in_the_reason() {
        let mut w = script(&["\x1b[2J\rc2c3"]);
        let mut b = script(&[]);
        let raw = "\x1b[2J\rc2c3";
        let r = play_game(&mut w, &mut b, &Position::start(), &[], &TERMS).unwrap();
        assert_eq!(r.bad_answer.as_deref(), Some(raw));
        assert_eq!(
            r.reason,
            "white played `\\u{1b}[2J\\rc2c3`, not a legal move"
        );
    }

    #[test]
    fn a_game_from_a_set_up_position() {
        // White's lion on d1 takes Black's on d7 along the open d-file
        // (lions face each other): White wins at once.
        let start: Position = "3l3/7/7/7/7/7/3L3 w 0".parse().unwrap();
        let mut w = script(&["d1d7"]);
        let mut b = script(&[]);
        let r = play_game(&mut w, &mut b, &start, &[], &TERMS).unwrap();
        assert_eq!(r.outcome, Outcome::WhiteWins, "{}", r.reason);
        assert_eq!(w.1[1], "position 3l3/7/7/7/7/7/3L3 w 0");
    }

    #[test]
    fn ply_limit_counts_the_opening() {
        let opening: Vec<Move> = ["g1f3", "g7f5"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let mut w = script(&["f3g1"]);
        let mut b = script(&["f5g7"]);
        let terms = Terms {
            max_plies: 4,
            ..TERMS
        };
        let r = play_game(&mut w, &mut b, &Position::start(), &opening, &terms).unwrap();
        assert_eq!(r.outcome, Outcome::Draw);
        assert_eq!(r.reason, "ply limit 4");
        assert_eq!(b.1[2], "moves g1f3 g7f5");
    }
}
