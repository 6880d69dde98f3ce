//! At the prompt (a person at a terminal, never a script or a pipe), some
//! replies say more: Yut moves name the tokens they stack with, `options`
//! after a yut or a mo says a throw comes first, `show` and the board
//! drawn after a Yut change carry the status block, `turn` and `status`
//! name their game, `reset` says what it reset, `set NAME VALUE` shows
//! the setting's row of the listing, and `help` may go through a pager. Scripts keep their
//! byte-exact output: nothing here runs unless the session is at the
//! prompt.

use super::common::Common;
use super::yut_part::YutPart;
use crate::shell::command::{Command, ResetTarget};
use crate::shell::reply::{Reply, Sink};
use crate::shell::yut_status::YutStatus;
use crate::yut::Team;
use std::io;

/// The final reply of `cmd` as the prompt shows it (unchanged when not
/// at the prompt).
pub(super) fn at_prompt_reply(c: &Common, cmd: &Command, reply: Reply) -> Reply {
    if !c.at_prompt {
        return reply;
    }
    match (cmd, reply) {
        // `status` and `turn` name their game (the renderer does).
        (Command::Status, reply @ (Reply::Status(_) | Reply::Drawn))
        | (Command::Turn, reply @ Reply::TurnState(_)) => Reply::Prompt(Box::new(reply)),
        (Command::Reset(ResetTarget::Both), Reply::Nothing) => Reply::ResetBoth,
        // `set NAME VALUE` says what is now in force (issue 38: it
        // printed nothing), as its row of the `set` listing.
        (Command::Set(Some(change)), Reply::Nothing) => {
            Reply::SettingSet(c.settings.get(change.setting()))
        }
        (_, reply) => prompt_view(reply),
    }
}

impl YutPart {
    /// `show`, and the board drawn after a Yut change: at the prompt the
    /// board with its status block, else the 32x32 board alone.
    pub(super) fn board(&self, c: &Common) -> Reply {
        if !c.at_prompt {
            return Reply::YutBoard(*self.game());
        }
        let computer = Team::ALL.map(|t| c.settings.computer.plays_yut(t));
        let mut status = YutStatus::of_record(&self.game.0, computer);
        status.computer_turn = self.computer_turn.clone();
        Reply::YutStatus(Box::new(status))
    }
}

/// A reply marked to be shown with the prompt's extras, when it has any.
pub(super) fn prompt_view(reply: Reply) -> Reply {
    match reply {
        Reply::Turn(_)
        | Reply::MovedBy(_)
        | Reply::Auto(_)
        | Reply::Options(..)
        | Reply::Help(_)
        | Reply::CongoReview(_)
        | Reply::Review(_)
        | Reply::Clear => Reply::Prompt(Box::new(reply)),
        other => other,
    }
}

/// A sink that marks what passes through it for the prompt (when `on`).
pub(super) struct PromptSink<'a> {
    /// Where the replies go.
    pub inner: &'a mut dyn Sink,
    /// Whether the session is at the prompt.
    pub on: bool,
}

impl Sink for PromptSink<'_> {
    fn reply(&mut self, reply: Reply) -> io::Result<()> {
        let reply = if self.on { prompt_view(reply) } else { reply };
        self.inner.reply(reply)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Session;
    use super::*;
    use crate::shell::output::Sheet;
    use crate::shell::parse::parse_command;
    use crate::shell::render::render;

    /// Run `line` (one command) in `s` and render everything it printed,
    /// streamed replies first, at `width` columns of an output of unknown
    /// height.
    fn shown(s: &mut Session, line: &str) -> String {
        let cmd = parse_command(line).expect("parses");
        let mut streamed = Vec::<Reply>::new();
        let last = s.execute(&cmd, &mut streamed).expect("runs");
        let mut out = Vec::<u8>::new();
        for r in streamed.iter().chain(std::iter::once(&last)) {
            render(r, false, &mut out).expect("renders");
        }
        String::from_utf8(out).expect("utf-8")
    }

    fn sessions() -> (Session, Session) {
        let script = Session::new();
        let mut prompt = Session::new();
        prompt.set_at_prompt(true);
        (script, prompt)
    }

    #[test]
    fn moves_say_when_they_stack_at_the_prompt_only() {
        // B then C enter with a mo (home+5): C lands on B, a stack.
        let (mut script, mut prompt) = sessions();
        for s in [&mut script, &mut prompt] {
            shown(s, "move B BBBB");
        }
        assert_eq!(shown(&mut script, "move C BBBB"), "C: home -> mo (5)\n");
        assert_eq!(
            shown(&mut prompt, "move C BBBB"),
            "C: home -> mo (5), stacks with B\n"
        );
        // Under the rules: upper throws a gae (FFBB) and moves D by it;
        // then lower's turn. No stack: nothing added.
        assert_eq!(
            shown(&mut prompt, "throw FFBB"),
            "FFBB: gae (2)\n",
            "a throw is the same everywhere"
        );
        assert_eq!(
            shown(&mut prompt, "move D"),
            "D: home -> gae (2); lower to throw\n"
        );
    }

    #[test]
    fn show_turn_status_and_reset_at_the_prompt() {
        let (mut script, mut prompt) = sessions();
        // The script's `show` is the 32x32 board alone.
        let board = shown(&mut script, "show");
        assert_eq!(board.lines().count(), 32);
        // At the prompt (an output of unknown height, 80 wide: the full
        // board) the status block follows it.
        let full = shown(&mut prompt, "show");
        assert!(full.starts_with(&board), "{full}");
        assert_eq!(
            full.get(board.len()..),
            Some(
                "upper to throw\n\
                 \x20            home  board  escaped\n\
                 upper (A-D)     4      0        0\n\
                 lower (a-d)     4      0        0\n\
                 stacks: none\n\
                 next: upper throws (type throw)\n"
            )
        );
        assert_eq!(shown(&mut script, "turn"), "upper to throw\n");
        assert_eq!(shown(&mut prompt, "turn"), "Yut: upper to throw\n");
        assert_eq!(shown(&mut script, "status"), "Continue\n");
        assert_eq!(shown(&mut prompt, "status"), "Congo: Continue\n");
        assert_eq!(shown(&mut script, "reset"), "");
        assert!(shown(&mut prompt, "reset").starts_with("reset both games: "));
        // With an argument, the game is named already: nothing to add.
        assert_eq!(shown(&mut prompt, "reset yut"), "");
    }

    #[test]
    fn a_drawn_status_names_its_game_at_the_prompt_only() {
        // The zebras out and back twice: the start position a third time
        // (after 0, 4 and 8 plies), a draw under `set draw repetition`.
        let (mut script, mut prompt) = sessions();
        for s in [&mut script, &mut prompt] {
            shown(s, "set draw repetition");
            for mv in ["g1f3", "g7f5", "f3g1", "f5g7", "g1f3", "g7f5", "f3g1"] {
                shown(s, &format!("play {mv}"));
            }
        }
        // The drawing move's summary, then the draw (named by nobody: the
        // move said which game).
        let drawn = "Draw (threefold repetition)\n";
        assert_eq!(
            shown(&mut script, "play f5g7"),
            format!("f5g7: black zebra\n{drawn}")
        );
        // At the prompt, two people get what next (no verdict: neither
        // side is the person's), as after a win.
        assert_eq!(
            shown(&mut prompt, "play f5g7"),
            format!(
                "f5g7: black zebra\n{drawn}\
                 next: review (the game move by move), or a new game: new congo white (or black)\n"
            )
        );
        assert_eq!(shown(&mut script, "status"), drawn);
        assert_eq!(shown(&mut prompt, "status"), format!("Congo: {drawn}"));
        // `reset` at the prompt says all it did, in two lines.
        assert_eq!(
            shown(&mut prompt, "reset"),
            "reset both games: the Congo start position, every Yut token home\n\
             (`reset congo` or `reset yut` resets one game)\n"
        );
    }

    #[test]
    fn options_after_a_yut_says_to_throw_first() {
        let (mut script, mut prompt) = sessions();
        for s in [&mut script, &mut prompt] {
            shown(s, "throw FFFF");
        }
        // A yut (4) earns another throw: upper must throw before any move.
        let plain = "yut (4)\n  A: home -> yut (4)\n";
        assert_eq!(shown(&mut script, "options"), plain);
        let said = shown(&mut prompt, "options");
        assert_eq!(
            said,
            format!(
                "upper throws again first (a yut or a mo earns one): `throw`, then use yut (4)\n{plain}"
            )
        );
    }

    #[test]
    fn versus_labels_and_the_redrawn_board() {
        // `new yut upper` at the prompt: lower is the computer. After the
        // person's throw the board with its status block is redrawn.
        let (_, mut prompt) = sessions();
        shown(&mut prompt, "new yut upper");
        let after = shown(&mut prompt, "throw FFFB");
        assert!(after.starts_with("FFFB: geol (3)\n"), "{after}");
        assert!(
            after.ends_with(
                "upper to move: geol (3)\n\
                 \x20            home  board  escaped\n\
                 upper (A-D)     4      0        0  you\n\
                 lower (a-d)     4      0        0  computer\n\
                 stacks: none\n\
                 next: upper moves: move A\n"
            ),
            "{after}"
        );
    }

    #[test]
    fn a_small_window_gets_the_compact_board() {
        let (_, mut prompt) = sessions();
        let cmd = parse_command("show").expect("parses");
        let reply = prompt.execute(&cmd, &mut Vec::new()).expect("runs");
        // 80x24: the 32-row board does not fit, the 13-line one does.
        let mut small = Sheet::new(80, None, Some(24));
        render(&reply, false, &mut small).expect("renders");
        let text = String::from_utf8(small.text).expect("utf-8");
        assert_eq!(text.lines().count(), 13 + 6, "{text}");
        assert!(text.starts_with("duet-mo             mo\n"), "{text}");
        // 120x50: the full board.
        let mut big = Sheet::new(120, None, Some(50));
        render(&reply, false, &mut big).expect("renders");
        assert_eq!(
            String::from_utf8(big.text).expect("utf-8").lines().count(),
            32 + 6
        );
        // 120x39: one row short of the full board, its block, the command
        // line and the prompt: compact.
        let mut short = Sheet::new(120, None, Some(39));
        render(&reply, false, &mut short).expect("renders");
        let text = String::from_utf8(short.text).expect("utf-8");
        assert_eq!(text.lines().count(), 13 + 6, "{text}");
    }

    /// Issue 38: `set NAME VALUE` printed nothing, so a person at the
    /// prompt saw no sign of the change. At the prompt it answers with the
    /// setting's row of the `set` listing, the value now in force; a script
    /// stays silent (byte-exact outputs), and `quiet` hides it as it hides
    /// the other change summaries.
    #[test]
    fn set_shows_the_new_value_at_the_prompt_only() {
        let (mut script, mut prompt) = sessions();
        assert_eq!(shown(&mut script, "set level 3"), "");
        // The listing's layout: the name in 10 columns, two blanks, the
        // value in 5, two blanks, the summary.
        let row = shown(&mut prompt, "set level 3");
        assert!(
            row.starts_with("level       3      the computer's strength"),
            "{row:?}"
        );
        // The same row as the whole listing now shows.
        let listing = shown(&mut prompt, "set");
        assert!(
            listing.lines().any(|l| format!("{l}\n") == row),
            "{listing}"
        );
        assert!(shown(&mut prompt, "set seed 42").starts_with("seed        42     where"));
        // Quiet: no change summary.
        let cmd = parse_command("set quiet on").expect("parses");
        let reply = prompt.execute(&cmd, &mut Vec::new()).expect("runs");
        assert!(reply.is_change_summary());
        let mut out = Vec::<u8>::new();
        render(&reply, true, &mut out).expect("renders");
        assert!(out.is_empty());
    }

    /// A value wider than the listing's 5-column value column (`congo
    /// black, yut lower`, 22 letters) used to push its summary 17 columns
    /// right of every other row's. It now stands alone on the row and the
    /// summary starts the next line at column 19 (10 + 2 + 5 + 2), where
    /// every other summary starts.
    #[test]
    fn a_long_value_puts_its_summary_on_the_next_line_in_its_column() {
        let (_, mut prompt) = sessions();
        let row = shown(&mut prompt, "set computer congo black, yut lower");
        let mut lines = row.lines();
        assert_eq!(lines.next(), Some("computer    congo black, yut lower"));
        let summary = lines.next().unwrap_or("");
        assert!(
            summary.starts_with(&format!("{}the side the computer", " ".repeat(19))),
            "{row:?}"
        );
        // In the listing, the rows around it keep their layout.
        let listing = shown(&mut prompt, "set");
        assert!(listing.contains(&format!(
            "\ncomputer    congo black, yut lower\n{}the side",
            " ".repeat(19)
        )));
        assert!(listing.contains("\ndraw        "), "{listing}");
        // A value of 5 letters still shares its row with the summary.
        assert!(shown(&mut prompt, "set first lower").starts_with("first       lower  which"));
    }

    #[test]
    fn the_computers_turn_is_summed_up_last_and_the_board_makes_room() {
        // `new yut upper`, a geol by hand, A enters: lower (the computer)
        // plays its turn, then the board is drawn with the block and, last,
        // the turn in one line.
        let (_, mut prompt) = sessions();
        shown(&mut prompt, "new yut upper");
        shown(&mut prompt, "throw FFFB");
        let cmd = parse_command("move A").expect("parses");
        let reply = prompt.execute(&cmd, &mut Vec::new()).expect("runs");
        let draw = |w, h| {
            let mut out = Sheet::new(w, None, Some(h));
            render(&reply, false, &mut out).expect("renders");
            String::from_utf8(out.text).expect("utf-8")
        };
        // 100x40: the block has 7 lines at least (the summary), so 32 + 7
        // + the command line and the prompt is 41 > 40: compact.
        let small = draw(100, 40);
        assert!(small.starts_with("duet-mo             mo\n"), "{small}");
        let last = small.lines().last().unwrap_or("");
        assert!(last.starts_with("lower threw "), "{small}");
        // 100x50 holds the 32-row board and the block: drawn in full, the
        // same block under it.
        let big = draw(100, 50);
        assert!(big.starts_with("..----..----"), "{big}");
        let block = |t: &str| {
            t.lines()
                .skip_while(|l| !l.starts_with("upper to"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(block(&big), block(&small));
        // The next command's board says nothing of a turn it did not play.
        let again = shown(&mut prompt, "show");
        assert!(!again.contains("lower threw"), "{again}");
    }

    #[test]
    fn redo_of_a_versus_yut_turn_sums_up_the_computers_turn_again() {
        // As above, the person's geol and `move A`, then the computer's
        // turn, summed up last. `undo` takes both back; `redo` makes both
        // again: the same game, so the same computer's line last (it was
        // missing: the board came without it).
        let (_, mut prompt) = sessions();
        shown(&mut prompt, "new yut upper");
        shown(&mut prompt, "throw FFFB");
        let played = shown(&mut prompt, "move A");
        let line = played.lines().last().unwrap_or("").to_string();
        assert!(line.starts_with("lower threw "), "{played}");
        shown(&mut prompt, "undo");
        let redone = shown(&mut prompt, "redo");
        assert_eq!(redone.lines().last(), Some(line.as_str()), "{redone}");
        // The next command's board says nothing of it.
        let again = shown(&mut prompt, "show");
        assert!(!again.contains("lower threw"), "{again}");
    }

    #[test]
    fn a_yut_result_says_who_won_from_the_persons_side() {
        // Free turns (`move A BBBB`: a mo, five steps, thrown and moved
        // at once) take a team's tokens round: four mos escape a token
        // from home. The person plays upper against the computer.
        fn escape_all_but_the_last_step(s: &mut Session, tokens: [char; 4]) {
            for (k, t) in tokens.into_iter().enumerate() {
                let mos = if k == 3 { 3 } else { 4 };
                for _ in 0..mos {
                    shown(s, &format!("move {t} BBBB"));
                }
            }
        }
        let next_after_upper = "next: review (each decision against the best, and each throw's luck), or a new game: new yut lower (or upper)\n";
        let (mut script, mut prompt) = sessions();
        shown(&mut prompt, "new yut upper");
        escape_all_but_the_last_step(&mut prompt, ['A', 'B', 'C', 'D']);
        let won = shown(&mut prompt, "move D BBBB");
        assert!(
            won.ends_with(&format!(
                "You win: upper escaped every token\n{next_after_upper}"
            )),
            "{won}"
        );
        // Lower (the computer's team) escapes its last token: the person
        // lost.
        shown(&mut prompt, "new yut upper");
        escape_all_but_the_last_step(&mut prompt, ['a', 'b', 'c', 'd']);
        let lost = shown(&mut prompt, "move d BBBB");
        assert!(
            lost.ends_with(&format!(
                "You lose: lower escaped every token\n{next_after_upper}"
            )),
            "{lost}"
        );
        // Two people at the prompt: no verdict, the next line only.
        let (_, mut two) = sessions();
        escape_all_but_the_last_step(&mut two, ['A', 'B', 'C', 'D']);
        let ended = shown(&mut two, "move D BBBB");
        assert!(
            ended.ends_with("\nnext: review (each decision against the best, and each throw's luck), or a new game: new yut upper (or lower)\n"),
            "{ended}"
        );
        assert!(!ended.contains("You "), "{ended}");
        // A script keeps the summary line only.
        shown(&mut script, "new yut upper");
        escape_all_but_the_last_step(&mut script, ['A', 'B', 'C', 'D']);
        let plain = shown(&mut script, "move D BBBB");
        assert!(!plain.contains("next: "), "{plain}");
    }

    #[test]
    fn a_congo_result_says_who_won_from_the_persons_side() {
        // Lions on d1 and d7 face on the open d-file (a pawn on a3).
        let facing = "fen 3l3/7/7/7/P6/7/3L3 w 0";
        // The person (White) takes the lion: the board (its footer says
        // the result), then the verdict and what next, last.
        let (mut script, mut prompt) = sessions();
        shown(&mut prompt, "new congo white");
        shown(&mut prompt, facing);
        let won = shown(&mut prompt, "play d1d7");
        assert!(
            won.starts_with("d1d7: white lion, captures black lion on d7; White wins\n"),
            "{won}"
        );
        assert!(
            won.ends_with(
                "You win: White captured the lion on d7\n\
                 next: review (the game move by move), or a new game: new congo black (or white)\n"
            ),
            "{won}"
        );
        // A pawn move instead: Black (level 1 still takes a lion, see
        // congo::search::skill) captures on d1, and the person lost.
        shown(&mut prompt, "set level 1");
        shown(&mut prompt, facing);
        let lost = shown(&mut prompt, "play a3a4");
        assert!(
            lost.ends_with("You lose: Black captured the lion on d1\nnext: review (the game move by move), or a new game: new congo black (or white)\n"),
            "{lost}"
        );
        // Two people at the prompt: no verdict, the next line only.
        let (_, mut two) = sessions();
        shown(&mut two, facing);
        assert_eq!(
            shown(&mut two, "play d1d7"),
            "d1d7: white lion, captures black lion on d7; White wins\n\
             next: review (the game move by move), or a new game: new congo white (or black)\n"
        );
        // A script keeps the one summary line.
        shown(&mut script, "new congo white");
        shown(&mut script, facing);
        assert_eq!(
            shown(&mut script, "play d1d7"),
            "d1d7: white lion, captures black lion on d7; White wins\n"
        );
    }

    /// A game drawn by repetition ends as a won or lost one does: after
    /// the board, `Draw: ...` naming who repeated the position, then the
    /// `next:` line (it had none).
    #[test]
    fn a_congo_draw_by_repetition_says_so_and_what_next() {
        // The zebras out and back (as in the drawn status test above): the
        // start position stands after plies 0, 4 and 8, so Black's f5g7 at
        // ply 8 draws. Seven plies for two people, then the computer takes
        // White: the person is Black and plays the drawing move (a `set`
        // does not make the computer move; Black is to move anyway).
        let (mut script, mut prompt) = sessions();
        for s in [&mut script, &mut prompt] {
            shown(s, "set draw repetition");
            for mv in ["g1f3", "g7f5", "f3g1", "f5g7", "g1f3", "g7f5", "f3g1"] {
                shown(s, &format!("play {mv}"));
            }
            shown(s, "set computer congo white");
        }
        let drawn = shown(&mut prompt, "play f5g7");
        assert!(
            drawn.starts_with("f5g7: black zebra\nDraw (threefold repetition)\n"),
            "{drawn}"
        );
        // The person played Black, so the next game offers White first.
        assert!(
            drawn.ends_with(
                "Draw: Black repeated a position for the third time (threefold repetition)\n\
                 next: review (the game move by move), or a new game: new congo white (or black)\n"
            ),
            "{drawn}"
        );
        // `status` of the drawn game only reports it, with no `next:`.
        assert_eq!(
            shown(&mut prompt, "status"),
            "Congo: Draw (threefold repetition)\n"
        );
        // A script keeps its two lines (the move, the draw).
        assert_eq!(
            shown(&mut script, "play f5g7"),
            "f5g7: black zebra\nDraw (threefold repetition)\n"
        );
    }

    #[test]
    fn the_status_block_follows_set_tokens() {
        // Two tokens a side: A-B and a-b, two at home each (the issue saw
        // `upper (A-D)` here).
        let (_, mut prompt) = sessions();
        shown(&mut prompt, "set tokens 2");
        let board = shown(&mut prompt, "new yut upper");
        assert!(
            board.contains(
                "\nupper (A-B)     2      0        0  you\n\
                 lower (a-b)     2      0        0  computer\n"
            ),
            "{board}"
        );
    }
}
