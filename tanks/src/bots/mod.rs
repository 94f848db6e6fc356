//! Built-in bots, each with a stable id.
//!
//! - `idle` never does anything (a sitting duck, for tests).
//! - `random` prints one of the eight commands uniformly at random.
//! - `sniper` is the seed's example entry (Python 3), ported faithfully: it reads the very
//!   line a program would get ([`protocol::format_observation`]) and its printed output goes
//!   through [`protocol::action_or_idle`], so the original's quirks are kept (see
//!   [`sniper`](fn@sniper)).
//! - `hunter` is ours and plays to survive: it never knowingly stands in a line of fire,
//!   predicts where the others can move, and shoots where they are likely to be.
//!
//! Every bot draws its randomness from the RNG its runner passes, so matches replay.

use alloc::boxed::Box;
use alloc::string::String;

use engine_core::{Bot, RngCore};

use crate::{Action, Observation, Tanks, draw, protocol};

mod hunter;
mod sniper;

pub use hunter::Hunter;
pub use sniper::sniper;

/// A built-in bot's listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotInfo {
    /// The stable id (`builtin:ID`).
    pub id: &'static str,
    /// A display name.
    pub name: &'static str,
    /// A one-line description.
    pub about: &'static str,
}

struct Entry {
    info: BotInfo,
    make: fn() -> Box<dyn Bot<Tanks>>,
}

const ENTRIES: &[Entry] = &[
    Entry {
        info: BotInfo {
            id: "idle",
            name: "Sitting Duck",
            about: "never moves, never shoots",
        },
        make: || Box::new(Idle),
    },
    Entry {
        info: BotInfo {
            id: "random",
            name: "Random",
            about: "one of the eight commands, uniformly at random",
        },
        make: || Box::new(Random),
    },
    Entry {
        info: BotInfo {
            id: "sniper",
            name: "Sniper",
            about: "the seed's Python example: fires when another tank shares its row or \
                    column (along the other axis, as the original does), else moves at random",
        },
        make: || Box::new(Ported(sniper)),
    },
    Entry {
        info: BotInfo {
            id: "hunter",
            name: "Hunter",
            about: "stays out of lines of fire, predicts moves, shoots where tanks will be",
        },
        make: || Box::new(Hunter::new()),
    },
];

/// Every built-in bot, in listing order.
pub fn list() -> impl Iterator<Item = BotInfo> {
    ENTRIES.iter().map(|e| e.info)
}

/// The six seats `koth play tanks` fills without `--bot`: two of each playing bot.
pub const DEFAULT_LINEUP: [&str; 6] = ["hunter", "sniper", "random", "hunter", "sniper", "random"];

/// A fresh bot by id, or `None` for an unknown id.
pub fn by_id(id: &str) -> Option<Box<dyn Bot<Tanks>>> {
    let entry = ENTRIES.iter().find(|e| e.info.id == id)?;
    Some((entry.make)())
}

/// `idle`: does nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Idle;

impl Bot<Tanks> for Idle {
    fn act(&mut self, _: &Observation, _: &mut dyn RngCore) -> Action {
        Action::Idle
    }
}

/// `random`: one of [`Action::COMMANDS`], uniformly.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl Bot<Tanks> for Random {
    fn act(&mut self, _: &Observation, rng: &mut dyn RngCore) -> Action {
        Action::COMMANDS[draw::below(rng, 8) as usize]
    }
}

/// A program: gets its stdin line, returns what it printed (`None` where it crashed).
type Program = fn(&str, &mut dyn RngCore) -> Option<String>;

/// A ported program run on the protocol's line, answering through the parser.
struct Ported(Program);

impl Bot<Tanks> for Ported {
    fn act(&mut self, observation: &Observation, rng: &mut dyn RngCore) -> Action {
        let line = protocol::format_observation(observation);
        match (self.0)(&line, rng) {
            Some(out) => protocol::action_or_idle(out.as_bytes()),
            None => Action::Idle,
        }
    }
}

#[cfg(test)]
mod tests;
