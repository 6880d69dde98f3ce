//! `drill` in the session: the positions of the person's own mistakes,
//! kept across games in the deck. A review notes its `?` and `??` moves
//! of the person (the sides the computer does not play; both with no
//! computer) as cards ([`Session::take_found_drills`]); the runner reads
//! the deck's file, says which day it is, and appends what a command
//! returns. An answer is judged by `retry`'s [`judge`] within the card's
//! budget; a Yut card's as the Yut review weighs a use (`drill/yut.rs`).
//! Nothing here touches the games or the undo history.

mod yut;

use super::common::Common;
use super::congo_part::CongoPart;
use super::{ReviewError, Session};
use crate::congo::analysis::{Puzzle, Review, Value, puzzles};
use crate::congo::search::{Limits, Score};
use crate::congo::{Color, Move};
use crate::shell::command::DrillArgs;
use crate::shell::drill::yut_state::parse_use;
use crate::shell::drill::{Card, Day, Deck, Entry, Event, Good, Posed, after_answer, budget};
use crate::shell::error::ErrorKind;
use crate::shell::render_drill::{DrillReply, DrillTally};
use crate::shell::reply::{Reply, Sink};

/// `drill <move>` or `drill stop` with no drill under way.
const NOT_STARTED: &str = "no drill under way: `drill` shows the first position due";

/// A Congo move answering a Yut drill.
const WANTS_YUT: &str = "this drill is a Yut decision: answer with a token and a throw, as `move` takes them (`drill A do`)";

/// A Yut use answering a Congo drill.
const WANTS_CONGO: &str = "this drill is a Congo position: answer with a move (`drill d1d7`)";

/// The drill under way, of both games' cards. (The cards a review found,
/// not yet saved, are its game's part's.)
#[derive(Clone, Debug, Default)]
pub(super) struct DrillPart {
    /// The drill under way.
    queue: Option<Queue>,
}

/// A drill under way: the cards due when it began, the one shown, and
/// the tally.
#[derive(Clone, Debug)]
struct Queue {
    entries: Vec<Entry>,
    at: usize,
    tally: DrillTally,
}

/// The cards of a review's mistakes by `sides`, searched within `limits`.
pub(super) fn cards(review: &Review, sides: &[Color], limits: &Limits) -> Vec<Card> {
    puzzles(review, sides)
        .into_iter()
        .filter_map(|p| {
            let best = p.best?;
            Some(Card::new(
                &p.before,
                &p.played.to_string(),
                p.mark.symbol(),
                p.played_value.chance,
                vec![Good {
                    mv: best.to_string(),
                    chance: p.best_value.chance,
                }],
                budget::text(limits),
            ))
        })
        .collect()
}

/// A chance as the judge takes it (exact at 0 and 1).
fn value(chance: f64) -> Value {
    Value {
        score: Score::Cp(0),
        chance,
        exact: chance <= 0.0 || chance >= 1.0,
    }
}

/// The puzzle of a card: its position (no history), the move played and
/// the better one as the review valued them.
fn puzzle(e: &Entry) -> Option<Puzzle> {
    let position = e.position()?;
    let played: Move = e.card.played.parse().ok()?;
    let good = e.card.good.first()?;
    let best: Move = good.mv.parse().ok()?;
    let mark = if e.card.mark == "??" {
        crate::congo::analysis::Mark::Blunder
    } else {
        crate::congo::analysis::Mark::Mistake
    };
    Some(Puzzle {
        index: 0,
        before: position.clone(),
        history: Vec::new(),
        previous: None,
        played,
        mark,
        loss: (good.chance - e.card.played_chance).max(0.0),
        played_value: value(e.card.played_chance),
        best: Some(best),
        best_value: value(good.chance),
        line: vec![best],
    })
}

impl Session {
    /// The cards the last review found, not yet saved (the runner dates
    /// and appends them to the deck).
    pub fn take_found_drills(&mut self) -> Vec<Card> {
        let mut found = std::mem::take(&mut self.congo.found_cards);
        found.append(&mut self.yut.found_cards);
        found
    }

    /// The position of the drill's card shown now, while a drill is
    /// under way: Tab after `drill ` offers its legal moves.
    pub fn drill_position(&self) -> Option<&crate::congo::Position> {
        let q = self.drill.queue.as_ref()?;
        q.entries.get(q.at).and_then(Entry::position)
    }

    /// Whether `args` can run: an answer or `stop` needs a drill under
    /// way (checked before the deck is read).
    ///
    /// # Errors
    ///
    /// What to type first.
    pub fn drill_ready(&self, args: DrillArgs) -> Result<(), &'static str> {
        match args {
            DrillArgs::Stop | DrillArgs::Answer(_) | DrillArgs::YutAnswer(..)
                if self.drill.queue.is_none() =>
            {
                Err(NOT_STARTED)
            }
            _ => Ok(()),
        }
    }

    /// `drill [<move>|stop|stats|forget N]` on `deck` as read now, on
    /// `today`: the reply, and the lines to append to the deck.
    ///
    /// # Errors
    ///
    /// No drill under way, no such card, an illegal answer, Ctrl-C, or
    /// `sink`'s I/O error.
    pub fn drill(
        &mut self,
        args: DrillArgs,
        deck: &Deck,
        today: Day,
        sink: &mut dyn Sink,
    ) -> Result<(Reply, Vec<Event>), ReviewError> {
        let problem = |why: String| ReviewError::Command(ErrorKind::Problem(why));
        let reply = |r: DrillReply| Reply::Drill(Box::new(r));
        match args {
            DrillArgs::Stats => Ok((
                reply(DrillReply::Stats {
                    entries: deck.entries.clone(),
                    today,
                }),
                Vec::new(),
            )),
            DrillArgs::Forget(n) => {
                let entry = usize::try_from(n)
                    .ok()
                    .and_then(|i| deck.entries.get(i.checked_sub(1)?))
                    .ok_or_else(|| {
                        problem(format!(
                            "no drill {n}: the deck holds {} (`drill stats` numbers them)",
                            deck.entries.len()
                        ))
                    })?;
                let event = Event::Forget {
                    id: entry.card.id.clone(),
                    date: today.to_string(),
                };
                Ok((
                    reply(DrillReply::Forgot {
                        number: n,
                        entry: Box::new(entry.clone()),
                        left: deck.entries.len().saturating_sub(1),
                    }),
                    vec![event],
                ))
            }
            DrillArgs::Stop => {
                let q = self
                    .drill
                    .queue
                    .take()
                    .ok_or_else(|| problem(NOT_STARTED.to_string()))?;
                let left = q.entries.len().saturating_sub(q.at);
                Ok((
                    reply(DrillReply::Stopped {
                        tally: q.tally,
                        left,
                    }),
                    Vec::new(),
                ))
            }
            DrillArgs::Next => {
                if let Some(q) = &mut self.drill.queue {
                    let skipped = q.entries.get(q.at).cloned();
                    q.tally.skipped += 1;
                    q.at += 1;
                    if let Some(e) = skipped {
                        sink.reply(reply(DrillReply::Skipped(Box::new(e))))
                            .map_err(ReviewError::Io)?;
                    }
                    return Ok((self.drill_next(deck, sink)?, Vec::new()));
                }
                if deck.entries.is_empty() {
                    return Ok((reply(DrillReply::Empty), Vec::new()));
                }
                let due: Vec<Entry> = deck.due(today).into_iter().cloned().collect();
                if due.is_empty() {
                    let next = deck.entries.iter().map(|e| e.next).min();
                    return Ok((
                        reply(DrillReply::NoneDue {
                            total: deck.entries.len(),
                            next,
                        }),
                        Vec::new(),
                    ));
                }
                self.drill.queue = Some(Queue {
                    entries: due,
                    at: 0,
                    tally: DrillTally::default(),
                });
                Ok((self.drill_next(deck, sink)?, Vec::new()))
            }
            DrillArgs::Answer(mv) => {
                let entry = self.drill_shown()?;
                if entry.yut().is_some() {
                    return Err(problem(WANTS_YUT.to_string()));
                }
                let (Some(p), Some(limits)) = (puzzle(&entry), budget::parse(&entry.card.budget))
                else {
                    // Not reached: the deck's reader checks both.
                    return Err(problem("this drill's card is damaged".to_string()));
                };
                let answer = (self.congo)
                    .judge_answer(&mut self.common, &p, mv, &limits)
                    .map_err(ReviewError::Command)?;
                let right = answer.verdict.found();
                self.drill_judged(deck, entry, right, today, sink, |entry, next, interval| {
                    DrillReply::Judged {
                        answer: Box::new(answer),
                        entry,
                        next,
                        interval,
                    }
                })
            }
            DrillArgs::YutAnswer(token, roll) => {
                let entry = self.drill_shown()?;
                let (Some(play), Some(state)) = (entry.yut(), entry.card.yut.as_ref()) else {
                    return Err(problem(WANTS_CONGO.to_string()));
                };
                let (Some(played), Some(positions)) = (
                    parse_use(&entry.card.played),
                    budget::positions(&entry.card.budget),
                ) else {
                    // Not reached: the deck's reader checks both.
                    return Err(problem("this drill's card is damaged".to_string()));
                };
                // `drill A` names no throw: the one kind pending, if one is.
                let Some(roll) = roll.or_else(|| play.pending().single()) else {
                    return Err(problem(format!(
                        "name the throw to use: {} pending (`drill {token} {}`)",
                        play.pending(),
                        play.pending().distinct().next().map_or("do", |r| r.name())
                    )));
                };
                let used = crate::yut::Use { token, roll };
                let answer = self
                    .yut
                    .judge(&self.common, play, used, played, state.seed, positions)
                    .map_err(ReviewError::Command)?;
                let right = answer.verdict.found();
                self.drill_judged(deck, entry, right, today, sink, |entry, next, interval| {
                    DrillReply::YutJudged {
                        answer: Box::new(answer),
                        entry,
                        next,
                        interval,
                    }
                })
            }
        }
    }

    /// The card the drill under way shows.
    fn drill_shown(&mut self) -> Result<Entry, ReviewError> {
        let not_started = || ReviewError::Command(ErrorKind::Problem(NOT_STARTED.to_string()));
        let q = self.drill.queue.as_ref().ok_or_else(not_started)?;
        match q.entries.get(q.at).cloned() {
            Some(e) => Ok(e),
            None => {
                self.drill.queue = None;
                Err(not_started())
            }
        }
    }

    /// The shown card answered (`right` or not) on `today`: its next
    /// interval and date, the deck's line saying so, and the tally moved
    /// on. The schedule is as the deck holds it now (another session may
    /// have answered it since this drill began).
    fn drill_scheduled(
        &mut self,
        deck: &Deck,
        entry: &Entry,
        right: bool,
        today: Day,
    ) -> (u32, Day, Event) {
        let interval = deck
            .find(&entry.card.id)
            .map_or(entry.interval, |e| e.interval);
        let (interval, next) = after_answer(interval, right, today);
        let event = Event::Due {
            id: entry.card.id.clone(),
            date: today.to_string(),
            right,
            next: next.to_string(),
            interval,
        };
        if let Some(q) = &mut self.drill.queue {
            if right {
                q.tally.right += 1;
            } else {
                q.tally.wrong += 1;
            }
            q.at += 1;
        }
        (interval, next, event)
    }

    /// The shown card answered: scheduled ([`Self::drill_scheduled`]),
    /// the verdict `judged` (given the card, its next date and interval)
    /// said, then the next card shown; the deck's line to append.
    fn drill_judged(
        &mut self,
        deck: &Deck,
        entry: Entry,
        right: bool,
        today: Day,
        sink: &mut dyn Sink,
        judged: impl FnOnce(Box<Entry>, Day, u32) -> DrillReply,
    ) -> Result<(Reply, Vec<Event>), ReviewError> {
        let (interval, next, event) = self.drill_scheduled(deck, &entry, right, today);
        sink.reply(Reply::Drill(Box::new(judged(
            Box::new(entry),
            next,
            interval,
        ))))
        .map_err(ReviewError::Io)?;
        Ok((self.drill_next(deck, sink)?, vec![event]))
    }

    /// Show the drill's next card (its board first), or end it. A card
    /// forgotten since the drill began is passed over.
    fn drill_next(&mut self, deck: &Deck, sink: &mut dyn Sink) -> Result<Reply, ReviewError> {
        let flipped = self.congo.flipped(&self.common);
        let Some(q) = &mut self.drill.queue else {
            return Ok(Reply::Nothing);
        };
        while q
            .entries
            .get(q.at)
            .is_some_and(|e| deck.find(&e.card.id).is_none())
        {
            q.at += 1;
        }
        let Some(e) = q.entries.get(q.at) else {
            let tally = q.tally;
            self.drill.queue = None;
            return Ok(Reply::Drill(Box::new(DrillReply::Done(tally))));
        };
        let board = match &e.posed {
            Posed::Congo(p) => Reply::Board(Box::new((p.clone(), None, false, flipped))),
            Posed::Yut(play) => Reply::YutBoard(*play.game()),
        };
        sink.reply(board).map_err(ReviewError::Io)?;
        // Due of each game, when Yut's are among them.
        let yut = q.entries.iter().filter(|e| e.yut().is_some()).count();
        let split = (yut > 0).then(|| (q.entries.len() - yut, yut));
        Ok(Reply::Drill(Box::new(DrillReply::Puzzle {
            number: q.at + 1,
            due: q.entries.len(),
            split,
            total: deck.entries.len(),
            entry: Box::new(e.clone()),
        })))
    }
}

impl CongoPart {
    /// Note the cards of a finished review (the person's mistakes) for
    /// the runner to save.
    pub(super) fn found_drills(&mut self, c: &Common, review: &Review, limits: &Limits) {
        let sides = self.retry_sides(c);
        self.found_cards = cards(review, &sides, limits);
    }
}
