//! Rule cases: one small hand-built position ([`Scenario`]) per sentence of the rulebook
//! (`RULES.md`), with the events each must produce.

use koth_engine_core::{Contest, Coord, Dir4, Game, PlayerId, SeedableRng, StepError, ToAct};
use koth_tanks::{Action, Config, ConfigError, EndReason, Event, Scenario, Tanks, protocol};
use rand_pcg::Pcg64Mcg;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);
const P2: PlayerId = PlayerId(2);
const P3: PlayerId = PlayerId(3);

fn c(x: i32, y: i32) -> Coord {
    Coord::new(x, y)
}

/// A game on a `side` x `side` torus with tanks at `positions` (seat order).
fn game(side: u16, positions: &[(i32, i32)]) -> Tanks {
    Scenario::torus(side)
        .tanks(positions.iter().map(|&(x, y)| c(x, y)))
        .build()
        .expect("valid test position")
}

/// Actions from wire words; anything else (say `--`) is `Idle`.
fn acts(words: &[&str]) -> Vec<Action> {
    words
        .iter()
        .map(|w| protocol::action_or_idle(w.as_bytes()))
        .collect()
}

/// Plays one tick with RNG seed `seed` and returns its events.
fn tick_seeded(game: &mut Tanks, words: &[&str], seed: u64) -> Vec<Event> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut events = Vec::new();
    game.step(&acts(words), &mut rng, &mut events)
        .expect("step");
    events
}

fn tick(game: &mut Tanks, words: &[&str]) -> Vec<Event> {
    tick_seeded(game, words, 0)
}

fn moved(tank: PlayerId, from: (i32, i32), to: (i32, i32)) -> Event {
    Event::Moved {
        tank,
        from: c(from.0, from.1),
        to: c(to.0, to.1),
    }
}

fn shot(tank: PlayerId, dir: Dir4, hit: Option<PlayerId>) -> Event {
    Event::Shot { tank, dir, hit }
}

// ---- Board ----

#[test]
fn the_default_side_is_the_number_of_players_and_placement_uses_distinct_rows_and_columns() {
    for seed in 0..50 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let n = 2 + (seed as usize % 9);
        let g = Tanks::new(&Config::default(), n, &mut rng).unwrap();
        assert_eq!(usize::from(g.side()), n);
        let squares: Vec<Coord> = PlayerId::all(n).map(|p| g.position(p).unwrap()).collect();
        for (i, a) in squares.iter().enumerate() {
            for b in &squares[i + 1..] {
                assert!(
                    a.x != b.x && a.y != b.y,
                    "seed {seed}: {a} and {b} share a line"
                );
            }
        }
        // Same seed, same placement.
        let mut again = Pcg64Mcg::seed_from_u64(seed);
        assert_eq!(Tanks::new(&Config::default(), n, &mut again).unwrap(), g);
    }
}

#[test]
fn placement_on_a_larger_side_still_uses_distinct_rows_and_columns() {
    let config = Config {
        side: Some(40),
        ..Config::default()
    };
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let g = Tanks::new(&config, 30, &mut rng).unwrap();
    let mut xs: Vec<i32> = g
        .living()
        .iter()
        .map(|&p| g.position(p).unwrap().x)
        .collect();
    let mut ys: Vec<i32> = g
        .living()
        .iter()
        .map(|&p| g.position(p).unwrap().y)
        .collect();
    xs.sort();
    xs.dedup();
    ys.sort();
    ys.dedup();
    assert_eq!((xs.len(), ys.len()), (30, 30));
    assert!(xs.iter().chain(&ys).all(|&v| (0..40).contains(&v)));
}

#[test]
fn y_grows_up_and_every_edge_wraps() {
    let mut g = game(4, &[(0, 0), (3, 3), (1, 2), (2, 1)]);
    let events = tick(&mut g, &["md", "mu", "ml", "mr"]);
    assert_eq!(
        events,
        [
            moved(P0, (0, 0), (0, 3)),
            moved(P1, (3, 3), (3, 0)),
            moved(P2, (1, 2), (0, 2)),
            moved(P3, (2, 1), (3, 1)),
        ]
    );
    let events = tick(&mut g, &["ml", "mr", "mu", "md"]);
    assert_eq!(
        events,
        [
            moved(P0, (0, 3), (3, 3)),
            moved(P1, (3, 0), (0, 0)),
            moved(P2, (0, 2), (0, 3)),
            moved(P3, (3, 1), (3, 0)),
        ]
    );
}

#[test]
fn config_refusals_are_typed() {
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    assert!(matches!(
        Tanks::new(&Config::default(), 1, &mut rng),
        Err(ConfigError::Players(1))
    ));
    let bad = Config {
        side: Some(2),
        ..Config::default()
    };
    assert!(matches!(
        Tanks::new(&bad, 3, &mut rng),
        Err(ConfigError::Side {
            side: 2,
            players: 3
        })
    ));
}

// ---- Moves: contests ----

#[test]
fn a_contested_square_goes_to_one_contender_drawn_from_the_rng() {
    // Three tanks around the empty square (2, 2) all step into it.
    let position = [(1, 2), (3, 2), (2, 1)];
    let mut wins = [0u32; 3];
    for seed in 0..300 {
        let mut g = game(5, &position);
        let events = tick_seeded(&mut g, &["mr", "ml", "mu"], seed);
        let winners: Vec<PlayerId> = events
            .iter()
            .filter_map(|e| match e {
                Event::Moved { tank, to, .. } if *to == c(2, 2) => Some(*tank),
                _ => None,
            })
            .collect();
        assert_eq!(winners.len(), 1, "seed {seed}: {events:?}");
        let w = winners[0];
        wins[w.index()] += 1;
        for loser in [P0, P1, P2].into_iter().filter(|&p| p != w) {
            assert!(events.contains(&Event::LostContest {
                tank: loser,
                to: c(2, 2),
                winner: w
            }));
            assert_eq!(
                g.position(loser),
                Some(c(position[loser.index()].0, position[loser.index()].1))
            );
        }
        // Deterministic for a seed.
        let mut again = game(5, &position);
        assert_eq!(tick_seeded(&mut again, &["mr", "ml", "mu"], seed), events);
    }
    assert!(
        wins.iter().all(|&w| (70..130).contains(&w)),
        "not uniform: {wins:?}"
    );
}

#[test]
fn the_contest_draw_comes_before_blocking() {
    // P0 and P1 both want (1, 0), where P2 stays: whoever wins the draw is blocked, and
    // the loser stays too.
    let mut g = game(3, &[(0, 0), (2, 0), (1, 0)]);
    let events = tick(&mut g, &["mr", "ml", "--"]);
    let winner = events
        .iter()
        .find_map(|e| match e {
            Event::LostContest { winner, .. } => Some(*winner),
            _ => None,
        })
        .unwrap();
    assert!(events.contains(&Event::Blocked {
        tank: winner,
        to: c(1, 0),
        by: P2
    }));
    assert_eq!(events.len(), 2);
    assert_eq!(g.position(P0), Some(c(0, 0)));
    assert_eq!(g.position(P1), Some(c(2, 0)));
}

#[test]
fn a_tick_without_contests_draws_nothing() {
    let mut g = game(4, &[(0, 0), (1, 1)]);
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let before = rng.clone();
    let mut events = Vec::new();
    g.step(&acts(&["mu", "sr"]), &mut rng, &mut events).unwrap();
    assert_eq!(rng, before);
}

// ---- Moves: chains, cycles, swaps ----

#[test]
fn a_chain_moves_into_a_square_its_occupant_vacates() {
    let mut g = game(5, &[(0, 0), (1, 0), (2, 0)]);
    let events = tick(&mut g, &["mr", "mr", "mr"]);
    assert_eq!(
        events,
        [
            moved(P0, (0, 0), (1, 0)),
            moved(P1, (1, 0), (2, 0)),
            moved(P2, (2, 0), (3, 0)),
        ]
    );
}

#[test]
fn a_chain_behind_a_tank_that_stays_stays() {
    let mut g = game(5, &[(0, 0), (1, 0), (2, 0)]);
    let events = tick(&mut g, &["mr", "mr", "su"]);
    assert_eq!(
        events[..2],
        [
            Event::Blocked {
                tank: P0,
                to: c(1, 0),
                by: P1
            },
            Event::Blocked {
                tank: P1,
                to: c(2, 0),
                by: P2
            },
        ]
    );
    assert_eq!(g.position(P0), Some(c(0, 0)));
}

#[test]
fn a_three_cycle_moves() {
    // On a 3 x 3 torus row 0 is full: all three step right and each enters the square the
    // next one leaves (the last wraps round to the first).
    let mut g = game(3, &[(0, 0), (1, 0), (2, 0)]);
    let events = tick(&mut g, &["mr", "mr", "mr"]);
    assert_eq!(
        events,
        [
            moved(P0, (0, 0), (1, 0)),
            moved(P1, (1, 0), (2, 0)),
            moved(P2, (2, 0), (0, 0)),
        ]
    );
    assert_eq!(g.occupant(c(0, 0)), Some(P2));
}

#[test]
fn a_four_cycle_around_a_block_moves() {
    // Four tanks on a 2 x 2 block rotate clockwise (y up).
    let mut g = game(5, &[(1, 1), (1, 2), (2, 2), (2, 1)]);
    let events = tick(&mut g, &["mu", "mr", "md", "ml"]);
    assert_eq!(
        events,
        [
            moved(P0, (1, 1), (1, 2)),
            moved(P1, (1, 2), (2, 2)),
            moved(P2, (2, 2), (2, 1)),
            moved(P3, (2, 1), (1, 1)),
        ]
    );
}

#[test]
fn a_swap_of_two_neighbours_is_cancelled() {
    // P0 and P1 want each other's squares: both stay. P2 follows P0 up column 1 and is
    // blocked by it.
    let mut g = game(5, &[(1, 0), (2, 0), (1, 4)]);
    let events = tick(&mut g, &["mr", "ml", "mu"]);
    let contest = events
        .iter()
        .find(|e| matches!(e, Event::LostContest { .. }))
        .copied();
    // P2 also wants (1, 0): it contests the square with P1, and the draw came first.
    match contest {
        Some(Event::LostContest { tank, winner, .. }) if tank == P2 => {
            assert_eq!(winner, P1);
            assert_eq!(
                events,
                [
                    Event::SwapCancelled { tank: P0, with: P1 },
                    Event::SwapCancelled { tank: P1, with: P0 },
                    Event::LostContest {
                        tank: P2,
                        to: c(1, 0),
                        winner: P1
                    },
                ]
            );
        }
        other => panic!("seed 0 should give the square to P1, got {other:?}"),
    }
    assert_eq!(g.position(P0), Some(c(1, 0)));
    assert_eq!(g.position(P1), Some(c(2, 0)));
    // Without a contest: a plain swap.
    let mut g = game(5, &[(1, 1), (1, 2), (4, 4)]);
    let events = tick(&mut g, &["mu", "md", "--"]);
    assert_eq!(
        events,
        [
            Event::SwapCancelled { tank: P0, with: P1 },
            Event::SwapCancelled { tank: P1, with: P0 },
        ]
    );
}

#[test]
fn a_contest_loser_that_would_have_swapped_blocks_instead() {
    // As above, but the draw gives (1, 0) to P2: P1 lost and stays, so P0 is blocked by
    // P1 and P2 by P0 — nobody moves. Find a seed with that draw.
    let seed = (0..100)
        .find(|&seed| {
            let mut g = game(5, &[(1, 0), (2, 0), (1, 4)]);
            let events = tick_seeded(&mut g, &["mr", "ml", "mu"], seed);
            events.contains(&Event::LostContest {
                tank: P1,
                to: c(1, 0),
                winner: P2,
            })
        })
        .expect("some seed gives the square to P2");
    let mut g = game(5, &[(1, 0), (2, 0), (1, 4)]);
    let events = tick_seeded(&mut g, &["mr", "ml", "mu"], seed);
    assert_eq!(
        events,
        [
            Event::Blocked {
                tank: P0,
                to: c(2, 0),
                by: P1
            },
            Event::LostContest {
                tank: P1,
                to: c(1, 0),
                winner: P2
            },
            Event::Blocked {
                tank: P2,
                to: c(1, 0),
                by: P0
            },
        ]
    );
}

#[test]
fn a_swap_across_the_edge_of_a_side_two_torus_is_cancelled() {
    // On a 2 x 2 torus both tanks stepping right would swap squares (one round the edge).
    let mut g = game(2, &[(0, 0), (1, 0)]);
    let events = tick(&mut g, &["mr", "mr"]);
    assert_eq!(
        events,
        [
            Event::SwapCancelled { tank: P0, with: P1 },
            Event::SwapCancelled { tank: P1, with: P0 },
        ]
    );
}

// ---- Shots ----

#[test]
fn a_shell_destroys_the_first_tank_along_its_line_only() {
    let mut g = game(6, &[(0, 0), (2, 0), (4, 0)]);
    let events = tick(&mut g, &["sr", "--", "--"]);
    assert_eq!(
        events,
        [
            shot(P0, Dir4::Right, Some(P1)),
            Event::Destroyed { tank: P1, by: P0 },
        ]
    );
    assert!(g.is_alive(P2) && !g.is_alive(P1));
    assert_eq!(g.destroyed_at(P1), Some(1));
    assert_eq!(g.kills(P0), 1);
}

#[test]
fn a_shell_wraps_round_the_torus() {
    // Fired left from (1, 2) the shell leaves the edge and meets the tank at (3, 2).
    let mut g = game(5, &[(1, 2), (3, 2)]);
    let events = tick(&mut g, &["sl", "--"]);
    assert_eq!(events[0], shot(P0, Dir4::Left, Some(P1)));
    // Fired down from (0, 0) it wraps to the top row: (0, 3) is reached.
    let mut g = game(4, &[(0, 0), (0, 3)]);
    let events = tick(&mut g, &["sd", "--"]);
    assert_eq!(events[0], shot(P0, Dir4::Down, Some(P1)));
}

#[test]
fn a_shell_that_wraps_back_to_its_shooter_does_nothing() {
    let mut g = game(4, &[(1, 1), (2, 2)]);
    let events = tick(&mut g, &["sr", "su"]);
    assert_eq!(
        events,
        [shot(P0, Dir4::Right, None), shot(P1, Dir4::Up, None)]
    );
    assert_eq!(g.living(), &[P0, P1]);
    assert_eq!(g.to_act(), ToAct::Simultaneous(&[P0, P1]));
}

#[test]
fn two_tanks_destroy_each_other() {
    let mut g = game(5, &[(0, 1), (0, 3), (4, 4)]);
    let events = tick(&mut g, &["su", "su", "--"]);
    assert_eq!(
        events,
        [
            shot(P0, Dir4::Up, Some(P1)),
            // Up from (0, 3): (0, 4), then round to (0, 0) and (0, 1).
            shot(P1, Dir4::Up, Some(P0)),
            Event::Destroyed { tank: P0, by: P1 },
            Event::Destroyed { tank: P1, by: P0 },
            Event::Ended(EndReason::LastTankStanding),
        ]
    );
}

#[test]
fn a_tank_that_moves_out_of_the_line_of_fire_survives() {
    // P1 leaves row 0 before the shell is traced.
    let mut g = game(5, &[(0, 0), (3, 0), (4, 4)]);
    let events = tick(&mut g, &["sr", "mu", "--"]);
    assert_eq!(
        events,
        [moved(P1, (3, 0), (3, 1)), shot(P0, Dir4::Right, None)]
    );
    assert!(g.is_alive(P1));
}

#[test]
fn a_tank_that_moves_into_the_line_of_fire_is_hit() {
    let mut g = game(5, &[(0, 0), (3, 1), (4, 4)]);
    let events = tick(&mut g, &["sr", "md", "--"]);
    assert_eq!(
        events[..2],
        [moved(P1, (3, 1), (3, 0)), shot(P0, Dir4::Right, Some(P1))]
    );
    assert!(!g.is_alive(P1));
}

#[test]
fn a_shield_that_moves_away_exposes_the_tank_behind_it() {
    let mut g = game(6, &[(0, 0), (2, 0), (4, 0)]);
    let events = tick(&mut g, &["sr", "mu", "--"]);
    assert_eq!(events[1], shot(P0, Dir4::Right, Some(P2)));
    assert!(g.is_alive(P1) && !g.is_alive(P2));
}

#[test]
fn a_destroyed_shooter_still_fires_and_every_hitter_is_credited() {
    // P0 and P2 both hit P1 from either side along row 0; P1 hits P2 before it goes.
    let mut g = game(7, &[(0, 0), (2, 0), (4, 0), (6, 6)]);
    let events = tick(&mut g, &["sr", "sr", "sl", "--"]);
    assert_eq!(
        events,
        [
            shot(P0, Dir4::Right, Some(P1)),
            shot(P1, Dir4::Right, Some(P2)),
            shot(P2, Dir4::Left, Some(P1)),
            Event::Destroyed { tank: P1, by: P0 },
            Event::Destroyed { tank: P2, by: P1 },
        ]
    );
    assert_eq!((g.kills(P0), g.kills(P1), g.kills(P2)), (1, 1, 1));
    assert_eq!(g.living(), &[P0, P3]);
}

// ---- End and ranking ----

#[test]
fn tanks_destroyed_in_the_same_tick_share_a_place_below_later_ones() {
    let mut g = game(8, &[(0, 0), (3, 3), (0, 5), (3, 0)]);
    // Tick 1: P0 fires up its column at P2 while P3 fires left along row 0 at P0.
    let events = tick(&mut g, &["su", "--", "--", "sl"]);
    assert_eq!(
        events,
        [
            shot(P0, Dir4::Up, Some(P2)),
            shot(P3, Dir4::Left, Some(P0)),
            Event::Destroyed { tank: P0, by: P3 },
            Event::Destroyed { tank: P2, by: P0 },
        ]
    );
    // Tick 2: P1 fires down column 3 at P3.
    let events = tick(&mut g, &["sd", "--"]);
    assert_eq!(
        events,
        [
            shot(P1, Dir4::Down, Some(P3)),
            Event::Destroyed { tank: P3, by: P1 },
            Event::Ended(EndReason::LastTankStanding),
        ]
    );
    let o = g.outcome().expect("over");
    // Survivor first, the tank destroyed in tick 2 second, the two of tick 1 share third.
    assert_eq!(o.places().values(), &[3, 1, 3, 2]);
    // Scores are kills.
    assert_eq!(o.scores().values(), &[1, 1, 0, 1]);
    assert_eq!(
        (g.destroyed_at(P0), g.destroyed_at(P1), g.destroyed_at(P3)),
        (Some(1), None, Some(2))
    );
}

#[test]
fn places_are_dense_the_tank_destroyed_last_is_second_even_when_several_survived() {
    // Lifetimes [survived, tick 1, tick 2, tick 2, survived] give places [1, 3, 2, 2, 1]
    // (the seed's "second placed ... destroyed last"), not competition ranks [1, 5, 3, 3, 1].
    let config = Config {
        side: Some(10),
        max_ticks: 2,
        ..Config::default()
    };
    let mut g = Scenario::new(config)
        .tanks([c(0, 0), c(0, 3), c(5, 0), c(9, 4), c(9, 9)])
        .build()
        .unwrap();
    let events = tick(&mut g, &["su", "--", "--", "--", "--"]);
    assert_eq!(
        events,
        [
            shot(P0, Dir4::Up, Some(P1)),
            Event::Destroyed { tank: P1, by: P0 }
        ]
    );
    let events = tick(&mut g, &["sr", "--", "--", "sd"]);
    assert_eq!(
        events,
        [
            shot(P0, Dir4::Right, Some(P2)),
            shot(PlayerId(4), Dir4::Down, Some(P3)),
            Event::Destroyed { tank: P2, by: P0 },
            Event::Destroyed {
                tank: P3,
                by: PlayerId(4)
            },
            Event::Ended(EndReason::TickLimit),
        ]
    );
    let o = g.outcome().unwrap();
    assert_eq!(o.places().values(), &[1, 3, 2, 2, 1]);
}

#[test]
fn the_game_ends_at_one_tank() {
    let mut g = game(3, &[(0, 0), (1, 0)]);
    let events = tick(&mut g, &["sr", "mu"]);
    assert_eq!(
        events,
        [moved(P1, (1, 0), (1, 1)), shot(P0, Dir4::Right, None)]
    );
    let events = tick(&mut g, &["mu", "--"]);
    assert_eq!(events, [moved(P0, (0, 0), (0, 1))]);
    let events = tick(&mut g, &["sr", "--"]);
    assert_eq!(
        events,
        [
            shot(P0, Dir4::Right, Some(P1)),
            Event::Destroyed { tank: P1, by: P0 },
            Event::Ended(EndReason::LastTankStanding),
        ]
    );
    assert_eq!(g.to_act(), ToAct::Nobody);
    let o = g.outcome().unwrap();
    assert_eq!(o.winner(), Some(P0));
    assert_eq!(o.places().values(), &[1, 2]);
}

#[test]
fn when_the_last_tanks_destroy_each_other_they_share_first_place() {
    let mut g = game(3, &[(0, 0), (2, 0)]);
    let events = tick(&mut g, &["sr", "sr"]);
    assert_eq!(events.last(), Some(&Event::Ended(EndReason::NoneLeft)));
    assert_eq!(g.outcome().unwrap().places().values(), &[1, 1]);
    assert!(g.living().is_empty());
}

#[test]
fn the_tick_limit_ends_the_game_and_survivors_share_first_place() {
    let config = Config {
        side: Some(5),
        max_ticks: 3,
        ..Config::default()
    };
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut g = Scenario::new(config)
        .tanks([c(0, 0), c(2, 2), c(4, 1)])
        .build()
        .unwrap();
    let mut events = Vec::new();
    g.step(&acts(&["--", "--", "--"]), &mut rng, &mut events)
        .unwrap();
    g.step(&acts(&["--", "--", "md"]), &mut rng, &mut events)
        .unwrap();
    assert!(g.outcome().is_none());
    assert_eq!(g.turn(), 2);
    events.clear();
    // Tick 3: P0 fires left round the edge and destroys P2, now at (4, 0); then the limit.
    g.step(&acts(&["sl", "--", "--"]), &mut rng, &mut events)
        .unwrap();
    assert_eq!(g.turn(), 3);
    assert_eq!(
        events,
        [
            shot(P0, Dir4::Left, Some(P2)),
            Event::Destroyed { tank: P2, by: P0 },
            Event::Ended(EndReason::TickLimit),
        ]
    );
    let o = g.outcome().unwrap();
    assert_eq!(o.places().values(), &[1, 1, 2]);
    let before = g.clone();
    assert_eq!(
        g.step(&acts(&["--", "--"]), &mut rng, &mut events),
        Err(StepError::GameOver)
    );
    assert_eq!(g, before);
}

// ---- Refusals ----

#[test]
fn a_refused_step_changes_nothing() {
    let mut g = game(4, &[(0, 0), (1, 1), (2, 2)]);
    let before = g.clone();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut events = Vec::new();
    assert_eq!(
        g.step(&acts(&["mu", "mu"]), &mut rng, &mut events),
        Err(StepError::WrongActionCount {
            expected: 3,
            got: 2
        })
    );
    assert_eq!(g, before);
    assert!(events.is_empty());
}

#[test]
fn a_destroyed_tank_is_no_longer_asked_and_no_longer_seen() {
    let mut g = game(4, &[(0, 0), (2, 0), (3, 3)]);
    tick(&mut g, &["sr", "--", "--"]);
    assert_eq!(g.to_act(), ToAct::Simultaneous(&[P0, P2]));
    let o = g.observe(P1);
    assert_eq!(o.you, 1);
    assert_eq!(o.me(), None);
    assert_eq!(protocol::format_observation(&o), "1;4;0,0,0;2,3,3");
    let mut legal = Vec::new();
    assert!(g.legal_actions(P1, &mut legal));
    assert!(legal.is_empty());
    assert!(g.legal_actions(P0, &mut legal));
    assert_eq!(legal, Action::ALL);
}

// ---- Observation ----

#[test]
fn the_observation_is_the_seeds_line_with_host_ids_in_ascending_order() {
    // The seed's picture, with seats deliberately out of id order.
    let config = Config {
        side: Some(3),
        ids: Some(vec![9999, 50000, 0]),
        ..Config::default()
    };
    let g = Scenario::new(config)
        .tanks([c(2, 1), c(1, 0), c(0, 2)])
        .build()
        .unwrap();
    assert_eq!(
        protocol::format_observation(&g.observe(P0)),
        "9999;3;0,0,2;9999,2,1;50000,1,0"
    );
    assert_eq!(g.seat_of(50000), Some(P1));
    assert_eq!(g.id(P2), Some(0));
    assert_eq!(g.render(), "2..\n..0\n.1.");
}
