//! The session on a `Vec<u8>`: every command's output, undo after each kind
//! of change, and failed commands leaving everything as it was. Expected
//! texts are worked out from the rules (comments say how).

use boardsh::shell::{ExecError, Flow, Session, parse_command};

/// Run `cmds` (one command each) and return everything they print.
fn run(session: &mut Session, cmds: &[&str]) -> String {
    let mut out = Vec::new();
    for cmd in cmds {
        let located = parse_command(cmd).unwrap_or_else(|e| panic!("{cmd}: {e}"));
        session
            .run(&located, &mut out)
            .unwrap_or_else(|e| panic!("{cmd}: {e}"));
    }
    String::from_utf8(out).unwrap()
}

/// Run one command that must fail; return its message.
fn fails(session: &mut Session, cmd: &str) -> String {
    match parse_command(cmd) {
        Err(e) => e.to_string(),
        Ok(located) => match session.run(&located, &mut Vec::new()) {
            Err(ExecError::Command(e)) => e.to_string(),
            other => panic!("{cmd} did not fail: {other:?}"),
        },
    }
}

/// The whole observable state: FEN, board, Yut `where`.
fn state(session: &mut Session) -> String {
    run(session, &["fen", "board", "where"])
}

#[test]
fn fen_prints_and_sets() {
    let mut s = Session::new();
    assert_eq!(
        run(&mut s, &["fen"]),
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n"
    );
    // Side and move number default to w and 0; empty runs are merged.
    assert_eq!(
        run(&mut s, &["fen 2l4/7/7/7/7/7/3L3", "fen"]),
        "2l4/7/7/7/7/7/3L3 w 0\n"
    );
    assert_eq!(
        run(&mut s, &["FEN 2l22/7/7/7/7/7/3L3 B 9", "fen"]),
        "2l4/7/7/7/7/7/3L3 b 9\n"
    );
}

#[test]
fn list_of_the_worked_example() {
    let mut s = Session::new();
    let text = run(&mut s, &["fen 2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23", "list"]);
    let expected = std::fs::read_to_string("tests/data/congo/congo-worked-example.out").unwrap();
    assert_eq!(text, expected);
}

#[test]
fn moves_of_the_start_position() {
    // 7 pawns: a2 and g2 have 2 moves, the 5 inner pawns 3 (19); giraffe a1
    // jumps to a3 and c3; elephants c1c3 and e1e3 jump their pawns; zebra
    // g1f3; lion, monkey and crocodile are boxed in: 24 in all.
    let mut s = Session::new();
    assert_eq!(
        run(&mut s, &["moves"]),
        "a1a3 a1c3 a2a3 a2b3 b2a3 b2b3 b2c3 c1c3 c2b3 c2c3 c2d3 d2c3 d2d3 d2e3 \
e1e3 e2d3 e2e3 e2f3 f2e3 f2f3 f2g3 g1f3 g2f3 g2g3\n"
    );
    assert_eq!(run(&mut s, &["moves giraffe"]), "a1a3 a1c3\n");
    assert_eq!(run(&mut s, &["moves g1"]), "g1f3\n");
    // A piece with no move, or an empty square: an empty line.
    assert_eq!(run(&mut s, &["moves lion", "moves d4"]), "\n\n");
    assert_eq!(run(&mut s, &["perft 1", "perft 2"]), "24\n576\n");
}

#[test]
fn divide_lists_each_root_move_then_the_total() {
    // Depth 1: every legal move counts one leaf.
    let mut s = Session::new();
    let text = run(&mut s, &["fen 3l3/7/7/7/7/7/3L3 w 0", "divide 1"]);
    // White lion d1 steps to c1 c2 d2 e1 e2 (its castle), and faces the
    // black lion on the open d-file, so d1d7 captures it: 6 moves.
    assert_eq!(
        text,
        "d1c1: 1\nd1c2: 1\nd1d2: 1\nd1d7: 1\nd1e1: 1\nd1e2: 1\ntotal: 6\n"
    );
}

#[test]
fn play_capture_promotion_drowning_and_the_end() {
    let mut s = Session::new();
    // The zebra leaps c3-e4 into the river from land: it survives this move.
    // After Black's reply, White's next move drowns it (it stayed in the river).
    let text = run(
        &mut s,
        &[
            "fen 3l3/7/7/7/2Z4/7/3L3 w 0",
            "play c3e4",
            "play d7c7",
            "play d1c1",
            "fen",
            "status",
        ],
    );
    assert_eq!(
        text,
        "c3e4: white zebra\nd7c7: black lion\nd1c1: white lion, drowns white zebra on e4\n\
2l4/7/7/7/7/7/2L4 b 1\nContinue\n"
    );
    // The lions now face each other on the open c-file: Black takes and wins.
    let text = run(&mut s, &["play c7xc1", "status", "fen"]);
    assert_eq!(
        text,
        "c7c1: black lion, captures white lion on c1; Black wins\nBlack wins\n7/7/7/7/7/7/2l4 w 2\n"
    );
    assert_eq!(fails(&mut s, "play c1c2"), "the game is over: Black wins");

    // A pawn reaching rank 7 promotes at once.
    let text = run(&mut s, &["fen 3l3/P6/7/7/7/7/3L3 w 0", "play a6-a7", "fen"]);
    assert_eq!(
        text,
        "a6a7: white pawn, promotes to superpawn\nS2l3/7/7/7/7/7/3L3 b 0\n"
    );

    // A monkey chain: c2, the crocodile on e4, then the lion on e6 (which ends it).
    let text = run(
        &mut s,
        &[
            "fen 7/4l2/7/4c2/7/2p4/1M1L3 w 0",
            "play b1-d3-f5-d7",
            "fen",
            "status",
        ],
    );
    assert_eq!(
        text,
        "b1d3f5d7: white monkey, captures black pawn on c2, black crocodile on e4 and black lion on e6; \
White wins\n3M3/7/7/7/7/7/3L3 b 0\nWhite wins\n"
    );
}

#[test]
fn illegal_moves_say_why_and_change_nothing() {
    let mut s = Session::new();
    let before = state(&mut s);
    assert_eq!(fails(&mut s, "play d4d5"), "there is no piece on d4");
    assert_eq!(
        fails(&mut s, "play a6a5"),
        "a6 holds a black pawn, and it is white to move"
    );
    assert_eq!(
        fails(&mut s, "play g1g3"),
        "`g1g3` is not legal: the white zebra on g1 can play g1f3"
    );
    assert_eq!(
        fails(&mut s, "play d1d2"),
        "`d1d2` is not legal: the white lion on d1 has no legal move"
    );
    assert_eq!(
        fails(&mut s, "play a2"),
        "a move needs a second square, as in `e1d3`"
    );
    assert_eq!(state(&mut s), before);
}

#[test]
fn yut_moves_where_and_show() {
    let mut s = Session::new();
    // A: 4 steps from home is yut; B joins it; a lands on mo (5 steps);
    // A's 1 step from yut carries B too and catches a on mo.
    let text = run(
        &mut s,
        &[
            "move A FFFF",
            "move B FFFF",
            "move a BBBB",
            "move A FBBB",
            "where",
        ],
    );
    assert_eq!(
        text,
        "A: home -> yut (4)\nB: home -> yut (4)\na: home -> mo (5)\nA+B: yut -> mo (1), caught a\n\
A: mo\nB: mo\nC: home\nD: home\na: home\nb: home\nc: home\nd: home\n"
    );
    // mo's block is at row 0, col 30: A upper-left, B upper-right.
    let board = run(&mut s, &["show"]);
    let first = board.lines().next().unwrap();
    assert_eq!(first, "..----..----..----..----..----AB");
    assert_eq!(board.lines().count(), 32);
}

#[test]
fn undo_takes_back_each_kind_of_change() {
    let mut s = Session::new();
    let start = state(&mut s);
    run(&mut s, &["move A FFFF"]);
    let after_move = state(&mut s);
    run(&mut s, &["fen 3l3/7/7/7/7/7/3L3 b 4"]);
    let after_fen = state(&mut s);
    run(&mut s, &["play d7c7"]);
    let after_play = state(&mut s);
    run(&mut s, &["reset"]);
    assert_eq!(state(&mut s), start);
    assert_eq!(run(&mut s, &["undo"]), "undid: reset\n");
    assert_eq!(state(&mut s), after_play);
    assert_eq!(run(&mut s, &["undo"]), "undid: play d7c7\n");
    assert_eq!(state(&mut s), after_fen);
    assert_eq!(run(&mut s, &["undo"]), "undid: fen 3l3/7/7/7/7/7/3L3 b 4\n");
    assert_eq!(state(&mut s), after_move);
    assert_eq!(run(&mut s, &["undo"]), "undid: move A FFFF\n");
    assert_eq!(state(&mut s), start);
    assert_eq!(fails(&mut s, "undo"), "nothing to undo");
    // reset of one game only; a reset that changes nothing is not recorded.
    run(&mut s, &["move b FFBB", "fen 7/7/7/7/7/7/7", "reset yut"]);
    assert_eq!(run(&mut s, &["fen"]), "7/7/7/7/7/7/7 w 0\n");
    assert_eq!(run(&mut s, &["reset yut", "undo"]), "undid: reset yut\n");
    assert_eq!(run(&mut s, &["where"]).lines().nth(5), Some("b: gae"));
}

#[test]
fn failed_commands_change_nothing() {
    let mut s = Session::new();
    run(
        &mut s,
        &["move A BBBB", "move A BBBB", "move A BBBB", "move A BBBB"],
    );
    // BBBB x4 from home: mo (5), then the mo shortcut: sok-mo (5), then
    // chi-mo, nal-do .. nal-yut (5), then cham-meoki and out: escaped.
    assert_eq!(run(&mut s, &["where"]).lines().next(), Some("A: escaped"));
    let before = state(&mut s);
    for bad in [
        "move A FFFF",
        "move Q FFFF",
        "move A FXFB",
        "fen 7/7/7/7/7/7/8",
        "fen 7/7/7/7/7/7",
        "fen 7/7/7/7/7/7/7 x",
        "fen 7/7/7/7/7/7/7 w -1",
        "play e2e5",
        "reset chess",
        "list all",
        "perft x",
        "moves queen",
        "frobnicate",
    ] {
        let msg = fails(&mut s, bad);
        assert!(!msg.is_empty());
        assert_eq!(state(&mut s), before, "{bad} changed the session");
    }
    assert_eq!(
        fails(&mut s, "move A FFFF"),
        "token A has already escaped and cannot move"
    );
}

#[test]
fn help_quit_and_source() {
    let mut s = Session::new();
    let help = run(&mut s, &["help"]);
    for name in [
        "fen", "list", "board", "moves", "play", "status", "perft", "divide", "move", "show",
        "where", "reset", "undo", "source", "help", "quit", "throw", "turn", "options", "auto",
        "odds",
    ] {
        assert!(help.contains(&format!("\n  {name}")), "help lists {name}");
    }
    assert_eq!(
        run(&mut s, &["help move"]),
        // The usage, the summary wrapped at 80 columns, the example, then
        // the throw table: k front sides up is k steps, none is mo (5).
        "usage: move <token> [<throw>]\n  move a Yut token by a pending throw (`move A`, `move A geol`), or a free turn\n  (`move A FBFB`)\nexample: move A FBFB\n\
         throws (sticks F front up / B back up, name, steps):\n\
         \x20 FBBB (one F)    do    1\n\
         \x20 FFBB (two F)    gae   2\n\
         \x20 FFFB (three F)  geol  3\n\
         \x20 FFFF            yut   4, throw again\n\
         \x20 BBBB            mo    5, throw again\n"
    );
    let mut out = Vec::new();
    let quit = parse_command("exit").unwrap();
    assert_eq!(s.run(&quit, &mut out).unwrap(), Flow::Quit);
    let source = parse_command("source games/a.bsh").unwrap();
    assert_eq!(
        s.run(&source, &mut out).unwrap(),
        Flow::Source("games/a.bsh".into())
    );
}

#[test]
fn quiet_silences_summaries_but_not_queries() {
    let mut s = Session::new();
    s.set_quiet(true);
    assert_eq!(
        run(&mut s, &["move A FFFF", "play c2c3", "fen", "status"]),
        "gmelecz/ppppppp/7/7/2P4/PP1PPPP/GMELECZ b 0\nContinue\n"
    );
}

#[test]
fn board_marks_the_last_move() {
    let mut s = Session::new();
    let board = run(&mut s, &["play c2c3", "board"]);
    assert!(
        board.ends_with("black to move, move 1..., last move 1. c2c3\n"),
        "{board}"
    );
    assert!(board.contains("\n3 . . P . . . . 3\n"));
    assert!(board.contains("\n2 P P . P P P P 2\n"));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// From the start, a random game through the shell: every move that
        /// `moves` lists can be played, and `undo` restores the exact FEN.
        #[test]
        fn every_listed_move_plays_and_undoes(choices in proptest::collection::vec(any::<u16>(), 1..40)) {
            let mut s = Session::new();
            for choice in choices {
                let listed = run(&mut s, &["moves"]);
                let moves: Vec<&str> = listed.split_whitespace().collect();
                if moves.is_empty() {
                    prop_assert_ne!(run(&mut s, &["status"]), "Continue\n");
                    break;
                }
                let mv = moves[usize::from(choice) % moves.len()].to_string();
                let before = run(&mut s, &["fen"]);
                run(&mut s, &[&format!("play {mv}")]);
                prop_assert_eq!(run(&mut s, &["undo"]), format!("undid: play {mv}\n"));
                prop_assert_eq!(run(&mut s, &["fen"]), before);
                run(&mut s, &[&format!("play {mv}")]);
            }
        }
    }
}

mod live {
    use super::*;
    use boardsh::shell::{Diagnostic, End, ErrorKind, NoFiles, Reply, Reporter, Runner};
    use std::sync::atomic::Ordering;

    #[test]
    fn divide_streams_each_root_move_then_returns_the_total() {
        let mut s = Session::new();
        let mut streamed: Vec<Reply> = Vec::new();
        let cmd = parse_command("divide 2").unwrap();
        let total = s.execute(&cmd, &mut streamed).unwrap();
        // 24 root moves at the start (see `moves_of_the_start_position`),
        // each answered by Black's 24 symmetric moves: 576 in all.
        assert_eq!(total, Reply::DivideTotal(576));
        assert_eq!(streamed.len(), 24);
        let mut names = Vec::new();
        for reply in &streamed {
            match reply {
                Reply::DivideMove(mv, 24) => names.push(mv.to_string()),
                other => panic!("unexpected {other:?}"),
            }
        }
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted, "streamed in notation order");
    }

    #[test]
    fn an_interrupted_count_changes_nothing() {
        let mut s = Session::new();
        run(&mut s, &["move A FFFF", "play c2c3"]);
        let before = state(&mut s);
        s.live().interrupt.store(true, Ordering::Relaxed);
        for text in ["perft 3", "divide 3"] {
            let cmd = parse_command(text).unwrap();
            let mut streamed: Vec<Reply> = Vec::new();
            match s.execute(&cmd, &mut streamed) {
                Err(ExecError::Command(e)) => {
                    assert_eq!(e.kind, ErrorKind::Interrupted);
                    assert_eq!(e.to_string(), "interrupted");
                }
                other => panic!("{text}: {other:?}"),
            }
            // The flag is polled before the first root move's subtree.
            assert!(streamed.is_empty(), "{text}: {streamed:?}");
        }
        s.live().interrupt.store(false, Ordering::Relaxed);
        assert_eq!(state(&mut s), before);
        // The history is intact: the two changes undo in order.
        assert_eq!(
            run(&mut s, &["undo", "undo"]),
            "undid: play c2c3\nundid: move A FFFF\n"
        );
    }

    #[derive(Default)]
    struct Count(usize);

    impl Reporter for Count {
        fn report(&mut self, _: &Diagnostic<'_>) {
            self.0 += 1;
        }
        fn message(&mut self, _: &str) {
            self.0 += 1;
        }
    }

    /// A thread that sets the interrupt flag once, shortly after the
    /// command `label` has started (as a Ctrl-C handler would).
    pub(super) fn press_during(
        live: std::sync::Arc<boardsh::shell::Live>,
        label: &'static str,
    ) -> std::thread::JoinHandle<()> {
        std::thread::spawn(move || {
            while live.label() != label {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
            live.interrupt.store(true, Ordering::Relaxed);
        })
    }

    #[test]
    fn the_runner_stops_the_line_at_an_interrupt_without_reporting() {
        let session = Session::new();
        let live = session.live();
        let mut loader = NoFiles;
        let mut reporter = Count::default();
        let mut out = Vec::new();
        // Ctrl-C, pressed once perft 7 runs (uninterrupted it takes tens of
        // seconds): the runner names each command in `Live` as it starts.
        let presser = press_during(live, "perft 7");
        let end = {
            let mut runner = Runner::new(session, &mut loader, &mut reporter, true);
            let end = runner.run_line("<test>", 1, "move A FFFF; perft 7; where", &mut out);
            assert_eq!(runner.errors, 0);
            end
        };
        presser.join().unwrap();
        // Even with keep-going, the rest of the line does not run.
        assert_eq!(end.unwrap(), End::Interrupted);
        assert_eq!(String::from_utf8(out).unwrap(), "A: home -> yut (4)\n");
        assert_eq!(reporter.0, 0);
    }
}

/// A whole seeded Yut game played by `auto` at the session: the same seed
/// gives the same transcript byte for byte, it ends with a winner, and
/// after it every game command is refused while `turn` names the winner.
#[test]
fn seeded_auto_games_replay_byte_for_byte() {
    let game = |seed: u64| {
        let mut s = Session::new();
        run(&mut s, &[&format!("set seed {seed}")]);
        let mut transcript = String::new();
        for _ in 0..500 {
            if run(&mut s, &["turn"]).starts_with("game over") {
                break;
            }
            transcript.push_str(&run(&mut s, &["auto"]));
        }
        (transcript, s)
    };
    let (first, mut s) = game(3);
    assert_eq!(first, game(3).0);
    assert_ne!(first, game(4).0);
    let over = run(&mut s, &["turn"]);
    assert!(over.starts_with("game over: "), "{over}");
    let winner = if over.contains("upper") {
        "upper"
    } else {
        "lower"
    };
    assert!(first.contains(&format!("; {winner} wins")), "{first}");
    for cmd in ["throw", "auto", "move A", "odds 10", "options"] {
        let located = parse_command(cmd).unwrap();
        match s.run(&located, &mut Vec::new()) {
            Err(ExecError::Command(e)) => {
                assert_eq!(
                    e.to_string(),
                    format!("the game is over: {winner} won"),
                    "{cmd}"
                );
            }
            other => panic!("{cmd}: {other:?}"),
        }
    }
}

/// Undo takes back a throw and a move, and the sticks after an undo are
/// the same; `reset yut` keeps the random state going (no re-roll either),
/// and `odds` changes nothing.
#[test]
fn yut_undo_keeps_the_sticks() {
    let mut s = Session::new();
    run(&mut s, &["set seed 11"]);
    let first = run(&mut s, &["throw"]);
    assert_eq!(run(&mut s, &["undo"]), "undid: throw\n");
    assert_eq!(run(&mut s, &["throw"]), first);
    let before = run(&mut s, &["turn", "where"]);
    run(&mut s, &["odds 20 random greedy"]);
    assert_eq!(
        run(&mut s, &["turn", "where"]),
        before,
        "odds changes nothing"
    );
    // Play the turn out by hand, then undo the last move and redo it.
    while run(&mut s, &["turn"]).contains("to throw") {
        run(&mut s, &["throw"]);
    }
    let moved = run(&mut s, &["auto"]);
    let after = run(&mut s, &["turn", "where"]);
    assert_eq!(run(&mut s, &["undo"]), "undid: auto\n");
    assert_eq!(run(&mut s, &["auto"]), moved);
    assert_eq!(run(&mut s, &["turn", "where"]), after);
    // A reset does not restart the sticks: the next throw is the one that
    // would have come anyway.
    let mut t = s.clone();
    let next = run(&mut t, &["throw"]);
    assert_eq!(run(&mut s, &["reset yut", "throw"]), next);
}

mod source_is_one_change {
    use super::*;
    use boardsh::shell::{Diagnostic, End, Loader, Opened, Reporter, Runner};
    use std::io::{self, BufRead, Read};
    use std::sync::Arc;

    /// `half.bsh`: a move, a bad throw, a move never reached.
    /// `endless.bsh`: two FENs in turn, forever (each line a change).
    struct Files;

    /// Endless lines alternating two FENs: each line is a change.
    struct Endless(usize);

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let line: &[u8] = if self.0.is_multiple_of(2) {
                b"fen 3l3/7/7/7/7/7/3L3 w 0\n"
            } else {
                b"fen 3l3/7/7/7/7/7/3L3 b 1\n"
            };
            self.0 += 1;
            let n = line.len().min(buf.len());
            buf[..n].copy_from_slice(&line[..n]);
            Ok(n)
        }
    }

    impl Loader for Files {
        fn open(&mut self, _: Option<&str>, path: &str) -> Result<Opened, String> {
            let reader: Box<dyn BufRead> = match path {
                "half.bsh" => Box::new(&b"move A FFFF\nmove A FXFF\nmove B FFFF\n"[..]),
                "endless.bsh" => Box::new(io::BufReader::new(Endless(0))),
                _ => return Err("no such file".into()),
            };
            Ok(Opened {
                name: path.into(),
                identity: path.into(),
                reader,
            })
        }
    }

    #[derive(Default)]
    struct Quiet(usize);

    impl Reporter for Quiet {
        fn report(&mut self, _: &Diagnostic<'_>) {
            self.0 += 1;
        }
        fn message(&mut self, _: &str) {}
    }

    fn line(runner: &mut Runner<'_>, text: &str) -> (End, String) {
        let mut out = Vec::new();
        let end = runner.run_line("<test>", 1, text, &mut out).unwrap();
        (end, String::from_utf8(out).unwrap())
    }

    #[test]
    fn a_failed_source_is_taken_back_by_one_undo() {
        let mut loader = Files;
        let mut reporter = Quiet::default();
        let mut runner = Runner::new(Session::new(), &mut loader, &mut reporter, false);
        line(&mut runner, "move b BBBB"); // home -> mo (5), out of the way
        // half.bsh stops at its bad throw, after A's move (home -> yut).
        let (end, text) = line(&mut runner, "source half.bsh");
        assert_eq!((end, text.as_str()), (End::Failed, "A: home -> yut (4)\n"));
        // The file kept one change, its first line (the bad throw on the
        // second stopped it before the third): undo names it as typed.
        let (_, text) = line(&mut runner, "undo; where");
        assert!(
            text.starts_with("undid: source half.bsh (1 change: move A FFFF)\nA: home\nB: home\n"),
            "{text}"
        );
        // b's move, made before the source, is the next change back.
        let (_, text) = line(&mut runner, "undo");
        assert_eq!(text, "undid: move b BBBB\n");
        drop(runner);
        assert_eq!(reporter.0, 1);
    }

    #[test]
    fn an_interrupted_source_is_taken_back_by_one_undo() {
        let mut loader = Files;
        let mut reporter = Quiet::default();
        let session = Session::new();
        let live = session.live();
        let mut runner = Runner::new(session, &mut loader, &mut reporter, false);
        line(&mut runner, "play c2c3");
        let presser = super::live::press_during(Arc::clone(&live), "source endless.bsh");
        // The file never ends: only Ctrl-C stops it, after many changes.
        let (end, _) = line(&mut runner, "source endless.bsh");
        presser.join().unwrap();
        assert_eq!(end, End::Interrupted);
        // As the front end does before the next line: the Ctrl-C is spent.
        live.start("undo; fen");
        let (_, text) = line(&mut runner, "undo; fen");
        // Back to the position after c2c3 (black to move), in one undo.
        // The file's lines are changes in turn, the white FEN first; how
        // many ran before the Ctrl-C depends on timing, so the count is
        // read back and checked against the rest of the line: at most
        // three named, the rest counted.
        let (first, rest) = text.split_once('\n').unwrap();
        assert_eq!(rest, "gmelecz/ppppppp/7/7/2P4/PP1PPPP/GMELECZ b 0\n");
        let (w, b) = ("fen 3l3/7/7/7/7/7/3L3 w 0", "fen 3l3/7/7/7/7/7/3L3 b 1");
        let inner = first
            .strip_prefix("undid: source endless.bsh (")
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{first}"));
        let (count, named) = inner.split_once(' ').unwrap();
        let count: usize = count.parse().unwrap();
        let want = match count {
            1 => format!("change: {w}"),
            2 => format!("changes: {w}, {b}"),
            3 => format!("changes: {w}, {b}, {w}"),
            n => format!("changes: {w}, {b}, {w} and {} more", n - 3),
        };
        assert!(count >= 1);
        assert_eq!(named, want);
        let (_, text) = line(&mut runner, "undo");
        assert_eq!(text, "undid: play c2c3\n");
    }
}

/// Keeps the notes a runner gives.
#[derive(Default)]
struct Notes(Vec<String>);

impl boardsh::shell::Reporter for Notes {
    fn report(&mut self, _: &boardsh::shell::Diagnostic<'_>) {}
    fn message(&mut self, _: &str) {}
    fn note(&mut self, message: &str) {
        self.0.push(message.to_string());
    }
}

#[test]
fn moves_of_a_finished_game_print_the_empty_line_and_explain_at_the_prompt_only() {
    // The black lion is gone: White has won, and there are no moves.
    for interactive in [false, true] {
        let mut loader = boardsh::shell::NoFiles;
        let mut notes = Notes::default();
        let mut runner = boardsh::shell::Runner::new(
            boardsh::shell::Session::new(),
            &mut loader,
            &mut notes,
            false,
        );
        runner.interactive = interactive;
        let mut out = Vec::new();
        runner
            .run_line("<prompt>", 1, "fen 7/7/7/7/7/7/3L3 w 0; moves", &mut out)
            .unwrap();
        drop(runner);
        // Scripts rely on the empty line, at the prompt too.
        assert_eq!(out, b"\n");
        let want: Vec<String> = if interactive {
            vec!["no moves: the game is over (White wins)".to_string()]
        } else {
            Vec::new()
        };
        assert_eq!(notes.0, want);
    }
}

/// A network change through [`Session::apply`] (what the command line's
/// settings flags and library callers use, beside `set net`): a file that
/// is not a network is the error returned, naming the file, and changes
/// nothing (the network and the `net` setting stay). Before the
/// evaluation had one owner, `apply` dropped the load error: the caller
/// saw success and the old network went on playing.
#[test]
fn apply_returns_a_net_load_error_and_changes_nothing() {
    use boardsh::congo::eval::NetChoice;
    use boardsh::shell::{Change, ErrorKind};
    use std::sync::Arc;
    let mut s = Session::new();
    s.set_net_reader(Arc::new(|_: &str| Ok(b"not a network".to_vec())));
    let before = (s.net().cloned(), s.settings().net.clone());
    assert!(before.0.is_some(), "a session starts with the built-in net");
    let err = s
        .apply(Change::Net(NetChoice::File("bad.nnue".into())))
        .unwrap_err();
    assert!(
        matches!(&err, ErrorKind::NetFile { path, .. } if path == "bad.nnue"),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .starts_with("cannot use `bad.nnue` as a network: "),
        "{err}"
    );
    assert_eq!((s.net().cloned(), s.settings().net.clone()), before);
    // Without a reader (a session that reads no files) the file is
    // unreadable, said so, and again nothing changes.
    let mut bare = Session::new();
    let err = bare
        .apply(Change::Net(NetChoice::File("any.nnue".into())))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot read `any.nnue`: no files are read here"
    );
    assert_eq!(bare.settings().net, NetChoice::Default);
    // `off` applies.
    s.apply(Change::Net(NetChoice::Off)).unwrap();
    assert!(s.net().is_none());
}
