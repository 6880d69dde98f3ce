//! Results as JSON lines (`--json FILE`): a header line saying which
//! match the file belongs to, then one line per finished opening pair.
//! The file is appended to a line at a time, so it is the record a run
//! resumes from (pairs already in it are not played again) and what
//! `--merge` sums up across shards.
//!
//! ```text
//! {"boardsh_match":1,"A":"CMD1","B":"CMD2","time":0.1,"grace":0.1,"max_plies":200,"seed":1,"opening_plies":4,"openings":null}
//! {"pair":0,"start":"FEN","opening":"e2f3 c6b5","games":[{"white":"A","result":"1-0","reason":"...","plies":31},{"white":"B",...}]}
//! ```

use super::json::{self, Json, Ordered, to_line};
use crate::stats::Tally;
use crate::stats::pentanomial::Pentanomial;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// The format's version, in the header line.
const VERSION: u64 = 1;

/// One game of a pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Whether A had White.
    pub a_white: bool,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    pub reason: String,
    pub plies: u64,
}

impl GameRecord {
    /// A's points in halves (2 a win, 1 a draw, 0 a loss).
    pub fn a_halves(&self) -> u8 {
        match (self.result.as_str(), self.a_white) {
            ("1-0", true) | ("0-1", false) => 2,
            ("1/2-1/2", _) => 1,
            _ => 0,
        }
    }
}

/// One finished opening pair (one game if the match had an odd count).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairRecord {
    pub pair: u64,
    /// The FEN the games started from.
    pub start: String,
    /// The opening's moves, blank-separated.
    pub opening: String,
    pub games: Vec<GameRecord>,
}

/// The header line of a match's settings (whatever changes the games):
/// `boardsh_match` first, then `fields` in their order.
pub fn header(fields: &[(&str, Json)]) -> String {
    let mut members = vec![("boardsh_match", Json::from(VERSION))];
    members.extend(fields.iter().cloned());
    to_line(&Ordered(&members))
}

/// A value as compact JSON text (an object's keys sorted).
pub fn write_json(v: &Json) -> String {
    to_line(v)
}

/// A pair line as written: its members in this order.
#[derive(Serialize)]
struct PairLine<'a> {
    pair: u64,
    start: &'a str,
    opening: &'a str,
    games: Vec<GameLine<'a>>,
}

/// A game of a pair line as written: its members in this order.
#[derive(Serialize)]
struct GameLine<'a> {
    white: &'static str,
    result: &'a str,
    reason: &'a str,
    plies: u64,
}

/// The JSON line of a pair (no newline).
pub fn pair_line(p: &PairRecord) -> String {
    to_line(&PairLine {
        pair: p.pair,
        start: &p.start,
        opening: &p.opening,
        games: p
            .games
            .iter()
            .map(|g| GameLine {
                white: if g.a_white { "A" } else { "B" },
                result: &g.result,
                reason: &g.reason,
                plies: g.plies,
            })
            .collect(),
    })
}

/// The check of a pair: FNV-1a (64 bits) over its line without the check,
/// in hex. Written at the end of each pair line; a line whose contents no
/// longer give its check (a result edited by hand) is refused when read.
/// Lines without one (written before the check) are read as they are.
fn check_of(line_without_check: &str) -> String {
    format!("{:016x}", crate::fnv::fnv1a(line_without_check.as_bytes()))
}

/// The JSON line of a pair with its check (no newline): what is written.
pub fn checked_pair_line(p: &PairRecord) -> String {
    let line = pair_line(p);
    let check = check_of(&line);
    match line.strip_suffix('}') {
        Some(open) => format!("{open},\"check\":\"{check}\"}}"),
        None => line,
    }
}

/// Read a pair line, and its check if it has one.
fn read_checked_pair(v: &Json) -> Result<PairRecord, String> {
    let p = read_pair(v)?;
    match v.get("check") {
        None => Ok(p),
        Some(c) if c.as_str() == Some(check_of(&pair_line(&p)).as_str()) => Ok(p),
        Some(_) => Err(
            "the pair does not match its check (edited by hand?): refused rather than counted"
                .into(),
        ),
    }
}

/// Read a pair line.
fn read_pair(v: &Json) -> Result<PairRecord, String> {
    let text = |k: &str| {
        v.get(k)
            .and_then(Json::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("`{k}` is missing or not a string"))
    };
    let pair = v
        .get("pair")
        .and_then(Json::as_u64)
        .ok_or("`pair` is missing or not a whole number")?;
    let mut games = Vec::new();
    for g in v
        .get("games")
        .and_then(Json::as_array)
        .ok_or("`games` is missing or not a list")?
    {
        let a_white = match g.get("white").and_then(Json::as_str) {
            Some("A") => true,
            Some("B") => false,
            _ => return Err("a game's `white` must be \"A\" or \"B\"".into()),
        };
        let result = g
            .get("result")
            .and_then(Json::as_str)
            .filter(|r| matches!(*r, "1-0" | "0-1" | "1/2-1/2"))
            .ok_or("a game's `result` must be 1-0, 0-1 or 1/2-1/2")?;
        games.push(GameRecord {
            a_white,
            result: result.to_string(),
            reason: g
                .get("reason")
                .and_then(Json::as_str)
                .unwrap_or_default()
                .to_string(),
            plies: g.get("plies").and_then(Json::as_u64).unwrap_or(0),
        });
    }
    if games.is_empty() || games.len() > 2 {
        return Err("a pair has one or two games".into());
    }
    Ok(PairRecord {
        pair,
        start: text("start")?,
        opening: text("opening")?,
        games,
    })
}

/// A results file read back.
#[derive(Clone, Debug, Default)]
pub struct ResultsFile {
    /// The header line's value.
    pub header: Option<Json>,
    /// The pairs, by number.
    pub pairs: BTreeMap<u64, PairRecord>,
    /// The byte length of the whole lines (a last line without its end,
    /// cut by a crash, is left out).
    pub whole: usize,
}

/// Read `text`, the contents of results file `name`.
///
/// # Errors
///
/// `NAME:LINE: what is wrong`.
pub fn read(name: &str, text: &str) -> Result<ResultsFile, String> {
    let mut file = ResultsFile::default();
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let at = |e: String| format!("{name}:{}: {e}", i + 1);
        if !line.ends_with('\n') {
            // A line cut short by a crash: left out (and overwritten).
            break;
        }
        offset += line.len();
        file.whole = offset;
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        let v = json::parse(trimmed).map_err(|e| at(e.to_string()))?;
        if i == 0 {
            if v.get("boardsh_match").and_then(Json::as_u64) != Some(VERSION) {
                return Err(at("not a boardsh match results file".into()));
            }
            file.header = Some(v);
            continue;
        }
        let p = read_checked_pair(&v).map_err(at)?;
        if file.pairs.insert(p.pair, p).is_some() {
            return Err(at("this pair is already in the file".into()));
        }
    }
    Ok(file)
}

/// The totals of some pairs: games from A's side, and complete pairs.
pub fn totals<'a>(pairs: impl IntoIterator<Item = &'a PairRecord>) -> (Tally, Pentanomial) {
    let mut tally = Tally::default();
    let mut penta = Pentanomial::default();
    for p in pairs {
        for g in &p.games {
            match g.a_halves() {
                2 => tally.wins += 1,
                1 => tally.draws += 1,
                _ => tally.losses += 1,
            }
        }
        if let [a, b] = p.games.as_slice() {
            penta.add(a.a_halves(), b.a_halves());
        }
    }
    (tally, penta)
}

/// An open results file that pairs are appended to.
pub struct Appender {
    file: fs::File,
}

impl Appender {
    /// Open `path` for appending, cut to its first `whole` bytes (a torn
    /// last line goes), with `header` written first if it is empty.
    ///
    /// # Errors
    ///
    /// The file cannot be opened or written.
    pub fn open(path: &Path, whole: usize, header: &str) -> io::Result<Appender> {
        let mut file = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?;
        let len = file.metadata()?.len();
        let whole = whole as u64;
        if len > whole {
            file.set_len(whole)?;
        }
        if whole == 0 {
            file.write_all(format!("{header}\n").as_bytes())?;
            file.flush()?;
        }
        Ok(Appender { file })
    }

    /// Append one pair's line (one write, so a reader sees it whole).
    ///
    /// # Errors
    ///
    /// The write failed.
    pub fn append(&mut self, p: &PairRecord) -> io::Result<()> {
        // A line written in part (a full disk, a file size limit) is cut
        // off again, so the file holds whole lines only.
        let before = self.file.metadata()?.len();
        let line = format!("{}\n", checked_pair_line(p));
        let written = self
            .file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush());
        if written.is_err() {
            let _ = self.file.set_len(before);
        }
        written
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(n: u64, results: &[&str]) -> PairRecord {
        PairRecord {
            pair: n,
            start: "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0".into(),
            opening: "c2c3 c6c5".into(),
            games: results
                .iter()
                .enumerate()
                .map(|(i, r)| GameRecord {
                    a_white: i == 0,
                    result: (*r).to_string(),
                    reason: "why \"quoted\"\n".into(),
                    plies: 7,
                })
                .collect(),
        }
    }

    #[test]
    fn pairs_round_trip_and_add_up() {
        let head = header(&[("A", Json::from("a")), ("time", json::number(0.1))]);
        let p0 = pair(0, &["1-0", "1-0"]); // A wins as White, loses as Black
        let p3 = pair(3, &["1/2-1/2", "0-1"]); // a draw, then A (Black) wins
        let p4 = pair(4, &["0-1"]); // a lone last game, lost
        let text = format!(
            "{head}\n{}\n{}\n{}\n{{\"pair\":9",
            pair_line(&p0),
            pair_line(&p3),
            pair_line(&p4)
        );
        let f = read("r.jsonl", &text).unwrap();
        assert_eq!(f.pairs.values().cloned().collect::<Vec<_>>(), [p0, p3, p4]);
        assert_eq!(f.header.unwrap().get("time"), Some(&Json::from(0.1)));
        // The torn last line is left out.
        assert_eq!(f.whole, text.rfind('\n').unwrap() + 1);
        let (tally, penta) = totals(f.pairs.values());
        // Games: W L | D W | L -> 2 wins, 1 draw, 2 losses.
        assert_eq!((tally.wins, tally.draws, tally.losses), (2, 1, 2));
        // Pairs: WL (2 halves), DW (3 halves); the lone game is no pair.
        assert_eq!(penta.counts, [0, 0, 1, 1, 0]);
    }

    #[test]
    fn a_pair_edited_by_hand_is_refused_by_its_check() {
        let head = header(&[]);
        let p = pair(0, &["1-0", "0-1"]);
        let line = checked_pair_line(&p);
        assert!(line.ends_with(&format!(",\"check\":\"{}\"}}", check_of(&pair_line(&p)))));
        let f = read("r", &format!("{head}\n{line}\n")).unwrap();
        assert_eq!(f.pairs.get(&0), Some(&p));
        // A's loss as Black turned into a win: the check no longer holds.
        let edited = line.replacen("\"result\":\"0-1\"", "\"result\":\"1-0\"", 1);
        assert_ne!(edited, line);
        let e = read("r", &format!("{head}\n{edited}\n")).unwrap_err();
        assert!(
            e.starts_with("r:2: the pair does not match its check"),
            "{e}"
        );
        // A line of an older file, without a check, is still read.
        assert!(read("r", &format!("{head}\n{}\n", pair_line(&p))).is_ok());
    }

    /// FNV-1a, 64 bits, written here from its definition (offset basis
    /// 0xcbf29ce484222325, prime 0x100000001b3, xor then multiply), apart
    /// from `check_of`.
    fn fnv1a(text: &str) -> String {
        let mut h = 0xcbf2_9ce4_8422_2325_u64;
        for b in text.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{h:016x}")
    }

    #[test]
    fn a_file_of_the_hand_written_writer_reads_back_byte_for_byte() {
        // FNV-1a's published test vectors hold for the test's own copy.
        assert_eq!(fnv1a(""), "cbf29ce484222325");
        assert_eq!(fnv1a("a"), "af63dc4c8601ec8c");
        assert_eq!(fnv1a("foobar"), "85944171f73967e8");
        // The lines as the hand-written writer wrote them (before
        // serde_json): the header as `results_header` builds it (numbers
        // by `f64::to_string`: 0.1, 200, 4; the seed a string), then a
        // pair line with its check, then an older pair line without one.
        // Its escapes: `"` and `\` and \n by name, other control
        // characters as \u00xx (backspace, form feed, escape); `/`, DEL
        // and `é` as they are.
        let head = r#"{"boardsh_match":1,"A":"boardsh agent","B":"boardsh agent --engine baseline","time":0.1,"grace":0.1,"max_plies":200,"seed":"1","opening_plies":4,"openings":"2 positions, fnv1a 0123456789abcdef"}"#;
        let pair0 = concat!(
            r#"{"pair":0,"start":"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0","opening":"c2c3 c6c5","#,
            r#""games":[{"white":"A","result":"1-0","reason":"lion captured","plies":31},"#,
            r#"{"white":"B","result":"1/2-1/2","reason":"B said \"draw?\\\" \u0008\u000c\u001b\n/"#,
            "\u{7f}é",
            r#"","plies":200}]}"#
        );
        let checked0 = format!(
            "{},\"check\":\"{}\"}}",
            pair0.strip_suffix('}').unwrap(),
            fnv1a(pair0)
        );
        let pair1 = r#"{"pair":1,"start":"7/7/7/7/7/7/7 b 12","opening":"","games":[{"white":"A","result":"0-1","reason":"","plies":0}]}"#;
        let text = format!("{head}\n{checked0}\n{pair1}\n");
        let f = read("old.jsonl", &text).unwrap();
        // The pairs read as written.
        let p0 = &f.pairs[&0];
        assert_eq!(
            p0.games[1].reason,
            "B said \"draw?\\\" \u{8}\u{c}\u{1b}\n/\u{7f}é"
        );
        assert_eq!((p0.games[0].plies, p0.games[1].plies), (31, 200));
        assert!(f.pairs[&1].games[0].reason.is_empty());
        // Written back: the same bytes, line for line.
        assert_eq!(checked_pair_line(p0), checked0);
        assert_eq!(pair_line(&f.pairs[&1]), pair1);
        // The header this match writes now is the old one byte for byte,
        // and reads as the same value (so a resumed run accepts the file).
        let now = header(&[
            ("A", Json::from("boardsh agent")),
            ("B", Json::from("boardsh agent --engine baseline")),
            ("time", json::number(0.1)),
            ("grace", json::number(0.1)),
            ("max_plies", Json::from(200_u32)),
            ("seed", Json::from("1")),
            ("opening_plies", Json::from(4_u32)),
            (
                "openings",
                Json::from("2 positions, fnv1a 0123456789abcdef"),
            ),
        ]);
        assert_eq!(now, head);
        assert_eq!(json::parse(&now).ok(), f.header);
    }

    #[test]
    fn a_file_written_by_the_old_binary_reads_back_byte_for_byte() {
        // Written by the binary of commit 20f49aa (before serde_json):
        // `boardsh match --games 4 --time 0.02 --seed 7 --max-plies 60
        // --json FILE "boardsh agent" "boardsh agent --engine baseline"`.
        let text = include_str!("../../../tests/data/match/old-results.jsonl");
        let f = read("old-results.jsonl", text).unwrap();
        let mut lines = text.lines();
        // That match's header, built as `results_header` builds it
        // (grace 0.1 and 4 opening plies by default, no openings file).
        let now = header(&[
            ("A", Json::from("boardsh agent")),
            ("B", Json::from("boardsh agent --engine baseline")),
            ("time", json::number(0.02)),
            ("grace", json::number(0.1)),
            ("max_plies", Json::from(60_u32)),
            ("seed", Json::from("7")),
            ("opening_plies", Json::from(4_u32)),
            ("openings", Json::Null),
        ]);
        assert_eq!(Some(now.as_str()), lines.next());
        assert_eq!(json::parse(&now).ok(), f.header);
        // Two pairs of two games each, each written back as it was.
        assert_eq!(f.pairs.len(), 2);
        for p in f.pairs.values() {
            assert_eq!(p.games.len(), 2);
            assert_eq!(Some(checked_pair_line(p).as_str()), lines.next());
        }
        assert_eq!(lines.next(), None);
        assert_eq!(f.whole, text.len());
    }

    #[test]
    fn bad_lines_are_located() {
        let head = header(&[]);
        let e = read("r", &format!("{head}\n{{\"pair\":1}}\n")).unwrap_err();
        assert_eq!(e, "r:2: `games` is missing or not a list");
        let e = read("r", "{\"x\":1}\n").unwrap_err();
        assert_eq!(e, "r:1: not a boardsh match results file");
        let e = read("r", &format!("{head}\n[1,\n")).unwrap_err();
        // After `[1,` a value is wanted and the line ends: 3 bytes read.
        assert_eq!(e, "r:2: EOF while parsing a value at byte 3");
        let line = pair_line(&pair(2, &["1-0"]));
        let e = read("r", &format!("{head}\n{line}\n{line}\n")).unwrap_err();
        assert_eq!(e, "r:3: this pair is already in the file");
    }
}
