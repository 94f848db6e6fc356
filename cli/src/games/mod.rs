//! The games `koth` knows, and one `match` that dispatches a command to a game's type.

use std::fmt;
use std::str::FromStr;

use crate::UsageError;

pub mod battleship;
pub mod bomberman;
pub mod naval;
pub mod samurai;
pub mod tanks;

/// The end line of a duel's log: `P0 wins (Reason)` or `draw (Reason)`.
pub(crate) fn duel_end_line(
    winner: Option<engine_core::PlayerId>,
    reason: impl fmt::Debug,
) -> String {
    match winner {
        Some(p) => format!("{p} wins ({reason:?})"),
        None => format!("draw ({reason:?})"),
    }
}

/// A game on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    /// The samurai duel.
    Samurai,
    /// Naval "Hit and sunk".
    Naval,
    /// Torus tanks.
    Tanks,
    /// Bomberman.
    Bomberman,
    /// HTTP Battleship.
    Battleship,
}

impl GameName {
    /// Every game, in listing order.
    pub const ALL: [GameName; 5] = [
        GameName::Samurai,
        GameName::Naval,
        GameName::Tanks,
        GameName::Bomberman,
        GameName::Battleship,
    ];

    /// The name on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            GameName::Samurai => "samurai",
            GameName::Naval => "naval",
            GameName::Tanks => "tanks",
            GameName::Bomberman => "bomberman",
            GameName::Battleship => "battleship",
        }
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameName {
    type Err = UsageError;
    fn from_str(s: &str) -> Result<Self, UsageError> {
        GameName::ALL
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| {
                let known: Vec<_> = GameName::ALL.iter().map(|g| g.as_str()).collect();
                UsageError(format!("unknown game {s:?} (known: {})", known.join(", ")))
            })
    }
}

/// Calls the generic function `$f::<G>($args...)` for the game's engine type: the one `match`
/// on the game that every command goes through.
#[macro_export]
macro_rules! dispatch {
    ($game:expr, $f:ident ( $($arg:expr),* )) => {
        match $game {
            $crate::games::GameName::Samurai => $f::<::samurai::Samurai>($($arg),*),
            $crate::games::GameName::Tanks => $f::<::tanks::Tanks>($($arg),*),
            $crate::games::GameName::Naval => $f::<::naval::Naval>($($arg),*),
            $crate::games::GameName::Bomberman => $f::<::bomberman::Bomberman>($($arg),*),
            $crate::games::GameName::Battleship => {
                $f::<::http_battleship::Battleship>($($arg),*)
            }
        }
    };
}
