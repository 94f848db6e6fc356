//! Phase 2: explosions and everything they touch.
//!
//! All the explosions of one tick are simultaneous: rays are traced against the walls as they
//! stood at the start of the tick (a brick stops every ray of the tick that reaches it, even
//! one from a chained bomb), and each object's fate is decided once, from every explosion
//! square touching it when the chain has settled. So the outcome does not depend on the order
//! in which bombs are processed, and a player caught by several explosions is hit once, the
//! points split among the union of their creators.

use alloc::vec::Vec;

use koth_engine_core::{Coord, Dir4, PlayerId};

use crate::geometry::circle_touches_square;
use crate::{Bomb, Bomberman, Bonus, Event, Explosion, PlayerSet, ScoreReason, Tile};

/// Explodes the bombs whose timeout ran out, follows the chain, then resolves hits, bricks and
/// bonuses.
pub(crate) fn run(game: &mut Bomberman, events: &mut Vec<Event>) {
    // Round 0: bombs at 0, each blamed on its owner alone.
    let mut round: Vec<(Bomb, PlayerSet)> = Vec::new();
    take_bombs(game, &mut round, |_, b| {
        (b.timeout == 0).then(|| PlayerSet::single(b.owner))
    });
    // Later rounds: bombs touched by an explosion square (new or lingering), blamed on its
    // owner and the creators of every square on its cell (bombs and squares share cell
    // centres, and squares are smaller than cells, so a square touches a bomb exactly when it
    // is on its cell).
    loop {
        for (bomb, creators) in round.drain(..) {
            explode(game, bomb, creators, events);
        }
        take_bombs(game, &mut round, |g, b| {
            let cover = g
                .dims
                .index(b.cell)
                .map_or(PlayerSet::EMPTY, |i| g.cover[i]);
            (!cover.is_empty()).then(|| cover.union(PlayerSet::single(b.owner)))
        });
        if round.is_empty() {
            break;
        }
    }
    if game.explosions.is_empty() {
        return;
    }
    hit_players(game, events);
    destroy_bricks(game, events);
    destroy_bonuses(game, events);
}

/// Moves the bombs for which `blame` gives creators from the field into `round`, keeping
/// placement order.
fn take_bombs(
    game: &mut Bomberman,
    round: &mut Vec<(Bomb, PlayerSet)>,
    blame: impl Fn(&Bomberman, &Bomb) -> Option<PlayerSet>,
) {
    let mut i = 0;
    while i < game.bombs.len() {
        let b = game.bombs[i];
        match blame(game, &b) {
            Some(creators) => {
                game.bombs.remove(i);
                game.moves.obstacles_changed();
                if let Some(idx) = game.dims.index(b.cell) {
                    game.bomb_at[idx] = false;
                }
                round.push((b, creators));
            }
            None => i += 1,
        }
    }
}

/// One bomb's explosion: a square on its cell, then up to `power` squares in each direction,
/// each ray stopping at (and covering) the first wall cell or at the lattice's edge. The power
/// is the owner's `bombs_power` now; the owner gets the bomb back.
fn explode(game: &mut Bomberman, bomb: Bomb, creators: PlayerSet, events: &mut Vec<Event>) {
    let owner = bomb.owner.index();
    let power = game.players.get(owner).map_or(0, |p| p.bombs_power);
    if let Some(p) = game.players.get_mut(owner) {
        p.bombs_left = p.bombs_left.saturating_add(1);
    }
    add_square(game, bomb.cell, creators);
    for dir in Dir4::ALL {
        let (dx, dy) = dir.delta();
        let mut c = bomb.cell;
        for _ in 0..power {
            c = c.offset(dx, dy);
            let Some(&tile) = game.tiles.get(c) else {
                break;
            };
            add_square(game, c, creators);
            if tile.is_wall() {
                break;
            }
        }
    }
    events.push(Event::Exploded {
        cell: bomb.cell,
        owner: bomb.owner,
        creators,
    });
}

/// Adds a fresh square (merged with a fresh square already on the cell: same place, same
/// lifetime, so one square with the union of the creators is the same thing).
fn add_square(game: &mut Bomberman, cell: Coord, creators: PlayerSet) {
    let timeout = game.config.rules.explosion_duration;
    if let Some(i) = game.dims.index(cell) {
        game.cover[i] = game.cover[i].union(creators);
    }
    match game
        .explosions
        .iter_mut()
        .rev()
        .find(|e| e.cell == cell && e.timeout == timeout)
    {
        Some(e) => e.creators = e.creators.union(creators),
        None => game.explosions.push(Explosion {
            cell,
            timeout,
            creators,
        }),
    }
}

/// The union of the creators of the explosion squares a player at its position touches.
fn touching_creators(game: &Bomberman, p: PlayerId) -> PlayerSet {
    let d = &game.dims;
    let pos = game.players[p.index()].pos;
    let (x, y) = (i64::from(pos.x.raw()), i64::from(pos.y.raw()));
    let (i0, i1) = d.cell_span(x - d.player_r, x + d.player_r);
    let (j0, j1) = d.cell_span(y - d.player_r, y + d.player_r);
    let mut creators = PlayerSet::EMPTY;
    for j in j0..=j1 {
        for i in i0..=i1 {
            let c = Coord::new(i, j);
            let Some(idx) = d.index(c) else { continue };
            let cover = game.cover[idx];
            if cover.is_empty() {
                continue;
            }
            let (cx, cy) = d.centre(c);
            if circle_touches_square(x, y, d.player_r, cx, cy, d.expl_h) {
                creators = creators.union(cover);
            }
        }
    }
    creators
}

/// Gives each of `creators` its share `points / k` (k = the number of creators).
pub(crate) fn share(
    game: &mut Bomberman,
    creators: PlayerSet,
    points: impl Fn(PlayerId) -> (i32, ScoreReason),
    events: &mut Vec<Event>,
) {
    let k = i64::from(creators.len().max(1));
    for c in creators.iter() {
        let (value, reason) = points(c);
        let points = i64::from(value) / k;
        let Some(player) = game.players.get_mut(c.index()) else {
            continue;
        };
        player.score += points;
        let stats = &mut game.stats[c.index()];
        match reason {
            ScoreReason::Wall => stats.walls += 1,
            ScoreReason::Hit => stats.kills += 1,
            ScoreReason::SelfHit => stats.self_hits += 1,
            ScoreReason::Bonus => stats.bonuses += 1,
        }
        events.push(Event::Scored {
            player: c,
            points,
            reason,
        });
    }
}

/// Every player on the field and not immune that touches an explosion is hit, in seat order.
fn hit_players(game: &mut Bomberman, events: &mut Vec<Event>) {
    let rules = game.config.rules;
    for seat in 0..game.players.len() {
        let p = game.players[seat];
        if !p.is_on_field() || p.immune_duration > 0 {
            continue;
        }
        let creators = touching_creators(game, p.id);
        if creators.is_empty() {
            continue;
        }
        let lives_left = p.lives_left - 1;
        let victim = &mut game.players[seat];
        victim.lives_left = lives_left;
        if lives_left > 0 {
            victim.stun_duration = rules.stun_duration;
            victim.immune_duration = rules.stun_duration + rules.immune_duration;
        } else {
            victim.stun_duration = 0;
            victim.immune_duration = 0;
        }
        game.stats[seat].hits_taken += 1;
        events.push(Event::Hit {
            player: p.id,
            creators,
            lives_left,
        });
        share(
            game,
            creators,
            |c| {
                if c == p.id {
                    (rules.self_hit_points, ScoreReason::SelfHit)
                } else {
                    (rules.hit_points, ScoreReason::Hit)
                }
            },
            events,
        );
        if lives_left == 0 {
            for b in &mut game.bombs {
                b.walkable_for.remove(p.id);
            }
            game.moves.obstacles_changed();
            events.push(Event::Eliminated { player: p.id });
        }
    }
}

/// Every brick under an explosion square is destroyed, in the squares' order; its bonus
/// appears with `bonus_immunity` ticks of immunity.
fn destroy_bricks(game: &mut Bomberman, events: &mut Vec<Event>) {
    let rules = game.config.rules;
    for i in 0..game.explosions.len() {
        let cell = game.explosions[i].cell;
        let Some(Tile::Brick(contents)) = game.tiles.get(cell).copied() else {
            continue;
        };
        let creators = game
            .dims
            .index(cell)
            .map_or(PlayerSet::EMPTY, |i| game.cover[i]);
        game.tiles[cell] = Tile::Empty;
        game.view.tiles_changed();
        game.moves.obstacles_changed();
        if let Some(kind) = contents {
            game.bonuses.push(Bonus {
                cell,
                kind,
                immune_duration: rules.bonus_immunity,
            });
        }
        events.push(Event::WallDestroyed {
            cell,
            creators,
            revealed: contents,
        });
        share(
            game,
            creators,
            |_| (rules.wall_points, ScoreReason::Wall),
            events,
        );
    }
}

/// Every bonus whose immunity is over and which lies under an explosion square vanishes.
fn destroy_bonuses(game: &mut Bomberman, events: &mut Vec<Event>) {
    let (dims, cover) = (&game.dims, &game.cover);
    game.bonuses.retain(|b| {
        let hit =
            b.immune_duration == 0 && dims.index(b.cell).is_some_and(|i| !cover[i].is_empty());
        if hit {
            events.push(Event::BonusDestroyed {
                cell: b.cell,
                kind: b.kind,
            });
        }
        !hit
    });
}
