//! Bomberman: the continuous-space Bomberman on a 15 x 15 lattice (rules: `shared/rules/bomberman.md`).
//!
//! This crate is a placeholder: the engine is not built yet. It will be a `no_std` + `alloc`
//! deterministic state machine implementing [`engine_core::Game`], with its contest's program
//! protocol and built-in bots, following the shape of the `samurai` crate.
#![no_std]
#![deny(missing_docs)]
