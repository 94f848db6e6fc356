//! Rule cases: one per rule of the crate's rulebook (`RULES.md`), named after it. Positions
//! are built with [`Scenario`] or by stepping the engine.

use koth_engine_core::{Game, PlayerId, SeedableRng, StepError, ToAct};
use koth_http_battleship::{
    Action, ActionError, Battleship, Cell, Config, ConfigError, End, EndReason, Event,
    ForfeitReason, Phase, Placement, PlacementError, Scenario, ScenarioError, ShotResult,
};
use rand_pcg::Pcg64Mcg;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

/// 6 x 6 with one ship of 2 and one of 3.
fn small() -> Config {
    Config {
        width: 6,
        height: 6,
        ships: [0, 1, 1, 0, 0, 0],
        shot_limit: None,
    }
}

fn place(ships: &[&str]) -> Action {
    Action::Place(Placement::parse(ships).unwrap())
}

fn shoot(x: u32, y: u32) -> Action {
    Action::Shoot { x, y }
}

fn new_game(config: &Config) -> Battleship {
    Battleship::new(config, 2, &mut Pcg64Mcg::seed_from_u64(0)).unwrap()
}

fn step(game: &mut Battleship, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    game.step(&[action], &mut Pcg64Mcg::seed_from_u64(0), &mut events)
        .unwrap();
    events
}

/// Both fleets placed on [`small`] settings.
fn placed_with(config: Config) -> Scenario {
    Scenario::new(config)
        .fleet(P0, ["0,0-1,0", "0,2-0,4"])
        .fleet(P1, ["5,5-4,5", "2,1-2,3"])
}

/// Both fleets placed: P0 has 0,0-1,0 and 0,2-0,4; P1 has 5,5-4,5 and 2,1-2,3.
fn placed() -> Battleship {
    placed_with(small()).build().unwrap()
}

fn placement_error(ships: &[&str]) -> PlacementError {
    Placement::parse(ships)
        .unwrap()
        .validate(&small())
        .unwrap_err()
}

fn shot(player: PlayerId, x: u8, y: u8, result: ShotResult) -> Event {
    Event::Shot {
        player,
        at: Cell::new(x, y),
        result,
    }
}

// --- The game -------------------------------------------------------------------------------

#[test]
fn default_settings_are_10_by_10_with_ships_of_5_4_3_3_2() {
    let c = Config::default();
    assert_eq!((c.width, c.height, c.ships), (10, 10, [0, 1, 2, 1, 1, 0]));
}

#[test]
fn settings_refused_when_the_fleet_exceeds_half_the_grid() {
    let c = Config {
        width: 4,
        height: 4,
        ships: [0, 0, 3, 0, 0, 0],
        shot_limit: None,
    };
    assert_eq!(c.validate(), Err(ConfigError::Crowded { area: 9, max: 8 }));
    let c = Config {
        width: 3,
        height: 3,
        ships: [0, 2, 0, 0, 0, 0],
        shot_limit: None,
    };
    assert_eq!(c.validate(), Ok(()));
}

#[test]
fn settings_refused_when_the_fleet_is_empty() {
    let c = Config {
        ships: [0; 6],
        ..Config::default()
    };
    assert_eq!(c.validate(), Err(ConfigError::EmptyFleet));
}

#[test]
fn settings_refused_when_a_ship_is_longer_than_both_sides() {
    let c = Config {
        width: 4,
        height: 5,
        ships: [0, 0, 0, 0, 0, 1],
        shot_limit: None,
    };
    assert!(matches!(
        c.validate(),
        Err(ConfigError::ShipTooLong { length: 6, .. })
    ));
    // Longer than one side only is fine.
    let c = Config {
        width: 2,
        height: 6,
        ships: [0, 0, 0, 0, 0, 1],
        shot_limit: None,
    };
    assert_eq!(c.validate(), Ok(()));
}

#[test]
fn settings_refused_outside_sides_1_to_100_and_counts_0_to_10() {
    for (w, h) in [(0, 5), (5, 0), (101, 5), (5, 101)] {
        let c = Config {
            width: w,
            height: h,
            ..Config::default()
        };
        assert!(
            matches!(c.validate(), Err(ConfigError::Side { .. })),
            "{w}x{h}"
        );
    }
    let c = Config {
        width: 100,
        height: 100,
        ships: [0, 0, 0, 0, 0, 11],
        shot_limit: None,
    };
    assert_eq!(
        c.validate(),
        Err(ConfigError::Count {
            length: 6,
            count: 11
        })
    );
    let c = Config {
        width: 100,
        height: 100,
        ships: [10; 6],
        shot_limit: None,
    };
    assert_eq!(c.validate(), Ok(()));
}

#[test]
fn battleship_is_a_duel() {
    let r = Battleship::new(&Config::default(), 3, &mut Pcg64Mcg::seed_from_u64(0));
    assert_eq!(r.unwrap_err(), ConfigError::Players(3));
}

// --- Placement ------------------------------------------------------------------------------

#[test]
fn endpoints_in_either_order_and_ships_in_any_order() {
    let a = Placement::parse(["0,0-1,0", "0,2-0,4"])
        .unwrap()
        .validate(&small())
        .unwrap();
    let b = Placement::parse(["0,4-0,2", "1,0-0,0"])
        .unwrap()
        .validate(&small())
        .unwrap();
    let cells = |f: &koth_http_battleship::Fleet| {
        let mut v: Vec<Cell> = f.ships().iter().flat_map(|s| s.cells()).collect();
        v.sort();
        v
    };
    assert_eq!(cells(&a), cells(&b));
}

#[test]
fn ships_may_touch() {
    assert!(
        Placement::parse(["0,0-1,0", "0,1-2,1"])
            .unwrap()
            .validate(&small())
            .is_ok()
    );
}

#[test]
fn a_diagonal_ship_is_invalid() {
    assert_eq!(
        placement_error(&["0,0-1,0", "0,2-2,4"]),
        PlacementError::Diagonal { ship: 1 }
    );
}

#[test]
fn an_endpoint_off_the_grid_is_invalid() {
    assert_eq!(
        placement_error(&["5,0-6,0", "0,2-0,4"]),
        PlacementError::OffGrid { ship: 0 }
    );
    assert_eq!(
        placement_error(&["0,0-1,0", "0,4-0,99999999999"]),
        PlacementError::OffGrid { ship: 1 }
    );
}

#[test]
fn overlapping_ships_are_invalid() {
    assert_eq!(
        placement_error(&["0,2-1,2", "0,2-0,4"]),
        PlacementError::Overlap {
            first: 0,
            second: 1,
            at: Cell::new(0, 2)
        }
    );
}

#[test]
fn a_ship_longer_than_6_is_invalid() {
    let c = Config {
        width: 10,
        height: 10,
        ..small()
    };
    let e = Placement::parse(["0,0-1,0", "0,2-0,8"])
        .unwrap()
        .validate(&c)
        .unwrap_err();
    assert_eq!(e, PlacementError::TooLong { ship: 1, length: 7 });
}

#[test]
fn the_wrong_number_of_ships_of_a_length_is_invalid() {
    // Too few.
    assert_eq!(
        placement_error(&["0,0-1,0"]),
        PlacementError::WrongCount {
            length: 3,
            expected: 1,
            got: 0
        }
    );
    // Too many.
    assert_eq!(
        placement_error(&["0,0-1,0", "0,2-0,4", "3,3-3,4"]),
        PlacementError::WrongCount {
            length: 2,
            expected: 1,
            got: 2
        }
    );
    // Right number of ships, wrong lengths.
    assert_eq!(
        placement_error(&["0,0-0,0", "0,2-0,4"]),
        PlacementError::WrongCount {
            length: 1,
            expected: 0,
            got: 1
        }
    );
}

#[test]
fn a_ship_string_that_is_not_x1_y1_x2_y2_does_not_parse() {
    for bad in [
        "",
        "1,2",
        "1,2-3",
        "a,b-c,d",
        "1,2 - 1,3",
        "-1,2-1,3",
        "1,2-1,3-1,4",
        "1,,2-1,3",
    ] {
        assert_eq!(
            Placement::parse(["0,0-1,0", bad]),
            Err(PlacementError::Syntax { ship: 1 }),
            "{bad:?}"
        );
    }
}

#[test]
fn players_place_in_turn_player_1_first() {
    let mut g = new_game(&small());
    assert_eq!(g.to_act(), ToAct::One(P0));
    assert_eq!(g.phase(), Phase::Placing);
    assert_eq!(
        step(&mut g, place(&["0,0-1,0", "0,2-0,4"])),
        [Event::Placed { player: P0 }]
    );
    assert_eq!(g.to_act(), ToAct::One(P1));
    step(&mut g, place(&["0,0-1,0", "0,2-0,4"]));
    assert_eq!(g.phase(), Phase::Shooting);
    assert_eq!(g.to_act(), ToAct::One(P0));
}

#[test]
fn an_invalid_placement_by_player_1_loses_before_player_2_is_asked() {
    let mut g = new_game(&small());
    let events = step(&mut g, place(&["0,0-1,1", "0,2-0,4"]));
    let end = End {
        winner: Some(P1),
        reason: EndReason::InvalidPlacement(PlacementError::Diagonal { ship: 0 }),
    };
    assert_eq!(events, [Event::Ended(end)]);
    assert_eq!(g.to_act(), ToAct::Nobody);
    assert_eq!(g.outcome().unwrap().winner(), Some(P1));
    assert!(g.fleet(P1).is_none());
}

#[test]
fn an_invalid_placement_by_player_2_loses() {
    let mut g = new_game(&small());
    step(&mut g, place(&["0,0-1,0", "0,2-0,4"]));
    let events = step(&mut g, place(&["0,0-1,0"]));
    assert!(matches!(
        events.as_slice(),
        [Event::Ended(End {
            winner: Some(P0),
            reason: EndReason::InvalidPlacement(_)
        })]
    ));
}

// --- Shooting -------------------------------------------------------------------------------

#[test]
fn player_1_shoots_first_and_turns_strictly_alternate_even_after_a_hit() {
    let mut g = placed();
    assert_eq!(g.to_act(), ToAct::One(P0));
    assert_eq!(step(&mut g, shoot(4, 5)), [shot(P0, 4, 5, ShotResult::Hit)]);
    assert_eq!(g.to_act(), ToAct::One(P1), "a hit gives no extra shot");
    step(&mut g, shoot(5, 5));
    assert_eq!(g.to_act(), ToAct::One(P0));
}

#[test]
fn a_shot_in_the_water_misses() {
    let mut g = placed();
    assert_eq!(
        step(&mut g, shoot(0, 0)),
        [shot(P0, 0, 0, ShotResult::Miss)]
    );
}

#[test]
fn a_shot_on_a_ship_hits_and_the_last_cell_sinks_it() {
    let mut g = placed();
    assert_eq!(step(&mut g, shoot(5, 5)), [shot(P0, 5, 5, ShotResult::Hit)]);
    step(&mut g, shoot(3, 3));
    assert_eq!(
        step(&mut g, shoot(4, 5)),
        [shot(P0, 4, 5, ShotResult::Sunk)]
    );
    assert_eq!(g.ships_lost(P1), 1);
}

#[test]
fn sinking_the_last_ship_wins() {
    let mut g = placed();
    let p0 = [(5, 5), (4, 5), (2, 1), (2, 2), (2, 3)];
    let mut last = Vec::new();
    for (x, y) in p0 {
        last = step(&mut g, shoot(x, y));
        if g.to_act().is_over() {
            break;
        }
        step(&mut g, shoot(5, 0));
    }
    assert_eq!(
        last,
        [
            shot(P0, 2, 3, ShotResult::Win),
            Event::Ended(End {
                winner: Some(P0),
                reason: EndReason::Sunk
            }),
        ]
    );
    assert_eq!(g.outcome().unwrap().score(P0), 2);
    assert_eq!(g.outcome().unwrap().score(P1), 0);
}

#[test]
fn repeat_shots_are_legal_and_a_struck_cell_of_a_ship_afloat_hits_again() {
    let mut g = placed();
    step(&mut g, shoot(2, 1));
    step(&mut g, shoot(1, 1));
    assert_eq!(step(&mut g, shoot(2, 1)), [shot(P0, 2, 1, ShotResult::Hit)]);
    step(&mut g, shoot(1, 1));
    // The repeats did not count towards sinking: two more cells are needed.
    assert_eq!(step(&mut g, shoot(2, 2)), [shot(P0, 2, 2, ShotResult::Hit)]);
    step(&mut g, shoot(1, 1));
    assert_eq!(
        step(&mut g, shoot(2, 3)),
        [shot(P0, 2, 3, ShotResult::Sunk)]
    );
}

#[test]
fn a_shot_on_a_sunk_ship_misses() {
    let mut g = placed();
    step(&mut g, shoot(5, 5));
    step(&mut g, shoot(0, 0));
    step(&mut g, shoot(4, 5));
    step(&mut g, shoot(0, 0));
    assert_eq!(
        step(&mut g, shoot(5, 5)),
        [shot(P0, 5, 5, ShotResult::Miss)]
    );
}

#[test]
fn a_shot_off_the_grid_loses_at_once() {
    let mut g = placed();
    step(&mut g, shoot(0, 0));
    let events = step(&mut g, shoot(6, 0));
    assert_eq!(
        events,
        [Event::Ended(End {
            winner: Some(P0),
            reason: EndReason::InvalidShot { x: 6, y: 0 }
        })]
    );
}

#[test]
fn a_timeout_or_bad_answer_loses_at_once() {
    for reason in ForfeitReason::ALL {
        let mut g = placed();
        let events = step(&mut g, Action::Forfeit(reason));
        assert_eq!(
            events,
            [
                Event::Forfeited { player: P0, reason },
                Event::Ended(End {
                    winner: Some(P1),
                    reason: EndReason::Forfeit(reason)
                }),
            ]
        );
    }
    // Also while placing.
    let mut g = new_game(&small());
    step(&mut g, Action::Forfeit(ForfeitReason::Timeout));
    assert_eq!(g.end().unwrap().winner, Some(P1));
}

#[test]
fn the_shot_limit_ends_the_match_as_a_draw() {
    let config = Config {
        shot_limit: Some(3),
        ..small()
    };
    let mut g = placed_with(config)
        .shots(P0, &[(3, 3); 3])
        .shots(P1, &[(3, 3); 2])
        .build()
        .unwrap();
    assert!(!g.to_act().is_over(), "player 2 still has its third shot");
    let events = step(&mut g, shoot(3, 3));
    assert_eq!(
        events.last(),
        Some(&Event::Ended(End {
            winner: None,
            reason: EndReason::ShotLimit
        }))
    );
    let o = g.outcome().unwrap();
    assert_eq!((o.score(P0), o.score(P1)), (1, 1));
    assert_eq!(Config::default().effective_shot_limit(), 200);
}

#[test]
fn an_action_of_the_wrong_phase_is_refused_and_changes_nothing() {
    let mut g = new_game(&small());
    let before = g.clone();
    let mut events = Vec::new();
    let r = g.step(&[shoot(0, 0)], &mut Pcg64Mcg::seed_from_u64(0), &mut events);
    assert_eq!(
        r,
        Err(StepError::Illegal {
            player: P0,
            reason: ActionError::WrongPhase {
                phase: Phase::Placing,
                got: "shoot"
            }
        })
    );
    assert_eq!(g, before);
    assert!(events.is_empty());
    let mut g = placed();
    let before = g.clone();
    assert!(
        g.step(
            &[place(&["0,0-1,0"])],
            &mut Pcg64Mcg::seed_from_u64(0),
            &mut events
        )
        .is_err()
    );
    assert_eq!(g, before);
}

#[test]
fn a_finished_match_refuses_every_action() {
    let mut g = placed();
    step(&mut g, Action::Forfeit(ForfeitReason::Timeout));
    let mut events = Vec::new();
    let r = g.step(&[shoot(0, 0)], &mut Pcg64Mcg::seed_from_u64(0), &mut events);
    assert_eq!(r, Err(StepError::GameOver));
}

#[test]
fn observations_hold_own_shots_and_the_opponents_shots_never_the_fleet() {
    let mut g = placed();
    step(&mut g, shoot(5, 5));
    step(&mut g, shoot(0, 3));
    let o = g.observe(P0);
    assert_eq!(o.me, P0);
    assert_eq!(o.my_shots.len(), 1);
    assert_eq!(o.my_shots[0].result, ShotResult::Hit);
    assert_eq!(o.their_shots[0].at, Cell::new(0, 3));
    assert_eq!(o.their_shots[0].result, ShotResult::Hit);
    assert_eq!(g.observe(P1).my_shots, o.their_shots);
}

#[test]
fn hot_types_stay_small() {
    assert_eq!(std::mem::size_of::<koth_http_battleship::ShotRecord>(), 3);
    assert_eq!(std::mem::size_of::<Cell>(), 2);
    assert!(std::mem::size_of::<Action>() <= 32);
}

// --- Scenarios ------------------------------------------------------------------------------

#[test]
fn a_scenario_is_the_position_the_same_actions_reach() {
    let mut stepped = new_game(&small());
    for a in [
        place(&["0,0-1,0", "0,2-0,4"]),
        place(&["5,5-4,5", "2,1-2,3"]),
        shoot(5, 5),
        shoot(0, 0),
        shoot(4, 5),
    ] {
        step(&mut stepped, a);
    }
    let built = placed_with(small())
        .shots(P0, &[(5, 5), (4, 5)])
        .shots(P1, &[(0, 0)])
        .build()
        .unwrap();
    assert_eq!(built, stepped);
    assert_eq!(built.turn(), 5);
    assert_eq!(built.shots(P0)[1].result, ShotResult::Sunk);
}

#[test]
fn a_scenario_refuses_positions_no_match_reaches() {
    let bad = |s: Scenario| s.build().unwrap_err();
    assert_eq!(
        bad(Scenario::new(small()).fleet(P1, ["0,0-1,0", "0,2-0,4"])),
        ScenarioError::PlacementOrder
    );
    assert_eq!(
        bad(Scenario::new(small()).fleet(P0, ["0,0-1,1", "0,2-0,4"])),
        ScenarioError::Placement {
            player: P0,
            error: PlacementError::Diagonal { ship: 0 }
        }
    );
    assert_eq!(
        bad(Scenario::new(small()).fleet(P0, ["0,0-1,0", "x"])),
        ScenarioError::Placement {
            player: P0,
            error: PlacementError::Syntax { ship: 1 }
        }
    );
    assert_eq!(
        bad(Scenario::new(small())
            .fleet(P0, ["0,0-1,0", "0,2-0,4"])
            .shots(P0, &[(1, 1)])),
        ScenarioError::ShotsBeforePlacement
    );
    assert_eq!(
        bad(placed_with(small()).shots(P1, &[(1, 1)])),
        ScenarioError::TurnOrder([0, 1])
    );
    assert_eq!(
        bad(placed_with(small()).shots(P0, &[(6, 1)])),
        ScenarioError::OffGrid {
            player: P0,
            x: 6,
            y: 1
        }
    );
    let sink_all = [(5, 5), (4, 5), (2, 1), (2, 2), (2, 3)];
    assert_eq!(
        bad(placed_with(small())
            .shots(P0, &sink_all)
            .shots(P1, &[(3, 3); 5])),
        ScenarioError::AfterEnd {
            player: P1,
            x: 3,
            y: 3
        }
    );
    assert!(matches!(
        bad(Scenario::new(Config {
            ships: [0; 6],
            ..small()
        })),
        ScenarioError::Config(ConfigError::EmptyFleet)
    ));
}
