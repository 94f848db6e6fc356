//! The six actions and their one-letter wire form.

use core::fmt;

/// One samurai's action for one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Action {
    /// `W`: wait. Also the default for any bad or missing answer.
    Wait,
    /// `B`: bow, +1 honour.
    Bow,
    /// `G`: guard, blocks every strike; costs 1 honour if the samurai also guarded last turn.
    Guard,
    /// `I`: quick draw (strike; beats `O`, loses to `P`).
    QuickDraw,
    /// `P`: parry (strike; beats `I`, loses to `O`).
    Parry,
    /// `O`: overhead strike (strike; beats `P`, loses to `I`).
    Overhead,
}

impl Action {
    /// All six actions in the seed's table order `W B G I P O`.
    pub const ALL: [Action; 6] = [
        Action::Wait,
        Action::Bow,
        Action::Guard,
        Action::QuickDraw,
        Action::Parry,
        Action::Overhead,
    ];

    /// The wire letter (`W B G I P O`).
    pub const fn letter(self) -> char {
        match self {
            Action::Wait => 'W',
            Action::Bow => 'B',
            Action::Guard => 'G',
            Action::QuickDraw => 'I',
            Action::Parry => 'P',
            Action::Overhead => 'O',
        }
    }

    /// The action for a wire letter (upper case only, as the controller compared them).
    pub const fn from_letter(c: char) -> Option<Action> {
        Some(match c {
            'W' => Action::Wait,
            'B' => Action::Bow,
            'G' => Action::Guard,
            'I' => Action::QuickDraw,
            'P' => Action::Parry,
            'O' => Action::Overhead,
            _ => return None,
        })
    }

    /// Whether this is a sword strike (`I`, `P` or `O`).
    pub const fn is_strike(self) -> bool {
        matches!(self, Action::QuickDraw | Action::Parry | Action::Overhead)
    }

    /// Whether strike `self` beats strike `other` (`I` > `O` > `P` > `I`).
    pub const fn beats(self, other: Action) -> bool {
        matches!(
            (self, other),
            (Action::QuickDraw, Action::Overhead)
                | (Action::Overhead, Action::Parry)
                | (Action::Parry, Action::QuickDraw)
        )
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for a in Action::ALL {
            assert_eq!(Action::from_letter(a.letter()), Some(a));
        }
        assert_eq!(Action::from_letter('w'), None);
        assert_eq!(core::mem::size_of::<Action>(), 1);
    }

    #[test]
    fn strike_cycle() {
        use Action::*;
        assert!(QuickDraw.beats(Overhead) && Overhead.beats(Parry) && Parry.beats(QuickDraw));
        for a in Action::ALL {
            assert!(!a.beats(a));
            for b in Action::ALL {
                assert!(!(a.beats(b) && b.beats(a)));
            }
        }
    }
}
