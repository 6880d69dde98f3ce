//! The session as a record: every change, as the command that redoes it
//! (`play e2e3`, `throw FBFF`, `move A geol`, `fen ...`, `reset yut`), in
//! order. `history` shows it as a Congo game score and a list of Yut turns;
//! `save` writes it as a script that rebuilds the session from scratch.
//! `undo` cuts it back to where the undone change began.
//!
//! Settings are not changes (`undo` leaves them in force), so they are not
//! in the record as commands. Instead each command is kept with what it
//! ran under (the `rules` of a `play`, the team that throws first in a Yut
//! turn), and `save` writes a `set` wherever that changes, then every
//! setting in force at the end and the sticks' random state (`set seed
//! N+K`): the replay ends where the session is, down to the next throw.

use super::Session;
use super::common::Common;
use crate::congo::Rules;
use crate::congo::eval::NetChoice;
use crate::congo::moves::Move;
use crate::congo::{Color, Position};
use crate::shell::command::{Command, NewGame, ResetTarget};
use crate::shell::reply::Reply;
use crate::shell::settings::{Setting, Settings};
use crate::shell::words::quote;
use crate::yut::{House, Play, Step, Team};
use std::fmt::Write as _;

/// The most changes the transcript keeps; past it (a replay of millions of
/// Yut turns, say) it stops growing and `history`/`save` refuse, so memory
/// stays flat whatever the input.
pub const TRANSCRIPT_LIMIT: usize = 100_000;

/// What a command of the record ran under: the settings its replay must
/// have in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Context {
    /// The `rules` setting (for `play`).
    rules: Rules,
    /// For a Yut command: the team the Yut game's turns start with (for
    /// throws, moves and `reset yut`: on a game not begun it is also the
    /// team to move), and the Yut house rules the game was played under
    /// (its own number of tokens, back-do, the catch bonus).
    yut: Option<(Team, House)>,
}

impl Context {
    /// What a Congo command runs under: the `rules` setting.
    pub(super) fn congo(settings: &Settings) -> Context {
        Context {
            rules: settings.rules,
            yut: None,
        }
    }

    /// What a command runs under in the Yut game `play` (and the rules
    /// setting, for a command of both games).
    pub(super) fn yut(settings: &Settings, play: &Play) -> Context {
        Context {
            rules: settings.rules,
            yut: Some((play.first(), play.rules())),
        }
    }
}

/// One command of the record and what it ran under.
pub(super) type Entry = (Command, Context);

/// What the transcript holds.
#[derive(Clone, Debug, Default)]
pub(super) struct Transcript {
    /// The commands that redo every change so far.
    pub(super) commands: Vec<Command>,
    /// What each command ran under (as long as `commands`).
    contexts: Vec<Context>,
    /// Why the session can no longer be rebuilt from its commands, if so.
    pub(super) broken: Option<&'static str>,
}

impl Transcript {
    /// Add a change's command (unless the transcript is broken or full).
    pub(super) fn push(&mut self, (cmd, ctx): Entry) {
        if self.broken.is_some() {
            return;
        }
        if self.commands.len() >= TRANSCRIPT_LIMIT {
            self.broken = Some("the session has more changes than `save` keeps (100000)");
            self.commands.clear();
            self.contexts.clear();
            return;
        }
        self.commands.push(cmd);
        self.contexts.push(ctx);
    }

    /// Cut back to `len` commands (`undo`); returns what was cut.
    pub(super) fn cut(&mut self, len: usize) -> Vec<Entry> {
        if len >= self.commands.len() {
            return Vec::new();
        }
        let commands = self.commands.split_off(len);
        let contexts = self.contexts.split_off(len.min(self.contexts.len()));
        commands.into_iter().zip(contexts).collect()
    }
}

impl Common {
    /// Note what a successful command changed, from the command and its
    /// reply, run under `ctx`. (None of the commands recorded changes the
    /// rules or the first team, so what holds after it held while it ran.)
    pub(super) fn transcribe(&mut self, cmd: &Command, reply: &Reply, ctx: Context) {
        let t = &mut self.record.transcript;
        match (cmd, reply) {
            (Command::SetFen(_) | Command::Reset(_) | Command::Move(..), _) => {
                t.push((cmd.clone(), ctx));
            }
            (_, Reply::Played(outcome, _)) => t.push((Command::Play(outcome.mv), ctx)),
            (_, Reply::Threw(r)) => t.push((Command::Throw(Some(r.throw)), ctx)),
            (_, Reply::MovedBy(r)) => {
                t.push((Command::MoveBy(r.report.token, Some(r.roll)), ctx));
            }
            // `new`: a reset (the moves that follow are transcribed as played).
            (Command::New(NewGame::Congo(_)), _) => {
                t.push((Command::Reset(ResetTarget::Congo), ctx));
            }
            (Command::New(NewGame::Yut(_)), _) => t.push((Command::Reset(ResetTarget::Yut), ctx)),
            (_, Reply::Auto(steps)) => {
                for step in steps {
                    let cmd = match step {
                        Step::Threw(r) => Command::Throw(Some(r.throw)),
                        Step::Moved(r) => Command::MoveBy(r.report.token, Some(r.roll)),
                    };
                    t.push((cmd, ctx));
                }
            }
            _ => {}
        }
    }
}

impl Session {
    /// What a command of either game runs under now.
    pub(super) fn context(&self) -> Context {
        Context::yut(&self.common.settings, &self.yut)
    }

    /// A problem-format replay replaced the games: a Congo position can be
    /// set again by `fen`, a Yut board cannot be rebuilt by commands.
    pub(super) fn transcribe_replace(&mut self, position: Option<&Position>, yut: bool) {
        if let Some(p) = position {
            let ctx = self.context();
            self.common
                .record
                .transcript
                .push((Command::SetFen(Box::new(p.clone())), ctx));
        }
        if yut {
            self.common.record.transcript.broken =
                Some("a problem-format Yut replay cannot be saved as commands");
        }
    }

    /// `history`: the Congo game score since its start position, and the
    /// Yut turns since the last `reset yut`.
    pub(super) fn history_text(&self) -> Result<String, &'static str> {
        if let Some(why) = self.common.record.transcript.broken {
            return Err(why);
        }
        let mut start = Position::start();
        let mut moves: Vec<Move> = Vec::new();
        let mut yut: Vec<&Command> = Vec::new();
        for cmd in &self.common.record.transcript.commands {
            match cmd {
                Command::SetFen(p) => {
                    start = (**p).clone();
                    moves.clear();
                }
                Command::Reset(target) => {
                    if matches!(target, ResetTarget::Both | ResetTarget::Congo) {
                        start = Position::start();
                        moves.clear();
                    }
                    if matches!(target, ResetTarget::Both | ResetTarget::Yut) {
                        yut.clear();
                    }
                }
                Command::Play(mv) => moves.push(*mv),
                Command::Move(..) | Command::MoveBy(..) | Command::Throw(_) => yut.push(cmd),
                _ => {}
            }
        }
        let mut out = format!("congo from {start}:\n");
        out.push_str(&game_score(&start, &moves));
        out.push_str("yut:\n");
        if yut.is_empty() {
            out.push_str("  (no turns)\n");
        }
        for cmd in yut {
            let _ = writeln!(out, "  {cmd}");
        }
        Ok(out)
    }

    /// `save`: a command script that rebuilds this session from scratch.
    pub(super) fn save_text(&self) -> Result<String, &'static str> {
        self.save_text_naming(&|net| net.to_string())
    }

    /// [`Session::save_text`], a network file named as `net` gives its
    /// name (what the runner makes of it for the file's directory: see
    /// [`crate::shell::net_path`]).
    ///
    /// # Errors
    ///
    /// Why the session cannot be saved.
    pub fn save_text_naming(&self, net: &dyn Fn(&str) -> String) -> Result<String, &'static str> {
        if let Some(why) = self.common.record.transcript.broken {
            return Err(why);
        }
        let mut out = String::from(
            "# A boardsh session, written by `save`: `boardsh FILE` (or `source FILE`)\n\
             # rebuilds it from the start.\nreset\n",
        );
        // Every move is replayed as a person's: no computer answers it,
        // and the repetition house rule refuses none (the settings in
        // force at the end are set again below).
        out.push_str("set computer none\nset draw off\n");
        // What the replay has in force so far (unknown at first: `source`
        // may run it in a session with other settings).
        let (mut rules, mut first, mut house) = (None, None, None);
        let t = &self.common.record.transcript;
        for (cmd, ctx) in t.commands.iter().zip(&t.contexts) {
            let yut = matches!(
                cmd,
                Command::Throw(_)
                    | Command::Move(..)
                    | Command::MoveBy(..)
                    | Command::Reset(ResetTarget::Both | ResetTarget::Yut)
            );
            if matches!(cmd, Command::Play(_)) && rules != Some(ctx.rules) {
                let _ = writeln!(out, "set rules {}", ctx.rules.name());
                rules = Some(ctx.rules);
            }
            let ran = ctx.yut.filter(|_| yut);
            if let Some((team, _)) = ran
                && first != Some(team)
            {
                let _ = writeln!(out, "set first {}", team_word(team));
                first = Some(team);
            }
            // The house rules a Yut command ran under: the tokens a side
            // take effect on the game not begun that a `reset yut` (or
            // the opening `reset`) leaves, before its first throw.
            if let Some((_, h)) = ran
                && house != Some(h)
            {
                let on = |b: bool| if b { "on" } else { "off" };
                let _ = writeln!(out, "set tokens {}", h.tokens);
                let _ = writeln!(out, "set back-do {}", on(h.back_do));
                let _ = writeln!(out, "set catch-bonus {}", on(h.catch_bonus));
                house = Some(h);
            }
            let _ = writeln!(out, "{cmd}");
        }
        // Every setting in force, then the random state (after `sticks`
        // and `seed`, which restart or change it).
        out.push_str("# The settings in force and the sticks' random state.\n");
        for &setting in Setting::ALL {
            if let (Setting::Net, NetChoice::File(path)) = (setting, &self.common.settings.net) {
                let _ = writeln!(out, "set net {}", quote(&net(path)));
            } else if setting != Setting::Seed {
                let _ = writeln!(
                    out,
                    "set {} {}",
                    setting.name(),
                    self.common.settings.get(setting)
                );
            }
        }
        let seed = self.common.settings.seed;
        let draws = self.yut.rng().draws_since(seed);
        let _ = writeln!(out, "set seed {seed}+{draws}");
        Ok(out)
    }
}

/// The `first` setting's word for a team.
fn team_word(team: Team) -> &'static str {
    match team {
        Team::Upper => "upper",
        Team::Lower => "lower",
    }
}

/// `1. c2c3 e6e5 2. d2d3` from `start`, wrapped after every ten moves;
/// `(no moves)` when there are none. Moves are numbered from 1, as chess
/// move lists and `review` number them: each pair carries the number of
/// the full move it makes, one more than the full moves already made
/// (the FEN's number and the board footer's, 0 at the start), growing
/// after Black's move.
fn game_score(start: &Position, moves: &[Move]) -> String {
    if moves.is_empty() {
        return "  (no moves)\n".to_string();
    }
    // (A FEN's number may be 2^64-1: the number stays there.)
    let mut number = start.move_number().saturating_add(1);
    let mut side = start.side_to_move();
    let mut out = String::from(" ");
    let mut on_line = 0;
    for (i, mv) in moves.iter().enumerate() {
        if side == Color::White {
            let _ = write!(out, " {number}.");
        } else if i == 0 {
            let _ = write!(out, " {number}...");
        }
        let _ = write!(out, " {mv}");
        if side == Color::Black {
            // As the board's own move number: it stays at the largest
            // (a FEN may start there) rather than wrapping to 0.
            number = number.saturating_add(1);
            on_line += 1;
            if on_line == 10 && i + 1 < moves.len() {
                out.push_str("\n ");
                on_line = 0;
            }
        }
        side = !side;
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_score_numbers_full_moves() {
        // From the start (no full move made, the footer's move 0): White's
        // and Black's first moves make the first full move, 1., then 2.
        let mv = |s: &str| s.parse::<Move>().unwrap();
        let score = game_score(&Position::start(), &[mv("c2c3"), mv("e6e5"), mv("d2d3")]);
        assert_eq!(score, "  1. c2c3 e6e5 2. d2d3\n");
        // Black to move with 4 full moves made: Black's move completes
        // the fifth, `5... x`, then White's starts the sixth.
        let black: Position = "3l3/7/7/7/7/7/3L3 b 4".parse().unwrap();
        assert_eq!(
            game_score(&black, &[mv("d7d6"), mv("d1d2")]),
            "  5... d7d6 6. d1d2\n"
        );
    }

    #[test]
    fn the_move_number_stays_at_its_largest() {
        // A FEN may give move 2^64-1; after Black's move the position's
        // number saturates (`make` uses saturating_add), and so does the
        // score's (one more than the FEN's is past it already): the same
        // number throughout, never 0.
        let mv = |s: &str| s.parse::<Move>().unwrap();
        let last: Position = "3l3/7/7/7/7/7/3L3 b 18446744073709551615".parse().unwrap();
        assert_eq!(
            game_score(&last, &[mv("d7d6"), mv("d1d2"), mv("d6d7")]),
            "  18446744073709551615... d7d6 18446744073709551615. d1d2 d6d7\n"
        );
        let after = last.after(mv("d7d6")).unwrap();
        assert_eq!(after.move_number(), u64::MAX);
    }
}
