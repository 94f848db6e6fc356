//! Phase 5: bombs are placed at the end of the tick.

use alloc::vec::Vec;

use koth_engine_core::PlayerId;

use crate::geometry::circles_touch;
use crate::{Action, Bomb, Bomberman, Event, PlayerSet};

/// In this tick's order, every active player that asked to drop and has bombs left places a
/// bomb on the lattice centre nearest its centre, unless a bomb is already there (placed
/// earlier or by someone before it in the order this tick). The bomb starts with
/// `bomb_timeout` and is walkable for every player on the field touching it now.
pub(crate) fn run(
    game: &mut Bomberman,
    order: &[PlayerId],
    actions: &[Action],
    events: &mut Vec<Event>,
) {
    let d = game.dims;
    for &p in order {
        let player = game.players[p.index()];
        let wants = actions.get(p.index()).is_some_and(|a| a.drop);
        if !wants || !player.is_active() || player.bombs_left == 0 {
            continue;
        }
        let (x, y) = (i64::from(player.pos.x.raw()), i64::from(player.pos.y.raw()));
        let cell = d.nearest_cell(x, y);
        let Some(idx) = d.index(cell) else { continue };
        // A wall there is only possible in a hand-made position with a player inside it.
        if game.bomb_at[idx] || game.tiles.cells()[idx].is_wall() {
            continue;
        }
        let (bx, by) = d.centre(cell);
        let rr = d.player_r + d.bomb_r;
        let walkable_for: PlayerSet = game
            .players
            .iter()
            .filter(|q| {
                q.is_on_field()
                    && circles_touch(
                        i64::from(q.pos.x.raw()),
                        i64::from(q.pos.y.raw()),
                        bx,
                        by,
                        rr,
                    )
            })
            .map(|q| q.id)
            .collect();
        game.bombs.push(Bomb {
            cell,
            owner: p,
            timeout: game.config.rules.bomb_timeout,
            walkable_for,
        });
        game.bomb_at[idx] = true;
        game.moves.obstacles_changed();
        game.players[p.index()].bombs_left -= 1;
        game.stats[p.index()].bombs_dropped += 1;
        events.push(Event::Dropped { player: p, cell });
    }
}
