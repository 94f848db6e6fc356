//! Criterion benchmarks of the koth engines live in `benches/`; run them with `cargo bench`.
//!
//! This library also compiles the README's Rust examples as doctests.

/// The README's examples, compiled and run by `cargo test` as doctests.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
