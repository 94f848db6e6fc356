//! Built-in bots, each with a stable id.
//!
//! `passive`, `random` and `peacemaker` are the seed's three sample entries (PassiveBot,
//! RandomBot, PeaceMaker), ported faithfully: they decide from the same input a program gets
//! ([`Observation`], the typed input line) and their answers are wire text read by
//! [`parse_orders`](crate::protocol::parse_orders). `hunter` is our own. Any randomness comes
//! from the RNG the runner passes.
//!
//! Naval bots choose their class before the game, so they implement [`NavalBot`]: a runner
//! asks [`NavalBot::class`] first, writes it into [`Config::classes`](crate::Config::classes)
//! (see [`Config::set_class`](crate::Config::set_class)), builds the game, then uses the bot
//! as an [`engine_core::Bot`].

use alloc::boxed::Box;

use engine_core::{Bot, RngCore};

use crate::{Naval, Observation, Orders, ShipClass};

mod hunter;
mod peacemaker;
mod random;

pub use hunter::Hunter;
pub use peacemaker::PeaceMaker;
pub use random::RandomBot;

/// A built-in naval bot: chooses its class, then plays from its observations.
pub trait NavalBot: Bot<Naval> {
    /// The class, chosen once before the game (the program protocol's first call). Resets
    /// any memory of an earlier game.
    fn class(&mut self, rng: &mut dyn RngCore) -> ShipClass;
}

/// A built-in bot's listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotInfo {
    /// The stable id (`builtin:ID`).
    pub id: &'static str,
    /// The entry's name.
    pub name: &'static str,
    /// A one-line description.
    pub about: &'static str,
}

const LIST: [BotInfo; 4] = [
    BotInfo {
        id: "passive",
        name: "PassiveBot",
        about: "the seed's Java sample: a Carrier that always waits",
    },
    BotInfo {
        id: "random",
        name: "RandomBot",
        about: "the seed's Java sample: a random class and one random action a turn",
    },
    BotInfo {
        id: "peacemaker",
        name: "PeaceMaker",
        about: "the seed's Python 2 entry: a Battleship firing at the nearest enemies, shuttling along its axis away from mines",
    },
    BotInfo {
        id: "hunter",
        name: "Hunter",
        about: "ours: a Cruiser that remembers what it saw, keeps out of battleship range, finishes damaged ships and repairs",
    },
];

/// Every built-in bot, in listing order.
pub fn list() -> impl Iterator<Item = BotInfo> {
    LIST.into_iter()
}

/// The line-up `koth play naval` uses without `--bot`.
pub const DEFAULT_LINEUP: [&str; 6] = [
    "hunter",
    "peacemaker",
    "random",
    "passive",
    "hunter",
    "peacemaker",
];

/// A fresh bot by id, or `None` for an unknown id.
pub fn by_id(id: &str) -> Option<Box<dyn NavalBot>> {
    Some(match id {
        "passive" => Box::new(Passive),
        "random" => Box::new(RandomBot),
        "peacemaker" => Box::new(PeaceMaker::default()),
        "hunter" => Box::new(Hunter::default()),
        _ => return None,
    })
}

/// The seed's PassiveBot: chooses the Carrier (`5`) and always prints `W`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Passive;

impl Bot<Naval> for Passive {
    fn act(&mut self, _: &Observation, _: &mut dyn RngCore) -> Orders {
        Orders::wait()
    }
}

impl NavalBot for Passive {
    fn class(&mut self, _: &mut dyn RngCore) -> ShipClass {
        ShipClass::Carrier
    }
}

/// A uniform draw in `0..n` from a bot's RNG (`n > 0`).
pub(crate) fn draw(rng: &mut dyn RngCore, n: u32) -> u32 {
    crate::rules::below(rng, n)
}

#[cfg(test)]
mod tests;
