//! The drill deck's file: one JSON object a line, each with its version
//! (`"v":1`) and kind. An `add` line holds a card (a position where the
//! person played a mistake: a Congo FEN, or a Yut decision with its
//! [`YutState`]; a line with no `game` is Congo's); a `due` line, appended after an answer,
//! supersedes the card's schedule; a `forget` line removes it. Every
//! change is a line appended, so two sessions adding at once both keep
//! theirs, and a line cut short by a crash spoils that line alone:
//! [`read`] skips a damaged line, says which, and keeps the rest.

use super::day::Day;
use super::yut_state::{YutState, parse_use, team_name};
use crate::congo::moves::parse_move;
use crate::congo::{Color, Position};
use crate::yut::{Play, Use};
use serde::{Deserialize, Serialize};

/// The deck format this boardsh reads and writes.
pub const VERSION: u64 = 1;

/// A move that counts as good in a card's position, with the win
/// chance (0 to 1) the review gave it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Good {
    #[serde(rename = "move")]
    pub mv: String,
    pub chance: f64,
}

/// A position to drill: where the person played a mistake.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// The card's key: the game, position and move played (the same
    /// mistake found twice is one card).
    pub id: String,
    /// `congo` (a line without it is Congo's) or `yut`.
    #[serde(default = "congo")]
    pub game: String,
    /// The Congo position, as a FEN (none for Yut).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fen: String,
    /// The side the person played: `white` or `black`; `upper` or
    /// `lower`.
    pub side: String,
    /// The move played (a Yut use as `move` takes it: `A do`), its mark
    /// (`?` or `??`) and its win chance.
    pub played: String,
    pub mark: String,
    pub played_chance: f64,
    /// The best move the review found, first, with its chance.
    pub good: Vec<Good>,
    /// The review's budget a position (`nodes N`, `depth N`, `ms N`):
    /// an answer is searched within it, as `retry` does. Yut's:
    /// `positions N`, the games' budget where no table covers it.
    pub budget: String,
    /// The day it was added.
    pub date: String,
    /// The Yut decision (Yut cards only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yut: Option<Box<YutState>>,
}

/// The game of a line that names none.
fn congo() -> String {
    "congo".to_string()
}

impl Card {
    /// A card for the mistake `played` in `position` (its date is set
    /// when it is saved).
    pub fn new(
        position: &Position,
        played: &str,
        mark: &str,
        played_chance: f64,
        good: Vec<Good>,
        budget: String,
    ) -> Card {
        let fen = position.to_string();
        let key = format!("congo {fen} {played}");
        Card {
            id: format!("{:016x}", xxhash_rust::xxh3::xxh3_64(key.as_bytes())),
            game: "congo".to_string(),
            side: side_name(position.side_to_move()).to_string(),
            fen,
            played: played.to_string(),
            mark: mark.to_string(),
            played_chance,
            good,
            budget,
            date: String::new(),
            yut: None,
        }
    }

    /// A card for the Yut use `played` at `play` (a decision with more
    /// than one use), its chances exact or not as `state` says.
    pub fn yut(
        state: YutState,
        played: Use,
        mark: &str,
        played_chance: f64,
        good: Vec<Good>,
        budget: String,
    ) -> Card {
        let played = super::yut_state::use_text(played);
        // The decision and the use: the same mistake found twice is one
        // card (the seed and how it was valued are not part of it).
        let key = format!(
            "yut {} {} {} {} {} {} {}",
            state.board,
            state.to_move,
            state.pending.join(" "),
            state.sticks,
            state.back_do,
            state.catch_bonus,
            played
        );
        Card {
            id: format!("{:016x}", xxhash_rust::xxh3::xxh3_64(key.as_bytes())),
            game: "yut".to_string(),
            fen: String::new(),
            side: state.to_move.clone(),
            played,
            mark: mark.to_string(),
            played_chance,
            good,
            budget,
            date: String::new(),
            yut: Some(Box::new(state)),
        }
    }

    /// The card's position (checked when the deck is read).
    pub fn position(&self) -> Option<Position> {
        self.fen.parse().ok()
    }
}

/// `white` or `black`.
fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// One line of the deck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Event {
    /// A new card, due the day it was added.
    Add(Card),
    /// An answer: right or not, on `date`; the card is next due on
    /// `next`, `interval` days after (0 after a wrong answer).
    Due {
        id: String,
        date: String,
        right: bool,
        next: String,
        interval: u32,
    },
    /// `drill forget`: the card is gone.
    Forget { id: String, date: String },
}

impl Event {
    /// The event as one line of the deck, its newline included.
    pub fn line(&self) -> String {
        let mut value = serde_json::to_value(self).unwrap_or_default();
        if let Some(map) = value.as_object_mut() {
            map.insert("v".to_string(), VERSION.into());
        }
        format!("{value}\n")
    }
}

/// What a card poses: a Congo position or a Yut decision.
#[derive(Clone, Debug, PartialEq)]
pub enum Posed {
    Congo(Position),
    Yut(Play),
}

/// A card in the deck with its schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub card: Card,
    pub posed: Posed,
    /// The day it is next due.
    pub next: Day,
    /// Days between the last two dues (0: new, or wrong last time).
    pub interval: u32,
    /// Its answers, right and wrong.
    pub right: u32,
    pub wrong: u32,
}

/// A line [`read`] skipped: its number (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damaged {
    pub line: usize,
    pub why: String,
}

/// The deck as read: its cards in the order they were added (what
/// `drill stats` numbers them by), and the lines skipped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Deck {
    pub entries: Vec<Entry>,
    pub damaged: Vec<Damaged>,
}

impl Entry {
    /// The Congo position, for a Congo card.
    pub fn position(&self) -> Option<&Position> {
        match &self.posed {
            Posed::Congo(p) => Some(p),
            Posed::Yut(_) => None,
        }
    }

    /// The Yut decision, for a Yut card.
    pub fn yut(&self) -> Option<&Play> {
        match &self.posed {
            Posed::Yut(p) => Some(p),
            Posed::Congo(_) => None,
        }
    }
}

impl Deck {
    /// The card with this id.
    pub fn find(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.card.id == id)
    }

    /// The cards due on `today` (or before), in deck order.
    pub fn due(&self, today: Day) -> Vec<&Entry> {
        self.entries.iter().filter(|e| e.next <= today).collect()
    }
}

/// Why a line's card is unusable, if it is.
fn check_card(c: &Card) -> Result<(Posed, Day), String> {
    let posed = match (c.game.as_str(), &c.yut) {
        ("congo", None) => Posed::Congo(check_congo(c)?),
        ("yut", Some(state)) => Posed::Yut(check_yut(c, state)?),
        ("congo", Some(_)) => return Err("a Congo card holds a Yut state".to_string()),
        ("yut", None) => return Err("a Yut card holds no Yut state".to_string()),
        (game, _) => return Err(format!("game `{game}` is not one this boardsh drills")),
    };
    let chances = std::iter::once(c.played_chance).chain(c.good.iter().map(|g| g.chance));
    if chances.into_iter().any(|x| !(0.0..=1.0).contains(&x)) {
        return Err("a chance is not between 0 and 1".to_string());
    }
    if !["?", "??"].contains(&c.mark.as_str()) {
        return Err(format!("mark `{}` is not `?` or `??`", c.mark));
    }
    let day = Day::parse(&c.date).ok_or_else(|| format!("`{}` is not a date", c.date))?;
    Ok((posed, day))
}

/// A Yut card's decision: its state a game waiting for a move, by the
/// side named, the uses legal there, its budget `positions N`.
fn check_yut(c: &Card, state: &YutState) -> Result<Play, String> {
    let play = state.play()?;
    if team_name(play.to_move()) != c.side {
        return Err(format!("side `{}` is not the team to move", c.side));
    }
    for text in std::iter::once(&c.played).chain(c.good.iter().map(|g| &g.mv)) {
        let legal = parse_use(text).is_some_and(|u| play.check_use(u.token, u.roll).is_ok());
        if !legal {
            return Err(format!("`{text}` is not a use of the pending throws"));
        }
    }
    super::budget::positions(&c.budget).ok_or_else(|| format!("`{}` is not a budget", c.budget))?;
    Ok(play)
}

/// A Congo card's position: its FEN, by the side named, the moves
/// readable, its budget one `retry` takes.
fn check_congo(c: &Card) -> Result<Position, String> {
    let position: Position = (c.fen.parse()).map_err(|_| format!("`{}` is not a FEN", c.fen))?;
    if side_name(position.side_to_move()) != c.side {
        return Err(format!("side `{}` is not the FEN's side to move", c.side));
    }
    for mv in std::iter::once(&c.played).chain(c.good.iter().map(|g| &g.mv)) {
        parse_move(mv).map_err(|_| format!("`{mv}` is not a move"))?;
    }
    super::budget::parse(&c.budget).ok_or_else(|| format!("`{}` is not a budget", c.budget))?;
    Ok(position)
}

/// One line's event, or why it is damaged.
fn parse_line(text: &str) -> Result<Event, String> {
    let mut value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not a JSON entry ({e})"))?;
    let Some(map) = value.as_object_mut() else {
        return Err("not a JSON object".to_string());
    };
    match map.remove("v").and_then(|v| v.as_u64()) {
        Some(VERSION) => {}
        Some(v) => {
            return Err(format!(
                "version {v} is not the version {VERSION} read here"
            ));
        }
        None => return Err("no version (`\"v\":1`)".to_string()),
    }
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// Read a deck's text: every whole, sound line applied in order; the
/// others (a line cut short, bad JSON, an unknown version, a card with a
/// bad FEN or move) skipped and named.
pub fn read(text: &str) -> Deck {
    let mut deck = Deck::default();
    let mut lines = text.split('\n').peekable();
    let mut number = 0;
    while let Some(line) = lines.next() {
        number += 1;
        let last = lines.peek().is_none();
        if line.trim().is_empty() {
            continue;
        }
        let event = parse_line(line).and_then(|e| match &e {
            Event::Add(c) => check_card(c).map(|_| e),
            Event::Due { next, .. } if Day::parse(next).is_none() => {
                Err(format!("`{next}` is not a date"))
            }
            _ => Ok(e),
        });
        let event = match event {
            Ok(e) => e,
            Err(why) => {
                let why = if last {
                    format!("cut short (no end of line): {why}")
                } else {
                    why
                };
                deck.damaged.push(Damaged { line: number, why });
                continue;
            }
        };
        apply(&mut deck, event);
    }
    deck
}

/// Apply one sound event.
fn apply(deck: &mut Deck, event: Event) {
    match event {
        Event::Add(card) => {
            if deck.find(&card.id).is_some() {
                return;
            }
            if let Ok((posed, next)) = check_card(&card) {
                deck.entries.push(Entry {
                    card,
                    posed,
                    next,
                    interval: 0,
                    right: 0,
                    wrong: 0,
                });
            }
        }
        Event::Due {
            id,
            right,
            next,
            interval,
            ..
        } => {
            if let (Some(e), Some(next)) = (
                deck.entries.iter_mut().find(|e| e.card.id == id),
                Day::parse(&next),
            ) {
                e.next = next;
                e.interval = interval;
                if right {
                    e.right += 1;
                } else {
                    e.wrong += 1;
                }
            }
        }
        Event::Forget { id, .. } => deck.entries.retain(|e| e.card.id != id),
    }
}

/// The schedule after an answer on `today`: right, the interval doubles
/// (1, 2, 4, 8... days, at most a year); wrong, the card is due tomorrow
/// and starts again at 1 day.
pub fn after_answer(interval: u32, right: bool, today: Day) -> (u32, Day) {
    if right {
        let next = if interval == 0 {
            1
        } else {
            interval.saturating_mul(2).min(365)
        };
        (next, today.plus(next))
    } else {
        (0, today.plus(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(played: &str) -> Card {
        let pos: Position = "3l3/7/7/7/2p1p2/7/3L3 w 0".parse().unwrap();
        let good = vec![Good {
            mv: "d1d7".to_string(),
            chance: 1.0,
        }];
        let mut c = Card::new(&pos, played, "??", 0.0, good, "nodes 20000".to_string());
        c.date = "2026-12-07".to_string();
        c
    }

    fn day(s: &str) -> Day {
        Day::parse(s).unwrap()
    }

    #[test]
    fn lines_read_back_as_written() {
        let a = card("d1d2");
        let b = card("d1c1");
        assert_ne!(a.id, b.id);
        let due = Event::Due {
            id: a.id.clone(),
            date: "2026-12-07".to_string(),
            right: true,
            next: "2026-12-08".to_string(),
            interval: 1,
        };
        let text = [Event::Add(a.clone()), Event::Add(b.clone()), due]
            .iter()
            .map(Event::line)
            .collect::<String>();
        assert!(text.lines().all(|l| l.contains("\"v\":1")));
        let deck = read(&text);
        assert_eq!(deck.damaged, []);
        assert_eq!(deck.entries.len(), 2);
        assert_eq!(deck.entries[0].card, a);
        assert_eq!(
            (deck.entries[0].next, deck.entries[0].interval),
            (day("2026-12-08"), 1)
        );
        assert_eq!(deck.entries[0].right, 1);
        // The second is new: due the day it was added.
        assert_eq!(deck.entries[1].next, day("2026-12-07"));
        assert_eq!(deck.due(day("2026-12-07")).len(), 1);
        assert_eq!(deck.due(day("2026-12-08")).len(), 2);
        // Forgotten, it is gone; the same card added twice is one.
        let forget = Event::Forget {
            id: a.id.clone(),
            date: "2026-12-07".to_string(),
        };
        let more = format!("{text}{}{}", Event::Add(b).line(), forget.line());
        let deck = read(&more);
        assert_eq!(deck.entries.len(), 1);
        assert_eq!(deck.entries[0].card.played, "d1c1");
    }

    #[test]
    // Half of an ASCII line: a line cut short.
    #[allow(clippy::string_slice)]
    fn damaged_lines_are_named_and_the_rest_kept() {
        let a = Event::Add(card("d1d2")).line();
        let b = Event::Add(card("d1c1")).line();
        let mut bad_fen = card("d1e1");
        bad_fen.fen = "9/9 w 0".to_string();
        let text = format!(
            "{a}not json\n{{\"v\":2,\"kind\":\"forget\",\"id\":\"x\",\"date\":\"2026-12-07\"}}\n{}\n{b}{}",
            Event::Add(bad_fen).line().trim_end(),
            &a[..a.len() / 2]
        );
        let deck = read(&text);
        let lines: Vec<usize> = deck.damaged.iter().map(|d| d.line).collect();
        assert_eq!(lines, [2, 3, 4, 6]);
        assert!(
            deck.damaged[1].why.contains("version 2"),
            "{:?}",
            deck.damaged
        );
        assert!(
            deck.damaged[2].why.contains("not a FEN"),
            "{:?}",
            deck.damaged
        );
        assert!(
            deck.damaged[3].why.starts_with("cut short"),
            "{:?}",
            deck.damaged
        );
        // Both whole cards are kept.
        assert_eq!(deck.entries.len(), 2);
    }

    #[test]
    fn a_line_without_a_game_is_congo_and_reads_unchanged() {
        // A line as the first decks wrote it may lack `game`: Congo's.
        let c = card("d1d2");
        let line = Event::Add(c.clone())
            .line()
            .replace("\"game\":\"congo\",", "");
        assert!(!line.contains("game"), "{line}");
        let deck = read(&line);
        assert_eq!(deck.damaged, []);
        assert_eq!(deck.entries[0].card, c);
        assert!(deck.entries[0].position().is_some());
        assert_eq!(deck.entries[0].yut(), None);
    }

    /// A Yut card: upper's A on mo-gae with a yut and a do pending,
    /// lower's a on cham-meoki, one token a side.
    fn yut_card() -> Card {
        use crate::yut::{Roll, Token};
        let state: YutState = serde_json::from_str(
            r#"{"format":1,"tokens":1,"board":"A mo-gae, a cham-meoki","first":"upper",
                "to_move":"upper","pending":["yut","do"],"sticks":"0.5","back_do":false,
                "catch_bonus":true,"seed":7,"exact":true}"#,
        )
        .unwrap();
        let good = vec![Good {
            mv: "A do".to_string(),
            chance: 1.0,
        }];
        let played = Use {
            token: Token::A,
            roll: Roll::Yut,
        };
        let mut c = Card::yut(state, played, "??", 0.0, good, "positions 100".into());
        c.date = "2026-12-07".to_string();
        c
    }

    #[test]
    fn a_yut_card_reads_back_and_a_damaged_one_is_named() {
        let c = yut_card();
        let line = Event::Add(c.clone()).line();
        assert!(line.contains("\"game\":\"yut\""), "{line}");
        assert!(!line.contains("fen"), "{line}");
        let deck = read(&line);
        assert_eq!(deck.damaged, []);
        assert_eq!(deck.entries[0].card, c);
        let play = deck.entries[0].yut().expect("a Yut decision");
        assert_eq!(play.pending().len(), 2);
        assert_eq!(deck.entries[0].position(), None);
        // Each damage refuses its line alone, named; the whole card kept.
        let damaged = |f: &dyn Fn(&mut Card)| {
            let mut d = yut_card();
            f(&mut d);
            d.id = format!("{}x", d.id);
            Event::Add(d).line()
        };
        let text = [
            damaged(&|d| d.played = "A geol".into()),
            damaged(&|d| d.side = "lower".into()),
            damaged(&|d| d.budget = "nodes 5".into()),
            damaged(&|d| d.yut = None),
            damaged(&|d| d.game = "congo".into()),
            damaged(&|d| {
                if let Some(y) = &mut d.yut {
                    y.board = "A mo-gae, a mo-gae".into();
                }
            }),
            line.clone(),
        ]
        .concat();
        let deck = read(&text);
        let why: Vec<&str> = deck.damaged.iter().map(|d| d.why.as_str()).collect();
        assert_eq!(
            deck.damaged.iter().map(|d| d.line).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5, 6],
            "{why:?}"
        );
        assert!(why[0].contains("`A geol` is not a use"), "{why:?}");
        assert!(why[1].contains("not the team to move"), "{why:?}");
        assert!(why[2].contains("not a budget"), "{why:?}");
        assert!(why[3].contains("no Yut state"), "{why:?}");
        assert!(why[4].contains("a Congo card holds a Yut state"), "{why:?}");
        assert!(why[5].contains("not a Yut board"), "{why:?}");
        assert_eq!(deck.entries.len(), 1);
    }

    #[test]
    fn right_answers_double_the_interval_and_a_wrong_one_brings_it_back() {
        let today = day("2026-12-07");
        assert_eq!(after_answer(0, true, today), (1, day("2026-12-08")));
        assert_eq!(after_answer(1, true, today), (2, day("2026-12-09")));
        assert_eq!(after_answer(4, true, today), (8, day("2026-12-15")));
        assert_eq!(after_answer(300, true, today).0, 365);
        assert_eq!(after_answer(8, false, today), (0, day("2026-12-08")));
    }
}
