//! What the match prints: a line per game and the closing summary (A's
//! results, the Elo difference, the pairs, the slowest answers, the
//! SPRT's verdict).

use super::NAMES;
use super::game::{GameResult, Outcome};
use crate::congo::Color;
use crate::stats::pentanomial::{Pentanomial, Sprt, Verdict};
use crate::stats::{Elo, Tally};
use std::io::{self, Write};
use std::time::Duration;

/// The slowest answer of one agent.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Slowest {
    pub(super) took: Duration,
    pub(super) game: u64,
}

/// The running totals of the games played.
pub(super) struct Totals {
    pub(super) tally: Tally,
    pub(super) slowest: [Option<Slowest>; 2],
    /// Games played by this run.
    pub(super) played: u64,
}

/// Count one game and print its line.
pub(super) fn game_line(
    out: &mut impl Write,
    totals: &mut Totals,
    number: u64,
    a_white: bool,
    opening: &str,
    result: &GameResult,
) -> io::Result<()> {
    totals.played += 1;
    let (white, black) = if a_white { (0, 1) } else { (1, 0) };
    let a_won = match result.outcome {
        Outcome::Draw => None,
        Outcome::WhiteWins => Some(a_white),
        Outcome::BlackWins => Some(!a_white),
    };
    let t = &mut totals.tally;
    match a_won {
        None => t.draws += 1,
        Some(true) => t.wins += 1,
        Some(false) => t.losses += 1,
    }
    for (side, took) in &result.answers {
        let who = usize::from((*side == Color::White) != a_white);
        if let Some(s) = totals.slowest.get_mut(who)
            && s.is_none_or(|s| *took > s.took)
        {
            *s = Some(Slowest {
                took: *took,
                game: number,
            });
        }
    }
    let name = |k: usize| NAMES.get(k).copied().unwrap_or("?");
    writeln!(
        out,
        "game {number}: {} (white) - {} (black) {}: {}, {} plies; opening {}",
        name(white),
        name(black),
        result.outcome.notation(),
        result.reason,
        result.moves.len(),
        opening
    )?;
    out.flush()
}

/// The Elo difference with its interval; a clean sweep (every game won,
/// or lost: an infinite estimate) says there are not enough games to tell
/// instead of an interval, as does an interval with an infinite end.
fn elo_text(e: Elo, lo: Elo, hi: Elo) -> String {
    if e.0.is_infinite() {
        let all = if e.0 > 0.0 { "won" } else { "lost" };
        format!("{e} (not enough games: A has {all} every one, so no finite estimate yet)")
    } else if lo.0.is_infinite() || hi.0.is_infinite() {
        format!("{e} (not enough games for a 95% interval)")
    } else {
        format!("{e} (95% interval {lo} to {hi})")
    }
}

/// The closing lines: A's results, the Elo difference, the slowest answers.
pub(super) fn summary(
    out: &mut impl Write,
    tally: &Tally,
    pairs: &Pentanomial,
    slowest: Option<(&[Option<Slowest>; 2], f64)>,
) -> io::Result<()> {
    if tally.games() == 0 {
        writeln!(out, "no games played")?;
        return Ok(());
    }
    let (e, lo, hi) = tally.elo();
    writeln!(
        out,
        "A: {} wins, {} draws, {} losses in {} games; score {:.1}%",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.games(),
        100.0 * tally.score()
    )?;
    writeln!(out, "Elo A - B: {}", elo_text(e, lo, hi))?;
    if let Some((e, lo, hi)) = pairs.elo() {
        let [ll, ld, dd, wd, ww] = pairs.counts;
        writeln!(
            out,
            "pairs of A [LL, LD, DD+WL, WD, WW]: [{ll}, {ld}, {dd}, {wd}, {ww}]; Elo A - B by pairs: {}",
            elo_text(Elo(e), Elo(lo), Elo(hi))
        )?;
    }
    let Some((slowest, time)) = slowest else {
        return Ok(());
    };
    for (k, s) in slowest.iter().enumerate() {
        let name = NAMES.get(k).copied().unwrap_or("?");
        match s {
            Some(s) => writeln!(
                out,
                "slowest answer of {name}: {:.3} s of {time} s ({:.0}%), game {}",
                s.took.as_secs_f64(),
                100.0 * s.took.as_secs_f64() / time,
                s.game
            )?,
            None => writeln!(out, "slowest answer of {name}: no answer")?,
        }
    }
    Ok(())
}

/// The SPRT's closing line: the LLR, the bounds, the verdict. A test that
/// decided is reported on the pairs it decided on (`decided`); when pairs
/// under way then finished later, a second line gives the LLR of all.
pub(super) fn sprt_line(
    out: &mut impl Write,
    sprt: &Sprt,
    pairs: &Pentanomial,
    decided: Option<&(Verdict, Pentanomial)>,
) -> io::Result<()> {
    let (lower, upper) = sprt.bounds();
    let (verdict, at) = match decided {
        Some(&(v, at)) => (v, at),
        None => (sprt.verdict(pairs), *pairs),
    };
    let said = match verdict {
        Verdict::H1 => "H1 accepted (A is at least elo1 stronger)",
        Verdict::H0 => "H0 accepted (A is at most elo0 stronger)",
        Verdict::Continue => "no decision yet",
    };
    writeln!(
        out,
        "SPRT: LLR {:.2} [{lower:.2}, {upper:.2}]: {said}",
        sprt.llr(&at)
    )?;
    if at != *pairs {
        writeln!(
            out,
            "SPRT: decided after {} pairs; with the {} pairs that were under way then: LLR {:.2}",
            at.pairs(),
            pairs.pairs() - at.pairs(),
            sprt.llr(pairs)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clean_sweep_says_not_enough_games() {
        // Two games both won: a score of 100% is an infinite Elo, which
        // no interval around it makes readable.
        let tally = Tally {
            wins: 2,
            draws: 0,
            losses: 0,
        };
        let (e, lo, hi) = tally.elo();
        assert_eq!(
            elo_text(e, lo, hi),
            "+inf (not enough games: A has won every one, so no finite estimate yet)"
        );
        let lost = Tally {
            wins: 0,
            draws: 0,
            losses: 2,
        };
        let (e, lo, hi) = lost.elo();
        assert!(elo_text(e, lo, hi).contains("not enough games: A has lost every one"));
        // A win and a loss: a score of 50% +- 1.96 x 0.35 reaches below 0,
        // an infinite end: the estimate, 0, and no interval.
        let even = Tally {
            wins: 1,
            draws: 0,
            losses: 1,
        };
        let (e, lo, hi) = even.elo();
        assert_eq!(
            elo_text(e, lo, hi),
            "+0 (not enough games for a 95% interval)"
        );
        // Enough games: the interval.
        let many = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let (e, lo, hi) = many.elo();
        assert!(elo_text(e, lo, hi).contains(" (95% interval "), "{e}");
    }
}
