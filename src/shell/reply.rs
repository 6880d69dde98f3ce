//! What a command produced, as data: [`Session::execute`](super::Session::execute)
//! returns a [`Reply`] (and hands streamed ones, such as `divide`'s lines,
//! to a [`Sink`] as they come). The renderer (`shell::render`) turns a reply
//! into the shell's text; another front end could turn it into JSON.

use super::board::LastMove;
use super::command::Command;
use super::error::ErrorKind;
use super::settings::{Change, Settings};
use crate::congo::course::{Evaluation, Terms};
use crate::congo::moves::{Move, MoveOutcome, Status};
use crate::congo::search::SearchInfo;
use crate::congo::tablebase::Verdict;
use crate::congo::{Color, Position};
use crate::yut::player::sim::Tally;
use crate::yut::{Game, Kind, MoveReport, Play, PlayReport, Roll, Step, ThrowReport};
use std::io;

/// Yut's `hint`: the team to move, the game, every plan of its pending
/// throws with its chance (and what the estimate cost), and why the
/// solved tables do not cover the house rules, if so.
pub use crate::yut::solve::GameHint as YutHint;

/// One result of a command. (Not `Eq`: `hint` and `review` carry
/// chances.)
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// Nothing to show (a change without summary: `fen <FEN>`, `reset`, `set`).
    Nothing,
    /// `fen`: the position, shown as its FEN.
    Fen(Box<Position>),
    /// `list`: the position, shown as the 17-line listing.
    Listing(Box<Position>),
    /// `board`: the position and the last move, shown as a grid.
    /// The position, its last move, whether the draw rule ended it, and
    /// whether it is drawn from Black's side (`set flip`).
    Board(Box<(Position, Option<LastMove>, bool, bool)>),
    /// `board legend`: the board, then the key to its letters.
    BoardLegend(Box<Reply>),
    /// `undo N`: each change taken back, newest first (a change summary).
    UndidMany(Vec<Changed>),
    /// `redo`: the change made again (a change summary).
    Redid(Changed),
    /// `odds` stopped by Ctrl-C: the games played of all asked for.
    OddsStopped(Tally, Kind, Kind, u64),
    /// `analyze` stopped by Ctrl-C: the best line found, marked partial.
    SearchStopped(Box<SearchInfo>, Color),
    /// `history`: the games' records, long lines wrapped to the window.
    History(String),
    /// `redo N`: each command made again, oldest first (a change summary).
    RedidMany(Vec<Changed>),
    /// `moves`: legal moves, sorted by notation.
    Moves(Vec<Move>),
    /// `play`: what the move did, and the status after it (a change summary).
    Played(Box<MoveOutcome>, Status),
    /// `status`.
    Status(Status),
    /// `perft`: a node count.
    Count(u64),
    /// `divide`, streamed: one root move and the leaves below it.
    DivideMove(Move, u64),
    /// `divide`: the total, after every root move.
    DivideTotal(u64),
    /// `eval`: each term in centipawns (side to move's view, with who is
    /// to move, for showing them from White's side), the last `total`;
    /// then the network's score (side to move's view) when one is set.
    Eval(
        crate::congo::Color,
        crate::congo::search::EvalTerms,
        Option<i32>,
    ),
    /// `best`, `analyze`: the search's answer (for `analyze`, also each
    /// finished depth, streamed).
    /// The colour is who was to move (the line shows White's view).
    Search(Box<SearchInfo>, crate::congo::Color),
    /// `eval material|advanced`: a course evaluation, term by term.
    CourseEval(Box<CourseEvalReport>),
    /// `minimax` / `alphabeta`: a course search's value and best move.
    CourseSearch(CourseSearchReport),
    /// `move`: one Yut turn (a change summary).
    Turn(MoveReport),
    /// `throw`: the sticks and what they count for (a change summary).
    Threw(ThrowReport),
    /// `move <token> [<result>]`: a move by a pending throw, and what
    /// comes next (a change summary).
    MovedBy(PlayReport),
    /// `auto`: the throws and moves the computer made (a change summary).
    Auto(Vec<Step>),
    /// `turn`: the game, shown as whose turn it is.
    TurnState(Play),
    /// `options`: the game and the results to preview.
    Options(Box<Play>, Vec<Roll>),
    /// `hint`: every plan of the pending throws with the team to move's
    /// win chance after it, best first.
    Hint(Box<YutHint>),
    /// `review`: each decision reviewed (with the team that made it) and
    /// the chance each team lost in all.
    Review(Box<ReviewReport>),
    /// Congo's `hint`: the best moves with their values.
    CongoHint(Box<CongoHint>),
    /// Congo's `review`: every move of the game marked, the sides'
    /// summaries and White's chance over the game.
    CongoReview(Box<CongoReview>),
    /// `review key`: one key moment (its board is a reply of its own).
    CongoKey(Box<CongoKey>),
    /// `review key` when the last review marked no move.
    CongoKeyNone,
    /// `review FILE`: the runner reads the game file through its loader
    /// and has the session review it ([`super::Session::review_game`]).
    ReviewFile(Box<super::command::ReviewArgs>),
    /// `retry`: a position before a reviewed mistake, an answer judged,
    /// or where the retry stands.
    Retry(Box<super::render_congo_retry::RetryReply>),
    /// `drill`: the runner reads the deck and has the session serve it
    /// ([`super::Session::drill`]).
    DrillDeck(super::command::DrillArgs),
    /// `drill`: a position due, an answer judged, the deck's listing.
    Drill(Box<super::render_drill::DrillReply>),
    /// `odds`: the games won by each team under the two players.
    Odds(Tally, Kind, Kind),
    /// `show`: the Yut game, shown as the 32x32 board.
    YutBoard(Game),
    /// `show` at the prompt: the Yut board with its status block (a
    /// compact board when the window is too small for the 32x32 one).
    YutStatus(Box<super::yut_status::YutStatus>),
    /// A reply shown with the prompt's extras (Yut moves name the tokens
    /// they stack with; `options` says when a throw comes first).
    Prompt(Box<Reply>),
    /// `board svg FILE` / `show svg FILE`: write this text to the file
    /// (path, text, overwrite?); the runner writes it through its loader.
    WriteFile(Box<(String, String, bool)>),
    /// A file was written (the path as typed).
    Wrote(String),
    /// `where`: every token's state.
    Where(Game),
    /// `undo`: the change taken back (a change summary).
    Undid(Changed),
    /// `help [<command>]`: the topic, a keyword or alias.
    Help(Option<&'static str>),
    /// `set`: every setting with its value.
    Settings(Box<Settings>),
    /// `clear`: the screen cleared at the prompt; a note in a script.
    Clear,
    /// `set <name>`: one setting's row of the listing.
    Setting(Box<Settings>, crate::shell::settings::Setting),
    /// `set NAME VALUE` at the prompt: the setting's row of the listing,
    /// with the value now in force (a change summary).
    SettingSet(Change),
    /// `quit`: end the session.
    Quit(Option<u8>),
    /// `source <file>`: the runner replays this file.
    Source(String),
    /// `stations`: the map of the Yut stations' names.
    Stations,
    /// The Congo game is drawn by repetition (after the move that drew
    /// it, or `status` of a drawn game).
    Drawn,
    /// `reset` at the prompt: what it reset (both games).
    ResetBoth,
    /// Ctrl-C stopped the computer's reply: its turn is pending and this
    /// command (`go` or `auto`) resumes it.
    ComputerStopped(&'static str),
    /// The computer could not make its reply, and why.
    ComputerCannotMove(Box<ErrorKind>),
    /// `tb`: what the endgame tables say of the position.
    Tablebase(TbAnswer),
    /// At the prompt, after the move that ended the Congo game: who won
    /// from the person's side in versus mode, and what to type next.
    CongoResult(Box<CongoResult>),
    /// At the prompt, after the move that ended the Yut game: who won
    /// from the person's side in versus mode, and what to type next.
    YutResult(YutResult),
}

/// How a Yut game ended, said to the person at the prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YutResult {
    /// The team that escaped every token.
    pub winner: crate::yut::Team,
    /// The person's team in versus mode (the computer plays the other);
    /// `None` for two people or the computer on both teams.
    pub person: Option<crate::yut::Team>,
}

/// How a Congo game ended, said to the person at the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CongoResult {
    /// The result.
    pub status: Status,
    /// Drawn by the `draw repetition` house rule (`status` is then
    /// `Continue`: the position itself is not over).
    pub drawn: bool,
    /// The person's side in versus mode (the computer plays the other);
    /// `None` for two people or the computer on both sides.
    pub person: Option<Color>,
    /// How it ended: `White captured the lion on d6`.
    pub how: String,
}

/// What `tb` found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TbAnswer {
    /// The `tablebase` setting is off.
    Off,
    /// No tables were found (they are built by `boardsh tablebase build`).
    Missing,
    /// The position's exact value.
    Verdict(Verdict),
    /// The position is outside the tables, which hold this many pieces
    /// at most.
    Outside { max_pieces: u32 },
}

impl Reply {
    /// Whether this reply only says what a change did (`--quiet` hides it).
    #[inline]
    pub fn is_change_summary(&self) -> bool {
        if let Reply::Prompt(inner) = self {
            return inner.is_change_summary();
        }
        matches!(
            self,
            Reply::Played(..)
                | Reply::Turn(_)
                | Reply::Undid(_)
                | Reply::UndidMany(_)
                | Reply::Redid(_)
                | Reply::RedidMany(_)
                | Reply::Threw(_)
                | Reply::MovedBy(_)
                | Reply::Auto(_)
                | Reply::SettingSet(_)
        )
    }
}

/// How many of a `source`'s changes `undo` and `redo` name.
pub const FIRST_FEW: usize = 3;

/// One change as `undo` and `redo` name it: the command that made it, and
/// for a `source` (one change made of many) what its file changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Changed {
    /// The command as typed (`play c2c3`, `source lib/opening.bsh`).
    pub command: Command,
    /// For a `source`: the changes its file made and kept.
    pub made: Option<Made>,
}

/// What a `source` changed: how many changes its file made and kept (not
/// taken back by an `undo` of its own), and the first [`FIRST_FEW`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Made {
    /// How many changes.
    pub count: usize,
    /// The first of them, in order (at most [`FIRST_FEW`]).
    pub first: Vec<Command>,
}

impl From<Command> for Changed {
    fn from(command: Command) -> Changed {
        Changed {
            command,
            made: None,
        }
    }
}

/// `play c2c3`; `source f.bsh (2 changes: move A FFFF, move B FFFF)`;
/// past [`FIRST_FEW`], `(12 changes: a, b, c and 9 more)`.
impl std::fmt::Display for Changed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.command)?;
        let Some(made) = &self.made else {
            return Ok(());
        };
        let noun = if made.count == 1 { "change" } else { "changes" };
        write!(f, " ({} {noun}", made.count)?;
        for (i, cmd) in made.first.iter().enumerate() {
            f.write_str(if i == 0 { ": " } else { ", " })?;
            write!(f, "{cmd}")?;
        }
        let more = made.count.saturating_sub(made.first.len());
        if more > 0 && !made.first.is_empty() {
            write!(f, " and {more} more")?;
        }
        f.write_str(")")
    }
}

/// What `eval material|advanced` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseEvalReport {
    /// Which evaluation.
    pub eval: Evaluation,
    /// Its terms (for `material`, only the material is filled in).
    pub terms: Terms,
    /// The side to move (the score's point of view).
    pub side: Color,
}

/// What `minimax` or `alphabeta` found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CourseSearchReport {
    /// `minimax` or `alphabeta`.
    pub name: &'static str,
    pub depth: u32,
    /// The value for the side to move.
    pub value: i32,
    /// The first best move in sorted order; `None` at depth 0, when the
    /// game is over, or when the side to move has no move.
    pub best: Option<Move>,
    /// Why there is no best move, when there is none.
    pub why_none: Option<&'static str>,
}

/// Where a command hands the replies it streams while it runs.
pub trait Sink {
    /// Take one reply (render it now, or keep it).
    ///
    /// # Errors
    ///
    /// When showing it fails (the command then stops).
    fn reply(&mut self, reply: Reply) -> io::Result<()>;
}

/// Keeps streamed replies (for tests and other front ends).
impl Sink for Vec<Reply> {
    fn reply(&mut self, reply: Reply) -> io::Result<()> {
        self.push(reply);
        Ok(())
    }
}

/// Congo's `hint`: who is to move, the budget as typed, and the best
/// moves, best first, each valued from the mover's view.
#[derive(Clone, Debug, PartialEq)]
pub struct CongoHint {
    pub to_move: Color,
    pub budget: String,
    pub moves: Vec<crate::congo::analysis::Candidate>,
    /// How many of how many legal moves were searched, when the time
    /// budget did not reach them all.
    pub searched: Option<(usize, usize)>,
}

/// Congo's `review`: the review (all of the game, or the moves done
/// before Ctrl-C), the game's number of moves, and the budget a position.
#[derive(Clone, Debug, PartialEq)]
pub struct CongoReview {
    pub review: crate::congo::analysis::Review,
    /// The game's first position (its moves are numbered from it).
    pub start: crate::congo::Position,
    pub total: usize,
    pub budget: String,
}

impl CongoReview {
    /// The SVG chart of White's chance, the marked moves on it.
    pub fn svg(&self) -> String {
        let marks: Vec<(usize, crate::congo::analysis::Mark)> = (self.review.moves.iter())
            .enumerate()
            .filter_map(|(i, m)| m.mark.map(|k| (i, k)))
            .collect();
        crate::congo::analysis::svg_chart(&self.review.white, &marks)
    }
}

/// One key moment of `review key`: which of how many, the move's number
/// in the game (1: the first move) and its review.
#[derive(Clone, Debug, PartialEq)]
pub struct CongoKey {
    pub nth: usize,
    pub of: usize,
    pub number: usize,
    pub moment: crate::congo::analysis::MoveReview,
}

/// What `review` found: the library's review of the Yut game's record
/// (each decision since `reset yut`, the loss of each team, the free
/// turns and forced moves left out).
pub use crate::yut::solve::GameReview as ReviewReport;
