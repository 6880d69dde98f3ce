//! The rules a game under [`Play`](crate::yut::Play) follows, as `help yut`
//! shows them. Kept here, beside the code that enforces them, so the two
//! cannot drift apart; the shell's help topic prints [`RULES`] as it is.

/// The text of `help yut`: the rules, the throw table, the commands.
pub const RULES: &str = "\
Yut Nori: two teams of four tokens race once round the board.
Upper case (A B C D) against lower case (a b c d); upper throws first
unless `set first lower`.

Throws: four sticks, each front (F) or back (B) up.
  sticks      name  steps  odds (fair sticks)
  one F       do    1      4/16
  two F       gae   2      6/16
  three F     geol  3      4/16
  FFFF        yut   4      1/16, throw again
  BBBB        mo    5      1/16, throw again

A turn: throw; a yut or a mo earns another throw, again and again. Then
use the pending throws in any order, each moving one token (with every
token of its team on the same station: a stack). A move that catches
(ends on opponents, who go home) earns one more throw, thrown at once,
before the remaining throws are used. A throw with no use is lost (this
happens only when the last token escapes with throws still pending). The
first team with all four tokens escaped wins; after that moves are
refused. Shortcuts: a move that starts on mo, duet-mo or bang turns onto
the diagonal; passing a corner does not turn. A token escapes when it
passes cham-meoki.

Commands:
  throw [STICKS]       throw for the team to move (or record FBFF by hand)
  move TOKEN [THROW]   move by a pending throw: move A, move A geol
  move TOKEN FBFB      a free turn of the original problem (no turn rules)
  turn                 whose turn it is, the pending throws, the winner
  options [THROW]      where each token or stack would land, and catches
  auto                 the computer plays the turn of the team to move
  odds [N]             the chance each team wins, from N simulated games
  set seed N           the random throws start again from seed N
  set sticks P         each stick shows its front with probability P
  set first lower      lower throws first (now, or from the next game)

House rules (the contest's are the defaults: 4 tokens, no back-do, a
catch earns a throw; `save` writes them):
  set tokens N         N tokens a side, 1 to 5 (A-E, a-e with five); from
                       the next game, or now if this one has not begun.
                       All N escaped wins. Five stacked show A B C and 5.
  set back-do on       back-do (빽도): the fourth stick is marked, and
                       BBBF (it alone front up) moves a token one station
                       back instead of forward: 1/16 with fair sticks, do
                       keeps 3/16. `throw backdo` (or 빽도) records BBBF;
                       `move A back-do` uses it. It moves a stack whole
                       and catches as any move.
    at home            it cannot move back: a token on the board must
                       take it; with none there the back-do is lost
    on do              back to cham-meoki, the start: the lap is done and
                       any throw then escapes it (the common rule)
    on cham-meoki      back to nal-yut (the outer route)
    on bang            back to duet-mogae: the short way home stays ahead
    on mo / duet-mo    back to yut / duet-yut; it must stop on the corner
                       again to turn
  set catch-bonus off  a catch earns no extra throw
The solved tables (`hint`, `review`, the perfect `auto`) cover the
contest's rules with 1 to 4 tokens; other rules are estimated.
";

#[cfg(test)]
mod tests {
    use super::RULES;
    use crate::yut::{Roll, Sticks};

    #[test]
    fn table_matches_the_code() {
        // Every result's name, steps and fair odds appear on its row.
        let odds = Sticks::FAIR.odds();
        for (r, p) in Roll::ALL.into_iter().zip(odds) {
            let cells = format!("{:<6}{:<7}{}/16", r.name(), r.steps(), (p * 16.0) as u32);
            let row = RULES.lines().find(|l| l.contains(&cells));
            assert!(row.is_some(), "no row `{cells}`");
            assert_eq!(row.is_some_and(|l| l.contains("throw again")), r.again());
        }
    }

    #[test]
    fn lines_fit_a_terminal() {
        assert!(RULES.lines().all(|l| l.chars().count() <= 76));
    }
}
