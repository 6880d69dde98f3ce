//! The match's command line checked and read into a plan: every numeric
//! flag within its documented range, the two agent commands, the SPRT's
//! parameters. Anything else is a usage error (status 2) saying which
//! flag and why.

use super::super::args::MatchArgs;
use super::book;
use crate::congo::Position;
use crate::stats::pentanomial::Sprt;

/// The longest time per move or grace, in seconds.
pub const MAX_TIME: f64 = 1.0e6;
/// The most plies of a random opening.
pub const MAX_OPENING_PLIES: u32 = 100;
/// The most plies of a game.
pub const MAX_PLIES: u32 = 100_000;
/// The longest `--max-seconds`.
pub const MAX_SECONDS: f64 = 1.0e9;

/// A checked match.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The two agents' command lines.
    pub cmds: [String; 2],
    /// Seconds per move.
    pub time: f64,
    /// The most games to play.
    pub games: u64,
    /// The sequential test, if one was asked for.
    pub sprt: Option<Sprt>,
    /// Games at once.
    pub concurrency: usize,
    /// This run's shard `(k, n)`: pairs `p` with `p % n == k - 1`.
    pub shard: (u64, u64),
    /// Start positions from `--openings`, if given.
    pub book: Option<Vec<Position>>,
}

/// The most games at once.
pub const MAX_CONCURRENCY: u32 = 64;
/// Read `--sprt`'s words (`elo0=A elo1=B [alpha=X] [beta=Y]`); words
/// without `=` are agent commands that the flag's values took in.
fn sprt_words(words: &[String]) -> Result<(Sprt, Vec<String>), String> {
    let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
    let mut spill = Vec::new();
    for w in words {
        let Some((key, value)) = w.split_once('=') else {
            spill.push(w.clone());
            continue;
        };
        let number: f64 = value
            .parse()
            .map_err(|_| format!("--sprt: `{w}`: `{value}` is not a number"))?;
        match key {
            "elo0" => elo0 = Some(number),
            "elo1" => elo1 = Some(number),
            "alpha" => alpha = number,
            "beta" => beta = number,
            _ => {
                return Err(format!(
                    "--sprt: unknown `{key}` (expected elo0=, elo1=, alpha=, beta=)"
                ));
            }
        }
    }
    let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
        return Err("--sprt needs elo0=A and elo1=B".into());
    };
    let sprt = Sprt::new(elo0, elo1, alpha, beta).map_err(|e| format!("--sprt: {e}"))?;
    Ok((sprt, spill))
}

/// The SPRT of `args`, if any, and its positional words (agent commands,
/// or files with `--merge`), those `--sprt` took in given back.
///
/// # Errors
///
/// The usage error to print.
pub fn sprt_and_rest(args: &MatchArgs) -> Result<(Option<Sprt>, Vec<String>), String> {
    let mut rest = args.commands.clone();
    match &args.sprt {
        Some(words) => {
            let (sprt, spill) = sprt_words(words)?;
            rest.splice(0..0, spill);
            Ok((Some(sprt), rest))
        }
        None => Ok((None, rest)),
    }
}

/// The plan of `args`.
///
/// # Errors
///
/// The usage error to print.
pub fn plan(args: &MatchArgs) -> Result<Plan, String> {
    let (sprt, commands) = sprt_and_rest(args)?;
    let Some(time) = args.time else {
        return Err("--time S (seconds per move) is needed".into());
    };
    if !(time.is_finite() && time > 0.0 && time <= MAX_TIME) {
        return Err(format!(
            "--time must be a positive number of seconds, at most {MAX_TIME}"
        ));
    }
    if !(args.grace.is_finite() && (0.0..=MAX_TIME).contains(&args.grace)) {
        return Err(format!(
            "--grace must be a number of seconds from 0 to {MAX_TIME}"
        ));
    }
    if let Some(s) = args.max_seconds
        && !(0.0..=MAX_SECONDS).contains(&s)
    {
        return Err(format!(
            "--max-seconds must be a number of seconds from 0 to {MAX_SECONDS}"
        ));
    }
    if args.games == Some(0) {
        return Err("--games must be at least 1".into());
    }
    if args.opening_plies > MAX_OPENING_PLIES {
        return Err(format!(
            "--opening-plies must be from 0 to {MAX_OPENING_PLIES}"
        ));
    }
    if args.max_plies == 0 || args.max_plies > MAX_PLIES {
        return Err(format!("--max-plies must be from 1 to {MAX_PLIES}"));
    }
    let games = match (args.games, sprt) {
        (Some(n), _) => u64::from(n),
        (None, Some(_)) => u64::from(u32::MAX),
        (None, None) => 2,
    };
    if args.concurrency == 0 || args.concurrency > MAX_CONCURRENCY {
        return Err(format!("--concurrency must be from 1 to {MAX_CONCURRENCY}"));
    }
    let shard = match &args.shard {
        Some(text) => crate::cli::shard_slice::parse(text)?,
        None => (1, 1),
    };
    let book = match &args.openings {
        Some(path) => {
            let name = path.display().to_string();
            let text = crate::cli::files::read_regular_text(
                path,
                crate::cli::files::OPENINGS_LIMIT,
                "an openings file",
            )
            .map_err(|e| format!("--openings {name}: cannot read it: {e}"))?;
            Some(book::read(&name, &text).map_err(|e| format!("--openings {e}"))?)
        }
        None => None,
    };
    let cmds: [String; 2] = commands
        .try_into()
        .map_err(|c: Vec<String>| format!("two agent commands are needed, not {}", c.len()))?;
    Ok(Plan {
        cmds,
        time,
        games,
        sprt,
        concurrency: usize::try_from(args.concurrency).unwrap_or(1),
        shard,
        book,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::{Cli, Sub};

    fn parse(line: &[&str]) -> Result<Plan, String> {
        let mut argv = vec!["boardsh", "match"];
        argv.extend_from_slice(line);
        let cli = Cli::parse_ordered(argv).map_err(|e| e.to_string())?;
        match cli.command {
            Some(Sub::Match(m)) => plan(&m),
            _ => Err("not a match".into()),
        }
    }

    #[test]
    fn sprt_words_before_the_commands() {
        // `--sprt` takes 2 to 4 values: with 2, the two commands after it
        // are taken in too, and given back.
        let p = parse(&["--time", "1", "--sprt", "elo0=0", "elo1=5", "a", "b"]).unwrap();
        assert_eq!(p.cmds, ["a".to_string(), "b".to_string()]);
        let s = p.sprt.unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 5.0, 0.05, 0.05));
        assert_eq!(p.games, u64::from(u32::MAX));
        let p = parse(&[
            "--time",
            "1",
            "--sprt",
            "elo0=-1",
            "elo1=3",
            "alpha=0.1",
            "beta=0.2",
            "a",
            "b",
        ])
        .unwrap();
        let s = p.sprt.unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-1.0, 3.0, 0.1, 0.2));
        let p = parse(&["--time", "1", "a", "b", "--sprt", "elo0=0", "elo1=5"]).unwrap();
        assert_eq!(p.cmds, ["a".to_string(), "b".to_string()]);
        assert_eq!(parse(&["--time", "1", "a", "b"]).unwrap().games, 2);
    }

    #[test]
    fn bad_sprt_and_commands() {
        let e = |line: &[&str]| parse(line).unwrap_err();
        assert!(
            e(&["--time", "1", "--sprt", "elo0=5", "elo1=0", "a", "b"])
                .contains("elo0 must be less")
        );
        assert!(
            e(&["--time", "1", "--sprt", "elo0=x", "elo1=0", "a", "b"])
                .contains("`x` is not a number")
        );
        assert!(
            e(&["--time", "1", "--sprt", "elo0=0", "gamma=1", "a", "b"])
                .contains("unknown `gamma`")
        );
        assert!(
            e(&["--time", "1", "--sprt", "elo0=0", "alpha=1", "a", "b"]).contains("needs elo0")
        );
        assert!(e(&["--time", "1", "a"]).contains("two agent commands are needed, not 1"));
        assert!(e(&["a", "b"]).contains("--time"));
        for bad in ["0/2", "3/2", "x", "1/0", "1/2000000"] {
            assert!(
                e(&["--time", "1", "--shard", bad, "a", "b"]).contains("--shard"),
                "{bad}"
            );
        }
        assert_eq!(
            parse(&["--time", "1", "--shard", "2/3", "a", "b"])
                .unwrap()
                .shard,
            (2, 3)
        );
        assert!(e(&["--time", "1", "--concurrency", "0", "a", "b"]).contains("--concurrency"));
        assert!(e(&["--time", "1", "--concurrency", "65", "a", "b"]).contains("--concurrency"));
    }
}
