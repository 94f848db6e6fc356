//! Built-in bots, each with a stable id.
//!
//! `passive`, `random` and `peacemaker` are the seed's three sample entries (PassiveBot,
//! RandomBot, PeaceMaker), ported faithfully: they decide from the same input a program gets
//! ([`Observation`], the typed input line) and their answers are wire text read by
//! [`parse_orders`](crate::protocol::parse_orders). `hunter` and `mcts` are our own: `mcts`
//! searches the orders of each turn with an enemy in sight (Monte-Carlo tree search over seas
//! sampled from what it sees) and plays as `hunter` otherwise. Any randomness comes from the
//! RNG the runner passes.
//!
//! Naval bots choose their class before the game in [`Bot::setup`] (the program protocol's
//! first call); a runner writes it into [`Config::classes`](crate::Config::classes) (see
//! [`Contest::apply_setup`](koth_engine_core::Contest::apply_setup)), builds the game, then
//! asks [`Bot::act`] each turn.
//!
//! ```
//! use koth_naval::bots::BOTS;
//! assert_eq!(BOTS.get("hunter").unwrap().name, "Hunter");
//! assert_eq!(BOTS.lineup(2..=100).len(), 6);
//! ```

use alloc::boxed::Box;

use koth_engine_core::{Bot, BotEntry, BotList, PlayerId, RngCore};

use crate::{Config, Naval, Observation, Orders, ShipClass};

mod hunter;
mod mcts;
mod peacemaker;
mod random;

pub use hunter::Hunter;
pub use peacemaker::PeaceMaker;
pub use random::RandomBot;

/// Every built-in bot, and the line-up `koth play naval` uses without `--bot`.
pub static BOTS: BotList<Naval> = BotList {
    entries: &[
        BotEntry {
            id: "passive",
            name: "PassiveBot",
            about: "the seed's Java sample: a Carrier that always waits",
            make: || Box::new(Passive),
        },
        BotEntry {
            id: "random",
            name: "RandomBot",
            about: "the seed's Java sample: a random class and one random action a turn",
            make: || Box::new(RandomBot),
        },
        BotEntry {
            id: "peacemaker",
            name: "PeaceMaker",
            about: "the seed's Python 2 entry: a Battleship firing at the nearest enemies, shuttling along its axis away from mines",
            make: || Box::new(PeaceMaker::default()),
        },
        BotEntry {
            id: "hunter",
            name: "Hunter",
            about: "ours: a Cruiser that remembers what it saw, keeps out of battleship range, finishes damaged ships and repairs",
            make: || Box::new(Hunter::default()),
        },
        BotEntry {
            id: "mcts",
            name: "Tree Search",
            about: mcts::ABOUT,
            make: mcts::make,
        },
    ],
    default_lineup: &[
        "hunter",
        "peacemaker",
        "random",
        "passive",
        "hunter",
        "peacemaker",
    ],
};

/// The seed's PassiveBot: chooses the Carrier (`5`) and always prints `W`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Passive;

impl Bot<Naval> for Passive {
    /// The Carrier (`5`).
    fn setup(&mut self, _: &Config, _: PlayerId, _: &mut dyn RngCore) -> Option<Option<ShipClass>> {
        Some(Some(ShipClass::Carrier))
    }

    fn act(&mut self, _: &Observation, _: &mut dyn RngCore) -> Orders {
        Orders::wait()
    }
}

#[cfg(test)]
mod tests;
