//! The HTTP Battleship placement parser and checks on arbitrary input.
//!
//! The first 8 bytes choose settings (width, height, `ship1`..`ship6`); the rest, read as
//! text and split on `"`, are ship strings. Parsing and validation never panic; a parsed
//! placement writes back to strings that parse to the same spans; a valid placement becomes
//! a fleet with as many ships as the settings ask for, all on the grid and none overlapping,
//! and the engine accepts it as the first player's move.
#![no_main]

use koth_engine_core::{Game, SeedableRng};
use koth_http_battleship::{Action, Battleship, Config, Event, Placement, ShipSpan};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let (head, rest) = data.split_at(8);
    let mut ships = [0u8; 6];
    for (s, b) in ships.iter_mut().zip(&head[2..]) {
        *s = b % 4;
    }
    let config = Config {
        width: 1 + (head[0] % 20) as u16,
        height: 1 + (head[1] % 20) as u16,
        ships,
        shot_limit: None,
    };
    let text = String::from_utf8_lossy(rest);
    let strings: Vec<&str> = text.split('"').collect();
    for s in &strings {
        if let Ok(span) = s.parse::<ShipSpan>() {
            assert_eq!(span.to_string().parse::<ShipSpan>(), Ok(span));
        }
    }
    let Ok(placement) = Placement::parse(&strings) else {
        return;
    };
    let written: Vec<String> = placement.0.iter().map(|s| s.to_string()).collect();
    assert_eq!(Placement::parse(&written).as_ref(), Ok(&placement));
    let Ok(fleet) = placement.validate(&config) else {
        return;
    };
    assert_eq!(fleet.ships().len() as u32, config.ship_count());
    let mut cells: Vec<_> = fleet.ships().iter().flat_map(|s| s.cells()).collect();
    assert!(
        cells
            .iter()
            .all(|c| (c.x as u16) < config.width && (c.y as u16) < config.height)
    );
    let n = cells.len();
    cells.sort();
    cells.dedup();
    assert_eq!(cells.len(), n, "ships overlap");
    if config.validate().is_ok() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
        let mut game = Battleship::new(&config, 2, &mut rng).unwrap();
        let mut events = Vec::new();
        game.step(&[Action::Place(placement)], &mut rng, &mut events)
            .unwrap();
        assert!(matches!(events.as_slice(), [Event::Placed { .. }]));
    }
});
