//! Match settings and their validation.

use crate::placement::{Fleet, Orientation, Ship};

/// The largest grid side (the arena's bound).
pub const MAX_SIDE: u16 = 100;
/// The most ships of one length (the arena's bound).
pub const MAX_COUNT: u8 = 10;
/// Ship lengths run over `1..=MAX_SHIP_LEN`.
pub const MAX_SHIP_LEN: u8 = 6;
/// The largest accepted shot limit per player.
pub const MAX_SHOT_LIMIT: u32 = 1_000_000;

/// The match settings. `Default` is the arena's standard match: 10 x 10, ships of 5, 4, 3, 3, 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Config {
    /// Number of columns (`x` runs over `0..width`), 1..=100.
    pub width: u16,
    /// Number of rows (`y` runs over `0..height`), 1..=100.
    pub height: u16,
    /// `ships[i]` is the number of ships of length `i + 1` (the wire's `ship1`..`ship6`),
    /// each 0..=10.
    pub ships: [u8; 6],
    /// Shots per player after which the match is a draw; `None` means `2 * width * height`.
    pub shot_limit: Option<u32>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            width: 10,
            height: 10,
            ships: [0, 1, 2, 1, 1, 0],
            shot_limit: None,
        }
    }
}

/// Why settings were refused (no match is played).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ConfigError {
    /// Battleship is a duel.
    #[error("battleship is a duel: it takes exactly 2 players, not {0}")]
    Players(usize),
    /// A grid side outside `1..=100`.
    #[error("the grid {axis} must lie in 1..=100, not {value}")]
    Side {
        /// `"width"` or `"height"`.
        axis: &'static str,
        /// The refused value.
        value: u16,
    },
    /// More than 10 ships of one length.
    #[error("at most 10 ships of length {length}, not {count}")]
    Count {
        /// The ship length.
        length: u8,
        /// The refused count.
        count: u8,
    },
    /// No ship at all.
    #[error("the fleet is empty")]
    EmptyFleet,
    /// The fleet covers more than half the grid (`W * H / 2`, integer division).
    #[error("the fleet covers {area} cells, more than half the grid ({max})")]
    Crowded {
        /// Cells the fleet covers.
        area: u32,
        /// The most it may cover.
        max: u32,
    },
    /// A ship longer than both grid sides.
    #[error("a ship of length {length} fits neither across nor down a {width}x{height} grid")]
    ShipTooLong {
        /// The ship length.
        length: u8,
        /// Grid width.
        width: u16,
        /// Grid height.
        height: u16,
    },
    /// The fleet passes every other check but could not be laid out on the grid.
    #[error("the fleet cannot be laid out on the grid")]
    DoesNotFit,
    /// A shot limit of 0 or above 1 000 000.
    #[error("the shot limit must lie in 1..=1000000, not {0}")]
    ShotLimit(u32),
}

impl Config {
    /// The settings' grid size.
    pub const fn size(&self) -> koth_engine_core::Size {
        koth_engine_core::Size::new(self.width, self.height)
    }

    /// The number of ships in the fleet.
    pub fn ship_count(&self) -> u32 {
        self.ships.iter().map(|&c| c as u32).sum()
    }

    /// The number of cells the fleet covers.
    pub fn fleet_area(&self) -> u32 {
        self.ships
            .iter()
            .zip(1u32..)
            .map(|(&c, len)| c as u32 * len)
            .sum()
    }

    /// The shot limit in force (the configured one or `2 * width * height`).
    pub fn effective_shot_limit(&self) -> u32 {
        self.shot_limit
            .unwrap_or(2 * self.width as u32 * self.height as u32)
    }

    /// Checks the settings: sides, counts, a non-empty fleet of at most half the grid's area,
    /// no ship longer than both sides, the fleet laid out by [`Config::packed_fleet`], and the
    /// shot limit.
    pub fn validate(&self) -> Result<(), ConfigError> {
        for (axis, value) in [("width", self.width), ("height", self.height)] {
            if !(1..=MAX_SIDE).contains(&value) {
                return Err(ConfigError::Side { axis, value });
            }
        }
        for (&count, length) in self.ships.iter().zip(1u8..) {
            if count > MAX_COUNT {
                return Err(ConfigError::Count { length, count });
            }
        }
        if self.ship_count() == 0 {
            return Err(ConfigError::EmptyFleet);
        }
        let max = self.width as u32 * self.height as u32 / 2;
        let area = self.fleet_area();
        if area > max {
            return Err(ConfigError::Crowded { area, max });
        }
        let longest = self.width.max(self.height);
        for (&count, length) in self.ships.iter().zip(1u8..) {
            if count > 0 && length as u16 > longest {
                return Err(ConfigError::ShipTooLong {
                    length,
                    width: self.width,
                    height: self.height,
                });
            }
        }
        if let Some(limit) = self.shot_limit
            && !(1..=MAX_SHOT_LIMIT).contains(&limit)
        {
            return Err(ConfigError::ShotLimit(limit));
        }
        if self.packed_fleet().is_none() {
            return Err(ConfigError::DoesNotFit);
        }
        Ok(())
    }

    /// A deterministic layout of the fleet: longest ships first, each at the first free
    /// position in row-major order, across before down. `None` if that greedy layout fails
    /// (then [`Config::validate`] refuses the settings) or the sides are out of range.
    pub fn packed_fleet(&self) -> Option<Fleet> {
        let (w, h) = (self.width as usize, self.height as usize);
        if w == 0 || h == 0 || w > MAX_SIDE as usize || h > MAX_SIDE as usize {
            return None;
        }
        let mut taken = alloc::vec![false; w * h];
        let mut ships = alloc::vec::Vec::with_capacity(self.ship_count() as usize);
        for length in (1..=MAX_SHIP_LEN).rev() {
            for _ in 0..self.ships[length as usize - 1].min(MAX_COUNT) {
                let ship = (0..w * h).find_map(|i| {
                    let (x, y) = ((i % w) as u8, (i / w) as u8);
                    [Orientation::Across, Orientation::Down]
                        .into_iter()
                        .map(|orientation| Ship {
                            x,
                            y,
                            length,
                            orientation,
                        })
                        .find(|s| {
                            s.fits(self.width, self.height) && s.cells().all(|c| !taken[c.index(w)])
                        })
                })?;
                for c in ship.cells() {
                    taken[c.index(w)] = true;
                }
                ships.push(ship);
            }
        }
        Some(Fleet::from_ships(ships))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_valid_and_packs() {
        let c = Config::default();
        assert_eq!(c.validate(), Ok(()));
        assert_eq!(c.fleet_area(), 17);
        assert_eq!(c.effective_shot_limit(), 200);
        let fleet = c.packed_fleet().unwrap();
        assert_eq!(fleet.ships().len(), 5);
    }

    #[test]
    fn refusals() {
        let bad = |f: fn(&mut Config)| {
            let mut c = Config::default();
            f(&mut c);
            c.validate().unwrap_err()
        };
        assert!(matches!(
            bad(|c| c.width = 0),
            ConfigError::Side { axis: "width", .. }
        ));
        assert!(matches!(
            bad(|c| c.height = 101),
            ConfigError::Side { axis: "height", .. }
        ));
        assert!(matches!(
            bad(|c| c.ships[0] = 11),
            ConfigError::Count {
                length: 1,
                count: 11
            }
        ));
        assert_eq!(bad(|c| c.ships = [0; 6]), ConfigError::EmptyFleet);
        assert_eq!(
            bad(|c| c.ships = [0, 0, 0, 0, 0, 10]),
            ConfigError::Crowded { area: 60, max: 50 }
        );
        assert!(matches!(
            bad(|c| {
                c.width = 3;
                c.height = 4;
                c.ships = [0, 0, 0, 0, 1, 0];
            }),
            ConfigError::ShipTooLong { length: 5, .. }
        ));
        assert_eq!(bad(|c| c.shot_limit = Some(0)), ConfigError::ShotLimit(0));
    }

    #[test]
    fn every_small_grid_either_refuses_or_packs() {
        // Any settings that pass the arena's checks also pack: the greedy layout never
        // refuses a fleet of at most half the grid on small grids.
        for w in 1..=7u16 {
            for h in 1..=7u16 {
                for mask in 0..64u32 {
                    let mut ships = [0u8; 6];
                    for (i, s) in ships.iter_mut().enumerate() {
                        *s = ((mask >> i) & 1) as u8 * (1 + (i as u8 % 2));
                    }
                    let c = Config {
                        width: w,
                        height: h,
                        ships,
                        shot_limit: None,
                    };
                    if let Err(e) = c.validate() {
                        assert_ne!(e, ConfigError::DoesNotFit, "{c:?}");
                    }
                }
            }
        }
    }
}
