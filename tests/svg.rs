//! `board svg FILE` and `show svg FILE` end to end: the file is written
//! where it should be, is well-formed, holds the pieces and tokens of the
//! session, and an existing file is refused (left byte for byte) unless
//! `svg!` is given.

use crate::common::Test;
use std::fs;
use std::path::Path;

/// A run in `dir`, uncoloured.
fn boardsh(dir: &Path) -> Test {
    Test::new().current_dir(dir).env("NO_COLOR", "1")
}

/// Tags balance: every `<x ...>` is closed by `</x>` in order, `<x .../>`
/// closes itself, and there is one root. Returns the texts of `<text>`
/// elements whose attributes contain `class`.
fn texts(doc: &str, class: &str) -> Vec<String> {
    let mut stack = Vec::new();
    let mut found = Vec::new();
    let mut rest = doc.trim();
    let mut roots = 0;
    while let Some(open) = rest.find('<') {
        let close = open + rest[open..].find('>').expect("unclosed tag");
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name.to_string()), "unbalanced </{name}>");
            continue;
        }
        if stack.is_empty() {
            roots += 1;
        }
        let name = tag.split(' ').next().unwrap().trim_end_matches('/');
        if name == "text" && tag.contains(class) {
            found.push(rest[..rest.find('<').unwrap()].to_string());
        }
        if !tag.ends_with('/') {
            stack.push(name.to_string());
        }
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
    assert_eq!(roots, 1);
    found
}

#[test]
fn board_svg_writes_the_position_and_refuses_to_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    boardsh(dir.path())
        .args(["-c", "play c2c3; board svg b.svg"])
        .stdout("c2c3: white pawn\nwrote `b.svg`\n")
        .run();
    let doc = fs::read_to_string(dir.path().join("b.svg")).unwrap();
    // The start position has 14 pieces a side; c2c3 moves one, takes none.
    assert_eq!(texts(&doc, "piece white").len(), 14);
    assert_eq!(texts(&doc, "piece black").len(), 14);
    // The last move's two squares are outlined.
    assert_eq!(doc.matches("class=\"last\"").count(), 2);

    // An existing file (even one that is not an SVG) is left alone.
    let old = b"not a picture \xff\n";
    fs::write(dir.path().join("b.svg"), old).unwrap();
    boardsh(dir.path())
        .args(["-c", "board svg b.svg"])
        .status(1)
        .stderr_contains("`b.svg` already exists (`svg!` or `save!` overwrites it)")
        .run();
    assert_eq!(fs::read(dir.path().join("b.svg")).unwrap(), old);
    // `svg!` replaces it; nothing else is left in the directory.
    boardsh(dir.path())
        .args(["-c", "board svg! b.svg"])
        .stdout("wrote `b.svg`\n")
        .run();
    let doc = fs::read_to_string(dir.path().join("b.svg")).unwrap();
    assert_eq!(texts(&doc, "piece white").len(), 14);
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn show_svg_draws_the_tokens_and_a_file_writes_beside_itself() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    // From home, 3 steps (FFFB, geol) for b then c: the same station, one
    // stack; A with 1 step (FBBB) to do.
    fs::write(
        dir.path().join("sub/s.bsh"),
        "move b FFFB\nmove c FFFB\nmove A FBBB\nshow svg \"y y.svg\"\n",
    )
    .unwrap();
    // Each move reports its steps (FFFB is 3, geol; FBBB is 1, do), and
    // the file is named as the script names it.
    boardsh(dir.path())
        .arg("sub/s.bsh")
        .stdout("b: home -> geol (3)\nc: home -> geol (3)\nA: home -> do (1)\nwrote `y y.svg`\n")
        .run();
    let doc = fs::read_to_string(dir.path().join("sub/y y.svg")).unwrap();
    assert_eq!(texts(&doc, "stack upper"), ["A"]);
    assert_eq!(texts(&doc, "stack lower"), ["bc"]);
    assert_eq!(texts(&doc, "class=\"station\"").len(), 0,);
    assert_eq!(doc.matches("class=\"station\"").count(), 29);
}

#[test]
fn the_plain_commands_are_unchanged_and_bad_words_are_refused_as_before() {
    let dir = tempfile::tempdir().unwrap();
    boardsh(dir.path())
        .args(["-c", "show svgx"])
        .status(1)
        .stderr_contains("unexpected argument `svgx`: `show` takes no arguments")
        .run();
    boardsh(dir.path())
        .args(["-c", "show svg"])
        .status(1)
        .stderr_contains("expected a file name, found end of command")
        .run();
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}
