//! Player identities and per-player containers.

use alloc::vec::Vec;
use core::fmt;
use core::ops::{Index, IndexMut};

/// A player's seat in a game: 0-based, in the order the players were given to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The seat as an index into per-player storage.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other player of a two-player game (0 <-> 1).
    #[inline]
    pub const fn opponent(self) -> PlayerId {
        PlayerId(self.0 ^ 1)
    }

    /// All seats of a game with `n` players, in seat order (at most 256 are representable).
    pub fn all(n: usize) -> impl DoubleEndedIterator<Item = PlayerId> + ExactSizeIterator + Clone {
        (0..n.min(256)).map(|i| PlayerId(i as u8))
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// One value per player, indexed by [`PlayerId`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct PerPlayer<T>(Vec<T>);

impl<T> PerPlayer<T> {
    /// A container of `n` values made by `f(player)`.
    pub fn from_fn(n: usize, f: impl FnMut(PlayerId) -> T) -> Self {
        PerPlayer(PlayerId::all(n).map(f).collect())
    }

    /// Wraps a vector whose `i`-th value belongs to seat `i`.
    pub fn from_vec(values: Vec<T>) -> Self {
        PerPlayer(values)
    }

    /// The number of players.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no players.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of `player`, or `None` for a seat that does not exist.
    pub fn get(&self, player: PlayerId) -> Option<&T> {
        self.0.get(player.index())
    }

    /// The value of `player`, mutably, or `None` for a seat that does not exist.
    pub fn get_mut(&mut self, player: PlayerId) -> Option<&mut T> {
        self.0.get_mut(player.index())
    }

    /// `(player, value)` pairs in seat order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (PlayerId, &T)> + ExactSizeIterator {
        self.0
            .iter()
            .enumerate()
            .map(|(i, v)| (PlayerId(i as u8), v))
    }

    /// The values in seat order.
    pub fn values(&self) -> &[T] {
        &self.0
    }

    /// The values in seat order, mutably.
    pub fn values_mut(&mut self) -> &mut [T] {
        &mut self.0
    }

    /// A container of `f(value)` for each player.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> PerPlayer<U> {
        PerPlayer(self.0.iter().map(f).collect())
    }

    /// The inner vector.
    pub fn into_vec(self) -> Vec<T> {
        self.0
    }
}

impl<T> Index<PlayerId> for PerPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, player: PlayerId) -> &T {
        &self.0[player.index()]
    }
}

impl<T> IndexMut<PlayerId> for PerPlayer<T> {
    #[inline]
    fn index_mut(&mut self, player: PlayerId) -> &mut T {
        &mut self.0[player.index()]
    }
}

impl<T> FromIterator<T> for PerPlayer<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        PerPlayer(iter.into_iter().collect())
    }
}
