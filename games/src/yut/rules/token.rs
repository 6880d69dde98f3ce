//! The tokens `A B C D a b c d` (and `E e` when five a side are played,
//! `set tokens 5`), their two teams, and sets of tokens.

use std::fmt;
use std::str::FromStr;

/// One team: the upper-case tokens `A B C D` (`E`) or the lower-case
/// `a b c d` (`e`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Team {
    Upper,
    Lower,
}

impl Team {
    /// Both teams, upper-case first.
    pub const ALL: [Team; 2] = [Team::Upper, Team::Lower];

    /// The other team.
    pub const fn opponent(self) -> Team {
        match self {
            Team::Upper => Team::Lower,
            Team::Lower => Team::Upper,
        }
    }

    /// Every token the team can have: its four letters and the fifth
    /// (`E`/`e`). A game plays the first K of them
    /// ([`Game::team_tokens`](super::Game::team_tokens)).
    pub const fn tokens(self) -> TokenSet {
        match self {
            Team::Upper => TokenSet(0x10f),
            Team::Lower => TokenSet(0x2f0),
        }
    }

    /// The team's first `k` tokens (1..=5) in letter order: `A`, `A B`,
    /// ..., `A B C D E`.
    pub const fn first(self, k: u8) -> TokenSet {
        let (four, fifth) = match self {
            Team::Upper => (0x0fu16, 0x100u16),
            Team::Lower => (0xf0, 0x200),
        };
        let k = if k > 5 { 5 } else { k };
        let low = if k >= 4 {
            four
        } else {
            // The first k bits of the team's four.
            let mask = (1u16 << k) - 1;
            match self {
                Team::Upper => mask,
                Team::Lower => mask << 4,
            }
        };
        TokenSet(if k == 5 { low | fifth } else { low })
    }

    /// `upper` or `lower`.
    pub const fn name(self) -> &'static str {
        match self {
            Team::Upper => "upper",
            Team::Lower => "lower",
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the ten tokens. The variants are the letters themselves; `E`
/// and `e` come last so the contest's eight keep their places.
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Token {
    A,
    B,
    C,
    D,
    a,
    b,
    c,
    d,
    E,
    e,
}

impl Token {
    /// All tokens: `A B C D a b c d E e`.
    pub const ALL: [Token; 10] = [
        Token::A,
        Token::B,
        Token::C,
        Token::D,
        Token::a,
        Token::b,
        Token::c,
        Token::d,
        Token::E,
        Token::e,
    ];

    /// The position in [`Token::ALL`], `0..10`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The token's team.
    pub const fn team(self) -> Team {
        if (self as u8) < 4 || matches!(self, Token::E) {
            Team::Upper
        } else {
            Team::Lower
        }
    }

    /// Which corner of a station's block it is drawn in, `0..4`: upper-left,
    /// upper-right, lower-left, lower-right for `A`/`a` .. `D`/`d`; 4 for
    /// `E`/`e`, which take the first corner free (see
    /// [`write_board`](super::write_board)).
    pub const fn slot(self) -> usize {
        match self {
            Token::E | Token::e => 4,
            _ => self as usize % 4,
        }
    }

    /// The letter, e.g. `B` or `c`.
    pub const fn char(self) -> char {
        match self {
            Token::A => 'A',
            Token::B => 'B',
            Token::C => 'C',
            Token::D => 'D',
            Token::a => 'a',
            Token::b => 'b',
            Token::c => 'c',
            Token::d => 'd',
            Token::E => 'E',
            Token::e => 'e',
        }
    }

    /// The token for a letter `A`..`E` or `a`..`e` (the fifth tokens
    /// included, which only a game of five a side plays).
    pub const fn from_letter(c: char) -> Option<Token> {
        match c {
            'E' => Some(Token::E),
            'e' => Some(Token::e),
            _ => Token::from_char(c),
        }
    }

    /// The token for a letter `A`..`D` or `a`..`d`: the contest's eight
    /// (its problem format knows no others).
    pub const fn from_char(c: char) -> Option<Token> {
        Some(match c {
            'A' => Token::A,
            'B' => Token::B,
            'C' => Token::C,
            'D' => Token::D,
            'a' => Token::a,
            'b' => Token::b,
            'c' => Token::c,
            'd' => Token::d,
            _ => return None,
        })
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

/// A string that is not one token letter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a token A-D or a-d, found `{0}`")]
pub struct ParseTokenError(pub String);

impl FromStr for Token {
    type Err = ParseTokenError;

    /// Exactly one letter; case matters, it names the team.
    fn from_str(s: &str) -> Result<Token, ParseTokenError> {
        let mut chars = s.chars();
        match (chars.next().and_then(Token::from_char), chars.next()) {
            (Some(t), None) => Ok(t),
            _ => Err(ParseTokenError(s.to_string())),
        }
    }
}

/// A set of tokens, iterated in [`Token::ALL`] order (bit i = `Token::ALL[i]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TokenSet(u16);

impl TokenSet {
    /// No tokens.
    pub const EMPTY: TokenSet = TokenSet(0);

    /// The set holding just `t`.
    pub const fn single(t: Token) -> TokenSet {
        TokenSet(1 << t as u8)
    }

    /// The set whose bit `i` stands for `Token::ALL[i]`.
    pub(crate) const fn from_bits(bits: u16) -> TokenSet {
        TokenSet(bits)
    }

    /// This set plus `t`.
    pub const fn with(self, t: Token) -> TokenSet {
        TokenSet(self.0 | 1 << t as u8)
    }

    /// Tokens in both sets.
    pub const fn and(self, other: TokenSet) -> TokenSet {
        TokenSet(self.0 & other.0)
    }

    /// Whether `t` is in the set.
    pub const fn contains(self, t: Token) -> bool {
        self.0 & 1 << t as u8 != 0
    }

    /// The number of tokens.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no tokens.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The tokens in [`Token::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Token> {
        Token::ALL.into_iter().filter(move |&t| self.contains(t))
    }
}

impl FromIterator<Token> for TokenSet {
    fn from_iter<I: IntoIterator<Item = Token>>(iter: I) -> TokenSet {
        iter.into_iter().fold(TokenSet::EMPTY, TokenSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for t in Token::ALL {
            assert_eq!(Token::from_letter(t.char()), Some(t));
        }
        // The contest's eight parse as before; E and e only as letters of
        // a five-a-side game.
        for t in Token::ALL.into_iter().take(8) {
            assert_eq!(Token::from_char(t.char()), Some(t));
            assert_eq!(t.to_string().parse::<Token>(), Ok(t));
        }
        assert_eq!(Token::from_char('E'), None);
        assert_eq!(Token::from_letter('F'), None);
        assert_eq!("".parse::<Token>(), Err(ParseTokenError(String::new())));
        assert_eq!("AB".parse::<Token>(), Err(ParseTokenError("AB".into())));
        assert_eq!(
            "e".parse::<Token>().map_err(|e| e.to_string()),
            Err("expected a token A-D or a-d, found `e`".to_string())
        );
    }

    #[test]
    fn teams_and_slots() {
        assert_eq!(Token::C.team(), Team::Upper);
        assert_eq!(Token::a.team(), Team::Lower);
        // B and b share the upper-right corner.
        assert_eq!(Token::B.slot(), 1);
        assert_eq!(Token::b.slot(), 1);
        assert_eq!(Token::d.slot(), 3);
        let upper: Vec<Token> = Team::Upper.tokens().iter().collect();
        assert_eq!(upper, [Token::A, Token::B, Token::C, Token::D, Token::E]);
        assert!(Team::Lower.tokens().iter().all(|t| t.team() == Team::Lower));
        assert_eq!(Token::e.team(), Team::Lower);
        assert_eq!(Token::E.slot(), 4);
        // The first k of a team, in letter order.
        for k in 1..=5u8 {
            let first: Vec<char> = Team::Lower.first(k).iter().map(Token::char).collect();
            assert_eq!(first, ['a', 'b', 'c', 'd', 'e'][..usize::from(k)]);
            assert_eq!(Team::Upper.first(k).len(), usize::from(k));
        }
        assert_eq!(
            Team::Upper.first(4),
            Team::Upper.tokens().and(TokenSet(0x0f))
        );
        assert_eq!(Team::Upper.opponent(), Team::Lower);
    }

    #[test]
    fn sets_iterate_in_token_order() {
        let s: TokenSet = [Token::c, Token::A, Token::D].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), [Token::A, Token::D, Token::c]);
        assert_eq!(s.len(), 3);
        assert!(s.contains(Token::c) && !s.contains(Token::C));
        assert!(TokenSet::EMPTY.is_empty());
    }
}
