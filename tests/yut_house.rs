//! The Yut house rules (`set tokens`, `set back-do`, `set catch-bonus`):
//! back-do cases worked by hand (home, the first station, the centre,
//! cham-meoki, after a catch), the catch bonus off, games of one to five
//! tokens a side played to a winner under every combination of the rules,
//! and the settings through `save` and back.

use crate::common::files::NoDeck;
use boardsh::shell::{Diagnostic, Reporter, Runner, Session};
use boardsh::yut::{
    Game, Greedy, House, MAX_ACTIONS, Next, Phase, Play, PlayError, Policy, Random, Rng, Roll,
    Station, Team, Throw, Token, TokenState, YutError, play_out,
};

fn t(s: &str) -> Throw {
    s.parse().expect("throw")
}

fn on(s: Station) -> TokenState {
    TokenState::On(s)
}

/// The contest's rules with back-do on.
const BACK_DO: House = House {
    back_do: true,
    ..House::CONTEST
};

/// A game under `house` whose board is `free` free turns (`A BBBB`, the
/// problem's moves) from the start, upper to throw.
fn game(house: House, free: &[&str]) -> Play {
    let mut p = Play::new(Team::Upper, 0);
    p.set_house(house);
    for turn in free {
        let (tok, th) = turn.split_once(' ').expect("token and throw");
        let tok = Token::from_letter(tok.chars().next().expect("letter")).expect("token");
        p.replay(tok, t(th)).expect("a free turn");
    }
    p
}

#[test]
fn back_do_at_home_is_lost_and_the_turn_passes() {
    // Nothing on the board: upper's BBBF is a back-do with no token to
    // take it, so it is lost and lower throws.
    let mut p = game(BACK_DO, &[]);
    let r = p.throw(t("BBBF")).expect("due");
    assert_eq!(r.roll, Roll::BackDo);
    assert_eq!(
        r.to_string(),
        "BBBF: back-do (-1), lost: no upper token on the board"
    );
    assert_eq!(
        r.next,
        Next::Throw {
            team: Team::Lower,
            again: false
        }
    );
    assert_eq!(p.phase(), Phase::Throw(Team::Lower));
    assert!(p.pending().is_empty());
    // Without the house rule the same sticks are a do, to be used.
    let mut q = game(House::CONTEST, &[]);
    assert_eq!(q.throw(t("BBBF")).expect("due").to_string(), "BBBF: do (1)");
    assert_eq!(q.phase(), Phase::Move(Team::Upper));
}

#[test]
fn back_do_waits_for_a_token_entered_by_another_throw() {
    // Yut (throw again), then BBBF: the back-do cannot move a home token,
    // so the only uses are the yut's; once A is on yut, A can go back.
    let mut p = game(BACK_DO, &[]);
    p.throw(t("FFFF")).expect("due");
    p.throw(t("BBBF")).expect("due");
    let uses: Vec<(Token, Roll)> = p
        .uses()
        .as_slice()
        .iter()
        .map(|u| (u.token, u.roll))
        .collect();
    assert_eq!(uses, [(Token::A, Roll::Yut)]);
    let before = p;
    assert_eq!(
        p.play(Token::A, Roll::BackDo),
        Err(PlayError::Yut(YutError::BackFromHome(Token::A)))
    );
    assert_eq!(p, before, "a refused move changes nothing");
    p.play(Token::A, Roll::Yut).expect("enters");
    let r = p.play(Token::A, Roll::BackDo).expect("back");
    // yut -> geol, one station back along the outer route.
    assert_eq!(r.to_string(), "A: yut -> geol (-1); lower to throw");
}

#[test]
fn back_do_from_the_first_station_goes_to_the_start_and_out_next() {
    // A on do: a back-do takes it to cham-meoki (the start, its lap done);
    // there any throw escapes it, a do included.
    let mut p = game(BACK_DO, &["A FBBB"]);
    assert_eq!(p.game().state(Token::A), on(Station::Do));
    p.throw(t("BBBF")).expect("due");
    let r = p.play(Token::A, Roll::BackDo).expect("back");
    assert_eq!(r.report.to_string(), "A: do -> cham-meoki (-1)");
    p.throw(t("FFFF")).expect("lower throws"); // lower: yut, again
    p.throw(t("FFBB")).expect("lower throws"); // gae
    p.play(Token::a, Roll::Yut).expect("a enters");
    p.play(Token::a, Roll::Gae).expect("a goes on");
    p.throw(t("BFBB")).expect("upper throws a do");
    let r = p.play(Token::A, Roll::Do).expect("escapes");
    assert_eq!(r.report.to_string(), "A: cham-meoki -> escaped (1)");
}

#[test]
fn back_do_on_the_centre_and_the_corners() {
    // mo then mo+3 = bang. Back from bang: duet-mogae, whence a gae goes
    // bang, saryeo: one step short of where bang+2 (anchi) would be.
    let mut p = game(BACK_DO, &["A BBBB", "A FFFB"]);
    assert_eq!(p.game().state(Token::A), on(Station::Bang));
    p.throw(t("BBBF")).expect("due");
    let r = p.play(Token::A, Roll::BackDo).expect("back");
    assert_eq!(r.report.to_string(), "A: bang -> duet-mogae (-1)");
    let mut g = *p.game();
    g.apply(Token::A, t("FFBB")).expect("a free gae");
    assert_eq!(g.state(Token::A), on(Station::Saryeo));
    // Back from mo is yut (and from there one step stops on mo again).
    let mut p = game(BACK_DO, &["A BBBB"]);
    p.throw(t("BBBF")).expect("due");
    let r = p.play(Token::A, Roll::BackDo).expect("back");
    assert_eq!(r.report.to_string(), "A: mo -> yut (-1)");
    // Back from cham-meoki (mo, bang, cham-meoki) is nal-yut.
    let mut p = game(BACK_DO, &["A BBBB", "A FFFB", "A FFFB"]);
    assert_eq!(p.game().state(Token::A), on(Station::ChamMeoki));
    p.throw(t("BBBF")).expect("due");
    let r = p.play(Token::A, Roll::BackDo).expect("back");
    assert_eq!(r.report.to_string(), "A: cham-meoki -> nal-yut (-1)");
}

#[test]
fn back_do_moves_a_stack_and_catches() {
    // A and B stacked on yut (home+4 each), lower's b on geol: a back-do
    // moves the stack onto geol and catches b. With the catch bonus upper
    // throws again; without it the turn passes.
    let free = ["A FFFF", "B FFFF", "b FFFB"];
    let mut p = game(BACK_DO, &free);
    p.throw(t("BBBF")).expect("due");
    let r = p.play(Token::B, Roll::BackDo).expect("back");
    assert_eq!(
        r.to_string(),
        "A+B: yut -> geol (-1), caught b; upper throws again"
    );
    assert_eq!(p.game().state(Token::b), TokenState::Home);
    let no_bonus = House {
        catch_bonus: false,
        ..BACK_DO
    };
    let mut q = game(no_bonus, &free);
    q.throw(t("BBBF")).expect("due");
    let r = q.play(Token::A, Roll::BackDo).expect("back");
    assert_eq!(
        r.to_string(),
        "A+B: yut -> geol (-1), caught b; lower to throw"
    );
}

#[test]
fn back_do_left_with_no_token_on_the_board_is_lost() {
    // A on cham-meoki, the others home; upper throws yut (again), then
    // BBBF. A escapes with the yut: no upper token is left on the board,
    // so the back-do is lost and the turn passes.
    let mut p = game(BACK_DO, &["A BBBB", "A FFFB", "A FFFB"]);
    p.throw(t("FFFF")).expect("due");
    p.throw(t("BBBF")).expect("due");
    let r = p.play(Token::A, Roll::Yut).expect("escapes");
    assert_eq!(
        r.to_string(),
        "A: cham-meoki -> escaped (4); lower to throw (unused: back-do (-1))"
    );
    assert!(p.pending().is_empty());
}

#[test]
fn no_catch_bonus_means_no_extra_throw() {
    // Lower's a on geol (home+3); upper throws a geol and enters A there,
    // catching a. The contest: upper throws again. Catch bonus off: the
    // turn is over (nothing else pending), lower throws.
    for (bonus, next) in [(true, "upper throws again"), (false, "lower to throw")] {
        let house = House {
            catch_bonus: bonus,
            ..House::CONTEST
        };
        let mut p = game(house, &["a FFFB"]);
        p.throw(t("FBFF")).expect("due");
        let r = p.play(Token::A, Roll::Geol).expect("catches");
        assert_eq!(
            r.to_string(),
            format!("A: home -> geol (3), caught a; {next}")
        );
    }
    // With throws still pending, the turn goes on with those only.
    let house = House {
        catch_bonus: false,
        ..House::CONTEST
    };
    let mut p = game(house, &["a FFFB"]);
    p.throw(t("FFFF")).expect("due");
    p.throw(t("FBFF")).expect("due");
    p.play(Token::A, Roll::Geol).expect("catches");
    assert_eq!(p.phase(), Phase::Move(Team::Upper));
    assert_eq!(p.pending().to_string(), "yut (4)");
}

#[test]
fn tokens_not_in_play_never_move() {
    // Two a side: C, D, E (and c, d, e) are not in the game.
    let mut p = game(
        House {
            tokens: 2,
            ..House::CONTEST
        },
        &[],
    );
    assert_eq!(p.game().tokens_per_team(), 2);
    p.throw(t("FFBB")).expect("due");
    assert_eq!(
        p.play(Token::C, Roll::Gae),
        Err(PlayError::Yut(YutError::NotInPlay(Token::C, 2)))
    );
    assert_eq!(
        PlayError::Yut(YutError::NotInPlay(Token::C, 2)).to_string(),
        "token C is not in this game: 2 tokens a side (`set tokens`)"
    );
    // The contest's game does not play E.
    let mut g = Game::new();
    assert_eq!(
        g.apply(Token::E, t("FBBB")),
        Err(YutError::NotInPlay(Token::E, 4))
    );
    // Two escaped tokens win a two-token game.
    let mut g = Game::with_tokens(2);
    for tok in [Token::A, Token::B] {
        for th in ["BBBB", "FFFB", "FFFB", "FBBB"] {
            g.apply(tok, t(th)).expect("legal");
        }
    }
    assert_eq!(g.winner(), Some(Team::Upper));
}

/// Plays a seeded game under `house` to the end, checking at every step
/// that tokens out of the game stay home and that a winner has all its
/// tokens out.
fn checked_game(house: House, seed: u64, upper: &mut dyn Policy, lower: &mut dyn Policy) -> Team {
    let mut p = Play::new(Team::Upper, seed);
    p.set_house(house);
    assert_eq!(p.game().tokens_per_team(), house.tokens);
    let winner = play_out(&mut p, upper, lower);
    let Some(w) = winner else {
        panic!("{house:?} seed {seed}: no winner in {MAX_ACTIONS} actions");
    };
    let g = p.game();
    assert_eq!(g.team_tokens(w).len(), usize::from(house.tokens));
    for x in g.team_tokens(w).iter() {
        assert_eq!(g.state(x), TokenState::Escaped, "{house:?} {x}");
    }
    let loser = w.opponent();
    assert!(
        g.team_tokens(loser)
            .iter()
            .any(|x| g.state(x) != TokenState::Escaped)
    );
    assert_eq!(g.tokens_in_play().count(), 2 * usize::from(house.tokens));
    // Tokens past K never left home (states() lists only those in play).
    assert!(g.states().all(|(x, _)| g.in_play(x)));
    w
}

#[test]
fn games_of_one_to_five_tokens_end_with_a_winner_under_every_rule() {
    // 5 token counts x back-do x catch bonus, 6 seeded games each, random
    // against greedy (both pick only legal uses, so an illegal state
    // would show as a panic or no winner).
    for tokens in 1..=5u8 {
        for back_do in [false, true] {
            for catch_bonus in [false, true] {
                let house = House {
                    tokens,
                    back_do,
                    catch_bonus,
                };
                let mut wins = [0; 2];
                for seed in 0..6u64 {
                    let mut up = Random(Rng::new(seed));
                    let mut low = Greedy;
                    let w = checked_game(house, seed, &mut up, &mut low);
                    wins[w as usize] += 1;
                }
                assert_eq!(wins[0] + wins[1], 6);
            }
        }
    }
}

#[test]
fn back_do_turns_up_about_one_throw_in_sixteen() {
    // 3,200 random throws under back-do: back-do expected 200 (1/16), do
    // 600 (3/16); each within 5 standard deviations.
    let mut p = game(BACK_DO, &[]);
    let mut counts = [0u32; 6];
    for _ in 0..3200 {
        // Throw on a fresh copy each time so the phase allows a throw.
        let mut q = p;
        let r = q.throw_random().expect("due");
        counts[r.roll.index()] += 1;
        p.set_rng(q.rng());
    }
    for (i, p_of) in [(0usize, 3.0f64 / 16.0), (5, 1.0 / 16.0)] {
        let mean = 3200.0 * p_of;
        let sd = (mean * (1.0 - p_of)).sqrt();
        let got = f64::from(counts[i]);
        assert!((got - mean).abs() < 5.0 * sd, "{counts:?}");
    }
}

/// Ignores diagnostics.
struct Quiet;

impl Reporter for Quiet {
    fn report(&mut self, _: &Diagnostic<'_>) {}
    fn message(&mut self, _: &str) {}
}

fn run(runner: &mut Runner<'_>, line: &str) -> String {
    let mut out = Vec::new();
    runner.run_line("<test>", 1, line, &mut out).expect("runs");
    String::from_utf8(out).expect("utf-8")
}

#[test]
fn house_rules_are_listed_and_saved_and_come_back() {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("house.bsh");
    let file = file.to_str().expect("path");
    let (mut loader, mut quiet) = (NoDeck, Quiet);
    let mut runner = Runner::new(Session::new(), &mut loader, &mut quiet, true);
    let listing = run(&mut runner, "set");
    for (name, value) in [("tokens", "4"), ("back-do", "off"), ("catch-bonus", "on")] {
        let found = listing.lines().any(|l| {
            let mut words = l.split_whitespace();
            words.next() == Some(name) && words.next() == Some(value)
        });
        assert!(found, "{name} {value}: {listing}");
    }
    // Five a side with back-do and no catch bonus: E enters, goes back.
    // Lower's back-do finds no lower token on the board and is lost;
    // upper's takes E back from mo to yut.
    let moves = run(
        &mut runner,
        "set tokens 5; set back-do on; set catch-bonus off; \
         throw FFFF; throw FBBB; move E yut; move E do; \
         throw backdo; throw BBBF; move E",
    );
    assert!(
        moves.contains("BBBF: back-do (-1), lost: no lower token on the board\n"),
        "{moves}"
    );
    assert!(
        moves.contains("E: mo -> yut (-1); lower to throw\n"),
        "{moves}"
    );
    let want = run(&mut runner, "where; turn; show; history; set");
    assert!(want.contains("E: yut\n"), "{want}");
    run(&mut runner, &format!("save {file}"));
    let saved = std::fs::read_to_string(file).expect("saved");
    for line in ["set tokens 5", "set back-do on", "set catch-bonus off"] {
        assert!(saved.lines().any(|l| l == line), "{saved}");
    }
    drop(runner);
    let (mut loader, mut quiet) = (NoDeck, Quiet);
    let mut again = Runner::new(Session::new(), &mut loader, &mut quiet, false);
    run(&mut again, &format!("source {file}"));
    assert_eq!(again.errors, 0);
    assert_eq!(run(&mut again, "where; turn; show; history; set"), want);
}

#[test]
fn tokens_change_with_the_next_game_and_at_once_on_a_fresh_one() {
    let (mut loader, mut quiet) = (NoDeck, Quiet);
    let mut runner = Runner::new(Session::new(), &mut loader, &mut quiet, true);
    // A game begun (a throw made): the count waits for `reset yut`.
    let begun = run(&mut runner, "throw FFBB; set tokens 2; where");
    assert_eq!(
        begun,
        "FFBB: gae (2)\nA: home\nB: home\nC: home\nD: home\na: home\nb: home\nc: home\nd: home\n"
    );
    let next = run(&mut runner, "reset yut; where");
    assert_eq!(next, "A: home\nB: home\na: home\nb: home\n");
    // A fresh game takes it at once: five a side lists E and e.
    let five = run(&mut runner, "set tokens 5; where");
    assert!(
        five.starts_with("A: home\nB: home\nC: home\nD: home\nE: home\na: home\n"),
        "{five}"
    );
    assert!(five.ends_with("e: home\n"), "{five}");
}
