//! Arbitrary bomberman games: the bytes choose a mode, a few rule values and a seed, then the
//! actions of every tick.
//!
//! Byte layout: byte 0 picks the mode (`% 3`) and, in its upper bits, fast rules (lives 1,
//! bomb timeout 8, power 3, 3 bombs); bytes 1..9 are the seed. Then each tick takes 3 bytes
//! per acting player: signed speeds (`i8`, in 1/16 units times 16, so up to ±16 units, beyond
//! the speed limit) and a drop bit. A byte 0xFF in the speed-x position sends one action too
//! few (which must be refused without any change).
//!
//! Invariants checked after every step:
//! - a refused step leaves the state and the events unchanged;
//! - every player on the field is inside the field and overlaps no wall;
//! - for every player, `bombs_left` plus its bombs on the field is `bombs_count`;
//! - bombs lie on distinct free cells; players out of the game do not act, and the acting
//!   list is exactly the players on the field, in seat order;
//! - each player's score changes by exactly the sum of its `Scored` events, and stays within
//!   `score_bounds`;
//! - the tick advances by one (or to the end, when nobody is left), and the game is over
//!   exactly at `max_ticks`; observations and their JSON lines can always be made.
#![no_main]

use koth_bomberman::protocol::observation_json;
use koth_bomberman::{Action, Bomberman, Config, Event, Fixed, Mode, Rules, Tile};
use koth_engine_core::{Game, SeedableRng, StepError};
use libfuzzer_sys::fuzz_target;
use rand_pcg::Pcg64Mcg;

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let mode = Mode::ALL[usize::from(data[0] % 3)];
    let mut rules = Rules {
        max_ticks: 400,
        ..Rules::default()
    };
    if data[0] & 0x80 != 0 {
        rules.lives = 1;
        rules.bomb_timeout = 8;
        rules.bombs_power = 3;
        rules.bombs_count = 3;
    }
    let config = Config { mode, rules };
    let seed = u64::from_le_bytes(data[1..9].try_into().unwrap());
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Bomberman::new(&config, mode.players(), &mut rng).expect("valid config");
    let (lo, hi) = game.score_bounds();
    let mut bytes = data[9..].iter().copied();
    let mut events = Vec::new();
    let scale = Fixed::SCALE / 16;

    while !game.to_act().is_over() {
        let acting = game.to_act().players().to_vec();
        let mut actions = Vec::new();
        let mut short = false;
        for _ in &acting {
            let (Some(x), Some(y), Some(d)) = (bytes.next(), bytes.next(), bytes.next()) else {
                return;
            };
            short |= x == 0xFF;
            actions.push(Action::new(
                Fixed::from_raw(i32::from(x as i8) * 16 * scale),
                Fixed::from_raw(i32::from(y as i8) * 16 * scale),
                d & 1 == 1,
            ));
        }
        let before = game.clone();
        events.clear();
        if short {
            actions.pop();
            let got = game.step(&actions, &mut rng, &mut events);
            assert!(matches!(got, Err(StepError::WrongActionCount { .. })));
            assert_eq!(game, before);
            assert!(events.is_empty());
            continue;
        }
        game.step(&actions, &mut rng, &mut events).expect("every action is legal");
        if game.on_field().next().is_some() {
            assert_eq!(game.tick(), before.tick() + 1);
        } else {
            assert_eq!(game.tick(), rules.max_ticks);
        }
        check(&game, &before, &events, lo, hi);
    }
    assert!(game.outcome().is_some());
    assert_eq!(game.tick(), rules.max_ticks);
});

fn check(game: &Bomberman, before: &Bomberman, events: &[Event], lo: i64, hi: i64) {
    let rules = game.config().rules;
    let unit = i64::from(Fixed::SCALE);
    let cell = i64::from(rules.cell_size) * unit;
    let field = i64::from(rules.cells) * cell;
    let r = i64::from(rules.player_size) * unit / 2;
    for p in game.players() {
        let score_events: i64 = events
            .iter()
            .filter_map(|e| match *e {
                Event::Scored { player, points, .. } if player == p.id => Some(points),
                _ => None,
            })
            .sum();
        assert_eq!(p.score - before.player(p.id).score, score_events);
        assert!((lo..=hi).contains(&p.score));
        let own = game.bombs().iter().filter(|b| b.owner == p.id).count() as u32;
        assert_eq!(p.bombs_left + own, p.bombs_count);
        if !p.is_on_field() {
            assert!(!game.to_act().players().contains(&p.id));
            continue;
        }
        let (x, y) = (i64::from(p.pos.x.raw()), i64::from(p.pos.y.raw()));
        assert!(x >= r && y >= r && x <= field - r && y <= field - r);
        for (c, t) in game.tiles().iter() {
            if t.is_wall() {
                let (cx, cy) = (
                    i64::from(c.x) * cell + cell / 2,
                    i64::from(c.y) * cell + cell / 2,
                );
                let ex = ((x - cx).abs() - cell / 2).max(0);
                let ey = ((y - cy).abs() - cell / 2).max(0);
                assert!(ex * ex + ey * ey >= r * r, "{} inside the wall at {c}", p.id);
            }
        }
        let o = game.observe(p.id);
        assert!(!observation_json(&o).is_empty());
    }
    if !game.to_act().is_over() {
        let on_field: Vec<_> = game.on_field().collect();
        assert_eq!(game.to_act().players(), on_field.as_slice());
    }
    for (i, b) in game.bombs().iter().enumerate() {
        assert!(matches!(game.tiles().get(b.cell), Some(Tile::Empty)));
        assert!(game.bombs()[..i].iter().all(|o| o.cell != b.cell));
    }
}
