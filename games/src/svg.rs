//! What the games' SVG diagrams (Congo's board, Yut Nori's) share: the
//! document's opening, its size and a white background, so that every
//! diagram reads the same in a browser and in print.

use std::fmt::Write;

/// A new SVG document `width` by `height` user units (sans-serif text),
/// opened with a white background over the whole of it; the caller
/// draws on it and closes it with `</svg>`.
pub(crate) fn open(width: u32, height: u32) -> String {
    let mut s = String::new();
    // Writing to a String cannot fail; the results are ignored on purpose.
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">"
    );
    let _ = writeln!(
        s,
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
    );
    s
}
