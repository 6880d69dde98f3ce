//! A chance over a game: as a few lines of text for the terminal (block
//! characters, or plain ASCII where the terminal is not UTF-8) and as an
//! SVG picture with marked points. Congo's review draws White's chance,
//! Yut's upper's.

use std::fmt::Write as _;

/// The eighths of a cell, from empty to full.
const BLOCKS: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// `white` (a side's chance at each point, 0 to 1) as `rows` lines of
/// at most `width` columns: a bar a column, as high as the chance
/// (the bottom line is 0%, the top 100%). With more positions than
/// columns, a column shows the last position of its share. `utf8`: block
/// characters in eighths of a line; else `#` for a cell at least half
/// filled and `.` for a bottom cell less. A chance above 0 is never drawn
/// blank, however small (at least an eighth, `.` in ASCII): only 0 is.
/// Lines are not padded on the right.
pub fn terminal_chart(white: &[f64], width: usize, rows: usize, utf8: bool) -> Vec<String> {
    let (width, rows) = (width.max(1), rows.max(1));
    let columns: Vec<f64> = if white.len() <= width {
        white.to_vec()
    } else {
        (1..=width)
            .filter_map(|c| white.get(c * white.len() / width - 1).copied())
            .collect()
    };
    let steps = rows * 8;
    let heights: Vec<usize> = columns
        .iter()
        .map(|w| {
            let h = (w.clamp(0.0, 1.0) * steps as f64).round() as usize;
            if *w > 0.0 { h.max(1) } else { h }
        })
        .collect();
    (0..rows)
        .rev()
        .map(|row| {
            let line: String = heights
                .iter()
                .map(|&h| {
                    let fill = h.saturating_sub(row * 8).min(8);
                    if utf8 {
                        BLOCKS.get(fill).copied().unwrap_or(' ')
                    } else if fill >= 4 {
                        '#'
                    } else if row == 0 && h > 0 {
                        '.'
                    } else {
                        ' '
                    }
                })
                .collect();
            line.trim_end().to_string()
        })
        .collect()
}

/// A marked point of an SVG chart: its index, the dot's colour and the
/// dot's title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartMark {
    /// The point (an index into the chances).
    pub point: usize,
    /// The dot's colour (an SVG colour).
    pub colour: &'static str,
    /// What the dot's title says.
    pub label: String,
}

/// What a chart may add to [`svg_chart`]'s: its title written on it, an
/// x axis numbering the points (a tick every [`TICK`], named `axis`), and
/// a legend of the dots' colours.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    pub axis: String,
    /// A colour and what a dot of it means.
    pub legend: Vec<(&'static str, String)>,
}

/// Points between two numbered ticks of the x axis.
pub const TICK: usize = 5;

/// `white` as an SVG chart titled `title`: a line through one point a
/// chance, the 50% line dashed, and a dot for each of `marks`.
pub fn svg_chart(white: &[f64], title: &str, marks: &[ChartMark]) -> String {
    svg_chart_with(white, title, marks, None)
}

/// [`svg_chart`], with `extras` drawn when given: the title as text above
/// the plot, the x axis under it and the legend below that.
pub fn svg_chart_with(
    white: &[f64],
    title: &str,
    marks: &[ChartMark],
    extras: Option<&Extras>,
) -> String {
    let step = 8.0;
    let (left, top, height) = (40.0, 20.0, 200.0);
    // Room under the plot for the axis and the legend.
    let below = if extras.is_some() { 60.0 } else { 0.0 };
    let width = (step * white.len().saturating_sub(1) as f64).max(400.0);
    let x = |i: usize| left + step * i as f64;
    let y = |w: f64| top + (1.0 - w.clamp(0.0, 1.0)) * height;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = left * 2.0 + width,
        h = top * 2.0 + height + 20.0 + below
    );
    let _ = writeln!(s, "<title>{title}</title>");
    if let Some(extras) = extras {
        let _ = writeln!(
            s,
            r#"<text x="{left}" y="14" font-size="12" font-weight="bold">{title}</text>"#
        );
        let base = top + height;
        let mut i = 0;
        while i < white.len() {
            let _ = writeln!(
                s,
                r##"<line x1="{x:.1}" y1="{base}" x2="{x:.1}" y2="{b:.1}" stroke="#888"/><text x="{x:.1}" y="{t:.1}" font-size="10" text-anchor="middle">{i}</text>"##,
                x = x(i),
                b = base + 4.0,
                t = base + 15.0
            );
            i += TICK;
        }
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle">{}</text>"#,
            left + width / 2.0,
            base + 28.0,
            extras.axis
        );
        let mut at = left;
        for (colour, label) in &extras.legend {
            let y = base + 48.0;
            let _ = writeln!(
                s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="4" fill="{colour}"/><text x="{:.1}" y="{:.1}" font-size="10">{label}</text>"#,
                at + 4.0,
                y - 3.0,
                at + 12.0,
                y
            );
            at += 20.0 + 6.0 * label.chars().count() as f64;
        }
    }
    let _ = writeln!(
        s,
        r##"<rect x="{left}" y="{top}" width="{width}" height="{height}" fill="#f4f4f4" stroke="#888"/>"##
    );
    let _ = writeln!(
        s,
        r##"<line x1="{left}" y1="{m}" x2="{r}" y2="{m}" stroke="#888" stroke-dasharray="4 4"/>"##,
        m = y(0.5),
        r = left + width
    );
    for (label, w) in [("100%", 1.0), ("50%", 0.5), ("0%", 0.0)] {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="10" text-anchor="end">{label}</text>"#,
            left - 4.0,
            y(w) + 3.0
        );
    }
    let points: Vec<String> = white
        .iter()
        .enumerate()
        .map(|(i, &w)| format!("{:.1},{:.1}", x(i), y(w)))
        .collect();
    let _ = writeln!(
        s,
        r##"<polyline fill="none" stroke="#000" stroke-width="1.5" points="{}"/>"##,
        points.join(" ")
    );
    for m in marks {
        let Some(&w) = white.get(m.point) else {
            continue;
        };
        let _ = writeln!(
            s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="4" fill="{}"><title>{}</title></circle>"#,
            x(m.point),
            y(w),
            m.colour,
            m.label
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_rise_with_whites_chance() {
        // 0%, 50%, 100% on two lines (16 eighths): empty, half, full.
        let lines = terminal_chart(&[0.0, 0.5, 1.0], 80, 2, true);
        assert_eq!(lines, ["  █", " ██"]);
        let ascii = terminal_chart(&[0.0, 0.5, 1.0, 0.75], 80, 2, false);
        assert_eq!(ascii, ["  ##", " ###"]);
        // A quarter on one line: two eighths.
        assert_eq!(terminal_chart(&[0.25], 80, 1, true), ["▂"]);
    }

    #[test]
    fn a_small_chance_is_never_drawn_blank() {
        // 1% of 3 rows of eighths (24 steps) is 0.24 of a step: rounded,
        // nothing; it is drawn as the smallest bar, on the bottom row
        // (an eighth, `.` in ASCII, where a cell under half was blank).
        // Only a chance of 0 is blank.
        assert_eq!(terminal_chart(&[0.01, 0.0], 80, 3, true), ["", "", "▁"]);
        assert_eq!(terminal_chart(&[0.01, 0.0], 80, 3, false), ["", "", "."]);
        // A tenth in ASCII: under half of the bottom cell (2.4 of 8).
        assert_eq!(terminal_chart(&[0.1], 80, 3, false), ["", "", "."]);
    }

    #[test]
    fn more_positions_than_columns_are_shared_out() {
        // 10 positions on 5 columns: each column the last of its two.
        let white: Vec<f64> = (0..10)
            .map(|i| if i % 2 == 1 { 1.0 } else { 0.0 })
            .collect();
        assert_eq!(terminal_chart(&white, 5, 1, true), ["█████"]);
    }

    #[test]
    fn the_svg_has_a_point_a_position_and_a_dot_a_mark() {
        let white = [0.5, 0.6, 0.2, 0.25];
        let mark = ChartMark {
            point: 2,
            colour: "#c00000",
            label: "move 2: ??".to_string(),
        };
        let svg = svg_chart(&white, "a title", &[mark]);
        let elements = crate::svg_check::elements(&svg).unwrap();
        let (_, attrs, _) = elements.iter().find(|(n, _, _)| n == "polyline").unwrap();
        let points = attrs.split("points=\"").nth(1).unwrap();
        let points = points.split('"').next().unwrap();
        assert_eq!(points.split(' ').count(), white.len());
        let dots: Vec<_> = elements.iter().filter(|(n, _, _)| n == "circle").collect();
        assert_eq!(dots.len(), 1);
        assert!(svg.contains("<title>move 2: ??</title>"), "{svg}");
        assert!(svg.contains("<title>a title</title>"), "{svg}");
    }
}
