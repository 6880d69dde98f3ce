//! The Yut status block shown under the board at the prompt: whose turn
//! and the pending throws, each team's tokens home / on the board /
//! escaped, the stacks, the winner as a banner, and a `next:` hint (what
//! to type). Scripts and pipes never see it (their `show` is the original
//! problem's 32x32 board).

use crate::yut::{
    MoveReport, Phase, Play, Record, Station, Step, Team, TokenSet, TokenState, TurnView,
};
use std::fmt;

/// How many of one team's tokens are where.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Not yet entered (or caught and sent back).
    pub home: usize,
    /// On a station.
    pub board: usize,
    /// Out of the game for good.
    pub escaped: usize,
}

/// Everything the block says, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YutStatus {
    /// The game (its turn line is [`TurnView`]'s).
    pub play: Play,
    /// Upper's and lower's counts, in [`Team::ALL`] order.
    pub counts: [Counts; 2],
    /// Each station holding two or more tokens (always of one team), in
    /// station order.
    pub stacks: Vec<(Station, TokenSet)>,
    /// Who plays each team in versus mode (`you`, `computer`), in
    /// [`Team::ALL`] order; `None` for two people.
    pub players: [Option<&'static str>; 2],
    /// The last catch of the game (`b caught A on mo, sent home`), if
    /// any since the game began.
    pub last_catch: Option<String>,
    /// The computer's turn just played, in one line (`lower threw yut,
    /// do; moved b to mo, caught A (home)`), drawn last.
    pub computer_turn: Option<String>,
}

impl YutStatus {
    /// The status of `play`; `computer` says which teams the computer
    /// plays (both false: two people, no labels).
    pub fn of(play: &Play, computer: [bool; 2]) -> YutStatus {
        let game = play.game();
        let counts = Team::ALL.map(|team| {
            let mut c = Counts::default();
            for t in game.team_tokens(team).iter() {
                match game.state(t) {
                    TokenState::Home => c.home += 1,
                    TokenState::On(_) => c.board += 1,
                    TokenState::Escaped => c.escaped += 1,
                }
            }
            c
        });
        let stacks = Station::ALL
            .iter()
            .map(|&s| (s, game.tokens_at(TokenState::On(s))))
            .filter(|(_, set)| set.len() >= 2)
            .collect();
        let players = if computer.contains(&true) {
            computer.map(|c| Some(if c { "computer" } else { "you" }))
        } else {
            [None, None]
        };
        YutStatus {
            play: *play,
            counts,
            stacks,
            players,
            last_catch: None,
            computer_turn: None,
        }
    }

    /// The status of `record`'s game, naming its last catch.
    pub fn of_record(record: &Record, computer: [bool; 2]) -> YutStatus {
        let mut status = YutStatus::of(record.play(), computer);
        status.last_catch = last_catch(record);
        status
    }
}

/// The last catch of the game since it began (or its board was set), as
/// `b caught A on mo, sent home`: each decision replayed from the record.
fn last_catch(record: &Record) -> Option<String> {
    let decisions = record.decisions().ok()?;
    decisions.moves.iter().rev().find_map(|(before, used)| {
        let mut after = *before;
        let report = after.apply(*used).ok()?.report;
        (!report.caught.is_empty()).then(|| catch_words(&report))
    })
}

/// `b caught A on mo, sent home` for a move that caught.
fn catch_words(report: &MoveReport) -> String {
    let on = match report.to {
        TokenState::On(s) => format!(" on {}", s.name()),
        TokenState::Home | TokenState::Escaped => String::new(),
    };
    format!(
        "{} caught {}{on}, sent home",
        joined(report.moved),
        joined(report.caught)
    )
}

/// A whole turn of the computer in one line: the team, then its throws
/// and moves in order, consecutive throws together (`lower threw yut,
/// do; moved b to mo, caught A (home)`). `None` for no steps.
pub fn turn_summary(steps: &[Step]) -> Option<String> {
    let team = match steps.first()? {
        Step::Threw(r) => r.team,
        Step::Moved(r) => r.report.token.team(),
    };
    let mut parts: Vec<String> = Vec::new();
    let mut throws: Vec<&str> = Vec::new();
    for step in steps {
        match step {
            Step::Threw(r) => throws.push(r.roll.name()),
            Step::Moved(r) => {
                if !throws.is_empty() {
                    parts.push(format!("threw {}", throws.join(", ")));
                    throws.clear();
                }
                let m = &r.report;
                let to = match m.to {
                    TokenState::On(s) if m.back => format!(" back to {}", s.name()),
                    TokenState::On(s) => format!(" to {}", s.name()),
                    TokenState::Escaped => " out".to_string(),
                    TokenState::Home => " home".to_string(),
                };
                let mut part = format!("moved {}{to}", joined(m.moved));
                if !m.caught.is_empty() {
                    part.push_str(&format!(", caught {} (home)", joined(m.caught)));
                }
                parts.push(part);
            }
        }
    }
    if !throws.is_empty() {
        parts.push(format!("threw {}", throws.join(", ")));
    }
    Some(format!("{team} {}", parts.join("; ")))
}

/// What the winner's banner says of its `n` tokens.
fn all_escaped(n: u8) -> String {
    match n {
        1 => "its token escaped".to_string(),
        2 => "both tokens escaped".to_string(),
        3 => "all three tokens escaped".to_string(),
        4 => "all four tokens escaped".to_string(),
        5 => "all five tokens escaped".to_string(),
        n => format!("all {n} tokens escaped"),
    }
}

/// A set of tokens as `A+B`.
pub fn joined(set: TokenSet) -> String {
    let names: Vec<String> = set.iter().map(|t| t.to_string()).collect();
    names.join("+")
}

impl fmt::Display for YutStatus {
    /// The block, each line ending in a newline:
    ///
    /// ```text
    /// upper to move: yut (4), do (1)
    ///              home  board  escaped
    /// upper (A-D)     2      1        1  you
    /// lower (a-d)     4      0        0  computer
    /// stacks: A+B on mo
    /// next: upper moves: move A <throw>
    /// ```
    ///
    /// Once a team has won, a banner replaces the turn line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.play.phase() {
            Phase::Over(w) => writeln!(
                f,
                "*** {w} wins: {} ***",
                all_escaped(self.play.game().tokens_per_team())
            )?,
            Phase::Throw(_) | Phase::Move(_) => writeln!(f, "{}", TurnView(&self.play))?,
        }
        writeln!(f, "             home  board  escaped")?;
        for ((team, c), who) in Team::ALL.iter().zip(&self.counts).zip(&self.players) {
            // The letters the game plays (`set tokens`): `A-D`, `A-B`, `A`.
            let names: Vec<String> = self
                .play
                .game()
                .team_tokens(*team)
                .iter()
                .map(|t| t.to_string())
                .collect();
            let letters = match names.as_slice() {
                [one] => one.clone(),
                [first, .., last] => format!("{first}-{last}"),
                [] => String::new(),
            };
            let label = format!("{team} ({letters})");
            let line = format!(
                "{label:<11} {:>5}  {:>5}  {:>7}  {}",
                c.home,
                c.board,
                c.escaped,
                who.unwrap_or("")
            );
            writeln!(f, "{}", line.trim_end())?;
        }
        if self.stacks.is_empty() {
            writeln!(f, "stacks: none")?;
        } else {
            let each: Vec<String> = self
                .stacks
                .iter()
                .map(|(s, set)| format!("{} on {}", joined(*set), s.name()))
                .collect();
            writeln!(f, "stacks: {}", each.join(", "))?;
        }
        if let Some(catch) = &self.last_catch {
            writeln!(f, "last catch: {catch}")?;
        }
        writeln!(f, "{}", self.next())?;
        if let Some(turn) = &self.computer_turn {
            writeln!(f, "{turn}")?;
        }
        Ok(())
    }
}

impl YutStatus {
    /// The hint that ends the block: what to type next (`throw`, `move`
    /// with a token of the team to move that is still in play, `auto` on
    /// the computer's turn, a new game after a win).
    pub fn next(&self) -> String {
        let computers = |team: Team| {
            let i = Team::ALL.iter().position(|&t| t == team).unwrap_or(0);
            self.players.get(i).copied().flatten() == Some("computer")
        };
        match self.play.phase() {
            Phase::Over(_) => "next: a new game: new yut upper (or lower)".to_string(),
            Phase::Throw(t) if computers(t) => {
                format!("next: the computer throws for {t} (type auto)")
            }
            Phase::Throw(t) => format!("next: {t} throws (type throw)"),
            Phase::Move(t) if computers(t) => {
                format!("next: the computer moves for {t} (type auto)")
            }
            Phase::Move(t) => {
                let game = self.play.game();
                let token = game
                    .team_tokens(t)
                    .iter()
                    .find(|&tok| game.state(tok) != TokenState::Escaped)
                    .map_or_else(|| "<token>".to_string(), |tok| tok.to_string());
                // One kind of throw pending: `move A` uses it.
                match self.play.pending().single() {
                    Some(_) => format!("next: {t} moves: move {token}"),
                    None => format!("next: {t} moves: move {token} <throw>"),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::{Throw, Token};

    fn t(s: &str) -> Throw {
        s.parse().expect("throw")
    }

    #[test]
    fn a_fresh_game() {
        // Every token home, upper throws first, nothing stacked.
        let s = YutStatus::of(&Play::new(Team::Upper, 0), [false, false]);
        let home = Counts {
            home: 4,
            board: 0,
            escaped: 0,
        };
        assert_eq!(s.counts, [home, home]);
        assert!(s.stacks.is_empty());
        assert_eq!(
            s.to_string(),
            "upper to throw\n\
             \x20            home  board  escaped\n\
             upper (A-D)     4      0        0\n\
             lower (a-d)     4      0        0\n\
             stacks: none\n\
             next: upper throws (type throw)\n"
        );
    }

    #[test]
    fn counts_stacks_and_pending() {
        // Free turns: A and B both go home+4 to yut (a stack of two), a
        // goes home+5 to mo, C enters on do.
        let mut p = Play::new(Team::Upper, 0);
        for (tok, th) in [
            (Token::A, "FFFF"),
            (Token::B, "FFFF"),
            (Token::a, "BBBB"),
            (Token::C, "FBBB"),
        ] {
            p.replay(tok, t(th)).expect("free turn");
        }
        // C then moves 5 at a time along the outer route: do (1), 6, 11,
        // 16, then past cham-meoki (20): escaped, never landing on yut
        // or mo.
        while p.game().state(Token::C) != TokenState::Escaped {
            p.replay(Token::C, t("BBBB")).expect("C moves");
        }
        // Upper: A, B on yut; C escaped; D home. Lower: a on mo, rest home.
        // Upper throws a yut (4): another throw is due, yut pending.
        p.throw(t("FFFF")).expect("yut");
        let s = YutStatus::of(&p, [false, true]);
        assert_eq!(
            s.counts,
            [
                Counts {
                    home: 1,
                    board: 2,
                    escaped: 1
                },
                Counts {
                    home: 3,
                    board: 1,
                    escaped: 0
                },
            ]
        );
        assert_eq!(s.stacks.len(), 1);
        assert_eq!(
            s.to_string(),
            "upper to throw; pending: yut (4)\n\
             \x20            home  board  escaped\n\
             upper (A-D)     1      2        1  you\n\
             lower (a-d)     3      1        0  computer\n\
             stacks: A+B on yut\n\
             next: upper throws (type throw)\n"
        );
    }

    #[test]
    fn the_next_line_says_what_to_type() {
        // Upper throws first: `throw`; the computer's team: `auto`.
        let p = Play::new(Team::Upper, 0);
        let next = |p: &Play, c| YutStatus::of(p, c).next();
        assert_eq!(next(&p, [false, true]), "next: upper throws (type throw)");
        assert_eq!(
            next(&p, [true, false]),
            "next: the computer throws for upper (type auto)"
        );
        // A do (BBBF, one flat side up) gives no extra throw: upper must
        // move, and one kind pending means `move A` alone uses it.
        let mut one = p;
        one.throw(t("BBBF")).expect("do");
        assert_eq!(next(&one, [false, false]), "next: upper moves: move A");
        assert_eq!(
            next(&one, [true, true]),
            "next: the computer moves for upper (type auto)"
        );
        // A yut (FFFF) throws again; then a do: two kinds pending, so the
        // throw must be named.
        let mut two = p;
        two.throw(t("FFFF")).expect("yut");
        two.throw(t("BBBF")).expect("do");
        assert_eq!(
            next(&two, [false, false]),
            "next: upper moves: move A <throw>"
        );
        // With A escaped (free turns), the hint names B.
        let mut gone = Play::new(Team::Upper, 0);
        while gone.game().state(Token::A) != TokenState::Escaped {
            gone.replay(Token::A, t("BBBB")).expect("moves");
        }
        gone.throw(t("BBBF")).expect("do");
        assert_eq!(
            YutStatus::of(&gone, [false, false]).next(),
            "next: upper moves: move B"
        );
    }

    #[test]
    fn the_winner_is_a_banner() {
        // All four upper tokens escaped by free turns: upper has won.
        let mut p = Play::new(Team::Upper, 0);
        for tok in [Token::A, Token::B, Token::C, Token::D] {
            while p.game().state(tok) != TokenState::Escaped {
                p.replay(tok, t("BBBB")).expect("moves");
            }
        }
        let s = YutStatus::of(&p, [false, false]);
        let text = s.to_string();
        assert!(
            text.starts_with("*** upper wins: all four tokens escaped ***\n"),
            "{text}"
        );
        assert!(
            text.contains("upper (A-D)     0      0        4\n"),
            "{text}"
        );
        assert!(
            text.ends_with("\nnext: a new game: new yut upper (or lower)\n"),
            "{text}"
        );
    }

    #[test]
    fn labels_and_the_banner_follow_set_tokens() {
        use crate::yut::House;
        // Worked by hand: with N tokens a side the teams play A.. and
        // a.. up to the Nth letter, and the banner counts them.
        for (n, upper, lower, banner) in [
            (1, "upper (A)  ", "lower (a)  ", "its token escaped"),
            (2, "upper (A-B)", "lower (a-b)", "both tokens escaped"),
            (3, "upper (A-C)", "lower (a-c)", "all three tokens escaped"),
            (5, "upper (A-E)", "lower (a-e)", "all five tokens escaped"),
        ] {
            let mut p = Play::new(Team::Upper, 0);
            p.set_house(House {
                tokens: n,
                ..House::CONTEST
            });
            let text = YutStatus::of(&p, [false, false]).to_string();
            // The counts stay in their columns: 11 characters of label.
            assert!(
                text.contains(&format!("\n{upper} {n:>5}      0        0\n")),
                "{text}"
            );
            assert!(
                text.contains(&format!("\n{lower} {n:>5}      0        0\n")),
                "{text}"
            );
            // Every upper token home+5 to mo, then out (mo, bang, ...):
            // BBBB until it escapes.
            for tok in p.game().team_tokens(Team::Upper).iter() {
                while p.game().state(tok) != TokenState::Escaped {
                    p.replay(tok, t("BBBB")).expect("moves");
                }
            }
            let text = YutStatus::of(&p, [false, false]).to_string();
            assert!(
                text.starts_with(&format!("*** upper wins: {banner} ***\n")),
                "{text}"
            );
        }
    }

    #[test]
    fn the_computers_turn_and_the_last_catch_in_words() {
        // Worked by the rules: upper throws a geol (FFFB, 3) and enters A
        // on geol; lower throws a geol too and enters a on geol, catching
        // A (sent home), which earns a throw: a do (FBBB, 1) takes a on
        // to yut (geol + 1).
        let mut r = Record::new(Play::new(Team::Upper, 0));
        let geol = r.throw(t("FFFB")).expect("throws").roll;
        r.play_token(Token::A, geol).expect("moves");
        assert_eq!(YutStatus::of_record(&r, [false, true]).last_catch, None);
        let mut steps = Vec::new();
        let thrown = r.throw(t("FFFB")).expect("throws");
        steps.push(Step::Threw(thrown));
        steps.push(Step::Moved(
            r.play_token(Token::a, thrown.roll).expect("moves"),
        ));
        let thrown = r.throw(t("FBBB")).expect("throws again");
        steps.push(Step::Threw(thrown));
        steps.push(Step::Moved(
            r.play_token(Token::a, thrown.roll).expect("moves"),
        ));
        assert_eq!(
            turn_summary(&steps).as_deref(),
            Some("lower threw geol; moved a to geol, caught A (home); threw do; moved a to yut")
        );
        // Two throws before a move go together.
        let mut two = Record::new(Play::new(Team::Upper, 0));
        let mut steps = vec![Step::Threw(two.throw(t("FFFF")).expect("a yut"))];
        let thrown = two.throw(t("FBBB")).expect("throws again");
        steps.push(Step::Threw(thrown));
        steps.push(Step::Moved(
            two.play_token(Token::B, thrown.roll).expect("moves"),
        ));
        assert_eq!(
            turn_summary(&steps).as_deref(),
            Some("upper threw yut, do; moved B to do")
        );
        assert_eq!(turn_summary(&[]), None);
        // The block names the catch, then the turn comes last.
        let mut status = YutStatus::of_record(&r, [false, true]);
        assert_eq!(
            status.last_catch.as_deref(),
            Some("a caught A on geol, sent home")
        );
        status.computer_turn = Some("lower threw ...".to_string());
        let text = status.to_string();
        assert!(
            text.ends_with(
                "stacks: none\n\
                 last catch: a caught A on geol, sent home\n\
                 next: upper throws (type throw)\n\
                 lower threw ...\n"
            ),
            "{text}"
        );
    }
}
