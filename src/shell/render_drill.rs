//! `drill`'s replies and their text: the position due (its board comes
//! first, as `board` draws it; a Yut decision's as `show` draws it), an
//! answer judged with the card's next date, the deck's listing (`drill
//! stats`) and a card forgotten. Chances are the mover's, in whole
//! percent as `hint` shows them; a Yut chance says whether it is exact.

use super::drill::{Day, Entry};
use super::render_congo_analysis::{percent, side_name};
use crate::congo::analysis::{Answer, Verdict};
use crate::shell::drill::yut_state::use_text;
use crate::yut::solve::HintLine;

/// A Yut drill's answer, weighed against the best use.
#[derive(Clone, Debug, PartialEq)]
pub struct YutAnswer {
    /// The use answered and its chance.
    pub answer: HintLine,
    /// The best use there and its chance.
    pub best: HintLine,
    /// The chance it loses against the best.
    pub loss: f64,
    pub verdict: Verdict,
}

/// How one drill session went so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrillTally {
    pub right: usize,
    pub wrong: usize,
    pub skipped: usize,
}

/// What `drill` says.
#[derive(Clone, Debug, PartialEq)]
pub enum DrillReply {
    /// The position due (its board was shown first): the `number`th of
    /// `due` (of them Congo's and Yut's, when Yut's are among them), of
    /// `total` cards in the deck.
    Puzzle {
        number: usize,
        due: usize,
        split: Option<(usize, usize)>,
        total: usize,
        entry: Box<Entry>,
    },
    /// An answer judged: right or not, and the card's next date.
    Judged {
        answer: Box<Answer>,
        entry: Box<Entry>,
        next: Day,
        interval: u32,
    },
    /// A Yut answer judged: right or not, and the card's next date.
    YutJudged {
        answer: Box<YutAnswer>,
        entry: Box<Entry>,
        next: Day,
        interval: u32,
    },
    /// A card skipped (no change to its schedule): its better move.
    Skipped(Box<Entry>),
    /// No card left due.
    Done(DrillTally),
    /// `drill stop`, with `left` cards not reached.
    Stopped { tally: DrillTally, left: usize },
    /// The deck holds no card.
    Empty,
    /// No card due: how many there are and the first date one is due.
    NoneDue { total: usize, next: Option<Day> },
    /// `drill stats`: the cards, numbered from 1, as of `today`.
    Stats { entries: Vec<Entry>, today: Day },
    /// `drill forget N`: the card removed, and how many are left.
    Forgot {
        number: u64,
        entry: Box<Entry>,
        left: usize,
    },
}

/// `White` or `Black`, `upper` or `lower`: the card's side.
fn side(e: &Entry) -> &str {
    match e.position() {
        Some(p) => side_name(p.side_to_move()),
        None => &e.card.side,
    }
}

/// Whether a Yut card's chances are exact (Congo's: at 0 or 1).
fn exact(e: &Entry, chance: f64) -> bool {
    match &e.card.yut {
        Some(y) => y.exact,
        None => chance <= 0.0 || chance >= 1.0,
    }
}

/// `, exact` or `, estimated` after a Yut chance; nothing for Congo.
fn how(e: &Entry, exact: bool) -> &'static str {
    match (&e.card.yut, exact) {
        (None, _) => "",
        (Some(_), true) => ", exact",
        (Some(_), false) => ", estimated",
    }
}

/// `d1d7, White's chance 100%`: the card's better move.
fn better(e: &Entry) -> String {
    match e.card.good.first() {
        Some(g) => format!(
            "{}, {}'s chance {}{}",
            g.mv,
            side(e),
            percent(g.chance, exact(e, g.chance)),
            how(e, exact(e, g.chance)),
        ),
        None => "none kept".to_string(),
    }
}

/// A Yut card's decision in one line: `A mo-gae, a cham-meoki; yut (4),
/// do (1) pending`.
fn yut_place(e: &Entry) -> String {
    match (e.yut(), &e.card.yut) {
        (Some(play), Some(state)) => format!("{}; {} pending", state.board, play.pending()),
        _ => String::new(),
    }
}

/// `1 day`, `4 days`.
fn days(n: u32) -> String {
    if n == 1 {
        "1 day".to_string()
    } else {
        format!("{n} days")
    }
}

/// `1 right, 0 wrong, 2 skipped`.
fn tally_text(t: &DrillTally) -> String {
    format!(
        "{} right, {} wrong, {} skipped",
        t.right, t.wrong, t.skipped
    )
}

/// The text of a `drill` reply.
pub fn drill_text(reply: &DrillReply) -> String {
    match reply {
        DrillReply::Puzzle {
            number,
            due,
            split,
            total,
            entry,
        } => {
            let c = &entry.card;
            let counts = match split {
                Some((congo, yut)) => format!("{congo} Congo, {yut} Yut; {total} in the deck"),
                None => format!("{total} in the deck"),
            };
            if entry.yut().is_some() {
                let e = exact(entry, c.played_chance);
                return format!(
                    "drill {number} of {due} due ({counts}): Yut, {} to move: {}\n\
                     on {} you played move {} here ({}, {}'s chance {}{})\n\
                     find a better use: `drill <token> <throw>`, as `move` takes them (`drill` skips, `drill stop` ends)\n",
                    side(entry),
                    yut_place(entry),
                    c.date,
                    c.played,
                    c.mark,
                    side(entry),
                    percent(c.played_chance, e),
                    how(entry, e),
                );
            }
            format!(
                "drill {number} of {due} due ({counts}): {} to move\n\
                 on {} you played {} here ({}, {}'s chance {})\n\
                 find a better move: `drill <move>` (`drill` skips, `drill stop` ends)\n",
                side(entry),
                c.date,
                c.played,
                c.mark,
                side(entry),
                percent(c.played_chance, false),
            )
        }
        DrillReply::Judged {
            answer,
            entry,
            next,
            interval,
        } => {
            let chance = format!(
                "{}'s chance {}",
                side(entry),
                percent(answer.value.chance, answer.value.exact)
            );
            let said = match answer.verdict {
                Verdict::Best => format!("right, the best move ({chance})"),
                Verdict::Found => format!("right, as good as the best ({chance})"),
                Verdict::Played => format!(
                    "the move you played ({chance}); the better move: {}",
                    better(entry)
                ),
                Verdict::Missed => format!("not it ({chance}); the better move: {}", better(entry)),
            };
            let when = if answer.verdict.found() {
                format!("next in {}, on {next}", days(*interval))
            } else {
                format!("back tomorrow, {next}")
            };
            format!("{}: {said}; {when}\n", answer.mv)
        }
        DrillReply::YutJudged {
            answer,
            entry,
            next,
            interval,
        } => {
            let a = &answer.answer;
            let chance = format!(
                "{}'s chance {}{}",
                side(entry),
                percent(a.chance, a.interval.is_none()),
                how(entry, a.interval.is_none())
            );
            let said = match answer.verdict {
                Verdict::Best => format!("right, the best use ({chance})"),
                Verdict::Found => format!("right, as good as the best ({chance})"),
                Verdict::Played => format!(
                    "the use you played ({chance}); the better use: {}",
                    better(entry)
                ),
                Verdict::Missed => format!(
                    "not it ({chance}, {:.1} points less); the better use: {}",
                    answer.loss * 100.0,
                    better(entry)
                ),
            };
            let when = if answer.verdict.found() {
                format!("next in {}, on {next}", days(*interval))
            } else {
                format!("back tomorrow, {next}")
            };
            format!("move {}: {said}; {when}\n", use_text(a.choice))
        }
        DrillReply::Skipped(entry) => {
            format!("skipped: the better move was {}\n", better(entry))
        }
        DrillReply::Done(t) => format!("drills done: {}\n", tally_text(t)),
        DrillReply::Stopped { tally, left } => {
            format!("drills stopped: {}; {left} left due\n", tally_text(tally))
        }
        DrillReply::Empty => {
            "no drills yet: a `review` of a Congo or Yut game adds your mistakes (? and ??) to the deck\n"
                .to_string()
        }
        DrillReply::NoneDue { total, next } => match next {
            Some(day) => {
                format!("no drills due today ({total} in the deck; the next is due on {day})\n")
            }
            None => format!("no drills due today ({total} in the deck)\n"),
        },
        DrillReply::Stats { entries, today } => stats_text(entries, *today),
        DrillReply::Forgot {
            number,
            entry,
            left,
        } => {
            let place = match entry.yut() {
                Some(_) => format!("Yut: {}", yut_place(entry)),
                None => entry.card.fen.clone(),
            };
            format!(
                "forgot drill {number}: {} ({}) in {place} ({left} left in the deck)\n",
                entry.card.played, entry.card.mark
            )
        }
    }
}

/// `drill stats`: the totals, then one numbered row a card.
fn stats_text(entries: &[Entry], today: Day) -> String {
    let due = entries.iter().filter(|e| e.next <= today).count();
    let right: u32 = entries.iter().map(|e| e.right).sum();
    let wrong: u32 = entries.iter().map(|e| e.wrong).sum();
    let noun = if entries.len() == 1 {
        "position"
    } else {
        "positions"
    };
    let mut out = format!(
        "drill deck: {} {noun}, {due} due today ({today}); answers: {right} right, {wrong} wrong\n",
        entries.len()
    );
    // By game, once Yut's are in the deck.
    let yut: Vec<&Entry> = entries.iter().filter(|e| e.yut().is_some()).collect();
    if !yut.is_empty() {
        let yut_due = yut.iter().filter(|e| e.next <= today).count();
        out.push_str(&format!(
            "by game: Congo {} ({} due), Yut {} ({yut_due} due)\n",
            entries.len() - yut.len(),
            due - yut_due,
            yut.len(),
        ));
    }
    for (i, e) in entries.iter().enumerate() {
        let c = &e.card;
        let every = if e.interval == 0 {
            String::new()
        } else {
            format!(" (every {})", days(e.interval))
        };
        let place = match e.yut() {
            Some(_) => format!("Yut: {};", yut_place(e)),
            None => c.fen.clone(),
        };
        out.push_str(&format!(
            "{:>3}. {} {:<2} {} played {}, better {}; added {}, due {}{every}\n",
            i + 1,
            side(e),
            c.mark,
            place,
            c.played,
            c.good.first().map_or("-", |g| g.mv.as_str()),
            c.date,
            e.next,
        ));
    }
    out
}
