//! A player's action and its one-line text form (used by replays).

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::cell::parse_xy;
use crate::placement::{Placement, ShipSpan};

/// Why a player gave up its match at once: the arena's "loses the match at once" cases that
/// happen outside the rules (the transport failed, or the answer was not even a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ForfeitReason {
    /// No answer in time.
    Timeout,
    /// An answer that is no placement or shot at all (malformed, oversized, wrong shape).
    InvalidAnswer,
    /// An HTTP status other than 2xx.
    ErrorStatus,
    /// The bot could not be reached or the connection broke.
    ConnectionError,
}

impl ForfeitReason {
    /// Every reason, in declaration order.
    pub const ALL: [ForfeitReason; 4] = [
        ForfeitReason::Timeout,
        ForfeitReason::InvalidAnswer,
        ForfeitReason::ErrorStatus,
        ForfeitReason::ConnectionError,
    ];

    /// The reason in words, as the draft dialect's `end` message and replays write it.
    pub const fn word(self) -> &'static str {
        match self {
            ForfeitReason::Timeout => "timeout",
            ForfeitReason::InvalidAnswer => "invalid answer",
            ForfeitReason::ErrorStatus => "error status",
            ForfeitReason::ConnectionError => "connection error",
        }
    }

    /// The reason for its [word](ForfeitReason::word).
    pub fn from_word(word: &str) -> Option<ForfeitReason> {
        ForfeitReason::ALL.into_iter().find(|r| r.word() == word)
    }
}

impl fmt::Display for ForfeitReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One player's action.
///
/// The engine accepts any placement in the placement phase and any shot in the shooting
/// phase and itself ends the match when one breaks the rules (an invalid placement, a shot
/// off the grid): the rules live in the engine. Only an action of the wrong phase is refused.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// The fleet, as the bot answered it (checked by the engine).
    Place(Placement),
    /// A shot at `(x, y)` on the opponent's grid (coordinates unchecked: off the grid loses).
    Shoot {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
    },
    /// The player loses the match at once.
    Forfeit(ForfeitReason),
}

impl fmt::Display for Action {
    /// `place 1,0-1,3 2,4-3,4`, `3,4` or `forfeit timeout`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(p) if p.0.is_empty() => f.write_str("place"),
            Action::Place(p) => write!(f, "place {p}"),
            Action::Shoot { x, y } => write!(f, "{x},{y}"),
            Action::Forfeit(r) => write!(f, "forfeit {r}"),
        }
    }
}

/// Text that is no action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an action: expected `place SPANS`, `x,y` or `forfeit REASON`")]
pub struct ActionSyntaxError;

impl FromStr for Action {
    type Err = ActionSyntaxError;

    /// Parses the text [`Display`](fmt::Display) writes.
    fn from_str(s: &str) -> Result<Self, ActionSyntaxError> {
        if let Some(rest) = s.strip_prefix("forfeit ") {
            return ForfeitReason::from_word(rest)
                .map(Action::Forfeit)
                .ok_or(ActionSyntaxError);
        }
        if s == "place" {
            return Ok(Action::Place(Placement::default()));
        }
        if let Some(rest) = s.strip_prefix("place ") {
            return rest
                .split(' ')
                .map(|t| t.parse::<ShipSpan>().map_err(|_| ActionSyntaxError))
                .collect::<Result<Vec<_>, _>>()
                .map(|v| Action::Place(Placement(v)));
        }
        parse_xy(s)
            .map(|(x, y)| Action::Shoot { x, y })
            .ok_or(ActionSyntaxError)
    }
}
