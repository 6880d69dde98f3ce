//! The Yut solver against an independent brute force and against its own
//! games.
//!
//! The brute force knows nothing of the solver's boards, numbering or
//! in-turn search: it plays every turn through the game layer ([`Play`]:
//! throws, extra throws, catches, the order the pending throws are used
//! in) and runs plain value iteration over (game, team to move) with a
//! hash map. One token a side: every position is compared.

use crate::common::fast_hash::{FastMap, FastSet};
use std::sync::Arc;

use boardsh::interrupt::Never;
use boardsh::yut::solve::CachePrecision;
use boardsh::yut::solve::{
    Board, DEFAULT_CAP, Exact, Layer, LayerJob, Partial, Roles, Side, Table, TableError, board_of,
    exact_choices,
};
use boardsh::yut::solve::{Mode, Turn};
use boardsh::yut::{
    Game, Phase, Play, Policy, Random, Rng, Roll, Station, Sticks, Team, Token, TokenState,
};

/// A game with only `A` and `a` left (the others escaped), `A` on `upper`
/// and `a` on `lower`; `None` if they would share a station.
fn one_each(upper: TokenState, lower: TokenState) -> Option<Game> {
    if upper == lower && upper != TokenState::Home {
        return None;
    }
    let code = |s: TokenState| match s {
        TokenState::Home => 0,
        TokenState::Escaped => 30,
        TokenState::On(st) => st as u8 + 1,
    };
    let g = game_of(Board {
        me: Side([code(upper), 30, 30, 30]),
        op: Side([code(lower), 30, 30, 30]),
    });
    assert_eq!(g.state(Token::A), upper);
    assert_eq!(g.state(Token::a), lower);
    Some(g)
}

/// The brute force's value of the turn under way in `play`: the chance
/// that `me` (to move) wins, the turn's end valued by `v`; `random` (if
/// any) uses every legal use of its turns equally likely, as the
/// uniformly random player does.
fn brute_by(
    play: Play,
    me: Team,
    cap: u8,
    v: &FastMap<(Game, Team), f64>,
    memo: &mut FastMap<Play, f64>,
    random: Option<Team>,
) -> f64 {
    if let Some(&x) = memo.get(&play) {
        return x;
    }
    let odds = Sticks::FAIR.odds();
    let x = match play.phase() {
        Phase::Over(w) => f64::from(u8::from(w == me)),
        Phase::Throw(t) if t != me => 1.0 - v.get(&(*play.game(), t)).copied().unwrap_or(0.5),
        Phase::Throw(_) => {
            let p = play.pending();
            let capped = p.count(Roll::Yut) + p.count(Roll::Mo) >= cap;
            let smalls: f64 = odds.iter().take(3).sum();
            let mut x = 0.0;
            for (r, pr) in Roll::ALL.into_iter().zip(odds) {
                if capped && r.again() {
                    continue;
                }
                let w = if capped { pr / smalls } else { pr };
                let mut next = play;
                next.throw(r.throw()).expect("a throw is due");
                x += w * brute_by(next, me, cap, v, memo, random);
            }
            x
        }
        Phase::Move(_) => {
            let values: Vec<f64> = play
                .uses()
                .as_slice()
                .iter()
                .map(|&u| {
                    let mut next = play;
                    next.apply(u).expect("a legal use");
                    brute_by(next, me, cap, v, memo, random)
                })
                .collect();
            if random == Some(play.to_move()) {
                values.iter().sum::<f64>() / values.len() as f64
            } else {
                values.into_iter().fold(f64::NEG_INFINITY, f64::max)
            }
        }
    };
    memo.insert(play, x);
    x
}

/// Every one-token game (each team's token home, on a station or out,
/// never two on one station).
fn one_token_games() -> Vec<Game> {
    let mut games = Vec::new();
    for &u in &states() {
        for &l in &states() {
            if let Some(g) = one_each(u, l) {
                games.push(g);
            }
        }
    }
    games
}

/// A state of one turn in [`brute_values`]'s tree of it, built once
/// through `Play` as [`brute_by`] plays it: the tree is the same each
/// sweep, only the values of the turn ends change.
enum Node {
    /// The game is over: 1 if the team to move won, else 0.
    Over(f64),
    /// The other team's turn starts in the game at this place of the
    /// values: 1 minus its value.
    Leaf(usize),
    /// A throw is due: each roll's node, weighted by its chance.
    Throw(Vec<(f64, usize)>),
    /// A use is due: each use's node, the best (or, for the random
    /// player, the mean) of them.
    Move(Vec<usize>, bool),
}

/// Builds the nodes of the turn under way in `play` after the ones in
/// `nodes` (each after those it reads), as [`brute_by`] recurses: the
/// index of its own.
fn brute_tree(
    play: Play,
    me: Team,
    cap: u8,
    places: &FastMap<(Game, Team), usize>,
    nodes: &mut Vec<Node>,
    memo: &mut FastMap<Play, usize>,
    random: Option<Team>,
) -> usize {
    if let Some(&at) = memo.get(&play) {
        return at;
    }
    let odds = Sticks::FAIR.odds();
    let node = match play.phase() {
        Phase::Over(w) => Node::Over(f64::from(u8::from(w == me))),
        Phase::Throw(t) if t != me => match places.get(&(*play.game(), t)) {
            Some(&at) => Node::Leaf(at),
            // Never valued: as `brute_by` reads it, 1 - 0.5.
            None => Node::Over(0.5),
        },
        Phase::Throw(_) => {
            let p = play.pending();
            let capped = p.count(Roll::Yut) + p.count(Roll::Mo) >= cap;
            let smalls: f64 = odds.iter().take(3).sum();
            let mut next_nodes = Vec::new();
            for (r, pr) in Roll::ALL.into_iter().zip(odds) {
                if capped && r.again() {
                    continue;
                }
                let w = if capped { pr / smalls } else { pr };
                let mut next = play;
                next.throw(r.throw()).expect("a throw is due");
                next_nodes.push((w, brute_tree(next, me, cap, places, nodes, memo, random)));
            }
            Node::Throw(next_nodes)
        }
        Phase::Move(_) => {
            let next_nodes = play
                .uses()
                .as_slice()
                .iter()
                .map(|&u| {
                    let mut next = play;
                    next.apply(u).expect("a legal use");
                    brute_tree(next, me, cap, places, nodes, memo, random)
                })
                .collect();
            Node::Move(next_nodes, random == Some(play.to_move()))
        }
    };
    nodes.push(node);
    memo.insert(play, nodes.len() - 1);
    nodes.len() - 1
}

/// Plain value iteration of [`brute_by`] over `games`, both teams to
/// move, at most `sweeps` sweeps or until no value moves by 1e-12. Each
/// turn's tree is built once through `Play` ([`brute_tree`]) and valued
/// each sweep by the same sums, maxima and means `brute_by` takes, in the
/// same order (the values are `brute_by`'s to the bit): the game layer is
/// walked once, not once a sweep.
fn brute_values(
    games: &[Game],
    cap: u8,
    sweeps: usize,
    random: Option<Team>,
) -> FastMap<(Game, Team), f64> {
    let keys: Vec<(Game, Team)> = games
        .iter()
        .flat_map(|&g| Team::ALL.map(|team| (g, team)))
        .collect();
    let places: FastMap<(Game, Team), usize> =
        keys.iter().enumerate().map(|(at, &k)| (k, at)).collect();
    // Each turn's nodes follow the previous turn's: (first, root).
    let mut nodes = Vec::new();
    let turns: Vec<(usize, usize)> = keys
        .iter()
        .map(|&(g, team)| {
            let first = nodes.len();
            let mut play = Play::new(team, 0);
            play.set_board(g);
            let memo = &mut FastMap::default();
            let root = brute_tree(play, team, cap, &places, &mut nodes, memo, random);
            (first, root)
        })
        .collect();
    // Every value starts at 0.5, as `brute_by` reads one not yet set.
    let mut v = vec![0.5; keys.len()];
    let mut x = vec![0.0; nodes.len()];
    for _ in 0..sweeps {
        let mut change = 0.0f64;
        for (at, &(first, root)) in turns.iter().enumerate() {
            for i in first..=root {
                x[i] = match &nodes[i] {
                    Node::Over(y) => *y,
                    Node::Leaf(place) => 1.0 - v[*place],
                    Node::Throw(next) => {
                        next.iter().map(|&(w, j)| w * x[j]).fold(0.0, |s, y| s + y)
                    }
                    Node::Move(next, true) => {
                        next.iter().map(|&j| x[j]).sum::<f64>() / next.len() as f64
                    }
                    Node::Move(next, false) => {
                        next.iter().map(|&j| x[j]).fold(f64::NEG_INFINITY, f64::max)
                    }
                };
            }
            change = change.max((x[root] - v[at]).abs());
            v[at] = x[root];
        }
        if change < 1e-12 {
            break;
        }
    }
    keys.into_iter().zip(v).collect()
}

fn states() -> Vec<TokenState> {
    std::iter::once(TokenState::Home)
        .chain(Station::ALL.into_iter().map(TokenState::On))
        .collect()
}

fn solved(k: usize, cap: u8, roles: Roles) -> Table {
    let mut table = Table::new(k, cap, roles);
    table.solve(Sticks::FAIR, &Never).expect("no interrupt");
    table
}

#[test]
fn one_token_matches_the_brute_force_everywhere() {
    // A small cap keeps the brute force quick; both sides use the same.
    let cap = 1;
    let table = solved(1, cap, Roles::SelfPlay);
    let games = one_token_games();
    assert_eq!(
        games.len(),
        30 * 30 - 29,
        "every pair but the 29 shared stations"
    );
    let v = brute_values(&games, cap, 200, None);
    let mut worst = 0.0f64;
    for (&(g, team), &x) in &v {
        let board = Board {
            me: Side::of_game(&g, team),
            op: Side::of_game(&g, team.opponent()),
        };
        let y = table.value(board, 0).expect("covered");
        worst = worst.max((x - y).abs());
        // The two teams' values agree: the solver has one per position.
        let mirror = v[&(g, team)];
        assert!((mirror - x).abs() < 1e-12);
    }
    assert!(worst < 1e-7, "largest difference {worst:e}");
}

#[test]
fn one_token_against_random_matches_the_brute_force_everywhere() {
    // The same brute force with the lower team playing every use equally
    // likely: the table's first role is the best player to move, its
    // second the random player to move (its chance of winning). Cap 2, so
    // catches with a yut or mo still pending are in play, and the solver
    // runs more than one full sweep with the random player's forms kept.
    let cap = 2;
    let table = solved(1, cap, Roles::VsRandom);
    let random = Team::Lower;
    let games = one_token_games();
    let v = brute_values(&games, cap, 400, Some(random));
    let mut worst = 0.0f64;
    let mut apart = 0.0f64;
    for (&(g, team), &x) in &v {
        let board = Board {
            me: Side::of_game(&g, team),
            op: Side::of_game(&g, team.opponent()),
        };
        let role = usize::from(team == random);
        let y = table.value(board, role).expect("covered");
        worst = worst.max((x - y).abs());
        // The random player is worse off than the best one would be.
        let other = table.value(board, 1 - role).expect("covered");
        apart = apart.max((y - other).abs());
    }
    assert!(worst < 1e-7, "largest difference {worst:e}");
    assert!(apart > 0.01, "the roles differ: {apart}");
}

/// The two-token game's layers 2 and 1 at cap 1, solved once for the
/// tests that read them (`yut_solve_cli`'s too).
pub(crate) fn two_token_last_layers() -> Arc<Table> {
    static TABLE: std::sync::OnceLock<Arc<Table>> = std::sync::OnceLock::new();
    Arc::clone(TABLE.get_or_init(|| {
        let mut table = Table::new(2, 1, Roles::SelfPlay);
        for e in [2, 1] {
            LayerJob::new(&mut table, Layer(e), Sticks::FAIR)
                .solve(&Never, &mut |_| {})
                .expect("no interrupt");
        }
        Arc::new(table)
    }))
}

/// The largest difference of two two-token tables over layers 2 and 1
/// (both must value every position there).
fn largest_difference_in_layers_2_and_1(a: &Table, b: &Table) -> f64 {
    largest_difference_in(a, b, &[2, 1])
}

/// The largest difference of two two-token tables over `layers` (both
/// must value every position there).
fn largest_difference_in(a: &Table, b: &Table, layers: &[usize]) -> f64 {
    let index = a.index().clone();
    let mut worst = 0.0f64;
    for &e in layers {
        for at in 0..index.layer_len(e) {
            let board = index.board(e, at).expect("in range");
            if board.clash() {
                continue;
            }
            let (Some(x), Some(y)) = (a.value(board, 0), b.value(board, 0)) else {
                panic!("layer {e} place {at} unsolved");
            };
            worst = worst.max((x - y).abs());
        }
    }
    worst
}

/// A two-token table at cap 1 with only layer 2 solved: the shared
/// solve's values copied (a solve of layer 2 alone gives the same, one
/// thread sweeping in one order), for a test that solves layer 1 on it.
fn layer_2_only() -> Table {
    let solved = two_token_last_layers();
    let mut table = Table::new(2, 1, Roles::SelfPlay);
    let n = table.index().layer_len(2);
    let values = (0..Roles::SelfPlay.count())
        .map(|role| {
            (0..n)
                .map(|at| solved.raw(2, role, at).expect("layer 2 is solved"))
                .collect()
        })
        .collect();
    table.set_layer(2, values);
    table
}

#[test]
fn fixed_point_caches_solve_to_the_values_of_float_ones() {
    // The catches' throw-due states kept in the table's fixed point are
    // each within half a step (1.2e-10) of the float ones; a turn's value
    // is a max or a mean of chances, so the fixed point of the sweeps
    // moves by about that much, and both runs stop when a sweep moves no
    // value by 1e-9: they must agree within 1e-8 (a state read at the
    // wrong index would be off by whole per cents).
    let float = two_token_last_layers();
    let mut fixed = Table::new(2, 1, Roles::SelfPlay);
    for e in [2, 1] {
        LayerJob::new(&mut fixed, Layer(e), Sticks::FAIR)
            .precision(CachePrecision::Fixed)
            .solve(&Never, &mut |_| {})
            .expect("no interrupt");
    }
    let worst = largest_difference_in_layers_2_and_1(&float, &fixed);
    assert!(worst < 1e-8, "largest difference {worst:e}");
}

#[test]
fn two_threads_solve_to_the_values_of_one() {
    // Two threads share out blocks of positions and may read a value
    // before or after the other's update; the fixed point is the same, so
    // both tables must agree far below a value's precision (each stops
    // when a sweep moves no value by 1e-9).
    let one = two_token_last_layers();
    let mut two = Table::new(2, 1, Roles::SelfPlay);
    for e in [2, 1] {
        LayerJob::new(&mut two, Layer(e), Sticks::FAIR)
            .threads(2)
            .solve(&Never, &mut |_| {})
            .expect("no interrupt");
    }
    let worst = largest_difference_in_layers_2_and_1(&one, &two);
    assert!(worst < 1e-8, "largest difference {worst:e}");
}

#[test]
fn a_stopped_layer_resumes_to_the_values_of_one_solved_unstopped() {
    // Value iteration converges from any start, and a layer is done only
    // when a full sweep moves no value by 1e-9: so a layer stopped part
    // way and resumed from the values it reached, or started from any
    // values at all, must end within 1e-8 of the unstopped solve (a value
    // read back at the wrong place, or a stop that lost its values,
    // would be off by per cents or take the sweeps again).
    let unstopped = two_token_last_layers();
    let sticks = Sticks::FAIR;
    let mut table = layer_2_only();
    // Stop layer 1 as its third full sweep begins.
    let stop = std::sync::atomic::AtomicBool::new(false);
    let stopped = LayerJob::new(&mut table, Layer(1), sticks).solve(&stop, &mut |p| {
        if p.sweep == 3 {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    let Err(partial) = stopped else {
        panic!("layer 1 was to be stopped in its third sweep");
    };
    assert!(
        !table.has_layer(1),
        "a stopped layer leaves the table as it was"
    );
    assert_eq!((partial.layer, partial.sweeps), (1, 3));
    let n = table.index().layer_len(1);
    assert_eq!(partial.values.len(), 1);
    assert_eq!(partial.values[0].len(), n);
    // Two sweeps moved the values off the start of 0.5.
    assert!(partial.values[0].iter().filter(|&&v| v != 0.5).count() > n / 2);
    let resumed = LayerJob::new(&mut table, Layer(1), sticks)
        .resume(Some(partial))
        .solve(&Never, &mut |_| {})
        .expect("no interrupt");
    // The sweeps go on counting from the stopped ones.
    assert!(resumed.sweeps > 3, "{} sweeps", resumed.sweeps);
    let worst = largest_difference_in_layers_2_and_1(&unstopped, &table);
    assert!(worst < 1e-8, "resumed: largest difference {worst:e}");
    // From arbitrary values (each a pseudo-random chance), the same end:
    // on layer 2 (the last, which reads no other), a full solve from them
    // in about a twentieth of layer 1's time (the path is the same: a
    // start's values placed by index, then sweeps to convergence).
    let mut any = Table::new(2, 1, Roles::SelfPlay);
    let n = any.index().layer_len(2);
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let values = (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64
        })
        .collect();
    let start = Partial {
        layer: 2,
        sweeps: 0,
        values: vec![values],
    };
    LayerJob::new(&mut any, Layer(2), sticks)
        .resume(Some(start))
        .solve(&Never, &mut |_| {})
        .expect("no interrupt");
    assert!(!any.has_layer(1));
    let worst = largest_difference_in(&unstopped, &any, &[2]);
    assert!(worst < 1e-8, "from any start: largest difference {worst:e}");
}

#[test]
fn two_tokens_one_turn_matches_the_brute_force() {
    // Every position of the last layers of the two-token game (one token
    // each escaped, or one team with one escaped): the brute force plays
    // one turn through `Play` from it, valuing the turn's end by the
    // table, and must find the table's own value (the Bellman equation).
    let cap = 1;
    let table = two_token_last_layers();
    let index = table.index().clone();
    let mut checked = 0;
    for at in (0..index.layer_len(1)).step_by(37) {
        let b = index.board(1, at).expect("in range");
        if b.clash() {
            continue;
        }
        // Build the game: upper is the team to move.
        let game = game_of(b);
        let mut play = Play::new(Team::Upper, 0);
        play.set_board(game);
        assert_eq!(board_of(&play).0, b);
        let mut v = FastMap::default();
        let mut memo = FastMap::default();
        // The brute force needs the leaves: every turn end from here.
        let x = brute_with_table(play, cap, &table, &mut v, &mut memo);
        let y = table.value(b, 0).expect("solved");
        assert!((x - y).abs() < 1e-7, "{b:?}: brute {x} table {y}");
        checked += 1;
    }
    assert!(checked > 500);
}

#[test]
fn reading_a_catchers_turn_start_from_the_table_changes_no_value() {
    // After a catch with no throw left pending the catcher throws again
    // from a turn start, whose value the solved table holds: reading it
    // there (as the perfect player does) must give the same turn values
    // as searching that turn on, and both the table's own (the Bellman
    // equation), to the table's convergence tolerance.
    let table = two_token_last_layers();
    let index = table.index().clone();
    let leaf = |x: Board| table.value(x, 0).unwrap_or(0.0);
    let mut full = Turn::new(Sticks::FAIR.odds(), table.cap(), Mode::Max);
    let mut read = Turn::new(Sticks::FAIR.odds(), table.cap(), Mode::Max).reading_catch_starts();
    let mut checked = 0;
    for e in [2, 1] {
        for at in (0..index.layer_len(e)).step_by(11) {
            let b = index.board(e, at).expect("in range");
            if b.clash() {
                continue;
            }
            let x = full.start(b, &leaf);
            let y = read.start(b, &leaf);
            let z = table.value(b, 0).expect("solved");
            assert!((x - y).abs() < 1e-8, "{b:?}: searched {x} read {y}");
            assert!((y - z).abs() < 1e-7, "{b:?}: read {y} table {z}");
            checked += 1;
        }
    }
    assert!(checked > 1_000, "{checked} positions");
    // Fewer states searched: the catcher's turns are not expanded.
    assert!(read.nodes < full.nodes, "{} vs {}", read.nodes, full.nodes);
}

/// A game with the solver board `b`'s tokens, upper being `b.me`: token
/// i of a team takes the side's i-th state. Built by free moves from the
/// start (breadth first, landing on no other token on the way).
fn game_of(b: Board) -> Game {
    let to_state = |s: u8| match s {
        0 => TokenState::Home,
        30 => TokenState::Escaped,
        x => TokenState::On(Station::from_index(usize::from(x) - 1).expect("station")),
    };
    let place = |g: &mut Game, t: Token, target: TokenState| -> bool {
        if target == TokenState::Home {
            return true;
        }
        if target == TokenState::Escaped {
            while g.state(t) != TokenState::Escaped {
                g.apply(t, Roll::Mo.throw()).expect("moves");
            }
            return true;
        }
        let occupied: Vec<TokenState> = Token::ALL
            .iter()
            .filter(|&&o| o != t)
            .map(|&o| g.state(o))
            .filter(|s| matches!(s, TokenState::On(_)))
            .collect();
        let mut paths: FastMap<TokenState, Vec<Roll>> = FastMap::default();
        paths.insert(TokenState::Home, vec![]);
        let mut queue = vec![TokenState::Home];
        while !queue.is_empty() {
            let s = queue.remove(0);
            for r in Roll::ALL {
                let mut probe = Game::new();
                for &p in paths[&s].iter().chain([r].iter()) {
                    probe.apply(Token::A, p.throw()).expect("moves");
                }
                let n = probe.state(Token::A);
                if n == TokenState::Escaped || paths.contains_key(&n) {
                    continue;
                }
                if occupied.contains(&n) && n != target {
                    continue;
                }
                let mut p = paths[&s].clone();
                p.push(r);
                paths.insert(n, p);
                queue.push(n);
            }
        }
        let Some(path) = paths.get(&target) else {
            return false;
        };
        for &r in path {
            g.apply(t, r.throw()).expect("moves");
        }
        true
    };
    let uppers = [Token::A, Token::B, Token::C, Token::D];
    let lowers = [Token::a, Token::b, Token::c, Token::d];
    let me: Vec<(Token, u8)> = uppers.into_iter().zip(b.me.0).collect();
    let op: Vec<(Token, u8)> = lowers.into_iter().zip(b.op.0).collect();
    // Escapes first (an escaping token passing over a team-mate would
    // pick it up), then the tokens on the board in some order that works
    // (a token may be reachable only through another's station).
    let all: Vec<(Token, u8)> = op.iter().chain(me.iter()).copied().collect();
    let on_board: Vec<(Token, u8)> = all.iter().copied().filter(|&(_, s)| s != 30).collect();
    let n = on_board.len();
    let mut perm: Vec<usize> = (0..n).collect();
    for _ in 0..24 {
        let mut g = Game::new();
        for &(t, s) in &all {
            if s == 30 {
                place(&mut g, t, TokenState::Escaped);
            }
        }
        let ok = perm.iter().all(|&i| {
            let (t, s) = on_board[i];
            place(&mut g, t, to_state(s))
        });
        if ok {
            return g;
        }
        // Next permutation (lexicographic).
        let Some(i) = (1..n).rev().find(|&i| perm[i - 1] < perm[i]) else {
            break;
        };
        let j = (i..n)
            .rev()
            .find(|&j| perm[j] > perm[i - 1])
            .expect("exists");
        perm.swap(i - 1, j);
        perm[i..].reverse();
    }
    panic!("no way to build {b:?}");
}

/// One turn by brute force through `Play`, the end valued by `table`.
fn brute_with_table(
    play: Play,
    cap: u8,
    table: &Table,
    v: &mut FastMap<(Game, Team), f64>,
    memo: &mut FastMap<Play, f64>,
) -> f64 {
    // Fill the leaves lazily: every (game, team) reachable at a turn end.
    let me = play.to_move();
    let mut stack = vec![play];
    let mut seen = FastSet::default();
    while let Some(p) = stack.pop() {
        if !seen.insert(p) {
            continue;
        }
        match p.phase() {
            Phase::Over(_) => {}
            Phase::Throw(t) if t != me => {
                let g = *p.game();
                let b = Board {
                    me: Side::of_game(&g, t),
                    op: Side::of_game(&g, t.opponent()),
                };
                v.insert((g, t), table.value(b, 0).expect("covered"));
            }
            Phase::Throw(_) => {
                let pe = p.pending();
                let capped = pe.count(Roll::Yut) + pe.count(Roll::Mo) >= cap;
                for r in Roll::ALL {
                    if capped && r.again() {
                        continue;
                    }
                    let mut n = p;
                    n.throw(r.throw()).expect("due");
                    stack.push(n);
                }
            }
            Phase::Move(_) => {
                for &u in p.uses().as_slice() {
                    let mut n = p;
                    n.apply(u).expect("legal");
                    stack.push(n);
                }
            }
        }
    }
    brute_by(play, me, cap, v, memo, None)
}

#[test]
fn tables_read_back_what_was_written() {
    let table = solved(1, 2, Roles::SelfPlay);
    let bytes = table.to_bytes();
    let back = Table::from_bytes(&bytes, 1, 2, Roles::SelfPlay).expect("reads");
    for at in 0..table.index().layer_len(0) {
        assert_eq!(back.raw(0, 0, at), table.raw(0, 0, at));
    }
    assert_eq!(back.to_bytes(), bytes);
    // Another kind, a cut, a bad magic: clear errors.
    assert!(matches!(
        Table::from_bytes(&bytes, 2, 2, Roles::SelfPlay),
        Err(TableError::Kind { .. })
    ));
    // A cut table's last eight bytes are no longer its checksum.
    assert_eq!(
        Table::from_bytes(&bytes[..bytes.len() - 3], 1, 2, Roles::SelfPlay).err(),
        Some(TableError::Checksum)
    );
    assert_eq!(
        Table::from_bytes(b"hello", 1, 2, Roles::SelfPlay).err(),
        Some(TableError::Magic)
    );
    let mut bad = bytes.clone();
    bad[0] = b'x';
    assert_eq!(
        Table::from_bytes(&bad, 1, 2, Roles::SelfPlay).err(),
        Some(TableError::Magic)
    );
}

#[test]
fn an_edited_table_is_refused_by_its_checksum() {
    let table = solved(1, 2, Roles::SelfPlay);
    let bytes = table.to_bytes();
    // The layout: the magic line (18 bytes), version, tokens, cap, roles,
    // then layer 0's flag (1: solved), its count (8 bytes), its values.
    let first_value = 18 + 4 + 1 + 8;
    assert_eq!(bytes[18], 2, "version 2, the one with the checksum");
    assert_eq!(bytes[first_value - 9], 1, "layer 0 is solved");
    // Any value is a chance in fixed point, so only the checksum can tell
    // an edited one: change one byte of the first value, and of the last
    // byte before the checksum, each in turn.
    for at in [first_value, bytes.len() - 9] {
        let mut edited = bytes.clone();
        edited[at] ^= 0x40;
        assert_eq!(
            Table::from_bytes(&edited, 1, 2, Roles::SelfPlay).err(),
            Some(TableError::Checksum),
            "byte {at} edited"
        );
    }
    // The checksum itself edited.
    let mut edited = bytes.clone();
    let last = edited.len() - 1;
    edited[last] ^= 1;
    assert_eq!(
        Table::from_bytes(&edited, 1, 2, Roles::SelfPlay).err(),
        Some(TableError::Checksum)
    );
    // A version 1 table (the same bytes without the checksum, as written
    // before it was added) is refused, not trusted.
    let mut old = bytes[..bytes.len() - 8].to_vec();
    old[18] = 1;
    assert_eq!(
        Table::from_bytes(&old, 1, 2, Roles::SelfPlay).err(),
        Some(TableError::Unsealed)
    );
    // A solved table is as large as a table can be: every layer there.
    assert_eq!(
        bytes.len() as u64,
        Table::max_bytes(1, Roles::SelfPlay),
        "one token: every layer solved"
    );
}

/// Games of the table's perfect player against itself (one token a side),
/// played through `Play` with random throws: how often the first team wins.
fn self_play_share(table: &Arc<Table>, games: u64, seed: u64) -> f64 {
    let mut wins = 0u64;
    let mut rng = Rng::new(seed);
    let mut policy = Exact::new(Arc::clone(table), Sticks::FAIR.odds(), Random(Rng::new(1)));
    let start = one_each(TokenState::Home, TokenState::Home).expect("a game");
    for _ in 0..games {
        let mut play = Play::new(Team::Upper, rng.next_u64());
        play.set_board(start);
        let winner = play_out(&mut play, &mut policy, |play| {
            play.throw_random().expect("due");
        });
        wins += u64::from(winner == Team::Upper);
    }
    wins as f64 / games as f64
}

/// Plays `play` to its end: `throw` makes each due throw, the perfect
/// player each move. The winner.
fn play_out(play: &mut Play, policy: &mut Exact<Random>, mut throw: impl FnMut(&mut Play)) -> Team {
    loop {
        match play.phase() {
            Phase::Over(w) => return w,
            Phase::Throw(_) => throw(play),
            Phase::Move(_) => {
                let u = policy.choose(play).expect("a use");
                play.apply(u).expect("legal");
            }
        }
    }
}

#[test]
fn perfect_self_play_agrees_with_the_exact_value() {
    // The table's value of the start is the first team's chance; games
    // of the perfect player against itself must agree within the 99.9%
    // interval (z = 3.29). The cap's effect (below 1e-4 at cap 2, see the
    // one-token value at caps 2 and 6) is far inside the interval.
    // YUT_SOLVE_GAMES sets the number of games (the script runs 10^6).
    let games: u64 = std::env::var("YUT_SOLVE_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    let table = Arc::new(solved(1, 2, Roles::SelfPlay));
    let value = table.value(Board::start(1), 0).expect("solved");
    let share = self_play_share(&table, games, 7);
    let sd = (value * (1.0 - value) / games as f64).sqrt();
    println!(
        "games {games}: share {share:.5}, exact {value:.5}, 99.9% half-width {:.5}",
        3.29 * sd
    );
    assert!(
        (share - value).abs() < 3.29 * sd,
        "share {share} vs exact {value}"
    );
}

/// Games of the table's perfect player against itself from `start`,
/// upper throwing first, in the game the table values: at `cap` yuts and
/// mos pending a throw is do, gae or geol in their proportions (drawn
/// again until it is one of them), as the solver caps it. How often
/// upper wins.
fn capped_self_play_share(table: &Arc<Table>, start: Game, cap: u8, games: u64, seed: u64) -> f64 {
    let mut wins = 0u64;
    let mut rng = Rng::new(seed);
    let mut policy = Exact::new(Arc::clone(table), Sticks::FAIR.odds(), Random(Rng::new(1)));
    for _ in 0..games {
        let mut play = Play::new(Team::Upper, 0);
        play.set_board(start);
        let winner = play_out(&mut play, &mut policy, |play| {
            let pend = board_of(play).1;
            let capped = pend[3] + pend[4] >= cap;
            let throw = loop {
                let (t, r) = Sticks::FAIR.roll(&mut rng);
                if !(capped && r.again()) {
                    break t;
                }
            };
            play.throw(throw).expect("due");
        });
        wins += u64::from(winner == Team::Upper);
    }
    wins as f64 / games as f64
}

#[test]
fn two_token_perfect_self_play_agrees_with_the_exact_value() {
    // The two-token game's last layers, at cap 1 (cheap; the games are
    // capped as the table is, see `capped_self_play_share`: uncapped,
    // two yuts or mos in a row, 1/64 a turn, moved the share about 2%
    // off, outside the interval): from the layer-1 starts (the team to
    // throw with one token left at home and the other with two at home,
    // and the other way round) games of the perfect player against itself
    // must agree with the table's value of the start within the 99.9%
    // interval (z = 3.29). The perfect player here chooses between two
    // tokens (entering, stacking, catching), which the one-token test
    // never does. `lab/yut-solve.sh 2` runs 10^6 games of the whole
    // two-token game.
    let cap = 1;
    let table = two_token_last_layers();
    let games = 5_000;
    for (me, op) in [(1, 2), (2, 1)] {
        let b = Board {
            me: Side::start(me),
            op: Side::start(op),
        };
        let value = table.value(b, 0).expect("layer 1 is solved");
        let share = capped_self_play_share(&table, game_of(b), cap, games, 11);
        let sd = (value * (1.0 - value) / games as f64).sqrt();
        assert!(
            (share - value).abs() < 3.29 * sd,
            "{me} token(s) against {op}: share {share} vs exact {value}"
        );
    }
}

#[test]
fn exact_choices_order_hand_worked_positions() {
    // One token a side. Upper on nal-yut (two steps from escaping), lower
    // at home; upper threw a do: the only use goes to cham-meoki and ends
    // the turn, so its value is 1 minus lower's turn value there, strictly
    // between 0 and 1.
    let table = solved(1, 2, Roles::SelfPlay);
    let mut turn = Turn::new(Sticks::FAIR.odds(), 2, Mode::Max);
    let g = one_each(TokenState::On(Station::NalYut), TokenState::Home).expect("game");
    let mut play = Play::new(Team::Upper, 0);
    play.set_board(g);
    play.throw("FBBB".parse().expect("do")).expect("due");
    let list = exact_choices(&table, &mut turn, &play).expect("covered");
    assert_eq!(list.len(), 1, "one throw, one token: one use");
    assert!(list[0].1 > 0.0 && list[0].1 < 1.0);

    // Upper on do, lower on geol; upper threw yut then gae. Gae from do
    // lands on geol and catches: lower goes home and upper throws again
    // before using its yut. Yut first: do+4 is mo, then gae from mo
    // turns to mo-gae; neither catches nor escapes, and lower keeps its
    // token on geol. The catch must rank first.
    let g = one_each(TokenState::On(Station::Do), TokenState::On(Station::Geol)).expect("game");
    let mut play = Play::new(Team::Upper, 0);
    play.set_board(g);
    play.throw("FFFF".parse().expect("yut")).expect("due");
    play.throw("FFBB".parse().expect("gae")).expect("due");
    let list = exact_choices(&table, &mut turn, &play).expect("covered");
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].0.roll, Roll::Gae, "the catch first: {list:?}");
    assert!(list[0].1 > list[1].1);
}

#[test]
fn best_against_random_is_no_worse_than_self_play() {
    // Against a random player, the best player does at least as well as
    // against the best player, moving first and moving second.
    let best = solved(1, 2, Roles::SelfPlay);
    let vs = solved(1, 2, Roles::VsRandom);
    let start = Board::start(1);
    let v = best.value(start, 0).expect("solved");
    let first = vs.value(start, 0).expect("solved");
    let second = 1.0 - vs.value(start, 1).expect("solved");
    assert!(first >= v - 1e-9 && second >= 1.0 - v - 1e-9);
    assert!(first > 0.5 && second > 0.5, "{first} {second}");
    let _ = DEFAULT_CAP;
}

#[test]
fn hint_orders_uses_as_the_brute_force_values_them() {
    // Upper's A on do, lower's a on yut, every other token escaped (a
    // position of the four-token game that the one-token table covers).
    // Upper threw yut, then geol: A+geol lands on yut and catches (an
    // extra throw), A+yut reaches mo and the geol then takes the shortcut
    // to bang. Which is better is not obvious by hand: the brute force
    // values each use through `Play` (turn ends valued by the table) and
    // the hint must list them in that order with those values.
    use boardsh::yut::Greedy;
    use boardsh::yut::solve::{Analysis, Players, hint};
    let cap = 2;
    let table = solved(1, cap, Roles::SelfPlay);
    let g = one_each(TokenState::On(Station::Do), TokenState::On(Station::Yut)).expect("game");
    let mut play = Play::new(Team::Upper, 0);
    play.set_board(g);
    play.throw("FFFF".parse().expect("yut")).expect("due");
    play.throw("FFFB".parse().expect("geol")).expect("due");
    let exact = hint(
        &play,
        Some(&table),
        Players {
            upper: &mut Greedy,
            lower: &mut Greedy,
        },
        &Analysis::new(0, 1, &Never),
    )
    .expect("runs");
    assert_eq!(exact.len(), 2);
    let mut by_brute: Vec<(Roll, f64)> = play
        .uses()
        .as_slice()
        .iter()
        .map(|&u| {
            let mut next = play;
            next.apply(u).expect("legal");
            let x = brute_with_table(
                next,
                cap,
                &table,
                &mut FastMap::default(),
                &mut FastMap::default(),
            );
            (u.roll, x)
        })
        .collect();
    by_brute.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (line, (roll, x)) in exact.iter().zip(&by_brute) {
        assert_eq!(line.choice.roll, *roll, "{exact:?} vs {by_brute:?}");
        assert!((line.chance - x).abs() < 1e-7 && line.interval.is_none());
    }
    assert!(exact[0].chance > exact[1].chance);
}

#[test]
fn hint_by_rollouts_finds_the_only_saving_catch() {
    // No table covers this (upper has two tokens). Upper's A on nal-geol
    // and B at home, lower's a on cham-meoki, the rest escaped; upper
    // threw gae. B+gae catches nothing and ends the turn: lower's a then
    // escapes with any throw and lower wins, so that use is worth exactly
    // 0. A+gae lands on cham-meoki and sends a home (and throws again):
    // upper can still win. The catch comes first; the other line is 0.
    use boardsh::yut::Greedy;
    use boardsh::yut::solve::{Analysis, Players, hint};
    let b = Board {
        me: Side([0, 27, 30, 30]),
        op: Side([29, 30, 30, 30]),
    };
    let mut play = Play::new(Team::Upper, 0);
    play.set_board(game_of(b));
    play.throw("FFBB".parse().expect("gae")).expect("due");
    let table = solved(1, 1, Roles::SelfPlay);
    let lines = hint(
        &play,
        Some(&table),
        Players {
            upper: &mut Greedy,
            lower: &mut Greedy,
        },
        &Analysis::new(400, 1, &Never),
    )
    .expect("runs");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(
        play.game().state(lines[0].choice.token),
        TokenState::On(Station::NalGeol)
    );
    assert!(lines[0].chance > 0.0 && lines[0].interval.is_some());
    assert_eq!(lines[1].chance, 0.0);
    let (low, high) = lines[0].interval.expect("estimated");
    assert!(low <= lines[0].chance && lines[0].chance <= high);
}

#[test]
fn review_marks_the_chance_lost() {
    // The position of the hint test (A on do, a on yut, yut and geol
    // pending): playing the worse use loses exactly the difference of the
    // two exact values, marked by the stated thresholds; the better use
    // loses nothing.
    use boardsh::yut::Greedy;
    use boardsh::yut::solve::{Analysis, Mark, Players, THRESHOLDS, hint, review};
    use boardsh::yut::solve::{BLUNDER, INACCURACY, MISTAKE};
    let table = solved(1, 2, Roles::SelfPlay);
    let g = one_each(TokenState::On(Station::Do), TokenState::On(Station::Yut)).expect("game");
    let mut play = Play::new(Team::Upper, 0);
    play.set_board(g);
    play.throw("FFFF".parse().expect("yut")).expect("due");
    play.throw("FFFB".parse().expect("geol")).expect("due");
    let lines = hint(
        &play,
        Some(&table),
        Players {
            upper: &mut Greedy,
            lower: &mut Greedy,
        },
        &Analysis::new(0, 1, &Never),
    )
    .expect("runs");
    let (best, worst) = (lines[0], lines[1]);
    let decisions = [(play, worst.choice), (play, best.choice)];
    let (reviewed, total) = review(
        &decisions,
        Some(&table),
        Players {
            upper: &mut Greedy,
            lower: &mut Greedy,
        },
        &Analysis::new(0, 1, &Never),
    )
    .expect("runs");
    assert_eq!(reviewed.len(), 2);
    let lost = best.chance - worst.chance;
    assert!((reviewed[0].loss - lost).abs() < 1e-12);
    let expected = if lost >= BLUNDER {
        Some(Mark::Blunder)
    } else if lost >= MISTAKE {
        Some(Mark::Mistake)
    } else if lost >= INACCURACY {
        Some(Mark::Inaccuracy)
    } else {
        None
    };
    assert_eq!(reviewed[0].mark, expected);
    assert_eq!(reviewed[1].loss, 0.0);
    assert_eq!(reviewed[1].mark, None);
    assert!((total - lost).abs() < 1e-12);
    // The thresholds themselves.
    assert_eq!(THRESHOLDS.mark(0.019), None);
    assert_eq!(THRESHOLDS.mark(0.02), Some(Mark::Inaccuracy));
    assert_eq!(THRESHOLDS.mark(0.07), Some(Mark::Mistake));
    assert_eq!(THRESHOLDS.mark(0.5), Some(Mark::Blunder));
}

#[test]
fn tables_do_not_cover_other_sticks() {
    // The tables are solved for fair sticks; with `set sticks 0.6` the
    // odds differ and the exact values would be wrong, so none is given.
    let table = solved(1, 1, Roles::SelfPlay);
    let mut turn = Turn::new(Sticks::FAIR.odds(), 1, Mode::Max);
    let g = one_each(TokenState::On(Station::Do), TokenState::Home).expect("game");
    let mut play = Play::new(Team::Upper, 0);
    play.set_board(g);
    play.throw("FBBB".parse().expect("do")).expect("due");
    assert!(exact_choices(&table, &mut turn, &play).is_some());
    play.set_sticks(Sticks::from_ppm(600_000).expect("valid"));
    assert!(exact_choices(&table, &mut turn, &play).is_none());
}

#[test]
fn bounds_pick_the_use_the_full_search_ranks_first() {
    // `Bounded` cuts the chain of extra throws after a catch short and
    // bounds what it cut by 0 and its chance; where those bounds tell
    // one use apart, it must be the use the full search (`Turn`, the same
    // cap and leaves) ranks first. Any leaf values will do for that: a
    // fixed pseudo-random chance per board. Boards of two tokens a side
    // (state 0 home, 1-29 the stations, 30 escaped; the others escaped),
    // one to three throws pending, catches often in reach.
    // Spread over all chances, or packed into 0.5 +- 0.001 so that uses
    // come close to each other (the bounds' widths matter there).
    let spread = std::cell::Cell::new(1.0);
    let leaf = |b: Board| -> f64 {
        let h = (u64::from(b.me.code()) << 20 | u64::from(b.op.code()))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        0.5 + spread.get() * ((h >> 11) as f64 / (1u64 << 53) as f64 - 0.5)
    };
    let mut rng = Rng::new(2311);
    let (mut told, mut asked) = (0, 0);
    for (reads, width, until) in [(false, 1.0, 150), (true, 1.0, 300), (true, 0.002, 600)] {
        spread.set(width);
        let mut turn = Turn::new(Sticks::FAIR.odds(), 4, Mode::Max);
        if reads {
            turn = turn.reading_catch_starts();
        }
        let mut bounded = boardsh::yut::solve::Bounded::default();
        while asked < until {
            let state = |rng: &mut Rng| -> u8 {
                match rng.below(10) {
                    0 => 0,
                    1 => 30,
                    _ => 1 + rng.below(29) as u8,
                }
            };
            let me = Side::of([state(&mut rng), state(&mut rng), 30, 30]);
            let op = Side::of([state(&mut rng), state(&mut rng), 30, 30]);
            let b = Board { me, op };
            if b.clash() || me.won() || op.won() {
                continue;
            }
            let mut p = [0u8; 5];
            for _ in 0..1 + rng.below(3) {
                // Mostly do, gae and geol; now and then a yut or a mo.
                let r = if rng.below(6) == 0 {
                    3 + rng.below(2)
                } else {
                    rng.below(3)
                };
                p[r] += 1;
            }
            asked += 1;
            let full = turn.choices(b, p, &leaf);
            let Some(&(g, r, _)) = full.first() else {
                continue;
            };
            if let Some(best) = bounded.best(&turn, b, p, &leaf) {
                told += 1;
                assert_eq!(
                    best,
                    (g, r),
                    "{b:?} {p:?}: bounds {best:?}, search {full:?}"
                );
            }
        }
    }
    // The bounds settle most decisions (else they would save nothing).
    assert!(told * 2 > asked, "bounds told {told} of {asked}");
}

#[test]
fn values_only_solves_to_the_forms_values_and_ranges_join_exactly() {
    // The two-token game at cap 1, layers 2 and 1: the Jacobi sweeps of
    // the values-only solver and the forms' Gauss-Seidel ones stop at the
    // same fixed point, each within 1e-9 of it by its own test (the
    // values' bound at the contraction seen: 7.6e-10 at most here), so
    // within 1e-9 of each other where both are that close; and a sweep
    // cut into three ranges (each solving the blocks its catches lead to)
    // joins to the one-range sweep bit for bit. Without the blocks the
    // catches lead to, a range misses their throw-due states.
    use boardsh::yut::solve::{How, Jacobi, Prev, SweepPlan, merge, solve_values};
    let forms = two_token_last_layers();
    let mut values = Table::new(2, 1, Roles::SelfPlay);
    let how = How {
        probs: Sticks::FAIR.odds(),
        precision: CachePrecision::Float,
        threads: 1,
    };
    for e in [2, 1] {
        let mut seen = Vec::new();
        solve_values(&mut values, e, how, None, &Never, &mut |h, v| {
            if h.id.sweep <= 3 {
                seen.push(v.to_vec());
            }
        })
        .expect("no interrupt");
        // Sweep 2 again from sweep 1's values, cut in three ranges.
        let index = values.index().clone();
        let plan = SweepPlan::new(&index, e, 1);
        let bytes: Vec<u8> = seen[0][0].iter().flat_map(|x| x.to_le_bytes()).collect();
        let slices = [bytes.as_slice()];
        let prev = Prev::new(&slices);
        let jacobi = Jacobi::new(&values, &plan, prev, how.probs, how.precision, 2);
        let parts: Vec<_> = (0..3)
            .map(|k| {
                let r = plan.range(k, 3);
                let s = jacobi
                    .sweep(
                        r.clone(),
                        &Never,
                        &std::sync::atomic::AtomicUsize::new(0),
                        &mut |_| {},
                    )
                    .expect("no interrupt");
                (r, s.values)
            })
            .collect();
        assert!(
            parts.iter().all(|(r, _)| !r.is_empty()),
            "three real ranges"
        );
        assert_eq!(parts.last().map(|p| p.0.end), Some(plan.len()));
        let joined = merge(&plan, &index, 1, prev, &parts);
        assert_eq!(joined, seen[1], "layer {e}: three ranges against one");
    }
    let worst = largest_difference_in_layers_2_and_1(&forms, &values);
    assert!(worst < 1e-9, "largest difference {worst:e}");
}
