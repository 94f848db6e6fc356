//! The seed's RandomBot.

use alloc::format;
use alloc::string::String;

use koth_engine_core::{Bot, PlayerId, RngCore, draw};

use crate::protocol::parse_orders;
use crate::{Config, Naval, Observation, Orders, ShipClass};

/// The seed's RandomBot: a random class, then each turn one of `M B C K F S N A` at random.
///
/// Ported with its quirks: `F` targets `-x-y` with `x, y` in `0..5` and `N` always targets
/// `-0-0` (the head, never water), because the original drew its signs with
/// `random.nextInt(1) == 1`, which is never true.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

/// The action string RandomBot prints, from its draws.
pub(crate) fn random_answer(rng: &mut dyn RngCore) -> String {
    const ACTIONS: [&str; 8] = ["M", "B", "C", "K", "F", "S", "N", "A"];
    let action = draw::below(rng, 8) as usize;
    let range_x = draw::below(rng, 5);
    let range_y = draw::below(rng, 5);
    // nextInt(1) is always 0: mines at -0-0, every sign "-".
    let (mine_x, mine_y) = (0, 0);
    let (sign_x, sign_y) = ("-", "-");
    let mut out = String::from(ACTIONS[action]);
    if action == 4 {
        out += &format!("{sign_x}{range_x}{sign_y}{range_y}");
    }
    if action == 6 {
        out += &format!("{sign_x}{mine_x}{sign_y}{mine_y}");
    }
    out
}

impl Bot<Naval> for RandomBot {
    /// A uniformly drawn class.
    fn setup(
        &mut self,
        _: &Config,
        _: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Option<Option<ShipClass>> {
        Some(Some(ShipClass::ALL[draw::below(rng, 5) as usize]))
    }

    fn act(&mut self, _: &Observation, rng: &mut dyn RngCore) -> Orders {
        parse_orders(&random_answer(rng)).orders
    }
}
