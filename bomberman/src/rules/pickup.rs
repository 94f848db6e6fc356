//! Phase 3: bonus pick-up.

use alloc::vec::Vec;

use koth_engine_core::PlayerId;

use crate::geometry::circle_touches_square;
use crate::rules::blast::share;
use crate::{Bomberman, BonusKind, Event, PlayerSet, ScoreReason};

/// Each player on the field (stunned ones too: pick-up is automatic), in this tick's order,
/// picks up every bonus it touches; a bonus touched by several goes to the first of them.
pub(crate) fn run(game: &mut Bomberman, order: &[PlayerId], events: &mut Vec<Event>) {
    if game.bonuses.is_empty() {
        return;
    }
    let d = game.dims;
    let points = game.config.rules.bonus_points;
    for &p in order {
        let mut i = 0;
        while i < game.bonuses.len() {
            let bonus = game.bonuses[i];
            let player = &game.players[p.index()];
            let (x, y) = (i64::from(player.pos.x.raw()), i64::from(player.pos.y.raw()));
            let (bx, by) = d.centre(bonus.cell);
            if !player.is_on_field() || !circle_touches_square(x, y, d.player_r, bx, by, d.bonus_h)
            {
                i += 1;
                continue;
            }
            game.bonuses.remove(i);
            let player = &mut game.players[p.index()];
            match bonus.kind {
                BonusKind::Power => player.bombs_power = player.bombs_power.saturating_add(1),
                BonusKind::Bomb => {
                    player.bombs_count = player.bombs_count.saturating_add(1);
                    player.bombs_left = player.bombs_left.saturating_add(1);
                }
            }
            events.push(Event::BonusPicked {
                player: p,
                cell: bonus.cell,
                kind: bonus.kind,
            });
            share(
                game,
                PlayerSet::single(p),
                |_| (points, ScoreReason::Bonus),
                events,
            );
        }
    }
}
