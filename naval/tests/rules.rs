//! Rule cases: hand-built seas with the expected events, one or more per sentence of the
//! rulebook (`RULES.md`), named after the rule.

mod common;

use common::*;
use koth_engine_core::{Game, PlayerId, SeedableRng, StepError, ToAct};
use koth_naval::protocol::observation_line;
use koth_naval::{
    Cause, Config, ConfigError, EndReason, Event, Naval, Obstacle, Orders, Refusal, ScenarioError,
    SightCell, Start,
};
use rand_pcg::Pcg64Mcg;

fn refused(events: &[Event], index: u8) -> Option<Refusal> {
    events.iter().find_map(|e| match e {
        Event::Refused {
            index: i, reason, ..
        } if *i == index => Some(*reason),
        _ => None,
    })
}

fn hits(events: &[Event]) -> Vec<(PlayerId, koth_naval::Coord, PlayerId, Cause)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Hit {
                ship,
                cell,
                by,
                cause,
            } => Some((ship, cell, by, cause)),
            _ => None,
        })
        .collect()
}

// ================================================================== setup

#[test]
fn grid_side_is_30_plus_the_number_of_players() {
    for players in [2, 3, 8, 100] {
        let g = Naval::new(&Config::default(), players, &mut Pcg64Mcg::seed_from_u64(1)).unwrap();
        assert_eq!(g.side() as usize, 30 + players);
    }
    for players in [0, 1, 101] {
        assert_eq!(
            Naval::new(&Config::default(), players, &mut Pcg64Mcg::seed_from_u64(1)),
            Err(ConfigError::Players(players))
        );
    }
}

#[test]
fn the_five_classes_have_the_seed_numbers() {
    let table = [
        (Destroyer, 1, 2, 3, 1, 9, 4),
        (Submarine, 2, 3, 2, 1, 5, 4),
        (Cruiser, 3, 3, 1, 2, 9, 2),
        (Battleship, 4, 4, 1, 3, 7, 1),
        (Carrier, 5, 5, 1, 1, 7, 3),
    ];
    for (class, id, len, moves, shots, range, mines) in table {
        assert_eq!(
            (
                class.id(),
                class.length(),
                class.moves(),
                class.shots(),
                class.range(),
                class.mines()
            ),
            (id, len, moves, shots, range, mines)
        );
        // The observation tells the same numbers.
        let g = sea(2)
            .ship(0, class, 5, 5, Up)
            .ship(1, Destroyer, 20, 20, Up)
            .build();
        let o = g.observe(P0);
        assert_eq!(
            (o.hull.len() as u8, o.moves, o.shots, o.mines),
            (len, moves, shots, mines)
        );
        assert_eq!(o.class(), Some(class));
    }
}

#[test]
fn the_hull_extends_behind_the_head_with_y_growing_downward() {
    let g = sea(2)
        .ship(0, Cruiser, 5, 5, Up)
        .ship(1, Cruiser, 20, 20, Right)
        .build();
    let cells = |p| g.ship(p).unwrap().cells().collect::<Vec<_>>();
    assert_eq!(cells(P0), [c(5, 5), c(5, 6), c(5, 7)]);
    assert_eq!(cells(P1), [c(20, 20), c(19, 20), c(18, 20)]);
    let g = sea(2)
        .ship(0, Cruiser, 5, 5, Down)
        .ship(1, Cruiser, 20, 20, Left)
        .build();
    let cells = |p| g.ship(p).unwrap().cells().collect::<Vec<_>>();
    assert_eq!(cells(P0), [c(5, 5), c(5, 4), c(5, 3)]);
    assert_eq!(cells(P1), [c(20, 20), c(21, 20), c(22, 20)]);
    // Moving "up" decreases y.
    let mut g = sea(2)
        .ship(0, Cruiser, 5, 5, Up)
        .ship(1, Cruiser, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "M");
    assert!(ev.contains(&Event::Moved {
        ship: P0,
        back: false,
        head: c(5, 4)
    }));
}

#[test]
fn random_starts_put_every_hull_cell_on_the_grid_and_free() {
    for seed in 0..200 {
        let players = 2 + (seed as usize % 12);
        let g = Naval::new(
            &Config::default(),
            players,
            &mut Pcg64Mcg::seed_from_u64(seed),
        )
        .unwrap();
        let mut seen = std::collections::HashSet::new();
        for p in PlayerId::all(players) {
            for cell in g.ship(p).unwrap().cells() {
                assert!(g.size().contains(cell), "seed {seed}: {cell} off the grid");
                assert!(seen.insert(cell), "seed {seed}: {cell} taken twice");
            }
        }
    }
}

#[test]
fn starts_are_seeded() {
    let a = Naval::new(&Config::default(), 6, &mut Pcg64Mcg::seed_from_u64(9)).unwrap();
    let b = Naval::new(&Config::default(), 6, &mut Pcg64Mcg::seed_from_u64(9)).unwrap();
    let other = Naval::new(&Config::default(), 6, &mut Pcg64Mcg::seed_from_u64(10)).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, other);
}

#[test]
fn missing_class_entries_cycle_through_the_classes() {
    let g = Naval::new(&Config::default(), 7, &mut Pcg64Mcg::seed_from_u64(3)).unwrap();
    let classes: Vec<_> = PlayerId::all(7)
        .map(|p| g.ship(p).unwrap().class())
        .collect();
    assert_eq!(
        classes,
        [
            Destroyer, Submarine, Cruiser, Battleship, Carrier, Destroyer, Submarine
        ]
    );
}

#[test]
fn a_bad_class_choice_means_no_ship_no_turns_and_score_0() {
    let mut config = Config::default();
    config.set_class(1, None);
    let mut g = Naval::new(&config, 3, &mut Pcg64Mcg::seed_from_u64(5)).unwrap();
    assert!(g.ship(P1).is_none());
    assert!(!g.order().contains(&P1));
    assert_eq!(
        g.observe(P1)
            .map
            .cells()
            .iter()
            .filter(|c| **c == SightCell::Unknown)
            .count(),
        361
    );
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut events = Vec::new();
    while let ToAct::One(p) = g.to_act() {
        assert_ne!(p, P1, "a seat without a ship never acts");
        g.step(&[Orders::wait()], &mut rng, &mut events).unwrap();
    }
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.score(P1), 0);
    let stats = g.stats(P1);
    assert_eq!((stats.class, stats.alive, g.score(P1)), (None, false, 0));
}

#[test]
fn ships_may_touch_and_fixed_starts_must_fit() {
    // Touching ships are fine.
    let g = sea(2)
        .ship(0, Cruiser, 5, 5, Up)
        .ship(1, Cruiser, 6, 5, Up)
        .build();
    assert_eq!(g.ship(P1).unwrap().head(), c(6, 5));
    let scenario = sea(2).ship(0, Cruiser, 5, 5, Up).0;
    let with = |start| scenario.clone().ship(1, Cruiser, start);
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    assert_eq!(
        with(Start::new(5, 6, Up)).build(&mut rng),
        Err(ScenarioError::StartBlocked {
            seat: 1,
            cell: c(5, 6)
        })
    );
    assert!(with(Start::new(0, 31, Down)).build(&mut rng).is_ok());
    assert!(matches!(
        with(Start::new(0, 1, Down)).build(&mut rng),
        Err(ScenarioError::StartOffGrid { seat: 1, .. })
    ));
}

// ================================================================== rounds and turns

#[test]
fn each_round_shuffles_the_ships_afloat() {
    let mut g = Naval::new(&Config::default(), 5, &mut Pcg64Mcg::seed_from_u64(2)).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let mut orders_seen = std::collections::HashSet::new();
    let mut events = Vec::new();
    for round in 1..=20u32 {
        assert_eq!(g.round(), round);
        let mut order = g.order().to_vec();
        orders_seen.insert(order.clone());
        // Each ship takes its turn in this order.
        for &p in &order.clone() {
            assert_eq!(g.to_act(), ToAct::One(p));
            events.clear();
            g.step(&[Orders::wait()], &mut rng, &mut events).unwrap();
        }
        // The last turn of a round announces the next one.
        let Event::RoundStarted {
            round: r,
            order: next,
        } = events.last().unwrap().clone()
        else {
            panic!("no new round after {events:?}")
        };
        assert_eq!(r, round + 1);
        order.sort();
        let mut sorted = next.clone();
        sorted.sort();
        assert_eq!(sorted, order, "a permutation of the ships afloat");
    }
    assert!(
        orders_seen.len() > 10,
        "the order changes from round to round"
    );
}

#[test]
fn ships_sunk_during_a_round_lose_their_turn_and_leave_the_order() {
    // P0 sinks the Destroyer P1 (2 shots over 2 turns is too slow: a Battleship fires 3).
    let mut g = sea(3)
        .ship(0, Battleship, 5, 5, Up)
        .ship(1, Destroyer, 5, 2, Up)
        .ship(2, Destroyer, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "F+0-3F+0-2");
    assert!(ev.contains(&Event::Sunk { ship: P1, by: P0 }));
    assert!(g.to_act() != ToAct::One(P1));
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut events = Vec::new();
    for _ in 0..10 {
        assert_ne!(g.to_act(), ToAct::One(P1));
        g.step(&[Orders::wait()], &mut rng, &mut events).unwrap();
    }
    assert!(!g.order().contains(&P1));
}

#[test]
fn later_ships_see_earlier_results() {
    let mut g = sea(2)
        .ship(0, Cruiser, 5, 5, Up)
        .ship(1, Cruiser, 8, 5, Up)
        .build();
    act(&mut g, 0, "F+3+0");
    assert_eq!(g.observe(P1).map.at(0, 0), SightCell::Own);
    assert_eq!(hull(&g, P1), "011");
    assert_eq!(g.observe(P0).map.at(3, 0), SightCell::EnemyDamaged);
}

#[test]
fn the_start_of_a_turn_resets_moves_and_shots_and_cools_the_skill() {
    let mut g = sea(2)
        .ship(0, Battleship, 5, 5, Up)
        .ship(1, Cruiser, 20, 20, Up)
        .build();
    act(&mut g, 0, "DM");
    for expected in [2, 1, 0, 0] {
        // The ship's next turn has started: full budgets, cooldown one less.
        act_until(&mut g, 0);
        let ship = g.ship(P0).unwrap();
        assert_eq!((ship.moves_left(), ship.shots_left()), (1, 3));
        assert_eq!(ship.cooldown(), expected);
        assert_eq!(g.observe(P0).cooldown, expected);
        act(&mut g, 0, "W");
    }
}

/// Lets the others wait until `seat` is to act (without acting for it).
fn act_until(g: &mut Naval, seat: u8) {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut events = Vec::new();
    while g.to_act() != ToAct::One(PlayerId(seat)) {
        g.step(&[Orders::wait()], &mut rng, &mut events).unwrap();
    }
}

// ================================================================== end

#[test]
fn the_game_ends_after_the_last_round() {
    let mut g = sea(3)
        .ship(0, Cruiser, 5, 5, Up)
        .ship(1, Cruiser, 15, 5, Up)
        .ship(2, Cruiser, 25, 5, Up)
        .rounds(2)
        .build();
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut events = Vec::new();
    let mut turns = 0;
    while let ToAct::One(_) = g.to_act() {
        events.clear();
        g.step(&[Orders::wait()], &mut rng, &mut events).unwrap();
        turns += 1;
    }
    assert_eq!(turns, 6);
    assert_eq!(
        events.last(),
        Some(&Event::Ended {
            reason: EndReason::RoundLimit
        })
    );
    assert_eq!(g.end(), Some(EndReason::RoundLimit));
    assert_eq!(
        g.step(&[Orders::wait()], &mut rng, &mut events),
        Err(StepError::GameOver)
    );
    // All alive, all zero: everyone shares first place.
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.places().values(), &[1, 1, 1]);
}

#[test]
fn the_game_ends_as_soon_as_one_ship_is_afloat() {
    let mut g = sea(2)
        .ship(0, Battleship, 5, 5, Up)
        .ship(1, Destroyer, 5, 2, Up)
        .build();
    let ev = act(&mut g, 0, "F+0-3F+0-2M");
    // The rest of the turn still runs; the check comes after the turn.
    let tail: Vec<_> = rule_events(&ev).into_iter().rev().take(3).collect();
    assert_eq!(
        tail[0],
        Event::Ended {
            reason: EndReason::LastShipAfloat
        }
    );
    assert!(matches!(tail[1], Event::Moved { ship: P0, .. }));
    assert_eq!(g.to_act(), ToAct::Nobody);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(P0));
    // P0: 2 hits + 5 for the sinking; P1: 2 damage and dead.
    assert_eq!(outcome.scores().values(), &[7, -12]);
}

#[test]
fn the_game_ends_when_no_ship_is_afloat() {
    // Both Destroyers sit next to a mine; P0 shoots it: both sink in the blast.
    let mut g = sea(2)
        .ship(0, Destroyer, 5, 5, Right)
        .ship(1, Destroyer, 5, 7, Right)
        .mine(5, 6)
        .mine(4, 6)
        .build();
    let ev = act(&mut g, 0, "F+0+1");
    assert!(ev.contains(&Event::Sunk { ship: P0, by: P0 }));
    assert!(ev.contains(&Event::Sunk { ship: P1, by: P0 }));
    assert_eq!(
        ev.last(),
        Some(&Event::Ended {
            reason: EndReason::LastShipAfloat
        })
    );
    let s0 = g.stats(P0);
    // 2 hits on P1, 1 sunken, 2 damage to itself (no hit for those), dead.
    assert_eq!((s0.hits, s0.sunken, s0.damage, s0.alive), (2, 1, 2, false));
    assert_eq!(s0.score(), 2 + 5 - 2 - 10);
}

#[test]
fn a_sea_with_one_ship_is_over_at_once() {
    let g = sea(3).ship(1, Carrier, 5, 5, Up).build();
    assert_eq!(g.to_act(), ToAct::Nobody);
    assert_eq!(g.end(), Some(EndReason::LastShipAfloat));
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.scores().values(), &[0, 0, 0]);
}

// ================================================================== the input line

#[test]
fn the_input_line_matches_the_seeds_example() {
    // The seed: "This is round 1, you are player 8, your Cruiser is at (1, 12) facing up."
    let mut s = sea(9).ship(8, Cruiser, 1, 12, Up);
    for seat in 0..8 {
        s = s.ship(seat, Destroyer, 20 + 2 * seat as i32, 30, Up);
    }
    let g = s.build();
    let expected = "1;8;1,12,0;111;1,2,2,0;0,0,0;0,0,0;UUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUXXXX.......UUUUUUUUXXXX.......UUUUUUUUXXXX.......UUUUUUUUXXXX.......UUUUUUUUXXXX.......UUUUUUUUXXXX.O.....UUUUUUUUXXXX.O.....UUUUUUUUXXXX.O.....UUUUUUUUXXXX.......UUUUUUUUXXXX.......UUUUUUUUXXXX.......UUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUU";
    assert_eq!(observation_line(&g.observe(PlayerId(8))), expected);
}

#[test]
fn the_map_shows_5_cells_around_the_head_and_the_grid_edge_as_x() {
    let g = sea(2)
        .ship(0, Cruiser, 2, 5, Up)
        .ship(1, Destroyer, 7, 5, Up)
        .mine(2, 1)
        .wreck(4, 4)
        .build();
    let map = g.observe(P0).map;
    assert_eq!(map.at(0, 0), SightCell::Own);
    assert_eq!(map.at(0, 2), SightCell::Own);
    assert_eq!(map.at(5, 0), SightCell::Enemy);
    assert_eq!(map.at(5, 1), SightCell::Enemy);
    assert_eq!(map.at(0, -4), SightCell::Mine);
    assert_eq!(map.at(2, -1), SightCell::Wreck);
    assert_eq!(map.at(-3, 0), SightCell::OffGrid);
    assert_eq!(map.at(0, -5), SightCell::Water);
    assert_eq!(map.at(0, -6), SightCell::Unknown);
    assert_eq!(map.at(6, 0), SightCell::Unknown);
    assert_eq!(map.at(-6, 0), SightCell::Unknown, "U even off the grid");
    let line = observation_line(&g.observe(P0));
    let map_text = line.rsplit(';').next().unwrap();
    assert_eq!(map_text.len(), 361);
    assert_eq!(&map_text[180..181], "O", "the head is at index 180");
}

#[test]
fn damaged_enemy_cells_show_as_b() {
    let mut g = sea(2)
        .ship(0, Battleship, 5, 5, Up)
        .ship(1, Carrier, 8, 5, Up)
        .build();
    act(&mut g, 0, "F+3+1");
    let map = g.observe(P0).map;
    assert_eq!(map.at(3, 0), SightCell::Enemy);
    assert_eq!(map.at(3, 1), SightCell::EnemyDamaged);
}

// ================================================================== M and B

#[test]
fn m_and_b_move_one_cell_for_one_move() {
    let mut g = sea(2)
        .ship(0, Submarine, 10, 10, Right)
        .ship(1, Cruiser, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "MBB");
    let moved: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Moved { head, back, .. } => Some((*head, *back)),
            _ => None,
        })
        .collect();
    assert_eq!(moved, [(c(11, 10), false), (c(10, 10), true)]);
    assert_eq!(refused(&ev, 2), Some(Refusal::NoMovesLeft));
    assert_eq!(
        g.ship(P0).unwrap().cells().collect::<Vec<_>>(),
        [c(10, 10), c(9, 10), c(8, 10)]
    );
}

#[test]
fn moves_are_blocked_by_ships_wrecks_and_the_edge_and_cost_nothing() {
    let mut g = sea(2)
        .ship(0, Destroyer, 5, 5, Up)
        .ship(1, Cruiser, 6, 4, Right)
        .wreck(5, 7)
        .build();
    let ev = act(&mut g, 0, "MBCM");
    assert_eq!(
        refused(&ev, 0),
        Some(Refusal::Blocked {
            cell: c(5, 4),
            by: Obstacle::Ship
        })
    );
    assert_eq!(
        refused(&ev, 1),
        Some(Refusal::Blocked {
            cell: c(5, 7),
            by: Obstacle::Wreck
        })
    );
    // The refused orders cost nothing: after a free rotation the move still works.
    assert!(ev.contains(&Event::Moved {
        ship: P0,
        back: false,
        head: c(6, 5)
    }));
    let mut g = sea(2)
        .ship(0, Destroyer, 0, 0, Up)
        .ship(1, Cruiser, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "M");
    assert_eq!(
        refused(&ev, 0),
        Some(Refusal::Blocked {
            cell: c(0, -1),
            by: Obstacle::OffGrid
        })
    );
}

#[test]
fn hidden_submarines_block_moves() {
    let mut g = sea(2)
        .ship(0, Destroyer, 5, 5, Up)
        .ship(1, Submarine, 5, 4, Right)
        .build();
    act(&mut g, 1, "P");
    assert_eq!(g.observe(P0).map.at(0, -1), SightCell::Water);
    let ev = act(&mut g, 0, "M");
    assert_eq!(
        refused(&ev, 0),
        Some(Refusal::Blocked {
            cell: c(5, 4),
            by: Obstacle::Ship
        })
    );
}

#[test]
fn entering_a_mine_moves_first_then_explodes() {
    let mut g = sea(2)
        .ship(0, Cruiser, 5, 5, Up)
        .ship(1, Destroyer, 6, 3, Up)
        .mine(5, 4)
        .build();
    let ev = rule_events(&act(&mut g, 0, "M"));
    assert_eq!(
        ev[..2],
        [
            Event::Moved {
                ship: P0,
                back: false,
                head: c(5, 4)
            },
            Event::MineExploded {
                cell: c(5, 4),
                by: P0,
                chained: false
            }
        ]
    );
    // The 3 x 3 around (5, 4): P1's tail (6, 4), P1's head (6, 3), own head (5, 4) and
    // own (5, 5), row by row.
    assert_eq!(
        hits(&ev),
        [
            (P1, c(6, 3), P0, Cause::Mine),
            (P0, c(5, 4), P0, Cause::Mine),
            (P1, c(6, 4), P0, Cause::Mine),
            (P0, c(5, 5), P0, Cause::Mine),
        ]
    );
    assert!(ev.contains(&Event::Sunk { ship: P1, by: P0 }));
    assert_eq!(g.mines().count(), 0, "the mine is gone");
    assert_eq!(hull(&g, P0), "001");
}

#[test]
fn backing_onto_a_mine_explodes_it_at_the_new_tail() {
    let mut g = sea(2)
        .ship(0, Cruiser, 5, 5, Up)
        .ship(1, Destroyer, 20, 20, Up)
        .mine(5, 8)
        .build();
    let ev = act(&mut g, 0, "B");
    assert!(ev.contains(&Event::MineExploded {
        cell: c(5, 8),
        by: P0,
        chained: false
    }));
    assert_eq!(hull(&g, P0), "100");
}

// ================================================================== C and K

#[test]
fn rotations_turn_about_the_head_for_one_move() {
    let mut g = sea(2)
        .ship(0, Battleship, 10, 10, Up)
        .ship(1, Destroyer, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "CK");
    assert!(ev.contains(&Event::Rotated {
        ship: P0,
        clockwise: true,
        dir: Right
    }));
    assert_eq!(refused(&ev, 1), Some(Refusal::NoMovesLeft));
    assert_eq!(
        g.ship(P0).unwrap().cells().collect::<Vec<_>>(),
        [c(10, 10), c(9, 10), c(8, 10), c(7, 10)]
    );
    let ev = act(&mut g, 0, "K");
    assert!(ev.contains(&Event::Rotated {
        ship: P0,
        clockwise: false,
        dir: Up
    }));
}

#[test]
fn destroyer_rotations_are_free() {
    let mut g = sea(2)
        .ship(0, Destroyer, 10, 10, Up)
        .ship(1, Cruiser, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "MMMCCCCKA");
    let rotations = ev
        .iter()
        .filter(|e| matches!(e, Event::Rotated { .. }))
        .count();
    assert_eq!(rotations, 5, "rotations need no move left");
    assert_eq!(g.ship(P0).unwrap().dir(), Left);
    assert_eq!(g.ship(P0).unwrap().head(), c(10, 7));
    // A free rotation uses no move: the Destroyer can still ram after it.
    let mut g = sea(2)
        .ship(0, Destroyer, 10, 10, Up)
        .ship(1, Cruiser, 11, 10, Up)
        .build();
    let ev = act(&mut g, 0, "CA");
    assert!(ev.contains(&Event::Rammed {
        ship: P0,
        target: P1,
        cell: c(11, 10)
    }));
}

#[test]
fn rotations_check_only_the_final_cells() {
    // The arc from up to right sweeps (9, 9); a ship there does not block.
    let mut g = sea(3)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Destroyer, 9, 9, Down)
        .ship(2, Destroyer, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "C");
    assert!(ev.contains(&Event::Rotated {
        ship: P0,
        clockwise: true,
        dir: Right
    }));
    // A final cell taken blocks, and costs nothing.
    let mut g = sea(3)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Destroyer, 8, 10, Up)
        .ship(2, Destroyer, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "CM");
    assert_eq!(
        refused(&ev, 0),
        Some(Refusal::Blocked {
            cell: c(8, 10),
            by: Obstacle::Ship
        })
    );
    assert!(matches!(rule_events(&ev)[1], Event::Moved { .. }));
    // Off the grid blocks too.
    let mut g = sea(2)
        .ship(0, Cruiser, 1, 10, Up)
        .ship(1, Destroyer, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "C");
    assert_eq!(
        refused(&ev, 0),
        Some(Refusal::Blocked {
            cell: c(-1, 10),
            by: Obstacle::OffGrid
        })
    );
}

#[test]
fn rotating_onto_a_mine_triggers_it_but_the_arc_does_not() {
    // Mine at (9, 9) on the arc only, mine at (8, 10) on a final cell.
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Destroyer, 20, 20, Up)
        .mine(9, 9)
        .mine(7, 4)
        .build();
    let ev = act(&mut g, 0, "C");
    assert!(!ev.iter().any(|e| matches!(e, Event::MineExploded { .. })));
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Destroyer, 20, 20, Up)
        .mine(8, 10)
        .build();
    let ev = rule_events(&act(&mut g, 0, "C"));
    assert!(
        matches!(ev[0], Event::Rotated { .. }),
        "the ship turns first"
    );
    assert_eq!(
        ev[1],
        Event::MineExploded {
            cell: c(8, 10),
            by: P0,
            chained: false
        }
    );
    // The blast reaches the two cells next to the mine, not the head two cells away.
    assert_eq!(hull(&g, P0), "100");
    assert_eq!(hits(&ev).len(), 2);
}

// ================================================================== A

#[test]
fn a_ram_damages_the_cell_ahead_and_uses_all_moves() {
    let mut g = sea(2)
        .ship(0, Submarine, 10, 10, Up)
        .ship(1, Carrier, 8, 9, Left)
        .build();
    let ev = act(&mut g, 0, "AM");
    assert_eq!(
        rule_events(&ev)[..2],
        [
            Event::Rammed {
                ship: P0,
                target: P1,
                cell: c(10, 9)
            },
            Event::Hit {
                ship: P1,
                cell: c(10, 9),
                by: P0,
                cause: Cause::Ram
            }
        ]
    );
    assert_eq!(refused(&ev, 1), Some(Refusal::NoMovesLeft));
    assert_eq!(hull(&g, P0), "111", "the rammer takes no damage");
    assert_eq!(g.ship(P0).unwrap().head(), c(10, 10), "and does not move");
    assert_eq!(hull(&g, P1), "11011");
    assert_eq!(g.stats(P0).hits, 1);
}

#[test]
fn a_ram_needs_no_move_used_and_a_ship_ahead() {
    let mut g = sea(2)
        .ship(0, Submarine, 10, 10, Up)
        .ship(1, Carrier, 12, 8, Left)
        .mine(10, 7)
        .build();
    let ev = act(&mut g, 0, "AMA");
    assert_eq!(refused(&ev, 0), Some(Refusal::NothingAhead));
    assert_eq!(refused(&ev, 2), Some(Refusal::MoveUsed));
    // Mines are never triggered by a ram (a mine ahead is nothing to ram).
    let mut g = sea(2)
        .ship(0, Submarine, 10, 10, Up)
        .ship(1, Carrier, 20, 20, Left)
        .mine(10, 9)
        .build();
    let ev = act(&mut g, 0, "A");
    assert_eq!(refused(&ev, 0), Some(Refusal::NothingAhead));
    assert_eq!(g.mines().count(), 1);
    let mut g = sea(2)
        .ship(0, Submarine, 10, 10, Up)
        .ship(1, Carrier, 20, 20, Left)
        .wreck(10, 9)
        .build();
    let ev = act(&mut g, 0, "A");
    assert_eq!(
        refused(&ev, 0),
        Some(Refusal::NothingAhead),
        "a wreck is no ship"
    );
}

#[test]
fn a_submerged_submarine_cannot_be_rammed() {
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Submarine, 10, 9, Left)
        .build();
    act(&mut g, 1, "P");
    let ev = act(&mut g, 0, "AM");
    assert!(ev.contains(&Event::Rammed {
        ship: P0,
        target: P1,
        cell: c(10, 9)
    }));
    assert!(hits(&ev).is_empty());
    assert_eq!(
        refused(&ev, 1),
        Some(Refusal::NoMovesLeft),
        "the ram still used the moves"
    );
}

// ================================================================== F

#[test]
fn fire_needs_a_target_within_range_on_either_axis() {
    let mut g = sea(2)
        .ship(0, Battleship, 15, 15, Up)
        .ship(1, Carrier, 22, 8, Up)
        .build();
    // (+7, -7) is in range 7 (Chebyshev), (+8, 0) is not.
    let ev = act(&mut g, 0, "F+8+0F+7-7");
    assert_eq!(refused(&ev, 0), Some(Refusal::OutOfRange));
    assert_eq!(hits(&ev), [(P1, c(22, 8), P0, Cause::Shot)]);
    let s = g.ship(P0).unwrap();
    assert_eq!(s.shots_left(), 2, "the refused shot cost nothing");
}

#[test]
fn fire_costs_one_shot_and_water_wrecks_and_damaged_cells_take_nothing() {
    let mut g = sea(2)
        .ship(0, Battleship, 15, 15, Up)
        .ship(1, Carrier, 18, 15, Up)
        .wreck(15, 12)
        .build();
    let ev = act(&mut g, 0, "F+0-3F+3+0F+3+0F+1+1");
    assert_eq!(
        rule_events(&ev)
            .iter()
            .filter(|e| matches!(e, Event::Fired { .. }))
            .count(),
        3
    );
    assert_eq!(hits(&ev), [(P1, c(18, 15), P0, Cause::Shot)]);
    assert_eq!(refused(&ev, 3), Some(Refusal::NoShotsLeft));
    assert_eq!(g.stats(P0).hits, 1);
    assert_eq!(g.stats(P1).damage, 1);
}

#[test]
fn fire_off_the_grid_is_refused() {
    let mut g = sea(2)
        .ship(0, Carrier, 2, 6, Down)
        .ship(1, Destroyer, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "F-3+0F+1+1");
    assert_eq!(refused(&ev, 0), Some(Refusal::TargetOffGrid));
    assert!(ev.contains(&Event::Fired {
        ship: P0,
        cell: c(3, 7)
    }));
}

#[test]
fn carrier_shots_hurt_every_ship_cell_in_3x3_its_own_included() {
    let mut g = sea(3)
        .ship(0, Carrier, 10, 10, Right)
        .ship(1, Cruiser, 11, 11, Right)
        .ship(2, Destroyer, 20, 20, Up)
        .mine(12, 12)
        .build();
    let ev = act(&mut g, 0, "F+1+0");
    assert_eq!(
        hits(&ev),
        [
            (P0, c(10, 10), P0, Cause::Shot),
            (P1, c(10, 11), P0, Cause::Shot),
            (P1, c(11, 11), P0, Cause::Shot),
        ]
    );
    // The splash hurts ship cells only: the mine at (12, 12) stays.
    assert_eq!(g.mines().count(), 1);
    let s0 = g.stats(P0);
    assert_eq!((s0.hits, s0.damage), (2, 1), "self-damage is no hit");
}

#[test]
fn submerged_submarines_are_never_hurt_by_shots() {
    let mut g = sea(3)
        .ship(0, Carrier, 10, 10, Up)
        .ship(1, Submarine, 14, 10, Up)
        .ship(2, Battleship, 18, 14, Up)
        .build();
    act(&mut g, 1, "P");
    let ev = act(&mut g, 0, "F+4+1");
    assert!(hits(&ev).is_empty());
    let ev = act(&mut g, 2, "F-4-4F-4-3F-4-2");
    assert!(hits(&ev).is_empty());
    assert_eq!(hull(&g, P1), "111");
}

#[test]
fn a_shot_at_a_mine_explodes_it() {
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Destroyer, 16, 10, Up)
        .mine(15, 10)
        .build();
    let ev = rule_events(&act(&mut g, 0, "F+5+0"));
    assert_eq!(
        ev[..3],
        [
            Event::Fired {
                ship: P0,
                cell: c(15, 10)
            },
            Event::MineExploded {
                cell: c(15, 10),
                by: P0,
                chained: false
            },
            Event::Hit {
                ship: P1,
                cell: c(16, 10),
                by: P0,
                cause: Cause::Mine
            },
        ]
    );
}

// ================================================================== N

#[test]
fn mines_go_on_water_next_to_any_hull_cell_and_use_all_shots() {
    let mut g = sea(2)
        .ship(0, Carrier, 10, 10, Up)
        .ship(1, Destroyer, 20, 20, Up)
        .build();
    // Diagonal to the tail (10, 14): (11, 15) is adjacent.
    let ev = act(&mut g, 0, "N+1+5F+3+3");
    assert!(ev.contains(&Event::MineLaid {
        ship: P0,
        cell: c(11, 15)
    }));
    assert_eq!(refused(&ev, 1), Some(Refusal::NoShotsLeft));
    assert_eq!(g.ship(P0).unwrap().mines(), 2);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::MineExploded { .. })),
        "laying never triggers"
    );
    // Not adjacent, not water, after a shot.
    let ev = act(&mut g, 0, "N+2+0N+0+0N+1+5");
    assert_eq!(refused(&ev, 0), Some(Refusal::NotAdjacent));
    assert_eq!(refused(&ev, 1), Some(Refusal::NotWater));
    assert_eq!(
        refused(&ev, 2),
        Some(Refusal::NotWater),
        "a mine is not water"
    );
    let ev = act(&mut g, 0, "F+5+5N-1+0");
    assert_eq!(refused(&ev, 1), Some(Refusal::ShotUsed));
}

#[test]
fn mines_run_out() {
    let mut g = sea(2)
        .ship(0, Battleship, 10, 10, Up)
        .ship(1, Destroyer, 20, 20, Up)
        .build();
    act(&mut g, 0, "N-1+0");
    let ev = act(&mut g, 0, "N+1+0");
    assert_eq!(refused(&ev, 0), Some(Refusal::NoMinesLeft));
}

// ================================================================== mines

#[test]
fn explosions_chain_into_mines_in_the_3x3() {
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Destroyer, 20, 20, Up)
        .mine(15, 10)
        .mine(16, 11)
        .mine(17, 12)
        .mine(19, 12)
        .build();
    let ev = act(&mut g, 0, "F+5+0");
    let blasts: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::MineExploded { cell, chained, .. } => Some((*cell, *chained)),
            _ => None,
        })
        .collect();
    assert_eq!(
        blasts,
        [(c(15, 10), false), (c(16, 11), true), (c(17, 12), true)]
    );
    assert_eq!(g.mines().collect::<Vec<_>>(), [c(19, 12)]);
}

#[test]
fn chain_damage_is_credited_to_the_ship_that_set_it_off() {
    let mut g = sea(3)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Battleship, 25, 12, Left)
        .ship(2, Destroyer, 20, 25, Up)
        .mine(15, 10)
        .mine(16, 11)
        .mine(24, 11)
        .build();
    // Only the first two chain; (24, 11) is too far from (16, 11).
    let ev = act(&mut g, 0, "F+5+0");
    assert!(hits(&ev).is_empty());
    let mut g = sea(3)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Destroyer, 17, 12, Left)
        .ship(2, Destroyer, 20, 25, Up)
        .mine(15, 10)
        .mine(16, 11)
        .build();
    let ev = act(&mut g, 0, "F+5+0");
    assert_eq!(hits(&ev), [(P1, c(17, 12), P0, Cause::Mine)]);
    assert_eq!(g.stats(P0).hits, 1);
}

#[test]
fn explosions_hurt_the_triggering_ship_and_mines_have_no_owner() {
    let mut g = sea(2)
        .ship(0, Carrier, 10, 10, Up)
        .ship(1, Destroyer, 20, 20, Up)
        .build();
    act(&mut g, 0, "N+0-1");
    let ev = act(&mut g, 0, "M");
    assert!(ev.contains(&Event::MineExploded {
        cell: c(10, 9),
        by: P0,
        chained: false
    }));
    assert_eq!(hull(&g, P0), "00111");
    let s = g.stats(P0);
    assert_eq!((s.hits, s.damage), (0, 2));
}

#[test]
fn a_submarine_under_water_is_caught_in_a_blast() {
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Submarine, 16, 11, Up)
        .mine(15, 10)
        .build();
    act(&mut g, 1, "P");
    let ev = act(&mut g, 0, "F+5+0");
    assert_eq!(hits(&ev), [(P1, c(16, 11), P0, Cause::Mine),]);
    assert_eq!(hull(&g, P1), "011");
    assert!(g.ship(P1).unwrap().submerged());
}

#[test]
fn a_shield_in_a_blast_absorbs_one_point_only() {
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Battleship, 16, 11, Up)
        .mine(15, 11)
        .build();
    act(&mut g, 1, "D");
    let ev = act(&mut g, 0, "F+5+1");
    assert!(ev.contains(&Event::Absorbed {
        ship: P1,
        cell: c(16, 11),
        by: P0,
        cause: Cause::Mine
    }));
    assert_eq!(
        hits(&ev),
        [(P1, c(16, 12), P0, Cause::Mine)],
        "the blast reaches (16, 10)..(16, 12): head absorbed, next cell damaged"
    );
    assert_eq!(hull(&g, P1), "1011");
    assert_eq!(g.stats(P1).damage, 1);
}

// ================================================================== S

#[test]
fn a_scan_widens_the_next_map_to_9_and_shows_submerged_ships() {
    let mut g = sea(3)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Destroyer, 18, 10, Up)
        .ship(2, Submarine, 12, 10, Up)
        .build();
    act(&mut g, 2, "P");
    act(&mut g, 2, "F+1+1");
    let before = g.observe(P0);
    assert!(!before.scan);
    assert_eq!(before.map.at(8, 0), SightCell::Unknown);
    assert_eq!(before.map.at(2, 0), SightCell::Water, "hidden");
    let ev = act(&mut g, 0, "SF+1+1");
    assert!(ev.contains(&Event::Scanned { ship: P0 }));
    assert_eq!(
        refused(&ev, 1),
        Some(Refusal::NoShotsLeft),
        "uses all shots"
    );
    act_until(&mut g, 0);
    let after = g.observe(P0);
    assert!(after.scan);
    assert_eq!(after.view_range(), 9);
    assert_eq!(after.map.at(8, 0), SightCell::Enemy);
    assert_eq!(after.map.at(2, 0), SightCell::Submerged);
    assert_eq!(after.map.at(-9, -9), SightCell::Water);
    assert!(observation_line(&after).contains(";0,0,1;"));
    // Only for that one turn, and only with no shot used.
    let ev = act(&mut g, 0, "F+8+0S");
    assert_eq!(refused(&ev, 1), Some(Refusal::ShotUsed));
    act_until(&mut g, 0);
    assert!(!g.observe(P0).scan);
}

#[test]
fn scanned_submerged_damaged_cells_show_as_d() {
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Submarine, 13, 10, Up)
        .build();
    act(&mut g, 0, "F+3+0");
    act(&mut g, 1, "P");
    act(&mut g, 0, "S");
    act_until(&mut g, 0);
    let map = g.observe(P0).map;
    assert_eq!(map.at(3, 0), SightCell::SubmergedDamaged);
    assert_eq!(map.at(3, 1), SightCell::Submerged);
}

// ================================================================== R

#[test]
fn repair_mends_the_damaged_cell_nearest_the_head() {
    let mut g = sea(2)
        .ship(0, Battleship, 10, 10, Up)
        .ship(1, Cruiser, 13, 10, Up)
        .build();
    act(&mut g, 0, "F+3+1F+3+2");
    assert_eq!(hull(&g, P1), "100");
    let ev = act(&mut g, 1, "RF-3+0");
    assert!(ev.contains(&Event::Repaired {
        ship: P1,
        cell: c(13, 11)
    }));
    assert_eq!(
        refused(&ev, 1),
        Some(Refusal::NoShotsLeft),
        "uses all shots"
    );
    assert_eq!(hull(&g, P1), "110");
    assert_eq!(g.stats(P1).damage, 2, "the damage counter stays");
    act_until(&mut g, 1);
    assert_eq!(
        g.observe(P1).cooldown,
        2,
        "cooldown 3, less this turn's decrease"
    );
    // Cooling down, then ready again after three own turns.
    let ev = act(&mut g, 1, "R");
    assert_eq!(refused(&ev, 0), Some(Refusal::Cooldown));
    act(&mut g, 1, "W");
    act(&mut g, 1, "W");
    let ev = act(&mut g, 1, "R");
    assert!(ev.contains(&Event::Repaired {
        ship: P1,
        cell: c(13, 12)
    }));
}

#[test]
fn repair_needs_a_cruiser_no_shot_and_damage() {
    let mut g = sea(2)
        .ship(0, Battleship, 10, 10, Up)
        .ship(1, Cruiser, 13, 10, Up)
        .build();
    let ev = act(&mut g, 0, "R");
    assert_eq!(refused(&ev, 0), Some(Refusal::WrongClass));
    let ev = act(&mut g, 1, "R");
    assert_eq!(refused(&ev, 0), Some(Refusal::NothingToRepair));
    act(&mut g, 0, "F+3+0");
    let ev = act(&mut g, 1, "F+9+9R");
    assert_eq!(refused(&ev, 1), Some(Refusal::ShotUsed));
}

// ================================================================== P

#[test]
fn a_submarine_dives_and_surfaces_with_cooldown_3() {
    let mut g = sea(2)
        .ship(0, Submarine, 10, 10, Up)
        .ship(1, Cruiser, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "PF+1+1");
    assert!(ev.contains(&Event::Dived { ship: P0 }));
    assert_eq!(refused(&ev, 1), Some(Refusal::Submerged));
    act_until(&mut g, 0);
    let o = g.observe(P0);
    assert!(o.underwater);
    assert!(observation_line(&o).contains(";1,0,0;"));
    let ev = act(&mut g, 0, "P");
    assert!(ev.contains(&Event::Surfaced {
        ship: P0,
        forced: false
    }));
    act_until(&mut g, 0);
    assert_eq!(
        g.observe(P0).cooldown,
        2,
        "cooldown 3, less this turn's decrease"
    );
    let ev = act(&mut g, 0, "P");
    assert_eq!(refused(&ev, 0), Some(Refusal::Cooldown));
    let ev = act(&mut g, 1, "P");
    assert_eq!(refused(&ev, 0), Some(Refusal::WrongClass));
    let ev = act(&mut g, 0, "F+0-5P");
    assert_eq!(refused(&ev, 1), Some(Refusal::ShotUsed));
}

#[test]
fn submerged_submarines_may_only_move_rotate_and_plunge() {
    let mut g = sea(2)
        .ship(0, Submarine, 10, 10, Up)
        .ship(1, Cruiser, 10, 5, Up)
        .build();
    act(&mut g, 0, "P");
    let ev = act(&mut g, 0, "MCF+0-1N+1+0SA");
    assert!(ev.iter().any(|e| matches!(e, Event::Moved { .. })));
    assert!(ev.iter().any(|e| matches!(e, Event::Rotated { .. })));
    for i in 2..=5 {
        assert_eq!(refused(&ev, i), Some(Refusal::Submerged), "order {i}");
    }
}

#[test]
fn a_submarine_surfaces_at_the_start_of_its_6th_turn_under_water() {
    let mut g = sea(2)
        .ship(0, Submarine, 10, 10, Up)
        .ship(1, Cruiser, 20, 20, Up)
        .build();
    act(&mut g, 0, "P");
    for turn in 1..=5 {
        act_until(&mut g, 0);
        assert!(g.observe(P0).underwater, "own turn {turn} under water");
        act(&mut g, 0, "W");
    }
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut events = Vec::new();
    let mut forced = false;
    while g.to_act() != ToAct::One(P0) {
        g.step(&[Orders::wait()], &mut rng, &mut events).unwrap();
        forced |= events.contains(&Event::Surfaced {
            ship: P0,
            forced: true,
        });
    }
    assert!(forced);
    let o = g.observe(P0);
    assert!(!o.underwater);
    assert_eq!(o.cooldown, 3);
}

// ================================================================== D

#[test]
fn a_shield_absorbs_the_next_point_until_the_next_turn() {
    let mut g = sea(2)
        .ship(0, Battleship, 10, 10, Up)
        .ship(1, Battleship, 13, 10, Up)
        .build();
    let ev = act(&mut g, 1, "DF-3+0");
    assert!(ev.contains(&Event::ShieldRaised { ship: P1 }));
    assert_eq!(refused(&ev, 1), Some(Refusal::NoShotsLeft));
    let ev = act(&mut g, 0, "F+3+0F+3+1F+3+0");
    assert_eq!(
        rule_events(&ev)[1],
        Event::Absorbed {
            ship: P1,
            cell: c(13, 10),
            by: P0,
            cause: Cause::Shot
        }
    );
    assert_eq!(
        hits(&ev),
        [
            (P1, c(13, 11), P0, Cause::Shot),
            (P1, c(13, 10), P0, Cause::Shot)
        ]
    );
    assert_eq!(g.stats(P1).damage, 2, "absorbed damage is not taken");
    assert_eq!(g.stats(P0).hits, 2);
}

#[test]
fn an_unused_shield_drops_when_the_next_turn_starts() {
    let mut g = sea(2)
        .ship(0, Battleship, 10, 10, Up)
        .ship(1, Battleship, 13, 10, Up)
        .build();
    act(&mut g, 1, "D");
    act_until(&mut g, 1);
    assert!(g.observe(P1).shield, "still up at the start of its turn");
    let ev = act(&mut g, 1, "D");
    assert_eq!(refused(&ev, 0), Some(Refusal::Cooldown));
    assert!(!g.ship(P1).unwrap().shield());
    let ev = act(&mut g, 0, "F+3+0");
    assert_eq!(hits(&ev).len(), 1);
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Battleship, 13, 10, Up)
        .build();
    let ev = act(&mut g, 0, "D");
    assert_eq!(refused(&ev, 0), Some(Refusal::WrongClass));
}

#[test]
fn a_shield_absorbs_a_ram_and_self_damage() {
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Right)
        .ship(1, Battleship, 11, 10, Down)
        .build();
    act(&mut g, 1, "D");
    let ev = act(&mut g, 0, "A");
    assert!(ev.contains(&Event::Absorbed {
        ship: P1,
        cell: c(11, 10),
        by: P0,
        cause: Cause::Ram
    }));
    assert_eq!(hull(&g, P1), "1111");
}

// ================================================================== W and refusals

#[test]
fn w_does_nothing() {
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Cruiser, 20, 20, Up)
        .build();
    let before = g.clone();
    let ev = act(&mut g, 0, "WWW");
    assert!(rule_events(&ev).is_empty());
    assert_eq!(g.ship(P0), before.ship(P0));
}

#[test]
fn refused_orders_cost_nothing_and_the_rest_still_runs() {
    let mut g = sea(2)
        .ship(0, Cruiser, 3, 3, Up)
        .ship(1, Cruiser, 6, 3, Up)
        .build();
    // Off the grid and the wrong class: both shots are still there afterwards.
    let ev = act(&mut g, 0, "F-9-9DPF+3+0F+3+1F+3+2M");
    let reasons: Vec<_> = (0..6).map(|i| refused(&ev, i)).collect();
    assert_eq!(
        reasons,
        [
            Some(Refusal::TargetOffGrid),
            Some(Refusal::WrongClass),
            Some(Refusal::WrongClass),
            None,
            None,
            Some(Refusal::NoShotsLeft)
        ]
    );
    assert_eq!(hits(&ev).len(), 2);
    assert!(ev.iter().any(|e| matches!(e, Event::Moved { .. })));
}

#[test]
fn malformed_pieces_become_w_and_the_rest_still_runs() {
    let parsed = koth_naval::protocol::parse_orders("F+1xyzMF9+1C");
    assert_eq!(parsed.orders.to_string(), "WWMWWC");
    let mut g = sea(2)
        .ship(0, Cruiser, 10, 10, Up)
        .ship(1, Cruiser, 20, 20, Up)
        .build();
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    act_until(&mut g, 0);
    let mut ev = Vec::new();
    g.step(&[parsed.orders], &mut rng, &mut ev).unwrap();
    assert!(ev.contains(&Event::Moved {
        ship: P0,
        back: false,
        head: c(10, 9)
    }));
    assert_eq!(refused(&ev, 5), Some(Refusal::NoMovesLeft));
}

// ================================================================== damage, sinking, credit

#[test]
fn a_ship_with_every_cell_damaged_sinks_and_stays_as_a_wreck() {
    let mut g = sea(3)
        .ship(0, Battleship, 10, 10, Up)
        .ship(1, Destroyer, 13, 10, Up)
        .ship(2, Cruiser, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "F+3+0F+3+0F+3+1");
    assert_eq!(hits(&ev).len(), 2, "a damaged cell takes nothing more");
    assert!(ev.contains(&Event::Sunk { ship: P1, by: P0 }));
    assert_eq!(g.cell(c(13, 10)), Some(koth_naval::Cell::Wreck));
    assert_eq!(g.observe(P0).map.at(3, 1), SightCell::Wreck);
    // Wrecks block movement and absorb nothing.
    let s = g.stats(P0);
    assert_eq!((s.hits, s.sunken), (2, 1));
    let s1 = g.stats(P1);
    assert_eq!((s1.alive, s1.score()), (false, -2 - 10));
}

#[test]
fn a_hit_per_enemy_cell_and_a_sunken_per_ship_finished() {
    let mut g = sea(4)
        .ship(0, Carrier, 10, 10, Right)
        .ship(1, Destroyer, 14, 9, Down)
        .ship(2, Destroyer, 15, 10, Down)
        .ship(3, Cruiser, 25, 25, Up)
        .build();
    // The 3 x 3 around (14, 9) covers all of P1 and the head (15, 10) of P2... and (15, 9).
    let ev = act(&mut g, 0, "F+4-1");
    assert_eq!(hits(&ev).len(), 4);
    assert!(ev.contains(&Event::Sunk { ship: P1, by: P0 }));
    assert!(ev.contains(&Event::Sunk { ship: P2, by: P0 }));
    let s = g.stats(P0);
    assert_eq!((s.hits, s.sunken, s.damage), (4, 2, 0));
    assert_eq!(s.score(), 4 + 10);
}

#[test]
fn sinking_oneself_scores_no_sunken() {
    let mut g = sea(2)
        .ship(0, Destroyer, 10, 10, Up)
        .ship(1, Cruiser, 20, 20, Up)
        .build();
    let ev = act(&mut g, 0, "F+0+0");
    assert_eq!(hits(&ev), [(P0, c(10, 10), P0, Cause::Shot)]);
    act(&mut g, 0, "F+0+1M");
    let s = g.stats(P0);
    assert_eq!((s.hits, s.sunken, s.damage, s.alive), (0, 0, 2, false));
    assert_eq!(g.outcome().unwrap().winner(), Some(P1));
}

#[test]
fn a_ship_sunk_during_its_own_turn_does_nothing_more() {
    let mut g = sea(2)
        .ship(0, Destroyer, 10, 10, Up)
        .ship(1, Cruiser, 20, 20, Up)
        .mine(10, 9)
        .mine(10, 7)
        .build();
    let ev = rule_events(&act(&mut g, 0, "MMM"));
    let moves = ev
        .iter()
        .filter(|e| matches!(e, Event::Moved { .. }))
        .count();
    assert_eq!(moves, 1);
    assert!(ev.contains(&Event::Sunk { ship: P0, by: P0 }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Refused { .. })));
}

#[test]
fn a_shield_absorbs_self_inflicted_damage_too() {
    let mut g = sea(2)
        .ship(0, Cruiser, 20, 20, Up)
        .ship(1, Battleship, 11, 10, Down)
        .mine(11, 11)
        .build();
    let ev = act(&mut g, 1, "DM");
    // The blast around (11, 11) reaches (11, 10) first (row by row), then the new head.
    assert!(ev.contains(&Event::Absorbed {
        ship: P1,
        cell: c(11, 10),
        by: P1,
        cause: Cause::Mine
    }));
    assert_eq!(hits(&ev), [(P1, c(11, 11), P1, Cause::Mine)]);
    assert_eq!(hull(&g, P1), "0111");
}

#[test]
fn score_ties_are_broken_by_hits() {
    // P0 and P1 trade one hit each (score 0 both); P2 does nothing (score 0). All alive with
    // no sunken: more hits ranks P0 and P1 (tied) ahead of P2. The rest of the tie-break
    // order is unit-tested next to the ranking key.
    let mut g = sea(3)
        .ship(0, Destroyer, 10, 10, Up)
        .ship(1, Destroyer, 13, 10, Up)
        .ship(2, Carrier, 25, 25, Up)
        .rounds(3)
        .build();
    act(&mut g, 0, "F+3+0");
    act(&mut g, 1, "F-3+1");
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut events = Vec::new();
    while let ToAct::One(_) = g.to_act() {
        g.step(&[Orders::wait()], &mut rng, &mut events).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!(o.scores().values(), &[0, 0, 0]);
    assert_eq!(o.places().values(), &[1, 1, 3]);
}

#[test]
fn orders_past_the_end_of_the_game_are_refused() {
    let mut g = sea(2)
        .ship(0, Battleship, 5, 5, Up)
        .ship(1, Destroyer, 5, 2, Up)
        .build();
    act(&mut g, 0, "F+0-3F+0-2");
    let before = g.clone();
    let mut events = Vec::new();
    let r = g.step(
        &[Orders::wait()],
        &mut Pcg64Mcg::seed_from_u64(0),
        &mut events,
    );
    assert_eq!(r, Err(StepError::GameOver));
    assert_eq!(g, before);
    assert!(events.is_empty());
    assert_eq!(
        g.clone()
            .step(&[], &mut Pcg64Mcg::seed_from_u64(0), &mut events),
        Err(StepError::GameOver)
    );
}

#[test]
fn a_step_needs_exactly_one_action() {
    let mut g = sea(2)
        .ship(0, Battleship, 5, 5, Up)
        .ship(1, Destroyer, 20, 20, Up)
        .build();
    let before = g.clone();
    let mut events = Vec::new();
    let two = [Orders::wait(), Orders::wait()];
    assert_eq!(
        g.step(&two, &mut Pcg64Mcg::seed_from_u64(0), &mut events),
        Err(StepError::WrongActionCount {
            expected: 1,
            got: 2
        })
    );
    assert_eq!(g, before);
}
