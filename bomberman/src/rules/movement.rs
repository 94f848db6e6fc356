//! Phase 4: moves, then `walkable_for` bookkeeping.
//!
//! See [`geometry`](crate::geometry) for the exact method.

use koth_engine_core::Coord;

use crate::geometry::{Obstacle, Sweep, circles_touch};
use crate::{Action, Bomberman, Fixed, Point};

/// The most obstacles a move can meet: the cells its swept box spans (at most 4 x 4 while
/// `max_speed <= cell_size` and the player is smaller than a cell).
const MAX_OBSTACLES: usize = 16;

/// Every active player (on the field, not stunned) moves by its clamped speed; then every
/// bomb forgets the players of its `walkable_for` that no longer touch it.
pub(crate) fn run(game: &mut Bomberman, actions: &[Action]) {
    for seat in 0..game.players.len() {
        if game.players[seat].is_active() {
            let action = actions.get(seat).copied().unwrap_or_default();
            let (sx, sy) = (action.speed_x.raw(), action.speed_y.raw());
            let speed = game.moves.clamp(seat, sx, sy, game.dims.max_speed);
            let from = game.players[seat].pos;
            let to = match game.moves.destination(seat, from, speed) {
                Some(to) => to,
                None => {
                    let to = destination(game, seat, speed);
                    game.moves.remember(seat, from, speed, to);
                    to
                }
            };
            game.players[seat].pos = to;
        }
    }
    let rr = game.dims.player_r + game.dims.bomb_r;
    for b in &mut game.bombs {
        if b.walkable_for.is_empty() {
            continue;
        }
        let (bx, by) = game.dims.centre(b.cell);
        for p in b.walkable_for.iter() {
            let Some(player) = game.players.get(p.index()) else {
                continue;
            };
            let (x, y) = (i64::from(player.pos.x.raw()), i64::from(player.pos.y.raw()));
            if !circles_touch(x, y, bx, by, rr) {
                b.walkable_for.remove(p);
                game.moves.obstacles_changed();
            }
        }
    }
}

/// Where seat `seat` ends up moving with speed `(vx, vy)` (already clamped).
fn destination(game: &Bomberman, seat: usize, (vx, vy): (i32, i32)) -> Point {
    let d = &game.dims;
    let player = &game.players[seat];
    let (px, py) = (i64::from(player.pos.x.raw()), i64::from(player.pos.y.raw()));
    let Some(sweep) = Sweep::new(px, py, vx.into(), vy.into(), d.player_r) else {
        return player.pos;
    };
    let (min_x, min_y, max_x, max_y) = sweep.bounds();
    let (i0, i1) = d.cell_span(min_x, max_x);
    let (j0, j1) = d.cell_span(min_y, max_y);
    let mut obstacles = [Obstacle::Circle { x: 0, y: 0, rr: 0 }; MAX_OBSTACLES];
    let mut count = 0;
    for j in j0..=j1 {
        for i in i0..=i1 {
            let c = Coord::new(i, j);
            let (x, y) = d.centre(c);
            let ob = match d.index(c) {
                // The ring of cells around the lattice is the field's border wall.
                None => Obstacle::Square {
                    x,
                    y,
                    h: d.cell / 2,
                },
                Some(idx) if game.tiles.cells()[idx].is_wall() => Obstacle::Square {
                    x,
                    y,
                    h: d.cell / 2,
                },
                Some(idx) if game.bomb_at[idx] && !walkable(game, c, seat) => Obstacle::Circle {
                    x,
                    y,
                    rr: d.player_r + d.bomb_r,
                },
                Some(_) => continue,
            };
            if count < MAX_OBSTACLES && sweep.is_relevant(ob) {
                // Pressed against it: the first step already overlaps, so the player stays
                // (what the exact first overlap, step 1, gives; the common case of a walker
                // pushing into a wall, decided without any division).
                if sweep.overlaps_at(ob, 1) {
                    return player.pos;
                }
                obstacles[count] = ob;
                count += 1;
            }
        }
    }
    let obstacles = &obstacles[..count];
    let mut k = sweep.steps();
    for &ob in obstacles {
        // Only an overlap before step k + 1 can lower k.
        if let Some(first) = sweep.first_overlap_before(ob, k + 1) {
            k = first - 1;
        }
    }
    loop {
        let (x, y) = sweep.point(k);
        if k == 0 || !obstacles.iter().any(|ob| ob.overlaps(x, y, d.player_r)) {
            return Point::new(Fixed::from_raw(x as i32), Fixed::from_raw(y as i32));
        }
        k -= 1;
    }
}

/// Whether the bomb on cell `c` is walkable for seat `seat`.
fn walkable(game: &Bomberman, c: Coord, seat: usize) -> bool {
    game.bombs.iter().find(|b| b.cell == c).is_some_and(|b| {
        b.walkable_for
            .contains(koth_engine_core::PlayerId(seat as u8))
    })
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use koth_engine_core::{Game, SeedableRng};

    use crate::bots::BOTS;
    use crate::state::MoveMemo;
    use crate::{Bomberman, Config};

    /// Remembered moves change nothing: each tick of real games (walkers and brick-breakers,
    /// bombs, burning bricks, players leaving bombs) gives the same state when the memory
    /// is wiped first.
    #[test]
    fn remembered_moves_are_the_moves() {
        for (seed, ids) in [
            (1, ["random"; 4]),
            (2, ["brick-breaker", "random", "random", "brick-breaker"]),
            (3, ["brick-breaker"; 4]),
        ] {
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            let mut game = Bomberman::new(&Config::default(), 4, &mut rng).unwrap();
            let mut bots: Vec<_> = ids.iter().map(|id| BOTS.make(id).unwrap()).collect();
            let mut events = Vec::new();
            while !game.to_act().is_over() && game.tick() < 1200 {
                let actions: Vec<_> = game
                    .to_act()
                    .players()
                    .iter()
                    .map(|&p| bots[p.index()].act(&game.observe(p), &mut rng))
                    .collect();
                let mut fresh = game.clone();
                fresh.moves = MoveMemo::default();
                let (mut r1, mut r2) = (rng.clone(), rng.clone());
                game.step(&actions, &mut r1, &mut events).unwrap();
                fresh.step(&actions, &mut r2, &mut Vec::new()).unwrap();
                assert_eq!(game, fresh, "seed {seed}, tick {}", game.tick());
                rng = r1;
            }
        }
    }
}
