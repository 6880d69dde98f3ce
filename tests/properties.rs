//! Properties of the shell on hostile input, in-process through the library:
//! any command line, script or problem-format input completes (Ok, or errors
//! located inside their line on character boundaries) and never panics; a
//! rejected command changes nothing; FEN text round-trips.
//!
//! Kept fast for CI on two cores: at most 256 cases each, small inputs.
//! `perft` and `divide` are left out of the generated vocabulary: deep
//! counts are slow by design, not a robustness question.

use boardsh::congo::{Color, Piece, Position, Square, fen, listing};
use boardsh::shell::{
    Diagnostic, End, NoFiles, Reporter, Runner, ScriptKind as Kind, Session, Span, parse_command,
    parse_line,
};
use boardsh::yut::{Game, Throw, Token, board};
use proptest::prelude::*;

/// One reported error: the line shown, its span, its message.
#[derive(Clone, Debug)]
struct Reported {
    line: String,
    span: Span,
    message: String,
}

/// A reporter that keeps everything.
#[derive(Default)]
struct Collect {
    reports: Vec<Reported>,
    messages: Vec<String>,
}

impl Reporter for Collect {
    fn report(&mut self, d: &Diagnostic<'_>) {
        self.reports.push(Reported {
            line: d.line.to_string(),
            span: d.error.span,
            message: d.error.to_string(),
        });
    }

    fn message(&mut self, message: &str) {
        self.messages.push(message.to_string());
    }
}

/// The span lies within `line` and starts and ends on char boundaries.
fn span_ok(line: &str, span: Span) -> bool {
    let end = span.start.checked_add(span.len);
    end.is_some_and(|end| {
        end <= line.len() && line.is_char_boundary(span.start) && line.is_char_boundary(end)
    })
}

fn check_reports(reports: &[Reported]) -> Result<(), TestCaseError> {
    for r in reports {
        prop_assert!(
            span_ok(&r.line, r.span),
            "span {:?} outside {:?} ({})",
            r.span,
            r.line,
            r.message
        );
        prop_assert!(!r.message.is_empty());
    }
    Ok(())
}

// ---- generators ----

/// Pieces of command lines: keywords, arguments good and bad, separators,
/// and awkward characters (controls, non-breaking space, BOM, CR).
const ATOMS: &[&str] = &[
    "fen",
    "FEN",
    "list",
    "board",
    "moves",
    "play",
    "status",
    "move",
    "show",
    "where",
    "reset",
    "undo",
    "source",
    "help",
    "quit",
    "exit",
    "congo",
    "yut",
    "A",
    "b",
    "d",
    "E",
    "Q",
    "FBFB",
    "BBBB",
    "FFFF",
    "fbfb",
    "FXFB",
    "7/7/7/7/7/7/7",
    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ",
    "2l4/7/4z2/4c2/PP2EP1/3L2p/7",
    "7//7",
    "w",
    "b",
    "23",
    "-1",
    "99999999999999999999",
    "0",
    "8",
    "e2e3",
    "pawn",
    "a1",
    "g7",
    " ",
    " ",
    "\t",
    ";",
    "#",
    "\"",
    "é",
    "\u{1b}",
    "\u{a0}",
    "\u{feff}",
    "\r",
    "\u{202e}",
    "\u{0}",
];

fn line() -> impl Strategy<Value = String> {
    let atom = prop_oneof![
        4 => prop::sample::select(ATOMS).prop_map(str::to_string),
        1 => any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(atom, 0..12).prop_map(|parts| parts.concat())
}

/// One command: a line without `;` (so it is at most one command).
fn single_command() -> impl Strategy<Value = String> {
    line().prop_map(|l| l.replace(';', " "))
}

fn throw_text() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => Just("BBBB".to_string()),
        1 => prop::collection::vec(prop::sample::select(&['F', 'B', 'f', 'b'][..]), 4)
            .prop_map(|v| v.into_iter().collect()),
    ]
}

fn token_char() -> impl Strategy<Value = char> {
    // Mostly A, so that it escapes within a short history.
    prop_oneof![3 => Just('A'), 1 => prop::sample::select(&['A', 'B', 'C', 'D', 'a', 'b', 'c', 'd'][..])]
}

fn position() -> impl Strategy<Value = Position> {
    let square = prop_oneof![
        3 => Just(None),
        1 => prop::sample::select(&b"PSGMELCZpsgmelcz"[..]).prop_map(|c| Piece::from_char(char::from(c))),
    ];
    (
        prop::collection::vec(square, 49),
        any::<bool>(),
        prop_oneof![any::<u64>(), 0..100u64],
    )
        .prop_map(|(squares, black, n)| {
            let mut pos = Position::empty();
            for (i, piece) in squares.into_iter().enumerate() {
                let sq = Square::new(u8::try_from(i).unwrap()).unwrap();
                pos.set(sq, piece);
            }
            pos.set_side_to_move(if black { Color::Black } else { Color::White });
            pos.set_move_number(n);
            pos
        })
}

/// A command of a session's history: mostly valid, some rejected at run time.
fn history_command() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (token_char(), throw_text()).prop_map(|(t, th)| format!("move {t} {th}")),
        2 => position().prop_map(|p| format!("fen {p}")),
        1 => prop::sample::select(&["reset", "reset congo", "reset yut", "undo", "fen"][..])
            .prop_map(str::to_string),
    ]
}

/// A command that is always rejected.
const ALWAYS_REJECTED: &[&str] = &[
    "bogus",
    "fen 7/7/7",
    "fen 7/7/7/7/7/7/7 x",
    "fen 7/7/7/7/7/7/7 w -1",
    "fen 7/7/7/3x3/7/7/7",
    "move Q FFFF",
    "move A FXFB",
    "move A",
    "reset all",
    "source anything.bsh",
    "help nosuch",
    "where now",
    "undo twice",
];

/// A candidate command after a history: always rejected, rejected
/// depending on the state (a move of an escaped token, `undo` with nothing
/// to undo), or anything at all.
fn candidate() -> impl Strategy<Value = (String, bool)> {
    prop_oneof![
        3 => prop::sample::select(ALWAYS_REJECTED).prop_map(|s| (s.to_string(), true)),
        3 => (token_char(), throw_text()).prop_map(|(t, th)| (format!("move {t} {th}"), false)),
        1 => Just(("undo".to_string(), false)),
        2 => single_command().prop_map(|s| (s, false)),
    ]
}

fn runner<'r>(loader: &'r mut NoFiles, reporter: &'r mut Collect, keep_going: bool) -> Runner<'r> {
    Runner::new(Session::new(), loader, reporter, keep_going)
}

fn run_script(
    bytes: &[u8],
    kind: Kind,
    keep_going: bool,
) -> Result<(Vec<u8>, Collect), TestCaseError> {
    let mut loader = NoFiles;
    let mut reporter = Collect::default();
    let mut out = Vec::new();
    let end = {
        let mut r = runner(&mut loader, &mut reporter, keep_going);
        r.run_file("<prop>", None, kind, &mut &bytes[..], &mut out)
    };
    prop_assert!(end.is_ok(), "{end:?}");
    check_reports(&reporter.reports)?;
    Ok((out, reporter))
}

/// What a session shows: its FEN, tokens, Yut board and Congo board, then
/// the same after each of three `undo`s (so its history is compared too).
fn snapshot(session: &Session) -> Vec<u8> {
    let mut session = session.clone();
    let mut out = Vec::new();
    for _ in 0..4 {
        for cmd in ["fen", "where", "show", "board"] {
            session.run(&parse_command(cmd).unwrap(), &mut out).unwrap();
        }
        let undone = session.run(&parse_command("undo").unwrap(), &mut out);
        out.extend_from_slice(if undone.is_ok() {
            b"undone\n"
        } else {
            b"nothing\n"
        });
    }
    out
}

fn kinds() -> impl Strategy<Value = Kind> {
    prop::sample::select(&[Kind::Detect, Kind::Congo, Kind::Yut][..])
}

/// A line of a problem-format input that the runner counts as written: not
/// blank (blank lines are skipped), no line break or CR inside (those would
/// make more lines, or lose a CR before the newline).
fn counted_line() -> impl Strategy<Value = String> {
    line().prop_filter("one non-blank line", |l| {
        !l.trim_matches([' ', '\t']).is_empty() && !l.contains(['\n', '\r'])
    })
}

/// A Yut turn line, good or bad.
fn turn_line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (prop::sample::select(&['A', 'B', 'C', 'D', 'a', 'b', 'c', 'd'][..]), throw_text())
            .prop_map(|(t, th)| format!("{t} {th}")),
        1 => counted_line(),
    ]
}

/// A FEN line, good or bad.
fn fen_line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => position().prop_map(|p| p.to_string()),
        1 => counted_line(),
    ]
}

fn ending() -> impl Strategy<Value = &'static str> {
    prop::sample::select(&["\n", "\r\n", " \t\n", "\n\n"][..])
}

/// A problem-format input: a count, then lines with assorted endings.
fn problem(
    lines: impl Strategy<Value = String>,
) -> impl Strategy<Value = (u64, Vec<String>, Vec<u8>)> {
    (
        prop::collection::vec((lines, ending()), 0..8),
        prop_oneof![4 => Just(None), 1 => (0..10u64).prop_map(Some), 1 => any::<u64>().prop_map(Some)],
        any::<bool>(),
    )
        .prop_map(|(lines, count, bom)| {
            let n = count.unwrap_or(lines.len() as u64);
            let mut bytes = Vec::new();
            if bom {
                bytes.extend_from_slice(b"\xEF\xBB\xBF");
            }
            bytes.extend_from_slice(format!("{n}\n").as_bytes());
            for (l, e) in &lines {
                bytes.extend_from_slice(l.as_bytes());
                bytes.extend_from_slice(e.as_bytes());
            }
            (n, lines.into_iter().map(|(l, _)| l).collect(), bytes)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_line_parses_or_fails_located(line in line()) {
        match parse_line(&line) {
            Ok(cmds) => {
                for c in cmds {
                    prop_assert!(span_ok(&line, c.span), "{:?} in {line:?}", c.span);
                    prop_assert!(span_ok(&line, c.arg), "{:?} in {line:?}", c.arg);
                }
            }
            Err(e) => prop_assert!(span_ok(&line, e.span), "{e:?} in {line:?}"),
        }
    }

    #[test]
    fn any_lossy_bytes_parse_or_fail_located(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let line = String::from_utf8_lossy(&bytes);
        if let Err(e) = parse_line(&line) {
            prop_assert!(span_ok(&line, e.span), "{e:?} in {line:?}");
        }
    }

    #[test]
    fn any_line_runs_or_reports_located(line in line(), keep_going in any::<bool>()) {
        let mut loader = NoFiles;
        let mut reporter = Collect::default();
        let mut out = Vec::new();
        let end = {
            let mut r = runner(&mut loader, &mut reporter, keep_going);
            r.run_line("<prop>", 1, &line, &mut out)
        };
        prop_assert!(end.is_ok());
        if keep_going {
            // Each `;`-separated command runs: at most one error each.
            let commands = line.split('#').next().unwrap_or("").split(';').count();
            prop_assert!(reporter.reports.len() <= commands, "one error per command");
        } else {
            prop_assert!(reporter.reports.len() <= 1, "a line stops at its first error");
        }
        check_reports(&reporter.reports)?;
    }

    #[test]
    fn any_bytes_run_as_a_script(
        bytes in prop::collection::vec(any::<u8>(), 0..256),
        kind in kinds(),
        keep_going in any::<bool>(),
    ) {
        run_script(&bytes, kind, keep_going)?;
    }

    #[test]
    fn any_lines_run_as_a_script(
        lines in prop::collection::vec((line(), ending()), 0..10),
        kind in kinds(),
        keep_going in any::<bool>(),
    ) {
        let bytes: Vec<u8> = lines.iter().flat_map(|(l, e)| [l.as_bytes(), e.as_bytes()].concat()).collect();
        let (_, reporter) = run_script(&bytes, kind, keep_going)?;
        if !keep_going {
            prop_assert!(reporter.reports.len() <= 1, "the first error stops a script");
        }
    }

    #[test]
    fn congo_problem_inputs(
        (n, lines, bytes) in problem(fen_line()),
        kind in prop::sample::select(&[Kind::Detect, Kind::Congo][..]),
        keep_going in any::<bool>(),
    ) {
        let (out, reporter) = run_script(&bytes, kind, keep_going)?;
        let fens: Option<Vec<Position>> = lines.iter().map(|l| fen::parse(l).ok()).collect();
        match fens {
            // Every line a FEN and as many as counted: each listing, a blank
            // line between them, and no error. (Detect needs a first line
            // that is not a Yut turn; a FEN's first word is 7 characters.)
            Some(positions) if n == positions.len() as u64 => {
                prop_assert!(reporter.reports.is_empty(), "{:?}", reporter.reports);
                let expected: Vec<String> = positions.iter().map(listing).collect();
                prop_assert_eq!(String::from_utf8(out).unwrap(), expected.join("\n"));
            }
            _ => prop_assert!(!reporter.reports.is_empty(), "a bad input is reported"),
        }
    }

    #[test]
    fn yut_problem_inputs(
        (n, lines, bytes) in problem(turn_line()),
        keep_going in any::<bool>(),
    ) {
        let (out, reporter) = run_script(&bytes, Kind::Yut, keep_going)?;
        // The model: play the turns with the library; any bad turn, or a
        // count that does not match, is an error and (without
        // --keep-going) no board.
        let mut game = Game::new();
        let mut good = n == lines.len() as u64;
        for l in &lines {
            // Exactly two words separated by spaces or tabs.
            let words: Vec<&str> = l.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
            let turn = match words[..] {
                [t, th] => t.parse::<Token>().ok().zip(th.parse::<Throw>().ok()),
                _ => None,
            };
            match turn {
                Some((t, th)) if game.apply(t, th).is_ok() => {}
                _ => good = false,
            }
        }
        if good {
            prop_assert!(reporter.reports.is_empty(), "{:?}", reporter.reports);
            prop_assert_eq!(String::from_utf8(out).unwrap(), board(&game));
        } else {
            prop_assert!(!reporter.reports.is_empty());
            if !keep_going {
                prop_assert!(out.is_empty(), "a failed Yut input prints no board");
            }
        }
    }

    #[test]
    fn a_rejected_command_changes_nothing(
        history in prop::collection::vec(history_command(), 0..40),
        (command, always_rejected) in candidate(),
    ) {
        let mut loader = NoFiles;
        let mut reporter = Collect::default();
        let mut out = Vec::new();
        let mut r = runner(&mut loader, &mut reporter, true);
        for (i, cmd) in history.iter().enumerate() {
            prop_assert!(r.run_line("<history>", i + 1, cmd, &mut out).is_ok());
        }
        let before = snapshot(&r.session);
        let errors = r.errors;
        let end = r.run_line("<candidate>", 1, &command, &mut out);
        prop_assert!(end.is_ok());
        let rejected = r.errors > errors;
        if always_rejected {
            prop_assert!(rejected, "{command:?} was accepted");
        }
        if rejected {
            prop_assert_eq!(
                String::from_utf8(snapshot(&r.session)).unwrap(),
                String::from_utf8(before).unwrap(),
                "{:?} changed the session", command
            );
        }
    }

    #[test]
    fn fen_round_trips(pos in position()) {
        let text = pos.to_string();
        let back = fen::parse(&text);
        prop_assert_eq!(back.as_ref(), Ok(&pos), "{}", text);
        // Canonical text is a fixed point.
        prop_assert_eq!(back.unwrap().to_string(), text);
    }

    #[test]
    fn parsed_fen_text_round_trips(line in fen_line()) {
        if let Ok(pos) = fen::parse(&line) {
            let text = pos.to_string();
            prop_assert_eq!(fen::parse(&text), Ok(pos));
        }
    }
}

/// A count line and then a line starting with a non-breaking space: the
/// span used to be measured with Unicode white space but the text trimmed
/// of spaces and tabs only, so it ran past the end of the line.
#[test]
fn extra_line_starting_with_unicode_space_is_located_inside_it() {
    for extra in ["\u{a0}x", "\u{c}", "\u{85}y", "\u{3000}"] {
        let input = format!("0\n{extra}\n");
        let mut loader = NoFiles;
        let mut reporter = Collect::default();
        let end = runner(&mut loader, &mut reporter, false)
            .run_file(
                "<t>",
                None,
                Kind::Detect,
                &mut input.as_bytes(),
                &mut Vec::new(),
            )
            .unwrap();
        assert_eq!(end, End::Failed);
        let r = &reporter.reports[0];
        // The grammar skips only spaces and tabs: the whole line is the
        // extra line, from byte 0.
        assert_eq!(r.span, Span::new(0, extra.len()), "{extra:?}");
        assert!(reporter.messages.is_empty());
    }
}

// ---- the line reader: buffer boundaries do not matter ----

/// A line as read, owned, for comparing two readers.
#[derive(Debug, PartialEq, Eq)]
enum ReadLine {
    Utf8(String),
    Invalid(Vec<u8>),
    TooLong(Vec<u8>),
}

/// Every line `reader` gives, with lines of at most `limit` bytes.
fn read_all<R: std::io::BufRead>(reader: R, limit: usize) -> Vec<(usize, ReadLine)> {
    use boardsh::shell::{LineReader, Text};
    let mut lines = LineReader::with_limit(reader, limit);
    let mut out = Vec::new();
    while let Some((n, text)) = lines.next_line().unwrap() {
        out.push((
            n,
            match text {
                Text::Utf8(t) => ReadLine::Utf8(t.to_string()),
                Text::Invalid(b) => ReadLine::Invalid(b.to_vec()),
                Text::TooLong(b) => ReadLine::TooLong(b.to_vec()),
            },
        ));
    }
    out
}

/// Bytes with the quirks the reader handles: a byte-order mark, CRLF,
/// lone CR, invalid UTF-8, multi-byte characters, lines longer than the
/// limit, no final newline.
fn quirky_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"move A FFFF".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"\xEF\xBB\xBF".to_vec()),
        Just("caf\u{e9} \u{1F600}".as_bytes().to_vec()),
        Just(b"\xE9\xFF".to_vec()),
        Just(b"x".repeat(40)),
        prop::collection::vec(any::<u8>(), 0..8),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Read through a `BufReader` of any small capacity (1..=16 bytes, so
    /// lines, CRLFs, characters and the mark straddle refills), the lines
    /// are exactly those read from the whole slice at once.
    #[test]
    fn line_reader_ignores_buffer_boundaries(bytes in quirky_bytes(), limit in 4usize..48) {
        let whole = read_all(&bytes[..], limit);
        for k in 1..=16 {
            let chunked = read_all(std::io::BufReader::with_capacity(k, &bytes[..]), limit);
            prop_assert_eq!(&chunked, &whole, "capacity {}", k);
        }
    }
}
