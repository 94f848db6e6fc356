//! One tick, as an ordered list of phases that reads like the [`rulebook`](crate::rulebook):
//!
//! 1. [`countdown`]: bomb and explosion timeouts, stun, immunity, bonus immunity; bombs at 0
//!    explode (all at once, each blamed on its owner alone).
//! 2. [`blast`]: explosions set off every bomb they touch until no more do (chains carry the
//!    blame); then every non-immune player touching an explosion is hit, every brick under one
//!    is destroyed (revealing its bonus) and every unprotected bonus under one vanishes.
//! 3. The turn order of the players on the field is drawn (Fisher–Yates,
//!    [`draw::shuffle`]); [`pickup`]: bonuses touched by a player go to the first toucher
//!    in that order.
//! 4. [`movement`]: every active player moves (players do not block each other, so the order
//!    does not matter), then `walkable_for` sets drop the players that left their bombs.
//! 5. [`drop`](mod@drop): bombs are placed in turn order.
//! 6. The tick counter advances.

use alloc::vec::Vec;

use koth_engine_core::{PlayerId, RngCore, draw};

use crate::{Action, Bomberman, Event};

pub mod blast;
pub mod countdown;
pub mod drop;
pub mod movement;
pub mod pickup;

/// Plays one tick; `actions[i]` is seat `i`'s action.
pub(crate) fn tick<R: RngCore + ?Sized>(
    game: &mut Bomberman,
    actions: &[Action],
    rng: &mut R,
    events: &mut Vec<Event>,
) {
    countdown::run(game);
    blast::run(game, events);
    let order = turn_order(game, rng);
    let order = &order.0[..order.1];
    pickup::run(game, order, events);
    movement::run(game, actions);
    drop::run(game, order, actions, events);
    game.tick += 1;
}

/// This tick's random order of the players on the field: the seats in seat order, shuffled
/// by [`draw::shuffle`] (Fisher–Yates from the back: for `i` from the last position down to 1,
/// swap position `i` with position `draw::below(i + 1)`).
fn turn_order<R: RngCore + ?Sized>(game: &Bomberman, rng: &mut R) -> ([PlayerId; 8], usize) {
    let mut order = [PlayerId(0); 8];
    let mut len = 0;
    for p in game.on_field().take(8) {
        order[len] = p;
        len += 1;
    }
    draw::shuffle(rng, &mut order[..len]);
    (order, len)
}
