//! Every setting, from the registry (a new setting is covered without a
//! line here): a value other than its default survives `set`, `save` and a
//! replay in a fresh run; a value of the wrong kind (a word for a number,
//! a number out of the range, a number for `on`/`off`, ...) is refused
//! with an error that shows the setting's line and what it takes, and
//! changes nothing.

use crate::common::Test;
use boardsh::shell::{Setting, ValueKind};

/// The value column of `set`'s line for `name` (the listing is
/// `NAME  VALUE  SUMMARY`, one setting a line).
fn shown(listing: &str, name: &str) -> Option<String> {
    listing.lines().find_map(|line| {
        let mut words = line.split_whitespace();
        (words.next() == Some(name)).then(|| words.next().unwrap_or("").to_string())
    })
}

/// What `set` lists after `commands`, run by `-c` in a fresh process.
fn listing_after(commands: &str) -> (String, String, Option<i32>) {
    let out = Test::new()
        .arg("--keep-going")
        .args(["-c", commands, "-c", "set"])
        .output();
    (
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
        out.status.code(),
    )
}

/// A valid value of `setting` that is not its default: among the words
/// completion offers and the ends of its range, the first the setting
/// takes whose shown form differs from the default's.
fn other_value(setting: Setting) -> String {
    let default = setting.spec().default.to_string();
    let mut candidates: Vec<String> = setting
        .completions()
        .iter()
        .map(|w| w.to_string())
        .collect();
    if let Some((min, max)) = setting.range() {
        candidates.extend([max.to_string(), min.to_string()]);
    }
    candidates
        .into_iter()
        .find(|c| *c != default && setting.parse(c).is_ok())
        .unwrap_or_else(|| panic!("no other value for `{}`", setting.name()))
}

#[test]
fn every_setting_survives_set_save_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    for &setting in Setting::ALL {
        let name = setting.name();
        let value = other_value(setting);
        let file = dir.path().join(format!("{name}.bsh"));
        let path = file.to_str().unwrap();
        // `set` shows the value set, in the form it was given (the
        // candidates are the forms `set` shows: lower-case words, plain
        // numbers).
        let out = Test::new()
            .args(["-c", &format!("set {name} {value}; set; save {path}")])
            .output();
        let (err, code) = (String::from_utf8(out.stderr).unwrap(), out.status.code());
        let stdout = String::from_utf8(out.stdout).unwrap();
        let wrote = format!("wrote `{path}`\n");
        let listing = stdout
            .strip_suffix(&wrote)
            .unwrap_or_else(|| panic!("{stdout}"));
        // (`timer on` reports each line's time on stderr: no error.)
        assert_eq!(code, Some(0), "{name} {value}: {err}");
        assert!(!err.contains("error"), "{name} {value}: {err}");
        assert_eq!(shown(listing, name), Some(value.clone()), "{name}");
        // The saved file holds the setting's line (the seed's with the
        // sticks' random state after `+`: no throw was made, so `+0`).
        let saved = std::fs::read_to_string(&file).unwrap();
        let line = match setting {
            Setting::Seed => format!("set seed {value}+0"),
            _ => format!("set {name} {value}"),
        };
        assert!(saved.lines().any(|l| l == line), "{name}: {saved}");
        // A fresh run replays the file: `set` shows the same value.
        let out = Test::new().arg(&file).args(["-c", "set"]).output();
        assert!(out.status.success(), "{name}: {out:?}");
        let replayed = String::from_utf8(out.stdout).unwrap();
        assert_eq!(shown(&replayed, name), Some(value.clone()), "{name}");
        // The other settings stay at their defaults: the whole listing is
        // the one of the run that set it.
        assert_eq!(replayed, listing, "{name}");
    }
}

#[test]
fn a_value_of_the_wrong_kind_is_refused_and_changes_nothing() {
    let (fresh, _, code) = listing_after("");
    assert_eq!(code, Some(0));
    for &setting in Setting::ALL {
        let name = setting.name();
        let spec = setting.spec();
        // The wrong values by kind (every kind but a file name's has at
        // least two).
        let bad: Vec<String> = match spec.kind {
            ValueKind::Flag => vec!["3".into(), "yes".into(), "auto".into()],
            ValueKind::Number { min, max } => {
                let mut bad = vec!["lots".into(), "on".into(), "-1".into(), "1.5".into()];
                if max < u64::MAX {
                    bad.push((max + 1).to_string());
                }
                if min > 0 {
                    bad.push((min - 1).to_string());
                }
                bad
            }
            ValueKind::Threads { min, max } => vec![
                "lots".into(),
                "on".into(),
                (max + 1).to_string(),
                (min - 1).to_string(),
            ],
            ValueKind::Sticks => vec!["lots".into(), "on".into(), "0.95".into(), "1".into()],
            ValueKind::Rules
            | ValueKind::Team
            | ValueKind::Computer
            | ValueKind::Draw
            | ValueKind::Show
            | ValueKind::Flip
            | ValueKind::Theme => vec!["3".into(), "lots".into()],
            ValueKind::Tutor => vec!["3".into(), "on".into(), "???".into(), "!".into()],
            // Any word names a network file: its refusals (a missing,
            // truncated or foreign file) are `tests/net.rs`'s.
            ValueKind::Net => vec![],
        };
        for bad in bad {
            let (listing, err, code) = listing_after(&format!("set {name} {bad}"));
            // The error shows the line (naming the setting) and what the
            // setting takes; `--keep-going` runs the `set` after it, which
            // lists what a fresh run lists.
            assert_eq!(code, Some(1), "{name} {bad}: {err}");
            assert!(
                err.contains(&format!("error: expected {}, found `{bad}`", spec.expects)),
                "{name} {bad}: {err}"
            );
            assert!(
                err.contains(&format!("    set {name} {bad}\n")),
                "{name} {bad}: {err}"
            );
            assert_eq!(listing, fresh, "{name} {bad}");
        }
    }
}

#[test]
fn a_flag_takes_what_its_setting_takes() {
    // `--level 13` is refused as `set level 13` is (1..=12), with what
    // the setting takes; `--threads auto` is taken as `set threads auto`.
    let out = Test::new().args(["--level", "13", "-c", "set"]).output();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("invalid value '13' for '--level <N>': expected a level 1 to 12"),
        "{err}"
    );
    let out = Test::new()
        .args(["--threads", "auto", "--computer", "Upper", "-c", "set"])
        .output();
    assert!(out.status.success(), "{out:?}");
    let listing = String::from_utf8(out.stdout).unwrap();
    assert_eq!(shown(&listing, "threads").as_deref(), Some("auto"));
    assert_eq!(shown(&listing, "computer").as_deref(), Some("upper"));
}

#[test]
fn a_setting_named_without_a_value_shows_the_one_in_force() {
    // `set level` and `set computer` with no value show the setting's row
    // of the listing (name, value, summary), as `set` lists it; nothing
    // changes. Every setting does so, from the registry.
    let run = |script: &str| {
        let out = Test::new().args(["-c", script]).output();
        assert!(out.status.success(), "{script}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let listing = run("set");
    for setting in Setting::ALL {
        let name = setting.name();
        let alone = run(&format!("set {name}"));
        let first = alone.lines().next().unwrap();
        assert!(first.starts_with(&format!("{name} ")), "{alone}");
        assert!(listing.contains(&alone), "set {name}: {alone}");
    }
    // A changed value is the one shown.
    let out = run("set level 5; set level; set computer congo black; set computer");
    assert_eq!(out.lines().count(), 2, "{out}");
    assert_eq!(shown(&out, "level").as_deref(), Some("5"));
    assert_eq!(shown(&out, "computer").as_deref(), Some("black"));
}

#[test]
fn a_mistyped_setting_name_suggests_the_nearest() {
    // `levle` is `level` with two letters swapped (edit distance 2): it
    // is named; `colour` is near no setting name, so nothing is.
    Test::new()
        .args(["-c", "set levle 3"])
        .stderr(
            "<command line>:1:5: error: expected a setting name (`set` lists them), found `levle` (did you mean `level`?)\n    set levle 3\n        ^^^^^\n",
        )
        .status(1)
        .run();
    Test::new()
        .args(["-c", "set colour on"])
        .stderr_contains("found `colour`\n")
        .status(1)
        .run();
}

/// `text` with every run of white space one space (a paragraph wrapped
/// at any width reads the same).
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_declaration_reaches_set_save_help_set_and_the_flags() {
    // Walks the settings' declarations (src/shell/settings/table.rs): a
    // setting added there is checked here without a line of its own. Each
    // has its row in `set` and its line in `save`; its `help set` note, if
    // declared, is in `help set`; its flag, if declared, is in
    // `boardsh --help` and sets it as `set` does, and a setting declared
    // without one has no flag.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("saved.bsh");
    let path = file.to_str().unwrap();
    let out = Test::new()
        .args(["-c", &format!("set; save {path}")])
        .output();
    assert!(out.status.success(), "{out:?}");
    let listing = String::from_utf8(out.stdout).unwrap();
    let saved = std::fs::read_to_string(&file).unwrap();
    let help_set = Test::new().args(["-c", "help set"]).output();
    let help_set = words(&String::from_utf8(help_set.stdout).unwrap());
    let help = Test::new().arg("--help").output();
    let help = String::from_utf8(help.stdout).unwrap();
    for &setting in Setting::ALL {
        let name = setting.name();
        let spec = setting.spec();
        assert!(shown(&listing, name).is_some(), "set: {name}\n{listing}");
        assert!(
            saved
                .lines()
                .any(|l| l.starts_with(&format!("set {name} "))),
            "save: {name}\n{saved}"
        );
        if let Some(note) = spec.note {
            assert!(help_set.contains(&words(&note())), "help set: {name}");
        }
        let long = format!("--{name}");
        match spec.flag {
            Some(flag) => {
                let usage = match flag.value_name {
                    Some(v) => format!("{long} <{v}>"),
                    None => long.clone(),
                };
                assert!(
                    help.lines().any(|l| l.trim_start().contains(&usage)),
                    "--help: {usage}\n{help}"
                );
                // The flag sets what `set NAME VALUE` sets (a switch: on).
                let value = match flag.value_name {
                    Some(_) => other_value(setting),
                    None => "on".to_string(),
                };
                let mut given = vec![long.clone()];
                if flag.value_name.is_some() {
                    given.push(value.clone());
                }
                if let Some(c) = flag.short {
                    // The short form alone stands for the long one.
                    given = vec![format!("-{c}")];
                }
                let out = Test::new()
                    .args(given)
                    .args(["-c", &format!("set {name}")])
                    .output();
                assert!(out.status.success(), "{long}: {out:?}");
                let row = String::from_utf8(out.stdout).unwrap();
                assert_eq!(shown(&row, name), Some(value), "{long}");
            }
            None => {
                // No flag declared: none on the command line.
                let listed = help.lines().any(|l| {
                    let l = l.trim_start();
                    l.starts_with('-') && l.split([' ', ',']).any(|w| w == long)
                });
                assert!(!listed, "{long}");
                let out = Test::new().args([long.as_str(), "-c", "set"]).output();
                assert_eq!(out.status.code(), Some(2), "{long}: {out:?}");
            }
        }
    }
}
