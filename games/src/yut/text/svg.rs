//! An SVG diagram of the Yut board, for reports and documentation.
//!
//! A pure function of the game (no I/O): the 29 stations drawn where the
//! 32x32 text board has them ([`Station::block`]), the routes as lines (the
//! four sides and both diagonals, which pass through every station), the
//! corners and the centre drawn larger, each station's name beside it, the
//! tokens as stacks on their stations (upper team: white letters on black;
//! lower team: black letters on white), and home and escaped tokens in a
//! caption.

use std::fmt::Write;

use crate::yut::rules::game::{Game, TokenState};
use crate::yut::rules::station::Station;
use crate::yut::rules::token::{Team, Token};

/// SVG units per cell of the 32x32 text board.
const UNIT: u32 = 15;
/// Room around the board.
const MARGIN: u32 = 60;

/// The centre of `station`'s 2x2 block, in SVG units.
fn centre(station: Station) -> (u32, u32) {
    let (row, col) = station.block();
    let (row, col) = (row as u32, col as u32);
    (MARGIN + (col + 1) * UNIT, MARGIN + (row + 1) * UNIT)
}

/// The four corners and the centre, drawn larger (the turning points).
fn is_big(station: Station) -> bool {
    matches!(
        station,
        Station::DuetMo | Station::Mo | Station::ChiMo | Station::ChamMeoki | Station::Bang
    )
}

/// The width of the pill drawn for a stack of `n` tokens.
fn stack_width(n: u32) -> u32 {
    14 + 12 * n
}

/// Where `station`'s name goes (x, y, text-anchor), given its centre and
/// radius: outside the square on the sides (above the top row, below the
/// bottom row, left of the left column, right of the right column), to
/// the right of the diagonal stations, below the centre.
fn label_at(station: Station, x: u32, y: u32, r: u32) -> (u32, u32, &'static str) {
    let (row, col) = station.block();
    if row == 0 {
        (x, y.saturating_sub(r + 6), "middle")
    } else if row == 30 || station == Station::Bang {
        (x, y + r + 14, "middle")
    } else if col == 0 {
        (x.saturating_sub(r + 5), y + 4, "end")
    } else {
        (x + r + 5, y + 4, "start")
    }
}

/// The tokens of `team` in `state`, as letters with a separator.
fn letters(game: &Game, team: Team, state: TokenState, sep: &str) -> String {
    let list: Vec<String> = game
        .tokens_at(state)
        .iter()
        .filter(|t| t.team() == team)
        .map(|t| t.to_string())
        .collect();
    list.join(sep)
}

/// The SVG document for `game`.
pub fn render(game: &Game) -> String {
    let side = 32 * UNIT;
    let width = 2 * MARGIN + side;
    let height = 2 * MARGIN + side + 50;
    // Writing to a String cannot fail; the results are ignored on purpose.
    let mut s = crate::svg::open(width, height);
    let (a, b, c, d) = (
        centre(Station::DuetMo),
        centre(Station::Mo),
        centre(Station::ChamMeoki),
        centre(Station::ChiMo),
    );
    for (p, q) in [(a, b), (b, c), (c, d), (d, a), (a, c), (b, d)] {
        let _ = writeln!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#777\" stroke-width=\"3\"/>",
            p.0, p.1, q.0, q.1
        );
    }
    for station in Station::ALL {
        let (x, y) = centre(station);
        let r = if is_big(station) { 18 } else { 11 };
        // A stack is wider than its station: its name goes beyond it.
        let stack = game.on(station).count() as u32;
        let room = if stack > 0 {
            r.max(stack_width(stack) / 2)
        } else {
            r
        };
        let _ = writeln!(
            s,
            "<circle class=\"station\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"white\" stroke=\"black\" stroke-width=\"2\"/>"
        );
        let (lx, ly, anchor) = label_at(station, x, y, room);
        let _ = writeln!(
            s,
            "<text class=\"name\" x=\"{lx}\" y=\"{ly}\" font-size=\"11\" text-anchor=\"{anchor}\" fill=\"#444\">{}</text>",
            station.name()
        );
    }
    for station in Station::ALL {
        let tokens: Vec<Token> = game.on(station).collect();
        let Some(first) = tokens.first() else {
            continue;
        };
        let (x, y) = centre(station);
        let label: String = tokens.iter().map(|t| t.to_string()).collect();
        let w = stack_width(tokens.len() as u32);
        let (fill, ink, class) = match first.team() {
            Team::Upper => ("#222", "white", "stack upper"),
            Team::Lower => ("white", "black", "stack lower"),
        };
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{w}\" height=\"24\" rx=\"12\" fill=\"{fill}\" stroke=\"black\" stroke-width=\"2\"/>",
            x - w / 2,
            y - 12
        );
        let _ = writeln!(
            s,
            "<text class=\"{class}\" x=\"{x}\" y=\"{}\" font-size=\"18\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{label}</text>",
            y + 6
        );
    }
    let mut y = MARGIN + side + 40;
    for team in Team::ALL {
        let home = letters(game, team, TokenState::Home, " ");
        let escaped = letters(game, team, TokenState::Escaped, " ");
        let _ = writeln!(
            s,
            "<text class=\"caption\" x=\"{MARGIN}\" y=\"{y}\" font-size=\"14\">{team}: home {} ({}), escaped {} ({})</text>",
            game.tokens_at(TokenState::Home)
                .iter()
                .filter(|t| t.team() == team)
                .count(),
            if home.is_empty() { "-" } else { &home },
            game.tokens_at(TokenState::Escaped)
                .iter()
                .filter(|t| t.team() == team)
                .count(),
            if escaped.is_empty() { "-" } else { &escaped },
        );
        y += 20;
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg_check::elements;
    use crate::yut::Throw;

    /// The texts of the `<text>` elements whose class contains `class`.
    fn texts(doc: &str, class: &str) -> Vec<String> {
        elements(doc)
            .unwrap()
            .into_iter()
            .filter(|(n, a, _)| n == "text" && a.contains(class))
            .map(|(_, _, t)| t)
            .collect()
    }

    fn throw(steps: u8) -> Throw {
        Throw::from_steps(steps).unwrap()
    }

    #[test]
    fn empty_board_has_every_station_and_both_diagonals() {
        let doc = render(&Game::new());
        let els = elements(&doc).unwrap();
        let count = |name: &str, needle: &str| {
            els.iter()
                .filter(|(n, a, _)| n == name && a.contains(needle))
                .count()
        };
        assert_eq!(count("circle", "class=\"station\""), 29);
        // Four corners and the centre are larger.
        assert_eq!(count("circle", "r=\"18\""), 5);
        // Four sides and two diagonals.
        assert_eq!(count("line", ""), 6);
        assert_eq!(texts(&doc, "name").len(), 29);
        assert!(texts(&doc, "stack").is_empty());
        assert_eq!(
            texts(&doc, "caption"),
            [
                "upper: home 4 (A B C D), escaped 0 (-)",
                "lower: home 4 (a b c d), escaped 0 (-)"
            ]
        );
    }

    #[test]
    fn tokens_are_drawn_as_stacks_on_their_stations() {
        let mut game = Game::new();
        // A enters with 1 step, b with 3; c with 3 lands on b (same team:
        // they stack); B with 5 lands on a corner. Each entry counts from
        // the same start, so A, b+c and B are on three different stations.
        game.apply(Token::A, throw(1)).unwrap();
        game.apply(Token::b, throw(3)).unwrap();
        game.apply(Token::c, throw(3)).unwrap();
        game.apply(Token::B, throw(5)).unwrap();
        let doc = render(&game);
        let mut stacks = texts(&doc, "stack upper");
        stacks.sort();
        assert_eq!(stacks, ["A", "B"]);
        assert_eq!(texts(&doc, "stack lower"), ["bc"]);
        assert_eq!(
            texts(&doc, "caption"),
            [
                "upper: home 2 (C D), escaped 0 (-)",
                "lower: home 2 (a d), escaped 0 (-)"
            ]
        );
    }
}
