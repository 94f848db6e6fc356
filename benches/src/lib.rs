//! Criterion benchmarks of the koth engines live in `benches/`; run them with `cargo bench`.
