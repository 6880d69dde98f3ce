//! `set computer both` with boards shown (`set show on`): the board is
//! drawn after each of the computer's moves, not once at the end. Each
//! Congo board is checked against the position reached by replaying the
//! moves printed so far (rows rebuilt from the FEN here, not by the
//! program's renderer); without `show on` the same seeded game prints
//! exactly the same move lines and no board.

use crate::common::Test;
use boardsh::congo::Position;
use boardsh::congo::legal_moves;

fn run(script: &str) -> String {
    let out = Test::new().args(["-c", script]).any_stdout().run();
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The seven board rows (rank 7 first) of `pos` as the board draws them:
/// the FEN's placement expanded, `.` for an empty square, `~` for an
/// empty river square (rank 4), each row framed by its rank.
fn rows(pos: &Position) -> Vec<String> {
    let fen = pos.to_string();
    let placement = fen.split(' ').next().expect("a placement");
    placement
        .split('/')
        .enumerate()
        .map(|(i, row)| {
            let rank = 7 - i;
            let empty = if rank == 4 { '~' } else { '.' };
            let mut cells = Vec::new();
            for c in row.chars() {
                match c.to_digit(10) {
                    Some(n) => cells.extend(std::iter::repeat_n(empty, n as usize)),
                    None => cells.push(c),
                }
            }
            let cells: Vec<String> = cells.iter().map(char::to_string).collect();
            let river = if rank == 4 { " river" } else { "" };
            format!("{rank} {} {rank}{river}", cells.join(" "))
        })
        .collect()
}

#[test]
fn computer_both_draws_the_congo_board_after_each_move() {
    let game = "set seed 5; set level 1; set computer both; go";
    let plain = run(game);
    let shown = run(&format!("set show on; {game}"));
    let lines: Vec<&str> = shown.lines().collect();
    let mut pos: Position = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"
        .parse()
        .expect("fen");
    let (mut moves, mut boards, mut i) = (Vec::new(), 0, 0);
    while i < lines.len() {
        // A move line `c2c3: white pawn`, then its board of 10 lines:
        // files, ranks 7..1, files, footer naming the move.
        let line = lines[i];
        moves.push(line);
        let (text, _) = line.split_once(": ").expect("a move line");
        let mv = legal_moves(&pos)
            .into_iter()
            .find(|m| m.to_string() == text)
            .unwrap_or_else(|| panic!("{text} is not legal in {pos}"));
        // The move's number as `history` writes it (`5.` White's fifth,
        // `5...` Black's), from the position it was played in.
        let n = pos.move_number() + 1;
        let label = match pos.side_to_move() {
            boardsh::congo::Color::White => format!("{n}."),
            boardsh::congo::Color::Black => format!("{n}..."),
        };
        pos.play(mv).expect("legal");
        let board = lines.get(i + 1..i + 11).expect("a board after each move");
        assert_eq!(board[0], "  a b c d e f g", "{shown}");
        assert_eq!(board[1..8], rows(&pos)[..], "after {text}");
        assert_eq!(board[8], "  a b c d e f g");
        assert!(
            board[9].ends_with(&format!("last move {label} {text}")),
            "{}",
            board[9]
        );
        boards += 1;
        i += 11;
    }
    // The game went on for several moves, each with its board, and the
    // moves are those of the same game played without boards.
    assert!(boards > 4, "{shown}");
    assert_eq!(moves.join("\n") + "\n", plain);
}

#[test]
fn computer_both_draws_the_yut_board_after_each_turn() {
    // A Yut board is 32 lines of 32 characters. The computer plays a whole
    // turn (extra throws included) per reply, so a board follows each line
    // that passes the turn (`… to throw`) and the winning one.
    let game = "set seed 5; set level 2; set computer both; auto";
    let plain = run(game);
    let shown = run(&format!("set show on; {game}"));
    let expected: Vec<&str> = plain.lines().collect();
    let lines: Vec<&str> = shown.lines().collect();
    let (mut i, mut boards) = (0, 0);
    for (k, &want) in expected.iter().enumerate() {
        assert_eq!(lines.get(i), Some(&want), "line {i} of {shown}");
        i += 1;
        let turn_ends = want.ends_with(" to throw") || want.ends_with(" wins");
        if turn_ends {
            let board = lines.get(i..i + 32).expect("a board");
            assert!(
                board.iter().all(|l| l.chars().count() == 32),
                "after {want}"
            );
            boards += 1;
            i += 32;
        } else {
            // No board inside a turn.
            assert!(
                lines.get(i) == expected.get(k + 1),
                "a board after {want:?}"
            );
        }
    }
    assert_eq!(i, lines.len(), "{shown}");
    assert!(boards > 4, "{shown}");
    // The last board is the final position, as `show` draws it.
    let last: Vec<&str> = lines[lines.len() - 32..].to_vec();
    let show = run(&format!("{game}; show"));
    let show_lines: Vec<&str> = show.lines().collect();
    assert_eq!(last, show_lines[show_lines.len() - 32..]);
}

#[test]
fn against_a_person_the_board_comes_once_after_the_computers_reply() {
    // `go` on the person's (White's) turn: the computer moves for White,
    // then answers for Black; one board (two file lines), after both.
    let out = run("set show on; set seed 5; set level 1; set computer black; go");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12, "{out}");
    assert!(lines[0].contains(": white "), "{out}");
    assert!(lines[1].contains(": black "), "{out}");
    let files = lines.iter().filter(|l| **l == "  a b c d e f g").count();
    assert_eq!(files, 2, "{out}");
    assert!(lines[11].starts_with("white to move, move 2."), "{out}");
}
