//! Built-in bots, each with a stable id.
//!
//! `waiter` and `spork-holder` are the seed's two sample entries; the others are faithful ports
//! of tournament entries listed in the seed. A port reads the very argument strings the
//! original program was given ([`ProgramArgs::to_args`](crate::protocol::ProgramArgs::to_args))
//! and its printed output goes through [`parse_answer`](crate::protocol::parse_answer), so the
//! originals' quirks are kept (for example The Attacker crashes on the first turn and Master Yi
//! prints a Python function object, both of which the controller read as `W`). Their
//! `Math.random()`-style draws come from the engine-supplied RNG.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use koth_engine_core::{Bot, BotEntry, BotList, RngCore};

use crate::protocol::{ProgramArgs, answer_or_wait};
use crate::{Action, Observation, Samurai};

mod mcts;
mod ports;

type Program = fn(&[String], &mut dyn RngCore) -> Option<String>;

macro_rules! entries {
    ($($id:literal, $name:literal, $about:literal => $f:path;)*) => {
        /// Every built-in bot, in listing order, and the line-up `koth play samurai` uses
        /// without `--bot`: the seed's top two.
        pub static BOTS: BotList<Samurai> = BotList {
            entries: &[$(BotEntry {
                id: $id,
                name: $name,
                about: $about,
                make: || Box::new(Ported($f)),
            },)*
            BotEntry {
                id: "mcts",
                name: "MCTS",
                about: mcts::ABOUT,
                make: mcts::make,
            }],
            default_lineup: &["observer", "coward"],
        };
    };
}

entries! {
    "waiter", "The Waiter", "bash sample entry: always waits" => ports::waiter;
    "spork-holder", "Spork Holder", "Ruby sample entry: bows first, then acts at random" => ports::spork_holder;
    "observer", "The Observer", "node.js: bows to 7 honour, then counters a Markov guess of the enemy's next move" => ports::observer;
    "coward", "Coward", "node.js: guards and bows, strikes when brave or when the enemy keeps bowing" => ports::coward;
    "monk", "Monk", "Java: prays for honour, fights when hurt or blessed" => ports::monk;
    "elephant-warrior", "Elephant Warrior", "Java: bows while studying pairs of enemy moves, then counters the likeliest" => ports::elephant_warrior;
    "whack-a-mole", "Whack-a-mole", "R: strikes when the enemy is likely to bow, else guards" => ports::whack_a_mole;
    "copy-san", "Copy-san", "C: copies the enemy's last move" => ports::copy_san;
    "ninja", "Ninja", "Java: a fixed cycle of bows and quick draws keyed on health and honour" => ports::ninja;
    "kakashi", "Kakashi", "Java: copies one of the enemy's last two moves" => ports::kakashi;
    "meiyo-senshi", "Meiyo Senshi", "Java: bows while healthy, then strikes at random" => ports::meiyo_senshi;
    "gargoyle", "Gargoyle", "Java: strikes at random while it has honour, else guards or bows" => ports::gargoyle;
    "swordsman", "Swordsman", "C: strikes after the enemy attacked, else guards or bows" => ports::swordsman;
    "predictor", "Predictor", "C: repeats the enemy's last move after guarding" => ports::predictor;
    "the-honourable", "The Honourable", "Java: bows until it leads in honour, then strikes" => ports::the_honourable;
    "warrior-princess", "Warrior Princess", "Julia: guards until attacked, then parries" => ports::warrior_princess;
    "master-yi", "Master Yi", "Python 2: guards; its attack branch prints a function object" => ports::master_yi;
    "attacker", "Attacker", "Java: quick draws unless the enemy is out of honour" => ports::attacker;
}

/// A ported program: runs on the protocol's argument strings, answers through the parser.
struct Ported(Program);

impl Bot<Samurai> for Ported {
    fn act(&mut self, observation: &Observation, rng: &mut dyn RngCore) -> Action {
        let args: Vec<String> = ProgramArgs::from(observation).to_args();
        match (self.0)(&args, rng) {
            Some(out) => answer_or_wait(out.as_bytes()),
            None => Action::Wait,
        }
    }
}

#[cfg(test)]
mod tests;
