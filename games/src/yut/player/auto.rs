//! The computer plays a turn: what `auto` does.

use super::policy::Policy;
use crate::interrupt::{Interrupt, Interrupted, Never};
use crate::yut::rules::next::{PlayReport, ThrowReport};
use crate::yut::rules::play::{Phase, Play, PlayError, Use};
use crate::yut::rules::record::Event;

/// One step of a turn played by the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// It threw the sticks.
    Threw(ThrowReport),
    /// It used a pending throw.
    Moved(PlayReport),
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Step::Threw(r) => write!(f, "{r}"),
            Step::Moved(r) => write!(f, "{r}"),
        }
    }
}

impl Step {
    /// The step as an event of the game's record (the computer throws
    /// from the game's random state).
    pub const fn event(&self) -> Event {
        match self {
            Step::Threw(r) => Event::Threw {
                throw: r.throw,
                random: true,
            },
            Step::Moved(r) => Event::Used(Use {
                token: r.report.token,
                roll: r.roll,
            }),
        }
    }
}

/// Play the turn of the team to move with `ai`, from the game's own
/// random throws.
///
/// Where a throw is due it plays the whole turn: it throws (again after
/// a yut, a mo or a catch) and uses every throw, until the other team is
/// to throw or the game is over. Where throws are pending and none is
/// due (thrown by hand, say) it only picks: it uses them and stops where
/// a throw is due, leaving the sticks to whoever threw them.
///
/// # Errors
///
/// [`PlayError::Over`] when the game is already over; `play` is then
/// unchanged. (On success `play` holds the turn's end.)
pub fn auto(play: &mut Play, ai: &mut dyn Policy) -> Result<Vec<Step>, PlayError> {
    match auto_within(play, ai, &Never) {
        Ok(steps) => Ok(steps),
        Err(AutoError::Play(e)) => Err(e),
        // `Never` never says stop: nothing was played.
        Err(AutoError::Interrupted) => Ok(Vec::new()),
    }
}

/// Why [`auto_within`] played nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AutoError {
    /// The rules refuse a turn (the game is over).
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The interrupt said stop while the player was thinking.
    #[error("interrupted")]
    Interrupted,
}

/// As [`auto`], the player's searches polling `stop`.
///
/// # Errors
///
/// As [`auto`], and [`AutoError::Interrupted`] when `stop` says stop;
/// `play` is then unchanged (the turn is played on a copy).
pub fn auto_within(
    play: &mut Play,
    ai: &mut dyn Policy,
    stop: &dyn Interrupt,
) -> Result<Vec<Step>, AutoError> {
    // A policy that gave up on `stop` picks nothing: the turn (played on
    // a copy) is then abandoned.
    auto_by(
        play,
        &mut |p, s| match ai.choose_within(p, s) {
            None if s.interrupted() => Err(Interrupted),
            picked => Ok(picked),
        },
        stop,
    )
}

/// Picks a use of the pending throws, giving up when the interrupt says.
pub type Picker<'a> = dyn FnMut(&Play, &dyn Interrupt) -> Result<Option<Use>, Interrupted> + 'a;

/// As [`auto_within`], each use picked by `pick` (which gives up with
/// [`Interrupted`] when `stop` says so): the computer player with the
/// solved tables, say.
///
/// # Errors
///
/// As [`auto_within`].
pub fn auto_by(
    play: &mut Play,
    pick: &mut Picker<'_>,
    stop: &dyn Interrupt,
) -> Result<Vec<Step>, AutoError> {
    let mut work = *play;
    let steps = play_turn(&mut work, pick, stop)?;
    *play = work;
    Ok(steps)
}

/// The turn itself, on `play` (left half-played on an error).
fn play_turn(
    play: &mut Play,
    pick: &mut Picker<'_>,
    stop: &dyn Interrupt,
) -> Result<Vec<Step>, AutoError> {
    let team = match play.phase() {
        Phase::Over(w) => return Err(PlayError::Over(w).into()),
        Phase::Throw(t) | Phase::Move(t) => t,
    };
    // Throws pending and none due: someone else threw; only use them. (A
    // throw still due, after a yut say, is thrown: nothing else can come.)
    let only_pick = matches!(play.phase(), Phase::Move(_));
    let mut steps = Vec::new();
    loop {
        match play.phase() {
            Phase::Throw(t) if t == team && !only_pick => {
                steps.push(Step::Threw(play.throw_random()?));
            }
            Phase::Move(t) if t == team => {
                let picked = pick(play, stop).map_err(|_| AutoError::Interrupted)?;
                let Some(u) = picked else { break };
                steps.push(Step::Moved(play.apply(u)?));
            }
            _ => break,
        }
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::{Ai, Sticks, Team, Throw};

    #[test]
    fn a_whole_turn_ends_with_the_other_team_to_throw() {
        for seed in 0..20 {
            let mut p = Play::new(Team::Upper, seed);
            let mut ai = Ai::new(Sticks::FAIR, 1);
            let steps = auto(&mut p, &mut ai).expect("a turn");
            assert!(matches!(steps.first(), Some(Step::Threw(_))));
            assert!(matches!(steps.last(), Some(Step::Moved(_))));
            assert_eq!(p.phase(), Phase::Throw(Team::Lower), "seed {seed}");
            let throws = steps.iter().filter(|s| matches!(s, Step::Threw(_))).count();
            let moves = steps.len() - throws;
            assert_eq!(
                throws, moves,
                "every throw used (no catch is possible on turn one)"
            );
        }
    }

    #[test]
    fn a_throw_still_due_is_thrown() {
        // Upper threw a yut by hand: a throw is due, so auto throws it
        // and plays the turn out.
        let mut p = Play::new(Team::Upper, 3);
        p.throw("FFFF".parse::<Throw>().expect("throw"))
            .expect("yut");
        let steps = auto(&mut p, &mut Ai::new(Sticks::FAIR, 1)).expect("a turn");
        assert!(matches!(steps.first(), Some(Step::Threw(_))));
        assert_eq!(p.phase(), Phase::Throw(Team::Lower));
    }

    #[test]
    fn with_throws_pending_it_only_picks() {
        let mut p = Play::new(Team::Upper, 0);
        p.throw("FFFF".parse::<Throw>().expect("throw"))
            .expect("yut");
        p.throw("FBBB".parse::<Throw>().expect("throw"))
            .expect("do");
        let before_rng = p.rng();
        let steps = auto(&mut p, &mut Ai::new(Sticks::FAIR, 1)).expect("a turn");
        assert_eq!(steps.len(), 2);
        assert!(steps.iter().all(|s| matches!(s, Step::Moved(_))));
        assert_eq!(p.rng(), before_rng, "no sticks thrown");
        assert_eq!(p.phase(), Phase::Throw(Team::Lower));
    }
}
