//! Bomberman (docs to come).
#![no_std]
#![deny(missing_docs)]

extern crate alloc;

mod action;
pub mod bots;
mod config;
mod event;
mod fixed;
pub mod geometry;
mod map;
mod objects;
mod observation;
pub mod protocol;
pub mod rules;
mod scenario;
mod state;

pub use action::Action;
pub use config::{Config, ConfigError, Mode, Rules};
pub use event::{Event, ScoreReason};
pub use fixed::{Fixed, Point};
pub use objects::{Bomb, Bonus, BonusKind, Explosion, Player, PlayerSet, PlayerStats, Tile};
pub use observation::{Observation, World};
pub use scenario::{Scenario, ScenarioError};
pub use state::Bomberman;
