//! A player's answer for one tick.

use core::fmt;

use crate::Fixed;

/// What a player does in one tick: a speed vector in fixed point (units per tick) and whether
/// to drop a bomb at the end of the tick.
///
/// Every action is legal: a speed longer than `max_speed` is scaled down by the engine (see
/// [`clamp_speed`](crate::geometry::clamp_speed)); a drop without bombs left, or on a centre
/// that already holds a bomb, does nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Action {
    /// Change of x this tick (positive: right).
    pub speed_x: Fixed,
    /// Change of y this tick (positive: down).
    pub speed_y: Fixed,
    /// Drop a bomb at the end of the tick.
    pub drop: bool,
}

impl Action {
    /// Stand still, drop nothing: the default for a missing or malformed answer.
    pub const IDLE: Action = Action {
        speed_x: Fixed::ZERO,
        speed_y: Fixed::ZERO,
        drop: false,
    };

    /// An action from fixed-point speeds.
    pub const fn new(speed_x: Fixed, speed_y: Fixed, drop: bool) -> Action {
        Action {
            speed_x,
            speed_y,
            drop,
        }
    }

    /// An action with speeds in whole units.
    pub const fn units(speed_x: i32, speed_y: i32, drop: bool) -> Action {
        Action::new(Fixed::from_units(speed_x), Fixed::from_units(speed_y), drop)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.speed_x, self.speed_y)?;
        if self.drop {
            f.write_str(" drop")?;
        }
        Ok(())
    }
}
