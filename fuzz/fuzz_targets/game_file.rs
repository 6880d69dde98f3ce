//! `review FILE`'s reader of a Congo game file (`congo_game`): what
//! `save` and `match --pgn` write, a `fen` line and a `play` line a move.
//! The first byte picks the rules in force (2021, 2022, full); the rest is
//! the file's text. Any text must read without a panic. A game read has a
//! move; replayed from its start under those rules (when no `set rules`
//! line changes them) it reaches the same position, which prints as a FEN
//! that reads back the same. An error names a line of the text, or says
//! the file holds no move or more than one game.
#![no_main]

use boardsh::congo::{Game, Rules, fen};
use boardsh::front::game_file::congo_game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let rules = match pick % 3 {
        0 => Rules::Course2021,
        1 => Rules::Course2022,
        _ => Rules::Full,
    };
    match congo_game(text, rules) {
        Ok(game) => {
            assert!(game.moves().len() > 0, "a game without a move was read");
            let end = game.position();
            let back = fen::parse(&end.to_string()).expect("the end prints as a FEN");
            assert_eq!(&back, end);
            if !text.contains("rules") {
                let mut again = Game::new(game.start().clone());
                for mv in game.moves() {
                    again
                        .play_under(rules, mv)
                        .unwrap_or_else(|e| panic!("{mv} does not replay: {e}"));
                }
                assert_eq!(again.position(), end);
            }
        }
        Err(e) => {
            if let Some(rest) = e.strip_prefix("line ") {
                let (n, why) = rest.split_once(": ").expect("`line N: why`");
                let n: usize = n.parse().expect("a line number");
                assert!(n >= 1 && n <= text.lines().count(), "{e}");
                assert!(!why.is_empty(), "{e}");
            } else {
                assert!(
                    e.starts_with("no Congo move in it")
                        || e.starts_with("it holds more than one Congo game"),
                    "{e}"
                );
            }
        }
    }
});
