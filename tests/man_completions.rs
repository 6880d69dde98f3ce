//! `boardsh completions SHELL` and `boardsh man` (issue 39, item 7): both
//! are generated from the clap definitions, so they must name every
//! subcommand the program has. The subcommands are listed here by hand
//! (from `Sub` in src/cli/args.rs), so a subcommand the generators missed,
//! or one added without its place here, fails.

use crate::common::Test;
use std::fs::OpenOptions;
use std::io::Write;
use std::process::{Command, Stdio};

/// Every subcommand of `boardsh` (clap's `help` aside).
const SUBCOMMANDS: [&str; 10] = [
    "test",
    "course",
    "agent",
    "match",
    "tablebase",
    "selfplay",
    "tune",
    "yut",
    "completions",
    "man",
];

fn stdout_of(args: &[&str]) -> String {
    let out = Test::new().args(args).any_stdout().run();
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn have(program: &str) -> bool {
    let ok = Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        crate::common::required_missing(program);
    }
    ok
}

#[test]
fn the_bash_script_names_every_subcommand_and_option() {
    let script = stdout_of(&["completions", "bash"]);
    // clap_complete's bash script defines `_boardsh` and registers it for
    // the command, and switches on `boardsh,SUBCOMMAND` as it walks the
    // words typed so far.
    assert!(script.starts_with("_boardsh() {"), "{script:.200}");
    assert!(script.contains("complete -F _boardsh"), "registers itself");
    for sub in SUBCOMMANDS {
        assert!(
            script.contains(&format!("boardsh,{sub})")),
            "bash names `{sub}`"
        );
    }
    assert!(
        script.contains("boardsh__subcmd__yut,solve)"),
        "bash names `yut solve`"
    );
    for flag in [
        "--keep-going",
        "--seed",
        "--level",
        "--computer",
        "--bless",
        "--tokens",
    ] {
        assert!(script.contains(flag), "bash names {flag}");
    }
}

#[test]
fn bash_completes_the_subcommands_and_the_shells() {
    if !have("bash") {
        return;
    }
    let script = stdout_of(&["completions", "bash"]);
    // Source the script, then ask its function what follows the words
    // typed so far, as bash's `complete -F` would (COMP_WORDS, COMP_CWORD,
    // then the function with the command, the word and the word before).
    let complete = |words: &str, cur: &str, prev: &str| -> Vec<String> {
        let program = format!(
            "{script}\nCOMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); \
             _boardsh boardsh '{cur}' '{prev}'; printf '%s\\n' \"${{COMPREPLY[@]}}\""
        );
        let out = Command::new("bash")
            .args(["--norc", "--noprofile", "-c", &program])
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    };
    let first = complete("boardsh ''", "", "boardsh");
    for sub in SUBCOMMANDS {
        assert!(
            first.iter().any(|w| w == sub),
            "`boardsh <Tab>` offers `{sub}`: {first:?}"
        );
    }
    let shells = complete("boardsh completions ''", "", "completions");
    for shell in ["bash", "zsh", "fish", "powershell"] {
        assert!(
            shells.iter().any(|w| w == shell),
            "offers {shell}: {shells:?}"
        );
    }
    let man = complete("boardsh ma", "ma", "boardsh");
    assert!(
        man.iter().any(|w| w == "man"),
        "`ma<Tab>` offers man: {man:?}"
    );
    assert!(
        man.iter().all(|w| w.starts_with("ma")),
        "only words starting `ma`: {man:?}"
    );
}

#[test]
fn zsh_fish_and_powershell_scripts_name_every_subcommand() {
    // Each generator's own form of a subcommand: zsh `'NAME:ABOUT'`, fish
    // `-a "NAME"`, PowerShell `'NAME'` completion results.
    type Form = fn(&str) -> String;
    let forms: [(&str, Form); 3] = [
        ("zsh", |s| format!("'{s}:")),
        ("fish", |s| format!("-a \"{s}\"")),
        ("powershell", |s| format!("CompletionResult]::new('{s}'")),
    ];
    for (shell, form) in forms {
        let script = stdout_of(&["completions", shell]);
        for sub in SUBCOMMANDS {
            assert!(script.contains(&form(sub)), "{shell} names `{sub}`");
        }
    }
    // Non-empty and different from one another: each shell has its own.
    assert_ne!(
        stdout_of(&["completions", "zsh"]),
        stdout_of(&["completions", "fish"])
    );
}

#[test]
fn the_man_page_is_roff_naming_every_subcommand() {
    let page = stdout_of(&["man"]);
    let lines: Vec<&str> = page.lines().collect();
    // The apostrophe string `Aq` is defined once (two lines), then the
    // title: `.TH NAME SECTION`.
    assert_eq!(lines[0], ".ie \\n(.g .ds Aq \\(aq");
    assert_eq!(lines[1], ".el .ds Aq '");
    assert!(lines[2].starts_with(".TH boardsh 1 "), "{}", lines[2]);
    assert_eq!(page.matches(".ds Aq").count(), 2, "defined once");
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH DESCRIPTION",
        ".SH OPTIONS",
        ".SH \"EXIT STATUS\"",
        ".SH ENVIRONMENT",
    ] {
        assert!(lines.contains(&section), "has {section}");
    }
    for sub in SUBCOMMANDS {
        let heading = format!(".SH \"BOARDSH {}\"", sub.to_uppercase());
        assert!(lines.contains(&heading.as_str()), "man names `{sub}`");
    }
    assert!(
        lines.contains(&".SH \"BOARDSH YUT SOLVE\""),
        "man names `yut solve`"
    );
    assert!(
        page.contains("\\-\\-keep\\-going"),
        "the options, dashes escaped"
    );
    assert!(
        !lines.contains(&".SH \"BOARDSH HELP\""),
        "clap's help is no section"
    );
}

#[test]
fn groff_reads_the_man_page_without_a_warning() {
    if !have("groff") {
        return;
    }
    let page = stdout_of(&["man"]);
    let mut groff = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-P-bcou"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("groff runs");
    groff
        .stdin
        .take()
        .unwrap()
        .write_all(page.as_bytes())
        .unwrap();
    let out = groff.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "no warning");
    let text = String::from_utf8_lossy(&out.stdout);
    // The formatted page (plain text: no bold or underline by overstrike),
    // not the roff: headings as text, no macros left.
    assert!(text.contains("BOARDSH COMPLETIONS"), "{text:.500}");
    assert!(!text.contains(".SH"), "every macro understood");
}

#[test]
fn a_file_named_man_is_reached_as_dot_slash_man() {
    // `man` as the first word is the subcommand, even with a file of that
    // name in the directory (as `test` is); `./man` is the file.
    Test::new()
        .file("man", "fen\n")
        .args(["man"])
        .stdout_contains(".TH boardsh 1")
        .run();
    Test::new()
        .file("man", "fen\n")
        .args(["./man"])
        .stdout("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n")
        .run();
    Test::new()
        .file("completions", "fen\n")
        .args(["./completions"])
        .stdout("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n")
        .run();
}

#[test]
fn a_bad_shell_is_a_usage_error_and_a_full_device_a_failure() {
    // clap's usage error: status 2, the possible values named.
    let out = Test::new()
        .args(["completions", "nosh"])
        .status(2)
        .any_stderr()
        .run();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("invalid value 'nosh'"), "{err}");
    assert!(err.contains("bash") && err.contains("powershell"), "{err}");
    // Writing fails with ENOSPC on /dev/full: status 1 and the reason, as
    // for every other output.
    for args in [&["man"][..], &["completions", "zsh"]] {
        let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = crate::common::command()
            .args(args)
            .stdin(Stdio::null())
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "boardsh: error: cannot write the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

/// A shell name with control characters is echoed escaped (`\x1b`,
/// `\r`), as diagnostics echo input: with colour on (a terminal, forced
/// here) clap echoed an ESC raw, so `completions $'\e[2J'` cleared the
/// screen, and a carriage return went raw even without colour.
#[test]
fn a_shell_name_with_control_characters_is_echoed_escaped() {
    for colour in [false, true] {
        let mut test = Test::new().args(["completions", "x\u{1b}[2Jy\rz"]);
        if colour {
            test = test.env("CLICOLOR_FORCE", "1");
        }
        let out = test.status(2).any_stderr().run();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("x\\x1b[2Jy\\x0dz"), "{err:?}");
        assert!(!err.contains("\u{1b}[2J") && !err.contains('\r'), "{err:?}");
        // Colour's own codes are the only escapes left.
        if !colour {
            assert!(
                !err.contains(|c: char| c.is_control() && c != '\n'),
                "{err:?}"
            );
        }
    }
}
