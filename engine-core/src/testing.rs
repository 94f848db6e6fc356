//! The generic conformance check every game runs (feature `testing`).
//!
//! [`Conformance::run`] plays many random games from random seeds (driven by proptest, so a
//! failure shrinks to a small seed and is reported with it) and checks, at every step:
//! - nothing panics, and every player can be observed;
//! - every action that [`Game::legal_actions`] lists is accepted;
//! - a refused joint action (an `Err`) leaves the state unchanged and appends no events;
//! - a joint action with the wrong number of actions is refused with
//!   [`StepError::WrongActionCount`];
//! - the outcome is `None` while the game runs and `Some` once nobody acts, with places in
//!   `1..=players` (someone first) and every score within [`Game::score_bounds`];
//! - terminal states refuse every action with [`StepError::GameOver`];
//! - replaying the same seed and the same actions gives identical states and events.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use proptest::test_runner::{Config as ProptestConfig, TestCaseError, TestRunner};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::runner::{self, Options, Seat};
use crate::{Contest, Game, PlayerId, StepError};

/// A conformance run: which game setup to play and how much.
#[derive(Clone, Debug)]
pub struct Conformance<G: Game> {
    /// The config every random game starts from.
    pub config: G::Config,
    /// The number of seats.
    pub players: usize,
    /// The number of random games (proptest cases).
    pub cases: u32,
    /// A game still running after this many joint actions is cut short (and still checked).
    pub max_steps: u32,
}

type Record<G> = (
    Vec<<G as Game>::Action>,
    Result<Vec<<G as Game>::Event>, String>,
);

impl<G: Game> Conformance<G> {
    /// A run of 64 games of at most 2000 steps each.
    pub fn new(config: G::Config, players: usize) -> Self {
        Conformance {
            config,
            players,
            cases: 64,
            max_steps: 2000,
        }
    }

    /// Sets the number of random games.
    pub fn cases(mut self, cases: u32) -> Self {
        self.cases = cases;
        self
    }

    /// Sets the step limit per game.
    pub fn max_steps(mut self, max_steps: u32) -> Self {
        self.max_steps = max_steps;
        self
    }

    /// Runs the check, choosing each acting player's action uniformly among
    /// [`Game::legal_actions`]. Panics (with the failing seed) if any property fails.
    pub fn run_legal(&self) {
        self.run(|game, player, rng| {
            let mut legal = Vec::new();
            assert!(
                game.legal_actions(player, &mut legal),
                "run_legal needs a game that lists its legal actions"
            );
            assert!(!legal.is_empty(), "an acting player has no legal action");
            let i = crate::draw::index(rng, legal.len());
            legal.swap_remove(i)
        });
    }

    /// Runs the check with `random_action(state, player, rng)` choosing each acting player's
    /// action (it may return illegal actions too: they must be refused cleanly). Panics (with
    /// the failing seed) if any property fails.
    pub fn run(&self, random_action: impl Fn(&G, PlayerId, &mut dyn RngCore) -> G::Action) {
        let mut runner = TestRunner::new(ProptestConfig {
            cases: self.cases,
            failure_persistence: None,
            ..ProptestConfig::default()
        });
        let result = runner.run(&proptest::num::u64::ANY, |seed| {
            self.one_game(seed, &random_action)
        });
        if let Err(e) = result {
            panic!("conformance failed: {e}");
        }
    }

    fn one_game(
        &self,
        seed: u64,
        random_action: &impl Fn(&G, PlayerId, &mut dyn RngCore) -> G::Action,
    ) -> Result<(), TestCaseError> {
        let fail = |msg: String| TestCaseError::fail(format!("seed {seed}: {msg}"));
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut chooser = Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
        let mut game = G::new(&self.config, self.players, &mut rng)
            .map_err(|e| fail(format!("the config was refused: {e}")))?;
        let initial = game.clone();
        let mut records: Vec<Record<G>> = Vec::new();
        let mut states = Vec::new();
        let mut events = Vec::new();
        let mut legal = Vec::new();

        for _ in 0..self.max_steps {
            for p in PlayerId::all(game.num_players()) {
                let _ = game.observe(p);
            }
            let to_act = game.to_act();
            if to_act.is_over() {
                break;
            }
            if game.outcome().is_some() {
                return Err(fail(format!(
                    "turn {}: an outcome while running",
                    game.turn()
                )));
            }
            let players = to_act.players().to_vec();
            let mut actions: Vec<G::Action> = players
                .iter()
                .map(|&p| random_action(&game, p, &mut chooser))
                .collect();
            // Every listed legal action must be accepted: try one of them for one player.
            let probe = crate::draw::index(&mut chooser, players.len());
            legal.clear();
            if game.legal_actions(players[probe], &mut legal) {
                if legal.is_empty() {
                    return Err(fail(format!(
                        "{} acts but has no legal action",
                        players[probe]
                    )));
                }
                let i = crate::draw::index(&mut chooser, legal.len());
                actions[probe] = legal[i].clone();
                // With every other action legal too, the step must succeed.
                let all_legal = players.iter().zip(&actions).all(|(&p, a)| {
                    let mut l = Vec::new();
                    game.legal_actions(p, &mut l) && l.contains(a)
                });
                if all_legal {
                    let mut probe_game = game.clone();
                    let mut probe_rng = rng.clone();
                    let mut ev = Vec::new();
                    if let Err(e) = probe_game.step(&actions, &mut probe_rng, &mut ev) {
                        return Err(fail(format!("legal joint action {actions:?} refused: {e}")));
                    }
                }
            }
            // The wrong number of actions is refused and changes nothing.
            let before = game.clone();
            events.clear();
            let mut short = actions.clone();
            short.pop();
            let mut probe_rng = rng.clone();
            match game.step(&short, &mut probe_rng, &mut events) {
                Err(StepError::WrongActionCount { .. }) => {}
                other => return Err(fail(format!("too few actions gave {other:?}"))),
            }
            if game != before || !events.is_empty() {
                return Err(fail("a refused step changed the state".into()));
            }

            events.clear();
            let result = game.step(&actions, &mut rng, &mut events);
            match &result {
                Ok(()) => {}
                Err(_) => {
                    if game != before || !events.is_empty() {
                        return Err(fail(format!(
                            "turn {}: refused actions {actions:?} changed the state",
                            before.turn()
                        )));
                    }
                }
            }
            records.push((
                actions,
                result.map(|()| events.clone()).map_err(|e| format!("{e}")),
            ));
            states.push(game.clone());
        }

        if game.to_act().is_over() {
            let outcome = game
                .outcome()
                .ok_or_else(|| fail("nobody acts but there is no outcome".into()))?;
            let n = game.num_players();
            let (lo, hi) = game.score_bounds();
            if outcome.places().len() != n || outcome.scores().len() != n {
                return Err(fail("the outcome does not cover every player".into()));
            }
            if !outcome.places().values().contains(&1) {
                return Err(fail("nobody is first".into()));
            }
            for (p, &place) in outcome.places().iter() {
                if place < 1 || place as usize > n {
                    return Err(fail(format!("{p} has place {place}")));
                }
                let score = outcome.score(p);
                if score < lo || score > hi {
                    return Err(fail(format!("{p} scored {score}, outside {lo}..={hi}")));
                }
            }
            let after = game.clone();
            let mut ev = Vec::new();
            for acts in [
                Vec::new(),
                records.last().map(|r| r.0.clone()).unwrap_or_default(),
            ] {
                match game.step(&acts, &mut rng, &mut ev) {
                    Err(StepError::GameOver) => {}
                    other => return Err(fail(format!("a finished game accepted: {other:?}"))),
                }
            }
            if game != after || !ev.is_empty() {
                return Err(fail("a finished game changed".into()));
            }
        }

        // Replay: same seed, same actions => same states and events.
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut replay = G::new(&self.config, self.players, &mut rng)
            .map_err(|e| fail(format!("the config was refused on replay: {e}")))?;
        if replay != initial {
            return Err(fail("the same seed built a different initial state".into()));
        }
        for (i, ((actions, expected), state)) in records.iter().zip(&states).enumerate() {
            let mut ev = Vec::new();
            let got = replay
                .step(actions, &mut rng, &mut ev)
                .map(|()| ev)
                .map_err(|e| format!("{e}"));
            if &got != expected || &replay != state {
                return Err(fail(format!("replay differs at step {i}")));
            }
        }
        Ok(())
    }
}

/// Checks a game's [`Contest`] description against its engine, for `config`:
/// - the seat range is not empty, [`Game::new`] accepts its ends and refuses one seat fewer
///   than the fewest (and one more than the most, where that is representable);
/// - the default line-up fits the seat range and names only listed bots;
/// - every listed bot builds, and plays whole matches through [`runner::play`] in every seat
///   (the first and the last) of a line-up of the fewest seats (the other seats taken by the default line-up), on two
///   seeds, with no fault, with statistics for every seat; the same seed plays the same
///   match twice.
///
/// Panics with the failing bot and seed.
pub fn check_contest<G: Contest>(config: &G::Config)
where
    G::Action: Send,
{
    let seats = G::seats(config);
    let (min, max) = (*seats.start(), *seats.end());
    assert!(min >= 1 && min <= max, "{}: seat range {seats:?}", G::NAME);
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    for n in [min, max] {
        if let Err(e) = G::new(config, n, &mut rng) {
            panic!("{}: {n} seats are in the range but refused: {e}", G::NAME);
        }
    }
    if min > 1 {
        assert!(
            G::new(config, min - 1, &mut rng).is_err(),
            "{}: {} seats accepted below the range",
            G::NAME,
            min - 1
        );
    }
    if max < 256 {
        assert!(
            G::new(config, max + 1, &mut rng).is_err(),
            "{}: {} seats accepted above the range",
            G::NAME,
            max + 1
        );
    }
    check_scene(&G::new(config, min, &mut rng).unwrap_or_else(|e| panic!("{e}")));
    check_palette::<G>(max);
    let list = G::bots();
    assert!(!list.entries.is_empty(), "{}: no built-in bots", G::NAME);
    let lineup = list.lineup(seats.clone());
    assert!(
        seats.contains(&lineup.len()),
        "{}: line-up {lineup:?}",
        G::NAME
    );
    for id in &lineup {
        assert!(
            list.get(id).is_some(),
            "{}: line-up names unknown {id}",
            G::NAME
        );
    }
    let base: Vec<&str> = lineup.iter().copied().cycle().take(min).collect();
    for entry in list.entries {
        let _ = (entry.make)();
        let mut probe_seats = alloc::vec![0, min - 1];
        probe_seats.dedup();
        for seat in probe_seats {
            for seed in [1u64, 2] {
                let mut ids = base.clone();
                ids[seat] = entry.id;
                let play = |ids: &[&str]| {
                    let mut seats: Vec<Seat<G>> = runner::builtin_seats(ids)
                        .unwrap_or_else(|id| panic!("{}: bot {id} is not listed", G::NAME));
                    runner::play(config, seed, &mut seats, Options::default(), &mut ())
                        .unwrap_or_else(|e| {
                            panic!("{}: {} in seat {seat}, seed {seed}: {e}", G::NAME, entry.id)
                        })
                };
                let t = play(&ids);
                check_scene(&t.last);
                assert!(
                    t.faults.is_empty(),
                    "{}: {} in seat {seat}, seed {seed}: faults {:?}",
                    G::NAME,
                    entry.id,
                    t.faults
                );
                assert_eq!(t.stats.len(), min);
                assert_eq!(t.outcome.places().len(), min);
                let again = play(&ids);
                assert!(
                    again.last == t.last && again.turns == t.turns,
                    "{}: {} in seat {seat}, seed {seed}: the same seed played differently",
                    G::NAME,
                    entry.id
                );
            }
        }
    }
}

/// Checks that no colour of `G`'s palette could be taken for the colour of one of the first
/// `seats` seats ([`SEAT_COLOURS`](crate::scene::SEAT_COLOURS)): each palette colour is a CSS
/// hex colour at least [`SEAT_COLOUR_GAP`](crate::scene::SEAT_COLOUR_GAP) away from each.
pub fn check_palette<G: Contest>(seats: usize) {
    use crate::scene::{SEAT_COLOUR_GAP, SEAT_COLOURS};
    for swatch in G::PALETTE {
        let colour = lab(swatch.colour).unwrap_or_else(|| {
            panic!(
                "{}: the colour {:?} of {:?} is not #rgb or #rrggbb",
                G::NAME,
                swatch.colour,
                swatch.mark
            )
        });
        for (seat, seat_colour) in SEAT_COLOURS.iter().enumerate().take(seats) {
            let gap = distance(colour, lab(seat_colour).expect("seat colours are hex"));
            assert!(
                gap >= SEAT_COLOUR_GAP,
                "{}: {:?} ({}, {}) looks like seat {seat}'s colour {seat_colour} (ΔE {gap:.1})",
                G::NAME,
                swatch.mark,
                swatch.meaning,
                swatch.colour
            );
        }
    }
}

/// A CSS `#rgb` or `#rrggbb` colour in CIE Lab (D65).
fn lab(css: &str) -> Option<[f64; 3]> {
    let hex = css.strip_prefix('#')?;
    let digits: Vec<u8> = hex
        .chars()
        .map(|c| c.to_digit(16).map(|d| d as u8))
        .collect::<Option<_>>()?;
    let rgb: Vec<f64> = match digits.len() {
        3 => digits.iter().map(|&d| f64::from(d * 17)).collect(),
        6 => digits
            .chunks(2)
            .map(|p| f64::from(p[0] * 16 + p[1]))
            .collect(),
        _ => return None,
    };
    let linear = |u: f64| {
        let u = u / 255.0;
        if u <= 0.04045 {
            u / 12.92
        } else {
            ((u + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (linear(rgb[0]), linear(rgb[1]), linear(rgb[2]));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    Some([
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ])
}

/// The CIE76 colour difference ΔE.
fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// Checks that a state's [`Contest::scene`] is one a viewer can draw: every board has
/// `width * height` ASCII cells, every piece stands on a board it names (its centre on the
/// board), every seat named is in the game, and every mark is in [`Contest::PALETTE`] (when
/// the scene is not empty).
///
/// Panics with what is wrong. [`check_contest`] runs it on the first and the last states.
pub fn check_scene<G: Contest>(game: &G) {
    let scene = game.scene();
    let players = game.num_players();
    let known = |mark: char| G::PALETTE.iter().any(|s| s.mark == mark);
    for (i, b) in scene.boards.iter().enumerate() {
        assert_eq!(
            b.cells.len(),
            usize::from(b.width) * usize::from(b.height),
            "{}: board {i} has {} cells for {}x{}",
            G::NAME,
            b.cells.len(),
            b.width,
            b.height
        );
        for c in b.cells.chars() {
            assert!(c.is_ascii(), "{}: board {i} has cell {c:?}", G::NAME);
            assert!(
                known(c),
                "{}: cell mark {c:?} is not in the palette",
                G::NAME
            );
        }
    }
    for p in &scene.pieces {
        let b = scene
            .boards
            .get(usize::from(p.board))
            .unwrap_or_else(|| panic!("{}: piece {p:?} names a missing board", G::NAME));
        assert!(
            (0.0..=f32::from(b.width)).contains(&p.x) && (0.0..=f32::from(b.height)).contains(&p.y),
            "{}: piece {p:?} is off its board",
            G::NAME
        );
        assert!(p.size > 0.0, "{}: piece {p:?} has no size", G::NAME);
        assert!(
            known(p.mark),
            "{}: piece mark {:?} is not in the palette",
            G::NAME,
            p.mark
        );
        if let Some(seat) = p.seat {
            assert!(
                usize::from(seat) < players,
                "{}: piece {p:?} of no seat",
                G::NAME
            );
        }
    }
    for m in &scene.meters {
        assert!(
            usize::from(m.seat) < players,
            "{}: meter {m:?} of no seat",
            G::NAME
        );
    }
}

/// The check of a game's [`Learn`](crate::Learn) encoding: `cases` random games of `players`
/// seats from random seeds (proptest), each acting player choosing uniformly among the ids
/// its mask allows, for at most `max_steps` steps. At every state it checks that
/// - every id decodes, and encodes back to itself (`action_id(action(id)) == id`), and no id
///   past `num_actions()` decodes;
/// - each player's mask holds exactly the ids of [`Game::legal_actions`], allows no id for a
///   player who does not act, and [`Learn::legal_mask_any`](crate::Learn::legal_mask_any)
///   writes the same mask and says whether it allows some id, and
///   [`Learn::legal_id`](crate::Learn::legal_id) agrees with the mask for every id (and
///   one past the last);
/// - an acting player with an empty mask has an environment action
///   ([`Learn::env_action`](crate::Learn::env_action), taken in its place);
/// - the ids chosen are accepted by [`Game::step`], and a refused id (one the mask leaves out,
///   tried for one acting player) is refused by it, or, where `refused_is_error` is false,
///   accepted as the game's documented no-op;
/// - each step's rewards are [`crate::learn::score_rewards`] (what a game overriding
///   [`Learn::rewards`](crate::Learn::rewards) must keep), and over a finished game each
///   player's rewards add up to its normalized final score
///   ([`crate::learn::normalized_score`]);
/// - [`Game::restart`] on the played game gives what [`Game::new`] gives (same RNG draws).
pub fn check_learn<G: crate::Learn>(
    config: &G::Config,
    players: usize,
    cases: u32,
    max_steps: u32,
    refused_is_error: bool,
) {
    run_seeds("learn", cases, |seed| {
        learn_game::<G>(config, players, seed, max_steps, refused_is_error)
    });
}

/// Runs `one` on `cases` seeds drawn by proptest (a failure shrinks to a small seed and panics
/// with it, naming the check `what`).
fn run_seeds(what: &str, cases: u32, one: impl Fn(u64) -> Result<(), String>) {
    let mut runner = TestRunner::new(ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let result = runner.run(&proptest::num::u64::ANY, |seed| {
        one(seed).map_err(|e| TestCaseError::fail(format!("seed {seed}: {e}")))
    });
    if let Err(e) = result {
        panic!("{what} check failed: {e}");
    }
}

/// One action per acting player: an id drawn uniformly from its mask, or the environment's
/// action where the mask is empty.
fn masked_actions<G: crate::Learn>(
    game: &G,
    mask: &mut [bool],
    chooser: &mut Pcg64Mcg,
) -> Result<Vec<G::Action>, String> {
    let mut actions = Vec::new();
    for &p in game.to_act().players() {
        game.legal_mask(p, mask);
        let allowed: Vec<usize> = (0..mask.len()).filter(|&id| mask[id]).collect();
        let action = if allowed.is_empty() {
            game.env_action(p, chooser).ok_or_else(|| {
                format!(
                    "turn {}: {p:?} acts with an empty mask and no environment action",
                    game.turn()
                )
            })?
        } else {
            let id = allowed[crate::draw::index(chooser, allowed.len())];
            game.action(id).ok_or("an allowed id does not decode")?
        };
        actions.push(action);
    }
    Ok(actions)
}

fn learn_game<G: crate::Learn>(
    config: &G::Config,
    players: usize,
    seed: u64,
    max_steps: u32,
    refused_is_error: bool,
) -> Result<(), String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut chooser = Pcg64Mcg::seed_from_u64(seed ^ 0x5851_f42d_4c95_7f2d);
    let mut game = G::new(config, players, &mut rng).map_err(|e| format!("config: {e}"))?;
    let n = game.num_actions();
    if game.action(n).is_some() {
        return Err(format!("id {n} (= num_actions) decodes"));
    }
    for id in 0..n {
        let action = game
            .action(id)
            .ok_or_else(|| format!("id {id} does not decode"))?;
        if game.action_id(&action) != Some(id) {
            return Err(format!(
                "id {id} decodes to {action:?}, which encodes to another id"
            ));
        }
    }
    let mut totals = alloc::vec![0f64; players];
    let mut rewards = alloc::vec![0f32; players];
    let mut mask = alloc::vec![false; n];
    let mut events = Vec::new();
    for _ in 0..max_steps {
        let acting_now = game.to_act().players().to_vec();
        for p in PlayerId::all(players) {
            game.legal_mask(p, &mut mask);
            let mut again = alloc::vec![true; n];
            let any = game.legal_mask_any(p, &mut again);
            if again != mask || any != mask.contains(&true) {
                return Err(format!(
                    "turn {}: {p:?}'s legal_mask_any does not match its legal_mask",
                    game.turn()
                ));
            }
            for id in 0..=n {
                let expected = any.then(|| mask.get(id).copied().unwrap_or(false));
                if game.legal_id(p, id, &mut again) != expected {
                    return Err(format!(
                        "turn {}: {p:?}'s legal_id({id}) does not match its legal_mask",
                        game.turn()
                    ));
                }
            }
            if any && !acting_now.contains(&p) {
                return Err(format!(
                    "turn {}: {p:?} does not act but its mask allows ids",
                    game.turn()
                ));
            }
            let mut legal = Vec::new();
            if game.legal_actions(p, &mut legal) {
                let mut listed = alloc::vec![false; n];
                for a in &legal {
                    let id = game
                        .action_id(a)
                        .ok_or_else(|| format!("legal action {a:?} has no id"))?;
                    listed[id] = true;
                }
                if listed != mask {
                    return Err(format!(
                        "turn {}: {p:?}'s mask is not its legal actions",
                        game.turn()
                    ));
                }
            }
        }
        let to_act = game.to_act();
        if to_act.is_over() {
            break;
        }
        let acting = to_act.players().to_vec();
        let actions = masked_actions(&game, &mut mask, &mut chooser)?;
        // A refused id for one acting player, the others as chosen.
        let k = crate::draw::index(&mut chooser, acting.len());
        game.legal_mask(acting[k], &mut mask);
        if let Some(refused) = (0..n).find(|&id| !mask[id]) {
            let mut tried = actions.clone();
            tried[k] = game.action(refused).ok_or("a refused id does not decode")?;
            let mut copy = game.clone();
            let mut copy_rng = rng.clone();
            let refused_result = copy.step(&tried, &mut copy_rng, &mut Vec::new());
            if refused_is_error && refused_result.is_ok() {
                return Err(format!(
                    "turn {}: id {refused}, outside {:?}'s mask, was accepted",
                    game.turn(),
                    acting[k]
                ));
            }
        }
        events.clear();
        game.step(&actions, &mut rng, &mut events)
            .map_err(|e| format!("turn {}: legal ids refused: {e}", game.turn()))?;
        game.rewards(&events, &mut rewards);
        let mut scored = alloc::vec![f32::NAN; players];
        crate::learn::score_rewards(&game, &events, &mut scored);
        if rewards != scored {
            return Err(format!(
                "turn {}: rewards {rewards:?}, from the score changes {scored:?}",
                game.turn()
            ));
        }
        for (t, r) in totals.iter_mut().zip(&rewards) {
            *t += f64::from(*r);
        }
    }
    if let Some(outcome) = game.outcome() {
        for p in PlayerId::all(players) {
            let want = crate::learn::normalized_score(&game, outcome.score(p));
            if (totals[p.index()] - want).abs() > 1e-4 {
                return Err(format!(
                    "{p:?}'s rewards add up to {}, its normalized score is {want}",
                    totals[p.index()]
                ));
            }
        }
    }
    // Restarting the played game gives what `new` gives, with the same RNG draws.
    let mut restart_rng = Pcg64Mcg::seed_from_u64(seed.wrapping_add(1));
    let mut new_rng = restart_rng.clone();
    game.restart(config, players, &mut restart_rng)
        .map_err(|e| format!("restart refused the config: {e}"))?;
    let fresh = G::new(config, players, &mut new_rng).map_err(|e| format!("config: {e}"))?;
    if game != fresh || restart_rng != new_rng {
        return Err("a restarted game differs from a new one".into());
    }
    Ok(())
}

/// Checks that a saved state restores to itself and goes on as the original: `restore(save(game))`
/// must equal `game`, and stepping both with the same joint actions (`pick` chooses them from
/// the original's state) and copies of `rng` must keep them equal to the end (at most
/// `max_steps` steps). For each game's serde form: `save` and `restore` are its JSON, say.
pub fn check_restored_state_continues<G: Game, R: RngCore + Clone>(
    mut game: G,
    mut rng: R,
    save: impl Fn(&G) -> String,
    restore: impl Fn(&str) -> G,
    mut pick: impl FnMut(&G) -> Vec<G::Action>,
    max_steps: u32,
) {
    let mut restored = restore(&save(&game));
    assert_eq!(
        restored, game,
        "the restored state differs from the saved one"
    );
    let mut rng2 = rng.clone();
    let mut events = Vec::new();
    for _ in 0..max_steps {
        if game.outcome().is_some() {
            break;
        }
        let actions = pick(&game);
        let a = game.step(&actions, &mut rng, &mut events);
        let b = restored.step(&actions, &mut rng2, &mut events);
        assert_eq!(a, b, "turn {}: the step's results differ", game.turn());
        assert_eq!(restored, game, "turn {}: the states part", game.turn());
    }
    assert_eq!(restored.outcome(), game.outcome());
}

/// The check of a game's observation tensor ([`Tensor`](crate::Tensor)): `cases` random games
/// (proptest seeds) played by the [`Learn`](crate::Learn) masks for at most `max_steps` steps;
/// at every state, for every player, the tensor has the shape's length, every entry is
/// written (buffers filled with NaN and with 7 before give the same tensor), every entry is
/// finite, and a copy of the state gives the same tensor.
pub fn check_tensor<G: crate::Learn + crate::Tensor>(
    config: &G::Config,
    players: usize,
    cases: u32,
    max_steps: u32,
) {
    run_seeds("tensor", cases, |seed| {
        tensor_game::<G>(config, players, seed, max_steps)
    });
}

fn tensor_game<G: crate::Learn + crate::Tensor>(
    config: &G::Config,
    players: usize,
    seed: u64,
    max_steps: u32,
) -> Result<(), String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut chooser = Pcg64Mcg::seed_from_u64(seed ^ 0x2545_f491_4f6c_dd1d);
    let mut game = G::new(config, players, &mut rng).map_err(|e| format!("config: {e}"))?;
    let shape = game.obs_shape();
    let len = game.obs_len();
    if len == 0 || shape.iter().product::<usize>() != len {
        return Err(format!("shape {shape:?}, length {len}"));
    }
    let (mut a, mut b, mut c) = (
        alloc::vec![f32::NAN; len],
        alloc::vec![7.0f32; len],
        alloc::vec![0f32; len],
    );
    let mut mask = alloc::vec![false; game.num_actions()];
    let mut events = Vec::new();
    for _ in 0..=max_steps {
        if game.obs_shape() != shape {
            return Err(format!("turn {}: the shape changed", game.turn()));
        }
        let copy = game.clone();
        for p in PlayerId::all(players) {
            a.fill(f32::NAN);
            b.fill(7.0);
            game.write_obs(p, &mut a);
            game.write_obs(p, &mut b);
            copy.write_obs(p, &mut c);
            if let Some(i) = a.iter().position(|x| !x.is_finite()) {
                return Err(format!(
                    "turn {}: {p:?}'s entry {i} is {}",
                    game.turn(),
                    a[i]
                ));
            }
            if a != b || a != c {
                return Err(format!(
                    "turn {}: {p:?}'s tensor depends on the buffer or the copy",
                    game.turn()
                ));
            }
        }
        let to_act = game.to_act();
        if to_act.is_over() {
            break;
        }
        let actions = masked_actions(&game, &mut mask, &mut chooser)?;
        events.clear();
        game.step(&actions, &mut rng, &mut events)
            .map_err(|e| format!("turn {}: {e}", game.turn()))?;
    }
    Ok(())
}

/// The check of a game's determinization ([`Determinize`](crate::Determinize)): `cases`
/// random games (proptest seeds) played by the [`Learn`](crate::Learn) masks for at most
/// `max_steps` steps; at every state, for every player, `samples` states drawn from the
/// player's view are consistent with it (the same view for that player, so replaying what it
/// saw from the sampled state gives what it saw), have the same turn and players to act, and
/// play on: a few random steps by the masks are accepted.
pub fn check_determinize<G: crate::Learn + crate::Determinize>(
    config: &G::Config,
    players: usize,
    cases: u32,
    max_steps: u32,
    samples: u32,
) {
    run_seeds("determinize", cases, |seed| {
        determinize_game::<G>(config, players, seed, max_steps, samples)
    });
}

fn determinize_game<G: crate::Learn + crate::Determinize>(
    config: &G::Config,
    players: usize,
    seed: u64,
    max_steps: u32,
    samples: u32,
) -> Result<(), String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut chooser = Pcg64Mcg::seed_from_u64(seed ^ 0x2545_f491_4f6c_dd1d);
    let mut sampler = Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut game = G::new(config, players, &mut rng).map_err(|e| format!("config: {e}"))?;
    let mut mask = alloc::vec![false; game.num_actions()];
    let mut events = Vec::new();
    for _ in 0..=max_steps {
        let turn = game.turn();
        for p in PlayerId::all(players) {
            let view = game.info_state(p);
            for k in 0..samples {
                let mut sample = G::sample_state(&view, &mut sampler)
                    .ok_or_else(|| format!("turn {turn}: no state sampled for {p:?}"))?;
                if sample.info_state(p) != view {
                    return Err(format!(
                        "turn {turn}: sample {k} for {p:?} is not consistent with the view:\n\
                         view {view:?}\nsampled state's {:?}",
                        sample.info_state(p)
                    ));
                }
                if sample.turn() != turn || sample.to_act().players() != game.to_act().players() {
                    return Err(format!(
                        "turn {turn}: sample {k} for {p:?} is at turn {} with {:?} to act, not {:?}",
                        sample.turn(),
                        sample.to_act(),
                        game.to_act()
                    ));
                }
                for _ in 0..3 {
                    if sample.to_act().is_over() {
                        break;
                    }
                    let actions = masked_actions(&sample, &mut mask, &mut chooser)?;
                    events.clear();
                    sample
                        .step(&actions, &mut rng.clone(), &mut events)
                        .map_err(|e| format!("turn {turn}: sample {k} for {p:?} refused: {e}"))?;
                }
            }
        }
        if game.to_act().is_over() {
            break;
        }
        let actions = masked_actions(&game, &mut mask, &mut chooser)?;
        events.clear();
        game.step(&actions, &mut rng, &mut events)
            .map_err(|e| format!("turn {turn}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{distance, lab};
    use crate::scene::{SEAT_COLOUR_GAP, SEAT_COLOURS};

    #[test]
    fn seat_colours_are_apart_and_the_old_crimson_was_not() {
        // The viewer's seat 1 used to be hsl(347.5, 70%, 42%): a naval ship's damaged cell.
        let old = distance(lab("#b6203f").unwrap(), lab("#c0392b").unwrap());
        assert!(old < SEAT_COLOUR_GAP, "{old}");
        for (i, a) in SEAT_COLOURS.iter().enumerate() {
            for b in &SEAT_COLOURS[i + 1..] {
                let gap = distance(lab(a).unwrap(), lab(b).unwrap());
                assert!(gap >= 20.0, "{a} and {b}: {gap}");
            }
        }
        assert_eq!(lab("#fff").map(|l| l[0].round()), Some(100.0));
        assert_eq!(lab("crimson"), None);
        assert_eq!(lab("#12345"), None);
    }
}
