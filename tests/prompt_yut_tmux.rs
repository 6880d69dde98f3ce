//! Yut you can follow and help that fits, in a real terminal (tmux): the
//! board with its status block after each change in versus mode, the
//! compact board in a small window, and `help` through the pager when it
//! is taller than the window (plain when no pager runs). Without tmux
//! each test returns at once.

use crate::common::test::{BIN, UNSET};
use crate::common::tmux::{Tmux, ask, have_tmux};
use std::path::Path;

/// Start boardsh at the prompt (uncoloured, history and data directory
/// in `dir`, so no solved table of the user's is read, seed 1),
/// with `env` (e.g. `PAGER=...` or `-u PAGER`) for its environment.
fn start(tag: &str, dir: &Path, env: &str) -> Tmux {
    let shell = format!(
        "exec env {UNSET} {env} BOARDSH_HISTORY='{}' XDG_DATA_HOME='{}' '{BIN}' --color never --seed 1",
        dir.join("history").display(),
        dir.display(),
    );
    let tmux = Tmux::new(tag, &shell);
    tmux.prompts(1);
    tmux
}

/// The status block's team lines in `text` (the last ones shown).
fn team_line<'a>(text: &'a str, team: &str) -> &'a str {
    text.lines()
        .rev()
        .find(|l| l.starts_with(team))
        .unwrap_or_else(|| panic!("no {team} line in:\n{text}"))
}

#[test]
fn versus_yut_redraws_the_board_with_its_status_block() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // 120x40: room for the 32x32 board and its 6-line status block.
    let tmux = start("yutstatus", dir.path(), "");
    let mut n = 1;
    // Upper (the person) throws first: the computer waits, the board is
    // drawn with everyone home.
    let shown = ask(&tmux, &mut n, "new yut upper");
    assert!(
        shown.contains("..----..----..----..----..----.."),
        "{shown}"
    );
    assert!(shown.contains("upper to throw\n"), "{shown}");
    assert_eq!(
        team_line(&shown, "upper ("),
        "upper (A-D)     4      0        0  you"
    );
    assert_eq!(
        team_line(&shown, "lower ("),
        "lower (a-d)     4      0        0  computer"
    );
    assert!(shown.contains("\nstacks: none\n"), "{shown}");
    // The block ends with what to type.
    assert!(
        shown.ends_with("\nnext: upper throws (type throw)"),
        "{shown}"
    );
    // A geol by hand: upper must use it; the status says so.
    let shown = ask(&tmux, &mut n, "throw FFFB");
    assert!(shown.starts_with("FFFB: geol (3)\n"), "{shown}");
    assert!(shown.contains("upper to move: geol (3)\n"), "{shown}");
    assert!(shown.ends_with("\nnext: upper moves: move A"), "{shown}");
    // A enters on geol; the geol ends upper's turn, the computer plays
    // lower's, and it is upper's turn again. A is on the board unless
    // the computer caught it (then home again): nothing has escaped.
    let shown = ask(&tmux, &mut n, "move A");
    assert!(
        shown.starts_with("A: home -> geol (3); lower to throw\n"),
        "{shown}"
    );
    assert!(shown.contains("upper to throw\n"), "{shown}");
    let upper = team_line(&shown, "upper (");
    assert!(
        upper == "upper (A-D)     3      1        0  you"
            || upper == "upper (A-D)     4      0        0  you",
        "{upper}"
    );
    // `turn` names its game.
    assert_eq!(ask(&tmux, &mut n, "turn"), "Yut: upper to throw");
}

#[test]
fn a_small_window_gets_the_compact_board() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let tmux = start("yutsmall", dir.path(), "");
    tmux.run(&["resize-window", "-t", "t", "-x", "80", "-y", "24"]);
    let mut n = 1;
    let shown = ask(&tmux, &mut n, "move A FFBB; move B FFBB; show");
    // B joins A on gae: said at the prompt.
    assert!(
        shown.contains("B: home -> gae (2), stacks with A\n"),
        "{shown}"
    );
    // 13 lines of compact board and the 6-line status block: it fits.
    let lines: Vec<&str> = shown.lines().skip(2).collect();
    assert_eq!(lines.len(), 13 + 6, "{shown}");
    assert_eq!(lines[0], "duet-mo             mo");
    // gae is row 6 of the grid (line 7), right side: the pair; the two
    // diagonals cross that row below bang.
    assert_eq!(lines[7], r".       /   \       AB", "{shown}");
    assert_eq!(lines[12], "chi-mo      cham-meoki");
    assert_eq!(lines[17], "stacks: A+B on gae");
    assert_eq!(lines[18], "next: upper throws (type throw)");
}

#[test]
fn help_goes_through_the_pager_in_a_small_window() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // No $PAGER: `less -R` (when installed) shows the first screen.
    let tmux = start("helppager", dir.path(), "-u PAGER");
    tmux.run(&["resize-window", "-t", "t", "-x", "80", "-y", "24"]);
    let have_less = std::process::Command::new("less")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    tmux.keys(&["help", "Enter"]);
    if have_less {
        let screen = tmux.wait_for("the pager's first screen", |s| {
            s.contains("play the computer: `new congo white`")
                && s.contains("Congo (the 7x7 chess variant")
        });
        // The session's commands, at the end, are not on the first screen.
        assert!(!screen.contains("save! <file>"), "{screen}");
        // The progress line (drawn after 0.5 s of a quiet command) stays
        // off the pager's screen however long the pager is open.
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let later = tmux.screen();
        assert!(!later.contains("Ctrl-C stops"), "{later}");
        tmux.keys(&["q"]);
    }
    tmux.prompts(2);
    let screen = tmux.screen();
    assert!(screen.lines().all(|l| l.trim_end().chars().count() <= 80));
}

#[test]
fn help_without_a_pager_is_printed_whole() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // A pager that cannot start: the text is printed as it is.
    let tmux = start("helpplain", dir.path(), "PAGER=/nonexistent/pager");
    tmux.run(&["resize-window", "-t", "t", "-x", "80", "-y", "24"]);
    tmux.keys(&["help", "Enter"]);
    let screen = tmux.prompts(2);
    assert!(
        screen.contains("play the computer: `new congo white`"),
        "{screen}"
    );
    assert!(screen.contains("instead."), "{screen}");
    for line in screen.lines() {
        assert!(line.trim_end().chars().count() <= 80, "{line:?}");
    }
}

/// The summary the computer's turn should get, worked out from the lines
/// it printed (`FBBB: do (1)`, `a: home -> do (1), caught A; ...`): the
/// team, then the throws' names and each move's token, station and catch.
fn summary_of(steps: &[&str]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut throws: Vec<String> = Vec::new();
    let mut team = "";
    for line in steps {
        let (head, rest) = line.split_once(": ").expect("a step line");
        if head.len() == 4 && head.chars().all(|c| c == 'F' || c == 'B') {
            // `FBBB: do (1)`: the throw's name before its count.
            throws.push(rest.split(" (").next().unwrap().to_string());
            continue;
        }
        team = if head.starts_with(|c: char| c.is_ascii_lowercase()) {
            "lower"
        } else {
            "upper"
        };
        if !throws.is_empty() {
            parts.push(format!("threw {}", throws.join(", ")));
            throws.clear();
        }
        // `a: home -> do (1), caught A; lower throws again`
        let moved = rest.split(';').next().unwrap();
        let to = moved.split(" -> ").nth(1).unwrap();
        let station = to.split(" (").next().unwrap();
        let mut part = format!("moved {head} to {station}");
        if let Some((_, caught)) = moved.split_once(", caught ") {
            part.push_str(&format!(", caught {} (home)", caught.replace(' ', "+")));
        }
        parts.push(part);
    }
    if !throws.is_empty() {
        parts.push(format!("threw {}", throws.join(", ")));
    }
    format!("{team} {}", parts.join("; "))
}

#[test]
fn the_computers_catch_stays_on_a_100x40_screen() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let tmux = start("yutcatch", dir.path(), "");
    tmux.run(&["resize-window", "-t", "t", "-x", "100", "-y", "40"]);
    let mut n = 1;
    // Seed 1, level 2: upper throws a do, A enters on do, and lower's
    // first throw (a do too) lands its token on A (the guide's example).
    ask(&tmux, &mut n, "set level 2");
    ask(&tmux, &mut n, "new yut upper");
    assert_eq!(
        ask(&tmux, &mut n, "throw").lines().next(),
        Some("BBBF: do (1)")
    );
    let shown = ask(&tmux, &mut n, "move A");
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines[0], "A: home -> do (1); lower to throw", "{shown}");
    // The computer's steps, up to the board.
    let steps: Vec<&str> = lines[1..]
        .iter()
        .take_while(|l| l.contains(": "))
        .copied()
        .collect();
    assert!(
        steps.iter().any(|l| l.contains(", caught A")),
        "lower caught A: {shown}"
    );
    // What the window shows now (no scrollback): the summary of that
    // turn is the last line above the prompt, with the catch, and the
    // status block names it; the 32-row board would not leave room (32 +
    // 8 lines of block + command and prompt > 40), so the compact one is
    // drawn.
    let screen = tmux.run(&["capture-pane", "-t", "t", "-p"]);
    let visible: Vec<&str> = screen.lines().filter(|l| !l.trim().is_empty()).collect();
    let last = visible.len() - 1;
    assert_eq!(visible[last].trim_end(), "boardsh>", "{screen}");
    assert_eq!(visible[last - 1], summary_of(&steps), "{screen}");
    assert!(visible[last - 1].contains(", caught A (home)"), "{screen}");
    assert_eq!(
        visible[last - 2],
        "next: upper throws (type throw)",
        "{screen}"
    );
    assert!(
        visible[last - 3].starts_with("last catch: a caught A on "),
        "{screen}"
    );
    assert!(screen.contains("duet-mo             mo\n"), "{screen}");
    // The person's own move is still on the screen above it all.
    assert!(
        screen.contains("A: home -> do (1); lower to throw\n"),
        "{screen}"
    );
}
