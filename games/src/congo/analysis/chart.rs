//! The advantage chart of a review: White's win chance over the game, as a
//! few lines of text for the terminal (block characters, or plain ASCII
//! where the terminal is not UTF-8) and as an SVG picture with the marked
//! moves on it (drawn by [`crate::stats::chart`], which Yut's review
//! shares).

use super::review::Mark;
use crate::stats::chart::ChartMark;

pub use crate::stats::chart::terminal_chart;

/// The colour of a mark on the chart.
fn colour(mark: Mark) -> &'static str {
    match mark {
        Mark::Inaccuracy => "#d4a017",
        Mark::Mistake => "#e07000",
        Mark::Blunder => "#c00000",
    }
}

/// `white` as an SVG chart: a line through one point a position (the
/// start, then after each move), the 50% line dashed, and a dot for each
/// marked move (`marks`: the move's index and its mark; move i leads to
/// point i + 1), with a title saying which.
pub fn svg_chart(white: &[f64], marks: &[(usize, Mark)]) -> String {
    let marks: Vec<ChartMark> = marks
        .iter()
        .map(|&(i, mark)| ChartMark {
            point: i + 1,
            colour: colour(mark),
            label: format!("move {}: {}", i + 1, mark.symbol()),
        })
        .collect();
    let extras = crate::stats::chart::Extras {
        axis: "move (the point after it; 0: the start)".to_string(),
        legend: [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder]
            .into_iter()
            .map(|m| (colour(m), format!("{} {}", m.symbol(), name(m))))
            .collect(),
    };
    crate::stats::chart::svg_chart_with(
        white,
        "White's win chance after each move",
        &marks,
        Some(&extras),
    )
}

/// A mark's name, for the legend.
fn name(mark: Mark) -> &'static str {
    match mark {
        Mark::Inaccuracy => "inaccuracy",
        Mark::Mistake => "mistake",
        Mark::Blunder => "blunder",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marked_move_is_a_dot_on_the_point_after_it() {
        let white = [0.5, 0.6, 0.2, 0.25];
        let svg = svg_chart(&white, &[(1, Mark::Blunder)]);
        assert!(
            svg.contains("<title>White's win chance after each move</title>"),
            "{svg}"
        );
        // The title is on the picture too, the x axis numbers the moves
        // (a tick every 5: 0 at x = 40), and the legend names each colour.
        assert!(
            svg.contains(r#"font-weight="bold">White's win chance after each move</text>"#),
            "{svg}"
        );
        assert!(svg.contains(r#"text-anchor="middle">0</text>"#), "{svg}");
        for label in ["?! inaccuracy", "? mistake", "?? blunder"] {
            assert!(svg.contains(&format!("{label}</text>")), "{svg}");
        }
        // Move 2 (index 1) leads to point 2, at x = 40 + 8 * 2.
        assert!(
            svg.contains(r##"<circle cx="56.0" cy="180.0" r="4" fill="#c00000"><title>move 2: ??</title></circle>"##),
            "{svg}"
        );
    }
}
