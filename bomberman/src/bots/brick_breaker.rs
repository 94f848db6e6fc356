//! The `brick-breaker` bot: a lattice planner that never stays in a blast it could leave.

use alloc::collections::BinaryHeap;
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Reverse;

use koth_engine_core::{Bot, Coord, Dir4, PlayerId, RngCore};

use crate::map::Dims;
use crate::{Action, Bomberman, BonusKind, Fixed, Observation, Tile, World};

/// Ticks ahead the bot tracks danger (bit `k` of a cell's mask: covered at the hit check `k`
/// ticks from now). Arrivals later than this are not planned.
const HORIZON: u32 = 120;

/// Escape checks for bomb targets per decision (the nearest targets first).
const ESCAPE_CHECKS: usize = 4;

/// A bot that breaks bricks for points and keeps out of every blast.
///
/// Each tick it rebuilds the danger timeline of every cell: bit `k` of a cell's 128-bit mask
/// says the cell is under an explosion at the hit check `k` ticks from now. Lingering squares
/// cover their cell until they vanish; every bomb explodes when its timeout runs out or, in a
/// chain, when an earlier blast reaches it, and then covers its rays (walls stop them) for
/// `explosion_duration` ticks. It then plans on the lattice with the player's real timing (a
/// cell-to-cell move takes `ceil(cell_size / max_speed)` ticks, during which the player touches
/// both cells' squares), waiting in a cell where that is safe: a time-dependent shortest-path
/// search from where it stands.
///
/// Decisions, in order:
/// 1. not on a safe cell (one no known blast will reach): walk to the nearest cell that is safe
///    from its arrival on, along a path whose every tick is safe;
/// 2. on a cell from which a bomb would destroy a brick no other bomb is about to (or reach an
///    opponent that is not immune), with a bomb in hand and an escape from the blast it would
///    add (its chains included): drop and start escaping;
/// 3. else walk to the nearest safe cell holding a bonus, or from which a bomb would hit
///    something and has an escape (last tick's target counts as two moves nearer, so that
///    moving opponents do not make it dither);
/// 4. else stand still (or, between two cells, finish the move to a safe one).
#[derive(Clone, Copy, Debug, Default)]
pub struct BrickBreaker {
    /// The cell it walked to last tick.
    target: Option<Coord>,
}

impl Bot<Bomberman> for BrickBreaker {
    fn act(&mut self, observation: &Observation, _rng: &mut dyn RngCore) -> Action {
        let me = observation.me;
        if !me.is_active() {
            return Action::IDLE;
        }
        let Some(board) = Board::new(&observation.world, me.id, me.pos.x.raw(), me.pos.y.raw())
        else {
            return Action::IDLE;
        };
        let (action, target) = board.decide(me.bombs_left > 0, me.bombs_power, self.target);
        self.target = target;
        action
    }
}

/// Danger masks and the bricks existing bombs will destroy.
struct Threats {
    danger: Vec<u128>,
    doomed: Vec<bool>,
}

/// A search result: per cell the arrival time (`u32::MAX` if unreached), the cell it is
/// entered from (`usize::MAX` for a start) and the tick the player leaves that cell.
struct Plan {
    arrival: Vec<u32>,
    parent: Vec<usize>,
    depart: Vec<u32>,
}

/// A bomb for the danger computation.
#[derive(Clone, Copy)]
struct Blast {
    cell: usize,
    /// The hit check at which it explodes by its timeout.
    at: u32,
    /// The first hit check at which it exists (1 for a bomb not dropped yet).
    born: u32,
    power: u32,
}

struct Board<'a> {
    world: &'a World,
    me: PlayerId,
    dims: Dims,
    n: i32,
    x: i64,
    y: i64,
    /// Ticks per cell-to-cell move.
    steps: u32,
    /// Per cell: the index of the bomb on it.
    bomb_at: Vec<Option<usize>>,
    bonus_at: Vec<bool>,
    /// Per cell: opponents that are not immune whose centre is in it.
    targets_at: Vec<u8>,
}

/// The mask's bits from `t` on, shifted down to bit 0.
pub(super) fn after(mask: u128, t: u32) -> u128 {
    if t < 128 { mask >> t } else { 0 }
}

/// Bit `k` (none past the mask).
pub(super) fn bit(k: u32) -> u128 {
    if k < 128 { 1 << k } else { 0 }
}

/// Whether leaving cell `a` (danger mask `da`) at `dep` for its neighbour `b` (`db`) is safe:
/// both cells clear while in transit (a player between two centres touches both cells'
/// squares), `b` clear on arrival.
pub(super) fn transit_ok(da: u128, db: u128, dep: u32, steps: u32) -> bool {
    (da | db) & bits(dep + 1, dep + steps - 1) == 0 && db & bit(dep + steps) == 0
}

/// Bits `lo..=hi` (clipped to the mask).
pub(super) fn bits(lo: u32, hi: u32) -> u128 {
    if lo > hi || lo >= 128 {
        return 0;
    }
    let hi = hi.min(127);
    let upper = if hi == 127 {
        u128::MAX
    } else {
        (1 << (hi + 1)) - 1
    };
    upper & !((1u128 << lo) - 1)
}

impl<'a> Board<'a> {
    fn new(world: &'a World, me: PlayerId, x: i32, y: i32) -> Option<Board<'a>> {
        let dims = Dims::new(world.rules());
        let n = dims.n;
        if dims.max_speed <= 0 || world.tiles.size() != dims.size() {
            return None;
        }
        let steps = (dims.cell as u64).div_ceil(dims.max_speed as u64) as u32;
        let cells = (n * n) as usize;
        let mut bomb_at = vec![None; cells];
        for (i, b) in world.bombs.iter().enumerate() {
            if let Some(idx) = dims.index(b.cell) {
                bomb_at[idx] = Some(i);
            }
        }
        let mut bonus_at = vec![false; cells];
        for b in &world.bonuses {
            if let Some(idx) = dims.index(b.cell) {
                bonus_at[idx] = true;
            }
        }
        let mut targets_at = vec![0u8; cells];
        for p in world.players.iter() {
            if p.id != me && p.immune_duration == 0 {
                if let Some(idx) = dims.index(world.cell_of(p.pos)) {
                    targets_at[idx] = targets_at[idx].saturating_add(1);
                }
            }
        }
        Some(Board {
            targets_at,
            world,
            me,
            dims,
            n,
            x: x.into(),
            y: y.into(),
            steps,
            bomb_at,
            bonus_at,
        })
    }

    fn coord(&self, i: usize) -> Coord {
        Coord::new(i as i32 % self.n, i as i32 / self.n)
    }

    fn tile(&self, i: usize) -> Tile {
        self.world.tiles.cells()[i]
    }

    /// Whether the player may enter cell `i`: no wall, and no bomb it may not walk on.
    fn passable(&self, i: usize) -> bool {
        !self.tile(i).is_wall()
            && self.bomb_at[i].is_none_or(|b| self.world.bombs[b].walkable_for.contains(self.me))
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let c = self.coord(i);
        Dir4::ALL.into_iter().filter_map(move |d| {
            let (dx, dy) = d.delta();
            self.dims.index(c.offset(dx, dy))
        })
    }

    /// The cells a bomb of `power` on cell `i` covers: its own, then each ray up to `power`
    /// cells, stopping on the first wall.
    fn blast(&self, i: usize, power: u32, mut visit: impl FnMut(usize)) {
        visit(i);
        let c = self.coord(i);
        for d in Dir4::ALL {
            let (dx, dy) = d.delta();
            let mut cur = c;
            for _ in 0..power {
                cur = cur.offset(dx, dy);
                let Some(j) = self.dims.index(cur) else { break };
                visit(j);
                if self.tile(j).is_wall() {
                    break;
                }
            }
        }
    }

    /// The power a bomb of `p` may explode with: its power now, plus, when `cautious`, one
    /// while a power bonus lies on the field (it may be picked up before the bomb explodes).
    fn power_of(&self, p: PlayerId, cautious: bool) -> u32 {
        // A player out of the game still owns its bombs; its power is unknown: assume the most.
        self.world.player(p).map_or(self.n as u32, |q| {
            q.bombs_power + self.power_margin(cautious)
        })
    }

    fn power_margin(&self, cautious: bool) -> u32 {
        u32::from(
            cautious
                && self
                    .world
                    .bonuses
                    .iter()
                    .any(|b| b.kind == BonusKind::Power),
        )
    }

    /// The danger timeline, with an extra bomb of `power` the player would drop now on cell
    /// `extra`.
    fn threats(&self, extra: Option<(usize, u32)>, cautious: bool) -> Threats {
        let cells = (self.n * self.n) as usize;
        let rules = self.world.rules();
        let duration = rules.explosion_duration;
        let mut danger = vec![0u128; cells];
        let mut doomed = vec![false; cells];
        // Squares already on the field: covered until they vanish.
        let mut lingering = vec![0u32; cells];
        for e in &self.world.explosions {
            if let Some(i) = self.dims.index(e.cell) {
                lingering[i] = lingering[i].max(e.timeout);
                if e.timeout >= 2 {
                    danger[i] |= bits(0, e.timeout - 2);
                }
            }
        }
        let mut blasts: Vec<Blast> = Vec::with_capacity(self.world.bombs.len() + 1);
        for b in &self.world.bombs {
            let Some(cell) = self.dims.index(b.cell) else {
                continue;
            };
            let at = if lingering[cell] >= 2 {
                0
            } else {
                b.timeout.saturating_sub(1)
            };
            blasts.push(Blast {
                cell,
                at,
                born: 0,
                power: self.power_of(b.owner, cautious),
            });
        }
        if let Some((cell, power)) = extra {
            let power = power + self.power_margin(cautious);
            let at = if lingering[cell] >= 3 {
                1
            } else {
                rules.bomb_timeout
            };
            blasts.push(Blast {
                cell,
                at,
                born: 1,
                power,
            });
        }
        let mut covers: Vec<Vec<usize>> = Vec::with_capacity(blasts.len());
        for b in &blasts {
            let mut out = Vec::new();
            self.blast(b.cell, b.power, |c| out.push(c));
            covers.push(out);
        }
        // Chains: a bomb reached by an earlier blast (still burning when the bomb exists)
        // explodes with it.
        let mut changed = true;
        while changed {
            changed = false;
            for a in 0..blasts.len() {
                let at = blasts[a].at;
                for &c in &covers[a] {
                    for b in blasts.iter_mut() {
                        let trigger = at.max(b.born);
                        if b.cell == c && trigger < b.at && at.saturating_add(duration) > trigger {
                            b.at = trigger;
                            changed = true;
                        }
                    }
                }
            }
        }
        for (b, cover) in blasts.iter().zip(&covers) {
            let mask = if duration == 0 {
                0
            } else {
                bits(b.at, b.at.saturating_add(duration - 1))
            };
            for &c in cover {
                danger[c] |= mask;
                if self.tile(c).is_wall() && extra.is_none_or(|(e, _)| e != b.cell) {
                    doomed[c] = true;
                }
            }
        }
        Threats { danger, doomed }
    }

    /// What a bomb of `power` on cell `i` would achieve: bricks no other bomb will destroy,
    /// plus opponents that are not immune standing in its blast.
    fn value(&self, i: usize, power: u32, threats: &Threats) -> u32 {
        let mut value = 0;
        self.blast(i, power, |c| {
            if matches!(self.tile(c), Tile::Brick(_)) && !threats.doomed[c] {
                value += 1;
            }
            value += u32::from(self.targets_at[c]);
        });
        value
    }

    /// Whether moving from cell `a` (leaving at `dep`) to cell `b` is safe: both cells clear
    /// while in transit, `b` clear on arrival.
    fn transit_ok(&self, danger: &[u128], a: usize, b: usize, dep: u32, steps: u32) -> bool {
        transit_ok(danger[a], danger[b], dep, steps)
    }

    /// Where the search starts: `(cell, ticks to reach its centre)`. At a centre, that cell at
    /// time 0; between two centres on a lattice line, either of them; elsewhere, the nearest.
    fn seeds(&self, danger: &[u128]) -> Vec<(usize, u32)> {
        let d = &self.dims;
        let here = d.nearest_cell(self.x, self.y);
        let Some(a) = d.index(here) else {
            return Vec::new();
        };
        let (ax, ay) = d.centre(here);
        let (dx, dy) = (self.x - ax, self.y - ay);
        if dx == 0 && dy == 0 {
            return vec![(a, 0)];
        }
        let speed = i64::from(d.max_speed);
        let ticks = |dist: i64| (dist.max(0) as u64).div_ceil(speed as u64).max(1) as u32;
        let mut options = Vec::new();
        if dx == 0 || dy == 0 {
            let (sx, sy) = (dx.signum() as i32, dy.signum() as i32);
            let dist = dx.abs() + dy.abs();
            options.push((a, ticks(dist)));
            if let Some(b) = d.index(here.offset(sx, sy)) {
                if self.passable(b) {
                    options.push((b, ticks(d.cell - dist)));
                }
            }
        } else {
            let dist = ((dx * dx + dy * dy) as u64).isqrt() as i64 + 1;
            options.push((a, ticks(dist)));
        }
        let touched = options.iter().fold(0u128, |m, &(c, _)| m | danger[c]);
        let safe: Vec<(usize, u32)> = options
            .iter()
            .copied()
            .filter(|&(c, t)| touched & bits(1, t - 1) == 0 && danger[c] & bit(t) == 0)
            .collect();
        if safe.is_empty() { options } else { safe }
    }

    /// The time-dependent shortest-path search from `seeds` under `danger`.
    fn search(&self, danger: &[u128], seeds: &[(usize, u32)]) -> Plan {
        let cells = (self.n * self.n) as usize;
        let mut plan = Plan {
            arrival: vec![u32::MAX; cells],
            parent: vec![usize::MAX; cells],
            depart: vec![0; cells],
        };
        let mut heap = BinaryHeap::new();
        for &(c, t) in seeds {
            if t < plan.arrival[c] {
                plan.arrival[c] = t;
                heap.push(Reverse((t, c)));
            }
        }
        let steps = self.steps;
        while let Some(Reverse((t, a))) = heap.pop() {
            if t > plan.arrival[a] {
                continue;
            }
            for b in self.neighbours(a) {
                if !self.passable(b) {
                    continue;
                }
                // Leave as soon as the transit is safe, waiting in `a` while `a` is safe.
                let mut dep = t;
                while dep + steps <= HORIZON {
                    if self.transit_ok(danger, a, b, dep, steps) {
                        let arrive = dep + steps;
                        if arrive < plan.arrival[b] {
                            plan.arrival[b] = arrive;
                            plan.parent[b] = a;
                            plan.depart[b] = dep;
                            heap.push(Reverse((arrive, b)));
                        }
                        break;
                    }
                    if danger[a] & bit(dep + 1) != 0 {
                        break;
                    }
                    dep += 1;
                }
            }
        }
        plan
    }

    /// The reached cell that is safe from its arrival on with the earliest arrival.
    fn nearest_safe(&self, plan: &Plan, danger: &[u128]) -> Option<usize> {
        (0..plan.arrival.len())
            .filter(|&c| plan.arrival[c] != u32::MAX && after(danger[c], plan.arrival[c]) == 0)
            .min_by_key(|&c| (plan.arrival[c], c))
    }

    /// With no safe cell in reach: the reached cell whose next danger after arrival comes
    /// latest.
    fn least_bad(&self, plan: &Plan, danger: &[u128]) -> Option<usize> {
        (0..plan.arrival.len())
            .filter(|&c| plan.arrival[c] != u32::MAX)
            .max_by_key(|&c| {
                let t = plan.arrival[c];
                let next = after(danger[c], t).trailing_zeros();
                (next, Reverse(t), Reverse(c))
            })
    }

    /// Whether dropping a bomb of `power` on cell `i` now leaves an escape.
    fn escape_after_drop(&self, i: usize, power: u32) -> Option<(Threats, Plan, usize)> {
        let threats = self.threats(Some((i, power)), true);
        let plan = self.search(&threats.danger, &[(i, 0)]);
        let goal = self.nearest_safe(&plan, &threats.danger)?;
        Some((threats, plan, goal))
    }

    /// This tick's action, and the target cell walked to (remembered for the next tick).
    fn decide(&self, has_bomb: bool, power: u32, last: Option<Coord>) -> (Action, Option<Coord>) {
        let threats = self.threats(None, true);
        let seeds = self.seeds(&threats.danger);
        let plan = self.search(&threats.danger, &seeds);
        let Some(&(here, _)) = seeds.first() else {
            return (Action::IDLE, None);
        };
        let centred = seeds.as_slice() == [(here, 0)];
        // 1. Standing in a cell a blast will reach: flee.
        if centred && after(threats.danger[here], 1) != 0 {
            return (self.flee(&threats, &plan), None);
        }
        // 2. Bomb from here when it pays and there is a way out.
        if centred && has_bomb && self.value(here, power, &threats) > 0 {
            if let Some((_, escape, goal)) = self.escape_after_drop(here, power) {
                return (self.walk(&escape, goal, true), None);
            }
        }
        // 3. Walk to the nearest bonus or useful bombing spot (last tick's target counts as
        //    two moves nearer, so that moving opponents do not make the bot dither).
        let last = last.and_then(|c| self.dims.index(c));
        let mut targets: Vec<(u32, bool, usize)> = (0..plan.arrival.len())
            .filter(|&c| {
                let t = plan.arrival[c];
                t != u32::MAX && after(threats.danger[c], t) == 0
            })
            .filter_map(|c| {
                let t = plan.arrival[c];
                let t = if Some(c) == last {
                    t.saturating_sub(2 * self.steps)
                } else {
                    t
                };
                if self.bonus_at[c] {
                    Some((t, false, c))
                } else if self.value(c, power, &threats) > 0 {
                    Some((t, true, c))
                } else {
                    None
                }
            })
            .collect();
        targets.sort_unstable();
        let mut checks = 0;
        for (_, is_bomb_spot, c) in targets {
            if is_bomb_spot {
                if checks == ESCAPE_CHECKS {
                    continue;
                }
                checks += 1;
                if self.escape_after_drop(c, power).is_none() {
                    continue;
                }
            }
            return (self.walk(&plan, c, false), Some(self.coord(c)));
        }
        // 4. Nothing to do: stay, or finish the move under way to a safe cell.
        if centred {
            (Action::IDLE, None)
        } else {
            (self.flee(&threats, &plan), None)
        }
    }

    /// Walks to the nearest safe cell; if no cell is safe from bombs grown by a power bonus,
    /// to the nearest safe from the bombs as they are; failing that, to the cell a blast
    /// reaches last.
    fn flee(&self, threats: &Threats, plan: &Plan) -> Action {
        if let Some(goal) = self.nearest_safe(plan, &threats.danger) {
            return self.walk(plan, goal, false);
        }
        let exact = self.threats(None, false);
        let seeds = self.seeds(&exact.danger);
        let plan = self.search(&exact.danger, &seeds);
        match self
            .nearest_safe(&plan, &exact.danger)
            .or_else(|| self.least_bad(&plan, &exact.danger))
        {
            Some(goal) => self.walk(&plan, goal, false),
            None => Action::IDLE,
        }
    }

    /// The action that follows `plan` towards `goal` this tick (and drops if asked).
    fn walk(&self, plan: &Plan, goal: usize, drop: bool) -> Action {
        // The path from its start to the goal.
        let mut path = vec![goal];
        let mut c = goal;
        while plan.parent[c] != usize::MAX && path.len() <= plan.parent.len() {
            c = plan.parent[c];
            path.push(c);
        }
        path.reverse();
        let d = &self.dims;
        let start = path[0];
        let (sx, sy) = d.centre(self.coord(start));
        let (tx, ty) = if (self.x, self.y) != (sx, sy) {
            (sx, sy)
        } else {
            match path.get(1) {
                Some(&next) if plan.depart[next] <= plan.arrival[start] => {
                    d.centre(self.coord(next))
                }
                _ => (sx, sy),
            }
        };
        let mut limit = i64::from(d.max_speed);
        if drop {
            // The bomb goes to the centre nearest where the move ends: stay in this cell.
            limit = limit.min(d.cell / 2 - 1);
        }
        let (mut vx, mut vy) = (tx - self.x, ty - self.y);
        if vx != 0 && vy != 0 {
            // Off every lattice line (only after being stopped oddly): head for the centre,
            // letting the engine scale the vector.
            let len = ((vx * vx + vy * vy) as u64).isqrt() as i64;
            if len > limit {
                vx = vx * limit / len.max(1);
                vy = vy * limit / len.max(1);
            }
        } else {
            vx = vx.clamp(-limit, limit);
            vy = vy.clamp(-limit, limit);
        }
        Action::new(Fixed::from_raw(vx as i32), Fixed::from_raw(vy as i32), drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_ranges() {
        assert_eq!(bits(0, 0), 1);
        assert_eq!(bits(1, 3), 0b1110);
        assert_eq!(bits(5, 4), 0);
        assert_eq!(bits(120, 200), u128::MAX << 120);
        assert_eq!(bits(0, 127), u128::MAX);
        assert_eq!(bit(128), 0);
    }
}
