//! How the prompt's extras are drawn (see `session::prompt`): the Yut
//! board with its status block, or a compact labelled board when the
//! window is too small for the 32x32 one, and Yut moves that say what
//! they stack with.

use super::output::{Output, Sheet, Style};
use super::render::{write_reply, write_styled_board};
use super::reply::Reply;
use super::yut_status::{YutStatus, joined};
use crate::yut::{
    MoveReport, OptionsView, Phase, PlayReport, Station, Step, TokenState, TurnView, write_board,
};
use std::io;

/// Whether a window of `width` columns and `height` rows (unknown: as
/// tall as needed) needs the compact board under a status block of
/// `block` lines: the 32-row board, the block, the command line and the
/// prompt must fit, so the block's last line (the computer's turn) stays
/// on the screen.
pub fn needs_compact(width: usize, height: Option<usize>, block: usize) -> bool {
    width < 32 || height.is_some_and(|h| h < 32 + block + 2)
}

/// `show` at the prompt: the board (compact when the window is small),
/// then the status block.
pub(super) fn yut_status<O: Output + ?Sized>(status: &YutStatus, out: &mut O) -> io::Result<()> {
    let game = status.play.game();
    let text = status.to_string();
    if needs_compact(out.width(), out.height(), text.lines().count()) {
        write_styled_board(compact_board(game).as_bytes(), out)?;
    } else {
        let mut buf = Vec::with_capacity(32 * 33);
        write_board(game, &mut buf);
        write_styled_board(&buf, out)?;
    }
    // The winner's banner and the computer's turn stand out as a last
    // move does; the `next:` hint is drawn as a label.
    let over = matches!(status.play.phase(), Phase::Over(_));
    let turn = status.computer_turn.as_deref();
    for (i, line) in text.lines().enumerate() {
        if (i == 0 && over) || Some(line) == turn {
            out.styled(Style::LastMove, line)?;
        } else if line.starts_with("next: ") {
            out.styled(Style::Label, line)?;
        } else {
            out.text(line)?;
        }
        out.text("\n")?;
    }
    Ok(())
}

/// Where a station sits on the compact board: (row, column) in 0..=10,
/// the 32x32 board's block divided by 3 and rounded (the four sides on
/// even rows and columns, the diagonals on 2, 3, 5, 7, 8).
fn compact_at(s: Station) -> (usize, usize) {
    let (r, c) = s.block();
    ((r * 2 + 3) / 6, (c * 2 + 3) / 6)
}

/// The compact labelled board: the corner stations named above and below
/// an 11x11 grid of the 29 stations, two columns each, with the sides
/// (`|`, `-`) and diagonals (`\\`, `/`) drawn between them: `.` for an
/// empty station, the token (`a`), a pair (`AB`), or the first token and
/// the size of a bigger stack (`A3`).
pub fn compact_board(game: &crate::yut::Game) -> String {
    let mut grid = [[b' '; 22]; 11];
    // The lines: the top and bottom sides, the left and right sides, and
    // one mark between each two stations of a diagonal.
    for (i, row) in grid.iter_mut().enumerate() {
        if i == 0 || i == 10 {
            for b in row.iter_mut().take(21) {
                *b = b'-';
            }
        } else {
            row[0] = b'|';
            row[20] = b'|';
        }
    }
    for (r, c, mark) in [
        (1, 1, b'\\'),
        (4, 4, b'\\'),
        (6, 6, b'\\'),
        (9, 9, b'\\'),
        (1, 9, b'/'),
        (4, 6, b'/'),
        (6, 4, b'/'),
        (9, 1, b'/'),
    ] {
        if let Some(x) = grid.get_mut(r).and_then(|row| row.get_mut(c * 2)) {
            *x = mark;
        }
    }
    for s in Station::ALL {
        let (r, c) = compact_at(s);
        let tokens: Vec<char> = game
            .on(s)
            .map(|t| t.to_string().chars().next().unwrap_or('?'))
            .collect();
        let cell: [Option<u8>; 2] = match tokens.as_slice() {
            [] => [Some(b'.'), None],
            [t] => [Some(*t as u8), None],
            [t, u] => [Some(*t as u8), Some(*u as u8)],
            [t, ..] => [Some(*t as u8), Some(b'0' + tokens.len() as u8)],
        };
        if let Some(row) = grid.get_mut(r) {
            for (i, b) in cell.iter().enumerate() {
                if let (Some(b), Some(x)) = (b, row.get_mut(c * 2 + i)) {
                    *x = *b;
                }
            }
        }
    }
    let mut text = String::with_capacity(14 * 40);
    text.push_str("duet-mo             mo\n");
    for (i, row) in grid.iter().enumerate() {
        let line = String::from_utf8_lossy(row);
        let line = line.trim_end_matches([' ', '-']);
        text.push_str(line);
        if i == 8 {
            // The entry: do, where every token comes onto the board.
            text.push_str(&" ".repeat(22 - line.len()));
            text.push_str(" <- enter at do");
        }
        text.push('\n');
    }
    text.push_str("chi-mo      cham-meoki\n");
    text
}

/// A reply with the prompt's extras.
pub(super) fn prompt<O: Output + ?Sized>(inner: &Reply, out: &mut O) -> io::Result<()> {
    match inner {
        Reply::Turn(report) => out.text(&format!("{}\n", move_line(report))),
        Reply::MovedBy(report) => out.text(&format!("{}\n", play_line(report))),
        Reply::Auto(steps) => {
            let mut text = String::new();
            for step in steps {
                match step {
                    Step::Threw(r) => text.push_str(&format!("{r}\n")),
                    Step::Moved(r) => text.push_str(&format!("{}\n", play_line(r))),
                }
            }
            out.text(&text)
        }
        Reply::Options(play, rolls) => {
            if let Phase::Throw(team) = play.phase()
                && !play.pending().is_empty()
            {
                let note = format!(
                    "{team} throws again first (a yut or a mo earns one): `throw`, then use {}",
                    play.pending()
                );
                out.text(&super::wrap::paragraph(&note, 0, out.width()))?;
            }
            out.text(
                &OptionsView {
                    play,
                    rolls: rolls.clone(),
                }
                .to_string(),
            )
        }
        Reply::Help(_) => {
            // Written whole, so a terminal can page it when it is tall.
            let mut text = Sheet::new(out.width(), out.window(), None);
            write_reply(inner, &mut text)?;
            out.page(&String::from_utf8_lossy(&text.text))
        }
        Reply::CongoReview(_) | Reply::Review(_) => {
            // A review taller than the window goes through the pager whole
            // (its `??` rows would scroll away); one that fits is written
            // as any reply is, in its colours.
            let mut text = Sheet::new(out.width(), out.window(), None);
            write_reply(inner, &mut text)?;
            let text = String::from_utf8_lossy(&text.text);
            if out
                .height()
                .is_some_and(|rows| text.lines().count() >= rows)
            {
                out.page(&text)
            } else {
                write_reply(inner, out)
            }
        }
        // Home, erase the screen and its scrollback.
        Reply::Clear => out.raw(b"\x1b[H\x1b[2J\x1b[3J"),
        // `status` and `turn` name their game.
        Reply::Status(st) => out.text(&format!("Congo: {st}\n")),
        Reply::Drawn => out.text(&format!("Congo: {}\n", super::board::DRAWN)),
        Reply::TurnState(play) => out.text(&format!("Yut: {}\n", TurnView(play))),
        other => write_reply(other, out),
    }
}

/// A move's line at the prompt: `C: home -> mo (5), stacks with B`.
pub fn move_line(report: &MoveReport) -> String {
    let mut line = report.to_string();
    if !report.joined.is_empty() && matches!(report.to, TokenState::On(_)) {
        line.push_str(&format!(", stacks with {}", joined(report.joined)));
    }
    line
}

/// A move by a pending throw at the prompt: the move's line, then what
/// comes next, as [`PlayReport`] says it.
pub fn play_line(report: &PlayReport) -> String {
    let mut line = format!("{}; {}", move_line(&report.report), report.next);
    if !report.lost.is_empty() {
        line.push_str(&format!(" (unused: {})", report.lost));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::{Game, Token};

    fn game(turns: &[(Token, &str)]) -> Game {
        let mut g = Game::new();
        for (t, th) in turns {
            g.apply(*t, th.parse().expect("throw")).expect("turn");
        }
        g
    }

    #[test]
    fn stacking_is_said_at_the_prompt() {
        // B enters with home+5 on mo (5 steps, BBBB); C does the same and
        // lands on B: a stack, as the issue's example says.
        let mut g = game(&[(Token::B, "BBBB")]);
        let r = g.apply(Token::C, "BBBB".parse().expect("mo")).expect("C");
        assert_eq!(r.to_string(), "C: home -> mo (5)", "the script line");
        assert_eq!(move_line(&r), "C: home -> mo (5), stacks with B");
        // Moving the stack on (from mo, 1 step: the diagonal's mo-do)
        // joins nobody, and onto a lower token it catches, never stacks.
        let r = g.apply(Token::B, "FBBB".parse().expect("do")).expect("B");
        assert_eq!(move_line(&r), "B+C: mo -> mo-do (1)");
        let mut g = game(&[(Token::a, "FFFB"), (Token::A, "FFBB")]);
        let r = g.apply(Token::A, "FBBB".parse().expect("do")).expect("A");
        assert_eq!(move_line(&r), "A: gae -> geol (1), caught a");
    }

    #[test]
    // The board's rows are ASCII: cut at known columns.
    #[allow(clippy::string_slice)]
    fn the_compact_board_places_every_station_once() {
        // 29 stations, each on its own cell of the 11x11 grid: the four
        // sides on rows/columns 0 and 10, everything else inside.
        let mut seen = std::collections::HashSet::new();
        for s in Station::ALL {
            let (r, c) = compact_at(s);
            assert!(r <= 10 && c <= 10, "{s:?}");
            assert!(seen.insert((r, c)), "{s:?} shares a cell");
        }
        assert_eq!(compact_at(Station::Mo), (0, 10));
        assert_eq!(compact_at(Station::Bang), (5, 5));
        assert_eq!(compact_at(Station::Do), (8, 10));
        // A on do, the lower pair on mo, three upper tokens on yut.
        let g = game(&[
            (Token::A, "FBBB"),
            (Token::a, "BBBB"),
            (Token::b, "BBBB"),
            (Token::B, "FFFF"),
            (Token::C, "FFFF"),
            (Token::D, "FFFF"),
        ]);
        let text = compact_board(&g);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 13, "11 station rows, two labels");
        assert!(lines.iter().all(|l| l.len() <= 40), "{text}");
        // Row 0 of the grid (line 1) is the top side: mo's cell at 20.
        assert_eq!(lines[1], ".---.---.---.---.---ab", "{text}");
        // Between the corners and bang, the diagonals' marks.
        assert_eq!(lines[2], r"| \               / |", "{text}");
        // yut is row 2 (block row 6), column 10: B, C, D stacked.
        assert_eq!(&lines[3][20..22], "B3", "{text}");
        // do: row 8 (block row 24), A alone, with the entry label.
        // Row 8 holds chi-yut (column 0), sok-mo (2), anchi (8), do (10).
        assert_eq!(lines[9], ".   .           .   A  <- enter at do", "{text}");
    }
}
