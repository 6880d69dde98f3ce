//! Yut's `review` luck (`yut::solve::luck`, through `review_game`):
//! along a game played by the exact player, where a table covers every
//! position, the moves lose nothing, so the luck of the throws alone
//! carries upper's chance from the table's value at the start to the
//! result: their sum is the result minus the start, within 1e-9.

use boardsh::interrupt::Never;
use boardsh::yut::solve::{
    Analysis, Board, Exact, Happened, Layer, LayerJob, Roles, Side, Table, review_game,
};
use boardsh::yut::{
    Game, Kind, Phase, Play, Random, Record, Rng, Roll, Sticks, Team, Token, TokenState,
};
use std::sync::Arc;

/// A table of `k` tokens a side at `cap`, its layers `layers` solved.
fn table(k: usize, cap: u8, layers: &[usize]) -> Arc<Table> {
    let mut table = Table::new(k, cap, Roles::SelfPlay);
    for &e in layers {
        LayerJob::new(&mut table, Layer(e), Sticks::FAIR)
            .solve(&Never, &mut |_| {})
            .expect("no interrupt");
    }
    Arc::new(table)
}

/// A whole game from `game`, upper first, thrown from `seed`, both teams
/// played by the exact player of `tables`.
fn exact_game(tables: &[Arc<Table>], game: Game, seed: u64) -> Record {
    let mut start = Play::new(Team::Upper, seed);
    start.set_board(game);
    let mut player =
        Exact::with_tables(tables.to_vec(), Sticks::FAIR.odds(), Random(Rng::new(seed)));
    play_out(start, |play| {
        player.exact(play).expect("the table covers every position")
    })
}

/// The game from `start` to its end (at most 10,000 steps), the sticks
/// thrown by its own random state, each move's use chosen by `choose`.
fn play_out(start: Play, mut choose: impl FnMut(&Play) -> boardsh::yut::Use) -> Record {
    let mut record = Record::new(start);
    for _ in 0..10_000 {
        match record.play().phase() {
            Phase::Over(_) => break,
            Phase::Throw(_) => {
                record.throw_random().expect("a throw is due");
            }
            Phase::Move(_) => {
                let u = choose(record.play());
                record.apply(u).expect("a legal use");
            }
        }
    }
    record
}

/// Review `record` with `tables` and check the luck: every chance exact,
/// no decision losing anything, the first chance the table's value of
/// the start, the last the result, and the throws' luck summing to the
/// difference. Returns the number of throws.
fn check(record: &Record, tables: &[Arc<Table>]) -> usize {
    let analysis = Analysis {
        tables,
        players: Kind::Random,
        games: 10,
        decision_budget: None,
        budget: u64::MAX,
        seed: 0,
        samples: u64::MAX,
        threads: 1,
        stop: &Never,
        progress: None,
    };
    let review = review_game(record, &analysis).expect("reviews");
    let luck = &review.luck;
    assert!(!luck.estimated, "every position is covered");
    assert!(luck.points.iter().all(|p| p.interval.is_none()));
    // The exact player loses nothing (it plays the table's best use).
    assert!(
        review.total[0] < 1e-12 && review.total[1] < 1e-12,
        "{:?}",
        review.total
    );
    // The start: upper to throw, nothing pending: the table's value of
    // the board from upper's side.
    let start = record.start();
    let board = Board {
        me: Side::of_game(start.game(), Team::Upper),
        op: Side::of_game(start.game(), Team::Lower),
    };
    let first = luck.points.first().expect("the start");
    assert_eq!(first.after, Happened::Start);
    let table_value = tables
        .iter()
        .find_map(|t| t.value(board, 0))
        .expect("covered");
    assert!((first.upper - table_value).abs() < 1e-15);
    // The end: the result, 1 if upper won, else 0.
    let result = match record.play().phase() {
        Phase::Over(Team::Upper) => 1.0,
        Phase::Over(Team::Lower) => 0.0,
        p => panic!("the game did not end: {p:?}"),
    };
    let last = luck.points.last().expect("points");
    assert_eq!(last.upper, result);
    // Each throw's luck from upper's side, summed: the whole change.
    let upper_side: f64 = luck
        .throws
        .iter()
        .map(|t| {
            if t.team == Team::Upper {
                t.luck
            } else {
                -t.luck
            }
        })
        .sum();
    assert!(
        (upper_side - (result - first.upper)).abs() < 1e-9,
        "luck {upper_side} against {} - {}",
        result,
        first.upper
    );
    // The totals are the throws' luck by team.
    for team in Team::ALL {
        let own: f64 = luck
            .throws
            .iter()
            .filter(|t| t.team == team)
            .map(|t| t.luck)
            .sum();
        assert!((own - luck.total[team as usize]).abs() < 1e-12);
    }
    // One point a throw, a move and the start.
    let throws = record
        .events()
        .iter()
        .filter(|e| matches!(e, boardsh::yut::Event::Threw { .. }))
        .count();
    let moves = record
        .events()
        .iter()
        .filter(|e| matches!(e, boardsh::yut::Event::Used(_)))
        .count();
    assert_eq!(luck.throws.len(), throws);
    assert_eq!(luck.points.len(), 1 + throws + moves);
    throws
}

#[test]
fn the_luck_of_a_one_token_game_of_best_play_is_its_whole_change() {
    // One token a side at the default cap: exact everywhere.
    let tables = [table(1, boardsh::yut::solve::DEFAULT_CAP, &[2, 1, 0])];
    let mut throws = 0;
    for seed in 0..20 {
        let record = exact_game(&tables, Game::with_tokens(1), seed);
        throws += check(&record, &tables);
    }
    assert!(throws > 100, "{throws} throws");
}

#[test]
fn the_luck_of_a_two_token_game_of_best_play_is_its_whole_change() {
    // Two tokens a side, upper's B already escaped: layers 1 and 2 of
    // the two-token game (solved at cap 1, quick; the identity holds for
    // any table), covering every position from there on, with lower's
    // two tokens to choose between.
    let tables = [table(2, 1, &[2, 1])];
    let mut game = Game::with_tokens(2);
    while game.state(Token::B) != TokenState::Escaped {
        game.apply_roll(Token::B, Roll::Mo).expect("a free move");
    }
    for seed in 0..8 {
        let record = exact_game(&tables, game, seed);
        check(&record, &tables);
    }
}

/// Counts its polls and says stop from the `after`-th on.
struct StopAfter {
    polls: std::sync::atomic::AtomicU64,
    after: u64,
}

impl boardsh::interrupt::Interrupt for StopAfter {
    fn interrupted(&self) -> bool {
        self.polls.fetch_add(1, std::sync::atomic::Ordering::SeqCst) >= self.after
    }
}

/// A whole game of two tokens a side, upper first, thrown from `seed`,
/// each team playing its last legal use.
fn last_use_game(seed: u64) -> Record {
    let mut start = Play::new(Team::Upper, seed);
    start.set_board(Game::with_tokens(2));
    play_out(start, |play| {
        *play.uses().as_slice().last().expect("a move has a use")
    })
}

#[test]
fn a_stopped_review_keeps_the_decisions_done() {
    // No table: every use is estimated by games played out, which poll
    // the stop. The whole review counts its polls; stopped half-way by
    // them, the review keeps the decisions before the stop, each as the
    // whole review found it (the same seed: the same games), says it is
    // not complete, and has no luck (that pass comes after).
    let record = last_use_game(7);
    let analysis = |stop| Analysis {
        tables: &[],
        players: Kind::Random,
        games: 8,
        decision_budget: None,
        budget: u64::MAX,
        seed: 3,
        samples: u64::MAX,
        threads: 1,
        stop,
        progress: None,
    };
    let count = StopAfter {
        polls: Default::default(),
        after: u64::MAX,
    };
    let whole = review_game(&record, &analysis(&count)).expect("reviews");
    assert!(whole.complete);
    assert_eq!(whole.reviewable, whole.decisions.len());
    assert!(whole.decisions.len() >= 4, "{}", whole.decisions.len());
    assert!(!whole.luck.points.is_empty());
    let polls = count.polls.load(std::sync::atomic::Ordering::SeqCst);
    let half = StopAfter {
        polls: Default::default(),
        after: polls / 4,
    };
    let part = review_game(&record, &analysis(&half)).expect("a stop keeps what was done");
    assert!(!part.complete);
    assert_eq!(part.reviewable, whole.reviewable);
    assert!(!part.decisions.is_empty());
    assert!(part.decisions.len() < whole.decisions.len());
    assert_eq!(part.decisions[..], whole.decisions[..part.decisions.len()]);
    assert!(part.luck.points.is_empty() && part.marks.is_empty());
}
