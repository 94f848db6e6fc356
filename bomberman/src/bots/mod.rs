//! Built-in bots.
