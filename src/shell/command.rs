//! The commands of the shell language, parsed and validated.

use super::commands::Keyword;
use super::settings::{Change, Setting};
use crate::congo::course::Evaluation;
use crate::congo::moves::Move;
use crate::congo::{PieceKind, Position, Square};
use crate::yut::{Kind, Roll, Throw, Token};
use std::fmt;

/// What `reset` resets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResetTarget {
    Both,
    Congo,
    Yut,
}

/// What `new` starts: a fresh game of Congo or Yut, with the person on
/// the given side against the computer, or for two people (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewGame {
    Congo(Option<crate::congo::Color>),
    Yut(Option<crate::yut::Team>),
}

/// Which legal moves `moves` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesFilter {
    All,
    Kind(PieceKind),
    From(Square),
}

/// How long `best` and `go` search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SearchLimit {
    /// Nothing given: a few seconds.
    #[default]
    Default,
    /// `depth N`.
    Depth(u32),
    /// `time S`, in milliseconds.
    Millis(u64),
    /// `nodes N`.
    Nodes(u64),
}

impl fmt::Display for SearchLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchLimit::Default => Ok(()),
            SearchLimit::Depth(d) => write!(f, " depth {d}"),
            SearchLimit::Millis(ms) if ms % 1000 == 0 => write!(f, " time {}", ms / 1000),
            SearchLimit::Millis(ms) => {
                let s = format!("{}.{:03}", ms / 1000, ms % 1000);
                write!(f, " time {}", s.trim_end_matches('0'))
            }
            SearchLimit::Nodes(n) => write!(f, " nodes {n}"),
        }
    }
}

/// Which game `hint` and `review` are about, when named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameChoice {
    Congo,
    Yut,
}

impl fmt::Display for GameChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameChoice::Congo => "congo",
            GameChoice::Yut => "yut",
        })
    }
}

/// `hint`'s arguments: the game (none: the game in play), how many moves
/// (none: 3) and the budget (default: the `hint-time` setting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HintArgs {
    pub game: Option<GameChoice>,
    pub count: Option<u32>,
    pub limit: SearchLimit,
}

impl fmt::Display for HintArgs {
    /// What follows `hint`, each part with its leading blank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(g) = self.game {
            write!(f, " {g}")?;
        }
        if let Some(n) = self.count {
            write!(f, " {n}")?;
        }
        write!(f, "{}", self.limit)
    }
}

/// `review`'s arguments: the game, the budget a position (default: the
/// `hint-time` setting's), and the SVG chart to write.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReviewArgs {
    pub game: Option<GameChoice>,
    pub limit: SearchLimit,
    pub svg: Option<SvgFile>,
    /// A game file to review (a `save` or `match --pgn` record) instead
    /// of the game in play.
    pub file: Option<String>,
}

impl fmt::Display for ReviewArgs {
    /// What follows `review`, each part with its leading blank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(g) = self.game {
            write!(f, " {g}")?;
        }
        write!(f, "{}", self.limit)?;
        // The game file before the chart: `svg`'s path is the rest.
        if let Some(file) = &self.file {
            f.write_str(" ")?;
            write_path(file, f)?;
        }
        if let Some(svg) = &self.svg {
            write!(f, " {svg}")?;
        }
        Ok(())
    }
}

/// `drill`'s argument: none (the next due position, or the first),
/// `stop`, `stats`, `forget N`, a move answering the Congo position
/// shown, or a token and a throw (as `move` takes them) answering the
/// Yut decision shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillArgs {
    Next,
    Stop,
    Stats,
    Forget(u64),
    Answer(Move),
    YutAnswer(crate::yut::Token, Option<crate::yut::Roll>),
}

impl fmt::Display for DrillArgs {
    /// What follows `drill`, with its leading blank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrillArgs::Next => Ok(()),
            DrillArgs::Stop => f.write_str(" stop"),
            DrillArgs::Stats => f.write_str(" stats"),
            DrillArgs::Forget(n) => write!(f, " forget {n}"),
            DrillArgs::Answer(mv) => write!(f, " {mv}"),
            DrillArgs::YutAnswer(token, None) => write!(f, " {token}"),
            DrillArgs::YutAnswer(token, Some(roll)) => write!(f, " {token} {}", roll.name()),
        }
    }
}

/// `retry`'s argument: none (the next position of the review's
/// mistakes, or the first), `stop`, or a move answering the position shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetryArgs {
    Next,
    Stop,
    Answer(Move),
}

impl fmt::Display for RetryArgs {
    /// What follows `retry`, with its leading blank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RetryArgs::Next => Ok(()),
            RetryArgs::Stop => f.write_str(" stop"),
            RetryArgs::Answer(mv) => write!(f, " {mv}"),
        }
    }
}

/// One command of the shell language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `fen`: print the current FEN.
    ShowFen,
    /// `fen <placement> [<side> [<move>]]`: set the Congo position.
    SetFen(Box<Position>),
    /// `list`: the 17-line listing.
    List,
    /// `board`: the Congo grid.
    Board,
    /// `board legend`: the grid, then a key to its letters.
    BoardLegend,
    /// `board svg[!] FILE`: write the position as an SVG diagram.
    BoardSvg(SvgFile),
    /// `moves [<kind>|<square>]`.
    Moves(MovesFilter),
    /// `play <move>`: a well-formed move (checked against the position when run).
    Play(Move),
    /// A line that is only a Congo move (`e2e3`): run as `play` is,
    /// its errors noting how the line was read.
    BarePlay(Move),
    /// `play <move>!`: play it past the tutor (`set tutor`), as `play`
    /// when the tutor is off.
    PlayForced(Move),
    /// `status`.
    Status,
    /// `perft <depth>`.
    Perft(u32),
    /// `divide <depth>`.
    Divide(u32),
    /// `eval`: the evaluation, term by term.
    Eval,
    /// `best [limit]`: search, print the best move and line.
    Best(SearchLimit),
    /// `go [limit]`: search and play the best move.
    Go(SearchLimit),
    /// `analyze`: search until interrupted.
    Analyze,
    /// `tb`: the endgame tables' value of the position.
    Tb,
    /// `eval material|advanced`: a course evaluation.
    CourseEval(Evaluation),
    /// `minimax [<depth>]`: the course's minimax (material).
    Minimax(u32),
    /// `alphabeta [<depth>]`: the course's alpha-beta (advanced evaluation).
    Alphabeta(u32),
    /// `move <token> <throw>`: one free Yut turn of the original problem
    /// (no turn rules).
    Move(Token, Throw),
    /// `move <token> [<result>]`: a move by a pending throw (the only one
    /// pending when no result is named).
    MoveBy(Token, Option<Roll>),
    /// `throw [<sticks>]`: throw at random, or record a throw by hand.
    Throw(Option<Throw>),
    /// `turn`: whose turn, the pending throws, the winner.
    Turn,
    /// `options [<throw>]`: what-if, for a throw or each pending one.
    Options(Option<Roll>),
    /// `auto`: the computer plays the turn of the team to move.
    Auto,
    /// `odds [<games> [<upper> <lower>]]`: simulated chances to win.
    Odds(u64, Kind, Kind),
    /// `hint [congo|yut] [<n>] [<limit>]`: the best moves of the game in
    /// play (Congo), or every way to use the pending throws (Yut).
    Hint(HintArgs),
    /// `review [congo|yut] [<limit>] [svg[!] <file>]`: every move of the
    /// Congo game marked, or the Yut game's decisions.
    Review(Box<ReviewArgs>),
    /// `review key`: the last Congo review's key moments (no search).
    ReviewKey,
    /// `retry [<move>|stop]`: the positions before the last Congo
    /// review's mistakes, to find a better move (the game untouched).
    Retry(RetryArgs),
    /// `drill [<move>|stop|stats|forget <n>]`
    Drill(DrillArgs),
    /// `show`: the Yut board.
    Show,
    /// `show svg[!] FILE`: write the Yut board as an SVG diagram.
    ShowSvg(SvgFile),
    /// `stations`: the labelled map of the Yut stations.
    Stations,
    /// `where`: every token's state.
    Where,
    /// `reset [congo|yut]`.
    Reset(ResetTarget),
    /// `new congo [white|black]`, `new yut [upper|lower]`.
    New(NewGame),
    /// `undo`.
    Undo,
    /// `source <file>`.
    Source(String),
    /// `set [<name> <value>]`: list the settings, or change one.
    Set(Option<Change>),
    /// `set <name>` with no value: that setting's row, as `set` lists it.
    ShowSetting(Setting),
    /// `help [<command>]`: the topic is a keyword or alias from the registry.
    Help(Option<&'static str>),
    /// `quit` or `exit`.
    /// `undo N`: take back the last N changes (N >= 2; `undo` is one).
    UndoMany(u32),
    /// `redo`: make again what `undo` took back.
    Redo,
    /// `redo N` (N >= 2).
    RedoMany(u32),
    /// `history`: the session's changes as a record.
    History,
    /// `clear`: clear the terminal's screen (at the prompt).
    Clear,
    /// `save FILE` / `save! FILE` (overwrite): a script rebuilding the session.
    Save(String, bool),
    /// With a status: `quit 2` ends the session with exit status 2.
    Quit(Option<u8>),
}

impl Command {
    /// The registry keyword of the command.
    pub fn keyword(&self) -> Keyword {
        match self {
            Command::ShowFen | Command::SetFen(_) => Keyword::Fen,
            Command::List => Keyword::List,
            Command::Board | Command::BoardLegend | Command::BoardSvg(_) => Keyword::Board,
            Command::Moves(_) => Keyword::Moves,
            Command::Play(_) | Command::BarePlay(_) | Command::PlayForced(_) => Keyword::Play,
            Command::Status => Keyword::Status,
            Command::Perft(_) => Keyword::Perft,
            Command::Divide(_) => Keyword::Divide,
            Command::Eval => Keyword::Eval,
            Command::Best(_) => Keyword::Best,
            Command::Go(_) => Keyword::Go,
            Command::Analyze => Keyword::Analyze,
            Command::Tb => Keyword::Tb,
            Command::CourseEval(_) => Keyword::Eval,
            Command::Minimax(_) => Keyword::Minimax,
            Command::Alphabeta(_) => Keyword::Alphabeta,
            Command::Move(..) | Command::MoveBy(..) => Keyword::Move,
            Command::Throw(_) => Keyword::Throw,
            Command::Turn => Keyword::Turn,
            Command::Options(_) => Keyword::Options,
            Command::Auto => Keyword::Auto,
            Command::Odds(..) => Keyword::Odds,
            Command::Hint(_) => Keyword::Hint,
            Command::Review(_) | Command::ReviewKey => Keyword::Review,
            Command::Retry(_) => Keyword::Retry,
            Command::Drill(_) => Keyword::Drill,
            Command::Show | Command::ShowSvg(_) => Keyword::Show,
            Command::Where => Keyword::Where,
            Command::Stations => Keyword::Stations,
            Command::Reset(_) => Keyword::Reset,
            Command::New(_) => Keyword::New,
            Command::Undo | Command::UndoMany(_) => Keyword::Undo,
            Command::Redo | Command::RedoMany(_) => Keyword::Redo,
            Command::Source(_) => Keyword::Source,
            Command::Set(_) | Command::ShowSetting(_) => Keyword::Set,
            Command::Help(_) => Keyword::Help,
            Command::History => Keyword::History,
            Command::Clear => Keyword::Clear,
            Command::Save(_, false) => Keyword::Save,
            Command::Save(_, true) => Keyword::SaveForce,
            Command::Quit(_) => Keyword::Quit,
        }
    }
}

/// Prints the command in canonical form, as `undo` names it.
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::ShowFen => f.write_str("fen"),
            Command::SetFen(pos) => write!(f, "fen {pos}"),
            Command::List => f.write_str("list"),
            Command::Board => f.write_str("board"),
            Command::BoardLegend => f.write_str("board legend"),
            Command::BoardSvg(file) => write!(f, "board {file}"),
            Command::Moves(MovesFilter::All) => f.write_str("moves"),
            Command::Moves(MovesFilter::Kind(k)) => write!(f, "moves {k}"),
            Command::Moves(MovesFilter::From(s)) => write!(f, "moves {s}"),
            Command::Play(m) | Command::BarePlay(m) => write!(f, "play {m}"),
            Command::PlayForced(m) => write!(f, "play {m}!"),
            Command::Status => f.write_str("status"),
            Command::Perft(n) => write!(f, "perft {n}"),
            Command::Divide(n) => write!(f, "divide {n}"),
            Command::Eval => f.write_str("eval"),
            Command::Best(limit) => write!(f, "best{limit}"),
            Command::Go(limit) => write!(f, "go{limit}"),
            Command::Analyze => f.write_str("analyze"),
            Command::Tb => f.write_str("tb"),
            Command::CourseEval(Evaluation::Material) => f.write_str("eval material"),
            Command::CourseEval(Evaluation::Advanced) => f.write_str("eval advanced"),
            Command::Minimax(n) => write!(f, "minimax {n}"),
            Command::Alphabeta(n) => write!(f, "alphabeta {n}"),
            Command::Move(token, throw) => write!(f, "move {token} {throw}"),
            Command::MoveBy(token, None) => write!(f, "move {token}"),
            Command::MoveBy(token, Some(roll)) => write!(f, "move {token} {}", roll.name()),
            Command::Throw(None) => f.write_str("throw"),
            Command::Throw(Some(t)) => write!(f, "throw {t}"),
            Command::Turn => f.write_str("turn"),
            Command::Options(None) => f.write_str("options"),
            Command::Options(Some(roll)) => write!(f, "options {}", roll.name()),
            Command::Auto => f.write_str("auto"),
            Command::Hint(args) => write!(f, "hint{args}"),
            Command::Review(args) => write!(f, "review{args}"),
            Command::ReviewKey => f.write_str("review key"),
            Command::Retry(args) => write!(f, "retry{args}"),
            Command::Drill(args) => write!(f, "drill{args}"),
            Command::Odds(n, upper, lower) => write!(f, "odds {n} {upper} {lower}"),
            Command::Show => f.write_str("show"),
            Command::ShowSvg(file) => write!(f, "show {file}"),
            Command::Where => f.write_str("where"),
            Command::Stations => f.write_str("stations"),
            Command::Reset(ResetTarget::Both) => f.write_str("reset"),
            Command::Reset(ResetTarget::Congo) => f.write_str("reset congo"),
            Command::Reset(ResetTarget::Yut) => f.write_str("reset yut"),
            Command::New(game) => f.write_str(&crate::shell::commands::versus::new_text(*game)),
            Command::Undo => f.write_str("undo"),
            Command::UndoMany(n) => write!(f, "undo {n}"),
            Command::Redo => f.write_str("redo"),
            Command::RedoMany(n) => write!(f, "redo {n}"),
            Command::Source(path) => {
                f.write_str("source ")?;
                write_path(path, f)
            }
            Command::Set(None) => f.write_str("set"),
            Command::ShowSetting(setting) => write!(f, "set {}", setting.name()),
            Command::Set(Some(change)) => write!(f, "set {} {change}", change.setting().name()),
            Command::Help(None) => f.write_str("help"),
            Command::Help(Some(topic)) => write!(f, "help {topic}"),
            Command::History => f.write_str("history"),
            Command::Clear => f.write_str("clear"),
            Command::Save(path, force) => {
                f.write_str(if *force { "save! " } else { "save " })?;
                write_path(path, f)
            }
            Command::Quit(None) => f.write_str("quit"),
            Command::Quit(Some(code)) => write!(f, "quit {code}"),
        }
    }
}

/// A byte range within a source line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub len: usize,
}

impl Span {
    /// The span starting at `start` covering `len` bytes.
    pub const fn new(start: usize, len: usize) -> Span {
        Span { start, len }
    }
}

/// A command with where it stood in its line: the whole command, its
/// first argument and its last (the keyword when it has none), for errors
/// found when it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub command: Command,
    pub span: Span,
    pub arg: Span,
    pub last: Span,
}

/// The file of `board svg FILE` / `show svg FILE`, and whether `svg!`
/// (overwrite an existing file) was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvgFile {
    pub path: String,
    pub force: bool,
}

impl fmt::Display for SvgFile {
    /// `svg PATH` or `svg! PATH`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.force { "svg! " } else { "svg " })?;
        write_path(&self.path, f)
    }
}

/// A path as the user typed it, control characters shown escaped (never
/// sent raw to a terminal).
fn write_path(path: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for c in path.chars() {
        if c.is_control() {
            write!(f, "{}", c.escape_default())?;
        } else {
            write!(f, "{c}")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_paths_show_control_characters_escaped() {
        let cmd = Command::Source("a\u{1b}[2Jb c.bsh".to_string());
        assert_eq!(cmd.to_string(), "source a\\u{1b}[2Jb c.bsh");
    }
}
