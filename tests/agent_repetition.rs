//! `boardsh agent` keeps the game's history when a referee sends every
//! position as a bare `position FEN`, and so avoids a repetition (a draw)
//! when it stands better.
//!
//! The position `P` has White a piece up. Asked about `P` alone, the
//! agent answers a move `m` that steps a piece from square a to b (it could
//! step back). The test then builds a game in which `P` after `m` was
//! already played: `Q = P + m`, Black steps its lion aside, White steps
//! the piece back (b to a), Black's lion returns: that is `P` again. Sent
//! those positions one ply at a time as bare FENs, the agent must not play
//! `m` (it would repeat `Q`: a draw) but another move that keeps White a
//! piece up (checked by the library's engine on the position after it).

use boardsh::congo::search::{Engine, EngineConfig, Limits, Score};
use boardsh::congo::{Move, Position, legal_moves};
use boardsh::interrupt::Never;
use std::io::Write;
use std::process::Stdio;

/// White: lion, two elephants and a zebra; Black: lion behind three
/// pawns. White cannot win within the agent's depth, so it manoeuvres (the
/// agent's move here is an elephant's e1e3, which e3e1 undoes).
const P: &str = "3l3/2ppp2/7/7/7/7/2ELE1Z w 0";

/// Run `boardsh agent --depth 4` on `lines`; its answers. The data
/// directory is an empty one, so no endgame table is loaded.
fn agent(lines: &[String]) -> Vec<String> {
    let data = tempfile::tempdir().unwrap();
    let mut child = crate::common::command()
        .args(["agent", "--depth", "4"])
        .env("XDG_DATA_HOME", data.path())
        .env("HOME", data.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = lines.join("\n");
    input.push('\n');
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn fen(pos: &Position) -> String {
    pos.to_string()
}

fn after(pos: &Position, mv: &str) -> Position {
    let mv: Move = mv.parse().unwrap();
    assert!(legal_moves(pos).contains(&mv), "{mv} in {pos}");
    pos.after(mv).unwrap()
}

#[test]
fn a_bare_fen_game_keeps_its_history_and_the_agent_avoids_the_repetition() {
    let p: Position = P.parse().unwrap();
    // Without history: the move the agent prefers.
    let first = agent(&["newgame".into(), format!("position {P}"), "go 60".into()]);
    let m = first.last().unwrap().clone();
    let (a, b) = (&m[..2], &m[2..]);
    assert_eq!(m.len(), 4, "a plain step: {m}");
    let q = after(&p, &m);
    // The cycle back to P: Black's lion d7-e7, the piece b-a, the lion e7-d7.
    let r = after(&q, "d7e7");
    let s = after(&r, &format!("{b}{a}"));
    let p2 = after(&s, "e7d7");
    assert_eq!(fen(&p2).split(' ').next(), P.split(' ').next());
    let mut lines = vec!["newgame".to_string()];
    for pos in [&p, &q, &r, &s, &p2] {
        lines.push(format!("position {}", fen(pos)));
    }
    lines.push("go 60".into());
    let answer = agent(&lines);
    let chosen = answer.last().unwrap().clone();
    assert_ne!(chosen, m, "the agent repeated the position after {m}");
    // The move chosen keeps White better by most of a piece: Black to
    // move after it, so Black's score is clearly negative.
    let next = after(&p2, &chosen);
    let mut engine = Engine::new(EngineConfig::strongest());
    let info = engine.search(&next, &[], &Limits::depth(4), &Never, &mut |_| {});
    match info.score {
        Score::Cp(cp) => assert!(cp <= -200, "after {chosen}: {cp} for Black"),
        Score::LossIn(_) => {}
        Score::WinIn(_) => panic!("after {chosen} Black wins"),
    }
}
