//! The core trait every game implements.

use alloc::vec::Vec;
use core::fmt::Debug;

use rand_core::RngCore;

use crate::{Outcome, PlayerId};

/// Who acts next. It borrows the acting list from the state, so asking never allocates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToAct<'a> {
    /// Exactly one player acts (turn-based games).
    One(PlayerId),
    /// These players act at once, in this order (simultaneous games); never empty.
    Simultaneous(&'a [PlayerId]),
    /// Nobody: the game is over.
    Nobody,
}

impl<'a> ToAct<'a> {
    /// The acting players, in the order a joint action lists their actions.
    pub fn players(&self) -> &[PlayerId] {
        match self {
            ToAct::One(p) => core::slice::from_ref(p),
            ToAct::Simultaneous(ps) => ps,
            ToAct::Nobody => &[],
        }
    }

    /// The number of acting players (0 once the game is over).
    pub fn len(&self) -> usize {
        match self {
            ToAct::One(_) => 1,
            ToAct::Simultaneous(ps) => ps.len(),
            ToAct::Nobody => 0,
        }
    }

    /// Whether nobody acts (the same as [`ToAct::is_over`]).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self, ToAct::Nobody)
    }
}

/// Why a joint action was refused. Every refusal leaves the state exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StepError<E> {
    /// The game is over; no action is accepted.
    #[error("the game is over")]
    GameOver,
    /// The joint action does not hold exactly one action per acting player.
    #[error("expected {expected} actions (one per acting player), got {got}")]
    WrongActionCount {
        /// Number of acting players.
        expected: usize,
        /// Number of actions given.
        got: usize,
    },
    /// The game's own rules refused an action.
    #[error("illegal action by {player}: {reason}")]
    Illegal {
        /// Whose action was refused.
        player: PlayerId,
        /// The game's reason.
        reason: E,
    },
}

impl<E> StepError<E> {
    /// The refusals every game makes before its own rules: [`StepError::GameOver`] once the
    /// game is over, then [`StepError::WrongActionCount`] unless the joint action holds
    /// exactly one action per acting player.
    ///
    /// ```
    /// use koth_engine_core::StepError;
    /// assert_eq!(StepError::<()>::check(false, 2, 2), Ok(()));
    /// assert_eq!(StepError::<()>::check(true, 2, 2), Err(StepError::GameOver));
    /// assert_eq!(
    ///     StepError::<()>::check(false, 2, 1),
    ///     Err(StepError::WrongActionCount { expected: 2, got: 1 })
    /// );
    /// ```
    pub fn check(game_over: bool, expected: usize, got: usize) -> Result<(), Self> {
        if game_over {
            Err(StepError::GameOver)
        } else if expected != got {
            Err(StepError::WrongActionCount { expected, got })
        } else {
            Ok(())
        }
    }
}

/// A deterministic game: a state machine driven by joint actions and a caller-supplied RNG.
///
/// The implementing type is one state of the game. Everything observable is a function of the
/// config, the RNG stream and the actions: a game owns no hidden randomness, reads no clock and
/// uses no floats in its rule state.
pub trait Game: Clone + Debug + PartialEq + Sized {
    /// Game parameters; `Default` is the contest's standard setting.
    type Config: Clone + Debug + Default;
    /// Why a config was refused by [`Game::new`].
    type ConfigError: Debug + core::fmt::Display;
    /// One player's action.
    type Action: Clone + Debug + PartialEq;
    /// Why the rules refused an action.
    type ActionError: Clone + Debug + PartialEq + core::fmt::Display;
    /// What one player sees when deciding.
    type Observation: Clone + Debug;
    /// Something that happened while applying a joint action (hit, sunk, scored...).
    type Event: Clone + Debug + PartialEq;

    /// A new game with `players` seats, drawing any setup randomness from `rng`.
    fn new<R: RngCore + ?Sized>(
        config: &Self::Config,
        players: usize,
        rng: &mut R,
    ) -> Result<Self, Self::ConfigError>;

    /// Makes this value the game [`Game::new`] would build from the same arguments (and the
    /// same RNG draws), reusing its allocations where the game can: what a learner resetting
    /// thousands of short games calls. On `Err` the value is unchanged.
    ///
    /// Provided: replaces the value with `Game::new`'s. Games with heap state override it;
    /// the result must equal `Game::new`'s.
    fn restart<R: RngCore + ?Sized>(
        &mut self,
        config: &Self::Config,
        players: usize,
        rng: &mut R,
    ) -> Result<(), Self::ConfigError> {
        *self = Self::new(config, players, rng)?;
        Ok(())
    }

    /// The number of seats.
    fn num_players(&self) -> usize;

    /// Who acts next (borrowed from the state: no allocation).
    fn to_act(&self) -> ToAct<'_>;

    /// What `player` sees now.
    fn observe(&self, player: PlayerId) -> Self::Observation;

    /// Applies a joint action: `actions[i]` belongs to `self.to_act().players()[i]`. Appends what
    /// happened to `events`. On `Err` neither the state nor `events` has changed (the RNG may
    /// have been drawn from).
    ///
    /// Provided: it makes the refusals every game shares ([`StepError::check`]: the game is
    /// over, or not one action per acting player), then calls [`Game::apply`]. Games do not
    /// override it.
    fn step<R: RngCore + ?Sized>(
        &mut self,
        actions: &[Self::Action],
        rng: &mut R,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), StepError<Self::ActionError>> {
        let to_act = self.to_act();
        StepError::check(to_act.is_over(), to_act.len(), actions.len())?;
        self.apply(actions, rng, events)
    }

    /// The game's own rules for one joint action, called by [`Game::step`] once the shared
    /// checks passed: the game is running and `actions` holds exactly one action per acting
    /// player, in [`ToAct::players`] order. The same contract as `step`: on `Err` (only ever
    /// [`StepError::Illegal`]) neither the state nor `events` has changed.
    fn apply<R: RngCore + ?Sized>(
        &mut self,
        actions: &[Self::Action],
        rng: &mut R,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), StepError<Self::ActionError>>;

    /// The result, once [`Game::to_act`] is [`ToAct::Nobody`].
    fn outcome(&self) -> Option<Outcome>;

    /// The inclusive range every score lies in, for this game's config and seat count.
    fn score_bounds(&self) -> (i64, i64);

    /// Appends every legal action of `player` to `out` and returns `true`, or returns `false`
    /// (leaving `out` alone) where the game cannot list them (an action space too large to
    /// enumerate). The default cannot list them.
    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Self::Action>) -> bool {
        let _ = (player, out);
        false
    }

    /// The number of turns or ticks played so far.
    fn turn(&self) -> u32;
}
