//! The labelled station map the `stations` command prints (not to be
//! confused with `station.rs`, the stations themselves): each of the 29
//! stations' names where it stands on the board, in 71 columns, and how
//! tokens go round.

use crate::yut::rules::station::Station;

/// Map rows and columns: a station's block at (row, column) of the 32x32
/// board is drawn at line `row / 2` and column `column * 2`.
const LINES: usize = 16;
const WIDTH: usize = 71;

/// The map: every station's name at its place, then the way round.
pub fn map() -> String {
    let mut grid = vec![vec![' '; WIDTH]; LINES];
    for station in Station::ALL {
        let (row, col) = station.block();
        if let Some(line) = grid.get_mut(row / 2) {
            for (i, ch) in station.name().chars().enumerate() {
                if let Some(cell) = line.get_mut(col * 2 + i) {
                    *cell = ch;
                }
            }
        }
    }
    let mut out = String::new();
    for line in grid {
        let text: String = line.into_iter().collect();
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out.push_str(
        "Tokens enter at do and go up the right side to mo, left along the top\n\
         to duet-mo, down the left side to chi-mo, right along the bottom to\n\
         cham-meoki, and escape with a step to spare. A move that starts on mo\n\
         takes the diagonal mo-do, mo-gae, bang, sok-yut, sok-mo to chi-mo (then\n\
         along the bottom); one that starts on duet-mo takes duet-modo,\n\
         duet-mogae, bang, saryeo, anchi to cham-meoki; one that starts on bang\n\
         goes saryeo, anchi, cham-meoki. Passing a corner does not turn.\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_station_is_named_once_and_the_map_fits_80_columns() {
        let text = map();
        let words: Vec<&str> = text
            .lines()
            .take(LINES)
            .flat_map(str::split_whitespace)
            .collect();
        // Each name appears exactly once in the picture: no two overlap.
        assert_eq!(words.len(), 29);
        for station in Station::ALL {
            assert_eq!(
                words.iter().filter(|w| **w == station.name()).count(),
                1,
                "{station}"
            );
        }
        assert!(text.lines().all(|l| l.chars().count() <= 80));
        // Corners at the corners: mo top right, cham-meoki bottom right.
        let first = text.lines().next().unwrap();
        assert!(
            first.starts_with("duet-mo") && first.ends_with(" mo"),
            "{first}"
        );
        assert!(text.lines().nth(LINES - 1).unwrap().ends_with("cham-meoki"));
    }
}
