//! Phase 1: moves.
//!
//! 1. Every `Move` names a destination one square away (y up, wrapping).
//! 2. **Contests.** A square wanted by two or more tanks goes to one of them, drawn uniformly
//!    from the RNG; the others stay. Contested squares are drawn in the order of their first
//!    claimant's seat, one draw each ([`draw::below`] of the number of claimants,
//!    indexing the claimants in seat order). The draw comes first: a winner that then turns
//!    out to be blocked stays, and the losers do not get a second chance. A tick without a
//!    contest draws nothing.
//! 3. **Fixed point.** Each remaining mover points at the tank on its destination (if any).
//!    Every square has at most one remaining claimant, so these pointers form simple chains
//!    and cycles. A chain whose head enters an empty square moves as a whole; a chain that
//!    ends at a tank which stays (it did not move, lost a contest, or is blocked itself)
//!    stays as a whole, each tank blocked by the next. A cycle of three or more tanks moves
//!    (each enters the square its neighbour vacates); a cycle of two — two neighbours
//!    swapping squares — is cancelled and both stay. No two tanks ever share a square.

use alloc::vec::Vec;

use koth_engine_core::{Coord, PlayerId, RngCore};

use super::{Mover, Scratch, Status};
use crate::board::{Board, EMPTY};
use koth_engine_core::draw;

use crate::{Action, Event};

/// Resolves the moves of `actions` (one per living tank, seat order), updates the board and
/// the squares in `pos`, and appends one outcome event per mover in seat order.
pub(crate) fn resolve<R: RngCore + ?Sized>(
    board: &mut Board,
    pos: &mut [Coord],
    living: &[PlayerId],
    actions: &[Action],
    s: &mut Scratch,
    rng: &mut R,
    events: &mut Vec<Event>,
) {
    s.movers.clear();
    for (&seat, &action) in living.iter().zip(actions) {
        let Action::Move(dir) = action else {
            continue;
        };
        let from = pos[seat.index()];
        let to = board.step(from, dir);
        let to_idx = board.index(to);
        let m = s.movers.len() as u16;
        s.mover_of[seat.index()] = m;
        let first = s.claims[to_idx];
        if first == EMPTY {
            s.claims[to_idx] = m;
        } else {
            let head = &mut s.movers[usize::from(first)];
            let tail = head.last;
            head.last = m;
            head.count += 1;
            s.movers[usize::from(tail)].next = m;
        }
        s.movers.push(Mover {
            seat,
            from,
            to,
            to_idx: to_idx as u32,
            next: EMPTY,
            last: m,
            count: 1,
            head: first == EMPTY,
            status: Status::Pending,
        });
    }
    if s.movers.is_empty() {
        return;
    }

    contests(s, rng);
    for m in 0..s.movers.len() {
        if s.movers[m].status == Status::Pending {
            follow(board, s, m);
        }
    }

    // Vacate every square first, so chains and cycles can enter them.
    for mv in &s.movers {
        if mv.status == Status::Go {
            board.clear(mv.from);
        }
    }
    for mv in &s.movers {
        if mv.status == Status::Go {
            board.place(mv.seat, mv.to);
            pos[mv.seat.index()] = mv.to;
        }
        let tank = mv.seat;
        events.push(match mv.status {
            Status::Go => Event::Moved {
                tank,
                from: mv.from,
                to: mv.to,
            },
            Status::Lost(winner) => Event::LostContest {
                tank,
                to: mv.to,
                winner,
            },
            Status::Swap(with) => Event::SwapCancelled { tank, with },
            Status::Blocked(by) => Event::Blocked {
                tank,
                to: mv.to,
                by,
            },
            // Every mover is resolved above; kept total for safety.
            Status::Pending | Status::Visiting => Event::Blocked {
                tank,
                to: mv.to,
                by: tank,
            },
        });
        s.claims[mv.to_idx as usize] = EMPTY;
        s.mover_of[tank.index()] = EMPTY;
    }
}

/// Draws the winner of every contested square; the losers get [`Status::Lost`].
fn contests<R: RngCore + ?Sized>(s: &mut Scratch, rng: &mut R) {
    for m in 0..s.movers.len() {
        let first = s.movers[m];
        if !first.head || first.count < 2 {
            continue;
        }
        let pick = draw::below(rng, u32::from(first.count));
        let mut winner = m;
        for _ in 0..pick {
            winner = usize::from(s.movers[winner].next);
        }
        let winner_seat = s.movers[winner].seat;
        let mut i = m;
        loop {
            if i != winner {
                s.movers[i].status = Status::Lost(winner_seat);
            }
            match s.movers[i].next {
                EMPTY => break,
                next => i = usize::from(next),
            }
        }
    }
}

/// Follows the chain of movers from `start` to its end and resolves every mover on it.
fn follow(board: &Board, s: &mut Scratch, start: usize) {
    s.path.clear();
    let mut cur = start;
    let end = loop {
        s.movers[cur].status = Status::Visiting;
        s.path.push(cur as u16);
        let occupant = board.at_index(s.movers[cur].to_idx as usize);
        if occupant == EMPTY {
            break Status::Go;
        }
        let by = PlayerId(occupant as u8);
        let j = s.mover_of[usize::from(occupant)];
        if j == EMPTY {
            break Status::Blocked(by);
        }
        match s.movers[usize::from(j)].status {
            Status::Pending => cur = usize::from(j),
            Status::Go => break Status::Go,
            Status::Lost(_) | Status::Blocked(_) | Status::Swap(_) => break Status::Blocked(by),
            Status::Visiting => {
                // Back on the path: `path[at..]` is a cycle.
                let at = s.path.iter().position(|&p| p == j).unwrap_or(0);
                let cycle = &s.path[at..];
                if let &[a, b] = cycle {
                    let (a, b) = (usize::from(a), usize::from(b));
                    let (seat_a, seat_b) = (s.movers[a].seat, s.movers[b].seat);
                    s.movers[a].status = Status::Swap(seat_b);
                    s.movers[b].status = Status::Swap(seat_a);
                } else {
                    for &p in cycle {
                        s.movers[usize::from(p)].status = Status::Go;
                    }
                }
                // Movers leading into a cycle cannot exist (each square has one claimant,
                // and a cycle's squares are claimed by its own members); kept for safety.
                block_chain(s, at, by);
                return;
            }
        }
    };
    match end {
        Status::Blocked(by) => block_chain(s, s.path.len(), by),
        _ => {
            for &p in &s.path {
                s.movers[usize::from(p)].status = end;
            }
        }
    }
}

/// Marks `path[..len]` as blocked, each mover by the next one, the last by `by`.
fn block_chain(s: &mut Scratch, len: usize, by: PlayerId) {
    for i in 0..len {
        let blocker = match s.path.get(i + 1) {
            Some(&next) if i + 1 < len => s.movers[usize::from(next)].seat,
            _ => by,
        };
        s.movers[usize::from(s.path[i])].status = Status::Blocked(blocker);
    }
}
