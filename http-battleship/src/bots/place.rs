//! Random fleet layouts.

use alloc::vec;
use alloc::vec::Vec;

use koth_engine_core::{RngCore, draw};

use crate::{Config, Fleet, Orientation, Placement, Ship};

/// A random valid layout, longest ships first, or `None` after too many failed tries. With
/// `apart`, no two ships touch (not even at a corner).
pub(crate) fn random_fleet(config: &Config, rng: &mut dyn RngCore, apart: bool) -> Option<Fleet> {
    let (w, h) = (config.width as usize, config.height as usize);
    if w == 0 || h == 0 {
        return None;
    }
    let mut taken = vec![false; w * h];
    'attempt: for _ in 0..20 {
        taken.iter_mut().for_each(|t| *t = false);
        let mut ships = Vec::with_capacity(config.ship_count() as usize);
        for length in (1..=6u8).rev() {
            for _ in 0..config.ships[length as usize - 1].min(10) {
                let ship = (0..200).find_map(|_| {
                    let orientation = if draw::index(rng, 2) == 0 {
                        Orientation::Across
                    } else {
                        Orientation::Down
                    };
                    let (span_w, span_h) = match orientation {
                        Orientation::Across => (length as usize, 1),
                        Orientation::Down => (1, length as usize),
                    };
                    if span_w > w || span_h > h {
                        return None;
                    }
                    let x = draw::index(rng, w - span_w + 1) as u8;
                    let y = draw::index(rng, h - span_h + 1) as u8;
                    let ship = Ship {
                        x,
                        y,
                        length,
                        orientation,
                    };
                    ship.cells()
                        .all(|c| {
                            if apart {
                                neighbourhood(c.x as usize, c.y as usize, w, h).all(|i| !taken[i])
                            } else {
                                !taken[c.index(w)]
                            }
                        })
                        .then_some(ship)
                });
                let Some(ship) = ship else {
                    continue 'attempt;
                };
                for c in ship.cells() {
                    taken[c.index(w)] = true;
                }
                ships.push(ship);
            }
        }
        return Some(Fleet::from_ships(ships));
    }
    None
}

/// The cell and its (up to) eight neighbours, as row-major indices.
fn neighbourhood(x: usize, y: usize, w: usize, h: usize) -> impl Iterator<Item = usize> {
    let size = koth_engine_core::Size::new(w as u16, h as u16);
    let at = koth_engine_core::Coord::new(x as i32, y as i32);
    (-1..=1)
        .flat_map(move |dy| (-1..=1).map(move |dx| at.offset(dx, dy)))
        .filter_map(move |c| size.index_of(c))
}

/// A placement for the settings: a random layout (apart if asked and possible), else the
/// deterministic packing, else nothing (invalid settings: the bot then loses).
pub(crate) fn placement(config: &Config, rng: &mut dyn RngCore, apart: bool) -> Placement {
    let fleet = apart
        .then(|| random_fleet(config, rng, true))
        .flatten()
        .or_else(|| random_fleet(config, rng, false))
        .or_else(|| config.packed_fleet());
    fleet.map(|f| Placement::from(&f)).unwrap_or_default()
}
