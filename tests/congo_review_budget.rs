//! Congo review's default budget and its chart (issue 51 item 1): the
//! default is a node budget, so the verdicts are the same on every run
//! and under `threads` 1 and 2; `review svg FILE` right after a review of
//! the same game and budget draws it again without a search (the nodes
//! searched counted: zero), and a chart's path is refused before any
//! search.

use crate::common::Test;
use crate::common::files::NoDeck;
use boardsh::shell::{Diagnostic, Reporter, Runner, Session};
use std::sync::atomic::Ordering;

/// Eight plies from the start position, a few of them poor.
const GAME: &str = "set quiet on; new congo; play c2c3; play a6a5; play g1f3; play d6e5; \
    play b2a3; play c6c5; play a2b3; play e5e4";

fn stdout(commands: &str) -> String {
    let out = Test::new().args(["-c", commands]).any_stdout().run();
    String::from_utf8(out.stdout).unwrap()
}

/// Four plies of [`GAME`]: each default review of it searches five
/// positions at 200,000 nodes in a test build (eight plies took about
/// 9 s of CPU for the three reviews below).
const SHORT: &str = "set quiet on; new congo; play c2c3; play a6a5; play g1f3; play d6e5";

#[test]
fn the_default_review_is_the_same_every_run_and_under_any_threads() {
    let one = stdout(&format!("set threads 1; {SHORT}; review"));
    // The first line names the default budget: nodes, not seconds.
    assert!(
        one.starts_with("Congo review, 200000 nodes a position: "),
        "{one}"
    );
    // A row a move (and more under the marked ones).
    let rows = one
        .lines()
        .filter(|l| l.contains(" White ") || l.contains(" Black "));
    assert!(rows.count() >= 4, "{one}");
    let again = stdout(&format!("set threads 1; {SHORT}; review"));
    assert_eq!(one, again);
    let two = stdout(&format!("set threads 2; {SHORT}; review"));
    assert_eq!(one, two);
}

/// A reporter that keeps nothing (the test looks at the counters).
struct Quiet;

impl Reporter for Quiet {
    fn report(&mut self, _: &Diagnostic<'_>) {}
    fn message(&mut self, _: &str) {}
}

/// Run `line` through `runner`, its output dropped; the nodes the live
/// counters say it searched.
fn nodes_of(runner: &mut Runner<'_>, line: &str) -> u64 {
    let mut out = boardsh::shell::Plain(Vec::new());
    runner.run_line("test", 1, line, &mut out).unwrap();
    runner.session.live().work.load(Ordering::Relaxed)
}

#[test]
fn review_svg_after_the_review_searches_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("chart.svg");
    let chart = chart.to_str().unwrap();
    let (mut loader, mut quiet) = (NoDeck, Quiet);
    let mut runner = Runner::new(Session::new(), &mut loader, &mut quiet, false);
    for line in GAME.split("; ") {
        nodes_of(&mut runner, line);
    }
    // The review searches: nodes counted.
    assert!(nodes_of(&mut runner, "review nodes 3000") > 0);
    // Its chart: the same game and budget, no node searched.
    assert_eq!(
        nodes_of(&mut runner, &format!("review nodes 3000 svg {chart}")),
        0
    );
    let svg = std::fs::read_to_string(chart).unwrap();
    assert!(
        svg.contains("font-weight=\"bold\">White's win chance"),
        "{svg}"
    );
    // Another budget is another review: searched.
    assert!(nodes_of(&mut runner, &format!("review nodes 2000 svg! {chart}")) > 0);
    // A move more is another game: searched.
    nodes_of(&mut runner, "play a3a4");
    assert!(nodes_of(&mut runner, &format!("review nodes 2000 svg! {chart}")) > 0);
    assert_eq!(runner.errors, 0);
}

#[test]
fn a_charts_path_is_refused_before_any_search() {
    // The file exists: refused at once, before the review (no table is
    // printed), though its budget would take hours.
    let out = Test::new()
        .file("chart.svg", "mine")
        .args([
            "-c",
            &format!("{GAME}; review nodes 999999999999 svg chart.svg"),
        ])
        .status(1)
        .any_stdout()
        .any_stderr()
        .run();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stdout.contains("Congo review"), "{stdout}");
    assert!(stderr.contains("`chart.svg` already exists"), "{stderr}");
    // A directory that does not exist: refused the same way.
    let out = Test::new()
        .args([
            "-c",
            &format!("{GAME}; review nodes 999999999999 svg no/such/dir/chart.svg"),
        ])
        .status(1)
        .any_stdout()
        .any_stderr()
        .run();
    assert!(
        !String::from_utf8(out.stdout)
            .unwrap()
            .contains("Congo review")
    );
}

/// [`GAME`] as a game file: a command a line, as `save` writes them.
fn game_file() -> String {
    GAME.split("; ").map(|l| format!("{l}\n")).collect()
}

#[test]
fn review_of_a_game_file_draws_its_chart_and_reuses_the_review() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("my game.bsh");
    std::fs::write(&game, game_file()).unwrap();
    // The game file's name holds a blank: written as is, the first `svg`
    // standing alone ends it; a chart's name in quotes.
    let game = game.to_str().unwrap();
    let chart = dir.path().join("chart one.svg");
    let chart = chart.to_str().unwrap();
    let (mut loader, mut quiet) = (NoDeck, Quiet);
    // A fresh session: no game in play, so the chart can only be the
    // file's game.
    let mut runner = Runner::new(Session::new(), &mut loader, &mut quiet, false);
    assert!(
        nodes_of(
            &mut runner,
            &format!("review nodes 3000 {game} svg \"{chart}\"")
        ) > 0
    );
    assert_eq!(runner.errors, 0);
    let svg = std::fs::read_to_string(chart).unwrap();
    assert!(svg.contains("White's win chance"), "{svg}");
    // The file's eight moves: a point a position, the start and after
    // each move.
    let points = svg
        .split("points=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap();
    assert_eq!(points.split_whitespace().count(), 9, "{points}");
    // The same file and budget again: drawn from the review kept.
    std::fs::remove_file(chart).unwrap();
    assert_eq!(
        nodes_of(
            &mut runner,
            &format!("review nodes 3000 {game} svg \"{chart}\"")
        ),
        0
    );
    assert_eq!(std::fs::read_to_string(chart).unwrap(), svg);
    // `svg!` over it: no search either.
    assert_eq!(
        nodes_of(
            &mut runner,
            &format!("review nodes 3000 {game} svg! \"{chart}\"")
        ),
        0
    );
    // Another budget: searched.
    assert!(
        nodes_of(
            &mut runner,
            &format!("review nodes 2000 {game} svg! \"{chart}\"")
        ) > 0
    );
    assert_eq!(runner.errors, 0);
}

#[test]
fn a_game_files_chart_path_is_refused_before_any_search() {
    // Whatever is wrong with the chart's path, the game file is neither
    // read nor reviewed (a budget that would take hours; no table).
    for (files, out, why) in [
        (
            &[("chart.svg", "mine")][..],
            "chart.svg",
            "`chart.svg` already exists",
        ),
        (
            &[][..],
            "no/such/dir/chart.svg",
            "cannot write `no/such/dir/chart.svg`: no such directory",
        ),
        (
            &[("sub/x", "")][..],
            "sub",
            "cannot write `sub`: is a directory",
        ),
    ] {
        let mut test = Test::new().file("g.bsh", game_file());
        for (name, text) in files {
            test = test.file(name, text);
        }
        let out = test
            .args(["-c", &format!("review nodes 999999999999 g.bsh svg {out}")])
            .status(1)
            .any_stdout()
            .any_stderr()
            .run();
        let stdout = String::from_utf8(out.stdout).unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(!stdout.contains("Congo review"), "{stdout}");
        assert!(stderr.contains(why), "{stderr}");
    }
    // The chart is kept as it was.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.bsh"), game_file()).unwrap();
    std::fs::write(dir.path().join("chart.svg"), "mine").unwrap();
    Test::new()
        .current_dir(dir.path())
        .args(["-c", "review nodes 999999999999 g.bsh svg chart.svg"])
        .status(1)
        .any_stdout()
        .any_stderr()
        .run();
    let kept = std::fs::read_to_string(dir.path().join("chart.svg")).unwrap();
    assert_eq!(kept, "mine");
}
