//! The renderer: a [`Reply`] to the shell's text, byte for byte what each
//! command prints, through the [`Output`]/[`Style`] colour boundary. It
//! owns `--quiet` (change summaries are dropped).

use super::board;
use super::commands::{self, Keyword};
use super::output::{Output, Style};
use super::reply::{CourseEvalReport, CourseSearchReport, Reply, Sink, TbAnswer};
use super::settings::{Change, Setting, Settings};
use super::white_view::WhiteScore;
use super::wrap;
use crate::congo::Color;
use crate::congo::course::Evaluation;
use crate::congo::moves::{MoveOutcome, Status};
use crate::congo::search::{Score, SearchInfo};
use crate::congo::tablebase::Outcome;
use crate::congo::{Piece, Square, write_listing};
use crate::yut::player::sim::Tally;
use crate::yut::{Game, Kind, OptionsView, Team, Token, TurnView, write_board};
use std::io;

/// Write `reply` to `out`; with `quiet`, change summaries print nothing.
///
/// # Errors
///
/// When `out` fails.
#[inline]
pub fn render<O: Output + ?Sized>(reply: &Reply, quiet: bool, out: &mut O) -> io::Result<()> {
    // Checked here, inlined, so a quiet replay skips the call altogether.
    if quiet && reply.is_change_summary() {
        return Ok(());
    }
    write_reply(reply, out)
}

/// [`render`] without the `quiet` check.
pub(super) fn write_reply<O: Output + ?Sized>(reply: &Reply, out: &mut O) -> io::Result<()> {
    match reply {
        Reply::Nothing | Reply::Quit(_) | Reply::Source(_) => Ok(()),
        Reply::Fen(pos) => out.text(&format!("{pos}\n")),
        Reply::Listing(pos) => {
            let mut buf = Vec::with_capacity(512);
            write_listing(pos, &mut buf);
            out.raw(&buf)
        }
        Reply::Board(board) => board::draw(&board.0, board.1.as_ref(), board.2, board.3, out),
        Reply::BoardLegend(board) => {
            write_reply(board, out)?;
            out.styled(Style::Label, crate::congo::guide::LEGEND)
        }
        // Outside the prompt there is no screen of the session's own.
        Reply::Clear => {
            out.text("clear: nothing to clear in a script (at the prompt it clears the screen)\n")
        }
        Reply::Stations => out.text(&crate::yut::text::station_map::map()),
        Reply::Drawn => out.text(&format!("{}\n", board::DRAWN)),
        Reply::ResetBoth => out.text(
            "reset both games: the Congo start position, every Yut token home\n\
             (`reset congo` or `reset yut` resets one game)\n",
        ),
        Reply::ComputerStopped(resume) => out.text(&format!(
            "stopped: the computer's turn is pending (`{resume}` resumes)\n"
        )),
        Reply::ComputerCannotMove(why) => out.text(&format!("the computer cannot move: {why}\n")),
        Reply::Tablebase(answer) => out.text(&format!("{}\n", tb_answer(answer))),
        Reply::History(text) => match out.window() {
            Some(width) => out.text(&wrap::long_lines(text, width)),
            None => out.text(text),
        },
        Reply::UndidMany(cmds) => {
            for cmd in cmds {
                out.text(&format!("undid: {cmd}\n"))?;
            }
            Ok(())
        }
        Reply::Redid(cmd) => out.text(&format!("redid: {cmd}\n")),
        Reply::RedidMany(cmds) => {
            for cmd in cmds {
                out.text(&format!("redid: {cmd}\n"))?;
            }
            Ok(())
        }
        Reply::Moves(moves) => {
            let mut line = String::with_capacity(moves.len() * 5 + 1);
            for (i, mv) in moves.iter().enumerate() {
                if i > 0 {
                    line.push(' ');
                }
                line.push_str(&mv.to_string());
            }
            line.push('\n');
            out.text(&line)
        }
        Reply::Played(outcome, status) => {
            let mut line = summary(outcome, *status);
            line.push('\n');
            out.text(&line)
        }
        Reply::Status(st) => out.text(&format!("{st}\n")),
        Reply::Count(n) => out.text(&format!("{n}\n")),
        Reply::DivideMove(mv, n) => out.text(&format!("{mv}: {n}\n")),
        Reply::DivideTotal(n) => out.text(&format!("total: {n}\n")),
        Reply::Eval(to_move, terms, net) => out.text(&eval_text(*to_move, terms, *net)),
        Reply::Search(info, to_move) => out.text(&format!("{}\n", search_line(info, *to_move))),
        Reply::SearchStopped(info, to_move) => out.text(&format!(
            "{} (partial: stopped during depth {})\n",
            search_line(info, *to_move),
            info.depth + 1
        )),
        Reply::CourseEval(report) => out.text(&course_eval(report)),
        Reply::CourseSearch(report) => out.text(&course_search(report)),
        Reply::Turn(report) => out.text(&format!("{report}\n")),
        Reply::Threw(report) => out.text(&format!("{report}\n")),
        Reply::MovedBy(report) => out.text(&format!("{report}\n")),
        Reply::Auto(steps) => {
            let mut text = String::new();
            for step in steps {
                text.push_str(&format!("{step}\n"));
            }
            out.text(&text)
        }
        Reply::TurnState(play) => out.text(&format!("{}\n", TurnView(play))),
        Reply::Options(play, rolls) => out.text(
            &OptionsView {
                play,
                rolls: rolls.clone(),
            }
            .to_string(),
        ),
        Reply::Odds(tally, upper, lower) => out.text(&odds_line(tally, *upper, *lower)),
        Reply::OddsStopped(tally, upper, lower, of) => {
            let line = odds_line(tally, *upper, *lower);
            let line = line.trim_end_matches('\n');
            out.text(&format!(
                "{line} (partial: {} of {of} games played)\n",
                tally.games
            ))
        }
        Reply::Hint(hint) => {
            // Named as Congo's hint is (`Congo hint (white to move)`).
            out.text(&format!("Yut hint ({} to move)\n", hint.team))?;
            windowed(&super::render_yut_solve::hint_text(hint), out)
        }
        Reply::Review(report) => {
            let utf8 = out.window().is_some() && utf8_locale();
            let text = super::render_yut_solve::review_text(report, out.width(), utf8);
            windowed(&text, out)
        }
        Reply::CongoHint(h) => windowed(&super::render_congo_analysis::hint_text(h), out),
        Reply::CongoKey(k) => windowed(&super::render_congo_analysis::key_text(k), out),
        Reply::CongoKeyNone => out.text("no key moments: the last review marked no move\n"),
        Reply::Retry(r) => windowed(&super::render_congo_retry::retry_text(r), out),
        Reply::Drill(r) => windowed(&super::render_drill::drill_text(r), out),
        Reply::CongoReview(r) => {
            // Block characters only at a UTF-8 terminal: scripts and pipes
            // get the same ASCII chart whatever the locale.
            let utf8 = out.window().is_some() && utf8_locale();
            let text = super::render_congo_analysis::review_text(r, out.width(), utf8);
            windowed(&text, out)
        }
        Reply::YutBoard(game) => {
            let mut buf = Vec::with_capacity(32 * 33);
            write_board(game, &mut buf);
            write_styled_board(&buf, out)
        }
        Reply::YutStatus(status) => super::render_prompt::yut_status(status, out),
        Reply::Prompt(inner) => super::render_prompt::prompt(inner, out),
        Reply::Where(game) => write_where(game, out),
        // Written by the runner before anything is rendered; a session
        // used without a runner has nothing to show for it.
        Reply::WriteFile(_) | Reply::ReviewFile(_) | Reply::DrillDeck(_) => Ok(()),
        Reply::Wrote(path) => out.text(&format!("wrote {}\n", crate::quote::quoted_path(path))),
        Reply::Undid(cmd) => out.text(&format!("undid: {cmd}\n")),
        Reply::Help(topic) => write_help(*topic, out),
        Reply::Settings(settings) => write_settings(settings, out),
        Reply::Setting(settings, which) => write_one_setting(settings, *which, out),
        Reply::SettingSet(value) => {
            write_setting_row(value.setting(), value.clone(), name_width(), out)
        }
        Reply::CongoResult(result) => congo_result(result, out),
        Reply::YutResult(result) => yut_result(*result, out),
    }
}

/// Whether the locale's character set is UTF-8 (`LC_ALL`, else
/// `LC_CTYPE`, else `LANG`, as the C library reads them).
fn utf8_locale() -> bool {
    let value = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .unwrap_or_default()
        .to_ascii_lowercase();
    value.contains("utf-8") || value.contains("utf8")
}

/// `odds`: `upper 54.1% (51.0-57.2%), lower 45.9% (42.8-49.0%): 1000
/// games, ai1 vs ai1`, plus the unfinished games if any.
fn odds_line(tally: &Tally, upper: Kind, lower: Kind) -> String {
    let mut line = format!(
        "upper {}, lower {}: {} games, {upper} vs {lower}",
        tally.share(Team::Upper),
        tally.share(Team::Lower),
        tally.games
    );
    if tally.unfinished > 0 {
        line.push_str(&format!(", {} unfinished", tally.unfinished));
    }
    line.push('\n');
    line
}

/// The line of a search's answer: `best e2e3 score +0.12 (white) depth 6
/// nodes 12345 pv e2e3 e6e5 ...`, the score from White's side whoever is
/// to move (`to_move`); nothing that varies between runs of a fixed depth
/// or node count: times go to the progress line.
pub fn search_line(info: &SearchInfo, to_move: crate::congo::Color) -> String {
    let best = info
        .best
        .map_or_else(|| "none".to_string(), |m| m.to_string());
    let score = match &info.tablebase {
        Some(verdict) => format!("{verdict} (tablebase)"),
        None => WhiteScore {
            score: info.score,
            to_move,
        }
        .to_string(),
    };
    let mut line = format!(
        "best {best} score {score} depth {} nodes {}",
        info.depth, info.nodes
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in &info.pv {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    if let Some(n) = info.truncated {
        line.push_str(&format!(" (truncated at {n} moves)"));
    }
    line
}

/// `eval`: each term of the evaluation with its label, then the total,
/// from White's side (`to_move` was to move); then the network's score
/// when a network is set.
fn eval_text(to_move: Color, t: &crate::congo::search::EvalTerms, net: Option<i32>) -> String {
    let labelled = [
        ("material", t.material),
        ("mobility", t.mobility),
        ("lion safety", t.lion_safety),
        ("facing lions", t.facing),
        ("pawn advance", t.pawn_advance),
        ("drowning", t.drowning),
        ("crocodile", t.crocodile),
        ("monkey", t.monkey),
        ("pressure", t.pressure),
        ("total", t.total()),
    ];
    let network = net.map(|cp| ("network", cp));
    let mut text = String::new();
    for (label, cp) in labelled.into_iter().chain(network) {
        let score = WhiteScore {
            score: Score::Cp(cp),
            to_move,
        };
        text.push_str(&format!("{label}: {score}\n"));
    }
    text
}

/// A [`Sink`] that renders each streamed reply at once.
pub struct Rendering<'o, O: Output + ?Sized> {
    /// Where the text goes.
    pub out: &'o mut O,
    /// Whether change summaries are dropped.
    pub quiet: bool,
}

impl<O: Output + ?Sized> Sink for Rendering<'_, O> {
    fn reply(&mut self, reply: Reply) -> io::Result<()> {
        render(&reply, self.quiet, self.out)
    }
}

fn piece_list(items: &[(Square, Piece)]) -> String {
    let parts: Vec<String> = items.iter().map(|(sq, p)| format!("{p} on {sq}")).collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The end of a Congo game at the prompt: `You win: White captured the
/// lion on d6` (or `You lose: ...`, `Draw: ...`, in versus mode), then
/// what to type next.
fn congo_result<O: Output + ?Sized>(
    result: &super::reply::CongoResult,
    out: &mut O,
) -> io::Result<()> {
    let name = |c: Color| match c {
        Color::White => "white",
        Color::Black => "black",
    };
    if let Some(person) = result.person {
        let verdict = match result.status.winner() {
            _ if result.drawn => "Draw",
            Some(w) if w == person => "You win",
            Some(_) => "You lose",
            None => "Game over",
        };
        let line = fit(&format!("{verdict}: {}", result.how), out.window());
        out.styled(Style::LastMove, &line)?;
        out.text("\n")?;
    }
    // Another game: the other side first after a versus game.
    let (first, then) = match result.person {
        Some(Color::White) => (Color::Black, Color::White),
        Some(Color::Black) | None => (Color::White, Color::Black),
    };
    let next = format!(
        "next: review (the game move by move), or a new game: new congo {} (or {})",
        name(first),
        name(then)
    );
    out.styled(Style::Label, &fit(&next, out.window()))?;
    out.text("\n")
}

/// One line broken at spaces to a terminal's `window` (no final newline);
/// as it is without one.
fn fit(line: &str, window: Option<usize>) -> String {
    match window {
        Some(width) => wrap::long_lines(line, width)
            .trim_end_matches('\n')
            .to_string(),
        None => line.to_string(),
    }
}

/// The end of a Yut game at the prompt: `You win: upper escaped every
/// token` (or `You lose: ...`, in versus mode), then what to type next,
/// as [`congo_result`] says them.
fn yut_result<O: Output + ?Sized>(result: super::reply::YutResult, out: &mut O) -> io::Result<()> {
    use crate::yut::Team;
    if let Some(person) = result.person {
        let verdict = if result.winner == person {
            "You win"
        } else {
            "You lose"
        };
        out.styled(
            Style::LastMove,
            &format!("{verdict}: {} escaped every token", result.winner),
        )?;
        out.text("\n")?;
    }
    // Another game: the other team first after a versus game.
    let (first, then) = match result.person {
        Some(Team::Upper) => (Team::Lower, Team::Upper),
        Some(Team::Lower) | None => (Team::Upper, Team::Lower),
    };
    out.styled(
        Style::Label,
        &format!(
            "next: review (each decision against the best, and each throw's luck), or a new game: new yut {first} (or {then})"
        ),
    )?;
    out.text("\n")
}

/// One summary line for a played move, e.g.
/// `b1d3f5: white monkey, captures black pawn on c2 and black pawn on e4`;
/// `status` is the game's status after it (named when the game is over).
pub fn summary(outcome: &MoveOutcome, status: Status) -> String {
    let mut line = format!("{}: {}", outcome.mv, outcome.piece);
    if !outcome.captured.is_empty() {
        line.push_str(", captures ");
        line.push_str(&piece_list(&outcome.captured));
    }
    if outcome.promoted {
        line.push_str(", promotes to superpawn");
    }
    if !outcome.drowned.is_empty() {
        line.push_str(", drowns ");
        line.push_str(&piece_list(&outcome.drowned));
    }
    if status.is_over() {
        line.push_str("; ");
        line.push_str(&status.to_string());
    }
    line
}

fn team_style(token: Token) -> Style {
    if token.char().is_ascii_uppercase() {
        Style::UpperTeam
    } else {
        Style::LowerTeam
    }
}

fn write_where<O: Output + ?Sized>(game: &Game, out: &mut O) -> io::Result<()> {
    for token in game.tokens_in_play() {
        out.styled(team_style(token), &token.to_string())?;
        out.text(&format!(": {}\n", game.state(token)))?;
    }
    Ok(())
}

/// Write a rendered Yut board, styling the token letters by team.
pub(super) fn write_styled_board<O: Output + ?Sized>(board: &[u8], out: &mut O) -> io::Result<()> {
    let mut start = 0;
    for (i, &b) in board.iter().enumerate() {
        let style = match b {
            b'A'..=b'E' => Style::UpperTeam,
            b'a'..=b'e' => Style::LowerTeam,
            _ => continue,
        };
        out.raw(board.get(start..i).unwrap_or_default())?;
        out.styled(style, char::from(b).encode_utf8(&mut [0; 4]))?;
        start = i + 1;
    }
    out.raw(board.get(start..).unwrap_or_default())
}

/// What `help` says about an error in a line of several commands.
pub const ERRORS_NOTE: &str = "an error skips the rest of its line (at the prompt the next line runs; a file or `-c` stops);\n\
with `set keep-going on` (or --keep-going) the next command runs instead.\n";

fn write_help<O: Output + ?Sized>(topic: Option<&str>, out: &mut O) -> io::Result<()> {
    if topic == Some(commands::session::HELP_CONGO) {
        return out.text(crate::congo::guide::RULES);
    }
    if topic == Some(commands::session::HELP_YUT) {
        return out.text(crate::yut::rules::help::RULES);
    }
    match topic.and_then(Keyword::find) {
        Some((kw, name)) => {
            let spec = kw.spec();
            let width = out.width();
            out.text(&format!("usage: {}\n", commands::usage(spec, name)))?;
            out.text(&wrap::paragraph(&commands::summary(spec, name), 2, width))?;
            out.text(&format!("example: {}\n", commands::example(spec, name)))?;
            if matches!(kw, Keyword::Move | Keyword::Throw | Keyword::Options) {
                out.text(&throw_table())?;
            }
            if matches!(kw, Keyword::Hint | Keyword::Review) {
                for para in congo_analysis_note(kw).lines() {
                    out.text(&wrap::paragraph(para, 0, width))?;
                }
            }
            if kw == Keyword::Hint {
                out.text(&wrap::paragraph(&hint_budget_note(), 0, width))?;
            }
            if kw == Keyword::Set {
                // Each setting's own paragraph, from its declaration.
                for note in Setting::ALL.iter().filter_map(|s| s.spec().note) {
                    out.text(&wrap::paragraph(&note(), 0, width))?;
                }
            }
            Ok(())
        }
        None => out.text(&help_listing(out.width())),
    }
}

/// `help hint` and `help review`: how Congo's scores become win chances,
/// and (review) the marks and the accuracy.
fn congo_analysis_note(kw: Keyword) -> String {
    use crate::congo::analysis::{BLUNDER, CHANCE_K, INACCURACY, MISTAKE, ONLY_GAP};
    use crate::shell::session::REVIEW_NODES;
    let pct = |x: f64| format!("{:.0}", x * 100.0);
    let curve = format!(
        "Congo: the game in play is the versus game, else the game the last game command touched (`hint congo` or `hint yut` names it). A score becomes a win chance on the curve the evaluation was tuned on, P = 1 / (1 + 10^(-K*cp/400)) with K = {CHANCE_K} and a pawn = 100 cp, so a score and its chance always agree; a found win is 100%, a loss 0%, and a position the endgame tables hold is exact. The budget: `nodes N` (the same answer every run, for scripts), `time S` or `depth N`; none given, `hint` takes the `hint-time` setting's milliseconds and `review` {REVIEW_NODES} nodes a position (the same review on every machine and under any `threads`)."
    );
    if kw == Keyword::Hint {
        return format!(
            "{curve} Congo's hint lists the best n moves (3), the score from White's side, the mover's chance to win, and the line of the first.\n"
        );
    }
    format!(
        "{curve} Congo's review searches every position of the game from its first (a `fen` start included) within the budget; for each move: White's score and chance after it, and the mover's loss in points of win chance against the best move found. Marks by the loss: ?! inaccuracy from {} points, ? mistake from {}, ?? blunder from {}; a forced (only legal) move is never marked, and a marked move shows the best move and its line. Whatever the points: a move that turns a forced win (a found lion capture or a table's win) into none is ?? \"missed win\", and one that walks into a forced loss from a position not lost is ?? \"allows a forced loss\" (graded as lichess grades a lost mate: ? when the side with the win keeps, or had, an estimate of +7.00 or more, ?! from +9.99). ! only move: the move played was the best and the second best (the same search without it) loses at least {} points, so no other move is within {} of it (a move that takes the lion is the win, not marked). Under every marked move a line says why, computed from the search's lines walked to where they are quiet (no capture or drowning next): what the move loses (`loses the giraffe: c6c5 takes it on c5`, `allows d7d1, taking the lion`, `the elephant drowns`), else what the better move wins (`missed d6d7, taking the lion`, `e3e4 wins a pawn`), else both chances; under a ! what the next best gives away. A side's accuracy is the mean over its moves of lichess's 103.1668*e^(-0.04354*loss) - 3.1669 (loss in points, held to 0..100). Under the table: each side's marks and biggest swing, and White's chance as a chart (`svg FILE` writes it as an SVG picture with the marks, `svg!` overwrites). Ctrl-C keeps the moves done.\n",
        pct(INACCURACY),
        pct(MISTAKE),
        pct(BLUNDER),
        pct(ONLY_GAP),
        pct(INACCURACY)
    )
}

/// `help hint`: the budget of its estimate and what happens past it.
fn hint_budget_note() -> String {
    use commands::yut::{HINT_BUDGET, HINT_DECISION_BUDGET, HINT_GAMES, HINT_SAMPLES};
    format!(
        "A Yut estimate plays up to {HINT_GAMES} games a plan, in stages (game i of every plan from the same throws), its players looking at most {HINT_DECISION_BUDGET} positions a decision; a plan clearly below the best on the games both played (3 standard errors) stops early, its games shown. It stops at {HINT_SAMPLES} games in all, or once the players have searched {HINT_BUDGET} positions (a long run of yuts and mos makes every game's first turn a search of many orders of them), and ranks the plans by the games played: the hint then says how many. The games are shared among the `threads` setting's threads; the hint is the same on any number. A plan that wins at once is certain, exact.\n"
    )
}

/// `help`: the quick start, then the commands in three groups (Congo,
/// Yut, the session), each with its usage and summary, wrapped to `width`.
pub fn help_listing(width: usize) -> String {
    use commands::groups::{Group, QUICK_START};
    let mut text = String::new();
    for line in QUICK_START.lines() {
        text.push_str(&wrap::paragraph(line, 0, width));
    }
    for group in Group::ALL {
        text.push('\n');
        text.push_str(&wrap::paragraph(group.heading(), 0, width));
        text.push_str(&wrap::table(&help_rows(group), width));
    }
    text.push('\n');
    text.push_str(&wrap::paragraph(
        "`help <command>` shows one command with an example; \
         `help congo` and `help yut` explain the games' rules.",
        0,
        width,
    ));
    text.push_str(&wrap::paragraph(ERRORS_NOTE, 0, width));
    text
}

/// `help`'s rows of one group: each command's (and alias's) usage and
/// summary.
fn help_rows(group: commands::groups::Group) -> Vec<(String, String)> {
    group
        .keywords()
        .flat_map(|kw| {
            let spec = kw.spec();
            std::iter::once(spec.name)
                .chain(spec.aliases.iter().copied())
                .map(move |name| (commands::usage(spec, name), commands::summary(spec, name)))
        })
        .collect()
}

/// The widest name the `set` listing's name column is sized for.
const NAME_COLUMN: usize = 10;

/// The width of the `set` listing's value column: a wider value has its
/// summary on the next line.
const VALUE_COLUMN: usize = 5;

/// `text` (a hint, a review, a retry's lines) at a terminal: each line
/// wider than the window broken at spaces, never inside a word or a
/// number, its later lines indented under it; elsewhere as it is
/// (scripts and pipes see the same bytes whatever the window).
fn windowed<O: Output + ?Sized>(text: &str, out: &mut O) -> io::Result<()> {
    match out.window() {
        Some(width) => out.text(&wrap::long_lines(text, width)),
        None => out.text(text),
    }
}

fn write_settings<O: Output + ?Sized>(settings: &Settings, out: &mut O) -> io::Result<()> {
    let width = name_width();
    for (setting, value) in settings.iter() {
        write_setting_row(setting, value, width, out)?;
    }
    Ok(())
}

/// `set <name>`: the row `set` lists for that setting.
fn write_one_setting<O: Output + ?Sized>(
    settings: &Settings,
    which: Setting,
    out: &mut O,
) -> io::Result<()> {
    let width = name_width();
    for (setting, value) in settings.iter() {
        if setting == which {
            write_setting_row(setting, value, width, out)?;
        }
    }
    Ok(())
}

/// The width of the names' column of `set`'s rows: the longest name of
/// the settings before the Yut house rules (`keep-going`): `catch-bonus`,
/// one letter longer, pushes only its own line right, so every listing
/// scripts already show stays byte for byte.
fn name_width() -> usize {
    Setting::ALL
        .iter()
        .map(|s| s.name().len())
        .filter(|&n| n <= NAME_COLUMN)
        .max()
        .unwrap_or(NAME_COLUMN)
}

/// One row of `set`'s listing: name, value, summary (wrapped to the
/// window at a terminal).
fn write_setting_row<O: Output + ?Sized>(
    setting: Setting,
    value: Change,
    width: usize,
    out: &mut O,
) -> io::Result<()> {
    let value = match value {
        // The built-in network: its size and the first line of where it
        // came from.
        Change::Net(crate::congo::eval::NetChoice::Default) => net_shown(),
        value => value.to_string(),
    };
    let summary = setting.spec().summary;
    let prefix = if value.len() > VALUE_COLUMN {
        // A value wider than its column (`congo black, yut lower`, the
        // clock's seed at the prompt) stands alone on the row, and the
        // summary starts the next line in its own column, so it never
        // shifts right of the other rows' summaries.
        out.text(&format!("{:width$}  {value}\n", setting.name()))?;
        " ".repeat(width + 2 + VALUE_COLUMN + 2)
    } else {
        format!("{:width$}  {value:VALUE_COLUMN$}  ", setting.name())
    };
    match out.window() {
        Some(w) => out.text(&wrap::hanging(&prefix, summary, w)),
        None => out.text(&format!("{prefix}{summary}\n")),
    }
}

/// `default (32 hidden, placeholder: random, not trained)`: the built-in
/// network, with its description's first line (control characters shown
/// as `?`, cut to 60 characters).
pub(crate) fn net_shown() -> String {
    let Some(net) = crate::congo::nnue::default_net() else {
        return "default".to_string();
    };
    let about: String = crate::congo::nnue::default_description()
        .unwrap_or_default()
        .lines()
        .next()
        .unwrap_or_default()
        .chars()
        .take(60)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if about.is_empty() {
        format!("default ({} hidden)", net.hidden())
    } else {
        format!("default ({} hidden, {about})", net.hidden())
    }
}

/// `tb`'s answer, one line.
fn tb_answer(answer: &TbAnswer) -> String {
    match answer {
        TbAnswer::Off => "no tablebase: the tablebase setting is off".to_string(),
        TbAnswer::Missing => "no tablebase: build one with `boardsh tablebase build`".to_string(),
        TbAnswer::Verdict(v) => match v.probe.outcome {
            Outcome::Draw => "draw".to_string(),
            Outcome::Win => format!("win in {}: {v}", plies(v.probe.plies)),
            Outcome::Loss => format!("loss in {}: {v}", plies(v.probe.plies)),
        },
        TbAnswer::Outside { max_pieces } => format!(
            "not in the tablebase (it holds both lions in their castles and at most {max_pieces} pieces)"
        ),
    }
}

/// `1 ply`, `9 plies`.
fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// `eval material|advanced`: one line per term (White's minus Black's, or
/// the end rule that decided it), then the score for the side to move.
fn course_eval(report: &CourseEvalReport) -> String {
    let t = &report.terms;
    let mut text = match t.decided {
        Some(0) => "rule: only the two lions are left (a draw)\n".to_string(),
        Some(raw) if raw > 0 => "rule: black's lion is gone (white has won)\n".to_string(),
        Some(_) => "rule: white's lion is gone (black has won)\n".to_string(),
        None => match report.eval {
            Evaluation::Material => format!("material: {}\n", t.material),
            Evaluation::Advanced => format!(
                "material: {}\nmobility: {}\nattack: {}\n",
                t.material, t.mobility, t.attack
            ),
        },
    };
    text.push_str(&match report.side {
        Color::White => format!("score: {} (white to move)\n", t.score),
        Color::Black => format!(
            "score: {} (black to move; white's view {})\n",
            t.score, t.raw
        ),
    });
    text
}

/// `minimax 2: 800, best move d7c6`, or the value and why there is no move.
fn course_search(r: &CourseSearchReport) -> String {
    match (r.best, r.why_none) {
        (Some(mv), _) => format!("{} {}: {}, best move {mv}\n", r.name, r.depth, r.value),
        (None, why) => format!(
            "{} {}: {} ({})\n",
            r.name,
            r.depth,
            r.value,
            why.unwrap_or("no best move")
        ),
    }
}

/// The throws: sticks, name and steps, as `help move` shows them (a throw
/// may be written by its sticks, its name or its steps).
fn throw_table() -> String {
    let mut out = String::from("throws (sticks F front up / B back up, name, steps):\n");
    for roll in crate::yut::Roll::ALL {
        let sticks = match roll.steps() {
            1 => "FBBB (one F)",
            2 => "FFBB (two F)",
            3 => "FFFB (three F)",
            4 => "FFFF",
            _ => "BBBB",
        };
        let again = if roll.again() { ", throw again" } else { "" };
        out.push_str(&format!(
            "  {sticks:<15} {:<5} {}{again}\n",
            roll.name(),
            roll.steps()
        ));
    }
    out
}

#[cfg(test)]
mod width_tests {
    use super::*;
    use crate::shell::output::Sheet;

    fn help_at(width: usize) -> String {
        let mut out = Sheet::new(width, Some(width), None);
        render(&Reply::Help(None), false, &mut out).unwrap();
        String::from_utf8(out.text).unwrap()
    }

    #[test]
    fn set_and_history_fit_the_window_without_cutting_words() {
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        let at = |reply: &Reply, width| {
            let mut out = Sheet::new(width, Some(width), None);
            render(reply, false, &mut out).unwrap();
            String::from_utf8(out.text).unwrap()
        };
        let set = Reply::Settings(Box::default());
        let history = Reply::History(format!(
            "congo from x:\n  0. {}\nyut:\n  (no turns)\n",
            "c2c3 e6e5 1. d2d3 a6a5 ".repeat(3)
        ));
        for reply in [set, history] {
            let wide = at(&reply, 1000);
            let text = at(&reply, 60);
            assert!(text.lines().count() > wide.lines().count(), "{text}");
            for line in text.lines() {
                assert!(line.chars().count() <= 60, "{line:?}");
            }
            assert_eq!(words(&text), words(&wide));
            // Not at a terminal: as it was, whatever the width.
            let mut piped = Vec::new();
            render(&reply, false, &mut piped).unwrap();
            assert_eq!(String::from_utf8(piped).unwrap(), wide);
        }
    }

    /// Issue 38: at 60 columns help's descriptions were wrapped into a
    /// 20-column strip beside the widest usage. Every description line now
    /// starts where at least 30 columns are left of the window, and keeps
    /// every word of its summary in order, at every width from 36 (the
    /// stacked layout's indent of 6 plus 30) up.
    #[test]
    fn help_keeps_30_columns_for_descriptions_when_narrow() {
        use crate::shell::commands::groups::Group;
        use unicode_width::UnicodeWidthStr;
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        for width in [36, 40, 45, 46, 50, 60, 80, 120] {
            for group in Group::ALL {
                let rows = help_rows(group);
                let text = wrap::table(&rows, width);
                let mut lines = text.lines().peekable();
                for (usage, summary) in &rows {
                    let first = lines.next().expect("a line for each row");
                    let rest = first
                        .strip_prefix(&format!("  {usage}"))
                        .unwrap_or_else(|| panic!("{width}: {first:?} starts with {usage:?}"));
                    // (start column, text) of each line of the description.
                    let mut desc = Vec::new();
                    if !rest.is_empty() {
                        let t = rest.trim_start();
                        assert!(rest.len() - t.len() >= 2, "{width}: {first:?}");
                        desc.push((first.width() - t.width(), t));
                    }
                    // Continuation lines are indented past a row's two.
                    while let Some(line) = lines.next_if(|l| l.starts_with("   ")) {
                        let t = line.trim_start();
                        desc.push((line.width() - t.width(), t));
                    }
                    for &(column, t) in &desc {
                        assert!(width - column >= 30, "{width}: {t:?} at {column}");
                        assert!(column + t.width() <= width, "{width}: {t:?} at {column}");
                    }
                    let joined: Vec<&str> = desc.iter().map(|&(_, t)| t).collect();
                    assert_eq!(words(&joined.join(" ")), words(summary), "{width}");
                }
                assert_eq!(lines.next(), None, "{width}: nothing after the rows");
            }
        }
        // At 60 the widest usages (35 columns) no longer set the column:
        // it is 60 - 30 - 4 = 26 wide, `list` keeps its description beside
        // it, `best`'s usage stands alone above its description.
        let help = help_at(60);
        assert!(help.contains(&format!("\n  list{}print", " ".repeat(26 - 4 + 2))));
        assert!(help.contains(&format!(
            "\n  best [depth <n>|time <s>|nodes <n>]\n{}search",
            " ".repeat(30)
        )));
    }

    #[test]
    fn help_fits_40_and_80_columns_without_cutting_words() {
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        let wide = help_at(1000);
        for width in [40, 80] {
            let text = help_at(width);
            for line in text.lines() {
                assert!(line.chars().count() <= width, "{width}: {line:?}");
            }
            // The same words in the same order as unwrapped: nothing cut.
            assert_eq!(words(&text), words(&wide), "width {width}");
        }
    }
}
