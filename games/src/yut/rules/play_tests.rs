//! Hand-worked games under the rules, with the throws fixed.

use super::*;
use crate::yut::Station::*;
use Token::*;

fn t(s: &str) -> Throw {
    s.parse().expect("throw")
}

/// Throw `sticks`, returning the summary line.
fn throw(p: &mut Play, sticks: &str) -> String {
    p.throw(t(sticks)).expect("throw allowed").to_string()
}

/// Move `token` by the pending `roll`, returning the summary line.
fn mv(p: &mut Play, token: Token, roll: Roll) -> String {
    p.play(token, roll).expect("move allowed").to_string()
}

fn on(s: crate::yut::Station) -> TokenState {
    TokenState::On(s)
}

#[test]
fn a_plain_turn_passes_to_the_other_team() {
    let mut p = Play::new(Team::Upper, 0);
    assert_eq!(p.phase(), Phase::Throw(Team::Upper));
    // One front: do, no extra throw, so upper must now move.
    assert_eq!(throw(&mut p, "BFBB"), "BFBB: do (1)");
    assert_eq!(p.phase(), Phase::Move(Team::Upper));
    assert_eq!(mv(&mut p, B, Roll::Do), "B: home -> do (1); lower to throw");
    assert_eq!(p.phase(), Phase::Throw(Team::Lower));
}

#[test]
fn yut_earns_another_throw_and_both_are_used() {
    let mut p = Play::new(Team::Upper, 0);
    // FFFF is yut (4): the team throws again before moving.
    assert_eq!(throw(&mut p, "FFFF"), "FFFF: yut (4), throw again");
    assert_eq!(p.phase(), Phase::Throw(Team::Upper));
    assert_eq!(p.play(A, Roll::Yut), Err(PlayError::MustThrow(Team::Upper)));
    // A second yut, again; then geol (3) ends the throwing.
    assert_eq!(throw(&mut p, "FFFF"), "FFFF: yut (4), throw again");
    assert_eq!(throw(&mut p, "FBFF"), "FBFF: geol (3)");
    assert_eq!(p.pending().to_string(), "yut (4), yut (4), geol (3)");
    // home+4 = yut; yut+4 (passing mo) = duet-geol; then C enters by 3.
    assert_eq!(
        mv(&mut p, A, Roll::Yut),
        "A: home -> yut (4); upper to move: yut (4), geol (3)"
    );
    assert_eq!(
        mv(&mut p, A, Roll::Yut),
        "A: yut -> duet-geol (4); upper to move: geol (3)"
    );
    assert_eq!(
        mv(&mut p, C, Roll::Geol),
        "C: home -> geol (3); lower to throw"
    );
    assert_eq!(p.game().state(A), on(DuetGeol));
}

#[test]
fn mo_earns_another_throw() {
    let mut p = Play::new(Team::Lower, 0);
    assert_eq!(p.phase(), Phase::Throw(Team::Lower));
    assert_eq!(throw(&mut p, "BBBB"), "BBBB: mo (5), throw again");
    assert_eq!(throw(&mut p, "FFBB"), "FFBB: gae (2)");
    // mo first: home+5 = mo, then mo+2 takes the shortcut: mo-gae.
    assert_eq!(
        mv(&mut p, a, Roll::Mo),
        "a: home -> mo (5); lower to move: gae (2)"
    );
    assert_eq!(
        mv(&mut p, a, Roll::Gae),
        "a: mo -> mo-gae (2); upper to throw"
    );
}

#[test]
fn a_catch_earns_a_throw_at_once() {
    let mut p = Play::new(Team::Upper, 0);
    throw(&mut p, "FFFB");
    mv(&mut p, A, Roll::Geol); // A on geol
    // Lower: yut, then geol. Using geol first catches A on geol (home+3),
    // and the extra throw comes before the yut still pending is used.
    throw(&mut p, "FFFF");
    throw(&mut p, "FBFF");
    assert_eq!(
        mv(&mut p, b, Roll::Geol),
        "b: home -> geol (3), caught A; lower throws again"
    );
    assert_eq!(p.game().state(A), TokenState::Home);
    assert_eq!(p.phase(), Phase::Throw(Team::Lower));
    assert_eq!(
        p.play(b, Roll::Yut).map_err(|err| err.to_string()),
        Err("lower has to throw first".into())
    );
    // The bonus throw joins the yut: both are then used.
    assert_eq!(throw(&mut p, "FBBB"), "FBBB: do (1)");
    assert_eq!(p.pending().to_string(), "yut (4), do (1)");
    // geol+1 = yut; yut+4 = duet-geol (passing mo); the turn then passes.
    assert_eq!(
        mv(&mut p, b, Roll::Do),
        "b: geol -> yut (1); lower to move: yut (4)"
    );
    assert_eq!(
        mv(&mut p, b, Roll::Yut),
        "b: yut -> duet-geol (4); upper to throw"
    );
}

#[test]
fn the_order_of_pending_throws_matters() {
    // Pending mo (5) and do (1). Mo first stops on mo, and do then takes
    // the shortcut to mo-do; do first stands on do, and mo then walks
    // do+5 past mo to duet-do.
    let start = {
        let mut p = Play::new(Team::Upper, 0);
        throw(&mut p, "BBBB");
        throw(&mut p, "BBFB");
        p
    };
    let mut mo_first = start;
    mv(&mut mo_first, A, Roll::Mo);
    mv(&mut mo_first, A, Roll::Do);
    assert_eq!(mo_first.game().state(A), on(MoDo));
    let mut do_first = start;
    mv(&mut do_first, A, Roll::Do);
    mv(&mut do_first, A, Roll::Mo);
    assert_eq!(do_first.game().state(A), on(DuetDo));
    // Split between two tokens, the order does not matter.
    let mut x = start;
    mv(&mut x, A, Roll::Mo);
    mv(&mut x, B, Roll::Do);
    let mut y = start;
    mv(&mut y, B, Roll::Do);
    mv(&mut y, A, Roll::Mo);
    assert_eq!(x.game(), y.game());
}

/// Upper with A, B, C escaped and D on cham-meoki, by free turns:
/// home+5 = mo, mo+3 = bang, bang+3 = cham-meoki, then 1 step out.
fn upper_about_to_win() -> Play {
    let mut p = Play::new(Team::Upper, 0);
    for token in [A, B, C, D] {
        for sticks in ["BBBB", "FFFB", "FFFB", "FBBB"] {
            p.replay(token, t(sticks)).expect("free turn");
        }
    }
    // Undo D's last step: D stays on cham-meoki.
    let mut q = Play::new(Team::Upper, 0);
    for token in [A, B, C] {
        for sticks in ["BBBB", "FFFB", "FFFB", "FBBB"] {
            q.replay(token, t(sticks)).expect("free turn");
        }
    }
    for sticks in ["BBBB", "FFFB", "FFFB"] {
        q.replay(D, t(sticks)).expect("free turn");
    }
    assert_eq!(p.winner(), Some(Team::Upper));
    assert_eq!(q.winner(), None);
    assert_eq!(q.game().state(D), on(ChamMeoki));
    q
}

#[test]
fn a_throw_with_no_use_is_lost_and_the_winner_stops_the_game() {
    let mut p = upper_about_to_win();
    // Upper throws yut (again) and do. Any throw takes D out; once it is
    // out no token is left to use the other throw, which is lost.
    throw(&mut p, "FFFF");
    throw(&mut p, "FBBB");
    assert_eq!(
        mv(&mut p, D, Roll::Do),
        "D: cham-meoki -> escaped (1); upper wins (unused: yut (4))"
    );
    assert_eq!(p.phase(), Phase::Over(Team::Upper));
    assert!(p.pending().is_empty());
    assert!(p.uses().is_empty());
    // Everything is refused now, naming the winner, and nothing changes.
    let before = p;
    let refused = Err("the game is over: upper won".to_string());
    assert_eq!(
        p.throw(t("FBBB"))
            .map(|_| ())
            .map_err(|err| err.to_string()),
        refused
    );
    assert_eq!(
        p.throw_random().map(|_| ()).map_err(|err| err.to_string()),
        refused
    );
    assert_eq!(
        p.play(a, Roll::Do)
            .map(|_| ())
            .map_err(|err| err.to_string()),
        refused
    );
    assert_eq!(
        p.play(D, Roll::Do)
            .map(|_| ())
            .map_err(|err| err.to_string()),
        refused
    );
    assert_eq!(p, before);
}

#[test]
fn refusals_change_nothing() {
    let mut p = Play::new(Team::Upper, 0);
    throw(&mut p, "FFBB");
    let before = p;
    // Not lower's turn; no geol pending; no more throws due.
    assert_eq!(
        p.play(a, Roll::Gae).map_err(|err| err.to_string()),
        Err("a is not upper's token: upper to move".into())
    );
    assert_eq!(
        p.play(A, Roll::Geol).map_err(|err| err.to_string()),
        Err("no geol (3) pending: gae (2)".into())
    );
    assert_eq!(
        p.throw(t("FFFF")).map_err(|err| err.to_string()),
        Err("upper has throws to use first: gae (2)".into())
    );
    assert_eq!(
        p.throw_random().map(|_| ()),
        Err(PlayError::MustMove {
            team: Team::Upper,
            pending: p.pending()
        })
    );
    assert_eq!(p, before);
    // An escaped token cannot use a throw.
    let mut q = upper_about_to_win();
    q.replay(A, t("FFFF")).expect_err("A has escaped");
    throw(&mut q, "FBBB");
    assert_eq!(
        q.play(A, Roll::Do),
        Err(PlayError::Yut(YutError::Escaped(A)))
    );
}

#[test]
fn free_turns_leave_the_turn_alone() {
    let mut p = Play::new(Team::Upper, 0);
    throw(&mut p, "FFBB");
    let r = p.replay(b, t("FFFB")).expect("free turn");
    assert_eq!(r.to_string(), "b: home -> geol (3)");
    assert_eq!(p.phase(), Phase::Move(Team::Upper));
    assert_eq!(p.pending().to_string(), "gae (2)");
}

#[test]
fn uses_name_each_group_once() {
    let mut p = Play::new(Team::Upper, 0);
    // A and B stacked on geol, C on do, D home.
    for (token, sticks) in [(A, "FFFB"), (B, "FFFB"), (C, "FBBB")] {
        p.replay(token, t(sticks)).expect("free turn");
    }
    throw(&mut p, "FFFF");
    throw(&mut p, "FFBB");
    let uses: Vec<(Token, u8)> = p
        .uses()
        .as_slice()
        .iter()
        .map(|u| (u.token, u.roll.steps()))
        .collect();
    // Groups A+B, C, D (home); results yut and gae, largest first.
    assert_eq!(uses, [(A, 4), (A, 2), (C, 4), (C, 2), (D, 4), (D, 2)]);
}

#[test]
fn random_throws_follow_the_seed_and_refusals_do_not_draw() {
    let mut x = Play::new(Team::Upper, 99);
    let mut y = Play::new(Team::Upper, 99);
    let rx = x.throw_random().expect("throw");
    let ry = y.throw_random().expect("throw");
    assert_eq!(rx, ry);
    // The first throw used exactly four draws of the seed's stream.
    let mut rng = Rng::new(99);
    assert_eq!(rx.throw, Sticks::FAIR.throw(&mut rng));
    if !rx.roll.again() {
        let before = x.rng();
        assert!(x.throw_random().is_err());
        assert_eq!(x.rng(), before);
    }
}

#[test]
fn first_team_now_or_from_the_next_game() {
    let mut p = Play::new(Team::Upper, 0);
    p.set_first(Team::Lower);
    assert_eq!(p.phase(), Phase::Throw(Team::Lower), "nothing happened yet");
    throw(&mut p, "FBBB");
    p.set_first(Team::Upper);
    assert_eq!(p.phase(), Phase::Move(Team::Lower), "the game has begun");
    assert_eq!(p.restart().phase(), Phase::Throw(Team::Upper));
}
