//! Rule cases: one or more tests per sentence of the rules (`RULES.md`, the crate's
//! `rulebook`), named after the rule, on hand-made positions ([`Scenario`]).

use koth_bomberman::{
    Action, Bomb, Bomberman, Bonus, BonusKind, Config, ConfigError, Event, Explosion, Fixed, Mode,
    PlayerSet, Point, Rules, Scenario, ScenarioError, ScoreReason, Tile,
};
use koth_engine_core::{Coord, Game, PlayerId, SeedableRng, StepError, ToAct, draw};
use rand_pcg::Pcg64Mcg;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);
const P2: PlayerId = PlayerId(2);
const P3: PlayerId = PlayerId(3);
const U: i32 = Fixed::SCALE;

/// A standard four-player position with no walls at all; players in their corners.
fn open() -> Scenario {
    Scenario::new(Config::default()).clear()
}

/// The centre of cell `(x, y)`.
fn at(x: i32, y: i32) -> Point {
    Point::units(15 + 30 * x, 15 + 30 * y)
}

fn cell(x: i32, y: i32) -> Coord {
    Coord::new(x, y)
}

fn set(players: &[PlayerId]) -> PlayerSet {
    players.iter().copied().collect()
}

fn bomb(x: i32, y: i32, owner: PlayerId, timeout: u32) -> Bomb {
    Bomb {
        cell: cell(x, y),
        owner,
        timeout,
        walkable_for: PlayerSet::EMPTY,
    }
}

/// Plays one tick with per-seat actions (missing seats stand still; seats out of the game are
/// not asked); returns its events.
fn tick(game: &mut Bomberman, actions: &[(PlayerId, Action)]) -> Vec<Event> {
    tick_seeded(game, actions, 0)
}

fn tick_seeded(game: &mut Bomberman, actions: &[(PlayerId, Action)], seed: u64) -> Vec<Event> {
    let joint: Vec<Action> = game
        .to_act()
        .players()
        .iter()
        .map(|&p| {
            actions
                .iter()
                .find(|&&(q, _)| q == p)
                .map_or(Action::IDLE, |&(_, a)| a)
        })
        .collect();
    let mut events = Vec::new();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    game.step(&joint, &mut rng, &mut events).unwrap();
    events
}

fn idle(game: &mut Bomberman, ticks: u32) -> Vec<Event> {
    let mut all = Vec::new();
    for _ in 0..ticks {
        all.extend(tick(game, &[]));
    }
    all
}

fn go(x: i32, y: i32) -> Action {
    Action::units(x, y, false)
}

fn drop_here() -> Action {
    Action::units(0, 0, true)
}

fn pos(game: &Bomberman, p: PlayerId) -> Point {
    game.player(p).pos
}

fn scored(events: &[Event], player: PlayerId) -> Vec<(i64, ScoreReason)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Scored {
                player: p,
                points,
                reason,
            } if p == player => Some((points, reason)),
            _ => None,
        })
        .collect()
}

// ------------------------------------------------------------------------------ setup

#[test]
fn players_start_in_the_corners_with_the_starting_record() {
    let game = Bomberman::new(&Config::default(), 4, &mut Pcg64Mcg::seed_from_u64(5)).unwrap();
    let corners = [at(0, 0), at(14, 0), at(0, 14), at(14, 14)];
    for (p, corner) in game.players().iter().zip(corners) {
        assert_eq!(p.pos, corner);
        assert_eq!(
            (
                p.lives_left,
                p.score,
                p.bombs_power,
                p.bombs_count,
                p.bombs_left
            ),
            (3, 0, 1, 1, 1)
        );
    }
    assert_eq!(
        game.to_act(),
        ToAct::Simultaneous(&[P0, P1, P2, P3]),
        "all players act at once"
    );
    let duel = Bomberman::new(
        &Config::mode(Mode::Duel),
        2,
        &mut Pcg64Mcg::seed_from_u64(5),
    )
    .unwrap();
    assert_eq!(pos(&duel, P0), at(0, 0));
    assert_eq!(pos(&duel, P1), at(14, 14), "a duel uses opposite corners");
}

#[test]
fn each_mode_seats_its_number_of_players() {
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    for (mode, n) in [(Mode::Standard, 4), (Mode::Duel, 2), (Mode::Fragile, 4)] {
        assert!(Bomberman::new(&Config::mode(mode), n, &mut rng).is_ok());
        assert_eq!(
            Bomberman::new(&Config::mode(mode), 3, &mut rng).err(),
            Some(ConfigError::Players {
                mode,
                expected: n,
                got: 3
            })
        );
    }
}

// ------------------------------------------------------------------------------ map

#[test]
fn the_map_is_mirror_symmetric_with_pillars_and_free_corners() {
    for seed in [0, 1, 42, 0xdead_beef] {
        let game =
            Bomberman::new(&Config::default(), 4, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
        let tiles = game.tiles();
        let mut bricks = 0;
        for (c, &t) in tiles.iter() {
            assert_eq!(
                tiles[cell(14 - c.x, c.y)],
                t,
                "seed {seed}: {c} vs its mirror"
            );
            assert_eq!(
                tiles[cell(c.x, 14 - c.y)],
                t,
                "seed {seed}: {c} vs its mirror"
            );
            let pillar = c.x % 2 == 1 && c.y % 2 == 1;
            assert_eq!(t == Tile::Concrete, pillar, "seed {seed}: {c}");
            bricks += usize::from(matches!(t, Tile::Brick(_)));
        }
        for corner in [cell(0, 0), cell(14, 0), cell(0, 14), cell(14, 14)] {
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (-1, 0), (0, -1)] {
                if let Some(&t) = tiles.get(corner.offset(dx, dy)) {
                    assert_eq!(t, Tile::Empty, "seed {seed}: spawn area near {corner}");
                }
            }
        }
        // About 70% of the 164 free cells outside the spawn areas.
        assert!((80..150).contains(&bricks), "seed {seed}: {bricks} bricks");
    }
    let a = Bomberman::new(&Config::default(), 4, &mut Pcg64Mcg::seed_from_u64(1)).unwrap();
    let b = Bomberman::new(&Config::default(), 4, &mut Pcg64Mcg::seed_from_u64(2)).unwrap();
    assert_ne!(a.tiles(), b.tiles(), "the seed draws the map");
}

#[test]
fn fragile_mode_replaces_every_pillar_by_a_brick() {
    let game = Bomberman::new(
        &Config::mode(Mode::Fragile),
        4,
        &mut Pcg64Mcg::seed_from_u64(3),
    )
    .unwrap();
    for (c, &t) in game.tiles().iter() {
        assert_ne!(t, Tile::Concrete);
        if c.x % 2 == 1 && c.y % 2 == 1 {
            assert!(matches!(t, Tile::Brick(_)), "{c}");
        }
    }
}

#[test]
fn bricks_hide_bonuses_of_both_kinds() {
    let rules = Rules {
        bonus_percent: 100,
        ..Rules::default()
    };
    let config = Config {
        mode: Mode::Standard,
        rules,
    };
    let game = Bomberman::new(&config, 4, &mut Pcg64Mcg::seed_from_u64(9)).unwrap();
    let contents: Vec<_> = game
        .tiles()
        .cells()
        .iter()
        .filter_map(|t| match t {
            Tile::Brick(c) => Some(*c),
            _ => None,
        })
        .collect();
    assert!(contents.iter().all(Option::is_some));
    assert!(contents.contains(&Some(BonusKind::Power)));
    assert!(contents.contains(&Some(BonusKind::Bomb)));
}

// ------------------------------------------------------------------------------ speed and moves

#[test]
fn a_speed_longer_than_10_is_scaled_down_to_10() {
    let mut game = open().player_at(P0, at(7, 7)).build().unwrap();
    tick(&mut game, &[(P0, go(30, 40))]);
    assert_eq!(pos(&game, P0), Point::units(225 + 6, 225 + 8));
    tick(&mut game, &[(P0, go(-7, 0))]);
    assert_eq!(
        pos(&game, P0),
        Point::units(224, 233),
        "short speeds are kept"
    );
    tick(
        &mut game,
        &[(
            P0,
            Action::new(Fixed::from_raw(1), Fixed::from_raw(-3), false),
        )],
    );
    assert_eq!(
        pos(&game, P0),
        Point::new(
            Fixed::from_units(224) + Fixed::from_raw(1),
            Fixed::from_units(233) - Fixed::from_raw(3)
        ),
        "fixed-point speeds move by exact steps"
    );
}

#[test]
fn a_move_stops_at_the_first_contact_with_a_wall() {
    let mut game = open()
        .brick(cell(2, 0), None)
        .player_at(P0, at(1, 0))
        .build()
        .unwrap();
    // The brick's left side is at x = 60: the player (radius 10) stops touching it at x = 50.
    tick(&mut game, &[(P0, go(10, 0))]);
    assert_eq!(pos(&game, P0), Point::units(50, 15));
    tick(&mut game, &[(P0, go(10, 0))]);
    assert_eq!(
        pos(&game, P0),
        Point::units(50, 15),
        "no move into the wall"
    );
    // Touching is not overlapping: it may slide along the wall's side.
    tick(&mut game, &[(P0, go(0, 10))]);
    assert_eq!(pos(&game, P0), Point::units(50, 25));
}

#[test]
fn a_diagonal_move_stops_at_the_corner_without_sliding() {
    let mut game = open()
        .tile(cell(2, 2), Tile::Concrete)
        .player_at(P0, at(1, 1))
        .build()
        .unwrap();
    // (10, 10) is scaled to length 10: two ticks to reach the wall.
    tick(&mut game, &[(P0, go(10, 10))]);
    assert_eq!(
        pos(&game, P0),
        Point::new(
            Fixed::from_raw(45 * U + 1809),
            Fixed::from_raw(45 * U + 1809)
        )
    );
    tick(&mut game, &[(P0, go(10, 10))]);
    let p = pos(&game, P0);
    assert_eq!(p.x, p.y, "it stays on its diagonal");
    // The wall's corner is (60, 60): the player stops touching it, within one raw step.
    let d = i64::from(Fixed::from_units(60).raw() - p.x.raw());
    let dist2 = 2 * d * d;
    let r = i64::from(10 * U);
    assert!(dist2 >= r * r, "not inside the wall: {p}");
    let d1 = d - 1;
    assert!(2 * d1 * d1 < r * r, "one more step would overlap: {p}");
    tick(&mut game, &[(P0, go(10, 10))]);
    assert_eq!(pos(&game, P0), p, "it does not slide around the corner");
}

#[test]
fn the_field_edge_is_a_wall() {
    let mut game = open().build().unwrap();
    tick(&mut game, &[(P0, go(-10, -10)), (P3, go(10, 10))]);
    assert_eq!(pos(&game, P0), Point::units(10, 10));
    assert_eq!(pos(&game, P3), Point::units(440, 440));
}

#[test]
fn players_do_not_block_each_other() {
    let mut game = open()
        .player_at(P0, at(5, 5))
        .player_at(P1, at(5, 5).plus((10, 0)))
        .build()
        .unwrap();
    tick(&mut game, &[(P0, go(10, 0)), (P1, go(-10, 0))]);
    assert_eq!(pos(&game, P0), at(5, 5).plus((10, 0)));
    assert_eq!(pos(&game, P1), at(5, 5));
}

#[test]
fn stunned_and_eliminated_players_do_not_move() {
    let mut game = open()
        .with_player(P0, |p| p.stun_duration = 3)
        .player_at(P1, at(5, 5))
        .build()
        .unwrap();
    tick(&mut game, &[(P0, go(10, 0)), (P1, go(10, 0))]);
    assert_eq!(pos(&game, P0), at(0, 0));
    assert_eq!(pos(&game, P1), at(5, 5).plus((10, 0)));
}

// ------------------------------------------------------------------------------ bombs as obstacles

#[test]
fn a_bomb_blocks_players_that_did_not_touch_it_when_placed() {
    let mut game = open()
        .player_at(P0, at(1, 0))
        .bomb(bomb(3, 0, P1, 40))
        .build()
        .unwrap();
    // Centres 24 apart when touching: the player stops at x = 105 - 24 = 81.
    for _ in 0..5 {
        tick(&mut game, &[(P0, go(10, 0))]);
    }
    assert_eq!(pos(&game, P0), Point::units(81, 15));
}

#[test]
fn walking_off_a_fresh_bomb() {
    let mut game = open().player_at(P0, at(2, 0)).build().unwrap();
    let events = tick(&mut game, &[(P0, drop_here())]);
    assert!(events.contains(&Event::Dropped {
        player: P0,
        cell: cell(2, 0)
    }));
    assert_eq!(game.bombs()[0].walkable_for, set(&[P0]));
    // Still touching at 10 and 20 units away, not at 30.
    for (x, walkable) in [(85, true), (95, true), (105, false)] {
        tick(&mut game, &[(P0, go(10, 0))]);
        assert_eq!(pos(&game, P0), Point::units(x, 15));
        assert_eq!(
            game.bombs()[0].walkable_for.contains(P0),
            walkable,
            "at {x}"
        );
    }
    // Once off it, the bomb is an obstacle: back to touching, no further.
    for _ in 0..3 {
        tick(&mut game, &[(P0, go(-10, 0))]);
    }
    assert_eq!(pos(&game, P0), Point::units(75 + 24, 15));
}

#[test]
fn a_bomb_is_walkable_for_everyone_touching_it_when_placed() {
    let mut game = open()
        .player_at(P0, at(5, 5))
        .player_at(P1, at(5, 5).plus((20, 0)))
        .player_at(P2, at(5, 5).plus((25, 0)))
        .build()
        .unwrap();
    tick(&mut game, &[(P0, drop_here())]);
    assert_eq!(game.bombs()[0].walkable_for, set(&[P0, P1]));
    // P2 (25 away) may only come up to touching it (24 away); P1 walks over it.
    tick(&mut game, &[(P1, go(-10, 0)), (P2, go(-10, 0))]);
    assert_eq!(pos(&game, P1), at(5, 5).plus((10, 0)));
    assert_eq!(pos(&game, P2), at(5, 5).plus((24, 0)));
}

// ------------------------------------------------------------------------------ drops

#[test]
fn a_drop_is_placed_at_the_end_of_the_tick_on_the_nearest_centre() {
    // P0 starts in cell 0 (x = 25) and ends the tick in cell 1 (x = 35): the bomb goes to 1.
    let mut game = open()
        .player_at(P0, Point::units(25, 15))
        .player_at(P1, at(1, 2))
        .build()
        .unwrap();
    // P1 walks into the drop's cell in the same tick: a new bomb is no obstacle yet.
    let events = tick(
        &mut game,
        &[(P0, Action::units(10, 0, true)), (P1, go(0, -10))],
    );
    assert_eq!(
        events,
        vec![Event::Dropped {
            player: P0,
            cell: cell(1, 0)
        }]
    );
    let b = game.bombs()[0];
    assert_eq!(
        (b.cell, b.owner, b.timeout),
        (cell(1, 0), P0, 50),
        "placed with a 50 tick timeout"
    );
    assert_eq!(pos(&game, P1), at(1, 2).plus((0, -10)));
    assert_eq!(game.player(P0).bombs_left, 0);
    // A centre on a border belongs to the right-hand cell.
    let mut game = open().player_at(P0, Point::units(60, 75)).build().unwrap();
    tick(&mut game, &[(P0, drop_here())]);
    assert_eq!(game.bombs()[0].cell, cell(2, 2));
}

#[test]
fn no_drop_without_bombs_left_or_on_a_bomb() {
    let mut game = open()
        .player_at(P0, at(5, 5))
        .with_player(P0, |p| p.bombs_left = 0)
        .player_at(P1, at(7, 7))
        .bomb(bomb(7, 7, P2, 30))
        .build()
        .unwrap();
    let events = tick(&mut game, &[(P0, drop_here()), (P1, drop_here())]);
    assert!(events.is_empty());
    assert_eq!(game.bombs().len(), 1);
    assert_eq!(game.player(P1).bombs_left, 1);
}

#[test]
fn a_contested_drop_goes_to_the_first_in_this_ticks_order() {
    // A duel: the tick's order is [P0, P1] shuffled with one draw j = draw::below(2),
    // swapping the two when j == 0.
    let mut owners = Vec::new();
    for seed in 0..16 {
        let mut game = Scenario::new(Config::mode(Mode::Duel))
            .clear()
            .player_at(P0, at(5, 5).plus((-5, 0)))
            .player_at(P1, at(5, 5).plus((5, 0)))
            .build()
            .unwrap();
        let events = tick_seeded(&mut game, &[(P0, drop_here()), (P1, drop_here())], seed);
        assert_eq!(game.bombs().len(), 1);
        let owner = game.bombs()[0].owner;
        let expected = if draw::below(&mut Pcg64Mcg::seed_from_u64(seed), 2) == 0 {
            P1
        } else {
            P0
        };
        assert_eq!(owner, expected, "seed {seed}");
        assert_eq!(
            events,
            vec![Event::Dropped {
                player: owner,
                cell: cell(5, 5)
            }]
        );
        let loser = if owner == P0 { P1 } else { P0 };
        assert_eq!(game.player(loser).bombs_left, 1, "the loser keeps its bomb");
        assert_eq!(game.bombs()[0].walkable_for, set(&[P0, P1]));
        owners.push(owner);
    }
    assert!(owners.contains(&P0) && owners.contains(&P1));
}

// ------------------------------------------------------------------------------ explosions

#[test]
fn a_bomb_explodes_50_ticks_after_it_is_placed() {
    let mut game = open().player_at(P0, at(5, 5)).build().unwrap();
    tick(&mut game, &[(P0, drop_here())]);
    // Walk away out of reach.
    for _ in 0..6 {
        tick(&mut game, &[(P0, go(10, 0))]);
    }
    let events = idle(&mut game, 42);
    assert_eq!(game.bombs()[0].timeout, 2);
    assert!(events.is_empty());
    let events = tick(&mut game, &[]);
    assert_eq!(game.bombs()[0].timeout, 1);
    assert!(events.is_empty());
    let events = tick(&mut game, &[]);
    assert_eq!(game.tick(), 51);
    assert_eq!(
        events,
        vec![Event::Exploded {
            cell: cell(5, 5),
            owner: P0,
            creators: set(&[P0])
        }]
    );
    assert_eq!(game.player(P0).bombs_left, 1, "the bomb comes back");
    let mut cells: Vec<_> = game.explosions().iter().map(|e| e.cell).collect();
    cells.sort();
    assert_eq!(
        cells,
        vec![cell(4, 5), cell(5, 4), cell(5, 5), cell(5, 6), cell(6, 5)],
        "its own cell plus power 1 each way"
    );
    assert!(game.explosions().iter().all(|e| e.timeout == 10));
}

#[test]
fn explosion_squares_last_10_ticks() {
    let mut game = open().bomb(bomb(5, 5, P0, 1)).build().unwrap();
    tick(&mut game, &[]);
    assert_eq!(game.explosions().len(), 5);
    idle(&mut game, 9);
    assert!(game.explosions().iter().all(|e| e.timeout == 1));
    idle(&mut game, 1);
    assert!(game.explosions().is_empty());
}

#[test]
fn a_ray_stops_at_the_first_brick_and_destroys_it() {
    let mut game = open()
        .with_player(P0, |p| p.bombs_power = 3)
        .brick(cell(7, 5), None)
        .brick(cell(8, 5), None)
        .bomb(bomb(5, 5, P0, 1))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    let covered = |c: Coord| game.explosions().iter().any(|e| e.cell == c);
    assert!(covered(cell(6, 5)) && covered(cell(7, 5)) && !covered(cell(8, 5)));
    assert!(covered(cell(2, 5)) && covered(cell(5, 2)) && covered(cell(5, 8)));
    assert!(!covered(cell(1, 5)), "power 3 reaches 3 cells");
    assert_eq!(game.tiles()[cell(7, 5)], Tile::Empty);
    assert_eq!(game.tiles()[cell(8, 5)], Tile::Brick(None));
    assert!(events.contains(&Event::WallDestroyed {
        cell: cell(7, 5),
        creators: set(&[P0]),
        revealed: None
    }));
    assert_eq!(scored(&events, P0), vec![(12, ScoreReason::Wall)]);
    assert_eq!(game.stats(P0).walls, 1);
}

#[test]
fn a_ray_stops_at_concrete_which_stays() {
    let mut game = open()
        .with_player(P0, |p| p.bombs_power = 3)
        .tile(cell(5, 3), Tile::Concrete)
        .bomb(bomb(5, 5, P0, 1))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    let covered = |c: Coord| game.explosions().iter().any(|e| e.cell == c);
    assert!(covered(cell(5, 4)) && covered(cell(5, 3)) && !covered(cell(5, 2)));
    assert_eq!(game.tiles()[cell(5, 3)], Tile::Concrete);
    assert!(scored(&events, P0).is_empty());
}

#[test]
fn rays_stop_at_the_field_edge() {
    let mut game = open()
        .with_player(P0, |p| p.bombs_power = 5)
        .player_at(P0, at(7, 7))
        .bomb(bomb(1, 0, P0, 1))
        .build()
        .unwrap();
    tick(&mut game, &[]);
    assert_eq!(game.explosions().len(), 1 + 1 + 5 + 5);
}

#[test]
fn rays_pass_through_bonuses_and_bombs() {
    let mut game = open()
        .with_player(P0, |p| p.bombs_power = 3)
        .player_at(P0, at(10, 10))
        .bonus(Bonus {
            cell: cell(6, 5),
            kind: BonusKind::Bomb,
            immune_duration: 0,
        })
        .bomb(bomb(4, 5, P1, 30))
        .bomb(bomb(5, 5, P0, 1))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    let covered = |c: Coord| game.explosions().iter().any(|e| e.cell == c);
    assert!(
        covered(cell(7, 5)) && covered(cell(8, 5)),
        "through the bonus"
    );
    assert!(
        covered(cell(3, 5)) && covered(cell(2, 5)),
        "through the bomb"
    );
    assert!(events.contains(&Event::BonusDestroyed {
        cell: cell(6, 5),
        kind: BonusKind::Bomb
    }));
    assert!(game.bonuses().is_empty());
    assert!(game.bombs().is_empty(), "the touched bomb exploded too");
}

#[test]
fn chains_carry_the_blame_to_the_creators() {
    // P0's bomb (power 1) sets off P1's (power 2), whose ray alone reaches the brick.
    let mut game = open()
        .with_player(P1, |p| p.bombs_power = 2)
        .brick(cell(8, 5), None)
        .bomb(bomb(5, 5, P0, 1))
        .bomb(bomb(6, 5, P1, 40))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    assert_eq!(
        events[..2],
        [
            Event::Exploded {
                cell: cell(5, 5),
                owner: P0,
                creators: set(&[P0])
            },
            Event::Exploded {
                cell: cell(6, 5),
                owner: P1,
                creators: set(&[P0, P1])
            }
        ]
    );
    assert!(events.contains(&Event::WallDestroyed {
        cell: cell(8, 5),
        creators: set(&[P0, P1]),
        revealed: None
    }));
    // 12 points shared by k = 2.
    assert_eq!(scored(&events, P0), vec![(6, ScoreReason::Wall)]);
    assert_eq!(scored(&events, P1), vec![(6, ScoreReason::Wall)]);
    let sq = |c: Coord| {
        game.explosions()
            .iter()
            .find(|e| e.cell == c)
            .unwrap()
            .creators
    };
    assert_eq!(sq(cell(8, 5)), set(&[P0, P1]));
    assert_eq!(sq(cell(5, 4)), set(&[P0]));
    assert_eq!(sq(cell(4, 5)), set(&[P0, P1]), "both rays, one square");
    assert_eq!(game.player(P1).bombs_left, 2, "both bombs come back");
}

#[test]
fn bombs_whose_timeout_runs_out_together_are_each_blamed_on_their_owner() {
    let mut game = open()
        .brick(cell(6, 6), None)
        .bomb(bomb(5, 5, P0, 1))
        .bomb(bomb(6, 5, P1, 1))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::Exploded { .. }))
            .count(),
        2
    );
    assert!(events.contains(&Event::Exploded {
        cell: cell(6, 5),
        owner: P1,
        creators: set(&[P1])
    }));
    assert_eq!(scored(&events, P1), vec![(12, ScoreReason::Wall)]);
}

#[test]
fn a_brick_stops_every_ray_of_the_tick() {
    // P1's chained bomb would reach (8, 5) through (7, 5) if P0's ray had already removed the
    // brick there: all explosions of a tick see the walls of the start of the tick.
    let mut game = open()
        .with_player(P0, |p| p.bombs_power = 2)
        .with_player(P1, |p| p.bombs_power = 3)
        .brick(cell(7, 5), None)
        .bomb(bomb(5, 5, P0, 1))
        .bomb(bomb(6, 5, P1, 40))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    assert!(!game.explosions().iter().any(|e| e.cell == cell(8, 5)));
    // Both rays covered the brick: destroyed once, shared.
    let destroyed: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, Event::WallDestroyed { .. }))
        .collect();
    assert_eq!(destroyed.len(), 1);
    assert_eq!(scored(&events, P0), vec![(6, ScoreReason::Wall)]);
}

#[test]
fn a_bomb_dropped_into_a_lingering_explosion_explodes_next_tick() {
    let mut game = open()
        .player_at(P0, at(5, 5))
        .with_player(P0, |p| p.immune_duration = 20)
        .explosion(Explosion {
            cell: cell(5, 5),
            timeout: 5,
            creators: set(&[P1]),
        })
        .build()
        .unwrap();
    tick(&mut game, &[(P0, drop_here())]);
    assert_eq!(game.bombs().len(), 1);
    let events = tick(&mut game, &[]);
    assert!(events.contains(&Event::Exploded {
        cell: cell(5, 5),
        owner: P0,
        creators: set(&[P0, P1])
    }));
}

// ------------------------------------------------------------------------------ hits

#[test]
fn hitting_an_opponent_scores_240() {
    let mut game = open()
        .player_at(P1, at(6, 5))
        .bomb(bomb(5, 5, P0, 1))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    assert!(events.contains(&Event::Hit {
        player: P1,
        creators: set(&[P0]),
        lives_left: 2
    }));
    assert_eq!(scored(&events, P0), vec![(240, ScoreReason::Hit)]);
    assert_eq!(game.stats(P0).kills, 1);
    assert_eq!(game.stats(P1).hits_taken, 1);
}

#[test]
fn a_hit_shared_by_k_players_gives_each_240_over_k() {
    let mut game = open()
        .player_at(P2, at(5, 5))
        .bomb(bomb(4, 5, P0, 1))
        .bomb(bomb(6, 5, P1, 1))
        .bomb(bomb(5, 4, P3, 1))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    assert!(events.contains(&Event::Hit {
        player: P2,
        creators: set(&[P0, P1, P3]),
        lives_left: 2
    }));
    for p in [P0, P1, P3] {
        assert_eq!(scored(&events, p), vec![(80, ScoreReason::Hit)]);
    }
    assert_eq!(game.player(P2).lives_left, 2, "hit once");
}

#[test]
fn hitting_yourself_costs_60() {
    let mut game = open().bomb(bomb(0, 0, P0, 1)).build().unwrap();
    let events = tick(&mut game, &[]);
    assert!(events.contains(&Event::Hit {
        player: P0,
        creators: set(&[P0]),
        lives_left: 2
    }));
    assert_eq!(scored(&events, P0), vec![(-60, ScoreReason::SelfHit)]);
    assert_eq!(game.player(P0).score, -60);
    assert_eq!(game.stats(P0).self_hits, 1);
}

#[test]
fn a_shared_self_hit_splits_both_points() {
    let mut game = open()
        .player_at(P0, at(5, 5))
        .bomb(bomb(5, 5, P0, 1))
        .bomb(bomb(5, 6, P1, 1))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    assert_eq!(scored(&events, P0), vec![(-30, ScoreReason::SelfHit)]);
    assert_eq!(scored(&events, P1), vec![(120, ScoreReason::Hit)]);
}

#[test]
fn touching_an_explosion_square_is_enough_to_be_hit() {
    // The square on cell (6, 5) spans x in [181, 209]: a player (radius 10) at x = 171 touches
    // it, at x = 170.99... it does not.
    for (x_raw, hit) in [(171 * U, true), (171 * U - 1, false)] {
        let mut game = open()
            .player_at(
                P1,
                Point::new(Fixed::from_raw(x_raw), Fixed::from_units(165)),
            )
            .explosion(Explosion {
                cell: cell(6, 5),
                timeout: 5,
                creators: set(&[P0]),
            })
            .build()
            .unwrap();
        tick(&mut game, &[]);
        assert_eq!(game.player(P1).lives_left == 2, hit, "x raw {x_raw}");
    }
}

#[test]
fn a_hit_stuns_for_30_ticks_and_gives_immunity_for_30_more() {
    let mut game = open()
        .player_at(P0, at(5, 5))
        .bomb(bomb(5, 5, P1, 1))
        .build()
        .unwrap();
    tick(&mut game, &[]);
    let p = game.player(P0);
    assert_eq!((p.stun_duration, p.immune_duration), (30, 60));
    // Stunned: neither moves nor drops for the 29 following ticks.
    for _ in 0..29 {
        tick(&mut game, &[(P0, Action::units(0, 10, true))]);
    }
    assert_eq!(pos(&game, P0), at(5, 5));
    assert!(game.bombs().is_empty());
    assert_eq!(game.player(P0).stun_duration, 1);
    tick(&mut game, &[(P0, go(0, 10))]);
    assert_eq!(
        pos(&game, P0),
        at(5, 5).plus((0, 10)),
        "moves again after 30 ticks"
    );
    // Immune: a blast now does nothing...
    tick(&mut game, &[(P0, go(0, -10))]);
    let mut game2 = game.clone();
    let events = with_bomb(&mut game2, bomb(5, 5, P1, 1));
    assert!(events.iter().all(|e| !matches!(e, Event::Hit { .. })));
    assert_eq!(game2.player(P0).lives_left, 2);
    // ...until 60 ticks after the hit.
    assert_eq!(game.player(P0).immune_duration, 29);
    idle(&mut game, 28);
    assert_eq!(game.player(P0).immune_duration, 1);
    let events = with_bomb(&mut game, bomb(5, 5, P1, 1));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Hit { player: P0, .. }))
    );
}

/// Rebuilds `game` by hand (walls and player records, scores reset) with `bomb` added, and
/// plays one tick.
fn with_bomb(game: &mut Bomberman, bomb: Bomb) -> Vec<Event> {
    let mut s = Scenario::new(*game.config())
        .clear()
        .at_tick(game.tick())
        .bomb(bomb);
    for (c, &t) in game.tiles().iter() {
        s = s.tile(c, t);
    }
    for p in game.players() {
        let record = *p;
        s = s.with_player(p.id, |q| *q = koth_bomberman::Player { score: 0, ..record });
    }
    *game = s.build().unwrap();
    tick(game, &[])
}

#[test]
fn several_blasts_in_one_tick_hit_once() {
    let mut game = open()
        .player_at(P0, at(5, 5))
        .with_player(P0, |p| p.bombs_power = 2)
        .bomb(bomb(5, 5, P0, 1))
        .bomb(bomb(5, 6, P0, 1))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    let hits = events
        .iter()
        .filter(|e| matches!(e, Event::Hit { .. }))
        .count();
    assert_eq!(hits, 1);
    assert_eq!(game.player(P0).lives_left, 2);
}

#[test]
fn walking_into_a_lingering_explosion_hits() {
    let mut game = open()
        .player_at(P1, at(6, 5))
        .explosion(Explosion {
            cell: cell(5, 5),
            timeout: 8,
            creators: set(&[P0]),
        })
        .build()
        .unwrap();
    tick(&mut game, &[(P1, go(-10, 0))]);
    assert_eq!(
        game.player(P1).lives_left,
        3,
        "moved in after the contact phase"
    );
    let events = tick(&mut game, &[]);
    assert!(events.contains(&Event::Hit {
        player: P1,
        creators: set(&[P0]),
        lives_left: 2
    }));
}

#[test]
fn the_last_life_takes_the_player_out() {
    let mut game = open()
        .player_at(P1, at(6, 5))
        .with_player(P1, |p| p.lives_left = 1)
        .player_at(P0, at(10, 10))
        .brick(cell(2, 2), None)
        .bomb(bomb(5, 5, P0, 1))
        .bomb(bomb(3, 2, P1, 5))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    assert!(events.contains(&Event::Eliminated { player: P1 }));
    assert!(!game.player(P1).is_on_field());
    assert_eq!(game.to_act(), ToAct::Simultaneous(&[P0, P2, P3]));
    assert!(game.world().player(P1).is_none(), "it left the field");
    assert!(
        game.observe(P0).world.players.iter().all(|p| p.id != P1),
        "others no longer see it"
    );
    // Its bombs still explode and score for it.
    let events = idle(&mut game, 4);
    assert!(events.contains(&Event::WallDestroyed {
        cell: cell(2, 2),
        creators: set(&[P1]),
        revealed: None
    }));
    assert_eq!(game.player(P1).score, 12);
    // The step now takes one action fewer.
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut ev = Vec::new();
    assert_eq!(
        game.step(&[Action::IDLE; 4], &mut rng, &mut ev),
        Err(StepError::WrongActionCount {
            expected: 3,
            got: 4
        })
    );
    game.step(&[Action::IDLE; 3], &mut rng, &mut ev).unwrap();
}

// ------------------------------------------------------------------------------ bonuses

#[test]
fn a_revealed_bonus_survives_the_revealing_blast() {
    let mut game = open()
        .brick(cell(6, 5), Some(BonusKind::Power))
        .bomb(bomb(5, 5, P0, 1))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    assert!(events.contains(&Event::WallDestroyed {
        cell: cell(6, 5),
        creators: set(&[P0]),
        revealed: Some(BonusKind::Power)
    }));
    assert_eq!(
        game.bonuses(),
        &[Bonus {
            cell: cell(6, 5),
            kind: BonusKind::Power,
            immune_duration: 11
        }]
    );
    // The squares last 10 ticks, the immunity 11: the bonus outlives the blast.
    let events = idle(&mut game, 10);
    assert!(game.explosions().is_empty());
    assert_eq!(game.bonuses()[0].immune_duration, 1);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::BonusDestroyed { .. }))
    );
}

#[test]
fn a_bonus_whose_immunity_is_over_is_destroyed_by_a_blast() {
    for (immunity, survives) in [(0, false), (1, false), (2, true)] {
        let mut game = open()
            .bonus(Bonus {
                cell: cell(6, 5),
                kind: BonusKind::Bomb,
                immune_duration: immunity,
            })
            .bomb(bomb(5, 5, P0, 1))
            .build()
            .unwrap();
        tick(&mut game, &[]);
        assert_eq!(game.bonuses().len() == 1, survives, "immunity {immunity}");
    }
}

#[test]
fn a_touched_bonus_is_picked_up() {
    let mut game = open()
        .player_at(P0, at(5, 5))
        .player_at(P1, at(8, 8))
        .bonus(Bonus {
            cell: cell(6, 5),
            kind: BonusKind::Power,
            immune_duration: 3,
        })
        .bonus(Bonus {
            cell: cell(8, 9),
            kind: BonusKind::Bomb,
            immune_duration: 0,
        })
        .build()
        .unwrap();
    // Touching means distance <= 0: the square spans x from 181; the player's edge reaches it
    // at x = 171. P0 gets there this tick; the pick-up happens at the start of the next.
    tick(&mut game, &[(P0, go(6, 0)), (P1, go(0, 6))]);
    assert_eq!(game.bonuses().len(), 2);
    let events = tick(&mut game, &[]);
    assert!(events.contains(&Event::BonusPicked {
        player: P0,
        cell: cell(6, 5),
        kind: BonusKind::Power
    }));
    assert_eq!(scored(&events, P0), vec![(6, ScoreReason::Bonus)]);
    assert_eq!(game.player(P0).bombs_power, 2);
    let p1 = game.player(P1);
    assert_eq!((p1.bombs_count, p1.bombs_left), (2, 2));
    assert!(game.bonuses().is_empty());
    assert_eq!(game.stats(P1).bonuses, 1);
}

#[test]
fn a_contested_bonus_goes_to_the_first_in_this_ticks_order() {
    let mut owners = Vec::new();
    for seed in 0..16 {
        let mut game = Scenario::new(Config::mode(Mode::Duel))
            .clear()
            .player_at(P0, at(5, 5).plus((-10, 0)))
            .player_at(P1, at(5, 5).plus((10, 0)))
            .bonus(Bonus {
                cell: cell(5, 5),
                kind: BonusKind::Bomb,
                immune_duration: 0,
            })
            .build()
            .unwrap();
        let events = tick_seeded(&mut game, &[], seed);
        let first = if draw::below(&mut Pcg64Mcg::seed_from_u64(seed), 2) == 0 {
            P1
        } else {
            P0
        };
        assert!(
            events.contains(&Event::BonusPicked {
                player: first,
                cell: cell(5, 5),
                kind: BonusKind::Bomb
            }),
            "seed {seed}"
        );
        owners.push(first);
    }
    assert!(owners.contains(&P0) && owners.contains(&P1));
}

#[test]
fn stunned_players_pick_up_bonuses() {
    let mut game = open()
        .player_at(P0, at(5, 5))
        .with_player(P0, |p| p.stun_duration = 10)
        .bonus(Bonus {
            cell: cell(5, 5),
            kind: BonusKind::Power,
            immune_duration: 0,
        })
        .build()
        .unwrap();
    tick(&mut game, &[]);
    assert_eq!(game.player(P0).bombs_power, 2);
}

// ------------------------------------------------------------------------------ the end

#[test]
fn the_game_lasts_1500_ticks_even_with_one_player_left() {
    let mut game = Scenario::new(Config::mode(Mode::Duel))
        .clear()
        .with_player(P1, |p| p.lives_left = 1)
        .bomb(bomb(14, 14, P0, 1))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    assert!(events.contains(&Event::Eliminated { player: P1 }));
    assert_eq!(game.to_act(), ToAct::Simultaneous(&[P0]));
    while game.tick() < 1499 {
        assert!(game.outcome().is_none());
        tick(&mut game, &[]);
    }
    assert!(!game.to_act().is_over());
    tick(&mut game, &[]);
    assert_eq!(game.to_act(), ToAct::Nobody);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.scores().values(), &[240, 0]);
    assert_eq!(outcome.winner(), Some(P0));
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    assert_eq!(
        game.step(&[Action::IDLE], &mut rng, &mut Vec::new()),
        Err(StepError::GameOver)
    );
}

#[test]
fn with_nobody_left_the_remaining_ticks_are_played_out() {
    let mut game = Scenario::new(Config::mode(Mode::Duel))
        .clear()
        .brick(cell(7, 7), None)
        .with_player(P0, |p| p.lives_left = 1)
        .with_player(P1, |p| p.lives_left = 1)
        .bomb(bomb(0, 0, P1, 1))
        .bomb(bomb(14, 14, P1, 1))
        .bomb(bomb(7, 6, P0, 40))
        .build()
        .unwrap();
    let events = tick(&mut game, &[]);
    assert_eq!(game.tick(), 1500, "played out in the same step");
    assert_eq!(game.to_act(), ToAct::Nobody);
    assert!(events.contains(&Event::WallDestroyed {
        cell: cell(7, 7),
        creators: set(&[P0]),
        revealed: None
    }));
    // P0: hit by P1 (+0 for P0) then the brick (+12); P1: 240 for P0, -60 for itself.
    assert_eq!(game.outcome().unwrap().scores().values(), &[12, 180]);
}

#[test]
fn equal_scores_share_a_place() {
    let game = Scenario::new(Config::default())
        .at_tick(1499)
        .build()
        .unwrap();
    let mut game = game;
    tick(&mut game, &[]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.places().values(), &[1, 1, 1, 1]);
}

// ------------------------------------------------------------------------------ builder checks

#[test]
fn hand_made_positions_are_checked() {
    let err = |s: Scenario| s.build().err();
    assert_eq!(
        err(open().player_at(P0, Point::units(5, 15))),
        Some(ScenarioError::PlayerOutside(P0))
    );
    assert_eq!(
        err(Scenario::new(Config::default()).player_at(P0, at(1, 1))),
        Some(ScenarioError::PlayerInWall {
            player: P0,
            cell: cell(1, 1)
        })
    );
    assert_eq!(
        err(open().bomb(bomb(3, 3, P0, 0))),
        Some(ScenarioError::ZeroTimeout {
            what: "bomb",
            cell: cell(3, 3)
        })
    );
    assert_eq!(
        err(open().bomb(bomb(3, 3, P0, 5)).bomb(bomb(3, 3, P1, 5))),
        Some(ScenarioError::Duplicate {
            what: "bomb",
            cell: cell(3, 3)
        })
    );
    assert_eq!(
        err(open().brick(cell(3, 3), None).bomb(bomb(3, 3, P0, 5))),
        Some(ScenarioError::OnWall {
            what: "bomb",
            cell: cell(3, 3)
        })
    );
    assert_eq!(
        err(open().bomb(bomb(3, 3, PlayerId(7), 5))),
        Some(ScenarioError::UnknownPlayer { cell: cell(3, 3) })
    );
    assert_eq!(
        err(open().with_player(P0, |p| p.score = 5)),
        Some(ScenarioError::Score(P0))
    );
    let all_out = [P0, P1, P2, P3]
        .iter()
        .fold(open(), |s, &p| s.with_player(p, |q| q.lives_left = 0));
    assert_eq!(err(all_out), Some(ScenarioError::NoPlayerOnField));
    assert_eq!(err(open().at_tick(1500)), Some(ScenarioError::Tick(1500)));
}

/// `Point + (dx, dy)` in whole units, for readable positions.
trait Offset {
    fn plus(self, d: (i32, i32)) -> Point;
}

impl Offset for Point {
    fn plus(self, (dx, dy): (i32, i32)) -> Point {
        Point::new(
            self.x + Fixed::from_units(dx),
            self.y + Fixed::from_units(dy),
        )
    }
}

/// Observations share one world and copy nothing while it is current; each keeps the world
/// it saw when the state steps on; a clone or an unobserved state never shows a stale one.
#[test]
fn observations_share_the_current_world_and_keep_what_they_saw() {
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut game = Bomberman::new(&Config::default(), 4, &mut rng).unwrap();
    let mut events = Vec::new();
    let right = [Action::new(Fixed::from_units(3), Fixed::ZERO, false); 4];
    let first = game.observe(P0);
    assert_eq!(*first.world, game.world());
    game.step(&right, &mut rng, &mut events).unwrap();
    let (a, b) = (game.observe(P0), game.observe(P1));
    assert_eq!(*a.world, game.world());
    assert_eq!(
        (first.world.tick, a.world.tick),
        (0, 1),
        "the first kept tick 0"
    );
    drop((first, b));
    // Observed in tick 1: the step refreshes the one shared world, and both see it.
    game.step(&right, &mut rng, &mut events).unwrap();
    let (c, d) = (game.observe(P2), game.observe(P3));
    assert!(
        std::sync::Arc::ptr_eq(&c.world, &d.world),
        "one world for all"
    );
    assert_eq!(*c.world, game.world());
    assert_eq!(a.world.tick, 1, "a kept observation keeps its world");
    assert_ne!(a.world.players, c.world.players, "they moved since");
    // A clone, and a state stepped without being observed, build their world afresh.
    let mut clone = game.clone();
    assert_eq!(*clone.observe(P0).world, clone.world());
    drop((c, d));
    game.step(&right, &mut rng, &mut events).unwrap();
    game.step(&right, &mut rng, &mut events).unwrap();
    assert_eq!(*game.observe(P1).world, game.world());
    assert_eq!(game.world().tick, 4);
    clone.step(&right, &mut rng, &mut events).unwrap();
    assert_eq!(*clone.observe(P0).world, clone.world());
    assert_eq!(clone, clone.clone(), "the view is not part of the state");
}

/// The shared world follows the state through a real game, burning bricks included: observed
/// every tick, now and then not observed for a tick, and in clones taken along the way.
#[test]
fn observed_worlds_follow_the_state_as_bricks_burn() {
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut game = Bomberman::new(&Config::default(), 4, &mut rng).unwrap();
    let mut bots: Vec<_> = (0..4)
        .map(|_| koth_bomberman::bots::BOTS.make("brick-breaker").unwrap())
        .collect();
    let bricks = |g: &Bomberman| {
        g.world()
            .tiles
            .iter()
            .filter(|(_, t)| matches!(t, koth_bomberman::Tile::Brick(_)))
            .count()
    };
    let at_start = bricks(&game);
    let mut events = Vec::new();
    let mut clones = Vec::new();
    while !game.to_act().is_over() && game.tick() < 900 {
        let players = game.to_act().players().to_vec();
        let actions: Vec<Action> = players
            .iter()
            .map(|&p| {
                let seen = game.observe(p);
                assert_eq!(*seen.world, game.world(), "tick {}", game.tick());
                bots[p.index()].act(&seen, &mut rng)
            })
            .collect();
        if game.tick() % 97 == 0 {
            clones.push((game.clone(), actions.clone(), rng.clone()));
        }
        // Every 13th tick the state steps unobserved.
        if game.tick() % 13 == 0 {
            game.step(&actions, &mut rng, &mut events).unwrap();
            let idle = vec![Action::IDLE; game.to_act().players().len()];
            if !game.to_act().is_over() {
                game.step(&idle, &mut rng, &mut events).unwrap();
            }
        } else {
            game.step(&actions, &mut rng, &mut events).unwrap();
        }
    }
    assert!(bricks(&game) < at_start, "bricks burned");
    for (mut clone, actions, mut r) in clones {
        clone.step(&actions, &mut r, &mut events).unwrap();
        for &p in clone.to_act().players() {
            assert_eq!(*clone.observe(p).world, clone.world());
        }
    }
}

/// A player pushing into a brick stays put tick after tick (the engine remembers that move),
/// and walks on as soon as a blast burns the brick.
#[test]
fn a_player_pushing_into_a_brick_walks_on_once_a_blast_burns_it() {
    let mut game = open()
        .brick(cell(6, 5), None)
        .bomb(bomb(7, 5, P1, 4))
        .player_at(P0, at(5, 5))
        .with_player(P0, |p| p.immune_duration = 1000)
        .build()
        .unwrap();
    tick(&mut game, &[(P0, go(10, 0))]);
    let pressed = game.player(P0).pos;
    assert!(pressed.x > at(5, 5).x, "it moved up to the brick");
    tick(&mut game, &[(P0, go(10, 0))]);
    assert_eq!(game.player(P0).pos, pressed, "pressed against the brick");
    let mut burned = false;
    for _ in 0..20 {
        let events = tick(&mut game, &[(P0, go(10, 0))]);
        burned |= events
            .iter()
            .any(|e| matches!(e, Event::WallDestroyed { .. }));
    }
    assert!(burned, "the blast burned the brick");
    assert!(
        game.player(P0).pos.x > at(6, 5).x,
        "it walked on through the brick's cell: {:?}",
        game.player(P0).pos
    );
}

/// A state rebuilt from any player's observation, with the records of the seats already
/// out, is the state: the same world and records, and under the same actions and draws it
/// plays on the same. (Random walkers blow themselves up, so seats go out along the way.)
#[test]
fn the_state_rebuilds_from_an_observation() {
    let mut rng = Pcg64Mcg::seed_from_u64(8);
    let mut game = Bomberman::new(&Config::default(), 4, &mut rng).unwrap();
    let mut bots: Vec<_> = ["brick-breaker", "random", "random", "brick-breaker"]
        .iter()
        .map(|id| koth_bomberman::bots::BOTS.make(id).unwrap())
        .collect();
    let mut events = Vec::new();
    let mut seats_out = false;
    while !game.to_act().is_over() {
        let players = game.to_act().players().to_vec();
        let actions: Vec<Action> = players
            .iter()
            .map(|&p| bots[p.index()].act(&game.observe(p), &mut rng))
            .collect();
        if game.tick() % 25 == 0 {
            seats_out |= players.len() < 4;
            for &p in &players {
                let mut rebuilt =
                    Bomberman::from_observation(&game.observe(p), game.players()).unwrap();
                assert_eq!(rebuilt.world(), game.world(), "tick {}", game.tick());
                assert_eq!(rebuilt.players(), game.players(), "tick {}", game.tick());
                let mut original = game.clone();
                let (mut a, mut b) = (rng.clone(), rng.clone());
                let (mut ea, mut eb) = (Vec::new(), Vec::new());
                original.step(&actions, &mut a, &mut ea).unwrap();
                rebuilt.step(&actions, &mut b, &mut eb).unwrap();
                assert_eq!(ea, eb, "tick {}", game.tick());
                assert_eq!(rebuilt.world(), original.world(), "tick {}", game.tick());
                assert_eq!(
                    rebuilt.players(),
                    original.players(),
                    "tick {}",
                    game.tick()
                );
            }
        }
        game.step(&actions, &mut rng, &mut events).unwrap();
    }
    assert!(seats_out, "no seat went out while the test looked");
}
