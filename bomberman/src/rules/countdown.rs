//! Phase 1: every timer counts down by one.

use crate::Bomberman;

/// Counts down bomb timeouts, explosion timeouts (expired squares vanish), stun, immunity and
/// bonus immunity. Bombs whose timeout reaches 0 are left in place for [`blast`](super::blast)
/// to explode.
pub(crate) fn run(game: &mut Bomberman) {
    for b in &mut game.bombs {
        b.timeout = b.timeout.saturating_sub(1);
    }
    let before = game.explosions.len();
    game.explosions.retain_mut(|e| {
        e.timeout = e.timeout.saturating_sub(1);
        e.timeout > 0
    });
    if game.explosions.len() != before {
        game.rebuild_cover();
    }
    for p in game.players.iter_mut().filter(|p| p.is_on_field()) {
        p.stun_duration = p.stun_duration.saturating_sub(1);
        p.immune_duration = p.immune_duration.saturating_sub(1);
    }
    for b in &mut game.bonuses {
        b.immune_duration = b.immune_duration.saturating_sub(1);
    }
}
