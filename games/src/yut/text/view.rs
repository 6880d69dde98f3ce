//! The texts of the game queries: `turn` and `options`.

use std::fmt;

use crate::yut::rules::play::{Phase, Play, options};
use crate::yut::rules::roll::Roll;

/// `turn`: whose turn it is and what it waits for, one line.
///
/// `upper to throw`, `upper to throw; pending: yut (4)` (after a yut, a mo
/// or a catch, with throws still to use), `lower to move: geol (3), do (1)`,
/// or `game over: upper won`.
#[derive(Clone, Copy, Debug)]
pub struct TurnView<'a>(pub &'a Play);

impl fmt::Display for TurnView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let play = self.0;
        match play.phase() {
            Phase::Over(w) => write!(f, "game over: {w} won"),
            Phase::Throw(team) if play.pending().is_empty() => write!(f, "{team} to throw"),
            Phase::Throw(team) => write!(f, "{team} to throw; pending: {}", play.pending()),
            Phase::Move(team) => write!(f, "{team} to move: {}", play.pending()),
        }
    }
}

/// `options`: for each result asked about, where each group of the team
/// to move would land and whom it would catch, as the move would report
/// it. One block per result:
///
/// ```text
/// geol (3)
///   A: home -> geol (3), caught b
///   C+D: mo -> bang (3)
/// ```
#[derive(Clone, Debug)]
pub struct OptionsView<'a> {
    /// The game.
    pub play: &'a Play,
    /// The results to show, in this order.
    pub rolls: Vec<Roll>,
}

impl<'a> OptionsView<'a> {
    /// The results to show for `play`: `roll` if given, else each
    /// distinct pending result (largest first), else every result the
    /// house rules have (the five, and back-do when it is on).
    pub fn new(play: &'a Play, roll: Option<Roll>) -> OptionsView<'a> {
        let rolls = match roll {
            Some(r) => vec![r],
            None if !play.pending().is_empty() => play.pending().distinct().collect(),
            None => play.house().rolls().to_vec(),
        };
        OptionsView { play, rolls }
    }
}

impl fmt::Display for OptionsView<'_> {
    /// The blocks, each line ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let team = self.play.to_move();
        for &roll in &self.rolls {
            writeln!(f, "{roll}")?;
            for report in options(self.play.game(), team, roll) {
                writeln!(f, "  {report}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::{Team, Throw, Token};

    fn t(s: &str) -> Throw {
        s.parse().expect("throw")
    }

    #[test]
    fn turn_lines() {
        let mut p = Play::new(Team::Upper, 0);
        assert_eq!(TurnView(&p).to_string(), "upper to throw");
        p.throw(t("FFFF")).expect("yut");
        assert_eq!(TurnView(&p).to_string(), "upper to throw; pending: yut (4)");
        p.throw(t("FBFB")).expect("gae");
        assert_eq!(TurnView(&p).to_string(), "upper to move: yut (4), gae (2)");
    }

    #[test]
    fn options_show_each_group_and_catches() {
        // A and B stacked on geol, lower's a on yut (home+4); upper has
        // gae pending: A+B geol+2 passes yut and reaches mo; a home token
        // enters on gae.
        let mut p = Play::new(Team::Upper, 0);
        p.replay(Token::A, t("FFFB")).expect("free");
        p.replay(Token::B, t("FFFB")).expect("free");
        p.replay(Token::a, t("FFFF")).expect("free");
        p.throw(t("FFBB")).expect("gae");
        assert_eq!(
            OptionsView::new(&p, None).to_string(),
            "gae (2)\n  A+B: geol -> mo (2)\n  C: home -> gae (2)\n"
        );
        // Asked about do: geol+1 lands on yut and catches a.
        assert_eq!(
            OptionsView::new(&p, Some(Roll::Do)).to_string(),
            "do (1)\n  A+B: geol -> yut (1), caught a\n  C: home -> do (1)\n"
        );
        // Nothing changed.
        assert_eq!(p.pending().to_string(), "gae (2)");
    }
}
