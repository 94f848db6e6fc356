//! One turn's effects: the seed's 6 x 6 interaction table as a pure function.

use crate::Action;

/// What one samurai brings to a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    /// The action played.
    pub action: Action,
    /// Whether its strikes use the Sword of the Gods (honour at the start of the turn >= 7).
    pub god_sword: bool,
    /// Whether it guarded on the previous turn.
    pub guarded_last_turn: bool,
}

/// The effects of one turn on both samurai, applied simultaneously.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Effects {
    /// Honour change of each side.
    pub honour: [i32; 2],
    /// Damage taken by each side.
    pub damage: [i32; 2],
}

/// Resolves one turn for the two sides with the given normal and Sword-of-the-Gods damage.
///
/// - `B`: +1 honour. `G`: blocks every strike; -1 honour if the same side guarded last turn.
/// - `I`, `P`, `O` cost their striker 1 honour whatever happens. Against `W` or `B` the target
///   takes the striker's damage; against `G` nothing; strike against strike: `I` beats `O`,
///   `O` beats `P`, `P` beats `I`, the loser takes the winner's damage; equal strikes: nothing.
#[inline]
pub fn resolve(sides: [Side; 2], damage: i32, god_damage: i32) -> Effects {
    let mut fx = Effects::default();
    for me in 0..2 {
        let s = sides[me];
        let them = sides[1 - me];
        match s.action {
            Action::Bow => fx.honour[me] += 1,
            Action::Guard if s.guarded_last_turn => fx.honour[me] -= 1,
            _ => {}
        }
        if s.action.is_strike() {
            fx.honour[me] -= 1;
            let lands = match them.action {
                Action::Wait | Action::Bow => true,
                Action::Guard => false,
                other => s.action.beats(other),
            };
            if lands {
                fx.damage[1 - me] += if s.god_sword { god_damage } else { damage };
            }
        }
    }
    fx
}
