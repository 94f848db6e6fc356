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
//! - `mcts` searches its own actions on the engine (Monte-Carlo tree search) against a model
//!   that learns which tanks are snipers, random or something else, and values its survival
//!   above kills.
//!
//! They are listed, with the default line-up, in [`BOTS`] (what
//! [`Contest::bots`](koth_engine_core::Contest::bots) returns). Every bot draws its
//! randomness from the RNG its runner passes, through [`koth_engine_core::draw`], so matches
//! replay.

use alloc::boxed::Box;
use alloc::string::String;

use koth_engine_core::{Bot, BotEntry, BotList, RngCore};

use koth_engine_core::draw;

use crate::{Action, Observation, Tanks, protocol};

mod field;
mod hunter;
mod mcts;
mod sniper;

pub use hunter::Hunter;
pub use sniper::sniper;

/// Every built-in bot, in listing order, and the six seats `koth play tanks` fills without
/// `--bot`: two of each playing bot.
pub static BOTS: BotList<Tanks> = BotList {
    entries: &[
        BotEntry {
            id: "idle",
            name: "Sitting Duck",
            about: "never moves, never shoots",
            make: || Box::new(Idle),
        },
        BotEntry {
            id: "random",
            name: "Random",
            about: "one of the eight commands, uniformly at random",
            make: || Box::new(Random),
        },
        BotEntry {
            id: "sniper",
            name: "Sniper",
            about: "the seed's Python example: fires when another tank shares its row or \
                    column (along the other axis, as the original does), else moves at random",
            make: || Box::new(Ported(sniper)),
        },
        BotEntry {
            id: "hunter",
            name: "Hunter",
            about: "stays out of lines of fire, predicts moves, shoots where tanks will be",
            make: || Box::new(Hunter::new()),
        },
        BotEntry {
            id: "mcts",
            name: "Tree Search",
            about: mcts::ABOUT,
            make: mcts::make,
        },
    ],
    default_lineup: &["hunter", "sniper", "random", "hunter", "sniper", "random"],
};

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
        Action::COMMANDS[draw::index(rng, Action::COMMANDS.len())]
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
