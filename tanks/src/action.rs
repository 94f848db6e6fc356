//! The nine actions of a tank and their two-letter wire form.

use core::fmt;
use core::str::FromStr;

use koth_engine_core::Dir4;

use crate::protocol::{self, ParseError};

/// One tank's action for one tick. Directions use [`Dir4`] with y growing **up**
/// ([`Dir4::Up`] is +y, towards the top row of the picture).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Do nothing: what any bad, empty, late or crashed answer means.
    Idle,
    /// Move one square (`mu md ml mr`), wrapping around the torus.
    Move(Dir4),
    /// Fire along a line (`su sd sl sr`): the first other tank reached is destroyed.
    Shoot(Dir4),
}

impl Action {
    /// All nine actions: `Idle`, the four moves, the four shots (each clockwise from up).
    pub const ALL: [Action; 9] = [
        Action::Idle,
        Action::Move(Dir4::Up),
        Action::Move(Dir4::Right),
        Action::Move(Dir4::Down),
        Action::Move(Dir4::Left),
        Action::Shoot(Dir4::Up),
        Action::Shoot(Dir4::Right),
        Action::Shoot(Dir4::Down),
        Action::Shoot(Dir4::Left),
    ];

    /// The eight commands a program can print (everything but `Idle`), in wire order
    /// `mu md ml mr su sd sl sr`.
    pub const COMMANDS: [Action; 8] = [
        Action::Move(Dir4::Up),
        Action::Move(Dir4::Down),
        Action::Move(Dir4::Left),
        Action::Move(Dir4::Right),
        Action::Shoot(Dir4::Up),
        Action::Shoot(Dir4::Down),
        Action::Shoot(Dir4::Left),
        Action::Shoot(Dir4::Right),
    ];

    /// The two-letter command (`"mu"`, `"sl"`...), or `None` for `Idle`, which has none.
    pub const fn wire(self) -> Option<&'static str> {
        Some(match self {
            Action::Idle => return None,
            Action::Move(Dir4::Up) => "mu",
            Action::Move(Dir4::Down) => "md",
            Action::Move(Dir4::Left) => "ml",
            Action::Move(Dir4::Right) => "mr",
            Action::Shoot(Dir4::Up) => "su",
            Action::Shoot(Dir4::Down) => "sd",
            Action::Shoot(Dir4::Left) => "sl",
            Action::Shoot(Dir4::Right) => "sr",
        })
    }

    /// The direction of a move, if this is one.
    pub const fn move_dir(self) -> Option<Dir4> {
        match self {
            Action::Move(d) => Some(d),
            _ => None,
        }
    }

    /// The direction of a shot, if this is one.
    pub const fn shoot_dir(self) -> Option<Dir4> {
        match self {
            Action::Shoot(d) => Some(d),
            _ => None,
        }
    }
}

/// The wire command; `Idle` is written `idle` (a log word, not a command).
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.wire().unwrap_or("idle"))
    }
}

/// Parses a command as [`protocol::parse_action`] does (surrounding whitespace ignored).
impl FromStr for Action {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Action, ParseError> {
        protocol::parse_action(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_round_trip_and_size() {
        for a in Action::COMMANDS {
            assert_eq!(a.wire().unwrap().parse::<Action>(), Ok(a));
            assert!(Action::ALL.contains(&a));
        }
        assert_eq!(Action::Idle.wire(), None);
        assert_eq!(alloc::format!("{}", Action::Idle), "idle");
        assert_eq!(core::mem::size_of::<Action>(), 2);
    }
}
