//! The Congo engine's evaluation network at the shell and on the command
//! line (issue 40): `set net FILE|off|default` (a file that cannot be
//! read or used is refused and the network in use stays), `set` and
//! `save` showing it, `eval`'s network line, and `agent`/`selfplay
//! --net`. The file format itself is `congo::nnue::file`'s unit tests'.

use crate::common::Test;
use boardsh::congo::Position;
use boardsh::congo::nnue::{Accumulators, N_FEATURES, Network, default_description, default_net};

/// A small network file: random weights, two lines of description.
fn good_file() -> Vec<u8> {
    Network::random(16, 7).to_bytes("trained on nothing\nsecond line")
}

/// The value column of `set`'s row for `net` (the rest of the line after
/// the name, up to the summary's two spaces, or all of it when the value
/// stands alone on its row).
fn net_row(listing: &str) -> String {
    let line = listing
        .lines()
        .find(|l| l.starts_with("net "))
        .unwrap_or_else(|| panic!("no net row in {listing}"));
    let value = line["net".len()..].trim_start();
    match value.split_once("  ") {
        Some((v, _)) => v.to_string(),
        None => value.to_string(),
    }
}

/// What `set` lists after `commands` (run with `--keep-going`), stderr and
/// the status.
fn listing_after(test: Test, commands: &str) -> (String, String, Option<i32>) {
    let out = test
        .arg("--keep-going")
        .args(["-c", commands, "-c", "set"])
        .output();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

#[test]
fn a_good_file_is_used_and_listed() {
    let (listing, err, code) = listing_after(
        Test::new().file("good.nnue", good_file()),
        "set net good.nnue",
    );
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(net_row(&listing), "good.nnue");
}

#[test]
fn off_and_default_are_listed() {
    // A fresh session starts with STARTUP_NET: `off` until a trained
    // network is built in.
    let (listing, _, _) = listing_after(Test::new(), "set net off");
    assert_eq!(net_row(&listing), "off");
    // The built-in network: its size and its description's first line.
    let net = default_net().unwrap();
    let first = default_description().unwrap().lines().next().unwrap_or("");
    let (listing, err, code) = listing_after(Test::new(), "set net default");
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(
        net_row(&listing),
        format!("default ({} hidden, {first})", net.hidden())
    );
    // `DEFAULT` in any case, as every setting's words.
    let (listing, _, _) = listing_after(Test::new(), "set net DEFAULT; set net off");
    assert_eq!(net_row(&listing), "off");
}

#[test]
fn a_truncated_file_is_refused_and_the_network_stays() {
    let good = good_file();
    // 16 hidden units: 40 header bytes, 30 of description, 2 × (784 × 16
    // + 16 + 32) of weights, 4 of bias, 8 of checksum = 25,266 bytes.
    assert_eq!(
        good.len(),
        40 + 30 + 2 * (N_FEATURES * 16 + 16 + 32) + 4 + 8
    );
    assert_eq!(good.len(), 25_266);
    let cut = good[..good.len() - 10].to_vec();
    let test = Test::new().file("good.nnue", &good).file("cut.nnue", cut);
    let (listing, err, code) = listing_after(test, "set net good.nnue; set net cut.nnue");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "error: cannot use `cut.nnue` as a network: truncated: expected 25266 bytes, got 25256"
        ),
        "{err}"
    );
    assert_eq!(net_row(&listing), "good.nnue", "the network before is kept");
}

#[test]
fn a_foreign_or_missing_file_is_refused_and_the_network_stays() {
    let mut flipped = good_file();
    flipped[100] ^= 1;
    let test = Test::new()
        .file("text.nnue", "not a network\n")
        .file("flipped.nnue", flipped);
    let (listing, err, code) = listing_after(
        test,
        "set net default; set net text.nnue; set net flipped.nnue; set net none.nnue; set net .",
    );
    assert_eq!(code, Some(1), "{err}");
    // The caret stands on the file's name: `set net ` is 8 bytes.
    assert!(
        err.contains(
            "<command line>:1:26: error: cannot use `text.nnue` as a network: not a boardsh network file"
        ),
        "{err}"
    );
    assert!(
        err.contains("cannot use `flipped.nnue` as a network: checksum mismatch"),
        "{err}"
    );
    assert!(
        err.contains("cannot read `none.nnue`: no such file"),
        "{err}"
    );
    assert!(
        err.contains("cannot read `.`: it is a directory, not a regular file"),
        "{err}"
    );
    assert!(net_row(&listing).starts_with("default ("), "{listing}");
}

#[test]
fn save_writes_the_network_and_a_replay_reads_it_again() {
    // A directory of the test's own: a `Test`'s goes with its run.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("good.nnue"), good_file()).unwrap();
    std::fs::write(dir.path().join("a net.nnue"), good_file()).unwrap();
    let out = Test::new()
        .current_dir(dir.path())
        .args(["-c", "set net good.nnue; save s.bsh; eval"])
        .any_stdout()
        .output();
    assert!(out.status.success(), "{out:?}");
    let saved = std::fs::read_to_string(dir.path().join("s.bsh")).unwrap();
    assert!(saved.lines().any(|l| l == "set net good.nnue"), "{saved}");
    // The replay (in the same directory) reads the file again: the same
    // network line.
    let replay = Test::new()
        .current_dir(dir.path())
        .args(["s.bsh", "-c", "eval"])
        .any_stdout()
        .output();
    assert!(replay.status.success(), "{replay:?}");
    let last = |b: &[u8]| {
        String::from_utf8_lossy(b)
            .lines()
            .last()
            .unwrap()
            .to_string()
    };
    assert_eq!(last(&replay.stdout), last(&out.stdout));
    assert!(last(&out.stdout).starts_with("network: "));
    // A name with a space is written quoted, and read back.
    Test::new()
        .current_dir(dir.path())
        .args([
            "-c",
            "set net \"a net.nnue\"; save! s.bsh; set net off; source s.bsh; set",
        ])
        .stdout_with(|out| net_row(out) == "\"a net.nnue\"")
        .run();
    let saved = std::fs::read_to_string(dir.path().join("s.bsh")).unwrap();
    assert!(
        saved.lines().any(|l| l == "set net \"a net.nnue\""),
        "{saved}"
    );
}

/// `eval`'s lines: the nine terms and the total, and `network` last when
/// a network is set.
fn eval_lines(test: Test, commands: &str) -> Vec<String> {
    let out = test.args(["-c", commands]).any_stdout().output();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// A network whose every weight is zero and whose output bias is `bias`:
/// every position scores `bias × 400 / (255 × 1024)`, toward zero.
fn constant_net(bias: i32) -> Vec<u8> {
    let h = 4;
    Network::new(vec![0; N_FEATURES * h], vec![0; h], vec![0; 2 * h], bias)
        .unwrap()
        .to_bytes("constant")
}

#[test]
fn eval_shows_the_network_only_with_one() {
    let without = eval_lines(Test::new(), "set net off; eval");
    assert_eq!(without.len(), 10);
    assert!(without.iter().all(|l| !l.starts_with("network")));
    // The built-in network starts: its line comes after the same terms.
    let default = eval_lines(Test::new(), "eval");
    assert_eq!(default[..10], without[..]);
    assert!(default[10].starts_with("network: "), "{}", default[10]);
    // The constant network, worked by hand: 1,600,000 × 400 / 261,120
    // (QA × QB) = 2,450.98..., so 2,450 cp for the side to move.
    let test = Test::new().file("c.nnue", constant_net(1_600_000));
    let with = eval_lines(test, "set net c.nnue; eval");
    assert_eq!(with[..10], without[..], "the hand-written terms unchanged");
    assert_eq!(with[10], "network: +24.50 (white)");
    assert_eq!(with.len(), 11);
    // Black to move: +24.50 for Black is -24.50 from White's side.
    let black = "fen 3l3/7/7/7/7/7/3L3 b 0";
    let test = Test::new().file("c.nnue", constant_net(1_600_000));
    let lines = eval_lines(test, &format!("{black}; set net c.nnue; eval"));
    assert_eq!(lines.last().unwrap(), "network: -24.50 (white)");
    // -16,000 × 400 / 261,120 = -24.5..., toward zero -24 cp.
    let test = Test::new().file("c.nnue", constant_net(-16_000));
    let lines = eval_lines(test, "set net c.nnue; eval");
    assert_eq!(lines.last().unwrap(), "network: -0.24 (white)");
}

#[test]
fn eval_of_a_random_network_is_its_evaluation() {
    // The library's evaluation (refresh, then evaluate for the side to
    // move), from White's side as `eval` shows it.
    let net = Network::random(16, 7);
    for (fen, white_to_move) in [
        ("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0", true),
        ("gmel1cz/ppppppp/7/3e3/7/PPPPPPP/GMELECZ b 0", false),
    ] {
        let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e:?}"));
        let cp = net.evaluate(&Accumulators::refresh(&net, &pos), pos.side_to_move());
        let white = if white_to_move { cp } else { -cp };
        let shown = if white == 0 {
            "0.00".to_string()
        } else {
            let sign = if white < 0 { '-' } else { '+' };
            format!("{sign}{}.{:02}", white.abs() / 100, white.abs() % 100)
        };
        let test = Test::new().file("good.nnue", good_file());
        let lines = eval_lines(test, &format!("fen {fen}; set net good.nnue; eval"));
        assert_eq!(
            lines.last().unwrap(),
            &format!("network: {shown} (white)"),
            "{fen}"
        );
    }
}

#[test]
fn agent_refuses_a_bad_net_at_startup() {
    let mut cut = good_file();
    cut.truncate(100);
    Test::new()
        .file("cut.nnue", cut)
        .args(["agent", "--net", "cut.nnue"])
        .stdin("quit\n")
        .status(2)
        .stderr(
            "boardsh agent: --net: cannot use `cut.nnue` as a network: truncated: expected 25266 bytes, got 100\n",
        )
        .run();
    Test::new()
        .args(["agent", "--net", "none.nnue"])
        .stdin("quit\n")
        .status(2)
        .stderr("boardsh agent: --net: cannot read `none.nnue`: no such file\n")
        .run();
    // A good file, `off` and `default` start it (it reads to the end of
    // its input and stops).
    for net in ["good.nnue", "off", "default"] {
        Test::new()
            .file("good.nnue", good_file())
            .args(["agent", "--depth", "1", "--net", net])
            .stdin("")
            .run();
    }
}

#[test]
fn selfplay_refuses_a_bad_net_before_writing() {
    let test = Test::new().file("text.nnue", "hello");
    let dir = test.dir().to_owned();
    test.args(["selfplay", "--net", "text.nnue", "--out", "d.txt"])
        .status(2)
        .stderr_contains(
            "boardsh selfplay: --net: cannot use `text.nnue` as a network: not a boardsh network file",
        )
        .run();
    assert!(!dir.join("d.txt").exists());
}

/// A network file whose every weight is at its most and whose output
/// bias is `i32::MAX`, sealed with a correct checksum: the side to move
/// scores 2^31 × 400 / (255 × 1024), over 3 million cp, unclamped.
fn max_net() -> Vec<u8> {
    let h = 8;
    let max = i16::MAX;
    let net = Network::new(
        vec![max; N_FEATURES * h],
        vec![max; h],
        vec![max; 2 * h],
        i32::MAX,
    )
    .unwrap();
    let bytes = net.to_bytes("every weight at its most");
    assert_eq!(Network::from_bytes(&bytes).unwrap().0, net);
    bytes
}

#[test]
fn a_network_of_absurd_weights_never_claims_a_mate() {
    // The network's score is clamped to ±MAX_EVAL (289.99 pawns), inside
    // the search's non-mate range: `eval` shows the clamp, and no search
    // (`best`, `hint`, `review`) may turn the network's opinion into a
    // win in N or an exact verdict. Before, the start position read
    // `network: +65663.50`-like scores, `best` found "White wins in 5",
    // `hint` "100% (exact)", and `review` marked each move "wins in 2".
    // No lion can be taken in these few plies from the start, so any
    // "wins in" is the network's claim, not the game's.
    let out = Test::new()
        .file("max.nnue", max_net())
        .args(["-c", "set net max.nnue; eval"])
        .any_stdout()
        .output();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    // White to move scores +MAX_EVAL for White.
    assert_eq!(stdout.lines().last().unwrap(), "network: +289.99 (white)");
    let out = Test::new()
        .file("max.nnue", max_net())
        .args([
            "-c",
            "set net max.nnue; best depth 3; hint 3 depth 2; c2c3; c6c5; review depth 2",
        ])
        .any_stdout()
        .any_stderr()
        .output();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stdout}{stderr}");
    for claim in ["wins in", "exact"] {
        assert!(!stdout.contains(claim), "{claim:?} in:\n{stdout}");
    }
    // Each command answered, and every score it shows (`+12.34`, pawns)
    // is within the clamp. (Which move wins the tie between equal
    // scores is the search's business, not this test's.)
    for part in [
        "best ",
        "Congo hint (White to move), depth 2",
        "Congo review",
    ] {
        assert!(stdout.contains(part), "{part:?} in:\n{stdout}");
    }
    let scores: Vec<f64> = stdout
        .split_whitespace()
        .filter(|w| w.starts_with(['+', '-']) && w.contains('.'))
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(scores.len() >= 6, "{stdout}");
    assert!(scores.iter().all(|s| s.abs() <= 289.99), "{stdout}");
}

/// The value of `set`'s row for `seed`.
fn seed_row(listing: &str) -> String {
    let line = listing
        .lines()
        .find(|l| l.starts_with("seed "))
        .unwrap_or_else(|| panic!("no seed row in {listing}"));
    line["seed".len()..]
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// A saved session naming a network file beside it replays from another
/// working directory: `set net FILE` in a script is relative to the
/// script's directory (as `source` is), so it reads the file, and the
/// settings written after it (here the seed, 42 with no throw since)
/// run too. Before, the file was looked for in the working directory:
/// the line failed and, the saved file setting `keep-going off`, the
/// replay stopped there (status 1, the seed left at the default).
#[test]
fn a_saved_session_with_a_net_replays_from_another_directory() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game");
    std::fs::create_dir(&game).unwrap();
    std::fs::write(game.join("good.nnue"), good_file()).unwrap();
    Test::new()
        .current_dir(&game)
        .args(["-c", "set net good.nnue; set seed 42; save s.bsh"])
        .any_stdout()
        .run();
    let saved = std::fs::read_to_string(game.join("s.bsh")).unwrap();
    assert!(saved.lines().any(|l| l == "set net good.nnue"), "{saved}");
    // From the parent directory, and from an unrelated one.
    for (cwd, script) in [
        (dir.path().to_path_buf(), "game/s.bsh".to_string()),
        (
            std::env::temp_dir(),
            game.join("s.bsh").to_string_lossy().into_owned(),
        ),
    ] {
        let out = Test::new()
            .current_dir(&cwd)
            .args([script.as_str(), "-c", "set"])
            .any_stdout()
            .output();
        let listing = String::from_utf8_lossy(&out.stdout);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{script}: {err}");
        assert_eq!(seed_row(&listing), "42", "{script}: {listing}");
        // The network read is the file beside the script, named as the
        // working directory finds it.
        let named = std::path::Path::new(&script).with_file_name("good.nnue");
        assert_eq!(net_row(&listing), named.to_string_lossy(), "{script}");
    }
}

/// `save` into another directory names the network file so that the
/// saved file finds it: absolute, since the file was named relative to
/// the working directory, not to the saved file's.
#[test]
fn save_elsewhere_names_the_net_so_the_file_finds_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("good.nnue"), good_file()).unwrap();
    std::fs::create_dir(dir.path().join("out")).unwrap();
    Test::new()
        .current_dir(dir.path())
        .args(["-c", "set net good.nnue; set seed 7; save out/s.bsh"])
        .any_stdout()
        .run();
    let saved = std::fs::read_to_string(dir.path().join("out/s.bsh")).unwrap();
    let cwd = std::fs::canonicalize(dir.path()).unwrap();
    let named = saved
        .lines()
        .find_map(|l| l.strip_prefix("set net "))
        .unwrap_or_else(|| panic!("{saved}"));
    assert_eq!(
        std::fs::canonicalize(named).unwrap(),
        cwd.join("good.nnue"),
        "{saved}"
    );
    // It replays from the directory it is in.
    let out = Test::new()
        .current_dir(dir.path().join("out"))
        .args(["s.bsh", "-c", "set"])
        .any_stdout()
        .output();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(seed_row(&String::from_utf8_lossy(&out.stdout)), "7");
}

/// The other ways in which `--net` is given refuse a corrupt file too,
/// naming it, with the usage status and nothing made: the sharded
/// self-play job (`--out-dir`: no directory appears) and an agent at a
/// level (`--level`, whose engine is built apart from the full-strength
/// one). All go through the one loader (`congo::eval::resolve`).
#[test]
fn every_net_option_refuses_a_corrupt_file_naming_it() {
    let test = Test::new().file("text.nnue", "hello");
    let dir = test.dir().to_owned();
    test.args([
        "selfplay",
        "--net",
        "text.nnue",
        "--out-dir",
        "job",
        "--games",
        "2",
        "--shard-games",
        "1",
    ])
    .status(2)
    .stderr_contains(
        "boardsh selfplay: --net: cannot use `text.nnue` as a network: not a boardsh network file",
    )
    .run();
    assert!(!dir.join("job").exists());
    Test::new()
        .file("text.nnue", "hello")
        .args(["agent", "--level", "3", "--net", "text.nnue"])
        .stdin("quit\n")
        .status(2)
        .stderr_contains(
            "boardsh agent: --net: cannot use `text.nnue` as a network: not a boardsh network file",
        )
        .run();
}
