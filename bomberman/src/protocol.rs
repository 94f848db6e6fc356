//! Protocol.
