//! The course's searches in-process: tiny hand-worked trees (each worked
//! out in its comment), both searches agreeing on them, and an interrupted
//! search at the prompt. The independent negamax is in `course_negamax.rs`.

use boardsh::congo::course::{Evaluation, NO_MOVE, Searched, WIN, alphabeta, evaluate, minimax};
use boardsh::congo::legal_moves;
use boardsh::congo::{Position, Rules};
use boardsh::interrupt::Never;

fn fen(s: &str) -> Position {
    s.parse().unwrap()
}

fn search(s: &str, rules: Rules, depth: u32, eval: Evaluation) -> Searched {
    let pos = fen(s);
    let plain = minimax(&pos, rules, depth, eval, &Never).unwrap();
    let fast = alphabeta(&pos, rules, depth, eval, &Never).unwrap();
    assert_eq!((plain.value, plain.best), (fast.value, fast.best), "{s}");
    plain
}

fn best(r: &Searched) -> String {
    r.best.map(|m| m.to_string()).unwrap_or_default()
}

#[test]
fn facing_bare_lions() {
    // Only the lions: rule 1 evaluates 0, but the game is not over: the
    // lions face each other on the open d-file, so the side to move takes
    // the other lion (d1d7, the only capture). The child has no black lion:
    // raw 10000, Black to move -10000, negated +10000, at any depth >= 1.
    let bare = "3l3/7/7/7/7/7/3L3 w 0";
    assert_eq!(evaluate(&fen(bare)), 0);
    for eval in [Evaluation::Material, Evaluation::Advanced] {
        for depth in 1..=4 {
            let r = search(bare, Rules::Course2021, depth, eval);
            assert_eq!((r.value, best(&r).as_str()), (WIN, "d1d7"));
        }
        // Not facing (c1 and e7 share no file or diagonal): every leaf is
        // bare lions, 0.
        let r = search("4l2/7/7/7/7/7/2L4 w 0", Rules::Course2022, 2, eval);
        assert_eq!(r.value, 0);
    }
}

#[test]
fn lion_capture_inside_the_search() {
    // Black lion d7, white zebra c5, white pawn d3 (blocking the d-file),
    // white lion d1; Black to move, depth 2, material.
    // Black's moves are the lion's: d7c6 d7c7 d7d6 d7e6 d7e7. The zebra c5
    // attacks a4 a6 b3 b7 d7 e4 e6 (d3 is its own pawn): after d7e6 it
    // takes the lion (-10000 for Black); after the others White takes
    // nothing and Black's material view is -(300 + 100) = -400. The value
    // is -400 and the first move reaching it is d7c6.
    let pos = "3l3/7/2Z4/7/3P3/7/3L3 b 0";
    let r = search(pos, Rules::Course2021, 2, Evaluation::Material);
    assert_eq!((r.value, best(&r).as_str()), (-400, "d7c6"));
    // Inside that tree: after d7e6, White (depth 1) takes the lion.
    let r = search(
        "7/4l2/2Z4/7/3P3/7/3L3 w 1",
        Rules::Course2021,
        1,
        Evaluation::Material,
    );
    assert_eq!((r.value, best(&r).as_str()), (WIN, "c5e6"));
}

#[test]
fn promotion_inside_the_search() {
    // White lion c1, white pawn b6, black lion e7 (no shared line).
    // Depth 1, material: b6a7, b6b7 or b6c7 reaches the far rank: a
    // superpawn (350) in 2022, still a pawn (100) in 2021; the lion's
    // moves keep 100. 2022: 350 by b6a7, the first of the three; 2021:
    // every move gives 100, so the first move, b6a7, again.
    let pos = "4l2/1P5/7/7/7/7/2L4 w 0";
    let r = search(pos, Rules::Course2022, 1, Evaluation::Material);
    assert_eq!((r.value, best(&r).as_str()), (350, "b6a7"));
    let r = search(pos, Rules::Course2021, 1, Evaluation::Material);
    assert_eq!((r.value, best(&r).as_str()), (100, "b6a7"));
    // Depth 2: Black's lion (d6 d7 e6) cannot reach a7/b7/c7, so the
    // values stand.
    assert_eq!(
        search(pos, Rules::Course2022, 2, Evaluation::Material).value,
        350
    );
    assert_eq!(
        search(pos, Rules::Course2021, 2, Evaluation::Material).value,
        100
    );
}

#[test]
fn drowning_inside_the_search() {
    // White elephant a4 (in the river), white pawn g2, black zebra b4 (in
    // the river), lions c1 and e7. Material now 200 + 100 - 300 = 0.
    // Depth 1: a4b4 takes the zebra and the elephant drowns (from the
    // river into it): 100. The elephant leaving (a2 a3 a5 a6) keeps 0;
    // a4c4 drowns it with the zebra still there: -200; any other move
    // drowns it too: -200. So 100 by a4b4 (without drowning: 300).
    let pos = "4l2/7/7/Ez5/7/6P/2L4 w 0";
    let r = search(pos, Rules::Course2021, 1, Evaluation::Material);
    assert_eq!((r.value, best(&r).as_str()), (100, "a4b4"));
}

#[test]
fn a_side_without_moves_has_lost() {
    // White pawns fill ranks 2-7 and d1; the white lion c1 has its castle
    // squares c2 d1 d2 full of its own pawns; every pawn's forward squares
    // hold its own pawns, and those on the far rank (no promotion in 2021)
    // or in the far half can only retreat to an empty square, of which
    // there is none behind them. The black lion stands on a1 (a set-up
    // position), on no line with c1. So White, to move, has no move:
    // boardsh's rules say White has lost, scored -10000 at any depth >= 1
    // (the static evaluation is 43 pawns, 4300).
    let pos = "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/l1LP3 w 0";
    assert!(legal_moves(&fen(pos)).is_empty());
    assert_eq!(evaluate(&fen(pos)), 4300);
    for depth in 1..=4 {
        for eval in [Evaluation::Material, Evaluation::Advanced] {
            let r = search(pos, Rules::Course2021, depth, eval);
            assert_eq!((r.value, r.best), (NO_MOVE, None));
        }
    }
    assert_eq!(NO_MOVE, -WIN);
}

#[test]
fn hand_out_searches() {
    // The hand-outs' samples (spec/course/part4-2021.txt, part5-2022.txt).
    let r = search(
        "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35",
        Rules::Course2021,
        2,
        Evaluation::Material,
    );
    assert_eq!(r.value, 800);
    let pos = fen("1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35");
    let r = alphabeta(&pos, Rules::Course2022, 4, Evaluation::Advanced, &Never).unwrap();
    assert_eq!(r.value, -669);
}

#[test]
fn an_interrupted_search_at_the_prompt_changes_nothing() {
    use boardsh::shell::{ErrorKind, ExecError, Reply, Session, parse_command};
    use std::sync::atomic::Ordering;
    // The flag is polled every 1024 nodes: alphabeta 12 from the start
    // position visits far more, so it must stop with `interrupted`.
    let mut session = Session::new();
    let before = session.position().clone();
    session.live().interrupt.store(true, Ordering::Relaxed);
    let cmd = parse_command("alphabeta 12").unwrap();
    match session.execute(&cmd, &mut Vec::<Reply>::new()) {
        Err(ExecError::Command(e)) => assert_eq!(e.kind, ErrorKind::Interrupted),
        other => panic!("{other:?}"),
    }
    assert_eq!(session.position(), &before);
    // Cleared, the same session answers (depth 1: the best of 24 moves).
    session.live().interrupt.store(false, Ordering::Relaxed);
    let cmd = parse_command("minimax 1").unwrap();
    let reply = session.execute(&cmd, &mut Vec::<Reply>::new()).unwrap();
    assert!(matches!(reply, Reply::CourseSearch(r) if r.depth == 1 && r.best.is_some()));
}
