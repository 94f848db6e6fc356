//! Hunter, our own bot: a Cruiser that remembers what it saw.

use alloc::vec::Vec;

use koth_engine_core::{Bot, Coord, Dir4, PlayerId, RngCore};

use crate::ship::cell_of;
use crate::{Config, Naval, Observation, Order, Orders, ShipClass, SightCell, Target};

/// Rounds a remembered enemy cell still steers the movement.
const MEMORY_ROUNDS: u32 = 4;
/// Enemies of this length or more are treated as battleships: dangerous within 7 cells.
const THREAT_LENGTH: usize = 4;
/// The distance a threat's guns reach (a Battleship's range).
const THREAT_RANGE: i32 = 7;

/// A remembered enemy hull cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Contact {
    at: Coord,
    intact: bool,
    submerged: bool,
    /// Seen on the rim of the view: the ship may go on beyond it.
    rim: bool,
    round: u32,
}

/// Adjacent remembered enemy cells: probably one ship.
#[derive(Clone, Debug)]
struct Group {
    cells: Vec<Contact>,
    fresh: bool,
}

impl Group {
    fn intact(&self) -> usize {
        self.cells.iter().filter(|c| c.intact).count()
    }
    /// Battleship-sized, or possibly so (cut off by the rim of the view).
    fn threat(&self) -> bool {
        self.cells.len() >= THREAT_LENGTH || self.cells.iter().any(|c| c.rim)
    }
    fn distance(&self, cells: &[Coord]) -> i32 {
        let mut best = i32::MAX;
        for e in &self.cells {
            for c in cells {
                best = best.min(chebyshev(e.at, *c));
            }
        }
        best
    }
}

fn chebyshev(a: Coord, b: Coord) -> i32 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

/// Hunter: a Cruiser (2 shots of range 9, repairs) that plays from its observations and a
/// memory of them.
///
/// Each turn it updates its memory (enemy cells and mines seen, forgetting what its current
/// view shows gone), then:
/// - rams an intact enemy cell straight ahead;
/// - repairs when badly hurt (or hurt with nothing to shoot) and the skill is ready;
/// - otherwise fires both shots at visible intact enemy cells, finishing the most damaged ship
///   first, nearest first; but it scans instead (so its next map reaches 9 cells) when nothing
///   is in sight, or when its map is not a scanned one and no shot can finish a ship, since
///   battleships 6 or 7 cells away are invisible without a scan;
/// - then makes the one move (`M`, `B`, `C`, `K` or none) whose resulting position scores best:
///   out of reach (more than 7 cells) of battleship-sized ships but within its own range of
///   them, about 4 cells from smaller prey (close enough to see without scanning), never onto
///   or next to a mine, and, knowing nothing, towards the next of a few waypoints.
#[derive(Clone, Debug, Default)]
pub struct Hunter {
    contacts: Vec<Contact>,
    mines: Vec<Coord>,
    waypoint: usize,
}

/// Waypoints on any sea (the side is at least 32).
const WAYPOINTS: [(i32, i32); 5] = [(16, 16), (8, 8), (24, 8), (24, 24), (8, 24)];

impl Hunter {
    fn remember(&mut self, obs: &Observation) {
        let head = Coord::new(obs.x, obs.y);
        let range = obs.view_range();
        let seen = |c: Coord| chebyshev(c, head) <= range;
        self.contacts
            .retain(|c| !seen(c.at) && obs.round.saturating_sub(c.round) <= MEMORY_ROUNDS);
        self.mines.retain(|&m| !seen(m));
        for (dx, dy, cell) in obs.map.iter() {
            let at = head.offset(dx, dy);
            match cell {
                SightCell::Mine => self.mines.push(at),
                c if c.is_enemy() => self.contacts.push(Contact {
                    at,
                    intact: matches!(c, SightCell::Enemy | SightCell::Submerged),
                    submerged: matches!(c, SightCell::Submerged | SightCell::SubmergedDamaged),
                    rim: chebyshev(at, head) >= range,
                    round: obs.round,
                }),
                _ => {}
            }
        }
    }

    fn groups(&self, round: u32) -> Vec<Group> {
        let mut groups: Vec<Group> = Vec::new();
        let mut done = alloc::vec![false; self.contacts.len()];
        for start in 0..self.contacts.len() {
            if done[start] {
                continue;
            }
            done[start] = true;
            let mut cells = alloc::vec![self.contacts[start]];
            let mut k = 0;
            while k < cells.len() {
                let at = cells[k].at;
                for (j, other) in self.contacts.iter().enumerate() {
                    if !done[j] && (other.at.x - at.x).abs() + (other.at.y - at.y).abs() == 1 {
                        done[j] = true;
                        cells.push(*other);
                    }
                }
                k += 1;
            }
            let fresh = cells.iter().any(|c| c.round == round);
            groups.push(Group { cells, fresh });
        }
        groups
    }

    /// Up to `shots` fire orders at fresh intact cells in range, most damaged ship first.
    fn targets(&self, obs: &Observation, groups: &[Group], shots: u8) -> Vec<Target> {
        let head = Coord::new(obs.x, obs.y);
        let range = i32::from(ShipClass::Cruiser.range());
        let mut order: Vec<&Group> = groups.iter().filter(|g| g.fresh).collect();
        order.sort_by_key(|g| (g.intact(), g.distance(&[head])));
        let mut out = Vec::new();
        for g in order {
            let mut cells: Vec<&Contact> = g
                .cells
                .iter()
                .filter(|c| c.intact && !c.submerged && c.round == obs.round)
                .collect();
            cells.sort_by_key(|c| chebyshev(c.at, head));
            for c in cells {
                if out.len() >= usize::from(shots) {
                    return out;
                }
                let (dx, dy) = (c.at.x - head.x, c.at.y - head.y);
                if dx.abs() <= range
                    && dy.abs() <= range
                    && let Some(t) = Target::new(dx, dy)
                {
                    out.push(t);
                }
            }
        }
        out
    }

    /// Whether a visible ship has no more intact cells than this turn's shots.
    fn finishing(&self, obs: &Observation, groups: &[Group]) -> bool {
        groups
            .iter()
            .any(|g| g.fresh && g.intact() > 0 && g.intact() <= usize::from(obs.shots))
    }

    fn score(&mut self, cells: &[Coord], groups: &[Group]) -> i64 {
        let mut s = 0i64;
        let mut prey = i32::MAX;
        for g in groups {
            let d = g.distance(cells);
            if g.threat() {
                if d <= THREAT_RANGE {
                    s -= 1000 - 50 * i64::from(d);
                } else if d == THREAT_RANGE + 1 {
                    // One step from its reach.
                    s -= 100;
                } else if d > 9 {
                    s -= i64::from(d - 9);
                }
            } else if g.intact() > 0 {
                prey = prey.min(d);
            }
        }
        if prey != i32::MAX {
            s -= 10 * i64::from((prey - 4).abs());
        } else if groups.iter().all(|g| !g.threat()) {
            let (wx, wy) = WAYPOINTS[self.waypoint % WAYPOINTS.len()];
            let head = cells[0];
            s -= i64::from((head.x - wx).abs() + (head.y - wy).abs());
        }
        for m in &self.mines {
            if cells.iter().any(|c| chebyshev(*c, *m) <= 1) {
                s -= 30;
            }
        }
        s
    }

    fn movement(&mut self, obs: &Observation, groups: &[Group]) -> Option<Order> {
        let head = Coord::new(obs.x, obs.y);
        let len = obs.hull.len();
        if len == 0 {
            return None;
        }
        let (wx, wy) = WAYPOINTS[self.waypoint % WAYPOINTS.len()];
        if (head.x - wx).abs() + (head.y - wy).abs() <= 3 {
            self.waypoint += 1;
        }
        let free = |c: Coord| {
            matches!(
                obs.map.at(c.x - head.x, c.y - head.y),
                SightCell::Water | SightCell::Own
            )
        };
        let line =
            |h: Coord, d: Dir4| -> Vec<Coord> { (0..len).map(|i| cell_of(h, d, i)).collect() };
        let (dx, dy) = obs.dir.delta();
        let mut options: Vec<(Option<Order>, Vec<Coord>)> =
            alloc::vec![(None, line(head, obs.dir))];
        let forward = head.offset(dx, dy);
        if free(forward) && obs.map.at(dx, dy) == SightCell::Water {
            options.push((Some(Order::Move), line(forward, obs.dir)));
        }
        let back_head = head.offset(-dx, -dy);
        let behind = cell_of(head, obs.dir, len);
        if obs.map.at(behind.x - head.x, behind.y - head.y) == SightCell::Water {
            options.push((Some(Order::Back), line(back_head, obs.dir)));
        }
        for (order, d) in [
            (Order::Clockwise, obs.dir.rotate_cw()),
            (Order::CounterClockwise, obs.dir.rotate_ccw()),
        ] {
            let cells = line(head, d);
            if cells.iter().all(|&c| free(c)) {
                options.push((Some(order), cells));
            }
        }
        let mut best = (i64::MIN, None);
        for (order, cells) in options {
            let s = self.score(&cells, groups);
            if s > best.0 {
                best = (s, order);
            }
        }
        best.1
    }
}

impl Bot<Naval> for Hunter {
    /// Always the Cruiser (`3`); forgets the last game.
    fn setup(&mut self, _: &Config, _: PlayerId, _: &mut dyn RngCore) -> Option<Option<ShipClass>> {
        *self = Hunter::default();
        Some(Some(ShipClass::Cruiser))
    }

    fn act(&mut self, obs: &Observation, _: &mut dyn RngCore) -> Orders {
        self.remember(obs);
        let groups = self.groups(obs.round);
        let mut orders = Orders::new();
        let (dx, dy) = obs.dir.delta();
        let rammed = obs.map.at(dx, dy) == SightCell::Enemy;
        if rammed {
            let _ = orders.push(Order::Ram);
        }
        let targets = self.targets(obs, &groups, obs.shots);
        let hurt = obs.hull.intact_count() < obs.hull.len() as u32;
        let critical = obs.hull.intact_count() <= 1;
        if hurt && obs.cooldown == 0 && (critical || targets.is_empty()) {
            let _ = orders.push(Order::Repair);
        } else if targets.is_empty() || (!obs.scan && !self.finishing(obs, &groups)) {
            // Without a scan, threats 6 or 7 cells away stay unseen: look before shooting,
            // unless a shot now can finish a ship.
            let _ = orders.push(Order::Scan);
        } else {
            for t in targets {
                let _ = orders.push(Order::Fire(t));
            }
        }
        if !rammed && let Some(m) = self.movement(obs, &groups) {
            let _ = orders.push(m);
        }
        orders
    }
}
