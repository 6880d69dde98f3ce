//! What every target checks: errors are located inside their line.

// Each target uses part of this module.
#![allow(dead_code)]

use boardsh::congo::{Color, Piece, PieceKind, Position, Square};
use boardsh::shell::Span;
use boardsh::shell::{Diagnostic, Reporter};

/// `span` lies within `line` and on char boundaries.
pub fn assert_span(line: &str, span: Span, what: &dyn std::fmt::Debug) {
    let end = span
        .start
        .checked_add(span.len)
        .expect("span end overflows");
    assert!(
        end <= line.len(),
        "span {span:?} past the end of {line:?}: {what:?}"
    );
    assert!(
        line.is_char_boundary(span.start) && line.is_char_boundary(end),
        "span {span:?} not on char boundaries of {line:?}: {what:?}"
    );
}

/// A reporter that checks each diagnostic and its message.
pub struct Checking;

impl Reporter for Checking {
    fn report(&mut self, d: &Diagnostic<'_>) {
        assert_span(d.line, d.error.span, d.error);
        assert!(d.line_no >= 1);
        let message = d.error.to_string();
        assert!(!message.is_empty());
        // Messages quote user text cut short, whatever the input size.
        assert!(message.len() < 2048, "message of {} bytes", message.len());
    }

    fn message(&mut self, message: &str) {
        assert!(!message.is_empty());
    }
}

/// Counting the Congo move tree is slow by design at depth: inputs that
/// ask for it are skipped rather than reported as timeouts.
pub fn asks_for_deep_counts(data: &[u8]) -> bool {
    let lower = data.to_ascii_lowercase();
    lower.windows(5).any(|w| w == b"perft") || lower.windows(6).any(|w| w == b"divide")
}

/// `source` multiplies work: a file sourcing the next one N times, level
/// after level, runs N^depth files without printing (slow by design, like
/// deep counts). Inputs with more than a few are skipped.
pub fn sources_too_often(data: &[u8]) -> bool {
    let lower = data.to_ascii_lowercase();
    lower.windows(6).filter(|w| w == b"source").count() > 6
}

/// A Congo position from the first 50 bytes: one per square (about a third
/// empty, the rest any piece of either side), then the side to move.
pub fn position(data: &[u8]) -> Position {
    let mut pos = Position::empty();
    for (sq, &b) in Square::all().zip(data) {
        // About a third of the squares empty; the rest any piece.
        let code = b % 24;
        if code < 16 {
            let color = if code & 1 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let kind = PieceKind::ALL[usize::from(code >> 1)];
            pos.set(sq, Some(Piece::new(color, kind)));
        }
    }
    if data.get(49).is_some_and(|b| b & 1 == 1) {
        pos.set_side_to_move(Color::Black);
    }
    pos
}
