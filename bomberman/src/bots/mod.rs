//! Built-in bots, each with a stable id.
//!
//! - `idle` stands still and never drops: a sitting target.
//! - `random` walks in a random direction (a new one every 5 to 24 ticks, any vector up to
//!   the speed limit) and drops a bomb with probability 1/40 per tick.
//! - `brick-breaker` plays for real (see [`BrickBreaker`]): it walks the lattice to bricks and
//!   bonuses, bombs bricks (and opponents in reach) only where it can escape, and flees every
//!   current and pending blast, chains included.

use alloc::boxed::Box;

use koth_engine_core::{Bot, BotEntry, BotList, RngCore, draw};

use crate::{Action, Bomberman, Fixed, Observation};

mod brick_breaker;
mod mcts;

pub use brick_breaker::BrickBreaker;

/// Every built-in bot, in listing order, and the line-up `koth play bomberman` uses without
/// `--bot`: two brick-breakers in opposite corners against two random walkers (a duel seats
/// the first two).
pub static BOTS: BotList<Bomberman> = BotList {
    entries: &[
        BotEntry {
            id: "idle",
            name: "Idle",
            about: "stands still and never drops a bomb",
            make: || Box::new(Idle),
        },
        BotEntry {
            id: "random",
            name: "Random Walker",
            about: "walks in random directions and drops a bomb now and then",
            make: || Box::new(RandomWalker::default()),
        },
        BotEntry {
            id: "brick-breaker",
            name: "Brick Breaker",
            about: "walks to bricks and bonuses, bombs bricks where it can escape, flees every blast",
            make: || Box::new(BrickBreaker::default()),
        },
        BotEntry {
            id: "mcts",
            name: "Tree Search",
            about: mcts::ABOUT,
            make: mcts::make,
        },
    ],
    default_lineup: &["brick-breaker", "random", "random", "brick-breaker"],
};

/// Stands still.
#[derive(Clone, Copy, Debug, Default)]
pub struct Idle;

impl Bot<Bomberman> for Idle {
    fn act(&mut self, _: &Observation, _: &mut dyn RngCore) -> Action {
        Action::IDLE
    }
}

/// Walks in random directions and drops a bomb now and then.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomWalker {
    speed: (Fixed, Fixed),
    ticks_left: u32,
}

impl Bot<Bomberman> for RandomWalker {
    fn act(&mut self, observation: &Observation, rng: &mut dyn RngCore) -> Action {
        if self.ticks_left == 0 {
            let max = observation.world.rules().max_speed.min(1 << 16) as i32 * Fixed::SCALE;
            let mut component = || {
                let span = 2 * max as u32 + 1;
                Fixed::from_raw(draw::below(rng, span) as i32 - max)
            };
            self.speed = (component(), component());
            self.ticks_left = 5 + draw::below(rng, 20);
        }
        self.ticks_left -= 1;
        let drop = draw::below(rng, 40) == 0;
        Action::new(self.speed.0, self.speed.1, drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_all_resolve() {
        let ids: alloc::vec::Vec<_> = BOTS.ids().collect();
        for (i, id) in ids.iter().enumerate() {
            assert!(!ids[i + 1..].contains(id));
            assert!(BOTS.make(id).is_some());
        }
        assert!(BOTS.make("nobody").is_none());
        for id in BOTS.default_lineup {
            assert!(BOTS.make(id).is_some());
        }
    }
}

#[cfg(test)]
mod robustness {
    use super::*;
    use crate::{Bomb, Config, Player, PlayerSet, Point, Rules, World};
    use koth_engine_core::{Coord, Grid, PlayerId, SeedableRng, Size};

    fn observation(rules: Rules, cells: u16) -> Observation {
        let me = Player {
            id: PlayerId(0),
            pos: Point::units(15, 15),
            lives_left: 1,
            score: 0,
            stun_duration: 0,
            immune_duration: 0,
            bombs_power: 1,
            bombs_count: 1,
            bombs_left: 1,
        };
        Observation {
            me,
            world: alloc::sync::Arc::new(World {
                tick: 0,
                config: Config {
                    rules,
                    ..Config::default()
                },
                tiles: Grid::new(Size::square(cells), crate::Tile::Empty),
                players: alloc::vec![me],
                bombs: alloc::vec![Bomb {
                    cell: Coord::new(-3, 99),
                    owner: PlayerId(7),
                    timeout: u32::MAX,
                    walkable_for: PlayerSet::from_bits(0xff),
                }],
                explosions: alloc::vec![],
                bonuses: alloc::vec![],
            }),
        }
    }

    #[test]
    fn bots_survive_odd_worlds() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
        let odd = [
            (Rules::default(), 15),
            (Rules::default(), 3),
            (
                Rules {
                    max_speed: 0,
                    ..Rules::default()
                },
                15,
            ),
            (
                Rules {
                    cells: 0,
                    cell_size: 0,
                    explosion_duration: 0,
                    max_speed: u32::MAX,
                    ..Rules::default()
                },
                0,
            ),
            (
                Rules {
                    cells: 5,
                    bomb_timeout: u32::MAX,
                    explosion_duration: u32::MAX,
                    ..Rules::default()
                },
                5,
            ),
        ];
        for (rules, cells) in odd {
            let o = observation(rules, cells);
            for entry in BOTS.entries {
                let mut bot = (entry.make)();
                for _ in 0..3 {
                    let _ = bot.act(&o, &mut rng);
                }
            }
            let _ = o.world.render();
            let _ = crate::protocol::observation_json(&o);
        }
    }
}
