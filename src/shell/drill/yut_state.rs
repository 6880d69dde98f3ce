//! A Yut drill's decision as the deck writes it: the board (every token
//! in play and where it is), the team to move, the throws pending, the
//! sticks and house rules, and the seed of the estimate's games, in a
//! versioned form (`"format":1`) that is checked whole when read back
//! ([`YutState::play`]): a board the rules cannot reach, a game already
//! won or nothing to use is refused, never trusted. A use is written as
//! `move` takes it: the token and the throw's name (`A do`).

use crate::yut::{Game, House, Pending, Play, Roll, Station, Sticks, Team, Token, TokenState, Use};
use serde::{Deserialize, Serialize};

/// The form of the state this boardsh reads and writes.
pub const FORMAT: u32 = 1;

/// The most throws pending a state may hold (a longer run of yuts and
/// mos has a chance below 1e-15).
const MAX_PENDING: usize = 16;

/// A Yut decision: what a drill needs to pose it again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct YutState {
    /// [`FORMAT`].
    pub format: u32,
    /// Tokens a side, 1 to 5.
    pub tokens: u8,
    /// Every token in play, upper's first, and where it is:
    /// `A mo-gae, a cham-meoki` (`home`, a station, `escaped`).
    pub board: String,
    /// The team that threw first in the game: `upper` or `lower`.
    pub first: String,
    /// The team to move.
    pub to_move: String,
    /// The throws pending, by name, largest first.
    pub pending: Vec<String>,
    /// The sticks' chance of a front (`0.5`).
    pub sticks: String,
    /// The house rules: back-do, and whether a catch earns a throw.
    pub back_do: bool,
    pub catch_bonus: bool,
    /// The seed of the games an estimate plays out (the same answer on
    /// every run).
    pub seed: u64,
    /// Whether the review's chances were exact (a solved table covers
    /// the position) or estimated by games played out.
    pub exact: bool,
}

/// `upper` or `lower`.
pub fn team_name(team: Team) -> &'static str {
    match team {
        Team::Upper => "upper",
        Team::Lower => "lower",
    }
}

/// The team named `upper` or `lower`.
fn team_of(name: &str) -> Option<Team> {
    Team::ALL.into_iter().find(|&t| team_name(t) == name)
}

/// A use as `move` takes it: `A do`.
pub fn use_text(u: Use) -> String {
    format!("{} {}", u.token, u.roll.name())
}

/// A use written as [`use_text`] writes it.
pub fn parse_use(text: &str) -> Option<Use> {
    let (token, roll) = text.split_once(' ')?;
    let token: Token = token.parse().ok()?;
    let roll = Roll::EVERY.into_iter().find(|r| r.name() == roll)?;
    Some(Use { token, roll })
}

/// Where a token is, as the board text names it.
fn state_of(name: &str) -> Option<TokenState> {
    match name {
        "home" => Some(TokenState::Home),
        "escaped" => Some(TokenState::Escaped),
        _ => name.parse::<Station>().ok().map(TokenState::On),
    }
}

impl YutState {
    /// The state of `play` (waiting for a move), its estimate seeded
    /// with `seed`; `exact` says how the review valued it.
    pub fn of(play: &Play, seed: u64, exact: bool) -> YutState {
        let game = play.game();
        let board: Vec<String> = game
            .tokens_in_play()
            .map(|t| format!("{t} {}", game.state(t)))
            .collect();
        let rules = play.rules();
        YutState {
            format: FORMAT,
            tokens: game.tokens_per_team(),
            board: board.join(", "),
            first: team_name(play.first()).to_string(),
            to_move: team_name(play.to_move()).to_string(),
            pending: play
                .pending()
                .iter()
                .map(|r| r.name().to_string())
                .collect(),
            sticks: play.sticks().to_string(),
            back_do: rules.back_do,
            catch_bonus: rules.catch_bonus,
            seed,
            exact,
        }
    }

    /// The game this state poses, or why it is no decision.
    ///
    /// # Errors
    ///
    /// What is wrong, in words, for the deck's reader to name the line.
    pub fn play(&self) -> Result<Play, String> {
        if self.format != FORMAT {
            return Err(format!(
                "Yut state format {} is not the format {FORMAT} read here",
                self.format
            ));
        }
        let bad_board = || format!("`{}` is not a Yut board", self.board);
        let mut states = [TokenState::Home; 10];
        let mut seen = 0;
        for item in self.board.split(", ") {
            let (token, place) = item.split_once(' ').ok_or_else(bad_board)?;
            let token: Token = token.parse().map_err(|_| bad_board())?;
            let state = state_of(place).ok_or_else(bad_board)?;
            let slot = states.get_mut(token.index()).ok_or_else(bad_board)?;
            if seen & (1 << token.index()) != 0 {
                return Err(bad_board());
            }
            seen |= 1 << token.index();
            *slot = state;
        }
        let game = Game::placed(self.tokens, states).ok_or_else(bad_board)?;
        // Every token in play named, no other.
        if game.tokens_in_play().map(|t| 1 << t.index()).sum::<u32>() != seen {
            return Err(bad_board());
        }
        let team = |name: &str| team_of(name).ok_or_else(|| format!("`{name}` is not a team"));
        let (first, to_move) = (team(&self.first)?, team(&self.to_move)?);
        if self.pending.len() > MAX_PENDING {
            return Err(format!("more than {MAX_PENDING} throws pending"));
        }
        let mut pending = Pending::EMPTY;
        for name in &self.pending {
            let roll = Roll::EVERY
                .into_iter()
                .find(|r| r.name() == name)
                .ok_or_else(|| format!("`{name}` is not a throw"))?;
            pending.add(roll).map_err(|e| e.to_string())?;
        }
        let sticks: Sticks = (self.sticks.parse())
            .map_err(|_| format!("`{}` is not the sticks' chance", self.sticks))?;
        let house = House {
            tokens: self.tokens,
            back_do: self.back_do,
            catch_bonus: self.catch_bonus,
        };
        Play::at_decision(game, first, to_move, pending, sticks, house, self.seed)
            .ok_or_else(|| "the Yut state waits for no move".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::Station;

    /// Upper's A on mo-gae with a yut and a do to use, lower's a on
    /// cham-meoki, one token a side (the drill tests' position).
    fn posed() -> Play {
        let mut states = [TokenState::Home; 10];
        states[Token::A.index()] = TokenState::On(Station::MoGae);
        states[Token::a.index()] = TokenState::On(Station::ChamMeoki);
        let game = Game::placed(1, states).unwrap();
        let mut pending = Pending::EMPTY;
        pending.add(Roll::Do).unwrap();
        pending.add(Roll::Yut).unwrap();
        Play::at_decision(
            game,
            Team::Upper,
            Team::Upper,
            pending,
            Sticks::FAIR,
            House::CONTEST,
            7,
        )
        .unwrap()
    }

    #[test]
    fn a_state_reads_back_as_the_same_game() {
        let play = posed();
        let state = YutState::of(&play, 7, true);
        assert_eq!(state.board, "A mo-gae, a cham-meoki");
        assert_eq!(state.pending, ["yut", "do"]);
        assert_eq!(state.play(), Ok(play));
        let text = serde_json::to_string(&state).unwrap();
        let back: YutState = serde_json::from_str(&text).unwrap();
        assert_eq!(back.play(), Ok(play));
        assert_eq!(
            parse_use("A do"),
            Some(Use {
                token: Token::A,
                roll: Roll::Do
            })
        );
        assert_eq!(parse_use("A 1"), None);
    }

    #[test]
    fn a_state_the_rules_cannot_reach_is_refused() {
        let good = YutState::of(&posed(), 7, true);
        let with = |f: &dyn Fn(&mut YutState)| {
            let mut s = good.clone();
            f(&mut s);
            s.play()
        };
        for (why, bad) in [
            // Both teams on one station.
            ("board", with(&|s| s.board = "A mo-gae, a mo-gae".into())),
            // B is not in a one-token game; A named twice; a missing.
            ("board", with(&|s| s.board = "A mo-gae, B do, a yut".into())),
            ("board", with(&|s| s.board = "A mo-gae, A do, a yut".into())),
            ("board", with(&|s| s.board = "A mo-gae".into())),
            ("board", with(&|s| s.board = "A nowhere, a yut".into())),
            ("board", with(&|s| s.tokens = 9)),
            ("team", with(&|s| s.to_move = "middle".into())),
            ("throw", with(&|s| s.pending = vec!["seven".into()])),
            ("waits", with(&|s| s.pending = Vec::new())),
            // Lower has won: no decision.
            ("waits", with(&|s| s.board = "A mo-gae, a escaped".into())),
            ("sticks", with(&|s| s.sticks = "2".into())),
            ("format", with(&|s| s.format = 2)),
        ] {
            let e = bad.expect_err(why);
            assert!(e.contains(why), "{why}: {e}");
        }
    }
}
