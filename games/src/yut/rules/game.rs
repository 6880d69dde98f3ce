//! A game in progress: where each token is, and how a turn changes that.

use std::fmt;

use super::roll::Roll;
use super::route::{Dest, Start, back, destination};
use super::station::Station;
use super::throw::Throw;
use super::token::{Team, Token, TokenSet};

/// Where a token is: home (not yet on the board), on a station, or escaped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TokenState {
    /// Off the board, waiting to enter. Every token starts here, and a
    /// caught token returns here.
    #[default]
    Home,
    /// On a station.
    On(Station),
    /// Out of the game for good.
    Escaped,
}

impl From<Dest> for TokenState {
    fn from(d: Dest) -> TokenState {
        match d {
            Dest::On(s) => TokenState::On(s),
            Dest::Escaped => TokenState::Escaped,
        }
    }
}

impl fmt::Display for TokenState {
    /// `home`, the station's name, or `escaped`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenState::Home => f.write_str("home"),
            TokenState::On(s) => f.write_str(s.name()),
            TokenState::Escaped => f.write_str("escaped"),
        }
    }
}

/// A turn that cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum YutError {
    /// The named token has already escaped and can never move again.
    #[error("token {0} has already escaped and cannot move")]
    Escaped(Token),
    /// The named token is not played in this game (fewer tokens a side).
    #[error("token {0} is not in this game: {1} tokens a side (`set tokens`)")]
    NotInPlay(Token, u8),
    /// A back-do names a token at home, which has nowhere to go back to.
    #[error("token {0} is at home: back-do moves only a token on the board")]
    BackFromHome(Token),
}

/// What a turn did, for the shell to show in one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// The token named in the turn.
    pub token: Token,
    /// Every token that moved: the named one and its stack.
    pub moved: TokenSet,
    /// Where they moved from: home or a station.
    pub from: TokenState,
    /// Where they ended: a station, or escaped.
    pub to: TokenState,
    /// The number of steps thrown.
    pub steps: u8,
    /// Whether it was a back-do: one station back (`steps` is then 1).
    pub back: bool,
    /// Opponent tokens caught and sent home (empty if none).
    pub caught: TokenSet,
    /// Tokens of the mover's team already on the station it ended on:
    /// the move stacks with them (empty if none). Not in the one-line
    /// summary, whose bytes the original problem fixes.
    pub joined: TokenSet,
}

impl fmt::Display for MoveReport {
    /// One line, no newline: `A+B: mo -> bang (3), caught a c`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.moved.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{t}")?;
        }
        let sign = if self.back { "-" } else { "" };
        write!(f, ": {} -> {} ({sign}{})", self.from, self.to, self.steps)?;
        for (i, t) in self.caught.iter().enumerate() {
            f.write_str(if i == 0 { ", caught " } else { " " })?;
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

/// The state of every token, and how many a side the game plays. All
/// start at home.
///
/// A few bytes and `Copy`, so undo can keep whole games. Any combination
/// of states is representable; [`Game::apply`] keeps the rule that the two
/// teams never share a station. A game of K tokens a side plays each
/// team's first K letters; the others stay at home, out of the game: they
/// never move, stack, get caught, or count for the win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    tokens: [TokenState; 10],
    per_team: u8,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// The contest's number of tokens a side.
pub const CONTEST_TOKENS: u8 = 4;
/// The most tokens a side (`set tokens 5`: `A`-`E`, `a`-`e`).
pub const MAX_TOKENS: u8 = 5;

impl Game {
    /// A new game of the contest: four tokens a side, every one at home.
    pub const fn new() -> Game {
        Game::with_tokens(CONTEST_TOKENS)
    }

    /// A new game of `k` tokens a side (clamped to 1..=5), all at home.
    pub const fn with_tokens(k: u8) -> Game {
        let per_team = if k < 1 {
            1
        } else if k > MAX_TOKENS {
            MAX_TOKENS
        } else {
            k
        };
        Game {
            tokens: [TokenState::Home; 10],
            per_team,
        }
    }

    /// A game of `k` tokens a side (1..=5) with every token where
    /// `states` says, in [`Token::ALL`] order: what a drill reads back.
    /// `None` when that is no board the rules can reach: `k` out of
    /// range, a token the game does not play off its home, or the two
    /// teams on one station.
    pub fn placed(k: u8, states: [TokenState; 10]) -> Option<Game> {
        if !(1..=MAX_TOKENS).contains(&k) {
            return None;
        }
        let game = Game {
            tokens: states,
            per_team: k,
        };
        let idle = Token::ALL
            .into_iter()
            .zip(states)
            .any(|(t, s)| !game.in_play(t) && s != TokenState::Home);
        let shared = states.iter().any(|s| match s {
            TokenState::On(x) => {
                let there = game.set_on(*x);
                Team::ALL
                    .into_iter()
                    .all(|team| !there.and(team.tokens()).is_empty())
            }
            _ => false,
        });
        (!idle && !shared).then_some(game)
    }

    /// How many tokens a side this game plays.
    pub const fn tokens_per_team(&self) -> u8 {
        self.per_team
    }

    /// The tokens `team` plays in this game: its first K letters.
    pub const fn team_tokens(&self, team: Team) -> TokenSet {
        team.first(self.per_team)
    }

    /// Whether `token` is played in this game.
    pub const fn in_play(&self, token: Token) -> bool {
        self.team_tokens(token.team()).contains(token)
    }

    /// The tokens this game plays, upper team first, each in letter order
    /// (`A B C D a b c d` in the contest).
    pub fn tokens_in_play(&self) -> impl Iterator<Item = Token> + '_ {
        Team::ALL
            .into_iter()
            .flat_map(|team| self.team_tokens(team).iter())
    }

    /// Where `token` is.
    pub fn state(&self, token: Token) -> TokenState {
        self.tokens
            .get(token.index())
            .copied()
            .unwrap_or(TokenState::Home)
    }

    /// Every token in play with its state, in [`Token::ALL`] order.
    pub fn states(&self) -> impl Iterator<Item = (Token, TokenState)> + '_ {
        Token::ALL
            .into_iter()
            .zip(self.tokens.iter().copied())
            .filter(|&(t, _)| self.in_play(t))
    }

    /// The tokens in `state`, e.g. everyone on `bang` or everyone home.
    pub fn tokens_at(&self, state: TokenState) -> TokenSet {
        self.states()
            .filter(|&(_, s)| s == state)
            .map(|(t, _)| t)
            .collect()
    }

    /// The tokens on `station` as a set: a plain loop over the eight
    /// states, the hot path of [`Game::apply`] (twice per turn).
    fn set_on(&self, station: Station) -> TokenSet {
        let mut bits = 0u16;
        for (i, s) in self.tokens.iter().enumerate() {
            if let TokenState::On(x) = s
                && *x == station
            {
                bits |= 1 << i;
            }
        }
        TokenSet::from_bits(bits)
    }

    /// The tokens on `station`, in [`Token::ALL`] order.
    pub fn on(&self, station: Station) -> impl Iterator<Item = Token> + use<> {
        self.tokens_at(TokenState::On(station)).iter()
    }

    /// The team all of whose tokens (those in play) have escaped, if any.
    pub fn winner(&self) -> Option<Team> {
        let escaped = self.tokens_at(TokenState::Escaped);
        Team::ALL.into_iter().find(|&team| {
            let mine = self.team_tokens(team);
            mine.and(escaped) == mine
        })
    }

    /// Play one turn: move `token` (and its stack) by `throw`'s steps.
    ///
    /// Every same-team token on the mover's station moves with it (home
    /// tokens never stack). If the move ends on a station holding
    /// opponents, they all go home; an escaping move catches nothing.
    ///
    /// # Errors
    ///
    /// [`YutError::Escaped`] if `token` has already escaped,
    /// [`YutError::NotInPlay`] if the game does not play it; the game is
    /// then unchanged.
    pub fn apply(&mut self, token: Token, throw: Throw) -> Result<MoveReport, YutError> {
        self.walk(token, throw.steps(), false)
    }

    /// A back-do: move `token` (and its stack) one station back, by
    /// [`back`]'s table; it catches like any move. See
    /// [`House`](super::House) for why each station goes where it does.
    ///
    /// # Errors
    ///
    /// [`YutError::BackFromHome`] for a token at home (it has no station
    /// to go back from), and as [`Game::apply`]; the game is then
    /// unchanged.
    pub fn apply_back(&mut self, token: Token) -> Result<MoveReport, YutError> {
        self.walk(token, 1, true)
    }

    /// Move `token` (and its stack) by a result: [`Game::apply`] by its
    /// sticks, or [`Game::apply_back`] for a back-do.
    ///
    /// # Errors
    ///
    /// As those.
    pub fn apply_roll(&mut self, token: Token, roll: Roll) -> Result<MoveReport, YutError> {
        if roll.is_back() {
            self.apply_back(token)
        } else {
            self.apply(token, roll.throw())
        }
    }

    /// Move `token` and its stack `steps` forward, or one back.
    fn walk(&mut self, token: Token, steps: u8, backward: bool) -> Result<MoveReport, YutError> {
        if !self.in_play(token) {
            return Err(YutError::NotInPlay(token, self.per_team));
        }
        let from = self.state(token);
        let start = match from {
            TokenState::Home if backward => return Err(YutError::BackFromHome(token)),
            TokenState::Home => Start::Home,
            TokenState::On(s) => Start::On(s),
            TokenState::Escaped => return Err(YutError::Escaped(token)),
        };
        let moved = match start {
            Start::Home => TokenSet::single(token),
            Start::On(s) => self.set_on(s).and(token.team().tokens()),
        };
        let to = match start {
            Start::On(s) if backward => TokenState::On(back(s)),
            _ => TokenState::from(destination(start, steps)),
        };
        // The tokens already there: opponents are caught, team mates
        // joined (the movers start elsewhere, so they are never among them).
        let there = match to {
            TokenState::On(s) => self.set_on(s),
            TokenState::Home | TokenState::Escaped => TokenSet::EMPTY,
        };
        let caught = there.and(token.team().opponent().tokens());
        let joined = there.and(token.team().tokens());
        for (t, state) in Token::ALL.into_iter().zip(self.tokens.iter_mut()) {
            if moved.contains(t) {
                *state = to;
            } else if caught.contains(t) {
                *state = TokenState::Home;
            }
        }
        Ok(MoveReport {
            token,
            moved,
            from,
            to,
            steps,
            back: backward,
            caught,
            joined,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Station::*;
    use Token::*;

    /// Play `turns` like `"A FFFB"`, panicking on any error (tests only).
    fn play(game: &mut Game, turns: &[&str]) -> Vec<MoveReport> {
        turns
            .iter()
            .map(|turn| {
                let (t, y) = turn.split_once(' ').expect("token and throw");
                let t: Token = t.parse().expect("token");
                game.apply(t, y.parse().expect("throw"))
                    .expect("legal turn")
            })
            .collect()
    }

    fn played(turns: &[&str]) -> Game {
        let mut g = Game::new();
        play(&mut g, turns);
        g
    }

    fn on(s: Station) -> TokenState {
        TokenState::On(s)
    }

    #[test]
    fn stop_on_mo_then_shortcut() {
        // Home+5 (BBBB) stops on mo; the next move starts there and turns.
        for (throw, expected) in [
            ("FBBB", MoDo),   // mo+1
            ("FFBB", MoGae),  // mo+2
            ("FFFB", Bang),   // mo+3
            ("FFFF", SokYut), // mo+4
            ("BBBB", SokMo),  // mo+5
        ] {
            let g = played(&["A BBBB", &format!("A {throw}")]);
            assert_eq!(g.state(A), on(expected), "mo then {throw}");
        }
    }

    #[test]
    fn passing_mo_versus_stopping_on_it() {
        // Home+4 is yut. yut+2 in one move passes mo: duet-do.
        let g = played(&["A FFFF", "A FFBB"]);
        assert_eq!(g.state(A), on(DuetDo));
        // yut+1 stops on mo, then mo+1 turns: mo-do.
        let g = played(&["A FFFF", "A FBBB", "A FBBB"]);
        assert_eq!(g.state(A), on(MoDo));
    }

    #[test]
    fn duet_mo_shortcut() {
        // Reach duet-mo along the outer route without stopping on mo:
        // home+4 = yut, yut+2 = duet-do (passing mo),
        // duet-do+4 = duet-gae, duet-geol, duet-yut, duet-mo.
        let to_duet_mo = ["A FFFF", "A FFBB", "A FFFF"];
        assert_eq!(played(&to_duet_mo).state(A), on(DuetMo));
        for (throw, expected) in [
            ("FBBB", DuetModo),  // duet-mo+1
            ("FFBB", DuetMogae), // duet-mo+2
            ("FFFB", Bang),      // duet-mo+3
            ("FFFF", Saryeo),    // duet-mo+4
            ("BBBB", Anchi),     // duet-mo+5
        ] {
            let mut turns = to_duet_mo.to_vec();
            let last = format!("A {throw}");
            turns.push(&last);
            assert_eq!(
                played(&turns).state(A),
                on(expected),
                "duet-mo then {throw}"
            );
        }
    }

    #[test]
    fn bang_leads_home_from_either_diagonal() {
        // mo+3 = bang and duet-mo+3 = bang; then 1..4 steps from bang.
        let via_mo = ["A BBBB", "A FFFB"];
        let via_duet_mo = ["A FFFF", "A FFBB", "A FFFF", "A FFFB"];
        for path in [&via_mo[..], &via_duet_mo[..]] {
            assert_eq!(played(path).state(A), on(Bang));
            for (throw, expected) in [
                ("FBBB", on(Saryeo)),          // bang+1
                ("FFBB", on(Anchi)),           // bang+2
                ("FFFB", on(ChamMeoki)),       // bang+3
                ("FFFF", TokenState::Escaped), // bang+4: past cham-meoki
            ] {
                let mut turns = path.to_vec();
                let last = format!("A {throw}");
                turns.push(&last);
                assert_eq!(played(&turns).state(A), expected, "{path:?} then {throw}");
            }
        }
    }

    #[test]
    fn passing_bang_keeps_the_diagonal() {
        // mo+1 = mo-do; mo-do+3 passes bang: sok-yut.
        assert_eq!(played(&["A BBBB", "A FBBB", "A FFFB"]).state(A), on(SokYut));
        // duet-mo+2 = duet-mogae; duet-mogae+2 passes bang: saryeo.
        let g = played(&["A FFFF", "A FFBB", "A FFFF", "A FFBB", "A FFBB"]);
        assert_eq!(g.state(A), on(Saryeo));
        // mo+2 = mo-gae; mo-gae+4: bang, sok-yut, sok-mo, chi-mo.
        assert_eq!(played(&["A BBBB", "A FFBB", "A FFFF"]).state(A), on(ChiMo));
    }

    #[test]
    fn escapes() {
        // home+5 = mo; mo+5 = sok-mo; sok-mo+4 = chi-mo, nal-do, nal-gae,
        // nal-geol; sok-mo+5 = nal-yut.
        let to_nal_geol = ["A BBBB", "A BBBB", "A FFFF"];
        assert_eq!(played(&to_nal_geol).state(A), on(NalGeol));
        let g = played(&["A BBBB", "A BBBB", "A BBBB"]);
        assert_eq!(g.state(A), on(NalYut));
        // nal-yut+2: cham-meoki, then out.
        let mut g2 = g;
        let r = g2.apply(A, "FFBB".parse().expect("throw"));
        assert_eq!(
            r.map(|r| r.to_string()),
            Ok("A: nal-yut -> escaped (2)".into())
        );
        assert_eq!(g2.state(A), TokenState::Escaped);
        // nal-geol+2 stops on cham-meoki; +3, +4, +5 escape.
        for (throw, expected) in [
            ("FFBB", on(ChamMeoki)),
            ("FFFB", TokenState::Escaped),
            ("FFFF", TokenState::Escaped),
            ("BBBB", TokenState::Escaped),
        ] {
            let mut turns = to_nal_geol.to_vec();
            let last = format!("A {throw}");
            turns.push(&last);
            assert_eq!(played(&turns).state(A), expected, "nal-geol then {throw}");
        }
        // On cham-meoki (mo+3 = bang, bang+3 = cham-meoki), 1 step escapes.
        let g = played(&["A BBBB", "A FFFB", "A FFFB"]);
        assert_eq!(g.state(A), on(ChamMeoki));
        assert_eq!(
            played(&["A BBBB", "A FFFB", "A FFFB", "A FBBB"]).state(A),
            TokenState::Escaped
        );
    }

    #[test]
    fn a_stack_of_four_moves_whoever_is_named() {
        // All four enter with 3 steps: geol, one at a time.
        let mut g = played(&["A FFFB", "B FFFB", "C FFFB", "D FFFB"]);
        assert_eq!(g.on(Geol).collect::<Vec<_>>(), [A, B, C, D]);
        // Naming C moves all four: geol+1 = yut.
        let r = g.apply(C, "FBBB".parse().expect("throw"));
        assert_eq!(
            r.map(|r| r.to_string()),
            Ok("A+B+C+D: geol -> yut (1)".into())
        );
        assert_eq!(g.on(Yut).count(), 4);
        assert_eq!(g.on(Geol).count(), 0);
    }

    #[test]
    fn home_tokens_never_stack() {
        // A enters; B, still home, does not come along.
        let g = played(&["A FFBB"]);
        assert_eq!(g.state(A), on(Gae));
        assert_eq!(g.state(B), TokenState::Home);
    }

    #[test]
    fn a_caught_stack_goes_home_unstacked() {
        // A and B stack on geol; a lands there (home+3) and catches both.
        let mut g = played(&["A FFFB", "B FFFB"]);
        let r = g.apply(a, "FFFB".parse().expect("throw"));
        assert_eq!(
            r.map(|r| r.to_string()),
            Ok("a: home -> geol (3), caught A B".into())
        );
        assert_eq!(g.state(A), TokenState::Home);
        assert_eq!(g.state(B), TokenState::Home);
        assert_eq!(g.on(Geol).collect::<Vec<_>>(), [a]);
        // Moving A now moves A alone: home+1 = do, B stays home.
        play(&mut g, &["A FBBB"]);
        assert_eq!(g.state(A), on(Do));
        assert_eq!(g.state(B), TokenState::Home);
    }

    #[test]
    fn landing_on_own_team_makes_a_stack() {
        // A on gae, B on do; B+1 = gae joins A; then naming A moves both.
        let g = played(&["A FFBB", "B FBBB", "B FBBB", "A FBBB"]);
        assert_eq!(g.on(Geol).collect::<Vec<_>>(), [A, B]);
    }

    #[test]
    fn catching_on_cham_meoki() {
        // A: mo, bang, cham-meoki. a does the same and catches it there.
        let mut g = played(&["A BBBB", "A FFFB", "A FFFB", "a BBBB", "a FFFB"]);
        let r = g.apply(a, "FFFB".parse().expect("throw"));
        let expected = "a: bang -> cham-meoki (3), caught A";
        assert_eq!(r.map(|r| r.to_string()), Ok(expected.into()));
        assert_eq!(g.state(A), TokenState::Home);
        assert_eq!(g.state(a), on(ChamMeoki));
    }

    #[test]
    fn escaping_past_an_opponent_catches_nothing() {
        // A waits on cham-meoki; a goes mo, bang, anchi, then anchi+2
        // passes cham-meoki and escapes without touching A.
        let mut g = played(&["A BBBB", "A FFFB", "A FFFB", "a BBBB", "a FFFB", "a FFBB"]);
        let r = g.apply(a, "FFBB".parse().expect("throw"));
        assert_eq!(
            r.map(|r| r.to_string()),
            Ok("a: anchi -> escaped (2)".into())
        );
        assert_eq!(g.state(A), on(ChamMeoki));
    }

    #[test]
    fn escaped_token_cannot_move_and_changes_nothing() {
        let mut g = played(&["A BBBB", "A FFFB", "A FFFB", "A FBBB", "b FFBB"]);
        assert_eq!(g.state(A), TokenState::Escaped);
        let before = g;
        assert_eq!(
            g.apply(A, "FBBB".parse().expect("throw")),
            Err(YutError::Escaped(A))
        );
        assert_eq!(g, before);
        assert_eq!(
            YutError::Escaped(A).to_string(),
            "token A has already escaped and cannot move"
        );
    }

    #[test]
    fn report_lists_stack_and_catches_in_token_order() {
        // B then A stack on geol (home+3), c then a stack on yut (home+4);
        // naming B moves the upper stack 1 step onto yut, catching both.
        let mut g = played(&["B FFFB", "A FFFB", "c FFFF", "a FFFF"]);
        let r = g.apply(B, "BFBB".parse().expect("throw"));
        assert_eq!(
            r.map(|r| r.to_string()),
            Ok("A+B: geol -> yut (1), caught a c".into())
        );
    }

    #[test]
    fn winner_when_a_team_has_all_escaped() {
        let mut turns = Vec::new();
        for t in ["A", "B", "C", "D"] {
            for y in ["BBBB", "FFFB", "FFFB", "FBBB"] {
                turns.push(format!("{t} {y}"));
            }
        }
        let refs: Vec<&str> = turns.iter().map(String::as_str).collect();
        let (last, rest) = refs.split_last().expect("non-empty");
        let g = played(rest);
        assert_eq!(g.winner(), None);
        assert_eq!(
            played(&[rest, &[*last]].concat()).winner(),
            Some(Team::Upper)
        );
    }
}
