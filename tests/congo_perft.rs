//! Perft counts from `congo-rules.md`: the start position and the four
//! rule-sensitive positions. Deeper counts are `#[ignore]`d; run them with
//! `cargo test --release --test main congo_perft:: -- --ignored`.

use boardsh::congo::{Counting, PerftProgress, divide_with, perft_with};
use boardsh::congo::{Position, START_FEN, divide, fen, legal_moves, perft};
use boardsh::interrupt::{Interrupt, Interrupted, Never};
use std::sync::atomic::{AtomicBool, Ordering};

/// The rule-sensitive positions with their counts at depths 1..=4.
const POSITIONS: [(&str, [u64; 4]); 4] = [
    (
        "1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2 b 0",
        [33, 1_325, 44_701, 1_779_478],
    ),
    ("7/4l2/7/4c2/7/2p4/1M1L3 w 0", [12, 215, 2_138, 37_635]),
    (
        "4z2/3l3/S3p2/3e3/4LP1/3m1e1/1P3Pg b 0",
        [35, 621, 18_275, 328_355],
    ),
    (
        "4l2/3g1pP/1p2e2/3sMe1/E2zSpp/4S2/2sL3 w 0",
        [53, 2_394, 68_656, 2_734_304],
    ),
];

const START: [u64; 6] = [24, 576, 14_332, 356_456, 9_404_326, 247_900_251];

fn pos(s: &str) -> Position {
    fen::parse(s).unwrap()
}

#[test]
fn start_depths_1_to_4() {
    let p = pos(START_FEN);
    for (depth, &want) in (1..=4).zip(&START) {
        assert_eq!(perft(&p, depth), want, "depth {depth}");
    }
}

/// About 0.4 s in the debug test profile.
#[test]
fn start_depth_5() {
    assert_eq!(perft(&pos(START_FEN), 5), START[4]);
}

#[test]
#[ignore = "about 1 s in release, 10 s in debug; run with -- --ignored"]
fn start_depth_6() {
    assert_eq!(perft(&pos(START_FEN), 6), START[5]);
}

#[test]
fn rule_sensitive_depths_1_to_3() {
    for (fen, counts) in POSITIONS {
        let p = pos(fen);
        for (depth, &want) in (1..=3).zip(&counts) {
            assert_eq!(perft(&p, depth), want, "{fen} depth {depth}");
        }
    }
}

#[test]
#[ignore = "deep count; run with -- --ignored"]
fn rule_sensitive_depth_4() {
    for (fen, counts) in POSITIONS {
        assert_eq!(perft(&pos(fen), 4), counts[3], "{fen}");
        let progress = PerftProgress::default();
        let counting = Counting {
            threads: 2,
            stop: &Never,
            progress: &progress,
        };
        assert_eq!(perft_with(&pos(fen), 4, &counting), Ok(counts[3]), "{fen}");
    }
}

#[test]
fn depth_zero_counts_the_position() {
    assert_eq!(perft(&pos(START_FEN), 0), 1);
    assert!(divide(&pos(START_FEN), 0).is_empty());
}

#[test]
fn divide_sums_to_perft_and_is_sorted() {
    let p = pos(START_FEN);
    let split = divide(&p, 3);
    assert_eq!(split.len(), 24);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 14_332);
    let names: Vec<String> = split.iter().map(|(m, _)| m.to_string()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    // The zebra's two leaps and the pawn pushes are all there.
    assert!(names.contains(&"g1f3".to_string()));
    assert!(names.contains(&"a2a3".to_string()));
}

/// A position where a lion is missing has no children, even at depth 1.
#[test]
fn missing_lion_has_no_children() {
    for fen in [
        "7/7/7/7/7/7/3L3 w 0",
        "3l3/7/7/7/7/7/7 b 0",
        "7/7/7/7/7/7/7 w 0",
    ] {
        let p = pos(fen);
        assert_eq!(perft(&p, 1), 0, "{fen}");
        assert_eq!(perft(&p, 3), 0, "{fen}");
        assert_eq!(perft(&p, 0), 1, "{fen}");
    }
}

/// Counting on several threads gives the counts above: the expected
/// numbers are the specification's (the constants at the top), and divide's
/// rows must come in sorted order, one per legal root move, summing to them.
#[test]
fn same_counts_on_1_2_and_4_threads() {
    let cases = std::iter::once((START_FEN, &START[..4]))
        .chain(POSITIONS.iter().map(|(fen, counts)| (*fen, &counts[..3])));
    for (fen, counts) in cases {
        let p = pos(fen);
        let roots: Vec<String> = legal_moves(&p).iter().map(ToString::to_string).collect();
        for threads in [1, 2, 4] {
            for (depth, &want) in (1..).zip(counts) {
                let progress = PerftProgress::default();
                let counting = Counting {
                    threads,
                    stop: &Never,
                    progress: &progress,
                };
                assert_eq!(
                    perft_with(&p, depth, &counting),
                    Ok(want),
                    "{fen} depth {depth}, {threads} threads"
                );
                assert_eq!(progress.nodes.load(Ordering::Relaxed), want);
                let progress = PerftProgress::default();
                let counting = Counting {
                    progress: &progress,
                    ..counting
                };
                let mut rows = Vec::new();
                let total = divide_with(&p, depth, &counting, &mut |mv, n| {
                    rows.push((mv.to_string(), n));
                });
                assert_eq!(total, Ok(want), "{fen} divide {depth}, {threads} threads");
                let names: Vec<String> = rows.iter().map(|(m, _)| m.clone()).collect();
                let mut sorted = roots.clone();
                sorted.sort();
                assert_eq!(names, sorted, "{fen} divide {depth}: rows in sorted order");
                assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), want);
                // Each row is the perft of the child one ply less deep.
                for (mv, n) in &rows {
                    let child = p.after(mv.parse().unwrap()).unwrap();
                    assert_eq!(perft(&child, depth - 1), *n, "{fen} {mv}");
                }
                assert_eq!(progress.roots_done.load(Ordering::Relaxed), roots.len());
            }
        }
    }
}

/// Stops once the shared leaf counter reaches a budget.
struct Budget<'a>(&'a PerftProgress, u64);

impl Interrupt for Budget<'_> {
    fn interrupted(&self) -> bool {
        self.0.nodes.load(Ordering::Relaxed) >= self.1
    }
}

/// An interrupt stops every thread: perft 8 from the start (about 170 G
/// leaves, hours in a debug build) interrupted after a million leaves
/// returns `Interrupted`, and divide has reported a sorted prefix of the
/// root moves with their true counts.
#[test]
fn an_interrupt_stops_all_threads() {
    let p = pos(START_FEN);
    let full = divide(&p, 5);
    for threads in [1, 2, 4] {
        let progress = PerftProgress::default();
        let budget = Budget(&progress, 1_000_000);
        let counting = Counting {
            threads,
            stop: &budget,
            progress: &progress,
        };
        assert_eq!(perft_with(&p, 8, &counting), Err(Interrupted));
        let flag = AtomicBool::new(true);
        let counting = Counting {
            threads,
            stop: &flag,
            progress: &progress,
        };
        assert_eq!(perft_with(&p, 8, &counting), Err(Interrupted));
        // At depth 5 a budget of 1.2 M leaves (of 9.4 M) lets a few root
        // moves finish first.
        let progress = PerftProgress::default();
        let budget = Budget(&progress, 1_200_000);
        let counting = Counting {
            threads,
            stop: &budget,
            progress: &progress,
        };
        let mut rows = Vec::new();
        let got = divide_with(&p, 5, &counting, &mut |mv, n| rows.push((mv, n)));
        assert_eq!(got, Err(Interrupted));
        assert!(rows.len() < full.len());
        assert_eq!(rows[..], full[..rows.len()], "{threads} threads");
        assert_eq!(progress.roots_done.load(Ordering::Relaxed), rows.len());
    }
}

/// Issue 16: after any of Black's 44 moves here, White's monkey on a1 has
/// tens of millions of jump paths through the lattice of black pawns, so a
/// perft that lists each child's moves needs gigabytes at depth 3 before it
/// counts anything. Counting as the moves are generated keeps the peak
/// resident memory of the whole process (`VmHWM`) far under 100 MB while 5 M
/// leaves are counted on two threads. Run in a child process so that no
/// other test's memory counts.
#[test]
fn monkey_lattice_perft_memory_is_flat() {
    // The child's test name: its module path without the crate's name
    // (`congo_perft::monkey_lattice_child` in the one test binary).
    let child = match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::monkey_lattice_child"),
        None => "monkey_lattice_child".to_string(),
    };
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([child.as_str(), "--exact", "--test-threads=1"])
        .env(LATTICE_CHILD, "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("1 passed"), "{text}");
}

const LATTICE_CHILD: &str = "BOARDSH_TEST_LATTICE_CHILD";

/// The child of [`monkey_lattice_perft_memory_is_flat`] (does nothing
/// unless run by it).
#[test]
fn monkey_lattice_child() {
    if std::env::var_os(LATTICE_CHILD).is_none() {
        return;
    }
    let p = pos("1plp1pL/ppppppp/1p1p1p1/ccccccc/1p1p1p1/ppppppp/Mp1p1p1 b 0");
    let progress = PerftProgress::default();
    let budget = Budget(&progress, 5_000_000);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let stop = boardsh::interrupt::Either(&budget, deadline);
    let counting = Counting {
        threads: 2,
        stop: &stop,
        progress: &progress,
    };
    assert_eq!(perft_with(&p, 3, &counting), Err(Interrupted));
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let peak_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    assert!(peak_kb < 100 * 1024, "peak {peak_kb} kB");
    assert!(progress.nodes.load(Ordering::Relaxed) > 0);
}
