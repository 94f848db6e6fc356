//! What a player knows, and fleets consistent with it ([`Determinize`]), for search that
//! samples the hidden fleet (information-set MCTS).
//!
//! A player's view ([`InfoState`]) is its [`Observation`] (the settings, its shots with their
//! results, the opponent's shots at it, the end), its own fleet and the turn (the number of
//! actions taken, which both players can count). [`Determinize::sample_state`] gives a full
//! state with an opponent fleet under which every one of the player's shots gives its
//! recorded result:
//! - a first shot at a cell that missed is water; one that hit, sank or won is a ship cell;
//! - the shot that sank a ship struck its last unstruck cell: the ship's other cells were hit
//!   before, the ship holds no cell shot for the first time later, and repeat shots at its
//!   cells hit before the sinking and miss after it;
//! - a ship never sunk has at least one cell never shot, and every shot at it hit;
//! - the last sinking wins exactly when it sinks the whole fleet.
//!
//! The fleet is found by a randomised depth-first search: each sinking first (in the order
//! they happened, each given a ship of a length still unplaced through its cell), then each
//! hit cell not yet covered, then the remaining ships anywhere never shot, every choice drawn
//! in a random order. Every consistent fleet can come out, though not with equal chances.
//! The search gives up (`None`) after [`SEARCH_BUDGET`] placements, which the standard
//! settings never come near; a view no match gives (a shot result no fleet explains) is
//! `None` too.

use alloc::vec;
use alloc::vec::Vec;

use koth_engine_core::{Determinize, PlayerId, RngCore, draw};

use crate::{
    Battleship, Cell, Config, EndReason, Fleet, Observation, Orientation, Placement, Ship,
    ShotRecord, ShotResult,
};

/// Ship placements tried before [`Determinize::sample_state`] gives up.
pub const SEARCH_BUDGET: u32 = 100_000;

/// What one player knows: see the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InfoState {
    /// The player's observation: settings, phase, both players' shots as it saw them, end.
    pub observation: Observation,
    /// Its own fleet, once placed.
    pub fleet: Option<Fleet>,
    /// Actions taken so far by both players (placements, shots, a forfeit or a losing
    /// placement or shot).
    pub turn: u32,
}

impl Determinize for Battleship {
    type InfoState = InfoState;

    fn info_state(&self, player: PlayerId) -> InfoState {
        InfoState {
            observation: koth_engine_core::Game::observe(self, player),
            fleet: self.fleet(player).cloned(),
            turn: koth_engine_core::Game::turn(self),
        }
    }

    fn sample_state(view: &InfoState, rng: &mut dyn RngCore) -> Option<Battleship> {
        let obs = &view.observation;
        let me = obs.me.index() & 1;
        let config = &obs.config;
        // Every action is a placement, a shot, or an end that is neither.
        let ended_aside = obs.end.is_some_and(|e| {
            matches!(
                e.reason,
                EndReason::Forfeit(_)
                    | EndReason::InvalidShot { .. }
                    | EndReason::InvalidPlacement(_)
            )
        });
        let shots = obs.my_shots.len() + obs.their_shots.len();
        let placed = (view.turn as usize).checked_sub(shots + usize::from(ended_aside))?;
        let theirs = match placed.checked_sub(usize::from(view.fleet.is_some()))? {
            0 if obs.my_shots.is_empty() => None,
            1 => Some(sample_fleet(config, &obs.my_shots, rng)?),
            _ => return None,
        };
        let mut fleets = [None, None];
        fleets[me] = view.fleet.clone();
        fleets[1 - me] = theirs;
        let cells = |shots: &[ShotRecord]| shots.iter().map(|s| s.at).collect::<Vec<_>>();
        let mut fired = [cells(&obs.my_shots), cells(&obs.their_shots)];
        if me == 1 {
            fired.swap(0, 1);
        }
        let game =
            Battleship::from_parts(config, fleets, [&fired[0], &fired[1]], view.turn, obs.end)
                .ok()?;
        (game.info_state(obs.me) == *view).then_some(game)
    }
}

/// A random fleet for `config` under which `shots` (fired in this order) give their results.
fn sample_fleet(config: &Config, shots: &[ShotRecord], rng: &mut dyn RngCore) -> Option<Fleet> {
    let mut search = Search::new(config, shots)?;
    if !search.place(rng) {
        return None;
    }
    Placement::from(&Fleet::from_ships(search.ships))
        .validate(config)
        .ok()
}

/// The depth-first search's state.
struct Search {
    width: usize,
    height: usize,
    /// Per cell, the results of the shots at it, with when they were fired.
    fired: Vec<Vec<(usize, ShotResult)>>,
    /// The sinkings, in order: the cell and when.
    sinkings: Vec<(usize, usize)>,
    /// Per cell, whether a ship lies there.
    taken: Vec<bool>,
    /// Ships still to place, per length - 1.
    left: [u8; 6],
    ships: Vec<Ship>,
    budget: u32,
}

impl Search {
    /// The search for `shots`, or `None` when the sinkings alone contradict the settings (a
    /// win before the fleet's last ship, or none at it).
    fn new(config: &Config, shots: &[ShotRecord]) -> Option<Search> {
        let (width, height) = (usize::from(config.width), usize::from(config.height));
        let mut fired = vec![Vec::new(); width * height];
        let mut sinkings = Vec::new();
        for (time, shot) in shots.iter().enumerate() {
            let i = shot.at.index(width);
            fired.get_mut(i)?.push((time, shot.result));
            if matches!(shot.result, ShotResult::Sunk | ShotResult::Win) {
                sinkings.push((i, time));
            }
        }
        let fleet = config.ship_count() as usize;
        for (k, &(_, time)) in sinkings.iter().enumerate() {
            let wins = shots[time].result == ShotResult::Win;
            if wins != (k + 1 == fleet) || k >= fleet {
                return None;
            }
        }
        Some(Search {
            width,
            height,
            fired,
            sinkings,
            taken: vec![false; width * height],
            left: config.ships,
            ships: Vec::new(),
            budget: SEARCH_BUDGET,
        })
    }

    /// Places the rest of the fleet; `false` when no placement from here is consistent (or
    /// the budget ran out).
    fn place(&mut self, rng: &mut dyn RngCore) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let placed = self.ships.len();
        let mut candidates = Vec::new();
        if let Some(&(cell, time)) = self.sinkings.get(placed) {
            // The next sinking: a ship through its cell, sunk then.
            self.through(cell, &mut candidates, |s, cells| {
                s.sunk_at(cells, cell, time)
            });
        } else if let Some(cell) = (0..self.taken.len()).find(|&i| !self.taken[i] && self.hit(i)) {
            // A hit cell no ship covers yet: a ship never sunk.
            self.through(cell, &mut candidates, |s, cells| s.afloat(cells));
        } else if let Some(length) = (1..=6u8).rev().find(|&l| self.left[l as usize - 1] > 0) {
            // The rest, on cells never shot.
            for y in 0..self.height {
                for x in 0..self.width {
                    for &orientation in orientations(length) {
                        let ship = Ship {
                            x: x as u8,
                            y: y as u8,
                            length,
                            orientation,
                        };
                        if self.free(ship) && ship.cells().all(|c| self.unshot(c)) {
                            candidates.push(ship);
                        }
                    }
                }
            }
        } else {
            return true;
        }
        while !candidates.is_empty() {
            let ship = candidates.swap_remove(draw::index(rng, candidates.len()));
            self.put(ship, true);
            if self.place(rng) {
                return true;
            }
            self.put(ship, false);
            if self.budget == 0 {
                return false;
            }
        }
        false
    }

    /// Every ship of a length still to place that covers `cell`, lies on free cells and
    /// passes `fits`.
    fn through(&self, cell: usize, out: &mut Vec<Ship>, fits: impl Fn(&Self, Ship) -> bool) {
        let (cx, cy) = (cell % self.width, cell / self.width);
        for length in 1..=6u8 {
            if self.left[length as usize - 1] == 0 {
                continue;
            }
            let l = usize::from(length);
            for &orientation in orientations(length) {
                for k in 0..l {
                    let (x, y) = match orientation {
                        Orientation::Across => (cx.checked_sub(k), Some(cy)),
                        Orientation::Down => (Some(cx), cy.checked_sub(k)),
                    };
                    let (Some(x), Some(y)) = (x, y) else { continue };
                    let ship = Ship {
                        x: x as u8,
                        y: y as u8,
                        length,
                        orientation,
                    };
                    if self.free(ship) && fits(self, ship) {
                        out.push(ship);
                    }
                }
            }
        }
    }

    /// Whether `ship` lies on the grid on cells no ship holds.
    fn free(&self, ship: Ship) -> bool {
        ship.fits(self.width as u16, self.height as u16)
            && ship.cells().all(|c| !self.taken[c.index(self.width)])
    }

    /// Lays (or lifts) a ship.
    fn put(&mut self, ship: Ship, lay: bool) {
        for c in ship.cells() {
            self.taken[c.index(self.width)] = lay;
        }
        let left = &mut self.left[ship.length as usize - 1];
        if lay {
            *left -= 1;
            self.ships.push(ship);
        } else {
            *left += 1;
            self.ships.pop();
        }
    }

    /// Whether the first shot at cell `i` struck a ship.
    fn hit(&self, i: usize) -> bool {
        self.fired[i].first().is_some_and(|&(_, r)| r.is_hit())
    }

    fn unshot(&self, c: Cell) -> bool {
        self.fired[c.index(self.width)].is_empty()
    }

    /// Whether `ship`, sunk by the shot at `time` on `cell`, gives every shot at its cells
    /// its result: the other cells first hit before, repeats hits before and misses after.
    fn sunk_at(&self, ship: Ship, cell: usize, time: usize) -> bool {
        ship.cells().all(|c| {
            let i = c.index(self.width);
            let Some(&(first, result)) = self.fired[i].first() else {
                return false;
            };
            let first_ok = if i == cell {
                first == time
            } else {
                first < time && result == ShotResult::Hit
            };
            first_ok
                && self.fired[i][1..].iter().all(|&(t, r)| {
                    t != time
                        && (r
                            == if t < time {
                                ShotResult::Hit
                            } else {
                                ShotResult::Miss
                            })
                })
        })
    }

    /// Whether `ship`, never sunk, gives every shot at its cells a hit and keeps a cell
    /// never shot.
    fn afloat(&self, ship: Ship) -> bool {
        let mut unshot = false;
        let all_hits = ship.cells().all(|c| {
            let shots = &self.fired[c.index(self.width)];
            unshot |= shots.is_empty();
            shots.iter().all(|&(_, r)| r == ShotResult::Hit)
        });
        all_hits && unshot
    }
}

/// The orientations of a ship of `length` (a single cell counts as across only).
fn orientations(length: u8) -> &'static [Orientation] {
    if length == 1 {
        &[Orientation::Across]
    } else {
        &[Orientation::Across, Orientation::Down]
    }
}
