//! The trainer's input (`boardsh-train DATA...`): its data-file reader,
//! `boardsh_train::data::load`, on a file of any bytes. The first two
//! bytes pick `--max-score` (0 to 5,100) and `--val-frac` (0 to 1). The
//! file must read without a panic, and what is read must add up: every
//! line that is not blank counted once (bad, duplicate, filtered, train or
//! validation), the first five bad lines reported at their file and line,
//! every position stored with its two views of one feature a piece (each
//! below `N_FEATURES`), a result of 0, 0.5 or 1 and a score within the
//! limit. Each line that `parse_line` reads gives a position that prints
//! as a FEN reading back the same. Bytes that read as a binary data
//! file (the library's magic, or a NUL in the header's place) are read
//! whole or refused with the file's name. The file is written under
//! `/dev/shm` (`$TMPDIR` where there is none); the reader runs on one
//! thread.
#![no_main]

use boardsh::congo::fen;
use boardsh::congo::nnue::N_FEATURES;
use boardsh_train::data::{self, Dataset, REPORTED_BAD};
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The data file, one per process.
fn path() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let dir = if std::path::Path::new("/dev/shm").is_dir() {
            PathBuf::from("/dev/shm")
        } else {
            std::env::temp_dir()
        };
        dir.join(format!("boardsh-fuzz-train-{}.txt", std::process::id()))
    })
}

/// One thread, as `--threads 1`: the outcome does not depend on it.
fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("a pool of one thread")
    })
}

/// Every position of `set` well formed, with `|score| <= max_score`.
fn check(set: &Dataset, max_score: i32) {
    assert_eq!(set.starts.len(), set.len() + 1);
    assert_eq!(set.starts.first(), Some(&0));
    assert_eq!(set.starts.last(), Some(&set.feats.len()));
    assert_eq!(set.result.len(), set.len());
    assert_eq!(set.score.len(), set.len());
    for i in 0..set.len() {
        let (us, them) = set.views(i);
        assert_eq!(us.len(), them.len());
        assert!(us.len() <= 49, "{} pieces", us.len());
        assert!(us.iter().chain(them).all(|&f| usize::from(f) < N_FEATURES));
        assert!(
            [0.0, 0.5, 1.0].contains(&set.result[i]),
            "{}",
            set.result[i]
        );
        assert!(set.score[i].abs() <= max_score as f32, "{}", set.score[i]);
    }
}

fuzz_target!(|input: &[u8]| {
    let [a, b, bytes @ ..] = input else {
        return;
    };
    let max_score = i32::from(*a) * 20;
    let val_frac = f64::from(*b) / 255.0;
    let file = path();
    std::fs::write(file, bytes).expect("the data file is written");
    let loaded = pool().install(|| data::load(std::slice::from_ref(file), max_score, val_frac));
    let _ = std::fs::remove_file(file);
    if boardsh::congo::data::is_binary(bytes) {
        // A binary data file (by its magic, or a NUL where its header
        // goes): refused whole with the file's name, or read whole.
        match loaded {
            Err(e) => assert!(e.starts_with(&format!("{}: ", file.display())), "{e}"),
            Ok(loaded) => {
                let c = &loaded.counts;
                assert_eq!(
                    c.read,
                    c.bad + c.duplicates + c.filtered + c.train + c.val,
                    "{c:?}"
                );
                check(&loaded.train, max_score);
                check(&loaded.val, max_score);
            }
        }
        return;
    }
    let loaded = loaded.expect("a readable text file loads");
    let lines: Vec<(usize, &[u8])> = bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .filter(|(_, l)| !l.iter().all(u8::is_ascii_whitespace))
        .map(|(i, l)| (i + 1, l))
        .collect();
    let c = &loaded.counts;
    assert_eq!(c.read, lines.len());
    assert_eq!(
        c.read,
        c.bad + c.duplicates + c.filtered + c.train + c.val,
        "{c:?}"
    );
    assert_eq!(loaded.train.len(), c.train);
    assert_eq!(loaded.val.len(), c.val);
    assert_eq!(loaded.val_positions.len(), c.val);
    assert_eq!(loaded.bad_lines.len(), c.bad.min(REPORTED_BAD));
    let name = format!("{}:", file.display());
    for bad in &loaded.bad_lines {
        let rest = bad.strip_prefix(&name).expect("a bad line names the file");
        let (n, why) = rest.split_once(": ").expect("`file:N: why`");
        let n: usize = n.parse().expect("a line number");
        assert!(lines.iter().any(|&(m, _)| m == n), "{bad}");
        assert!(!why.is_empty(), "{bad}");
    }
    check(&loaded.train, max_score);
    check(&loaded.val, max_score);
    let mut good = 0;
    for (_, line) in &lines {
        let Ok(text) = std::str::from_utf8(line) else {
            continue;
        };
        if let Ok(l) = data::parse_line(text) {
            good += 1;
            let back = fen::parse(&l.pos.to_string()).expect("a position read prints as a FEN");
            assert_eq!(back, l.pos);
            assert!([0.0, 0.5, 1.0].contains(&l.result));
        }
    }
    assert_eq!(good, c.read - c.bad, "{c:?}");
});
