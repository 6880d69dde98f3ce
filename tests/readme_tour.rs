//! The README's tour shows real output: each `$ boardsh ...` example in the
//! "A short tour" section is run (through `sh`, with the built binary) and
//! must print exactly the lines quoted under it.

use std::process::Command;

/// (command, expected output) pairs of the tour: an indented `$ ` line,
/// then the indented lines up to the next blank line or prose.
fn examples(readme: &str) -> Vec<(String, String)> {
    let start = readme.find("## A short tour").expect("tour section");
    let end = readme[start..]
        .find("\n## ")
        .map_or(readme.len(), |i| start + i);
    let mut out = Vec::new();
    let mut lines = readme[start..end].lines().peekable();
    while let Some(line) = lines.next() {
        let Some(cmd) = line.strip_prefix("    $ ") else {
            continue;
        };
        let mut expected = String::new();
        while let Some(next) = lines.peek() {
            match next.strip_prefix("    ") {
                Some(text) if !text.starts_with("$ ") => {
                    expected.push_str(text);
                    expected.push('\n');
                    lines.next();
                }
                _ => break,
            }
        }
        out.push((cmd.to_string(), expected));
    }
    out
}

#[test]
fn the_tour_shows_real_output() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let examples = examples(&readme);
    assert!(examples.len() >= 5, "found {} examples", examples.len());
    let bin = env!("CARGO_BIN_EXE_boardsh");
    for (cmd, expected) in examples {
        let real = cmd.replace("boardsh", &format!("'{bin}'"));
        let out = Command::new("sh")
            .arg("-c")
            .arg(&real)
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .output()
            .unwrap();
        let got = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(got, expected, "README example `{cmd}`");
    }
}
