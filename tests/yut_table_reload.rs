//! The Yut tables of the data directory are looked at again at each
//! `hint`: a table solved by another process while a session runs
//! answers the session's next hint exactly.

use crate::common::command;
use std::io::{Read, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

use crate::common::mkfifo;

#[test]
fn a_table_solved_during_a_session_answers_the_next_hint() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let fifo = dir.path().join("more.bsh");
    mkfifo(&fifo);
    // A one-token game: upper throws a yut and a do, asks for a hint (no
    // table yet: estimated), then reads more commands from the FIFO.
    let mut child = command()
        .current_dir(dir.path())
        .env("XDG_DATA_HOME", &data)
        .args([
            "-c",
            "set tokens 1\nthrow FFFF\nthrow FBBB\nhint\nsource more.bsh",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Opening the FIFO to write waits for boardsh to open it to read,
    // which it does after the first hint. (In a thread, so that a
    // broken build fails the test instead of hanging it.)
    let (tx, rx) = mpsc::channel();
    let path = fifo.clone();
    std::thread::spawn(move || {
        let _ = tx.send(std::fs::File::options().write(true).open(&path));
    });
    let mut writer = rx
        .recv_timeout(Duration::from_secs(120))
        .expect("boardsh reaches `source more.bsh`")
        .unwrap();
    // Another process solves the one-token table into the data directory.
    let solved = command()
        .env("XDG_DATA_HOME", &data)
        .args(["yut", "solve", "--tokens", "1"])
        .output()
        .unwrap();
    assert!(solved.status.success(), "{solved:?}");
    assert!(data.join("boardsh/yut-solve-k1-cap10.bin").is_file());
    writer.write_all(b"hint\n").unwrap();
    drop(writer);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(child.wait().unwrap().success(), "{out}{err}");
    assert_eq!(err, "");
    // The same position both times: A home with a yut and a do pending;
    // either order takes A five steps to mo (one plan). The first hint
    // estimates, the second reads the table.
    let hints: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("upper to move, yut (4), do (1) pending: "))
        .collect();
    assert_eq!(hints.len(), 2, "{out}");
    assert!(
        hints[0].contains("(estimated by 1000 games a plan, "),
        "{out}"
    );
    assert!(
        hints[1].contains("(exact, from the solved table; "),
        "{out}"
    );
    let plans: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  move A yut, then move A do: A home -> mo: "))
        .collect();
    assert_eq!(plans.len(), 2, "{out}");
}
