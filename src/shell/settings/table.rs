//! The declaration of every setting, one entry each, in the order `set`
//! lists them: its name, kind (and range), what a bad value is told, its
//! field and default, its command-line flag and its `help set` note.
//! Everything that lists settings reads this table: `set`, `set NAME`,
//! `save`, `help set`, `did you mean`, completion, `boardsh`'s flags and
//! the agent's ranges ([`super::declare`] turns it into code).

use super::declare::declare_settings;
use super::{
    Change, Computer, Draw, Flag, Flip, LEVEL_MAX, LEVEL_MIN, SettingSpec, Show, Theme, Threads,
    Tutor, ValueKind,
};
use crate::congo::Rules;
use crate::congo::eval::{NetChoice, STARTUP_NET};
use crate::yut::{House, Sticks, Team};

declare_settings! {
    /// Report each command's wall time (and nodes/s) on stderr.
    Timer {
        name: "timer",
        summary: "report each command's wall time (and nodes/s) on stderr",
        kind: ValueKind::Flag,
        expects: "`on` or `off`",
        field: timer: bool = false,
        flag: Some(Flag::switch(
            3,
            None,
            "At the prompt, report each line's wall time (and nodes/s of a count) on stderr (the `timer` setting)",
        )),
        note: None,
    }
    /// Silence the change summaries of `move`, `play` and `undo`.
    Quiet {
        name: "quiet",
        summary: "no change summaries from `move`, `play` and `undo`",
        kind: ValueKind::Flag,
        expects: "`on` or `off`",
        field: quiet: bool = false,
        flag: Some(Flag::switch(
            1,
            Some('q'),
            "No change summaries from `move`, `play` and `undo` (the `quiet` setting)",
        )),
        note: None,
    }
    /// After an error, go on with the next command.
    KeepGoing {
        name: "keep-going",
        summary: "after an error, go on with the next command",
        kind: ValueKind::Flag,
        expects: "`on` or `off`",
        field: keep_going: bool = false,
        flag: Some(Flag::switch(
            0,
            None,
            "After an error, go on with the next command (the `keep-going` setting)",
        )),
        note: None,
    }
    /// Worker threads (`auto`: every core) for perft and divide, a timed
    /// Congo search (lazy SMP; one to a fixed depth or node count runs on
    /// one thread), a Yut hint's games and the Yut tables' solving.
    Threads {
        name: "threads",
        summary: "worker threads for perft, divide and timed searches (auto: every core)",
        kind: ValueKind::Threads { min: 1, max: 256 },
        expects: "a number of threads 1 to 256, or `auto`",
        field: threads: Threads = Threads::Auto,
        flag: Some(Flag::value(
            4,
            "N",
            "Worker threads for perft, divide and timed searches, 1 to 256 (the `threads` setting; default: every core). A search to a fixed depth or node count runs on one thread",
        )),
        note: None,
    }
    /// The engine's transposition table size in megabytes.
    Hash {
        name: "hash",
        summary: "the engine's transposition table, in megabytes",
        kind: ValueKind::Number { min: 1, max: 4096 },
        expects: "a size in megabytes 1 to 4096",
        /// The engine's table, in megabytes.
        field: hash_mb: u64 = 16,
        flag: None,
        note: None,
    }
    /// The Congo course's rules for `play`, `eval`, `minimax`, `alphabeta`.
    Rules {
        name: "rules",
        summary: "the Congo course's rules for play, eval, minimax, alphabeta",
        kind: ValueKind::Rules,
        expects: "`2021`, `2022` or `full`",
        field: rules: Rules = Rules::Full,
        flag: None,
        note: None,
    }
    /// Where the Yut sticks' random throws start.
    Seed {
        name: "seed",
        summary: "where the Yut sticks' random throws start (`throw`, `auto`)",
        kind: ValueKind::Number {
            min: 0,
            max: u64::MAX,
        },
        expects: "a seed, a whole number 0 to 18446744073709551615",
        field: seed: u64 = 0,
        flag: Some(Flag::value(
            5,
            "N",
            "Where the Yut sticks' random throws start (as `set seed N`). At the prompt without it, the clock picks one (`set` shows it); files and `-c` start from 0 so that they replay the same",
        )),
        note: None,
    }
    /// How likely each Yut stick shows its front.
    Sticks {
        name: "sticks",
        summary: "how likely each Yut stick lands front up (fair: 0.5)",
        kind: ValueKind::Sticks,
        expects: "a front probability from 0.1 to 0.9",
        field: sticks: Sticks = Sticks::FAIR,
        flag: None,
        note: None,
    }
    /// Which Yut team throws first.
    First {
        name: "first",
        summary: "which Yut team throws first (now if the game has not begun, else from `reset yut`)",
        kind: ValueKind::Team,
        expects: "`upper` or `lower`",
        field: first: Team = Team::Upper,
        flag: None,
        note: None,
    }
    /// Probe the endgame tables of the data directory in searches and `tb`.
    Tablebase {
        name: "tablebase",
        summary: "probe the endgame tables (`boardsh tablebase build`) in best, go, analyze, tb",
        kind: ValueKind::Flag,
        expects: "`on` or `off`",
        /// Whether the engine probes the endgame tables.
        field: tablebase: bool = true,
        flag: None,
        note: None,
    }
    /// Centipawns a repetition costs the engine when it stands better.
    Contempt {
        name: "contempt",
        summary: "centipawns a repetition costs the engine when ahead (gives it when behind)",
        kind: ValueKind::Number { min: 0, max: 1000 },
        expects: "centipawns 0 to 1000",
        /// Centipawns a repetition costs the engine when ahead, 0..=1000.
        field: contempt: i32 = 0,
        flag: None,
        note: None,
    }
    /// Milliseconds Congo's `hint` thinks (and `review` a position).
    HintTime {
        name: "hint-time",
        summary: "milliseconds Congo's `hint` thinks, and `review` a position (`hint nodes N` for the same answer every run)",
        kind: ValueKind::Number {
            min: 10,
            max: 600_000,
        },
        expects: "milliseconds 10 to 600000",
        /// Milliseconds Congo's `hint` thinks, and `review` a position.
        field: hint_ms: u64 = 1000,
        flag: None,
        note: None,
    }
    /// How strongly the computer plays (`go`, `auto`, versus mode).
    Level {
        name: "level",
        summary: "the computer's strength: Congo 1 to 12, Yut 1 to 4 (random, greedy, shallow, best); the top is full strength",
        kind: ValueKind::Number {
            min: LEVEL_MIN,
            max: LEVEL_MAX,
        },
        expects: "a level 1 to 12 (1 weakest, 12 full strength)",
        /// The computer's strength, `LEVEL_MIN..=LEVEL_MAX`.
        field: level: u64 = LEVEL_MAX,
        flag: Some(Flag::value(
            6,
            "N",
            "The computer's strength, 1 (weakest) to 12 (full strength, the default); Yut plays 1 random, 2 greedy, 3 shallow, 4 and up its best (as `set level N`)",
        )),
        note: None,
    }
    /// Which side the computer plays by itself (versus mode).
    Computer {
        name: "computer",
        summary: "the side the computer answers for, each game its own: white|black (Congo), upper|lower (Yut), `congo X`, `yut X`, `congo X, yut Y`, both, none",
        kind: ValueKind::Computer,
        expects: "`none`, `both`, a side (`white`, `black`, `upper`, `lower`) or a game and its side (`congo black`, `yut none`)",
        /// The sides the computer plays by itself, each game its own.
        field: computer: Computer = Computer::NONE,
        flag: Some(Flag::value(
            7,
            "SIDE",
            "The side the computer answers for by itself (as `set computer SIDE`): white or black (Congo), upper or lower (Yut), both, none",
        )),
        note: None,
    }
    /// Whether a Congo position's third occurrence draws (a house rule).
    Draw {
        name: "draw",
        summary: "a Congo position's third occurrence draws (house rule; `new congo white|black` turns it on)",
        kind: ValueKind::Draw,
        expects: "`repetition` or `off`",
        /// The repetition house rule.
        field: draw: Draw = Draw::Off,
        flag: None,
        note: None,
    }
    /// Whether the changed game's board is drawn after every change.
    Show {
        name: "show",
        summary: "draw the changed game's board after every change (auto: at the prompt against the computer)",
        kind: ValueKind::Show,
        expects: "`auto`, `on` or `off`",
        /// When boards are drawn after changes.
        field: show: Show = Show::Auto,
        flag: None,
        note: None,
    }
    /// Whether the Congo board is drawn from Black's side.
    Flip {
        name: "flip",
        summary: "draw the Congo board from Black's side (auto: when you play Black against the computer)",
        kind: ValueKind::Flip,
        expects: "`auto`, `on` or `off`",
        /// When the Congo board is drawn from Black's side.
        field: flip: Flip = Flip::Auto,
        flag: None,
        note: None,
    }
    /// The colours at a terminal: for a light or a dark background.
    Theme {
        name: "theme",
        summary: "colours for a light or dark terminal (auto: from COLORFGBG, else for either)",
        kind: ValueKind::Theme,
        expects: "`auto`, `light` or `dark`",
        /// The colours' background.
        field: theme: Theme = Theme::Auto,
        flag: None,
        note: None,
    }
    /// Yut tokens a side, 1 to 5 (a house rule; the contest plays 4).
    Tokens {
        name: "tokens",
        summary: "Yut tokens a side, 1 to 5 (house rule; the contest: 4); from `reset yut`, now if the game has not begun",
        kind: ValueKind::Number {
            min: House::MIN_TOKENS as u64,
            max: House::MAX_TOKENS as u64,
        },
        expects: "a number of tokens 1 to 5",
        /// Yut tokens a side (a house rule; [`Settings::house`]).
        field: tokens: u8 = House::CONTEST.tokens,
        flag: None,
        note: None,
    }
    /// Whether the marked Yut stick alone is a back-do (a house rule).
    BackDo {
        name: "back-do",
        summary: "the marked Yut stick alone (BBBF) moves a token one station back (house rule; `help yut`)",
        kind: ValueKind::Flag,
        expects: "`on` or `off`",
        /// The back-do house rule ([`Settings::house`]).
        field: back_do: bool = House::CONTEST.back_do,
        flag: None,
        note: None,
    }
    /// Whether a Yut catch earns one more throw (the contest: on).
    CatchBonus {
        name: "catch-bonus",
        summary: "a Yut catch earns one more throw (the contest: on; off is a house rule)",
        kind: ValueKind::Flag,
        expects: "`on` or `off`",
        /// Whether a catch earns a throw ([`Settings::house`]).
        field: catch_bonus: bool = House::CONTEST.catch_bonus,
        flag: None,
        note: None,
    }
    /// The Congo engine's evaluation network: none, the built-in one or a
    /// network file.
    Net {
        name: "net",
        summary: "the Congo engine's evaluation network: off, default (built in) or a network file (`set net FILE`)",
        kind: ValueKind::Net,
        expects: "`off`, `default` or a network file's name",
        /// The Congo engine's network (the session holds the network read).
        field: net: NetChoice = STARTUP_NET,
        flag: None,
        note: None,
    }
    /// How bad a person's move must be for the tutor to stop it before it
    /// is played (versus mode).
    Tutor {
        name: "tutor",
        summary: "against the computer, stop a move of yours as bad as this mark (?!, ? or ??) before it is played; type it again (or `play MOVE!`) to play it",
        kind: ValueKind::Tutor,
        expects: "`off`, `?!`, `?` or `??`",
        /// The tutor's threshold (versus mode).
        field: tutor: Tutor = Tutor::Off,
        flag: None,
        note: Some(tutor_note),
    }
}

/// `help set`'s paragraph on the tutor: what it checks, on what budget,
/// and from which loss each mark stops a move.
fn tutor_note() -> String {
    use crate::congo::analysis::tutor::TUTOR_NODES;
    use crate::yut::player::solve::tutor::TUTOR_POSITIONS;
    format!(
        "The tutor: with `set tutor ?!`, `?` or `??`, against the computer (`new congo white`, `set computer`), each move of yours is checked before it is made, as `review` would mark it, and one that loses as much win chance as the mark is not made: the tutor says what it loses and the better move. Congo: {TUTOR_NODES} nodes for the best move and half as many for yours (the same verdict every run), ?! from 5 points, ? from 10, ?? from 15. Yut (`move`): exact where a solved table covers the position, else estimated within {TUTOR_POSITIONS} positions searched, ?! from 2 points, ? from 5, ?? from 10, and only when the chances can be told apart. Type the same move again right after (or `play MOVE!` in Congo) to make it anyway. A move with one way to play is never stopped; `set tutor off` (the default) never stops.\n"
    )
}
