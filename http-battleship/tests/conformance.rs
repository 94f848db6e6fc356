//! The generic conformance check from `koth_engine_core::testing`, with a chooser that places
//! mostly valid fleets, shoots mostly on the grid, repeats shots, and sometimes breaks the
//! rules (invalid placements, shots off the grid, forfeits, actions of the wrong phase).

use koth_engine_core::draw;
use koth_engine_core::testing::{Conformance, check_contest};
use koth_engine_core::{Game, PlayerId, RngCore};
use koth_http_battleship::{
    Action, Battleship, Config, ForfeitReason, Phase, Placement, ShipSpan, bots,
};

fn chooser(game: &Battleship, player: PlayerId, rng: &mut dyn RngCore) -> Action {
    let c = *game.config();
    let roll = draw::below(rng, 100);
    match game.phase() {
        Phase::Placing => match roll {
            0..85 => {
                let mut bot = bots::BOTS.make("random").unwrap();
                bot.act(&game.observe(player), rng)
            }
            85..95 => {
                let n = draw::below(rng, 6);
                Action::Place(Placement(
                    (0..n)
                        .map(|_| {
                            let v = |rng: &mut dyn RngCore| draw::below(rng, c.width as u32 + 2);
                            ShipSpan::new((v(rng), v(rng)), (v(rng), v(rng)))
                        })
                        .collect(),
                ))
            }
            95..98 => Action::Shoot { x: 0, y: 0 },
            _ => Action::Forfeit(ForfeitReason::ALL[(roll % 4) as usize]),
        },
        _ => match roll {
            0..97 => Action::Shoot {
                x: draw::below(rng, c.width as u32),
                y: draw::below(rng, c.height as u32),
            },
            97 => Action::Shoot {
                x: c.width as u32,
                y: 0,
            },
            98 => Action::Place(Placement::default()),
            _ => Action::Forfeit(ForfeitReason::Timeout),
        },
    }
}

#[test]
fn the_contest_description_matches_the_engine() {
    check_contest::<Battleship>(&Config::default());
    check_contest::<Battleship>(&Config {
        width: 6,
        height: 5,
        ships: [1, 1, 1, 0, 0, 0],
        shot_limit: Some(12),
    });
}

#[test]
fn conformance_default_settings() {
    Conformance::<Battleship>::new(Config::default(), 2)
        .cases(48)
        .run(chooser);
}

#[test]
fn conformance_small_grids_and_short_limits() {
    let configs = [
        Config {
            width: 4,
            height: 4,
            ships: [1, 1, 0, 0, 0, 0],
            shot_limit: Some(5),
        },
        Config {
            width: 1,
            height: 3,
            ships: [1, 0, 0, 0, 0, 0],
            shot_limit: None,
        },
        Config {
            width: 8,
            height: 3,
            ships: [2, 0, 1, 0, 0, 1],
            shot_limit: Some(30),
        },
    ];
    for config in configs {
        Conformance::<Battleship>::new(config, 2)
            .cases(24)
            .run(chooser);
    }
}
