//! The README is a front door and the documentation shows real output
//! (issue 39, items 1 and 2):
//!
//! - the README is short (at most 300 lines), opens with the two set-up
//!   commands and playing the computer;
//! - every relative link in the README, docs/ and lab/ resolves: to a file
//!   that exists and, with `#anchor`, to one of its headings;
//! - every example is run: each indented `$ ...` line (through `sh`, from
//!   the repository root, with the built binary for `boardsh`) must print
//!   the indented lines quoted under it; each prompt example (indented
//!   `boardsh> ` lines) is piped to the command its `<!-- replay: CMD -->`
//!   comment names, in an empty directory, and must print the lines
//!   between the prompts. A line `...` in a quote stands for any lines.
//!   A prompt example that cannot be replayed from a pipe says why in a
//!   `<!-- not replayed: REASON -->` comment instead.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The documents whose examples and links are checked.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir("docs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    docs.insert(0, PathBuf::from("README.md"));
    docs.push(PathBuf::from("lab/NOTES.md"));
    docs
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_readme_is_a_short_front_door() {
    let readme = read(Path::new("README.md"));
    let lines: Vec<&str> = readme.lines().collect();
    assert!(lines.len() <= 300, "README.md has {} lines", lines.len());
    // The set-up commands exactly as CI runs them (.ci/run runs the
    // README's test command), and playing the computer on the first
    // screen (about 50 lines).
    let at = |text: &str| lines.iter().position(|l| *l == text);
    let run = at("    cargo run --release").expect("the run command");
    let test = at("    cargo test --locked").expect("the test command");
    let play = at("## Play the computer").expect("a section on playing the computer");
    assert!(run < test && test < play, "set-up, then play");
    let game = lines
        .iter()
        .position(|l| l.starts_with("    $ boardsh") && l.contains("new congo"))
        .expect("a game against the computer");
    assert!(game < 50, "the game starts on line {}", game + 1);
    assert!(
        lines[game..].iter().take(15).any(|l| l.ends_with("wins")),
        "the game is played to its end"
    );
}

/// GitHub's anchor for a heading: lower case, spaces to `-`, other
/// punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        if !in_code && line.starts_with('#') {
            out.push(slug(line.trim_start_matches('#')));
        }
    }
    out
}

/// The targets of the markdown links `[text](target)` of `text`.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].to_string());
        }
    }
    out
}

#[test]
fn every_link_between_the_documents_resolves() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for doc in documents() {
        let text = read(&doc);
        let dir = doc.parent().unwrap();
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() {
                doc.clone()
            } else {
                dir.join(file)
            };
            checked += 1;
            if !path.exists() {
                broken.push(format!(
                    "{}: {target} (no file {})",
                    doc.display(),
                    path.display()
                ));
            } else if !anchor.is_empty() && !anchors(&read(&path)).iter().any(|a| a == anchor) {
                broken.push(format!(
                    "{}: {target} (no heading #{anchor})",
                    doc.display()
                ));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    // The README's table of the docs alone has ten links.
    assert!(checked >= 20, "only {checked} links found");
}

#[test]
fn the_anchor_of_a_heading_is_githubs() {
    // Worked by hand from GitHub's rule (lower case, spaces to dashes,
    // punctuation other than `-` and `_` dropped).
    assert_eq!(
        slug(" The data directory: tables and training"),
        "the-data-directory-tables-and-training"
    );
    assert_eq!(
        slug(" `boardsh agent` and `boardsh match`"),
        "boardsh-agent-and-boardsh-match"
    );
    assert_eq!(
        slug(" Yut Nori solved (the smaller games)"),
        "yut-nori-solved-the-smaller-games"
    );
    assert_eq!(links("see [a](b.md#c) and [d](e)"), ["b.md#c", "e"]);
}

/// One example: how to run it and what it must print.
struct Example {
    place: String,
    /// The shell command (with `boardsh` for the binary).
    command: String,
    /// Lines piped to it (a prompt example's commands), if any.
    stdin: Option<String>,
    expected: Vec<String>,
}

/// The examples of `text`: `$` lines and prompt examples with their
/// replay comments (`None` when one is marked not replayed).
fn examples(name: &str, text: &str) -> (Vec<Example>, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut not_replayed = 0;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(cmd) = line.strip_prefix("    $ ") {
            let mut expected = Vec::new();
            i += 1;
            while i < lines.len() {
                match lines[i].strip_prefix("    ") {
                    Some(text) if !text.starts_with("$ ") => expected.push(text.to_string()),
                    _ => break,
                }
                i += 1;
            }
            out.push(Example {
                place: format!("{name}: `$ {cmd}`"),
                command: cmd.to_string(),
                stdin: None,
                expected,
            });
            continue;
        }
        if line.starts_with("    boardsh> ") {
            let marker = lines[..i]
                .iter()
                .rev()
                .find(|l| !l.trim().is_empty())
                .copied()
                .unwrap_or("");
            let start = i;
            let mut stdin = String::new();
            let mut expected = Vec::new();
            while i < lines.len() && lines[i].starts_with("    ") {
                match lines[i].strip_prefix("    boardsh> ") {
                    Some(cmd) => {
                        stdin.push_str(cmd);
                        stdin.push('\n');
                    }
                    None => expected.push(lines[i][4..].to_string()),
                }
                i += 1;
            }
            let place = format!("{name}:{}", start + 1);
            if let Some(cmd) = marker
                .strip_prefix("<!-- replay: ")
                .and_then(|m| m.strip_suffix(" -->"))
            {
                out.push(Example {
                    place,
                    command: cmd.to_string(),
                    stdin: Some(stdin),
                    expected,
                });
            } else {
                assert!(
                    marker.starts_with("<!-- not replayed: ") && marker.len() > 40,
                    "{place}: a prompt example needs `<!-- replay: CMD -->` or \
                     `<!-- not replayed: REASON -->` above it, found {marker:?}"
                );
                not_replayed += 1;
            }
            continue;
        }
        i += 1;
    }
    (out, not_replayed)
}

/// Whether `got` is `expected`, a `...` line in it standing for any lines.
fn matches(expected: &[String], got: &[&str]) -> bool {
    match expected.split_first() {
        None => got.is_empty(),
        Some((first, rest)) if first == "..." => (0..=got.len()).any(|k| matches(rest, &got[k..])),
        Some((first, rest)) => got.first() == Some(&first.as_str()) && matches(rest, &got[1..]),
    }
}

#[test]
fn a_dotted_line_stands_for_any_lines() {
    let lines = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
    assert!(matches(&lines("a\n...\nd"), &["a", "b", "c", "d"]));
    assert!(matches(&lines("a\n...\nb"), &["a", "b"]));
    assert!(!matches(&lines("a\n...\nd"), &["a", "b", "c"]));
    assert!(!matches(&lines("a\nb"), &["a", "b", "c"]));
}

#[test]
fn every_example_shows_real_output() {
    let bin = crate::common::test::BIN;
    let root = std::env::current_dir().unwrap();
    let mut run = 0;
    let mut prompts = 0;
    let mut not_replayed = 0;
    for doc in documents() {
        let (list, skipped) = examples(&doc.display().to_string(), &read(&doc));
        not_replayed += skipped;
        for ex in list {
            // `--bless` writes into the tree: the guide's example of it
            // names a file that is not there to keep.
            if ex.command.contains("--bless") {
                continue;
            }
            let real = ex.command.replace("boardsh", &format!("'{bin}'"));
            // Prompt examples run in an empty directory (they may `save`).
            let tmp = tempfile::tempdir().unwrap();
            let dir = if ex.stdin.is_some() {
                tmp.path()
            } else {
                root.as_path()
            };
            let mut child = crate::common::test::isolate(&mut Command::new("sh"))
                .arg("-c")
                .arg(&real)
                .current_dir(dir)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let input = ex.stdin.clone().unwrap_or_default();
            let mut stdin = child.stdin.take().unwrap();
            std::io::Write::write_all(&mut stdin, input.as_bytes()).unwrap();
            drop(stdin);
            let out = child.wait_with_output().unwrap();
            let got = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            let got_lines: Vec<&str> = got.lines().collect();
            assert!(
                matches(&ex.expected, &got_lines),
                "{} prints:\n{got}\nbut the document quotes:\n{}",
                ex.place,
                ex.expected.join("\n")
            );
            run += 1;
            if ex.stdin.is_some() {
                prompts += 1;
            }
        }
    }
    // The README has eight `$` examples, docs/course.md eight, the guide
    // one (`boardsh test`) and two prompt sessions: 19 when this was
    // written; far fewer means examples are being missed.
    assert!(run >= 15, "only {run} examples run");
    assert!(prompts >= 2, "only {prompts} prompt examples replayed");
    assert!(
        not_replayed <= 2,
        "{not_replayed} prompt examples not replayed"
    );
}
