//! Games as learning environments: a fixed discrete action space, legal-action masks and
//! per-step rewards ([`Learn`]), beside the typed [`Game`] API.
//!
//! Learners (OpenSpiel, PettingZoo, Pgx users) need each game as `0..num_actions()` action
//! ids with a mask of the legal ones, and a reward after every step. [`Learn`] gives exactly
//! that, on top of the engine: an id decodes to an ordinary [`Game::Action`], stepping stays
//! [`Game::step`], and a state saves and restores with serde (each game's feature `serde`).
//!
//! Rewards are the game's own score, paid as it is earned and normalized by
//! [`Game::score_bounds`]: over a whole game a player's rewards add up to
//! `(score - mid) / half`, where `mid` and `half` are the middle and half the width of the
//! bounds, so a final score lies in `[-1, 1]` (a duel: win 1, draw 0, loss -1).

use alloc::vec::Vec;

use crate::{Game, PlayerId, RngCore};

/// A game as a learning environment. Each game's crate documents its encoding in a table.
pub trait Learn: Game<Action: 'static> {
    /// The actions in id order, for a game whose ids are the same for every config (empty
    /// otherwise: such a game writes the three methods below itself).
    const ACTION_TABLE: &'static [Self::Action] = &[];

    /// How many action ids there are: `0..num_actions()`, the same in every state of one
    /// config and seat count. Provided: the table's length.
    fn num_actions(&self) -> usize {
        Self::ACTION_TABLE.len()
    }

    /// The id of `action`, or `None` for an action outside the encoding. Provided: its place
    /// in the table.
    fn action_id(&self, action: &Self::Action) -> Option<usize> {
        Self::ACTION_TABLE.iter().position(|a| a == action)
    }

    /// The action of `id`, or `None` when `id >= num_actions()`. Provided: from the table.
    fn action(&self, id: usize) -> Option<Self::Action> {
        Self::ACTION_TABLE.get(id).cloned()
    }

    /// Writes `player`'s legal-action mask into the first `num_actions()` entries of `mask`:
    /// `true` where the id's action is one [`Game::legal_actions`] lists now (all `false` for
    /// a player who does not act). Provided from [`Game::legal_actions`]; games may write it
    /// without allocating.
    fn legal_mask(&self, player: PlayerId, mask: &mut [bool]) {
        let n = self.num_actions().min(mask.len());
        mask[..n].fill(false);
        let mut legal = Vec::new();
        if self.legal_actions(player, &mut legal) {
            for action in &legal {
                if let Some(id) = self.action_id(action).filter(|&id| id < n) {
                    mask[id] = true;
                }
            }
        }
    }

    /// Writes `player`'s mask as [`Learn::legal_mask`] does and returns whether it allows
    /// some id. Provided: the mask, then a scan of it; a game that knows the answer without
    /// reading the mask back (a batch of learners asks it every step) may say it directly.
    fn legal_mask_any(&self, player: PlayerId, mask: &mut [bool]) -> bool {
        self.legal_mask(player, mask);
        let n = self.num_actions().min(mask.len());
        mask[..n].iter().any(|&b| b)
    }

    /// Whether `id` is legal for `player` now: `Some(legal)`, or `None` where `player`'s
    /// mask is empty (no id applies: the environment acts for it, see
    /// [`Learn::env_action`]). `scratch` is room for a mask (`num_actions()` long).
    /// Provided: [`Learn::legal_mask_any`] into `scratch`, then a look at `id`; a game that
    /// knows without writing the mask (a batch of learners asks it for every acting
    /// learner's id) may answer directly.
    fn legal_id(&self, player: PlayerId, id: usize, scratch: &mut [bool]) -> Option<bool> {
        self.legal_mask_any(player, scratch)
            .then(|| scratch.get(id).copied().unwrap_or(false))
    }

    /// The action the environment takes for `player` where no id applies (a phase outside
    /// the action space, such as battleship's fleet placement), drawing any choice from
    /// `rng`; `None` where ids cover every decision. An environment steps with it whenever
    /// an acting player's mask is empty.
    fn env_action(&self, player: PlayerId, rng: &mut dyn RngCore) -> Option<Self::Action> {
        let _ = (player, rng);
        None
    }

    /// Adds to `changes[p]` what player `p`'s score (the [`Outcome`](crate::Outcome)'s) gained
    /// from one step's `events`. Over a game the changes add up to the final scores.
    fn score_changes(&self, events: &[Self::Event], changes: &mut [i64]);

    /// Writes each player's reward for one step into `rewards` (one per seat), called once per
    /// step on the state after it with that step's events: the score changes divided by half
    /// the width of [`Game::score_bounds`], and on the step that ends the game minus the
    /// bounds' middle (so the rewards of a game add up to the normalized final score, see the
    /// module docs).
    fn rewards(&self, events: &[Self::Event], rewards: &mut [f32]) {
        score_rewards(self, events, rewards);
    }
}

/// What [`Learn::rewards`] writes by default, from [`Learn::score_changes`]: a game that
/// writes its rewards faster (from its state) must write exactly these
/// (`testing::check_learn`, feature `testing`, compares them every step).
pub fn score_rewards<G: Learn>(game: &G, events: &[G::Event], rewards: &mut [f32]) {
    let n = game.num_players().min(rewards.len());
    // Up to 16 seats without allocating (learners call this every step).
    let (mut few, mut many) = ([0i64; 16], Vec::new());
    let changes: &mut [i64] = if game.num_players() <= few.len() {
        &mut few[..game.num_players()]
    } else {
        many.resize(game.num_players(), 0);
        &mut many
    };
    game.score_changes(events, changes);
    let (lo, hi) = game.score_bounds();
    let half = (hi - lo) as f64 / 2.0;
    let (scale, mid) = if half > 0.0 {
        (1.0 / half, (hi + lo) as f64 / 2.0)
    } else {
        (1.0, 0.0)
    };
    // Over exactly when an outcome exists (without building it: it allocates).
    let over = game.to_act().is_over();
    for (r, &c) in rewards[..n].iter_mut().zip(changes.iter()) {
        let end = if over { mid } else { 0.0 };
        *r = ((c as f64 - end) * scale) as f32;
    }
}

/// The normalized final score of `player`: `(score - mid) / half` (see the module docs), what
/// its rewards over a game add up to.
pub fn normalized_score<G: Game>(game: &G, score: i64) -> f64 {
    let (lo, hi) = game.score_bounds();
    let half = (hi - lo) as f64 / 2.0;
    if half > 0.0 {
        (score as f64 - (hi + lo) as f64 / 2.0) / half
    } else {
        score as f64
    }
}

/// Adds a finished duel's half-points to `changes`, as [`Outcome::duel`](crate::Outcome::duel)
/// scores it: 2 to the winner, 1 to each player in a draw.
pub fn add_duel_result(winner: Option<PlayerId>, changes: &mut [i64]) {
    match winner {
        Some(p) => changes[p.index()] += 2,
        None => changes.iter_mut().for_each(|c| *c += 1),
    }
}

/// A game's observation as a fixed-shape tensor of `f32` per player, for learners: written
/// into the caller's buffer without allocating. Each game's `learn` module documents its
/// planes.
pub trait Tensor: Game {
    /// The shape: planes (or features), rows, columns; a flat vector is `[n, 1, 1]`. The same
    /// for every state of one config and seat count.
    fn obs_shape(&self) -> [usize; 3];

    /// Writes what `player` sees now into the first `obs_shape()` product entries of `out`
    /// (plane by plane, row by row), overwriting every one of them.
    fn write_obs(&self, player: PlayerId, out: &mut [f32]);

    /// The number of entries of one observation: the product of [`Tensor::obs_shape`].
    fn obs_len(&self) -> usize {
        self.obs_shape().iter().product()
    }
}

/// A game whose players do not see everything, for search that samples what a player cannot
/// see (information-set MCTS, determinization): what one player knows, and full states
/// consistent with it. Battleship (the opponent's fleet) and naval (the sea out of sight)
/// implement it; in samurai, tanks and bomberman every player sees the whole state.
pub trait Determinize: Game {
    /// What one player knows at a moment: what it has seen so far and the public facts. Two
    /// states a player cannot tell apart give equal views.
    type InfoState: Clone + core::fmt::Debug + PartialEq;

    /// What `player` knows now.
    fn info_state(&self, player: PlayerId) -> Self::InfoState;

    /// A full state consistent with `view` (its `info_state` for the same player equals
    /// `view`), what the player cannot see drawn from `rng`; `None` when no state is (a view
    /// no game gives) or the game's search gave up (each game documents its limits).
    fn sample_state(view: &Self::InfoState, rng: &mut dyn RngCore) -> Option<Self>;
}
